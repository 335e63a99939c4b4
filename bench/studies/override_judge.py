"""Whether the anchored search's overrides of its expert are better, judged from the truth.

Plays games of the search agent (``ismcts:iterations=N``) against the expert (seats
alternating, game ``s`` seeded ``s``). At every decision where the search plays another
move than its expert would, both moves are judged from the **true state** (not a
determinization: the judge knows every hidden card the bot does not): ``--checks`` paired
playouts to the end of the game, every seat played by the expert, each pair on one chance
stream. The mean paired difference of the seat's returns (win 1, loss -1) is the
override's gain; it is printed per override (one JSON line) and summed up by the kind of
move the expert chose. Unlike ``bench/studies/search_overrides.py`` (the bot's own
determinizations), nothing here is estimated from the bot's view, so a bias of the search's
sampling cannot make its overrides look good.

Example (from the repository root)::

    .venv/bin/python -m bench.studies.override_judge mystery_date --iterations 280 --seeds 9000 9080

``--every-decision`` searches the decisions a game's ``candidates`` leave to the expert
(Tile Up's discards, Mystery Date's gifts and discards): how the case for leaving them
was made.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from typing import Any

from ludoteca.engine import registry
from ludoteca.lab.override_judge import play


def main(argv: list[str] | None = None) -> int:
    """Print one JSON line per override, then the mean gain by kind of move."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--iterations", type=int, required=True)
    parser.add_argument(
        "--seeds", type=int, nargs=2, default=(9000, 9080), metavar=("FIRST", "END")
    )
    parser.add_argument("--checks", type=int, default=100)
    parser.add_argument(
        "--every-decision",
        action="store_true",
        help="search the decisions the game leaves to the expert too (its candidates dropped)",
    )
    args = parser.parse_args(argv)
    game = registry.make(args.game)
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for seed in range(*args.seeds):
        for line in play(game, seed, args.iterations, args.checks, args.every_decision):
            print(json.dumps(line), flush=True)
            by_kind.setdefault(line["kind"], []).append(line)
    for kind, lines in sorted(by_kind.items()):
        gains = [line["gain"] for line in lines]
        error = math.sqrt(sum(line["error"] ** 2 for line in lines)) / len(lines)
        print(
            f"{kind}: {len(lines)} overrides, mean gain {statistics.mean(gains):+.3f}"
            f" (standard error {error:.3f}); better {sum(g > 0 for g in gains)},"
            f" worse {sum(g < 0 for g in gains)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
