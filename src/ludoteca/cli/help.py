"""The ``--help`` pages of ``ludoteca`` entirely in one language.

Typer draws the help with Rich from a few module constants ("Usage", "Options",
"[required]"...) and gives ``--help`` itself an English text. :func:`translate_help_frame`
sets those to the chosen language before the command is built; the texts are in the
catalogue (``cli.frame.*``) like every other text.
"""

from __future__ import annotations

import sys
from typing import Any

from typer._click import core as click_core
from typer._click import formatting as click_formatting
from typer.core import TyperArgument

from ludoteca.agents import registry as agents_registry
from ludoteca.engine import registry
from ludoteca.engine.i18n import Lang, msg, register

_CONSTANTS = {
    "DEFAULT_STRING": "default",
    "REQUIRED_LONG_STRING": "required",
    "ARGUMENTS_PANEL_TITLE": "arguments",
    "OPTIONS_PANEL_TITLE": "options",
    "COMMANDS_PANEL_TITLE": "commands",
    "ERRORS_PANEL_TITLE": "error",
    "ABORTED_TEXT": "aborted",
    "ENVVAR_STRING": "envvar",
    "DEPRECATED_STRING": "deprecated",
}


def frame(key: str, lang: Lang) -> str:
    """One text of the help frame (``cli.frame.<key>``)."""
    return msg(f"cli.frame.{key}").text(lang)


def translate_help_frame(lang: Lang) -> None:
    """Make Typer's help frame speak ``lang``: panel titles, ``[default: …]``,
    ``[required]``, the ``Usage:`` prefix and the text of ``--help`` (shown without a type).

    Typer's Rich drawing (``typer.rich_utils``, with Markdown: a good part of start-up) is
    loaded only for a help page: its texts are set by :func:`translate_rich_frame`, which
    the root command calls before showing one (``cli.errors.OneLineErrors``).
    """
    _FRAME_LANG[:] = [lang]
    if "typer.rich_utils" in sys.modules:
        translate_rich_frame()
    usage = frame("usage", lang) + " "
    write_usage = _original(click_formatting.HelpFormatter, "write_usage")

    def translated_usage(
        self: click_formatting.HelpFormatter, prog: str, args: str = "", prefix: str | None = None
    ) -> None:
        write_usage(self, prog, args, usage if prefix is None else prefix)

    click_formatting.HelpFormatter.write_usage = translated_usage  # type: ignore[method-assign]
    get_help_option = _original(click_core.Command, "get_help_option")
    help_text = frame("help", lang)

    def translated_help_option(self: click_core.Command, ctx: click_core.Context) -> Any:
        option = get_help_option(self, ctx)
        if option is not None:
            option.help = help_text
            option.metavar = ""
        return option

    click_core.Command.get_help_option = translated_help_option  # type: ignore[method-assign]
    # An argument is named by its metavar in the chosen language; Typer's "<str>" after it
    # would be the one English word left.
    TyperArgument.display_type_rich = _no_type  # type: ignore[method-assign,assignment]


_FRAME_LANG: list[Lang] = []
"""The language of the help frame (set by :func:`translate_help_frame`)."""


def translate_rich_frame() -> None:
    """Load Typer's Rich drawing and set its texts (panel titles, ``Usage:``) to the help
    frame's language.
    """
    if not _FRAME_LANG:
        return
    from typer import rich_utils  # noqa: PLC0415 (only for a help page: start-up)

    lang = _FRAME_LANG[0]
    for name, key in _CONSTANTS.items():
        setattr(rich_utils, name, frame(key, lang))
    usage = frame("usage", lang) + " "
    highlights = [h for h in rich_utils.OptionHighlighter.highlights if "usage" not in h]
    rich_utils.OptionHighlighter.highlights = [*highlights, f"(?P<usage>{usage})"]
    rich_utils.highlighter = rich_utils.OptionHighlighter()


def _no_type(self: TyperArgument, ctx: click_core.Context) -> str | None:
    return None


def _original(cls: type, name: str) -> Any:
    """The method before any translation (so translating twice does not stack wrappers)."""
    saved = f"_ludoteca_original_{name}"
    if not hasattr(cls, saved):
        setattr(cls, saved, getattr(cls, name))
    return getattr(cls, saved)


def agents_by_game() -> str:
    """``"tacocat: random, greedy, expert; …"``: the agents each game offers."""
    return "; ".join(
        f"{game_id}: {', '.join(agents_registry.agent_names(game_id))}"
        for game_id in registry.available_games()
    )


register(
    {
        "cli.frame.usage": {"es": "Uso:", "en": "Usage:"},
        "cli.frame.default": {"es": "[por defecto: {{}}]", "en": "[default: {{}}]"},
        "cli.frame.required": {"es": "[obligatorio]", "en": "[required]"},
        "cli.frame.arguments": {"es": "Argumentos", "en": "Arguments"},
        "cli.frame.options": {"es": "Opciones", "en": "Options"},
        "cli.frame.commands": {"es": "Órdenes", "en": "Commands"},
        "cli.frame.error": {"es": "Error", "en": "Error"},
        "cli.frame.aborted": {"es": "Cancelado.", "en": "Aborted."},
        "cli.frame.envvar": {"es": "[variable de entorno: {{}}]", "en": "[env var: {{}}]"},
        "cli.frame.deprecated": {"es": "(obsoleto) ", "en": "(deprecated) "},
        "cli.frame.help": {
            "es": "Muestra esta ayuda y termina.",
            "en": "Show this message and exit.",
        },
    }
)
