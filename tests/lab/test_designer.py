"""The designer's lab as data: shared wins, ties, margins, the games' own counts, one row
per game, and the questions (compare, sweep, ladder) on small real simulations."""

import math
from fractions import Fraction

import pandas as pd
import pytest
from scipy import stats

from ludoteca.agents.registry import make_agent
from ludoteca.engine.errors import GameSetupError
from ludoteca.lab import paired, questions, table
from ludoteca.lab import simulate as sim
from ludoteca.lab.summary import Accumulator, margin


def config(
    game_id: str, games: int, agents: tuple[str, ...], **changes: object
) -> sim.SimulationConfig:
    return sim.SimulationConfig(game_id, games, agents, **changes)  # type: ignore[arg-type]


def result(index: int, winners: tuple[int, ...], scores: tuple[float, ...]) -> sim.GameResult:
    seats = tuple("random" for _ in scores)
    return sim.GameResult(index, index, seats, winners, True, 10, scores=scores, turns=5)


def test_a_shared_win_counts_one_kth_to_each_winner_and_shares_add_up_to_all_games() -> None:
    tally = Accumulator("dweebies", ("random",) * 3, 0, False, {}, 4)
    tally.add(result(0, (0,), (5.0, 2.0, 1.0)))
    tally.add(result(1, (0, 1, 2), (3.0, 3.0, 3.0)))
    tally.add(result(2, (1, 2), (1.0, 4.0, 4.0)))
    tally.add(result(3, (), (0.0, 0.0, 0.0)))
    found = tally.summary()
    wins = [share.wins for share in found.seat_wins]
    third = float(Fraction(1, 3))
    assert wins == pytest.approx([1 + third, third + 0.5, third + 0.5])
    assert sum(wins) + found.draws == pytest.approx(4)
    assert [share.outright for share in found.seat_wins] == [1, 0, 0]
    assert [share.shared for share in found.seat_wins] == [1, 2, 2]  # the ties column
    assert found.shared == 2 and found.draws == 1
    assert found.margins is not None and found.margins.maximum == 3.0
    (agent,) = found.agent_wins
    assert agent.wins.trials == 12 and agent.wins.wins == pytest.approx(3)
    low, high = found.seat_wins[0].low, found.seat_wins[0].high
    assert 0 < low < found.seat_wins[0].value < high < 1


def test_margin_is_first_minus_second() -> None:
    assert margin((3.0, 7.0, 5.0)) == 2.0
    assert margin((4.0, 4.0)) == 0.0
    assert margin((1.0,)) == 0.0


def test_four_random_dweebies_players_share_exactly_all_games() -> None:
    found = sim.simulate(config("dweebies", 24, ("random",) * 4, seed=5))
    total = sum(share.wins for share in found.seat_wins) + found.draws + found.unfinished
    assert total == pytest.approx(24, abs=1e-9)
    assert found.shared > 0, "random Dweebies players often tie"
    assert all(share.value <= 1 for share in found.seat_wins)
    data = found.to_json()
    assert sum(seat["share"] for seat in data["seats"]) + data["draws"]["share"] == pytest.approx(1)


def test_rows_carry_seats_winners_scores_turns_endings_and_figures() -> None:
    frame = table.simulate_frame(config("tacocat", 6, ("greedy", "random"), seed=2))
    assert len(frame) == 6 and list(frame["seed"]) == list(range(2, 8))
    for column in ("agent_0", "agent_1", "options", "winners", "share_0", "score_1", "turns"):
        assert column in frame.columns
    assert set(frame["end_reason"]) == {"goal"}
    assert (frame["fig.rounds"] == frame["turns"]).all()
    assert (frame["share_0"] + frame["share_1"] == 1).all()
    assert list(frame["agent_0"][:2]) == ["greedy", "random"]  # rotated seats
    assert '"min_sequence": 3' in frame["options"][0]


