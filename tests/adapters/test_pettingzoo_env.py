"""The PettingZoo AEC environment: the real PettingZoo API and seed tests, random masked play
to the end, masks, errors, truncation, records, and the serialised simultaneous choices."""

import random
import string
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from pettingzoo.test.api_test import api_test
from pettingzoo.test.seed_test import seed_test

from ludoteca.adapters import encodings
from ludoteca.adapters.encodings import tacocat as enc
from ludoteca.adapters.pettingzoo import EnvNotResetError, LudotecaEnv, env
from ludoteca.engine import i18n, rng, runner
from ludoteca.engine.errors import GameSetupError, IllegalActionError, InvalidActionError
from ludoteca.engine.replay import replay
from ludoteca.games import tacocat as tc

GAME = tc.GAME

# PettingZoo's api_test warns for every dict observation ("Observation is not a NumPy array",
# "... should be gymnasium.spaces.box"): its own board games are exempted by name only.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)


def _random_policy(rng_: random.Random) -> Callable[[LudotecaEnv, str, Any], int]:
    def choose(e: LudotecaEnv, agent: str, observation: Any) -> int:
        allowed = np.flatnonzero(observation["action_mask"])
        assert allowed.size > 0, f"empty mask for the acting agent {agent}"
        return int(allowed[rng.below(rng_, len(allowed))])

    return choose


def _play(
    e: LudotecaEnv, seed: int, each_turn: Callable[[LudotecaEnv, str], None] | None = None
) -> dict[str, float]:
    """Play the current episode to its end with a seeded random masked policy."""
    choose = _random_policy(rng.derive(seed, "policy"))
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        if each_turn is not None:
            each_turn(e, agent)
        e.step(choose(e, agent, observation))
    return totals


def _turns(e: LudotecaEnv, seed: int) -> Iterator[str]:
    """Yield the selected agent before each of its choices (the caller may inspect), then
    play a random masked action for it."""
    choose = _random_policy(rng.derive(seed, "policy"))
    for agent in e.agent_iter():
        _, _, termination, truncation, _ = e.last()
        if termination or truncation:
            e.step(None)
            continue
        yield agent
        e.step(choose(e, agent, e.observe(agent)))


# -- PettingZoo's own checks -------------------------------------------------------------


@pytest.mark.parametrize(
    "options", [None, {"min_sequence": 2}, {"tie_goes_to_arrow": True}], ids=str
)
def test_pettingzoo_api_test(options: dict[str, object] | None) -> None:
    api_test(env("tacocat", seed=0, options=options), num_cycles=1000)  # type: ignore[no-untyped-call]


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env("tacocat"), num_cycles=1000)  # type: ignore[no-untyped-call]


# -- Seeds and determinism -----------------------------------------------------------------


def _trajectory(e: LudotecaEnv, seed: int) -> list[tuple[str, bytes, bytes, float]]:
    steps: list[tuple[str, bytes, bytes, float]] = []

    def note(env_: LudotecaEnv, agent: str) -> None:
        observation = env_.observe(agent)
        steps.append(
            (
                agent,
                observation["observation"].tobytes(),
                observation["action_mask"].tobytes(),
                env_.rewards[agent],
            )
        )

    _play(e, seed, note)
    return steps


def test_same_seed_same_episode_and_reset_continues_with_the_next_seed() -> None:
    first, second = env("tacocat", seed=11), env("tacocat")
    first.reset()
    second.reset(seed=11)
    assert _trajectory(first, 1) == _trajectory(second, 1)
    assert first.record() == second.record()
    first.reset()  # match seed 12
    assert first.seed == 12
    third = env("tacocat")
    third.reset(seed=12)
    assert _trajectory(first, 2) == _trajectory(third, 2)
    third.reset(seed=13)
    assert third.record().actions != first.record().actions


def test_chance_draws_follow_the_runner_streams() -> None:
    """The env's match with seed s replays through the engine's record and draws the cards
    runner.play would draw: the first deal equals the runner's."""
    e = env("tacocat", seed=5)
    e.reset()
    _play(e, 5)
    assert replay(e.record()) == e.engine_state
    assert e.record().outcome is not None
    dealt = [text for seat, text in e.record().actions[: 2 * 7] if seat == -1]
    match = runner.play(GAME, [_FirstLegal(), _FirstLegal()], seed=5, max_steps=14)
    assert dealt == [text for _, text in match.record.actions]


class _FirstLegal:
    name = "first"

    def choose(self, view: Any, legal: Any, rng_: random.Random) -> Any:
        return legal[0]


