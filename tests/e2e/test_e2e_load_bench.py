"""The web load bench (``ludoteca bench web``, ``ludoteca.loadbench.bench``) runs against a real
server and counts sanely.

No timing is asserted: only that moves flow, every latency sample pairs a move with the other
seat's update, and the server refuses nothing but the expected stale simultaneous choices.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest

from ludoteca.loadbench import bench as web_load
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert web_load.percentile(values, 50) == 50.0
    assert web_load.percentile(values, 99) == 99.0
    assert web_load.percentile(values, 100) == 100.0
    assert web_load.percentile([7.0], 99) == 7.0
    assert web_load.percentile([], 50) is None


def _seats(stats: web_load.Stats) -> tuple[web_load.SeatClient, web_load.SeatClient]:
    """Two seats of one table; only their pairing is exercised (no socket is used)."""
    table = web_load.Table("room")
    no_socket = cast(Any, None)
    return (
        web_load.SeatClient(no_socket, table, 0, stats, 0.0, random.Random(0)),
        web_load.SeatClient(no_socket, table, 1, stats, 0.0, random.Random(1)),
    )


def _accept(mover: web_load.SeatClient, version: int, text: str, at: float) -> None:
    """``mover`` sent ``text`` on ``version - 1`` at ``at`` and now sees it accepted."""
    mover.table.sent[mover.seat].append(web_load.Sent(version - 1, text, at))
    state = {"version": version, "last": {"seat": mover.seat, "text": text}, "legal": []}
    asyncio.run(mover._state(state, at + 0.010))


def _update(other: web_load.SeatClient, version: int, now: float) -> None:
    """``other`` sees the state of ``version`` (a move it did not make) at ``now``."""
    asyncio.run(other._state({"version": version, "last": None, "legal": []}, now))


def test_an_action_and_its_latency_sample_count_together_at_the_window_edges() -> None:
    stats = web_load.Stats()
    ana, bea = _seats(stats)
    # Accepted before the window opens, the other seat's update inside it: neither counts.
    _accept(ana, 1, "a", at=1.000)
    stats.recording = True
    _update(bea, 1, now=1.020)
    assert (stats.actions, len(stats.latencies_ms)) == (0, 0)
    # The other seat first, the acceptance inside the window: both count.
    _update(ana, 2, now=2.030)
    _accept(bea, 2, "b", at=2.000)
    assert stats.actions == 1 and stats.latencies_ms == pytest.approx([30.0])
    # Accepted inside the window, the update after it closes: both still count.
    _accept(ana, 3, "c", at=3.000)
    stats.recording = False
    _update(bea, 3, now=3.040)
    assert stats.actions == 2 and stats.latencies_ms == pytest.approx([30.0, 40.0])
    assert stats.arrivals == [2.030, 3.040]


def test_a_rematch_never_pairs_two_games_updates() -> None:
    stats = web_load.Stats(recording=True)
    ana, bea = _seats(stats)
    _update(ana, 7, now=1.000)
    _update(bea, 7, now=1.000)
    # Ana already reads the rematch (a low version) when Bea's last move of the old game,
    # version 8, reaches her: that update must wait for Bea's acceptance, not for Ana's.
    _update(ana, 8, now=1.050)
    _update(ana, 1, now=1.100)
    _accept(bea, 8, "old", at=1.040)
    assert stats.latencies_ms == pytest.approx([10.0])
    # The new game reaches version 8 too: its pairing starts clean.
    _update(bea, 1, now=1.100)
    _accept(ana, 8, "new", at=2.000)
    _update(bea, 8, now=2.025)
    assert stats.latencies_ms == pytest.approx([10.0, 25.0])
    assert stats.actions == 2 and stats.unmatched == 0


class _Sent:
    """Stands in for a seat's socket in the pairing tests: keeps what the seat sends."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    async def send(self, text: str) -> None:
        self.frames.append(json.loads(text))


def _state(seat: web_load.SeatClient, version: int, last: int | None, text: str = "") -> None:
    """``seat`` reads the state of ``version`` whose last move was ``last``'s (None: a
    secret), offering it one legal move.
    """
    shown = None if last is None else {"seat": last, "text": text}
    legal = [{"text": f"m{version}"}]
    asyncio.run(seat._message({"type": "state", "version": version, "last": shown, "legal": legal}))