def test_mystery_date_counts_every_door_opening_and_for_whom() -> None:
    frame = table.simulate_frame(config("mystery_date", 8, ("random",) * 3, seed=11))
    opens = frame["stat.door_opens"]
    assert (
        opens == frame["stat.door_dates"] + frame["stat.door_other"] + frame["stat.door_duds"]
    ).all()
    by_seat = frame["stat.door_opens@0"] + frame["stat.door_opens@1"] + frame["stat.door_opens@2"]
    assert (by_seat == opens).all()
    assert "stat.door_opens@3" not in frame.columns
    # MD-09: a game is won only by a door opening on the shown outfit's date.
    won = frame["end_reason"] == "date"
    assert (frame["stat.door_dates"] == won.astype(int)).all()
    for _, cells in frame[won].iterrows():
        seat = int(cells["winners"])
        assert cells[f"stat.door_opens@{seat}"] >= 1
        assert cells["fig.outfit"] == cells["fig.date"]


def test_tile_up_final_counts_tell_corners_from_tiles_out() -> None:
    frame = table.simulate_frame(
        config("tile_up", 6, ("random", "random"), options={"board_size": 9})
    )
    corners = frame["end_reason"] == "corners"
    assert (frame["stat.corners_covered"][corners] == 4).all()
    assert (frame["stat.corners_covered"][~corners] < 4).all()
    assert (frame["stat.tiles_on_board"] + frame["stat.tiles_left"] <= 114).all()


def test_a_bad_option_value_is_refused_once_before_any_game() -> None:
    with pytest.raises(GameSetupError) as caught:
        sim.validate(config("mystery_date", 50, ("random", "random"), options={"turn_limit": -1}))
    assert "1 to 5000" in caught.value.text("en")


def test_agent_parameters_reach_gotchas_party_bot_and_bad_ones_are_refused() -> None:
    agent = make_agent("greedy:slip=0.3:notice=1", "gotcha")
    assert (agent.slip, agent.notice) == (0.3, 1.0)  # type: ignore[attr-defined]
    with pytest.raises(GameSetupError) as caught:
        make_agent("greedy:slip=2", "gotcha")
    assert "probability from 0 to 1" in caught.value.text("en")
    with pytest.raises(GameSetupError):
        make_agent("greedy:slip=0.3", "tacocat")


# ---------------------------------------------------------------------------------------
# compare, sweep, ladder


def rows(shares: list[float], turns: list[int]) -> pd.DataFrame:
    """Two-seat games: seat 0 wins when its share is 1."""
    results = (
        sim.GameResult(
            i, i, ("a", "b"), (0,) if share else (1,), True, 9,
            end_reason="goal", turns=turns[i], scores=(share, 1 - share),
        )
        for i, share in enumerate(shares)
    )  # fmt: skip
    return table.frame(table.row(r, "tacocat", {}) for r in results)


def test_differences_are_paired_by_game_with_mcnemar_for_wins_and_holm_over_rows() -> None:
    a = rows([1.0, 0.0] * 50, [6, 8] * 50)
    b = rows([1.0] * 90 + [0.0] * 10, [6, 8] * 50)
    found = {d.key: d for d in questions.differences(a, b)}
    seat = found["share_0"]
    assert seat.diff == pytest.approx(0.4)
    assert seat.low < 0.4 < seat.high
    # Seat 0 won 45 games only in B and 5 only in A: the exact McNemar test is the two-sided
    # binomial test of 5 of 50 at 1/2.
    exact = 2 * sum(math.comb(50, k) for k in range(6)) / 2**50
    assert seat.test == "mcnemar" and seat.p_value == pytest.approx(exact)
    assert seat.significant and seat.pairs == 100
    turns = found["turns"]
    assert turns.diff == 0 and not turns.significant and math.isnan(turns.p_value)
    assert math.isnan(found["end.goal"].p_value) and found["end.goal"].diff == 0
    tested = [d for d in found.values() if not math.isnan(d.p_value)]
    smallest = min(tested, key=lambda d: d.p_value)
    assert smallest.p_holm == pytest.approx(min(1.0, len(tested) * smallest.p_value))


