"""The hot path's parts at scale (issue 20): compact steps rebuild exactly, and the store's
writer commits batches while a refused write fails alone."""

from __future__ import annotations

import concurrent.futures
import functools
import gc
import random
from pathlib import Path
from typing import Any

import pytest

from ludoteca.engine import registry
from ludoteca.engine.game import CHANCE
from ludoteca.web.room import events
from ludoteca.web.room.live import KEEP, Live, Step, Stored
from ludoteca.web.store import RoomRow, SqliteStore
from ludoteca.web.wire.client import Serialised, dumps


def test_older_steps_are_compact_and_rebuild_the_same_actions_and_states() -> None:
    game = registry.make("tacocat")
    live = Live(game, 1, 11, {}, 2)
    states = [step.before for step in live.resolve_chance()]
    rng = random.Random(3)
    while live.outcome() is None and len(live.steps) < 80:
        seat = live.actors()[rng.randrange(len(live.actors()))]
        moves = game.legal_actions(live.state, seat)
        last_move = live.play(seat, moves[rng.randrange(len(moves))])
        states += [step.before for step in last_move]
    count = len(live.steps)
    assert count > 2 * KEEP
    whole_from = count - len(last_move) - KEEP
    assert all(isinstance(live.steps[i], Stored) for i in range(whole_from))
    assert all(isinstance(live.steps[i], Step) for i in range(whole_from, count))
    gc.collect()
    assert not gc.is_tracked(live.steps._items[0])  # a plain tuple: out of the collector's sight
    for index in range(count):
        assert live.before(index) == states[index]
        assert str(live.action(index)) == live.steps[index].text
    last_index = live.last_index()
    assert last_index is not None and live.steps[last_index].seat != CHANCE
    last = live.last()
    assert last is not None and last.text == live.steps[last_index].text
    assert [s.text for s in live.steps] == [s.text for s in live.steps[0:count]]


def test_a_move_that_brings_many_steps_keeps_them_whole_until_the_next_move() -> None:
    # A Tacocat round's deal is one move followed by 14 draws: the sockets are told of all
    # of them; compacting them as they came made every broadcast replay the game from its
    # seed to find their states.
    game = registry.make("tacocat")
    live = Live(game, 1, 5, {}, 2)
    live.resolve_chance()
    rng = random.Random(8)
    while True:
        version = live.version
        seat = live.actors()[0]
        moves = game.legal_actions(live.state, seat)
        new = live.play(seat, moves[rng.randrange(len(moves))])
        if len(new) > KEEP or live.outcome() is not None:
            break
    assert len(new) > KEEP
    assert all(isinstance(live.steps[i], Step) for i in range(version, live.version))
    names = events.seat_names(["Ana", "Bea"], "en")
    for viewer in (0, 1, None):
        told = events.live_book(live).since(version, live.version, viewer, "en", names)
        assert told
    assert not live._replayed  # nothing was replayed from the seed


def test_a_refused_write_fails_alone_and_the_rest_of_its_batch_is_committed(
    tmp_path: Path,
) -> None:
    store = SqliteStore(str(tmp_path / "batch.sqlite3"))
    store.create_room(RoomRow("r", "tacocat", 2, {}, 0, "playing", 1, 0))

    def write(index: int) -> None:
        if index == 5:
            raise OSError("disk full")
        store.add_actions("r", 1, index, [(0, f"move {index}")], 0)

    futures: list[concurrent.futures.Future[None]] = []
    for index in range(20):
        future: concurrent.futures.Future[None] = concurrent.futures.Future()
        futures.append(future)

        def done(error: BaseException | None, future: Any = future) -> None:
            future.set_exception(error) if error is not None else future.set_result(None)

        store.submit(functools.partial(write, index), done)
    concurrent.futures.wait(futures, timeout=60)
    failed = [i for i, f in enumerate(futures) if f.exception() is not None]
    assert failed == [5]
    stored = store.actions("r", 1)
    assert [text for _, text in stored] == [f"move {i}" for i in range(20) if i != 5]
    store.close()


def test_a_serialised_part_is_spliced_in_and_survives_the_fallback() -> None:
    part = Serialised([{"text": "keep", "label": "Quedarse"}])
    assert dumps({"legal": part}) == '{"legal":[{"text":"keep","label":"Quedarse"}]}'
    # An integer past 64 bits sends the message through the standard library: same text.
    assert dumps({"n": 2**70, "legal": part}).endswith(
        '"legal":[{"text":"keep","label":"Quedarse"}]}'
    )


@pytest.mark.parametrize("bad", [float("nan")])
def test_messages_stay_json_for_odd_values(bad: float) -> None:
    assert dumps({"x": bad}) in ('{"x":null}', '{"x":NaN}')