def test_a_seat_never_moves_again_while_its_move_is_unanswered() -> None:
    # Tacocat's replace: both seats choose on version 5. Ana's secret choice is stored
    # first (version 6), where Bea is still an actor; Bea's move of version 5 is still in
    # flight, so she waits for its answer instead of racing it with a second move.
    stats = web_load.Stats(recording=True)
    _, bea = _seats(stats)
    sent = _Sent()
    bea.ws = cast(Any, sent)
    _state(bea, 5, last=0)
    assert [(f["version"], f["action"]) for f in sent.frames] == [(5, "m5")]
    _state(bea, 6, last=None)
    assert len(sent.frames) == 1
    _state(bea, 7, last=1, text="m5")  # her move accepted: she may move on version 7
    assert [(f["version"], f["action"]) for f in sent.frames] == [(5, "m5"), (7, "m7")]
    assert stats.actions == 1 and stats.unmatched == 0
    # Refused moves are answers too: after the error she moves on the newest state.
    _state(bea, 8, last=None)
    assert len(sent.frames) == 2
    asyncio.run(bea._message({"type": "error", "code": "stale"}))
    assert [(f["version"], f["action"]) for f in sent.frames][2:] == [(8, "m8")]
    assert stats.errors == {"stale": 1} and len(bea.table.sent[1]) == 1


def test_two_games_of_random_moves_over_real_sockets(own_server: Server) -> None:
    result = web_load.run(web_load.Level(2, 1.5, think=0.0, warmup=0.5), origin=own_server.url)
    assert result["games"] == 2 and result["sockets"] == 4
    assert result["actions"] > 0
    latency = result["latency_ms"]
    assert 0 < latency["n"] <= result["actions"]
    assert latency["p50"] <= latency["p99"] <= latency["max"]
    assert set(result["errors"]) <= {"stale"}, result["errors"]
    assert result["unmatched"] == 0
    assert result["server_ping_ms"]["n"] > 0
    assert sum(second["n"] for second in result["timeline"]) == latency["n"]


def test_the_bench_command_starts_its_own_server_and_writes_its_rows(tmp_path: Path) -> None:
    out = tmp_path / "rows.json"
    args = ["bench", "web", "--games", "3", "--seconds", "1", "--warmup", "0.5"]
    args += ["--think", "0.05", "--json", str(out)]
    code = "from ludoteca.cli import main; main()"
    run = [sys.executable, "-c", code, *args]
    done = subprocess.run(run, check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    (row,) = json.loads(out.read_text())["rows"]
    assert row["games"] == 3 and row["workers"] == 1 and row["actions"] > 0
    assert set(row["errors"]) <= {"stale"}, row["errors"]
    assert row["server_rss_mb"] > 0 and row["server_processes"] == 1
    assert row["create_rooms_s"] > 0 and row["unmatched"] == 0
    assert done.stdout.splitlines()[1].split()[:2] == ["3", "1"]


def test_bad_bench_options_are_one_line_in_the_chosen_language() -> None:
    code = "from ludoteca.cli import main; main()"
    for args, text in (
        (["--lang", "es", "bench", "web", "--games", "0"], "Opciones de 'bench web' no válidas"),
        (["bench", "web", "--kill-one-worker-at", "2"], "needs --workers greater than 1"),
        (["bench", "web", "--games", "x"], "--games needs whole numbers; 'x' is not one"),
        (["--lang", "es", "bench", "web", "--think", "x"], "--think necesita números (segundos)"),
        (["--lang", "es", "bench", "web", "--bogus"], "'bench web' no tiene estas opciones"),
    ):
        done = subprocess.run(
            [sys.executable, "-c", code, *args],
            check=False,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "LANG": "en_US.UTF-8"},
        )
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1 and text in done.stderr, done.stderr


def test_the_bench_help_speaks_the_chosen_language_only() -> None:
    code = "from ludoteca.cli import main; main()"
    shown = {}
    for lang in ("es", "en"):
        done = subprocess.run(
            [sys.executable, "-c", code, "--lang", lang, "bench", "web", "--help"],
            check=False,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0 and done.stderr == "", done.stderr
        shown[lang] = done.stdout
    spanish, english = shown["es"], shown["en"]
    assert spanish.startswith("Uso: ludoteca bench web") and "\nOpciones:\n" in spanish
    assert "Muestra esta ayuda y termina." in spanish and "--games PARTIDAS" in spanish
    assert english.startswith("Usage: ludoteca bench web") and "\nOptions:\n" in english
    # argparse's own English words are gone from the Spanish page.
    for word in ("usage:", "options:", "show this help", "GAMES", "SECONDS", "Load on the"):
        assert word not in spanish, word
