"""Build hook: compiles the playout's hot modules with mypyc (issue 19) and the RL
adapters' state writers with Cython (issue 42).

Everything else about the package is in pyproject.toml. The modules compiled are listed in
``src/ludoteca/engine/native.py`` (read here by path, without importing the package).
``LUDOTECA_PURE=1 pip install -e .`` builds nothing and runs the same code interpreted
(the writers' Python versions, ``adapters/encodings/<game id>_observation.py``).

Next to the extensions the build writes ``engine/native_build.json``: the SHA-256 of each
source as it was compiled, which ``native.stale()`` compares with the sources now.
"""

import hashlib
import json
import os
import runpy

from setuptools import setup
from setuptools.command.build_ext import build_ext

NATIVE = runpy.run_path(os.path.join("src", "ludoteca", "engine", "native.py"))
SOURCES = {path: os.path.join("src", "ludoteca", *path.split("/")) for path in NATIVE["COMPILED"]}
CYTHON_SOURCES = {
    path: os.path.join("src", "ludoteca", *path.split("/")) for path in NATIVE["cython_sources"]()
}
CYTHON_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
}
"""The writers index only what they checked (tests/adapters pin every entry they write)."""


FIRST_GROUP = ("engine/", "games/gotcha/", "games/dweebies/")
"""The first library's modules (about 6,000 lines); the rest make the second (5,100)."""


def _digest(file: str) -> str:
    with open(file, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()


def _extensions() -> tuple[list[object], dict[str, str]]:
    if os.environ.get(NATIVE["PURE_ENV"], "") not in ("", "0"):
        return [], {}
    # Not needed by a pure install:
    from Cython.Build import cythonize  # noqa: PLC0415
    from mypyc.build import mypycify  # noqa: PLC0415
    from setuptools import Extension  # noqa: PLC0415

    digests = {path: _digest(file) for path, file in {**SOURCES, **CYTHON_SOURCES}.items()}
    # Two shared libraries of about the same size, compiled in parallel (BuildExt).
    first = [file for path, file in SOURCES.items() if path.startswith(FIRST_GROUP)]
    second = [file for file in SOURCES.values() if file not in first]
    extensions = mypycify(
        ["--config-file", "pyproject.toml", *SOURCES.values()],
        opt_level="3",
        debug_level="0",
        separate=[(first, "ludoteca_native_a"), (second, "ludoteca_native_b")],
    )
    writers = [
        Extension("ludoteca." + path.removesuffix(".pyx").replace("/", "."), [file])
        for path, file in CYTHON_SOURCES.items()
    ]
    if writers:
        extensions += cythonize(writers, compiler_directives=CYTHON_DIRECTIVES, quiet=True)
    return extensions, digests


EXTENSIONS, DIGESTS = _extensions()


class BuildExt(build_ext):
    """build_ext that builds the extensions in parallel and records their sources."""

    def finalize_options(self) -> None:
        """One compiler process per core unless ``-j`` says otherwise."""
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        """Build the extensions, then write the manifest of their sources."""
        super().run()
        if not DIGESTS:
            return
        # Beside engine/rng's extension: the source tree for an editable install, else the
        # build tree the wheel is made from.
        folder = os.path.dirname(self.get_ext_fullpath("ludoteca.engine.rng"))
        os.makedirs(folder, exist_ok=True)
        manifest = os.path.join(folder, NATIVE["MANIFEST"])
        with open(manifest, "w", encoding="utf-8") as out:
            json.dump({"sources": DIGESTS}, out, indent=1, sort_keys=True)


setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": BuildExt})
