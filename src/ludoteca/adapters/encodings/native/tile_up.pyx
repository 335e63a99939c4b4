"""Tile Up's compiled state writer: a seat's observation vector from a ``model.State``.

The reference is ``tile_up_observation.py`` (``TileUpWriter`` and ``LAYOUT``) with the
observation table in ``tile_up.py``: this writes the same bytes, raw or scaled.

``out`` holds the vector of ``previous`` (the state last written for the seat), so a block
whose state fields are ``previous``'s very objects is left as it is; any other block is
cleared and written whole (the head, the hands, the card zones, the seat figures). On
the board only the cells whose stack objects changed are rewritten, the region shapes if
the regions changed, and the tiles per code from a count the writer brings up to date
from the last board it counted. With no ``previous``, everything is written.

Like the Python writer it reads of the hidden zones only their sizes: the other seats'
tiles and goal cards, the bag, and the goal deck while its order is unknown.
"""

cimport cython
from cpython.object cimport Py_SIZE
from cpython.tuple cimport PyTuple_Check, PyTuple_GET_ITEM, PyTuple_GET_SIZE
from libc.stdlib cimport malloc, free
from libc.string cimport memset
from cpython cimport array

from ludoteca.adapters.encodings import tile_up_observation as _observation
from ludoteca.games.tile_up import model as _model

# Layout constants (the board size aside, fixed): checked against the Python module below.
cdef enum:
    SEATS = 4
    TILES = 30
    CARDS = 27
    COLOURS = 6
    NUMBERS = 5
    SHAPES = 9
    CELL = 21
    KINDS = 4
    FACEUP = 2
    PHASES = 4
    ACTS = 4
    LAST_END = 3
    HEIGHT_AT = COLOURS + NUMBERS
    SHAPE_AT = HEIGHT_AT + 1

cdef enum:
    PLAYERS = 0
    SEAT = 3
    PHASE = 7
    CURRENT = 11
    CHANCE = 15
    ACTED = 16
    TURN = 20
    BAG_SIZE = 21
    TILE_COUNTS = 22
    GOAL_COUNTS = 26
    MY_TILES = 30
    MY_GOALS = 60
    KNOWN = 117
    FACEUP_AT = 225
    DECK_SIZE = 279
    ORDERED = 280
    POSITIONS = 281
    DISCARD = 308
    DISCARD_TOP = 335
    PENDING = 362
    TURN_CARDS = 366
    SCORES = 393
    SCORED = 397
    SUMS = 401
    FRESH = 405
    END = 409
    BOARD_SIZE = 412
    MIRROR = 415
    BOARD_TILES = 416
    BOARD = 446

# model.State's fields by position.
cdef enum:
    FIELDS = 27
    F_RULES = 0
    F_STACKS = 1
    F_REGIONS = 6
    F_BAG = 7
    F_HANDS = 8
    F_GOALS = 9
    F_KNOWN = 10
    F_FACEUP = 11
    F_DECK = 12
    F_ORDERED = 13
    F_DISCARD = 14
    F_PENDING = 15
    F_PHASE = 16
    F_CURRENT = 17
    F_ACTED = 18
    F_TURN_CARDS = 19
    F_SCORES = 20
    F_SCORED = 21
    F_SUMS = 22
    F_FRESH = 23
    F_TURN = 24
    F_END_REASON = 25


