"""What the lesson page is sent: a lesson's outline, one step as the learner sees it, and
the verdict on a try (``docs/protocol.md``, "Lessons").

Every call into a game holds ``room.session.calls`` (a realtime game's rules keep module
state); a step's position is built once by the lesson and kept (states are immutable).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ludoteca.engine import registry
from ludoteca.engine.errors import IllegalActionError, InvalidActionError
from ludoteca.engine.events import render
from ludoteca.engine.game import CHANCE, Game
from ludoteca.engine.i18n import Lang, msg
from ludoteca.engine.rng import derive
from ludoteca.engine.shared_events import step_events
from ludoteca.lessons import Lesson, Step, lesson, lesson_games
from ludoteca.web.room import clock
from ludoteca.web.room.broadcast import describe
from ludoteca.web.room.session import calls
from ludoteca.web.wire.client import RoomError

NAME_LIMIT = 30
"""Longest name a person may give themselves (as when sitting at a table)."""
ACTION_LIMIT = 200
"""Longest action text read (as the room's ``act``)."""
CHANCE_LIMIT = 64
"""Most chance steps drawn after a right move (a deal), so a bad lesson cannot spin."""


def lesson_of(game_id: str) -> Lesson:
    """The lesson of ``game_id``.

    Raises:
        RoomError: ``no_lesson`` if the game has none (or is no game).
    """
    if game_id not in lesson_games():
        raise RoomError("no_lesson", msg("web.error.no_lesson", game=game_id[:40]))
    return lesson(game_id)


def step_of(taught: Lesson, step_id: str) -> tuple[int, Step]:
    """The position in ``taught`` and the step whose id is ``step_id``.

    Raises:
        RoomError: ``no_step`` if the lesson has no such step.
    """
    for index, step in enumerate(taught.steps):
        if step.id == step_id:
            return index, step
    raise RoomError("no_step", msg("web.error.no_step", step=step_id[:60]))


def person_name(name: object, lang: Lang) -> str:
    """The name the learner gave (trimmed, at most :data:`NAME_LIMIT` characters), else
    "You" in ``lang``.
    """
    if isinstance(name, str):
        clean = " ".join(name.split())[:NAME_LIMIT]
        if clean and clean.isprintable():
            return clean
    return msg("web.lesson.you").text(lang)


def seat_names(step: Step, name: str) -> tuple[str, ...]:
    """The seats' names of ``step``'s position, the learner's being the person's."""
    return step.seat_names(name)


def catalogue(lang: Lang) -> list[dict[str, Any]]:
    """Every game that has a lesson, as the lobby links it (``GET /api/lessons``)."""
    found = []
    for game_id in lesson_games():
        taught = lesson(game_id)
        found.append(
            {
                "game": game_id,
                "name": registry.make(game_id).info.name(lang),
                "title": taught.title.text(lang),
                "steps": len(taught.steps),
            }
        )
    return found


def outline(taught: Lesson, lang: Lang) -> dict[str, Any]:
    """The lesson's outline: its steps' ids, kinds, titles and rules, and the closing game
    (``GET /api/lessons/{game}``).
    """
    info = registry.make(taught.game).info
    return {
        "game": taught.game,
        "name": info.name(lang),
        "title": taught.title.text(lang),
        "final_bot": taught.final_bot,
        "final_players": taught.players,
        "realtime": info.realtime,
        "steps": [
            {
                "id": step.id,
                "kind": step.kind,
                "title": step.title.text(lang),
                "rules": list(step.rules),
            }
            for step in taught.steps
        ],
    }


def rule_texts(game_id: str, rules: Sequence[str], lang: Lang) -> list[dict[str, str]]:
    """``[{"id", "text"}]``: each rule id with its sentence as the How to play page has it."""
    texts = _rules_of(game_id, lang)
    return [{"id": rule, "text": texts.get(rule, "")} for rule in rules]


@functools.lru_cache(maxsize=16)
def _rules_of(game_id: str, lang: Lang) -> dict[str, str]:
    return dict(registry.make(game_id).rules_text(lang))


def position(taught: Lesson, step: Step) -> Any:
    """The step's position (the lesson builds it once and keeps it: states are immutable)."""
    with calls(registry.make(taught.game)):
        return step.state()


def step_json(taught: Lesson, index: int, step: Step, lang: Lang, name: str) -> dict[str, Any]:
    """One step as the learner sees it (``GET /api/lessons/{game}/steps/{step}``): its
    texts, the seats, the learner's view and, in a "do" step, the learner's legal moves
    labelled as the room labels them.
    """
    game = registry.make(taught.game)
    names = seat_names(step, name)
    state = position(taught, step)
    with calls(game):
        view = step.learner_view(game.view(state, step.learner), name)
        actors = [seat for seat in game.actors(state) if seat != CHANCE]
        legal = _labelled(game, state, view, step, lang, names) if step.kind == "do" else []
    return {
        "game": taught.game,
        "id": step.id,
        "index": index,
        "total": len(taught.steps),
        "kind": step.kind,
        "title": render(step.title, lang, names),
        "prompt": render(step.prompt, lang, names),
        "success": render(step.success, lang, names) if step.kind == "show" else None,
        "rules": rule_texts(taught.game, step.rules, lang),
        "learner": step.learner,
        "seats": _seats(step, names),
        "view": view,
        "actors": actors if step.kind == "do" else [],
        "legal": legal,
        "clock": clock.clock_of(view) if game.info.realtime else None,
    }


def _seats(step: Step, names: Sequence[str]) -> list[dict[str, Any]]:
    """The seats as the room object lists them: the learner a person, the others bots."""
    return [
        {
            "seat": seat,
            "kind": "human" if seat == step.learner else "bot",
            "name": name,
            "agent": None,
            "connected": True,
        }
        for seat, name in enumerate(names)
    ]


def _labelled(
    game: Game[Any, Any], state: Any, view: Any, step: Step, lang: Lang, names: tuple[str, ...]
) -> list[dict[str, str]]:
    """The learner's legal moves as ``{"text", "label"}`` (a realtime game's menu)."""
    if step.learner not in game.actors(state):
        return []
    moves = game.legal_actions(state, step.learner)
    if game.info.realtime:
        return clock.menu(game, view, moves, lang)
    game_id = game.info.id
    return [{"text": str(move), "label": describe(game_id, move, lang, names)} for move in moves]


def judged(taught: Lesson, step: Step, text: object, lang: Lang, name: str) -> dict[str, Any]:
    """The verdict on the learner's try ``text`` (``POST .../try``): ``{"ok", "rule",
    "rule_text", "message", "after"}``; ``after`` (a right move only) is the learner's view
    once the move and the chance it brings are played, with the events they told.

    Raises:
        RoomError: ``not_a_move`` for a "show" step, ``unreadable_action`` for a text that
            is no move of the game.
    """
    if step.kind != "do":
        raise RoomError("not_a_move", msg("web.error.lesson_show"))
    if not isinstance(text, str) or not text.strip() or len(text) > ACTION_LIMIT:
        raise RoomError("bad_message", msg("web.error.bad_field", field="action", kind="str"))
    game = registry.make(taught.game)
    names = seat_names(step, name)
    state = position(taught, step)
    with calls(game):
        try:
            if game.info.realtime:
                action = clock.stamp(game, text.strip(), clock.clock_of(game.view(state, None)))
            else:
                action = game.parse_action(text.strip())
        except InvalidActionError as error:
            raise RoomError("unreadable_action", error.message, action=text) from None
        verdict = step.judge(action)
        after = _after(game, state, step, action, lang, names) if verdict.ok else None
    rule = verdict.rule
    return {
        "ok": verdict.ok,
        "rule": rule,
        "rule_text": rule_texts(taught.game, (rule,), lang)[0]["text"] if rule else None,
        "message": render(verdict.message, lang, names),
        "after": after,
    }


def _after(
    game: Game[Any, Any], state: Any, step: Step, action: Any, lang: Lang, names: Sequence[str]
) -> dict[str, Any] | None:
    """The learner's view after the right move and the chance it brings (drawn from a
    stream of the step's own, so every learner sees the same), with the events told to the
    learner; ``None`` if the game refuses the move (a step judging a move it cannot play).
    """
    try:
        after = game.apply(state, step.learner, action)
    except IllegalActionError:
        return None
    told = list(step_events(game, state, step.learner, action, after, step.learner))
    last = {"seat": step.learner, "text": str(action), "label": game.describe(action, lang, names)}
    draws = derive(step.id, "lesson", "chance")
    for _ in range(CHANCE_LIMIT):
        if game.actors(after) != (CHANCE,):
            break
        before, outcome = after, game.sample_chance(after, draws)
        after = game.apply(before, CHANCE, outcome)
        told += step_events(game, before, CHANCE, outcome, after, step.learner)
    view = step.learner_view(game.view(after, step.learner), names[step.learner])
    return {
        "view": view,
        "last": last,
        "events": [event.to_json(lang, names) for event in told],
        "clock": clock.clock_of(view) if game.info.realtime else None,
    }
