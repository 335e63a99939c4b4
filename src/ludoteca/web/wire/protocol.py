"""The WebSocket messages a client sends, read and validated (``docs/protocol.md``).

:func:`parse` turns one text frame into a typed message or raises :class:`ProtocolError`
with the error code and a message in both languages; nothing is changed by a refused frame.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.i18n import Message, msg
from ludoteca.web.wire import messages as _messages  # noqa: F401 (registers the texts)

MAX_FRAME = 16 * 1024
"""Largest accepted frame, in bytes of UTF-8."""
MAX_CHAT = 500
"""Longest chat message, in characters."""
MAX_NAME = 30
"""Longest seat name (Gotcha's profile names allow as much)."""
MAX_INT = 2**31 - 1
"""Largest magnitude of any integer in a frame (seats, versions, steps, ages)."""
MAX_DIGITS = 12
"""Longest integer literal read at all (Python's int-string limit is never reached)."""
MAX_TEXT = 200
"""Longest token, language, agent, trait or action text, in characters."""
MAX_TRAITS = 16
"""Most traits a seat profile may list."""


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
    """The first message: an optional seat token, language and room creator's token, and
    ``role``: ``"table"`` for a room's table screen (party mode: the public view, no seat).
    """

    token: str | None
    lang: str | None
    creator: str | None = None
    role: str | None = None


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


@dataclass(frozen=True, slots=True)
class Vacation:
    """Take ``days`` of vacation in this correspondence game (my clock is pushed back)."""

    days: int


@dataclass(frozen=True, slots=True)
class Nudge:
    """Remind the people the game waits on (once a day per game)."""


@dataclass(frozen=True, slots=True)
class Notify:
    """Send my seat's notices to this Web Push subscription (``endpoint`` and its RFC 8291
    keys, as the browser's ``PushSubscription.toJSON()``).
    """

    endpoint: str
    p256dh: str
    auth: str


ClientMessage = (
    Hello
    | Sit
    | Bot
    | Unbot
    | Leave
    | Start
    | Act
    | Chat
    | Rematch
    | Replay
    | Lang
    | Ping
    | Hint
    | Vacation
    | Nudge
    | Notify
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
    "vacation",
    "nudge",
    "notify",
)


def parse(text: str) -> ClientMessage:
    """Read one text frame.

    Raises:
        ProtocolError: ``too_large``, ``bad_json``, ``bad_message`` or ``unknown_type``.
    """
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FRAME:
        raise ProtocolError("too_large", msg("web.error.too_large", size=size, limit=MAX_FRAME))
    data = load_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("bad_message", msg("web.error.not_object"))
    kind = data["type"]
    if kind == "hello":
        role = _opt_str(data, "role")
        if role not in (None, "table"):
            raise _bad_field("role", '"table"')
        return Hello(
            _opt_str(data, "token"), _opt_str(data, "lang"), _opt_str(data, "creator"), role
        )
    if kind == "sit":
        traits = data.get("traits", [])
        if (
            not isinstance(traits, list)
            or len(traits) > MAX_TRAITS
            or not all(isinstance(t, str) and len(t) <= MAX_TEXT for t in traits)
        ):
            raise _bad_field("traits", "[str]")
        return Sit(
            _int(data, "seat"), _str(data, "name", MAX_FRAME), _opt_int(data, "age"), tuple(traits)
        )
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
        return Chat(_str(data, "text", MAX_FRAME))
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
    if kind == "vacation":
        return Vacation(_int(data, "days"))
    if kind == "nudge":
        return Nudge()
    if kind == "notify":
        return _notify(data)
    raise ProtocolError("unknown_type", msg("web.error.unknown_type", type=kind[:40]))


MAX_ENDPOINT = 1000
"""Longest push endpoint URL accepted."""
MAX_KEY = 200
"""Longest base64url key of a push subscription accepted."""
PUSH_KEY = re.compile(r"[A-Za-z0-9_-]+=*")


def _notify(data: dict[str, Any]) -> Notify:
    """A ``notify`` message, its subscription's shape checked."""
    sub = data.get("subscription")
    keys = sub.get("keys") if isinstance(sub, dict) else None
    endpoint = sub.get("endpoint") if isinstance(sub, dict) else None
    p256dh = keys.get("p256dh") if isinstance(keys, dict) else None
    auth = keys.get("auth") if isinstance(keys, dict) else None
    if (
        not isinstance(endpoint, str)
        or not endpoint.startswith(("https://", "http://"))
        or len(endpoint) > MAX_ENDPOINT
        or not isinstance(p256dh, str)
        or not isinstance(auth, str)
        or not all(0 < len(k) <= MAX_KEY and PUSH_KEY.fullmatch(k) for k in (p256dh, auth))
    ):
        raise ProtocolError("bad_subscription", msg("web.push.bad_subscription"))
    return Notify(endpoint, p256dh, auth)


def load_json(text: str) -> Any:
    """Read JSON text whose strings are all valid Unicode and whose integers are bounded.

    Raises:
        ProtocolError: ``bad_json`` for text that is not JSON, nests too deep, holds a lone
            surrogate (an escaped ``ud800`` alone), ``NaN``/``Infinity`` or an integer of more than
            :data:`MAX_DIGITS` digits.
    """
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_no_constant)
        check_unicode(data)
    except json.JSONDecodeError as error:
        raise ProtocolError("bad_json", msg("web.error.bad_json", detail=error.msg)) from None
    except RecursionError:
        raise ProtocolError("bad_json", msg("web.error.bad_json", detail="nesting")) from None
    except ValueError as error:  # a literal refused by the hooks below, or by int()
        raise ProtocolError("bad_json", msg("web.error.bad_json", detail=str(error))) from None
    return data


def _parse_int(literal: str) -> int:
    if len(literal.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"integer of more than {MAX_DIGITS} digits")
    return int(literal)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def check_unicode(value: Any) -> None:
    """Refuse a lone surrogate in any string or key of a loaded JSON value.

    Raises:
        ValueError: Naming the problem.
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, dict):
            for key, inner in item.items():
                _check_text(key)
                stack.append(inner)
        elif isinstance(item, list):
            stack.extend(item)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("a string holds a lone surrogate (not Unicode text)") from None


def _bad_field(name: str, kind: str) -> ProtocolError:
    return ProtocolError("bad_message", msg("web.error.bad_field", field=name, kind=kind))


def _str(data: dict[str, Any], name: str, limit: int = MAX_TEXT) -> str:
    value = data.get(name)
    if not isinstance(value, str) or len(value) > limit:
        raise _bad_field(name, f"str <= {limit}")
    return value


def _opt_str(data: dict[str, Any], name: str) -> str | None:
    if data.get(name) is None:
        return None
    return _str(data, name)


def _int(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_INT:
        raise _bad_field(name, f"int, |n| <= {MAX_INT}")
    return value


def _opt_int(data: dict[str, Any], name: str) -> int | None:
    if data.get(name) is None:
        return None
    return _int(data, name)
