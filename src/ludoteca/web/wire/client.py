"""One socket of a room and the refusals sent to it.

A :class:`Client` is what a room knows of a socket: its language, its seat and how to queue
a text frame for it. A :class:`RoomError` is a refused request: an error code and a message
in both languages, sent to the socket that asked and to no one else.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

import orjson

from ludoteca.engine import i18n
from ludoteca.engine.events import render
from ludoteca.engine.game import Outcome
from ludoteca.engine.i18n import Lang, Message, msg
from ludoteca.web.wire import messages as _messages  # noqa: F401 (registers the texts)
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.clocksync import ClockSync
from ludoteca.web.wire.limits import Meter, SocketRates


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
        self.creator = False
        """Its ``hello`` named the room creator's token: it may manage bots in the lobby."""
        self.table = False
        """Its ``hello`` opened the room's table screen (party mode): never seated."""
        self.gone = False
        """Closed for not reading (or a failed send): nothing more is queued for it."""
        self.heard: tuple[int, int | None, Lang, int] | None = None
        """``(game_no, seat, lang, version)`` whose events this socket was last sent
        (``room.events``); ``None`` before its first ``state``."""
        self.clock: ClockSync | None = None
        """The page's clock as its pings showed it (made by its first timed ping)."""

    def synced(self) -> ClockSync:
        """This socket's clock samples (made on first use)."""
        if self.clock is None:
            self.clock = ClockSync()
        return self.clock

    def send(self, message: dict[str, Any]) -> None:
        """Send one message (serialised here)."""
        self._send(dumps(message))

    def send_text(self, text: str) -> None:
        """Send one message already serialised."""
        self._send(text)

    def error(self, error: RoomError | p.ProtocolError, names: Sequence[str] = ()) -> None:
        """Send an ``error`` message in this socket's language, a seat it mentions named by
        ``names`` (the room's seat names).
        """
        out: dict[str, Any] = {
            "type": "error",
            "code": error.code,
            "message": render(error.message, self.lang, names),
        }
        if isinstance(error, RoomError):
            if error.rule_id:
                out["rule_id"] = error.rule_id
            if error.action is not None:
                out["action"] = error.action
        self.send(out)


_ORJSON_OPTIONS = orjson.OPT_NON_STR_KEYS


class Serialised:
    """A part of a message serialised once and sent in many (a seat's labelled legal moves,
    ``broadcast``): its JSON bytes, spliced into messages as an ``orjson.Fragment``.
    """

    __slots__ = ("data", "fragment")

    def __init__(self, value: Any) -> None:
        self.data = orjson.dumps(value, option=_ORJSON_OPTIONS)
        self.fragment = orjson.Fragment(self.data)

    @classmethod
    def of_json(cls, data: bytes) -> Serialised:
        """A part already serialised (``data``: valid JSON)."""
        made = cls.__new__(cls)
        made.data = data
        made.fragment = orjson.Fragment(data)
        return made

    @property
    def value(self) -> Any:
        """The part as JSON-ready data again (only the standard library's fallback asks)."""
        return orjson.loads(self.data)


def dumps(message: dict[str, Any]) -> str:
    """A message as one compact JSON text frame (orjson; the standard library for the rare
    value orjson refuses, such as an integer past 64 bits).
    """
    try:
        return orjson.dumps(message, default=_part, option=_ORJSON_OPTIONS).decode("utf-8")
    except orjson.JSONEncodeError:
        return json.dumps(message, ensure_ascii=False, separators=(",", ":"), default=_value)


def _part(value: object) -> Any:
    if isinstance(value, Serialised):
        return value.fragment
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def _value(value: object) -> Any:
    if isinstance(value, Serialised):
        return value.value
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def now_ms() -> int:
    """Wall-clock time in ms (turn deadlines, chat times)."""
    return int(time.time() * 1000)


def parse_lang(text: str) -> Lang:
    """A language a socket asked for.

    Raises:
        RoomError: ``bad_message`` for a language the table does not speak.
    """
    try:
        return i18n.parse_lang(text)
    except ValueError:
        raise RoomError("bad_message", msg("web.error.bad_lang", lang=text[:10])) from None


def outcome_json(
    outcome: Outcome | None, lang: Lang, names: Sequence[str] = ()
) -> dict[str, Any] | None:
    """A game's result as the ``outcome`` field of ``state`` and ``replay``: winners,
    ranks, scores, the end reason (its id and its sentence in ``lang``), the turns, the
    game's own figures and the result as a sentence; players are named by ``names``
    (the reason's seats too, as events name them).
    """
    if outcome is None:
        return None
    data = outcome.to_json()
    data["reason"] = outcome.reason_text(lang, names)
    data["text"] = outcome.describe(lang, names) if names else None
    return data


_SEAT_CHANGES = (p.Sit, p.Bot, p.Unbot, p.Leave)
"""Messages that change a seat: each is broadcast to the whole room, so they are rated."""


def _within_rate(message: p.ClientMessage, rates: SocketRates, meter: Meter, address: str) -> str:
    """The refusal's text key (``web.error.rate_*``) if ``message`` is past its socket's
    (or address's) rate, else the empty string. Messages without a rate cost a type check.
    """
    if isinstance(message, p.Chat):
        return "" if rates.chat.take() and meter.take(address, "chat") else "web.error.rate_chat"
    if isinstance(message, _SEAT_CHANGES):
        fine = rates.seats.take() and meter.take(address, "seats")
        return "" if fine else "web.error.rate_seats"
    if isinstance(message, p.Hint):
        return "" if rates.hints.take() else "web.error.rate_hints"
    if isinstance(message, p.Lang):
        return "" if rates.langs.take() else "web.error.rate_langs"
    return ""


def read_message(
    client: Client, text: str | None, rates: SocketRates, meter: Meter, address: str
) -> p.ClientMessage | None:
    """One text frame of ``client`` read and checked (JSON, shape, the rates of chat, seat
    changes, hints and language switches); None after its refusal was sent to the socket.
    """
    if text is None:
        client.error(p.ProtocolError("bad_json", msg("web.error.binary")))
        return None
    try:
        message = p.parse(text)
    except p.ProtocolError as error:
        client.error(error)
        return None
    if isinstance(message, p.Ping | p.Act):  # the hot path: no rate of its own
        return message
    refused = _within_rate(message, rates, meter, address)
    if refused:
        client.error(p.ProtocolError("rate_limited", msg(refused)))
        return None
    return message
