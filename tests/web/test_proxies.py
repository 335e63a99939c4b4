"""The repository's proxy configurations, run: Debian's Caddy (its own CA, ``local_certs``)
and nginx (a certificate made here with openssl) in front of ``ludoteca serve`` on free
loopback ports, with TLS; a page, a room and a game's moves over a WebSocket through each.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hosting_helpers import EnvServer, fetch, play_a_room, wait_for

from ludoteca.loadbench.process import free_port

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


@contextlib.contextmanager
def running(
    args: list[str], log: Path, env: dict[str, str] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as out:
        proc = subprocess.Popen(
            args, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
    try:
        yield proc
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def through(origin: str, context: ssl.SSLContext) -> None:
    """What a person does through the proxy: the page, then a game's moves."""
    status, page, headers = fetch(origin + "/", context=context)
    assert status == 200 and b"<html" in page.lower()
    assert headers["Content-Type"].startswith("text/html")
    assert fetch(origin + "/metrics", context=context)[0] == 404  # never through the site
    final = play_a_room(origin, context, moves=6)
    assert final["version"] >= 6 and final["outcome"] is None
    plain = ssl.create_default_context()  # without the proxy's CA: refused
    with pytest.raises(OSError):
        fetch(origin + "/", context=plain)


def test_caddy_serves_the_table_over_tls(tmp_path: Path) -> None:
    https_port, http_port = free_port(), free_port()
    test_options = (
        "{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\tdefault_bind 127.0.0.1\n"
        f"\thttp_port {http_port}\n\thttps_port {https_port}\n}}\n\n"
    )
    config = tmp_path / "Caddyfile"
    config.write_text(test_options + (DEPLOY / "Caddyfile").read_text())
    with EnvServer(tmp_path) as server:
        env = {
            **os.environ,
            "HOME": str(tmp_path),
            "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "LUDOTECA_SITE": f"localhost:{https_port}",
            "LUDOTECA_UPSTREAM": f"127.0.0.1:{server.port}",
        }
        args = ["caddy", "run", "--config", str(config), "--adapter", "caddyfile"]
        with running(args, tmp_path / "caddy.log", env) as caddy:
            root = tmp_path / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
            deadline = time.monotonic() + 60
            while not root.is_file():
                assert caddy.poll() is None, (tmp_path / "caddy.log").read_text()
                assert time.monotonic() < deadline, (tmp_path / "caddy.log").read_text()
                time.sleep(0.1)
            context = ssl.create_default_context(cafile=str(root))
            origin = f"https://localhost:{https_port}"
            wait_for(origin + "/healthz", caddy, tmp_path / "caddy.log", context)
            through(origin, context)


NGINX_PLACES = {
    "    listen 80;\n": "    listen 127.0.0.1:{http_port};\n",
    "    listen [::]:80;\n": "",
    "    listen 443 ssl http2;\n": "    listen 127.0.0.1:{https_port} ssl http2;\n",
    "    listen [::]:443 ssl http2;\n": "",
    "/etc/letsencrypt/live/ludoteca.example.org/fullchain.pem": "{tmp}/cert.pem",
    "/etc/letsencrypt/live/ludoteca.example.org/privkey.pem": "{tmp}/key.pem",
    "server 127.0.0.1:8000;": "server 127.0.0.1:{upstream};",
}
"""What the test replaces in deploy/nginx.conf (each exactly once); the rest runs as is."""


def test_nginx_serves_the_table_over_tls(tmp_path: Path) -> None:
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
            "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem"),
        ],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    https_port, http_port = free_port(), free_port()
    with EnvServer(tmp_path) as server:
        site = (DEPLOY / "nginx.conf").read_text()
        for place, value in NGINX_PLACES.items():
            assert site.count(place) == 1, place
            site = site.replace(
                place,
                value.format(
                    http_port=http_port, https_port=https_port, tmp=tmp_path, upstream=server.port
                ),
            )
        (tmp_path / "site.conf").write_text(site)
        user = "user root root;\n" if os.geteuid() == 0 else ""
        temp = "".join(
            f"    {kind}_temp_path {tmp_path}/{kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (tmp_path / "nginx.conf").write_text(
            f"{user}daemon off;\nworker_processes 1;\npid {tmp_path}/nginx.pid;\n"
            f"error_log {tmp_path}/error.log warn;\nevents {{ worker_connections 256; }}\n"
            f"http {{\n    access_log {tmp_path}/access.log;\n{temp}"
            f"    include {tmp_path}/site.conf;\n}}\n"
        )
        args = ["nginx", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")]
        with running(args, tmp_path / "nginx.log") as nginx:
            context = ssl.create_default_context(cafile=str(tmp_path / "cert.pem"))
            origin = f"https://localhost:{https_port}"
            wait_for(origin + "/healthz", nginx, tmp_path / "error.log", context)
            plain_http = http.client.HTTPConnection("127.0.0.1", http_port, timeout=10)
            plain_http.request("GET", "/room/x", headers={"Host": "ludoteca.example.org"})
            redirect = plain_http.getresponse()
            assert redirect.status == 301  # plain HTTP only points to HTTPS
            assert redirect.getheader("Location") == "https://ludoteca.example.org/room/x"
            plain_http.close()
            through(origin, context)
        assert "[error]" not in (tmp_path / "error.log").read_text()
