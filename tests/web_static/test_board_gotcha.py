"""The Gotcha web board (``static/boards/gotcha.js``) in a real browser, from real views.

Frames come from seeded bot games (``gotcha_samples.py``); the page is a small harness
(``gotcha_harness.py``) that renders them like the shell does and records ``ctx.act``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium_launch import CHROMIUM, CHROMIUM_ARGS
from gotcha_cards_js import TARGET, render
from gotcha_harness import serve
from gotcha_samples import samples

from ludoteca.games.gotcha import cards

sync_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian chromium")

FRAMES = samples()
BY_NAME = {f["name"]: f for f in FRAMES}
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

FAKE_SPEECH = """
window.__spoken = [];
window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; this.lang = ""; } };
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak: (u) => window.__spoken.push([u.text, u.lang]), cancel: () => {}, getVoices: () => [],
}});
"""
NO_SPEECH = """
delete window.SpeechSynthesisUtterance;
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: undefined });
delete window.speechSynthesis;
"""


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with serve(FRAMES) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def open_page(
    browser: Any, base: str, viewport: dict[str, int] = DESKTOP, script: str = FAKE_SPEECH
) -> Any:
    context = browser.new_context(viewport=viewport)
    context.add_init_script(script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base + "/")
    page.wait_for_function("window.harnessReady === true")
    page.errors = errors
    return page


@pytest.fixture
def page(browser: Any, base: str) -> Iterator[Any]:
    opened = open_page(browser, base)
    yield opened
    assert opened.errors == []
    opened.context.close()


def show(
    page: Any, name: str, lang: str = "en", who: str = "seat", replay: bool = False
) -> dict[str, Any]:
    page.evaluate("([n, l, w, r]) => window.show(n, l, w, r)", [name, lang, who, replay])
    sample = BY_NAME[name]
    frame: dict[str, Any] = sample["spectator"] if who == "spectator" else sample[lang]
    return frame


def acts(page: Any) -> list[str]:
    found: list[str] = page.evaluate("window.__acts")
    return found


def test_cards_module_is_generated_from_the_card_data() -> None:
    """``gotcha_cards.js`` is what ``gotcha_cards_js.py`` writes from the data file now."""
    assert TARGET.read_text(encoding="utf-8") == render()
    text = TARGET.read_text(encoding="utf-8")
    for card in cards.CARDS:
        assert f'"{card.id}": ' in text
    for emote in cards.EMOTES:
        assert json.dumps(cards.emote_label(emote, "es"), ensure_ascii=False) in text


def test_every_board_string_exists_in_spanish_and_english(page: Any) -> None:
    """The board's own string table has the same keys in es and en, none empty, and the
    same ``{parameters}`` in both."""
    tables = page.evaluate(
        """async () => (await import('/static/boards/gotcha_text.js')).STRINGS"""
    )
    assert set(tables["es"]) == set(tables["en"])
    for key, es in tables["es"].items():
        en = tables["en"][key]
        assert es.strip() and en.strip(), key
        assert sorted(re.findall(r"\{(\w+)\}", es)) == sorted(re.findall(r"\{(\w+)\}", en)), key


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_sample_draws_the_track_players_rules_and_hand(page: Any, lang: str) -> None:
    """Every sample draws with no script error: all pawns, profiles, live rules as the
    view's sentences in the page's language, whom they bind, the hand's texts, backs."""
    for sample in FRAMES:
        frame = show(page, sample["name"], lang)
        view = frame["view"]
        board = page.locator(".gt-board")
        assert page.locator(".gt-pawn").count() == len(view["profiles"])
        for seat, profile in enumerate(view["profiles"]):
            row = page.locator(f".gt-player[data-seat='{seat}']")
            assert profile["name"] in row.inner_text()
            assert str(profile["age"]) in row.inner_text()
            for trait in profile["traits"]:
                assert cards.trait_label(trait, lang) in row.inner_text()
        for slot in view["slots"]:
            node = page.locator(f".gt-slot[data-slot='{slot['slot']}']")
            if slot["live"]:
                assert node.locator(".gt-sentence").inner_text() == slot[lang]
                bound = node.locator(".gt-bound").inner_text()
                for seat in slot["bound"]:
                    assert view["profiles"][seat]["name"] in bound
                assert node.locator("[data-binds-from]").count() == 1
            else:
                assert node.locator(".gt-sentence").count() == 0
        for card_id in view.get("hand", []):
            card = cards.card(card_id)
            text = card.en if lang == "en" else (card.es_sg if card.kind == "what" else card.es)
            shown = page.locator(f".gt-card[data-card='{card_id}'] .gt-card-text").inner_text()
            assert shown.lower() == text.strip().lower()
        assert f"{view['pile_size']}" in board.locator(".gt-pile").inner_text()
        for seat, count in enumerate(view["hand_counts"]):
            foot = page.locator(f".gt-player[data-seat='{seat}'] .gt-handcount")
            assert str(count) in foot.inner_text()


