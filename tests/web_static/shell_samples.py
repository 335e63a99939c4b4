"""Real views from the engine, shaped like the web protocol's messages (WEB_CONTRACT.md).

Used to look at the shell's pages without the server: ``FakeTable`` plays one game with the
engine (chance sampled, other seats played by the random agent) and answers the shell's
``act`` messages as the server would: a new ``state`` message, or an ``error`` with the rule
id from ``game.explain``. It is a test aid, not the server (``ludoteca.web`` is).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from ludoteca.agents.random import RandomAgent
from ludoteca.engine import registry, runner
from ludoteca.engine.errors import IllegalActionError, InvalidActionError
from ludoteca.engine.game import CHANCE, Game
from ludoteca.engine.i18n import Lang
from ludoteca.web.routes import games

Message = dict[str, Any]


def game_cards(lang: str) -> list[Message]:
    """The ``GET /api/games`` cards of every registered game, in ``lang`` (the server's)."""
    return games.game_cards("es" if lang == "es" else "en")


@dataclass
class FakeTable:
    """One room with one game, seat ``human`` played from the page, the others by bots.

    Attributes:
        game_id: The game.
        players: Seat count.
        seed: Seed of the chance stream and the bots.
        human: The seat the page holds.
        lang: Language of labels and errors.
        status: ``lobby``, ``playing`` or ``finished``.
    """

    game_id: str
    players: int = 2
    seed: int = 7
    human: int = 0
    lang: Lang = "en"
    status: str = "playing"
    names: list[str] = field(default_factory=list)
    chat: list[Message] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game: Game[Any, Any] = registry.make(self.game_id)
        self.rng = random.Random(self.seed)
        self.bot = RandomAgent()
        self.state = runner.new_game(self.game, self.players, self.seed)
        self.version = 0
        self.last: Message | None = None
        self.last_secret = False
        self.history: list[Any] = [self.state]
        self.lasts: list[Message | None] = [None]
        if not self.names:
            self.names = ["Ana"] + [f"Bot {n}" for n in range(1, self.players)]
        self.advance()

    # -- the game ---------------------------------------------------------------------

    def _apply(self, seat: int, action: Any) -> None:
        # As the server does: chance steps are not shown as the last move, and a secret
        # simultaneous choice is shown to its own seat only.
        secret = sum(1 for s in self.game.actors(self.state) if s != CHANCE) > 1
        self.state = runner.step(self.game, self.state, seat, action)
        self.version += 1
        if seat != CHANCE:
            self.last = {
                "seat": seat,
                "text": str(action),
                "label": self.game.describe(action, self.lang),
            }
            self.last_secret = secret
        self.history.append(self.state)
        self.lasts.append(None if seat == CHANCE or secret else self.last)

    def advance(self, stop_at_human: bool = True) -> None:
        """Play chance and bot seats until the human seat must act or the game ends."""
        while self.game.outcome(self.state) is None:
            actors = self.game.actors(self.state)
            if actors == (CHANCE,):
                self._apply(CHANCE, self.game.sample_chance(self.state, self.rng))
                continue
            bots = [seat for seat in actors if seat != self.human or not stop_at_human]
            if not bots:
                return
            for seat in bots:
                view = self.game.view(self.state, seat)
                legal = self.game.legal_actions(self.state, seat)
                self._apply(seat, self.bot.choose(view, legal, self.rng))
                if self.game.outcome(self.state) is not None:
                    break
            if self.human in self.game.actors(self.state) and stop_at_human:
                return
        self.status = "finished"

    def act(self, text: str) -> Message | None:
        """Play ``text`` for the human seat; an ``error`` message if refused, else None."""
        try:
            action = self.game.parse_action(text)
        except InvalidActionError as error:
            return {
                "type": "error",
                "code": "unreadable_action",
                "message": error.text(self.lang),
                "action": text,
            }
        try:
            self._apply(self.human, action)
        except IllegalActionError as error:
            return {
                "type": "error",
                "code": "illegal",
                "message": error.reason.text(self.lang),
                "rule_id": error.rule_id,
                "action": text,
            }
        self.advance()
        return None

    def play_to(self, phase: str, limit: int = 2000) -> None:
        """Let the random agent play the human seat too until the game is in ``phase``."""
        for _ in range(limit):
            reached = self.game.phase(self.state) == phase
            if self.game.outcome(self.state) is not None or (
                reached and self.human in self.game.actors(self.state)
            ):
                return
            actors = self.game.actors(self.state)
            if self.human in actors:
                legal = self.game.legal_actions(self.state, self.human)
                view = self.game.view(self.state, self.human)
                self._apply(self.human, self.bot.choose(view, legal, self.rng))
            self.advance()
            if self.game.outcome(self.state) is not None:
                return

    def finish(self) -> None:
        """Play every seat to the end."""
        self.advance(stop_at_human=False)

    # -- messages ---------------------------------------------------------------------

    def room(self) -> Message:
        """The ``room`` object."""
        seats = []
        for seat in range(self.players):
            human = seat == self.human
            seats.append(
                {
                    "seat": seat,
                    "kind": "human" if human else "bot",
                    "name": self.names[seat],
                    "agent": None if human else "random",
                    "connected": True,
                }
            )
        info = self.game.info
        return {
            "id": "sample",
            "game": self.game_id,
            "game_name": info.name_es if self.lang == "es" else info.name_en,
            "players": self.players,
            "options": {},
            "turn_seconds": 0,
            "status": self.status,
            "game_no": 1,
            "seats": seats,
            "spectators": 0,
        }

    def state_message(self, seat: int | None = None, deadline_s: float | None = None) -> Message:
        """The ``state`` message for ``seat`` (default: the human seat)."""
        seat = self.human if seat is None else seat
        actors = list(self.game.actors(self.state))
        legal: list[Message] = []
        if seat in actors:
            legal = [
                {"text": str(a), "label": self.game.describe(a, self.lang)}
                for a in self.game.legal_actions(self.state, seat)
            ]
        outcome = self.game.outcome(self.state)
        return {
            "type": "state",
            "version": self.version,
            "view": self.game.view(self.state, seat),
            "you": seat,
            "actors": actors,
            "legal": legal,
            "last": None
            if self.last_secret and self.last and self.last["seat"] != seat
            else self.last,
            "outcome": (
                {
                    "scores": list(outcome.scores),
                    "winners": list(outcome.winners),
                    "ranks": list(outcome.ranks),
                    "reason": outcome.reason.text(self.lang) if outcome.reason else None,
                }
                if outcome
                else None
            ),
            "deadline": int((time.time() + deadline_s) * 1000) if deadline_s else None,
            "clock": None,
        }

    def replay_message(self, step: int) -> Message:
        """The ``replay`` frame at ``step`` for the human seat."""
        step = max(0, min(step, len(self.history) - 1))
        state = self.history[step]
        outcome = self.game.outcome(state)
        return {
            "type": "replay",
            "game": 1,
            "step": step,
            "total": len(self.history) - 1,
            "view": self.game.view(state, self.human),
            "last": self.lasts[step],
            "outcome": {"winners": list(outcome.winners)} if outcome else None,
        }


@dataclass
class FakeLobby:
    """A room before its game starts: free seats the page may take or fill with bots."""

    game_id: str
    players: int = 2
    lang: Lang = "en"
    seats: list[Message] = field(default_factory=list)
    mine: int | None = None
    anyone_creates: bool = True
    """Every page counts as the room's creator (may manage bots unseated); False: only a
    page whose hello carries the creator token."""

    def __post_init__(self) -> None:
        self.game: Game[Any, Any] = registry.make(self.game_id)
        if not self.seats:
            self.seats = [_free(n) for n in range(self.players)]

    def handle(self, message: Message) -> list[Message]:
        """The answers to one lobby message (``sit``, ``bot``, ``unbot``, ``leave``)."""
        kind = message.get("type")
        seat = message.get("seat")
        if kind == "sit" and isinstance(seat, int) and self.seats[seat]["kind"] == "free":
            self.seats[seat] = {
                "seat": seat,
                "kind": "human",
                "name": message["name"],
                "agent": None,
                "connected": True,
                "profile": {"age": message.get("age"), "traits": message.get("traits", [])},
            }
            self.mine = seat
            return [{"type": "seated", "seat": seat, "token": "sample-token"}, self.room_message()]
        if kind == "bot" and isinstance(seat, int) and self.seats[seat]["kind"] == "free":
            agent = message.get("agent", "random")
            self.seats[seat] = {
                "seat": seat,
                "kind": "bot",
                "name": f"Bot ({agent})",
                "agent": agent,
                "connected": True,
            }
            return [self.room_message()]
        if kind == "unbot" and isinstance(seat, int) and self.seats[seat]["kind"] == "bot":
            self.seats[seat] = {
                "seat": seat,
                "kind": "free",
                "name": None,
                "agent": None,
                "connected": False,
            }
            return [self.room_message()]
        if kind == "leave" and self.mine is not None:
            self.seats[self.mine] = _free(self.mine)
            self.mine = None
            return [self.room_message()]
        return [{"type": "error", "code": "bad_message", "message": f"fake lobby: {kind}"}]

    def start(self) -> FakeTable:
        """The game, with the page's seat as the human one."""
        names = [str(s["name"]) for s in self.seats]
        return FakeTable(
            self.game_id, players=self.players, human=self.mine or 0, lang=self.lang, names=names
        )

    def room_message(self) -> Message:
        """The ``room`` message."""
        return {"type": "room", "room": self.room()}

    def room(self) -> Message:
        """The ``room`` object."""
        info = self.game.info
        return {
            "id": "sample",
            "game": self.game_id,
            "game_name": info.name_es if self.lang == "es" else info.name_en,
            "players": self.players,
            "options": {},
            "turn_seconds": 0,
            "status": "lobby",
            "game_no": 1,
            "seats": self.seats,
            "spectators": 0,
        }


def _free(seat: int) -> Message:
    return {"seat": seat, "kind": "free", "name": None, "agent": None, "connected": False}
