"""One decision's screen, fitted to the terminal: the table, the news, the moves, the prompt.

A person's screen is drawn afresh at each decision and must fit the terminal (80×24 at
least), so nothing they need scrolls away. :func:`show_screen` measures the parts at the
console's width and, when the whole does not fit, uses the renderer's compact table, keeps
only the latest news (saying how many earlier ones are left out) and pages the moves: the
numbers stay the same on every page, and ``+`` / ``-`` turn the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.segment import Segment, Segments
from rich.text import Text

from ludoteca.engine.i18n import Lang, msg, register

MIN_HEIGHT = 24
"""The smallest terminal a screen is laid out for (rows)."""
NEXT_PAGE = frozenset({"+", "more", "más", "mas"})
"""Answers that show the next page of moves."""
PREVIOUS_PAGE = frozenset({"-"})
"""Answers that show the previous page of moves."""
MIN_NEWS = 2
"""News lines kept (with their heading) however many moves there are."""
MOVES_KEPT = 4
"""Numbered moves shown on a page before the news may take the rest of the room."""


@dataclass(frozen=True, slots=True)
class Fitted:
    """How a screen was laid out.

    Attributes:
        pages: How many pages of moves there are (1: all shown).
        page: The page shown (from 0).
        lines: The screen's height in rows, the prompt line included.
    """

    pages: int
    page: int
    lines: int


def screen_height(console: Console) -> int:
    """Rows a screen may use: the terminal's height (a taller terminal gets fuller
    screens); output that is not a terminal is laid out for 24 rows.
    """
    if console.is_terminal:
        return max(console.size.height, 10)
    return MIN_HEIGHT


def rows_of(console: Console, renderable: RenderableType) -> int:
    """Rows ``renderable`` takes at the console's width."""
    return len(_lines(console, renderable))


def _lines(console: Console, renderable: RenderableType) -> list[list[Segment]]:
    return console.render_lines(renderable, console.options, pad=False, new_lines=True)


def text_rows(console: Console, text: str, indent: int = 0) -> int:
    """Rows plain text takes at the console's width once wrapped at its words, as the
    console wraps it (a line break starts a row).
    """
    width = max(console.width - indent, 1)
    rows = 0
    for line in text.split("\n"):
        if cell_len(line) <= width:
            rows += 1
        else:
            wrapped = Text(line).wrap(console, width)
            rows += len(wrapped)
    return rows


def show_screen(
    console: Console,
    lang: Lang,
    tables: Sequence[RenderableType],
    news: Sequence[str],
    labels: Sequence[str],
    hints: Sequence[str],
    last_line: str,
    page: int = 0,
    *,
    moves_title: bool = True,
) -> Fitted:
    """Print one decision's screen so that it fits, and say how it was laid out.

    Args:
        console: Where to print.
        lang: The person's language.
        tables: The table drawn fully, then more compact versions, best first; the first
            that leaves room for the rest is used (the last one otherwise).
        news: The "since your last move" lines, oldest first.
        labels: The numbered moves (``labels[0]`` is number 1).
        hints: Lines after the moves (how to type other moves).
        last_line: The prompt or pause that will follow on the last row (not printed here).
        page: The page of moves wanted (wraps around).
        moves_title: Whether the moves have their heading.
    """
    height = screen_height(console)
    bottom = text_rows(console, last_line)
    items = [f"  {n:>2}) {label}" for n, label in enumerate(labels, start=1)]
    numbered = len(items)
    items += [f"  {hint}" for hint in hints[1:]]
    pinned = [f"  {hint}" for hint in hints[:1]]
    item_rows = [text_rows(console, item) for item in items]
    pinned_rows = sum(text_rows(console, line) for line in pinned)
    title = 1 if moves_title and items else 0  # a hint alone needs no heading
    moves_rows = title + sum(item_rows) + pinned_rows
    news_rows = sum(text_rows(console, f"  · {line}") for line in news) + (1 if news else 0)
    drawn: list[list[Segment]] = []
    for table in tables:
        drawn = _lines(console, table)  # drawn once: measured, then printed as it is
        if len(drawn) + min(news_rows, MIN_NEWS + 1) + moves_rows + bottom <= height:
            break
    table_rows = len(drawn)
    room = height - table_rows - bottom
    console.print(Segments(segment for line in drawn for segment in line))
    news_room = news_rows
    if news_rows + moves_rows > room:
        # The moves keep their first few entries, the line on how to type moves and the
        # page line; the news its latest lines, at least MIN_NEWS of them.
        moves_need = title + sum(item_rows[: min(MOVES_KEPT, numbered)]) + pinned_rows + 1
        news_room = min(news_rows, max(MIN_NEWS + 1, room - moves_need))
        # Never so much that not even one move (and the page line) is left.
        least = title + pinned_rows + (item_rows[0] + 1 if items else 0)
        news_room = min(news_room, room - least)
        if news_room < 2:
            news_room = 0  # a heading alone says nothing
    used = _print_news(console, lang, news, news_room)
    moves = _Moves(items, item_rows, numbered, pinned, pinned_rows, title)
    pages, shown_page, moves_used = _print_moves(console, lang, moves, room - used, page)
    return Fitted(pages, shown_page, table_rows + used + moves_used + bottom)


