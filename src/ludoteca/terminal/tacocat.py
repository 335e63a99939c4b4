"""Tacocat in the terminal: the track, the table and the moves, drawn from a seat's view.

Only view keys are read (see ``Tacocat.view``), so nothing hidden from the seat can appear.
Seat 0 plays toward goal YAY (left), seat 1 toward goal WOW (right).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludoteca.engine.game import View
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.games import tacocat
from ludoteca.terminal import MARKED, Menu, Renderer, seat_label

GOALS = ("YAY", "WOW")
COVERED = "■"
MARKER = "▲"
NUMBER_ALL_REPLACES = 12
"""Replace phases with at most this many legal sets number them all."""


def goal_of(seat: int, lang: Lang) -> str:
    """The person at ``seat`` and the end of the track they push to (``"Ana (YAY)"``)."""
    return f"{seat_label(seat, lang)} ({GOALS[seat]})"


def render_view(
    view: View, lang: Lang, seat_views: Sequence[View] = (), *, compact: bool = False
) -> RenderableType:
    """The board and the table as ``view``'s seat sees them.

    Args:
        view: A Tacocat view (``Tacocat.view``).
        lang: Language of the labels.
        seat_views: Every seat's view, to also show their hands (whole-table replays only).
        compact: For a small terminal: no legend, the counts on one row, and the last
            duel, trick and showdown left to the news (``terminal.feed``).
    """
    seat = view.get("seat")
    title = msg(
        "term.tacocat.title",
        round=view["round"],
        phase=msg(f"tacocat.phase.{view['phase']}"),
    ).text(lang)
    if seat is not None and seat >= 0:
        title += " · " + msg("term.you_are", seat=goal_of(seat, lang)).text(lang)
    parts: list[RenderableType] = [_track(view)]
    if not compact:
        parts.append(Text(msg("term.tacocat.legend").text(lang), style="dim"))
    parts.append(_table(view, lang, seat_views, compact))
    return Panel(Group(*parts), title=title, title_align="left")


def compact_view(view: View, lang: Lang) -> RenderableType:
    """The compact drawing (``render_view(..., compact=True)``)."""
    return render_view(view, lang, (), compact=True)


def menu(view: View, legal: Sequence[Any], lang: Lang) -> Menu:
    """Every move numbered, except large replace phases: ``keep`` and single cards are
    numbered and a hint explains how to type a larger set.
    """
    hints: tuple[str, ...] = ()
    shown = tuple(legal)
    if view["phase"] == "replace" and len(legal) > NUMBER_ALL_REPLACES:
        limit = max(len(action.cards) for action in legal)
        shown = tuple(action for action in legal if len(action.cards) <= 1)
        hints = (msg("term.tacocat.replace_hint", limit=limit).text(lang),)
    hand: list[int] = view.get("hand") or []
    labels = []
    for action in shown:
        label = tacocat.GAME.describe(action, lang)
        if isinstance(action, tacocat.Sacrifice):
            lowest = f" ({hand[0]})" if hand else ""
            label = f"{msg('term.tacocat.sacrifice_yours').text(lang)}{lowest}"
        labels.append(label)
    return Menu(shown, tuple(labels), hints)


def examples(lang: Lang) -> str:
    """Example moves for the help line."""
    return msg("term.tacocat.examples").text(lang)


RENDERER = Renderer(
    render_view=render_view,
    menu=menu,
    seat_label=seat_label,
    examples=examples,
    compact=compact_view,
)


def _track(view: View) -> Table:
    """YAY goal, the seven spaces (letter, hand size, arrow) and WOW goal; ▲ is Tacocat."""
    position: int = view["position"]
    covered = set(view["covered"])
    grid = Table.grid(padding=(0, 1))
    for _ in range(tacocat.SPACES + 2):
        grid.add_column(justify="center")
    letters: list[Text | str] = [Text(GOALS[0], style="bold")]
    sizes: list[str] = [""]
    arrows: list[str] = [""]
    for space in range(tacocat.SPACES):
        is_covered = space in covered and space != position
        letters.append(
            Text(COVERED, style="dim") if is_covered else Text(tacocat.LETTERS[space], style="bold")
        )
        sizes.append("" if is_covered else str(tacocat.HAND_SIZES[space]))
        arrows.append("" if is_covered else _arrow(tacocat.ARROWS[space]))
    letters.append(Text(GOALS[1], style="bold"))
    sizes.append("")
    arrows.append("")
    marker = [""] * (tacocat.SPACES + 2)
    marker[min(max(position + 1, 0), tacocat.SPACES + 1)] = MARKER
    grid.add_row(*letters)
    grid.add_row(*sizes)
    grid.add_row(*arrows)
    grid.add_row(*(Text(cell, style="bold yellow") for cell in marker))
    return grid


def _arrow(seat: int | None) -> str:
    """Who replaces first on a space: not an arrow, which read as Tacocat's direction."""
    if seat is None:
        return "="
    return GOALS[seat][0]


