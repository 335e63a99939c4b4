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
match 0.2 s of one core's time as played (``bench/tools/search_budget.py``).

Example (from the repository root)::

    .venv/bin/python -m bench.tools.search_strength --games 60 --workers 2 --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from ludoteca.agents.levels import SEARCH_BUDGETS
from ludoteca.lab.search_strength import match, paired

DEFAULT_ITERATIONS = dict(SEARCH_BUDGETS)
"""Iterations per decision matching about 0.2 s of one core, the anchor's (expert's) time
included: the shipped budgets (``ludoteca.agents.levels.SEARCH_BUDGETS``)."""


def _verdict(one_sided_low: float, margin: float) -> str:
    bound = 0.5 - margin
    if one_sided_low > bound:
        return f"non-inferior (1-sided low {one_sided_low:.3f} > {bound:.2f})"
    return f"not shown (1-sided low {one_sided_low:.3f})"


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
    command = "bench/tools/search_strength.py " + " ".join(
        argv if argv is not None else sys.argv[1:]
    )
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
