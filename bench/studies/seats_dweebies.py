"""Where the Dweebies seat imbalance comes from: wins by seat, and cards collected before and
after the draw pile runs out, for greedy (or expert) agents in every seat, seats fixed.

Run: ``.venv/bin/python -m bench.studies.seats_dweebies --players 4 --games 1000``

DW-10: once the pile is empty the hands are played out, in turn order, from the seat after
the one that drew the last card (the "play-out starter"): with ``p`` players that is seat
``(54 - 5p) % p`` (for the default first player 0). Every seat then holds the same number
of cards, so the starter places its last card first and watches the others finish. The
script prints that seat next to the rates so the pattern can be checked at any player
count. A shared win counts as a fraction for each winner.
"""

from __future__ import annotations

import argparse
import random
import time

from ludoteca.agents.dweebies.expert import ExpertDweebies
from ludoteca.agents.dweebies.greedy import GreedyDweebies
from ludoteca.engine import runner
from ludoteca.engine.runner import Agent
from ludoteca.games.dweebies.cards import DECK_SIZE, HAND_SIZE
from ludoteca.games.dweebies.game import GAME, Phase


def play_out_starter(players: int, first: int = 0) -> int:
    """The seat that places first once the pile is empty."""
    draws = DECK_SIZE - HAND_SIZE * players
    return (first + draws) % players


def main() -> None:
    """Play the games and print the per-seat figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", choices=("greedy", "expert"), default="greedy")
    args = parser.parse_args()
    players = args.players
    make = GreedyDweebies if args.agent == "greedy" else ExpertDweebies
    wins = [0.0] * players
    before = [0] * players
    after = [0] * players
    start = time.perf_counter()
    for number in range(args.games):
        seed = args.seed + number
        agents: list[Agent] = [make() for _ in range(players)]
        rng = random.Random(seed)
        state = runner.new_game(GAME, players, seed)
        pile_empty = False
        while state.phase != Phase.OVER:
            actor = GAME.actors(state)[0]
            if actor < 0:
                action = GAME.sample_chance(state, rng)
            else:
                legal = GAME.legal_actions(state, actor)
                action = agents[actor].choose(GAME.view(state, actor), legal, rng)
            scores = state.scores
            state = GAME.apply(state, actor, action)
            if state.scores != scores:
                gained = state.scores[actor] - scores[actor]
                (after if pile_empty else before)[actor] += gained
            pile_empty = pile_empty or (not state.pile and state.phase == Phase.PLACE)
        outcome = GAME.outcome(state)
        assert outcome is not None
        for seat in outcome.winners:
            wins[seat] += 1 / len(outcome.winners)
    games = args.games
    print(
        f"{players} players, {args.agent} in every seat, {games} games from seed {args.seed}; "
        f"play-out starter: seat {play_out_starter(players)} "
        f"({time.perf_counter() - start:.0f} s)"
    )
    for seat in range(players):
        early, late = before[seat] / games, after[seat] / games
        print(
            f"  seat {seat}: win share {wins[seat] / games:6.1%}   cards collected "
            f"before the pile runs out {early:5.2f}, after {late:5.2f}"
        )


if __name__ == "__main__":
    main()
