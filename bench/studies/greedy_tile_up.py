"""Summarise a Tile Up ``ludoteca simulate --out`` run: win rates, scores, game length.

Run::

    .venv/bin/ludoteca simulate tile_up --games 1000 --agents greedy,random --seed 1 \\
        --workers 1 --out /tmp/tile_up_greedy.jsonl
    .venv/bin/python -m bench.studies.greedy_tile_up /tmp/tile_up_greedy.jsonl

Every record is replayed (which also checks it reaches its recorded outcome) to read the
turns played and why the game ended. A shared win counts as a win for each winner in the
"wins" column and is also reported on its own. Rates come with 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter, defaultdict
from pathlib import Path

from ludoteca.engine import record
from ludoteca.engine.replay import replay
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import END_REASONS
from ludoteca.lab.stats import wilson_interval


def summarise(path: Path) -> str:
    """The summary of one JSON-lines file of Tile Up records."""
    games = 0
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    shared: Counter[str] = Counter()
    seat_wins: dict[str, Counter[int]] = defaultdict(Counter)
    seat_games: dict[str, Counter[int]] = defaultdict(Counter)
    points: dict[str, list[float]] = defaultdict(list)
    steps: list[int] = []
    turns: list[int] = []
    reasons: Counter[str] = Counter()
    first_wins = 0
    for line in path.read_text("utf-8").splitlines():
        rec = record.GameRecord.loads(line)
        final = replay(rec)
        outcome = GAME.outcome(final)
        assert outcome is not None and outcome.to_json() == rec.outcome, rec.seed
        games += 1
        steps.append(len(rec.actions))
        turns.append(final.turn)
        reasons[END_REASONS[final.end_reason]] += 1
        first = next(seat for seat, _ in rec.actions if seat >= 0)
        first_wins += first in outcome.winners
        for seat, name in enumerate(rec.seats):
            played[name] += 1
            seat_games[name][seat] += 1
            points[name].append(outcome.scores[seat])
            if seat in outcome.winners:
                wins[name] += 1
                seat_wins[name][seat] += 1
                if len(outcome.winners) > 1:
                    shared[name] += 1
    lines = [f"{games} games from {path}"]
    for name in sorted(played):
        low, high = wilson_interval(wins[name], played[name])
        by_seat = ", ".join(
            f"seat {s}: {seat_wins[name][s]}/{seat_games[name][s]}"
            for s in sorted(seat_games[name])
        )
        lines.append(
            f"{name}: wins {wins[name]}/{played[name]} = {wins[name] / played[name]:.1%} "
            f"(95% CI {low:.1%}-{high:.1%}; {shared[name]} shared) · {by_seat} · "
            f"mean score {statistics.fmean(points[name]):.1f} "
            f"(median {statistics.median(points[name]):.0f})"
        )
    lines.append(
        f"length: mean {statistics.fmean(steps):.1f} steps (median {statistics.median(steps):.0f},"
        f" max {max(steps)}), mean {statistics.fmean(turns):.1f} turns"
        f" (median {statistics.median(turns):.0f}, max {max(turns)})"
    )
    low, high = wilson_interval(first_wins, games)
    lines.append(
        f"the first player (highest start sum, TU-01) won {first_wins}/{games} = "
        f"{first_wins / games:.1%} (95% CI {low:.1%}-{high:.1%}; shared wins count)"
    )
    lines.append("ended by: " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    return "\n".join(lines)


def main() -> None:
    """Print the summary of the file given on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    print(summarise(parser.parse_args().records))


if __name__ == "__main__":
    main()
