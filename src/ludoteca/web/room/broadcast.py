"""What each socket of a room is sent: the room summary and its own view of the game.

Every socket gets its seat's view and, when its seat may act, its legal actions, with
labels in its language; the last step is hidden from the other seats while it is a secret
choice; and the events of the steps it has not heard of yet (``room.events``). Sockets
of the same seat, language and events share one serialised text, and a labelled list of
legal moves is serialised once per listing and language (:func:`labelled`): a seat that
still faces the same choice after another seat's move reuses it. Message shapes:
``docs/protocol.md`` (``room`` and ``state``).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Hashable, Sequence
from typing import Any, Protocol

import orjson

from ludoteca.engine import registry
from ludoteca.engine.game import GameInfo
from ludoteca.engine.i18n import Lang
from ludoteca.engine.lazy import listing_identity, listing_keys
from ludoteca.web.room import clock, events
from ludoteca.web.room.bots import Pilot
from ludoteca.web.room.live import Live
from ludoteca.web.room.pacing import Pacer
from ludoteca.web.room.seats import BOT, SeatState
from ludoteca.web.room.session import Session
from ludoteca.web.wire.client import Client, Serialised, dumps, now_ms, outcome_json


class Public(Protocol):
    """What the ``room`` message shows of a room (``room.Room`` is one): its settings,
    phase, seats and sockets.
    """

    @property
    def id(self) -> str:
        """The room's id."""
        ...

    @property
    def info(self) -> GameInfo:
        """Its game."""
        ...

    @property
    def players(self) -> int:
        """Its number of seats."""
        ...

    @property
    def options(self) -> dict[str, Any]:
        """Its game options, as given."""
        ...

    @property
    def turn_seconds(self) -> int:
        """Its turn timer (0: none)."""
        ...

    @property
    def hints(self) -> bool:
        """Whether hints are on."""
        ...

    @property
    def status(self) -> str:
        """``lobby``, ``playing`` or ``finished``."""
        ...

    @property
    def game_no(self) -> int:
        """Its current (or last) game's number."""
        ...

    @property
    def seats(self) -> Sequence[SeatState]:
        """Its seats, in seat order."""
        ...

    @property
    def clients(self) -> Collection[Client]:
        """The sockets that said ``hello``."""
        ...

    def pace_json(self) -> dict[str, Any]:
        """Its pace and running clocks (``room.pacing``)."""
        ...


class Audience(Public, Protocol):
    """A room whose sockets are told who is connected: the seats they were last told."""

    told_connected: set[int]


class Listing(Protocol):
    """Where a seat's labelled legal moves are kept (:func:`labelled`): the room's game and
    each seat's last listing per language.
    """

    @property
    def info(self) -> GameInfo:
        """The room's game."""
        ...

    @property
    def labels(self) -> dict[tuple[int, Lang], tuple[Hashable, Serialised]]:
        """Each seat's last labelled legal moves per language."""
        ...


class Stage(Listing, Protocol):
    """What each socket's ``state`` message is made of (``room.Room`` is one): the game in
    progress, the seats' names, the sockets, the bots, and the labelled moves kept per seat.
    """

    @property
    def session(self) -> Session:
        """The game in progress."""
        ...

    @property
    def clients(self) -> Collection[Client]:
        """The sockets that said ``hello``."""
        ...

    @property
    def pilot(self) -> Pilot:
        """The bots and turn timers (their deadlines and the last search bot's reasons)."""
        ...

    @property
    def pacer(self) -> Pacer:
        """A correspondence room's clocks (``room.pacing``)."""
        ...

    def names(self) -> tuple[str, ...]:
        """The seats' names in seat order."""
        ...


def describe(game_id: str, action: Any, lang: Lang, names: tuple[str, ...]) -> str:
    """``game.describe`` remembered: a state's labels are built for every socket and most
    moves recur (actions are hashable values; describing one is a pure function of the
    action, the language and the seats' names). A label that names no seat (most of them)
    is remembered once for every room, whatever its players are called.
    """
    label = _nameless(game_id, action, lang)
    return label if label is not None else _named(game_id, action, lang, names)


_PROBE_MARK = "\ue000"
_PROBE_NAMES = tuple(f"{_PROBE_MARK}{seat}" for seat in range(64))
"""Names no person can type (a private-use character): a label written with them that
does not contain the mark names no seat."""
_NAMELESS: dict[tuple[str, Any, Lang], str | None] = {}
_NAMELESS_LIMIT = 1 << 16


def _nameless(game_id: str, action: Any, lang: Lang) -> str | None:
    """The label of ``action`` when it names no seat, else ``None`` (found out once)."""
    key = (game_id, action, lang)
    try:
        return _NAMELESS[key]
    except KeyError:
        pass
    if len(_NAMELESS) >= _NAMELESS_LIMIT:
        _NAMELESS.clear()
    probe = registry.make(game_id).describe(action, lang, _PROBE_NAMES)
    label = _NAMELESS[key] = None if _PROBE_MARK in probe else probe
    return label


