"""Tacocat's encoding: the documented layouts, round trips, bounds, the seat-relative view,
and no leak of the opponent's hidden hand or secret choice."""

import itertools
import random
import re
from typing import TypeVar

import numpy as np
import pytest

from ludoteca.adapters.encodings import native
from ludoteca.adapters.encodings import tacocat as enc
from ludoteca.adapters.pettingzoo import env
from ludoteca.engine import rng
from ludoteca.games import tacocat as tc

GAME = tc.GAME
ENC = enc.ENCODING
T = TypeVar("T")


def _states(seeds: range) -> list[tc.State]:
    """Every state at which an agent chose, over random masked games."""
    found: list[tc.State] = []
    e = env("tacocat")
    for seed in seeds:
        e.reset(seed=seed)
        policy = rng.derive(seed, "policy")
        for _agent in e.agent_iter():
            observation, _, termination, truncation, _ = e.last()
            if termination or truncation:
                e.step(None)
                continue
            found.append(e.engine_state)
            assert observation is not None
            allowed = np.flatnonzero(observation["action_mask"])
            e.step(int(allowed[rng.below(policy, len(allowed))]))
        found.append(e.engine_state)
    return found


STATES = _states(range(25))


def _observe(state: tc.State, seat: int, draft: tuple[int, ...] = ()) -> np.ndarray:
    return ENC.observation(GAME.view(state, seat), draft)


def _mask(state: tc.State, seat: int) -> np.ndarray:
    return ENC.action_mask(GAME.view(state, seat), GAME.legal_actions(state, seat), ())


# -- The documented layouts -----------------------------------------------------------------


def test_observation_table_in_the_docstring_matches_the_layout() -> None:
    doc = (enc.__doc__ or "").partition("\nObservation\n")[2]
    rows = re.findall(r"^(\d+)\s+(\d+)\s+([a-z_]+)\s", doc, re.MULTILINE)
    documented = [(int(offset), int(size), name) for offset, size, name in rows]
    assert documented == [(b.offset, b.size, b.name) for b in enc.LAYOUT]
    assert f"= {enc.OBSERVATION_SIZE} entries" in doc
    assert enc.OBSERVATION_SIZE == 236


def test_action_table_in_the_docstring_matches_the_space() -> None:
    doc = (enc.__doc__ or "").partition("\nObservation\n")[0]
    rows = re.findall(r"^(\d+)(?:-(\d+))?\s+(\d+)\s", doc, re.MULTILINE)
    ranges = [(int(first), int(last or first), int(count)) for first, last, count in rows]
    sizes = [len(s) for s in enc.ATTACK_SHAPES]
    singles = sizes.count(1)
    sets = sum(1 for s in enc.ATTACK_SHAPES if len(s) > 1 and len(set(s)) == 1)
    sequences = len(enc.ATTACK_SHAPES) - singles - sets
    expected_counts = [12, 1, 12, 12, 1, singles, sets, sequences]
    assert [count for _, _, count in ranges] == expected_counts
    assert [last - first + 1 for first, last, _ in ranges] == expected_counts
    assert ranges[0][0] == 0 and ranges[-1][1] == enc.ACTION_SIZE - 1
    assert all(a[1] + 1 == b[0] for a, b in itertools.pairwise(ranges))
    assert f"Discrete({enc.ACTION_SIZE})" in doc
    assert (enc.SELECT, enc.CONFIRM, enc.DUEL, enc.DEFEND, enc.SACRIFICE, enc.ATTACK) == (
        0,
        12,
        13,
        25,
        37,
        38,
    )
    assert max(sizes) == max(tc.HAND_SIZES) - 1


