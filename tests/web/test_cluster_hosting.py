"""``ludoteca serve --workers 2`` with the host's settings: each worker answers
``/metrics`` on its own port (``--metrics-listen`` port + its index) and logs JSON lines.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from cluster_helpers import Cluster, RedisServer, http
from hosting_helpers import fetch
from pg_cluster import Cluster as Postgres
from web_helpers import Peer
from websockets.sync.client import connect


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def two_free_ports() -> int:
    """A port ``p`` of 127.0.0.1 with ``p`` and ``p + 1`` free now."""
    for _ in range(50):
        with socket.socket() as first:
            first.bind(("127.0.0.1", 0))
            port: int = first.getsockname()[1]
            with socket.socket() as second:
                try:
                    second.bind(("127.0.0.1", port + 1))
                except OSError:
                    continue
                return port
    raise AssertionError("no two free ports in a row")


def test_each_worker_serves_its_metrics_and_json_logs(
    pg_cluster: Postgres, redis_server: RedisServer, tmp_path: Path
) -> None:
    metrics = two_free_ports()
    log = tmp_path / "cluster.log"
    workers = Cluster(pg_cluster.new_database(), redis_server.url, log)
    workers.args += ["--metrics-listen", f"127.0.0.1:{metrics}"]
    workers.args += ["--log-format", "json", "--log-level", "info"]
    workers.start()
    try:
        status, body = http(
            workers.ports[0], "POST", "/api/rooms", {"game": "dweebies", "players": 2}
        )
        assert status == 201, body
        ws = connect(f"ws://127.0.0.1:{workers.ports[0]}/ws/{body['room']}").__enter__()
        peer = Peer(ws)
        peer.hello()  # the room is loaded by the worker that takes its lease
        counts = {"ludoteca_rooms{": 0.0, "ludoteca_sockets ": 0.0}
        for index in range(2):
            status, text, _ = fetch(f"http://127.0.0.1:{metrics + index}/metrics")
            assert status == 200 and b"ludoteca_actions_total" in text
            for line in text.decode().splitlines():
                for name in counts:
                    if line.startswith(name):
                        counts[name] += float(line.rpartition(" ")[2])
            assert fetch(f"http://127.0.0.1:{workers.ports[index]}/metrics")[0] == 404
        peer.close()
        assert counts == {"ludoteca_rooms{": 1, "ludoteca_sockets ": 1}  # in one worker
    finally:
        workers.stop()
    lines = [line for line in log.read_text().splitlines() if line.strip()]
    records = [json.loads(line) for line in lines if line.startswith("{")]
    others = [line for line in lines if not line.startswith("{")]
    assert len(others) == 1 and "Ludoteca" in others[0]  # the one line on stdout
    assert any(r["path"] == "/api/rooms" and r["status"] == 201 for r in records if "path" in r)
