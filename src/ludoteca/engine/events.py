"""What happened at a step, told per viewer: events with data and an es/en sentence.

A game describes the step ``before --seat:action--> after`` for one viewer with
``Game.events`` (see ``docs/architecture.md``, "Events"). Events are derived on demand from
the two states and the action, never inside ``apply``, so playouts pay nothing for them.
``engine.shared_events.step_events`` adds the events every game shares (a forced move, the
end of the game); this module sits below the Game protocol (``engine.game``), which names
:class:`Event` and renders its outcome with :func:`render`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine import native
from ludoteca.engine.i18n import Lang, Localized, Message, msg, register
from ludoteca.engine.seats import CHANCE, Seat


@dataclass(frozen=True, slots=True)
class Event:
    """One thing a viewer learns from a step.

    Attributes:
        kind: A stable id (``"duel_tie"``, ``"swap_received"``, ``"round_end"``, ...).
        actor: The seat that acted, :data:`CHANCE` for a chance step, ``None`` for the table.
        data: JSON-ready facts this viewer may see (cards, cells, seats, ...).
        message: The sentence as a catalogue key and parameters. A parameter named ``seat``
            or ending in ``_seat`` holds a seat and is rendered as that player's name; one
            named ``seats`` or ending in ``_seats`` holds seats, rendered as a list of names.
    """

    kind: str
    actor: Seat | None
    data: Mapping[str, Any]
    message: Message

    def text(self, lang: str, names: Sequence[str]) -> str:
        """The sentence in ``lang``, naming players by ``names`` (one per seat)."""
        return render(self.message, lang, names)

    def to_json(self, lang: str, names: Sequence[str]) -> dict[str, Any]:
        """``{"kind", "actor", "data", "text"}``, ready for a surface."""
        return {
            "kind": self.kind,
            "actor": self.actor,
            "data": dict(self.data),
            "text": self.text(lang, names),
        }


def render(message: Message, lang: str, names: Sequence[str]) -> str:
    """Render ``message`` in ``lang`` with seat parameters replaced by player names.

    Nested messages are rendered the same way.
    """
    code: Lang = "es" if lang == "es" else "en"
    params: list[tuple[str, object]] = []
    for name, value in message.params:
        if isinstance(value, Message):
            params.append((name, render(value, code, names)))
        elif isinstance(value, Localized):
            params.append((name, value.text(code)))
        elif isinstance(value, ActionText):
            params.append((name, value.write(value.action, code, names)))
        elif name == "seat" or name.endswith("_seat"):
            params.append((name, seat_name(value, names, code)))
        elif name == "seats" or name.endswith("_seats"):
            seats = value if isinstance(value, tuple | list) else (value,)
            params.append((name, name_list([seat_name(s, names, code) for s in seats], code)))
        else:
            params.append((name, value))
    return Message(message.key, tuple(params)).text(code)


def seat_name(seat: object, names: Sequence[str], lang: str) -> str:
    """The name of ``seat``: ``names[seat]``, "chance" for :data:`CHANCE`, else the default."""
    code: Lang = "es" if lang == "es" else "en"
    if not isinstance(seat, int) or isinstance(seat, bool):
        return str(seat)
    if seat == CHANCE:
        return msg("engine.event.chance").text(code)
    if 0 <= seat < len(names):
        return names[seat]
    return msg("engine.event.player", number=seat + 1).text(code)


def name_list(items: Sequence[str], lang: str) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"`` (``y`` in Spanish); "nobody" when empty."""
    code: Lang = "es" if lang == "es" else "en"
    if not items:
        return msg("engine.event.nobody").text(code)
    if len(items) == 1:
        return items[0]
    return msg("engine.event.and", first=", ".join(items[:-1]), last=items[-1]).text(code)


def default_names(num_players: int, lang: str) -> list[str]:
    """``["Jugador 1", ...]`` in Spanish, ``["Player 1", ...]`` in English."""
    return list(_default_names("es" if lang == "es" else "en", num_players))


@functools.cache
def _default_names(code: Lang, num_players: int) -> tuple[str, ...]:
    # Cached: the web asks for them for every state it sends (rendering them was ~8% of a
    # served move's processor time under load).
    return tuple(msg("engine.event.player", number=i + 1).text(code) for i in range(num_players))


def event(kind: str, actor: Seat | None, message: Message, **data: Any) -> Event:
    """Build an :class:`Event` with ``data`` from keyword arguments (a shorthand for games)."""
    return Event(kind, actor, data, message)


@dataclass(frozen=True, slots=True)
class ActionText:
    """An action as a message parameter, written when the message is rendered, so that a
    seat the action names (Mystery Date's gift, Gotcha's accused) gets the player's name.

    Attributes:
        action: The action.
        write: The game's ``describe`` (not compared: equal actions read alike).
    """

    action: Any
    write: Callable[[Any, str, Sequence[str]], str] = field(compare=False, hash=False)

    def __str__(self) -> str:
        return self.write(self.action, "en", ())


register(
    {
        "engine.event.chance": {"es": "el azar", "en": "chance"},
        "engine.event.player": {"es": "Jugador {number}", "en": "Player {number}"},
        "engine.event.nobody": {"es": "nadie", "en": "nobody"},
        "engine.event.and": {"es": "{first} y {last}", "en": "{first} and {last}"},
        "engine.event.turn_start": {"es": "Turno de {seat}.", "en": "{seat}'s turn."},
    }
)


native.picklable(globals())  # the frozen dataclasses above, compiled (engine/native.py)
