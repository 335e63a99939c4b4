"""Engine random playouts against each RL adapter, side by side in one run.

    .venv/bin/python -m bench.tools.rl_adapters --seconds 1 --repeats 3 [--games tacocat ...]
    .venv/bin/python -m bench.tools.rl_adapters --src <export of the old commit>/src ...

Rows per game (fewest players), all uniform-random over legal moves, timed in CPU seconds
(``time.process_time``), round-robin (one repetition of every row per round), median of the
repetitions:

- ``engine``: the loop of ``ludoteca bench``'s playout row (``actors``, ``sample_chance``,
  ``rng.choice(legal_actions)``, ``apply``); steps are actions plus chance outcomes.
- ``pettingzoo``: the AEC environment, ``last()`` then ``step(random masked number)``;
  steps are agent steps (one per ``step`` of a live agent, sub-actions included).
- ``pettingzoo+order``: the same loop through PettingZoo's ``OrderEnforcingWrapper`` (what
  PettingZoo's own environments return from ``env()``; ``ludoteca``'s ``env()`` returns the
  environment unwrapped, the ``pettingzoo`` row).
- ``pettingzoo+parallel``: the parallel environment, one random masked number per acting
  agent each ``step``; steps are agent steps (acting agents' numbers).
- ``gymnasium``: ``ludoteca/<Game>-v0`` against random opponents, ``step(random masked
  number)``; steps are learner steps, opponents and chance moving in between.
- ``gymnasium+vector``: ``make_vec(game, 4, opponents="random")`` (same-step autoreset),
  a random number from each row of ``action_masks()`` per ``step``; steps are learner steps
  (4 per ``step``); the engine steps of a finished match are read just before its reset.
- ``openspiel``: ``ludoteca_<id>`` from a Python loop (``chance_outcomes``,
  ``legal_actions``, ``apply_action``); steps are ``apply_action`` calls, chance nodes
  included.
- ``openspiel+obs``: the same loop asking ``observation_tensor(player)`` at each decision
  (as an RL loop does; the plain row never asks for an observation).
- ``openspiel+observer``: the same loop filling OpenSpiel's observer at each decision
  (``make_observation(game)``, ``observer.set_from(state, player)``, read as the NumPy
  ``observer.tensor``): the observation without pyspiel turning it into a Python list.

An *engine step* is one ``apply`` of the engine: a seat's action or a chance outcome (a card
drawn, a die rolled). An *agent step* (PettingZoo, Gymnasium) is one ``step`` call of the
learner: it may be a sub-action that applies nothing (a Tacocat replace select) or carry
several engine steps (the chance steps and, in Gymnasium, the opponents' moves until the
learner chooses again). The issue's ratio is each adapter row's steps/s over the engine
row's engine steps/s. The engine row also counts its *decisions* (engine steps that are a
seat's action, chance excluded): "÷ engine decisions" reads an adapter row against the rate
at which the engine's random playout makes decisions, for information only.

``--src DIR`` runs every row twice per round, on another source tree (``DIR`` first on
``PYTHONPATH``: an export of an older commit, labelled *before*) and on this one (*after*;
``--src-after DIR`` for another tree instead, e.g. an export with the compiled build's
extensions copied in), each in its own worker process, round-robin, so both trees see the
same load; it prints both tables and the adapter µs per step before and after.
``--processes N`` gives each tree N worker processes, each row's repetitions taking turns
among them, so one process's own speed does not decide a tree's medians: with one worker
per tree, a row moved from run to run on a quiet machine (Tacocat's Gymnasium row, before:
15.9 to 32.9 µs per step in five runs of 2026-12-07).

``--floor`` (with ``--src``) adds a third tree, *floor*: the after tree in a worker whose
observations cost nothing (:func:`free_observation`). A row's floor prices everything but
the observation (masks, decoding, each API's bookkeeping, the caller's pick); where it is
above half of *before*, no observation writer, however fast, halves that row.

``--parts`` instead times each call an adapter step makes, on the same decision states
(every seat decision of random matches until 3,000 are found; best of 3 passes, CPU time per
call): the engine's ``legal_actions`` + choice + ``apply``, ``game.view``, the encoding's
observation, its scaling and its mask.

``--mccfr N`` instead runs N iterations of OpenSpiel's outcome-sampling MCCFR on
``ludoteca_tacocat`` (NumPy's global generator seeded 0) and reports CPU seconds, iterations
per second and the information states in the solver's table.

Each row also reports ``engine steps/s`` inside it (actions plus chance outcomes applied),
so the adapters' overhead is read against the engine row of the same run: the last three
columns give a row's CPU µs per step, the engine's share of it (its engine steps priced at
the engine row's µs per engine step) and the adapter's µs per step, the rest
(:func:`overhead_us`; the engine row's own is 0 by construction). Prints a
Markdown table and writes JSON with every repetition to ``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ludoteca.engine import registry, runner
from ludoteca.engine.game import CHANCE

Workload = Callable[[float], tuple[int, int]]
"""Runs for about ``seconds`` of CPU time; returns (its steps, engine steps)."""

DECISIONS: dict[str, list[int]] = {}
"""Per game, the engine row's decisions (non-chance steps) per repetition."""


