"""A backup taken during play, restored into a new store, served by a new server that
continues the games (SQLite's online backup; PostgreSQL's pg_dump and pg_restore), through
the ``ludoteca backup`` and ``ludoteca restore`` commands.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from pg_cluster import Cluster
from typer.testing import CliRunner, Result
from web_helpers import Message, Peer, Server, play_to_end

from ludoteca.cli import app

BASE_ENV = {"COLUMNS": "200", "LANG": "C.UTF-8"}


def run(*args: str, lang: str = "en") -> Result:
    return CliRunner().invoke(app, [*args, "--lang", lang], env=BASE_ENV)


def mine(peer: Peer) -> Message:
    """The latest state once ``peer`` must act (the bot has answered: nothing moves)."""
    return peer.wait("state", lambda m: m["outcome"] is None and peer.seat in m["actors"])


def sit_against_a_bot(server: Server, name: str) -> tuple[str, Peer]:
    room = server.create_room("dweebies", 2)
    peer = server.peer(room)
    peer.hello()
    peer.sit(0, name)
    peer.send("bot", seat=1, agent="greedy")
    peer.wait_room(lambda r: r["seats"][1]["kind"] == "bot")
    peer.send("start")
    return room, peer


class Player(threading.Thread):
    """Plays ``peer``'s seat, a move every ``PACE`` seconds, for ``MOVES`` moves or until
    stopped, keeping the last version the server acknowledged (a state after its move).
    A Dweebies game against the greedy bot lasts 29 such moves (turn by turn): the game
    goes on after.
    """

    PACE = 0.1
    MOVES = 12

    def __init__(self, peer: Peer) -> None:
        super().__init__(daemon=True)
        self.peer = peer
        self.acked = -1
        self.moves = 0
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while True:
                state = mine(self.peer)
                self.acked = state["version"]
                if self.stop.is_set() or self.moves == self.MOVES:
                    return
                self.peer.send("act", action=state["legal"][0]["text"], version=state["version"])
                self.moves += 1
                self.stop.wait(self.PACE)
        except BaseException as error:  # reported by the test
            self.error = error

    def halt(self) -> int:
        """Stop once the move in flight is answered; the server's version then."""
        self.stop.set()
        self.join(30)
        assert not self.is_alive() and self.error is None, self.error
        return self.acked


def continue_from_backup(source: str, target: str, out: Path) -> None:
    with Server(source) as first:
        quiet_room, alice = sit_against_a_bot(first, "Alice")
        for _ in range(4):
            state = mine(alice)
            alice.send("act", action=state["legal"][0]["text"], version=state["version"])
        quiet_version = mine(alice)["version"]
        busy_room, bob = sit_against_a_bot(first, "Bob")
        player = Player(bob)
        player.start()
        while player.moves < 2:
            assert player.error is None and player.is_alive(), player.error
            threading.Event().wait(0.01)
        before = player.acked
        assert player.moves < Player.MOVES  # Bob plays on while the backup is taken
        taken = run("backup", "--db", source, "--out", str(out))
        assert taken.exit_code == 0, taken.output
        assert "Backed up" in taken.stdout and "2 rooms" in taken.stdout
        latest = player.halt()  # the server's version now: the backup came before
        tokens = {quiet_room: alice.token, busy_room: bob.token}
        alice.close()
        bob.close()
    restored = run("restore", str(out), "--db", target, lang="es")
    assert restored.exit_code == 0, restored.output
    assert "Restaurada" in restored.stdout and "2 salas" in restored.stdout
    with Server(target) as second:
        alice = second.peer(quiet_room)
        assert alice.hello(token=tokens[quiet_room])["seat"] == 0
        again = mine(alice)
        assert again["version"] == quiet_version  # every acknowledged move, nothing more
        bob = second.peer(busy_room)
        assert bob.hello(token=tokens[busy_room])["seat"] == 0
        resumed = mine(bob)
        assert before <= resumed["version"] <= latest
        for peer, state in ((alice, again), (bob, resumed)):
            peer.send("act", action=state["legal"][0]["text"], version=state["version"])
            final = play_to_end(peer)
            assert sorted(final["outcome"]["ranks"]) == [1, 2]
            peer.close()


def test_a_sqlite_backup_during_play_continues_in_a_new_server(tmp_path: Path) -> None:
    source, target = str(tmp_path / "live.sqlite3"), str(tmp_path / "restored.sqlite3")
    continue_from_backup(source, target, tmp_path / "backup.sqlite3")
    with sqlite3.connect(tmp_path / "backup.sqlite3") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)


def test_a_postgresql_backup_during_play_continues_in_a_new_server(
    pg_cluster: Cluster, tmp_path: Path
) -> None:
    source, target = pg_cluster.new_database(), pg_cluster.new_database()
    continue_from_backup(source, target, tmp_path / "backup.pgdump")
    assert (tmp_path / "backup.pgdump").read_bytes()[:5] == b"PGDMP"


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "already holds a store"), ("es", "ya guarda un almacén")]
)
def test_a_restore_never_overwrites_a_store(tmp_path: Path, lang: str, words: str) -> None:
    live = tmp_path / "live.sqlite3"
    with Server(str(live)) as server:
        server.create_room("dweebies", 2)
    assert run("backup", "--db", str(live), "--out", str(tmp_path / "b.sqlite3")).exit_code == 0
    refused = run("restore", str(tmp_path / "b.sqlite3"), "--db", str(live), lang=lang)
    assert refused.exit_code == 2 and words in refused.stderr
    assert "Traceback" not in refused.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["backup", "--db", "{tmp}/none.sqlite3", "--out", "{tmp}/b"], "Cannot read the store"),
        (["backup", "--db", "{tmp}/live.sqlite3", "--out", "{tmp}/live.sqlite3"], "already exists"),
        (["restore", "{tmp}/junk", "--db", "{tmp}/new.sqlite3"], "Not a Ludoteca backup"),
        (["restore", "{tmp}/missing", "--db", "{tmp}/new.sqlite3"], "Not a Ludoteca backup"),
        (["restore", "{tmp}/live.sqlite3", "--db", "postgresql://x@127.0.0.1:1/x"], "of its kind"),
    ],
)
def test_bad_backup_and_restore_requests_are_one_line(
    tmp_path: Path, args: list[str], words: str
) -> None:
    with sqlite3.connect(tmp_path / "live.sqlite3") as conn:
        conn.execute("CREATE TABLE rooms (id TEXT)")
    (tmp_path / "junk").write_text("not a backup")
    result = run(*[arg.replace("{tmp}", str(tmp_path)) for arg in args])
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1 and words in result.stderr
    assert "Traceback" not in result.output
    assert not (tmp_path / "new.sqlite3").exists()
