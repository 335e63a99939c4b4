"""Work for cachegrind: the web's room logic or its move labels, run once, deterministically.

Process time on a shared machine moves ±15% between identical runs; instruction counts do
not. Run this under valgrind twice with two sizes and take the difference, so that start-up
(imports, the rooms' creation) cancels out::

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python -m bench.tools.web_instructions rooms 300 4000     # then: rooms 300 1
    PYTHONHASHSEED=0 valgrind ... bench/tools/web_instructions.py menus 3000  # then: menus 1000

``rooms R A``: ``bench/tools/web_hot_path.py``'s rooms (R Tacocat rooms, A random moves, the
server's garbage-collector schedule): ``(I(R, A) - I(R, 1)) / (actions - R)`` is the
instructions per served action. ``menus N``: a room labels the replace menus of N random
7–9 card Tacocat hands (limit 4) as for a new deal: ``(I(3000) - I(1000)) / 2000`` is the
instructions per new hand's menu. Set ``PYTHONPATH`` to another tree's ``src`` to count it.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import random
import sys
from pathlib import Path
from types import SimpleNamespace


def rooms(count: int, actions: int) -> None:
    """Play ``actions`` random moves over ``count`` rooms (``web_hot_path.measure``)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    web_hot_path = importlib.import_module("web_hot_path")  # this folder's bench
    result = asyncio.run(web_hot_path.measure(count, actions, 7, server_collector=True))
    print(result["actions"], "actions")


def menus(count: int) -> None:
    """Label the replace menus of ``count`` random hands, each as a new listing."""
    from ludoteca.engine import registry  # noqa: PLC0415 (the tree under test)
    from ludoteca.games.tacocat.legal import replace_actions  # noqa: PLC0415
    from ludoteca.games.tacocat.model import FULL_PILE  # noqa: PLC0415
    from ludoteca.web.room import broadcast  # noqa: PLC0415

    room = SimpleNamespace(labels={}, info=registry.make("tacocat").info)
    rng = random.Random(5)
    hands = [tuple(sorted(rng.sample(FULL_PILE, rng.choice([7, 8, 9])))) for _ in range(count)]
    for hand in hands:
        room.labels.clear()
        broadcast.labelled(room, 0, replace_actions(hand, 4), "en", ("a", "b"))
    print(count, "menus")


def main() -> None:
    """``rooms R A`` or ``menus N`` (see the module)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    kinds = parser.add_subparsers(dest="kind", required=True)
    played = kinds.add_parser("rooms", help="random moves over Tacocat rooms")
    played.add_argument("rooms", type=int)
    played.add_argument("actions", type=int)
    labelled = kinds.add_parser("menus", help="new hands' replace menus labelled")
    labelled.add_argument("hands", type=int)
    args = parser.parse_args()
    if args.kind == "rooms":
        rooms(args.rooms, args.actions)
    else:
        menus(args.hands)


if __name__ == "__main__":
    main()
