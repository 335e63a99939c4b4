"""Strength of the search agent: seat-balanced two-player matches against greedy and expert.

For each game and opponent, ``--games`` matches of ``ismcts:iterations=N`` against the
opponent through ``ludoteca.lab.simulate`` (game ``i`` has seed ``seed + i`` and the seats
rotate every game, so each agent plays each seat equally often). The search agent's score is
wins plus half the draws over games; the table gives it with its 95% Wilson interval, and
two verdicts:

* ``>= 60%`` against greedy: the observed score is at least 0.60 (and the interval's lower
  bound says whether that is established);
* non-inferior to expert at 95%: the one-sided 95% lower bound of the score (Wilson, z=1.645)
  is above ``0.5 - margin`` (``--margin``, default 0.05).

Budgets are iterations, not seconds, so a result does not depend on the machine's load
(other processes share its two cores); ``--iterations`` takes the per-game numbers that
match 0.2 s of one core's time as played (``bench/search_budget.py``).

Example (from the repository root)::

    .venv/bin/python bench/search_strength.py --games 60 --workers 2 --json out.json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any

from ludoteca.agents.levels import SEARCH_BUDGETS
from ludoteca.lab import simulate
from ludoteca.lab.stats import wilson_interval

DEFAULT_ITERATIONS = dict(SEARCH_BUDGETS)
"""Iterations per decision matching about 0.2 s of one core, the anchor's (expert's) time
included: the shipped budgets (``ludoteca.agents.levels.SEARCH_BUDGETS``)."""
Z_ONE_SIDED_95 = 1.645


def score_interval(wins: int, draws: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson interval of the score (a draw half a win) over ``games`` games.

    One game is one trial whose outcome is 0, 1/2 or 1: the interval uses the score as the
    proportion and the games as the trials (a draw's variance is below a coin's, so this is
    a little wide, never narrow). Until 2026-12-01 23:59 it counted each game as two
    half-point trials, which made the intervals about 1.4x too narrow.
    """
    return wilson_interval(wins + draws / 2, games, z)


def match(
    game_id: str,
    opponent: str,
    iterations: int,
    games: int,
    workers: int,
    seed: int,
    progress: str | None = None,
    params: str = "",
) -> dict[str, Any]:
    """Play the pairing and return the search agent's score and its intervals.

    With ``progress``, one JSON line per finished game (its index, seed, seats and
    winners) is appended to that file: a run stopped early keeps every game it played.
    """
    me = f"ismcts:iterations={iterations}" + (f":{params}" if params else "")
    config = simulate.SimulationConfig(
        game_id, games=games, agents=(me, opponent), seed=seed, workers=workers
    )
    started = time.perf_counter()
    wins = draws = 0
    per_game: list[dict[str, Any]] = []
    for result in simulate.run(config):
        score = _score(result.winners, len(result.seats), result.seats.index(me))
        wins += score == 1.0
        draws += score == 0.5
        line = {
            "index": result.index,
            "seed": seed + result.index,
            "seats": list(result.seats),
            "winners": list(result.winners),
            "score": score,
        }
        per_game.append(line)
        if progress:
            with open(progress, "a", encoding="utf-8") as handle:
                more = {"game": game_id, "opponent": opponent, "iterations": iterations}
                handle.write(json.dumps({**more, "agent": me, **line}) + "\n")
    low, high = score_interval(wins, draws, games)
    one_sided_low, _ = score_interval(wins, draws, games, Z_ONE_SIDED_95)
    return {
        "game": game_id,
        "opponent": opponent,
        "iterations": iterations,
        "games": games,
        "wins": wins,
        "draws": draws,
        "score": (wins + draws / 2) / games,
        "low95": low,
        "high95": high,
        "one_sided_low95": one_sided_low,
        "seconds": time.perf_counter() - started,
        "per_game": sorted(per_game, key=lambda line: line["index"]),
    }


def paired(search: dict[str, Any], games: int, workers: int, seed: int) -> dict[str, Any]:
    """The search's score against the expert, paired with the expert in its seats.

    The control replays every game of ``search`` (same seeds, same seats) with the expert
    in the search agent's seat. The search asks its anchor (the expert) first with the
    agent's own random stream and searches on a stream of its own
    (``ludoteca.agents.ismcts.own_stream``), so a control game is the search's game move for
    move until the search first overrides the expert; what differs is the overrides' doing.
    By symmetry the expert's expected score against itself is 0.5, so ``0.5 + mean(search
    - control)`` estimates the search's score against the expert without the seats' and the
    deals' luck, with a normal interval over the per-game differences.
    """
    config = simulate.SimulationConfig(
        search["game"], games=games, agents=("expert", "expert"), seed=seed, workers=workers
    )
    me = {
        line["index"]: line["seats"].index(_search_name(line["seats"]))
        for line in search["per_game"]
    }
    control: dict[int, float] = {}
    for result in simulate.run(config):
        control[result.index] = _score(result.winners, len(result.seats), me[result.index])
    differences = [line["score"] - control[line["index"]] for line in search["per_game"]]
    n = len(differences)
    mean = sum(differences) / n
    spread = sum((d - mean) ** 2 for d in differences) / (n - 1) if n > 1 else 0.0
    error = math.sqrt(spread / n)
    return {
        "control_score": sum(control.values()) / n,
        "control_per_game": [control[line["index"]] for line in search["per_game"]],
        "paired_score": 0.5 + mean,
        "paired_low95": 0.5 + mean - 1.96 * error,
        "paired_high95": 0.5 + mean + 1.96 * error,
        "paired_one_sided_low95": 0.5 + mean - Z_ONE_SIDED_95 * error,
        "differ": sum(1 for d in differences if d),
        "better": sum(1 for d in differences if d > 0),
        "worse": sum(1 for d in differences if d < 0),
    }


