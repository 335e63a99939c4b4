"""The how-to-play guide (``engine.how_to_play``) drawn for the terminal with Rich."""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ludoteca.engine.how_to_play import Guide, Section


def render_guide(guide: Guide) -> RenderableType:
    """The whole guide: the name and summary, then each section with its heading."""
    parts: list[RenderableType] = [
        Text(guide.name, style="bold underline"),
        Text(guide.summary),
    ]
    for section in guide.sections:
        parts.append(Text(""))
        parts.append(Rule(Text(section.title, style="bold"), align="left"))
        parts.extend(_section(section))
    return Group(*parts)


def _section(section: Section) -> list[RenderableType]:
    parts: list[RenderableType] = [Text(paragraph) for paragraph in section.paragraphs]
    if section.entries:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column(no_wrap=section.preformatted)
        for entry in section.entries:
            table.add_row(entry.term, entry.text)
            if section.preformatted:
                table.add_row("", "")
        parts.append(table)
    return parts


def print_guide(console: Console, guide: Guide) -> None:
    """Print the guide; through the pager when it is taller than an interactive terminal."""
    renderable = render_guide(guide)
    if console.is_terminal:
        height = len(console.render_lines(renderable, console.options, pad=False))
        if height > console.size.height:
            with console.pager(styles=True):
                console.print(renderable)
            return
    console.print(renderable)
