"""``ludoteca play gotcha --level L`` seats Gotcha's bots of that level (bots with a
person's reflexes, not listed by name) and names the level, never the agent."""

from __future__ import annotations

from typer.testing import CliRunner

from ludoteca.cli import app

ENV = {"COLUMNS": "120", "LANG": "C.UTF-8"}


def test_a_gotcha_level_is_played_and_named_in_the_persons_language() -> None:
    for lang, level, word in (("en", "casual", "casual"), ("es", "principiante", "principiante")):
        args = ["play", "gotcha", "--level", level, "--no-save", "--plain", "--lang", lang]
        result = CliRunner().invoke(app, args, input="q\n", env=ENV)
        assert result.exit_code == 1, result.output  # left at the first question
        assert word in result.output and "humanlike" not in result.output
