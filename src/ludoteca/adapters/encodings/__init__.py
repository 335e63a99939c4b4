"""Integer action spaces and observation vectors for learning agents, one per game.

An :class:`Encoding` turns what a seat may know — its view (``game.view(state, seat)``) and
the legal actions — into fixed-size NumPy arrays, and an action number back into an engine
action. It never sees a state, so an observation cannot contain what the view hides.

Some engine decisions are too many for one flat action space (Tacocat's replace: every
sub-multiset of a nine-card hand). An encoding may split such a decision into *sub-actions*
chosen one after another: the environment keeps the seat's choices so far as a **draft**
(a tuple of small integers whose meaning is the encoding's) and sends one engine action only
when the encoding says the decision is complete. The draft is part of the seat's
observation and of its action mask, and is emptied after every engine action of the seat.

Scaled observations
-------------------
The raw vector holds counts and ids (small integers, as the tests and the tables read them).
:func:`scaled` maps it into [0, 1] — [-1, 1] for entries whose lower bound is negative
(Dweebies' relative coordinates) — for a network's input: every entry is divided by its
bound, the larger of ``|low|`` and ``|high|``, except the ranges an encoding lists in
``observation_soft`` as ``(offset, size, k)``: their bounds are loose (Tile Up's scores may
reach 405,675 but stay in the hundreds), so a value ``x >= 0`` there becomes
``x / (x + k)``: 0.5 at the typical value ``k``, below 1 for any ``x``. Each encoding's
docstring lists its soft ranges; every adapter scales by default (the
PettingZoo environments give raw counts only when built with ``scaled=False``).

Writing from the state (the fast path)
--------------------------------------
Building a seat's view and then encoding it costs several times an engine step. An encoding
may also offer ``state_writer(scale)``: a :class:`StateWriter` that writes the same vector
straight from the engine state's fields *that the seat's view shows* — never a hidden one —
into a preallocated buffer, rewriting only the blocks whose fields changed since the state
it wrote last (engine states are immutable tuples that share unchanged fields, so a field
that is the same object holds the same value). :class:`StateObserver` keeps one buffer per
seat for an environment.

One writer per observation: each encoding's layout (:class:`~.layout.Layout`) and writer
live in ``<game id>_observation.py``. A block whose values recur (a seat pair, a phase) is
copied from a :class:`BlockCache` keyed by them; a block whose keys would rarely repeat (a
hand, a pile in order) is written in place, only its changed entries; the part of the
vector that is the same for every seat (Dweebies' layout, Tile Up's board) is one image the
writer patches from what changed and copies to each seat. Its ``write`` reads those values
from the state; its ``write_view`` (:class:`ViewWriter`) reads them from the seat's view,
and the encoding's ``observation`` is that (:func:`from_view`, with the draft's entries
added). Each game's tests prove the two equal over many random states and seats, in
sequence, every few states, two matches in turn and out of order, and the state's
unchanged when ``game.sample_state`` redraws every hidden zone, so it cannot carry more
than the view; ``tests/adapters/test_observation_digests.py`` pins every
vector bit for bit. An encoding whose ``action_mask`` and
``decode`` read no more of the view than ``seat`` and ``players`` sets ``view_free = True``
and the environments hand them :func:`seat_views` instead of building the view. Reading
game state makes these writers the one place in the adapters that depends on a game's
state layout; ``docs/architecture.md`` says why. Each game's writer also exists compiled
(``encodings.native``, Cython): :class:`StateObserver` uses it wherever the build made it,
and the tests check it the same way.

Encodings are looked up by game id with :func:`make`; each lives in
``adapters/encodings/<game id>.py`` and exposes ``make(num_players, options)``.
"""

from __future__ import annotations

import array
import importlib
import operator
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from ludoteca.adapters.encodings import native
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import Options, Seat, View
from ludoteca.engine.i18n import msg

Draft = tuple[int, ...]
"""A seat's sub-action choices so far toward one engine action (empty for most decisions)."""

EMPTY_DRAFT: Draft = ()

ObservationArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


class Decoded(NamedTuple):
    """What an action number means for the environment.

    Attributes:
        action: The engine action to play, or ``None`` if the number was a sub-action that
            only extends the draft (the same seat chooses again).
        draft: The seat's draft after this number (empty once ``action`` is set).
    """

    action: Any | None
    draft: Draft = EMPTY_DRAFT


