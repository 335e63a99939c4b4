"""Gotcha's components for the how-to-play guide (``engine.how_to_play``), from its data."""

from __future__ import annotations

from ludoteca.engine.how_to_play import Entry, Section, text, title
from ludoteca.engine.i18n import Lang, register
from ludoteca.games.gotcha.actions import AREAS, MATS
from ludoteca.games.gotcha.cards import (
    CARDS,
    DEFAULT_PRINTED_GROUPS,
    cards_of_kind,
    printed_who,
    sentence,
)
from ludoteca.games.gotcha.state import (
    BREAKER_LOSS,
    BUZZ_GAIN,
    HAND_SIZE,
    MATS_THREE,
    START,
    TRACK_LENGTH,
    WRONG_WAY,
)


def components(lang: Lang) -> tuple[Section, ...]:
    """The board (rule areas, slots, printed WHO), the mats, the track and the cards."""
    who_groups = [printed_who(trait) for trait in DEFAULT_PRINTED_GROUPS]
    printed = " / ".join(getattr(card, lang) for card in who_groups)
    example_who = cards_of_kind("who")[0]
    example_what = cards_of_kind("what")[0]
    board = Section(
        "components",
        title("components", lang),
        (text("gotcha.board", lang, areas=AREAS),),
        (
            Entry(text("gotcha.term.area", lang), text("gotcha.area", lang)),
            Entry(text("gotcha.term.slot", lang), text("gotcha.slot", lang)),
            Entry(text("gotcha.term.printed", lang), text("gotcha.printed", lang, groups=printed)),
            Entry(
                text("gotcha.term.live", lang),
                text("gotcha.live", lang, example=sentence(example_who, example_what, lang)),
            ),
            Entry(
                text("gotcha.term.mat", lang),
                text("gotcha.mat", lang, mats=MATS, three=MATS_THREE),
            ),
            Entry(
                text("gotcha.term.track", lang),
                text(
                    "gotcha.track",
                    lang,
                    wrong=WRONG_WAY,
                    start=START,
                    last=TRACK_LENGTH - 1,
                    champ=TRACK_LENGTH,
                    gain=BUZZ_GAIN,
                    loss=BREAKER_LOSS,
                ),
            ),
        ),
    )
    counts = {
        "who": len(cards_of_kind("who")),
        "what": len(cards_of_kind("what")),
        "individual": len(cards_of_kind("individual")),
        "blank": len(cards_of_kind("blank_what")) + len(cards_of_kind("blank_individual")),
    }
    deck = Section(
        "cards",
        text("gotcha.cards_title", lang),
        (text("gotcha.cards", lang, total=len(CARDS), hand=HAND_SIZE),),
        tuple(
            Entry(
                text(f"gotcha.kind.{kind}", lang, count=count),
                text(f"gotcha.kind_text.{kind}", lang),
            )
            for kind, count in counts.items()
        ),
    )
    return board, deck


register(
    {
        "guide.gotcha.board": {
            "es": "El tablero tiene {areas} zonas de reglas y la pista de los peones.",
            "en": "The board has {areas} rule areas and the pawns' track.",
        },
        "guide.gotcha.term.area": {"es": "Zona de reglas", "en": "Rule area"},
        "guide.gotcha.area": {
            "es": "Un hueco QUIÉN encima de un hueco QUÉ: juntos forman una frase, la regla "
            "de la zona.",
            "en": "A WHO slot above a WHAT slot: together they make one sentence, the area's rule.",
        },
        "guide.gotcha.term.slot": {"es": "Hueco (slot)", "en": "Slot"},
        "guide.gotcha.slot": {
            "es": "El sitio de una carta en una zona: una carta QUIÉN va en un hueco QUIÉN y una "
            "QUÉ en un hueco QUÉ, tapando la que hubiera.",
            "en": "Where a card lies in an area: a WHO card goes on a WHO slot and a WHAT card on "
            "a WHAT slot, covering the one there.",
        },
        "guide.gotcha.term.printed": {"es": "QUIÉN impreso", "en": "Printed WHO"},
        "guide.gotcha.printed": {
            "es": "Cada hueco QUIÉN trae un grupo impreso en el tablero ({groups}); cuenta como "
            "una carta QUIÉN hasta que otra lo tapa (opción printed_groups).",
            "en": "Each WHO slot has a group printed on the board ({groups}); it counts as a WHO "
            "card until one covers it (option printed_groups).",
        },
        "guide.gotcha.term.live": {"es": "Regla en vigor", "en": "Live rule"},
        "guide.gotcha.live": {
            "es": "Una zona cuyos dos huecos muestran algo, p. ej.: «{example}»",
            "en": "An area whose two slots both show something, e.g. “{example}”",
        },
        "guide.gotcha.term.mat": {"es": "Tapete", "en": "Mat"},
        "guide.gotcha.mat": {
            "es": "Una regla individual se pone en un tapete delante de un jugador y solo le "
            "obliga a él. Hay {mats} tapetes ({three} con 3 jugadores); cada jugador tiene como "
            "mucho uno.",
            "en": "An individual rule goes on a mat in front of one player and binds only them. "
            "There are {mats} mats ({three} with 3 players); each player has at most one.",
        },
        "guide.gotcha.term.track": {"es": "Pista", "en": "Track"},
        "guide.gotcha.track": {
            "es": "SENTIDO CONTRARIO ({wrong}), INICIO ({start}), casillas 1 a {last} y CAMPEÓN "
            "({champ}). "
            "Quien pilla a alguien avanza {gain}; quien rompe la regla retrocede {loss}.",
            "en": "WRONG WAY ({wrong}), START ({start}), spaces 1 to {last} and CHAMP ({champ}). "
            "Catching someone moves you {gain} forward; the rule breaker moves {loss} back.",
        },
        "guide.gotcha.cards_title": {"es": "Las cartas", "en": "The cards"},
        "guide.gotcha.cards": {
            "es": "{total} cartas; cada jugador tiene {hand} en la mano.",
            "en": "{total} cards; each player holds {hand}.",
        },
        "guide.gotcha.kind.who": {"es": "QUIÉN ({count})", "en": "WHO ({count})"},
        "guide.gotcha.kind.what": {"es": "QUÉ ({count})", "en": "WHAT ({count})"},
        "guide.gotcha.kind.individual": {
            "es": "Individual ({count})",
            "en": "Individual ({count})",
        },
        "guide.gotcha.kind.blank": {"es": "En blanco ({count})", "en": "Blank ({count})"},
        "guide.gotcha.kind_text.who": {
            "es": "Un grupo de jugadores («todos los que lleven vaqueros»).",
            "en": "A group of players (“everyone wearing jeans”).",
        },
        "guide.gotcha.kind_text.what": {
            "es": "Lo que ese grupo debe hacer o no puede hacer («deben susurrar»).",
            "en": "What that group must or must not do (“must whisper”).",
        },
        "guide.gotcha.kind_text.individual": {
            "es": "Una regla para un solo jugador, en un tapete («Este jugador debe...»).",
            "en": "A rule for one player, on a mat (“This player must...”).",
        },
        "guide.gotcha.kind_text.blank": {
            "es": "Se escribe la regla al jugarla; se quitan salvo con la opción custom_cards. "
            "Una votación decide si alguien la rompió.",
            "en": "You write the rule when you play it; removed unless option custom_cards. A "
            "vote decides whether someone broke it.",
        },
    }
)