def engine_rows(game_id: str) -> Workload:
    game = registry.make(game_id)
    players = game.info.min_players
    picker = random.Random(0)
    seed = [0]
    state = [runner.new_game(game, players, 0)]

    def run(seconds: float) -> tuple[int, int]:
        steps = 0
        chance = 0
        stop = time.process_time() + seconds
        s = state[0]
        while time.process_time() < stop:
            for _ in range(100):
                actors = game.actors(s)
                if not actors:
                    seed[0] += 1
                    s = runner.new_game(game, players, seed[0])
                    continue
                if actors[0] == CHANCE:
                    s = game.apply(s, CHANCE, game.sample_chance(s, picker))
                    steps += 1
                    chance += 1
                    continue
                picks = [(seat, picker.choice(game.legal_actions(s, seat))) for seat in actors]
                for seat, action in picks:
                    s = game.apply(s, seat, action)
                    steps += 1
        state[0] = s
        DECISIONS.setdefault(game_id, []).append(steps - chance)
        return steps, steps

    return run


def pettingzoo_rows(game_id: str, wrapped: bool = False) -> Workload:
    from pettingzoo.utils import wrappers  # noqa: PLC0415

    from ludoteca.adapters.pettingzoo import env  # noqa: PLC0415

    e: Any = env(game_id, seed=0, scaled=True)
    if wrapped:
        e = wrappers.OrderEnforcingWrapper(e)
    e.reset()
    picker = random.Random(0)

    def run(seconds: float) -> tuple[int, int]:
        steps = 0
        before = e.engine_steps
        engine = 0
        stop = time.process_time() + seconds
        while time.process_time() < stop:
            for _ in range(100):
                if not e.agents:
                    engine += e.engine_steps - before
                    e.reset()
                    before = 0
                    continue
                observation, _, termination, truncation, _ = e.last()
                if termination or truncation or observation is None:
                    e.step(None)
                    continue
                allowed = np.flatnonzero(observation["action_mask"])
                e.step(int(allowed[int(picker.random() * len(allowed))]))
                steps += 1
        engine += e.engine_steps - before
        return steps, engine

    return run


