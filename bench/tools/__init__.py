"""Measuring tools that are run again whenever the code changes (``python -m bench.tools.NAME``).

Each module's docstring says the question it answers and gives its command; bench/README.md
indexes them with their latest figures.
"""
