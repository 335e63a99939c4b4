"""Correspondence clocks in a cluster: the room's owner dies (kill -9) with a deadline
running; when the deadline passes on the other worker's clock, that worker's scheduler
takes the room's lease (once the dead owner's runs out), reads the room and its clocks
from the store, and the room's policy acts.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cluster_helpers import Cluster, Player, RedisServer, http, until
from pg_cluster import Cluster as Postgres

HOUR = 3_600_000


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def paced_cluster(
    pg_cluster: Postgres,
    redis_server: RedisServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Cluster]:
    """Two workers whose pace clocks the test may move (each its own)."""
    monkeypatch.setenv("LUDOTECA_TEST_CLOCK", "1")
    workers = Cluster(pg_cluster.new_database(), redis_server.url, tmp_path / "cluster.log")
    try:
        workers.start()
        yield workers
    finally:
        workers.stop()


def clocks(port: int, room: str) -> dict[int, int]:
    status, body = http(port, "GET", f"/api/rooms/{room}")
    assert status == 200, body
    pace: dict[str, Any] = body["pace"]
    return {clock["seat"]: clock["due_ms"] for clock in pace["clocks"]}


def test_a_deadline_acts_on_the_worker_that_takes_a_dead_owners_room(
    paced_cluster: Cluster,
) -> None:
    cluster = paced_cluster
    pace = {"mode": "correspondence", "hours": 1, "policy": "lose"}
    status, body = http(
        cluster.ports[0],
        "POST",
        "/api/rooms",
        {"game": "tacocat", "players": 2, "options": {"pace": pace}},
    )
    assert status == 201, body
    room = body["room"]
    players = []
    for seat, name in enumerate(("Alice", "Bob")):
        player = Player(cluster.ports[0], room)  # worker 0 holds the room
        player.wait(lambda m: m["type"] == "welcome")
        player.send({"type": "sit", "seat": seat, "name": name})
        player.wait(lambda m: m["type"] == "seated")
        players.append(player)
    players[0].send({"type": "start"})
    players[0].wait(lambda m: m["type"] == "state")
    assert sorted(clocks(cluster.ports[0], room)) == [0, 1]
    owner = cluster.health(cluster.ports[0])
    assert owner is not None
    for player in players:
        player.close()

    os.kill(owner["pid"], signal.SIGKILL)  # the owner dies with both clocks running
    status, _ = http(cluster.ports[1], "POST", "/api/test/clock", {"advance_ms": 2 * HOUR})
    assert status == 200

    def lost_on_time() -> bool:
        # Asked before the dead owner's lease runs out, worker 1 asks the owner, whose
        # answer times out: 503 room_moving, not yet.
        status, summary = http(cluster.ports[1], "GET", f"/api/rooms/{room}")
        if status == 503:
            assert summary["error"]["code"] == "room_moving"
            return False
        return status == 200 and summary["status"] == "finished"

    until(lost_on_time, "the deadline acted on the surviving worker")
    assert clocks(cluster.ports[1], room) == {}
    alice = Player(cluster.ports[1], room)
    state = alice.wait(lambda m: m["type"] == "state")
    assert state["outcome"]["end_reason"] == "timeout" and state["outcome"]["winners"] == [1]
    alice.close()