class Encoding(Protocol):
    """A game's fixed integer action space and observation vector.

    Attributes:
        game_id: The game this encodes.
        action_size: Number of action numbers (``0 .. action_size - 1``).
        observation_low: Lowest value of each observation entry (``float32``).
        observation_high: Highest value of each observation entry (``float32``).
    """

    game_id: str
    action_size: int
    observation_low: ObservationArray
    observation_high: ObservationArray

    def observation(self, view: View, draft: Draft) -> ObservationArray:
        """The observation vector of the seat whose ``view`` this is, with its draft."""
        ...

    def action_mask(self, view: View, legal: Sequence[Any], draft: Draft) -> MaskArray:
        """1 for every action number the seat may choose now, else 0 (``int8``).

        Args:
            view: The seat's view.
            legal: The seat's legal engine actions (``game.legal_actions``); empty when the
                seat is not acting.
            draft: The seat's draft.
        """
        ...

    def decode(self, index: int, view: View, legal: Sequence[Any], draft: Draft) -> Decoded:
        """The meaning of an unmasked action number (callers check the mask first)."""
        ...

    def encode(self, action: Any) -> tuple[int, ...]:
        """The action numbers that produce the engine ``action``, in order (starting from an
        empty draft).

        Raises:
            KeyError: If the action has no encoding.
        """
        ...

    def action_label(self, index: int) -> str:
        """A short text for an action number (``"duel 7"``, ``"select 3"``)."""
        ...


SoftRanges = tuple[tuple[int, int, float], ...]
"""``(offset, size, k)``: entries scaled ``x / (x + k)`` instead of ``x / bound``."""

_SCALES: dict[int, tuple[Encoding, ObservationArray, SoftRanges]] = {}


def _scale(encoding: Encoding) -> tuple[ObservationArray, SoftRanges]:
    cached = _SCALES.get(id(encoding))
    if cached is None or cached[0] is not encoding:
        bound = np.maximum(np.abs(encoding.observation_low), np.abs(encoding.observation_high))
        inverse = np.zeros_like(bound)
        np.divide(1.0, bound, out=inverse, where=bound > 0)
        soft: SoftRanges = getattr(encoding, "observation_soft", ())
        cached = (encoding, inverse.astype(np.float32), soft)
        _SCALES[id(encoding)] = cached
    return cached[1], cached[2]


def scaled(encoding: Encoding, vector: ObservationArray) -> ObservationArray:
    """``vector`` (an ``encoding.observation``) scaled into [0, 1] or [-1, 1] (see above).

    Returns a new ``float32`` array; ``vector`` is left as it was.
    """
    inverse, soft = _scale(encoding)
    out = vector * inverse
    for offset, size, k in soft:
        raw = vector[offset : offset + size]
        out[offset : offset + size] = raw / (raw + np.float32(k))
    return out


class Observer:
    """One encoding's observation vectors, built once per view and reused across drafts.

    A seat choosing sub-actions (Tacocat's replace selects, a Dweebies or Tile Up *select*
    then *place*) observes the same view with a longer draft each time; an encoding that
    names the entries its draft writes (``draft_entries(draft)``: the index of each entry
    that counts one, repeated for counts) lets the environments build the vector once per
    view and add the draft to a copy. The draft's entries are 0 in a vector built with an
    empty draft (they hold the draft only), so the result equals
    ``encoding.observation(view, draft)`` (scaled if asked) exactly; the adapter tests
    check it.

    Attributes:
        encoding: The encoding.
        scaled: Whether vectors are scaled (:func:`scaled`).
    """

    def __init__(self, encoding: Encoding, *, scaled: bool) -> None:
        self.encoding = encoding
        self.scaled = scaled
        self._entries = getattr(encoding, "draft_entries", None)
        inverse, _ = _scale(encoding)
        self._unit = inverse if scaled else np.ones_like(inverse)
        self._unit_list: list[float] = self._unit.tolist()

    def base(self, view: View) -> ObservationArray:
        """The vector of ``view`` with an empty draft (scaled if asked); treat it as
        read-only and pass it to :meth:`with_draft`.
        """
        vector = self.encoding.observation(view, EMPTY_DRAFT)
        if self.scaled:
            # The encoding's vector is new: scaled where it lies (as ``scaled`` computes).
            inverse, soft = _scale(self.encoding)
            raw_soft = [vector[offset : offset + size].copy() for offset, size, _ in soft]
            np.multiply(vector, inverse, out=vector)
            for (offset, size, k), raw in zip(soft, raw_soft, strict=True):
                vector[offset : offset + size] = raw / (raw + np.float32(k))
        return vector

    def with_draft(self, view: View, base: ObservationArray, draft: Draft) -> ObservationArray:
        """A new array: ``base`` (the :meth:`base` of ``view``) with ``draft`` added."""
        if not draft:
            return base.copy()
        if self._entries is None:
            return self.base_with(view, draft)
        out = base.copy()
        # Python floats equal to the float32 factors: a factor times a small count is exact
        # in a double, so storing it rounds as float32 arithmetic does (as ``scaled``
        # computes count * (1 / bound)), without a NumPy scalar per entry.
        unit = self._unit_list
        entries = self._entries(draft)
        if len(entries) == 1:
            out[entries[0]] = unit[entries[0]]
            return out
        counts: dict[int, int] = {}
        for index in entries:
            counts[index] = counts.get(index, 0) + 1
        for index, count in counts.items():
            out[index] = unit[index] * count
        return out

    def draft_values(self, draft: Draft) -> list[tuple[int, float]] | None:
        """The entries :meth:`with_draft` sets for ``draft`` and their values, as Python
        floats equal to its array's (``tolist``), or ``None`` if the encoding does not name
        its draft's entries. Everything else in that array is the base's.
        """
        if self._entries is None:
            return None
        counts: dict[int, int] = {}
        for index in self._entries(draft):
            counts[index] = counts.get(index, 0) + 1
        unit = self._unit
        return [(index, float(unit[index] * count)) for index, count in counts.items()]

    def base_with(self, view: View, draft: Draft) -> ObservationArray:
        """The vector of ``view`` and ``draft`` built in full (no reuse)."""
        vector = self.encoding.observation(view, draft)
        return scaled(self.encoding, vector) if self.scaled else vector