def test_pairing_finds_a_shift_that_independent_samples_would_miss() -> None:
    """B adds one turn to every other game: small against the spread of turns between
    games, certain game by game."""
    spread = [4, 12, 6, 14, 8, 10] * 5
    a = rows([1.0, 0.0] * 15, spread)
    b = rows([1.0, 0.0] * 15, [t + (i % 2) for i, t in enumerate(spread)])
    turns = {d.key: d for d in questions.differences(a, b)}["turns"]
    assert turns.test == "paired_t" and turns.diff == pytest.approx(0.5)
    assert turns.p_value < 1e-4 and turns.significant
    independent = stats.ttest_ind(b["turns"], a["turns"], equal_var=False)
    assert independent.pvalue > 0.5


def test_holm_adjusts_step_down_and_keeps_order() -> None:
    adjusted = paired.holm([0.01, 0.04, math.nan, 0.03])
    assert adjusted[0] == pytest.approx(0.03)
    assert adjusted[3] == pytest.approx(0.06)
    assert adjusted[1] == pytest.approx(0.06)  # never below a smaller p's adjusted value
    assert math.isnan(adjusted[2])


def test_compare_variants_need_one_option_given_twice() -> None:
    a, b = questions.variants(
        [("min_sequence", "3"), ("min_sequence", "2"), ("tie_goes_to_arrow", "true")]
    )
    assert a == {"min_sequence": "3", "tie_goes_to_arrow": "true"}
    assert b == {"min_sequence": "2", "tie_goes_to_arrow": "true"}
    with pytest.raises(GameSetupError):
        questions.variants([("min_sequence", "3")])
    with pytest.raises(GameSetupError):
        questions.variants([("min_sequence", "1")] * 3)


def test_compare_plays_both_variants_on_the_same_seeds() -> None:
    base = config("tacocat", 6, ("random", "random"), seed=30)
    found = questions.compare(base, {"min_sequence": "3"}, {"min_sequence": "2"})
    assert found.changed == (("min_sequence", 3, 2),)
    assert list(found.a.rows["seed"]) == list(found.b.rows["seed"]) == list(range(30, 36))
    assert {d.key for d in found.differences} >= {"share_0", "turns", "steps"}


def test_sweep_values_split_numbers_by_commas_and_repeat_text_options() -> None:
    assert questions.sweep_values([("board_size", "9,11,13")], "tile_up") == (
        "board_size",
        ["9", "11", "13"],
    )
    weights = [("door_weights", "1,1,1,1,1"), ("door_weights", "1,1,1,1,4")]
    assert questions.sweep_values(weights, "mystery_date") == (
        "door_weights",
        ["1,1,1,1,1", "1,1,1,1,4"],
    )
    with pytest.raises(GameSetupError):
        questions.sweep_values([("board_size", "9")], "tile_up")


def test_sweep_fills_an_ending_a_value_never_reached_with_zero() -> None:
    found = questions.sweep(config("tile_up", 4, ("random", "random")), "board_size", ["9", "13"])
    assert found.values == (9, 13)
    endings = [key for key in found.measure_keys() if key.startswith("end.")]
    for measures in found.measures:
        assert all(key in measures for key in endings)
    with pytest.raises(GameSetupError):
        questions.sweep(config("tile_up", 4, ("random", "random")), "board_size", ["9", "10"])


def test_ladder_is_seat_balanced_and_complementary() -> None:
    found = questions.ladder("dweebies", ["random", "greedy"], games=4, players=3, seed=1)
    (pairing,) = found.pairings
    assert [c.agents for c in pairing.runs] == [
        ("random", "greedy", "random"),
        ("greedy", "random", "greedy"),
    ]
    assert pairing.games == 6
    greedy = found.rate("greedy", "random")
    assert greedy is not None and greedy == pytest.approx(1 - pairing.share)
    assert greedy > 0.5
    assert found.rate("random", "random") is None
    with pytest.raises(GameSetupError):
        questions.ladder("dweebies", ["random"], games=4)
