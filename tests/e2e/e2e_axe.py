"""axe-core (bundled by ``axe-playwright-python``) run on a page as a person sees it.

Every check asks for the WCAG 2.2 A/AA rules only, and one page is looked at in each of the
four ways a family meets it: desktop 1280×800 and phone 390×844, Spanish and English (the
language switched with the page's own selector, as a person does).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, ViewportSize

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
"""The WCAG 2.0, 2.1 and 2.2 level A and AA rules (axe-core's tags)."""

VIEWPORTS: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
}
LANGS = ("en", "es")

_AXE = Axe()


def violations(page: Page, where: str) -> list[str]:
    """axe-core's WCAG 2.2 A/AA violations on ``page`` now, one line per rule, each naming
    ``where`` the page was, the rule, and up to four of the failing elements."""
    results = _AXE.run(
        page,
        options={
            "runOnly": {"type": "tag", "values": AXE_TAGS},
            "resultTypes": ["violations"],
        },
    )
    lines = []
    for rule in results.response["violations"]:
        nodes: list[dict[str, Any]] = rule["nodes"]
        targets = "; ".join(" ".join(map(str, node["target"])) for node in nodes[:4])
        summary = nodes[0].get("failureSummary", "").replace("\n", " ")[:240] if nodes else ""
        lines.append(f"{where}: {rule['id']} ×{len(nodes)} [{targets}] {summary}")
    return lines


def overflow(page: Page, where: str) -> list[str]:
    """A line when the page is wider than its viewport (a phone would cut it at an edge),
    naming the widest elements that stick out."""
    wider: list[str] = page.evaluate(
        """() => {
          const width = document.documentElement.clientWidth;
          if (document.documentElement.scrollWidth <= width) return [];
          return [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > width + 1)
            .slice(0, 4).map((e) => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'));
        }"""
    )
    return [f"{where}: wider than the screen: {', '.join(wider)}"] if wider else []


def switch_language(page: Page, lang: str) -> None:
    """Choose ``lang`` in the page's language selector (nothing when it is shown already)."""
    select = page.get_by_test_id("lang-switch")
    if select.input_value() != lang:
        select.select_option(lang)
    page.wait_for_function(f"document.documentElement.lang === {lang!r}")


def every_way(page: Page, settled: Callable[[], None]) -> Iterator[str]:
    """Show ``page`` at each viewport in each language; yields ``"<viewport> <lang>"`` once
    ``settled()`` says it is drawn (the caller checks it then)."""
    for name, size in VIEWPORTS.items():
        page.set_viewport_size(size)
        for lang in LANGS:
            switch_language(page, lang)
            settled()
            yield f"{name} {lang}"


FLOATING_BARS_CLEAR = """() => {
  const floats = (e) => {
    for (let a = e; a; a = a.parentElement) {
      const position = getComputedStyle(a).position;
      if (position === 'sticky' || position === 'fixed') return true;
    }
    return false;
  };
  const name = (e) => {
    const slot = e.closest('[data-slot]');
    return e.tagName.toLowerCase() + (e.dataset.testid ? `[data-testid=${e.dataset.testid}]` : '')
      + [...e.classList].map((c) => '.' + c).join('')
      + (slot ? ` in [data-slot=${slot.dataset.slot}]` : '');
  };
  const own = (target, hit) => hit && (target.contains(hit)
    || [...(target.labels || [])].some((label) => label.contains(hit)));
  // A toast (an error, the connection) is over the page only until it goes or is dismissed.
  const passing = '.toasts, .conn-slot';
  const targets = [...document.querySelectorAll(
    '.room :is(button, a[href], input, select, textarea, summary)')]
    .filter((e) => e.checkVisibility() && !floats(e));
  const back = window.scrollY;
  const found = [];
  for (const target of targets) {
    for (const [from, start] of [['above', 0], ['below', document.documentElement.scrollHeight]]) {
      window.scrollTo(0, start);
      target.scrollIntoView({block: 'nearest', inline: 'nearest'});
      const r = target.getBoundingClientRect();
      // The centre and the middle of each edge, just inside (a pill's corners are not its own).
      const [x, y, inset] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2, 3];
      const points = [[x, y], [x, r.top + inset], [x, r.bottom - inset], [r.left + inset, y],
        [r.right - inset, y]];
      const hidden = points.map(([px, py]) => document.elementFromPoint(px, py))
        .find((hit) => !own(target, hit) && !(hit && hit.closest(passing)));
      if (hidden !== undefined) {
        const by = hidden ? name(hidden) : 'the screen edge';
        found.push(`${name(target)} scrolled to from ${from}: under ${by}`);
      }
    }
  }
  window.scrollTo(0, back);
  return found;
}"""


