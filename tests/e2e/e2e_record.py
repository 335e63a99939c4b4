"""The server's game rebuilt from its store, to know what each seat should have been sent.

Read-only: the store file of a test server is opened after (or while) it runs (SQLite WAL
allows a reader), the room's stored steps are replayed with the engine, and the per-seat
views of every version come from ``game.view`` exactly as the server computes them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.engine import registry, runner
from ludoteca.engine.game import CHANCE, Game
from ludoteca.web.store import open_store


@dataclass(frozen=True)
class StoredGame:
    """One stored game: ``states[v]`` is the state after ``v`` steps (``steps[:v]``)."""

    game: Game[Any, Any]
    states: list[Any]
    steps: list[tuple[int, str]]

    def view(self, version: int, seat: int | None) -> dict[str, Any]:
        """``game.view`` at ``version`` as JSON would carry it."""
        view: dict[str, Any] = json.loads(json.dumps(self.game.view(self.states[version], seat)))
        return view

    def legal(self, version: int, seat: int) -> list[str]:
        """The texts of ``seat``'s legal actions at ``version`` (empty if not an actor)."""
        state = self.states[version]
        if seat not in self.game.actors(state):
            return []
        return [str(a) for a in self.game.legal_actions(state, seat)]

    def secret(self, index: int) -> bool:
        """Whether step ``index`` was a simultaneous choice (several seats choosing at once)."""
        before = self.states[index]
        return sum(1 for s in self.game.actors(before) if s != CHANCE) > 1


def stored_game(db: Path | str, room_id: str, game_no: int = 1) -> StoredGame:
    """Rebuild game ``game_no`` of ``room_id`` from the store file ``db``."""
    store = open_store(str(db))
    try:
        summary = next(r for r in store.rooms() if r.id == room_id)
        row = next(g for g in store.games(room_id) if g.game_no == game_no)
        steps = store.actions(room_id, game_no)
    finally:
        store.close()
    game = registry.make(summary.game)
    state = runner.new_game(game, len(row.seats), row.seed, row.options)
    states = [state]
    for seat, text in steps:
        state = runner.step(game, state, seat, game.parse_action(text))
        states.append(state)
    return StoredGame(game, states, list(steps))
