"""The language of the command line: ``--lang``, ``LANG``, and the help texts' language.

Every command takes ``--lang es|en`` (default: ``es`` if ``LANG`` starts with ``es``, else
``en``). Help texts follow ``--lang`` when it is on the command line, else ``LANG``: their
language (:data:`HELP_LANG`) is fixed when the command is built, before Typer parses.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence

from ludoteca.cli import messages as _messages  # noqa: F401 (the texts read here)
from ludoteca.cli.help import agents_by_game
from ludoteca.engine import i18n
from ludoteca.engine.i18n import Lang, msg


def default_lang(env: Mapping[str, str] = os.environ) -> Lang:
    """``es`` if the ``LANG`` environment variable starts with ``es``, else ``en``."""
    return "es" if env.get("LANG", "").lower().startswith("es") else "en"


def lang_from_args(args: Sequence[str], env: Mapping[str, str] = os.environ) -> Lang:
    """The language asked for with ``--lang`` in ``args`` if valid, else :func:`default_lang`."""
    for index, arg in enumerate(args):
        value = None
        if arg == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in i18n.LANGS:
            return "es" if value == "es" else "en"
    return default_lang(env)


HELP_LANG: Lang = lang_from_args(sys.argv[1:])
"""The language of the ``--help`` texts, fixed when the command is built."""


def help_text(key: str) -> str:
    """A command's or an option's help (``cli.help.<key>``) in :data:`HELP_LANG`."""
    return msg(f"cli.help.{key}").text(HELP_LANG)


_AGENT_LISTS: list[bool] = [True]
"""Whether :func:`agents_help` lists every game's agents (which imports every game)."""


def list_agents_in_help(wanted: bool) -> None:
    """Whether the helps of the options that choose agents list every game's agents:
    the ``ludoteca`` script turns it off for a ``play`` that shows no help, so that its
    first screen does not wait for every game's rules to load (Typer builds the helps
    on every run, not only for ``--help``).
    """
    _AGENT_LISTS[0] = wanted


def agents_help(key: str) -> str:
    """A help text followed by the agents of every game, where agents are chosen."""
    if not _AGENT_LISTS[0]:
        return help_text(key)
    listing = msg("cli.help.agent_list", agents=agents_by_game()).text(HELP_LANG)
    return f"{help_text(key)} {listing}"


def meta(key: str) -> str:
    """A placeholder of the help (``cli.meta.<key>``: ``GAME``, ``FILE``...) in
    :data:`HELP_LANG`.
    """
    return msg(f"cli.meta.{key}").text(HELP_LANG)
