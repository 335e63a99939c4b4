"""Rate every bot of every turn-based game on one OpenSkill scale and write the levels file.

For each game: a seat-balanced round-robin of two-player matches between every pair of its
bots (``--pair-games`` per pair, seats rotating every game), plus, where the game takes
more players, ``--table-games`` matches with every bot at one table (seats rotating). Each
match updates the bots' Plackett-Luce ratings (``openskill``) from the match's ranks. The
conservative rating ``mu - 3 sigma`` orders the bots; the weakest is "beginner", the
strongest "strongest", the others "casual" and "strong" in order.

Writes ``src/ludoteca/agents/levels.json`` (read by ``ludoteca.agents.levels``) with the
ratings, the games behind them, the date and this command. Needs ``openskill``
(``pip install -e '.[bench]'``).

Example (from the repository root)::

    .venv/bin/python -m bench.tools.bot_ratings --pair-games 20 --table-games 12 --workers 2
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from ludoteca.agents import registry as agents_registry
from ludoteca.agents.levels import LEVELS, SEARCH_BUDGETS
from ludoteca.engine import registry
from ludoteca.lab import simulate

OUT = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "agents" / "levels.json"


def bots(game_id: str) -> list[str]:
    """The bots rated for a game; the search agent with its iteration budget."""
    names = agents_registry.agent_names(game_id)
    return [
        f"ismcts:iterations={SEARCH_BUDGETS[game_id]}" if name == "ismcts" else name
        for name in names
    ]


def rate_game(
    game_id: str, pair_games: int, table_games: int, workers: int, seed: int
) -> dict[str, Any]:
    """Round-robins for one game and the resulting ratings and levels."""
    model = PlackettLuce()
    names = bots(game_id)
    ratings = {name: model.rating(name=name) for name in names}
    played = dict.fromkeys(names, 0)
    configs = [
        simulate.SimulationConfig(
            game_id, games=pair_games, agents=pair, seed=seed, workers=workers
        )
        for pair in itertools.combinations(names, 2)
    ]
    info = registry.make(game_id).info
    if info.max_players >= len(names) and table_games:
        configs.append(
            simulate.SimulationConfig(
                game_id, games=table_games, agents=tuple(names), seed=seed, workers=workers
            )
        )
    matches = 0
    for config in configs:
        for result in simulate.run(config):
            if not result.finished:
                continue
            ranks: list[float] = [
                1.0 if seat in result.winners else 2.0 for seat in range(len(result.seats))
            ]
            if not result.winners:
                ranks = [1.0] * len(result.seats)
            teams = [[ratings[name]] for name in result.seats]
            updated = model.rate(teams, ranks=ranks)
            for name, team in zip(result.seats, updated, strict=True):
                ratings[name] = team[0]
                played[name] += 1
            matches += 1
        print(f"  {game_id} {config.agents}: done", flush=True)
    ordered = sorted(names, key=lambda name: ratings[name].ordinal())
    levels = _levels(ordered)
    return {
        "matches": matches,
        "ratings": {
            name: {
                "mu": round(ratings[name].mu, 2),
                "sigma": round(ratings[name].sigma, 2),
                "ordinal": round(ratings[name].ordinal(), 2),
                "games": played[name],
            }
            for name in ordered
        },
        "levels": levels,
    }


def _levels(ordered: list[str]) -> dict[str, str]:
    """Weakest to strongest bots onto the four levels (the ends fixed, the middle spread)."""
    if len(ordered) >= len(LEVELS):
        picks = [ordered[0], *ordered[1:-1][-(len(LEVELS) - 2) :], ordered[-1]]
    else:
        picks = [ordered[min(i, len(ordered) - 1)] for i in range(len(LEVELS))]
    return dict(zip(LEVELS, picks, strict=True))


def main(argv: list[str] | None = None) -> int:
    """Rate the bots of every turn-based game and write the levels file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair-games", type=int, default=20)
    parser.add_argument("--table-games", type=int, default=12)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5000)
    # Dweebies first: its strongest level was the search agent (the first to re-rate).
    parser.add_argument(
        "--only", nargs="*", default=["dweebies", "mystery_date", "tile_up", "tacocat"]
    )
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args(argv)
    out = Path(args.out)
    # Games not rated in this run keep their entries (each entry says how it was measured).
    kept = json.loads(out.read_text("utf-8")).get("games", {}) if out.exists() else {}
    games: dict[str, Any] = {}
    command = "bench/tools/bot_ratings.py " + " ".join(argv if argv is not None else sys.argv[1:])
    for game_id in args.only:
        entry = rate_game(game_id, args.pair_games, args.table_games, args.workers, args.seed)
        entry["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        entry["command"] = command.strip()
        games[game_id] = entry
        kept[game_id] = entry
        # After every game: a long run that is stopped keeps the games it rated.
        data = {"date": time.strftime("%Y-%m-%d"), "command": command.strip(), "games": kept}
        out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    for game_id, entry in games.items():
        print(f"\n{game_id} ({entry['matches']} matches)")
        print("| level | bot | mu | sigma | mu - 3 sigma |")
        print("|---|---|---|---|---|")
        by_bot = {bot: level for level, bot in entry["levels"].items()}
        for name, rating in reversed(entry["ratings"].items()):
            print(
                f"| {by_bot.get(name, '')} | {name} | {rating['mu']} | {rating['sigma']} | "
                f"{rating['ordinal']} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
