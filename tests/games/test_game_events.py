"""Dweebies, Tile Up, Mystery Date and Gotcha events, per viewer, checked against the states
of seeded games: owners alone learn drawn cards, a swap tells each side its card (MD-05,
MD-10), turns start, the end of the game says why, with the game's own figures."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.agents.random import RandomAgent
from ludoteca.engine import events, registry, runner
from ludoteca.engine.game import CHANCE
from ludoteca.engine.shared_events import step_events
from ludoteca.games.gotcha.cards import emote_label
from ludoteca.games.mystery_date import cards as md_cards

Step = tuple[Any, int, Any, Any]


def played(game_id: str, players: int, seed: int) -> tuple[Any, list[Step], runner.Match]:
    game = registry.make(game_id)
    steps: list[Step] = []

    def keep(before: Any, seat: int, action: Any, after: Any) -> None:
        steps.append((before, seat, action, after))

    match = runner.play(game, [RandomAgent() for _ in range(players)], seed, observer=keep)
    return game, steps, match


def told(game: Any, step: Step, viewer: int | None) -> tuple[events.Event, ...]:
    before, seat, action, after = step
    return step_events(game, before, seat, action, after, viewer)


def of_kind(game: Any, steps: list[Step], kind: str, viewer: int | None) -> Iterator[Any]:
    for step in steps:
        for item in told(game, step, viewer):
            if item.kind == kind:
                yield step, item


def test_md05_md10_a_swap_tells_the_taker_and_the_loser_their_cards_only() -> None:
    """MD-05, MD-10: the taker learns the card taken, the seat it came from learns the card
    it received and the one it lost; everyone else learns that a card moved."""
    game, steps, _ = played("mystery_date", 3, 5)
    swaps = [step for step in steps if type(step[2]).__name__ == "Pick"]
    assert swaps, "seed 5 has a swap"
    names = ["Ana", "Bo", "Cy"]
    for step in swaps:
        before, _, action, after = step
        mover, target = before.mover, before.target
        (taker,) = [e for e in told(game, step, mover) if e.kind == "swap_received"]
        assert taker.data["card"] == md_cards.card_name(action.card)
        assert after.hands[mover][action.card] == before.hands[mover][action.card] + 1
        (loser,) = [e for e in told(game, step, target) if e.kind == "swap_received"]
        assert loser.data["card"] == md_cards.card_name(before.given)
        assert loser.data["lost"] == md_cards.card_name(action.card)
        assert names[mover] in loser.text("en", names)
        for viewer in {0, 1, 2, None} - {mover, target}:
            (other,) = [e for e in told(game, step, viewer) if e.kind.startswith("swap")]
            assert other.kind == "swap" and "card" not in other.data
            assert names[target] in other.text("es", names)


def test_md02_md09_turns_rolls_and_the_door_are_public() -> None:
    """MD-02: every roll is told to every viewer; each turn starts with a ``turn_start``;
    the outcome reports the outfit and date (or the turn limit) and the turns played."""
    game, steps, match = played("mystery_date", 2, 1)
    rolls = list(of_kind(game, steps, "roll", None))
    assert len(rolls) == sum(1 for s in steps if type(s[2]).__name__ == "Roll")
    starts = list(of_kind(game, steps, "turn_start", 0))
    assert match.outcome is not None
    assert len(starts) == match.outcome.turns
    if match.outcome.end_reason == "date":
        assert match.outcome.figures["outfit"] is not None
    else:
        assert match.outcome.end_reason == "turn_limit"


def test_md01_md03_a_drawn_card_is_named_to_its_owner_only() -> None:
    """MD-01, MD-03, MD-10: deal and draw events carry the card for the owner only."""
    game, steps, _ = played("mystery_date", 3, 2)
    for viewer in (0, 1, 2, None):
        for _step, item in of_kind(game, steps, "draw", viewer):
            assert ("card" in item.data) == (viewer == item.data["seat"])


def test_dw03_dw05_placements_and_collections_are_public_and_scores_add_up() -> None:
    """DW-03: every placement is told with its card and cell; DW-05: a collection names the
    cards taken, and they add up to the final scores (DW-10)."""
    game, steps, match = played("dweebies", 3, 4)
    places = list(of_kind(game, steps, "place", None))
    assert match.outcome is not None
    assert len(places) == match.outcome.turns
    taken = [0, 0, 0]
    for (_, seat, _, _), item in of_kind(game, steps, "collect", None):
        taken[seat] += len(item.data["cards"])
    assert taken == match.outcome.figures["scores"]
    assert match.outcome.end_reason == "cards_out"


@pytest.mark.parametrize("players", [2, 4])
def test_tu02_tu09_tile_up_turns_draws_and_the_end_reason(players: int) -> None:
    """TU-02: a drawn tile is named to its owner only; every turn starts with an event;
    TU-09: the outcome says whether corners or the tiles ended the game, with scores."""
    game, steps, match = played("tile_up", players, 3)
    assert match.outcome is not None
    assert match.outcome.end_reason in {"corners", "tiles_out", "turn_limit"}
    assert match.outcome.figures["scores"] == [int(s) for s in match.outcome.scores]
    starts = list(of_kind(game, steps, "turn_start", None))
    assert len(starts) == match.outcome.turns
    for viewer in (0, 1, None):
        for _, item in of_kind(game, steps, "draw_tile", viewer):
            assert ("tile" in item.data) == (viewer == item.data["seat"])


def test_gt06_gotcha_buzzes_verdicts_and_pawns_are_told_in_clock_order() -> None:
    """GT-06: buzzes and their verdicts are public; pawn moves match the positions; events
    carry the game-clock time so a log can be kept in clock order."""
    game, steps, match = played("gotcha", 3, 0)
    assert match.outcome is not None
    assert match.outcome.end_reason in {"champ", "turn_limit"}
    assert match.outcome.figures["positions"] == list(match.state.positions)
    moves = list(of_kind(game, steps, "pawn", None))
    for (before, _, _, after), item in moves:
        seat = item.data["seat"]
        assert (item.data["start"], item.data["end"]) == (
            before.positions[seat],
            after.positions[seat],
        )
    times = [
        item.data["t"]
        for step in steps
        for item in told(game, step, None)
        if "t" in item.data and item.kind != "verdict"
    ]
    assert times == sorted(times)
    for step in steps:
        if step[1] == CHANCE:
            (deal,) = told(game, step, step[0].current)
            assert "card" in deal.data


def test_gt15_an_emote_is_told_by_its_name_in_each_language_not_its_id() -> None:
    """GT-15: "Ana hace el gesto: tocar la guitarra aérea.", never "air_guitar"."""
    game, steps, _ = played("gotcha", 3, 0)
    emotes = list(of_kind(game, steps, "emote", None))
    assert emotes
    names = ["Ana", "Bo", "Cy"]
    for _, item in emotes:
        emote = str(item.data["emote"])
        for lang in ("es", "en"):
            text = item.text(lang, names)
            assert text.endswith(": " + emote_label(emote, lang) + "."), text
            assert "_" not in text, text
    _, first = emotes[0]
    es, en = first.text("es", names), first.text("en", names)
    assert es.startswith(names[first.actor] + " hace el gesto: ")
    assert en.startswith(names[first.actor] + " sends the emote: ")


@pytest.mark.parametrize(
    ("game_id", "players", "size"), [("dweebies", 3, 5), ("mystery_date", 4, 2)]
)
def test_dw01_md01_the_deal_is_told_once_and_each_seat_hears_only_its_own_hand(
    game_id: str, players: int, size: int
) -> None:
    """DW-01, MD-01: one line tells the table how many cards each seat gets; each seat then
    learns its whole hand in one event, and nobody hears another seat's cards one by one."""
    game, steps, _ = played(game_id, players, 5)
    deal = [step for step in steps if game.phase(step[0]) == "deal"]
    assert len(deal) == size * players
    for viewer in (*range(players), None):
        heard = [item for step in deal for item in told(game, step, viewer)]
        assert heard[0].kind == "deal_start" and heard[0].data == {"rule": heard[0].data["rule"]}
        assert heard[0].text("en", []) == f"{size} cards are dealt to each player."
        about_cards = [item for item in heard if item.kind in ("deal", "draw")]
        if viewer is None:
            assert about_cards == []
            continue
        (mine,) = about_cards  # no line per card, nobody else's hand
        hand = game.view(deal[-1][3], viewer)["hand"]
        if game_id == "mystery_date":
            hand = [md_cards.card_name(card) for card in hand]
        assert mine.kind == "deal" and mine.data["seat"] == viewer
        assert mine.data["cards"] == hand
        assert mine.text("en", []).startswith("You are dealt ")
        assert mine.text("es", []).startswith("Te reparten ")
