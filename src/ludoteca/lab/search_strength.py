"""The search agent's strength against an opponent, and paired with its expert as control.

A pairing plays ``games`` seat-balanced two-player matches of ``ismcts:iterations=N``
against an opponent through :mod:`ludoteca.lab.simulate` (game ``i`` has seed ``seed + i``
and the seats rotate every game). The search agent's score is wins plus half the draws over
games, with its Wilson interval. :func:`paired` replays the same games with the expert in
the search agent's seats, which removes the seats' and the deals' luck from a comparison
with the expert.

``bench/tools/search_strength.py`` prints these as a table; its figures are indexed in
bench/README.md.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

from ludoteca.lab import simulate
from ludoteca.lab.stats import wilson_interval

Z_ONE_SIDED_95 = 1.645
"""The standard normal quantile of a one-sided 95% bound."""


def score_interval(wins: int, draws: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson interval of the score (a draw half a win) over ``games`` games.

    One game is one trial whose outcome is 0, 1/2 or 1: the interval uses the score as the
    proportion and the games as the trials (a draw's variance is below a coin's, so this is
    a little wide, never narrow).

    Args:
        wins: Games won outright.
        draws: Games drawn or shared (half a win each).
        games: Games played; with none, the interval is the whole ``[0, 1]``.
        z: The normal quantile (1.96 for two-sided 95%, 1.645 for a one-sided bound).

    Returns:
        ``(low, high)``, both within ``[0, 1]``.
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

    Args:
        game_id: The game.
        opponent: The opponent's agent name (``greedy``, ``expert``...).
        iterations: The search's iterations per decision.
        games: Matches to play.
        workers: Worker processes of the simulation.
        seed: The first game's seed.
        progress: A file to append one JSON line to per finished game (its index, seed,
            seats and winners), so a run stopped early keeps every game it played.
        params: More search parameters (``confidence=3``; ``a:b`` for two).

    Returns:
        The row: counts, ``score``, ``low95``/``high95``, ``one_sided_low95``, ``seconds``
        and ``per_game`` (one line per game, in game order).
    """
    me = f"ismcts:iterations={iterations}" + (f":{params}" if params else "")
    config = simulate.SimulationConfig(
        game_id, games=games, agents=(me, opponent), seed=seed, workers=workers
    )
    started = time.perf_counter()
    wins = draws = 0
    per_game: list[dict[str, Any]] = []
    for result in simulate.run(config):
        score = seat_score(result.winners, len(result.seats), result.seats.index(me))
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

    Args:
        search: A row of :func:`match` against ``expert``.
        games: The games it played.
        workers: Worker processes of the control's simulation.
        seed: The seed it started from.

    Returns:
        The control's score and per-game scores, the paired score with its intervals, and
        how many games the overrides changed (``differ``), for the better or the worse.
    """
    config = simulate.SimulationConfig(
        search["game"], games=games, agents=("expert", "expert"), seed=seed, workers=workers
    )
    me = {
        line["index"]: line["seats"].index(search_name(line["seats"]))
        for line in search["per_game"]
    }
    control: dict[int, float] = {}
    for result in simulate.run(config):
        control[result.index] = seat_score(result.winners, len(result.seats), me[result.index])
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


def search_name(seats: list[str]) -> str:
    """The search agent's name among a game's seats (the one starting ``ismcts``)."""
    return next(name for name in seats if name.startswith("ismcts"))


def seat_score(winners: Any, seats: int, mine: int) -> float:
    """A seat's score: 1 for the only winner, 0.5 for a shared win or a draw, else 0."""
    if not winners or len(winners) == seats:
        return 0.5
    if mine in winners:
        return 1.0 if len(winners) == 1 else 0.5
    return 0.0
