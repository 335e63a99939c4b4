"""The positions each game's lesson needs (read by ``scripts/lesson_positions.py``).

A spec names a position, the predicate that accepts it and, where uniform play would
rarely get there, a policy that steers the seeded game. The learner is seat 0.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.games import tacocat as tc
from ludoteca.games.dweebies import layout as dw_layout
from ludoteca.games.dweebies.actions import Collect as DwCollect
from ludoteca.games.dweebies.actions import Place as DwPlace
from ludoteca.games.dweebies.cards import CODES as DW_CODES
from ludoteca.games.dweebies.cards import name as dw_name
from ludoteca.games.dweebies.game import GAME as DW
from ludoteca.games.dweebies.model import Phase as DwPhase

Policy = Callable[[Any, int, Sequence[Any], random.Random], Any]
Predicate = Callable[[Any], bool]


def uniform(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Any legal action, uniformly."""
    del state, seat
    return legal[int(r.random() * len(legal))]


@dataclass(frozen=True)
class Spec:
    """How to find one position: play seeded games until ``accept`` holds."""

    name: str
    accept: Predicate
    players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    policy: Policy = uniform
    seeds: range = range(0, 2000)
    max_steps: int = 3000
    show: Callable[[Any], str] | None = None


# ---------------------------------------------------------------------------------------
# Tacocat: seat 0 (YAY) learns against seat 1 (WOW).


def _tc_runs(hand: Sequence[int]) -> bool:
    values = set(hand)
    return any({v, v + 1, v + 2} <= values for v in values)


