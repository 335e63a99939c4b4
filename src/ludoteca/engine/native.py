"""Which modules the build compiles with mypyc, and whether this process runs them compiled.

Issue 19: the protocol stays pure Python; underneath, the modules a playout runs (the engine's
random stream, lazy lists and runner, and each game's rules and fast path) and those a served
move renders its events with (the engine's events and messages, each game's events) are
compiled to C extensions by mypyc when the package is installed (``setup.py``), and so is
Dweebies' greedy agent, which the search's guided playouts and the expert's playouts call
~15,000 times a game (88% of a searched decision's time interpreted; compiled, games against
greedy play 1.6x faster, move for move the same). The web's own modules are not: mypyc
type-checks what it compiles and its imports inside the isolated build environment, which
has no ``orjson`` or ``psycopg``. ``LUDOTECA_PURE=1`` at install time builds nothing, and
the same ``.py`` files run interpreted.

A compiled module is a ``<name>.cpython-…so`` next to its ``<name>.py``; Python imports the
extension when both exist. So while a build is in place, an edited ``.py`` takes effect only
after the next ``pip install -e .`` (``make install``). The build records the SHA-256 of each
source it compiled (:data:`MANIFEST`); :func:`stale` names the modules whose source differs
now, and ``tests/engine/test_native.py`` fails on any.

Compiled classes cannot be subclassed in Python unless they say so: the five game classes and
``LazyActions`` carry ``@mypyc_attr(allow_interpreted_subclasses=True)`` (variants, and the
broken games ``tests/engine/test_testing.py`` checks the harness with). A test cannot
monkeypatch a compiled module's function for its callers in the same build (they call it
directly), so tests check such functions by calling them. A compiled frozen dataclass would
unpickle by assigning its fields, which its frozen ``__setattr__`` refuses: each compiled
module that defines one ends with ``native.picklable(globals())``.

This module imports nothing of the package: ``setup.py`` runs it by path to read
:data:`COMPILED`.
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import json
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

PURE_ENV = "LUDOTECA_PURE"
"""Set to 1 when installing to build no extension (pure Python)."""

MANIFEST = "native_build.json"
"""Written by the build next to this module: ``{"sources": {path: sha256}}``."""

COMPILED: tuple[str, ...] = (
    "agents/dweebies/greedy.py",
    "engine/events.py",
    "engine/i18n.py",
    "engine/lazy.py",
    "engine/rng.py",
    "engine/runner.py",
    "engine/shared_events.py",
    "engine/sorted_ints.py",
    "games/dweebies/actions.py",
    "games/dweebies/cards.py",
    "games/dweebies/events.py",
    "games/dweebies/game.py",
    "games/dweebies/layout.py",
    "games/dweebies/model.py",
    "games/dweebies/playout.py",
    "games/gotcha/actions.py",
    "games/gotcha/cards.py",
    "games/gotcha/cards_check.py",
    "games/gotcha/cards_model.py",
    "games/gotcha/cards_obey.py",
    "games/gotcha/events.py",
    "games/gotcha/families/base.py",
    "games/gotcha/families/before.py",
    "games/gotcha/families/chat_form.py",
    "games/gotcha/families/chat_forms.py",
    "games/gotcha/families/chat_limit.py",
    "games/gotcha/families/log.py",
    "games/gotcha/families/never_emote.py",
    "games/gotcha/families/no_repeat_emote.py",
    "games/gotcha/families/react.py",
    "games/gotcha/families/registry.py",
    "games/gotcha/families/requirement.py",
    "games/gotcha/families/silent.py",
    "games/gotcha/families/wait.py",
    "games/gotcha/game.py",
    "games/gotcha/legal.py",
    "games/gotcha/referee.py",
    "games/gotcha/state.py",
    "games/gotcha/transitions.py",
    "games/mystery_date/cards.py",
    "games/mystery_date/events.py",
    "games/mystery_date/game.py",
    "games/mystery_date/playout.py",
    "games/mystery_date/state.py",
    "games/mystery_date/turns.py",
    "games/tacocat/events.py",
    "games/tacocat/game.py",
    "games/tacocat/legal.py",
    "games/tacocat/model.py",
    "games/tacocat/playout.py",
    "games/tile_up/board.py",
    "games/tile_up/events.py",
    "games/tile_up/game.py",
    "games/tile_up/legal.py",
    "games/tile_up/model.py",
    "games/tile_up/transitions.py",
)
"""The compiled modules, as paths under ``src/ludoteca``: those a random playout, a
``runner.play`` match or a fast path spends its time in (counted with ``sys.setprofile``),
and the events and messages every served move is told with (issue 20)."""

PACKAGE = Path(__file__).resolve().parents[1]
"""The ``ludoteca`` package folder."""

CYTHON_FOLDER = "adapters/encodings/native"
"""Where the Cython sources live (``<game id>.pyx``: the RL adapters' state writers, issue
42), compiled by the same build (``adapters/encodings/native/__init__.py`` says why)."""


def cython_sources() -> list[str]:
    """The Cython sources the build compiles, as paths under ``src/ludoteca``."""
    folder = PACKAGE / CYTHON_FOLDER
    return sorted(f"{CYTHON_FOLDER}/{file.name}" for file in folder.glob("*.pyx"))


def picklable(namespace: dict[str, Any]) -> None:
    """Make the compiled frozen dataclasses a module defines pickle and copy by constructor.

    Call it at the end of a module with ``globals()``. mypyc gives a native class a
    ``__setstate__`` that assigns each field, and a frozen dataclass refuses assignment; the
    constructor builds the same value. Interpreted (pure) classes are left as they are.
    """
    module = namespace["__name__"]
    for value in list(namespace.values()):
        if (
            isinstance(value, type)
            and value.__module__ == module
            and dataclasses.is_dataclass(value)
            and value.__dataclass_params__.frozen  # type: ignore[attr-defined]
            and value.__new__ is not object.__new__
        ):
            copyreg.pickle(value, _by_constructor)


def _by_constructor(value: Any) -> tuple[type, tuple[Any, ...]]:
    fields = dataclasses.fields(value)
    return type(value), tuple(getattr(value, field.name) for field in fields if field.init)


def module_name(path: str) -> str:
    """``games/tacocat/game.py`` -> ``ludoteca.games.tacocat.game`` (``.pyx`` alike)."""
    return "ludoteca." + path.removesuffix(".py").removesuffix(".pyx").replace("/", ".")


def extension_of(path: str) -> Path | None:
    """The compiled extension this interpreter would import for ``path``, if one is built."""
    source = PACKAGE / path
    for suffix in EXTENSION_SUFFIXES:
        built = source.with_name(source.stem + suffix)
        if built.exists():
            return built
    return None


def runs_compiled(path: str) -> bool:
    """Whether ``path``'s module runs compiled in this process.

    A module already imported is judged by the file it was loaded from; one not yet imported
    by whether its extension is built (Python imports the extension before the ``.py``).
    """
    loaded = sys.modules.get(module_name(path))
    if loaded is not None:
        origin = getattr(loaded, "__file__", None) or ""
        return not origin.endswith(".py")
    return extension_of(path) is not None


def compiled_count() -> int:
    """How many of :data:`COMPILED` run compiled here (0: a pure install)."""
    return sum(runs_compiled(path) for path in COMPILED)


def stale() -> list[str]:
    """The compiled modules whose ``.py`` (or ``.pyx``) is not the source their extension
    was built from.

    Such a module runs its old code until the package is installed again. With extensions
    built but no record of their sources, every compiled module counts as stale.
    """
    sources_now = [*COMPILED, *cython_sources()]
    built = [path for path in sources_now if extension_of(path) is not None]
    if not built:
        return []
    try:
        record = json.loads((Path(__file__).with_name(MANIFEST)).read_text("utf-8"))
        sources: dict[str, str] = record["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return built
    return [path for path in built if sources.get(path) != _digest(PACKAGE / path)]


def _digest(file: Path) -> str:
    return hashlib.sha256(file.read_bytes()).hexdigest()
