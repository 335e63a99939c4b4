"""Helpers for the Mystery Date tests: build positions, act with legality checked."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from ludoteca.engine import runner
from ludoteca.engine.errors import IllegalActionError
from ludoteca.engine.game import CHANCE
from ludoteca.games.mystery_date.cards import DECK, card_name, counts_of
from ludoteca.games.mystery_date.game import GAME, Phase, State

# Track spaces of the default board (offsets after the corner at 0).
DOOR_CORNER, EITHER, TAKE_1, SWAP_RIGHT, DOOR_MID, TAKE_2, SWAP_LEFT, SWAP_ANY = range(8)


def c(name: str) -> int:
    """The card written ``name`` (``"P1"`` .. ``"O3"``)."""
    action = GAME.parse_action(f"discard {name}")
    card: int = action.card  # type: ignore[union-attr]
    return card


def cs(names: str) -> list[int]:
    """Cards written as space-separated names."""
    return [c(name) for name in names.split()]


def names(cards: Iterable[int]) -> str:
    """Cards as sorted space-separated names."""
    return " ".join(card_name(card) for card in sorted(cards))


def hand_names(state: State, seat: int) -> str:
    """A seat's hand as sorted names."""
    return names(card for card, n in enumerate(state.hands[seat]) for _ in range(n))


def new(players: int = 2, options: Mapping[str, object] | None = None) -> State:
    """The state after setup (nothing dealt yet)."""
    state: State = runner.new_game(GAME, players, 0, options)
    return state


def act(state: State, seat: int, text: str) -> State:
    """Apply the action written ``text`` for ``seat``, legality checked."""
    after: State = runner.step(GAME, state, seat, GAME.parse_action(text))
    return after


def chance(state: State, *texts: str) -> State:
    """Apply chance outcomes written as text, legality checked."""
    for text in texts:
        state = act(state, CHANCE, text)
    return state


def illegal(state: State, seat: int, text: str) -> IllegalActionError:
    """The error for an illegal action, which leaves ``state`` as it was."""
    before = state
    with pytest.raises(IllegalActionError) as info:
        act(state, seat, text)
    assert state == before
    return info.value


def table(
    hands: Iterable[str],
    *,
    mover: int = 0,
    discard: str = "O3",
    positions: Iterable[int] | None = None,
    options: Mapping[str, object] | None = None,
    turn: int = 1,
) -> State:
    """A position at the start of ``mover``'s turn: hands as given, the discard pile as
    given (bottom first), every other card in the draw pile."""
    hand_lists = [cs(h) if h else [] for h in hands]
    players = len(hand_lists)
    piles = [card for h in hand_lists for card in h] + (cs(discard) if discard else [])
    pile = list(DECK)
    for card in piles:
        assert pile[card] > 0, f"the deck has no more {card_name(card)}"
        pile[card] -= 1
    state = new(players, options)
    return state._replace(
        phase=Phase.ROLL,
        turn=turn,
        mover=mover,
        positions=tuple(positions) if positions is not None else state.positions,
        hands=tuple(counts_of(h) for h in hand_lists),
        pile=tuple(pile),
        discard=tuple(cs(discard)) if discard else (),
        owed=0,
    )


def with_hand(state: State, seat: int, hand: str) -> State:
    """``state`` with ``seat`` holding ``hand``; the draw pile gives or takes the difference."""
    new_hand = counts_of(cs(hand))
    pile = tuple(
        p + old - wanted
        for p, old, wanted in zip(state.pile, state.hands[seat], new_hand, strict=True)
    )
    assert min(pile) >= 0, "the draw pile cannot supply that hand"
    hands = state.hands[:seat] + (new_hand,) + state.hands[seat + 1 :]
    return state._replace(hands=hands, pile=pile)


def roll_to(state: State, space: int) -> State:
    """Put the mover one space before ``space`` and roll a 1 (legality checked)."""
    positions = list(state.positions)
    positions[state.mover] = (space - 1) % 32
    return chance(state._replace(positions=tuple(positions)), "roll 1")


def legal_texts(state: State, seat: int) -> list[str]:
    """The seat's legal actions as text."""
    return [str(action) for action in GAME.legal_actions(state, seat)]
