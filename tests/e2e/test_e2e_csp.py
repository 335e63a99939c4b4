"""Issue 41, browser: the pages work under their Content-Security-Policy (only the site's
own scripts, styles and sockets): the lobby, a guide and a game against a bot load, play
and draw with 0 violations, and another site may not frame them.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext

from e2e.e2e_table import Frames, add_bot, create_room, my_turn, sit, start, wait_until
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def test_every_page_works_under_its_csp_with_no_violation(
    server: Server, context: BrowserContext
) -> None:
    context.add_init_script(WATCH)
    page = context.new_page()
    console = []
    page.on("console", lambda m: console.append(m.text) if "Content Security" in m.text else None)
    page.goto(server.url + "/how/tacocat")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__violations") == []
    frames = Frames(page)
    create_room(page, server.url, "tacocat", 2)
    sit(page, frames, 0, "Ana")
    add_bot(page, frames, 1)
    start(page, frames)
    state = wait_until(page, lambda: my_turn(frames), "my turn")
    page.locator(f'button.move[data-action="{state["legal"][0]["text"]}"]').first.click()
    wait_until(page, lambda: frames.version() > state["version"], "the move played")
    assert page.evaluate("window.__violations") == [] and console == []
    page.close()


def test_another_site_cannot_frame_a_page(server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.set_content(f'<iframe id="f" src="{server.url}/"></iframe>')
    page.wait_for_timeout(1500)
    child = page.frames[1]
    assert child.url.startswith("chrome-error://")  # refused (frame-ancestors 'none')
    page.close()