def gymnasium_rows(game_id: str) -> Workload:
    import gymnasium  # noqa: PLC0415

    from ludoteca.adapters import gymnasium_env  # noqa: PLC0415

    e: Any = gymnasium.make(gymnasium_env.ENV_IDS[game_id], opponents="random").unwrapped
    _, info = e.reset(seed=0)
    picker = random.Random(0)
    box = [info]

    def run(seconds: float) -> tuple[int, int]:
        steps = 0
        engine_before = e.engine_steps
        engine = 0
        info = box[0]
        stop = time.process_time() + seconds
        while time.process_time() < stop:
            for _ in range(100):
                allowed = np.flatnonzero(info["action_mask"])
                if not len(allowed):
                    # An older tree's reset may hand out a match the bots ended before the
                    # learner's first decision (fixed in 195cb12): start the next one.
                    _, info = e.reset()
                    continue
                _, _, terminated, truncated, info = e.step(
                    allowed[int(picker.random() * len(allowed))]
                )
                steps += 1
                if terminated or truncated:
                    engine += e.engine_steps - engine_before
                    _, info = e.reset()
                    engine_before = 0
        engine += e.engine_steps - engine_before
        box[0] = info
        return steps, engine

    return run


def openspiel_rows(game_id: str, observe: str = "") -> Workload:
    import pyspiel  # noqa: PLC0415
    from open_spiel.python.observation import make_observation  # noqa: PLC0415

    import ludoteca.adapters.openspiel  # noqa: F401, PLC0415

    game = pyspiel.load_game(f"ludoteca_{game_id}")
    observer = make_observation(game)
    picker = random.Random(0)
    box = [game.new_initial_state()]

    def engine_steps(state: Any) -> int:
        # ``engine_steps`` since the speed work; ``_steps`` in the adapter before it (so
        # this script can time an older checkout, ``PYTHONPATH=<old>/src``).
        steps = getattr(state, "engine_steps", None)
        return int(steps if steps is not None else getattr(state, "_steps", 0))

    def run(seconds: float) -> tuple[int, int]:
        steps = 0
        state = box[0]
        engine_before = engine_steps(state)
        engine = 0
        stop = time.process_time() + seconds
        while time.process_time() < stop:
            for _ in range(20):
                if state.is_terminal():
                    engine += engine_steps(state) - engine_before
                    state = game.new_initial_state()
                    engine_before = 0
                    continue
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    ids = [a for a, _ in outcomes]
                    weights = [p for _, p in outcomes]
                    state.apply_action(picker.choices(ids, weights)[0])
                else:
                    if observe == "tensor":
                        state.observation_tensor(state.current_player())
                    elif observe == "observer":
                        observer.set_from(state, state.current_player())
                    legal = state.legal_actions()
                    state.apply_action(legal[int(picker.random() * len(legal))])
                steps += 1
        engine += engine_steps(state) - engine_before
        box[0] = state
        return steps, engine

    return run


def parallel_rows(game_id: str) -> Workload:
    from ludoteca.adapters.pettingzoo_parallel import parallel_env  # noqa: PLC0415

    e: Any = parallel_env(game_id, seed=0)
    box = [e.reset()[0]]
    picker = random.Random(0)

    def run(seconds: float) -> tuple[int, int]:
        steps = 0
        before = e.aec.engine_steps
        engine = 0
        observations = box[0]
        stop = time.process_time() + seconds
        while time.process_time() < stop:
            for _ in range(100):
                if not e.agents:
                    engine += e.aec.engine_steps - before
                    observations = e.reset()[0]
                    before = 0
                    continue
                actions = {}
                for agent, observation in observations.items():
                    allowed = np.flatnonzero(observation["action_mask"])
                    if len(allowed):
                        actions[agent] = int(allowed[int(picker.random() * len(allowed))])
                observations = e.step(actions)[0]
                steps += len(actions)
        engine += e.aec.engine_steps - before
        box[0] = observations
        return steps, engine

    return run


