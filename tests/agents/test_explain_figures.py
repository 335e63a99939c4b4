"""Figures that agree with the choice: ties, a margin of 0, 100%, rounding and a single
move, in Spanish and English, for every sentence that compares moves."""

from __future__ import annotations

import importlib
import re

import pytest

from ludoteca.agents.explain.outcome import Outcome, percent
from ludoteca.agents.explain.reason import Chance, Count, Figure, Margin, Reason
from ludoteca.agents.explain.search import search_reason
from ludoteca.agents.ismcts import SearchStats
from ludoteca.engine.i18n import LANGS

NAMES = ["Ana", "Bea"]
PERCENTS = re.compile(r"(\d+(?:[.,]\d+)?)%")

for _game in ("tacocat", "dweebies"):
    importlib.import_module(f"ludoteca.agents.{_game}.reasons")  # registers their sentences


def _texts(reason: Reason) -> dict[str, str]:
    return {lang: reason.text(lang, NAMES) for lang in LANGS}


def test_a_search_whose_moves_all_won_every_game_says_they_tie() -> None:
    # The review's "this move won 100%; best others 100% and 100%".
    stats = SearchStats(
        iterations=90,
        top=(("kept", 30, 1.0), ("b", 30, 1.0), ("c", 30, 1.0)),
        anchored=True,
        anchor_value=1.0,
        margin=0.0,
    )
    reason = search_reason(1, stats, "kept")
    assert reason is not None and reason.agrees()
    texts = _texts(reason)
    assert texts["en"].endswith(
        "their usual move and 2 more won every time: none won more, so they kept their usual move."
    )
    assert texts["es"].endswith(
        "la habitual y 2 más ganaban siempre: ninguna ganaba más, así que mantuvo la habitual."
    )
    for text in texts.values():
        assert "100%" not in text and "0%" not in text


def test_a_margin_of_zero_never_reads_by_over_zero() -> None:
    stats = SearchStats(
        iterations=60,
        top=(("kept", 30, 0.5), ("b", 30, 0.2)),
        anchored=True,
        anchor_value=0.5,
        margin=0.0,
    )
    reason = search_reason(0, stats, "kept")
    assert reason is not None
    texts = _texts(reason)
    assert "clearly more, here by any lead at all, as their games all agreed:" in texts["en"]
    assert "claramente más, aquí por poco que fuera, pues sus partidas coincidían:" in texts["es"]
    for text in texts.values():
        assert " 0%" not in text
    # A margin under half a percent would round to 0% too.
    assert "0%" not in Margin(0.004).text("en")
    assert Margin(0.05).text("en") == "by over 5%"


def test_a_margin_wording_is_a_figure_so_the_sentence_masks_the_same() -> None:
    def anchored(margin: float) -> Reason:
        stats = SearchStats(
            iterations=60,
            top=(("kept", 30, 0.5), ("b", 30, 0.9)),
            anchored=True,
            anchor_value=0.5,
            margin=margin,
        )
        found = search_reason(0, stats, "kept")
        assert found is not None
        return found

    for lang in LANGS:
        assert anchored(0.0).masked(lang, NAMES) == anchored(0.2).masked(lang, NAMES)


@pytest.mark.parametrize(
    ("value", "en", "es"),
    [
        (1.0, "100%", "100%"),
        (0.999, "99%", "99%"),  # short of certain never reads 100%
        (0.0, "0%", "0%"),
        (0.001, "1%", "1%"),  # above impossible never reads 0%
        (0.945, "94%", "94%"),
    ],
)
def test_only_a_certainty_reads_100_and_only_an_impossibility_0(
    value: float, en: str, es: str
) -> None:
    assert percent(value, "en") == en and percent(value, "es") == es


def test_rounding_never_makes_a_lower_figure_read_as_high_as_the_choice() -> None:
    # 94.8% played over 94.6%: both round to 95%, so one more decimal tells them apart.
    outcome = Outcome(0.948, (0.946, 0.50), "rule")
    english, spanish = outcome.text("en"), outcome.text("es")
    assert english == "this one won 94.8%; the best others 94.6% and 50.0%"
    assert spanish == "con esta ganaba un 94,8%; con las mejores de las demás, 94,6% y 50,0%"
    for text in (english, spanish):
        chosen, *others = (float(p.replace(",", ".")) for p in PERCENTS.findall(text))
        assert all(chosen > other for other in others)


