"""Gotcha rule tests of issue 15: where a turn starts, how a game ends, the buzzer.

Each test quotes the rulebook sentence (``shared/rulebooks/gotcha.es.txt``) or the card it
follows and names its rule id; the rules map (``docs/rules/gotcha.md``) lists them, checked
by ``test_gotcha_rules_game.test_rules_map_names_real_functions_and_tests``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from gotcha_table import act, draw, give, illegal, new, positions, turn

from ludoteca.engine import runner
from ludoteca.engine.errors import NotYourTurnError
from ludoteca.games.gotcha.actions import Buzz, Draw, Emote, Play
from ludoteca.games.gotcha.game import GAME, INFO
from ludoteca.games.gotcha.state import OVER, TRUNCATE_TURNS
from ludoteca.lab.simulate import SimulationConfig, simulate

SILENT_OWN_TURN = "A28"  # WHAT: must stay silent during their own turn
HIGH_FIVE_AFTER = "A24"  # WHAT: must high-five after playing a card (within 5 s)
TURN_PLAYER = "W24"  # WHO: the player whose turn it is
WHISPER = "A01"
WAVE_AT_TURNS = "A21"  # WHAT: must wave whenever another player's turn starts (5 s)


# ---------------------------------------------------------------------------------------
# GT-02 The turn starts at the draw


def test_gt02_the_turn_starts_at_the_draw_not_at_the_previous_play() -> None:
    """GT-02, «Roba una carta del mazo de robo. Esta acción inicia tu turno.» With A28
    ("must stay silent during their own turn", hint: between your draw and your play) on
    the women (Ana, Carla): Carla chatting after Bruno's play but before her draw is not in
    her turn; chatting after her draw is."""
    state = give(new(), 0, SILENT_OWN_TURN, "W01")
    state = turn(state, f"{SILENT_OWN_TURN} a2")
    state = act(state, 2, "chat ya casi", 3000)  # Bruno's turn: Carla may talk
    state = turn(give(state, 1, "W03", "W04"), "W03 a1")  # Bruno plays: Carla is next
    assert state.current == 2
    state = act(state, 2, "chat me toca")  # before her draw: nobody's turn
    assert state.breaches == ()
    state = act(state, 2, "draw")
    state = runner.step(GAME, state, -1, GAME.sample_chance(state, random.Random(0)))
    state = act(state, 2, "chat uy")  # after her draw: her turn
    assert [(r.seat, r.slot) for r in state.breaches] == [(2, 1)]


def test_gt02_a_turn_start_reaction_counts_its_five_seconds_from_the_draw() -> None:
    """GT-02, «el siguiente jugador roba una carta para comenzar su turno», with A21 "must
    wave whenever another player's turn starts" on the men (Bruno, Diego): Bruno's turn
    starts when he draws, 4 s after Ana's play, so Diego's wave 4 s after the draw (8 s
    after the play) is in time, and no wave at all is a breach 5 s after the draw."""
    state = give(new(), 0, WAVE_AT_TURNS, "W01")
    state = turn(state, f"{WAVE_AT_TURNS} a1")
    state = draw(state, "W03", 4000)  # Bruno's turn starts here
    played_at = next(e.t for e in reversed(state.log) if e.kind == "play")
    kept = act(state, 3, "emote wave", 4000)
    assert kept.clock - played_at > 5000
    assert act(kept, 2, "emote clap", 2000).breaches == ()
    missed = act(state, 2, "emote clap", 5100)
    assert [(r.seat, r.slot) for r in missed.breaches] == [(3, 0)]


# ---------------------------------------------------------------------------------------
# GT-06 Who a rule covers is judged at the trigger


def test_gt06_who_a_reaction_rule_covers_is_judged_at_its_trigger() -> None:
    """GT-06 with W24 "the player whose turn it is" + A24 "must high-five after playing a
    card": the deadline comes 5 s after the play, when the turn has passed; the player who
    played was covered at the trigger and is caught."""
    state = give(new(), 0, TURN_PLAYER, "W01")
    state = turn(state, f"{TURN_PLAYER} a1")
    state = turn(give(state, 1, HIGH_FIVE_AFTER, "W04"), f"{HIGH_FIVE_AFTER} a1")
    state = act(state, 3, "emote wave", 3000)  # the grace period passes
    state = turn(give(state, 2, "W05", "W06"), "W05 a2")  # Carla plays, no high-five
    assert state.current == 3
    state = act(state, 0, "emote clap", 5000)  # her deadline is over
    assert [(r.seat, r.slot) for r in state.breaches] == [(2, 0)]
    assert positions(act(state, 1, "buzz a1 2")) == (0, 2, -1, 0)


# ---------------------------------------------------------------------------------------
# GT-14 The ending


def test_gt14_by_default_only_champ_ends_the_game() -> None:
    """GT-14 / GT-10, «¡El primer jugador en avanzar al espacio CHAMP gana!»: with default
    options there is no turn limit; turn 96 (the old backstop) ends without an outcome."""
    state = new()
    assert state.rules.turn_limit == 0
    state = give(state, 0, "W01", "W03")._replace(turn=96, positions=(3, 1, 3, 0))
    state = turn(state, "W01 a1")
    assert state.phase != OVER and GAME.outcome(state) is None and state.turn == 97


class _Quiet:
    """A seat that draws and plays its first listed card and otherwise never acts in
    time (never buzzes): nobody ever reaches CHAMP."""

    name = "quiet"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        for action in legal:
            if isinstance(action, Draw | Play):
                return action
        return next(a for a in legal if isinstance(a, Emote))


def test_gt14_a_game_stopped_by_the_step_cap_is_truncated_not_won() -> None:
    """GT-14: a simulation cap is a truncation: no outcome, no winner, and ``simulate``
    counts it among the truncated games. The game's own bound is ``TRUNCATE_TURNS``."""
    assert INFO.max_steps >= TRUNCATE_TURNS * 3
    match = runner.play(GAME, [_Quiet(), _Quiet(), _Quiet()], 0, max_steps=120)
    assert match.outcome is None and match.state.phase != OVER
    assert match.record.outcome is None
    config = SimulationConfig(game_id="gotcha", agents=("random",) * 3, games=1, max_steps=60)
    summary = simulate(config)
    assert summary.unfinished == 1 and summary.draws == 0
    assert all(share.wins == 0 for share in summary.seat_wins)


