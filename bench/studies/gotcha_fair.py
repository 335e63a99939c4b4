"""Gotcha!: does buzzing reward watching? One bot against three greedy party bots.

Run::

    .venv/bin/python -m bench.studies.gotcha_fair --bot blind,never,expert --games 400 --workers 2

``--bot`` picks the bot in the test seat (its seat rotates with the game index, seeds
``0..games-1``, default options: no turn limit, the buzzer lock GT-17 on unless
``--no-lock``):

* ``blind``: a greedy party bot that notices nothing and instead buzzes every live rule
  against every opponent it binds, in a random order, as soon as its buzzer is free (the
  42% fisher of issue 15);
* ``never``: a greedy party bot that never buzzes (``notice = 0``);
* ``expert``: ``agents/gotcha/expert.py``.

Prints the test bot's win share with its 95% Wilson interval (fair share 1/4), games won by
greedy bots, truncated games (the step cap: no winner) and games ended on CHAMP.

``--out FILE`` appends one JSON line per finished game (bot, seed, share, truncated, champ,
turns) as it finishes, and a rerun with the same file skips the games already there, so a
long run that is stopped loses nothing: ``nohup nice -n 10 python -m bench.studies.gotcha_fair
--bot blind,never,expert --games 400 --workers 2 --out results/gotcha_fair.jsonl &``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ludoteca.agents.gotcha.expert import ExpertGotcha
from ludoteca.agents.gotcha.greedy import GreedyGotcha
from ludoteca.engine import runner
from ludoteca.engine.runner import Agent
from ludoteca.games.gotcha.actions import Buzz
from ludoteca.games.gotcha.game import GAME
from ludoteca.lab.stats import wilson_interval as wilson

PLAYERS = 4


class BlindBuzzer(GreedyGotcha):
    """Plays and obeys like greedy but never watches: it buzzes a random live rule and
    bound opponent the moment its buzzer is free (GT-17 locks it after a wrong one)."""

    name = "blind"

    def __init__(self) -> None:
        super().__init__(notice=0.0)

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """A blind buzz when one is legal (not its turn, buzzer free), else greedy's pick."""
        buzzes = [a for a in legal if isinstance(a, Buzz)]
        if buzzes and view["phase"] != "vote":
            pick = buzzes[int(rng.random() * len(buzzes))]
            return Buzz(view["clock"] + 50, pick.slot, pick.seats)
        return super().choose(view, legal, rng)


def make(bot: str) -> Agent:
    """The test bot by name."""
    if bot == "blind":
        return BlindBuzzer()
    if bot == "never":
        return GreedyGotcha(notice=0.0)
    return ExpertGotcha()


def play_one(job: tuple[int, str, bool]) -> tuple[float, bool, bool, int]:
    """One game: (the test bot's win share, truncated, ended on CHAMP, turns)."""
    seed, bot, lock = job
    seat = seed % PLAYERS
    agents: list[Agent] = [GreedyGotcha() for _ in range(PLAYERS)]
    agents[seat] = make(bot)
    options: dict[str, object] = {} if lock else {"buzz_lock": False}
    match = runner.play(GAME, agents, seed, options, checked=False)
    if match.outcome is None:
        return 0.0, True, False, match.state.turn
    winners = match.outcome.winners
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share, False, match.state.ended == "champ", match.state.turn


def report(bot: str, results: list[tuple[float, bool, bool, int]], lock: bool) -> str:
    """One line of figures for ``bot``'s finished games."""
    games = len(results)
    wins = sum(r[0] for r in results)
    truncated = sum(1 for r in results if r[1])
    champ = sum(1 for r in results if r[2])
    low, high = wilson(wins, games)
    turns = sum(r[3] for r in results) / max(games, 1)
    return (
        f"{bot} vs 3 greedy, {games} games, buzz_lock {lock}: "
        f"win share {wins / max(games, 1):.1%} (95% CI {low:.1%}-{high:.1%}; fair 25%), "
        f"ended on CHAMP {champ}, truncated {truncated}, mean turns {turns:.1f}"
    )


def main() -> None:
    """Play the games (the bots' games interleaved) and print the figures as they come."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="blind", help="blind, never, expert or a list a,b")
    parser.add_argument("--games", type=int, default=400, help="games per bot")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--every", type=int, default=0, help="print figures every N games")
    parser.add_argument("--no-lock", action="store_true", help="option buzz_lock off")
    parser.add_argument("--out", type=Path, help="append each game as a JSON line; resume")
    args = parser.parse_args()
    bots = [b.strip() for b in args.bot.split(",")]
    for bot in bots:
        if bot not in ("blind", "never", "expert"):
            parser.error(f"unknown bot {bot!r} (blind, never or expert)")
    started = time.perf_counter()
    lock = not args.no_lock
    done: dict[str, list[tuple[float, bool, bool, int]]] = {bot: [] for bot in bots}
    finished: set[tuple[int, str]] = set()
    if args.out is not None and args.out.exists():
        for line in args.out.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            key = (row["seed"], row["bot"])
            wanted = row["bot"] in done and row["lock"] == lock and row["seed"] < args.games
            if wanted and key not in finished:
                finished.add(key)
                done[row["bot"]].append(
                    (row["share"], row["truncated"], row["champ"], row["turns"])
                )
    jobs = [
        (seed, bot, lock)
        for seed in range(args.games)
        for bot in bots
        if (seed, bot) not in finished
    ]
    sink = args.out.open("a", encoding="utf-8") if args.out is not None else None
    try:
        with ProcessPoolExecutor(args.workers) as pool:
            results = zip(jobs, pool.map(play_one, jobs), strict=True)
            for count, (job, result) in enumerate(results, start=1):
                done[job[1]].append(result)
                if sink is not None:
                    share, truncated, champ, turns = result
                    row = {"bot": job[1], "seed": job[0], "lock": lock, "share": share}
                    row |= {"truncated": truncated, "champ": champ, "turns": turns}
                    sink.write(json.dumps(row) + "\n")
                    sink.flush()
                if args.every and count % args.every == 0 and count < len(jobs):
                    elapsed = time.perf_counter() - started
                    for bot in bots:
                        print(f"[{elapsed:.0f} s] {report(bot, done[bot], lock)}", flush=True)
    finally:
        if sink is not None:
            sink.close()
    for bot in bots:
        print(report(bot, done[bot], lock), flush=True)
    print(f"{time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