def test_draw_is_a_legal_move_that_sends_draw(page: Any) -> None:
    """The turn player's draw is marked legal and sends exactly ``draw``."""
    frame = show(page, "draw")
    assert frame["legal"][0]["text"] == "draw"
    button = page.locator(".legal[data-action='draw']")
    assert button.count() == 1
    button.click()
    assert acts(page) == ["draw"]


def test_a_play_is_built_by_picking_a_card_then_an_area(page: Any) -> None:
    """Card then area: the button carries the legal text; the other area too."""
    frame = show(page, "play", "es")
    legal = {m["text"] for m in frame["legal"]}
    card_id = frame["view"]["hand"][0]
    page.click(f".gt-card[data-card='{card_id}']")
    for area in ("a1", "a2"):
        text = f"play {card_id} {area}"
        assert text in legal
        assert page.locator(f".legal[data-action='{text}']").count() == 1
    page.click(f"[data-action='play {card_id} a2']")
    assert acts(page) == [f"play {card_id} a2"]


def test_an_individual_card_goes_to_a_mat_and_a_player(page: Any) -> None:
    """Individual card: a mat, then the player who gets it; legal targets are marked and a
    refused target can still be tried (the server answers with GT-04)."""
    frame = show(page, "individual")
    legal = {m["text"] for m in frame["legal"]}
    card_id = next(c for c in frame["view"]["hand"] if c.startswith("I"))
    page.click(f".gt-card[data-card='{card_id}']")
    page.click(".gt-chooser [data-mat='m1']")
    targets = page.locator(".gt-chooser [data-action]")
    n = len(frame["view"]["profiles"])
    assert targets.count() == n
    for seat in range(n):
        text = f"play {card_id} m1 {seat}"
        classes = page.locator(f".gt-chooser [data-action='{text}']").get_attribute("class")
        assert ("legal" in classes.split()) == (text in legal)
    page.click(f".gt-chooser [data-action='play {card_id} m1 2']")
    assert acts(page) == [f"play {card_id} m1 2"]
    page.click(".gt-chooser [data-mat='m2']")
    page.click(f".gt-chooser [data-action='play {card_id} m2 1']")
    assert acts(page)[-1] == f"play {card_id} m2 1"


def test_a_blank_card_sends_its_written_rule(page: Any) -> None:
    """A blank card's text is typed and sent after ``:``."""
    frame = show(page, "blank", "es")
    card_id = next(c for c in frame["view"]["hand"] if c.startswith("B"))
    page.click(f".gt-card[data-card='{card_id}']")
    page.fill(".gt-blank-input", "debe   bailar")
    page.locator(".gt-blank-input").dispatch_event("change")
    kind = cards.card(card_id).kind
    if kind == "blank_what":
        page.click(f"[data-action='play {card_id} a1 : debe bailar']")
        assert acts(page) == [f"play {card_id} a1 : debe bailar"]
    else:
        page.click(".gt-chooser [data-mat='m1']")
        page.click(f"[data-action='play {card_id} m1 0 : debe bailar']")
        assert acts(page) == [f"play {card_id} m1 0 : debe bailar"]


