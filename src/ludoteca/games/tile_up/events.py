"""Tile Up's steps told as events, per viewer (``TileUp.events``).

Derived from the state before, the action and the state after; nothing here runs in
``apply``. Tiles and goal cards drawn behind a screen are told to their owner only, and a
tile returned to the bag is named to its owner only (TU-07, TU-10); the board, face-up
cards, the discard pile and cards drawn from a known deck (TU-08) are public.
"""

from __future__ import annotations

from ludoteca.engine.events import Event, event
from ludoteca.engine.game import CHANCE, Seat
from ludoteca.engine.i18n import msg
from ludoteca.games.tile_up.model import (
    DISCARD,
    K_FACEUP,
    K_GOAL,
    K_START,
    MAX_GOALS,
    MAX_TILES,
    PLAY,
    SETUP,
    Action,
    BagDraw,
    DeckDraw,
    DiscardGoal,
    DiscardTile,
    DrawGoal,
    DrawTiles,
    EndTurn,
    Place,
    Score,
    State,
    cell_name,
    geo_of,
    tile_name,
)


def step_events(
    before: State, seat: Seat, action: Action, after: State, viewer: Seat | None
) -> tuple[Event, ...]:
    """What ``viewer`` learns from ``before --seat:action--> after`` (see the module doc)."""
    told: list[Event] = []
    if isinstance(action, BagDraw):
        told.append(_bag(before, action, viewer))
    elif isinstance(action, DeckDraw):
        told.append(_deck(before, action, viewer))
    else:
        told.extend(_player(before, seat, action, after, viewer))
    told.extend(_settled(before, after, action))
    if after.phase == PLAY and (before.phase != PLAY or before.current != after.current):
        if before.phase == SETUP:
            told.append(
                event(
                    "first_player",
                    None,
                    msg(
                        "tile_up.ev.first_player", seat=after.current, sum=after.sums[after.current]
                    ),
                    rule="TU-01",
                    seat=after.current,
                    sums=list(after.sums),
                )
            )
        told.append(
            event(
                "turn_start",
                None,
                msg("tile_up.ev.turn_start", seat=after.current, turn=after.turn + 1),
                seat=after.current,
                turn=after.turn + 1,
            )
        )
    elif before.phase == SETUP and after.phase == SETUP and after.sums != before.sums:
        best = max(after.sums)
        tied = [s for s, total in enumerate(after.sums) if total == best]
        told.append(
            event(
                "start_tie",
                None,
                msg("tile_up.ev.start_tie", seats=tuple(tied), sum=best),
                rule="TU-01",
                seats=tied,
                sums=list(after.sums),
            )
        )
    return tuple(told)


def _bag(before: State, action: BagDraw, viewer: Seat | None) -> Event:
    kind, target = before.pending[0]
    name = tile_name(action.tile)
    if kind == K_START:
        row, col = geo_of(before.rules).row_col(target)
        return event(
            "start_tile",
            CHANCE,
            msg("tile_up.ev.start_tile", tile=name, cell=cell_name(row, col)),
            rule="TU-01",
            tile=name,
            cell=cell_name(row, col),
        )
    if viewer == target:
        return event(
            "draw_tile",
            CHANCE,
            msg("tile_up.ev.draw_tile_own", tile=name),
            rule="TU-02",
            seat=target,
            tile=name,
        )
    return event(
        "draw_tile", CHANCE, msg("tile_up.ev.draw_tile", seat=target), rule="TU-02", seat=target
    )


def _deck(before: State, action: DeckDraw, viewer: Seat | None) -> Event:
    kind, target = before.pending[0]
    if kind == K_FACEUP:
        return event(
            "faceup",
            CHANCE,
            msg("tile_up.ev.faceup", card=action.card),
            rule="TU-05",
            card=action.card,
            slot=target,
        )
    if viewer == target and kind == K_GOAL:
        return event(
            "draw_goal",
            CHANCE,
            msg("tile_up.ev.draw_goal_own", card=action.card),
            rule="TU-02",
            seat=target,
            card=action.card,
        )
    return event(
        "draw_goal", CHANCE, msg("tile_up.ev.draw_goal", seat=target), rule="TU-02", seat=target
    )


