"""How strong can a bot get? The search agent told every hidden card, against an opponent.

The oracle itself is ``ludoteca.lab.oracle`` (``ludoteca skill GAME --oracle`` plays it in a
profile); this study adds the unanchored variant, the paired control and a progress file.

Issue 18 asks the search bot to beat ``greedy`` at least 60% of the time in every two-player
turn-based game. Where a game's luck may not allow that (Mystery Date: a die moves the
pieces, the door shows a uniform random date), this bench measures a ceiling: the same
search agent, but every determinization is the *true* state (the opponent's hand and the
given cards known; dice, draws and door results still unknown, because the state does not
hold them: they are chance steps). A bot that sees only its own view cannot do better than
the same bot seeing everything, so if the oracle scores below 60% against the opponent, the
target is out of reach for this design at that budget. The registry's search agent checks
the expert's move and keeps it unless shown a better one (anchored); ``--unanchored`` lets
the oracle search every decision itself, so the anchor does not cap what seeing adds.

Seat-balanced: game ``i`` has seed ``seed + i`` and the oracle sits in seat ``i % 2``. The
score is wins plus half the draws over games, with its 95% Wilson interval
(``ludoteca.lab.search_strength.score_interval``). With ``--control`` the ordinary (view-only)
search agent plays the same seeds in the same run, so the two rows are paired.

Example (from the repository root)::

    nice -n 10 .venv/bin/python -m bench.studies.oracle_ceiling --game mystery_date \
        --iterations 450 --games 200 --control
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time

from ludoteca.agents import registry as agents_registry
from ludoteca.engine import registry, runner
from ludoteca.lab.oracle import play_one
from ludoteca.lab.search_strength import score_interval


def play(game_id: str, me: str, opponent: str, iterations: int, index: int, seed: int) -> float:
    """One game; ``me`` is ``"oracle"``, ``"oracle-unanchored"`` or an agent name. The score
    of ``me`` (1, 1/2, 0)."""
    if me.startswith("oracle"):
        return play_one(game_id, opponent, iterations, index, seed, anchored=me == "oracle")
    game = registry.make(game_id)
    mine = index % 2
    agents = [agents_registry.make_agent(name, game_id) for name in (opponent, opponent)]
    agents[mine] = agents_registry.make_agent(me, game_id)
    outcome = runner.play(game, agents, seed).outcome
    if outcome is None or len(outcome.winners) != 1:
        return 0.5
    return 1.0 if outcome.winners[0] == mine else 0.0


def _play(job: tuple[str, str, str, int, int, int]) -> float:
    return play(*job)


def main(argv: list[str] | None = None) -> int:
    """Run the pairing(s) and print one row per player, or JSON with ``--json``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mystery_date")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--iterations", type=int, default=450)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument(
        "--control", action="store_true", help="also the view-only search on the same seeds"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes (forked)")
    parser.add_argument(
        "--unanchored",
        action="store_true",
        help="the oracle searches every decision itself instead of checking the expert's",
    )
    parser.add_argument("--json", help="write the rows to this file")
    parser.add_argument(
        "--progress", help="append one JSON line per finished game (a stopped run keeps them)"
    )
    args = parser.parse_args(argv)
    players = ["oracle-unanchored" if args.unanchored else "oracle"]
    players += [f"ismcts:iterations={args.iterations}"] if args.control else []
    scores: dict[str, list[float]] = {name: [] for name in players}
    started = time.perf_counter()
    jobs = [
        (args.game, name, args.opponent, args.iterations, index, args.seed + index)
        for index in range(args.games)
        for name in players
    ]
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for done, ((_, name, *_rest), score) in enumerate(
            zip(jobs, pool.imap(_play, jobs), strict=True), start=1
        ):
            scores[name].append(score)
            if args.progress:
                with open(args.progress, "a", encoding="utf-8") as handle:
                    job = jobs[done - 1]
                    line = {"player": name, "index": job[4], "seed": job[5], "score": score}
                    handle.write(json.dumps(line) + "\n")
            if done % 20 == 0:
                shown = ", ".join(f"{n} {sum(s) / len(s):.3f}" for n, s in scores.items() if s)
                print(f"{done} games: {shown}", file=sys.stderr, flush=True)
    rows = []
    for name, got in scores.items():
        wins = sum(1 for s in got if s == 1.0)
        draws = sum(1 for s in got if s == 0.5)
        low, high = score_interval(wins, draws, len(got))
        rows.append(
            {
                "game": args.game,
                "player": name,
                "opponent": args.opponent,
                "iterations": args.iterations,
                "games": len(got),
                "wins": wins,
                "draws": draws,
                "score": sum(got) / len(got),
                "low95": low,
                "high95": high,
            }
        )
    for row in rows:
        print(
            f"{row['game']} {row['player']} vs {row['opponent']} ({row['iterations']} it.): "
            f"{row['wins']}-{row['draws']}-{row['games'] - row['wins'] - row['draws']} "
            f"= {row['score']:.3f} [{row['low95']:.3f}, {row['high95']:.3f}]"
        )
    print(f"{time.perf_counter() - started:.0f} s", file=sys.stderr)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(rows, handle, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
