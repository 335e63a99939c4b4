# Two commands: `make run` and `make test`. Both create .venv and install what they need.
# While working: `make quick` (docs/development.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install system-deps run test quick lint bench clean clean-build

# setup.py compiles the modules listed in src/ludoteca/engine/native.py with mypyc and the
# RL state writers (adapters/encodings/native/*.pyx) with Cython (a C compiler and Python's
# headers: scripts/system-deps.sh build), so an edit to the engine, a game or a writer
# reinstalls. LUDOTECA_PURE=1 installs without compiling.
NATIVE_SOURCES := $(wildcard src/ludoteca/engine/*.py src/ludoteca/games/*/*.py src/ludoteca/games/*/*/*.py \
  src/ludoteca/agents/dweebies/greedy.py src/ludoteca/adapters/encodings/native/*.pyx)

# PyTorch's CPU build, installed before the dev extra (its sb3-contrib needs torch: tests/league),
# or pip would pick a CUDA build of several GB; the local wheel of this version is the CPU one.
TORCH_CPU ?= torch==2.13.0

$(STAMP): pyproject.toml setup.py $(NATIVE_SOURCES)
	PYTHON=$(PYTHON) scripts/system-deps.sh build
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet $(TORCH_CPU)
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

# The inner loop: every test but those that need a browser, PostgreSQL, a Redis cluster or
# tmux, and the slowest (markers applied by tests/suite_markers.py). No lint, no system
# packages; `make test` runs everything before a commit.
QUICK := not browser and not postgres and not cluster and not tmux and not slow
quick: install
	$(BIN)/pytest -n auto -m "$(QUICK)"

bench: install
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/ludoteca bench --openspiel

# The mypyc build's C sources and extensions (the next install builds them again).
clean-build:
	rm -rf build src/ludoteca/engine/native_build.json
	find src -name '*.so' -delete

clean: clean-build
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
