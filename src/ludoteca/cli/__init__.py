"""The ``ludoteca`` command: one module per command group, all on one Typer app.

- ``cli.root``: the app, the options commands share, the language a command runs in;
  ``cli.lang`` (``--lang`` and ``LANG``), ``cli.errors`` (bad input as one line, exit code
  2), ``cli.help`` (the ``--help`` frame in one language).
- ``cli.catalogue``: ``games``, ``rules``.
- ``cli.play``: ``play`` (the game itself is run by ``terminal.play``).
- ``cli.lab``: ``simulate``, ``compare``, ``sweep``, ``ladder``, ``report``; what they print
  is ``cli.lab_print``.
- ``cli.skill``: ``skill`` (a game's skill profile), ``tune`` (fair variants).
- ``cli.replay``: ``replay`` (drawn by ``terminal.replay``).
- ``cli.bench``: ``bench`` and ``bench web``.
- ``cli.serve``: ``serve`` (every option also ``LUDOTECA_<OPTION>``: ``cli.envvars``).
- ``cli.backup``: ``backup``, ``restore``.

Each group registers its commands on ``cli.root.app`` when imported; this package imports
them in the order ``ludoteca --help`` lists them. Nothing outside this package imports it.
"""

from __future__ import annotations

from ludoteca.cli.lang import default_lang, lang_from_args
from ludoteca.cli.root import app

# isort: off
# The order of ``ludoteca --help`` (the ``bench`` group is listed after the commands).
from ludoteca.cli import catalogue  # noqa: F401
from ludoteca.cli import play  # noqa: F401
from ludoteca.cli import lab  # noqa: F401
from ludoteca.cli import skill  # noqa: F401
from ludoteca.cli import replay  # noqa: F401
from ludoteca.cli import bench  # noqa: F401
from ludoteca.cli import serve  # noqa: F401
from ludoteca.cli import backup  # noqa: F401
# isort: on

__all__ = ["app", "default_lang", "lang_from_args", "main"]


def main() -> None:
    """Entry point of the ``ludoteca`` script."""
    app()
