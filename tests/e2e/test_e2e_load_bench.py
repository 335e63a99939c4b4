"""The web load benchmark (bench/web_load.py) runs against a real server and counts sanely.

No timing is asserted: only that moves flow, every latency sample pairs a move with the other
seat's update, and the server refuses nothing but the expected stale simultaneous choices.
"""

from __future__ import annotations

import pytest
from bench import web_load
from bench.web_proc import Server

pytestmark = pytest.mark.e2e


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert web_load.percentile(values, 50) == 50.0
    assert web_load.percentile(values, 99) == 99.0
    assert web_load.percentile(values, 100) == 100.0
    assert web_load.percentile([7.0], 99) == 7.0
    assert web_load.percentile([], 50) is None


def test_two_games_of_random_moves_over_real_sockets(own_server: Server) -> None:
    result = web_load.run(2, 1.5, think=0.0, warmup=0.5, origin=own_server.url)
    assert result["games"] == 2 and result["sockets"] == 4
    assert result["actions"] > 0
    latency = result["latency_ms"]
    assert 0 < latency["n"] <= result["actions"]
    assert latency["p50"] <= latency["p99"] <= latency["max"]
    assert set(result["errors"]) <= {"stale"}, result["errors"]
    assert result["unmatched"] == 0
    assert result["server_ping_ms"]["n"] > 0
    assert sum(second["n"] for second in result["timeline"]) == latency["n"]
