"""Load a game's data file (``games/<id>/components.toml``) and register its messages."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from ludoteca.engine import i18n


def load(game_id: str, name: str = "components") -> dict[str, Any]:
    """Read ``games/<game_id>/<name>.toml`` and register its ``[messages]`` table.

    Args:
        game_id: The game's id, which is also its package under ``ludoteca.games``.
        name: The data file's name without ``.toml`` (Gotcha keeps its deck in ``cards``).

    Returns:
        The parsed TOML document.
    """
    package = resources.files("ludoteca.games").joinpath(game_id)
    text = package.joinpath(f"{name}.toml").read_text("utf-8")
    data = tomllib.loads(text)
    i18n.register(data.get("messages", {}))
    return data


def rules_text(data: dict[str, Any], lang: str) -> list[tuple[str, str]]:
    """The ``[[rules]]`` entries of a data file as ``(rule id, text in lang)`` pairs."""
    return [(entry["id"], entry[lang]) for entry in data.get("rules", [])]
