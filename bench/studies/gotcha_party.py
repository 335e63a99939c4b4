"""Gotcha! with party bots: game length and how often breaches are caught.

Run: ``.venv/bin/python -m bench.studies.gotcha_party --players 4 --games 200``

Seeds ``0..games-1``, every seat a ``GreedyGotcha`` bot (``--slip``, ``--notice``,
``--buzz-delay`` set its knobs); ``--random N`` puts uniform random agents in the last N
seats instead. The referee's private record is watched through the runner's observer
(``Gotcha.match_statistics``, the same counts ``ludoteca simulate gotcha`` prints; it may read
full states, the bots never do): every breach recorded is counted once, as *caught* if a
buzz scored it, *refereed* if the auto-referee buzzed it, else *escaped* (its window closed,
or its rule was covered first). Rates come with 95% Wilson
intervals; game length in steps, turns and game-clock minutes.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field

from ludoteca.agents.gotcha.greedy import GreedyGotcha
from ludoteca.agents.random import RandomAgent
from ludoteca.engine import runner
from ludoteca.engine.runner import Agent
from ludoteca.games.gotcha.game import GAME
from ludoteca.games.gotcha.state import State
from ludoteca.lab.stats import wilson_interval as wilson


@dataclass
class Tally:
    """What the games showed."""

    steps: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    minutes: list[float] = field(default_factory=list)
    champ: int = 0
    breaches: int = 0
    caught: int = 0
    refereed: int = 0
    buzzes: dict[str, int] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    seats: dict[str, int] = field(default_factory=dict)


def play_one(seed: int, names: list[str], args: argparse.Namespace, tally: Tally) -> None:
    """One game; its figures go into ``tally``."""
    agents: list[Agent] = [
        GreedyGotcha(slip=args.slip, notice=args.notice, buzz_delay_ms=args.buzz_delay)
        if name == "greedy"
        else RandomAgent()
        for name in names
    ]
    watch = GAME.match_statistics()
    options: dict[str, object] = {"auto_referee": True} if args.auto_referee else {}
    if args.turn_limit:
        options["turn_limit"] = args.turn_limit
    match = runner.play(GAME, agents, seed, options, observer=watch)
    state: State = match.state
    assert match.outcome is not None, f"seed {seed} did not finish"
    tally.steps.append(match.steps)
    tally.turns.append(state.turn)
    tally.minutes.append(state.clock / 60000)
    counts = watch.counts()
    tally.champ += counts["champ"]
    tally.breaches += counts["breaches"]
    tally.caught += counts["caught"]
    tally.refereed += counts["refereed"]
    tally.buzzes["wrong"] = tally.buzzes.get("wrong", 0) + counts["wrong_buzzes"]
    tally.buzzes["all"] = tally.buzzes.get("all", 0) + counts["buzzes"]
    for seat, name in enumerate(names):
        tally.seats[name] = tally.seats.get(name, 0) + 1
        if seat in match.outcome.winners:
            tally.wins[name] = tally.wins.get(name, 0.0) + 1 / len(match.outcome.winners)


def main() -> None:
    """Run the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--slip", type=float, default=0.15)
    parser.add_argument("--notice", type=float, default=0.6)
    parser.add_argument("--buzz-delay", type=int, default=1500)
    parser.add_argument("--random", type=int, default=0, help="random agents in the last seats")
    parser.add_argument("--auto-referee", action="store_true")
    parser.add_argument("--turn-limit", type=int, default=0, help="option turn_limit (0: default)")
    args = parser.parse_args()
    names = ["greedy"] * (args.players - args.random) + ["random"] * args.random
    tally = Tally()
    started = time.perf_counter()
    for seed in range(args.games):
        shift = seed % args.players
        play_one(seed, names[shift:] + names[:shift], args, tally)
    elapsed = time.perf_counter() - started
    games = args.games
    print(
        f"Gotcha party: {games} games, {args.players} players {names}, slip={args.slip}, "
        f"notice={args.notice}, buzz_delay={args.buzz_delay} ms, "
        f"auto_referee={args.auto_referee}, turn_limit={args.turn_limit or 'default'}"
    )
    print(
        f"length: steps mean {statistics.mean(tally.steps):.1f} "
        f"(min {min(tally.steps)}, max {max(tally.steps)}); turns mean "
        f"{statistics.mean(tally.turns):.1f}; game clock mean "
        f"{statistics.mean(tally.minutes):.1f} min"
    )
    low, high = wilson(tally.champ, games)
    print(
        f"ended on CHAMP: {tally.champ}/{games} = {tally.champ / games:.1%} [{low:.1%}, {high:.1%}]"
    )
    total = tally.breaches
    low, high = wilson(tally.caught, total)
    print(
        f"breaches: {total} ({total / games:.1f} per game); caught by a buzz {tally.caught} = "
        f"{tally.caught / max(total, 1):.1%} [{low:.1%}, {high:.1%}]; auto-referee "
        f"{tally.refereed}; escaped {total - tally.caught - tally.refereed}"
    )
    print(f"buzzes (all, wrong): {dict(sorted(tally.buzzes.items()))}")
    for name, seats in sorted(tally.seats.items()):
        wins = tally.wins.get(name, 0.0)
        low, high = wilson(wins, seats)
        print(f"win share {name}: {wins:.1f}/{seats} = {wins / seats:.1%} [{low:.1%}, {high:.1%}]")
    print(f"{elapsed:.1f} s")


if __name__ == "__main__":
    main()
