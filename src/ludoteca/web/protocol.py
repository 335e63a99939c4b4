"""The WebSocket messages a client sends, read and validated (``docs/protocol.md``).

:func:`parse` turns one text frame into a typed message or raises :class:`ProtocolError`
with the error code and a message in both languages; nothing is changed by a refused frame.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.i18n import Message, msg
from ludoteca.web import messages as _messages  # noqa: F401 (registers the texts)

MAX_FRAME = 16 * 1024
"""Largest accepted frame, in bytes of UTF-8."""
MAX_CHAT = 500
"""Longest chat message, in characters."""
MAX_NAME = 30
"""Longest seat name (Gotcha's profile names allow as much)."""


class ProtocolError(Exception):
    """A frame refused before it reaches a room.

    Attributes:
        code: The contract's error code (``bad_json``, ``bad_message``, ...).
        message: Why, in both languages.
    """

    def __init__(self, code: str, message: Message) -> None:
        super().__init__(code)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Hello:
    """The first message: an optional seat token and language."""

    token: str | None
    lang: str | None


@dataclass(frozen=True, slots=True)
class Sit:
    """Take a free seat; ``age``/``traits`` are Gotcha profile fields."""

    seat: int
    name: str
    age: int | None
    traits: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Bot:
    """Fill a seat with a bot (``agent`` None: the room's default bot)."""

    seat: int
    agent: str | None


@dataclass(frozen=True, slots=True)
class Unbot:
    """Free a bot seat again (lobby)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Leave:
    """Give up my seat."""


@dataclass(frozen=True, slots=True)
class Start:
    """Begin the game."""


@dataclass(frozen=True, slots=True)
class Act:
    """Play ``action`` on state ``version`` (``seat``, if sent, must be my own)."""

    action: str
    version: int
    seat: int | None


@dataclass(frozen=True, slots=True)
class Chat:
    """A chat line for the room."""

    text: str


@dataclass(frozen=True, slots=True)
class Rematch:
    """A new game after the end, same seats."""


@dataclass(frozen=True, slots=True)
class Replay:
    """Frame ``step`` of finished game ``game`` (None: the last finished game)."""

    game: int | None
    step: int


@dataclass(frozen=True, slots=True)
class Lang:
    """Switch this socket's language."""

    lang: str


@dataclass(frozen=True, slots=True)
class Ping:
    """Keep-alive; answered with ``pong``."""


@dataclass(frozen=True, slots=True)
class Hint:
    """Ask for a hint for this socket's seat (answered with ``hint`` or an error)."""


ClientMessage = (
    Hello | Sit | Bot | Unbot | Leave | Start | Act | Chat | Rematch | Replay | Lang | Ping | Hint
)

TYPES = (
    "hello",
    "sit",
    "bot",
    "unbot",
    "leave",
    "start",
    "act",
    "chat",
    "rematch",
    "replay",
    "lang",
    "ping",
    "hint",
)


def parse(text: str) -> ClientMessage:
    """Read one text frame.

    Raises:
        ProtocolError: ``too_large``, ``bad_json``, ``bad_message`` or ``unknown_type``.
    """
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FRAME:
        raise ProtocolError("too_large", msg("web.error.too_large", size=size, limit=MAX_FRAME))
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        detail = error.msg if isinstance(error, json.JSONDecodeError) else "nesting"
        raise ProtocolError("bad_json", msg("web.error.bad_json", detail=detail)) from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("bad_message", msg("web.error.not_object"))
    kind = data["type"]
    if kind == "hello":
        return Hello(_opt_str(data, "token"), _opt_str(data, "lang"))
    if kind == "sit":
        traits = data.get("traits", [])
        if not isinstance(traits, list) or not all(isinstance(t, str) for t in traits):
            raise _bad_field("traits", "[str]")
        return Sit(_int(data, "seat"), _str(data, "name"), _opt_int(data, "age"), tuple(traits))
    if kind == "bot":
        return Bot(_int(data, "seat"), _opt_str(data, "agent"))
    if kind == "unbot":
        return Unbot(_int(data, "seat"))
    if kind == "leave":
        return Leave()
    if kind == "start":
        return Start()
    if kind == "act":
        return Act(_str(data, "action"), _int(data, "version"), _opt_int(data, "seat"))
    if kind == "chat":
        return Chat(_str(data, "text"))
    if kind == "rematch":
        return Rematch()
    if kind == "replay":
        return Replay(_opt_int(data, "game"), _int(data, "step"))
    if kind == "lang":
        return Lang(_str(data, "lang"))
    if kind == "ping":
        return Ping()
    if kind == "hint":
        return Hint()
    raise ProtocolError("unknown_type", msg("web.error.unknown_type", type=kind[:40]))


def _bad_field(name: str, kind: str) -> ProtocolError:
    return ProtocolError("bad_message", msg("web.error.bad_field", field=name, kind=kind))


def _str(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise _bad_field(name, "str")
    return value


def _opt_str(data: dict[str, Any], name: str) -> str | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise _bad_field(name, "str")
    return value


def _int(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _bad_field(name, "int")
    return value


def _opt_int(data: dict[str, Any], name: str) -> int | None:
    if data.get(name) is None:
        return None
    return _int(data, name)