def test_buzz_names_a_slot_and_the_caught_seats_in_the_game_format(page: Any) -> None:
    """BUZZ: pick a rule and seats; the text is ``buzz <slot> <seats sorted, commas>``."""
    frame = show(page, "mats")
    view = frame["view"]
    assert view["current"] != 0
    idle = page.locator("[data-testid='gotcha-buzz']")
    assert idle.get_attribute("data-action") is None
    page.click(".gt-buzz [data-buzz-slot='a1']")
    page.click(".gt-buzz [data-buzz-seat='3']")
    page.click(".gt-buzz [data-buzz-seat='1']")
    button = page.locator("[data-testid='gotcha-buzz']")
    assert button.get_attribute("data-action") == "buzz a1 1,3"
    assert "legal" in button.get_attribute("class").split()
    assert "buzz a1 1" in {m["text"] for m in frame["legal"]}
    button.click()
    assert acts(page) == ["buzz a1 1,3"]
    # After a buzz the seats are cleared, the rule stays picked.
    assert page.locator("[data-testid='gotcha-buzz']").get_attribute("data-action") is None
    assert page.locator(".gt-buzz [data-buzz-slot='a1']").get_attribute("aria-pressed") == "true"
    # Tapping a bound player under a rule prepares the same buzz.
    page.click(".gt-slot[data-slot='m2'] [data-buzz-seat='1']")
    assert page.locator("[data-testid='gotcha-buzz']").get_attribute("data-action") == "buzz m2 1"
    page.click("[data-testid='gotcha-buzz']")
    assert acts(page)[-1] == "buzz m2 1"


def test_a_buzz_not_legal_now_is_still_sent_for_the_server_to_refuse(page: Any) -> None:
    """A slot without a live rule: the buzz is not marked legal but is sent (GT-06)."""
    frame = show(page, "start")
    assert not frame["view"]["slots"][0]["live"]
    page.click(".gt-buzz [data-buzz-slot='a1']")
    page.click(".gt-buzz [data-buzz-seat='2']")
    button = page.locator("[data-testid='gotcha-buzz']")
    assert button.get_attribute("data-action") == "buzz a1 2"
    assert "legal" not in button.get_attribute("class").split()
    button.click()
    assert acts(page) == ["buzz a1 2"]


def test_a_spent_event_budget_still_buzzes_but_a_locked_buzzer_does_not(page: Any) -> None:
    """GT-15: buzzes are not among the events a turn allows, so a seat with no chat or emote
    left may still buzz; GT-17 (digital): a wrong buzz locks that seat's buzzer this turn."""
    frame = json.loads(json.dumps(BY_NAME["mats"]["en"]))
    me = frame["you"]
    frame["view"]["events_left"][me] = 0
    frame["view"]["locked"] = [False] * len(frame["view"]["profiles"])
    # Buzzes are legal though unlisted (as chat and emotes): the board decides from the view.
    frame["legal"] = [m for m in frame["legal"] if not m["text"].startswith("buzz")]

    def buzz_is_marked(locked: bool) -> bool:
        frame["view"]["locked"][me] = locked
        page.evaluate("([f]) => window.showFrame(f)", [frame])  # the picked buzz is kept
        button = page.locator("[data-testid='gotcha-buzz']")
        assert button.get_attribute("data-action") == "buzz a1 1"
        return "legal" in button.get_attribute("class").split()

    page.evaluate("([f]) => window.showFrame(f)", [frame])
    page.click(".gt-buzz [data-buzz-slot='a1']")
    page.click(".gt-buzz [data-buzz-seat='1']")
    assert buzz_is_marked(False)
    assert not buzz_is_marked(True)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_emote_bar_has_every_emote_with_its_label(page: Any, lang: str) -> None:
    """Every emote id is a button with its label; a click sends ``emote <id>``."""
    frame = show(page, "mats", lang)
    legal = {m["text"] for m in frame["legal"]}
    for emote in cards.EMOTES:
        button = page.locator(f".gt-emotes [data-action='emote {emote}']")
        assert cards.emote_label(emote, lang) in button.inner_text()
        assert f"emote {emote}" in legal
        assert "legal" in button.get_attribute("class").split()
    page.click(".gt-emotes [data-action='emote high_five']")
    assert acts(page) == ["emote high_five"]


def test_the_turn_player_may_emote_and_buzz_too(page: Any) -> None:
    """The turn player's room events are legal though unlisted (GT-15): still marked."""
    frame = show(page, "play")
    assert not any(m["text"].startswith("emote") for m in frame["legal"])
    assert "legal" in page.locator("[data-action='emote clap']").get_attribute("class").split()