def _check() -> None:
    """Raise ImportError if the Python layout or state moved from the constants above."""
    layout = _observation.LAYOUT
    offsets = layout.offsets(
        "players", "seat", "phase", "current", "chance_acts", "acted", "turn", "bag_size",
        "tile_counts", "goal_counts", "tiles", "goals", "known_goals", "faceup",
        "deck_size", "deck_ordered", "deck_position", "discard", "discard_top", "pending",
        "turn_cards", "scores", "scored", "start_sums", "fresh", "end_reason", "board_size",
        "allow_mirror", "board_tiles", "board",
    )
    expected = (
        PLAYERS, SEAT, PHASE, CURRENT, CHANCE, ACTED, TURN, BAG_SIZE, TILE_COUNTS,
        GOAL_COUNTS, MY_TILES, MY_GOALS, KNOWN, FACEUP_AT, DECK_SIZE, ORDERED, POSITIONS,
        DISCARD, DISCARD_TOP, PENDING, TURN_CARDS, SCORES, SCORED, SUMS, FRESH, END,
        BOARD_SIZE, MIRROR, BOARD_TILES, BOARD,
    )
    if tuple(offsets) != expected:
        raise ImportError("native.tile_up: tile_up_observation's layout moved")
    constants = (
        _observation.SEATS, _observation.TILES, _observation.CARDS, _observation.COLOURS,
        _observation.NUMBERS, _observation.SHAPES, _observation.CELL, len(_model.KINDS),
        _model.FACEUP, len(_model.PHASES), len(_model.END_REASONS) - 1, len(_model.State._fields),
    )
    expected = (
        SEATS, TILES, CARDS, COLOURS, NUMBERS, SHAPES, CELL, KINDS, FACEUP, PHASES, LAST_END,
        FIELDS,
    )
    if constants != expected or _model.PLACING != ACTS - 1:
        raise ImportError("native.tile_up: Tile Up's component counts changed")
    fields = _model.State._fields
    positions = (
        F_RULES, F_STACKS, F_REGIONS, F_BAG, F_HANDS, F_GOALS, F_KNOWN, F_FACEUP, F_DECK,
        F_ORDERED, F_DISCARD, F_PENDING, F_PHASE, F_CURRENT, F_ACTED, F_TURN_CARDS,
        F_SCORES, F_SCORED, F_SUMS, F_FRESH, F_TURN, F_END_REASON,
    )
    names = (
        "rules", "stacks", "regions", "bag", "hands", "goals", "known", "faceup", "deck",
        "deck_ordered", "discard", "pending", "phase", "current", "acted", "turn_cards",
        "scores", "scored", "sums", "fresh", "turn", "end_reason",
    )
    if tuple(fields[i] for i in positions) != names:
        raise ImportError("native.tile_up: model.State's fields moved")
    if _model.Region._fields[0] != "anchor" or _model.Region._fields[2] != "shape":
        raise ImportError("native.tile_up: board.Region's fields moved")


_check()
_SIZES = tuple(_observation.SIZES)


cdef inline long _index(object items, Py_ssize_t i, long bound) except -1:
    """``items[i]`` (a tuple's), a small int checked to be in ``range(bound)``."""
    cdef long value = <object>PyTuple_GET_ITEM(items, i)
    if not 0 <= value < bound:
        raise ValueError(f"{value} out of range({bound})")
    return value


cdef inline bint _new(tuple t, tuple p, Py_ssize_t field) noexcept:
    """Whether ``t``'s field is not ``p``'s object (or there is no ``p``)."""
    return p is None or PyTuple_GET_ITEM(t, field) != PyTuple_GET_ITEM(p, field)


cdef inline float _soft(double raw, float k) noexcept:
    # As Scale.value: float32 arithmetic, as NumPy's float32 scalars.
    cdef float x = <float>raw
    return x / (x + k)


