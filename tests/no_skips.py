"""A pytest plugin (tests/conftest.py loads it): under ``make test`` (``LUDOTECA_NO_SKIPS=1``)
a skipped test is a failure.

A skip means something the suite needs is missing (chromium, PostgreSQL's server, an optional
package): ``make test`` installs all of it, so there a skip hides a test that did not run. The
hooks turn every skip (``pytest.skip``, ``skipif``, ``importorskip``, at collection, setup or
call) into a failed report that names its reason. They run where the report is made, so they
work the same in pytest-xdist workers. Expected failures (``xfail``) are left alone.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest

NO_SKIPS = os.environ.get("LUDOTECA_NO_SKIPS") == "1"


def _reason(longrepr: object) -> str:
    """The message of a skip's report (a (path, line, message) tuple, or any text)."""
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


def _fail_skip(report: pytest.TestReport | pytest.CollectReport) -> None:
    report.outcome = "failed"
    report.longrepr = (
        f"skipped under LUDOTECA_NO_SKIPS=1 (make test installs what every test needs): "
        f"{_reason(report.longrepr)}"
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if NO_SKIPS and report.skipped and not hasattr(report, "wasxfail"):
        _fail_skip(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    report = yield
    if NO_SKIPS and report.skipped:
        _fail_skip(report)
    return report