def test_chat_is_a_game_action_and_the_draft_survives_new_states(page: Any) -> None:
    """The room's box sends ``chat <text>`` through ``ctx.act`` (not the room chat); a
    state arriving while typing keeps the text and the focus."""
    show(page, "mats")
    box = page.locator("[data-testid='gotcha-chat-input']")
    box.click()
    box.type("Hola A todos")
    show(page, "mats")  # a new state re-renders the board
    box = page.locator("[data-testid='gotcha-chat-input']")
    assert box.input_value() == "Hola A todos"
    assert page.evaluate("document.activeElement.dataset.testid") == "gotcha-chat-input"
    page.keyboard.type("  !")
    page.keyboard.press("Enter")
    assert acts(page) == ["chat Hola A todos !"]
    assert page.locator("[data-testid='gotcha-chat-input']").input_value() == ""


def test_the_feed_shows_the_room_and_marks_the_last_move(page: Any) -> None:
    """Chat, plays with the announced rule, buzzes and results; the last move marked."""
    frame = show(page, "buzzed")
    view = frame["view"]
    feed = page.locator("[data-testid='gotcha-feed']")
    for _t, _seat, kind, text, _target in view["log"]:
        if kind == "chat":
            assert text in feed.inner_text()
    assert feed.locator(".gt-feed-result").count() >= 1
    assert feed.locator(".gt-feed-announce").count() >= 1
    last = feed.locator(".gt-last")
    assert last.count() == 1
    assert last.get_attribute("data-kind") == "buzz"
    assert last.get_attribute("data-seat") == str(frame["last"]["seat"])
    slot = frame["last"]["text"].split()[1]
    assert "gt-last" in page.locator(f".gt-slot[data-slot='{slot}']").get_attribute("class")
    assert frame["last"]["label"] in page.locator("[data-testid='gotcha-last']").inner_text()


def test_a_stored_last_move_with_its_time_stamp_is_marked_too(page: Any) -> None:
    """The server's ``last.text`` is the stored text (``@56600 play A26 a1``): the slot
    played and the feed line of that very event are marked."""
    frame = json.loads(json.dumps(BY_NAME["mats"]["en"]))
    last = frame["last"]
    assert last["text"].startswith("play ")
    event = next(
        e for e in reversed(frame["view"]["log"]) if e[1] == last["seat"] and e[2] == "play"
    )
    last["text"] = f"@{event[0]} {last['text']}"
    page.evaluate("(f) => window.showFrame(f, 'en')", frame)
    slot = last["text"].split()[3]
    assert "gt-last" in page.locator(f".gt-slot[data-slot='{slot}']").get_attribute("class")
    marked = page.locator("[data-testid='gotcha-feed'] .gt-last")
    assert marked.count() == 1
    assert marked.get_attribute("data-kind") == "play"
    last["text"] = f"@{event[0] + 1} play {event[3]} {slot}"  # no event at that time
    page.evaluate("(f) => window.showFrame(f, 'en')", frame)
    assert page.locator("[data-testid='gotcha-feed'] .gt-last").count() == 0


def test_votes_are_buttons_for_every_voter(page: Any) -> None:
    """During a vote on a blank rule: yes/no are legal and send ``vote yes``/``vote no``."""
    show(page, "vote", "es")
    assert page.locator("[data-testid='gotcha-vote']").count() == 1
    page.click(".legal[data-action='vote no']")
    assert acts(page) == ["vote no"]
    assert "legal" not in page.locator("[data-action='emote clap']").get_attribute("class").split()


def test_spectators_and_replays_see_the_table_but_no_controls(page: Any) -> None:
    """A spectator has no hand and no controls, and hands show as counts only."""
    frame = show(page, "mats", "en", "spectator")
    assert "hand" not in frame["view"]
    assert page.locator(".gt-card").count() == 0
    assert page.locator("[data-action]").count() == 0
    assert page.locator(".gt-slot .gt-sentence").count() >= 1
    assert str(frame["view"]["pile_size"]) in page.locator(".gt-pile").inner_text()
    show(page, "mats", "en", "seat", True)
    assert page.locator("[data-action]").count() == 0
    assert page.locator(".gt-card").count() == 2


