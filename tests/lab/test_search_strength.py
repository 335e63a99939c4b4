"""``lab.search_strength``'s paired control: the expert replayed in the search's seats.

(Its measurements, by ``bench/tools/search_strength.py``, are indexed in bench/README.md;
here only that the pairing is exact: a search that never overrides its expert scores exactly
what the expert scores in its seats, and the paired estimate moves only by the games an
override changed.)
"""

from __future__ import annotations

from ludoteca.lab import search_strength


def test_a_search_that_never_overrides_matches_its_control_game_for_game() -> None:
    row = search_strength.match("tacocat", "expert", 20, 4, 1, 31, params="confidence=1e9")
    row.update(search_strength.paired(row, 4, 1, 31))
    assert row["control_per_game"] == [line["score"] for line in row["per_game"]]
    assert row["differ"] == 0
    assert row["paired_score"] == row["paired_low95"] == 0.5


def test_paired_score_is_half_plus_the_mean_difference() -> None:
    row = search_strength.match("tacocat", "expert", 20, 4, 1, 31, params="confidence=0.01")
    row.update(search_strength.paired(row, 4, 1, 31))
    differences = [
        line["score"] - control
        for line, control in zip(row["per_game"], row["control_per_game"], strict=True)
    ]
    assert row["paired_score"] == 0.5 + sum(differences) / 4
    assert row["differ"] == sum(1 for d in differences if d)
    assert row["better"] + row["worse"] == row["differ"] > 0
