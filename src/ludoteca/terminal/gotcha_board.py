"""Gotcha's compact boards, for a small terminal (``terminal.gotcha`` draws the full one).

They keep the board whole where the full one does not fit: the track first, every rule
area (live, waiting for its WHAT card, or empty; the empty ones together on one row), the
players with their traits in short words a person reads at a glance (:func:`compact`), or,
when even that does not fit (many players), their names and ages only, with where the
traits are (the whole table: F3 on the full screen, ``/table`` line by line). Nothing is
cut: a long line wraps.

Only view keys are read, so nothing hidden from the seat can appear.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludoteca.engine.game import View
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.engine.seats import seat_symbol
from ludoteca.games.gotcha import cards

EMPTY = "empty"
"""A rule area with no card on it (an unclaimed mat, or an area before its first WHO)."""
WAITING = "waiting"
"""A rule area with part of a rule that binds nobody yet (a WHO card waiting for a WHAT)."""
LIVE = "live"
"""A rule area whose rule binds players."""

TABLE_WORDS = frozenset({"/table", "/mesa"})
"""What a person types, line by line, to see the whole table (every trait in full)."""


@dataclass(frozen=True, slots=True)
class Parts:
    """The parts of the board the compact drawings share with the full one.

    Attributes:
        title: ``(view, names, lang)`` to the panel's title.
        track: ``(view, names, length)`` to the track with the players on it.
        slot_label: ``(view, slot, lang)`` to a rule area's name on the board.
        ballot: ``(view, names, lang)`` to the vote under way.
    """

    title: Callable[[View, Sequence[str], Lang], str]
    track: Callable[[View, list[str], int], RenderableType]
    slot_label: Callable[[View, str, Lang], Text]
    ballot: Callable[[View, Sequence[str], Lang], Text]


def compact(view: View, lang: Lang, parts: Parts, *, brief: bool) -> RenderableType:
    """The compact board: the track, the players (``brief``: names and ages only, after
    the areas: what binds whom comes first), every rule area, the hand and the vote.
    """
    seat = view.get("seat")
    names = [p["name"] for p in view["profiles"]]
    shown: list[RenderableType] = [parts.track(view, names, view["rules"]["track_length"])]
    if brief:
        shown += [_areas(view, lang, names, parts), _brief_players(view, lang)]
    else:
        shown += [_players(view, lang), _areas(view, lang, names, parts)]
    if isinstance(seat, int) and 0 <= seat < len(names):
        shown += _hand(view, lang, seat, brief=brief)
    if view.get("ballot"):
        shown.append(parts.ballot(view, names, lang))
    return Panel(Group(*shown), title=parts.title(view, names, lang), title_align="left")


def _hand(view: View, lang: Lang, seat: int, *, brief: bool) -> list[RenderableType]:
    """The person's cards, and the chat and emotes left this turn."""
    heading = msg("term.gotcha.hand").text(lang) + ":"
    hand = Table.grid(padding=(0, 1))
    if brief:  # the heading beside the first card: a row less
        hand.add_column(style="bold", no_wrap=True)
    hand.add_column(style="bold")
    hand.add_column(overflow="fold")
    for index, card_id in enumerate(view["hand"]):
        card = cards.card(card_id)
        row = ("•", Text(card.es if lang == "es" else card.en))
        hand.add_row(*(("" if index else heading, *row) if brief else row))
    shown: list[RenderableType] = []
    if not brief or not view["hand"]:
        shown.append(Text(heading, style="bold"))
    shown.append(hand)
    notes = [msg("term.gotcha.left", n=view["events_left"][seat]).text(lang)]
    if view.get("locked", [False] * len(view["profiles"]))[seat]:
        notes.append(msg("term.gotcha.locked").text(lang))
    shown.append(Text(" · ".join(notes), style="dim"))
    return shown


def _players(view: View, lang: Lang) -> Table:
    """One player a row: their symbol, name, age, traits in short words."""
    players = Table.grid(padding=(0, 1))
    players.add_column(justify="right")
    players.add_column(overflow="fold")
    for number, profile in enumerate(view["profiles"]):
        line = msg("term.gotcha.profile", name=profile["name"], age=profile["age"]).text(lang)
        traits = short_traits(profile["traits"], lang)
        players.add_row(seat_symbol(number), Text(f"{line}: {traits or '-'}"), style="dim")
    return players


def _brief_players(view: View, lang: Lang) -> Flow:
    """Every player's symbol, name and age, as many a row as fit, and where the traits are."""
    items = [
        Text(f"{seat_symbol(number)} ")
        + Text(msg("term.gotcha.profile", name=p["name"], age=p["age"]).text(lang))
        for number, p in enumerate(view["profiles"])
    ]
    items.append(Text(f"({msg('term.gotcha.traits_elsewhere').text(lang)})", style="italic"))
    return Flow(items)


