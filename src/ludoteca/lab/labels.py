"""Words for what the lab measures: seats, the games' counts and the outcomes' figures.

A table cell a designer reads says "goals scored with shape L4 · second seat", never
``stat.goals_L4@1`` or ``fig.position``. Seats are named by their place at the table in
words ("first seat"; Tacocat adds its goal, "first seat (YAY)"): in a simulation nobody
sits there, and "seat 0" is an id. A count name ending in ``@<seat>`` and a figure name
ending in ``_<seat>`` are per seat.
"""

from __future__ import annotations

import re

from ludoteca.engine import i18n
from ludoteca.engine.i18n import Lang, Message, msg, register

ORDINALS = {
    "es": ("primer", "segundo", "tercer", "cuarto", "quinto", "sexto", "séptimo", "octavo"),
    "en": ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"),
}
SEAT_NOTES = {"tacocat": ("YAY", "WOW")}
"""What a game's seat is also called at the table (Tacocat's goals)."""

_PER_SEAT_COUNT = re.compile(r"^(?P<base>.+)@(?P<seat>\d+)$")
_PER_SEAT_FIGURE = re.compile(r"^(?P<base>.+)_(?P<seat>\d+)$")
_NUMBERED = re.compile(r"^(?P<base>[a-z]+)_(?P<n>\d+)$")


def seat_words(game_id: str, seat: int, lang: Lang) -> str:
    """``"second seat"`` / ``"segundo asiento"`` (Tacocat: ``"first seat (YAY)"``)."""
    ordinals = ORDINALS[lang]
    ordinal = ordinals[seat] if seat < len(ordinals) else str(seat + 1)
    text = msg("lab.seat", ordinal=ordinal).text(lang)
    notes = SEAT_NOTES.get(game_id)
    return f"{text} ({notes[seat]})" if notes and seat < len(notes) else text


def games(count: int) -> Message:
    """``"1 game"``, ``"3 games"`` (and in Spanish)."""
    return msg("lab.games.one") if count == 1 else msg("lab.games.many", count=count)


def count_label(game_id: str, name: str, lang: Lang) -> str:
    """A game's count (``stat.<name>`` in the tables) in words."""
    found = _PER_SEAT_COUNT.match(name)
    if found:
        base = _count_base(game_id, found["base"], lang)
        return f"{base} · {seat_words(game_id, int(found['seat']), lang)}"
    return _count_base(game_id, name, lang)


def _count_base(game_id: str, name: str, lang: Lang) -> str:
    for key in (f"lab.mech.{game_id}.{name}", f"{game_id}.stat.{name}"):
        if i18n.has(key):
            return msg(key).text(lang)
    numbered = _NUMBERED.match(name)
    if numbered:
        key = f"lab.mech.{game_id}.{numbered['base']}_n"
        if i18n.has(key):
            return msg(key, n=int(numbered["n"])).text(lang)
    shape = re.match(r"^goals_(?P<shape>[A-Z]\d)$", name)
    if shape and i18n.has(f"lab.mech.{game_id}.goals_shape"):
        return msg(f"lab.mech.{game_id}.goals_shape", shape=shape["shape"]).text(lang)
    return name


def figure_label(game_id: str, name: str, lang: Lang) -> str:
    """An outcome figure (``fig.<name>`` in the tables) in words."""
    key = f"lab.fig.{game_id}.{name}"
    if i18n.has(key):
        return msg(key).text(lang)
    found = _PER_SEAT_FIGURE.match(name)
    if found and i18n.has(f"lab.fig.{game_id}.{found['base']}"):
        base = msg(f"lab.fig.{game_id}.{found['base']}").text(lang)
        return f"{base} · {seat_words(game_id, int(found['seat']), lang)}"
    return name


