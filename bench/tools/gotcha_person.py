"""Gotcha!: how does a person fare against three bots of each level, and where does each level rate?

Run (from the repository root)::

    .venv/bin/python -m bench.tools.gotcha_person --games 400 --workers 2
    .venv/bin/python -m bench.tools.gotcha_person --games 400 --rate 210 --workers 2 --write

**The person** is ``HumanGotcha(PERSON_SKILL)`` (``agents/gotcha/human.py``): reaction times
drawn from published human ranges, a noticing probability below 1 that falls with the rule's
difficulty and the live rules, its own slips (``agents/gotcha/reaction.py`` cites the
sources). It sits at one of four seats (the seat rotates with the seed, seeds
``--seed .. --seed + games - 1``, default options) against three bots of one level. The
goals (issue 39): the person wins at least 35% against beginners, about a fair share (25%)
against the default level, and below 25% against the strongest. Each share comes with its
95% Wilson interval.

**The levels** are ``humanlike:skill=S`` bots, one skill per level (``--skills``; default:
the skills in ``agents/levels.json``). Each is rated by its strength against the person on
the Plackett-Luce scale: if the person has strength 1 and each bot r, the person wins a
four-seat game with probability 1 / (1 + 3r), so r = (1/share - 1) / 3 (r = 1: as strong
as the person), with the interval from the share's. The levels are named in the order of
that measured rating, weakest first. ``--rate N`` adds a cross-check: N four-seat tables
mixing the four levels, the person, ``greedy`` and ``expert`` (every set of four of the
seven in turn, seats rotating), rated on one OpenSkill (Plackett-Luce) scale from the final
track positions. ``--write`` stores the ratings, the person's shares, the levels and the
default level (the level whose share is nearest 25%) in ``agents/levels.json`` under
``gotcha`` (other games' entries are kept).

Prints one Markdown row per level and the ratings table. Needs ``openskill`` for ``--rate``
(``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ludoteca.agents import levels
from ludoteca.agents import registry as agents_registry
from ludoteca.agents.gotcha.human import PERSON_SKILL, HumanGotcha
from ludoteca.engine import runner
from ludoteca.engine.runner import Agent
from ludoteca.games.gotcha.game import GAME
from ludoteca.lab.stats import wilson_interval

PLAYERS = 4
PERSON = "person"
FAIR = 1 / PLAYERS
OUT = Path(levels.__file__).with_name("levels.json")
DEFAULT_SKILLS = (0.0, 0.5, 0.75, 1.0)


def make(name: str) -> Agent:
    """The person or an agent by registry name."""
    if name == PERSON:
        return HumanGotcha(PERSON_SKILL)
    return agents_registry.make_agent(name, "gotcha")


def play_table(job: tuple[int, tuple[str, ...]]) -> dict[str, Any]:
    """One game with ``names`` in seat order: winners, positions, turns, game minutes."""
    seed, names = job
    match = runner.play(GAME, [make(n) for n in names], seed, {}, checked=False)
    state = match.state
    return {
        "seed": seed,
        "names": list(names),
        "winners": list(match.outcome.winners) if match.outcome is not None else [],
        "positions": list(state.positions),
        "turns": state.turn,
        "minutes": state.clock / 60000,
    }


def person_job(seed: int, level_agent: str) -> tuple[int, tuple[str, ...]]:
    """The person at seat ``seed % 4`` among three ``level_agent`` bots."""
    names = [level_agent] * PLAYERS
    names[seed % PLAYERS] = PERSON
    return seed, tuple(names)


def person_share(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The person's win share (ties shared), its 95% interval and the games' length."""
    won = 0.0
    for game in results:
        seat = game["names"].index(PERSON)
        if seat in game["winners"]:
            won += 1 / len(game["winners"])
    games = len(results)
    low, high = wilson_interval(won, games)
    return {
        "games": games,
        "share": round(won / max(games, 1), 4),
        "low": round(low, 4),
        "high": round(high, 4),
        "unfinished": sum(1 for g in results if not g["winners"]),
        "turns": round(sum(g["turns"] for g in results) / max(games, 1), 1),
        "minutes": round(sum(g["minutes"] for g in results) / max(games, 1), 1),
    }


def strength(share: float) -> float:
    """A level's Plackett-Luce strength against the person (1: as strong) from the person's
    win share among it and three of its bots."""
    share = min(1 - 1e-3, max(1e-3, share))
    return (1 / share - 1) / (PLAYERS - 1)


def strengths(row: dict[str, Any]) -> dict[str, float]:
    """The strength, its interval and its log (``ordinal``, the order of the levels)."""
    r = strength(row["share"])
    return {
        "strength": round(r, 3),
        "low": round(strength(row["high"]), 3),
        "high": round(strength(row["low"]), 3),
        "ordinal": round(math.log(r), 3),
        "games": row["games"],
    }


