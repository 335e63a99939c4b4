"""The shared event machinery: names in sentences, forced moves, the end of the game,
records with end reasons and turns, replay grouped by move and by round."""

import json
from typing import Any

from ludoteca.agents.random import RandomAgent
from ludoteca.engine import events, record, registry, runner
from ludoteca.engine.game import CHANCE, Outcome
from ludoteca.engine.i18n import msg
from ludoteca.engine.replay import record_events, replay, round_starts
from ludoteca.engine.shared_events import step_events
from ludoteca.games import mystery_date, tacocat, tile_up
from ludoteca.games.mystery_date.cards import Give


def _tacocat_match(seed: int = 3) -> runner.Match:
    return runner.play(tacocat.GAME, [RandomAgent(), RandomAgent()], seed=seed)


def test_default_names_in_both_languages() -> None:
    assert events.default_names(3, "es") == ["Jugador 1", "Jugador 2", "Jugador 3"]
    assert events.default_names(2, "en") == ["Player 1", "Player 2"]


def test_seat_parameters_are_rendered_as_names() -> None:
    item = events.event(
        "duel",
        None,
        msg("tacocat.ev.duel", first_seat=0, first=9, second_seat=1, second=4, winner_seat=0),
    )
    assert item.text("en", ["Ana", "Bo"]) == "Duel: Ana 9, Bo 4; Ana attacks first."
    assert item.text("es", ["Ana", "Bo"]) == "Duelo: Ana 9, Bo 4; ataca primero Ana."
    assert item.to_json("en", ["Ana", "Bo"]) == {
        "kind": "duel",
        "actor": None,
        "data": {},
        "text": "Duel: Ana 9, Bo 4; Ana attacks first.",
    }
    listed = msg("tile_up.ev.start_tie", seats=(0, 2), sum=12)
    assert events.render(listed, "en", ["A", "B", "C"]).startswith("A and C tie at 12")
    assert events.render(listed, "es", ["A", "B", "C"]).startswith("Empate a 12 entre A y C")
    assert events.seat_name(CHANCE, ["A"], "es") == "el azar"
    assert events.seat_name(4, ["A"], "en") == "Player 5"


def test_every_step_of_a_record_has_events_and_the_last_ends_the_game() -> None:
    match = _tacocat_match()
    told = record_events(match.record, None)
    assert len(told) == len(match.record.actions)
    assert told[-1][-1].kind == "game_end"
    assert told[-1][-1].data["reason"] == "goal"
    names = ["Ana", "Bo"]
    winner = names[match.outcome.winners[0]] if match.outcome else ""
    assert winner in told[-1][-1].text("en", names)


def test_forced_moves_are_told_to_the_seat() -> None:
    game = tile_up.GAME
    found = False

    def watch(before: Any, seat: int, action: Any, after: Any) -> None:
        nonlocal found
        if seat != CHANCE and len(game.legal_actions(before, seat)) == 1:
            told = step_events(game, before, seat, action, after, seat)
            assert told[0].kind == "forced"
            assert told[0].data == {"action": str(action)}
            found = True

    runner.play(game, [RandomAgent(), RandomAgent()], seed=1, observer=watch)
    assert found


def test_records_store_end_reason_and_turns_and_old_records_load() -> None:
    match = _tacocat_match()
    assert match.outcome is not None
    assert match.record.end_reason == "goal"
    assert match.record.turns == match.outcome.turns == match.outcome.figures["rounds"]
    again = record.GameRecord.loads(match.record.dumps())
    assert again.end_reason == "goal"
    assert again.turns == match.record.turns
    old = json.loads(match.record.dumps())
    del old["end_reason"], old["turns"]
    del old["outcome"]["end_reason"], old["outcome"]["turns"]
    loaded = record.GameRecord.from_json(old)
    assert loaded.end_reason == ""
    assert loaded.turns == 0
    assert replay(loaded) == match.state


def test_outcome_describe_names_the_winner() -> None:
    outcome = Outcome((1.0, 0.0), (0,), (1, 2), msg("tacocat.win", goal="YAY"), "goal", 7)
    assert outcome.describe("en", ["Ana", "Bo"]) == (
        "Winner: Ana (Tacocat entered the YAY goal; 7 turns)."
    )
    assert outcome.describe("es", ["Ana", "Bo"]).startswith("Gana: Ana (el Tacocat entró")
    assert outcome.to_json()["end_reason"] == "goal"


def test_moves_group_chance_steps_with_the_move_that_caused_them() -> None:
    match = _tacocat_match()
    groups = record.moves(match.record)
    actions = match.record.actions
    assert [i for group in groups for i in group] == list(range(len(actions)))
    assert all(actions[i][0] == CHANCE for i in groups[0])
    for group in groups[1:]:
        assert actions[group.start][0] != CHANCE
        assert all(actions[i][0] == CHANCE for i in group[1:])
    assert len(groups) < len(actions)


def test_round_starts_follow_round_end_events() -> None:
    match = _tacocat_match()
    groups = record.moves(match.record)
    starts = round_starts(match.record, groups)
    assert starts[0] == 0
    assert match.outcome is not None
    # One start per round played (drawn rounds included).
    assert len(starts) == match.outcome.figures["rounds"]
    told = record_events(match.record, None)
    for number in starts[1:]:
        before = groups[number - 1]
        assert any(e.kind == "round_end" for i in before for e in told[i])
    assert round_starts(
        runner.play(tile_up.GAME, [RandomAgent(), RandomAgent()], seed=2).record
    ) == (0,)


def test_outcome_reason_names_its_seat_like_events_do() -> None:
    """The result sentence names the player in its reason (Mystery Date's winner opened the
    door), never "seat 0"; without names a seat is "Player N"."""
    registry.make("mystery_date")  # loads the game's texts
    reason = msg("mystery_date.win", seat=1, date=msg("mystery_date.date.blue"))
    outcome = Outcome((0.0, 1.0), (1,), (2, 1), reason, "date", 9)
    assert outcome.reason_text("en", ["Ana", "Bo"]) == (
        "Bo opened the door on the skiing date, the date for their outfit"
    )
    assert outcome.describe("es", ["Ana", "Bo"]).startswith(
        "Gana: Bo (Bo abrió la puerta a la cita de esquí"
    )
    assert outcome.reason_text("es", []) == (
        "Jugador 2 abrió la puerta a la cita de esquí, la cita de su atuendo"
    )


def test_a_forced_move_names_the_seat_its_action_names_like_events_do() -> None:
    game = mystery_date.GAME
    names = ["Ana", "Luis", "Eva"]
    told: list[tuple[events.Event, Give]] = []

    def watch(before: Any, seat: int, action: Any, after: Any) -> None:
        forced = seat != CHANCE and isinstance(action, Give)
        if forced and len(game.legal_actions(before, seat)) == 1:
            told.append((step_events(game, before, seat, action, after, seat)[0], action))

    for seed in range(40):
        runner.play(game, [RandomAgent() for _ in names], seed=seed, observer=watch)
        if told:
            break
    assert told, "no forced gift in 40 games"
    forced, gift = told[0]
    assert forced.kind == "forced"
    for lang, seat_word in (("en", "seat"), ("es", "asiento")):
        text = forced.text(lang, names)
        assert names[gift.target] in text and seat_word not in text, text
