"""A pytest plugin (tests/conftest.py loads it): the suite's markers, applied by what a test
needs, so ``make quick`` can leave out what is slow or needs a server.

The markers (registered in pyproject.toml; ``--strict-markers`` refuses any other):

- ``browser``: drives Debian's chromium through Playwright;
- ``postgres``: needs a PostgreSQL server (the session's throwaway cluster);
- ``cluster``: runs several server workers over Redis;
- ``tmux``: drives a real terminal through tmux;
- ``slow``: among the slowest modules and tests of a full run (:data:`SLOW`).

``browser``, ``postgres`` and ``cluster`` come from the fixtures a test requests, directly
or through other fixtures (:data:`BY_FIXTURE`), and a ``postgresql`` parameter (a store of
each kind); ``browser`` and ``tmux`` also from what the test's module imports
(:data:`BY_IMPORT`). ``slow`` comes from :data:`SLOW`, keyed by file name, not folder.
Either way a test keeps its markers when it moves. Markers only deselect in ``make quick``;
``make test`` runs everything.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

import pytest

BY_FIXTURE: Mapping[str, frozenset[str]] = {
    "browser": frozenset({"browser", "page", "playwright"}),
    "postgres": frozenset({"pg_cluster"}),
    "cluster": frozenset({"cluster", "redis_server"}),
}
"""Marker -> fixture names: a test requesting one (directly or through another fixture)
gets the marker."""

BY_IMPORT: Mapping[str, str] = {"browser": "playwright", "tmux": "tmux_driver"}
"""Marker -> a top-level module: a test module that imports it, or a name from it, gets the
marker (a browser launched without the fixtures; the terminal tests, which have none)."""

POSTGRES_PARAMETER = "postgresql"
"""A parameter value that runs a test against PostgreSQL (``store_url``'s)."""

SLOW: Mapping[str, frozenset[str]] = {
    # Gotcha's bigger tables and Tile Up's: 1,391 of the conformance suite's 1,544 s.
    "test_conformance.py": frozenset(
        {f"test_conformance[gotcha-{players}-" for players in range(4, 9)}
        | {"test_conformance[tile_up-3-", "test_conformance[tile_up-4-"}
    ),
    "test_crash.py": frozenset(),
    "test_lesson_positions.py": frozenset(),
    "test_red_team.py": frozenset({"test_idle_connections_of_one_address_leave_the_others_served"}),
    "test_ray_backend.py": frozenset(),
    "test_search_strength.py": frozenset(),
    "test_override_judge.py": frozenset(),
    "test_ismcts.py": frozenset({"test_beats_random"}),
    "test_search_agent.py": frozenset(
        {"test_anchored_search_leaves_the_agents_stream_to_its_anchor"}
    ),
    "test_expert_tacocat.py": frozenset(
        {"test_beats_greedy_on_a_seeded_sample", "test_beats_random_almost_always"}
    ),
    "test_greedy_tacocat.py": frozenset({"test_tuned_greedy_beats_its_first_version"}),
    "test_greedy_gotcha.py": frozenset(
        {"test_bots_play_whole_games_legally_and_deterministically"}
    ),
    "test_gotcha_cards_bots.py": frozenset({"test_conform_chat_all_keeps_every_rule_for_any_text"}),
    "test_tile_up_encoding.py": frozenset(
        {
            "test_the_mask_reaches_exactly_the_legal_actions",
            "test_resampling_hidden_zones_leaves_observation_and_mask_unchanged",
        }
    ),
    "test_bench.py": frozenset({"test_playout_of_every_game"}),
    # A whole Dweebies game against its expert (and the search anchored on it), each bot
    # decision made again on other deals: 20-30 s each at the load of a full run.
    "test_explain_every_bot.py": frozenset(
        {
            "test_every_bot_move_is_explained_without_ids_or_leaks[dweebies-expert",
            "test_every_bot_move_is_explained_without_ids_or_leaks[dweebies-ismcts",
        }
    ),
    "test_screens_fit.py": frozenset({"test_every_screen_of_a_seeded_game_fits_80_by_24"}),
    "test_e2e_load_bench.py": frozenset({"test_two_games_of_random_moves_over_real_sockets"}),
    # A whole game on the headless full-screen table, every answer through Textual's Pilot.
    "test_full_screen.py": frozenset({"test_a_whole_game_logs_every_event_once"}),
    # Tile Up's games (a long game, its replay drawn twice) and Tacocat's rounds on the full
    # screen: 30-110 s each at a loaded machine's pace; the other games' cases stay quick.
    "test_terminal_names.py": frozenset(
        {
            "test_plain_play_and_replay_name_people_and_things[tile_up",
            "test_full_screen_play_names_people_and_things[tile_up",
            "test_full_screen_play_names_people_and_things[tacocat",
        }
    ),
    "test_full_screen_marks.py": frozenset(
        {
            "test_bots_talk_is_rate_limited_in_the_log_and_f2_shows_it_all",
        }
    ),
    # axe-core on the lesson page of every game, both sizes and languages, and its end
    # screen: 14.8 s at load 10-14 (2026-12-06, -n 2).
    "test_e2e_lessons.py": frozenset({"test_axe_finds_nothing_on_the_lesson_page"}),
    # Two spawned workers started and stopped: 41.7 s at load 27 (2026-12-06).
    "test_cluster_hosting.py": frozenset(),
    # A table screen and three phones play a whole game: Gotcha 9.2 s, Mystery Date 14.7 s
    # at load 3 (2026-12-06).
    "test_e2e_party.py": frozenset(
        {
            "test_a_table_screen_and_three_phones_play_gotcha",
            "test_a_table_screen_and_three_phones_play_mystery_date",
        }
    ),
    # Issue 40's must-show: two browser contexts over three simulated days, axe-core at
    # both sizes in both languages on two pages: 26 s (18 s call, 8 s setup) on 2 cores.
    "test_e2e_days.py": frozenset({"test_two_people_play_correspondence_tacocat_over_three_days"}),
}
"""File name of a test module -> its slow tests: a test function's name, or a parametrized
test's name up to and including part of its id (``test_conformance[gotcha-8-``, a prefix);
an empty set marks the whole module.

Chosen from one full run, ``.venv/bin/pytest -n 2 --durations=0`` (2026-12-06, 4,818
tests, 29 min 40 s on the shared 2-core machine at load 6-9): these take 1,983 of the
2,673 test-seconds left once browser, postgres, cluster and tmux tests are out."""


def imported_tops(module: ModuleType) -> set[str]:
    """The top-level modules ``module`` imports, or takes a name from."""
    tops: set[str] = set()
    for value in vars(module).values():
        name = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", "")
        if isinstance(name, str) and name:
            tops.add(name.split(".")[0])
    return tops


def markers_for(item: pytest.Item, tops: set[str]) -> set[str]:
    """The markers a collected test gets from its fixtures, parameters, module and name.

    Args:
        item: The collected test.
        tops: :func:`imported_tops` of its module.

    Returns:
        The names of the markers to add.
    """
    names = set(getattr(item, "fixturenames", ()))
    marks = {marker for marker, fixtures in BY_FIXTURE.items() if names & fixtures}
    marks |= {marker for marker, top in BY_IMPORT.items() if top in tops}
    callspec = getattr(item, "callspec", None)
    if callspec is not None and POSTGRES_PARAMETER in map(str, callspec.params.values()):
        marks.add("postgres")
    slow = SLOW.get(item.path.name)
    if slow is not None and (not slow or _named(item, slow)):
        marks.add("slow")
    return marks


def _named(item: pytest.Item, names: frozenset[str]) -> bool:
    function = getattr(item, "originalname", item.name)
    return function in names or any("[" in name and item.name.startswith(name) for name in names)


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    by_module: dict[str, set[str]] = {}
    for item in items:
        module = getattr(item, "module", None)
        tops: set[str] = set()
        if isinstance(module, ModuleType):
            if module.__name__ not in by_module:
                by_module[module.__name__] = imported_tops(module)
            tops = by_module[module.__name__]
        for marker in sorted(markers_for(item, tops)):
            item.add_marker(marker)
