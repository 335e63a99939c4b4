"""Mystery Date's observation: its layout and its one writer (``mystery_date``'s encoding).

The layout is the table in ``mystery_date``'s module docstring, as data.
:class:`MysteryDateWriter` reads the values each block shows from the engine state
(``encodings.StateWriter``) or from the seat's view (``MysteryDateEncoding.observation``)
and writes both through the same helpers, so the two agree by construction and the adapter
tests compare them.

Written from a state, a seat's buffer is updated from the image of the state it was last
written from (``previous``), since a Python step costs as much as a small block:

- The two states are unpacked once; a block is rewritten only when one of its fields is
  not the same object (or value) as in ``previous``.
- Positions clear and set only the entries of the seats that moved; the discard's counts
  are rewritten only for the cards put on (or, rarely, taken from) the top.
- A per-card row of counts (my hand, a ``known`` row) is written with no Python step per
  card: ``bytes(row)`` translated (``bytes.translate``) into each non-zero byte of the
  ``float32`` entries and copied into the buffer's bytes with a stride of four.
- The log moves along: the events already written are found in the new log (by value),
  and the new entries and the moved old ones are joined and copied back at once. Each
  writer keeps its own entries per seat and player count (:class:`_LogEntries`), built
  from an event's few non-zero values.
- Small blocks with few values (the head, hand sizes, the swap, the tail) come from
  ``encodings.BlockCache``, shared by the writers of one scale.

Without ``previous`` every block is written into a zeroed buffer, as from a view.
"""

from __future__ import annotations

import array
from functools import lru_cache, partial
from typing import Any

from ludoteca.adapters.encodings import Buffer, Scale
from ludoteca.adapters.encodings.layout import Layout
from ludoteca.engine.game import CHANCE, View
from ludoteca.games.mystery_date import cards
from ludoteca.games.mystery_date import game as md
from ludoteca.games.mystery_date import state as st

SEATS = st.MAX_PLAYERS
CARDS = cards.CARDS
COLOURS = len(cards.COLOURS)
MAX_HAND = cards.HAND_LIMIT + max(st.TAKES.values())
"""Most cards a hand can hold: at the limit, then a take-2 space (before discarding)."""
EVENTS = len(st.EVENT_NAMES)
DIE = cards.DIE
DOOR_OUTCOMES = len(cards.DOOR_OUTCOMES)
LOG_ENTRY = EVENTS + SEATS + CARDS + DIE + SEATS + COLOURS + DOOR_OUTCOMES + 1
"""Entries per log event (see the ``mystery_date`` module docstring)."""
SPACE_KINDS = len(st.SPACE_NAMES)

