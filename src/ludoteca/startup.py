"""A quick start for ``ludoteca play``: the cyclic garbage collector waits for the person.

The start of a game imports Typer, Rich, Textual and the game's rules and draws the first
screen: a few hundred thousand objects, nearly all of which live until the program ends,
and almost no garbage. Left on, the collector walks them again and again as they are made
(about 0.04 s of CPU of a full screen's start, 0.01 s line by line). So the command line
pauses it (:func:`pause_collector`) and the terminal resumes it (:func:`resume_collector`)
the first time it waits for the person, at the latest when the game ends; what was made
by then is frozen (``gc.freeze``, as the web server does with its long-lived objects), so
no collection walks it again. Objects are still freed by their reference counts meanwhile.

This module imports only ``gc``, so that pausing costs nothing before the imports it is for.
"""

from __future__ import annotations

import gc

_PAUSED: list[bool] = []
"""Whether :func:`pause_collector` turned the collector off (and nothing resumed it yet)."""


def pause_collector() -> None:
    """Turn the collector off until :func:`resume_collector` (nothing if it is off)."""
    if gc.isenabled() and not _PAUSED:
        gc.disable()
        _PAUSED.append(True)


def resume_collector() -> None:
    """Freeze what was made so far and turn the collector on again, if
    :func:`pause_collector` turned it off; otherwise nothing.
    """
    if _PAUSED:
        _PAUSED.clear()
        gc.freeze()
        gc.enable()
