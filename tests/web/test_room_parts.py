"""The room's parts on their own: the session and the store, seats and tokens, chat and
replay checks, the bots' names, move labels (no sockets; a room only where labels need one)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from ludoteca.engine import registry, runner
from ludoteca.engine.game import CHANCE
from ludoteca.web.room.bots import agent_names, default_agent
from ludoteca.web.room.history import Replays, chat_line
from ludoteca.web.room.live import Live
from ludoteca.web.room.seats import BOT, FREE, HUMAN, Seats, SeatState, hash_token
from ludoteca.web.room.session import Session
from ludoteca.web.store import RoomRow, SqliteStore
from ludoteca.web.wire.client import RoomError


class RefusingStore(SqliteStore):
    """A real SQLite store that refuses the next ``fail`` batches of steps."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.fail = 0

    def add_actions(
        self, room_id: str, game_no: int, first: int, steps: Sequence[tuple[int, str]], at_ms: int
    ) -> None:
        if self.fail:
            self.fail -= 1
            raise OSError("disk full")
        super().add_actions(room_id, game_no, first, steps, at_ms)


def session_of(game_id: str, players: int = 2) -> tuple[RefusingStore, Session]:
    store = RefusingStore()
    store.create_room(RoomRow("r1", game_id, players, {}, 0, "playing", 1, 0))
    game = registry.make(game_id)
    session = Session(store, "r1", game, clock_scale=0)
    session.live = Live(game, 1, 7, {}, players)
    return store, session


def test_the_session_refuses_a_step_the_store_refused_and_keeps_the_game_as_it_was() -> None:
    store, session = session_of("tacocat")
    session.draw()  # the opening deal
    live = session.current()
    version, state, rng_state, anchor = (
        live.version,
        live.state,
        live.chance_rng.getstate(),
        live.anchor,
    )
    seat = live.actors()[0]
    action = session.game.legal_actions(live.state, seat)[0]
    store.fail = 1
    with pytest.raises(RoomError) as refused:
        session.play(seat, action)
    assert refused.value.code == "server_error"
    assert refused.value.message.text("es") != refused.value.message.text("en")
    assert live.version == version and live.state is state and live.anchor == anchor
    assert live.chance_rng.getstate() == rng_state
    assert store.actions("r1", 1) == [(s.seat, s.text) for s in live.steps]
    steps = session.play(seat, action)
    assert steps[0].seat == seat and live.version == version + len(steps)
    assert store.actions("r1", 1) == [(s.seat, s.text) for s in live.steps]


def test_a_bots_reason_is_stored_with_its_step_and_dropped_with_a_refused_one() -> None:
    store, session = session_of("tacocat")
    session.draw()  # the opening deal
    live = session.current()
    seat = live.actors()[0]
    action = session.game.legal_actions(live.state, seat)[0]
    reason = {"en": "Bea kept her plan.", "es": "Bea siguió su plan."}
    index = live.version
    store.fail = 1
    with pytest.raises(RoomError):
        asyncio.run(session.play_async(seat, action, reason))
    assert live.reasons == {} and store.reasons("r1", 1) == {}
    asyncio.run(session.play_async(seat, action, reason))
    assert live.reasons == {index: reason} == store.reasons("r1", 1)
    store.close()


def test_the_session_undoes_chance_draws_the_store_refused() -> None:
    store, session = session_of("tacocat")
    live = session.current()
    state, rng_state = live.state, live.chance_rng.getstate()
    store.fail = 1
    with pytest.raises(RoomError):
        session.draw()
    assert live.version == 0 and live.state is state and store.actions("r1", 1) == []
    assert live.chance_rng.getstate() == rng_state  # the refused draws are drawn again
    drawn = session.draw()
    assert drawn and all(step.seat == CHANCE for step in drawn)
    assert store.actions("r1", 1) == [(s.seat, s.text) for s in live.steps]


def test_the_session_reads_and_checks_a_persons_action() -> None:
    _, session = session_of("dweebies")
    session.draw()
    live = session.current()
    version = live.version
    seat = live.actors()[0]
    other = 1 - seat
    move = str(session.game.legal_actions(live.state, seat)[0])
    assert str(session.read(seat, move)) == move
    runner.check(session.game, live.state, seat, session.read(seat, move))
    with pytest.raises(RoomError) as unreadable:
        session.read(seat, "no such move")
    assert unreadable.value.code == "unreadable_action"
    assert unreadable.value.action == "no such move"
    with pytest.raises(RoomError) as out_of_turn:
        session.read(other, move)
    assert out_of_turn.value.code in ("not_your_turn", "illegal")
    assert out_of_turn.value.action == move
    assert live.version == version  # reading never applies