def test_a_finished_game_shows_the_winner_and_no_countdown(page: Any) -> None:
    """At the end: the winners marked, nobody "to play", no rule still "binds in"."""
    frame = show(page, "over")
    view = frame["view"]
    assert view["phase"] == "over" and view["winners"]
    for seat in view["winners"]:
        assert page.locator(f".gt-player[data-seat='{seat}'] .gt-tag-win").count() == 1
    assert page.locator(".gt-current").count() == 0
    assert page.locator(".gt-grace-on").count() == 0
    assert "binds in" not in page.locator(".gt-rules").inner_text()
    assert page.locator("[data-action]").count() == 0


def test_a_new_rule_is_read_aloud_once_and_the_mute_switch_is_kept(page: Any) -> None:
    """Only rules announced after the page opened are spoken, once each, in the page's
    language; the mute switch silences them and is saved in localStorage."""
    show(page, "draw")
    assert page.evaluate("window.__spoken") == []
    buzzed = show(page, "buzzed")
    fresh = sorted(
        (s for s in buzzed["view"]["slots"] if s["serial"] > 4), key=lambda s: s["serial"]
    )
    assert fresh
    assert page.evaluate("window.__spoken") == [[s["en"], "en-US"] for s in fresh]
    show(page, "buzzed")
    assert len(page.evaluate("window.__spoken")) == len(fresh)
    page.click("[data-testid='gotcha-mute']")
    assert page.evaluate("localStorage.getItem('ludoteca.gotcha.mute')") == "1"
    show(page, "mats")
    assert len(page.evaluate("window.__spoken")) == len(fresh)
    page.click("[data-testid='gotcha-mute']")
    assert page.evaluate("localStorage.getItem('ludoteca.gotcha.mute')") == "0"


def test_spanish_rules_are_read_in_spanish(page: Any) -> None:
    show(page, "draw", "es")
    buzzed = show(page, "buzzed", "es")
    spoken = page.evaluate("window.__spoken")
    assert spoken and all(lang == "es-ES" for _text, lang in spoken)
    assert spoken[0][0] in {s["es"] for s in buzzed["view"]["slots"]}


def test_a_browser_without_speech_synthesis_still_plays(browser: Any, base: str) -> None:
    page = open_page(browser, base, script=NO_SPEECH)
    show(page, "draw")
    show(page, "buzzed")
    assert page.locator(".gt-speech").is_disabled()
    assert page.locator(".gt-say").count() == 0
    assert page.errors == []
    page.context.close()


def test_the_phone_layout_fits_and_has_big_touch_targets(browser: Any, base: str) -> None:
    """At 390x844 nothing overflows sideways and every control shown (the phone shows one
    tab of the board at a time) is at least 40 px high."""
    page = open_page(browser, base, viewport=PHONE)
    for name in ("play", "mats", "vote", "individual"):
        show(page, name, "es")
        if name == "individual":
            page.click(".gt-card[data-card^='I']")
            page.click(".gt-chooser [data-mat='m1']")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        small = page.evaluate(
            """() => [...document.querySelectorAll('.gt-board button, .gt-board input')]
                .filter((b) => b.getClientRects().length && b.getBoundingClientRect().height < 40)
                .map((b) => b.outerHTML.slice(0, 80))"""
        )
        assert small == []
    assert page.errors == []
    page.context.close()


def test_the_area_chooser_says_whom_each_area_covers(page: Any) -> None:
    """Issue 21: "Area 1 / Area 2" name the players each area's WHO card covers."""
    frame = show(page, "play", "en")
    card_id = frame["view"]["hand"][0]
    page.click(f".gt-card[data-card='{card_id}']")
    for area in ("a1", "a2"):
        slot = next(s for s in frame["view"]["slots"] if s["slot"] == area)
        who = page.evaluate(
            "async ([id]) => (await import('/static/boards/gotcha_text.js')).whoText('en', id)",
            [slot["who"][-1]],
        )
        button = page.locator(f".gt-chooser [data-action='play {card_id} {area}']")
        assert f"covers {who}" in button.inner_text()
