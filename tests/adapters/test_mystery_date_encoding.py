"""Mystery Date's encoding and its PettingZoo environment: the documented layouts, masks
that agree with the engine, no leak of hidden hands, seat-relative observations, PettingZoo's
API and seed tests, and 100 random games per player count that end and replay."""

import random
from typing import Any

import numpy as np
import pytest
from encoding_checks import (
    Decision,
    documented_actions,
    documented_blocks,
    mask_agrees_with_the_engine,
    no_leak,
    play_random,
    replays_exactly,
    within_bounds,
)
from pettingzoo.test.api_test import api_test
from pettingzoo.test.seed_test import seed_test

from ludoteca.adapters import encodings
from ludoteca.adapters.encodings import mystery_date as enc
from ludoteca.adapters.pettingzoo import env
from ludoteca.games.mystery_date import cards
from ludoteca.games.mystery_date import game as md

GAME = md.GAME
ENC = enc.ENCODING
PLAYERS = (2, 3, 4)

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)

_GAMES: dict[int, list[Decision]] = {}


def _decisions(n: int) -> list[Decision]:
    """Every 15th decision of 100 random masked games (each ends and replays exactly)."""
    if n not in _GAMES:
        e = env("mystery_date", num_players=n)
        games = play_random(e, range(100), keep=15, each_game=replays_exactly)
        assert len(games.finals) == 100
        _GAMES[n] = games.decisions + [Decision(s, 0, ()) for s in games.finals[:5]]
    return _GAMES[n]


# -- The documented layouts -----------------------------------------------------------------


def test_observation_table_in_the_docstring_matches_the_layout() -> None:
    doc = enc.__doc__ or ""
    assert documented_blocks(doc) == [(b.offset, b.size, b.name) for b in enc.LAYOUT]
    assert f"= {enc.OBSERVATION_SIZE} entries" in doc
    assert enc.OBSERVATION_SIZE == 844
    assert enc.LAYOUT.block("log").size == enc.LOG_ENTRY * 12 and enc.LOG_ENTRY == 45


def test_action_table_in_the_docstring_matches_the_space() -> None:
    doc = enc.__doc__ or ""
    ranges = documented_actions(doc)
    assert [count for _, _, count in ranges] == [1, 1, 12, 36, 4]
    assert [last - first + 1 for first, last, _ in ranges] == [1, 1, 12, 36, 4]
    assert ranges[0][0] == 0 and ranges[-1][1] == enc.ACTION_SIZE - 1
    assert f"Discrete({enc.ACTION_SIZE})" in doc and enc.ACTION_SIZE == 54
    assert len(set(enc.ACTION_LABELS)) == enc.ACTION_SIZE


def test_every_number_round_trips_for_every_giver() -> None:
    for n in PLAYERS:
        state = GAME.setup(n, random.Random(0), {"door_weights": "1,1,1,1,1", "turn_limit": 9})
        for me in range(n):
            view = GAME.view(state, me)
            for index in range(enc.ACTION_SIZE):
                action = ENC.decode(index, view, (), ()).action
                assert action is not None
                if isinstance(action, cards.Give):
                    k = (index - enc.GIVE) // cards.CARDS + 1
                    assert action.target == (me + k) % n
                    if k >= n:
                        continue  # no such seat: the mask never offers it
                assert ENC.encode(action, view=view) == (index,)
    with pytest.raises(KeyError):
        ENC.encode(cards.GIVES[0][1])
    with pytest.raises(KeyError):
        ENC.encode(cards.ROLLS[3])
    assert ENC.encode(cards.SHOWS[2]) == (enc.SHOW + 2,)
    assert ENC.action_label(enc.GIVE + 12 + 4) == "give G2 to +2"


def test_the_encoding_is_the_same_for_every_count_and_registered() -> None:
    assert "mystery_date" in encodings.available()
    for n in PLAYERS:
        assert encodings.make("mystery_date", n, {}) is ENC
    with pytest.raises(ValueError, match="spectator"):
        ENC.observation(GAME.view(_decisions(2)[0].state, None), ())


# -- Masks and bounds over random games -------------------------------------------------------


@pytest.mark.parametrize("n", PLAYERS)
def test_the_mask_offers_exactly_the_legal_actions(n: int) -> None:
    phases: set[str] = set()
    for decision in _decisions(n):
        legal = mask_agrees_with_the_engine(GAME, ENC, decision)
        assert legal > 0 or not GAME.actors(decision.state)
        phases.add(GAME.phase(decision.state))
        for seat in range(n):
            within_bounds(ENC, ENC.observation(GAME.view(decision.state, seat), ()))
    assert {"pile", "discard", "give", "over"} <= phases


def test_two_complete_outfits_offer_two_shows() -> None:
    """MD-08: with pink and green complete, the show decision is exactly show pink/green."""
    state = next(d.state for d in _decisions(2) if d.state.phase == md.Phase.PILE)
    hand = cards.counts_of([0, 1, 2, 3, 4, 5])
    hands = tuple(hand if s == state.mover else h for s, h in enumerate(state.hands))
    shown = state._replace(hands=hands, phase=md.Phase.SHOW)
    decision = Decision(shown, state.mover, ())
    assert mask_agrees_with_the_engine(GAME, ENC, decision) == 2
    view = GAME.view(shown, state.mover)
    mask = ENC.action_mask(view, GAME.legal_actions(shown, state.mover), ())
    assert np.flatnonzero(mask).tolist() == [enc.SHOW, enc.SHOW + 1]


