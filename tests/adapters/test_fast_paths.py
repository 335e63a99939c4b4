"""The adapters' fast paths give exactly what the plain ones give.

- ``encodings.Observer`` (a view's vector built once, a draft added to a copy) equals
  ``encoding.observation(view, draft)``, raw and scaled, for every draft a seat can build.
- Tacocat's replace mask (from the hand and the replace limit) and cached list masks equal
  the masks of the engine's membership test; Tile Up's grouped mask equals one read off the
  listed legal actions.
- ``encodings.MasksByActions`` (action numbers by the objects' ids) equals a mask read off
  the actions' numbers, and holds every object whose id it keys by.
- OpenSpiel's lazily folded information-state digests equal digests folded eagerly after
  every action (as the adapter did before), also across clones and a serialisation
  round trip in mid-match.
"""

from __future__ import annotations

import gc
import hashlib
import random
import weakref
from typing import Any

import numpy as np
import pytest

from ludoteca.adapters import encodings
from ludoteca.adapters.encodings import tacocat as tacocat_enc
from ludoteca.adapters.encodings import tile_up as tile_up_enc
from ludoteca.engine import registry, runner
from ludoteca.engine.game import CHANCE
from ludoteca.games import tacocat as tc
from ludoteca.games.tile_up import model as tu_model

GAMES = encodings.available()


def _decisions(game_id: str, count: int, seed: int = 0) -> list[tuple[Any, int]]:
    """``(state, seat)`` at the first ``count`` seat decisions of random matches."""
    game = registry.make(game_id)
    players = game.info.min_players
    picker = random.Random(seed)
    found: list[tuple[Any, int]] = []
    match = seed
    state = runner.new_game(game, players, match)
    while len(found) < count:
        actors = game.actors(state)
        if not actors:
            match += 1
            state = runner.new_game(game, players, match)
            continue
        if actors[0] == CHANCE:
            state = game.apply(state, CHANCE, game.sample_chance(state, picker))
            continue
        found += [(state, seat) for seat in actors]
        for seat, action in [
            (seat, picker.choice(game.legal_actions(state, seat))) for seat in actors
        ]:
            state = game.apply(state, seat, action)
    return found


def _drafts(enc: Any, view: Any, legal: Any) -> list[tuple[int, ...]]:
    """The empty draft and every draft one or two sub-actions build from it."""
    found: list[tuple[int, ...]] = [()]
    frontier: list[tuple[int, ...]] = [()]
    for _ in range(2):
        grown = []
        for draft in frontier:
            for index in np.flatnonzero(enc.action_mask(view, legal, draft)).tolist():
                decoded = enc.decode(index, view, legal, draft)
                if decoded.action is None:
                    grown.append(decoded.draft)
        found += grown
        frontier = grown
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_the_observer_equals_the_plain_observation(game_id: str) -> None:
    game = registry.make(game_id)
    enc = encodings.make(game_id, game.info.min_players, {})
    raw, scaled = (encodings.Observer(enc, scaled=flag) for flag in (False, True))
    drafted = 0
    for state, seat in _decisions(game_id, 150):
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        raw_base, scaled_base = raw.base(view), scaled.base(view)
        for draft in _drafts(enc, view, legal):
            plain = enc.observation(view, draft)
            assert np.array_equal(raw.with_draft(view, raw_base, draft), plain)
            assert np.array_equal(
                scaled.with_draft(view, scaled_base, draft), encodings.scaled(enc, plain)
            )
            drafted += bool(draft)
        assert np.array_equal(raw_base, enc.observation(view, ()))
    if game_id != "mystery_date":  # the only game with no split decision
        assert drafted > 50


def _membership_mask(legal: Any, view: Any, draft: tuple[int, ...]) -> np.ndarray:
    """Tacocat's mask as the engine's ``in`` says (the encoding's definition)."""
    mask = np.zeros(tacocat_enc.ACTION_SIZE, dtype=np.int8)
    if not legal:
        return mask
    if view["phase"] == "replace":
        for value in range(1, tc.MAX_VALUE + 1):
            mask[tacocat_enc.SELECT + value - 1] = tc.Replace((*draft, value)) in legal
        mask[tacocat_enc.CONFIRM] = tc.Replace(draft) in legal
        return mask
    for action in legal:
        mask[tacocat_enc.ENCODING.encode(action)[0]] = 1
    return mask


def test_tacocat_masks_equal_the_engine_membership_test() -> None:
    game = tc.GAME
    enc = tacocat_enc.ENCODING
    replaces = 0
    for state, seat in _decisions("tacocat", 400, seed=3):
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        for draft in _drafts(enc, view, legal):
            assert np.array_equal(
                enc.action_mask(view, legal, draft), _membership_mask(legal, view, draft)
            )
            replaces += view["phase"] == "replace"
        # A seat that is not acting has no legal action and an empty mask.
        assert not enc.action_mask(view, (), ()).any()
    assert replaces > 200


