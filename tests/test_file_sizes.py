"""No source file grows past 800 lines: a module a newcomer can read in one sitting.

Python under ``src``, ``tests`` and ``bench``, the web table's JavaScript, CSS and HTML.
Data files (TOML) and the boards' mirrored data tables (``boards/*_data.js``,
``boards/*_cards.js``) are not counted.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
LIMIT = 800
DATA_TABLES = ("_data.js", "_cards.js")


def _sources(pattern: str) -> list[Path]:
    return sorted(p for p in SRC.rglob(pattern) if not p.name.endswith(DATA_TABLES))


def _too_long(paths: list[Path]) -> list[str]:
    found = []
    for path in paths:
        lines = path.read_text("utf-8").count("\n")
        if lines > LIMIT:
            found.append(f"{path.name}: {lines} lines")
    return found


def test_no_python_source_over_800_lines() -> None:
    paths = _sources("*.py")
    assert len(paths) > 100
    assert _too_long(paths) == []


def test_no_test_or_bench_module_over_800_lines() -> None:
    paths = sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "bench").rglob("*.py")])
    assert len(paths) > 100
    assert _too_long(paths) == []


def test_no_web_source_over_800_lines() -> None:
    paths = _sources("*.js") + _sources("*.css") + _sources("*.html")
    assert len(paths) > 10
    assert _too_long(paths) == []


def test_the_count_sees_a_long_file(tmp_path: Path) -> None:
    short, long = tmp_path / "short.py", tmp_path / "long.py"
    short.write_text("x = 1\n" * LIMIT, "utf-8")
    long.write_text("x = 1\n" * (LIMIT + 1), "utf-8")
    assert _too_long([short, long]) == ["long.py: 801 lines"]