def test_every_engine_action_number_round_trips() -> None:
    view = GAME.view(STATES[0], 0)
    assert len(set(enc.ACTION_LABELS)) == enc.ACTION_SIZE
    for index in range(enc.DUEL, enc.ACTION_SIZE):
        action = ENC.decode(index, view, (), ()).action
        assert action is not None
        assert ENC.encode(action) == (index,)
        assert ENC.action_label(index) == str(action)
    assert ENC.encode(tc.Replace((3, 3, 9))) == (2, 2, 8, enc.CONFIRM)
    assert ENC.encode(tc.KEEP) == (enc.CONFIRM,)
    with pytest.raises(KeyError):
        ENC.encode(tc.Draw(4))


def _drafts(legal: object) -> list[tuple[int, ...]]:
    """Drafts to ask a mask with: every selection a seat can build in the replace phase,
    one past its limit, and one holding a card the hand lacks; only ``()`` elsewhere."""
    identity = getattr(legal, "identity", None)
    if identity is None:
        return [()]
    hand, limit = identity()
    drafts = {
        tuple(sorted(pick))
        for size in range(min(len(hand), limit + 1) + 1)
        for pick in itertools.combinations(hand, size)
    }
    missing = next(value for value in range(1, tc.MAX_VALUE + 1) if value not in hand)
    return sorted(drafts) + [(missing,)]


def _compiled_maskers() -> list[enc.TacocatEncoding]:
    """The encoding with compiled masks, and one whose masker forgets every few masks."""
    small = enc.TacocatEncoding()
    masker = enc.compiled_masker(3)
    assert masker is not None
    small.action_mask = masker.action_mask  # type: ignore[method-assign]
    return [enc.TacocatEncoding(), small]


def test_the_compiled_masks_equal_the_reference() -> None:
    reference = enc.TacocatEncoding(compiled=False)
    assert not reference.compiled_mask
    # Built with the compiled writer (test_native: in every compiled build); a pure
    # install runs the reference only.
    built = native._module("tacocat") is not None
    assert enc.TacocatEncoding().compiled_mask == built
    if not built:
        return
    asked = replaces = 0
    for compiled in _compiled_maskers():
        for state in STATES[::3]:
            for seat in (0, 1):
                view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
                for draft in _drafts(legal):
                    expected = reference.action_mask(view, legal, draft)
                    found = compiled.action_mask(view, legal, draft)
                    assert found.dtype == np.int8 and not found.flags.writeable
                    assert np.array_equal(found, expected), (state, seat, draft)
                    asked += 1
                    replaces += bool(draft)
                if legal:  # the same actions in a plain list, and as a list of replaces
                    listed = list(legal)
                    assert np.array_equal(
                        compiled.action_mask(view, listed, ()),
                        reference.action_mask(view, listed, ()),
                    )
    assert asked > 2000 and replaces > 500
    view = GAME.view(STATES[0], 0)
    for compiled in _compiled_maskers():
        with pytest.raises(KeyError):
            compiled.action_mask(view, [tc.Draw(4)], ())
        assert not compiled.action_mask(view, [], ()).any()


def test_observations_stay_within_the_declared_bounds() -> None:
    low, high = ENC.observation_low, ENC.observation_high
    assert low.shape == high.shape == (enc.OBSERVATION_SIZE,)
    for state in STATES:
        for seat in (0, 1):
            vector = _observe(state, seat)
            assert vector.dtype == np.float32
            assert (vector >= low).all() and (vector <= high).all()


def test_a_spectator_view_cannot_be_encoded() -> None:
    with pytest.raises(ValueError, match="spectator"):
        ENC.observation(GAME.view(STATES[0], None), ())


# -- No leak --------------------------------------------------------------------------------


def _swap_opponent_card(state: tc.State, seat: int, picker: random.Random) -> tc.State | None:
    """The same state with one of the opponent's cards exchanged for a pile card of another
    value, or None if no such exchange exists."""
    other = 1 - seat
    hand = list(state.hands[other])
    pile = list(state.pile)
    pairs = [(h, p) for h in set(hand) for p in set(pile) if h != p]
    if not pairs:
        return None
    mine, theirs = sorted(pairs)[picker.randrange(len(pairs))]
    hand.remove(mine)
    hand.append(theirs)
    pile.remove(theirs)
    pile.append(mine)
    hands = list(state.hands)
    hands[other] = tuple(sorted(hand))
    return state._replace(hands=(hands[0], hands[1]), pile=tuple(sorted(pile)))