def seats_of(game_id: str, players: int) -> tuple[SqliteStore, Seats]:
    store = SqliteStore(":memory:")
    store.create_room(RoomRow("r1", game_id, players, {}, 0, "lobby", 0, 0))
    seats = [SeatState(n) for n in range(players)]
    for seat in seats:
        store.save_seat("r1", seat.row())
    return store, Seats(store, "r1", registry.make(game_id), seats)


def test_a_seat_token_opens_its_seat_only_and_only_its_hash_is_stored() -> None:
    asyncio.run(token_opens_its_seat_only())


async def token_opens_its_seat_only() -> None:
    store, seats = seats_of("dweebies", 2)
    seat, token = seats.sit(0, "  Ana ", None, ())
    await seats.save(seat)
    row = store.seats("r1")[0]
    assert row.kind == HUMAN and row.name == "Ana"
    assert row.token_hash == hash_token(token) and token not in repr(store.seats("r1"))
    assert seats.holder(token) == 0
    assert seats.holder(token + "x") is None
    assert seats.holder("") is None
    await seats.to_bot(0, "greedy")
    assert seats.holder(token) is None  # a seat given to a bot: the token stops working
    assert store.seats("r1")[0].kind == BOT and store.seats("r1")[0].token_hash == ""


@pytest.mark.parametrize(
    ("number", "name", "code"),
    [
        (0, "Bea", "seat_taken"),
        (2, "Bea", "bad_message"),
        (-1, "Bea", "bad_message"),
        (1, "   ", "bad_message"),
        (1, "a\nb", "bad_message"),
        (1, "x" * 200, "bad_message"),
        (1, "Ana", "name_taken"),
        (1, " aNA ", "name_taken"),
        (1, "Ａｎａ", "name_taken"),
        (1, "Spectator", "name_taken"),
        (1, "ESPECTADORA", "name_taken"),
    ],
)
def test_sitting_down_is_refused_with_the_protocol_codes(number: int, name: str, code: str) -> None:
    _, seats = seats_of("dweebies", 2)
    asyncio.run(seats.save(seats.sit(0, "Ana", None, ())[0]))
    with pytest.raises(RoomError) as refused:
        seats.sit(number, name, None, ())
    assert refused.value.code == code
    assert refused.value.message.text("es") != refused.value.message.text("en")
    assert seats[1].kind == FREE


def test_bots_get_distinct_names_and_a_freed_seat_forgets_everything() -> None:
    asyncio.run(bots_get_distinct_names())


async def bots_get_distinct_names() -> None:
    store, seats = seats_of("tacocat", 3)
    await seats.seat_bot(0, "greedy")
    await seats.seat_bot(1, "greedy")
    assert seats[0].name and seats[0].name != seats[1].name
    assert not seats.full()
    await seats.seat_bot(2, "random")
    assert seats.full() and len(set(seats.names())) == 3
    await seats.free(1)
    assert store.seats("r1")[1] == SeatState(1).row()


def test_chat_lines_are_checked() -> None:
    assert chat_line(None, "", "  hola ").text == "hola"
    for text in ("", "   ", "x" * 1000):
        with pytest.raises(RoomError) as refused:
            chat_line(0, "Ana", text)
        assert refused.value.code == "bad_message"


def test_a_replay_needs_a_finished_game() -> None:
    replays = Replays(SqliteStore(":memory:"), "r1", registry.make("dweebies"), 2)
    with pytest.raises(RoomError) as nothing:
        replays.message(0, None, 0, None, "en")
    assert nothing.value.code == "not_finished"
    with pytest.raises(RoomError) as later:
        replays.message(1, 2, 0, None, "es")
    assert later.value.code == "not_finished"


def test_rooms_seat_the_strongest_bot_and_no_ismcts_in_realtime_games() -> None:
    assert default_agent("tacocat") in agent_names("tacocat")
    assert "ismcts" not in agent_names("gotcha")
    assert default_agent("gotcha") in agent_names("gotcha")