@functools.lru_cache(maxsize=1 << 14)
def _named(game_id: str, action: Any, lang: Lang, names: tuple[str, ...]) -> str:
    return registry.make(game_id).describe(action, lang, names)


def labelled(
    room: Listing, seat: int, moves: Sequence[Any], lang: Lang, names: tuple[str, ...]
) -> Serialised:
    """``[{"text", "label"}, ...]`` for ``seat``'s ``moves`` in ``lang``, built and serialised
    once per listing: the room keeps each seat's last one, known by the lazy list's
    :meth:`~LazyActions.identity` (a Tacocat hand's 128 replace choices) or by the actions,
    so a seat that still faces the same choice after another seat's move reuses it.
    A move that names a seat (a Mystery Date gift) is labelled with ``names``.
    """
    identity = listing_identity(moves)
    key: Hashable = (
        ((type(moves).__name__, identity) if identity is not None else tuple(moves)),
        names,
    )
    kept = room.labels.get((seat, lang))
    if kept is not None and kept[0] == key:
        return kept[1]
    game_id = room.info.id
    keys = listing_keys(moves)
    if keys is not None:
        parts = _keyed_items(game_id, type(moves).__name__, moves, keys, lang, names)
    else:
        parts = [_item(game_id, a, lang, names) for a in moves]
    made = Serialised.of_json(b"[" + b",".join(parts) + b"]")
    room.labels[seat, lang] = (key, made)
    return made


_KEYED: dict[tuple[str, str, Lang], dict[Hashable, bytes]] = {}


def _keyed_items(
    game_id: str,
    kind: str,
    moves: Sequence[Any],
    keys: Sequence[Hashable],
    lang: Lang,
    names: tuple[str, ...],
) -> list[bytes]:
    """Each move's ``{"text", "label"}`` found by its item key (``LazyActions.item_keys``):
    a new Tacocat hand's 100-odd replace choices are looked up by their cards, and only
    the moves never labelled before are made and described. A label that names a seat is
    made every time (never kept under a key shared by every room).
    """
    table = _KEYED.get((game_id, kind, lang))
    if table is None or len(table) >= _ITEMS_LIMIT:
        table = _KEYED[game_id, kind, lang] = {}
    parts: list[bytes] = []
    for index, key in enumerate(keys):
        part = table.get(key)
        if part is None:
            action = moves[index]
            label = _nameless(game_id, action, lang)
            if label is None:
                part = _item(game_id, action, lang, names)
            else:
                part = table[key] = _item_json(action, label)
        parts.append(part)
    return parts


def _item_json(action: Any, label: str) -> bytes:
    """One move of a ``legal`` list as JSON."""
    return orjson.dumps({"text": str(action), "label": label})


_ITEMS: dict[tuple[str, Any, Lang, tuple[str, ...]], bytes] = {}
_ITEMS_LIMIT = 1 << 17


def _item(game_id: str, action: Any, lang: Lang, names: tuple[str, ...]) -> bytes:
    """``{"text", "label"}`` of one action as JSON, remembered (most moves recur): under
    no names when its label names no seat, so every room shares it.
    """
    key: tuple[str, Any, Lang, tuple[str, ...]] = (game_id, action, lang, ())
    found = _ITEMS.get(key)
    if found is None:
        label = _nameless(game_id, action, lang)
        if label is None:
            key = (game_id, action, lang, names)
            found = _ITEMS.get(key)
            if found is not None:
                return found
            label = _named(game_id, action, lang, names)
        if len(_ITEMS) >= _ITEMS_LIMIT:
            _ITEMS.clear()
        found = _ITEMS[key] = _item_json(action, label)
    return found


def connected_seats(room: Public) -> set[int]:
    """The seats a socket holds now."""
    return {c.seat for c in room.clients if c.hello and c.seat is not None}


def spectator_count(room: Public) -> int:
    """The sockets that hold no seat."""
    return sum(1 for c in room.clients if c.hello and c.seat is None)


def table_count(room: Public) -> int:
    """The sockets open as the room's table screen (party mode)."""
    return sum(1 for c in room.clients if c.hello and c.table)


def summary(
    room: Public, lang: Lang, connected: set[int] | None = None, spectators: int | None = None
) -> dict[str, Any]:
    """The public room object of the ``room`` message (``connected`` and ``spectators``
    counted here unless given).
    """
    if connected is None:
        connected = connected_seats(room)
    seats = []
    for seat in room.seats:
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
    info = room.info
    return {
        "id": room.id,
        "game": info.id,
        "game_name": info.name(lang),
        "players": room.players,
        "options": room.options,
        "turn_seconds": room.turn_seconds,
        "hints": room.hints,
        "status": room.status,
        "game_no": room.game_no,
        "seats": seats,
        "spectators": spectator_count(room) if spectators is None else spectators,
        "tables": table_count(room),
        "pace": room.pace_json(),
    }


