"""The design report opened in Debian's chromium (Playwright) with every network request
refused and recorded: the page asks for nothing but itself and draws its plots."""

from pathlib import Path

from playwright.sync_api import Route, sync_playwright
from typer.testing import CliRunner

from ludoteca.cli import app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def test_the_report_loads_with_no_network_and_shows_its_plots(tmp_path: Path) -> None:
    page_path = tmp_path / "r.html"
    args = ["report", "tacocat", "--out", str(page_path), "-n", "10", "--seed", "2"]
    flags = ["--ladder-agents", "random,greedy", "--ladder-games", "2", "--lang", "es"]
    result = CliRunner().invoke(app, [*args, *flags], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    address = page_path.as_uri()
    asked: list[str] = []

    def refuse_the_network(route: Route) -> None:
        asked.append(route.request.url)
        if route.request.url == address:
            route.continue_()
        else:
            route.abort()

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = browser.new_context(offline=True)
            context.route("**/*", refuse_the_network)
            page = context.new_page()
            failed: list[str] = []
            page.on("requestfailed", lambda request: failed.append(request.url))
            page.goto(address)
            assert page.locator("h1").inner_text().startswith("Informe de diseño")
            assert page.locator("section svg").count() >= 5
            box = page.locator("#seats svg").bounding_box()
            assert box is not None and box["width"] > 200 and box["height"] > 100
            assert page.locator("#reproduce pre").inner_text().startswith("ludoteca report")
        finally:
            browser.close()
    assert asked == [address]
    assert failed == []
