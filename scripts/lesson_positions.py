"""Find the lessons' positions with the engine and write them as data.

Each position is a seed and the moves (in the record text form) that reach a state a lesson
step needs: the script plays seeded games with a simple policy and stops at the first state
a predicate accepts. It writes ``src/ludoteca/lessons/data/positions/<game>.toml``, which
the lessons replay through the Game protocol (every move checked) at test time.

Usage: ``.venv/bin/python scripts/lesson_positions.py [GAME ...]`` (all games by default);
``--show`` prints each position's state for writing the lesson texts.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lesson_specs import SPECS, Spec  # next to this script (its folder is on sys.path)

from ludoteca.engine import registry, rng, runner
from ludoteca.engine.game import CHANCE

OUT = Path(__file__).resolve().parents[1] / "src" / "ludoteca" / "lessons" / "data" / "positions"


def find(game_id: str, spec: Spec) -> tuple[int, list[tuple[int, str]], Any]:
    """The first seed (and its moves and state) whose game reaches a state ``spec`` accepts."""
    game = registry.make(game_id)
    for seed in spec.seeds:
        state = runner.new_game(game, spec.players, seed, spec.options)
        r = rng.derive(seed, "lesson")
        moves: list[tuple[int, str]] = []
        for _ in range(spec.max_steps):
            if spec.accept(state):
                return seed, moves, state
            actors = game.actors(state)
            if not actors:
                break
            if actors == (CHANCE,):
                seat, action = CHANCE, game.sample_chance(state, r)
            else:
                seat = actors[int(r.random() * len(actors))]
                action = spec.policy(state, seat, game.legal_actions(state, seat), r)
            state = runner.step(game, state, seat, action)
            moves.append((seat, str(action)))
    raise SystemExit(f"{game_id}: no seed in {spec.seeds} reaches {spec.name}")


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write(game_id: str, specs: Sequence[Spec], show: bool, check: bool = False) -> bool:
    """Find every position of ``game_id`` and write its positions file (with ``check``:
    only compare; return whether the file is what the script would write).
    """
    lines = [
        f"# The {game_id} lesson's positions, written by scripts/lesson_positions.py:",
        "# do not edit by hand; run the script again after a rules change.",
    ]
    game = registry.make(game_id)
    for spec in specs:
        seed, moves, state = find(game_id, spec)
        lines += ["", f"[{spec.name}]", f"seed = {seed}", f"players = {spec.players}"]
        if spec.options:
            inner = ", ".join(f"{k} = {_value(v)}" for k, v in sorted(spec.options.items()))
            lines.append(f"options = {{ {inner} }}")
        lines.append("moves = [")
        for seat, text in moves:
            who = "chance" if seat == CHANCE else str(seat)
            lines.append(f"  {_toml_string(f'{who} {text}')},")
        lines.append("]")
        if show:
            print(f"== {game_id}.{spec.name}: seed {seed}, {len(moves)} moves")
            print(spec.show(state) if spec.show else game.view(state, 0))
    path = OUT / f"{game_id}.toml"
    text = "\n".join(lines) + "\n"
    if check:
        return path.read_text("utf-8") == text
    path.write_text(text, "utf-8")
    return True


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _toml_string(value)
    return str(value)


def main(argv: Sequence[str]) -> None:
    """Write the positions of the games named (all by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(SPECS))
    parser.add_argument("--show", action="store_true")
    parser.add_argument(
        "--check", action="store_true", help="write nothing; fail if a file is out of date"
    )
    args = parser.parse_args(argv)
    stale = [g for g in args.games if not write(g, SPECS[g], args.show, args.check)]
    if stale:
        raise SystemExit(f"positions out of date (run {Path(__file__).name}): {stale}")


if __name__ == "__main__":
    main(sys.argv[1:])