LAYOUT = Layout(
    (
        ("players", SEATS - 1, 1.0, "player count one-hot: 2, 3, 4"),
        ("seat", SEATS, 1.0, "my absolute seat one-hot"),
        ("phase", len(st.Phase), 1.0, "the phase one-hot"),
        ("mover", SEATS, 1.0, "whose turn it is, rel seats one-hot"),
        ("chance_acts", 1, 1.0, "1 while chance acts"),
        ("turn", 1, float(st.TURN_LIMIT_MAX), "the turn number"),
        ("turn_limit", 1, float(st.TURN_LIMIT_MAX), "the option: turns before a draw"),
        ("positions", SEATS * st.TRACK_LENGTH, 1.0, "each rel seat's space, one-hot per seat"),
        ("space", SPACE_KINDS, 1.0, "the mover's space kind one-hot"),
        ("hand", CARDS, float(cards.COPIES), "my cards, per card"),
        ("hand_counts", SEATS, float(MAX_HAND), "cards held, rel seats"),
        ("pile_size", 1, float(cards.DECK_SIZE), "cards in the draw pile"),
        ("discard", CARDS, float(cards.COPIES), "face-up discards, per card"),
        ("discard_top", CARDS, 1.0, "the top of the discard pile, one-hot"),
        ("discard_size", 1, float(cards.DECK_SIZE), "cards in the discard pile"),
        ("owed", 1, float(cards.DEAL * SEATS), "cards still to be drawn"),
        ("target", SEATS, 1.0, "the swap partner under way, rel seats"),
        ("shown", COLOURS, 1.0, "the colour shown at the door"),
        ("given", CARDS, 1.0, "the card I gave face down, one-hot"),
        ("known", CARDS * (SEATS - 1), float(cards.COPIES), "cards I know the others hold"),
        ("known_by", CARDS * (SEATS - 1), float(cards.COPIES), "my cards the others know about"),
        ("log", LOG_ENTRY * st.LOG_SIZE, float(cards.DECK_SIZE), "the last public events"),
        ("winner", SEATS, 1.0, "the winner, rel seats"),
        ("door_weights", DOOR_OUTCOMES, 1.0, "the option: chance of each door outcome"),
    )
)
"""The observation's blocks, in order (the table in the ``mystery_date`` docstring)."""
OBSERVATION_SIZE = LAYOUT.size
(
    _PLAYERS, _SEAT, _PHASE, _MOVER, _CHANCE, _TURN, _TURN_LIMIT, _POSITIONS, _SPACE, _HAND,
    _HAND_COUNTS, _PILE_SIZE, _DISCARD, _DISCARD_TOP, _DISCARD_SIZE, _OWED, _TARGET, _SHOWN,
    _GIVEN, _KNOWN, _KNOWN_BY, _LOG, _WINNER, _DOOR_WEIGHTS,
) = LAYOUT.offsets(
    "players", "seat", "phase", "mover", "chance_acts", "turn", "turn_limit", "positions",
    "space", "hand", "hand_counts", "pile_size", "discard", "discard_top", "discard_size",
    "owed", "target", "shown", "given", "known", "known_by", "log", "winner", "door_weights",
)  # fmt: skip
SOFT = _TURN
"""Offset of the two soft entries (``turn``, ``turn_limit``)."""

# Offsets inside a log entry.
_E_SEAT = EVENTS
_E_CARD = _E_SEAT + SEATS
_E_DIE = _E_CARD + CARDS
_E_PARTNER = _E_DIE + DIE
_E_SHOWN = _E_PARTNER + SEATS
_E_DOOR = _E_SHOWN + COLOURS
_E_COUNT = _E_DOOR + DOOR_OUTCOMES
_CARD_EVENTS = frozenset((st.Event.TOP, st.Event.DISCARD, st.Event.REVEAL))
_PHASES = tuple(phase.name.lower() for phase in st.Phase)
_EVENT_INDEX = {name: index for index, name in enumerate(st.EVENT_NAMES)}
_P_PICK = st.Phase.PICK
_CHANCE_ACTS = tuple(phase in st.CHANCE_PHASES for phase in st.Phase)
"""Whether chance acts, by phase."""
if st.State._fields != (
    "rules", "players", "phase", "turn", "mover", "positions", "hands", "pile", "discard",
    "owed", "target", "given", "shown", "known", "public", "log", "winner",
):  # fmt: skip
    raise RuntimeError("MysteryDateWriter.write unpacks the State fields in their old order")


def _head(key: tuple[int, int, int, int, int]) -> list[float]:
    """players, seat, phase, mover, chance_acts."""
    n, me, phase, mover, chance = key
    out = [0.0] * (_TURN - _PLAYERS)
    out[_PLAYERS + n - 2] = 1.0
    out[_SEAT + me] = 1.0
    out[_PHASE + phase] = 1.0
    out[_MOVER + (mover - me) % n] = 1.0
    out[_CHANCE] = float(chance)
    return out


def _rel_counts(counts: tuple[int, ...], me: int) -> list[float]:
    """Counts per seat, counted from ``me``."""
    n = len(counts)
    out = [0.0] * SEATS
    for seat, count in enumerate(counts):
        out[(seat - me) % n] = count
    return out


_COUNT_BUILDERS = tuple(partial(_rel_counts, me=me) for me in range(SEATS))