# -- Random masked play -----------------------------------------------------------------


def test_random_masked_play_ends_with_zero_sum_rewards() -> None:
    e = env("tacocat")
    for seed in range(200):
        e.reset(seed=seed)
        totals = _play(e, seed)
        assert not e.agents
        assert sum(totals.values()) == 0.0
        assert sorted(totals.values()) == [-1.0, 1.0]
        outcome = GAME.outcome(e.engine_state)
        assert outcome is not None
        assert totals[f"player_{outcome.winners[0]}"] == 1.0


def test_every_unmasked_number_is_an_engine_legal_action_and_back() -> None:
    """At every decision: the mask is not empty; each unmasked number decodes to a legal
    engine action (or a select that extends the draft to a legal replace); outside the
    replace phase the unmasked numbers are exactly the legal actions; the observation is the
    encoding of the seat's view and draft."""
    e = env("tacocat", options={"min_sequence": 2}, scaled=False)
    seen_phases: set[str] = set()
    for seed in range(8):
        e.reset(seed=seed)
        for agent in _turns(e, seed):
            seat = int(agent[-1])
            state = e.engine_state
            view = GAME.view(state, seat)
            legal = GAME.legal_actions(state, seat)
            observation = e.observe(agent)
            draft = _draft_from_observation(observation["observation"])
            assert np.array_equal(observation["observation"], enc.ENCODING.observation(view, draft))
            mask = observation["action_mask"]
            allowed = [int(i) for i in np.flatnonzero(mask)]
            assert allowed
            seen_phases.add(view["phase"])
            decoded = [enc.ENCODING.decode(i, view, legal, draft) for i in allowed]
            for index, meaning in zip(allowed, decoded, strict=True):
                if meaning.action is None:
                    assert tc.Replace(meaning.draft) in legal, enc.ACTION_LABELS[index]
                else:
                    assert meaning.action in legal, enc.ACTION_LABELS[index]
            if view["phase"] != "replace":
                assert {m.action for m in decoded} == set(legal)
    assert seen_phases == {"replace", "duel", "attack", "defend"}


def _draft_from_observation(vector: Any) -> tuple[int, ...]:
    block = enc.LAYOUT.block("selection")
    counts = vector[block.offset : block.offset + block.size]
    return tuple(v for v in enc.VALUES for _ in range(int(counts[v - 1])))


def test_every_legal_replace_can_be_built_through_the_mask() -> None:
    e = env("tacocat")
    picker = random.Random(3)
    checked = 0
    for seed in range(6):
        e.reset(seed=seed)
        for agent in _turns(e, seed):
            seat = int(agent[-1])
            state = e.engine_state
            view = GAME.view(state, seat)
            if view["phase"] != "replace" or _draft_from_observation(
                e.observe(agent)["observation"]
            ):
                continue
            legal = GAME.legal_actions(state, seat)
            sample = [legal[picker.randrange(len(legal))] for _ in range(20)] + [legal[-1]]
            for action in sample:
                draft: tuple[int, ...] = ()
                for index in enc.ENCODING.encode(action):
                    assert enc.ENCODING.action_mask(view, legal, draft)[index] == 1
                    meaning = enc.ENCODING.decode(index, view, legal, draft)
                    draft = meaning.draft
                assert meaning.action == action
                checked += 1
    assert checked > 100


def _replace_limit(state: tc.State, seat: int) -> int:
    arrow = tc.ARROWS[state.position]
    return len(state.hands[seat]) if arrow is None or arrow == seat else state.replaced[arrow]


def _selectable(state: tc.State, seat: int, draft: tuple[int, ...], value: int) -> bool:
    hand = state.hands[seat]
    return draft.count(value) < hand.count(value) and len(draft) < _replace_limit(state, seat)


def test_replace_selection_masks_held_values_and_the_limit() -> None:
    """Select v is offered exactly while v is held and not all selected, and while the
    selection is below the replace limit (TC-03: the follower's k); confirm always."""
    e = env("tacocat", scaled=False)
    followers = 0
    for seed in range(12):
        e.reset(seed=seed)
        for agent in _turns(e, seed):
            seat = int(agent[-1])
            state = e.engine_state
            if state.phase != tc.Phase.REPLACE:
                continue
            observation = e.observe(agent)
            draft = _draft_from_observation(observation["observation"])
            mask = observation["action_mask"]
            for value in enc.VALUES:
                expected = _selectable(state, seat, draft, value)
                assert mask[enc.SELECT + value - 1] == expected, (draft, value)
            assert mask[enc.CONFIRM] == 1
            assert mask[enc.DUEL :].sum() == 0
            arrow = tc.ARROWS[state.position]
            if arrow is not None and arrow != seat:
                followers += 1
                if len(draft) == state.replaced[arrow]:
                    assert mask[: enc.CONFIRM].sum() == 0
    assert followers > 10


