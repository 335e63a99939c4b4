"""The search agent's budgets, per-game cut-offs, parameters, levels and hints."""

import itertools
import random
import time
import types
from typing import Any

import pytest

from ludoteca.agents import hints, ismcts, levels
from ludoteca.agents import registry as agents_registry
from ludoteca.agents.ismcts import ISMCTSAgent, SearchSpec, own_stream
from ludoteca.agents.random import RandomAgent
from ludoteca.agents.tacocat import search as tacocat_search
from ludoteca.engine import registry, rng, runner
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import CHANCE
from ludoteca.games import tacocat

TURN_BASED = ("tacocat", "dweebies", "tile_up", "mystery_date")


def _dealt(game_id: str, seed: int = 3) -> tuple[Any, Any]:
    game = registry.make(game_id)
    state = runner.new_game(game, 2, seed)
    chance = rng.make(seed)
    while game.actors(state) and game.actors(state)[0] == -1:
        state = game.apply(state, -1, game.sample_chance(state, chance))
    return game, state


@pytest.mark.parametrize("game_id", TURN_BASED)
def test_iteration_budget_is_exact_and_reproducible(game_id: str) -> None:
    game, state = _dealt(game_id)
    seat = game.actors(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    first = agents_registry.make_agent("ismcts:iterations=30", game_id)
    second = agents_registry.make_agent("ismcts:iterations=30", game_id)
    assert isinstance(first, ISMCTSAgent)
    assert isinstance(second, ISMCTSAgent)
    picks = [agent.choose(view, legal, random.Random(4)) for agent in (first, second)]
    assert picks[0] == picks[1]
    assert picks[0] in legal
    assert first.stats.iterations == second.stats.iterations
    # Anchored on the expert: whole samples (every candidate once), at least the budget.
    assert first.stats.anchored == (first.stats.iterations > 0)
    assert first.stats.iterations == 0 or first.stats.iterations >= 30


def test_plain_search_budget_is_exact() -> None:
    game, view, legal = _dweebies_placement()
    agent = ISMCTSAgent(game, RandomAgent(), iterations=30)
    agent.choose(view, legal[:6], random.Random(0))
    assert agent.stats.iterations == 30 and not agent.stats.anchored


def test_time_budget_stops_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search reads the clock as it goes and stops at the first reading past the
    budget. Its clock here moves 10 ms at each reading, so where it stops does not depend
    on how busy the machine is."""
    readings = itertools.count()
    clock = types.SimpleNamespace(
        perf_counter=lambda: next(readings) * 0.01, process_time=time.process_time
    )
    monkeypatch.setattr(ismcts, "time", clock)
    game, state = _dealt("dweebies")
    agent = agents_registry.make_agent("ismcts:seconds=0.05", "dweebies")
    assert isinstance(agent, ISMCTSAgent)
    assert agent.iterations is None
    legal = game.legal_actions(state, game.actors(state)[0])
    agent.choose(game.view(state, game.actors(state)[0]), legal, random.Random(0))
    assert agent.stats.iterations >= 1
    # The reading past the budget (0.05 s) ended the search; the next one timed it.
    assert agent.stats.seconds == pytest.approx(0.06)


def test_both_budgets_stop_at_the_first_reached() -> None:
    agent = agents_registry.make_agent("ismcts:seconds=30:iterations=20", "dweebies")
    assert isinstance(agent, ISMCTSAgent)
    game, state = _dealt("dweebies")
    seat = game.actors(state)[0]
    agent.choose(game.view(state, seat), game.legal_actions(state, seat), random.Random(0))
    assert agent.stats.iterations == 20


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("ismcts:depth=3", "depth=3"),
        ("ismcts:seconds=fast", "fast"),
        ("ismcts:iterations=0", "iterations"),
        ("greedy:iterations=5", "greedy"),
    ],
)
def test_bad_parameters_are_clear_errors_in_both_languages(name: str, fragment: str) -> None:
    with pytest.raises(GameSetupError) as caught:
        agents_registry.make_agent(name, "tacocat")
    for lang in ("es", "en"):
        assert fragment in caught.value.message.text(lang)


def test_realtime_game_is_refused() -> None:
    with pytest.raises(GameSetupError):
        agents_registry.make_agent("ismcts:iterations=5", "gotcha")


def test_every_level_names_a_real_agent_of_every_game() -> None:
    for game_id in (*TURN_BASED, "gotcha"):
        names = (
            *agents_registry.agent_names(game_id),
            *agents_registry.level_only_agents(game_id),
        )
        for level in levels.LEVELS:
            agent = agents_registry.agent_for_level(level, game_id)
            assert agent.partition(":")[0] in names
            assert agents_registry.make_agent(level, game_id).name in names
        weakest = agents_registry.agent_for_level("beginner", game_id)
        strongest = agents_registry.agent_for_level("strongest", game_id)
        assert weakest != strongest


def test_levels_follow_the_measured_ratings() -> None:
    data = levels.ratings()["games"]
    for game_id, entry in data.items():
        ordinal = {name: rating["ordinal"] for name, rating in entry["ratings"].items()}
        chosen = [ordinal[entry["levels"][level]] for level in levels.LEVELS]
        assert chosen == sorted(chosen), game_id
        assert chosen[-1] == max(ordinal.values())
        assert chosen[0] == min(ordinal.values())


def test_rated_search_bot_uses_the_shipped_budgets() -> None:
    for game_id, entry in levels.ratings()["games"].items():
        searches = [name for name in entry["ratings"] if name.startswith("ismcts")]
        if game_id not in levels.SEARCH_BUDGETS:  # realtime (Gotcha): no search bot
            assert not searches, game_id
            continue
        assert searches == [f"ismcts:iterations={levels.SEARCH_BUDGETS[game_id]}"], game_id


def test_unknown_level_is_a_clear_error() -> None:
    with pytest.raises(GameSetupError) as caught:
        levels.agent_for("expertísimo", "tacocat", ("random",))
    assert "beginner" in caught.value.message.text("en")


def test_tacocat_evaluation_solves_small_rounds_exactly() -> None:
    """A round where the attacker holds the lowest card and a sure set wins it."""
    _, state = _dealt("tacocat")
    state = state._replace(
        phase=tacocat.model.P_ATTACK,
        attacker=0,
        attack=(),
        answers=(),
        hands=((1, 12, 12, 12), (5, 6, 7, 8)),
    )
    assert tacocat_search.stop(state)
    after_win = tacocat_search.race(*tacocat.game._move(state.position, state.covered, 0))
    assert tacocat_search.evaluate(state, 0) == after_win
    assert tacocat_search.evaluate(state, 1) == -after_win
    assert tacocat_search.race(-1, 0) == 1.0
    assert tacocat_search.race(tacocat.model.SPACES, 0) == -1.0


def test_cut_off_evaluation_replaces_the_playout() -> None:
    calls: list[int] = []

    def evaluate(state: Any, seat: int) -> float:
        calls.append(seat)
        return 0.5

    game, state = _dealt("dweebies")
    agent = ISMCTSAgent(
        game, RandomAgent(), iterations=12, spec=SearchSpec(evaluate=evaluate, cutoff=1)
    )
    seat = game.actors(state)[0]
    legal = game.legal_actions(state, seat)
    agent.choose(game.view(state, seat), legal, random.Random(0))
    assert len(calls) == 12
    assert set(calls) == {seat}
    assert all(value == 0.5 for _, _, value in agent.stats.top)


@pytest.mark.parametrize("game_id", TURN_BASED)
def test_hint_is_a_legal_move_from_the_own_view(game_id: str) -> None:
    game, state = _dealt(game_id)
    seat = game.actors(state)[0]
    legal = game.legal_actions(state, seat)
    agent = agents_registry.make_agent("ismcts:iterations=20", game_id)
    found = hints.hint(game, game.view(state, seat), legal, seat, "es", agent=agent)
    assert found.action in legal
    spanish, english = found.to_json("es"), found.to_json("en")
    assert spanish["kind"].startswith("Pista") and english["kind"].startswith("Hint")
    assert spanish["action"] == str(found.action)


def test_hint_refuses_another_seats_view() -> None:
    game, state = _dealt("tacocat")
    with pytest.raises(ValueError, match="own view"):
        hints.hint(game, game.view(state, 1), game.legal_actions(state, 0), 0, "en")


class _Counting:
    """A fallback agent that plays the first legal move and counts its calls."""

    name = "counting"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        self.calls += 1
        return legal[0]


def _decision(game_id: str, seed: int, wanted: Any, play: Any = None) -> tuple[Any, Any, Any]:
    """The first decision of a seeded two-seat game whose legal list ``wanted`` accepts
    (game, view, legal); seats move by ``play(view, legal, rng)``, else their first move."""
    game = registry.make(game_id)
    stream = random.Random(seed)
    state = runner.new_game(game, 2, seed)
    while True:
        seat = game.actors(state)[0]
        if seat == CHANCE:
            state = game.apply(state, CHANCE, game.sample_chance(state, stream))
            continue
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        if wanted(legal):
            return game, view, legal
        state = game.apply(state, seat, play(view, legal, stream) if play else legal[0])


def _dweebies_placement() -> tuple[Any, Any, Any]:
    """A Dweebies placement decision with several legal moves (game, view, legal)."""
    return _decision("dweebies", 2, lambda legal: len(legal) >= 6)


def test_root_candidates_are_the_only_moves_searched_and_ties_go_to_the_first() -> None:
    game, view, legal = _dweebies_placement()
    picked = [legal[3], legal[1]]
    spec = SearchSpec(candidates=lambda v, moves: [m for m in picked if m in moves])
    agent = ISMCTSAgent(game, _Counting(), iterations=30, spec=spec)
    choice = agent.choose(view, legal, random.Random(0))
    assert choice in picked
    assert {action for action, _, _ in agent.stats.top} <= set(picked)
    assert sum(visits for _, visits, _ in agent.stats.top) == 30
    # One candidate: played without a search.
    alone = SearchSpec(candidates=lambda v, moves: [legal[4]])
    agent = ISMCTSAgent(game, _Counting(), iterations=30, spec=alone)
    assert agent.choose(view, legal, random.Random(0)) == legal[4]
    assert agent.stats.iterations == 0


def test_guided_playout_decisions_ask_the_fallback() -> None:
    game, view, legal = _dweebies_placement()
    plain, guided = _Counting(), _Counting()
    ISMCTSAgent(game, plain, iterations=20, spec=SearchSpec()).choose(view, legal, random.Random(0))
    spec = SearchSpec(guided=3)
    ISMCTSAgent(game, guided, iterations=20, spec=spec).choose(view, legal, random.Random(0))
    assert plain.calls == 0
    assert 20 <= guided.calls <= 60  # up to 3 a playout (fewer where a game ends sooner)


def test_tile_up_search_falls_back_on_its_expert() -> None:
    agent = agents_registry.make_agent("ismcts:iterations=10", "tile_up")
    assert isinstance(agent, ISMCTSAgent) and agent.fallback.name == "expert"


def _tile_up_discard() -> tuple[Any, Any]:
    """A Tile Up end-of-turn discard with several legal moves (view, legal)."""
    greedy = agents_registry.make_agent("greedy", "tile_up")
    _, view, legal = _decision(
        "tile_up",
        4,
        lambda legal: len(legal) > 2 and type(legal[0]).__name__ == "DiscardTile",
        greedy.choose,
    )
    return view, legal


def test_tile_up_search_leaves_discards_to_its_expert() -> None:
    # TU-07's end-of-turn discard: a 30-step score lead cannot judge which tiles to keep.
    view, legal = _tile_up_discard()
    expert = agents_registry.make_agent("expert", "tile_up")
    wanted = expert.choose(view, legal, random.Random(0))
    for anchored in (True, False):
        agent = agents_registry.make_agent("ismcts:iterations=60", "tile_up")
        assert isinstance(agent, ISMCTSAgent)
        if not anchored:
            agent.anchor = None
        assert agent.choose(view, legal, random.Random(0)) == wanted
        assert agent.stats.iterations == 0


@pytest.mark.parametrize("kind", ["Give", "Discard"])
def test_mystery_date_search_leaves_gifts_and_discards_to_its_expert(kind: str) -> None:
    # MD-05's gift and MD-04's discard: the search's overrides there lost on average.
    greedy = agents_registry.make_agent("greedy", "mystery_date")
    _, view, legal = _decision(
        "mystery_date",
        3,
        lambda legal: type(legal[0]).__name__ == kind and len(legal) > 2,
        greedy.choose,
    )
    wanted = agents_registry.make_agent("expert", "mystery_date").choose(
        view, legal, random.Random(0)
    )
    agent = agents_registry.make_agent("ismcts:iterations=60", "mystery_date")
    assert isinstance(agent, ISMCTSAgent)
    assert agent.choose(view, legal, random.Random(0)) == wanted
    assert agent.stats.iterations == 0 and not agent.stats.overridden


def test_mystery_date_search_still_searches_the_draw_or_discard_choice() -> None:
    greedy = agents_registry.make_agent("greedy", "mystery_date")
    _, view, legal = _decision(
        "mystery_date", 3, lambda legal: type(legal[0]).__name__ == "Pile", greedy.choose
    )
    agent = agents_registry.make_agent("ismcts:iterations=60", "mystery_date")
    assert isinstance(agent, ISMCTSAgent)
    agent.choose(view, legal, random.Random(0))
    assert agent.stats.anchored and agent.stats.iterations >= 60


class _Fixed:
    """An anchor that always plays one move and counts its calls."""

    name = "fixed"

    def __init__(self, move: Any) -> None:
        self.move = move
        self.calls = 0

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        self.calls += 1
        return self.move


def _anchored(
    game: Any, legal: Any, anchor: _Fixed, evaluate: Any, others: list[Any]
) -> ISMCTSAgent:
    spec = SearchSpec(evaluate=evaluate, stop=lambda state: True, candidates=lambda v, m: others)
    return ISMCTSAgent(game, RandomAgent(), iterations=40, spec=spec, anchor=anchor)


def test_anchored_search_keeps_the_anchors_move_without_evidence() -> None:
    game, view, legal = _dweebies_placement()
    anchor = _Fixed(legal[3])
    agent = _anchored(game, legal, anchor, lambda state, seat: 0.5, legal[:3])
    assert agent.choose(view, legal, random.Random(0)) == legal[3]
    assert anchor.calls == 1
    stats = agent.stats
    assert stats.anchored and not stats.overridden
    assert stats.iterations == 40  # 10 samples of the 4 candidates
    assert stats.top[0] == (legal[3], 10, 0.5)


def test_anchored_search_overrides_a_move_the_same_simulations_show_worse() -> None:
    game, view, legal = _dweebies_placement()
    seat = view["seat"]
    hand = game.sample_state(view, seat, random.Random(0)).hands[seat]
    target = next(a for a in legal if hand.count(a.card) == 1)  # placing it empties its card
    worse = next(a for a in legal if a.card != target.card)

    def evaluate(state: Any, me: int) -> float:
        return 1.0 if target.card not in state.hands[me] else -1.0

    anchor = _Fixed(worse)
    agent = _anchored(game, legal, anchor, evaluate, [target])
    assert agent.choose(view, legal, random.Random(0)) == target
    assert agent.stats.overridden and agent.stats.top[0][0] == target
    assert agent.stats.anchor_choice == worse  # the move the override replaced
    # A forced move is still shown to the anchor (it may learn from every view) and played.
    assert agent.choose(view, [worse], random.Random(0)) == worse
    assert anchor.calls == 2 and agent.stats.iterations == 0


class _CountingTacocat(tacocat.Tacocat):
    """Tacocat counting how the search draws its determinizations."""

    def __init__(self) -> None:
        super().__init__()
        self.samplers = self.samples = 0

    def sampler(self, view: Any, seat: Any) -> Any:
        self.samplers += 1
        return super().sampler(view, seat)

    def sample_state(self, view: Any, seat: Any, rng: random.Random) -> Any:
        self.samples += 1
        return super().sample_state(view, seat, rng)


@pytest.mark.parametrize("anchored", [False, True])
def test_search_reads_the_view_once_per_decision(anchored: bool) -> None:
    game = _CountingTacocat()
    _, state = _dealt("tacocat")
    chance = random.Random(1)
    while True:  # the first decision small enough to search (2 to 24 moves)
        seat = game.actors(state)[0]
        if seat == CHANCE:
            state = game.apply(state, seat, game.sample_chance(state, chance))
            continue
        legal = game.legal_actions(state, seat)
        if 1 < len(legal) <= 24:
            break
        for actor in game.actors(state):
            state = game.apply(state, actor, game.legal_actions(state, actor)[0])
    anchor = _Fixed(legal[-1]) if anchored else None
    agent = ISMCTSAgent(
        game, RandomAgent(), iterations=40, spec=tacocat_search.SEARCH, anchor=anchor
    )
    assert agent.choose(game.view(state, seat), legal, random.Random(0)) in legal
    assert agent.stats.iterations >= 40
    assert (game.samplers, game.samples) == (1, 0)


def test_tacocat_sampler_deals_the_hidden_hand_uniformly() -> None:
    game, state = _dealt("tacocat")
    seat = 0
    view = game.view(state, seat)
    draw = game.sampler(view, seat)
    first = draw(random.Random(5))
    hidden = len(first.hands[1])
    unseen = sorted(first.hands[1] + first.pile)
    counts = dict.fromkeys(unseen, 0)
    draws = 3000
    chooser = random.Random(5)
    for _ in range(draws):
        dealt = draw(chooser)
        assert dealt.hands[0] == tuple(view["hand"])
        assert sorted(dealt.hands[1] + dealt.pile) == unseen and list(dealt.pile) == sorted(
            dealt.pile
        )
        for card in dealt.hands[1]:
            counts[card] += 1
    for card, seen in counts.items():
        expected = draws * hidden * unseen.count(card) / len(unseen)
        assert abs(seen - expected) < 5 * expected**0.5 + 5, (card, seen, expected)
    # sample_state is the same draw.
    assert game.sample_state(view, seat, random.Random(9)) == draw(random.Random(9))


def test_anchored_search_leaves_the_agents_stream_to_its_anchor() -> None:
    """The expert replayed in the search's seat is an exact control (issue 18's pairing):
    a search that never overrides plays the expert's game move for move, although it
    draws determinizations and playouts on every decision. Tacocat's expert draws its
    own determinizations from the agent's stream, so a search sharing that stream would
    change the expert's later choices (it did before the search got its own stream).
    """
    game = registry.make("tacocat")
    for seed in (5, 6):
        never = _CountingSearch(
            agents_registry.make_agent("ismcts:iterations=40:confidence=1e9", "tacocat")
        )
        searched = runner.play(game, [never, agents_registry.make_agent("expert", "tacocat")], seed)
        assert never.searched >= 5
        experts = [agents_registry.make_agent("expert", "tacocat") for _ in range(2)]
        control = runner.play(game, experts, seed)
        assert searched.record.actions == control.record.actions


class _CountingSearch:
    """An anchored search agent that counts the decisions it searched."""

    name = "ismcts"

    def __init__(self, agent: Any) -> None:
        assert isinstance(agent, ISMCTSAgent)
        self.agent = agent
        self.searched = 0

    def choose(self, view: Any, legal: Any, rng_: random.Random) -> Any:
        action = self.agent.choose(view, legal, rng_)
        self.searched += self.agent.stats.iterations > 0
        return action


def test_own_stream_draws_nothing_from_the_agents_stream() -> None:
    agent_stream = random.Random(11)
    before = agent_stream.getstate()
    first = own_stream(agent_stream).random()
    assert agent_stream.getstate() == before
    assert own_stream(agent_stream).random() == first
    agent_stream.random()
    assert own_stream(agent_stream).random() != first
