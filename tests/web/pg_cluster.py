"""A throwaway PostgreSQL cluster for the store tests (``initdb`` in a temp dir).

The server runs as the ``postgres`` user when the tests run as root (PostgreSQL refuses to
run as root), on a free TCP port of 127.0.0.1 with trust authentication; it is stopped and
its directory removed at the end of the session.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from ludoteca.loadbench.process import free_port, postgres_bin

BIN = postgres_bin()


def available() -> bool:
    """Whether the PostgreSQL server binaries are installed."""
    return (BIN / "initdb").is_file() and (BIN / "pg_ctl").is_file()


class Cluster:
    """One PostgreSQL server in a temporary directory."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="ludoteca-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            self.prefix = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.root, "postgres")
        self._counter = 0

    def _run(self, *args: str) -> None:
        subprocess.run(
            [*self.prefix, *args], check=True, capture_output=True, timeout=120, cwd=self.root
        )

    def start(self) -> None:
        self._run(str(BIN / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust")
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync=off"
        self._run(
            str(BIN / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
            str(self.root / "log"), "-w", "-t", "60", "start",
        )  # fmt: skip

    def restart(self) -> None:
        """Stop the server at once and start it again (connections are lost)."""
        self.halt()
        self.resume()

    def halt(self) -> None:
        """Stop the server at once (connections are lost); :meth:`resume` starts it again."""
        self._run(str(BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        """Start the server :meth:`halt` stopped, on the same port and data."""
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync=off"
        self._run(
            str(BIN / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
            str(self.root / "log"), "-w", "-t", "60", "start",
        )  # fmt: skip

    def stop(self) -> None:
        try:
            self._run(str(BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        import psycopg  # noqa: PLC0415

        self._counter += 1
        name = f"t{os.getpid()}_{self._counter}_{int(time.time() * 1000) % 100000}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)