def _swap(key: tuple[int, int, int, int]) -> list[float]:
    """Target (rel), shown, given."""
    target, shown, given, rel_target = key
    out = [0.0] * (_KNOWN - _TARGET)
    if target >= 0:
        out[rel_target] = 1.0
    if shown >= 0:
        out[_SHOWN - _TARGET + shown] = 1.0
    if given >= 0:
        out[_GIVEN - _TARGET + given] = 1.0
    return out


def _log_values(event: tuple[int, int, int, int], me: int, n: int) -> list[tuple[int, float]]:
    """The non-zero entries of one log event ``(kind, seat, a, b)`` as ``(index, raw
    value)``, its seats counted from ``me`` of ``n``.
    """
    kind, seat, a, b = event
    values = [(int(kind), 1.0)]
    if seat >= 0:
        values.append((_E_SEAT + (seat - me) % n, 1.0))
    if kind in _CARD_EVENTS:
        values.append((_E_CARD + a, 1.0))
    elif kind == st.Event.ROLL:
        values.append((_E_DIE + a - 1, 1.0))
    elif kind == st.Event.SWAP:
        values.append((_E_PARTNER + (a - me) % n, 1.0))
    elif kind == st.Event.DOOR:
        values += ((_E_SHOWN + a, 1.0), (_E_DOOR + b, 1.0))
    elif kind == st.Event.RESHUFFLE:
        values.append((_E_COUNT, float(a)))
    return values


_NS = SEATS + 1
_POSITION_AT = tuple(
    tuple(_POSITIONS + (seat - me) % n * st.TRACK_LENGTH for seat in range(n)) if n else ()
    for me in range(SEATS)
    for n in range(_NS)
)
"""At ``me * _NS + n``: where each seat's ``positions`` row starts."""
_SPACE_AT = tuple(_SPACE + kind for kind in st.TRACK)
"""The ``space`` entry of each track space's kind."""


def _tail(key: tuple[int, int, int, tuple[int, ...]]) -> list[float]:
    """winner, door_weights."""
    winner, me, n, weights = key
    out = [0.0] * (OBSERVATION_SIZE - _WINNER)
    if winner >= 0:
        out[(winner - me) % n] = 1.0
    out[_DOOR_WEIGHTS - _WINNER :] = _door_chances(weights)
    return out