def test_options_reach_the_mask() -> None:
    """Two-card sequences are offered only with min_sequence=2."""
    pairs = {enc.ATTACK + i for i, shape in enumerate(enc.ATTACK_SHAPES) if _is_sequence(shape, 2)}

    def offered(options: dict[str, object] | None) -> bool:
        e = env("tacocat", options=options)
        for seed in range(10):
            e.reset(seed=seed)
            for agent in _turns(e, seed):
                if pairs & set(np.flatnonzero(e.observe(agent)["action_mask"]).tolist()):
                    return True
        return False

    assert offered({"min_sequence": 2})
    assert not offered(None)


def _is_sequence(shape: tuple[int, ...], length: int) -> bool:
    return len(shape) == length and len(set(shape)) == length


# -- Simultaneous secret choices --------------------------------------------------------


def _until(e: LudotecaEnv, seed: int, phase: tc.Phase) -> Iterator[None]:
    """Advance with random play until player_0 is selected in ``phase`` with both seats
    acting and an empty draft; yield there (the caller steps player_0)."""
    for agent in _turns(e, seed):
        state = e.engine_state
        if (
            agent == "player_0"
            and state.phase == phase
            and GAME.actors(state) == (0, 1)
            and not _draft_from_observation(e.observe(agent)["observation"])
        ):
            yield


def test_second_seat_in_a_duel_observes_as_if_the_first_had_not_chosen() -> None:
    tested = 0
    for seed in range(10):
        e = env("tacocat", seed=seed, scaled=False)
        e.reset()
        for _ in _until(e, seed, tc.Phase.DUEL):
            before = e.engine_state
            before_obs = e.observe("player_1")
            card = GAME.legal_actions(before, 0)[-1]
            assert isinstance(card, tc.Duel)
            e.step(enc.ENCODING.encode(card)[0])
            # Buffered, not applied: the state is the very same object.
            assert e.engine_state is before
            assert e.agent_selection == "player_1"
            after_obs = e.observe("player_1")
            unseen = GAME.view(before, 1)
            legal = GAME.legal_actions(before, 1)
            assert np.array_equal(after_obs["observation"], before_obs["observation"])
            assert np.array_equal(after_obs["observation"], enc.ENCODING.observation(unseen, ()))
            assert np.array_equal(
                after_obs["action_mask"], enc.ENCODING.action_mask(unseen, legal, ())
            )
            # Applying the first choice at once would have shown that it was made.
            told = GAME.view(GAME.apply(before, 0, card), 1)
            assert not np.array_equal(enc.ENCODING.observation(told, ()), after_obs["observation"])
            answer = GAME.legal_actions(before, 1)[0]
            assert isinstance(answer, tc.Duel)
            e.step(enc.ENCODING.encode(answer)[0])
            assert GAME.view(e.engine_state, 1)["last_duel"] == [card.card, answer.card]
            tested += 1
            break
    assert tested == 10


def test_second_seat_in_a_double_arrow_replace_cannot_see_the_first_selection() -> None:
    e = env("tacocat", seed=4, scaled=False)
    e.reset()
    state = e.engine_state
    assert state.phase == tc.Phase.REPLACE and GAME.actors(state) == (0, 1)
    before_obs = e.observe("player_1")
    hand = state.hands[0]
    chosen = tc.Replace(hand[:3])
    for index in enc.ENCODING.encode(chosen)[:-1]:
        e.step(index)
        assert e.agent_selection == "player_0"
        assert _draft_from_observation(e.observe("player_0")["observation"])
    e.step(enc.CONFIRM)
    assert e.engine_state is state
    assert e.agent_selection == "player_1"
    after = e.observe("player_1")
    assert np.array_equal(after["observation"], before_obs["observation"])
    assert not _draft_from_observation(after["observation"])
    e.step(enc.CONFIRM)  # keep
    assert e.engine_state.discard == hand[:3]
    assert [seat for seat, _ in e.record().actions if seat >= 0] == [0, 1]


# -- Errors, truncation, rendering ---------------------------------------------------------