def test_seat_profiles_follow_the_games_profile_spec() -> None:
    store, seats = seats_of("gotcha", 3)
    spec = registry.make("gotcha").info.profiles
    assert spec is not None and spec.traits and all(t.es != t.en for t in spec.traits)
    trait = spec.traits[0].id
    asyncio.run(seats.save(seats.sit(0, "Ana", None, (trait, trait))[0]))
    assert seats[0].profile == {"name": "Ana", "age": spec.default_age(), "traits": [trait]}
    for age, traits in ((0, ()), (200, ()), (30, ("wings",))):
        with pytest.raises(RoomError) as refused:
            seats.sit(1, "Bea", age, traits)
        assert refused.value.code == "bad_message" and seats[1].kind == FREE
    asyncio.run(seats.seat_bot(1, "greedy"))
    asyncio.run(seats.seat_bot(2, "greedy"))
    for seat in seats.all[1:]:
        assert seat.profile is not None and seat.profile["name"] == seat.name
        assert set(seat.profile["traits"]) <= set(spec.trait_ids())
        assert spec.min_age <= seat.profile["age"] <= spec.max_age
    assert len(set(seats.names())) == 3
    option = seats.profiles_option()
    assert list(option) == [spec.option]
    assert json.loads(option[spec.option]) == [seat.profile for seat in seats.all]
    assert store.seats("r1")[2].profile == seats[2].profile
    _, plain = seats_of("tacocat", 2)
    assert plain.profiles_option() == {}


def test_move_labels_name_each_rooms_players_and_nameless_ones_are_shared() -> None:
    """A Mystery Date gift is labelled with the room's own names (two rooms, two names);
    a label that names no seat is written once for every room."""
    from ludoteca.web.room import broadcast  # noqa: PLC0415

    gift = registry.make("mystery_date").parse_action("give G1 to 1")
    first = json.loads(broadcast._item("mystery_date", gift, "en", ("Ana", "Luis")))
    second = json.loads(broadcast._item("mystery_date", gift, "en", ("Eva", "Juan")))
    assert first == {"text": str(gift), "label": "gives G1 face down to Luis"}
    assert second["label"] == "gives G1 face down to Juan"
    assert broadcast.describe("mystery_date", gift, "es", ("Eva", "Juan")).endswith("a Juan")
    attack = registry.make("tacocat").parse_action("attack 4 5 6")
    made = broadcast._item("tacocat", attack, "es", ("Ana", "Luis"))
    assert broadcast._item("tacocat", attack, "es", ("Eva", "Juan")) is made
    assert json.loads(made)["label"] == registry.make("tacocat").describe(attack, "es")


def test_a_menu_with_item_keys_is_labelled_exactly_as_its_actions_one_by_one(
    tmp_path: Path,
) -> None:
    """A Tacocat hand's replace menu is labelled by its item keys (the cards of each
    choice), found in a table shared by every room; the JSON is the same as labelling each
    action, in both languages, whether the keys are new or already kept."""
    from ludoteca.games.tacocat.legal import replace_actions  # noqa: PLC0415
    from ludoteca.games.tacocat.model import FULL_PILE  # noqa: PLC0415
    from ludoteca.web.room import broadcast  # noqa: PLC0415
    from ludoteca.web.room.hall import Rooms  # noqa: PLC0415
    from ludoteca.web.room.settings import Settings  # noqa: PLC0415
    from ludoteca.web.store import open_store  # noqa: PLC0415

    store = open_store(str(tmp_path / "labels.sqlite3"))
    rooms = Rooms(store, Settings(bot_delay=0, clock_scale=0))
    try:
        room = rooms.create("tacocat", 2, {}, 0)
        game = registry.make("tacocat")
        rng = random.Random(11)
        for _ in range(60):
            hand = tuple(sorted(rng.sample(FULL_PILE, rng.randint(1, 9))))
            moves = replace_actions(hand, rng.randint(0, len(hand)))
            assert list(moves.item_keys()) == [action.cards for action in moves]
            for lang in ("en", "es"):
                expected = (
                    b"["
                    + b",".join(broadcast._item("tacocat", a, lang, ("Ana", "Luis")) for a in moves)
                    + b"]"
                )
                for _again in range(2):  # new keys, then kept ones
                    room.labels.clear()
                    made = broadcast.labelled(room, 0, moves, lang, ("Ana", "Luis"))
                    assert made.data == expected
                labels = [item["label"] for item in json.loads(made.data)]
                assert labels == [game.describe(a, lang) for a in moves]
    finally:
        rooms.close()
        store.close()