def test_tile_up_grouped_masks_equal_masks_read_off_the_listed_actions() -> None:
    game = registry.make("tile_up")
    enc = tile_up_enc.ENCODINGS[11]
    placing = 0
    for state, seat in _decisions("tile_up", 150, seed=5):
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        listed = list(legal)
        expected = np.zeros(enc.action_size, dtype=np.int8)
        for action in listed:
            numbers = enc.encode(action)
            expected[numbers[0]] = 1
        assert np.array_equal(enc.action_mask(view, legal, ()), expected)
        for tile in {a.tile for a in listed if type(a) is tu_model.Place}:
            cells = np.zeros(enc.action_size, dtype=np.int8)
            for action in listed:
                if type(action) is tu_model.Place and action.tile == tile:
                    cells[enc.encode(action)[1]] = 1
            assert np.array_equal(enc.action_mask(view, legal, (tile,)), cells)
            placing += 1
    assert placing > 100


class _Action:
    """An action object that is not interned (a weak reference tells when it is freed)."""

    def __init__(self, number: int) -> None:
        self.number = number


def test_masks_by_actions_equal_the_numbers_and_keep_their_keys_alive() -> None:
    masks = encodings.MasksByActions(16, lambda action: action.number, limit=16)
    picker = random.Random(1)
    kept = [_Action(n) for n in range(16)]  # seen again: numbers found by id
    for _ in range(200):
        fresh = [_Action(n) for n in picker.sample(range(16), picker.randint(1, 4))]
        legal = picker.sample(kept, picker.randint(0, 4)) + fresh
        expected = np.zeros(16, dtype=np.int8)
        expected[[action.number for action in legal]] = 1
        mask = masks.mask(legal)
        assert np.array_equal(mask, expected) and not mask.flags.writeable
        watched = weakref.ref(fresh[-1])  # the last learnt: never cleared after it
        del legal, fresh
        gc.collect()
        # Held: no new object can take its id while a number is keyed by it.
        assert watched() is not None


pyspiel = pytest.importorskip("pyspiel")

from ludoteca.adapters import openspiel  # noqa: E402


def _chain(trail: bytes, token: bytes) -> bytes:
    return hashlib.blake2b(trail + token, digest_size=16).digest()


class _EagerTrails:
    """Each player's digest folded after every action (the adapter's former way)."""

    def __init__(self, state: Any, players: int) -> None:
        self.players = players
        self.trails = [b""] * players
        self.seen = [b""] * players
        self.observe(state)

    def observe(self, state: Any) -> None:
        game = state._owner
        for player in range(self.players):
            view = game.game.view(state.engine_state, player)
            seen = game.encoding.observation(view, state.drafts[player]).tobytes()
            if seen != self.seen[player]:
                self.seen[player] = seen
                self.trails[player] = _chain(self.trails[player], seen)

    def act(self, player: int, number: int) -> None:
        self.trails[player] = _chain(self.trails[player], f"act {number}".encode())

    def copy(self) -> _EagerTrails:
        other = _EagerTrails.__new__(_EagerTrails)
        other.players = self.players
        other.trails = list(self.trails)
        other.seen = list(self.seen)
        return other


def _digest(state: Any, player: int) -> str:
    text: str = state.information_state_string(player)
    return text.rpartition("history ")[2]


def _step(state: Any, eager: _EagerTrails, picker: random.Random) -> None:
    if state.is_chance_node():
        ids, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(picker.choices(ids, weights)[0])
    else:
        player = state.current_player()
        number = picker.choice(state.legal_actions())
        state.apply_action(number)
        eager.act(player, number)
    eager.observe(state)


@pytest.mark.parametrize("game_id", openspiel.game_ids())
def test_lazy_information_states_equal_eager_ones(game_id: str) -> None:
    game = pyspiel.load_game(f"ludoteca_{game_id}")
    players = game.num_players()
    picker = random.Random(11)
    state = game.new_initial_state()
    eager = _EagerTrails(state, players)
    for _ in range(60):
        _step(state, eager, picker)
    # Asked now, then again later: the second fold starts where the first stopped.
    assert _digest(state, 0) == eager.trails[0].hex()
    clone = state.clone()
    clone_eager = eager.copy()
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    copy_eager = eager.copy()
    checked = 0
    for move in range(150):
        for line, trails in ((state, eager), (clone, clone_eager), (copy, copy_eager)):
            if not line.is_terminal():
                _step(line, trails, picker)
        if move % 7 == 0:
            asked = picker.randrange(players)
            for line, trails in ((state, eager), (clone, clone_eager), (copy, copy_eager)):
                assert _digest(line, asked) == trails.trails[asked].hex()
            checked += 1
    assert checked > 10
    for line, trails in ((state, eager), (clone, clone_eager), (copy, copy_eager)):
        for p in range(players):
            assert _digest(line, p) == trails.trails[p].hex()