def _tc_keep(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Keep the hand; otherwise uniform."""
    del state, seat
    return tc.KEEP if tc.KEEP in legal else legal[int(r.random() * len(legal))]


def _tc_yay_wins(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Play so that YAY (seat 0) tends to win rounds: it keeps low cards for the showdown."""
    if tc.KEEP in legal and seat == 0:
        return tc.KEEP
    if seat == 0:
        attacks = [a for a in legal if isinstance(a, tc.Attack)]
        if attacks:
            return max(attacks, key=lambda a: (len(a.cards), a.cards[-1]))
        if tc.SACRIFICE in legal:
            defends = [a for a in legal if isinstance(a, tc.Defend)]
            return defends[-1] if defends else tc.SACRIFICE
        return legal[-1]
    return legal[int(r.random() * len(legal))]


TACOCAT = [
    Spec("first_deal", lambda s: s.phase == tc.Phase.REPLACE and s.round == 1),
    Spec(
        "single_arrow",
        lambda s: (
            s.phase == tc.Phase.REPLACE
            and s.position != tc.START
            and s.replaced[1] >= 2
            and s.replaced[0] < 0
        ),
        policy=_tc_yay_wins,
    ),
    Spec(
        "duel",
        lambda s: s.phase == tc.Phase.DUEL and s.round == 1 and s.pending == (None, None),
        policy=_tc_keep,
    ),
    Spec(
        "attack",
        lambda s: (
            s.phase == tc.Phase.ATTACK
            and s.attacker == 0
            and len(s.hands[0]) >= 5
            and _tc_runs(s.hands[0])
        ),
        policy=_tc_keep,
    ),
    Spec(
        "defend",
        lambda s: (
            s.phase == tc.Phase.DEFEND
            and s.attacker == 1
            and len(s.attack) == 1
            and s.hands[0][0] < s.attack[0] <= s.hands[0][-1]
            and len(s.hands[0]) >= 4
        ),
        policy=_tc_keep,
    ),
    Spec(
        "sacrifice",
        lambda s: (
            s.phase == tc.Phase.DEFEND
            and s.attacker == 1
            and len(s.attack) == 1
            and s.hands[0][-1] < s.attack[0]
            and len(s.hands[0]) >= 3
        ),
        policy=_tc_keep,
    ),
    Spec(
        "last_two",
        lambda s: (
            s.phase == tc.Phase.ATTACK
            and s.attacker == 0
            and len(s.hands[0]) == 2
            and s.hands[0][0] + 2 < s.hands[0][1]
        ),
        policy=_tc_keep,
    ),
    Spec(
        "near_goal",
        lambda s: (
            s.phase == tc.Phase.REPLACE
            and s.position == 0
            and s.replaced == (-1, -1)
            and s.owed == (0, 0)
        ),
        policy=_tc_yay_wins,
    ),
]

# ---------------------------------------------------------------------------------------
# Dweebies: seat 0 learns against seat 1, two players.


def _dw_collecting(state: Any) -> list[Any]:
    """Seat 0's placements that let it collect."""
    if state.phase != DwPhase.PLACE or state.turn != 0:
        return []
    return [a for a in DW.legal_actions(state, 0) if DW.apply(state, 0, a).phase == DwPhase.COLLECT]


def _dw_greedy(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Take every line on offer (both when it can); place uniformly."""
    if isinstance(legal[0], DwCollect):
        return max(legal, key=lambda a: ("none", "row", "column", "both").index(a.which))
    return legal[int(r.random() * len(legal))]


def _dw_both(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Greedy, and seat 0 places where it can collect when it can."""
    if seat == 0 and isinstance(legal[0], DwPlace):
        lines = [a for a in legal if DW.apply(state, 0, a).phase == DwPhase.COLLECT]
        if lines:
            return lines[int(r.random() * len(lines))]
    return _dw_greedy(state, seat, legal, r)


def _dw_show(state: Any) -> str:
    cells = {dw_layout.xy(c): d for c, d in state.table.cells.items()}
    lines = []
    if cells:
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        for y in range(min(ys), max(ys) + 1):
            row = [
                f"{dw_name(cells[x, y], 'en')[:10]:>10}" if (x, y) in cells else f"{'.':>10}"
                for x in range(min(xs), max(xs) + 1)
            ]
            lines.append(f"y={y:>3} " + " ".join(row) + f"   (x from {min(xs)})")
    hand = [f"{DW_CODES[d]} {dw_name(d, 'en')}/{dw_name(d, 'es')}" for d in state.hands[0]]
    lines.append(
        f"hand: {hand}  scores {state.scores} pile {len(state.pile)} groups {len(state.groups)}"
    )
    lines.append(f"collecting: {[str(a) for a in _dw_collecting(state)]}")
    lines.append(f"legal: {[str(a) for a in DW.legal_actions(state, 0)][:12]}")
    lines.append(f"row {state.row} column {state.column} phase {state.phase.name}")
    return "\n".join(lines)


def _dw_placing(state: Any) -> bool:
    return state.phase == DwPhase.PLACE and state.turn == 0


DWEEBIES = [
    Spec("first_turn", lambda s: _dw_placing(s) and not s.table.cells, show=_dw_show),
    Spec(
        "next_to",
        lambda s: _dw_placing(s) and len(s.table.cells) >= 3 and not _dw_collecting(s),
        show=_dw_show,
    ),
    Spec(
        "can_collect",
        lambda s: (
            len(_dw_collecting(s)) == 1
            and len(s.table.cells) >= 4
            and DW.apply(s, 0, _dw_collecting(s)[0]).row
            and len(DW.apply(s, 0, _dw_collecting(s)[0]).row) >= 3
        ),
        policy=_dw_greedy,
        show=_dw_show,
    ),
    Spec(
        "take_line",
        lambda s: s.phase == DwPhase.COLLECT and s.turn == 0 and len(s.row) >= 3 and not s.column,
        policy=_dw_both,
        show=_dw_show,
    ),
    Spec(
        "take_both",
        lambda s: s.phase == DwPhase.COLLECT and s.turn == 0 and s.row and s.column,
        policy=_dw_both,
        show=_dw_show,
    ),
    Spec(
        "split",
        lambda s: (
            _dw_placing(s)
            and len(s.groups) == 2
            and len(DW.legal_actions(s, 0)) < len(s.frontier) * len(set(s.hands[0]))
        ),
        policy=_dw_both,
        show=_dw_show,
    ),
    Spec(
        "empty_table",
        lambda s: _dw_placing(s) and not s.table.cells and any(s.scores),
        policy=_dw_both,
        show=_dw_show,
    ),
    Spec(
        "pile_out",
        lambda s: _dw_placing(s) and not s.pile and len(s.hands[0]) >= 2,
        policy=_dw_both,
        show=_dw_show,
    ),
]

SPECS: dict[str, list[Spec]] = {"tacocat": TACOCAT, "dweebies": DWEEBIES}