def state_message(
    room: Stage, seat: int | None, lang: Lang, since: int | None = None
) -> dict[str, Any]:
    """The ``state`` message for a socket of ``seat`` (``None``: a spectator) in ``lang``
    (call under ``Session.calls``), with the events of the steps from ``since`` on, or
    the game's history so far when ``since`` is ``None``.
    """
    live = room.session.current()
    names = events.seat_names(room.names(), lang)
    book = events.live_book(live)
    if since is None:
        told = book.history(live.version, seat, lang, names)
        first = told[0]["step"] if told else 0  # the reasons of the steps whose events go
    else:
        told = book.since(since, live.version, seat, lang, names)
        first = since
    reasons = live.reasons
    whys = (
        events.told_reasons(reasons, live.steps.seat, first, live.version, lang) if reasons else []
    )
    info = room.info
    game = room.session.game
    state = live.state
    actors = list(live.actors())
    view = game.view(state, seat)
    legal: list[dict[str, str]] | Serialised = []
    if seat is not None and seat in actors:
        moves = game.legal_actions(state, seat)
        if info.realtime:
            legal = clock.menu(game, view, moves, lang)
        else:
            legal = labelled(room, seat, moves, lang, names)
    last = live.last()
    shown_last = None
    if last is not None and (not last.secret or last.seat == seat):
        shown_last = {
            "seat": last.seat,
            "text": last.text,
            "label": describe(info.id, last.action, lang, names),
        }
    deadlines = room.pilot.deadlines
    due = [deadlines[s] for s in actors if s in deadlines]
    left = [deadline - now_ms() for deadline in due]
    paced = room.pacer.clocks
    if paced:  # a correspondence room: the deadlines on the server's pace clock
        due = [paced[s].due_ms for s in actors if s in paced]
        left = [ms for s in actors if (ms := room.pacer.time_left(s)) is not None]
    return {
        "type": "state",
        "version": live.version,
        "view": view,
        "you": seat,
        "actors": actors,
        "legal": legal,
        "last": shown_last,
        "outcome": outcome_json(live.outcome(), lang, names),
        "events": told,
        "events_reset": since is None,
        "deadline": min(due) if due else None,
        "deadline_in": min(left) if left else None,
        "clock": clock.clock_of(view) if info.realtime else None,
        "whys": whys,
        "why": _last_why(live, lang),
    }


def _last_why(live: Live, lang: Lang) -> dict[str, Any] | None:
    """The reason for the last move, if a bot made it (``why``, for the clients that read
    only the last move's reason; ``whys`` carries every one).
    """
    if not live.reasons:  # no bot move explained yet (every move of people-only tables)
        return None
    last = live.last_index()
    if last is None or last not in live.reasons:
        return None
    told = events.told_reasons(live.reasons, live.steps.seat, last, last + 1, lang)
    return told[0] if told else None


def send_room(room: Audience) -> None:
    """Send every socket the room summary (built once per language)."""
    connected, spectators = connected_seats(room), spectator_count(room)
    room.told_connected = connected
    texts: dict[Lang, str] = {}
    for client in list(room.clients):
        if client.hello:
            if client.lang not in texts:
                room_json = summary(room, client.lang, connected, spectators)
                texts[client.lang] = dumps({"type": "room", "room": room_json})
            client.send_text(texts[client.lang])


def send_presence(room: Audience) -> None:
    """After sockets joined or left: tell everyone only what changed, the seats whose
    ``connected`` changed since they were last told (``Audience.told_connected``) and the number
    of spectators, in one text for every socket (a socket that joined meanwhile got the whole
    room already; the delta agrees with it).
    """
    after = connected_seats(room)
    changed = [
        {"seat": number, "connected": number in after}
        for number in sorted(room.told_connected ^ after)
        if room.seats[number].kind != BOT
    ]
    room.told_connected = after
    text = dumps({"type": "presence", "seats": changed, "spectators": spectator_count(room)})
    for client in list(room.clients):
        if client.hello:
            client.send_text(text)


def send_state(room: Stage, clients: list[Client] | None = None) -> None:
    """Send every socket (or only ``clients``) its own view of the current game."""
    if room.session.live is None:
        return
    live = room.session.current()
    texts: dict[tuple[int | None, str, int | None], str] = {}
    with room.session.calls():
        for client in list(room.clients) if clients is None else clients:
            if client.hello:
                since = unheard_from(client, live.game_no)
                key = (client.seat, client.lang, since)
                if key not in texts:
                    texts[key] = dumps(state_message(room, client.seat, client.lang, since))
                client.send_text(texts[key])
                client.heard = (live.game_no, client.seat, client.lang, live.version)


def unheard_from(client: Client, game_no: int) -> int | None:
    """The first step whose events ``client`` was not sent, or ``None`` when it needs the
    whole history (its first state, a new game, another seat or language).
    """
    heard = client.heard
    if heard is None or heard[:3] != (game_no, client.seat, client.lang):
        return None
    return heard[3]
