"""``/metrics`` scraped during play, who may read it, and the JSON log lines."""

from __future__ import annotations

import json
import logging
import math
import socket
import sys
from pathlib import Path

import pytest
from hosting_helpers import EnvServer, fetch, play_a_room
from prometheus_client.parser import text_string_to_metric_families
from typer.testing import CliRunner
from web_helpers import Message, Peer, Server

from ludoteca.cli import app
from ludoteca.loadbench.process import free_port
from ludoteca.web.telemetry.logs import JsonFormatter
from ludoteca.web.telemetry.metrics import MetricsAccess

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(base: str) -> Samples:
    status, body, headers = fetch(base + "/metrics")
    assert status == 200, body
    assert headers["content-type"].startswith("text/plain")
    samples: Samples = {}
    for family in text_string_to_metric_families(body.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def p99_bound(samples: Samples, name: str) -> float:
    """The upper edge of the bucket holding the 99th percentile (what
    ``histogram_quantile`` interpolates within)."""
    count = value(samples, f"{name}_count")
    buckets = sorted(
        (float(dict(labels)["le"]), number)
        for (sample, labels), number in samples.items()
        if sample == f"{name}_bucket"
    )
    return next(edge for edge, cumulative in buckets if cumulative >= 0.99 * count)


def mine(peer: Peer) -> Message:
    return peer.wait("state", lambda m: m["outcome"] is None and peer.seat in m["actors"])


def test_metrics_during_play_count_rooms_sockets_moves_and_latencies(db: str) -> None:
    with Server(db, metrics_access=MetricsAccess(everyone=True)) as server:
        before = scrape(server.base)
        room = server.create_room("dweebies", 2)
        alice = server.peer(room)
        alice.hello()
        alice.sit(0, "Alice")
        alice.send("bot", seat=1, agent="greedy")
        alice.wait_room(lambda r: r["seats"][1]["kind"] == "bot")
        alice.send("start")
        for _ in range(5):
            state = mine(alice)
            alice.send("act", action=state["legal"][0]["text"], version=state["version"])
        mine(alice)
        during = scrape(server.base)
        alice.close()
    assert value(during, "ludoteca_rooms", status="playing") >= 1
    assert value(during, "ludoteca_sockets") >= 1
    person = value(during, "ludoteca_actions_total", by="person")
    assert person - value(before, "ludoteca_actions_total", by="person") == 5
    assert value(during, "ludoteca_actions_total", by="bot") > value(
        before, "ludoteca_actions_total", by="bot"
    )
    moves = value(during, "ludoteca_action_seconds_count")
    assert moves - value(before, "ludoteca_action_seconds_count") == 5
    writes = value(during, "ludoteca_store_write_seconds_count")
    assert writes - value(before, "ludoteca_store_write_seconds_count") >= 10  # seats, game, moves
    for name in ("ludoteca_action_seconds", "ludoteca_store_write_seconds"):
        assert math.isfinite(p99_bound(during, name))


@pytest.mark.parametrize(
    ("setting", "status"),
    [("off", 404), ("10.0.0.0/8,192.168.0.0/16", 404), ("127.0.0.1,::1", 200), ("on", 200)],
)
def test_who_may_read_the_metrics(db: str, setting: str, status: int) -> None:
    with Server(db, metrics_access=MetricsAccess.parse(setting)) as server:
        answer, body, _ = fetch(server.base + "/metrics")
        assert answer == status, body
        assert (b"ludoteca_rooms" in body) == (status == 200)


def test_env_only_server_with_a_metrics_port_and_json_logs(tmp_path: Path) -> None:
    metrics_port = free_port()
    with EnvServer(
        tmp_path,
        LUDOTECA_METRICS_LISTEN=f"127.0.0.1:{metrics_port}",
        LUDOTECA_LOG_FORMAT="json",
        LUDOTECA_LOG_LEVEL="info",
    ) as server:
        metrics_base = f"http://127.0.0.1:{metrics_port}"
        assert fetch(server.base + "/metrics")[0] == 404  # not on the table's port
        assert fetch(metrics_base + "/")[0] == 404  # nothing of the table on the metrics port
        assert fetch(metrics_base + "/api/rooms")[0] == 404
        before = scrape(metrics_base)
        play_a_room(server.base, moves=4)
        after = scrape(metrics_base)
        assert fetch(server.base + "/api/rooms/nosuchroom")[0] == 404
    moved = value(after, "ludoteca_actions_total", by="person")
    assert moved - value(before, "ludoteca_actions_total", by="person") == 4
    assert "Ludoteca" in server.stdout.read_text()
    lines = server.stderr.read_text().splitlines()
    assert lines
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    for record in records:
        assert {"time", "level", "logger", "message"} <= record.keys()
        assert record["time"].endswith("Z") and record["level"] in ("info", "warning")
    access = [r for r in records if r["logger"] == "uvicorn.access"]
    created = [r for r in access if r["method"] == "POST" and r["path"] == "/api/rooms"]
    assert created and created[0]["status"] == 201
    assert any(r["path"] == "/api/rooms/nosuchroom" and r["status"] == 404 for r in access)
    assert not any("Traceback" in r.get("exception", "") for r in records)


def test_a_json_line_carries_the_room_the_exception_and_extra_fields() -> None:
    try:
        raise RuntimeError("the disk is full")
    except RuntimeError:
        record = logging.LogRecord(
            "ludoteca.web", logging.ERROR, __file__, 1, "room %s: the store refused step %s",
            ("r8Kd2", 41), sys.exc_info(),
        )  # fmt: skip
    record.seat = 2
    line = JsonFormatter().format(record)
    assert "\n" not in line
    parsed = json.loads(line)
    assert parsed["message"] == "room r8Kd2: the store refused step 41"
    assert parsed["room"] == "r8Kd2" and parsed["seat"] == 2 and parsed["level"] == "error"
    assert parsed["exception"].startswith("Traceback") and "the disk is full" in parsed["exception"]


@pytest.mark.parametrize(("lang", "words"), [("en", "Cannot listen on"), ("es", "No se puede")])
def test_a_taken_metrics_port_is_one_line(tmp_path: Path, lang: str, words: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["serve", "--db", str(tmp_path / "s.sqlite3"), "--lang", lang]
        result = CliRunner().invoke(app, [*args, "--metrics-listen", f"127.0.0.1:{port}"])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and str(port) in lines[0]
    assert "Traceback" not in result.output