def test_a_masked_out_action_is_refused_and_changes_nothing() -> None:
    e = env("tacocat", seed=2)
    e.reset()
    agent = e.agent_selection
    before = e.observe(agent)
    state = e.engine_state
    refused = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError) as caught:
        e.step(refused)
    assert "masked out for player_0" in caught.value.text("en")
    assert "máscara de acciones de player_0" in caught.value.text("es")
    assert "confirm replace" in caught.value.text("en")
    assert e.engine_state is state and e.agent_selection == agent
    assert np.array_equal(e.observe(agent)["observation"], before["observation"])


@pytest.mark.parametrize("action", [-1, enc.ACTION_SIZE, "3", 2.0, True])
def test_an_action_that_is_not_a_number_of_the_space_is_refused(action: Any) -> None:
    e = env("tacocat", seed=2)
    e.reset()
    state = e.engine_state
    with pytest.raises(InvalidActionError) as caught:
        e.step(action)
    assert f"from 0 to {enc.ACTION_SIZE - 1}" in caught.value.text("en")
    assert f"de 0 a {enc.ACTION_SIZE - 1}" in caught.value.text("es")
    assert e.engine_state is state


def test_numpy_integers_are_actions() -> None:
    e = env("tacocat", seed=2)
    e.reset()
    e.step(np.int32(enc.CONFIRM))
    assert e.agent_selection == "player_1"
    e.step(np.int64(enc.CONFIRM))
    assert e.engine_state.phase == tc.Phase.DUEL


def test_use_before_reset_and_bad_setups_are_errors_with_reasons() -> None:
    e = env("tacocat")
    with pytest.raises(EnvNotResetError):
        e.step(0)
    with pytest.raises(EnvNotResetError):
        e.observe("player_0")
    with pytest.raises(GameSetupError, match="played by 2 players, not 3"):
        env("tacocat", num_players=3)
    with pytest.raises(GameSetupError, match="Unknown option"):
        env("tacocat", options={"jumbo": 1})
    with pytest.raises(GameSetupError, match="Valid games: tacocat"):
        env("chess")
    with pytest.raises(GameSetupError) as caught:
        env("tacocat", render_mode="rgb_array")
    assert "ansi, human" in caught.value.text("es")
    e.reset(seed=0)
    with pytest.raises(GameSetupError, match="Unknown agent 'player_2'"):
        e.observe("player_2")


def test_a_game_without_an_encoding_is_a_clear_error() -> None:
    """Gotcha (realtime: the environment refuses it) has no encoding."""
    with pytest.raises(GameSetupError) as caught:
        encodings.make("gotcha", 2, {})
    assert caught.value.text("en") == (
        "The game 'gotcha' has no reinforcement-learning encoding. "
        "Games with an encoding: tacocat, dweebies, tile_up, mystery_date"
    )
    assert caught.value.text("es").startswith(
        "El juego 'gotcha' no tiene codificación para aprendizaje por refuerzo."
    )
    assert encodings.available() == ("tacocat", "dweebies", "tile_up", "mystery_date")


def test_truncation_after_max_steps() -> None:
    e = env("tacocat", seed=0, max_steps=60)
    e.reset()
    totals = _play(e, 0)
    assert totals == {"player_0": 0.0, "player_1": 0.0}
    assert not e.agents
    assert e.engine_steps >= 60
    assert GAME.outcome(e.engine_state) is None
    assert e.record().outcome is None


def test_truncation_flags_every_agent() -> None:
    e = env("tacocat", seed=0, max_steps=30)
    e.reset()
    while not any(e.truncations.values()):
        agent = e.agent_selection
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert all(not e.observe(a)["action_mask"].any() for a in e.agents)


def test_render_shows_the_spectator_view(capsys: pytest.CaptureFixture[str]) -> None:
    e = env("tacocat", seed=1, render_mode="ansi")
    e.reset()
    text = e.render()
    assert isinstance(text, str) and "Tacocat" in text and "replace" in text
    quiet = env("tacocat", seed=1)
    quiet.reset()
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert quiet.render() is None
    loud = env("tacocat", seed=1, render_mode="human")
    loud.reset()
    loud.step(enc.CONFIRM)
    assert "Tacocat" in capsys.readouterr().out


def test_adapter_messages_exist_in_both_languages() -> None:
    keys = [key for key in i18n.catalogue_keys() if key.startswith("adapters.")]
    assert len(keys) >= 5
    for key in keys:
        templates = i18n._CATALOGUE[key]
        fields = [
            {name for _, name, _, _ in string.Formatter().parse(templates[lang]) if name}
            for lang in i18n.LANGS
        ]
        assert fields[0] == fields[1], key
