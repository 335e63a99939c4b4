"""Open a design report (``ludoteca report GAME --out r.html``) in Debian's chromium with
every network request refused and recorded, and save a screenshot of its top.

Run: ``.venv/bin/python -m bench.tools.lab_report_shot r.html docs/figures/report-tacocat.png``

Prints the requests the page made (only its own file when it is self-contained) and the
number of plots drawn.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import Route, sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def main() -> None:
    """Load the page offline, list its requests, save the screenshot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("png", type=Path)
    parser.add_argument("--height", type=int, default=1500)
    args = parser.parse_args()
    address = args.page.resolve().as_uri()
    asked: list[str] = []

    def refuse(route: Route) -> None:
        asked.append(route.request.url)
        if route.request.url == address:
            route.continue_()
        else:
            route.abort()

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(offline=True, viewport={"width": 960, "height": args.height})
        context.route("**/*", refuse)
        page = context.new_page()
        page.goto(address)
        plots = page.locator("section svg").count()
        page.screenshot(path=str(args.png))
        browser.close()
    print(f"requests: {asked}")
    print(f"other requests refused: {sum(url != address for url in asked)}; plots drawn: {plots}")
    print(f"screenshot: {args.png} ({args.png.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
