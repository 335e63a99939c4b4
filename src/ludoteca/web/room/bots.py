"""A room's bots and turn timers: who moves next when no person does.

After every change the room calls :meth:`Pilot.schedule`. In a turn-based game the first
bot among the actors moves after ``Settings.bot_delay``, or, in a paced game (Mystery Date)
with a person at the table, after the time a person would take over that choice
(``agents.pace``: bots do not rush a person's table). In a realtime game every bot
proposes a timed action from its own view; the earliest proposal waits for its game time
and is dropped when anyone acts first (:meth:`Pilot.due_proposal` lets a person's action
lose to a proposal whose time has come). A person with a turn move to make gets a turn
timer when the room has ``turn_seconds``; when it runs out a stand-in agent moves for them.

Bots choose in a worker thread (``asyncio.to_thread``) and their choice is applied under
the room's lock only if the game has not moved on meanwhile.

After any bot's choice the pilot words its reason ("why the bot did that",
``ludoteca.agents.explain``) in the worker thread that chose, in every language, from the
bot's own decision; when that move is applied the room keeps the sentences with the step
(``Live.reasons``) and stores them with it (``Store.add_reason``), so the history sent after
a reload, a restart or in a replay still has them. Small talk is not explained, nor a
stand-in's move for a person whose time ran out.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ludoteca.agents import explain, levels, pace
from ludoteca.agents import registry as agents_registry
from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import RulesError
from ludoteca.engine.game import Seat
from ludoteca.engine.i18n import LANGS, Lang
from ludoteca.engine.runner import Agent
from ludoteca.web.room import clock
from ludoteca.web.room.core import RoomCore
from ludoteca.web.room.events import seat_names
from ludoteca.web.room.live import Live
from ludoteca.web.room.seats import BOT, HUMAN, SeatState
from ludoteca.web.room.session import PLAYING
from ludoteca.web.room.settings import Settings
from ludoteca.web.wire.client import now_ms

log = logging.getLogger("ludoteca.web")

RETRY_SECONDS = 1.0
"""How long a bot's, a timer's or a draw's step waits after the store refused it."""


def default_agent(game_id: str) -> str:
    """The level measured fair for a game where there is one (Gotcha's: a person wins
    about a quarter of the games against three of its bots, ``levels.default_level``),
    else the strongest bot the game has (expert, else greedy, else random).
    """
    fair = levels.default_level(game_id)
    if fair is not None:
        return fair
    names = agent_names(game_id)
    for name in ("expert", "greedy"):
        if name in names:
            return name
    return "random"


def agent_names(game_id: str) -> tuple[str, ...]:
    """The bots a room can seat: the levels first, then the bots by name (ISMCTS refuses
    realtime games).
    """
    names = agents_registry.agent_names(game_id)
    if registry.make(game_id).info.realtime:
        names = tuple(n for n in names if n != "ismcts")
    return (*levels.LEVELS, *names)


@dataclass(slots=True)
class Proposal:
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


class Table(RoomCore, Protocol):
    """What a :class:`Pilot` needs of its room (``room.Room`` is one): its id and lock, its
    game's session, its phase, seats and turn timer, how a step is applied and how a seat's
    people are told that its time ran out.
    """

    @property
    def seats(self) -> Sequence[SeatState]:
        """The seats, in seat order (who is a bot, with which agent)."""
        ...

    @property
    def turn_seconds(self) -> int:
        """A person's time for a turn move (0: no timer)."""
        ...

    def names(self) -> tuple[str, ...]:
        """The seats' names in seat order."""
        ...

    async def apply_or_retry(
        self, seat: Seat, action: Any, reason: dict[str, str] | None = None
    ) -> bool:
        """Apply a bot's or a timer's checked step (planned again later if not stored),
        with the bot's ``reason`` for it (one text per language) if it has one; whether it
        was applied (not if people who pressed before its time changed the game first).
        """
        ...

    def timed_out(self, seat: Seat, label: dict[Lang, str]) -> None:
        """Tell the room that ``seat``'s time ran out and a bot played ``label`` for it."""
        ...


