"""The ``ludoteca`` command: one module per command group, all on one Typer app.

- ``cli.root``: the app, the options commands share, the language a command runs in;
  ``cli.lang`` (``--lang`` and ``LANG``), ``cli.errors`` (bad input as one line, exit code
  2), ``cli.help`` (the ``--help`` frame in one language), ``cli.values`` (the options'
  values, read without Pydantic).
- ``cli.catalogue``: ``games``, ``rules``.
- ``cli.play``: ``play`` (the game itself is run by ``terminal.play``).
- ``cli.learn``: ``learn`` (a game's lesson, run by ``terminal.learn``).
- ``cli.lab``: ``simulate``, ``compare``, ``sweep``, ``ladder``, ``report``; what they print
  is ``cli.lab_print``.
- ``cli.skill``: ``skill`` (a game's skill profile), ``tune`` (fair variants).
- ``cli.league``: ``league`` (self-play with OpenSkill ratings; the ``train`` extra).
- ``cli.replay``: ``replay`` (drawn by ``terminal.replay``).
- ``cli.bench``: ``bench`` and ``bench web``.
- ``cli.serve``: ``serve`` (every option also ``LUDOTECA_<OPTION>``: ``cli.envvars``).
- ``cli.backup``: ``backup``, ``restore``.
- ``cli.people``: ``people games NAME`` (a person's games, for the host).

Each group registers its commands on ``cli.root.app`` when imported. ``app`` (read from
this package) has every group, imported in the order ``ludoteca --help`` lists them; the
``ludoteca`` script (:func:`main`) imports only the group of ``play``, ``learn`` or
``replay`` when that is the command, so that a game's first screen does not wait for the lab's, the
server's and the backups' imports; for ``play`` it also pauses the garbage collector until
the person is asked (``ludoteca.startup``). Nothing outside this package imports it but for ``app``.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

from ludoteca import startup
from ludoteca.cli import root
from ludoteca.cli.lang import default_lang, lang_from_args, list_agents_in_help

GROUPS = (
    "catalogue",
    "play",
    "learn",
    "lab",
    "skill",
    "league",
    "replay",
    "bench",
    "serve",
    "backup",
    "people",
)
"""The command groups, in the order of ``ludoteca --help`` (``bench`` after the commands)."""
ALONE = ("play", "learn", "replay")
"""Commands whose group is imported alone when the script runs them (a quick first screen)."""
HELP_WORDS = frozenset({"--help", "-h"})
"""What asks for a command's help (``-h`` too, so that it is never a help without agents)."""

__all__ = ["app", "default_lang", "lang_from_args", "main"]


def _register(groups: tuple[str, ...]) -> None:
    for group in groups:
        importlib.import_module(f"ludoteca.cli.{group}")


def __getattr__(name: str) -> Any:
    """``app``: the root app with every command group registered."""
    if name == "app":
        _register(GROUPS)
        return root.app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Entry point of the ``ludoteca`` script."""
    words = [word for word in sys.argv[1:] if not word.startswith("-")]
    command = words[0] if words else None
    # ``--help`` before the command lists every command: all groups then.
    if command in ALONE and not sys.argv[1].startswith("-"):
        helping = bool(HELP_WORDS & set(sys.argv[1:]))
        if command == "play" and not helping:
            startup.pause_collector()  # until the person is first waited for (``startup``)
        # No help shown: no need to load every game to list their agents in it.
        list_agents_in_help(helping)
        _register((command,))
    else:
        _register(GROUPS)
    root.app()