class MysteryDateWriter:
    """Writes Mystery Date's vector from a state (``encodings.StateWriter``) or a view.

    From a state it reads what ``MysteryDate.view(state, seat)`` shows the seat: the public
    table, its own hand, the cards it knows others hold and they know it holds (``known``,
    both ways), the card it gave face down (only to the giver, in the pick), and the sizes
    of the other hands and of the pile — never their cards.
    """

    def __init__(self, scale: Scale) -> None:
        unit = scale.unit
        self._unit = unit
        self._unit_owed = unit[_OWED]
        self._unit_pile = unit[_PILE_SIZE]
        self._unit_discard_size = unit[_DISCARD_SIZE]
        self._unit_discard = unit[_DISCARD]
        if unit[_POSITIONS:_HAND] + unit[_DISCARD_TOP:_DISCARD_SIZE] != [_ONE] * (
            _HAND - _POSITIONS + CARDS
        ):
            raise ValueError("one-hot entries must be observed as 1")
        self._hand_lanes = _lanes(unit, _HAND)
        self._discard_lanes = _lanes(unit, _DISCARD)
        others = range(SEATS - 1)
        known_lanes = [_lanes(unit, _KNOWN + CARDS * rel) for rel in others]
        known_by_lanes = [_lanes(unit, _KNOWN_BY + CARDS * rel) for rel in others]
        self._known_rows = [
            tuple(
                (
                    me * n + seat,
                    seat * n + me,
                    known_lanes[(seat - me) % n - 1],
                    known_by_lanes[(seat - me) % n - 1],
                )
                for seat in range(n)
                if seat != me
            )
            for me in range(SEATS)
            for n in range(_NS)
        ]
        """At ``me * _NS + n``: for each other seat, where its two ``known`` rows are and
        the lanes that write them."""
        blocks = scale.blocks
        self._head = blocks(_PLAYERS, _head)
        self._hand_counts = [blocks(_HAND_COUNTS, build) for build in _COUNT_BUILDERS]
        self._swap = blocks(_TARGET, _swap)
        if unit[_LOG:_WINNER] != unit[_LOG : _LOG + LOG_ENTRY] * st.LOG_SIZE:
            raise ValueError("every log entry must be scaled alike")
        self._log = [_LogEntries(unit[_LOG], me, n) for me in range(SEATS) for n in range(_NS)]
        self._tail = blocks(_WINNER, _tail)
        self._turns = _Soft(scale, _TURN)
        self._turn_limits = _Soft(scale, _TURN_LIMIT)
        self._octets: dict[int, memoryview] = {}
        """Each buffer written from a state, as bytes (for ``_put_row`` and the log)."""

    def write(self, state: st.State, seat: int, out: Buffer, previous: Any) -> None:
        """Write the vector of ``state`` for ``seat`` into ``out`` (see the protocol).

        Without ``previous`` (or with one of another player count) every block is written
        into a zeroed buffer. With it, only the blocks whose fields changed are, and
        positions, the discard pile and the log are updated from ``previous``'s image.
        Both states are unpacked once (one step, where 17 attribute reads would cost
        more than most blocks).
        """
        if state is previous:
            return
        me = seat
        (
            rules, n, phase, turn, mover, positions, hands, pile, discard, owed, target,
            given, shown, known, _, log, winner,
        ) = state  # fmt: skip
        octets = self._octets.get(id(out))
        if octets is None:
            if len(self._octets) >= 16:
                self._octets.clear()
            octets = self._octets[id(out)] = memoryview(out).cast("B")
        if me != mover or phase != _P_PICK:
            given = -1
        if previous is None or previous[st.F_PLAYERS] != n:
            out[:] = _ZEROS
            out[_PLAYERS:_TURN] = self._head[n, me, phase, mover, _CHANCE_ACTS[phase]]
            out[_TURN] = self._turns[turn]
            out[_TURN_LIMIT] = self._turn_limits[rules.turn_limit]
            self._write_positions(out, positions, mover, me)
            _put_row(octets, self._hand_lanes, bytes(hands[me]))
            out[_HAND_COUNTS:_PILE_SIZE] = self._hand_counts[me][tuple(map(sum, hands))]
            out[_PILE_SIZE] = sum(pile) * self._unit_pile
            self._write_discard(out, octets, discard)
            out[_OWED] = owed * self._unit_owed
            out[_TARGET:_KNOWN] = self._swap[target, shown, given, (target - me) % n]
            self._write_known(octets, known, me, n)
            self._write_log(octets, log, (), self._log[me * _NS + n])
            out[_WINNER:] = self._tail[winner, me, n, rules.door_weights]
            return
        (
            rules_before, _, phase_before, turn_before, mover_before, positions_before,
            hands_before, pile_before, discard_before, owed_before, target_before,
            given_before, shown_before, known_before, _, log_before, winner_before,
        ) = previous  # fmt: skip
        # The hot blocks are written inline below (a Python call costs as much as a block).
        if phase != phase_before or mover != mover_before:
            out[_PLAYERS:_TURN] = self._head[n, me, phase, mover, _CHANCE_ACTS[phase]]
        if turn != turn_before:
            out[_TURN] = self._turns[turn]
        if positions is not positions_before:
            # Only the seats that moved: their old space cleared, the new one set.
            for at, space, was in zip(
                _POSITION_AT[me * _NS + n], positions, positions_before, strict=True
            ):
                if space != was:
                    out[at + was] = 0.0
                    out[at + space] = _ONE
        if positions is not positions_before or mover != mover_before:
            out[_SPACE_AT[positions_before[mover_before]]] = 0.0
            out[_SPACE_AT[positions[mover]]] = _ONE
        if hands is not hands_before:
            hand = hands[me]
            if hand is not hands_before[me]:
                counts = bytes(hand)
                for where, table in self._hand_lanes:
                    octets[where] = counts.translate(table)
            out[_HAND_COUNTS:_PILE_SIZE] = self._hand_counts[me][tuple(map(sum, hands))]
        if pile is not pile_before:
            out[_PILE_SIZE] = sum(pile) * self._unit_pile
        if discard is not discard_before:
            size = len(discard)
            was = len(discard_before)
            if size >= was and discard[:was] == discard_before:  # cards put on top
                unit_discard = self._unit_discard
                for card in discard[was:]:
                    out[_DISCARD + card] = discard.count(card) * unit_discard
            else:
                self._update_discard(out, octets, discard, discard_before)
            if was:
                out[_DISCARD_TOP + discard_before[-1]] = 0.0
            if size:
                out[_DISCARD_TOP + discard[-1]] = _ONE
            out[_DISCARD_SIZE] = size * self._unit_discard_size
        if owed != owed_before:
            out[_OWED] = owed * self._unit_owed
        if me != mover_before or phase_before != _P_PICK:
            given_before = -1
        if target != target_before or shown != shown_before or given != given_before:
            out[_TARGET:_KNOWN] = self._swap[target, shown, given, (target - me) % n]
        if known is not known_before:
            # Only the rows that changed (the engine keeps the rows it does not change).
            for mine, theirs, lanes, lanes_by in self._known_rows[me * _NS + n]:
                row = known[mine]
                if row is not known_before[mine]:
                    counts = bytes(row)
                    for where, table in lanes:
                        octets[where] = counts.translate(table)
                row = known[theirs]
                if row is not known_before[theirs]:
                    counts = bytes(row)
                    for where, table in lanes_by:
                        octets[where] = counts.translate(table)
        if log is not log_before:
            self._write_log(octets, log, log_before, self._log[me * _NS + n])
        if rules is not rules_before:
            out[_TURN_LIMIT] = self._turn_limits[rules.turn_limit]
            out[_WINNER:] = self._tail[winner, me, n, rules.door_weights]
        elif winner != winner_before:
            out[_WINNER:] = self._tail[winner, me, n, rules.door_weights]

    def write_view(self, view: View, out: Buffer) -> None:
        """Write the vector of a seat's ``view`` into ``out``, all zeros.

        The same blocks as :meth:`write`, keyed by the same values read from the view.
        """
        octets = memoryview(out).cast("B")
        me: int = view["seat"]
        n: int = view["players"]
        mover: int = view["mover"]
        options = view["options"]
        out[_PLAYERS:_TURN] = self._head[
            n, me, _PHASES.index(view["phase"]), mover, CHANCE in view["actors"]
        ]
        out[_TURN] = self._turns[view["turn"]]
        out[_TURN_LIMIT] = self._turn_limits[options["turn_limit"]]
        self._write_positions(out, tuple(view["positions"]), mover, me)
        _put_row(octets, self._hand_lanes, bytes(cards.counts_of(view["hand"])))
        out[_HAND_COUNTS:_PILE_SIZE] = self._hand_counts[me][tuple(view["hand_counts"])]
        out[_PILE_SIZE] = view["pile_size"] * self._unit_pile
        self._write_discard(out, octets, tuple(view["discard"]))
        out[_OWED] = view["owed"] * self._unit_owed
        target: int = view["target"]
        given: int = view.get("given", -1)
        out[_TARGET:_KNOWN] = self._swap[target, view["shown"], given, (target - me) % n]
        known = [_NO_CARDS] * (n * n)
        for seat in range(n):
            if seat != me:
                mine, theirs = view["known"][seat], view["known_by"][seat]
                if mine:
                    known[me * n + seat] = cards.counts_of(mine)
                if theirs:
                    known[seat * n + me] = cards.counts_of(theirs)
        self._write_known(octets, tuple(known), me, n)
        log = tuple((_EVENT_INDEX[kind], seat, a, b) for kind, seat, a, b in view["log"])
        self._write_log(octets, log, (), self._log[me * _NS + n])
        winner = view["winner"]
        out[_WINNER:] = self._tail[
            -1 if winner is None else winner, me, n, _door_weights(options["door_weights"])
        ]

    def _write_positions(
        self, out: Buffer, positions: tuple[int, ...], mover: int, me: int
    ) -> None:
        """Each rel seat's space, then the mover's space kind."""
        unit = self._unit
        n = len(positions)
        out[_POSITIONS:_HAND] = _ZEROS[: _HAND - _POSITIONS]
        for seat, space in enumerate(positions):
            at = _POSITIONS + ((seat - me) % n) * st.TRACK_LENGTH + space
            out[at] = unit[at]
        at = _SPACE + st.TRACK[positions[mover]]
        out[at] = unit[at]

    def _write_discard(self, out: Buffer, octets: memoryview, discard: tuple[int, ...]) -> None:
        """Discard per card, its top, its size (into a zeroed ``discard_top``)."""
        _put_row(octets, self._discard_lanes, bytes(map(discard.count, _CARD_IDS)))
        if discard:
            at = _DISCARD_TOP + discard[-1]
            out[at] = self._unit[at]
        out[_DISCARD_SIZE] = len(discard) * self._unit_discard_size

    def _update_discard(
        self, out: Buffer, octets: memoryview, discard: tuple[int, ...], before: tuple[int, ...]
    ) -> None:
        """The discard counts written for ``before`` made ``discard``'s. Cards are put on
        and taken from the top, so below the highest place where both piles agree they
        are usually the same: only the counts of the cards above it are written again.
        """
        same = min(len(discard), len(before))
        while same and discard[same - 1] != before[same - 1]:
            same -= 1
        changed = {*discard[same:], *before[same:]}
        if len(changed) > _FEW_CARDS or discard[:same] != before[:same]:
            _put_row(octets, self._discard_lanes, bytes(map(discard.count, _CARD_IDS)))
            return
        unit_discard = self._unit_discard
        for card in changed:
            out[_DISCARD + card] = discard.count(card) * unit_discard

    def _write_known(self, octets: memoryview, known: tuple[Any, ...], me: int, n: int) -> None:
        """Into zeros: the known then the known_by rows that are not empty, for the other
        seats counted from me.
        """
        for mine, theirs, lanes, lanes_by in self._known_rows[me * _NS + n]:
            if any(known[mine]):
                _put_row(octets, lanes, bytes(known[mine]))
            if any(known[theirs]):
                _put_row(octets, lanes_by, bytes(known[theirs]))

    @staticmethod
    def _write_log(
        octets: memoryview, log: tuple[Any, ...], before: tuple[Any, ...], blocks: _LogEntries
    ) -> None:
        """The log entries, newest first, each ``blocks[event]``. When ``log`` is the log
        written before (``before``) with its oldest events dropped and ``k`` events added,
        the ``k`` new entries and the ones already written (moved ``k`` places) are
        joined and copied back at once.
        """
        count = len(log)
        new = count
        if before:
            # Where the newest event written last is now (``index`` compares by value, and
            # an entry depends only on its event's value), then whether every event up to
            # it is one written last; if not, all are written.
            try:
                kept = log.index(before[-1]) + 1
            except ValueError:
                pass
            else:
                if kept <= len(before) and log[:kept] == before[len(before) - kept :]:
                    new = count - kept
        if new:
            fresh = map(blocks.__getitem__, log[: -new - 1 : -1])
            if new < count:
                octets[_LOG_OCTETS : _LOG_OCTETS + count * _ENTRY_OCTETS] = b"".join(
                    (*fresh, octets[_LOG_OCTETS : _LOG_OCTETS + (count - new) * _ENTRY_OCTETS])
                )
            else:
                octets[_LOG_OCTETS : _LOG_OCTETS + count * _ENTRY_OCTETS] = b"".join(fresh)
        if count < st.LOG_SIZE:
            start = _LOG_OCTETS + count * _ENTRY_OCTETS
            octets[start:_WINNER_OCTETS] = bytes(_WINNER_OCTETS - start)


