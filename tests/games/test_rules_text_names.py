"""Every rule sentence (How to play, the lessons, ``ludoteca rules``) names things as people
read them: no option id (``tie_goes_to_arrow``), no grid coordinate (``(1, 0)``), no card,
place or seat id (``I29``, ``a1``, ``P0``, ``seat 2``), in either language; an option is
named by the label the lobby and the terminal show for it."""

from __future__ import annotations

import re

import pytest

from ludoteca.engine import registry
from ludoteca.engine.i18n import LANGS
from people_read import COORDINATE, offending, option_ids, report

CASES = [(game, lang) for game in registry.available_games() for lang in LANGS]
NAMED_OPTION = {
    "es": re.compile(r"\bopción «([^»]+)»"),
    "en": re.compile(r"\boption “([^”]+)”"),
}
"""An option named in a rule sentence, in the quotes of its language."""


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_rule_sentences_show_no_ids(game: str, lang: str) -> None:
    info = registry.make(game).info
    texts = [text for _, text in registry.make(game).rules_text(lang)]
    assert texts
    extra = (COORDINATE, option_ids(option.name for option in info.options))
    found = offending(texts, game, lang, extra)
    assert not found, report(found)


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_an_option_a_rule_names_is_named_by_its_label(game: str, lang: str) -> None:
    labels = {option.label(lang) for option in registry.make(game).info.options}
    named = [
        name
        for _, text in registry.make(game).rules_text(lang)
        for name in NAMED_OPTION[lang].findall(text)
    ]
    unknown = sorted(set(named) - labels)
    assert not unknown, f"not an option label of {game} in {lang}: {unknown}"


def test_the_checker_catches_each_kind_of_id() -> None:
    options = option_ids(["tie_goes_to_arrow", "language"])
    leaks = [
        "option tie_goes_to_arrow: the tie goes to the arrow",
        "the first card goes at (1, 0)",
        "Carla plays I29",
        "Rule a1 binds",
        "P0 starts",
        "seat 2 starts",
        "empieza el asiento 0",
    ]
    for text in leaks:
        assert offending([text], "gotcha", "en", (COORDINATE, options)), text
    fine = ["the room language is English", "Area 2 and Mat 1", "GT-15 limits chat"]
    assert not offending(fine, "gotcha", "en", (COORDINATE, options))