def hidden_when_scrolled_to(page: Page, where: str) -> list[str]:
    """A line for each target of the room (not in a floating bar) that, scrolled into view from
    above and from below as focus does, still has its centre or the middle of an edge under
    something: the page's scroll padding must keep what is scrolled to clear of the fixed
    strip at the top and the bars at the bottom, however tall they are now (WCAG 2.4.11)."""
    hidden: list[str] = page.evaluate(FLOATING_BARS_CLEAR)
    return [f"{where}: {line}" for line in hidden]


STRADDLE_BOTTOM_BAR = """([selector, index, below]) => {
  const target = document.querySelectorAll(selector)[index];
  const bar = document.querySelector('.room.in-replay .replay-slot');
  if (!target || !target.checkVisibility() || !bar) return false;
  const r = target.getBoundingClientRect();
  const tops = [...bar.querySelectorAll('button, select, a[href], input')]
    .map((control) => control.getBoundingClientRect())
    .filter((c) => c.width > 0 && c.left < r.right && c.right > r.left)
    .map((c) => c.top);
  if (!tops.length) return false;  // no control of the bar above or below it
  window.scrollBy(0, r.top - (Math.min(...tops) + below));
  return true;
}"""


def _target_size_violations(page: Page) -> list[str]:
    """axe-core's target-size rule alone on the page as it is scrolled: per violation, its
    first four targets' selectors."""
    results = _AXE.run(
        page,
        options={
            "runOnly": {"type": "rule", "values": ["target-size"]},
            "resultTypes": ["violations"],
        },
    )
    return [
        "; ".join(" ".join(map(str, node["target"])) for node in rule["nodes"][:4])
        for rule in results.response["violations"]
    ]


def target_size_at_the_replay_bar(page: Page, selector: str, where: str) -> list[str]:
    """axe-core's target-size violations with each ``selector`` target of the replay scrolled
    to 12 px below the top of a control of the replay bar, which then covers part of it.

    Gotcha's read-aloud buttons failed so under a bar that stuck in the page's flow (axe
    counts a sticky bar's buttons as partly covering what scrolls under them, and at 2 to 20
    px below their top edge finds too little of it clear); a fixed bar is a layer of its own
    that axe does not weigh against the page, as what scrolls under it comes out again."""
    found: list[str] = []
    back = page.evaluate("() => window.scrollY")
    for index in range(page.locator(selector).count()):
        if not page.evaluate(STRADDLE_BOTTOM_BAR, [selector, index, 12]):
            continue
        for targets in _target_size_violations(page):
            found.append(f"{where}: {selector} #{index} partly under the replay bar: {targets}")
    page.evaluate("y => window.scrollTo(0, y)", back)
    return found


STRADDLE_TOP_STRIP = """([selector, index, control, above]) => {
  const target = document.querySelectorAll(selector)[index];
  const strip = document.querySelector('.room > :has(> .status-row)');  // the room's top strip
  if (!target || !target.checkVisibility() || !strip) return 'none';
  const over = () => {
    const r = target.getBoundingClientRect();
    const controls = [...strip.querySelectorAll('button, select, a[href], input, summary')]
      .filter((c) => c.checkVisibility()).map((c) => c.getBoundingClientRect())
      .filter((c) => c.width > 0 && c.left < r.right && c.right > r.left);
    return [r, controls[control]];
  };
  const [r0, c0] = over();
  if (!c0) return 'none';  // no such control of the strip above it
  window.scrollBy(0, r0.bottom - (c0.bottom - above));
  // Only where a person can scroll to (the page may end before, or a sticky strip not stick).
  const [r, c] = over();
  return c && r.top < c.bottom && r.bottom > c.top ? 'under' : 'unreachable';
}"""


def target_size_under_the_strip(page: Page, selector: str, where: str) -> list[str]:
    """axe-core's target-size violations with each ``selector`` target of the room scrolled
    under each control of the top strip over it, its bottom edge 5 px above the control's
    (one axe run per target and control, only at scroll positions the page reaches).

    Gotcha's mute button failed so under the result strip's "Rematch" at the end of a game
    while the strip was sticky: axe counts a sticky bar's buttons as neighbours of what
    scrolls under them, and with the target's bottom 2 to 8 px above the button's found too
    little clickable space around it. The strip is now a fixed layer that axe keeps apart."""
    found: list[str] = []
    back = page.evaluate("() => window.scrollY")
    for index in range(page.locator(selector).count()):
        for control in range(8):
            placed = page.evaluate(STRADDLE_TOP_STRIP, [selector, index, control, 5])
            if placed == "none":
                break
            if placed == "unreachable":
                continue
            for targets in _target_size_violations(page):
                found.append(
                    f"{where}: target {index} under top-strip control {control}: {targets}"
                )
    page.evaluate("y => window.scrollTo(0, y)", back)
    return found
