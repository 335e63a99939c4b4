"""``--backend ray`` on a real local Ray instance (started once for this module, two CPUs,
no dashboard) gives the same games as local processes: equal results, byte-identical CSV."""

import dataclasses
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.lab import simulate as sim
from ludoteca.lab.ray_backend import LOCAL_ENV


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    for name, value in LOCAL_ENV:
        os.environ.setdefault(name, value)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()


# One test, so that one Ray instance is started however pytest-xdist spreads the tests.
def test_ray_gives_the_same_games_and_byte_identical_csv_as_local_processes(
    local_ray: None, tmp_path: Path
) -> None:
    files = {}
    for backend in ("ray", "local"):
        path = tmp_path / f"{backend}.csv"
        args = ["simulate", "mystery_date", "-n", "24", "--players", "3", "--seed", "500"]
        flags = ["--workers", "2", "--backend", backend, "--csv", str(path), "--lang", "en"]
        result = CliRunner().invoke(app, [*args, *flags], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        files[backend] = path.read_bytes()
    assert files["ray"] == files["local"]
    assert files["ray"].count(b"\n") == 25
    assert b"stat.door_opens" in files["ray"]
    config = sim.SimulationConfig("tacocat", 10, ("greedy", "random"), seed=7, chunk_size=3)
    on_ray = dataclasses.replace(config, backend="ray", workers=2)
    assert list(sim.run(on_ray)) == list(sim.run(config))
    assert ray.is_initialized()  # started by the caller, so not stopped by the run