def _areas(view: View, lang: Lang, names: Sequence[str], parts: Parts) -> Group:
    """Every rule area in board order: a live rule with the players it binds, a rule
    that binds nobody yet, then the empty areas together on one row (each named).
    """
    areas = Table.grid(padding=(0, 1))
    areas.add_column(style="bold", no_wrap=True)
    areas.add_column(overflow="fold")
    empty: list[Text] = []
    for slot in view["slots"]:
        state = area_state(slot, lang)
        if state == EMPTY:
            empty.append(parts.slot_label(view, slot["slot"], lang))
            continue
        if state == LIVE:
            rule = Text(f"{slot[lang]} [{bound(slot['bound'], names, lang)}]")
        else:
            rule = Text(f"{slot[lang]} ", style="dim")
            rule.append(f"({msg('term.gotcha.area_waiting').text(lang)})", style="italic dim")
        areas.add_row(parts.slot_label(view, slot["slot"], lang), rule)
    shown: list[RenderableType] = [areas] if areas.row_count else []
    if empty:
        line = Text(" ").join(empty)
        line.stylize("bold")
        line.append(f"  {msg('term.gotcha.area_empty').text(lang)}", style="italic dim")
        shown.append(line)
    return Group(*shown)


def bound(seats: Sequence[int], names: Sequence[str], lang: Lang) -> str:
    """The players a live rule binds: their names, "everyone", or "-" for nobody."""
    if len(seats) == len(names) > 1:
        return msg("term.gotcha.everyone").text(lang)
    return ", ".join(names[s] for s in seats) or "-"


def short_traits(traits: Iterable[str], lang: Lang) -> str:
    """A profile's traits in short words, in the order given (``"jeans · glasses"``)."""
    return " · ".join(msg(f"term.gotcha.trait.{trait}").text(lang) for trait in traits)


def area_state(slot: Mapping[str, Any], lang: Lang) -> str:
    """Whether a rule area of the view is :data:`LIVE`, :data:`WAITING` or :data:`EMPTY`."""
    if slot["live"]:
        return LIVE
    return WAITING if slot[lang] else EMPTY


class Flow:
    """Short items side by side, as many a row as the width takes, never one split over
    two rows (unless it is wider than a row alone): ``0 Ana, 63 · 1 Bruno, 59 · ...``.
    """

    def __init__(self, items: Sequence[Text], separator: str = " · ") -> None:
        """Lay out ``items`` in order, ``separator`` between two on the same row."""
        self.items = tuple(items)
        self.separator = separator

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        """The rows at the width there is."""
        width = options.max_width
        row = Text()
        for item in self.items:
            if row and cell_len(row.plain + self.separator + item.plain) > width:
                yield row
                row = Text()
            if row:
                row.append(self.separator)
            row.append_text(item)
        if row:
            yield row


register(
    {
        "term.gotcha.area_empty": {"es": "sin regla", "en": "no rule"},
        "term.gotcha.area_waiting": {"es": "aún no obliga", "en": "binds nobody yet"},
        "term.gotcha.everyone": {"es": "todos", "en": "everyone"},
        "term.gotcha.traits_elsewhere": {
            "es": "sus rasgos: /mesa o F3",
            "en": "their traits: /table or F3",
        },
        "term.gotcha.trait.man": {"es": "hombre", "en": "man"},
        "term.gotcha.trait.woman": {"es": "mujer", "en": "woman"},
        "term.gotcha.trait.trousers": {"es": "pantalones", "en": "trousers"},
        "term.gotcha.trait.jeans": {"es": "vaqueros", "en": "jeans"},
        "term.gotcha.trait.glasses": {"es": "gafas", "en": "glasses"},
        "term.gotcha.trait.red": {"es": "algo rojo", "en": "something red"},
        "term.gotcha.trait.facial_hair": {"es": "barba/bigote", "en": "facial hair"},
        "term.gotcha.trait.socks": {"es": "calcetines", "en": "socks"},
        "term.gotcha.trait.hat": {"es": "gorra/sombrero", "en": "hat"},
        "term.gotcha.trait.sneakers": {"es": "zapatillas", "en": "trainers"},
        "term.gotcha.trait.watch": {"es": "reloj", "en": "watch"},
        "term.gotcha.trait.long_hair": {"es": "pelo largo", "en": "long hair"},
        "term.gotcha.trait.black": {"es": "algo negro", "en": "something black"},
        "term.gotcha.trait.earrings": {"es": "pendientes", "en": "earrings"},
        "term.gotcha.trait.left_handed": {"es": "zurdo/a", "en": "left-handed"},
        "term.gotcha.trait.pet": {"es": "mascota", "en": "pet"},
    }
)