@dataclass(frozen=True, slots=True)
class _Moves:
    items: list[str]
    item_rows: list[int]
    numbered: int
    pinned: list[str]
    pinned_rows: int
    title: int


class Aside(str):
    """A news line that gives way to the others when the screen is short: a bot's reason
    for its move (``terminal.feed``) matters less than what happened.
    """

    __slots__ = ()


def news_lines(console: Console, lang: Lang, news: Sequence[str], room: int) -> list[str]:
    """The heading and the latest news lines that fit in ``room`` rows (none if empty);
    when they do not all fit, :class:`Aside` lines are left out first, oldest first.
    """
    if not news or room < 2:
        return []
    shown = list(news)
    kept = _latest(console, shown, room)
    while len(kept) < len(shown):
        aside = next((index for index, line in enumerate(shown) if isinstance(line, Aside)), None)
        if aside is None:
            break
        del shown[aside]
        kept = _latest(console, shown, room)
    left_out = len(news) - len(kept)
    if left_out == 1:
        title = msg("term.feed.title_one").text(lang)
    elif left_out:
        title = msg("term.feed.title_some", count=left_out).text(lang)
    else:
        title = msg("term.feed.title").text(lang)
    return [title, *kept]


def _latest(console: Console, news: Sequence[str], room: int) -> list[str]:
    """The latest news lines, as printed, that fit in ``room`` rows under a heading."""
    kept: list[str] = []
    used = 1
    for line in reversed(news):
        text = f"  · {line}"
        rows = text_rows(console, text)
        if used + rows > room:
            break
        kept.append(text)
        used += rows
    kept.reverse()
    return kept


def _print_news(console: Console, lang: Lang, news: Sequence[str], room: int) -> int:
    lines = news_lines(console, lang, news, room)
    for index, line in enumerate(lines):
        style = "bold" if index == 0 else None
        console.print(line, style=style, highlight=False, markup=False, emoji=False)
    return sum(text_rows(console, line) for line in lines)


def _print_moves(
    console: Console, lang: Lang, moves: _Moves, room: int, page: int
) -> tuple[int, int, int]:
    """Print the moves, paged to ``room`` rows; (pages, page shown, rows used).

    The numbered moves and the later hints are paged; the first hint (how to type a move
    that is not numbered) is on every page.
    """
    if not moves.items and not moves.pinned:
        return 1, 0, 0
    title = moves.title
    if moves.items and title + moves.pinned_rows + moves.item_rows[0] + 1 > room:
        title = 0  # no room for the heading: the moves themselves come first
    fixed = title + moves.pinned_rows
    pages = _paginate(moves.item_rows, max(room - fixed, 1))
    if len(pages) > 1:
        # Leave a row for "+: next page".
        pages = _paginate(moves.item_rows, max(room - fixed - 1, 1))
    shown = page % len(pages)
    first, last = pages[shown]
    used = 0
    if title:
        console.print(msg("term.moves_title").text(lang) + ":", style="bold")
        used += 1
    # The page's numbered moves, the line on how to type the others, the page's hints.
    split = min(max(moves.numbered, first), last)
    for index in range(first, split):
        console.print(moves.items[index], highlight=False, markup=False, emoji=False)
    for line in moves.pinned:
        console.print(line, style="italic", highlight=False, markup=False, emoji=False)
    for index in range(split, last):
        console.print(moves.items[index], style="italic", highlight=False, markup=False)
    used += sum(moves.item_rows[first:last]) + moves.pinned_rows
    if len(pages) > 1:
        more = msg("term.page", page=shown + 1, pages=len(pages)).text(lang)
        console.print(f"  {more}", style="italic", highlight=False, markup=False)
        used += 1
    return len(pages), shown, used


def _paginate(item_rows: Sequence[int], room: int) -> list[tuple[int, int]]:
    """Split items into pages of at most ``room`` rows (an item taller than that alone)."""
    pages: list[tuple[int, int]] = []
    start, used = 0, 0
    for index, rows in enumerate(item_rows):
        if used and used + rows > room:
            pages.append((start, index))
            start, used = index, 0
        used += rows
    pages.append((start, len(item_rows)))
    return pages


register(
    {
        "term.feed.title_one": {
            "es": "Desde tu última jugada (la anterior no cabe):",
            "en": "Since your last move (1 earlier one left out):",
        },
        "term.feed.title_some": {
            "es": "Desde tu última jugada (las {count} anteriores no caben):",
            "en": "Since your last move ({count} earlier ones left out):",
        },
        "term.page": {
            "es": "página {page}/{pages} · '+' la siguiente, '-' la anterior",
            "en": "page {page}/{pages} · '+' next, '-' previous",
        },
    }
)
