"""deploy/ludoteca.service: ``systemd-analyze verify`` finds nothing to say about it (with
its ExecStart pointed at this checkout's ``ludoteca``), and that ExecStart, run with the
unit's own environment and nothing else, serves the table.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from hosting_helpers import EnvServer, fetch

from ludoteca.loadbench.process import free_port

UNIT = Path(__file__).resolve().parents[2] / "deploy" / "ludoteca.service"
INSTALLED = "/opt/ludoteca/.venv/bin/ludoteca"


def service_settings() -> tuple[dict[str, str], list[str]]:
    """The unit's ``Environment=`` variables and its ``ExecStart`` command."""
    env: dict[str, str] = {}
    command: list[str] = []
    section = ""
    for raw in UNIT.read_text().splitlines():
        line = raw.strip()
        if line.startswith("["):
            section = line
        elif section == "[Service]" and line.startswith("Environment="):
            for pair in shlex.split(line.partition("=")[2]):
                name, _, value = pair.partition("=")
                env[name] = value
        elif section == "[Service]" and line.startswith("ExecStart="):
            command = shlex.split(line.partition("=")[2])
    return env, command


def test_systemd_analyze_verify_finds_nothing(tmp_path: Path) -> None:
    here = Path(sys.executable).parent / "ludoteca"
    assert here.is_file()
    text = UNIT.read_text()
    assert text.count(INSTALLED) == 1
    unit = tmp_path / "ludoteca.service"
    unit.write_text(text.replace(INSTALLED, str(here)))
    analyze = shutil.which("systemd-analyze")
    assert analyze, "scripts/system-deps.sh installs systemd"
    done = subprocess.run(
        [analyze, "verify", "--man=no", str(unit)],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stderr.strip() == "", done.stderr
    broken = tmp_path / "broken.service"
    broken.write_text(unit.read_text().replace("Restart=", "Restrat=", 1))
    done = subprocess.run(
        [analyze, "verify", "--man=no", str(broken)],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Unknown key" in done.stderr  # the check can fail


def test_the_units_command_and_environment_serve_the_table(tmp_path: Path) -> None:
    env, command = service_settings()
    assert command == [INSTALLED, "serve"]
    assert env["LUDOTECA_HOST"] == "127.0.0.1" and env["LUDOTECA_LOG_FORMAT"] == "json"
    assert env["LUDOTECA_DB"].startswith("/var/lib/ludoteca/")  # its StateDirectory
    assert "StateDirectory=ludoteca" in UNIT.read_text()
    # Here: the unit's variables, with this test's free ports and folder in place of the
    # installed ones (EnvServer runs `ludoteca serve` with no flag at all).
    env.pop("LUDOTECA_PORT")
    env.pop("LUDOTECA_DB")
    host, _, _ = env.pop("LUDOTECA_METRICS_LISTEN").rpartition(":")
    metrics = f"{host}:{free_port()}"
    with EnvServer(tmp_path, **env, LUDOTECA_METRICS_LISTEN=metrics) as server:
        status, body, _ = fetch(server.base + "/")
        assert status == 200 and b"<html" in body.lower()
        assert fetch(f"http://{metrics}/metrics")[0] == 200
    lines = server.stderr.read_text().splitlines()
    assert lines and all(line.startswith("{") for line in lines)