def test_resampling_the_opponents_hidden_hand_leaves_the_observation_unchanged() -> None:
    picker = random.Random(0)
    compared = 0
    for state in STATES:
        for seat in (0, 1):
            other = _swap_opponent_card(state, seat, picker)
            if other is None:
                continue
            assert other != state
            assert other.hands[seat] == state.hands[seat]
            assert np.array_equal(_observe(other, seat), _observe(state, seat))
            assert np.array_equal(_mask(other, seat), _mask(state, seat))
            compared += 1
            # The engine's own determinisation, too: a whole new hidden hand and pile.
            sampled = GAME.sample_state(GAME.view(state, seat), seat, picker)
            assert np.array_equal(_observe(sampled, seat), _observe(state, seat))
    assert compared > 500


def test_the_opponents_secret_choice_does_not_leak_but_my_own_shows() -> None:
    duels = [s for s in STATES if s.phase == tc.Phase.DUEL and GAME.actors(s) == (0, 1)]
    assert duels
    for state in duels[:30]:
        cards = sorted(set(state.hands[1]))
        if len(cards) < 2:
            continue
        low = GAME.apply(state, 1, tc.Duel(cards[0]))
        high = GAME.apply(state, 1, tc.Duel(cards[-1]))
        assert low != high
        assert np.array_equal(_observe(low, 0), _observe(high, 0))
        # The chooser sees its own pending card (the my_choice block).
        block = enc.LAYOUT.block("my_choice")
        mine = _observe(low, 1)[block.offset : block.offset + block.size]
        assert mine[cards[0] - 1] == 1 and mine.sum() == 1


# -- Seat-relative encoding -----------------------------------------------------------------


def _swap(pair: tuple[T, T]) -> tuple[T, T]:
    return (pair[1], pair[0])


def _mirror(state: tc.State) -> tc.State:
    """The same position with the seats' roles exchanged and the track reversed."""

    def seat(s: int) -> int:
        return 1 - s if s >= 0 else s

    last = state.last_trick
    return state._replace(
        position=tc.SPACES - 1 - state.position,
        covered=sum(1 << (tc.SPACES - 1 - i) for i in range(tc.SPACES) if state.covered >> i & 1),
        hands=_swap(state.hands),
        owed=_swap(state.owed),
        replaced=_swap(state.replaced),
        pending=_swap(state.pending),
        attacker=seat(state.attacker),
        last_duel=None if state.last_duel is None else _swap(state.last_duel),
        last_trick=None if last is None else (seat(last[0]), last[1], last[2]),
        last_showdown=None if state.last_showdown is None else _swap(state.last_showdown),
        results=tuple(seat(r) for r in state.results),
        winner=seat(state.winner),
    )


def test_the_observation_is_relative_to_the_observing_seat() -> None:
    seat_block = enc.LAYOUT.block("seat")
    rest = np.ones(enc.OBSERVATION_SIZE, dtype=bool)
    rest[seat_block.offset : seat_block.offset + seat_block.size] = False
    moved = 0
    for state in STATES:
        mirrored = _mirror(state)
        assert GAME.actors(mirrored) == tuple(
            sorted(1 - a if a >= 0 else a for a in GAME.actors(state))
        )
        for seat in (0, 1):
            mine = _observe(state, seat)
            theirs = _observe(mirrored, 1 - seat)
            assert np.array_equal(mine[rest], theirs[rest])
            assert not np.array_equal(mine, theirs)
        moved += state.position != 3
    assert moved > 50
