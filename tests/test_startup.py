"""``ludoteca.startup``: the collector paused for a quick start, resumed once, and never
turned on by it when someone else had turned it off.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from ludoteca import startup


@pytest.fixture(autouse=True)
def _collector_as_it_was() -> Iterator[None]:
    was_on = gc.isenabled()
    yield
    startup.resume_collector()
    gc.unfreeze()
    if was_on:
        gc.enable()
    else:
        gc.disable()


def test_paused_until_resumed_then_what_start_up_made_is_frozen() -> None:
    gc.enable()
    gc.unfreeze()
    startup.pause_collector()
    assert not gc.isenabled()
    made = [[index] for index in range(1000)]  # objects the collector tracks
    startup.resume_collector()
    assert gc.isenabled()
    assert gc.get_freeze_count() >= len(made)
    startup.resume_collector()  # once only
    assert gc.isenabled()


def test_a_collector_turned_off_by_someone_else_stays_off() -> None:
    gc.disable()
    startup.pause_collector()
    startup.resume_collector()
    assert not gc.isenabled()
    gc.enable()
    startup.resume_collector()  # nothing was paused: nothing to do
    assert gc.isenabled()
