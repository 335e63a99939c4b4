"""The pace's tables on both kinds of store (migration ``0004_pace``): clocks, vacations,
nudges, push subscriptions and the server's keys.
"""

from __future__ import annotations

from ludoteca.web.store import RoomRow, open_store, pace_rows
from ludoteca.web.store.pace_rows import ClockRow, Subscription
from ludoteca.web.store.sql import SqlStore


def test_the_pace_tables_on_each_kind_of_store(store_url: str) -> None:
    store = open_store(store_url)
    try:
        assert isinstance(store, SqlStore)
        store.create_room(RoomRow("r1", "tacocat", 2, {}, 0, "playing", 1, 0))
        assert pace_rows.next_wake(store) is None
        clocks = [ClockRow("r1", 0, 1, 5, 0, 1_000, 800, False)]
        clocks.append(ClockRow("r1", 1, 1, 5, 0, 2_000, 1_600, True))
        pace_rows.set_clocks(store, "r1", clocks)
        assert pace_rows.room_clocks(store, "r1") == clocks
        assert pace_rows.next_wake(store) == 800  # seat 0's alarm; seat 1's rang already
        assert pace_rows.due_rooms(store, 799) == []
        assert pace_rows.due_rooms(store, 800) == ["r1"]
        assert pace_rows.clocks_of(store, [("r1", 1), ("r1", 0)]) == [
            ("r1", "tacocat", 1_000),
            ("r1", "tacocat", 2_000),
        ]
        pace_rows.set_clocks(store, "r1", clocks[1:])
        assert pace_rows.room_clocks(store, "r1") == clocks[1:]

        pace_rows.save_vacation(store, "r1", 1, 0, 1, 5_000)
        pace_rows.save_vacation(store, "r1", 1, 0, 2, 9_000)
        assert pace_rows.vacations(store, "r1", 1) == {0: (2, 9_000)}
        assert pace_rows.last_nudge(store, "r1", 1, 1) is None
        pace_rows.save_nudge(store, "r1", 1, 1, 7)
        pace_rows.save_nudge(store, "r1", 1, 1, 9)
        assert pace_rows.last_nudge(store, "r1", 1, 1) == 9

        sub = Subscription("https://push.example/a", "p", "s", "es")
        pace_rows.subscribe(store, "r1", 0, sub, 1)
        pace_rows.subscribe(store, "r1", 0, Subscription(sub.endpoint, "p2", "s2", "en"), 2)
        assert pace_rows.seat_subscriptions(store, "r1", 0) == [
            Subscription(sub.endpoint, "p2", "s2", "en")
        ]
        pace_rows.unsubscribe(store, sub.endpoint)
        assert pace_rows.seat_subscriptions(store, "r1", 0) == []

        assert pace_rows.site_key(store, "k") is None
        assert pace_rows.keep_site_key(store, "k", "first") == "first"
        assert pace_rows.keep_site_key(store, "k", "second") == "first"  # made once
    finally:
        store.close()
