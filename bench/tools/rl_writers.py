"""A/B one game's observation state writer against another version of its module, or its
compiled writer against its Python one.

    .venv/bin/python -m bench.tools.rl_writers tacocat --against OLD/src [--row gymnasium]
    .venv/bin/python -m bench.tools.rl_writers tacocat --compiled [--row gymnasium]

The RL adapters' remaining cost per step is the state writers (``docs/performance.md``,
"What the RL adapters add to a step"); this prices a writer alone, in one process, so a
change's before and after share the load. It records the ``StateObserver.base`` calls of
a random run of ``--row`` (the PettingZoo AEC loop or the Gymnasium loop of
``rl_adapters``): ``--calls`` calls to time and 40,000 from another seed that fill the
block caches first (the steady state of a long run; ``cold`` clears them instead). Then it
times this tree's writer class and the one of ``--against``'s
``ludoteca/adapters/encodings/<game>_observation.py`` (loaded under another module name,
beside this tree's engine and encodings), alternating, ``--rounds`` rounds each, CPU time,
medians, the recorded states frozen out of the garbage collector's passes (a real run holds
few). It first checks that both write the same bytes on every call (so the other file must
write this tree's layout). Prints µs per call and this ÷ against. With ``--compiled`` the
two are this tree's Python writer (as ``against``) and its compiled one
(``encodings.native``, which a pure install lacks).
"""

from __future__ import annotations

import argparse
import array
import gc
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from ludoteca.adapters import encodings

Calls = list[tuple[Any, int]]


def record(game_id: str, row: str, seed: int, count: int) -> tuple[Any, Calls]:
    """The first ``count`` ``(state, seat)`` pairs a random run of ``row`` writes, and the
    environment that ran it.
    """
    calls: Calls = []
    original = encodings.StateObserver.base

    def recording(self: encodings.StateObserver, state: Any, seat: int) -> Any:
        calls.append((state, seat))
        return original(self, state, seat)

    encodings.StateObserver.base = recording  # type: ignore[method-assign]
    try:
        picker = random.Random(seed)
        if row == "gymnasium":
            import gymnasium  # noqa: PLC0415

            from ludoteca.adapters import gymnasium_env  # noqa: PLC0415

            env: Any = gymnasium.make(gymnasium_env.ENV_IDS[game_id], opponents="random")
            env = env.unwrapped
            _, info = env.reset(seed=seed)
            while len(calls) < count:
                allowed = np.flatnonzero(info["action_mask"])
                _, _, ended, cut, info = env.step(allowed[int(picker.random() * len(allowed))])
                if ended or cut:
                    _, info = env.reset()
            return env, calls[:count]
        from ludoteca.adapters.pettingzoo import env as make_env  # noqa: PLC0415

        aec: Any = make_env(game_id, seed=seed, scaled=True)
        aec.reset()
        while len(calls) < count:
            if not aec.agents:
                aec.reset()
                continue
            observation, _, ended, cut, _ = aec.last()
            if ended or cut or observation is None:
                aec.step(None)
                continue
            allowed = np.flatnonzero(observation["action_mask"])
            aec.step(int(allowed[int(picker.random() * len(allowed))]))
        return aec, calls[:count]
    finally:
        encodings.StateObserver.base = original  # type: ignore[method-assign]


