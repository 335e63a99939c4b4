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