_ZEROS = array.array("f", bytes(4 * OBSERVATION_SIZE))
_NO_CARDS = cards.counts_of(())
_CARD_IDS = range(CARDS)
_ONE = 1.0
"""A one-hot's observed value (bound 1, so scaled alike)."""
_FEW_CARDS = 6
"""Most cards whose discard counts are written one by one (else the whole row)."""
_OCTETS = _ZEROS.itemsize
_ENTRY_OCTETS = _OCTETS * LOG_ENTRY
_LOG_OCTETS = _OCTETS * _LOG
_WINNER_OCTETS = _OCTETS * _WINNER

Lanes = tuple[tuple[slice, bytes], ...]
"""How to write one per-card row of counts: for each byte of a ``float32`` entry that is
not 0 for every count, the slice of the buffer's bytes holding that byte of each entry
and the table (``bytes.translate``) from a count to that byte of its observed value."""


def _lanes(unit: list[float], at: int) -> Lanes:
    """The :data:`Lanes` of the per-card row at offset ``at`` (its entries scaled alike)."""
    factor = unit[at]
    if unit[at : at + CARDS] != [factor] * CARDS:
        raise ValueError(f"the per-card row at {at} must be scaled alike")
    values = array.array("f", [count * factor for count in range(256)]).tobytes()
    start, end = _OCTETS * at, _OCTETS * (at + CARDS)
    return tuple(
        (slice(start + octet, end, _OCTETS), values[octet::_OCTETS])
        for octet in range(_OCTETS)
        if any(values[octet::_OCTETS])
    )


