# cython: language_level=3
"""Dweebies' observation vector written from the engine state in C (``encodings.native``).

Writes every entry of a seat's vector, from scratch, in the layout of
``dweebies_observation.LAYOUT`` (the table in ``dweebies``' docstring). The reference is
``dweebies_observation.DweebiesWriter``: the same entries, byte for byte, raw and scaled.
Its incremental image (kept runs, patched slots) exists only because Python is slow; here
the table is laid on a dense grid of kinds indexed by cell code, so each run is a few array
reads, and the grid is cleared again by walking the cards set on it.

It reads what ``Dweebies.view(state, seat)`` shows the seat: its own hand, the sizes of the
other hands and of the pile, the table, the legal cells, the groups' count, the row and
column on offer, scores and the last placement; never other hands' cards nor the pile's.
"""

from cpython cimport array
from cpython.dict cimport PyDict_Next
from cpython.ref cimport PyObject
from libc.stdlib cimport malloc, free
from libc.string cimport memset

from ludoteca.adapters.encodings import dweebies_observation as _obs
from ludoteca.games.dweebies import layout as _layout
from ludoteca.games.dweebies import model as _model

# Offsets of the blocks (read once from the reference's LAYOUT).
cdef Py_ssize_t SIZE = _obs.OBSERVATION_SIZE
cdef Py_ssize_t O_PLAYERS = _obs._PLAYERS
cdef Py_ssize_t O_SEAT = _obs._SEAT
cdef Py_ssize_t O_PHASE = _obs._PHASE
cdef Py_ssize_t O_MOVER = _obs._MOVER
cdef Py_ssize_t O_CHANCE = _obs._CHANCE
cdef Py_ssize_t O_FIRST = _obs._FIRST
cdef Py_ssize_t O_DEALT = _obs._DEALT
cdef Py_ssize_t O_HAND = _obs._HAND
cdef Py_ssize_t O_HAND_COUNTS = _obs._HAND_COUNTS
cdef Py_ssize_t O_PILE_SIZE = _obs._PILE_SIZE
cdef Py_ssize_t O_TABLE_SIZE = _obs._TABLE_SIZE
cdef Py_ssize_t O_GROUPS = _obs._GROUPS
cdef Py_ssize_t O_LEGAL_COUNT = _obs._LEGAL_COUNT
cdef Py_ssize_t O_ROW_LENGTH = _obs._ROW_LENGTH
cdef Py_ssize_t O_COLUMN_LENGTH = _obs._COLUMN_LENGTH
cdef Py_ssize_t O_LAST_SEAT = _obs._LAST_SEAT
cdef Py_ssize_t O_LAST_CARD = _obs._LAST_CARD
cdef Py_ssize_t O_LAST_CELL = _obs._LAST_CELL
cdef Py_ssize_t O_LAST_TAKEN = _obs._LAST_TAKEN
cdef Py_ssize_t O_WINDOW = _obs._WINDOW
cdef Py_ssize_t O_WINDOW_LEGAL = _obs._WINDOW_LEGAL
cdef Py_ssize_t O_OUTSIDE = _obs._OUTSIDE
cdef Py_ssize_t O_TABLE = _obs._TABLE
cdef Py_ssize_t O_CELLS = _obs._CELLS
cdef Py_ssize_t SEATS = _obs.SEATS
cdef long KINDS = _obs.KINDS
cdef Py_ssize_t MAX_TABLE = _obs.MAX_TABLE
cdef Py_ssize_t MAX_CELLS = _obs.MAX_CELLS
cdef long RADIUS = _obs.RADIUS
cdef long WIDTH = _obs.WIDTH
cdef Py_ssize_t SLOT = _obs.SLOT
cdef long STRIDE = _layout.STRIDE
cdef long CENTRE = _layout.CENTRE
cdef long P_DEAL = int(_model.Phase.DEAL)
cdef long P_DRAW = int(_model.Phase.DRAW)

cdef object STATE = _model.State

# State fields by position.
cdef Py_ssize_t F_PLAYERS = _model.F_PLAYERS
cdef Py_ssize_t F_FIRST = _model.F_FIRST
cdef Py_ssize_t F_PHASE = _model.F_PHASE
cdef Py_ssize_t F_TURN = _model.F_TURN
cdef Py_ssize_t F_DEALT = _model.F_DEALT
cdef Py_ssize_t F_HANDS = _model.F_HANDS
cdef Py_ssize_t F_PILE = _model.F_PILE
cdef Py_ssize_t F_TABLE = _model.F_TABLE
cdef Py_ssize_t F_GROUPS = _model.F_GROUPS
cdef Py_ssize_t F_CELLS = _model.F_CELLS
cdef Py_ssize_t F_ROW = _model.F_ROW
cdef Py_ssize_t F_COLUMN = _model.F_COLUMN
cdef Py_ssize_t F_SCORES = _model.F_SCORES
cdef Py_ssize_t F_LAST = _model.F_LAST

