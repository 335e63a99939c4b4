"""``ludoteca league``: bad input refused in one line in the person's language, before any
folder is written or anything trained, and a clear word when the ``train`` extra is missing.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app


def _refused(args: list[str], lang: str) -> str:
    result = CliRunner().invoke(app, ["league", *args, "--lang", lang])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        (["gotcha"], "has no Gymnasium environment", "no tiene entorno de Gymnasium"),
        (["chess"], "chess", "chess"),
        (["tacocat", "--steps", "10"], "--steps needs a whole number of at least 64", "--steps"),
        (["tacocat", "--games", "0"], "--games needs", "--games necesita"),
        (["tacocat", "--pool", "0"], "--pool needs", "--pool necesita"),
        (["tacocat", "--seed", "-1"], "--seed needs", "--seed necesita"),
        (["tacocat", "--generations", "-1"], "--generations needs", "--generations necesita"),
        (["tacocat", "--players", "3"], "3", "3"),
        (["dweebies", "--players", "5"], "at most 4", "como mucho 4"),
        (["tacocat", "-o", "no_such_option=1"], "no_such_option", "no_such_option"),
        (["tacocat", "--bots", "greedy,greedy"], "distinct bots", "bots distintos"),
        (["tacocat", "--bots", "greedy,wizard"], "wizard", "wizard"),
    ],
)
def test_bad_settings_are_refused_before_anything_is_written(
    tmp_path: Path, args: list[str], english: str, spanish: str
) -> None:
    out = tmp_path / "league"
    assert english in _refused([*args, "--out", str(out)], "en")
    assert spanish in _refused([*args, "--out", str(out)], "es")
    assert not out.exists()


def test_an_out_that_is_a_file_or_another_league_is_refused(tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine", "utf-8")
    assert "is not a folder" in _refused(["tacocat", "--out", str(a_file)], "en")
    assert a_file.read_text("utf-8") == "mine"
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "league.json").write_text("{not json", "utf-8")
    assert "no es el archivo de una liga" in _refused(["tacocat", "--out", str(broken)], "es")
    assert (broken / "league.json").read_text("utf-8") == "{not json"


def test_without_the_train_extra_it_says_how_to_install(tmp_path: Path) -> None:
    # Importing a module set to None in sys.modules raises ImportError: as if not installed.
    script = (
        "import sys; sys.modules['sb3_contrib'] = None\n"
        "from ludoteca.cli import main\n"
        f"sys.argv = ['ludoteca', 'league', 'tacocat', '--out', {str(tmp_path / 'l')!r}, "
        "'--lang', sys.argv[1]]\n"
        "main()\n"
    )
    for lang, words in (
        ("en", "needs the train extra"),
        ("es", "necesita el extra train"),
    ):
        done = subprocess.run(
            [sys.executable, "-c", script, lang], capture_output=True, text=True, check=False
        )
        assert done.returncode == 2, done.stderr
        assert words in done.stderr and "pip install 'ludoteca[train]'" in done.stderr
        assert "sb3_contrib" in done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""
    assert not (tmp_path / "l").exists()