if TYPE_CHECKING:
    Buffer = array.array[float]
else:  # ``array.array`` takes a type argument at run time only from Python 3.12
    Buffer = array.array
"""A writer's buffer: ``array.array("f")`` (Python-speed item writes, no NumPy call each)."""


class StateWriter(Protocol):
    """Writes a seat's observation (empty draft) from the engine state (see above)."""

    def write(self, state: Any, seat: Seat, out: Buffer, previous: Any) -> None:
        """Make ``out`` the vector of ``encoding.observation(view(state, seat), ())``, each
        entry multiplied by the writer's ``unit`` (scaled as :func:`scaled` does, soft
        ranges included, or left raw).

        Args:
            state: The engine state.
            seat: The observing seat.
            out: The buffer; it holds what this writer wrote for ``previous`` and the
                same seat, or anything when ``previous`` is ``None``.
            previous: The state written last into ``out`` for this seat, or ``None``.
        """
        ...


class Scale:
    """How a writer turns a raw entry into the observed one (raw, or scaled).

    Attributes:
        unit: Per entry, the factor (``1 / bound``, or 1 for raw vectors): Python floats
            equal to the ``float32`` factors :func:`scaled` multiplies by, so a product
            rounded to ``float32`` equals NumPy's.
        soft: For scaled vectors, ``k`` of each entry in a soft range (``x / (x + k)``).
    """

    def __init__(self, encoding: Encoding, *, scaled: bool) -> None:
        inverse, soft = _scale(encoding)
        self.unit: list[float] = inverse.tolist() if scaled else [1.0] * inverse.shape[0]
        self.soft: dict[int, np.float32] = {}
        if scaled:
            for offset, size, k in soft:
                for index in range(offset, offset + size):
                    self.soft[index] = np.float32(k)
        self._signature = (tuple(self.unit), tuple(sorted(self.soft.items())))
        """What a block's scaled entries depend on besides its builder and offset."""

    def value(self, index: int, raw: float) -> float:
        """The observed value of a raw entry (slow path: soft entries)."""
        k = self.soft.get(index)
        if k is None:
            return raw * self.unit[index]
        x = np.float32(raw)
        return float(x / (x + k))

    def blocks(self, offset: int, build: Any, limit: int = 1 << 16) -> BlockCache:
        """A :class:`BlockCache` of blocks written at ``offset``, scaled.

        Writers of the same scale share it while one holds it (a block is a function of
        its key, builder, offset and scale): the copies of a vector environment, and every
        environment of a game in a process, build each block once.
        """
        key = (build, offset, limit, self._signature)
        cache = _SHARED_BLOCKS.get(key)
        if cache is None:
            cache = BlockCache(build, self, offset, limit)
            _SHARED_BLOCKS[key] = cache
        return cache


