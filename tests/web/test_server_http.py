"""The HTTP side: the page, static files, the catalogue, creating rooms; ``ludoteca serve``."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from web_helpers import Server

from ludoteca.engine import registry


def test_health_and_the_catalogue_in_both_languages(server: Server) -> None:
    assert server.http("GET", "/healthz") == (200, {"ok": True})
    status, body = server.http("GET", "/api/games?lang=es")
    assert status == 200
    cards = {card["id"]: card for card in body["games"]}
    assert list(cards) == list(registry.available_games())
    tacocat = cards["tacocat"]
    assert tacocat["name"] == registry.make("tacocat").info.name_es
    assert tacocat["default_agent"] == "expert" and "greedy" in tacocat["agents"]
    assert not tacocat["realtime"] and cards["gotcha"]["realtime"]
    assert "ismcts" not in cards["gotcha"]["agents"]
    assert "profiles" not in {o["name"] for o in cards["gotcha"]["options"]}
    option = next(o for o in cards["gotcha"]["options"] if o["name"] == "turn_limit")
    assert option["default"] == 0 and 8 in option["choices"] and option["help"].startswith("Turnos")
    _status, english = server.http("GET", "/api/games?lang=en")
    assert english["games"][0]["summary"] == registry.make("tacocat").info.summary_en


def test_creating_rooms_and_refusing_bad_ones(server: Server) -> None:
    status, body = server.http(
        "POST", "/api/rooms", {"game": "tile_up", "players": 3, "options": {"board_size": 9}}
    )
    assert status == 201 and body["invite"] == f"/room/{body['room']}"
    status, room = server.http("GET", f"/api/rooms/{body['room']}")
    assert status == 200 and room["status"] == "lobby" and room["players"] == 3
    assert room["options"] == {"board_size": 9} and room["game_no"] == 0
    assert [s["kind"] for s in room["seats"]] == ["free"] * 3 and room["spectators"] == 0
    bad = [
        ({"game": "chess", "players": 2}, "unknown_game"),
        ({"players": 2}, "unknown_game"),
        ({"game": "tacocat", "players": 3}, "bad_players"),
        ({"game": "tacocat", "players": "2"}, "bad_players"),
        ({"game": "tacocat", "players": 2, "options": {"nope": 1}}, "bad_option"),
        ({"game": "tacocat", "players": 2, "options": []}, "bad_option"),
        ({"game": "gotcha", "players": 3, "options": {"profiles": "[]"}}, "bad_option"),
        ({"game": "tacocat", "players": 2, "turn_seconds": -1}, "bad_message"),
        ({"game": "tacocat", "players": 2, "turn_seconds": 1.5}, "bad_message"),
        ([1, 2], "bad_message"),
    ]
    for payload, code in bad:
        status, answer = server.http("POST", "/api/rooms", payload)
        assert status == 400, payload
        assert answer["error"]["code"] == code, payload
        assert answer["error"]["message"]
    status, answer = server.http("POST", "/api/rooms?lang=es", {"game": "chess", "players": 2})
    assert answer["error"]["message"].startswith("Juego desconocido")
    status, answer = server.http("GET", "/api/rooms/nope")
    assert status == 404 and answer["error"]["code"] == "no_room"


def test_the_page_and_static_files(tmp_path: Path, db: str) -> None:
    static = tmp_path / "static"
    (static / "boards").mkdir(parents=True)
    (static / "index.html").write_text("<!doctype html><title>Ludoteca</title>", "utf-8")
    (static / "boards" / "svg.js").write_text("export const x = 1;\n", "utf-8")
    with Server(db, static_dir=static) as running:
        for path in ("/", "/room/abc123"):
            with urllib.request.urlopen(running.base + path, timeout=10) as response:
                assert response.headers["content-type"].startswith("text/html")
                assert b"<title>Ludoteca</title>" in response.read()
        with urllib.request.urlopen(running.base + "/static/boards/svg.js", timeout=10) as js:
            assert js.read() == b"export const x = 1;\n"
        assert running.http("GET", "/static/missing.js")[0] == 404


@pytest.mark.parametrize("lang", ["es"])
def test_ludoteca_serve_prints_the_address_and_serves(tmp_path: Path, lang: str) -> None:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    db = tmp_path / "served.sqlite3"
    script = Path(sys.executable).parent / "ludoteca"
    command = [str(script), "serve", "--port", str(port)]
    env = {**os.environ, "LUDOTECA_DB": str(db)}
    process = subprocess.Popen(
        [*command, "--lang", lang], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline().decode()
        assert f"http://127.0.0.1:{port}/" in line and str(db) in line
        assert line.startswith("Ludoteca está en" if lang == "es" else "Ludoteca is at")
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    assert r.read() == b'{"ok":true}'
                    break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.1)
        assert db.exists()
    finally:
        process.terminate()
        process.wait(20)


def test_ludoteca_serve_refuses_a_store_it_cannot_open(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "ludoteca"
    missing = tmp_path / "no" / "such" / "dir" / "x.sqlite3"
    done = subprocess.run(
        [str(script), "serve", "--db", str(missing), "--lang", "en"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert f"Cannot open the store {missing}: " in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stdout == ""


def test_store_urls_are_printed_without_their_password() -> None:
    from ludoteca.web.store import hide_password as _hide_password  # noqa: PLC0415

    assert _hide_password("postgresql://ana:s3cret@db:5432/ludo") == "postgresql://ana@db:5432/ludo"
    assert _hide_password("postgresql://db/ludo") == "postgresql://db/ludo"
    assert _hide_password("ludoteca.sqlite3") == "ludoteca.sqlite3"


def _serve(args: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    code = "from ludoteca.cli import main; main()"
    return subprocess.Popen(
        [sys.executable, "-c", code, "serve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )


def test_ludoteca_serve_takes_the_limits_as_flags(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    from typer.testing import CliRunner  # noqa: PLC0415

    from ludoteca.cli import app  # noqa: PLC0415

    for flag, value, lang, shown in [
        ("--chat", "2x", "en", "Bad value for --chat: '2x'"),
        ("--rooms", "0/5", "es", "Valor no válido para --rooms: «0/5»"),
        ("--limits", "maybe", "en", "Bad value for --limits: 'maybe'"),
        ("--max-pending", "0", "en", "Bad value for --max-pending: '0'"),
    ]:
        args = ["serve", flag, value, "--lang", lang, "--db", str(tmp_path / "x.db")]
        refused = CliRunner().invoke(app, args)
        assert refused.exit_code == 2
        assert refused.stderr.startswith("Error: " + shown), refused.stderr
        assert len(refused.stderr.splitlines()) == 1
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    args = ["--port", str(port), "--db", str(tmp_path / "limits.sqlite3"), "--rooms", "0.001/2"]
    process = _serve(args, env)
    try:
        assert process.stdout is not None
        process.stdout.readline()  # "Ludoteca is at ...": it is about to listen
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.1)
        statuses = []
        for _ in range(3):
            request = urllib.request.Request(
                base + "/api/rooms", data=b'{"game":"tacocat","players":2}', method="POST"
            )
            request.add_header("Content-Type", "application/json")
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    statuses.append(answer.status)
            except urllib.error.HTTPError as error:
                statuses.append(error.code)
        assert statuses == [201, 201, 429]
    finally:
        process.terminate()
        process.wait(20)


def test_limits_lifted_and_set_from_flags() -> None:
    from ludoteca.web.wire.limits import Limits, from_flags, parse_rate  # noqa: PLC0415

    assert parse_rate("2/10") == (2.0, 10.0)
    for bad in ("2", "a/b", "0/3", "2/0", "inf/3", "nan/2", "-1/4"):
        with pytest.raises(ValueError):
            parse_rate(bad)
    lifted = from_flags(Limits(), lifted=True, rates={"chat": "3/4"}, max_pending=50)
    assert lifted.chat == (3.0, 4.0) and lifted.rooms[0] > 1e9 and lifted.max_pending == 50
    assert lifted.max_body == Limits().max_body and lifted.address_sockets > 1e6
    assert from_flags(Limits(), lifted=False, rates={}, address_sockets=9).address_sockets == 9
    with pytest.raises(ValueError, match="idle_seconds"):
        from_flags(Limits(), lifted=False, rates={}, idle_seconds=-1)
