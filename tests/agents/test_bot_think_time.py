"""A bot's pace at a table with people: a person's think time, within its range, seeded."""

from __future__ import annotations

import random
import statistics

from ludoteca.agents import pace


def test_a_paced_game_takes_a_persons_time_within_its_range() -> None:
    rng = random.Random(1)
    times = [pace.think_seconds("mystery_date", 4, rng) for _ in range(200)]
    low, high = pace.THINK_SECONDS
    assert all(low <= t <= high for t in times)
    assert 2.5 <= statistics.median(times) <= 4.5  # M + P + B + a 4-way choice: ~3.3 s
    assert len(set(times)) > 100  # spread, not one fixed delay


def test_more_choices_take_longer_and_the_same_stream_gives_the_same_times() -> None:
    few = statistics.median(
        pace.think_seconds("mystery_date", 2, random.Random(s)) for s in range(99)
    )
    many = statistics.median(
        pace.think_seconds("mystery_date", 40, random.Random(s)) for s in range(99)
    )
    assert many > few
    assert pace.think_seconds("mystery_date", 5, random.Random(7)) == pace.think_seconds(
        "mystery_date", 5, random.Random(7)
    )


def test_a_game_that_is_not_paced_keeps_the_rooms_delay() -> None:
    assert "tacocat" not in pace.PACED
    assert pace.think_seconds("tacocat", 5, random.Random(0)) == 0.0
