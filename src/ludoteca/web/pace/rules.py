"""A room's pace: what it is, how it is read from a room's creation, and its deadlines.

A room is played **live** (today's rooms: people at the table, an optional turn timer) or by
**correspondence**: each move has ``hours`` (1 hour to 7 days) on the server's clock; an
alarm rings at 80 % of that time (lichess's ``CorresAlarm``), and at the deadline the room's
``policy`` acts: ``bot`` (the game's strongest bot moves for the person), ``skip`` (the turn
passes: only a game with a ``pass`` move offers it) or ``lose`` (the person loses the game).
Each person has ``vacation_days`` per game (online-go.com's vacation): days taken push that
person's deadline back. A realtime game (Gotcha) is always live.

The pace is kept with the room's options under :data:`PACE_OPTION` (a room option, like
``hints``, not a game option).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.engine.game import Game
from ludoteca.engine.i18n import Lang, Localized, Message, msg
from ludoteca.web.pace import texts as _texts  # noqa: F401 (registers the texts)
from ludoteca.web.store.pace_rows import ClockRow
from ludoteca.web.wire.client import RoomError

PACE_OPTION = "pace"
"""The room option that holds a correspondence room's pace (absent: live)."""
LIVE = "live"
CORRESPONDENCE = "correspondence"
POLICIES = ("bot", "skip", "lose")
"""What the deadline does, in the order the lobby offers them."""
MIN_HOURS = 1
MAX_HOURS = 7 * 24
MAX_VACATION_DAYS = 14
"""Most vacation days a room gives each person per game."""
ALARM_SHARE = 0.8
"""The alarm rings when this share of a move's time is used (lichess: 80 %)."""
HOUR_MS = 3_600_000
DAY_MS = 24 * HOUR_MS
NUDGE_GAP_MS = DAY_MS
"""One nudge per game per day from each person (Warzone: once per 24 h)."""


@dataclass(frozen=True, slots=True)
class Pace:
    """A room's pace.

    Attributes:
        mode: ``live`` or ``correspondence``.
        hours: Time per move (correspondence).
        policy: What the deadline does: ``bot``, ``skip`` or ``lose``.
        vacation_days: Days each person may take off per game.
    """

    mode: str = LIVE
    hours: int = 24
    policy: str = "bot"
    vacation_days: int = 0

    @property
    def correspondence(self) -> bool:
        """Whether moves have deadlines on the server's clock."""
        return self.mode == CORRESPONDENCE

    @property
    def move_ms(self) -> int:
        """A move's time in milliseconds."""
        return self.hours * HOUR_MS

    def to_json(self) -> dict[str, Any]:
        """The pace as stored in the room's options and shown in its summary."""
        return {
            "mode": self.mode,
            "hours": self.hours,
            "policy": self.policy,
            "vacation_days": self.vacation_days,
        }


LIVE_PACE = Pace()


def can_pass(game: Game[Any, Any]) -> bool:
    """Whether ``game`` has a move that passes the turn (its text form is ``pass``)."""
    with contextlib.suppress(Exception):
        return str(game.parse_action("pass")) == "pass"
    return False


def offered_policies(game: Game[Any, Any]) -> tuple[str, ...]:
    """The deadline policies ``game`` offers (``skip`` only with a pass move)."""
    return tuple(p for p in POLICIES if p != "skip" or can_pass(game))


def policy_names(policies: tuple[str, ...]) -> dict[Lang, str]:
    """``policies`` as people read them, per language (for error messages)."""
    return {
        lang: ", ".join(msg(f"web.pace.policy.{p}").text(lang) for p in policies)
        for lang in ("es", "en")
    }


def from_options(options: dict[str, Any]) -> Pace:
    """A stored room's pace (its options as stored; checked when the room was made)."""
    stored = options.get(PACE_OPTION)
    if not isinstance(stored, dict):
        return LIVE_PACE
    return Pace(
        str(stored.get("mode", LIVE)),
        int(stored.get("hours", 24)),
        str(stored.get("policy", "bot")),
        int(stored.get("vacation_days", 0)),
    )


def _whole(value: object, low: int, high: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return None
    return value


def parse_pace(value: object, game: Game[Any, Any], turn_seconds: object) -> Pace:
    """A new room's pace from its creation's ``pace`` field (None: live).

    Raises:
        RoomError: ``bad_pace``, with what is wrong in the person's language.
    """
    if value is None:
        return LIVE_PACE
    if not isinstance(value, dict):
        raise RoomError("bad_pace", msg("web.pace.bad"))
    mode = value.get("mode", LIVE)
    if mode == LIVE:
        return LIVE_PACE
    if mode != CORRESPONDENCE:
        raise RoomError("bad_pace", msg("web.pace.bad_mode", mode=str(mode)[:40]))
    info = game.info
    if info.realtime:
        raise RoomError("bad_pace", _named("web.pace.realtime", game))
    if turn_seconds not in (0, None):
        raise RoomError("bad_pace", msg("web.pace.turn_timer"))
    hours = _whole(value.get("hours", 24), MIN_HOURS, MAX_HOURS)
    if hours is None:
        raise RoomError("bad_pace", msg("web.pace.bad_hours", min=MIN_HOURS, max=MAX_HOURS))
    days = _whole(value.get("vacation_days", 0), 0, MAX_VACATION_DAYS)
    if days is None:
        raise RoomError("bad_pace", msg("web.pace.bad_vacation", max=MAX_VACATION_DAYS))
    policy = value.get("policy", "bot")
    offered = offered_policies(game)
    if policy not in offered:
        key = "web.pace.no_skip" if policy == "skip" else "web.pace.bad_policy"
        raise RoomError("bad_pace", _named(key, game, policy=str(policy)[:40], offered=offered))
    return Pace(CORRESPONDENCE, hours, str(policy), days)


def _named(
    key: str, game: Game[Any, Any], offered: tuple[str, ...] = (), **params: object
) -> Message:
    """A message naming the game (and the policies it offers) in each language."""
    names = policy_names(offered)
    return msg(
        key,
        game=Localized(game.info.name("es"), game.info.name("en")),
        offered=Localized(names["es"], names["en"]),
        **params,
    )


def new_clock(
    room_id: str, seat: int, game_no: int, version: int, now: int, pace: Pace, away_until: int
) -> ClockRow:
    """A seat's clock for the move it must make now: ``pace.hours`` from now, or from the
    end of its vacation; the alarm at :data:`ALARM_SHARE` of the time.
    """
    start = max(now, away_until)
    return ClockRow(
        room_id,
        seat,
        game_no,
        version,
        now,
        start + pace.move_ms,
        start + int(pace.move_ms * ALARM_SHARE),
        False,
    )


def on_vacation(clock: ClockRow, days: int, now: int) -> ClockRow:
    """A running clock pushed back by ``days`` of vacation (its alarm rings again if it now
    lies ahead).
    """
    shift = days * DAY_MS
    alarm = clock.alarm_ms + shift
    return replace(
        clock, due_ms=clock.due_ms + shift, alarm_ms=alarm, alarmed=clock.alarmed and alarm <= now
    )


def left_text(ms: int, lang: Lang) -> str:
    """Time left as people read it, to the minute above: days and hours, or hours and
    minutes.
    """
    minutes = -(-max(0, ms) // 60_000)
    days, hours = minutes // 1440, minutes % 1440 // 60
    if days == 1:
        return msg("web.pace.day", h=hours).text(lang)
    if days > 1:
        return msg("web.pace.days", n=days, h=hours).text(lang)
    return msg("web.pace.hours", h=hours, m=minutes % 60).text(lang)
