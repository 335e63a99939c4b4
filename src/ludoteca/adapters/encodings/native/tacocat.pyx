"""Tacocat's compiled state writer (``encodings.native``).

It writes the vector ``TacocatWriter.write`` (``tacocat_observation.py``, the reference)
writes, every entry from the state on every call: the raw counts into a C array, then each
times its factor (``unit``) rounded to ``float32``, or ``x / (x + k)`` in ``float32`` for a
soft entry. It reads what ``Tacocat.view(state, seat)`` shows the seat: every public field,
its own hand and pending choice (of the other's, only whether there is one), and the
lengths of the other hand and of the pile.
"""

from cpython cimport array
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport memset

from ludoteca.adapters.encodings import tacocat_observation as obs
from ludoteca.engine.game import CHANCE
from ludoteca.games import tacocat as tc

cdef int SIZE = obs.OBSERVATION_SIZE
cdef int SPACES = tc.SPACES
cdef int MAX_VALUE = tc.MAX_VALUE
cdef object ACTORS = tc.GAME.actors
cdef object NO_CHANCE = CHANCE
cdef tuple HAND_SIZES = tuple(tc.HAND_SIZES)
cdef tuple ARROWS = tuple(tc.ARROWS)

cdef int SEAT = obs._SEAT
cdef int PHASE = obs._PHASE
cdef int ACTING = obs._ACTING
cdef int POSITION = obs._POSITION
cdef int COVERED = obs._COVERED
cdef int HAND_SIZE = obs._HAND_SIZE
cdef int ARROW = obs._ARROW
cdef int HAND = obs._HAND
cdef int HAND_COUNTS = obs._HAND_COUNTS
cdef int PILE_SIZE = obs._PILE_SIZE
cdef int DISCARD = obs._DISCARD
cdef int OWED = obs._OWED
cdef int REPLACED = obs._REPLACED
cdef int REPLACED_COUNT = obs._REPLACED_COUNT
cdef int CHOSEN = obs._CHOSEN
cdef int MY_CHOICE = obs._MY_CHOICE
cdef int ATTACKER = obs._ATTACKER
cdef int ATTACK_CARDS = obs._ATTACK_CARDS
cdef int ANSWERED = obs._ANSWERED
cdef int TO_ANSWER = obs._TO_ANSWER
cdef int DEFENDED = obs._DEFENDED
cdef int LAST_DUEL = obs._LAST_DUEL
cdef int LAST_TRICK_ATTACKER = obs._LAST_TRICK_ATTACKER
cdef int LAST_TRICK_ATTACK = obs._LAST_TRICK_ATTACK
cdef int LAST_TRICK_DEFENDED = obs._LAST_TRICK_DEFENDED
cdef int LAST_SHOWDOWN = obs._LAST_SHOWDOWN
cdef int ROUNDS_WON = obs._ROUNDS_WON
cdef int LAST_ROUND = obs._LAST_ROUND
cdef int WINNER = obs._WINNER
cdef int TIE_GOES_TO_ARROW = obs._TIE_GOES_TO_ARROW

cdef object STATE = tc.State

# The state's fields, by position (``State`` is a NamedTuple).
cdef int F_RULES = tc.State._fields.index("rules")
cdef int F_POSITION = tc.State._fields.index("position")
cdef int F_COVERED = tc.State._fields.index("covered")
cdef int F_PHASE = tc.State._fields.index("phase")
cdef int F_HANDS = tc.State._fields.index("hands")
cdef int F_PILE = tc.State._fields.index("pile")
cdef int F_DISCARD = tc.State._fields.index("discard")
cdef int F_OWED = tc.State._fields.index("owed")
cdef int F_REPLACED = tc.State._fields.index("replaced")
cdef int F_PENDING = tc.State._fields.index("pending")
cdef int F_ATTACKER = tc.State._fields.index("attacker")
cdef int F_ATTACK = tc.State._fields.index("attack")
cdef int F_ANSWERS = tc.State._fields.index("answers")
cdef int F_LAST_DUEL = tc.State._fields.index("last_duel")
cdef int F_LAST_TRICK = tc.State._fields.index("last_trick")
cdef int F_LAST_SHOWDOWN = tc.State._fields.index("last_showdown")
cdef int F_RESULTS = tc.State._fields.index("results")
cdef int F_WINNER = tc.State._fields.index("winner")