class BlockCache(dict[Any, Buffer]):
    """Observation blocks by the state fields they come from, built on first use.

    ``cache[key]`` calls ``build(key)`` (a list of raw entries) once per distinct key (a
    hand, a trick, a seat pair) and scales it for its offset, so a writer copies a ready
    block with one slice assignment. Cleared when it holds ``limit`` blocks (keys are
    immutable tuples of small integers).
    """

    def __init__(self, build: Any, scale: Scale, offset: int, limit: int) -> None:
        super().__init__()
        self._build = build
        self._scale = scale
        self._offset = offset
        self._limit = limit
        self._units: dict[int, list[float] | None] = {}
        """Per block length: the factors of its entries, or ``None`` if one is soft."""

    def __missing__(self, key: Any) -> Buffer:
        if len(self) >= self._limit:
            self.clear()
        raw = self._build(key)
        at = self._offset
        size = len(raw)
        if size not in self._units:
            scale = self._scale
            soft = any(index in scale.soft for index in range(at, at + size))
            self._units[size] = None if soft else scale.unit[at : at + size]
        units = self._units[size]
        if units is None:
            value = self._scale.value
            block = array.array("f", [value(at + i, x) for i, x in enumerate(raw)])
        else:  # the products ``value`` computes, without a call per entry
            block = array.array("f", list(map(operator.mul, raw, units)))
        self[key] = block
        return block


_SHARED_BLOCKS: weakref.WeakValueDictionary[tuple[Any, ...], BlockCache] = (
    weakref.WeakValueDictionary()
)
"""The block caches writers hold, by builder, offset, limit and scale (see ``blocks``)."""


class StateObserver:
    """One environment's observation buffers, written from the state (see above).

    :meth:`base` returns a buffer that the next call for the same seat overwrites: callers
    hand out copies (``Observer.with_draft`` always copies).

    Attributes:
        encoding: The encoding.
        scaled: Whether vectors are scaled (:func:`scaled`).
    """

    def __init__(
        self, encoding: Encoding, players: int, *, scaled: bool, compiled: bool = True
    ) -> None:
        self.encoding = encoding
        self.scaled = scaled
        scale = Scale(encoding, scaled=scaled)
        found = compiled_writer(encoding, scale) if compiled else None
        self.compiled = found is not None
        """Whether the writer is the compiled one (``encodings.native``)."""
        self._writer: StateWriter = (
            found if found is not None else encoding.state_writer(scale)  # type: ignore[attr-defined]
        )
        size = encoding.observation_low.shape[0]
        self._buffers = [array.array("f", bytes(4 * size)) for _ in range(players)]
        self._arrays = [np.frombuffer(buffer, dtype=np.float32) for buffer in self._buffers]
        self._last: list[Any] = [None] * players

    def base(self, state: Any, seat: Seat) -> ObservationArray:
        """The vector of ``state`` for ``seat`` with an empty draft (scaled if asked)."""
        self._writer.write(state, seat, self._buffers[seat], self._last[seat])
        self._last[seat] = state
        return self._arrays[seat]


def compiled_writer(encoding: Encoding, scale: Scale) -> StateWriter | None:
    """The encoding's compiled writer for ``scale`` (``encodings.native``), or ``None`` where
    none is built.
    """
    soft = {index: float(k) for index, k in scale.soft.items()}
    found: StateWriter | None = native.writer(encoding.game_id, encoding, scale.unit, soft)
    return found


class ViewWriter(Protocol):
    """An encoding's writer read from a seat's view instead of the state (see above)."""

    def write_view(self, view: View, out: Buffer) -> None:
        """Make ``out`` (all zeros) the raw vector of ``view`` with an empty draft."""
        ...


def from_view(
    writer: ViewWriter, size: int, view: View, entries: Sequence[int]
) -> ObservationArray:
    """The raw vector of ``view`` written by ``writer``, plus one for each draft entry.

    Args:
        writer: The encoding's writer, built with a raw :class:`Scale`.
        size: The vector's length.
        view: A seat's view.
        entries: The draft's entries (``draft_entries(draft)``), one each; repeats add up.

    Returns:
        A new ``float32`` array.
    """
    out: Buffer = array.array("f", bytes(4 * size))
    writer.write_view(view, out)
    for index in entries:
        out[index] += 1.0
    return np.frombuffer(out, dtype=np.float32)


def state_observer(
    encoding: Encoding, players: int, *, scaled: bool, compiled: bool = True
) -> StateObserver | None:
    """A :class:`StateObserver` if the encoding has a state writer (and names its draft's
    entries, so a draft is added without a view), else ``None``.

    Args:
        encoding: The encoding.
        players: Seats.
        scaled: Whether vectors are scaled (:func:`scaled`).
        compiled: Use the compiled writer where one is built (``encodings.native``);
            ``False`` runs the Python writer (the tests check both).
    """
    if getattr(encoding, "state_writer", None) is None:
        return None
    if getattr(encoding, "draft_entries", None) is None:
        return None
    return StateObserver(encoding, players, scaled=scaled, compiled=compiled)