# ---------------------------------------------------------------------------------------
# GT-15 Buzzes are not room events


def test_gt15_buzzes_do_not_count_against_the_room_limit() -> None:
    """GT-15, «Atrapa a cualquier oponente que rompa una regla en cualquier momento durante
    el juego»: with one room event per turn, a seat that chatted may still buzz, and
    buzzing leaves its room event."""
    state = give(new(events_per_turn=1), 0, WHISPER, "W01")
    state = turn(state, f"{WHISPER} a1")
    state = act(state, 3, "chat HOLA", 3000)  # Diego (a man) breaks "whisper"
    state = act(state, 2, "chat hola")
    assert state.events_left[2] == 0 and 2 in GAME.actors(state)
    state = act(state, 2, "buzz a1 3")
    assert positions(state) == (0, 0, 2, -1)
    assert act(state, 1, "buzz a1 3").events_left[1] == 1


# ---------------------------------------------------------------------------------------
# GT-17 Buzzer lock (digital rule)


def test_gt17_a_wrong_buzz_locks_the_buzzer_for_the_rest_of_the_turn() -> None:
    """GT-17 (digital), «No hay penalización por zumbidos incorrectos» kept in points: a
    wrong buzz costs no space but locks that buzzer until the turn's play; a correct buzz
    locks nothing."""
    state = give(new(), 0, WHISPER, "W01")
    state = turn(state, f"{WHISPER} a1")
    state = act(state, 3, "chat HOLA", 3000)
    wrong = act(state, 2, "buzz a1 1")  # Bruno kept the rule
    assert positions(wrong) == (0, 0, 0, 0) and wrong.buzzes[-1].result == "wrong"
    error = illegal(wrong, 2, "buzz a1 3")
    assert error.rule_id == "GT-17" and "locked" in error.text("en")
    assert "bloqueado" in error.text("es")
    assert GAME.view(wrong, 2)["locked"][2] is True
    assert not any(isinstance(a, Buzz) for a in GAME.legal_actions(wrong, 2))
    assert positions(act(wrong, 0, "buzz a1 3")) == (2, 0, 0, -1)  # others still may
    right = act(state, 2, "buzz a1 3")
    assert right.locked[2] != right.turn
    after = turn(give(wrong, 1, "W03", "W04"), "W03 a2")  # the turn ends: unlocked
    assert GAME.explain(after, 2, Buzz(after.clock + 1, 0, (3,))) is None