# The dense grid of kinds by cell code. Codes are 16 bits; the margin of one row each side
# lets a walk step off any code without a check (walks stop at the first empty cell).
cdef enum:
    MARGIN = 256
    GRID = 65536 + 2 * MARGIN
    MAX_CARDS = 64  # room for the table's cards (the deck has 54)

# The four directions of a slot's runs: -x, +x, -y, +y (``_obs._STEPS``).
cdef long STEPS[4]
STEPS[0] = -_layout.ROW
STEPS[1] = _layout.ROW
STEPS[2] = -_layout.COLUMN
STEPS[3] = _layout.COLUMN
if tuple(STEPS[i] for i in range(4)) != tuple(_obs._STEPS):
    raise ImportError("dweebies: the runs' directions differ from dweebies_observation")
if MAX_TABLE > MAX_CARDS:
    raise ImportError("dweebies: more cards than the compiled writer has room for")


cdef inline long _rel(long seat, long me, long n):
    """``(seat - me) % n`` as Python computes it (never negative)."""
    cdef long r = (seat - me) % n
    return r + n if r < 0 else r


cdef class Writer:
    """``encodings.StateWriter`` of Dweebies (see the module docstring)."""

    cdef double *u
    cdef unsigned char grid[GRID]
    cdef long codes[MAX_CARDS]

    def __cinit__(self):
        self.u = NULL

    def __init__(self, encoding, list unit, dict soft):
        cdef Py_ssize_t i
        if len(unit) != SIZE:
            raise ValueError(f"dweebies: {len(unit)} factors for {SIZE} entries")
        if soft:
            # No Dweebies range is soft; the reference writer has no soft path either.
            raise ValueError("dweebies: no entry is scaled softly")
        self.u = <double *> malloc(SIZE * sizeof(double))
        if self.u == NULL:
            raise MemoryError()
        for i in range(SIZE):
            self.u[i] = unit[i]

    def __dealloc__(self):
        free(self.u)

    def write(self, state, int seat, array.array out, previous):
        if type(state) is not STATE:  # the casts below read it as this NamedTuple
            raise TypeError(f"dweebies: not a Dweebies state: {type(state).__name__}")
        cdef float *o
        cdef tuple t = <tuple> state  # a NamedTuple: exact-tuple checks refuse it
        cdef double *u = self.u
        cdef unsigned char *grid = self.grid + MARGIN
        cdef long *codes = self.codes
        cdef long me = seat
        cdef long n = <long> t[F_PLAYERS]
        cdef long phase = <long> t[F_PHASE]
        cdef tuple hands = t[F_HANDS]
        cdef tuple hand
        cdef tuple scores = t[F_SCORES]
        cdef tuple legal = t[F_CELLS]
        cdef dict table = t[F_TABLE].cells
        cdef object last = t[F_LAST]
        cdef tuple placed
        cdef long counts[32]
        cdef Py_ssize_t i, j, at, pos = 0
        cdef PyObject *key
        cdef PyObject *value
        cdef long r, k, code, kind, cell, step, length, d
        cdef long cards, slots, outside = 0
        cdef long xmin, xmax, ymin, ymax, y, ox, oy, origin, dx, dy
        cdef double ut, uc, uw, ul

        if not 0 <= me < n:
            raise ValueError(f"dweebies: seat {me} of {n} players")
        # An array's data pointer: a memoryview would cost the buffer protocol every call.
        if len(out) != SIZE or out.ob_descr.typecode != c'f':
            raise ValueError(f"dweebies: out must be an array('f') of {SIZE} entries")
        o = out.data.as_floats
        cards = len(table)
        slots = len(legal)
        if cards > MAX_TABLE or slots > MAX_CELLS:
            raise ValueError(f"dweebies: {cards} cards, {slots} legal cells: too many")
        memset(o, 0, SIZE * sizeof(float))

        # players, seat, phase, mover, chance_acts, first_player, dealt
        o[O_PLAYERS + n - 2] = <float> u[O_PLAYERS + n - 2]
        o[O_SEAT + me] = <float> u[O_SEAT + me]
        o[O_PHASE + phase] = <float> u[O_PHASE + phase]
        r = _rel(<long> t[F_TURN], me, n)
        o[O_MOVER + r] = <float> u[O_MOVER + r]
        if phase == P_DEAL or phase == P_DRAW:
            o[O_CHANCE] = <float> u[O_CHANCE]
        r = _rel(<long> t[F_FIRST], me, n)
        o[O_FIRST + r] = <float> u[O_FIRST + r]
        o[O_DEALT] = <float> (<long> t[F_DEALT] * u[O_DEALT])

        # hand (my cards only), hand_counts and scores (rel seats)
        hand = hands[me]
        memset(counts, 0, sizeof(counts))
        for i in range(len(hand)):
            counts[<long> hand[i]] += 1
        for k in range(1, KINDS + 1):
            if counts[k]:
                o[O_HAND + k - 1] = <float> (counts[k] * u[O_HAND])
        for j in range(n):
            r = _rel(j, me, n)
            at = O_HAND_COUNTS + r
            o[at] = <float> (len(<tuple> hands[j]) * u[at])
            at = O_HAND_COUNTS + SEATS + r
            o[at] = <float> (<long> scores[j] * u[at])
        o[O_PILE_SIZE] = <float> (len(t[F_PILE]) * u[O_PILE_SIZE])
        o[O_ROW_LENGTH] = <float> (len(t[F_ROW]) * u[O_ROW_LENGTH])
        o[O_COLUMN_LENGTH] = <float> (len(t[F_COLUMN]) * u[O_COLUMN_LENGTH])
        o[O_TABLE_SIZE] = <float> (cards * u[O_TABLE_SIZE])
        d = 0
        if cards:
            d = len(t[F_GROUPS])
            if d < 1:
                d = 1
        o[O_GROUPS] = <float> (d * u[O_GROUPS])
        o[O_LEGAL_COUNT] = <float> (slots * u[O_LEGAL_COUNT])

        # The cards onto the grid and into ``codes``, sorted (insertion: at most 54).
        j = 0
        while PyDict_Next(table, &pos, &key, &value):
            code = <long> <object> key
            grid[code] = <unsigned char> (<long> <object> value)
            i = j
            while i > 0 and codes[i - 1] > code:
                codes[i] = codes[i - 1]
                i -= 1
            codes[i] = code
            j += 1

        # The reference cell: the centre of the cards' bounding box.
        origin = CENTRE
        if cards:
            xmin = codes[0] >> 8
            xmax = codes[cards - 1] >> 8
            ymin = ymax = codes[0] & 0xFF
            for i in range(1, cards):
                y = codes[i] & 0xFF
                if y < ymin:
                    ymin = y
                elif y > ymax:
                    ymax = y
            origin = ((xmin + xmax) // 2) * STRIDE + (ymin + ymax) // 2
        ox = origin >> 8
        oy = origin & 0xFF

        # window, outside, table
        ut = u[O_TABLE]
        uw = u[O_WINDOW]
        for i in range(cards):
            code = codes[i]
            kind = grid[code]
            dx = (code >> 8) - ox
            dy = (code & 0xFF) - oy
            if -RADIUS <= dx <= RADIUS and -RADIUS <= dy <= RADIUS:
                o[O_WINDOW + WIDTH * (dx + RADIUS) + dy + RADIUS] = <float> (kind * uw)
            else:
                outside += 1
            at = O_TABLE + 4 * i
            o[at] = <float> ut
            o[at + 1] = <float> (dx * ut)
            o[at + 2] = <float> (dy * ut)
            o[at + 3] = <float> (kind * ut)
        o[O_OUTSIDE] = <float> (outside * u[O_OUTSIDE])

        # window_legal and the legal cells' slots: present, dx, dy, then each way's run
        uc = u[O_CELLS]
        ul = u[O_WINDOW_LEGAL]
        for i in range(slots):
            code = <long> legal[i]
            dx = (code >> 8) - ox
            dy = (code & 0xFF) - oy
            if -RADIUS <= dx <= RADIUS and -RADIUS <= dy <= RADIUS:
                o[O_WINDOW_LEGAL + WIDTH * (dx + RADIUS) + dy + RADIUS] = <float> ul
            at = O_CELLS + SLOT * i
            o[at] = <float> uc
            o[at + 1] = <float> (dx * uc)
            o[at + 2] = <float> (dy * uc)
            for k in range(4):
                step = STEPS[k]
                cell = code + step
                if grid[cell]:
                    length = 0
                    while grid[cell]:
                        cell += step
                        length += 1
                    o[at + 3 + 2 * k] = <float> (length * uc)
                    o[at + 4 + 2 * k] = <float> (grid[cell - step] * uc)

        for i in range(cards):
            grid[codes[i]] = 0

        # The last placement, its cell from the reference cell.
        if last is not None:
            placed = <tuple> last
            r = _rel(<long> placed[0], me, n)
            o[O_LAST_SEAT + r] = <float> u[O_LAST_SEAT]
            kind = <long> placed[1]
            o[O_LAST_CARD + kind - 1] = <float> u[O_LAST_CARD]
            cell = <long> placed[2]
            o[O_LAST_CELL] = <float> (((cell >> 8) - ox) * u[O_LAST_CELL])
            o[O_LAST_CELL + 1] = <float> (((cell & 0xFF) - oy) * u[O_LAST_CELL + 1])
            o[O_LAST_TAKEN] = <float> (<long> placed[3] * u[O_LAST_TAKEN])
