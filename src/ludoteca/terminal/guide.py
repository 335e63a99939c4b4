"""The how-to-play guide (``engine.how_to_play``) drawn for the terminal with Rich."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ludoteca.engine import registry
from ludoteca.engine.errors import RulesError
from ludoteca.engine.how_to_play import Entry, Guide, Section
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.terminal import renderer_for


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


def typed_moves(game_id: str, lang: Lang) -> Section:
    """How moves are typed in the terminal: the renderer's examples (``terminal.<game>``),
    each with what it does when the game can read it (``Game.describe``).
    """
    game = registry.make(game_id)
    examples = renderer_for(game_id).examples(lang)
    sample, _, more = examples.partition("; ")
    separator = " · " if " · " in sample else ", "
    entries = []
    names = [renderer_for(game_id).seat_label(s, lang) for s in range(game.info.max_players)]
    for example in (part.strip() for part in sample.split(separator)):
        if not example:
            continue
        said = ""
        # Gotcha's commands are typed with a slash and stamped with the clock.
        for typed in (example, "@0 " + example.removeprefix("/")):
            try:
                said = game.describe(game.parse_action(typed), lang, names)
                break
            except (RulesError, ValueError, TypeError, KeyError, IndexError):
                continue
        entries.append(Entry(example, said))
    paragraphs = [msg("term.guide.typed_intro").text(lang)]
    if more:
        paragraphs.append(more)
    return Section(
        key="typed_moves",
        title=msg("term.guide.typed_title").text(lang),
        paragraphs=tuple(paragraphs),
        entries=tuple(entries),
    )


def print_guide(console: Console, guide: Guide, extra: Sequence[Section] = ()) -> None:
    """Print the guide (and ``extra`` sections after it); through the pager when it is
    taller than an interactive terminal.
    """
    renderable = render_guide(guide)
    if extra:
        more: list[RenderableType] = [renderable]
        for section in extra:
            more += [Text(""), Rule(Text(section.title, style="bold"), align="left")]
            more += _section(section)
        renderable = Group(*more)
    print_paged(console, renderable)


def print_paged(console: Console, renderable: RenderableType) -> None:
    """Print ``renderable``; through the pager (``less``) when it is taller than an
    interactive terminal.
    """
    if console.is_terminal:
        height = len(console.render_lines(renderable, console.options, pad=False))
        if height > console.size.height:
            with console.pager(styles=True):
                console.print(renderable)
            return
    console.print(renderable)


register(
    {
        "term.guide.typed_title": {
            "es": "Jugadas escritas en el terminal",
            "en": "Typing moves in the terminal",
        },
        "term.guide.typed_intro": {
            "es": "En 'ludoteca play' cada jugada se elige por su número o se escribe en "
            "texto; Tab completa una jugada empezada, ↑ y ↓ recorren las ya escritas, '?' da "
            "una pista y 'q' pregunta antes de salir. Por ejemplo:",
            "en": "In 'ludoteca play' each move is picked by its number or typed as text; Tab "
            "completes a move begun, Up and Down walk through the ones typed before, '?' "
            "gives a hint and 'q' asks before leaving. For example:",
        },
    }
)
