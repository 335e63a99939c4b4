"""Issue 38, browser: what changed moves and sounds, unless the person asked otherwise.

A Dweebies table (a person and two bots) played to its middle: the card each move places is
marked and slides in (static/motion.js); the sounds are made by the Web Audio API
(static/sound.js), and the room's mute switch, labelled in the page's language and kept in
localStorage, keeps every AudioContext from being made or resumed and every sound from
starting. With ``prefers-reduced-motion: reduce`` (Playwright's emulation) nothing moves.
The page's AudioContext, oscillators and sample players are counted by an init script.
"""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.e2e_family import mid_game
from e2e.e2e_table import Frames, add_bot, create_room, sit, start
from ludoteca.loadbench.process import Server

AUDIO_SPY = """
window.__audio = {made: 0, resumed: 0, started: 0};
{
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.__audio.made += 1; }
    resume() { window.__audio.resumed += 1; return super.resume(); }
  };
  for (const Node of [OscillatorNode, AudioBufferSourceNode]) {
    const start = Node.prototype.start;
    Node.prototype.start = function (...args) {
      window.__audio.started += 1;
      return start.apply(this, args);
    };
  }
}
"""


def audio(page: Page) -> dict[str, int]:
    """What the page did with Web Audio since it loaded."""
    counts: dict[str, int] = page.evaluate("window.__audio")
    return counts


def motion(page: Page) -> tuple[int, int]:
    """Parts marked to move, and animations started, since the page loaded.

    Both are read in one script: the bots play on meanwhile, and two reads could fall
    either side of a new state (motion.js writes both totals in one task).
    """
    counts: list[int] = page.evaluate(
        """() => {
          const board = document.querySelector(".board");
          return ["data-motion-marks", "data-motions"].map(
            (name) => Number(board.getAttribute(name) || 0));
        }"""
    )
    return counts[0], counts[1]


def dweebies_table(page: Page, origin: str) -> Frames:
    """A started Dweebies room: the person at seat 0, bots at 1 and 2."""
    frames = Frames(page)
    create_room(page, origin, "dweebies", 3)
    sit(page, frames, 0, "Ana")
    add_bot(page, frames, 1)
    add_bot(page, frames, 2)
    start(page, frames)
    return frames


def opened(browser: Browser, reduced: bool) -> tuple[BrowserContext, Page, list[str]]:
    context = browser.new_context(
        locale="en-US",
        viewport={"width": 1280, "height": 800},
        reduced_motion="reduce" if reduced else "no-preference",
    )
    context.set_default_timeout(15_000)
    context.add_init_script(AUDIO_SPY)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


def test_moves_slide_in_and_sound_and_the_mute_switch_silences_them(
    server: Server, browser: Browser
) -> None:
    context, page, errors = opened(browser, reduced=False)
    origin = server.url
    frames = Frames(page)
    create_room(page, origin, "dweebies", 3)
    switch = page.get_by_test_id("sound-switch")
    expect(switch).to_have_text("Sound: on")
    switch.click()  # muted before anything sounds
    expect(switch).to_have_attribute("data-muted", "true")
    expect(switch).to_have_text("Sound: off")
    sit(page, frames, 0, "Ana")
    add_bot(page, frames, 1)
    add_bot(page, frames, 2)
    start(page, frames)
    mid_game(page, frames, "dweebies")
    assert audio(page) == {"made": 0, "resumed": 0, "started": 0}
    marks, moved = motion(page)
    assert marks > 0 and moved == marks, (marks, moved)  # every placed card slid in

    # The switch is remembered, and says so in Spanish too.
    page.reload()
    expect(page.locator(".board > *").first).to_be_visible()
    expect(page.get_by_test_id("sound-switch")).to_have_text("Sound: off")
    page.get_by_test_id("lang-switch").select_option("es")
    expect(page.get_by_test_id("sound-switch")).to_have_text("Sonido: no")
    assert audio(page)["made"] == 0

    # Sound on: a tone at once, and each move sounds from then on.
    page.get_by_test_id("sound-switch").click()
    expect(page.get_by_test_id("sound-switch")).to_have_text("Sonido: sí")
    on = audio(page)
    assert on["made"] == 1 and on["started"] >= 1, on
    mid_game(page, frames, "dweebies")
    assert audio(page)["started"] > on["started"]
    assert errors == []
    context.close()


def test_nothing_moves_when_the_person_asks_for_reduced_motion(
    server: Server, browser: Browser
) -> None:
    context, page, errors = opened(browser, reduced=True)
    frames = dweebies_table(page, server.url)
    mid_game(page, frames, "dweebies")
    marks, moved = motion(page)
    assert marks > 0 and moved == 0, (marks, moved)
    assert page.evaluate("document.getAnimations().length") == 0
    assert errors == []
    context.close()