def vector_rows(game_id: str, copies: int = 4) -> Workload:
    from ludoteca.adapters import gymnasium_env  # noqa: PLC0415

    vec = gymnasium_env.make_vec(game_id, copies, opponents="random")
    vec.reset(seed=0)
    envs: list[Any] = [env.unwrapped for env in vec.envs]
    finished = [0]
    # Engine steps of the matches the vector reset (read just before each reset).

    def counted(env: Any) -> Callable[..., Any]:
        reset = env.reset

        def reset_counted(**kwargs: Any) -> Any:
            finished[0] += env.engine_steps
            return reset(**kwargs)

        return reset_counted

    for env in envs:
        env.reset = counted(env)
    picker = random.Random(0)

    def run(seconds: float) -> tuple[int, int]:
        steps = 0
        finished[0] = 0
        before = sum(env.engine_steps for env in envs)
        stop = time.process_time() + seconds
        while time.process_time() < stop:
            for _ in range(25):
                masks = vec.action_masks()
                actions = np.empty(copies, dtype=np.int64)
                for row, mask in enumerate(masks):
                    allowed = np.flatnonzero(mask)
                    # An older tree may reset a copy into a match already over (195cb12):
                    # any number then ends it again.
                    actions[row] = (
                        allowed[int(picker.random() * len(allowed))] if len(allowed) else 0
                    )
                vec.step(actions)
                steps += copies
        return steps, finished[0] + sum(env.engine_steps for env in envs) - before

    return run


ROWS: dict[str, Callable[[str], Workload]] = {
    "engine": engine_rows,
    "pettingzoo": pettingzoo_rows,
    "pettingzoo+order": lambda game_id: pettingzoo_rows(game_id, wrapped=True),
    "pettingzoo+parallel": parallel_rows,
    "gymnasium": gymnasium_rows,
    "gymnasium+vector": vector_rows,
    "openspiel": openspiel_rows,
    "openspiel+obs": lambda game_id: openspiel_rows(game_id, observe="tensor"),
    "openspiel+observer": lambda game_id: openspiel_rows(game_id, observe="observer"),
}


def overhead_us(data: dict[str, Any], engine_rate: float) -> tuple[float, float, float]:
    """CPU µs per step of a row, the engine's share of it and the adapter's (the rest).

    The engine's share prices each engine step the row applied at the engine row's µs per
    step in the same run (its legal actions, random choice and ``apply``); what is left is
    the adapter's Python: observation, mask, decoding, bookkeeping, its caller's sampling.
    """
    per_step = 1e6 / data["steps_per_s"]
    engine_per_step = data["engine_steps_per_s"] / data["steps_per_s"]
    engine_inside = engine_per_step * 1e6 / engine_rate
    return per_step, engine_inside, per_step - engine_inside


def parts(game_ids: list[str]) -> None:
    """CPU microseconds per call of each piece of an adapter step (see the docstring)."""
    print("| game | engine: legal + choice + apply | view | observation | scaling | mask |")
    print("|---|---:|---:|---:|---:|---:|")
    for game_id in game_ids:
        cells = _parts_row(game_id)
        print(f"| {game_id} | " + " | ".join(f"{c:.1f} µs" for c in cells) + " |")


def _best(call: Callable[[Any], object], items: list[Any]) -> float:
    times = []
    for _ in range(3):
        start = time.process_time()
        for item in items:
            call(item)
        times.append((time.process_time() - start) / len(items))
    return min(times) * 1e6


def _parts_row(game_id: str) -> list[float]:
    from ludoteca.adapters import encodings  # noqa: PLC0415

    game = registry.make(game_id)
    players = game.info.min_players
    picker = random.Random(0)
    found: list[tuple[Any, int]] = []
    seed = 0
    s = runner.new_game(game, players, seed)
    while len(found) < 3000:
        actors = game.actors(s)
        if not actors:
            seed += 1
            s = runner.new_game(game, players, seed)
            continue
        if actors[0] == CHANCE:
            s = game.apply(s, CHANCE, game.sample_chance(s, picker))
            continue
        found += [(s, seat) for seat in actors]
        picks = [(seat, picker.choice(game.legal_actions(s, seat))) for seat in actors]
        for seat, action in picks:
            s = game.apply(s, seat, action)
    enc = encodings.make(game_id, players, {})
    views = [game.view(state, seat) for state, seat in found]
    legals = [game.legal_actions(state, seat) for state, seat in found]
    vectors = [enc.observation(view, ()) for view in views]
    pairs = list(zip(views, legals, strict=True))
    return [
        _best(
            lambda x: game.apply(x[0], x[1], picker.choice(game.legal_actions(x[0], x[1]))),
            found,
        ),
        _best(lambda x: game.view(x[0], x[1]), found),
        _best(lambda x: enc.observation(x[0], ()), pairs),
        _best(lambda v: encodings.scaled(enc, v), vectors),
        _best(lambda x: enc.action_mask(x[0], x[1], ()), pairs),
    ]


