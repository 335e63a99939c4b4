"""The whole suite's pytest plugins.

The hooks live in no_skips.py, not here: mypy names every conftest.py outside a package
``conftest``, and tests/web has one already, so this file holds nothing to type-check.
"""

pytest_plugins = ["no_skips"]
