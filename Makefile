# Two commands: `make run` and `make test`. Both create .venv and install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install system-deps run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# Debian's chromium, PostgreSQL's server and redis-server: installed when missing (as root),
# otherwise one line says the command to run.
system-deps:
	@scripts/system-deps.sh

run: install
	$(BIN)/ludoteca serve

lint: install
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

# LUDOTECA_NO_SKIPS=1: a skipped test fails the run (tests/conftest.py).
test: system-deps lint
	LUDOTECA_NO_SKIPS=1 $(BIN)/pytest -n auto

bench: install
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/ludoteca bench --openspiel

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
