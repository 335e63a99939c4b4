"""Mystery Date's compiled state writer: a seat's observation vector from the engine state.

The reference is ``adapters/encodings/mystery_date_observation.py`` (``MysteryDateWriter``)
and the table in ``adapters/encodings/mystery_date.py``: this writes the same bytes, every
block from scratch (the head, turn and turn limit, positions and the mover's space kind, my
hand, hand sizes, pile and discard, the swap under way, ``known`` both ways, the last 12
public events newest first, the winner and the door chances).

It reads what ``MysteryDate.view(state, seat)`` shows the seat and no more: its own hand,
the sizes of the other hands and of the pile (never their cards), the ``known`` rows
between it and each other seat, and the card given face down only when it is the giver
(the mover, in the pick).
"""

from cpython cimport array
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from ludoteca.adapters.encodings import mystery_date_observation as _obs
from ludoteca.games.mystery_date import cards as _cards
from ludoteca.games.mystery_date import state as _st

# State fields by position (checked against ``State._fields`` below).
cdef enum:
    F_RULES, F_PLAYERS, F_PHASE, F_TURN, F_MOVER, F_POSITIONS, F_HANDS, F_PILE, F_DISCARD
    F_OWED, F_TARGET, F_GIVEN, F_SHOWN, F_KNOWN, F_PUBLIC, F_LOG, F_WINNER

_FIELDS = (
    "rules", "players", "phase", "turn", "mover", "positions", "hands", "pile", "discard",
    "owed", "target", "given", "shown", "known", "public", "log", "winner",
)
if _st.State._fields != _FIELDS or _st.Rules._fields != ("door_weights", "turn_limit"):
    raise RuntimeError("the compiled Mystery Date writer reads the fields in their old order")

cdef enum:
    MAX_TRACK = 64
    MAX_PHASES = 16
    MAX_OUTCOMES = 8
    MAX_CARDS = 64

cdef Py_ssize_t SIZE = _obs.OBSERVATION_SIZE
cdef Py_ssize_t CARDS = _obs.CARDS
cdef long SEATS = _obs.SEATS
cdef Py_ssize_t TRACK_LENGTH = _st.TRACK_LENGTH
cdef Py_ssize_t LOG_ENTRY = _obs.LOG_ENTRY
cdef Py_ssize_t LOG_SIZE = _st.LOG_SIZE
cdef Py_ssize_t DOOR_OUTCOMES = _obs.DOOR_OUTCOMES
cdef long P_PICK = _st.Phase.PICK
cdef tuple NO_CARDS = _cards.NO_CARDS
"""The engine's empty row of counts (most ``known`` rows): nothing to write."""

cdef Py_ssize_t O_PLAYERS, O_SEAT, O_PHASE, O_MOVER, O_CHANCE, O_TURN, O_TURN_LIMIT
cdef Py_ssize_t O_POSITIONS, O_SPACE, O_HAND, O_HAND_COUNTS, O_PILE_SIZE, O_DISCARD
cdef Py_ssize_t O_DISCARD_TOP, O_DISCARD_SIZE, O_OWED, O_TARGET, O_SHOWN, O_GIVEN
cdef Py_ssize_t O_KNOWN, O_KNOWN_BY, O_LOG, O_WINNER, O_DOOR_WEIGHTS
(
    O_PLAYERS, O_SEAT, O_PHASE, O_MOVER, O_CHANCE, O_TURN, O_TURN_LIMIT, O_POSITIONS,
    O_SPACE, O_HAND, O_HAND_COUNTS, O_PILE_SIZE, O_DISCARD, O_DISCARD_TOP, O_DISCARD_SIZE,
    O_OWED, O_TARGET, O_SHOWN, O_GIVEN, O_KNOWN, O_KNOWN_BY, O_LOG, O_WINNER, O_DOOR_WEIGHTS,
) = _obs.LAYOUT.offsets(
    "players", "seat", "phase", "mover", "chance_acts", "turn", "turn_limit", "positions",
    "space", "hand", "hand_counts", "pile_size", "discard", "discard_top", "discard_size",
    "owed", "target", "shown", "given", "known", "known_by", "log", "winner", "door_weights",
)

# Offsets inside a log entry.
cdef Py_ssize_t E_SEAT = _obs._E_SEAT
cdef Py_ssize_t E_CARD = _obs._E_CARD
cdef Py_ssize_t E_DIE = _obs._E_DIE
cdef Py_ssize_t E_PARTNER = _obs._E_PARTNER
cdef Py_ssize_t E_SHOWN = _obs._E_SHOWN
cdef Py_ssize_t E_DOOR = _obs._E_DOOR
cdef Py_ssize_t E_COUNT = _obs._E_COUNT
cdef long EV_ROLL = _st.Event.ROLL
cdef long EV_TOP = _st.Event.TOP
cdef long EV_DISCARD = _st.Event.DISCARD
cdef long EV_REVEAL = _st.Event.REVEAL
cdef long EV_SWAP = _st.Event.SWAP
cdef long EV_DOOR = _st.Event.DOOR
cdef long EV_RESHUFFLE = _st.Event.RESHUFFLE