def _verdict(one_sided_low: float, margin: float) -> str:
    bound = 0.5 - margin
    if one_sided_low > bound:
        return f"non-inferior (1-sided low {one_sided_low:.3f} > {bound:.2f})"
    return f"not shown (1-sided low {one_sided_low:.3f})"


def _search_name(seats: list[str]) -> str:
    return next(name for name in seats if name.startswith("ismcts"))


def _score(winners: Any, seats: int, mine: int) -> float:
    """A seat's score: 1 for the only winner, 0.5 for a shared win or a draw, else 0."""
    if not winners or len(winners) == seats:
        return 0.5
    if mine in winners:
        return 1.0 if len(winners) == 1 else 0.5
    return 0.0


def main(argv: list[str] | None = None) -> int:
    """Run the pairings and print a markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--margin", type=float, default=0.05)
    parser.add_argument("--only", nargs="*", default=list(DEFAULT_ITERATIONS))
    parser.add_argument("--opponents", nargs="*", default=["greedy", "expert"])
    parser.add_argument("--iterations", nargs="*", default=[], help="game=N overrides")
    parser.add_argument("--json", default=None)
    parser.add_argument("--progress", default=None, help="append one JSON line per game")
    parser.add_argument(
        "--paired",
        action="store_true",
        help="against expert, also replay each game with the expert in the search's seat",
    )
    parser.add_argument(
        "--params", default="", help="more search parameters, e.g. confidence=3 (a:b for two)"
    )
    args = parser.parse_args(argv)
    budgets = dict(DEFAULT_ITERATIONS)
    for item in args.iterations:
        name, _, value = item.partition("=")
        budgets[name] = int(value)
    rows = []
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    command = "bench/search_strength.py " + " ".join(argv if argv is not None else sys.argv[1:])
    load_start = [round(x, 2) for x in os.getloadavg()]
    print("| game | vs | iterations | games | W-D-L | score | 95% CI | verdict |")
    print("|---|---|---|---|---|---|---|---|")
    for game_id in args.only:
        for opponent in args.opponents:
            row = match(
                game_id,
                opponent,
                budgets[game_id],
                args.games,
                args.workers,
                args.seed,
                args.progress,
                args.params,
            )
            rows.append(row)
            if opponent == "expert" and args.paired:
                row.update(paired(row, args.games, args.workers, args.seed))
                print(
                    f"| {game_id} | expert, paired with the expert in its seats "
                    f"(control {row['control_score']:.3f}; {row['differ']} differ: "
                    f"{row['better']} better, {row['worse']} worse) | {row['iterations']} | "
                    f"{row['games']} | | {row['paired_score']:.3f} | "
                    f"{row['paired_low95']:.3f}-{row['paired_high95']:.3f} | "
                    f"{_verdict(row['paired_one_sided_low95'], args.margin)} |",
                    flush=True,
                )
            if opponent == "expert":
                low = row["one_sided_low95"]
                verdict = _verdict(low, args.margin)
            else:
                verdict = ">= 60%" if row["score"] >= 0.6 else "< 60%"
                verdict += " (established)" if row["low95"] >= 0.6 else ""
            losses = row["games"] - row["wins"] - row["draws"]
            print(
                f"| {game_id} | {opponent} | {row['iterations']} | {row['games']} | "
                f"{row['wins']}-{row['draws']}-{losses} | {row['score']:.2f} | "
                f"{row['low95']:.2f}-{row['high95']:.2f} | {verdict} |",
                flush=True,
            )
            if args.json:  # after every row: a long run that is stopped keeps what it found
                with open(args.json, "w", encoding="utf-8") as handle:
                    data = {
                        "date": started,
                        "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                        "command": command,
                        "load_start": load_start,
                        "load_end": [round(x, 2) for x in os.getloadavg()],
                        "margin": args.margin,
                        "rows": rows,
                    }
                    json.dump(data, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
