"""The positions each game's lesson needs (read by ``scripts/lesson_positions.py``).

A spec names a position, the predicate that accepts it and, where uniform play would
rarely get there, a policy that steers the seeded game. The learner is seat 0.
"""

from __future__ import annotations

import json
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
from ludoteca.games.gotcha.actions import Buzz as GtBuzz
from ludoteca.games.gotcha.game import GAME as GT
from ludoteca.games.gotcha.names import card_name as gt_card
from ludoteca.games.mystery_date import state as md
from ludoteca.games.mystery_date.cards import card_label as md_label
from ludoteca.games.mystery_date.game import GAME as MD
from ludoteca.games.tile_up import model as tu
from ludoteca.games.tile_up.game import GAME as TU

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

# ---------------------------------------------------------------------------------------
# Tile Up: seat 0 learns against seat 1, two players; seat 0 starts (TU-01 decides it).


def _tu_turn(state: Any, acted: int = tu.NONE) -> bool:
    return state.phase == tu.PLAY and state.current == 0 and state.acted == acted


def _tu_legal(state: Any) -> list[Any]:
    return list(TU.legal_actions(state, 0)) if 0 in TU.actors(state) else []


def _tu_stacks(state: Any) -> list[Any]:
    """Seat 0's legal placements on top of a tile."""
    return [
        a
        for a in _tu_legal(state)
        if isinstance(a, tu.Place) and _tu_top(state, a.row, a.col) is not None
    ]


def _tu_top(state: Any, row: int, col: int) -> int | None:
    stack = TU.view(state, None)["board"][row][col]
    return None if not stack else stack[-1]


def _tu_scores(state: Any) -> list[Any]:
    return [a for a in _tu_legal(state) if isinstance(a, tu.Score)]