def _table(view: View, lang: Lang, seat_views: Sequence[View], compact: bool = False) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()

    def row(key: str, value: str | Text) -> None:
        grid.add_row(msg(f"term.tacocat.{key}").text(lang), value)

    def seats_pair(values: Sequence[object]) -> str:
        return " · ".join(f"{seat_label(s, lang)} {value}" for s, value in enumerate(values))

    actors = [seat_label(s, lang) for s in view["actors"]]
    turn = ", ".join(actors) if actors else "-"
    attacking = view["phase"] in ("attack", "defend") and view["attacker"] >= 0
    if compact and attacking:
        attacker = msg("term.tacocat.attacker").text(lang)
        turn += f" · {attacker}: {seat_label(view['attacker'], lang)}"
    row("turn", turn)
    if "hand" in view:
        row("your_hand", _cards(view["hand"]))
        if view.get("my_choice") is not None:
            row("your_choice", _choice(view["phase"], view["my_choice"], lang))
    for other in seat_views:
        other_seat = other["seat"]
        row_label = msg("term.hand_of", seat=seat_label(other_seat, lang)).text(lang)
        value = _cards(other.get("hand", []))
        if other.get("my_choice") is not None:
            choice = _choice(view["phase"], other["my_choice"], lang)
            value += "  (" + msg("term.tacocat.chosen_secretly", choice=choice).text(lang) + ")"
        grid.add_row(row_label, value)
    pile = str(view["pile_size"])
    if view["hand_size"]:
        pile += " · " + msg("term.tacocat.deal_size", size=view["hand_size"]).text(lang)
    if compact:
        pile_label = msg("term.tacocat.pile").text(lang)
        row("hand_counts", f"{seats_pair(view['hand_counts'])} · {pile_label} {pile}")
    else:
        row("hand_counts", seats_pair(view["hand_counts"]))
        row("pile", pile)
    if view["phase"] in ("replace", "deal") or max(view["replaced"]) >= 0:
        replaced = ["-" if n < 0 else str(n) for n in view["replaced"]]
        row("replaced", seats_pair(replaced))
    if any(view["chosen"]):
        waiting = [seat_label(s, lang) for s, chosen in enumerate(view["chosen"]) if chosen]
        row("chosen", ", ".join(waiting))
    row("discard", _cards(view["discard"]))
    if attacking and not compact:
        row("attacker", seat_label(view["attacker"], lang))
    if view["attack"]:
        row("attack", _played(view["attack"], view, "attack"))
        answered = len(view["answers"])
        if view["phase"] == "defend" and answered < len(view["attack"]):
            now = view["attack"][answered]
            row("answering", msg("term.tacocat.answering_card", card=now).text(lang))
        if view["answers"]:
            row("answers", _played(view["answers"], view, "defend", lang))
    if view["last_duel"] and not compact:
        row("last_duel", seats_pair(view["last_duel"]))
    trick = view["last_trick"]
    if trick and not compact:
        row(
            "last_trick",
            msg(
                "term.tacocat.trick",
                attacker=seat_label(trick["attacker"], lang),
                attack=_cards(trick["attack"]),
                answers=_answers(trick["answers"], lang),
            ).text(lang),
        )
    if view["last_showdown"] and not compact:
        row("last_showdown", seats_pair(view["last_showdown"]))
    if view["results"]:
        results = [
            f"{number}: {_round_winner(winner, lang)}"
            for number, winner in enumerate(view["results"], start=1)
        ]
        row("results", " · ".join(results))
    return grid


def _cards(cards: Sequence[int]) -> str:
    return " ".join(map(str, cards)) if cards else "-"


def _played(cards: Sequence[int], view: View, kind: str, lang: Lang | None = None) -> Text:
    """``cards`` (an attack, or the answers when ``lang`` is given), the last one played
    marked when the last move (``terminal.MARKED``) was of ``kind``.
    """
    marked = view.get(MARKED) or {}
    played: set[object] = set()
    if marked.get("kind") == kind:
        played = {*marked.get("cards", ()), marked.get("card")}
    text = Text()
    for number, card in enumerate(cards):
        if number:
            text.append(", " if lang is not None else " ")
        label = str(card) if lang is None else _answers([card], lang)
        last = number == len(cards) - 1 if kind == "defend" else abs(card) in played
        text.append(label, style="reverse" if last and abs(card) in played else "")
    return text


