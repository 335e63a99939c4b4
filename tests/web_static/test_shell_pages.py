"""The shell's pages in Debian chromium, against the engine behind a mocked socket.

``shell_fake_site`` serves the real static files and answers the socket with a
``FakeTable`` (real engine views, legal moves and rule ids), so these tests check the shell
itself: the lobby form, the room's seats, moves, errors with rule ids, chat, language
switch, outcome and replay bar. The full browser suite against the real server is in
``tests/e2e`` (web_e2e).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium_launch import CHROMIUM, CHROMIUM_ARGS
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright
from shell_fake_site import ORIGIN, STATIC, open_fake
from shell_samples import FakeLobby, FakeTable, game_cards

from ludoteca.agents import levels
from ludoteca.games.gotcha import cards as gotcha_cards

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Debian chromium is not installed"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def new_page(browser: Browser, locale: str = "en-US", phone: bool = False) -> Page:
    viewport: ViewportSize = (
        {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    )
    context = browser.new_context(locale=locale, viewport=viewport, has_touch=phone)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.js_errors = errors  # type: ignore[attr-defined]
    return page


def test_lobby_lists_games_and_creates_a_room(browser: Browser) -> None:
    page = new_page(browser)
    sent: list[dict[str, Any]] = []
    open_fake(page, FakeTable("tacocat"), sent)
    page.goto(ORIGIN + "/")
    expect(page.locator(".game-card")).to_have_count(5)
    page.get_by_test_id("game-select").select_option("dweebies")
    expect(page.get_by_test_id("players-select").locator("option")).to_have_count(5)
    page.get_by_test_id("players-select").select_option("3")
    with page.expect_request(f"{ORIGIN}/api/rooms?lang=en") as request:
        page.get_by_test_id("create-room").click()
    body = request.value.post_data_json
    assert body is not None
    assert body["game"] == "dweebies"
    assert body["players"] == 3
    assert body["turn_seconds"] == 0
    page.wait_for_url(f"{ORIGIN}/room/sample")
    # The creator token the answer carried is kept and sent in the room's hello.
    expect(page.get_by_test_id("seat-0")).to_be_visible()
    hello = next(m for m in sent if m["type"] == "hello")
    assert hello["creator"] == "sample-creator"
    assert page.js_errors == []  # type: ignore[attr-defined]


def test_a_spectator_sees_no_bot_buttons_the_server_would_refuse(browser: Browser) -> None:
    page = new_page(browser)
    lobby = FakeLobby("tacocat", anyone_creates=False)
    open_fake(page, lobby)
    page.goto(ORIGIN + "/room/sample")
    expect(page.get_by_test_id("sit-0")).to_be_visible()
    expect(page.get_by_test_id("bot-1")).to_have_count(0)
    expect(page.get_by_test_id("bot-0")).to_have_count(0)
    page.get_by_test_id("name-input").fill("Ana")
    page.get_by_test_id("sit-0").click()
    expect(page.get_by_test_id("seat-0")).to_contain_text("Ana")
    expect(page.get_by_test_id("bot-1")).to_be_visible()  # seated: bots are hers to add
    assert page.js_errors == []  # type: ignore[attr-defined]


def test_language_follows_the_browser_and_the_switch_is_saved(browser: Browser) -> None:
    page = new_page(browser, locale="es-ES")
    open_fake(page, None)
    page.goto(ORIGIN + "/")
    expect(page.get_by_test_id("create-room")).to_have_text("Crear mesa")
    page.get_by_test_id("lang-switch").select_option("en")
    expect(page.get_by_test_id("create-room")).to_have_text("Create table")
    page.reload()
    expect(page.get_by_test_id("create-room")).to_have_text("Create table")
    assert page.evaluate("localStorage.getItem('ludoteca.lang')") == "en"


def test_room_shows_seats_moves_and_sends_a_legal_move(browser: Browser) -> None:
    table = FakeTable("tacocat")
    sent: list[dict[str, Any]] = []
    page = new_page(browser)
    open_fake(page, table, sent)
    page.goto(ORIGIN + "/room/sample")
    expect(page.get_by_test_id("seat-0")).to_contain_text("Ana")
    expect(page.get_by_test_id("seat-1")).to_contain_text("Bot 1")
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "open")
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")
    moves = page.locator("button.move")
    expect(moves.first).to_have_attribute("data-action", "keep")
    count = moves.count()
    assert count == len(table.state_message()["legal"]) > 1
    version = table.version
    moves.first.click()
    # Both replaced; dealt; now the duel (the bot's duel card is secret: no last move shown).
    expect(moves.first).to_have_attribute("data-action", re.compile(r"^duel \d+$"))
    expect(page.get_by_test_id("last-move")).not_to_contain_text("Bot 1")
    acts = [m for m in sent if m["type"] == "act"]
    assert acts == [{"type": "act", "action": "keep", "version": version}]
    assert sent[0]["type"] == "hello"
    assert page.js_errors == []  # type: ignore[attr-defined]


def test_an_illegal_move_shows_the_message_and_the_rule_id(browser: Browser) -> None:
    table = FakeTable("tacocat")
    page = new_page(browser)
    open_fake(page, table)
    page.goto(ORIGIN + "/room/sample")
    page.locator("details.typed summary").click()
    page.get_by_test_id("move-input").fill("attack 5")
    page.get_by_test_id("move-send").click()
    error = page.get_by_test_id("error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(re.compile(r"TC-\d\d"))
    rule = error.get_attribute("data-rule")
    assert rule and rule.startswith("TC-")


def test_chat_sends_and_shows_lines(browser: Browser) -> None:
    page = new_page(browser)
    open_fake(page, FakeTable("tacocat"))
    page.goto(ORIGIN + "/room/sample")
    page.get_by_test_id("chat-input").fill("hola")
    page.get_by_test_id("chat-send").click()
    expect(page.locator(".chat-line")).to_contain_text("hola")
    expect(page.get_by_test_id("chat-input")).to_have_value("")


def test_outcome_rematch_and_replay_bar_after_the_end(browser: Browser) -> None:
    table = FakeTable("tacocat")
    table.finish()
    page = new_page(browser, phone=True)
    open_fake(page, table)
    page.goto(ORIGIN + "/room/sample")
    expect(page.get_by_test_id("outcome")).to_be_visible()
    expect(page.get_by_test_id("rematch")).to_be_visible()
    step = page.get_by_test_id("replay-step")
    total = table.version
    expect(step).to_have_attribute("data-step", str(total))
    page.get_by_test_id("replay-prev").click()
    expect(step).to_have_attribute("data-step", str(total - 1))
    page.get_by_test_id("replay-first").click()
    expect(step).to_have_attribute("data-step", "0")
    expect(page.get_by_test_id("replay-prev")).to_be_disabled()
    page.get_by_test_id("replay-next").click()
    expect(step).to_have_attribute("data-step", "1")
    expect(page.locator("button.move")).to_have_count(0)
    page.keyboard.press("End")
    expect(step).to_have_attribute("data-step", str(total))
    page.keyboard.press("ArrowLeft")
    expect(step).to_have_attribute("data-step", str(total - 1))


def test_every_game_draws_a_board_without_errors(browser: Browser) -> None:
    for game_id, players in (("tacocat", 2), ("dweebies", 3), ("tile_up", 2), ("mystery_date", 3)):
        page = new_page(browser, phone=True)
        open_fake(page, FakeTable(game_id, players=players))
        page.goto(ORIGIN + "/room/sample")
        expect(page.locator(".board > *").first).to_be_visible()
        assert page.js_errors == [], game_id  # type: ignore[attr-defined]
        page.context.close()


def test_the_profile_form_reads_the_traits_from_the_game_cards() -> None:
    """No copy of a game's traits in the shell (issue 21): the profile form is built from
    ``GameInfo.profiles`` as ``GET /api/games`` sends it."""
    for path in [*STATIC.glob("*.js")]:
        assert "wears glasses" not in path.read_text(encoding="utf-8"), path.name
    (card,) = [c for c in game_cards("en") if c["id"] == "gotcha"]
    labels = {t["id"]: t["label"] for t in card["profiles"]["traits"]}
    data = tomllib.loads(
        (Path(gotcha_cards.__file__).parent / "cards.toml").read_text(encoding="utf-8")
    )["traits"]
    assert labels == {trait_id: data[trait_id]["en"] for trait_id in gotcha_cards.TRAITS}


def test_every_shell_string_exists_in_both_languages() -> None:
    text = (STATIC / "i18n.js").read_text(encoding="utf-8")
    es_block = text[text.index("  es: {") : text.index("  en: {")]
    en_block = text[text.index("  en: {") : text.index("function browserLang")]
    key = re.compile(r'^\s+"([\w.]+)":', re.MULTILINE)
    es_keys, en_keys = key.findall(es_block), key.findall(en_block)
    assert es_keys and sorted(es_keys) == sorted(en_keys)
    used: set[str] = set()
    for path in [*STATIC.glob("*.js"), *STATIC.glob("boards/*.js")]:
        used |= set(re.findall(r'\bt\("([\w.]+)"', path.read_text(encoding="utf-8")))
    missing = sorted(k for k in used if k not in es_keys)
    assert missing == []


def test_lobby_room_sit_with_a_gotcha_profile_bot_and_start(browser: Browser) -> None:
    sent: list[dict[str, Any]] = []
    page = new_page(browser, phone=True)
    open_fake(page, FakeLobby("gotcha", players=3), sent)
    page.goto(ORIGIN + "/room/sample")
    expect(page.get_by_test_id("seat-2")).to_contain_text("free")
    page.get_by_test_id("sit-0").click()
    expect(page.get_by_test_id("error")).to_contain_text("name")
    page.get_by_test_id("name-input").fill("Ana")
    page.get_by_test_id("age-input").fill("34")
    page.get_by_test_id("trait-glasses").check()
    page.get_by_test_id("trait-pet").check()
    page.get_by_test_id("sit-0").click()
    expect(page.get_by_test_id("seat-0")).to_contain_text("Ana")
    assert page.evaluate("localStorage.getItem('ludoteca.token.sample')") == "sample-token"
    sit = next(m for m in sent if m["type"] == "sit")
    assert sit == {"type": "sit", "seat": 0, "name": "Ana", "age": 34, "traits": ["glasses", "pet"]}
    expect(page.get_by_test_id("start")).to_be_disabled()
    page.get_by_test_id("bot-1").click()
    page.get_by_test_id("bot-2").click()
    expect(page.get_by_test_id("seat-2")).to_have_attribute("data-kind", "bot")
    bots = [m for m in sent if m["type"] == "bot"]
    assert [m["seat"] for m in bots] == [1, 2]
    # Gotcha's default is its fair level (a person wins about a quarter against it).
    assert all(m["agent"] == levels.default_level("gotcha") for m in bots)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")


Sent = list[dict[str, Any]]


def tacocat_page(browser: Browser, phase: str, sent: Sent) -> tuple[Page, FakeTable]:
    table = FakeTable("tacocat")
    table.play_to(phase)
    assert table.game.phase(table.state) == phase
    page = new_page(browser, phone=True)
    open_fake(page, table, sent)
    page.goto(ORIGIN + "/room/sample")
    expect(page.locator(".tc-svg")).to_have_attribute("data-phase", phase)
    return page, table


def test_tacocat_replace_picks_cards_then_sends_the_set(browser: Browser) -> None:
    sent: list[dict[str, Any]] = []
    page, table = tacocat_page(browser, "replace", sent)
    hand = table.state_message()["view"]["hand"]
    cards = page.locator(".tc-hand-card")
    expect(cards).to_have_count(len(hand))
    cards.nth(2).click()
    cards.nth(0).click()
    expect(page.locator(".tc-hand-card.picked")).to_have_count(2)
    wanted = f"replace {' '.join(map(str, sorted([hand[0], hand[2]])))}"
    button = page.locator(f'.board-controls button[data-action="{wanted}"]')
    expect(button).to_have_class(re.compile(r"\blegal\b"))
    button.click()
    expect(page.locator(".tc-svg")).not_to_have_attribute("data-phase", "replace")
    assert [m["action"] for m in sent if m["type"] == "act"] == [wanted]
    assert page.js_errors == []  # type: ignore[attr-defined]


def test_tacocat_duel_is_one_tap_on_a_legal_card(browser: Browser) -> None:
    sent: list[dict[str, Any]] = []
    page, table = tacocat_page(browser, "duel", sent)
    hand = table.state_message()["view"]["hand"]
    legal = page.locator(".tc-hand-card.legal")
    expect(legal).to_have_count(len(hand))
    expect(legal.first).to_have_attribute("data-action", f"duel {hand[0]}")
    legal.first.click()
    expect(page.locator(".tc-svg[data-phase=duel] .tc-hand-card.legal")).to_have_count(0)
    assert [m["action"] for m in sent if m["type"] == "act"] == [f"duel {hand[0]}"]


def test_tacocat_defending_too_low_is_sent_and_answered_with_tc06(browser: Browser) -> None:
    sent: list[dict[str, Any]] = []
    table = FakeTable("tacocat", seed=11)
    for _ in range(50):
        table.play_to("defend")
        view = table.state_message()["view"]
        if view["phase"] == "defend" and view["hand"][0] < view["attack"][len(view["answers"])]:
            break
        table = FakeTable("tacocat", seed=table.seed + 1)
    view = table.state_message()["view"]
    low = view["hand"][0]
    assert low < view["attack"][len(view["answers"])]
    page = new_page(browser, phone=True)
    open_fake(page, table, sent)
    page.goto(ORIGIN + "/room/sample")
    tryable = page.locator(f'.tc-hand-card.tryable[data-card="{low}"]').first
    expect(tryable).not_to_have_attribute("data-action", re.compile(".*"))
    tryable.click()
    error = page.get_by_test_id("error")
    expect(error).to_have_attribute("data-rule", "TC-06")
    expect(error).to_be_in_viewport()
    assert [m["action"] for m in sent if m["type"] == "act"] == [f"defend {low}"]
    expect(page.locator('.board-controls button[data-action="sacrifice"]')).to_be_visible()


def test_typing_a_name_survives_room_updates(browser: Browser) -> None:
    page = new_page(browser)
    lobby = FakeLobby("tacocat")
    open_fake(page, lobby)
    page.goto(ORIGIN + "/room/sample")
    name = page.get_by_test_id("name-input")
    name.click()
    name.press_sequentially("An")
    name.evaluate("element => { element.dataset.mark = 'same'; }")
    page.get_by_test_id("bot-1").click()  # a room message arrives and seats are redrawn
    expect(page.get_by_test_id("seat-1")).to_have_attribute("data-kind", "bot")
    # The very same input element is still there (not rebuilt under the typing fingers).
    expect(name).to_have_attribute("data-mark", "same")
    name.press("End")
    name.press_sequentially("a")
    expect(name).to_have_value("Ana")


SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, select, input:not([type=checkbox]), a.btn, .tc-hand-card .card-face')]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => [e.dataset.testid || e.className.baseVal || e.className || e.tagName,
               e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.height < 40 || r.width < 40))
  .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def test_touch_targets_are_at_least_40_px_on_a_phone(browser: Browser) -> None:
    for game_id, phase in (("tacocat", "duel"), ("tacocat", "replace"), ("dweebies", "")):
        table = FakeTable(game_id)
        if phase:
            table.play_to(phase)
        page = new_page(browser, phone=True)
        open_fake(page, table)
        page.goto(ORIGIN + "/room/sample")
        expect(page.locator(".board > *").first).to_be_visible()
        assert page.evaluate(SMALL_TARGETS) == [], (game_id, phase)
        page.context.close()
    page = new_page(browser, phone=True)
    open_fake(page, None)
    page.goto(ORIGIN + "/")
    expect(page.get_by_test_id("create-room")).to_be_visible()
    assert page.evaluate(SMALL_TARGETS) == []


def test_a_second_tap_before_the_answer_sends_nothing(browser: Browser) -> None:
    sent: list[dict[str, Any]] = []
    page = new_page(browser, phone=True)
    open_fake(page, FakeTable("tacocat"), sent, answer_acts=False)
    page.goto(ORIGIN + "/room/sample")
    moves = page.locator("button.move")
    expect(moves.first).to_be_visible()
    # The replace moves are folded into one group (issue 21): open it to reach the second.
    page.locator("details.move-group").evaluate_all("gs => gs.forEach((g) => { g.open = true; })")
    moves.nth(0).click()
    moves.nth(1).click()
    page.get_by_test_id("chat-input").fill("x")
    page.get_by_test_id("chat-send").click()
    # The chat got through after the clicks, so both clicks were handled by then.
    page.wait_for_function("() => document.querySelector('.chat-log') !== null")
    expect(page.locator(".chat-line")).to_have_count(1)
    assert [m["action"] for m in sent if m["type"] == "act"] == ["keep"]


@pytest.mark.parametrize(("locale", "names"), [("en-US", "English"), ("es-ES", "Español")])
def test_a_rooms_language_is_offered_by_its_name_not_its_code(
    browser: Browser, locale: str, names: str
) -> None:
    page = new_page(browser, locale=locale)
    open_fake(page, FakeTable("tacocat"), [])
    page.goto(ORIGIN + "/")
    page.get_by_test_id("game-select").select_option("gotcha")
    choices = page.locator('[data-option="language"] option').all_inner_texts()
    assert choices and names in choices
    assert not {"es", "en"} & set(choices)
    assert page.js_errors == []  # type: ignore[attr-defined]