class Pilot:
    """The bots, stand-ins and turn timers of one room.

    Args:
        table: Its room, as far as the bots need it (:class:`Table`).
        settings: The bots' pacing and the realtime clock's scale.
    """

    def __init__(self, table: Table, settings: Settings) -> None:
        self.table = table
        self.game = table.session.game
        self.game_id = self.game.info.id
        self.realtime = self.game.info.realtime
        self.bot_delay = settings.bot_delay
        self.clock_scale = settings.clock_scale
        self.deadlines: dict[int, int] = {}
        """Each timed person's deadline (wall-clock ms)."""
        self.proposal: Proposal | None = None
        self._agents: dict[int, Agent] = {}
        self._stand_ins: dict[int, Agent] = {}
        self._agent_rngs: dict[int, Any] = {}
        self._pace_rngs: dict[int, Any] = {}
        self._tasks = _Tasks()
        self._thinking = threading.Lock()
        self._worded: dict[Seat, tuple[Any, dict[str, str] | None]] = {}
        """Each bot's latest choice and its reason by language (kept by the thread that
        chose, under the thinking lock; ``None``: nothing to explain)."""

    def begin(self, live: Live) -> None:
        """A new game: fresh agents, each seat's rng derived from the game's seed."""
        self._agents.clear()
        self._stand_ins.clear()
        self.deadlines.clear()
        self.proposal = None
        self._worded.clear()
        self._agent_rngs = {
            seat: rng_mod.derive(live.seed, "agent", seat) for seat in range(live.players)
        }
        self._pace_rngs = {
            seat: rng_mod.derive(live.seed, "pace", seat) for seat in range(live.players)
        }

    def forget(self, seat: int) -> None:
        """A seat changed hands: its next agent is made afresh."""
        self._agents.pop(seat, None)

    # -------------------------------------------------------------------------------
    # Tasks

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run ``coro`` on the loop, cancelled by :meth:`close`, its failure logged."""
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._tasks.all.add(task)
        task.add_done_callback(self._tasks.all.discard)
        task.add_done_callback(self._report)
        return task

    def _report(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("room %s: a task failed", self.table.id, exc_info=task.exception())

    def stop(self) -> None:
        """Cancel the bot's move and the timer in progress (not the task calling)."""
        current = asyncio.current_task()
        for task in (self._tasks.driver, self._tasks.timer):
            if task is not None and task is not current and not task.done():
                task.cancel()
        self._tasks.driver = self._tasks.timer = None

    def finish(self) -> None:
        """The game ended: no timers, no moves."""
        self.deadlines.clear()
        self.stop()

    def close(self) -> None:
        """Cancel every task (server shutdown)."""
        for task in list(self._tasks.all):
            task.cancel()

    def retry_later(self, then: Callable[[], Awaitable[None] | None]) -> None:
        """After the store refused a step: call ``then`` (and await what it returns) under
        the room's lock a second later, if the game has not moved on meanwhile.
        """
        live = self.table.session.current()
        self._tasks.driver = self.spawn(self._later(live, live.version, then))

    async def _later(
        self, live: Live, version: int, then: Callable[[], Awaitable[None] | None]
    ) -> None:
        await asyncio.sleep(RETRY_SECONDS)
        async with self.table.lock:
            if self._current(live, version):
                pending = then()
                if pending is not None:
                    await pending

    def _current(self, live: Live, version: int) -> bool:
        table = self.table
        return table.session.live is live and live.version == version and table.status == PLAYING

    # -------------------------------------------------------------------------------
    # Planning

    def schedule(self) -> None:
        """After a change: plan the bots' next move and the turn timers."""
        self.stop()
        self.proposal = None
        table = self.table
        live = table.session.live
        if live is None or table.status != PLAYING:
            return
        with table.session.calls():
            actors = live.actors()
            bots = [s for s in actors if table.seats[s].kind == BOT]
            people = [
                s
                for s in actors
                if table.seats[s].kind == HUMAN
                and (
                    not self.realtime
                    or bool(clock.turn_moves(self.game, self.game.legal_actions(live.state, s)))
                )
            ]
        for seat in list(self.deadlines):
            if seat not in people:
                del self.deadlines[seat]
        if table.turn_seconds > 0:
            for seat in people:
                self.deadlines.setdefault(seat, now_ms() + table.turn_seconds * 1000)
        version = live.version
        if self.realtime:
            if bots:
                self._tasks.driver = self.spawn(self._realtime_bots(live, version, bots))
        elif bots:
            self._tasks.driver = self.spawn(self._bot_move(live, version, bots[0]))
        if self.deadlines:
            self._tasks.timer = self.spawn(self._timeout(live, version))

    def due_proposal(self, t: int | None = None) -> Proposal | None:
        """Before a person's realtime action at game time ``t`` (default: now): the bot's
        proposal timed at or before it and still legal (it then wins the race), taken
        from the pilot.
        """
        pending = self.proposal
        live = self.table.session.current()
        if pending is None or pending.version != live.version:
            return None
        with self.table.session.calls():
            if pending.t > (self.table.session.now() if t is None else t):
                return None
            try:
                runner.check(self.game, live.state, pending.seat, pending.action)
            except RulesError:
                return None
        self.proposal = None
        return pending

    # -------------------------------------------------------------------------------
    # Agents

    def _agent(self, seat: int) -> Agent:
        agent = self._agents.get(seat)
        if agent is None:
            agent = self._agents[seat] = agents_registry.make_agent(
                self.table.seats[seat].agent, self.game_id
            )
        return agent

    def _stand_in(self, seat: int) -> Agent:
        agent = self._stand_ins.get(seat)
        if agent is None:
            agent = self._stand_ins[seat] = agents_registry.make_agent(
                default_agent(self.game_id), self.game_id
            )
        return agent

    def _choose(self, agent: Agent, seat: int, state: Any, *, explained: bool = True) -> Any:
        """A bot's choice (runs in a worker thread), and its reason worded when
        ``explained``. A dropped choice's thread may still be thinking when the next one
        starts: the thinking lock keeps one agent (and its rng) in one thread at a time.
        """
        with self._thinking, self.table.session.calls():
            view = self.game.view(state, seat)
            legal = self.game.legal_actions(state, seat)
            self._worded.pop(seat, None)
            try:
                action = agent.choose(view, legal, self._agent_rngs[seat])
                runner.check(self.game, state, seat, action)
            except Exception:
                # A bot's bug must not stall the table: log it and play a listed move.
                log.exception(
                    "room %s: the bot in seat %s failed; a random move instead", self.table.id, seat
                )
                return rng_mod.choice(self._agent_rngs[seat], list(legal[:50]))
            if explained:
                # Before the agent chooses again: what it recorded describes this choice.
                decision = explain.capture(self.game_id, agent, seat, view, legal, action)
                self._worded[seat] = (action, self._word(decision))
        return action

    def _word(self, decision: explain.Decision) -> dict[str, str] | None:
        """A decision's reason in every language (``None``: small talk, or a reason's bug,
        logged: the move is played unexplained).
        """
        try:
            reason = explain.reason_for(decision)
            if reason is None:
                return None
            names = self.table.names()
            return {lang: reason.text(lang, seat_names(names, lang)) for lang in LANGS}
        except Exception:
            log.exception("room %s: no reason for the bot in seat %s", self.table.id, decision.seat)
            return None

    # -------------------------------------------------------------------------------
    # Moves

    async def _bot_move(self, live: Live, version: int, seat: int) -> None:
        table = self.table
        delay = self._pause(live, seat)
        if delay > 0:
            await asyncio.sleep(delay)
        agent = self._agent(seat)
        action = await asyncio.to_thread(self._choose, agent, seat, live.state)
        async with table.lock:
            if self._current(live, version) and table.seats[seat].kind == BOT:
                await table.apply_or_retry(seat, action, self._reason(seat, action))

    def _pause(self, live: Live, seat: int) -> float:
        """How long a turn-based bot waits before moving: the room's bot delay, or with a
        person at the table in a paced game the time a person would take over the same
        choice (``agents.pace``; never in tests, where the bot delay is 0).
        """
        if self.bot_delay <= 0 or self.game_id not in pace.PACED:
            return self.bot_delay
        if not any(s.kind == HUMAN for s in self.table.seats):
            return self.bot_delay
        with self.table.session.calls():
            choices = len(self.game.legal_actions(live.state, seat))
        return max(self.bot_delay, pace.think_seconds(self.game_id, choices, self._pace_rngs[seat]))

    def _reason(self, seat: Seat, action: Any) -> dict[str, str] | None:
        """The bot's reason for ``action``, if that is the choice it last worded."""
        worded = self._worded.get(seat)
        return worded[1] if worded is not None and worded[0] == action else None

    async def _realtime_bots(self, live: Live, version: int, bots: list[int]) -> None:
        table = self.table
        state = live.state

        def propose() -> Proposal:
            best: Proposal | None = None
            for seat in bots:
                action = self._choose(self._agent(seat), seat, state)
                with table.session.calls():
                    t = self.game.action_time(action)  # type: ignore[attr-defined]
                if best is None or t < best.t:
                    best = Proposal(version, t, seat, action)
            assert best is not None
            return best

        proposal = await asyncio.to_thread(propose)
        if table.session.live is not live or live.version != version:
            return
        self.proposal = proposal
        with table.session.calls():
            now = table.session.now()
        await asyncio.sleep(clock.real_delay(proposal.t, now, self.clock_scale))
        async with table.lock:
            if not self._current(live, version) or table.seats[proposal.seat].kind != BOT:
                return
            self.proposal = None
            reason = self._reason(proposal.seat, proposal.action)
            await table.apply_or_retry(proposal.seat, proposal.action, reason)

    async def _timeout(self, live: Live, version: int) -> None:
        table = self.table
        deadline = min(self.deadlines.values())
        await asyncio.sleep(max(0.0, (deadline - now_ms()) / 1000))
        async with table.lock:
            if not self._current(live, version):
                return
            due = sorted(s for s, d in self.deadlines.items() if d <= now_ms())
            if not due:
                self._tasks.timer = None
                self._tasks.timer = self.spawn(self._timeout(live, version))
                return
            seat = due[0]
        await self.stand_in_for(live, version, seat)

    async def stand_in_for(self, live: Live, version: int, seat: int) -> bool:
        """A person's time ran out (the turn timer, or a correspondence deadline): the
        game's default bot (``default_agent``: Gotcha's fair level) moves for ``seat`` and
        the room is told. Call without the
        room's lock (the bot chooses in a thread, then the move is applied under it).

        Returns:
            Whether the move was applied (False: the game moved on meanwhile, or the store
            refused it and it is tried again later).
        """
        table = self.table
        action = await asyncio.to_thread(
            self._choose, self._stand_in(seat), seat, live.state, explained=False
        )
        async with table.lock:
            if not self._current(live, version):
                return False
            if self.realtime:
                with table.session.calls():
                    action = self._timed_stand_in(live, seat, action, table.session.now())
                if action is None:
                    return False
            self.deadlines.pop(seat, None)
            if not await table.apply_or_retry(seat, action):  # refused, or overtaken
                return False
            with table.session.calls():
                names = table.names()
                label = {
                    lang: self.game.describe(action, lang, seat_names(names, lang))
                    for lang in LANGS
                }
            table.timed_out(seat, label)
            return True

    def _timed_stand_in(self, live: Live, seat: Seat, action: Any, t: int) -> Any:
        """The stand-in's realtime move stamped at ``t``; if that is not legal now, the
        first turn move the game lists at ``t``; ``None`` if neither is.
        """
        candidates = [action]
        turn = clock.turn_moves(self.game, self.game.legal_actions(live.state, seat))
        if turn:
            candidates.append(turn[0])
        for candidate in candidates:
            stamped = clock.restamp(self.game, candidate, t)
            try:
                runner.check(self.game, live.state, seat, stamped)
            except RulesError:
                continue
            return stamped
        log.warning("room %s: no timed move for seat %s", self.table.id, seat)
        return None
