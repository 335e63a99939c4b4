# Two commands: `make run` and `make test`. Both create .venv and install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/ludoteca serve

lint: install
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -n auto

bench: install
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/ludoteca bench --openspiel

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
