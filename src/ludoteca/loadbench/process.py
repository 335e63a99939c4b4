"""Real processes for the web load bench and the tests: ``ludoteca serve``, and throwaway
PostgreSQL and Redis servers on free loopback ports.

The server is started exactly as a person would start it (``ludoteca serve --port P --db D``),
from the same Python environment as the caller, and is ready once ``GET /healthz`` answers.
:func:`tree_usage` reads the CPU time and memory of a process and all its descendants (a
``--workers N`` server is a parent and its workers).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

SERVE = "from ludoteca.cli import main; main()"
"""The command line's entry point, run with this interpreter (no reliance on PATH)."""

SERVE_WITH_SETTINGS = (
    "import sys, uvicorn; from ludoteca.web.app import create_app; "
    "from ludoteca.web.server.guard import uvicorn_options; "
    "from ludoteca.web.wire.limits import Limits; "
    "uvicorn.run(create_app(sys.argv[1], bot_delay=float(sys.argv[2]), "
    "clock_scale=float(sys.argv[3])), host='127.0.0.1', port=int(sys.argv[4]), "
    "log_level='warning', **uvicorn_options(Limits()))"
)
"""The same app and server as ``ludoteca serve`` (its socket layer too), with the server's
test settings (bot pacing, realtime clock scale), which ``ludoteca serve`` does not take as
flags."""


def with_nofile(code: str, nofile: int | None) -> str:
    """``code`` run with at most ``nofile`` open files (``ulimit -n``) when given: a server
    short of descriptors, as a small host is, without touching the caller's limit.
    """
    if nofile is None:
        return code
    limit = int(nofile)
    return (
        f"import resource; resource.setrlimit(resource.RLIMIT_NOFILE, ({limit}, {limit})); {code}"
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """One ``ludoteca serve`` child process on 127.0.0.1.

    Use as a context manager, or call :meth:`start` and :meth:`stop`. With ``bot_delay``
    the process runs the same app with those settings (tests: 0, and ``clock_scale`` 0 stops
    Gotcha's clock so bots' timed choices run at once). ``nofile``: the process's limit of
    open files (``ulimit -n``), for the red team's idle-connection attack.
    """

    def __init__(
        self,
        db: Path | str,
        *,
        port: int | None = None,
        env: dict[str, str] | None = None,
        log: Path | None = None,
        extra_args: tuple[str, ...] = (),
        bot_delay: float | None = None,
        clock_scale: float = 1.0,
        nofile: int | None = None,
    ) -> None:
        self.db = db
        self.nofile = nofile
        self.port = port if port is not None else free_port()
        self.env = {**os.environ, **(env or {})}
        if log is None:
            assert isinstance(db, Path), "a database URL needs a log path"
            log = db.with_suffix(".log")
        self.log = log
        self.extra_args = extra_args
        self.bot_delay = bot_delay
        self.clock_scale = clock_scale
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The HTTP origin, ``http://127.0.0.1:<port>``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        """The WebSocket origin, ``ws://127.0.0.1:<port>``."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        """Start the process and wait until ``/healthz`` answers ``{"ok": true}``.

        Raises:
            RuntimeError: If the process exits or does not answer within ``timeout``.
        """
        serve, with_settings = (with_nofile(c, self.nofile) for c in (SERVE, SERVE_WITH_SETTINGS))
        args = [sys.executable, "-c", serve, "serve", "--port", str(self.port)]
        args += ["--db", str(self.db), *self.extra_args]
        if self.bot_delay is not None:
            args = [sys.executable, "-c", with_settings, str(self.db), str(self.bot_delay)]
            args += [str(self.clock_scale), str(self.port)]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                args, stdout=out, stderr=subprocess.STDOUT, env=self.env, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"ludoteca serve exited ({self.proc.returncode}): {self.tail()}")
            if self.healthy():
                return
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"ludoteca serve did not answer /healthz in {timeout}s: {self.tail()}")

    def healthy(self) -> bool:
        """Whether ``GET /healthz`` answers ``{"ok": true}`` now."""
        try:
            with urllib.request.urlopen(self.url + "/healthz", timeout=1.0) as answer:
                body = json.loads(answer.read())
        except (OSError, urllib.error.URLError, ValueError):
            return False
        return isinstance(body, dict) and body.get("ok") is True

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the process (SIGTERM, then SIGKILL after ``timeout``) and wait for it; then
        SIGKILL whatever is left in the session it started (workers of ``--workers N``).
        """
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    proc.send_signal(signal.SIGTERM)
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # its session: it and its workers
            proc.wait(timeout)
        # Workers (``--workers N``) that outlived their parent: a parent killed before it
        # could stop them leaves them running. Nothing else is in the session it started.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)

    def tail(self, chars: int = 2000) -> str:
        """The end of the server's log, for error messages."""
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


@dataclass(frozen=True, slots=True)
class Usage:
    """CPU seconds (user + system) and resident memory (bytes) of a process tree."""

    cpu_s: float
    rss_bytes: int
    processes: int


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command name, or None."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def descendants(pid: int) -> list[int]:
    """Every live descendant of ``pid`` (children, their children, ...), from ``/proc``."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None:
                children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of one process, or None if it is gone."""
    fields = _stat(pid)
    if fields is None:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_usage(pid: int) -> Usage:
    """CPU seconds and resident memory of ``pid`` and all its descendants (Linux)."""
    cpu = 0.0
    rss = 0
    count = 0
    page = os.sysconf("SC_PAGE_SIZE")
    for member in [pid, *descendants(pid)]:
        seconds = cpu_seconds(member)
        if seconds is None:
            continue
        cpu += seconds
        count += 1
        with contextlib.suppress(OSError, IndexError, ValueError):
            rss += int(Path(f"/proc/{member}/statm").read_text().split()[1]) * page
    return Usage(cpu, rss, count)


def postgres_bin() -> Path:
    """``LUDOTECA_PG_BIN``, else Debian's newest ``/usr/lib/postgresql/<version>/bin``."""
    if "LUDOTECA_PG_BIN" in os.environ:
        return Path(os.environ["LUDOTECA_PG_BIN"])
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    )
    return found[-1] if found else Path("/usr/lib/postgresql/15/bin")


