"""Real board contexts for the browser tests of the web boards (Dweebies, Tile Up, Mystery Date).

Plays seeded random games with the engine and keeps, per phase, a few moments where a seat
must act: the state message a board would receive (``view`` of the acting seat, its
``legal`` actions with labels, the ``last`` player move). Run as a script to dump JSON:

    .venv/bin/python tests/web_static/web_boards_samples.py dweebies out.json
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from ludoteca.engine import registry, runner
from ludoteca.engine.game import CHANCE

Sample = dict[str, Any]


def samples(
    game_id: str,
    players: int = 2,
    seed: int = 1,
    per_phase: int = 2,
    every: int = 30,
    max_steps: int = 4000,
    lang: str = "en",
) -> list[Sample]:
    """Board contexts from one random game: up to ``per_phase`` per (phase, kind of move),
    and every ``every``-th decision.

    Each sample is ``{"phase", "view", "spectator", "legal": [{"text", "label"}], "you",
    "actors", "last", "hidden": {seat: [...]}}``; ``spectator`` is the same moment's public
    view; ``hidden`` holds every other seat's secret zone texts (read from that seat's own
    view).
    """
    game = registry.make(game_id)
    state = runner.new_game(game, players, seed)
    rng = random.Random(seed)
    chance_rng = random.Random(seed + 1000)
    seen: dict[tuple[str, str], int] = {}
    out: list[Sample] = []
    last: dict[str, Any] | None = None
    decisions = 0
    for _ in range(max_steps):
        if game.outcome(state) is not None:
            break
        actors = game.actors(state)
        if actors == (CHANCE,) or CHANCE in actors:
            state = game.apply(state, CHANCE, game.sample_chance(state, chance_rng))
            continue
        seat = actors[0]
        legal = list(game.legal_actions(state, seat))
        kinds = {str(a).split()[0] for a in legal}
        key = (game.phase(state), ",".join(sorted(kinds)))
        decisions += 1
        if seen.get(key, 0) < per_phase or decisions % every == 0:
            seen[key] = seen.get(key, 0) + 1
            out.append(_sample(game, state, seat, legal, last, lang, players))
        action = legal[rng.randrange(len(legal))]
        last = {"seat": seat, "text": str(action), "label": game.describe(action, lang)}
        state = game.apply(state, seat, action)
    return out


def _sample(
    game: Any,
    state: Any,
    seat: int,
    legal: list[Any],
    last: dict[str, Any] | None,
    lang: str,
    players: int,
) -> Sample:
    hidden: dict[int, list[str]] = {}
    for other in range(players):
        if other != seat:
            other_view = game.view(state, other)
            zone = [
                str(item) for key in ("hand", "tiles", "goals") for item in other_view.get(key, [])
            ]
            hidden[other] = zone
    return {
        "phase": game.phase(state),
        "view": json.loads(json.dumps(game.view(state, seat))),
        "spectator": json.loads(json.dumps(game.view(state, None))),
        "legal": [{"text": str(a), "label": game.describe(a, lang)} for a in legal],
        "you": seat,
        "actors": [s for s in game.actors(state) if s != CHANCE],
        "last": last,
        "hidden": hidden,
    }


def main(argv: list[str]) -> None:
    """Dump the samples of ``argv[0]`` (a game id) to the file ``argv[1]``."""
    game_id, path = argv[0], argv[1]
    players = int(argv[2]) if len(argv) > 2 else 2
    data = samples(game_id, players=players)
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, indent=1)
    print(f"{len(data)} samples -> {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
