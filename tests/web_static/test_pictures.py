"""Issue 38: every card, tile, pawn and space of every game is drawn as a picture (chromium).

The picture modules (static/boards/pictures_*.js) and the boards that use them are loaded in
the boards harness page; each deck's ids are read from the game's own data, so a card the
data adds without a picture fails here. Pictures must tell components apart: two Dweebies,
two outfit pieces or two dates never share a drawing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_boards_harness import board_page, context, draw
from web_boards_samples import samples

from ludoteca.games.dweebies import cards as dweebies_cards
from ludoteca.games.gotcha import cards as gotcha_cards
from ludoteca.games.tacocat import model as tacocat_model
from ludoteca.games.tile_up import model as tile_up_model


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with board_page("dweebies") as opened:
        yield opened


def drawn(page: Any, script: str, arg: object = None) -> Any:
    """Run ``script`` (an async function of ``arg``) in the harness page."""
    return page.evaluate(script, arg)


def test_each_of_the_27_dweebies_has_its_own_picture_on_its_card(page: Any) -> None:
    codes = [kind["id"] for kind in dweebies_cards.KINDS]
    assert len(codes) == 27
    pictures = drawn(
        page,
        """async (codes) => {
          const p = await import('./boards/pictures_dweebies.js');
          const c = await import('./boards/dweebies_cards.js');
          const {el} = await import('./boards/svg.js');
          const out = {};
          for (const code of codes) {
            const g = el('g', {}, p.figure(code));
            const card = c.card(code, 'en', 0, 0, 66, 88);
            out[code] = {
              markup: g.innerHTML, parts: g.childElementCount,
              onCard: card.querySelector(`[data-portrait="${code}"]`) !== null,
              hidden: card.querySelector('.dw-portrait').getAttribute('aria-hidden'),
              name: card.textContent,
            };
          }
          return out;
        }""",
        codes,
    )
    assert set(pictures) == set(codes)
    # More than the shared head and shoulders: a hat, a mask or a thing in hand.
    assert all(p["parts"] >= 6 for p in pictures.values()), pictures
    assert len({p["markup"] for p in pictures.values()}) == 27  # no two alike
    assert all(p["onCard"] and p["hidden"] == "true" for p in pictures.values())
    for kind in dweebies_cards.KINDS:  # the name stays on the card beside the picture
        assert kind["en"].split()[0] in pictures[kind["id"]]["name"]


def test_mystery_date_outfits_dates_and_the_door(page: Any) -> None:
    found = drawn(
        page,
        """async () => {
          const m = await import('./boards/pictures_mystery_date.js');
          const {el} = await import('./boards/svg.js');
          const markup = (nodes) => el('g', {}, nodes).innerHTML;
          const shut = m.door(0, 0, 100, 140, {outcome: 'pink'});
          const open = m.door(0, 0, 100, 140, {open: true, outcome: 'blue', moving: true});
          return {
            outfits: [...Array(12).keys()].map((c) => markup(m.outfit(c))),
            names: [...Array(12).keys()].map((c) => [m.pieceName(c, 'en'), m.pieceName(c, 'es')]),
            dates: m.DATE_NAMES.map((d) => markup(m.datePerson(d))),
            dateNames: m.DATE_NAMES,
            shutShows: shut.querySelectorAll('[data-date]').length,
            openShows: [...open.querySelectorAll('[data-date]')].map((n) => n.dataset.date),
            openMoves: open.querySelector('[data-motion]').dataset.motion,
          };
        }""",
    )
    assert all(found["outfits"]) and len(set(found["outfits"])) == 12
    names = {tuple(pair) for pair in found["names"]}
    assert all(en and es for en, es in names) and len(names) == 12
    assert found["dateNames"] == ["pink", "green", "blue", "orange", "dud"]
    assert all(found["dates"]) and len(set(found["dates"])) == 5
    # Nothing is drawn behind a shut door; an open one shows its date and swings.
    assert found["shutShows"] == 0
    assert found["openShows"] == ["blue"] and found["openMoves"] == "door"


def test_every_gotcha_card_has_its_family_icon(page: Any) -> None:
    ids = [card.id for card in gotcha_cards.CARDS]
    found = drawn(
        page,
        """async (ids) => {
          const g = await import('./boards/pictures_gotcha.js');
          const families = Object.fromEntries(ids.map((id) => [id, g.familyOf(id)]));
          const icons = Object.fromEntries(g.FAMILIES.map((f) => [f, g.familyIcon(f).innerHTML]));
          return {families, icons, known: g.FAMILIES, names: g.FAMILY_NAMES};
        }""",
        ids,
    )
    assert set(found["families"].values()) <= set(found["known"]), found["families"]
    for card in gotcha_cards.CARDS:
        family = found["families"][card.id]
        expected = card.rule.family if card.rule is not None else card.kind
        assert family == ("blank" if expected.startswith("blank") else expected), card.id
    assert all(found["icons"].values()) and len(set(found["icons"].values())) == len(found["icons"])
    for lang in ("es", "en"):
        assert set(found["names"][lang]) == set(found["known"])


def test_every_tacocat_card_and_tile_up_tile_and_goal_is_a_picture(page: Any) -> None:
    values = [value for value, copies in enumerate(tacocat_model.DECK) if copies]
    tiles = [f"{c}{n}" for c in tile_up_model.COLOURS for n in range(1, tile_up_model.NUMBERS + 1)]
    found = drawn(
        page,
        """async ([values, tiles, goals]) => {
          const t = await import('./boards/tacocat.js');
          const u = await import('./boards/tile_up.js');
          return {
            cards: values.map((v) => t.card(0, 0, 34, 48, v).textContent),
            tiles: tiles.map((name) => {
              const g = u.tile(name, 0, 0, 40);
              return [g.querySelectorAll('rect').length, g.querySelector('.tu-letter').textContent];
            }),
            goals: [...Array(goals).keys()].map(
              (c) => u.goalCard(c, 'en', 0, 0, 90, 80).querySelectorAll('rect').length),
          };
        }""",
        [values, tiles, tile_up_model.CARD_COUNT],
    )
    assert found["cards"] == [f"{v}{v}" for v in values]  # corner and middle
    # A coloured square with its colour's letter on it: colour is never the only signal.
    assert [letter for _, letter in found["tiles"]] == [name[0] for name in tiles]
    assert all(rects >= 1 for rects, _ in found["tiles"])
    shapes = {len(cells) for cells in tile_up_model.SHAPES}
    assert all(rects - 1 in shapes for rects in found["goals"])  # the frame, then the shape


def test_pictures_show_only_what_the_viewer_may_see(page: Any) -> None:
    """A spectator's board draws a Dweebie or an outfit piece only for a card its view
    shows face up: hands stay backs, whatever the pictures add."""
    for sample in samples("dweebies", players=3, seed=4, every=25):
        draw(page, context(sample, "en", 3, spectator=True))
        shown = page.eval_on_selector_all(
            ".dw-table [data-portrait]", "ps => ps.map((p) => p.dataset.portrait)"
        )
        assert sorted(shown) == sorted(code for _, _, code in sample["spectator"]["table"])
        assert page.locator("[data-portrait]").count() == len(shown)
    for sample in samples("mystery_date", players=3, seed=5, every=25):
        view = sample["spectator"]
        pieces = drawn(
            page,
            """async (ctx) => {
              const board = await import('./boards/mystery_date.js');
              const root = document.getElementById('root');
              root.replaceChildren();
              board.render(root, {...ctx, t: (key) => key, act: () => {}, sendChat: () => {}});
              return root.querySelectorAll('[data-piece]').length;
            }""",
            context(sample, "en", 3, spectator=True),
        )
        assert pieces == (1 if view["discard"] else 0)  # the discard pile's top card
