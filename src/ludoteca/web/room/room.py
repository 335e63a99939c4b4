"""A room: its handling of its sockets' messages.

A :class:`Room` reads each message of a socket and answers it with the parts that hold
the room's state: its seats and tokens (``seats``), its authoritative game and the store
its steps go to (``session``: a step is stored before it is broadcast), its bots and turn
timers (``bots``), what each socket is sent (``broadcast``, ``notices``) and its chat and
replays (``history``). Each part takes only what it needs of the room (``bots.Table``,
``broadcast.Public`` and ``broadcast.Stage``): none of them imports this module.

Every change runs on the event loop under the room's ``asyncio.Lock``; the frequent store
writes (steps, a seat taken, a game started or ended) are committed by the store's writer
thread while the loop serves the other rooms. ``room.hall.Rooms`` creates, finds and
reloads rooms over one store. Message shapes: ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from ludoteca.agents import hints as hints_mod
from ludoteca.engine import options as options_mod
from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import Game, Seat
from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.pace import rules as pace_rules
from ludoteca.web.room import broadcast, notices
from ludoteca.web.room.bots import Pilot, Proposal, agent_names, default_agent
from ludoteca.web.room.events import seat_names
from ludoteca.web.room.history import CHAT_HISTORY, Replays, chat_json, chat_line
from ludoteca.web.room.live import Live
from ludoteca.web.room.pacing import Pacer, forfeit_outcome
from ludoteca.web.room.seats import BOT, HUMAN, Seats, SeatState, hash_token
from ludoteca.web.room.session import FINISHED, LOBBY, PLAYING, Session, committed
from ludoteca.web.room.settings import Settings
from ludoteca.web.store import ChatRow, GameRow, RoomRow, Store
from ludoteca.web.telemetry import metrics
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import Client, RoomError, Serialised, dumps, now_ms, parse_lang

log = logging.getLogger("ludoteca.web")

MAX_TURN_SECONDS = 3600
PRESENCE_DELAY = 0.25
"""Seconds joins and leaves are gathered before one ``presence`` tells them."""
MAX_ROOM_ID = 40
"""Longer ids are never looked up in the store (room ids are 8 characters)."""
HINTS_OPTION = "hints"
"""Room option (not a game option): ``false`` turns hints off in the room."""


class Room:
    """One room: its seats, its sockets and its current game.

    Args:
        store: Where it lives.
        settings: The bots' pacing, the realtime clock's scale and the limits.
        clock: Seconds, for idle rooms (``Rooms.clock``).
        row: The stored room.
        seats: Its seats.
        chat: Its last chat lines, as stored.
    """

    def __init__(
        self,
        store: Store,
        settings: Settings,
        clock: Callable[[], float],
        row: RoomRow,
        seats: list[SeatState],
        chat: list[ChatRow] | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.id = row.id
        self.game: Game[Any, Any] = registry.make(row.game)
        self.info = self.game.info
        self.players = row.players
        # The "hints" room option is the room's, not the game's: kept apart from game options.
        self.hints = row.options.get(HINTS_OPTION, True) is not False
        self.options = {
            k: v for k, v in row.options.items() if k not in (HINTS_OPTION, pace_rules.PACE_OPTION)
        }
        self.turn_seconds = row.turn_seconds
        self.seat_grace = settings.limits.seat_grace
        self.token_until_ms = row.created_ms + round(settings.limits.room_days * 86_400_000)
        """When the room's tokens stop working (unless a game is in progress)."""
        self.loaded_at = clock()
        """When this process read the room (a seated person not seen since dropped then)."""
        self._hints: dict[tuple[int, int, int, Lang], str] = {}
        """Hints given at the current state: ``(game_no, version, seat, lang)`` → frame."""
        self.status = row.status
        self.game_no = row.game_no
        self.created_ms = row.created_ms
        self.seating = Seats(self.store, self.id, self.game, seats)
        self.clients: set[Client] = set()
        """The sockets that said ``hello`` (they are sent every broadcast)."""
        self.sockets: set[Client] = set()
        """Every socket open on the room, ``hello`` or not: while there is one, the room
        stays in memory."""
        self.idle_since: float | None = clock()
        """When the last socket left (``Rooms.clock``); None while one is open."""
        self.lock = asyncio.Lock()
        self.session = Session(self.store, self.id, self.game, settings.clock_scale)
        self.pilot = Pilot(self, settings)
        self.pacer = Pacer(self, store, settings.pace, pace_rules.from_options(row.options))
        self.replays = Replays(self.store, self.id, self.game, self.players)
        self.labels: dict[tuple[int, Lang], tuple[Hashable, Serialised]] = {}
        """Each seat's last labelled legal moves per language (``broadcast.labelled``)."""
        self.told_connected: set[int] = set()
        """The seats everyone was last told are connected (``room`` or ``presence``)."""
        self._presence_timer: asyncio.TimerHandle | None = None
        self.creator_hash = ""
        """The hash of the token ``POST /api/rooms`` handed its creator ("": none)."""
        self.creator_token: str | None = None
        """That token, on the room just created (the HTTP answer carries it); else None."""
        self.chat_lines: collections.deque[ChatRow] = collections.deque(chat or (), CHAT_HISTORY)
        """The last chat lines, as stored (a ``hello`` is sent them without a read)."""

    @property
    def seats(self) -> list[SeatState]:
        """The seats, in seat order."""
        return self.seating.all

    @property
    def live(self) -> Live | None:
        """The current game, if one was started."""
        return self.session.live

    def names(self) -> tuple[str, ...]:
        """The seats' names in seat order."""
        return self.seating.names()

    @property
    def _proposal(self) -> Proposal | None:
        """The bots' waiting realtime proposal (tests watch it)."""
        return self.pilot.proposal

    def summary(self, lang: Lang) -> dict[str, Any]:
        """The public room object of the ``room`` message."""
        return broadcast.summary(self, lang)

    def pace_json(self) -> dict[str, Any]:
        """The room's pace and running clocks (``room.pacing``), for its summary."""
        return self.pacer.to_json()

    def broadcast_room(self) -> None:
        """Send every socket the room summary."""
        broadcast.send_room(self)

    def broadcast_state(self) -> None:
        """Send every socket its own view of the current game."""
        broadcast.send_state(self)

    def _send_state(self, client: Client) -> None:
        broadcast.send_state(self, [client])

    def timed_out(self, seat: Seat, label: dict[Lang, str]) -> None:
        """Tell every socket that ``seat``'s time ran out and a bot played ``label`` for it."""
        notices.timed_out(self.clients, self.seating.names(), seat, label)

    # -------------------------------------------------------------------------------
    # Messages

    async def handle(self, client: Client, message: p.ClientMessage) -> None:
        """Answer one parsed message of ``client`` (errors go to that socket only); a move's
        time to its answer is observed for ``/metrics``.
        """
        if isinstance(message, p.Act):
            started = time.perf_counter()
            await self._answer(client, message)
            metrics.ACTION_SECONDS.observe(time.perf_counter() - started)
        else:
            await self._answer(client, message)

    async def _answer(self, client: Client, message: p.ClientMessage) -> None:
        if isinstance(message, p.Ping):
            client.send({"type": "pong"})
            return
        if isinstance(message, p.Hint):
            await self._hint(client)
            return
        try:
            async with self.lock:
                if isinstance(message, p.Hello):
                    await self._hello(client, message)
                    return
                if not client.hello:
                    raise RoomError("no_hello", msg("web.error.no_hello"))
                if isinstance(message, p.Act):
                    await self._act(client, message)
                elif isinstance(message, p.Sit):
                    await self._sit(client, message)
                elif isinstance(message, p.Start | p.Rematch):
                    await self._start(client, rematch=isinstance(message, p.Rematch))
                elif isinstance(message, p.Chat):
                    await self._chat(client, message)
                else:
                    await self._dispatch(client, message)
        except RoomError as error:
            client.error(error, self.names())
        except Exception:
            # A failing store (or a bug) must not cost the socket: say so, keep serving.
            log.exception("room %s: %s failed", self.id, type(message).__name__)
            client.error(RoomError("server_error", msg("web.error.server")))

    async def _dispatch(self, client: Client, message: p.ClientMessage) -> None:
        if isinstance(message, p.Bot):
            await self._bot(client, message)
        elif isinstance(message, p.Unbot):
            await self._unbot(client, message)
        elif isinstance(message, p.Leave):
            await self._leave(client)
        elif isinstance(message, p.Replay):
            self._replay(client, message)
        elif isinstance(message, p.Vacation | p.Nudge | p.Notify):
            await self._pace_request(client, message)
        elif isinstance(message, p.Lang):
            lang = parse_lang(message.lang)
            self._welcome(client)
            if lang == client.lang:
                return  # nothing it was sent changes: no second copy of the whole state
            client.lang = lang
            client.send({"type": "room", "room": self.summary(client.lang)})
            self._send_state(client)

    async def _hello(self, client: Client, hello: p.Hello) -> None:
        if client.hello:
            raise RoomError("bad_message", msg("web.error.again_hello"))
        if hello.lang is not None:
            client.lang = parse_lang(hello.lang)
        bad_token = reclaimed = False
        if self.status != PLAYING and now_ms() > self.token_until_ms:
            if hello.token is not None or hello.creator is not None:
                client.error(RoomError("token_expired", msg("web.error.token_expired")))
            hello = p.Hello(None, hello.lang, None)
        if hello.creator is not None and self.creator_hash:
            client.creator = secrets.compare_digest(hash_token(hello.creator), self.creator_hash)
        client.table = hello.role == "table"
        if hello.token is not None and not client.table:  # a table screen holds no seat
            held = self.seating.holder(hello.token)
            if held is not None:
                if self.seats[held].kind == BOT:
                    await self._reclaim(held)
                    reclaimed = True
                client.seat = held
                self.seating.dropped.pop(held, None)
            else:
                bad_token = True
        client.hello = True
        self.clients.add(client)
        self.attach(client)
        if bad_token:
            client.error(RoomError("bad_token", msg("web.error.bad_token")))
        self._welcome(client)
        if reclaimed or client.table:  # a seat changed hands, or a table screen came
            self.broadcast_room()
        else:  # a join: the room to the newcomer, only what changed to the others
            client.send({"type": "room", "room": self.summary(client.lang)})
            self._presence_soon()
        self._send_state(client)
        for line in self.chat_lines:
            client.send(chat_json(line, client.lang))

    def _welcome(self, client: Client) -> None:
        client.send(
            {
                "type": "welcome",
                "room_id": self.id,
                "seat": client.seat,
                "lang": client.lang,
                "creator": client.creator,
            }
        )

    def attach(self, client: Client) -> None:
        """A socket opened on the room (before its ``hello``): the room stays loaded."""
        self.sockets.add(client)
        self.idle_since = None

    def drop(self, client: Client) -> None:
        """Forget a socket at once, without telling anyone (it stopped reading)."""
        self._forget(client)
        self.sockets.discard(client)
        if not self.sockets and self.idle_since is None:
            self.idle_since = self.clock()

    def disconnect(self, client: Client) -> None:
        """Forget a closed socket; the others see who is still connected."""
        if client in self.clients:
            self._forget(client)
            if client.table:  # phones hear whether a table screen is there (its sounds)
                self.broadcast_room()
            else:
                self._presence_soon()
        self.drop(client)

    def _forget(self, client: Client) -> None:
        """``client`` is no longer sent anything; if it was its seat's last socket, the
        seat's grace period starts (``Seats.grace_left``).
        """
        if client not in self.clients:
            return
        self.clients.discard(client)
        seat = client.seat
        if seat is not None and not any(other.seat == seat for other in self.clients):
            self.seating.dropped[seat] = self.clock()

    # -------------------------------------------------------------------------------
    # Seats

    def _unseat_sockets(self, number: int) -> None:
        for other in self.clients:
            if other.seat == number:
                other.seat = None

    async def _sit(self, client: Client, sit: p.Sit) -> None:
        if self.status != LOBBY:
            raise RoomError("already_started", msg("web.error.already_started"))
        if client.table:
            raise RoomError("table_screen", msg("web.error.table_screen"))
        if client.seat is not None:
            raise RoomError("bad_message", msg("web.error.already_seated", seat=client.seat))
        seat, token = self.seating.sit(sit.seat, sit.name, sit.age, sit.traits)
        await self._stored_async(lambda: self.store.save_seat(self.id, seat.row()))
        self.seating.all[seat.seat] = seat
        client.seat = sit.seat
        client.send({"type": "seated", "seat": sit.seat, "token": token})
        self.broadcast_room()

    async def _reclaim(self, number: int) -> None:
        """A person's token opens the seat a bot took after their drop: theirs again."""
        await self.seating.reclaim(number)
        self.pilot.forget(number)
        if self.status == PLAYING:
            self.broadcast_state()
            self.pilot.schedule()
            self.pacer.changed(False)

    def _may_manage_bots(self, client: Client) -> None:
        """Seated people manage bots; the room's creator too, seated or not, in the lobby."""
        if client.seat is None and not (client.creator and self.status == LOBBY):
            raise RoomError("not_seated", msg("web.error.not_seated"))

    async def _bot(self, client: Client, bot: p.Bot) -> None:
        self._may_manage_bots(client)
        seat = self.seating.get(bot.seat)
        agent = bot.agent or default_agent(self.info.id)
        if agent not in agent_names(self.info.id):
            names = ", ".join(agent_names(self.info.id))
            raise RoomError(
                "bad_message", msg("agents.unknown", name=agent, game=self.info.id, valid=names)
            )
        if self.status == LOBBY:
            await self.seating.seat_bot(bot.seat, agent)
            self.broadcast_room()
            return
        if seat.kind == BOT:
            raise RoomError("bad_message", msg("web.error.already_bot", seat=bot.seat))
        if any(c.seat == seat.seat for c in self.clients):
            raise RoomError("seat_connected", msg("web.error.seat_connected", seat=bot.seat))
        # Another player hands a dropped person's seat over (Colyseus's reconnection
        # window): only after the grace period, and to the table's own level, never to a
        # bot of the asker's choosing (a random bot would throw the person's game).
        left = self.seating.grace_left(seat.seat, self.clock(), self.seat_grace, self.loaded_at)
        if left > 0:
            wait = math.ceil(left)
            raise RoomError("seat_grace", msg("web.error.seat_grace", name=seat.name, seconds=wait))
        await self._to_bot(seat.seat, self.table_level(), reclaimable=seat.kind == HUMAN)

    def table_level(self) -> str:
        """The bot a dropped person's seat is handed to: the table's own level (the agent
        of its first bot seated in the lobby), else the game's strongest bot.
        """
        for seat in self.seats:
            if seat.kind == BOT and not seat.token_hash:
                return seat.agent
        return default_agent(self.info.id)

    async def _to_bot(self, number: int, agent: str, *, reclaimable: bool = False) -> None:
        """A person's seat played by a bot from now on (``reclaimable``: their token takes
        it back; else it stops working).
        """
        await self.seating.to_bot(number, agent, reclaimable=reclaimable)
        self._unseat_sockets(number)
        self.pilot.forget(number)
        self.broadcast_room()
        if self.status == PLAYING:
            self.broadcast_state()
            self.pilot.schedule()
            self.pacer.changed(False)

    async def _unbot(self, client: Client, unbot: p.Unbot) -> None:
        self._may_manage_bots(client)
        if self.status != LOBBY:
            raise RoomError("already_started", msg("web.error.already_started"))
        seat = self.seating.get(unbot.seat)
        if seat.kind != BOT:
            raise RoomError("bad_message", msg("web.error.not_bot", seat=unbot.seat))
        await self.seating.free(unbot.seat)
        self.broadcast_room()

    async def _leave(self, client: Client) -> None:
        if client.seat is None:
            raise RoomError("not_seated", msg("web.error.not_seated"))
        number = client.seat
        if self.status == LOBBY:
            await self.seating.free(number)
            self._unseat_sockets(number)
            self._welcome(client)
            self.broadcast_room()
            return
        # Their token still opens the seat: a reload (or "take my seat back") reclaims it.
        await self._to_bot(number, default_agent(self.info.id), reclaimable=True)
        self._welcome(client)
        if self.status == FINISHED:
            self.broadcast_state()

    # -------------------------------------------------------------------------------
    # Starting, playing, ending

    async def _start(self, client: Client, *, rematch: bool) -> None:
        # Seated people start; so does the room's creator unseated (its table screen).
        if client.seat is None and not client.creator:
            raise RoomError("not_seated", msg("web.error.not_seated"))
        if self.status == PLAYING:
            raise RoomError("already_started", msg("web.error.already_started"))
        if rematch and self.status != FINISHED:
            raise RoomError("not_finished", msg("web.error.nothing_finished"))
        if not rematch and self.status != LOBBY:
            raise RoomError("already_started", msg("web.error.already_started"))
        if not self.seating.full():
            raise RoomError("not_ready", msg("web.error.not_ready"))
        options = {**self.options, **self.seating.profiles_option()}
        seed = secrets.randbits(48)
        game_no = self.game_no + 1
        try:
            resolved = options_mod.resolve(self.info, options)
            live = Live(self.game, game_no, seed, dict(resolved), self.players)
        except GameSetupError as error:
            raise RoomError("bad_message", error.message) from None
        labels = self.seating.names()
        row = GameRow(game_no, seed, dict(resolved), labels, None)
        await self._stored_async(lambda: self.store.add_game(self.id, row, PLAYING))
        self.game_no = game_no
        self.status = PLAYING
        self.begin(live)
        self.broadcast_room()
        try:
            await self.session.draw_async()
        except RoomError:
            self.pilot.retry_later(self._draw_quietly)
            raise
        await self._after_change_async()

    def _stored(self, write: Callable[[], None]) -> None:
        """Run one store write; a refusal is ``server_error`` and nothing changed."""
        try:
            write()
        except RoomError:
            raise
        except Exception:
            log.exception("room %s: the store refused a write", self.id)
            raise RoomError("server_error", msg("web.error.store")) from None

    async def _stored_async(self, write: Callable[[], None]) -> None:
        """:meth:`_stored` by the store's writer thread: the event loop serves the other
        rooms until it is committed (this room's lock is held).
        """
        await committed(self.store, lambda: self._stored(write))

    def begin(self, live: Live) -> None:
        """Make ``live`` the room's game (a new one, or one restored from the store)."""
        self.session.live = live
        self.pilot.begin(live)

    async def _draw_and_go_on(self) -> None:
        """Draw the chance steps the game is waiting on, store them (by the writer thread),
        then go on (broadcast, bots, timers). If the store refuses them they are undone and
        tried again later. Call under the room's lock.
        """
        try:
            await self.session.draw_async()
        except RoomError:
            self.pilot.retry_later(self._draw_quietly)
            raise
        await self._after_change_async()

    async def _draw_quietly(self) -> None:
        with contextlib.suppress(RoomError):
            await self._draw_and_go_on()

    async def apply(self, seat: Seat, action: Any, reason: dict[str, str] | None = None) -> None:
        """Apply a checked action (and the chance that follows), store, broadcast, go on;
        a bot's ``reason`` for it (one text per language) is kept and stored with it.
        Call under the room's lock: it is held until the steps are stored (the writer
        thread commits them), so no one hears of them before.

        Raises:
            RoomError: ``server_error`` if the store refused the steps; the game is then
                put back as it was (nothing was sent).
        """
        await self.session.play_async(seat, action, reason)
        await self._after_change_async()

    async def apply_or_retry(
        self, seat: Seat, action: Any, reason: dict[str, str] | None = None
    ) -> None:
        """A bot's or a timer's step (with the bot's reason); if the store refuses it, plan
        again a second later.
        """
        try:
            await self.apply(seat, action, reason)
        except RoomError:
            self.pilot.retry_later(self.pilot.schedule)
        else:
            metrics.BOT_ACTIONS.inc()

    async def _after_change_async(self) -> None:
        """After stored steps: the game's end stored by the writer thread, if they ended it;
        then go on (:meth:`_go_on`).
        """
        finish = self._finish_write()
        if finish is not None:
            await self._stored_async(finish)
        self._go_on(finish is not None)

    def _finish_write(self) -> Callable[[], None] | None:
        """The store write of the game's end, if the last steps ended it (else None)."""
        live = self.session.current()
        with self.session.calls():
            outcome = live.outcome()
        if outcome is None or self.status != PLAYING:
            return None
        game_no, result = live.game_no, outcome.to_json()
        return lambda: self.store.finish_game(self.id, game_no, result, FINISHED)

    def _go_on(self, finished: bool) -> None:
        """After stored steps: the end (``finished``), or the bots and timers; broadcast."""
        if finished:
            self.status = FINISHED
            self.pilot.finish()
            self.broadcast_state()
            self.broadcast_room()
            self.pacer.changed(True)
            return
        self.pilot.schedule()
        self.broadcast_state()
        self.pacer.changed(False)

    async def _act(self, client: Client, act: p.Act) -> None:
        if self.status == LOBBY:
            raise RoomError("not_started", msg("web.error.not_started"))
        if client.seat is None:
            raise RoomError("not_seated", msg("web.error.not_seated"))
        seat = client.seat
        if act.seat is not None and act.seat != seat:
            raise RoomError(
                "not_your_seat", msg("web.error.not_your_seat", seat=seat, other=act.seat)
            )
        live = self.session.current()
        if self.status == FINISHED:
            # A move chosen on an earlier state that the game ended after is stale (it raced
            # the ending move); one sent on the final state itself is illegal.
            code = "stale" if act.version < live.version else "illegal"
            raise RoomError(code, msg("web.error.game_over"), action=act.action)
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
            # A bot's proposal whose time has come wins the race against the person.
            pending = self.pilot.due_proposal()
            if pending is not None:
                await self.apply(pending.seat, pending.action)
                metrics.BOT_ACTIONS.inc()
        action = self.session.read(seat, act.action)
        await self.apply(seat, action)
        metrics.PERSON_ACTIONS.inc()

    def resume(self) -> asyncio.Task[None] | None:
        """After a restart: plan the bots and timers of a game in progress (drawing first
        any chance step the stored game stopped at, should its draws not have been stored),
        in a task on the running loop (its store writes never hold the loop).

        Returns:
            The task (None if no game is in progress).
        """
        if self.status == PLAYING and self.session.live is not None:
            return self.pilot.spawn(self._resume())
        return None

    async def _resume(self) -> None:
        async with self.lock:
            await self._draw_quietly()

    # -------------------------------------------------------------------------------
    # Correspondence (``room.pacing``)

    async def pace_due(self) -> None:
        """The scheduler: ring the alarms and act on the deadlines due now."""
        await self.pacer.due()

    def stand_in(self, live: Live, version: int, seat: Seat) -> Awaitable[bool]:
        """A deadline passed: the game's strongest bot moves for ``seat``."""
        return self.pilot.stand_in_for(live, version, seat)

    async def forfeit(self, seat: Seat) -> None:
        """A deadline passed under the ``lose`` policy: ``seat`` loses the game (stored
        before anyone is told). Call under the room's lock.
        """
        live = self.session.current()
        outcome = forfeit_outcome(self.players, seat)
        game_no, result = live.game_no, outcome.to_json()
        await self._stored_async(lambda: self.store.finish_game(self.id, game_no, result, FINISHED))
        live.forfeit = outcome
        self._go_on(True)

    async def _pace_request(self, client: Client, message: p.Vacation | p.Nudge | p.Notify) -> None:
        if isinstance(message, p.Vacation):
            await self.pacer.vacation(client, message.days)
            self.broadcast_room()
        elif isinstance(message, p.Nudge):
            nudged = await self.pacer.nudge(client)
            client.send({"type": "nudged", "seats": nudged})
        else:
            await self.pacer.subscribe(client, message)
            client.send({"type": "notify_saved"})

    def _presence_soon(self) -> None:
        """Joins and leaves are told in one ``presence`` per ``PRESENCE_DELAY`` (a burst of
        joins costs a few broadcasts, not one per socket per join).
        """
        if self._presence_timer is not None:
            return
        loop = asyncio.get_running_loop()
        self._presence_timer = loop.call_later(PRESENCE_DELAY, self._send_presence)

    def _send_presence(self) -> None:
        self._presence_timer = None
        broadcast.send_presence(self)

    def close(self) -> None:
        """Cancel every task (server shutdown, or the room unloaded)."""
        self.pilot.close()
        if self._presence_timer is not None:
            self._presence_timer.cancel()
            self._presence_timer = None

    # -------------------------------------------------------------------------------
    # Chat and replay

    async def _chat(self, client: Client, chat: p.Chat) -> None:
        """Store the line by the writer thread (the loop serves other rooms meanwhile), then
        send it to everyone here.
        """
        seat = client.seat
        name = self.seats[seat].name if seat is not None else ""
        line = chat_line(seat, name, chat.text)
        await self._stored_async(lambda: self.store.add_chat(self.id, line))
        self.chat_lines.append(line)
        texts: dict[Lang, str] = {}  # serialised once per language, not once per socket
        for other in list(self.clients):
            if other.hello:
                if other.lang not in texts:
                    texts[other.lang] = dumps(chat_json(line, other.lang))
                other.send_text(texts[other.lang])

    async def _hint(self, client: Client) -> None:
        """A hint for the asking seat from its own view; the search runs off the event loop."""
        try:
            async with self.lock:
                if not client.hello:
                    raise RoomError("no_hello", msg("web.error.no_hello"))
                if not self.hints:
                    raise RoomError("hints_off", msg("hints.off"))
                live = self.session.live
                seat = client.seat
                if live is None or self.status != PLAYING or seat is None:
                    raise RoomError("not_seated", msg("web.error.not_seated"))
                if seat not in live.actors():
                    raise RoomError("not_your_turn", msg("web.error.hint_not_your_turn"))
                version, lang = live.version, client.lang
                key = (live.game_no, version, seat, lang)
                given = self._hints.get(key)
                if given is None:
                    view = self.game.view(live.state, seat)
                    legal = self.game.legal_actions(live.state, seat)
            if given is None:
                # Searched once per state, seat and language (the same seed gives the same
                # hint): asking again costs a look-up, not a search.
                names = seat_names(self.names(), lang)
                found = await asyncio.to_thread(
                    functools.partial(hints_mod.hint, seed=version, names=names),
                    self.game,
                    view,
                    legal,
                    seat,
                    lang,
                )
                given = dumps({"type": "hint", "version": version, **found.to_json(lang)})
                if any(k[:2] != key[:2] for k in self._hints):
                    self._hints.clear()  # the game moved on: only this state's are kept
                self._hints[key] = given
            client.send_text(given)
        except RoomError as error:
            client.error(error, self.names())

    def _replay(self, client: Client, replay: p.Replay) -> None:
        finished_upto = self.game_no if self.status == FINISHED else self.game_no - 1
        client.send(
            self.replays.message(finished_upto, replay.game, replay.step, client.seat, client.lang)
        )