def _tu_placer(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Score when it can, place tiles (toward the corners), draw when it has none."""
    scores = [a for a in legal if isinstance(a, tu.Score)]
    if scores:
        return scores[0]
    places = [a for a in legal if isinstance(a, tu.Place)]
    if places and r.random() < 0.8:
        size = state.rules.size - 1

        def reach(a: Any) -> int:
            return min(abs(a.row - cr) + abs(a.col - cc) for cr in (0, size) for cc in (0, size))

        best = min(map(reach, places))
        near = [a for a in places if reach(a) == best]
        return near[int(r.random() * len(near))]
    return legal[int(r.random() * len(legal))]


def _tu_drawer(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Seat 0 draws tiles; the other places."""
    if seat == 0 and tu.DRAW_TILES_ACTION in legal:
        return tu.DRAW_TILES_ACTION
    return _tu_placer(state, seat, legal, r)


def _tu_goal_drawer(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Everyone draws goal cards (and discards them) until the deck runs out."""
    if tu.DRAW_GOAL_ACTION in legal:
        return tu.DRAW_GOAL_ACTION
    return legal[int(r.random() * len(legal))]


def _tu_corners(state: Any) -> int:
    size = state.rules.size - 1
    board = TU.view(state, None)["board"]
    return sum(1 for r in (0, size) for c in (0, size) if board[r][c])


def _tu_show(state: Any) -> str:
    view = TU.view(state, 0)
    lines = []
    for index, row in enumerate(view["board"]):
        cells = [(",".join(stack) if stack else ".").rjust(6) for stack in row]
        lines.append(f"{index + 1:>3} " + "".join(cells))
    lines.append("    " + "".join(tu.LETTERS[c].rjust(6) for c in range(view["size"])))
    shapes = {c: f"#{c} {TU.describe(tu.Score(c, 0, 0), 'en')[17:-9]}" for c in range(27)}
    lines.append(f"tiles {view['tiles']} goals {[shapes[g] for g in view['goals']]}")
    lines.append(f"faceup {[shapes.get(g) for g in view['faceup']]} scores {view['scores']}")
    legal = [str(a) for a in _tu_legal(state)]
    lines.append(f"legal ({len(legal)}): {[a for a in legal if not a.startswith('place')][:12]}")
    lines.append(f"stacks: {[str(a) for a in _tu_stacks(state)][:12]}")
    lines.append(f"phase {view['phase']} acted {view['acted']} deck {view['deck_size']}")
    return "\n".join(lines)


TILE_UP = [
    Spec("first_turn", lambda s: _tu_turn(s) and s.turn == 0, show=_tu_show),
    Spec(
        "scoring",
        lambda s: (
            _tu_turn(s, tu.PLACING) and len(_tu_scores(s)) == 1 and sum(map(len, s.stacks)) <= 16
        ),
        policy=_tu_placer,
        show=_tu_show,
    ),
    Spec(
        "too_many",
        lambda s: s.phase == tu.DISCARD and s.current == 0 and len(s.hands[0]) > tu.MAX_TILES,
        policy=_tu_drawer,
        show=_tu_show,
    ),
    Spec(
        "deck_turned",
        lambda s: _tu_turn(s) and s.deck_ordered,
        policy=_tu_goal_drawer,
        show=_tu_show,
    ),
    Spec(
        "three_corners",
        lambda s: _tu_turn(s) and _tu_corners(s) == 3,
        policy=_tu_placer,
        seeds=range(0, 400),
        show=_tu_show,
    ),
]

# ---------------------------------------------------------------------------------------
# Mystery Date: seat 0 learns against seat 1, two players.


def _md_at(phase: Any) -> Predicate:
    return lambda s: s.phase == phase and s.mover == 0


def _md_show(state: Any) -> str:
    view = MD.view(state, 0)
    hand = [md_label(c, "en") for c in range(12) for _ in range(state.hands[0][c])]
    top = md_label(view["discard"][-1], "en") if view["discard"] else None
    return (
        f"turn {view['turn']} phase {view['phase']} space {view['space']} "
        f"positions {view['positions']} owed {view['owed']}\n"
        f"hand {hand} discard top {top} ({len(view['discard'])}) pile {view['pile_size']}\n"
        f"legal {[str(a) for a in MD.legal_actions(state, 0)][:14]}\nlog {view['log'][-3:]}"
    )


def _md_outfits(state: Any) -> list[int]:
    hand = state.hands[0]
    return [k for k in range(4) if all(hand[3 * k + n] for n in range(3))]


def _md_collector(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Seat 0 keeps what completes outfits: it gives and discards its least useful card."""
    if seat != 0:
        return legal[int(r.random() * len(legal))]
    hand = state.hands[0]

    def worth(card: int) -> int:
        colour = card // 3
        return 10 * sum(1 for n in range(3) if hand[3 * colour + n]) - hand[card]

    first = legal[0]
    if hasattr(first, "target") or type(first).__name__ == "Discard":
        return min(legal, key=lambda a: worth(a.card))
    if type(first).__name__ == "Pile" and state.discard:
        top = state.discard[-1]
        return legal[1] if not hand[top] and worth(top) >= 10 else legal[0]
    return legal[int(r.random() * len(legal))]


MYSTERY_DATE = [
    Spec("first_turn", lambda s: _md_at(md.Phase.ROLL)(s) and s.turn <= 2, show=_md_show),
    Spec(
        "take_two",
        lambda s: _md_at(md.Phase.DRAW)(s) and s.owed == 2 and s.turn <= 4,
        show=_md_show,
    ),
    Spec(
        "either_pile",
        lambda s: _md_at(md.Phase.PILE)(s) and sum(s.hands[0]) <= 4,
        show=_md_show,
    ),
    Spec("swap", lambda s: _md_at(md.Phase.GIVE)(s) and sum(s.hands[0]) >= 3, show=_md_show),
    Spec(
        "seven_cards",
        lambda s: _md_at(md.Phase.DISCARD)(s) and sum(s.hands[0]) == 7,
        show=_md_show,
    ),
    Spec("two_outfits", _md_at(md.Phase.SHOW), policy=_md_collector, show=_md_show),
    Spec(
        "door_opens",
        lambda s: s.phase == md.Phase.DOOR and s.mover == 0,
        show=_md_show,
    ),
    Spec(
        "pile_restarted",
        lambda s: (
            _md_at(md.Phase.ROLL)(s)
            and any(entry[0] == "reshuffle" for entry in MD.view(s, 0)["log"])
        ),
        show=_md_show,
    ),
]

# ---------------------------------------------------------------------------------------
# Gotcha: three players with fixed profiles; the learner is seat 0.

GT_PROFILES = json.dumps(
    [
        {"name": "Ana", "age": 30, "traits": ["woman", "glasses"]},
        {"name": "Bea", "age": 12, "traits": ["woman", "jeans", "red"]},
        {"name": "Max", "age": 45, "traits": ["man", "facial_hair", "hat"]},
    ]
)
GT_OPTIONS = {"profiles": GT_PROFILES}


def _gt_turn(state: Any, phase: str) -> bool:
    return GT.phase(state) == phase and state.current == 0


def _gt_legal(state: Any) -> list[Any]:
    return list(GT.legal_actions(state, 0)) if 0 in GT.actors(state) else []


def _gt_right_buzzes(state: Any) -> list[Any]:
    """Seat 0's listed buzzes at the earliest time listed that would be right (its pawn
    moves forward): the breach has already happened, whenever the learner buzzes.
    """
    right = []
    buzzes = [a for a in _gt_legal(state) if isinstance(a, GtBuzz)]
    earliest = min((a.t for a in buzzes), default=0)
    for action in buzzes:
        if action.t == earliest:
            after = GT.apply(state, 0, action)
            if after.positions[0] > state.positions[0]:
                right.append(action)
    return right


def _gt_holds(prefix: str) -> Predicate:
    return lambda s: _gt_turn(s, "play") and any(c.startswith(prefix) for c in s.hands[0])


def _gt_show(state: Any) -> str:
    view = GT.view(state, 0)
    slots = [
        f"{sl['slot']}: live={sl['live']} who={sl.get('who')} what={sl.get('what')} "
        f"cards={sl.get('cards')} owner={sl.get('owner')} '{sl['en']}'"
        for sl in view["slots"]
    ]
    hand = [f"{c} {gt_card(c).text('en')}" for c in view["hand"]]
    legal = [str(a) for a in _gt_legal(state)]
    return "\n".join(
        [
            f"turn {view['turn']} phase {view['phase']} current {view['current']} "
            f"clock {view['clock']} positions {view['positions']} locked {view['locked']}",
            *slots,
            f"hand {hand}",
            f"legal ({len(legal)}) {legal[:16]}",
            f"right buzzes {[str(a) for a in _gt_right_buzzes(state)]}",
            f"log {[e for e in view.get('log', [])][-4:]}",
        ]
    )


def _gt_player(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Uniform, but seat 0 never buzzes (the breaches stay for the learner to catch)."""
    if seat == 0:
        quiet = [a for a in legal if not isinstance(a, GtBuzz)]
        legal = quiet or legal
    return legal[int(r.random() * len(legal))]


GOTCHA = [
    Spec("first_turn", lambda s: _gt_turn(s, "draw") and s.turn == 1, 3, GT_OPTIONS, show=_gt_show),
    Spec("play_what", _gt_holds("A"), 3, GT_OPTIONS, _gt_player, show=_gt_show),
    Spec("play_individual", _gt_holds("I"), 3, GT_OPTIONS, _gt_player, show=_gt_show),
    Spec(
        "catch",
        lambda s: s.turn <= 12 and len(_gt_right_buzzes(s)) == 1,
        3,
        GT_OPTIONS,
        _gt_player,
        show=_gt_show,
    ),
    Spec(
        "near_champ",
        lambda s: _gt_turn(s, "draw") and max(s.positions) >= s.rules.track_length - 2,
        3,
        GT_OPTIONS,
        _gt_player,
        show=_gt_show,
        seeds=range(0, 300),
    ),
]

SPECS: dict[str, list[Spec]] = {
    "tacocat": TACOCAT,
    "dweebies": DWEEBIES,
    "tile_up": TILE_UP,
    "mystery_date": MYSTERY_DATE,
    "gotcha": GOTCHA,
}