@cython.final
cdef class Writer:
    """``encodings.StateWriter`` of one ``TileUpEncoding`` and scale (see the module)."""

    cdef double* unit
    cdef float* soft  # per entry: k, or -1 where the entry is not soft
    cdef Py_ssize_t n
    cdef int size
    cdef int stride
    cdef int size_index
    # The tiles per code on the board of ``counted`` (the last stacks counted, held so
    # that its cells can be told apart from a new board's by identity).
    cdef object counted
    cdef int on_board[TILES]
    # The size of the bag ``bag`` (by identity: most steps keep the bag).
    cdef object bag
    cdef long bag_size

    def __cinit__(self):
        self.unit = NULL
        self.soft = NULL

    def __init__(self, encoding, list unit, dict soft):
        cdef Py_ssize_t i
        self.size = encoding.size
        self.stride = self.size + 1
        self.size_index = _SIZES.index(self.size)
        self.n = len(unit)
        if self.n != BOARD + CELL * self.size * self.size:
            raise ValueError(f"{self.n} units for a Tile Up board of size {self.size}")
        self.unit = <double*>malloc(self.n * sizeof(double))
        self.soft = <float*>malloc(self.n * sizeof(float))
        if self.unit == NULL or self.soft == NULL:
            raise MemoryError()
        for i in range(self.n):
            self.unit[i] = unit[i]
            self.soft[i] = -1.0
        for index, k in soft.items():
            if not 0 <= index < self.n or k <= 0:
                raise ValueError(f"soft scale {k} at {index}")
            self.soft[<Py_ssize_t>index] = <float>(<double>k)
        self.counted = None
        self.bag = None

    def __dealloc__(self):
        free(self.unit)
        free(self.soft)

    cdef inline float value(self, Py_ssize_t i, double raw) noexcept:
        """``Scale.value``: soft entries in float32, the others times their unit."""
        cdef float k = self.soft[i]
        if k < 0:
            return <float>(raw * self.unit[i])
        return _soft(raw, k)

    def write(self, state, int seat, out, previous):
        """Make ``out`` the vector of ``state`` for ``seat``; ``out`` holds the vector of
        ``previous`` (if not ``None``) for the same seat.
        """
        cdef float[::1] view
        cdef float* o
        cdef Py_ssize_t length
        # NamedTuples (State, Rules, Region) are tuples, though not exactly: cast after
        # checking.
        if not PyTuple_Check(state) or PyTuple_GET_SIZE(state) != FIELDS:
            raise TypeError(f"not a Tile Up state: {type(state).__name__}")
        if previous is not None and (
            not PyTuple_Check(previous) or PyTuple_GET_SIZE(previous) != FIELDS
        ):
            raise TypeError(f"not a Tile Up state: {type(previous).__name__}")
        # An array's data pointer is read directly: acquiring a typed memoryview costs
        # about as much as the rest of the call.
        if type(out) is array.array and (<array.array>out).ob_descr.typecode == b'f':
            o = (<array.array>out).data.as_floats
            length = Py_SIZE(out)
        else:
            view = out
            o = &view[0]
            length = view.shape[0]
        if length != self.n:
            raise ValueError(f"a buffer of {length} entries for {self.n}")
        if previous is None:
            self._head(<tuple>state, None, seat, o)
            self._board(<tuple>state, None, o)
        else:
            self._head(<tuple>state, <tuple>previous, seat, o)
            self._board(<tuple>state, <tuple>previous, o)

    cdef int _head(self, tuple t, tuple p, long me, float* o) except -1:
        """Every entry before ``board_tiles``: each block whose fields are not
        ``previous``'s objects (whose vector ``out`` holds), or every block.

        Comparing field objects by identity, rather than reading them, keeps the
        unchanged ones out of the cache: reading them costs most of the time.
        """
        cdef double* u = self.unit
        cdef tuple hands = t[F_HANDS]
        cdef tuple held, zone
        cdef Py_ssize_t n = PyTuple_GET_SIZE(hands)
        cdef long phase = t[F_PHASE]
        cdef long current = t[F_CURRENT]
        cdef long acted = t[F_ACTED]
        cdef long end_reason = t[F_END_REASON]
        cdef long bits
        cdef Py_ssize_t i, j, r, at
        cdef long total
        cdef int counts[TILES]
        if not (2 <= n <= SEATS and 0 <= me < n and 0 <= phase < PHASES
                and 0 <= acted < ACTS and 0 <= end_reason <= LAST_END):
            raise ValueError(f"seat {me} of {n}, phase {phase}, acted {acted}")
        if p is not None and p[F_HANDS] is not hands and PyTuple_GET_SIZE(p[F_HANDS]) != n:
            p = None  # another player count: its relative seats moved
        if p is None:
            memset(o, 0, BOARD_TILES * sizeof(float))

        # players, seat, phase, current, acted, turn.
        memset(o, 0, (CHANCE - PLAYERS) * sizeof(float))
        memset(o + ACTED, 0, (TURN - ACTED) * sizeof(float))
        o[PLAYERS + n - 2] = self.value(PLAYERS + n - 2, 1.0)
        o[SEAT + me] = self.value(SEAT + me, 1.0)
        o[PHASE + phase] = self.value(PHASE + phase, 1.0)
        if current >= 0:
            at = CURRENT + (current - me + n) % n
            o[at] = self.value(at, 1.0)
        o[ACTED + acted] = self.value(ACTED + acted, 1.0)
        o[TURN] = self.value(TURN, <double><long>t[F_TURN])

        # The bag's size only (its contents are hidden).
        if t[F_BAG] is not self.bag:
            held = t[F_BAG]
            total = 0
            for i in range(PyTuple_GET_SIZE(held)):
                total += <long>held[i]
            self.bag = held
            self.bag_size = total
        o[BAG_SIZE] = <float>(self.bag_size * u[BAG_SIZE])

        # Every seat's tile count, my own tiles.
        if _new(t, p, F_HANDS):
            memset(o + TILE_COUNTS, 0, SEATS * sizeof(float))
            memset(o + MY_TILES, 0, TILES * sizeof(float))
            for r in range(n):
                held = hands[(me + r) % n]
                o[TILE_COUNTS + r] = <float>(PyTuple_GET_SIZE(held) * u[TILE_COUNTS + r])
            memset(counts, 0, sizeof(counts))
            held = hands[me]
            for i in range(PyTuple_GET_SIZE(held)):
                counts[_index(held, i, TILES)] += 1
            for i in range(TILES):
                if counts[i]:
                    o[MY_TILES + i] = <float>(counts[i] * u[MY_TILES + i])

        # Every seat's goal card count, my own cards.
        if _new(t, p, F_GOALS):
            zone = t[F_GOALS]
            if PyTuple_GET_SIZE(zone) != n:
                raise ValueError("goals: not one hand per seat")
            memset(o + GOAL_COUNTS, 0, SEATS * sizeof(float))
            memset(o + MY_GOALS, 0, CARDS * sizeof(float))
            for r in range(n):
                held = zone[(me + r) % n]
                o[GOAL_COUNTS + r] = <float>(PyTuple_GET_SIZE(held) * u[GOAL_COUNTS + r])
            held = zone[me]
            for i in range(PyTuple_GET_SIZE(held)):
                at = MY_GOALS + _index(held, i, CARDS)
                o[at] = <float>u[at]

        # The public card zones.
        if _new(t, p, F_KNOWN):
            zone = t[F_KNOWN]
            if PyTuple_GET_SIZE(zone) != n:
                raise ValueError("known: not one hand per seat")
            memset(o + KNOWN, 0, SEATS * CARDS * sizeof(float))
            for j in range(n):
                held = zone[j]
                r = (j - me + n) % n
                for i in range(PyTuple_GET_SIZE(held)):
                    at = KNOWN + r * CARDS + _index(held, i, CARDS)
                    o[at] = <float>u[at]
        if _new(t, p, F_FACEUP):
            zone = t[F_FACEUP]
            if PyTuple_GET_SIZE(zone) != FACEUP:
                raise ValueError("faceup: not two slots")
            memset(o + FACEUP_AT, 0, FACEUP * CARDS * sizeof(float))
            for j in range(FACEUP):
                if <long>zone[j] >= 0:
                    at = FACEUP_AT + j * CARDS + _index(zone, j, CARDS)
                    o[at] = <float>u[at]
        if _new(t, p, F_DECK) or _new(t, p, F_ORDERED):
            zone = t[F_DECK]
            memset(o + DECK_SIZE, 0, (DISCARD - DECK_SIZE) * sizeof(float))
            o[DECK_SIZE] = <float>(PyTuple_GET_SIZE(zone) * u[DECK_SIZE])
            if t[F_ORDERED]:  # else the order is hidden
                o[ORDERED] = <float>u[ORDERED]
                for i in range(PyTuple_GET_SIZE(zone)):
                    at = POSITIONS + _index(zone, i, CARDS)
                    o[at] = <float>((i + 1) * u[at])
        if _new(t, p, F_DISCARD):
            zone = t[F_DISCARD]
            memset(o + DISCARD, 0, 2 * CARDS * sizeof(float))
            j = PyTuple_GET_SIZE(zone)
            for i in range(j):
                at = DISCARD + _index(zone, i, CARDS)
                o[at] = <float>u[at]
            if j:
                at = DISCARD_TOP + _index(zone, j - 1, CARDS)
                o[at] = <float>u[at]

        # chance_acts and the draws owed per kind.
        if _new(t, p, F_PENDING):
            zone = t[F_PENDING]
            memset(counts, 0, KINDS * sizeof(int))
            for i in range(PyTuple_GET_SIZE(zone)):
                counts[_index(zone[i], 0, KINDS)] += 1
            o[CHANCE] = self.value(CHANCE, 1.0 if PyTuple_GET_SIZE(zone) else 0.0)
            for i in range(KINDS):
                o[PENDING + i] = self.value(PENDING + i, <double>counts[i])
        if _new(t, p, F_TURN_CARDS):
            bits = t[F_TURN_CARDS]
            for i in range(CARDS):
                o[TURN_CARDS + i] = <float>u[TURN_CARDS + i] if bits >> i & 1 else 0.0

        # The seat figures, rel seats (absent seats: a raw 0).
        if (_new(t, p, F_SCORES) or _new(t, p, F_SCORED) or _new(t, p, F_SUMS)
                or _new(t, p, F_FRESH)):
            self._figures(t, me, n, o)

        # end_reason and the options.
        memset(o + END, 0, (BOARD_TILES - END) * sizeof(float))
        if end_reason:
            o[END + end_reason - 1] = self.value(END + end_reason - 1, 1.0)
        o[BOARD_SIZE + self.size_index] = self.value(BOARD_SIZE + self.size_index, 1.0)
        o[MIRROR] = self.value(MIRROR, 1.0 if (<tuple>t[F_RULES])[1] else 0.0)
        return 0

    cdef int _figures(self, tuple t, long me, Py_ssize_t n, float* o) except -1:
        """scores, scored, start_sums and fresh, rel seats."""
        cdef tuple scores = t[F_SCORES]
        cdef tuple scored = t[F_SCORED]
        cdef tuple sums = t[F_SUMS]
        cdef long fresh = t[F_FRESH]
        cdef Py_ssize_t j, r
        if not PyTuple_GET_SIZE(scores) == PyTuple_GET_SIZE(scored) == PyTuple_GET_SIZE(sums) == n:
            raise ValueError("scores, scored, sums: not one per seat")
        for j in range(n):
            r = (j - me + n) % n
            o[SCORES + r] = self.value(SCORES + r, <double><long>scores[j])
            o[SCORED + r] = self.value(SCORED + r, <double><long>scored[j])
            o[SUMS + r] = self.value(SUMS + r, <double>(<long>sums[j] + 1))
            o[FRESH + r] = self.value(FRESH + r, <double>(fresh >> j & 1))
        for r in range(n, SEATS):
            o[SCORES + r] = self.value(SCORES + r, 0.0)
            o[SCORED + r] = self.value(SCORED + r, 0.0)
            o[SUMS + r] = self.value(SUMS + r, 0.0)
            o[FRESH + r] = self.value(FRESH + r, 0.0)
        return 0

    cdef int _board(self, tuple t, tuple previous, float* o) except -1:
        """``board_tiles`` and ``board``: the cells and regions that differ from
        ``previous``'s (whose vector ``out`` holds), or all of them.
        """
        cdef tuple stacks = t[F_STACKS]
        cdef tuple regions = t[F_REGIONS]
        cdef tuple before
        cdef Py_ssize_t cells = self.size * self.stride
        cdef Py_ssize_t bit
        cdef double* u = self.unit
        if PyTuple_GET_SIZE(stacks) != cells:
            raise ValueError(f"a board of {PyTuple_GET_SIZE(stacks)} cells for {cells}")
        if previous is None:
            memset(o + BOARD_TILES, 0, (self.n - BOARD_TILES) * sizeof(float))
            for bit in range(cells):
                if bit % self.stride != self.size and PyTuple_GET_SIZE(
                    <tuple>PyTuple_GET_ITEM(stacks, bit)
                ):
                    self._cell(o, stacks, bit)
            self._shapes(o, regions, 1)
        else:
            before = previous[F_STACKS]
            if stacks is before and regions is previous[F_REGIONS]:
                return 0
            if PyTuple_GET_SIZE(before) != cells:
                raise ValueError(f"a board of {PyTuple_GET_SIZE(before)} cells for {cells}")
            if stacks is not before:
                for bit in range(cells):
                    if (PyTuple_GET_ITEM(stacks, bit) != PyTuple_GET_ITEM(before, bit)
                            and bit % self.stride != self.size):
                        self._cell(o, stacks, bit)
            if regions is not previous[F_REGIONS]:
                self._shapes(o, previous[F_REGIONS], 0)
                self._shapes(o, regions, 1)
        self._count(stacks)
        for bit in range(TILES):
            o[BOARD_TILES + bit] = <float>(self.on_board[bit] * u[BOARD_TILES + bit])
        return 0

    cdef int _cell(self, float* o, tuple stacks, Py_ssize_t bit) except -1:
        """A cell's top colour and number one-hots and height (its shape entries aside)."""
        cdef tuple stack = <tuple>PyTuple_GET_ITEM(stacks, bit)
        cdef Py_ssize_t height = PyTuple_GET_SIZE(stack)
        cdef Py_ssize_t at = self._at(bit)
        cdef double* u = self.unit
        cdef long code
        memset(o + at, 0, (HEIGHT_AT + 1) * sizeof(float))
        if height:
            code = _index(stack, height - 1, TILES)
            o[at + code // NUMBERS] = <float>u[at + code // NUMBERS]
            o[at + COLOURS + code % NUMBERS] = <float>u[at + COLOURS + code % NUMBERS]
            o[at + HEIGHT_AT] = <float>(height * u[at + HEIGHT_AT])
        return 0

    cdef int _shapes(self, float* o, tuple regions, bint shown) except -1:
        """Set (``shown``) or clear the shape one-hot on each region's anchor cell."""
        cdef Py_ssize_t i, at
        cdef long anchor
        cdef tuple region
        for i in range(PyTuple_GET_SIZE(regions)):
            region = <tuple>PyTuple_GET_ITEM(regions, i)
            anchor = region[0]
            if not 0 <= anchor < self.size * self.stride or anchor % self.stride == self.size:
                raise ValueError(f"no cell {anchor}")
            at = self._at(anchor) + SHAPE_AT
            if shown:
                at += _index(region, 2, SHAPES)
                o[at] = <float>self.unit[at]
            else:
                memset(o + at, 0, SHAPES * sizeof(float))
        return 0

    cdef inline Py_ssize_t _at(self, Py_ssize_t bit) noexcept:
        """The vector's index of a cell's first entry, from its bit index."""
        return BOARD + CELL * (bit // self.stride * self.size + bit % self.stride)

    cdef int _count(self, tuple stacks) except -1:
        """Bring :attr:`on_board` to ``stacks``' board from :attr:`counted`'s (boards
        of this size: checked by :meth:`_board`).
        """
        cdef Py_ssize_t bit, i
        cdef Py_ssize_t cells = PyTuple_GET_SIZE(stacks)
        cdef tuple before
        cdef tuple stack
        if stacks is self.counted:
            return 0
        before = self.counted
        self.counted = None  # until counted (a bad tile code raises half way)
        if before is None:
            memset(self.on_board, 0, sizeof(self.on_board))
            for bit in range(cells):
                if bit % self.stride == self.size:
                    continue  # a guard bit, no cell
                stack = <tuple>PyTuple_GET_ITEM(stacks, bit)
                for i in range(PyTuple_GET_SIZE(stack)):
                    self.on_board[_index(stack, i, TILES)] += 1
        else:
            for bit in range(cells):
                if (PyTuple_GET_ITEM(stacks, bit) == PyTuple_GET_ITEM(before, bit)
                        or bit % self.stride == self.size):
                    continue
                stack = <tuple>PyTuple_GET_ITEM(before, bit)
                for i in range(PyTuple_GET_SIZE(stack)):
                    self.on_board[_index(stack, i, TILES)] -= 1
                stack = <tuple>PyTuple_GET_ITEM(stacks, bit)
                for i in range(PyTuple_GET_SIZE(stack)):
                    self.on_board[_index(stack, i, TILES)] += 1
        self.counted = stacks
        return 0