def test_gt17_a_locked_seat_without_room_events_waits_and_the_option_turns_it_off() -> None:
    """GT-17: a locked seat with no room events left is not an actor; with option
    ``buzz_lock`` off wrong buzzes never lock, and count among the GT-15 room events (else
    one player buzzing every 50 ms would stall the game)."""
    state = give(new(events_per_turn=1), 0, WHISPER, "W01")
    state = turn(state, f"{WHISPER} a1")
    state = act(act(state, 2, "chat hola", 3000), 2, "buzz a1 1")
    assert 2 not in GAME.actors(state)
    with pytest.raises(NotYourTurnError):
        runner.step(GAME, state, 2, Buzz(state.clock + 1, 0, (3,)))
    free = give(new(buzz_lock=False), 0, WHISPER, "W01")
    free = turn(free, f"{WHISPER} a1")
    free = act(act(free, 2, "buzz a1 1", 3000), 2, "buzz a1 3")
    assert [b.result for b in free.buzzes] == ["wrong", "wrong"]
    assert free.events_left[2] == 2


# ---------------------------------------------------------------------------------------
# GT-15 What the rules owe is not counted

SIT_ON_BUZZ = "I18"  # individual: must sit down whenever anyone buzzes (within 3 s)
BOW_FIRST = "I06"  # individual: must bow before buzzing


def test_gt15_i18_sit_downs_owed_to_buzzes_do_not_count_against_the_room_limit() -> None:
    """GT-15 with I18 "must sit down whenever anyone buzzes": buzzes are free («en cualquier
    momento durante el juego»), so the sit-down each one asks for is owed, not chosen, and
    does not use the room budget; with one room event per turn, spent, Carla keeps I18
    through three buzzes. An extra sit-down nobody asked for is refused (GT-15)."""
    state = give(new(events_per_turn=1), 0, SIT_ON_BUZZ, "W01")
    state = turn(state, f"{SIT_ON_BUZZ} m1 2")
    state = act(state, 2, "chat hola", 3000)  # Carla's one room event
    assert state.events_left[2] == 0 and 2 not in GAME.actors(state)  # nothing to buzz
    for buzzer in (1, 3, 0):
        state = act(state, buzzer, "buzz m1 2")  # wrong (she kept it): it triggers I18
        assert 2 in GAME.actors(state)
        listed = [a for a in GAME.legal_actions(state, 2) if isinstance(a, Emote)]
        assert listed and {a.emote for a in listed} == {"sit_down"}
        missed = act(state, 1, "draw", 3100)  # had she not sat down: a breach
        assert [(r.seat, r.slot) for r in missed.breaches] == [(2, 2)]
        state = act(state, 2, "emote sit_down", 500)
        assert state.events_left[2] == 0
    assert [b.result for b in state.buzzes] == ["wrong"] * 3
    error = illegal(state, 2, "emote sit_down")  # no buzz asks for this one
    assert error.rule_id == "GT-15" and 2 not in GAME.actors(act(state, 1, "draw", 3100))
    assert state.breaches == () and act(state, 1, "draw", 3100).breaches == ()


def test_gt15_a_bow_owed_before_a_buzz_does_not_count_against_the_room_limit() -> None:
    """GT-15 with I06 "must bow before buzzing": the bow before each buzz is owed, so Carla,
    her one room event spent, may bow and buzz; a second bow before buzzing again is
    counted (one free bow per buzz)."""
    state = give(new(events_per_turn=1), 0, WHISPER, "W01")
    state = turn(state, f"{WHISPER} a1")  # men (Bruno, Diego) must whisper
    state = turn(give(state, 1, BOW_FIRST, "W03"), f"{BOW_FIRST} m1 2")  # Carla must bow
    state = act(state, 2, "chat hola", 3000)
    state = act(state, 3, "chat HOLA")  # Diego breaks "whisper"
    state = act(state, 2, "emote bow")
    assert state.events_left[2] == 0
    state = act(state, 2, "buzz a1 3")
    assert state.positions[2] == 2 and not any(r.seat == 2 for r in state.breaches)
    state = act(state, 2, "emote bow")  # owed again before her next buzz
    assert illegal(state, 2, "emote bow").rule_id == "GT-15"
