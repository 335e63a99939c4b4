"""Gotcha cards: WHO predicates over declared traits and game facts.

Rulings: ``shared/games/gotcha.md`` GT-03 (a WHO card, or a printed group, decides whom the
area's WHAT card binds). Tie rules (documented in ``games/gotcha/cards.py``): every player
sharing the extreme age or track position is covered.
"""

from __future__ import annotations

import pytest

from ludoteca.games.gotcha import cards as gc
from ludoteca.games.gotcha.cards import Card, Facts, Profile, Who


def facts(
    *traits: set[str],
    ages: tuple[int, ...] | None = None,
    positions: tuple[int, ...] | None = None,
    current: int = 0,
    names: tuple[str, ...] | None = None,
) -> Facts:
    n = len(traits)
    ages = ages or tuple(20 + k for k in range(n))
    names = names or tuple(f"P{k}" for k in range(n))
    profiles = tuple(Profile(names[k], ages[k], frozenset(traits[k])) for k in range(n))
    return Facts(profiles, positions or (0,) * n, current)


def covered(card_id: str, f: Facts) -> list[int]:
    who = gc.card(card_id)
    return [s for s in range(len(f.profiles)) if gc.who_matches(who, s, f)]


def test_trait_cards_cover_players_with_the_trait_GT03() -> None:
    """GT-03: W01 "everyone wearing jeans" binds exactly the seats that declared jeans."""
    f = facts({"jeans"}, set(), {"jeans", "glasses"}, {"glasses"})
    assert covered("W01", f) == [0, 2]
    assert covered("W02", f) == [2, 3]


def test_negated_trait_cards_cover_the_others() -> None:
    f = facts({"jeans"}, set(), {"jeans", "glasses"}, {"glasses"})
    assert covered("W14", f) == [0, 1]  # not wearing glasses
    assert covered("W15", f) == [1, 3]  # not wearing jeans


def test_any_and_all_trait_cards() -> None:
    f = facts({"glasses"}, {"watch"}, {"jeans"}, {"jeans", "sneakers"}, {"sneakers"})
    assert covered("W18", f) == [0, 1]  # glasses or a watch
    both = Card(
        "X",
        "who",
        "todos los que lleven vaqueros y zapatillas",
        "everyone in jeans and trainers",
        checkable=True,
        plural=True,
        who=Who("traits", ("jeans", "sneakers"), "all"),
    )
    assert [s for s in range(5) if gc.who_matches(both, s, f)] == [3]


def test_printed_groups_GT03() -> None:
    """GT-03: the board's printed WHO slots are groups too ("men", "women")."""
    f = facts({"man"}, {"woman"}, {"man", "glasses"})
    assert [s for s in range(3) if gc.who_matches(gc.printed_who("man"), s, f)] == [0, 2]
    assert [s for s in range(3) if gc.who_matches(gc.card("P:woman"), s, f)] == [1]


def test_youngest_and_oldest_share_ties() -> None:
    f = facts(set(), set(), set(), set(), ages=(30, 19, 45, 19))
    assert covered("W20", f) == [1, 3]
    assert covered("W21", f) == [2]
    f = facts(set(), set(), set(), ages=(30, 30, 30))
    assert covered("W20", f) == [0, 1, 2] == covered("W21", f)


def test_leader_and_last_share_ties() -> None:
    f = facts(set(), set(), set(), set(), positions=(3, 5, 5, -1))
    assert covered("W22", f) == [1, 2]
    assert covered("W31", f) == [0, 3]
    assert covered("W23", f) == [3]


def test_when_everyone_is_level_everyone_leads_and_is_last() -> None:
    f = facts(set(), set(), set(), positions=(0, 0, 0))
    assert covered("W22", f) == [0, 1, 2]
    assert covered("W23", f) == [0, 1, 2]
    assert covered("W31", f) == []


@pytest.mark.parametrize(("current", "right", "left"), [(0, 3, 1), (1, 0, 2), (3, 2, 0)])
def test_players_around_the_current_player(current: int, right: int, left: int) -> None:
    """The player to the right of the current player is seat current - 1 mod n (play passes
    to seat + 1, to the left)."""
    f = facts(set(), set(), set(), set(), current=current)
    assert covered("W24", f) == [current]
    assert covered("W25", f) == [right]
    assert covered("W26", f) == [left]
    assert covered("W30", f) == [s for s in range(4) if s != current]


def test_track_spaces() -> None:
    f = facts(set(), set(), set(), set(), positions=(-1, 0, 2, -1))
    assert covered("W27", f) == [0, 3]  # WRONG WAY
    assert covered("W28", f) == [1]  # still on START


def test_everyone_and_names() -> None:
    f = facts(set(), set(), set(), set(), names=("Óscar", "Bruno", "  ana", "Íñigo"))
    assert covered("W29", f) == [0, 1, 2, 3]
    assert covered("W32", f) == [0, 2, 3]


def test_who_matches_rejects_other_cards() -> None:
    f = facts(set(), set())
    with pytest.raises(ValueError):
        gc.who_matches(gc.card("A01"), 0, f)


@pytest.mark.parametrize("who", [c for c in gc.CARDS if c.kind == "who"], ids=str)
def test_every_who_card_covers_someone_and_not_always_everyone(who: Card) -> None:
    """Each WHO card can be met and (except "everyone") can also exclude a player, over a
    varied table."""
    tables = [
        facts(
            set(gc.TRAITS) - {"man"},
            {"man"},
            {"jeans", "sneakers", "glasses"},
            set(),
            ages=(30, 19, 45, 19),
            positions=(3, 5, -1, 0),
            current=1,
            names=("Ana", "Bruno", "Carla", "Diego"),
        ),
        facts({"glasses"}, set(), ages=(20, 30), positions=(0, 1), names=("Ed", "Flo")),
    ]
    results = [[gc.who_matches(who, s, f) for s in range(len(f.profiles))] for f in tables]
    assert any(any(r) for r in results), who.id
    if who.id != "W29":
        assert any(not all(r) for r in results), who.id


def test_with_no_current_player_nobody_is_current_or_next_to_it() -> None:
    f = facts(set(), set(), set(), current=-1)
    assert covered("W24", f) == []
    assert covered("W25", f) == []
    assert covered("W26", f) == []
    assert covered("W30", f) == [0, 1, 2]
