"""Notices a room sends beside the game's state: what people should know happened to them.

``timed_out``: a person's turn timer ran out and a stand-in bot moved for their seat. The
seat's own sockets are told the move; the others only that a bot moved for that seat (the
move may be a secret choice). Shapes: ``docs/protocol.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ludoteca.engine.game import Seat
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.web.room.events import seat_names
from ludoteca.web.wire.client import Client, dumps


def timed_out(
    clients: Iterable[Client], names: Sequence[str], seat: Seat, label: dict[Lang, str]
) -> None:
    """Tell every socket (``clients``) that ``seat``'s time ran out and a bot played for it;
    ``names`` are the seats' names, ``label`` is the move in each language (shown only to
    the seat's own sockets).
    """
    texts: dict[tuple[bool, Lang], str] = {}
    for client in list(clients):
        if not client.hello:
            continue
        own = client.seat == seat
        key = (own, client.lang)
        if key not in texts:
            message: dict[str, Any] = {"type": "timed_out", "seat": seat}
            if own:
                message["label"] = label[client.lang]
                text = msg("web.notice.timed_out_you", move=label[client.lang])
            else:
                text = msg("web.notice.timed_out", name=seat_names(names, client.lang)[seat])
            message["message"] = text.text(client.lang)
            texts[key] = dumps(message)
        client.send_text(texts[key])


register(
    {
        "web.notice.timed_out_you": {
            "es": "Se te acabó el tiempo: un bot jugó por ti ({move}).",
            "en": "Your time ran out: a bot played for you ({move}).",
        },
        "web.notice.timed_out": {
            "es": "A {name} se le acabó el tiempo: un bot jugó por su asiento.",
            "en": "{name}'s time ran out: a bot played for that seat.",
        },
    }
)
