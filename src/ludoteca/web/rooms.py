"""Rooms: seats, tokens, the game on the server, bots, timers, chat, rematch and replay.

Every room's changes run on the event loop under the room's ``asyncio.Lock``; bots choose
in a worker thread (``asyncio.to_thread``) from their own view and their choice is applied
only if the game has not moved on meanwhile. Every accepted step is stored before it is
broadcast. Each socket (:class:`Client`) receives its own messages: its seat's view and
legal actions, texts in its language. Message shapes: ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ludoteca.agents import registry as agents_registry
from ludoteca.engine import i18n, registry, runner
from ludoteca.engine import options as options_mod
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import (
    GameSetupError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    RulesError,
)
from ludoteca.engine.game import CHANCE, Game, Outcome, Seat
from ludoteca.engine.i18n import Lang, Message, msg
from ludoteca.engine.record import GameRecord, replay_states
from ludoteca.engine.runner import Agent
from ludoteca.games.gotcha import cards as gotcha_cards
from ludoteca.games.gotcha.state import MAX_AGE, MIN_AGE, NAMES, profiles_from
from ludoteca.web import clock
from ludoteca.web import messages as _messages  # noqa: F401 (registers the texts)
from ludoteca.web import protocol as p
from ludoteca.web.live import Live, Step, secret_flags
from ludoteca.web.store import ChatRow, GameRow, RoomRow, SeatRow, Store

log = logging.getLogger("ludoteca.web")

CHAT_HISTORY = 50
"""Chat lines sent to a socket when it says hello."""
MAX_TURN_SECONDS = 3600
FREE, HUMAN, BOT = "free", "human", "bot"
LOBBY, PLAYING, FINISHED = "lobby", "playing", "finished"

_REALTIME_CALLS = threading.RLock()
"""Gotcha's rules memoise their last state in module globals (``gotcha.py``), which is not
safe from two threads at once: every call into a realtime game, on the loop or in a bot's
thread, holds this lock. Turn-based games keep no such globals and need no lock."""


class RoomError(Exception):
    """A request refused with an error code and a message in both languages."""

    def __init__(
        self, code: str, message: Message, rule_id: str | None = None, action: str | None = None
    ) -> None:
        super().__init__(code)
        self.code = code
        self.message = message
        self.rule_id = rule_id
        self.action = action


@dataclass(frozen=True, slots=True)
class Settings:
    """Server settings.

    Attributes:
        bot_delay: Seconds a bot waits before each move in turn-based games (0 in tests).
        clock_scale: Real ms per game ms for realtime games (1.0; 0 runs bots' timed
            choices at once and stops the clock, for tests).
    """

    bot_delay: float = 0.4
    clock_scale: float = 1.0


class Client:
    """One socket of a room: its language, its seat and how to send it a message.

    Args:
        send: Queues one text frame for the socket (never blocks).
        lang: The socket's language.
    """

    def __init__(self, send: Callable[[str], None], lang: Lang = i18n.DEFAULT_LANG) -> None:
        self._send = send
        self.lang: Lang = lang
        self.seat: int | None = None
        self.hello = False

    def send(self, message: dict[str, Any]) -> None:
        """Send one message (serialised here)."""
        self._send(_dumps(message))

    def send_text(self, text: str) -> None:
        """Send one message already serialised."""
        self._send(text)

    def error(self, error: RoomError | p.ProtocolError) -> None:
        """Send an ``error`` message in this socket's language."""
        out: dict[str, Any] = {
            "type": "error",
            "code": error.code,
            "message": error.message.text(self.lang),
        }
        if isinstance(error, RoomError):
            if error.rule_id:
                out["rule_id"] = error.rule_id
            if error.action is not None:
                out["action"] = error.action
        self.send(out)


@dataclass(slots=True)
class SeatState:
    """A seat: free, a person (its token's hash) or a bot (its agent)."""

    seat: int
    kind: str = FREE
    name: str = ""
    agent: str = ""
    profile: dict[str, Any] | None = None
    token_hash: str = ""

    def row(self) -> SeatRow:
        """As stored."""
        return SeatRow(self.seat, self.kind, self.name, self.agent, self.profile, self.token_hash)


@dataclass(slots=True)
class _Proposal:
    """A bot's timed choice in a realtime game, waiting for its time."""

    version: int
    t: int
    seat: int
    action: Any


@dataclass(slots=True)
class _Tasks:
    driver: asyncio.Task[None] | None = None
    timer: asyncio.Task[None] | None = None
    all: set[asyncio.Task[None]] = field(default_factory=set)