def mccfr(iterations: int) -> None:
    """Outcome-sampling MCCFR on Tacocat: CPU time, iterations/s, information states."""
    import pyspiel  # noqa: PLC0415
    from open_spiel.python.algorithms import outcome_sampling_mccfr  # noqa: PLC0415

    import ludoteca.adapters.openspiel  # noqa: F401, PLC0415

    np.random.seed(0)  # noqa: TID251 (OpenSpiel's solver samples with NumPy's generator)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(pyspiel.load_game("ludoteca_tacocat"))
    start = time.process_time()
    for _ in range(iterations):
        solver.iteration()
    spent = time.process_time() - start
    learned = sum(
        not np.allclose(regrets, regrets[0]) for regrets, _ in solver._infostates.values()
    )
    print(
        f"{iterations} iterations in {spent:.1f} CPU s ({iterations / spent:.1f}/s); "
        f"{len(solver._infostates):,} information states, {learned:,} with updated regrets"
    )


class Tree:
    """The rows of one source tree, run in this process or in a worker process.

    Without ``src`` the rows run here (this tree, as installed). With ``src`` they run in a
    worker (``--worker``) whose ``PYTHONPATH`` starts with ``src``: that tree's
    ``ludoteca`` is imported instead, with this tree's bench code driving it, so the rows
    are the same loops over the other tree's adapters.
    """

    def __init__(
        self,
        label: str,
        src: str | None,
        worker: bool,
        free_observation: bool = False,
        processes: int = 1,
    ) -> None:
        self.label = label
        self.loads: dict[tuple[str, str], Workload] = {}
        self.procs: list[subprocess.Popen[str]] = []
        self._turns: dict[tuple[str, str], int] = {}
        if worker:
            env = dict(os.environ)
            root = str(Path(__file__).resolve().parents[2])
            paths = [src] if src else []
            env["PYTHONPATH"] = os.pathsep.join([*paths, root])
            flags = ["--free-observation"] if free_observation else []
            for _ in range(processes):
                self.procs.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "bench.tools.rl_adapters", "--worker", *flags],
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        text=True,
                        env=env,
                        cwd=root,
                    )
                )
        self.about: dict[str, Any] = self._ask({"about": True}, 0)

    @property
    def processes(self) -> int:
        """Worker processes (0: the rows run in this process)."""
        return len(self.procs)

    def run(self, game_id: str, row: str, seconds: float) -> tuple[int, int, int]:
        """One repetition: (its steps, engine steps, engine decisions or 0). With several
        workers, each row's repetitions go to them in turn."""
        turn = self._turns.get((game_id, row), 0)
        self._turns[game_id, row] = turn + 1
        done = self._ask({"game": game_id, "row": row, "seconds": seconds}, turn)
        return done["steps"], done["engine"], done["decisions"]

    def close(self) -> None:
        """Stop the workers, if any."""
        for proc in self.procs:
            if proc.stdin is not None:
                proc.stdin.close()
                proc.wait(timeout=30)

    def _ask(self, job: dict[str, Any], turn: int) -> dict[str, Any]:
        if not self.procs:
            return _answer(self.loads, job)
        proc = self.procs[turn % len(self.procs)]
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps(job) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.label} worker stopped (see its errors above)")
        answer: dict[str, Any] = json.loads(line)
        return answer