if (
    TRACK_LENGTH > MAX_TRACK or len(_st.Phase) > MAX_PHASES or DOOR_OUTCOMES > MAX_OUTCOMES
    or CARDS > MAX_CARDS
):
    raise RuntimeError("the compiled Mystery Date writer's tables are too small")

cdef long SPACE_KIND[MAX_TRACK]
"""The kind (``state.Space``) of each track space."""
cdef bint CHANCE_ACTS[MAX_PHASES]
"""Whether chance acts, by phase."""
for _i in range(TRACK_LENGTH):
    SPACE_KIND[_i] = _st.TRACK[_i]
for _i in range(len(_st.Phase)):
    CHANCE_ACTS[_i] = _st.Phase(_i) in _st.CHANCE_PHASES


cdef inline long _rel(long seat, long me, long n) noexcept nogil:
    """``(seat - me) % n`` as Python computes it (never negative)."""
    cdef long r = (seat - me) % n
    return r + n if r < 0 else r


cdef inline long _sum(tuple counts) except? -1:
    cdef long total = 0
    cdef Py_ssize_t i
    for i in range(len(counts)):
        total += <long>counts[i]
    return total


cdef class Writer:
    """``encodings.StateWriter`` for Mystery Date (see the module docstring)."""

    cdef double* unit
    cdef bint soft_turn, soft_turn_limit
    cdef float k_turn, k_turn_limit

    def __cinit__(self):
        self.unit = NULL

    def __init__(self, encoding, list unit, dict soft):
        cdef Py_ssize_t i
        if len(unit) != SIZE:
            raise ValueError(f"expected {SIZE} unit factors, got {len(unit)}")
        if self.unit == NULL:
            self.unit = <double*>malloc(SIZE * sizeof(double))
            if self.unit == NULL:
                raise MemoryError()
        for i in range(SIZE):
            self.unit[i] = unit[i]
        for index, k in soft.items():
            if index == O_TURN:
                self.soft_turn = True
                self.k_turn = <float>k
            elif index == O_TURN_LIMIT:
                self.soft_turn_limit = True
                self.k_turn_limit = <float>k
            else:
                raise ValueError(f"entry {index} cannot be soft-scaled (only turn, turn_limit)")

    def __dealloc__(self):
        free(self.unit)

    def write(self, state, int seat, array.array out not None, previous):
        """Write the vector of ``state`` for ``seat`` into ``out`` (every entry)."""
        if not isinstance(state, tuple):
            raise TypeError("a Mystery Date State is expected")
        # NamedTuples: cast (a ``tuple`` declaration checks for the exact type)
        cdef tuple s = <tuple>state
        cdef double* u = self.unit
        cdef long me = seat
        cdef long n = <long>s[F_PLAYERS]
        cdef long phase = <long>s[F_PHASE]
        cdef long mover = <long>s[F_MOVER]
        cdef long target = <long>s[F_TARGET]
        cdef long shown = <long>s[F_SHOWN]
        cdef long winner = <long>s[F_WINNER]
        cdef long given = -1
        cdef tuple rules = <tuple>s[F_RULES]
        cdef tuple positions = s[F_POSITIONS]
        cdef tuple hands = s[F_HANDS]
        cdef tuple discard = s[F_DISCARD]
        cdef tuple known = s[F_KNOWN]
        cdef tuple log = s[F_LOG]
        cdef tuple row
        cdef tuple event
        cdef tuple weights
        cdef long other, rel, value, kind, a, total
        cdef long counts[MAX_CARDS]
        cdef Py_ssize_t i, at, entry, count
        cdef float x
        cdef float* o = out.data.as_floats

        # array('f') rather than a float[::1] memoryview: the buffer protocol costs a call
        if len(out) != SIZE or out.ob_descr.typecode != b"f":
            raise ValueError(f"out must be array('f') of {SIZE} entries")
        # Indexes below are unchecked: a bad seat or player count must not write past out.
        if not (2 <= n <= SEATS and 0 <= me < n and 0 <= mover < n):
            raise ValueError(f"seat {me} (mover {mover}) of {n} players")
        memset(o, 0, SIZE * sizeof(float))

        # players, seat, phase, mover, chance_acts
        o[O_PLAYERS + n - 2] = <float>u[O_PLAYERS + n - 2]
        o[O_SEAT + me] = <float>u[O_SEAT + me]
        o[O_PHASE + phase] = <float>u[O_PHASE + phase]
        at = O_MOVER + _rel(mover, me, n)
        o[at] = <float>u[at]
        if CHANCE_ACTS[phase]:
            o[O_CHANCE] = <float>u[O_CHANCE]

        # turn, turn_limit: float32 x / (x + k) when soft
        value = <long>s[F_TURN]
        if self.soft_turn:
            x = <float>value
            o[O_TURN] = x / (x + self.k_turn)
        else:
            o[O_TURN] = <float>(value * u[O_TURN])
        value = <long>rules[1]
        if self.soft_turn_limit:
            x = <float>value
            o[O_TURN_LIMIT] = x / (x + self.k_turn_limit)
        else:
            o[O_TURN_LIMIT] = <float>(value * u[O_TURN_LIMIT])

        # positions (a row of TRACK_LENGTH per rel seat), the mover's space kind
        for other in range(len(positions)):
            at = O_POSITIONS + _rel(other, me, n) * TRACK_LENGTH + <long>positions[other]
            o[at] = <float>u[at]
        at = O_SPACE + SPACE_KIND[<long>positions[mover]]
        o[at] = <float>u[at]

        # my hand per card, then every hand's size (only its sum is read)
        row = hands[me]
        for i in range(CARDS):
            at = O_HAND + i
            o[at] = <float>(<long>row[i] * u[at])
        for other in range(len(hands)):
            at = O_HAND_COUNTS + _rel(other, me, n)
            o[at] = <float>(_sum(<tuple>hands[other]) * u[at])
        o[O_PILE_SIZE] = <float>(_sum(<tuple>s[F_PILE]) * u[O_PILE_SIZE])

        # discard per card, its top, its size
        for i in range(CARDS):
            counts[i] = 0
        count = len(discard)
        for i in range(count):
            counts[<long>discard[i]] += 1
        for i in range(CARDS):
            at = O_DISCARD + i
            o[at] = <float>(counts[i] * u[at])
        if count:
            at = O_DISCARD_TOP + <long>discard[count - 1]
            o[at] = <float>u[at]
        o[O_DISCARD_SIZE] = <float>(count * u[O_DISCARD_SIZE])
        o[O_OWED] = <float>(<long>s[F_OWED] * u[O_OWED])

        # the swap under way: target, shown, given (the giver's only)
        if target >= 0:
            at = O_TARGET + _rel(target, me, n)
            o[at] = <float>u[at]
        if shown >= 0:
            at = O_SHOWN + shown
            o[at] = <float>u[at]
        if me == mover and phase == P_PICK:
            given = <long>s[F_GIVEN]
            if given >= 0:
                at = O_GIVEN + given
                o[at] = <float>u[at]

        # known, known_by: only the rows between me and each other seat
        for other in range(n):
            if other == me:
                continue
            rel = _rel(other, me, n) - 1
            row = known[me * n + other]
            if row is not NO_CARDS:
                for i in range(CARDS):
                    at = O_KNOWN + rel * CARDS + i
                    o[at] = <float>(<long>row[i] * u[at])
            row = known[other * n + me]
            if row is not NO_CARDS:
                for i in range(CARDS):
                    at = O_KNOWN_BY + rel * CARDS + i
                    o[at] = <float>(<long>row[i] * u[at])

        # the log, newest first; slots past its length stay 0
        count = len(log)
        if count > LOG_SIZE:
            count = LOG_SIZE
        for entry in range(count):
            event = log[len(log) - 1 - entry]
            at = O_LOG + entry * LOG_ENTRY
            kind = <long>event[0]
            o[at + kind] = <float>u[at + kind]
            other = <long>event[1]
            if other >= 0:
                i = at + E_SEAT + _rel(other, me, n)
                o[i] = <float>u[i]
            a = <long>event[2]
            if kind == EV_TOP or kind == EV_DISCARD or kind == EV_REVEAL:
                i = at + E_CARD + a
                o[i] = <float>u[i]
            elif kind == EV_ROLL:
                i = at + E_DIE + a - 1
                o[i] = <float>u[i]
            elif kind == EV_SWAP:
                i = at + E_PARTNER + _rel(a, me, n)
                o[i] = <float>u[i]
            elif kind == EV_DOOR:
                i = at + E_SHOWN + a
                o[i] = <float>u[i]
                i = at + E_DOOR + <long>event[3]
                o[i] = <float>u[i]
            elif kind == EV_RESHUFFLE:
                i = at + E_COUNT
                o[i] = <float>(a * u[i])

        # winner, door chances (weight / total in double, as Python's true division)
        if winner >= 0:
            at = O_WINNER + _rel(winner, me, n)
            o[at] = <float>u[at]
        weights = rules[0]
        total = _sum(weights)
        for i in range(len(weights)):
            at = O_DOOR_WEIGHTS + i
            o[at] = <float>((<long>weights[i] / <double>total) * u[at])