def _player(
    before: State, seat: Seat, action: Action, after: State, viewer: Seat | None
) -> list[Event]:
    if isinstance(action, Place):
        cell = cell_name(action.row, action.col)
        tile = tile_name(action.tile)
        return [
            event(
                "place",
                seat,
                msg("tile_up.ev.place", seat=seat, tile=tile, cell=cell),
                rule="TU-03",
                tile=tile,
                cell=cell,
            )
        ]
    if isinstance(action, Score):
        points = after.scores[seat] - before.scores[seat]
        cell = cell_name(action.row, action.col)
        return [
            event(
                "score",
                seat,
                msg("tile_up.ev.score", seat=seat, card=action.card, cell=cell, points=points),
                rule="TU-04",
                card=action.card,
                cell=cell,
                points=points,
                total=after.scores[seat],
            )
        ]
    if isinstance(action, DrawTiles):
        count = sum(1 for _kind, target in after.pending if target == seat)
        return [
            event(
                "draw_tiles",
                seat,
                msg("tile_up.ev.draw_tiles", seat=seat),
                rule="TU-02",
                owed=count,
            )
        ]
    if isinstance(action, DrawGoal):
        return [event("draw_goal_action", seat, msg("tile_up.ev.draw_goal_action", seat=seat))]
    if isinstance(action, EndTurn):
        told = [event("end_turn", seat, msg("tile_up.ev.end_turn", seat=seat), rule="TU-02")]
        if after.phase == DISCARD:
            told.append(
                event(
                    "must_discard",
                    seat,
                    msg("tile_up.ev.must_discard", seat=seat, tiles=MAX_TILES, goals=MAX_GOALS),
                    rule="TU-07",
                )
            )
        return told
    if isinstance(action, DiscardTile):
        if viewer == seat:
            tile = tile_name(action.tile)
            return [
                event(
                    "discard_tile",
                    seat,
                    msg("tile_up.ev.discard_tile_own", tile=tile),
                    rule="TU-07",
                    tile=tile,
                )
            ]
        return [
            event("discard_tile", seat, msg("tile_up.ev.discard_tile", seat=seat), rule="TU-07")
        ]
    if isinstance(action, DiscardGoal):
        return [
            event(
                "discard_goal",
                seat,
                msg("tile_up.ev.discard_goal", seat=seat, card=action.card),
                rule="TU-07",
                card=action.card,
            )
        ]
    return []


def _settled(before: State, after: State, action: Action) -> list[Event]:
    """What ``apply`` resolved without chance: a turned-over deck (TU-08), cards drawn from
    it (public), and face-up slots refilled from it.
    """
    told: list[Event] = []
    if after.deck_ordered and not before.deck_ordered:
        told.append(event("deck_turned", None, msg("tile_up.ev.deck_turned"), rule="TU-08"))
    for seat, (old, new) in enumerate(zip(before.known, after.known, strict=True)):
        for card in new:
            if card not in old:
                told.append(
                    event(
                        "draw_goal",
                        None,
                        msg("tile_up.ev.draw_goal_known", seat=seat, card=card),
                        rule="TU-08",
                        seat=seat,
                        card=card,
                    )
                )
    for slot, (old_card, new_card) in enumerate(zip(before.faceup, after.faceup, strict=True)):
        drawn = isinstance(action, DeckDraw) and before.pending[0] == (K_FACEUP, slot)
        if new_card != old_card and new_card >= 0 and not drawn:
            told.append(
                event(
                    "faceup",
                    None,
                    msg("tile_up.ev.faceup", card=new_card),
                    rule="TU-08",
                    card=new_card,
                    slot=slot,
                )
            )
    return told
