"""The mypyc build (issue 19): the tests run the code in the source files, compiled or not.

``setup.py`` compiles the modules of ``engine/native.py``'s list when the package is
installed; Python then imports the extension next to each ``.py``. An edit to such a ``.py``
takes effect only after the next install, so a test run against an older build would test
old code: the first test fails then and says how to rebuild.
"""

import copy
import pickle
from typing import Any

import pytest

from ludoteca.adapters import encodings
from ludoteca.engine import native, registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import CHANCE
from ludoteca.games.tacocat import game


def test_no_compiled_module_is_older_than_its_source() -> None:
    stale = native.stale()
    assert not stale, (
        f"changed since the last build, still running compiled from the old code: {stale}. "
        "Rebuild with `.venv/bin/pip install -e .` (or `make install`), or run pure Python: "
        "`make clean-build`, then `LUDOTECA_PURE=1 .venv/bin/pip install -e .`."
    )


def test_the_list_names_real_modules_and_the_build_is_whole() -> None:
    for path in native.COMPILED:
        assert (native.PACKAGE / path).is_file(), path
    # All compiled or none (LUDOTECA_PURE=1): part of a build means files were moved or lost.
    assert native.compiled_count() in (0, len(native.COMPILED))
    # The Cython writers (issue 42): every one in a compiled build (a pure install may hold
    # one built by hand, `cythonize -i`, as docs/performance.md says).
    if native.compiled_count():
        writers = [path for path in native.cython_sources() if native.extension_of(path)]
        assert writers == native.cython_sources()


def test_every_game_with_a_state_writer_has_its_compiled_one() -> None:
    """A new encoding's Python writer needs its ``encodings/native/<game id>.pyx`` too."""
    with_writers = [
        game_id
        for game_id in encodings.available()
        if hasattr(
            encodings.make(game_id, registry.make(game_id).info.min_players, {}), "state_writer"
        )
    ]
    assert sorted(f"{native.CYTHON_FOLDER}/{game_id}.pyx" for game_id in with_writers) == (
        native.cython_sources()
    )


def test_a_compiled_module_is_the_one_imported() -> None:
    path = "games/tacocat/game.py"
    built = native.extension_of(path)
    assert native.runs_compiled(path) == (built is not None)
    assert game.__file__ == str(built if built is not None else native.PACKAGE / path)


@pytest.mark.parametrize("game_id", registry.available_games())
def test_states_and_actions_pickle_and_copy_by_value(game_id: str) -> None:
    # Compiled frozen dataclasses (actions, events) unpickle through their constructor
    # (native.picklable); pure ones as dataclasses do. Both give equal values.
    game: Any = registry.make(game_id)
    state = runner.new_game(game, game.info.min_players, 5)
    rng = rng_mod.make(5)
    for _ in range(80):
        actors = game.actors(state)
        if not actors:
            break
        seat = actors[0]
        if seat == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = rng_mod.choice(rng, game.legal_actions(state, seat))
        for value in (action, state):
            assert pickle.loads(pickle.dumps(value)) == value
            assert copy.deepcopy(value) == value
        state = game.apply(state, seat, action)