cdef inline void count_cards(double* raw, int at, tuple cards):
    """One per card at ``at + value - 1``."""
    cdef Py_ssize_t i
    for i in range(len(cards)):
        raw[at + <long>cards[i] - 1] += 1.0


cdef inline void count_answers(double* raw, int at, tuple answers):
    """A defence card at ``at + value - 1``, a sacrificed one (``-value``) in the block
    after it."""
    cdef Py_ssize_t i
    cdef long answer
    for i in range(len(answers)):
        answer = answers[i]
        if answer > 0:
            raw[at + answer - 1] += 1.0
        else:
            raw[at + MAX_VALUE - 1 - answer] += 1.0


cdef inline void pair(double* raw, int at, object cards, int me):
    """A revealed pair (duel or showdown): my card, then the other's."""
    cdef tuple both
    if cards is not None:
        both = cards
        raw[at + <long>both[me] - 1] = 1.0
        raw[at + MAX_VALUE + <long>both[1 - me] - 1] = 1.0


cdef class Writer:
    """Writes Tacocat's vector from a state (``encodings.StateWriter``)."""

    cdef double* unit
    cdef double* raw
    cdef float* soft
    cdef char* is_soft

    def __cinit__(self, encoding, list unit, dict soft):
        self.unit = <double*> PyMem_Malloc(SIZE * sizeof(double))
        self.raw = <double*> PyMem_Malloc(SIZE * sizeof(double))
        self.soft = <float*> PyMem_Malloc(SIZE * sizeof(float))
        self.is_soft = <char*> PyMem_Malloc(SIZE)
        if not (self.unit and self.raw and self.soft and self.is_soft):
            raise MemoryError()
        cdef int i
        for i in range(SIZE):
            self.unit[i] = unit[i]
            self.is_soft[i] = i in soft
            self.soft[i] = <float> soft[i] if i in soft else 0.0

    def __dealloc__(self):
        PyMem_Free(self.unit)
        PyMem_Free(self.raw)
        PyMem_Free(self.soft)
        PyMem_Free(self.is_soft)

    def write(self, state, int seat, array.array out, previous):
        """Make ``out`` the vector of ``state`` for ``seat`` (see the protocol)."""
        if type(state) is not STATE:  # the casts below read it as this NamedTuple
            raise TypeError(f"tacocat: not a Tacocat state: {type(state).__name__}")
        if not 0 <= seat <= 1:
            raise ValueError(f"tacocat: seat {seat} of 2 players")
        cdef tuple s = <tuple>state  # a NamedTuple: a tuple subclass, which `= state` refuses
        cdef double* raw = self.raw
        cdef int me = seat
        cdef int opp = 1 - seat
        cdef int i
        cdef long position, covered, value, answered
        cdef tuple hands, hand, pending, attack, answers, results, trick
        cdef object arrow, mine
        if len(out) != SIZE or out.ob_descr.typecode != b"f":
            raise ValueError(f"out must be array('f') of {SIZE} entries")
        memset(raw, 0, SIZE * sizeof(double))
        raw[SEAT + me] = 1.0
        raw[PHASE + <long>s[F_PHASE]] = 1.0
        for actor in ACTORS(state):
            if actor == NO_CHANCE:
                raw[ACTING + 2] += 1.0
            elif <long>actor == me:
                raw[ACTING] += 1.0
            else:
                raw[ACTING + 1] += 1.0
        position = s[F_POSITION]
        covered = s[F_COVERED]
        raw[POSITION + (position + 1 if me == 0 else SPACES - position)] = 1.0
        for i in range(SPACES):
            if covered >> i & 1:
                raw[COVERED + (i if me == 0 else SPACES - 1 - i)] = 1.0
        if 0 <= position < SPACES:
            raw[HAND_SIZE] = <long>HAND_SIZES[position]
            arrow = ARROWS[position]
            if arrow is None:
                raw[ARROW + 2] = 1.0
            elif <long>arrow == me:
                raw[ARROW] = 1.0
            else:
                raw[ARROW + 1] = 1.0
        hands = s[F_HANDS]
        hand = hands[me]
        count_cards(raw, HAND, hand)
        raw[HAND_COUNTS] = len(hand)
        raw[HAND_COUNTS + 1] = len(<tuple>hands[opp])
        raw[PILE_SIZE] = len(<tuple>s[F_PILE])
        count_cards(raw, DISCARD, s[F_DISCARD])
        raw[OWED] = <long>(<tuple>s[F_OWED])[me]
        raw[OWED + 1] = <long>(<tuple>s[F_OWED])[opp]
        value = (<tuple>s[F_REPLACED])[me]
        raw[REPLACED] = value >= 0
        raw[REPLACED_COUNT] = value if value > 0 else 0
        value = (<tuple>s[F_REPLACED])[opp]
        raw[REPLACED + 1] = value >= 0
        raw[REPLACED_COUNT + 1] = value if value > 0 else 0
        pending = s[F_PENDING]
        mine = pending[me]
        raw[CHOSEN] = mine is not None
        raw[CHOSEN + 1] = pending[opp] is not None
        if mine is not None:
            count_cards(raw, MY_CHOICE, mine)
        value = s[F_ATTACKER]
        raw[ATTACKER] = value == me
        raw[ATTACKER + 1] = value == opp
        attack = s[F_ATTACK]
        answers = s[F_ANSWERS]
        count_cards(raw, ATTACK_CARDS, attack)
        answered = len(answers)
        raw[ANSWERED] = answered
        if answered < len(attack):
            raw[TO_ANSWER + <long>attack[answered] - 1] = 1.0
        count_answers(raw, DEFENDED, answers)
        pair(raw, LAST_DUEL, s[F_LAST_DUEL], me)
        if s[F_LAST_TRICK] is not None:
            trick = s[F_LAST_TRICK]
            value = trick[0]
            if value >= 0:
                raw[LAST_TRICK_ATTACKER + (0 if value == me else 1)] = 1.0
            count_cards(raw, LAST_TRICK_ATTACK, trick[1])
            count_answers(raw, LAST_TRICK_DEFENDED, trick[2])
        pair(raw, LAST_SHOWDOWN, s[F_LAST_SHOWDOWN], me)
        results = s[F_RESULTS]
        if len(results):
            for i in range(len(results)):
                value = results[i]
                if value == me:
                    raw[ROUNDS_WON] += 1.0
                elif value == opp:
                    raw[ROUNDS_WON + 1] += 1.0
            value = results[len(results) - 1]
            raw[LAST_ROUND + (2 if value < 0 else 0 if value == me else 1)] = 1.0
        value = s[F_WINNER]
        if value >= 0:
            raw[WINNER + (0 if value == me else 1)] = 1.0
        rules = s[F_RULES]
        raw[TIE_GOES_TO_ARROW] = <long>rules[0]
        raw[TIE_GOES_TO_ARROW + 1] = <long>rules[1]
        self.scale_into(out.data.as_floats)

    cdef void scale_into(self, float* out):
        cdef int i
        cdef float x
        cdef double* raw = self.raw
        for i in range(SIZE):
            if self.is_soft[i]:
                x = <float> raw[i]
                out[i] = x / (x + self.soft[i])
            else:
                out[i] = <float> (raw[i] * self.unit[i])


