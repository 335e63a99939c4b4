"""The how-to-play guide built from each game's data (``engine.how_to_play``), and the
``ludoteca rules`` command that prints it."""

import json
import re

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.engine import i18n, registry
from ludoteca.engine.how_to_play import GUIDE_PARTS, how_to_play
from ludoteca.games.dweebies.cards import KINDS
from ludoteca.games.mystery_date.cards import COLOURS as OUTFIT_COLOURS
from ludoteca.games.tacocat.model import DECK
from ludoteca.games.tile_up.model import COLOURS, SHAPE_NAMES

GAMES = registry.available_games()
LANGS = ("es", "en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_components_setup_turn_end_every_rule_and_its_options(
    game_id: str, lang: i18n.Lang
) -> None:
    guide = how_to_play(game_id, lang)
    keys = [section.key for section in guide.sections]
    assert keys[0] == "components"
    for part in (*GUIDE_PARTS, "rules", "options"):
        assert part in keys
    for part in GUIDE_PARTS:
        assert guide.section(part).paragraphs
    game = registry.make(game_id)
    rules = [(entry.term, entry.text) for entry in guide.section("rules").entries]
    assert rules == game.rules_text(lang)
    option_names = [entry.term for entry in guide.section("options").entries]
    assert option_names == [spec.name for spec in game.info.options]
    # Every text was found in the catalogue (an unknown key renders as the key itself).
    dumped = json.dumps(guide.to_json(), ensure_ascii=False)
    assert "guide." not in dumped
    assert not re.search(r"\{[a-z_]+\}", dumped)


def test_the_two_languages_differ_everywhere_but_names_and_codes() -> None:
    for game_id in GAMES:
        es, en = how_to_play(game_id, "es"), how_to_play(game_id, "en")
        assert len(es.sections) == len(en.sections)
        for left, right in zip(es.sections, en.sections, strict=True):
            assert left.key == right.key
            assert left.title != right.title
            assert len(left.entries) == len(right.entries)


@pytest.mark.parametrize("lang", LANGS)
def test_dweebies_lists_the_27_dweebies_with_their_copies(lang: i18n.Lang) -> None:
    entries = how_to_play("dweebies", lang).section("components").entries
    kinds = entries[:-1]
    assert len(kinds) == 27
    for entry, kind in zip(kinds, KINDS, strict=True):
        assert entry.term == f"{kind['id']} {kind[lang]}"
        assert entry.text.startswith(str(kind["copies"]) + " ")
    assert entries[-1].text.startswith("54 ")


def test_tacocat_lists_every_card_value_with_its_copies_and_the_track() -> None:
    guide = how_to_play("tacocat", "en")
    cards = guide.section("components").entries
    expected = [
        (f"Card {v}", f"{n} cop{'y' if n == 1 else 'ies'}") for v, n in enumerate(DECK) if n
    ]
    assert [(e.term, e.text) for e in cards[:-1]] == expected
    assert cards[-1].text == "38 copies"
    track = guide.section("track").entries
    assert len(track) == 7
    assert "replaces first: WOW" in track[0].text and "replaces first: YAY" in track[6].text
    assert "Tacocat starts here" in track[3].text


def test_tile_up_explains_colour_letters_bag_and_goal_shapes() -> None:
    guide = how_to_play("tile_up", "en")
    colours = guide.section("components").entries
    assert [e.term for e in colours] == list(COLOURS) == ["O", "R", "Y", "G", "B", "P"]
    assert [e.text for e in colours] == ["orange", "red", "yellow", "green", "blue", "purple"]
    assert "114 tiles" in guide.section("components").paragraphs[0]
    shapes = guide.section("goals")
    assert [e.term for e in shapes.entries] == list(SHAPE_NAMES)
    assert shapes.preformatted
    assert shapes.entries[0].text.splitlines()[0] == "###"
    assert shapes.entries[-1].text.splitlines()[:3] == [".#.", "###", ".#."]


@pytest.mark.parametrize(
    ("lang", "pink"),
    [("es", "R1 R2 R3 → la cita del baile de gala"), ("en", "P1 P2 P3 → the formal dance date")],
)
def test_mystery_date_pairs_each_outfit_with_its_date(lang: i18n.Lang, pink: str) -> None:
    outfits = how_to_play("mystery_date", lang).section("components").entries
    assert len(outfits) == len(OUTFIT_COLOURS) == 4
    assert outfits[0].text == pink


@pytest.mark.parametrize(
    ("lang", "terms"),
    [
        ("es", ["Zona de reglas", "Hueco (slot)", "QUIÉN impreso", "Tapete"]),
        ("en", ["Rule area", "Slot", "Printed WHO", "Mat"]),
    ],
)
def test_gotcha_explains_slot_rule_area_mat_and_printed_who(
    lang: i18n.Lang, terms: list[str]
) -> None:
    guide = how_to_play("gotcha", lang)
    board = [entry.term for entry in guide.section("components").entries]
    for term in terms:
        assert term in board
    kinds = guide.section("cards").entries
    assert sum(int(e.term.split("(")[1].rstrip(")")) for e in kinds) == 110


def test_rules_command_prints_the_dweebies_with_copies_in_spanish() -> None:
    result = CliRunner().invoke(
        app, ["rules", "dweebies", "--lang", "es"], env={"COLUMNS": "100", "LANG": "C.UTF-8"}
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    for kind in KINDS:
        copies = "1 copia" if kind["copies"] == 1 else f"{kind['copies']} copias"
        row = next(line for line in lines if line.startswith(f"{kind['id']} {kind['es']} "))
        assert row.rstrip().split("  ")[-1].strip() == copies, row
    for heading in ("Componentes", "Preparación", "Un turno", "El final", "Opciones"):
        assert any(line.startswith(heading + " ─") for line in lines), heading
