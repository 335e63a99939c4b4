"""Start-up of ``ludoteca play`` to its first screen, in a pseudo-terminal.

Each sample starts ``ludoteca play tacocat --vs random --seed 1 --no-save`` in a fresh
pseudo-terminal (80×24) and times how long it takes until the person's prompt is on the
screen: the full-screen table (its status line says "your move") and the line-by-line mode
(``--plain``, its prompt "your move (number"); both also with every command group imported
first and run without the script's ``main`` (which imports only the group of ``play`` and
pauses the garbage collector, ``ludoteca.startup``: the before of both). A bare
``python -c pass`` is timed the same way in the same run, round-robin, as the baseline: read
the ratio, not the seconds, on a shared machine. Besides the wall time, the CPU time the
process used until it was stopped at its first screen (user + system, from ``getrusage`` of
the children) tells the work itself when the machine is busy. Each figure is the median of
``--samples`` runs. ``--against DIR`` also times ``play`` of another source tree (``DIR/src``
first on ``PYTHONPATH``: ``git archive`` of an earlier commit), in the same run, round-robin:
a before and after measured under the same load.

Python's bytecode is cached as an installed ``ludoteca`` caches it: in a temporary
``PYTHONPYCACHEPREFIX`` (``PYTHONDONTWRITEBYTECODE`` is dropped), filled by one discarded run
of each case first. Without it, a shell that sets ``PYTHONDONTWRITEBYTECODE`` would time the
compiling of every module of ours on every run (≈ 0.1 s of CPU here).

    .venv/bin/python -m bench.tools.terminal_startup [--samples 7] [--against DIR]
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import resource
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

LUDOTECA = str(Path(sys.executable).with_name("ludoteca"))
PLAY = [LUDOTECA, "play", "tacocat", "--vs", "random", "--seed", "1", "--no-save", "--lang", "en"]
EVERY_GROUP = [sys.executable, "-c", "from ludoteca.cli import app; app()", *PLAY[1:]]
"""``play`` with every command group imported first and without the script's ``main`` (how
the script started before it imported only the group of the command run and paused the
collector): the before of the lazy imports."""
CASES: dict[str, tuple[list[str], bytes]] = {
    "python -c pass": ([sys.executable, "-c", "print('ready')"], b"ready"),
    "play (full screen)": (PLAY, b"your move:"),
    "play --plain": ([*PLAY, "--plain"], b"your move (number"),
    "play, every group": (EVERY_GROUP, b"your move:"),
    "play --plain, every": ([*EVERY_GROUP, "--plain"], b"your move (number"),
}
SCRIPT = [sys.executable, "-c", "import ludoteca.cli; ludoteca.cli.main()", *PLAY[1:]]
"""``play`` as the ``ludoteca`` script runs it, for the tree of ``--against``."""
AGAINST = {
    "play, --against": (SCRIPT, b"your move:"),
    "play --plain, --against": ([*SCRIPT, "--plain"], b"your move (number"),
}
TIMEOUT = 60.0


def first_screen(command: list[str], needle: bytes, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting ``command`` in a new 80×24 pseudo-terminal to ``needle``, and
    the CPU seconds the process used.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    started = time.perf_counter()
    process = subprocess.Popen(
        command, stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True
    )
    os.close(follower)
    seen = b""
    try:
        while time.perf_counter() - started < TIMEOUT:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            seen = (seen + chunk)[-4096:]
            if needle in seen:
                wall = time.perf_counter() - started
                process.kill()
                process.wait()
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                return wall, cpu
        raise TimeoutError(f"{needle!r} never appeared: {seen[-400:]!r}")
    finally:
        process.kill()
        process.wait()
        os.close(leader)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=7)
    parser.add_argument("--against", type=Path, default=None, metavar="DIR")
    arguments = parser.parse_args()
    samples, against = arguments.samples, arguments.against
    cases = {**CASES, **(AGAINST if against is not None else {})}
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as bytecode:
        env = {
            **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
            "TERM": "xterm-256color",
            "XDG_DATA_HOME": data,
            "LANG": "C.UTF-8",
            "PYTHONPYCACHEPREFIX": bytecode,
        }
        envs = {name: env for name in cases}
        if against is not None:
            other = {**env, "PYTHONPATH": str((against / "src").resolve())}
            envs.update({name: other for name in AGAINST})
        times: dict[str, list[float]] = {name: [] for name in cases}
        cpus: dict[str, list[float]] = {name: [] for name in cases}
        for name, (command, needle) in cases.items():
            first_screen(command, needle, envs[name])  # fills the bytecode cache
        for _ in range(samples):
            for name, (command, needle) in cases.items():
                wall, cpu = first_screen(command, needle, envs[name])
                times[name].append(wall)
                cpus[name].append(cpu)
    base = statistics.median(times["python -c pass"])
    base_cpu = statistics.median(cpus["python -c pass"])
    load = os.getloadavg()[0]
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"{stamp} · load {load:.1f} · median of {samples}")
    for name in cases:
        wall = statistics.median(times[name])
        cpu = statistics.median(cpus[name])
        print(
            f"{name:23} wall {wall:6.3f} s (×{wall / base:5.1f})  "
            f"cpu {cpu:6.3f} s (×{cpu / base_cpu:5.1f}) python -c pass"
        )


if __name__ == "__main__":
    main()
