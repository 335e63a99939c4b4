"""A room's pace, its pure parts: deadlines, the alarm at 80 %, vacations, time left as
people read it, and which deadline policies each game offers.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from ludoteca.engine import registry
from ludoteca.web.pace import rules
from ludoteca.web.pace.rules import DAY_MS, HOUR_MS, Pace

TURN_BASED = ("tacocat", "dweebies", "tile_up", "mystery_date")


def test_a_clock_runs_from_now_or_from_the_end_of_a_vacation() -> None:
    pace = Pace(rules.CORRESPONDENCE, hours=10, policy="bot", vacation_days=2)
    clock = rules.new_clock("r", 1, 3, 17, now=1_000, pace=pace, away_until=0)
    assert (clock.due_ms, clock.alarm_ms) == (1_000 + 10 * HOUR_MS, 1_000 + 8 * HOUR_MS)
    assert (clock.game_no, clock.version, clock.alarmed) == (3, 17, False)
    away = rules.new_clock("r", 1, 3, 17, now=1_000, pace=pace, away_until=DAY_MS)
    assert away.due_ms == DAY_MS + 10 * HOUR_MS and away.started_ms == 1_000


def test_a_vacation_pushes_the_clock_back_and_its_alarm_rings_again() -> None:
    pace = Pace(rules.CORRESPONDENCE, hours=24)
    rang = rules.new_clock("r", 0, 1, 0, now=0, pace=pace, away_until=0)
    rang = dataclasses.replace(rang, alarmed=True)
    shifted = rules.on_vacation(rang, 2, now=20 * HOUR_MS)
    assert shifted.due_ms == rang.due_ms + 2 * DAY_MS
    assert shifted.alarm_ms == rang.alarm_ms + 2 * DAY_MS and not shifted.alarmed


@pytest.mark.parametrize(
    ("ms", "en", "es"),
    [
        (0, "0 h 0 min", "0 h y 0 min"),
        (59 * 60_000 + 1, "1 h 0 min", "1 h y 0 min"),
        (DAY_MS, "1 day 0 h", "1 día y 0 h"),
        (3 * DAY_MS + 5 * HOUR_MS, "3 days 5 h", "3 días y 5 h"),
        (-5, "0 h 0 min", "0 h y 0 min"),
    ],
)
def test_time_left_reads_in_both_languages(ms: int, en: str, es: str) -> None:
    assert rules.left_text(ms, "en") == en
    assert rules.left_text(ms, "es") == es


@pytest.mark.parametrize("game_id", TURN_BASED)
def test_no_game_of_the_five_has_a_pass_so_none_offers_skip(game_id: str) -> None:
    game = registry.make(game_id)
    assert not rules.can_pass(game)
    assert rules.offered_policies(game) == ("bot", "lose")


class _Passing:
    """A game whose moves include ``pass`` (a sixth game might): only ``parse_action``."""

    def parse_action(self, text: str) -> Any:
        if text != "pass":
            raise ValueError(text)
        return "pass"


def test_a_game_with_a_pass_move_offers_skip() -> None:
    assert rules.can_pass(_Passing())  # type: ignore[arg-type]
    assert rules.offered_policies(_Passing()) == rules.POLICIES  # type: ignore[arg-type]


def test_a_stored_pace_reads_back_and_a_live_room_has_none() -> None:
    pace = Pace(rules.CORRESPONDENCE, 48, "lose", 3)
    assert rules.from_options({rules.PACE_OPTION: pace.to_json()}) == pace
    assert rules.from_options({}) == rules.LIVE_PACE
    assert not rules.LIVE_PACE.correspondence