def load_writer(path: Path, class_name: str) -> Any:
    """The writer class ``class_name`` of the module file at ``path``."""
    spec = importlib.util.spec_from_file_location(f"_other_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, class_name)


def made_by_encoding(encoding: Any, writer_class: Any) -> Any:
    """``encoding.state_writer`` making ``writer_class`` instead of its own (same name), so
    the other file's writer gets the arguments this tree's encoding passes.
    """
    module = sys.modules[type(encoding).__module__]
    name = writer_class.__name__

    def make(scale: encodings.Scale) -> Any:
        own = getattr(module, name)
        setattr(module, name, writer_class)
        try:
            return encoding.state_writer(scale)
        finally:
            setattr(module, name, own)

    return make


def compiled_writer(encoding: Any) -> Any:
    """``make(scale)``: the encoding's compiled writer (exits if none is built here)."""

    def make(scale: encodings.Scale) -> Any:
        writer = encodings.compiled_writer(encoding, scale)
        if writer is None:
            sys.exit(f"no compiled writer of {encoding.game_id} here (a pure install?)")
        return writer

    return make


def time_writer(
    make_writer: Any, scale: encodings.Scale, size: int, calls: Calls, warmup: Calls | None
) -> float:
    """CPU seconds to write ``calls`` with a new writer, ``make_writer(scale)`` (caches
    cleared, then filled by ``warmup`` unless it is ``None``).
    """
    for cache in list(encodings._SHARED_BLOCKS.values()):
        cache.clear()
    writer = make_writer(scale)
    buffers: dict[int, Any] = {}
    last: dict[int, Any] = {}
    # One buffer per seat, made before timing (``setdefault`` would build its default
    # array on every call, about 1 µs of 14 KB for Dweebies).
    for _, seat in [*(warmup or ()), *calls]:
        if seat not in buffers:
            buffers[seat] = array.array("f", bytes(4 * size))
    for state, seat in warmup or ():
        writer.write(state, seat, buffers[seat], last.get(seat))
        last[seat] = state
    start = time.process_time()
    for state, seat in calls:
        writer.write(state, seat, buffers[seat], last.get(seat))
        last[seat] = state
    return time.process_time() - start


def same_bytes(old: Any, new: Any, scale: encodings.Scale, size: int, calls: Calls) -> bool:
    """Whether the writers ``old(scale)`` and ``new(scale)`` leave the same bytes after every
    call."""
    writers = (old(scale), new(scale))
    buffers: list[dict[int, Any]] = [{}, {}]
    last: dict[int, Any] = {}
    for state, seat in calls:
        written = []
        for writer, kept in zip(writers, buffers, strict=True):
            out = kept.setdefault(seat, array.array("f", bytes(4 * size)))
            writer.write(state, seat, out, last.get(seat))
            written.append(out.tobytes())
        last[seat] = state
        if written[0] != written[1]:
            return False
    return True


def main() -> None:
    """Parse the arguments, check, time and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["tacocat", "dweebies", "tile_up", "mystery_date"])
    versus = parser.add_mutually_exclusive_group(required=True)
    versus.add_argument("--against", help="the other tree's src folder")
    versus.add_argument(
        "--compiled", action="store_true", help="this tree's compiled writer against its Python"
    )
    parser.add_argument("--row", choices=["pettingzoo", "gymnasium"], default="pettingzoo")
    parser.add_argument("--calls", type=int, default=8000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    env, calls = record(args.game, args.row, 0, args.calls)
    _, warmup = record(args.game, args.row, 1, 40_000)
    # The 48,000 recorded states would make each of the collector's full passes slow, and
    # a writer that allocates more would pay for them: a real run holds few states.
    gc.collect()
    gc.freeze()
    scale = encodings.Scale(env.encoding, scaled=True)
    if args.compiled:
        other_class, this_class = env.encoding.state_writer, compiled_writer(env.encoding)
    else:
        this_class = env.encoding.state_writer
        path = Path(args.against) / "ludoteca/adapters/encodings" / f"{args.game}_observation.py"
        python_class = type(this_class(scale)).__name__
        other_class = made_by_encoding(env.encoding, load_writer(path, python_class))
    size = int(env.encoding.observation_low.shape[0])
    if not same_bytes(other_class, this_class, scale, size, calls):
        sys.exit("the two writers write different vectors: not comparable")
    for cold in (True, False):
        times: dict[str, list[float]] = {"old": [], "new": []}
        for _ in range(args.rounds):
            fill = None if cold else warmup
            times["old"].append(time_writer(other_class, scale, size, calls, fill))
            times["new"].append(time_writer(this_class, scale, size, calls, fill))
        old = 1e6 * statistics.median(times["old"]) / len(calls)
        new = 1e6 * statistics.median(times["new"]) / len(calls)
        label = "cold" if cold else "steady"
        print(
            f"{args.game} {args.row} {label}: --against {old:.2f} µs, this tree {new:.2f} µs"
            f" per call, this ÷ against {new / old:.2f}"
        )


if __name__ == "__main__":
    main()