@pytest.mark.parametrize("n", PLAYERS)
def test_gives_name_the_target_to_the_givers_left(n: int) -> None:
    """MD-05: a swap-right space (partner seat - 1) offers only the gives to +(n-1)."""
    seen = 0
    for decision in _decisions(n):
        state = decision.state
        if state.phase != md.Phase.GIVE:
            continue
        mask = ENC.action_mask(
            GAME.view(state, state.mover), GAME.legal_actions(state, state.mover), ()
        )
        offered = {(i - enc.GIVE) // cards.CARDS + 1 for i in np.flatnonzero(mask)}
        kind = md.TRACK[state.positions[state.mover]]
        expected = {
            md.Space.SWAP_RIGHT: {n - 1},
            md.Space.SWAP_LEFT: {1},
            md.Space.SWAP_ANY: set(range(1, n)),
        }[kind]
        assert offered == expected
        seen += 1
    assert seen > 20


# -- No leak ------------------------------------------------------------------------------


@pytest.mark.parametrize("n", PLAYERS)
def test_resampling_hidden_hands_leaves_observation_and_mask_unchanged(n: int) -> None:
    picker = random.Random(n)
    changed = 0
    for decision in _decisions(n):
        for seat in range(n):
            changed += no_leak(GAME, ENC, Decision(decision.state, seat, ()), picker)
    assert changed > 50


def test_another_seats_hand_does_not_reach_my_observation() -> None:
    """Exchanging one of seat 1's cards with a pile card is invisible to seat 0."""
    compared = 0
    for decision in _decisions(3):
        state = decision.state
        hand, pile = list(state.hands[1]), list(state.pile)
        mine = next((c for c in range(cards.CARDS) if hand[c]), None)
        theirs = next((c for c in range(cards.CARDS) if pile[c] and c != mine), None)
        known = any(state.known[a * 3 + 1][c] for a in (0, 2) for c in range(cards.CARDS))
        if mine is None or theirs is None or known:
            continue
        hand[mine] -= 1
        hand[theirs] += 1
        pile[theirs] -= 1
        pile[mine] += 1
        hands = (state.hands[0], tuple(hand), state.hands[2])
        other = state._replace(hands=hands, pile=tuple(pile))
        assert np.array_equal(_observe(other, 0), _observe(state, 0))
        assert not np.array_equal(_observe(other, 1), _observe(state, 1))
        compared += 1
    assert compared > 20


def _observe(state: md.State, seat: int) -> Any:
    return ENC.observation(GAME.view(state, seat), ())


def test_only_the_giver_sees_the_card_given_face_down() -> None:
    picks = [d.state for d in _decisions(3) if d.state.phase == md.Phase.GIVE]
    assert picks
    block = enc.LAYOUT.block("given")
    for state in picks[:20]:
        action = GAME.legal_actions(state, state.mover)[0]
        after = GAME.apply(state, state.mover, action)
        assert after.phase == md.Phase.PICK
        for seat in range(3):
            given = _observe(after, seat)[block.offset : block.offset + block.size]
            assert given.sum() == (1 if seat == state.mover else 0)


# -- Seat-relative ------------------------------------------------------------------------


def _rotate(state: md.State, shift: int) -> md.State:
    """The same position with every seat s renamed (s + shift) % n."""
    n = state.players

    def seat(s: int) -> int:
        return (s + shift) % n if s >= 0 else s

    def moved(items: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(items[(i - shift) % n] for i in range(n))

    known = tuple(
        state.known[((a - shift) % n) * n + (b - shift) % n] for a in range(n) for b in range(n)
    )
    log = tuple(
        (kind, seat(s), seat(a) if kind == md.Event.SWAP else a, b) for kind, s, a, b in state.log
    )
    return state._replace(
        mover=seat(state.mover),
        positions=moved(state.positions),
        hands=moved(state.hands),
        target=seat(state.target),
        known=known,
        log=log,
        winner=seat(state.winner),
    )


def test_the_observation_is_relative_to_the_observing_seat() -> None:
    """Renaming the seats while keeping every seat's role changes only the seat block and
    the positions (the track is absolute: seats sit on other spaces)."""
    seat_block = enc.LAYOUT.block("seat")
    rest = np.ones(enc.OBSERVATION_SIZE, dtype=bool)
    rest[seat_block.offset : seat_block.offset + seat_block.size] = False
    compared = 0
    for decision in _decisions(4)[:150]:
        state = decision.state
        rotated = _rotate(state, 1)
        for me in range(4):
            mine, theirs = _observe(state, me), _observe(rotated, (me + 1) % 4)
            assert np.array_equal(mine[rest], theirs[rest])
            assert not np.array_equal(mine, theirs)
            compared += 1
    assert compared == 600


# -- PettingZoo's own checks --------------------------------------------------------------


@pytest.mark.parametrize("n", PLAYERS)
def test_pettingzoo_api_test(n: int) -> None:
    api_test(env("mystery_date", num_players=n, seed=0), num_cycles=300)  # type: ignore[no-untyped-call]


@pytest.mark.parametrize("n", PLAYERS)
def test_pettingzoo_seed_test(n: int) -> None:
    seed_test(lambda: env("mystery_date", num_players=n), num_cycles=300)  # type: ignore[no-untyped-call]


def test_options_reach_the_observation() -> None:
    e = env(
        "mystery_date",
        options={"door_weights": "2,0,0,0,2", "turn_limit": 7},
        seed=1,
        scaled=False,
    )
    e.reset()
    vector = e.observe("player_0")["observation"]
    weights = enc.LAYOUT.block("door_weights")
    assert vector[weights.offset : weights.offset + weights.size].tolist() == [0.5, 0, 0, 0, 0.5]
    assert vector[enc.LAYOUT.block("turn_limit").offset] == 7