class Postgres:
    """A throwaway PostgreSQL server (``initdb`` in a temporary directory, trust login on a
    free port of 127.0.0.1, run as the ``postgres`` user when this runs as root), removed
    when stopped. Its durability settings are PostgreSQL's defaults (``fsync`` on).
    """

    def __init__(self) -> None:
        self.bin = postgres_bin()
        self.root = Path(tempfile.mkdtemp(prefix="ludoteca-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            self.prefix = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.root, "postgres")

    @property
    def url(self) -> str:
        """The ``postgresql://`` URL of its ``postgres`` database."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        subprocess.run(
            [*self.prefix, *args], check=True, capture_output=True, timeout=120, cwd=self.root
        )

    def start(self) -> None:
        """``initdb``, then ``pg_ctl start`` (waits until it accepts connections)."""
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust")
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root}"
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
            str(self.root / "log"), "-w", "-t", "60", "start",
        )  # fmt: skip

    def pid(self) -> int | None:
        """The postmaster's process id (its backends are its children), if running."""
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def stop(self) -> None:
        """Stop it at once and remove its directory."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Postgres:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class Redis:
    """A throwaway ``redis-server`` on a free port of 127.0.0.1, keeping nothing on disk."""

    def __init__(self, binary: str = "redis-server") -> None:
        self.binary = shutil.which(binary) or "/usr/bin/redis-server"
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Its ``redis://`` URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 30.0) -> None:
        """Start it and wait until it answers ``PING``."""
        args = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        args += ["--save", "", "--appendonly", "no"]
        self.proc = subprocess.Popen(
            args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited ({self.proc.returncode})")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock,
            ):
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"redis-server did not answer PING in {timeout}s")

    def stop(self) -> None:
        """Stop it (SIGTERM, then SIGKILL) and wait for it."""
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)

    def __enter__(self) -> Redis:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