# ---------------------------------------------------------------------------------------
# Action masks

cdef int MASK_WORDS = 4  # 64-bit words of a mask's bits: room for 256 action numbers
cdef int REPLACE_KEYS = 1 << 13  # bit v for a value 1..12 open to select, bit 0: confirm


cdef class Masker:
    """Tacocat's action masks at C speed: ``TacocatEncoding.action_mask`` (the reference,
    ``encodings/tacocat.py``) for the engine's lists.

    The same read-only ``int8`` masks, shared between calls: a legal list's by its actions'
    numbers (found once per action object, then by identity), the replace phase's by the
    values still open to select and whether *confirm* is. What the reference reads that
    this does not (a replace phase given as a plain list) it passes to ``fallback``.

    Args:
        size: The action space's size.
        select: The number of *select 1*.
        confirm: The number of *confirm*.
        number: The number of an engine action (raises ``KeyError`` for none).
        fallback: ``fallback(legal, draft)``: the reference's mask of a plain list of
            replaces.
        no_action: The all-zeros mask.
        limit: Action objects and masks kept before clearing.
    """

    cdef int size
    cdef int select
    cdef int confirm
    cdef object number
    cdef object fallback
    cdef object no_action
    cdef object frombuffer
    cdef Py_ssize_t limit
    cdef dict numbers  # id(action) -> its number, for the objects in ``kept``
    cdef list kept  # so that no id in ``numbers`` names another object while kept
    cdef dict masks  # the mask's bits (bytes) -> the mask
    cdef list replace_masks  # REPLACE_KEYS entries: the mask, or None until made

    def __init__(self, int size, int select, int confirm, number, fallback, no_action,
                 Py_ssize_t limit=16384):
        if not 0 < size <= 64 * MASK_WORDS:
            raise ValueError(f"tacocat: {size} action numbers, at most {64 * MASK_WORDS}")
        if not (0 <= select and select + MAX_VALUE <= size and 0 <= confirm < size):
            raise ValueError("tacocat: select or confirm outside the action space")
        import numpy  # only here: the writers need none of it

        self.size = size
        self.select = select
        self.confirm = confirm
        self.number = number
        self.fallback = fallback
        self.no_action = no_action
        self.frombuffer = numpy.frombuffer
        self.limit = limit
        self.numbers = {}
        self.kept = []
        self.masks = {}
        self.replace_masks = [None] * REPLACE_KEYS

    def action_mask(self, view, legal, draft):
        """``TacocatEncoding.action_mask``: 1 for each number the seat may choose now."""
        if not legal:
            return self.no_action
        identity = getattr(legal, "identity", None)
        if identity is not None:
            hand, limit = identity()
            return self.replace_mask(
                hand if type(hand) is tuple else tuple(hand),
                limit,
                draft if type(draft) is tuple else tuple(draft),
            )
        if isinstance(legal[0], tc.Replace):
            return self.fallback(legal, draft)
        return self.list_mask(legal)

    cdef object replace_mask(self, tuple hand, long limit, tuple draft):
        """The engine's lazy replace list (every sub-multiset of ``hand`` with at most
        ``limit`` cards): *select v* while the hand holds more v than the draft and the
        draft is not full, *confirm* while the hand holds the draft.
        """
        cdef int counts[13]
        cdef Py_ssize_t i
        cdef long value
        cdef int held = 1
        cdef int key
        memset(counts, 0, sizeof(counts))
        for i in range(len(hand)):
            value = hand[i]
            if not 1 <= value <= MAX_VALUE:
                raise ValueError(f"tacocat: a card of value {value} in a hand")
            counts[value] += 1
        for i in range(len(draft)):
            value = draft[i]
            if 1 <= value <= MAX_VALUE and counts[value] > 0:
                counts[value] -= 1
            else:
                held = 0
        key = 1 if held and len(draft) <= limit else 0
        if len(draft) < limit:
            for value in range(1, MAX_VALUE + 1):
                if counts[value] > 0:
                    key |= 1 << value
        found = self.replace_masks[key]
        if found is None:
            bits = bytearray(self.size)
            for value in range(1, MAX_VALUE + 1):
                if key >> value & 1:
                    bits[self.select + value - 1] = 1
            bits[self.confirm] = key & 1
            found = self.frombuffer(bytes(bits), dtype="int8")  # read-only, as bytes are
            self.replace_masks[key] = found
        return found

    cdef object list_mask(self, legal):
        """A one at each legal engine action's number."""
        cdef unsigned long long words[4]
        cdef long number
        cdef int i
        memset(words, 0, sizeof(words))
        numbers = self.numbers
        for action in legal:
            found = numbers.get(id(action))
            if found is None:
                found = self.learn(action)
            number = found
            words[number >> 6] |= 1ULL << (number & 63)
        key = (<char*> words)[: sizeof(words)]
        mask = self.masks.get(key)
        if mask is not None:
            return mask
        bits = bytearray(self.size)
        for i in range(self.size):
            if words[i >> 6] >> (i & 63) & 1:
                bits[i] = 1
        mask = self.frombuffer(bytes(bits), dtype="int8")
        if len(self.masks) >= self.limit:
            self.masks.clear()
        self.masks[key] = mask
        return mask

    cdef long learn(self, action) except -1:
        """The number of ``action``, kept by its identity from now on."""
        cdef long number = self.number(action)
        if not 0 <= number < self.size:
            raise ValueError(f"tacocat: action number {number} of {self.size}")
        if len(self.kept) >= self.limit:
            self.numbers.clear()
            self.kept.clear()
        self.numbers[id(action)] = number
        self.kept.append(action)
        return number