def rating_jobs(names: list[str], tables: int, seed: int) -> list[tuple[int, tuple[str, ...]]]:
    """``tables`` four-seat tables cycling through every set of four of ``names``, the
    seats rotated by the table's index."""
    groups = list(itertools.combinations(names, PLAYERS))
    jobs = []
    for index in range(tables):
        group = groups[index % len(groups)]
        turn = (index // len(groups)) % PLAYERS
        jobs.append((seed + index, tuple(group[turn:] + group[:turn])))
    return jobs


def rate(results: list[dict[str, Any]], names: list[str]) -> dict[str, dict[str, float]]:
    """OpenSkill Plackett-Luce ratings from the games' final positions (higher is better)."""
    from openskill.models import PlackettLuce  # noqa: PLC0415 (only --rate needs it)

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    played = dict.fromkeys(names, 0)
    for game in results:
        seats = game["names"]
        ranks = [
            0.0 if s in game["winners"] else float(-p) for s, p in enumerate(game["positions"])
        ]
        teams = [[ratings[name]] for name in seats]
        for name, team in zip(seats, model.rate(teams, ranks=ranks), strict=True):
            ratings[name] = team[0]
            played[name] += 1
    return {
        name: {
            "mu": round(r.mu, 2),
            "sigma": round(r.sigma, 2),
            "ordinal": round(r.ordinal(), 2),
            "games": played[name],
        }
        for name, r in sorted(ratings.items(), key=lambda item: item[1].ordinal())
    }


def run(jobs: list[tuple[int, tuple[str, ...]]], workers: int) -> list[dict[str, Any]]:
    """Play ``jobs`` on ``workers`` processes (1: in this one)."""
    if workers <= 1:
        return [play_table(job) for job in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(play_table, jobs, chunksize=4))


def shipped_skills() -> tuple[float, ...]:
    """The skills of the levels in ``agents/levels.json`` (``DEFAULT_SKILLS`` without)."""
    entry = levels.ratings()["games"].get("gotcha")
    if entry is None:
        return DEFAULT_SKILLS
    names = [entry["levels"][level] for level in levels.LEVELS]
    return tuple(float(n.partition("skill=")[2]) for n in names)


def main(argv: list[str] | None = None) -> int:
    """Measure the person's shares (and the ratings with ``--rate``); print, maybe write."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per level")
    parser.add_argument("--skills", help="one skill per level, weakest first: 0.1,0.5,0.8,1")
    parser.add_argument("--rate", type=int, default=0, help="mixed tables to rate (0: none)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true", help="store in agents/levels.json")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    skills = tuple(float(s) for s in args.skills.split(",")) if args.skills else shipped_skills()
    if len(skills) != len(levels.LEVELS):
        parser.error(f"--skills needs {len(levels.LEVELS)} values, weakest first")
    agents = [f"humanlike:skill={s:g}" for s in skills]
    started = time.process_time()
    wall = time.perf_counter()
    shares: dict[str, dict[str, Any]] = {}
    for agent in agents:
        jobs = [person_job(args.seed + i, agent) for i in range(args.games)]
        shares[agent] = person_share(run(jobs, args.workers))
        print(f"  {agent}: {shares[agent]}", flush=True)
    ratings = {agent: strengths(shares[agent]) for agent in agents}
    ordered = sorted(agents, key=lambda a: ratings[a]["ordinal"])
    tables: dict[str, dict[str, float]] = {}
    if args.rate:
        pool = [*agents, PERSON, "greedy", "expert"]
        results = run(rating_jobs(pool, args.rate, args.seed + 100_000), args.workers)
        tables = rate(results, pool)
    named = dict(zip(levels.LEVELS, ordered, strict=True))
    default = min(levels.LEVELS, key=lambda level: abs(shares[named[level]]["share"] - FAIR))
    print(
        "\n| level | bot | person's share (95% CI) | strength vs person (95% CI) | games "
        "| mean turns | game minutes |"
    )
    print("|---|---|---|---|---|---|---|")
    for level, agent in named.items():
        row, r = shares[agent], ratings[agent]
        mark = " (default)" if level == default else ""
        print(
            f"| {level}{mark} | `{agent}` | {row['share']:.1%} ({row['low']:.1%}-"
            f"{row['high']:.1%}) | {r['strength']:.2f} ({r['low']:.2f}-{r['high']:.2f}) | "
            f"{row['games']} | {row['turns']} | {row['minutes']} |"
        )
    if tables:
        print("\n| player (mixed tables) | mu | sigma | mu - 3 sigma | games |")
        print("|---|---|---|---|---|")
        for name, r in reversed(tables.items()):
            print(f"| {name} | {r['mu']} | {r['sigma']} | {r['ordinal']} | {r['games']} |")
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = time.process_time() - started + children.ru_utime + children.ru_stime
    print(f"\nwall {time.perf_counter() - wall:.0f} s, CPU {cpu:.0f} s (workers included)")
    if args.write:
        _write(args.out, argv, named, ratings, shares, default, tables)
    return 0


def _write(
    out: Path,
    argv: list[str] | None,
    named: dict[str, str],
    ratings: dict[str, dict[str, float]],
    shares: dict[str, dict[str, Any]],
    default: str,
    tables: dict[str, dict[str, float]],
) -> None:
    data = json.loads(out.read_text("utf-8")) if out.exists() else {"games": {}}
    command = "bench/tools/gotcha_person.py " + " ".join(argv if argv is not None else sys.argv[1:])
    data["games"]["gotcha"] = {
        "matches": sum(row["games"] for row in shares.values()),
        "ratings": ratings,
        "rated_by": "strength against the person model: (1/share - 1) / 3",
        "levels": named,
        "default": default,
        "person": {level: shares[agent] for level, agent in named.items()},
        "tables": tables,
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "command": command.strip(),
    }
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"wrote {out}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