def test_a_tie_at_the_top_says_how_the_bot_settles_it() -> None:
    outcome = Outcome(0.7, (0.7, 0.4), "rule")
    assert outcome.text("en") == (
        "this one and 1 more won 70% (the others 40%): among equals they keep the one their "
        "usual rule picks"
    )
    assert outcome.text("es") == (
        "esta y 1 más ganaban un 70% (las demás, 40%): entre iguales se queda con la que "
        "elige su regla de siempre"
    )
    tried = Outcome(0.0, (0.0,), "tried")
    assert tried.text("en") == (
        "this one and 1 more lost every time: among equals the one tried most is the surest"
    )
    assert tried.text("es") == (
        "esta y 1 más perdían siempre: entre iguales, la más probada es la más fiable"
    )


def test_a_most_tried_move_below_another_says_why() -> None:
    stats = SearchStats(iterations=30, top=(("a", 20, 0.0), ("b", 10, 0.5)))
    reason = search_reason(0, stats, "a")
    assert reason is not None and reason.close and reason.agrees()
    texts = _texts(reason)
    assert texts["en"].endswith(
        "it won 50%; the next most tried 75%, but over fewer games, so those figures are less sure."
    )
    assert texts["es"].endswith(
        "con ella ganaba un 50%; con las siguientes más probadas, 75%, pero en menos "
        "partidas, así que esas cifras son menos seguras."
    )


def test_a_single_move_gives_its_own_figure_only() -> None:
    alone = search_reason(1, SearchStats(iterations=5, top=(("a", 5, 1.0),)), "a")
    assert alone is not None and alone.agrees()
    texts = _texts(alone)
    assert texts["en"] == (
        "Bea simulated 5 games from what they see with the only move worth trying: it won 100%."
    )
    assert texts["es"] == (
        "Bea simuló 5 partidas desde lo que ve con la única jugada que valía la pena probar: "
        "ganaba un 100%."
    )


def test_a_tacocat_experts_tied_scores_read_as_a_tie() -> None:
    seats = {"bot": 0, "opponent": 1}
    figures: dict[str, Figure] = {
        "games": Count(12, "likely_hand"),
        "count": Count(3, "possible_move"),
        "outcome": Outcome(1.0, (1.0, 1.0), "rule"),
    }
    reason = Reason("explain.tacocat.scored", seats, {}, figures, 1.0, (1.0, 1.0))
    texts = _texts(reason)
    assert texts["en"].endswith(
        "this one and 2 more won every time: among equals they keep the one their usual rule picks."
    )
    assert texts["es"].endswith(
        "esta y 2 más ganaban siempre: entre iguales se queda con la que elige su regla de siempre."
    )


def test_a_dweebies_experts_leads_never_tie_on_paper_unless_they_tie() -> None:
    tied = Outcome(2.0, (2.0,), "rule", lead=True)
    assert tied.text("en") == (
        "their average lead over the best rival was 2.0 cards with this one and with the "
        "next best alike: among equals they keep the one their usual rule ranks first"
    )
    assert tied.text("es").startswith(
        "su ventaja media sobre el mejor rival era de 2,0 cartas con esta y con la siguiente "
        "mejor por igual"
    )
    close = Outcome(2.04, (1.96,), "rule", lead=True)  # both 2.0 to one decimal
    assert close.text("en") == (
        "their average lead over the best rival was 2.04 cards with this one and 1.96 with "
        "the next best"
    )
    assert "2,04 cartas con esta y de 1,96" in close.text("es")


def test_a_tie_below_a_better_figure_is_no_tie_at_the_top() -> None:
    # Kept at 28% beside another 28% while a third won 31%: the margin rule kept it, and
    # "none won more" would be false.
    kept = Outcome(0.28, (0.31, 0.28), "usual")
    assert kept.text("en") == (
        "their usual move, which they kept, won 28%; the best other 31%, which is not clearly more"
    )
    assert kept.text("es") == (
        "con la habitual, que mantuvo, ganaba un 28%; con la mejor de las demás, 31%, que no "
        "es claramente más"
    )


def test_a_single_candidate_reads_as_the_only_one() -> None:
    alone = Outcome(1.5, (), "rule", lead=True)
    assert alone.text("en") == (
        "their average lead over the best rival was 1.5 cards with the only one worth trying"
    )
    assert alone.text("es") == (
        "su ventaja media sobre el mejor rival era de 1,5 cartas con la única que valía la "
        "pena probar"
    )
    seats = {"bot": 1, "opponent": 0}
    figures: dict[str, Figure] = {"games": Count(1, "likely_hand"), "chance": Chance(1.0)}
    scored = Reason("explain.tacocat.scored_alone", seats, {}, figures, 1.0)
    texts = _texts(scored)
    assert texts["en"] == (
        "Bea played the rest of the round out against 1 likely hand of Ana: this move won 100%."
    )
    assert texts["es"] == (
        "Bea jugó el resto de la ronda contra 1 mano probable de Ana: con esta jugada ganaba "
        "un 100%."
    )