_MECHANICS: dict[str, dict[str, tuple[str, str]]] = {
    "tacocat": {
        "duels": ("duelos", "duels"),
        "duel_ties": ("duelos empatados", "tied duels"),
        "attacks_single": ("ataques de una carta", "single-card attacks"),
        "attacks_set": (
            "ataques jumbo de cartas iguales",
            "jumbo attacks with a set (equal values)",
        ),
        "attacks_sequence": (
            "ataques jumbo de escalera",
            "jumbo attacks with a sequence (consecutive values)",
        ),
        "defences": ("defensas", "defences"),
        "sacrifices": ("sacrificios", "sacrifices"),
        "duels_won": ("duelos ganados", "duels won"),
    },
    "dweebies": {
        "collections": ("recogidas", "collections"),
        "double_collections": (
            "recogidas dobles (fila y columna)",
            "double collections (row and column)",
        ),
        "passed_collections": (
            "veces que se pudo recoger y no se recogió",
            "collections passed up",
        ),
        "cards_collected": ("cartas recogidas", "cards collected"),
        "lines_n": ("líneas recogidas de {n} cartas", "lines of {n} cards collected"),
        "lines_6": ("líneas recogidas de 6 cartas o más", "lines of 6 or more cards collected"),
        "splits": ("recogidas que partieron la mesa", "collections that split the layout"),
        "lines": ("líneas recogidas", "lines collected"),
    },
    "mystery_date": {
        "swaps": ("intercambios", "swaps"),
        "dates_met": ("puertas abiertas a una cita", "doors opened on a date"),
    },
    "tile_up": {
        "goals_shape": ("objetivos puntuados con la figura {shape}", "goals scored: shape {shape}"),
        "stacks_1": ("fichas sin nada encima ni debajo al final", "single tiles at the end"),
        "stacks_n": ("pilas de {n} fichas al final", "stacks of {n} tiles at the end"),
        "stacks_4": ("pilas de 4 fichas o más al final", "stacks of 4 or more tiles at the end"),
        "tiles_placed": ("fichas colocadas", "tiles placed"),
    },
    "gotcha": {
        "plays": ("cartas jugadas", "cards played"),
        "plays_before": (
            "reglas de hacer algo antes de otra cosa",
            "rules to do something before something else",
        ),
        "plays_chat_form": (
            "reglas sobre cómo escribir cada mensaje",
            "rules on how every message is written",
        ),
        "plays_silent": ("reglas de silencio", "rules of silence"),
        "plays_react": ("reglas de reaccionar a algo", "rules to react to something"),
        "plays_wait": ("reglas de esperar antes de algo", "rules to wait before something"),
        "plays_never_emote": ("reglas de no usar un gesto", "rules never to use an emote"),
        "plays_chat_limit": (
            "reglas que limitan los mensajes por turno",
            "rules limiting messages a turn",
        ),
        "plays_no_repeat_emote": (
            "reglas de no repetir un gesto",
            "rules never to repeat an emote",
        ),
        "plays_who": (
            "cartas QUIÉN (a quién se aplica una regla)",
            "WHO cards (whom a rule applies to)",
        ),
        "plays_blank": ("cartas en blanco (decide una votación)", "blank cards (a vote decides)"),
    },
}

_FIGURES: dict[str, dict[str, tuple[str, str]]] = {
    "tacocat": {
        "rounds_won": ("rondas ganadas", "rounds won"),
        "drawn_rounds": ("rondas sin ganador", "rounds without a winner"),
        "rounds": ("rondas de la partida", "rounds in the game"),
        "position": (
            "casilla final de Tacocat (−1 meta YAY … 7 meta WOW)",
            "Tacocat's final space (−1 YAY goal … 7 WOW goal)",
        ),
    },
    "dweebies": {"scores": ("cartas recogidas (puntos)", "cards collected (score)")},
    "tile_up": {
        "scores": ("puntos", "points"),
        "goals_scored": ("objetivos puntuados", "goals scored"),
    },
    "mystery_date": {"positions": ("casilla al final", "space at the end")},
    "gotcha": {
        "positions": ("casilla del peón al final", "pawn's space at the end"),
        "track": ("casillas del recorrido", "spaces on the track"),
    },
}

register(
    {
        "lab.seat": {"es": "{ordinal} asiento", "en": "{ordinal} seat"},
        **{
            f"lab.mech.{game}.{name}": {"es": es, "en": en}
            for game, names in _MECHANICS.items()
            for name, (es, en) in names.items()
        },
        **{
            f"lab.fig.{game}.{name}": {"es": es, "en": en}
            for game, names in _FIGURES.items()
            for name, (es, en) in names.items()
        },
    }
)