def _answers(answers: Sequence[int], lang: Lang) -> str:
    return ", ".join(
        str(card) if card > 0 else msg("term.tacocat.sacrificed", card=-card).text(lang)
        for card in answers
    )


def _choice(phase: str, cards: Sequence[int], lang: Lang) -> str:
    if phase == "duel":
        return msg("term.tacocat.choice_duel", card=_cards(cards)).text(lang)
    if not cards:
        return msg("tacocat.do.keep").text(lang)
    return msg("term.tacocat.choice_replace", cards=_cards(cards)).text(lang)


def _round_winner(winner: int, lang: Lang) -> str:
    return seat_label(winner, lang) if winner >= 0 else msg("term.tacocat.draw").text(lang)


register(
    {
        "term.tacocat.title": {
            "es": "Tacocat · ronda {round} · fase: {phase}",
            "en": "Tacocat · round {round} · phase: {phase}",
        },
        "term.tacocat.legend": {
            "es": "▲ Tacocat · ■ cubierta · nº: cartas por jugador · letra: cambia 1º (=: ambos)",
            "en": "▲ Tacocat · ■ covered · number: cards dealt · letter: replaces first (=: both)",
        },
        "term.tacocat.sacrifice_yours": {
            "es": "sacrifica tu carta más baja",
            "en": "sacrifice your lowest card",
        },
        "term.tacocat.answering": {"es": "Contestas a", "en": "Answering"},
        "term.tacocat.answering_card": {
            "es": "el {card} (las cartas de ataque se contestan de menor a mayor)",
            "en": "the {card} (attack cards are answered lowest first)",
        },
        "term.tacocat.turn": {"es": "Turno", "en": "To act"},
        "term.tacocat.your_hand": {"es": "Tu mano", "en": "Your hand"},
        "term.tacocat.your_choice": {"es": "Tu elección secreta", "en": "Your secret choice"},
        "term.tacocat.chosen_secretly": {
            "es": "elección secreta: {choice}",
            "en": "secret choice: {choice}",
        },
        "term.tacocat.choice_duel": {"es": "duelo con {card}", "en": "duel with {card}"},
        "term.tacocat.choice_replace": {
            "es": "cambiar las cartas {cards}",
            "en": "replace the cards {cards}",
        },
        "term.tacocat.hand_counts": {"es": "Cartas en mano", "en": "Cards in hand"},
        "term.tacocat.pile": {"es": "Mazo", "en": "Draw pile"},
        "term.tacocat.deal_size": {
            "es": "se reparten {size} por jugador",
            "en": "{size} dealt per player",
        },
        "term.tacocat.replaced": {"es": "Cartas cambiadas", "en": "Cards replaced"},
        "term.tacocat.chosen": {"es": "Ya eligió en secreto", "en": "Chose in secret"},
        "term.tacocat.discard": {"es": "Descartes", "en": "Discard pile"},
        "term.tacocat.attacker": {"es": "Ataca", "en": "Attacker"},
        "term.tacocat.attack": {"es": "Ataque en curso", "en": "Current attack"},
        "term.tacocat.answers": {"es": "Respuestas", "en": "Answers"},
        "term.tacocat.last_duel": {"es": "Último duelo", "en": "Last duel"},
        "term.tacocat.last_trick": {"es": "Última baza", "en": "Last trick"},
        "term.tacocat.trick": {
            "es": "{attacker} atacó con {attack}; respuestas: {answers}",
            "en": "{attacker} attacked with {attack}; answers: {answers}",
        },
        "term.tacocat.sacrificed": {"es": "sacrificó {card}", "en": "sacrificed {card}"},
        "term.tacocat.last_showdown": {"es": "Último enfrentamiento", "en": "Last showdown"},
        "term.tacocat.results": {"es": "Rondas", "en": "Rounds"},
        "term.tacocat.draw": {"es": "nula", "en": "draw"},
        "term.tacocat.replace_hint": {
            "es": "O escribe 'cambiar' seguido de las cartas para cambiar hasta {limit} "
            "(p. ej. 'cambiar 3 7').",
            "en": "Or type 'replace' and the cards to change up to {limit} (e.g. 'replace 3 7').",
        },
        "term.tacocat.examples": {
            "es": "mantener, cambiar 3 7, duelo 11, atacar 5 5, atacar 4 5 6, defender 9, "
            "sacrificar",
            "en": "keep, replace 3 7, duel 11, attack 5 5, attack 4 5 6, defend 9, sacrifice",
        },
    }
)