def _answer(loads: dict[tuple[str, str], Workload], job: dict[str, Any]) -> dict[str, Any]:
    if job.get("about"):
        import ludoteca  # noqa: PLC0415
        from ludoteca.engine import native  # noqa: PLC0415

        return {"package": str(Path(ludoteca.__file__).parent), "compiled": native.compiled_count()}
    key = (job["game"], job["row"])
    if key not in loads:
        loads[key] = ROWS[job["row"]](job["game"])
    steps, engine = loads[key](job["seconds"])
    decisions = DECISIONS.pop(job["game"], [0])[-1] if job["row"] == "engine" else 0
    return {"steps": steps, "engine": engine, "decisions": decisions}


def free_observation() -> None:
    """Make every observation cost nothing in this process (the ``floor`` tree).

    The encodings' state writers leave their buffer unwritten (``StateObserver.base`` hands
    out the seat's array as it is) and the OpenSpiel state's tensor list is one list kept per
    length instead of the vector's entries. Masks, decoding, the engine and each API's
    bookkeeping are untouched, so a row run so prices everything but the observation: no
    observation writer, however fast, takes a row below it.
    """
    from ludoteca.adapters import encodings, openspiel  # noqa: PLC0415

    def base(self: Any, state: Any, seat: int) -> Any:
        return self._arrays[seat]

    lists: dict[int, list[float]] = {}

    def of(self: Any, player: int, vector: Any, key: Any = None) -> list[float]:
        found = lists.get(len(vector))
        if found is None:
            found = lists[len(vector)] = vector.tolist()
        return found

    encodings.StateObserver.base = base  # type: ignore[method-assign]
    openspiel._ListMirror.of = of  # type: ignore[method-assign]


def worker() -> None:
    """Answer jobs (JSON lines on stdin) with JSON lines on the original stdout."""
    if "--free-observation" in sys.argv:
        free_observation()
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # anything the libraries print goes to stderr, not into the answers
    loads: dict[tuple[str, str], Workload] = {}
    for line in sys.stdin:
        answers.write(json.dumps(_answer(loads, json.loads(line))) + "\n")
        answers.flush()


def measure(
    trees: list[Tree], games: list[str], rows: list[str], seconds: float, repeats: int
) -> dict[str, dict[str, dict[str, Any]]]:
    """Every row of every tree, round-robin, per game: results[tree][game][row]."""
    results: dict[str, dict[str, dict[str, Any]]] = {tree.label: {} for tree in trees}
    for game_id in games:
        names = [row for row in ROWS if row in rows or row == "engine"]
        for tree in trees:
            for row in names:
                for _ in range(max(1, tree.processes)):  # a warm-up in each, discarded
                    tree.run(game_id, row, min(seconds, 0.5))
        reps: dict[tuple[str, str], list[tuple[int, int, int]]] = {
            (tree.label, row): [] for tree in trees for row in names
        }
        for _ in range(repeats):
            for row in names:
                for tree in trees:
                    reps[tree.label, row].append(tree.run(game_id, row, seconds))
        for tree in trees:
            found: dict[str, Any] = {}
            for row in names:
                runs = reps[tree.label, row]
                found[row] = {
                    "steps_per_s": statistics.median(s / seconds for s, _, _ in runs),
                    "engine_steps_per_s": statistics.median(e / seconds for _, e, _ in runs),
                    "runs": [[s, e] for s, e, _ in runs],
                }
            found["engine"]["decisions_per_s"] = statistics.median(
                d / seconds for _, _, d in reps[tree.label, "engine"]
            )
            base = found["engine"]["steps_per_s"]
            for data in found.values():
                per_step, engine_inside, overhead = overhead_us(data, base)
                data.update(us_per_step=per_step, engine_us=engine_inside, adapter_us=overhead)
            results[tree.label][game_id] = found
    return results


