"""Draw the installable app's icons (static/icons/icon-192.png, icon-512.png) from the
site's brand mark: the orange die face with five white pips of the page header, on the
page's theme green (``theme-color``), inside the maskable safe zone (the central 80 %).

Run: ``.venv/bin/python scripts/make_icons.py`` (Pillow, which matplotlib brings).
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "src" / "ludoteca" / "web" / "static" / "icons"
GREEN = (47, 93, 80, 255)
ORANGE = (233, 162, 59, 255)
WHITE = (255, 255, 255, 255)
PIPS = ((11, 11), (21, 11), (16, 16), (11, 21), (21, 21))
"""The header's mark on its 32-unit grid (``app.js``)."""


def icon(size: int) -> Image.Image:
    """One icon, drawn at 4x and scaled down (smooth edges)."""
    big = size * 4
    image = Image.new("RGBA", (big, big), GREEN)
    draw = ImageDraw.Draw(image)
    unit = big * 0.62 / 26  # the 26-unit die face fills 62 % (inside the safe zone)
    left = (big - 26 * unit) / 2 - 3 * unit
    draw.rounded_rectangle(
        (left + 3 * unit, left + 3 * unit, left + 29 * unit, left + 29 * unit),
        radius=6 * unit,
        fill=ORANGE,
    )
    for x, y in PIPS:
        r = 2.6 * unit
        cx, cy = left + x * unit, left + y * unit
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    """Write both sizes."""
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        icon(size).save(OUT / f"icon-{size}.png", optimize=True)


if __name__ == "__main__":
    main()
