"""Real Gotcha views for the web board's browser tests (``boards/gotcha.js``).

Plays seeded games with the greedy party bots and keeps a few states worth drawing (the
start, a turn player's draw and play, live rules with mats, buzz results, a vote on a blank
rule, the end). Each sample is what the server sends a seat (``WEB_CONTRACT.md``, ``state``):
the seat's view, its legal menu without time stamps (deduplicated) with labels, the actors,
the last move and the clock.

Run ``python tests/web_static/gotcha_samples.py OUT.json`` to dump them for a harness.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from ludoteca.agents.registry import make_agent
from ludoteca.engine import runner
from ludoteca.engine.game import CHANCE
from ludoteca.games.gotcha.actions import Buzz
from ludoteca.games.gotcha.game import GAME
from ludoteca.games.gotcha.state import live_slots, rule_card

BLANK_SEED = 13
"""A seed whose game puts a blank card in seat 0's hand and on the board."""

PROFILES = [
    {"name": "Ana", "age": 34, "traits": ["woman", "glasses", "jeans"]},
    {"name": "Bruno", "age": 19, "traits": ["man", "facial_hair", "sneakers"]},
    {"name": "Carla", "age": 52, "traits": ["woman", "red", "watch"]},
    {"name": "Diego", "age": 41, "traits": ["man", "jeans", "hat", "socks"]},
]


def untimed(text: str) -> str:
    """An action's text without its ``@time`` prefix (what a web client sends)."""
    return text.partition(" ")[2] if text.startswith("@") else text


def menu(state: Any, seat: int, lang: str) -> list[dict[str, str]]:
    """The seat's listed legal actions without time stamps, deduplicated, with labels."""
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for action in GAME.legal_actions(state, seat):
        text = untimed(str(action))
        if text not in seen:
            seen.add(text)
            out.append({"text": text, "label": GAME.describe(action, lang)})
    return out


def frame(state: Any, seat: int | None, last: dict[str, Any] | None, lang: str) -> dict[str, Any]:
    """What the server would send ``seat`` for ``state``."""
    actors = list(GAME.actors(state))
    legal = menu(state, seat, lang) if seat is not None and seat in actors else []
    outcome = GAME.outcome(state)
    return {
        "view": json.loads(json.dumps(GAME.view(state, seat))),
        "legal": legal,
        "you": seat,
        "actors": [a for a in actors if a != CHANCE],
        "last": last,
        "outcome": outcome.to_json() if outcome else None,
        "clock": state.clock,
    }


def _pick(name: str, state: Any, last: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "name": name,
        "es": frame(state, 0, last, "es"),
        "en": frame(state, 0, last, "en"),
        "spectator": frame(state, None, last, "en"),
    }


def _play(seed: int, players: int) -> list[tuple[Any, int, Any, Any]]:
    options: dict[str, object] = {
        "profiles": json.dumps(PROFILES[:players]),
        "custom_cards": True,
        "turn_limit": 24,
    }
    steps: list[tuple[Any, int, Any, Any]] = []
    runner.play(
        GAME,
        [make_agent("greedy", "gotcha") for _ in range(players)],
        seed,
        options,
        observer=lambda before, seat, action, after: steps.append((before, seat, action, after)),
    )
    return steps


def _last(seat: int, action: Any) -> dict[str, Any]:
    return {"seat": seat, "text": untimed(str(action)), "label": GAME.describe(action, "es")}


def _collect(
    steps: list[tuple[Any, int, Any, Any]], wanted: dict[str, Callable[[Any], bool]]
) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for _before, seat, action, after in steps:
        if seat == CHANCE:
            continue
        for name in list(wanted):
            if wanted[name](after):
                out.append(_pick(name, after, _last(seat, action)))
                del wanted[name]
    return out


def _blank_slot(state: Any) -> int | None:
    for slot in live_slots(state):
        found = rule_card(state, slot)
        if found is not None and not found.checkable:
            return slot
    return None


def _vote(steps: list[tuple[Any, int, Any, Any]]) -> dict[str, Any]:
    """A buzz on a blank rule (GT-09): the greedy bots never make one, so seat 1 does."""
    for _before, _seat, _action, after in steps:
        slot = _blank_slot(after)
        if slot is None or after.phase not in (0, 2) or after.events_left[1] <= 0:
            continue
        accused = next(s for s in range(len(after.profiles)) if s not in (0, 1))
        buzz = Buzz(after.clock + 1500, slot, (accused,))
        voting = runner.step(GAME, after, 1, buzz)
        return _pick("vote", voting, _last(1, buzz))
    raise LookupError("no blank rule in the sample game")


def samples(seed: int = 7, players: int = 4) -> list[dict[str, Any]]:
    """Sample frames of seeded four-player games (seat 0 is the viewer)."""
    steps = _play(seed, players)
    out: list[dict[str, Any]] = [_pick("start", steps[0][0], None)]
    out += _collect(
        steps,
        {
            "draw": lambda s: s.phase == 0 and s.current == 0 and s.turn > 1,
            "play": lambda s: s.phase == 2 and s.current == 0 and s.turn > 4,
            "mats": lambda s: sum(m.owner >= 0 for m in s.mats) >= 2 and bool(s.what[0]),
            "buzzed": lambda s: any(b.result in ("correct", "wrong") for b in s.buzzes[-1:]),
        },
    )
    _before, seat, action, final = steps[-1]
    out.append(_pick("over", final, _last(seat, action)))
    other = _play(BLANK_SEED, players)
    out += _collect(
        other,
        {
            "individual": lambda s: s.phase == 2 and s.current == 0 and _holds(s, "I"),
            "blank": lambda s: s.phase == 2 and s.current == 0 and _holds(s, "B"),
        },
    )
    out.append(_vote(other))
    return out


def _holds(state: Any, prefix: str) -> bool:
    return any(c.startswith(prefix) for c in state.hands[0])


if __name__ == "__main__":
    found = samples()
    text = json.dumps(found, ensure_ascii=False)
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w", encoding="utf-8") as handle:
            handle.write(text)
    print(" ".join(s["name"] for s in found), file=sys.stderr)
