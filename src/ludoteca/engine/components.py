"""Load a game's data file (``games/data/<id>.toml``) and register its messages."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from ludoteca.engine import i18n


def load(game_id: str) -> dict[str, Any]:
    """Read ``games/data/<game_id>.toml`` and register its ``[messages]`` table.

    Returns:
        The parsed TOML document.
    """
    text = resources.files("ludoteca.games").joinpath("data", f"{game_id}.toml").read_text("utf-8")
    data = tomllib.loads(text)
    i18n.register(data.get("messages", {}))
    return data


def rules_text(data: dict[str, Any], lang: str) -> list[tuple[str, str]]:
    """The ``[[rules]]`` entries of a data file as ``(rule id, text in lang)`` pairs."""
    return [(entry["id"], entry[lang]) for entry in data.get("rules", [])]