def print_table(label: str | None, results: dict[str, dict[str, Any]]) -> None:
    """One tree's rows as a Markdown table."""
    tree = f"{label} | " if label else ""
    print(
        f"| {'tree | ' if label else ''}game | row | its steps/s | engine steps/s inside "
        "| its steps/s ÷ engine row | ÷ engine decisions/s | µs per step | engine µs inside "
        "| adapter µs per step |"
    )
    print(f"|{'---|' if label else ''}---|---|---:|---:|---:|---:|---:|---:|---:|")
    for game_id, rows in results.items():
        base = rows["engine"]["steps_per_s"]
        per_decision = rows["engine"]["decisions_per_s"]
        for row, data in rows.items():
            print(
                f"| {tree}{game_id} | {row} | {data['steps_per_s']:,.0f} | "
                f"{data['engine_steps_per_s']:,.0f} | {data['steps_per_s'] / base:.0%} | "
                f"{data['steps_per_s'] / per_decision:.0%} | {data['us_per_step']:.1f} | "
                f"{data['engine_us']:.1f} | {data['adapter_us']:.1f} |"
            )


def print_comparison(results: dict[str, dict[str, dict[str, Any]]]) -> None:
    """Adapter µs per step before and after, per game and row (target: after ≤ ½ before);
    with a ``floor`` tree, its µs and its share of before (above 0.50: no observation
    writer can halve the row).
    """
    before, after = results["before"], results["after"]
    floor = results.get("floor")
    extra = " floor | floor ÷ before |" if floor else ""
    print()
    print(
        "| game | row | adapter µs before | after | after ÷ before | engine µs before / after |"
        + extra
    )
    print("|---|---|---:|---:|---:|---:|" + ("---:|---:|" if floor else ""))
    for game_id, rows in after.items():
        for row, data in rows.items():
            if row == "engine":
                continue
            old = before[game_id][row]
            line = (
                f"| {game_id} | {row} | {old['adapter_us']:.1f} | {data['adapter_us']:.1f} | "
                f"{data['adapter_us'] / old['adapter_us']:.2f} | "
                f"{old['engine_us']:.1f} / {data['engine_us']:.1f} |"
            )
            if floor:
                low = floor[game_id][row]["adapter_us"]
                line += f" {low:.1f} | {low / old['adapter_us']:.2f} |"
            print(line)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--games", nargs="*", default=["tacocat", "dweebies", "tile_up", "mystery_date"]
    )
    parser.add_argument("--rows", nargs="*", default=list(ROWS), choices=list(ROWS))
    parser.add_argument("--json", default=None)
    parser.add_argument("--mccfr", type=int, default=0)
    parser.add_argument("--parts", action="store_true")
    parser.add_argument(
        "--src", help="also run every row on this source tree (PYTHONPATH), as 'before'"
    )
    parser.add_argument(
        "--src-after", help="with --src: run 'after' from this source tree, not this one"
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="with --src: also run the after tree with observations that cost nothing",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="with --src: worker processes per tree, each row's repetitions taking turns "
        "(a process's own speed varies run to run; several average it out)",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--free-observation", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    if args.parts:
        parts(args.games)
        return
    if args.mccfr:
        mccfr(args.mccfr)
        return
    if args.src:
        count = max(1, args.processes)
        trees = [
            Tree("before", args.src, worker=True, processes=count),
            Tree("after", args.src_after, worker=True, processes=count),
        ]
        if args.floor:
            trees.append(
                Tree("floor", args.src_after, True, free_observation=True, processes=count)
            )
    else:
        trees = [Tree("this tree", None, worker=False)]
    try:
        results = measure(trees, args.games, args.rows, args.seconds, args.repeats)
    finally:
        for tree in trees:
            tree.close()
    for tree in trees:
        print(f"{tree.label}: {tree.about['package']}, {tree.about['compiled']} modules compiled")
    if args.src:
        for tree in trees:
            print_table(tree.label, results[tree.label])
        print_comparison(results)
    else:
        print_table(None, results["this tree"])
    if args.json:
        about = {tree.label: tree.about for tree in trees}
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"trees": about, "results": results}, out, indent=1)


if __name__ == "__main__":
    main()
