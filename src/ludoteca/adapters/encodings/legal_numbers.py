"""A seat's legal action numbers as a list, without building its action mask.

``np.flatnonzero(encoding.action_mask(view, legal, draft)).tolist()`` builds an array of
``action_size`` bytes, scans it and turns the result into Python integers on every
decision; an adapter that hands out numbers (OpenSpiel's ``legal_actions``) wants only the
list. :func:`for_encoding` gives, per game, a function that reads the same numbers off the
engine's legal list directly: by identity for the lists the engine hands out again
(Tacocat's duel, defence and attack lists, kept by hand), from the lazy lists' own data
(Tacocat's replaces, Dweebies' placements, Tile Up's cell masks) without listing them, and
through each encoding's number table otherwise. Each answers exactly what the mask says,
ascending (``tests/adapters/test_spiel_tables.py`` compares them at every decision of
random matches); an encoding without one falls back to the mask.

The lists returned may be shared between calls: treat them as read-only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ludoteca.adapters.encodings import Draft, Encoding
from ludoteca.engine.game import View

LegalNumbers = Callable[[View, Sequence[Any], Draft], Sequence[int]]
"""``(view, legal, draft) -> numbers``: the arguments of ``Encoding.action_mask``."""

_KEPT = 4096
"""Entries an identity or value cache holds before it is cleared."""
_NONE: tuple[int, ...] = ()


def for_encoding(encoding: Encoding) -> LegalNumbers:
    """The legal-numbers function of ``encoding`` (its game's own, else the mask's)."""
    make = _BY_GAME.get(encoding.game_id)
    if make is None:
        return _from_mask(encoding)
    return make(encoding)


def _from_mask(encoding: Encoding) -> LegalNumbers:
    def numbers(view: View, legal: Sequence[Any], draft: Draft) -> Sequence[int]:
        found: list[int] = np.flatnonzero(encoding.action_mask(view, legal, draft)).tolist()
        return found

    return numbers


def _tacocat(encoding: Encoding) -> LegalNumbers:
    from ludoteca.adapters.encodings import tacocat  # noqa: PLC0415
    from ludoteca.games import tacocat as tc  # noqa: PLC0415

    masked = _from_mask(encoding)
    number = tacocat._number
    select, confirm = tacocat.SELECT, tacocat.CONFIRM
    lists: dict[int, tuple[Sequence[Any], list[int]]] = {}

    def numbers(view: View, legal: Sequence[Any], draft: Draft) -> Sequence[int]:
        # The engine keeps its duel, defence and attack lists by hand: numbers per list.
        cached = lists.get(id(legal))
        if cached is not None and cached[0] is legal:
            return cached[1]
        if not legal:
            return _NONE
        identity = getattr(legal, "identity", None)
        if identity is not None:
            # The engine's lazy replace list: every sub-multiset of the hand with at most
            # ``limit`` cards (as ``action_mask`` reads it). A value may be selected while
            # the hand holds more of it than the draft, the draft confirmed while the hand
            # holds all of it.
            hand, limit = identity()
            rest: Sequence[int] = hand
            held = True
            if draft:
                rest = list(hand)
                for card in draft:
                    if card in rest:
                        rest.remove(card)
                    else:
                        held = False
            # The hand is sorted (so is what is left of it): distinct values ascending.
            found = []
            if len(draft) < limit:
                found = [select + value - 1 for value in dict.fromkeys(rest)]
            if held and len(draft) <= limit:
                found.append(confirm)
            return found
        if isinstance(legal[0], tc.Replace):
            return masked(view, legal, draft)
        found = sorted(set(map(number, legal)))
        if len(lists) >= _KEPT:
            lists.clear()
        lists[id(legal)] = (legal, found)  # the list is kept, so its id is not reused
        return found

    return numbers


def _dweebies(encoding: Encoding) -> LegalNumbers:
    from ludoteca.adapters.encodings import dweebies  # noqa: PLC0415
    from ludoteca.games.dweebies.actions import Place  # noqa: PLC0415

    masked = _from_mask(encoding)
    select, place, limit = dweebies.SELECT, dweebies.PLACE, dweebies.MAX_CELLS
    collect_index = dweebies._COLLECT_INDEX
    places = [list(range(place, place + size)) for size in range(limit + 1)]
    collects: dict[tuple[Any, ...], list[int]] = {}

    def numbers(view: View, legal: Sequence[Any], draft: Draft) -> Sequence[int]:
        if not legal:
            return _NONE
        identity = getattr(legal, "identity", None)
        if identity is not None:
            # The engine's lazy placements: every card of ``cards`` on every cell.
            cards, cells = identity()
            if not draft:
                return sorted({select + card - 1 for card in cards})
            if draft[0] not in cards:
                return _NONE
            if len(cells) > limit:
                raise KeyError(f"{len(cells)} legal cells: more than the {limit} slots")
            return places[len(cells)]
        if isinstance(legal, tuple) and not isinstance(legal[0], Place):
            # The engine's collect choices: a few constant tuples.
            found = collects.get(legal)
            if found is None:
                found = collects[legal] = sorted({collect_index[action] for action in legal})
            return found
        return masked(view, legal, draft)

    return numbers


def _tile_up(encoding: Encoding) -> LegalNumbers:
    from ludoteca.adapters.encodings import tile_up  # noqa: PLC0415
    from ludoteca.games.tile_up import model  # noqa: PLC0415
    from ludoteca.games.tile_up.legal import LegalActions  # noqa: PLC0415

    assert isinstance(encoding, tile_up.TileUpEncoding)
    select, size, score = tile_up.SELECT, encoding.size, encoding.score
    table = tile_up._cell_numbers(size)
    length = len(table)
    other_number = encoding._number
    cells_kept: dict[int, list[int]] = {}

    def place_numbers(cells: int) -> list[int]:
        found = cells_kept.get(cells)
        if found is None:
            found = []
            for at, byte in enumerate(cells.to_bytes(length, "little")):
                if byte:
                    found += table[at][byte]
            if len(cells_kept) >= _KEPT:
                cells_kept.clear()
            cells_kept[cells] = found
        return found

    def numbers(view: View, legal: Sequence[Any], draft: Draft) -> Sequence[int]:
        if type(legal) is not LegalActions:
            # A setup or discard step's short list: grouped as the mask groups it.
            places, others = encoding._grouped(legal)
            if draft:
                return sorted(set(places.get(draft[0], ())))
            return sorted({*others, *(select + tile for tile in places)})
        # The play phase's lazy list: selects are the tiles with a legal cell mask, and a
        # selected tile's numbers are its cells; no placement is built.
        if draft:
            tile = draft[0]
            for held, cells in legal.placement_cells():
                if held == tile:
                    return place_numbers(cells)
            return _NONE
        found = [select + tile for tile, _ in legal.placement_cells()]
        scores: set[int] = set()
        for action in legal.other_actions():
            if type(action) is model.Score:
                number = score + action.row * size + action.col
                if number in scores:
                    raise KeyError(f"two legal scores on one cell: {action}")
                scores.add(number)
                found.append(number)
            else:
                found.append(other_number(action))
        return sorted(set(found))

    return numbers


def _mystery_date(encoding: Encoding) -> LegalNumbers:
    from ludoteca.adapters.encodings import mystery_date  # noqa: PLC0415

    by_seat = mystery_date._NUMBERS

    def numbers(view: View, legal: Sequence[Any], draft: Draft) -> Sequence[int]:
        if not legal:
            return _NONE
        table = by_seat[view["seat"], view["players"]]
        return sorted(set(map(table.__getitem__, legal)))

    return numbers


_BY_GAME: dict[str, Callable[[Encoding], LegalNumbers]] = {
    "tacocat": _tacocat,
    "dweebies": _dweebies,
    "tile_up": _tile_up,
    "mystery_date": _mystery_date,
}
