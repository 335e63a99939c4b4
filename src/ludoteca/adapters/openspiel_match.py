"""The Python side of an OpenSpiel state (``adapters.openspiel``): the engine state, who
plays, the drafts and held-back secret choices, what was built for the current engine
state, and the log that each player's information-state digest is folded from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.adapters.encodings import EMPTY_DRAFT, Draft
from ludoteca.engine.game import CHANCE, Seat

TERMINAL = -4
"""``pyspiel.PlayerId.TERMINAL`` (``adapters.openspiel`` checks the two agree)."""

NOTHING: dict[Any, Any] = {}
"""The empty cache every engine state starts with (shared: caches are replaced, not changed)."""

FIELDS_REBUILT = ("log", "folded", "chance", "legal_now", "numbers_now")
"""Attributes not pickled as they are: the log is flattened, the caches rebuilt."""

CACHES = ("views", "legal", "bases", "numbers")


class Match:
    """A state's Python side, in one attribute: pyspiel clones a Python state by deep-copying
    each attribute, and this copy shares what never changes in place (engine states, drafts,
    views, the log) instead of copying it.

    What is built for the engine state is kept until it changes: ``chance`` (the chance
    step's table), ``legal_now`` and ``numbers_now`` (the current player's legal list and
    action numbers, asked on every decision), and per seat ``views``, ``legal``, ``bases``
    and ``numbers`` (other seats', asked rarely: dicts replaced, never changed in place,
    so that a clone shares them).

    The information-state history is kept lazily: ``log`` is a linked list, newest first,
    of one node per applied number, ``(seat, number, engine state, drafts, older)`` (the
    first node's seat is ``CHANCE``: nothing was chosen); a player's digest folds the nodes
    it has not folded yet only when its information state is asked for.

    Attributes:
        engine_state: The engine state.
        actors: ``game.actors(engine_state)``.
        player: Who plays now: a seat, ``CHANCE`` or ``TERMINAL``.
        steps: Engine steps applied.
        max_steps: Engine steps after which the match is truncated.
        drafts: Each seat's sub-action choices so far (a tuple, replaced when one changes).
        buffer: Secret simultaneous choices made and held back, by seat.
    """

    def __init__(self, engine_state: Any, actors: tuple[Seat, ...], players: int, max_steps: int):
        self.engine_state = engine_state
        self.actors = actors
        self.steps = 0
        self.max_steps = max_steps
        self.player = 0
        self.drafts: tuple[Draft, ...] = (EMPTY_DRAFT,) * players
        self.buffer: dict[Seat, Any] = {}
        self.log: Any = (CHANCE, -1, engine_state, self.drafts, None)
        self.folded: list[Any] = [None] * players
        self.trails: list[bytes] = [b""] * players
        self.last_seen: list[bytes] = [b""] * players
        self.last_snapshot: list[Any] = [None] * players
        self.moved()

    def moved(self) -> None:
        """Forget what was built for the engine state (after it changed) and find who plays.

        ``LudotecaState._engine_apply`` does the same inline (the hot path).
        """
        self.chance: Any = None
        self.legal_now: Sequence[Any] | None = None
        self.numbers_now: Sequence[int] | None = None
        self.views: dict[Seat, Any] = NOTHING
        self.legal: dict[Seat, Sequence[Any]] = NOTHING
        self.bases: dict[Seat, Any] = NOTHING
        self.numbers: dict[Seat, Sequence[int]] = NOTHING
        self.find_player()

    def find_player(self) -> None:
        """Set ``player``: terminal, chance, or the first actor not held back."""
        actors = self.actors
        if not actors or self.steps >= self.max_steps:
            self.player = TERMINAL
        elif actors[0] == CHANCE:
            self.player = CHANCE
        else:
            buffer = self.buffer
            self.player = next(seat for seat in actors if seat not in buffer)

    def set_draft(self, seat: Seat, draft: Draft) -> None:
        """Replace the seat's draft (the numbers offered depend on it)."""
        drafts = self.drafts
        self.drafts = (*drafts[:seat], draft, *drafts[seat + 1 :])
        self.numbers_now = None
        self.numbers = NOTHING

    def hold(self, seat: Seat, action: Any) -> dict[Seat, Any] | None:
        """Hold back a seat's secret simultaneous choice: the choices of every actor once
        all are made (the buffer emptied), else ``None`` (the next actor plays).
        """
        self.buffer[seat] = action
        actors = self.actors
        if all(other in self.buffer for other in actors):
            held, self.buffer = self.buffer, {}
            return held
        self.legal_now = None
        self.numbers_now = None
        self.numbers = NOTHING
        self.find_player()
        return None

    def pending(self, player: int) -> list[tuple[Seat, int, Any, tuple[Draft, ...]]]:
        """The log nodes the player's digest has not folded yet, oldest first (marked
        folded: the caller folds them).
        """
        found = []
        node = self.log
        stop = self.folded[player]
        while node is not stop:
            found.append(node[:4])
            node = node[4]
        self.folded[player] = self.log
        found.reverse()
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        other = Match.__new__(Match)
        vars(other).update(vars(self))
        other.buffer = dict(self.buffer)
        other.folded = list(self.folded)
        other.trails = list(self.trails)
        other.last_seen = list(self.last_seen)
        other.last_snapshot = list(self.last_snapshot)
        # The caches are replaced, never changed in place: sharing them is safe.
        return other

    def __getstate__(self) -> dict[str, Any]:
        # The log is flattened (a deep linked list would exceed pickle's recursion limit);
        # the caches are rebuilt on demand.
        entries: list[Any] = []
        node = self.log
        folded_at: list[int] = [-1] * len(self.folded)
        while node is not None:
            for player, mark in enumerate(self.folded):
                if mark is node:
                    folded_at[player] = len(entries)
            entries.append(node[:4])
            node = node[4]
        keep = {
            key: value
            for key, value in vars(self).items()
            if key not in FIELDS_REBUILT and key not in CACHES
        }
        keep["log_entries"] = entries
        keep["folded_at"] = [len(entries) - 1 - at if at >= 0 else -1 for at in folded_at]
        return keep

    def __setstate__(self, data: dict[str, Any]) -> None:
        entries = data.pop("log_entries")
        folded_at = data.pop("folded_at")
        vars(self).update(data)
        node: Any = None
        nodes: list[Any] = []
        for entry in reversed(entries):
            node = (*entry, node)
            nodes.append(node)
        self.log = node
        self.folded = [nodes[at] if at >= 0 else None for at in folded_at]
        self.moved()