class MasksByActions:
    """Read-only masks of legal lists made of an engine's interned action objects.

    Each action's number is found once per action object and then looked up by ``id`` at
    C speed (``map`` over a dict), with no dataclass hashed and no Python call per action.
    Every object whose id is a key is held here, so no other object can take its id while
    it is kept. A mask is kept by its list's ids in order (the same interned actions make
    the same mask; a new list object per state is the usual case), and forgotten with them.
    """

    def __init__(self, size: int, number: Any, limit: int = 16384) -> None:
        """Args:
        size: The action space's size.
        number: The action number of an engine action (raises ``KeyError`` for none).
        limit: Action objects kept before clearing.
        """
        self._size = size
        self._number = number
        self._limit = limit
        self._numbers: dict[int, int] = {}
        self._kept: list[Any] = []
        self._masks: dict[tuple[int, ...], MaskArray] = {}

    def mask(self, legal: Sequence[Any]) -> MaskArray:
        """A read-only mask with a one at each legal action's number (shared by lists of
        the same actions).
        """
        ids = tuple(map(id, legal))
        mask = self._masks.get(ids)
        if mask is not None:
            return mask
        numbers: list[int | None] = list(map(self._numbers.get, ids))
        buffer = bytearray(self._size)
        kept = len(self._kept)
        if None in numbers:
            numbers = [self._learn(action) for action in legal]
        for number in numbers:
            buffer[number] = 1  # type: ignore[index]
        mask = np.frombuffer(bytes(buffer), dtype=np.int8)  # read-only
        if len(self._kept) >= kept:
            # Nothing was forgotten while learning, so every id of ``ids`` is of an object
            # kept here: none can name another object until ``_learn`` forgets them all,
            # and the masks with them.
            if len(self._masks) >= self._limit:
                self._masks.clear()
            self._masks[ids] = mask
        return mask

    def _learn(self, action: Any) -> int:
        number = self._numbers.get(id(action))
        if number is None:
            number = self._number(action)
            if len(self._kept) >= self._limit:
                self._numbers.clear()
                self._kept.clear()
                self._masks.clear()
            self._numbers[id(action)] = number
            self._kept.append(action)
        return number


NO_VIEW: View = {}
"""Handed to ``Observer.with_draft`` by the fast paths (whose encodings name their draft's
entries, so the view is not read)."""


def seat_views(players: int) -> list[View]:
    """What a ``view_free`` encoding's mask and decoding read instead of a view, per seat:
    ``{"seat": seat, "players": players}`` (the only entries they may read).
    """
    return [{"seat": seat, "players": players} for seat in range(players)]


def bounds(encoding: Encoding, *, scaled: bool) -> tuple[ObservationArray, ObservationArray]:
    """The observation box ``(low, high)``: the encoding's own, or the scaled one."""
    if not scaled:
        return encoding.observation_low, encoding.observation_high
    bound = np.maximum(np.abs(encoding.observation_low), np.abs(encoding.observation_high))
    low = np.where(encoding.observation_low < 0, -1.0, 0.0).astype(np.float32)
    high = np.where(bound > 0, 1.0, 0.0).astype(np.float32)
    return low, high


_ENCODINGS: dict[str, str] = {
    "tacocat": "ludoteca.adapters.encodings.tacocat",
    "dweebies": "ludoteca.adapters.encodings.dweebies",
    "tile_up": "ludoteca.adapters.encodings.tile_up",
    "mystery_date": "ludoteca.adapters.encodings.mystery_date",
}


def available() -> tuple[str, ...]:
    """The ids of the games that have an encoding."""
    return tuple(_ENCODINGS)


def make(game_id: str, num_players: int, options: Options) -> Encoding:
    """The encoding of ``game_id`` for a match of ``num_players`` with resolved ``options``.

    Raises:
        GameSetupError: If the game has no encoding (the message, in Spanish and English,
            lists the games that do).
    """
    module_name = _ENCODINGS.get(game_id)
    if module_name is None:
        raise GameSetupError(
            msg("adapters.no_encoding", game=game_id, valid=", ".join(available()))
        )
    module = importlib.import_module(module_name)
    encoding: Encoding = module.make(num_players, options)
    return encoding
