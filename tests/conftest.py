"""The whole suite's pytest plugins.

The hooks live in no_skips.py (a skip fails ``make test``) and suite_markers.py (the
markers ``make quick`` deselects by), every test's own data folder in isolated_data.py and
the ``sigint_default`` fixture of the Ctrl-C tests in interrupts.py, not here: mypy names
every conftest.py outside a package ``conftest``, and tests/web has one already, so this
file holds nothing to type-check.
"""

pytest_plugins = ["no_skips", "suite_markers", "isolated_data", "interrupts"]