def _put_row(octets: memoryview, lanes: Lanes, counts: bytes) -> None:
    """Write a per-card row of ``counts`` (one byte each) through its ``lanes``.

    C-speed whatever the counts, with no Python step per card: each lane is one
    ``translate`` and one strided copy. The bytes no lane covers are 0 for every count,
    and stay 0 because a buffer is zeroed before it is first written.
    """
    for where, table in lanes:
        octets[where] = counts.translate(table)


class _LogEntries(dict[Any, bytes]):
    """The log entries seat ``me`` of ``n`` sees, by event, as the buffer's bytes.

    Each writer has its own (cleared at ``_LOG_LIMIT`` events): an entry holds at most
    four non-zero values, so a new event costs a few steps (a ``BlockCache`` would build
    and scale all 45).
    """

    def __init__(self, unit: float, me: int, n: int) -> None:
        super().__init__()
        self._unit = unit
        self._me = me
        self._n = n

    def __missing__(self, event: tuple[int, int, int, int]) -> bytes:
        if len(self) >= _LOG_LIMIT:
            self.clear()
        entry = bytearray(_ENTRY_OCTETS)
        for index, value in _log_values(event, self._me, self._n):
            at = _OCTETS * index
            entry[at : at + _OCTETS] = array.array("f", [value * self._unit]).tobytes()
        block = self[event] = bytes(entry)
        return block


_LOG_LIMIT = 1 << 14


class _Soft(dict[int, float]):
    """Observed values of a soft entry (turn, turn limit) by raw value."""

    def __init__(self, scale: Scale, index: int) -> None:
        super().__init__()
        self._value = scale.value
        self._index = index

    def __missing__(self, raw: int) -> float:
        if len(self) > 1 << 14:
            self.clear()
        value = self[raw] = self._value(self._index, raw)
        return value


@lru_cache(maxsize=64)
def _door_weights(text: str) -> tuple[int, ...]:
    """The weights of the ``door_weights`` option's text (as a view shows it)."""
    return md.parse_door_weights(text)


@lru_cache(maxsize=64)
def _door_chances(weights: tuple[int, ...]) -> tuple[float, ...]:
    total = sum(weights)
    return tuple(weight / total for weight in weights)
