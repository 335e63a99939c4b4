"""Each game's mechanic counts, read from public events, and the words every table uses."""

import pandas as pd
import pytest

from ludoteca.agents.registry import make_agent
from ludoteca.engine import registry, runner
from ludoteca.engine.errors import GameSetupError
from ludoteca.games.tile_up.model import END_IDS
from ludoteca.lab import labels, mechanics, table
from ludoteca.lab import simulate as sim
from ludoteca.lab.labels import end_label
from ludoteca.lab.match import seat_orders
from ludoteca.lab.measures import measure_columns
from ludoteca.lab.messages import measure_label

GAMES = {
    "tacocat": ("greedy", "greedy"),
    "dweebies": ("greedy",) * 3,
    "tile_up": ("greedy", "greedy"),
    "mystery_date": ("greedy",) * 3,
    "gotcha": ("greedy",) * 3,
}


@pytest.fixture(scope="module")
def frames() -> dict[str, pd.DataFrame]:
    return {
        game: table.simulate_frame(sim.SimulationConfig(game, 3, agents, seed=5))
        for game, agents in GAMES.items()
    }


def test_every_measure_of_every_game_is_in_words_in_both_languages(
    frames: dict[str, pd.DataFrame],
) -> None:
    for game, frame in frames.items():
        for key in measure_columns(frame):
            english = measure_label(key, game, "en")
            spanish = measure_label(key, game, "es")
            # A measure without words would fall back to its name, the same in both languages.
            assert "@" not in english and "fig." not in english and "stat." not in english
            assert english != spanish or key.startswith("agent."), (game, key)


def test_seats_are_named_in_words() -> None:
    assert labels.seat_words("dweebies", 1, "en") == "second seat"
    assert labels.seat_words("dweebies", 2, "es") == "tercer asiento"
    assert labels.seat_words("tacocat", 0, "en") == "first seat (YAY)"
    assert labels.count_label("mystery_date", "door_opens@2", "en") == (
        "door openings · third seat"
    )
    assert measure_label("share_0", "mystery_date", "en") == "wins: first seat"


def test_tacocat_mechanics_add_up(frames: dict[str, pd.DataFrame]) -> None:
    frame = frames["tacocat"]
    assert (frame["stat.duel_ties"] <= frame["stat.duels"]).all()
    assert (frame["stat.duels"] >= frame["fig.rounds"]).all()  # TC-04
    attacks = sum(frame[f"stat.attacks_{kind}"] for kind in ("single", "set", "sequence"))
    answers = frame["stat.defences"] + frame["stat.sacrifices"]
    assert (attacks > 0).all() and (answers >= attacks).all()


def test_dweebies_mechanics_add_up_to_the_scores(frames: dict[str, pd.DataFrame]) -> None:
    frame = frames["dweebies"]
    scores = sum(frame[f"fig.scores_{seat}"] for seat in range(3))
    assert (frame["stat.cards_collected"] == scores).all()
    by_seat = sum(frame[f"stat.collections@{seat}"] for seat in range(3))
    assert (by_seat == frame["stat.collections"]).all()
    lines = sum(frame[f"stat.lines_{n}"] for n in range(2, 7))
    doubles = frame["stat.double_collections"]
    assert (lines == frame["stat.collections"] + doubles).all()
    assert (frame["stat.splits"] <= frame["stat.collections"]).all()


def test_tile_up_goals_by_shape_and_stacks_match_the_board(frames: dict[str, pd.DataFrame]) -> None:
    frame = frames["tile_up"]
    shapes = [
        column
        for column in frame.columns
        if column.startswith("stat.goals_")
        and column[-1].isdigit()
        and column != "stat.goals_scored"
    ]
    assert len(shapes) == 9
    assert (sum(frame[c] for c in shapes) == frame["stat.goals_scored"]).all()
    stacks = sum(frame[f"stat.stacks_{h}"] for h in range(1, 5))
    assert (stacks <= frame["stat.tiles_on_board"]).all() and (stacks > 0).all()


def test_mystery_date_and_gotcha_count_by_seat_and_by_family(
    frames: dict[str, pd.DataFrame],
) -> None:
    dates = frames["mystery_date"]
    swaps = sum(dates[f"stat.swaps@{seat}"] for seat in range(3))
    assert (swaps == dates["stat.swaps"]).all()
    gotcha = frames["gotcha"]
    families = [c for c in gotcha.columns if c.startswith("stat.plays_")]
    assert len(families) == 10
    assert (sum(gotcha[c] for c in families) == gotcha["stat.plays"]).all()
    assert (gotcha["stat.plays_who"] > 0).any()


def test_a_tally_reads_only_what_a_spectator_learns() -> None:
    """The tally asks for the events of viewer None: hidden cards never reach it."""
    seen: list[int | None] = []
    game = registry.make("tacocat")
    tally = mechanics.tally_for(game, 2)
    assert tally is not None
    real_events = game.events

    def events(
        before: object, seat: int, action: object, after: object, viewer: int | None
    ) -> object:
        seen.append(viewer)
        return real_events(before, seat, action, after, viewer)

    tally.game = type("Spy", (), {"events": staticmethod(events)})()
    runner.play(game, [make_agent("greedy", "tacocat")] * 2, 3, {}, observer=tally)
    assert seen and set(seen) == {None}
    assert tally.counts()["duels"] > 0


def test_every_order_of_the_agents_takes_its_turn() -> None:
    assert seat_orders(("a", "a", "b")) == (("a", "a", "b"), ("a", "b", "a"), ("b", "a", "a"))
    config = sim.SimulationConfig("dweebies", 12, ("random", "greedy", "expert"), permute=True)
    orders = [config.seats_for(i) for i in range(12)]
    assert len(set(orders)) == 6 and orders[:6] == orders[6:]


def test_a_fixed_player_count_is_said_once() -> None:
    info = registry.make("tacocat").info
    with pytest.raises(GameSetupError) as caught:
        runner.check_players(info, 3)
    assert caught.value.text("en") == "Tacocat Spelled Backwards is played by 2 players, not 3"


def test_end_reasons_are_shown_in_words_not_ids() -> None:
    reasons = {"goal", "cards_out", "date", "champ", "turn_limit", "truncated", *END_IDS.values()}
    for reason in reasons:
        for lang in ("es", "en"):
            label = end_label(reason, lang)
            assert label != reason and "_" not in label and "(" not in label, (reason, label)
    assert end_label("corners", "en") == "corners covered"
    assert end_label("corners", "es") == "esquinas cubiertas"