def hash_token(token: str) -> str:
    """How a seat token is stored (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def default_agent(game_id: str) -> str:
    """The strongest bot a game has (expert, else greedy, else random)."""
    names = agent_names(game_id)
    for name in ("expert", "greedy"):
        if name in names:
            return name
    return "random"


def agent_names(game_id: str) -> tuple[str, ...]:
    """The bots a room can seat (ISMCTS refuses realtime games)."""
    names = agents_registry.agent_names(game_id)
    if registry.make(game_id).info.realtime:
        names = tuple(n for n in names if n != "ismcts")
    return names


@functools.lru_cache(maxsize=1 << 16)
def _describe(game_id: str, action: Any, lang: Lang) -> str:
    """``game.describe`` remembered: a state's labels are built for every socket and most
    moves recur (actions are hashable values; describing one is a pure function).
    """
    return registry.make(game_id).describe(action, lang)


def _dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _now_ms() -> int:
    return int(time.time() * 1000)


class Room:
    """One room: its seats, its sockets and its current game.

    Args:
        rooms: The manager (store and settings).
        row: The stored room.
        seats: Its seats.
    """

    def __init__(self, rooms: Rooms, row: RoomRow, seats: list[SeatState]) -> None:
        self.rooms = rooms
        self.store: Store = rooms.store
        self.settings = rooms.settings
        self.id = row.id
        self.game: Game[Any, Any] = registry.make(row.game)
        self.info = self.game.info
        self.players = row.players
        self.options = row.options
        self.turn_seconds = row.turn_seconds
        self.status = row.status
        self.game_no = row.game_no
        self.created_ms = row.created_ms
        self.seats = seats
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.live: Live | None = None
        self._agents: dict[int, Agent] = {}
        self._agent_rngs: dict[int, Any] = {}
        self._stand_ins: dict[int, Agent] = {}
        self._deadlines: dict[int, int] = {}
        self._proposal: _Proposal | None = None
        self._tasks = _Tasks()
        self._thinking = threading.Lock()
        self._replays: dict[int, tuple[list[Any], list[tuple[int, str]], list[bool]]] = {}

    # -------------------------------------------------------------------------------
    # Summaries

    def summary(self, lang: Lang) -> dict[str, Any]:
        """The public room object of the ``room`` message."""
        connected = {c.seat for c in self.clients if c.hello and c.seat is not None}
        seats = []
        for seat in self.seats:
            entry: dict[str, Any] = {
                "seat": seat.seat,
                "kind": seat.kind,
                "name": seat.name,
                "agent": seat.agent,
                "connected": seat.kind == BOT or seat.seat in connected,
            }
            if seat.profile is not None:
                entry["profile"] = seat.profile
            seats.append(entry)
        return {
            "id": self.id,
            "game": self.info.id,
            "game_name": self.info.name(lang),
            "players": self.players,
            "options": self.options,
            "turn_seconds": self.turn_seconds,
            "status": self.status,
            "game_no": self.game_no,
            "seats": seats,
            "spectators": sum(1 for c in self.clients if c.hello and c.seat is None),
        }

    def _realtime(self) -> contextlib.AbstractContextManager[Any]:
        return _REALTIME_CALLS if self.info.realtime else contextlib.nullcontext()

    def _state_message(self, client: Client) -> dict[str, Any]:
        live = self.live
        assert live is not None
        game = self.game
        state = live.state
        seat = client.seat
        lang = client.lang
        actors = list(live.actors())
        view = game.view(state, seat)
        legal: list[dict[str, str]] = []
        if seat is not None and seat in actors:
            moves = game.legal_actions(state, seat)
            if self.info.realtime:
                legal = clock.menu(game, view, moves, lang)
            else:
                legal = [{"text": str(a), "label": _describe(self.info.id, a, lang)} for a in moves]
        last = live.last()
        shown_last = None
        if last is not None and (not last.secret or last.seat == seat):
            shown_last = {
                "seat": last.seat,
                "text": last.text,
                "label": _describe(self.info.id, last.action, lang),
            }
        deadlines = [self._deadlines[s] for s in actors if s in self._deadlines]
        return {
            "type": "state",
            "version": live.version,
            "view": view,
            "you": seat,
            "actors": actors,
            "legal": legal,
            "last": shown_last,
            "outcome": _outcome_json(live.outcome(), lang),
            "deadline": min(deadlines) if deadlines else None,
            "clock": clock.clock_of(view) if self.info.realtime else None,
        }

    def broadcast_room(self) -> None:
        """Send every socket the room summary."""
        for client in list(self.clients):
            if client.hello:
                client.send({"type": "room", "room": self.summary(client.lang)})

    def broadcast_state(self) -> None:
        """Send every socket its own view of the current game."""
        if self.live is None:
            return
        # Sockets of the same seat and language (spectators, a second tab) share one text.
        texts: dict[tuple[int | None, str], str] = {}
        with self._realtime():
            for client in list(self.clients):
                if client.hello:
                    key = (client.seat, client.lang)
                    if key not in texts:
                        texts[key] = _dumps(self._state_message(client))
                    client.send_text(texts[key])

    def _send_state(self, client: Client) -> None:
        if self.live is not None:
            with self._realtime():
                client.send(self._state_message(client))

    # -------------------------------------------------------------------------------
    # Messages

    async def handle(self, client: Client, message: p.ClientMessage) -> None:
        """Answer one parsed message of ``client`` (errors go to that socket only)."""
        if isinstance(message, p.Ping):
            client.send({"type": "pong"})
            return
        try:
            async with self.lock:
                if isinstance(message, p.Hello):
                    self._hello(client, message)
                    return
                if not client.hello:
                    raise RoomError("no_hello", msg("web.error.no_hello"))
                self._dispatch(client, message)
        except RoomError as error:
            client.error(error)
        except Exception:
            # A failing store (or a bug) must not cost the socket: say so, keep serving.
            log.exception("room %s: %s failed", self.id, type(message).__name__)
            client.error(RoomError("server_error", msg("web.error.server")))

    def _dispatch(self, client: Client, message: p.ClientMessage) -> None:
        if isinstance(message, p.Sit):
            self._sit(client, message)
        elif isinstance(message, p.Bot):
            self._bot(client, message)
        elif isinstance(message, p.Unbot):
            self._unbot(message)
        elif isinstance(message, p.Leave):
            self._leave(client)
        elif isinstance(message, p.Start):
            self._start(client, rematch=False)
        elif isinstance(message, p.Rematch):
            self._start(client, rematch=True)
        elif isinstance(message, p.Act):
            self._act(client, message)
        elif isinstance(message, p.Chat):
            self._chat(client, message)
        elif isinstance(message, p.Replay):
            self._replay(client, message)
        elif isinstance(message, p.Lang):
            client.lang = _lang(message.lang)
            self._welcome(client)
            client.send({"type": "room", "room": self.summary(client.lang)})
            self._send_state(client)

    def _hello(self, client: Client, hello: p.Hello) -> None:
        if client.hello:
            raise RoomError("bad_message", msg("web.error.again_hello"))
        if hello.lang is not None:
            client.lang = _lang(hello.lang)
        bad_token = False
        if hello.token is not None:
            digest = hash_token(hello.token)
            held = [s for s in self.seats if s.kind == HUMAN and s.token_hash == digest]
            if held:
                client.seat = held[0].seat
            else:
                bad_token = True
        client.hello = True
        self.clients.add(client)
        if bad_token:
            client.error(RoomError("bad_token", msg("web.error.bad_token")))
        self._welcome(client)
        self.broadcast_room()
        self._send_state(client)
        for line in self.store.chat(self.id, CHAT_HISTORY):
            client.send(_chat_json(line, client.lang))

    def _welcome(self, client: Client) -> None:
        client.send(
            {"type": "welcome", "room_id": self.id, "seat": client.seat, "lang": client.lang}
        )

    def disconnect(self, client: Client) -> None:
        """Forget a closed socket; the others see who is still connected."""
        if client in self.clients:
            self.clients.discard(client)
            self.broadcast_room()

    def _seat(self, number: int) -> SeatState:
        if not 0 <= number < self.players:
            raise RoomError(
                "bad_message", msg("web.error.no_seat", seat=number, high=self.players - 1)
            )
        return self.seats[number]

    def _save_seat(self, seat: SeatState) -> None:
        self.store.save_seat(self.id, seat.row())

    def _sit(self, client: Client, sit: p.Sit) -> None:
        if self.status != LOBBY:
            raise RoomError("already_started", msg("web.error.already_started"))
        if client.seat is not None:
            raise RoomError("bad_message", msg("web.error.already_seated", seat=client.seat))
        seat = self._seat(sit.seat)
        if seat.kind != FREE:
            raise RoomError("seat_taken", msg("web.error.seat_taken", seat=sit.seat))
        name = sit.name.strip()
        if not 0 < len(name) <= p.MAX_NAME or "\n" in name:
            raise RoomError("bad_message", msg("web.error.bad_name", max=p.MAX_NAME))
        profile = None
        if self.info.id == "gotcha":
            profile = _profile(name, sit.age, sit.traits)
        token = secrets.token_urlsafe(24)
        seat.kind, seat.name, seat.agent, seat.profile = HUMAN, name, "", profile
        seat.token_hash = hash_token(token)
        self._save_seat(seat)
        client.seat = seat.seat
        client.send({"type": "seated", "seat": seat.seat, "token": token})
        self.broadcast_room()

    def _bot(self, client: Client, bot: p.Bot) -> None:
        seat = self._seat(bot.seat)
        agent = bot.agent or default_agent(self.info.id)
        if agent not in agent_names(self.info.id):
            names = ", ".join(agent_names(self.info.id))
            raise RoomError(
                "bad_message", msg("agents.unknown", name=agent, game=self.info.id, valid=names)
            )
        if self.status == LOBBY:
            if seat.kind != FREE:
                raise RoomError("seat_taken", msg("web.error.seat_taken", seat=bot.seat))
            seat.kind, seat.agent, seat.token_hash = BOT, agent, ""
            seat.name = self._bot_name(seat.seat)
            if self.info.id == "gotcha":
                seat.profile = self._bot_profile(seat.seat)
                seat.name = seat.profile["name"]
            self._save_seat(seat)
            self.broadcast_room()
            return
        if client.seat is None:
            raise RoomError("not_seated", msg("web.error.not_seated"))
        if seat.kind == BOT:
            raise RoomError("bad_message", msg("web.error.already_bot", seat=bot.seat))
        if any(c.seat == seat.seat for c in self.clients):
            raise RoomError("seat_connected", msg("web.error.seat_connected", seat=bot.seat))
        self._to_bot(seat, agent)

    def _to_bot(self, seat: SeatState, agent: str) -> None:
        """A person's seat played by a bot from now on (their token stops working)."""
        seat.kind, seat.agent, seat.token_hash = BOT, agent, ""
        self._save_seat(seat)
        for other in self.clients:
            if other.seat == seat.seat:
                other.seat = None
        self._agents.pop(seat.seat, None)
        self.broadcast_room()
        if self.status == PLAYING:
            self.broadcast_state()
            self._schedule()

    def _unbot(self, unbot: p.Unbot) -> None:
        if self.status != LOBBY:
            raise RoomError("already_started", msg("web.error.already_started"))
        seat = self._seat(unbot.seat)
        if seat.kind != BOT:
            raise RoomError("bad_message", msg("web.error.not_bot", seat=unbot.seat))
        seat.kind, seat.name, seat.agent, seat.profile, seat.token_hash = FREE, "", "", None, ""
        self._save_seat(seat)
        self.broadcast_room()

    def _leave(self, client: Client) -> None:
        if client.seat is None:
            raise RoomError("not_seated", msg("web.error.not_seated"))
        seat = self.seats[client.seat]
        if self.status == LOBBY:
            seat.kind, seat.name, seat.agent, seat.profile, seat.token_hash = FREE, "", "", None, ""
            self._save_seat(seat)
            for other in self.clients:
                if other.seat == seat.seat:
                    other.seat = None
            self._welcome(client)
            self.broadcast_room()
            return
        self._to_bot(seat, default_agent(self.info.id))
        self._welcome(client)
        if self.status == FINISHED:
            self.broadcast_state()

    def _bot_name(self, number: int) -> str:
        used = {s.name for s in self.seats if s.kind != FREE}
        for offset in range(len(NAMES)):
            name = NAMES[(number + offset) % len(NAMES)]
            if name not in used:
                return name
        return f"Bot {number}"

    def _bot_profile(self, number: int) -> dict[str, Any]:
        """A random Gotcha profile (as ``profiles_from`` draws them: its name fits its
        traits), under another drawn name while its own is taken at the table.
        """
        used = {s.name for s in self.seats if s.kind != FREE}
        for attempt in range(20):
            rng = rng_mod.derive(self.id, "profile", number, attempt)
            profile = profiles_from("", self.players, rng)[number]
            if profile.name not in used:
                break
        name = profile.name if profile.name not in used else self._bot_name(number)
        return {"name": name, "age": profile.age, "traits": sorted(profile.traits)}

    # -------------------------------------------------------------------------------
    # Starting, playing, ending

    def _start(self, client: Client, *, rematch: bool) -> None:
        if client.seat is None:
            raise RoomError("not_seated", msg("web.error.not_seated"))
        if self.status == PLAYING:
            raise RoomError("already_started", msg("web.error.already_started"))
        if rematch and self.status != FINISHED:
            raise RoomError("not_finished", msg("web.error.nothing_finished"))
        if not rematch and self.status != LOBBY:
            raise RoomError("already_started", msg("web.error.already_started"))
        if any(seat.kind == FREE for seat in self.seats):
            raise RoomError("not_ready", msg("web.error.not_ready"))
        options = dict(self.options)
        if self.info.id == "gotcha":
            options["profiles"] = json.dumps(
                [seat.profile for seat in self.seats], ensure_ascii=False
            )
        seed = secrets.randbits(48)
        game_no = self.game_no + 1
        try:
            resolved = options_mod.resolve(self.info, options)
            live = Live(self.game, game_no, seed, dict(resolved), self.players)
        except GameSetupError as error:
            raise RoomError("bad_message", error.message) from None
        labels = tuple(seat.name for seat in self.seats)
        self.store.add_game(self.id, GameRow(game_no, seed, dict(resolved), labels, None))
        self.game_no = game_no
        self.status = PLAYING
        self.store.update_room(self.id, self.status, self.game_no)
        self._begin(live)
        self.broadcast_room()
        self._draw_and_go_on()

    def _draw_and_go_on(self) -> None:
        """Draw the chance steps the game is waiting on, store them, then go on (broadcast,
        bots, timers). If the store refuses them they are undone and tried again later.
        """
        live = self.live
        assert live is not None
        before = (live.state, len(live.steps), live.chance_rng.getstate())
        with self._realtime():
            steps = live.resolve_chance()
        try:
            self._store_steps(live, steps)
        except Exception:
            log.exception("room %s: the store refused the chance steps", self.id)
            live.state, count, rng_state = before
            del live.steps[count:]
            live.chance_rng.setstate(rng_state)
            self._tasks.driver = self._spawn(self._draw_later(live.version))
            raise RoomError("server_error", msg("web.error.store")) from None
        self._after_change()

    async def _draw_later(self, version: int) -> None:
        await asyncio.sleep(1.0)
        async with self.lock:
            live = self.live
            if live is not None and live.version == version and self.status == PLAYING:
                with contextlib.suppress(RoomError):
                    self._draw_and_go_on()

    def _begin(self, live: Live) -> None:
        self.live = live
        self._agents.clear()
        self._stand_ins.clear()
        self._deadlines.clear()
        self._proposal = None
        self._agent_rngs = {
            seat: rng_mod.derive(live.seed, "agent", seat) for seat in range(self.players)
        }

    def _store_steps(self, live: Live, steps: list[Step]) -> None:
        if steps:
            entries = [(entry.seat, entry.text) for entry in steps]
            self.store.add_actions(
                self.id, live.game_no, live.version - len(steps), entries, _now_ms()
            )

    def _apply(self, seat: Seat, action: Any) -> None:
        """Apply a checked action (and the chance that follows), store, broadcast, go on.

        Raises:
            RoomError: ``server_error`` if the store refused the steps; the game is then
                put back as it was (nothing was sent).
        """
        live = self.live
        assert live is not None
        before = (live.state, len(live.steps), live.chance_rng.getstate(), live.anchor)
        with self._realtime():
            steps = live.play(seat, action)
        try:
            self._store_steps(live, steps)
        except Exception:
            log.exception("room %s: the store refused step %s", self.id, before[1])
            live.state, count, rng_state, live.anchor = before
            del live.steps[count:]
            live.chance_rng.setstate(rng_state)
            raise RoomError("server_error", msg("web.error.store")) from None
        self._after_change()

    def _apply_or_retry(self, seat: Seat, action: Any) -> None:
        """A bot's or a timer's step; if the store refuses it, plan again a second later."""
        try:
            self._apply(seat, action)
        except RoomError:
            live = self.live
            assert live is not None
            self._tasks.driver = self._spawn(self._replan(live.version))

    async def _replan(self, version: int) -> None:
        await asyncio.sleep(1.0)
        async with self.lock:
            live = self.live
            if live is not None and live.version == version and self.status == PLAYING:
                self._schedule()

    def _after_change(self) -> None:
        live = self.live
        assert live is not None
        with self._realtime():
            outcome = live.outcome()
        if outcome is not None and self.status == PLAYING:
            self.status = FINISHED
            self.store.finish_game(self.id, live.game_no, outcome.to_json())
            self.store.update_room(self.id, self.status, self.game_no)
            self._deadlines.clear()
            self._cancel_tasks()
            self.broadcast_state()
            self.broadcast_room()
            return
        self._schedule()
        self.broadcast_state()

    def _act(self, client: Client, act: p.Act) -> None:
        if self.status == LOBBY:
            raise RoomError("not_started", msg("web.error.not_started"))
        if client.seat is None:
            raise RoomError("not_seated", msg("web.error.not_seated"))
        seat = client.seat
        if act.seat is not None and act.seat != seat:
            raise RoomError(
                "not_your_seat", msg("web.error.not_your_seat", seat=seat, other=act.seat)
            )
        live = self.live
        assert live is not None
        if self.status == FINISHED:
            raise RoomError("illegal", msg("web.error.game_over"), action=act.action)
        realtime = self.info.realtime
        stale = act.version != live.version and not (
            realtime or live.only_others_chose_since(seat, act.version)
        )
        if act.version > live.version or act.version < 0 or stale:
            raise RoomError(
                "stale",
                msg("web.error.stale", got=act.version, now=live.version),
                action=act.action,
            )
        if realtime:
            self._race_pending(live)
        with self._realtime():
            try:
                if realtime:
                    now = clock.game_now(
                        clock.clock_of(self.game.view(live.state, None)),
                        (time.monotonic() - live.anchor) * 1000,
                        self.settings.clock_scale,
                    )
                    action = clock.stamp(self.game, act.action, now)
                else:
                    action = self.game.parse_action(act.action)
            except InvalidActionError as error:
                raise RoomError("unreadable_action", error.message, action=act.action) from None
            _check(self.game, live.state, seat, action, act.action)
        self._apply(seat, action)

    def _race_pending(self, live: Live) -> None:
        """Before a person's realtime action: a bot's proposal whose time has come wins."""
        pending = self._proposal
        if pending is None or pending.version != live.version:
            return
        with self._realtime():
            now = clock.game_now(
                clock.clock_of(self.game.view(live.state, None)),
                (time.monotonic() - live.anchor) * 1000,
                self.settings.clock_scale,
            )
            if pending.t > now:
                return
            try:
                runner.check(self.game, live.state, pending.seat, pending.action)
            except RulesError:
                return
        self._proposal = None
        self._apply(pending.seat, pending.action)

    # -------------------------------------------------------------------------------
    # Bots and timers

    def _cancel_tasks(self) -> None:
        current = asyncio.current_task()
        for task in (self._tasks.driver, self._tasks.timer):
            if task is not None and task is not current and not task.done():
                task.cancel()
        self._tasks.driver = self._tasks.timer = None

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._tasks.all.add(task)
        task.add_done_callback(self._tasks.all.discard)
        task.add_done_callback(self._report)
        return task

    def _report(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("room %s: a task failed", self.id, exc_info=task.exception())

    def _schedule(self) -> None:
        """After a change: plan the bots' next move and the turn timers."""
        self._cancel_tasks()
        self._proposal = None
        live = self.live
        if live is None or self.status != PLAYING:
            return
        with self._realtime():
            actors = live.actors()
            bots = [s for s in actors if self.seats[s].kind == BOT]
            people = [
                s
                for s in actors
                if self.seats[s].kind == HUMAN
                and (
                    not self.info.realtime or clock.has_turn(self.game.legal_actions(live.state, s))
                )
            ]
        for seat in list(self._deadlines):
            if seat not in people:
                del self._deadlines[seat]
        if self.turn_seconds > 0:
            for seat in people:
                self._deadlines.setdefault(seat, _now_ms() + self.turn_seconds * 1000)
        version = live.version
        if self.info.realtime:
            if bots:
                self._tasks.driver = self._spawn(self._realtime_bots(version, bots))
        elif bots:
            self._tasks.driver = self._spawn(self._bot_move(version, bots[0]))
        if self._deadlines:
            self._tasks.timer = self._spawn(self._timeout(version))

    def _agent(self, seat: int) -> Agent:
        agent = self._agents.get(seat)
        if agent is None:
            agent = self._agents[seat] = agents_registry.make_agent(
                self.seats[seat].agent, self.info.id
            )
        return agent

    def _stand_in(self, seat: int) -> Agent:
        agent = self._stand_ins.get(seat)
        if agent is None:
            agent = self._stand_ins[seat] = agents_registry.make_agent(
                default_agent(self.info.id), self.info.id
            )
        return agent

    def _choose(self, agent: Agent, seat: int, state: Any) -> Any:
        """A bot's choice (runs in a worker thread). A dropped choice's thread may still be
        thinking when the next one starts: the room's thinking lock keeps one agent (and its
        rng) in one thread at a time.
        """
        with self._thinking, self._realtime():
            view = self.game.view(state, seat)
            legal = self.game.legal_actions(state, seat)
            try:
                action = agent.choose(view, legal, self._agent_rngs[seat])
                runner.check(self.game, state, seat, action)
            except Exception:
                # A bot's bug must not stall the table: log it and play a listed move.
                log.exception(
                    "room %s: the bot in seat %s failed; a random move instead", self.id, seat
                )
                action = rng_mod.choice(self._agent_rngs[seat], list(legal[:50]))
        return action

    async def _bot_move(self, version: int, seat: int) -> None:
        live = self.live
        assert live is not None
        if self.settings.bot_delay > 0:
            await asyncio.sleep(self.settings.bot_delay)
        agent = self._agent(seat)
        action = await asyncio.to_thread(self._choose, agent, seat, live.state)
        async with self.lock:
            if self.live is not live or live.version != version or self.status != PLAYING:
                return
            if self.seats[seat].kind != BOT:
                return
            self._apply_or_retry(seat, action)

    async def _realtime_bots(self, version: int, bots: list[int]) -> None:
        live = self.live
        assert live is not None
        state = live.state

        def propose() -> _Proposal:
            best: _Proposal | None = None
            for seat in bots:
                action = self._choose(self._agent(seat), seat, state)
                with self._realtime():
                    t = self.game.action_time(action)  # type: ignore[attr-defined]
                if best is None or t < best.t:
                    best = _Proposal(version, t, seat, action)
            assert best is not None
            return best

        proposal = await asyncio.to_thread(propose)
        if self.live is not live or live.version != version:
            return
        self._proposal = proposal
        with self._realtime():
            now = clock.game_now(
                clock.clock_of(self.game.view(state, None)),
                (time.monotonic() - live.anchor) * 1000,
                self.settings.clock_scale,
            )
        await asyncio.sleep(clock.real_delay(proposal.t, now, self.settings.clock_scale))
        async with self.lock:
            if self.live is not live or live.version != version or self.status != PLAYING:
                return
            if self.seats[proposal.seat].kind != BOT:
                return
            self._proposal = None
            self._apply_or_retry(proposal.seat, proposal.action)

    async def _timeout(self, version: int) -> None:
        live = self.live
        assert live is not None
        deadline = min(self._deadlines.values())
        await asyncio.sleep(max(0.0, (deadline - _now_ms()) / 1000))
        async with self.lock:
            if self.live is not live or live.version != version or self.status != PLAYING:
                return
            due = sorted(s for s, d in self._deadlines.items() if d <= _now_ms())
            if not due:
                self._tasks.timer = None
                self._tasks.timer = self._spawn(self._timeout(version))
                return
            seat = due[0]
        agent = self._stand_in(seat)
        action = await asyncio.to_thread(self._choose, agent, seat, live.state)
        async with self.lock:
            if self.live is not live or live.version != version or self.status != PLAYING:
                return
            if self.info.realtime:
                with self._realtime():
                    now = clock.clock_of(self.game.view(live.state, None))
                    elapsed = (time.monotonic() - live.anchor) * 1000
                    t = clock.game_now(now, elapsed, self.settings.clock_scale)
                    action = self._timed_stand_in(live, seat, action, t)
                    if action is None:
                        return
            self._deadlines.pop(seat, None)
            self._apply_or_retry(seat, action)

    def _timed_stand_in(self, live: Live, seat: int, action: Any, t: int) -> Any:
        """The stand-in's realtime move stamped at ``t``; if that is not legal now, the
        first listed turn move (draw, play or vote) at ``t``; ``None`` if neither is.
        """
        candidates = [action]
        legal = self.game.legal_actions(live.state, seat)
        if clock.has_turn(legal):
            candidates.append(legal[0])
        for candidate in candidates:
            stamped = clock.restamp(self.game, candidate, t)
            try:
                runner.check(self.game, live.state, seat, stamped)
            except RulesError:
                continue
            return stamped
        log.warning("room %s: no timed move for seat %s", self.id, seat)
        return None

    def resume(self) -> None:
        """After a restart: plan the bots and timers of a game in progress (drawing first
        any chance step the stored game stopped at, should its draws not have been stored).
        """
        if self.status == PLAYING and self.live is not None:
            with contextlib.suppress(RoomError):
                self._draw_and_go_on()

    def close(self) -> None:
        """Cancel every task (server shutdown)."""
        for task in list(self._tasks.all):
            task.cancel()

    # -------------------------------------------------------------------------------
    # Chat and replay

    def _chat(self, client: Client, chat: p.Chat) -> None:
        text = chat.text.strip()
        if not 0 < len(text) <= p.MAX_CHAT:
            raise RoomError("bad_message", msg("web.error.chat_length", max=p.MAX_CHAT))
        seat = client.seat
        name = self.seats[seat].name if seat is not None else ""
        line = ChatRow(seat, name, text, _now_ms())
        self.store.add_chat(self.id, line)
        for other in list(self.clients):
            if other.hello:
                other.send(_chat_json(line, other.lang))

    def _replay(self, client: Client, replay: p.Replay) -> None:
        finished_upto = self.game_no if self.status == FINISHED else self.game_no - 1
        number = finished_upto if replay.game is None else replay.game
        if finished_upto < 1:
            raise RoomError("not_finished", msg("web.error.nothing_finished"))
        if not 1 <= number <= finished_upto:
            raise RoomError("not_finished", msg("web.error.not_finished", game=number))
        states, steps, secrets_ = self._replay_record(number)
        total = len(steps)
        if not 0 <= replay.step <= total:
            raise RoomError("bad_step", msg("web.error.bad_step", step=replay.step, total=total))
        step = replay.step
        seat = client.seat
        game = self.game
        with self._realtime():
            view = game.view(states[step], seat)
            last = None
            for index in range(step - 1, -1, -1):
                who, text = steps[index]
                if who == CHANCE:
                    continue
                if not secrets_[index] or who == seat:
                    action = game.parse_action(text)
                    last = {"seat": who, "text": text, "label": game.describe(action, client.lang)}
                break
            outcome = game.outcome(states[step]) if step == total else None
        client.send(
            {
                "type": "replay",
                "game": number,
                "step": step,
                "total": total,
                "view": view,
                "last": last,
                "outcome": _outcome_json(outcome, client.lang),
            }
        )

    def _replay_record(self, number: int) -> tuple[list[Any], list[tuple[int, str]], list[bool]]:
        cached = self._replays.get(number)
        if cached is not None:
            return cached
        row = next(g for g in self.store.games(self.id) if g.game_no == number)
        steps = self.store.actions(self.id, number)
        record = GameRecord(
            game=self.info.id,
            version=self.info.version,
            seed=row.seed,
            num_players=self.players,
            options=row.options,
            seats=row.seats,
            actions=tuple(steps),
            outcome=row.outcome,
        )
        with self._realtime():
            states = list(replay_states(record))
            flags = secret_flags(self.game, states, steps)
        cached = (states, steps, flags)
        self._replays[number] = cached
        return cached


class Rooms:
    """Every room of the server, over one store.

    Args:
        store: Where rooms live.
        settings: Bot pacing and the realtime clock.
    """

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.rooms: dict[str, Room] = {}

    def create(self, game_id: str, players: object, options: object, turn_seconds: object) -> Room:
        """A new room in the lobby.

        Raises:
            RoomError: ``unknown_game``, ``bad_players``, ``bad_option`` or ``bad_message``.
        """
        try:
            game = registry.make(game_id)
        except GameSetupError as error:
            raise RoomError("unknown_game", error.message) from None
        if not isinstance(players, int) or isinstance(players, bool):
            raise RoomError("bad_players", msg("web.error.bad_field", field="players", kind="int"))
        try:
            runner.check_players(game.info, players)
        except GameSetupError as error:
            raise RoomError("bad_players", error.message) from None
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RoomError("bad_option", msg("web.error.bad_field", field="options", kind="{}"))
        if game.info.id == "gotcha" and "profiles" in options:
            raise RoomError("bad_option", msg("web.error.profiles_option"))
        try:
            resolved = options_mod.resolve(game.info, options)
        except GameSetupError as error:
            raise RoomError("bad_option", error.message) from None
        given = {name: resolved[name] for name in options}
        if (
            not isinstance(turn_seconds, int)
            or isinstance(turn_seconds, bool)
            or not 0 <= turn_seconds <= MAX_TURN_SECONDS
        ):
            raise RoomError("bad_message", msg("web.error.bad_turn_seconds", max=MAX_TURN_SECONDS))
        room_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        row = RoomRow(room_id, game.info.id, players, given, turn_seconds, LOBBY, 0, _now_ms())
        self.store.create_room(row)
        seats = [SeatState(seat) for seat in range(players)]
        for seat in seats:
            self.store.save_seat(room_id, seat.row())
        room = Room(self, row, seats)
        self.rooms[room_id] = room
        return room

    def get(self, room_id: str) -> Room | None:
        """The room with that id, if any."""
        return self.rooms.get(room_id)

    def load(self) -> None:
        """Read every stored room and replay each game in progress (server start)."""
        for row in self.store.rooms():
            try:
                self.rooms[row.id] = self._load(row)
            except (RulesError, StopIteration, KeyError, ValueError) as error:
                log.error("room %s does not load: %s", row.id, error)

    def _load(self, row: RoomRow) -> Room:
        seats = [
            SeatState(s.seat, s.kind, s.name, s.agent, s.profile, s.token_hash)
            for s in self.store.seats(row.id)
        ]
        room = Room(self, row, seats)
        if row.game_no >= 1:
            game_row = next(g for g in self.store.games(row.id) if g.game_no == row.game_no)
            steps = self.store.actions(row.id, row.game_no)
            with room._realtime():
                live = Live.restore(
                    room.game, row.game_no, game_row.seed, game_row.options, row.players, steps
                )
            room._begin(live)
        return room

    def resume(self) -> None:
        """Start the bots and timers of every game in progress (on the running loop)."""
        for room in self.rooms.values():
            room.resume()

    def close(self) -> None:
        """Cancel every room's tasks."""
        for room in self.rooms.values():
            room.close()


def _check(game: Game[Any, Any], state: Any, seat: Seat, action: Any, text: str) -> None:
    try:
        runner.check(game, state, seat, action)
    except NotYourTurnError as error:
        raise RoomError(
            "not_your_turn", msg("web.error.illegal", reason=error.reason), error.rule_id, text
        ) from None
    except IllegalActionError as error:
        raise RoomError(
            "illegal", msg("web.error.illegal", reason=error.reason), error.rule_id, text
        ) from None


def _profile(name: str, age: int | None, traits: tuple[str, ...]) -> dict[str, Any]:
    if age is None:
        age = (MIN_AGE + MAX_AGE) // 2
    if not 0 < age < 130:
        raise RoomError("bad_message", msg("web.error.bad_age"))
    for trait in traits:
        if trait not in gotcha_cards.TRAITS:
            valid = ", ".join(gotcha_cards.TRAITS)
            raise RoomError("bad_message", msg("web.error.bad_trait", trait=trait, valid=valid))
    return {"name": name, "age": age, "traits": sorted(set(traits))}


def _lang(text: str) -> Lang:
    try:
        return i18n.parse_lang(text)
    except ValueError:
        raise RoomError("bad_message", msg("web.error.bad_lang", lang=text[:10])) from None


def _outcome_json(outcome: Outcome | None, lang: Lang) -> dict[str, Any] | None:
    if outcome is None:
        return None
    data = outcome.to_json()
    data["reason"] = outcome.reason.text(lang) if outcome.reason else None
    return data


def _chat_json(line: ChatRow, lang: Lang) -> dict[str, Any]:
    return {
        "type": "chat",
        "seat": line.seat,
        "name": line.name or msg("web.spectator").text(lang),
        "text": line.text,
        "at": line.at_ms,
    }


def iter_rooms(rooms: Rooms) -> Iterator[Room]:
    """Every room (for the HTTP API)."""
    return iter(rooms.rooms.values())
