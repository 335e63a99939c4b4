"""The conformance suite every game passes (``check_game``).

Each check plays seeded random games and verifies one promise of the Game protocol. The
checks raise ``AssertionError`` with a message naming the game, seed and step. Games call
``check_game(game)`` from their test module, or one check at a time for finer reports.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from ludoteca.engine import figures, runner
from ludoteca.engine import record as record_mod
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import IllegalActionError, InvalidActionError, NotYourTurnError
from ludoteca.engine.game import CHANCE, Game, ProfiledGame, RealtimeGame, Seat
from ludoteca.engine.i18n import LANGS, Message
from ludoteca.engine.replay import replay
from ludoteca.engine.shared_events import step_events


class _Uniform:
    """A uniform random agent (the engine cannot import ``ludoteca.agents``)."""

    name = "random"

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        return rng_mod.choice(rng, legal)


@dataclass(frozen=True, slots=True)
class Visit:
    """One visited state of a random game."""

    seed: int
    index: int
    state: Any


def _fail(game: Game[Any, Any], where: str, what: str) -> AssertionError:
    return AssertionError(f"[{game.info.id}] {where}: {what}")


def player_counts(game: Game[Any, Any]) -> range:
    """Every player count the game supports."""
    return range(game.info.min_players, game.info.max_players + 1)


def random_match(game: Game[Any, Any], num_players: int, seed: int) -> runner.Match:
    """A seeded match between random agents."""
    return runner.play(game, [_Uniform() for _ in range(num_players)], seed)


VISITS_PER_GAME = 300
"""At most this many steps of one random game are visited by a per-step check (plus the last).

A random Gotcha game runs 1,200-2,800 steps (every chat line, emote and buzz is one), and the
leak checks resample every hidden zone for every viewer at each visited step; visiting all of
them made Gotcha's conformance most of the test suite's time. Longer games are visited at an
even stride instead, shifted by the seed so that the seeds of one check cover different steps.
The other games' random games are shorter than ``every * VISITS_PER_GAME`` and are visited as
before.
"""


def _spread(total: int, every: int, seed: int) -> tuple[int, int]:
    """The stride and offset that visit at most ``VISITS_PER_GAME`` of ``total`` steps."""
    stride = max(every, -(-total // VISITS_PER_GAME))
    return stride, (seed % stride if stride > every else 0)


def visits(game: Game[Any, Any], num_players: int, seeds: range, every: int = 1) -> Iterator[Visit]:
    """States of seeded random games (every ``every``-th step, spread to at most
    ``VISITS_PER_GAME`` per game, plus the last).
    """
    for seed in seeds:
        collected: list[Any] = []

        def keep(
            before: Any, seat: Seat, action: Any, after: Any, box: list[Any] = collected
        ) -> None:
            box.append(before)

        match = runner.play(game, [_Uniform() for _ in range(num_players)], seed, observer=keep)
        collected.append(match.state)
        stride, offset = _spread(len(collected), every, seed)
        for index, state in enumerate(collected):
            if index % stride == offset or index == len(collected) - 1:
                yield Visit(seed, index, state)


def check_games_end(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """Random games end, with an outcome, within ``info.max_steps``."""
    for seed in seeds:
        match = random_match(game, num_players, seed)
        if match.outcome is None:
            raise _fail(game, f"seed {seed}", f"no outcome after {match.steps} steps")
        if match.steps > game.info.max_steps:
            raise _fail(game, f"seed {seed}", f"{match.steps} steps > max_steps")
        if len(match.outcome.scores) != num_players or len(match.outcome.ranks) != num_players:
            raise _fail(game, f"seed {seed}", "outcome does not cover every seat")


def check_legal_actions(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """Legal actions are never empty for an actor, unique, stable, empty for non-actors,
    and their text parses back to the same action.
    """
    for visit in visits(game, num_players, seeds):
        where = f"seed {visit.seed} step {visit.index}"
        actors = game.actors(visit.state)
        if len(set(actors)) != len(actors):
            raise _fail(game, where, f"repeated actors {actors}")
        if CHANCE in actors and len(actors) != 1:
            raise _fail(game, where, "chance acts together with seats")
        for seat in range(num_players):
            legal = list(game.legal_actions(visit.state, seat))
            if seat not in actors:
                if legal:
                    raise _fail(game, where, f"seat {seat} is not acting but has legal actions")
                continue
            if not legal:
                raise _fail(game, where, f"seat {seat} must act but has no legal action")
            if len(set(legal)) != len(legal):
                raise _fail(game, where, f"duplicate legal actions for seat {seat}")
            if legal != list(game.legal_actions(visit.state, seat)):
                raise _fail(game, where, "legal actions change between two calls")
            for action in legal:
                if game.parse_action(str(action)) != action:
                    raise _fail(game, where, f"'{action}' does not parse back to itself")
                if game.explain(visit.state, seat, action) is not None:
                    raise _fail(game, where, f"explain() calls legal '{action}' illegal")


def check_apply_is_pure(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """``apply`` never mutates its input, and states are hashable values."""
    agent_rng = random.Random(0)
    chance_rng = random.Random(1)
    for visit in visits(game, num_players, seeds, every=3):
        state = visit.state
        actors = game.actors(state)
        if not actors:
            continue
        hash(state)
        before = pickle.dumps(state)
        seat = actors[0]
        if seat == CHANCE:
            action = game.sample_chance(state, chance_rng)
        else:
            action = rng_mod.choice(agent_rng, list(game.legal_actions(state, seat)))
        game.apply(state, seat, action)
        if pickle.dumps(state) != before:
            raise _fail(game, f"seed {visit.seed} step {visit.index}", f"apply('{action}') mutated")


def check_determinism(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """The same seed gives the same game; different seeds give different games."""
    records = []
    for seed in seeds:
        first = random_match(game, num_players, seed).record
        second = random_match(game, num_players, seed).record
        if first != second:
            raise _fail(game, f"seed {seed}", "two runs with one seed differ")
        records.append(first.actions)
    if len(records) > 2 and len(set(records)) == 1:
        raise _fail(game, "seeds", "every seed gives the same game")


def check_replay(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """A record, written to JSON and read back, replays to the identical final state."""
    for seed in seeds:
        match = random_match(game, num_players, seed)
        text = match.record.dumps()
        again = record_mod.GameRecord.loads(text)
        if again != match.record:
            raise _fail(game, f"seed {seed}", "record changes through JSON")
        if replay(again) != match.state:
            raise _fail(game, f"seed {seed}", "replay does not reach the same final state")


def check_chance(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """Chance outcomes are unique, positive exact fractions summing to exactly 1, and
    ``sample_chance`` draws only from them.
    """
    sampler = random.Random(7)
    seen = 0
    for visit in visits(game, num_players, seeds):
        if game.actors(visit.state) != (CHANCE,):
            continue
        seen += 1
        where = f"seed {visit.seed} step {visit.index}"
        outcomes = list(game.chance_outcomes(visit.state))
        probabilities = [p for _, p in outcomes]
        if not all(isinstance(p, Fraction) and p > 0 for p in probabilities):
            raise _fail(game, where, "chance probabilities must be positive Fractions")
        if sum(probabilities) != 1:
            raise _fail(game, where, f"chance probabilities sum to {sum(probabilities)}")
        actions = [a for a, _ in outcomes]
        if len(set(actions)) != len(actions):
            raise _fail(game, where, "duplicate chance outcomes")
        for _ in range(3):
            if game.sample_chance(visit.state, sampler) not in actions:
                raise _fail(game, where, "sample_chance drew an impossible outcome")
    if game.info.has_chance and not seen:
        raise _fail(game, "chance", "has_chance is declared but no chance step was seen")


def check_chance_distribution(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """``sample_chance`` follows ``chance_outcomes`` (seeded, so deterministic): on the first
    chance state of each game, 4,000 draws stay within 5 standard deviations per outcome.
    """
    sampler = random.Random(11)
    for visit in visits(game, num_players, seeds):
        if game.actors(visit.state) != (CHANCE,):
            continue
        outcomes = list(game.chance_outcomes(visit.state))
        draws = 4000
        counts: dict[Any, int] = {}
        for _ in range(draws):
            action = game.sample_chance(visit.state, sampler)
            counts[action] = counts.get(action, 0) + 1
        for action, probability in outcomes:
            expected = draws * float(probability)
            spread = (draws * float(probability) * (1 - float(probability))) ** 0.5
            if abs(counts.get(action, 0) - expected) > 5 * spread + 1:
                raise _fail(
                    game,
                    f"seed {visit.seed} step {visit.index}",
                    f"'{action}' drawn {counts.get(action, 0)} times, expected ~{expected:.0f}",
                )
        break


def check_illegal_actions(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """Illegal actions and out-of-turn actions raise with a reason in both languages and
    leave the state as it was; unreadable text raises ``InvalidActionError``.
    """
    pool: dict[str, Any] = {}
    for visit in visits(game, num_players, seeds):
        state = visit.state
        for seat in range(num_players):
            for action in game.legal_actions(state, seat):
                pool.setdefault(str(action), action)
    for visit in visits(game, num_players, seeds, every=2):
        state = visit.state
        where = f"seed {visit.seed} step {visit.index}"
        snapshot = pickle.dumps(state)
        actors = game.actors(state)
        for seat in range(num_players):
            # Membership as ``runner.check`` tests it: a lazy legal sequence may accept more
            # actions than it lists (a realtime game accepts any time after the clock).
            legal = game.legal_actions(state, seat)
            tried = 0
            for action in pool.values():
                if action in legal:
                    continue
                expected = IllegalActionError if seat in actors else NotYourTurnError
                try:
                    runner.step(game, state, seat, action)
                except expected as error:
                    _check_message(game, where, error.message)
                else:
                    raise _fail(game, where, f"illegal '{action}' by seat {seat} was accepted")
                if seat in actors:
                    explanation = game.explain(state, seat, action)
                    if explanation is None:
                        raise _fail(game, where, f"explain() has no reason for '{action}'")
                    _check_message(game, where, explanation[1])
                tried += 1
                if tried >= 6:
                    break
        if pickle.dumps(state) != snapshot:
            raise _fail(game, where, "a refused action changed the state")
    for text in ("", "   ", "xyzzy", "!!", "🙂 7", "9" * 40):
        try:
            game.parse_action(text)
        except InvalidActionError as error:
            _check_message(game, f"parse {text!r}", error.message)
        else:
            raise _fail(game, "parse_action", f"{text!r} was read as an action")


def check_views(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """Every view (each seat and the spectator) is JSON-serialisable and says its seat."""
    for visit in visits(game, num_players, seeds, every=2):
        for seat in [*range(num_players), None]:
            view = game.view(visit.state, seat)
            try:
                text = json.dumps(view)
            except (TypeError, ValueError) as error:
                raise _fail(
                    game, f"seed {visit.seed} step {visit.index}", f"view not JSON: {error}"
                ) from None
            if json.loads(text) != view:
                raise _fail(game, f"seed {visit.seed}", "view changes through JSON")


def check_no_leaks(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """No view leaks: resampling every zone hidden from a seat leaves its view and its legal
    actions unchanged; for hidden-information games the resampling really changes hidden
    zones somewhere (so a view that carried them would have been caught).
    """
    sampler = rng_mod.make(13)
    differed = False
    for visit in visits(game, num_players, seeds, every=2):
        state = visit.state
        where = f"seed {visit.seed} step {visit.index}"
        for seat in [*range(num_players), None]:
            view = game.view(state, seat)
            for _ in range(2):
                resampled = game.sample_state(json.loads(json.dumps(view)), seat, sampler)
                again = game.view(resampled, seat)
                if again != view:
                    diff = sorted(k for k in set(view) | set(again) if view.get(k) != again.get(k))
                    raise _fail(game, where, f"view of seat {seat} leaks hidden state: {diff}")
                if seat is not None and list(game.legal_actions(resampled, seat)) != list(
                    game.legal_actions(state, seat)
                ):
                    raise _fail(game, where, f"legal actions of seat {seat} depend on hidden state")
                differed = differed or resampled != state
    if game.info.hidden_info and not differed:
        raise _fail(game, "leaks", "sample_state never changed a hidden zone")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a random game: ``before --seat:action--> after``."""

    seed: int
    index: int
    before: Any
    seat: Seat
    action: Any
    after: Any


def steps(game: Game[Any, Any], num_players: int, seeds: range, every: int = 1) -> Iterator[Step]:
    """Steps of seeded random games (every ``every``-th step, spread to at most
    ``VISITS_PER_GAME`` per game, plus the last).
    """
    for seed in seeds:
        collected: list[tuple[Any, Seat, Any, Any]] = []

        def keep(
            before: Any, seat: Seat, action: Any, after: Any, box: list[Any] = collected
        ) -> None:
            box.append((before, seat, action, after))

        runner.play(game, [_Uniform() for _ in range(num_players)], seed, observer=keep)
        stride, offset = _spread(len(collected), every, seed)
        for index, (before, seat, action, after) in enumerate(collected):
            if index % stride == offset or index == len(collected) - 1:
                yield Step(seed, index, before, seat, action, after)


def check_events(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """Every step yields at least one event for some viewer, except a chance step whose run
    of chance steps tells something by its end (a deal may be told as one hand, whatever
    the cards); events are JSON-ready, their sentences render in both languages with names,
    and the last step says the game ended.
    """
    names = [f"Name{seat}" for seat in range(num_players)]
    for step in steps(game, num_players, seeds):
        where = f"seed {step.seed} step {step.index} ('{step.action}' by {step.seat})"
        seen = 0
        for viewer in [*range(num_players), None]:
            told = step_events(game, step.before, step.seat, step.action, step.after, viewer)
            seen += len(told)
            for item in told:
                try:
                    data = json.dumps(dict(item.data))
                except (TypeError, ValueError) as error:
                    raise _fail(game, where, f"event {item.kind} data not JSON: {error}") from None
                if json.loads(data) != dict(item.data):
                    raise _fail(game, where, f"event {item.kind} data changes through JSON")
                for lang in LANGS:
                    try:
                        text = item.text(lang, names)
                    except (KeyError, IndexError, ValueError) as error:
                        raise _fail(game, where, f"event {item.kind} in {lang}: {error}") from None
                    if not text or "{" in text or item.message.key == text:
                        raise _fail(game, where, f"event {item.kind} text {text!r} in {lang}")
                    if "seat" in (name for name, _ in item.message.params) and not any(
                        n in text for n in names
                    ):
                        raise _fail(game, where, f"event {item.kind} does not name its seat")
            if (
                game.outcome(step.after) is not None
                and game.outcome(step.before) is None
                and not any(e.kind == "game_end" for e in told)
            ):
                raise _fail(game, where, f"viewer {viewer} is not told the game ended")
        if not seen and (
            step.seat != CHANCE or not _chance_run_tells(game, step.after, num_players, step.seed)
        ):
            raise _fail(game, where, "the step yields no event for any viewer")


def _chance_run_tells(game: Game[Any, Any], state: Any, num_players: int, seed: int) -> bool:
    """Whether the chance steps that follow ``state`` tell some viewer something before a
    player acts or the game ends (drawn with a seeded generator).
    """
    rng = random.Random(seed)
    viewers = [*range(num_players), None]
    while game.outcome(state) is None and tuple(game.actors(state)) == (CHANCE,):
        action = game.sample_chance(state, rng)
        after = game.apply(state, CHANCE, action)
        if any(step_events(game, state, CHANCE, action, after, v) for v in viewers):
            return True
        state = after
    return False


def check_event_leaks(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """No event leaks: a viewer's events for a step do not change when the zones hidden from
    the viewer are resampled.

    As in :func:`check_no_leaks`, the state before the step is resampled from the viewer's
    view. The step is then taken again in the resampled state with an action (the same one
    if it is still legal, else another of the seat's legal actions or chance outcomes) after
    which the viewer's view is the same as after the real step: to the viewer the two steps
    look alike, so the events must be equal. For hidden-information games some compared
    step must really differ in a hidden zone, so a leaking event would have been caught.
    """
    viewers = [*range(num_players), None]
    for alike in _alike_steps(game, num_players, seeds, viewers, sampler_seed=17, every=2):
        step, viewer = alike.step, alike.viewer
        told = step_events(game, step.before, step.seat, step.action, step.after, viewer)
        again = step_events(game, alike.before, step.seat, alike.action, alike.after, viewer)
        if again != told:
            kinds = [e.kind for e in told], [e.kind for e in again]
            raise _fail(
                game,
                alike.where,
                f"events of viewer {viewer} leak hidden state: {kinds[0]} became "
                f"{kinds[1]} ('{alike.action}' in a resampled state)",
            )


def check_figure_leaks(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """A game's figure tally (``engine.figures``) counts only what a spectator learns: the
    counts of one step, and of the final state, do not change when the hidden zones are
    resampled (an alike step from a state drawn from the spectator's view, as in
    :func:`check_event_leaks`, with the same demand that some compared step differ in a
    hidden zone). A game without a tally passes.
    """
    if figures.tally_for(game, num_players) is None:
        return
    for alike in _alike_steps(game, num_players, seeds, [None], sampler_seed=23, every=3):
        step = alike.step
        counted = _step_counts(game, num_players, step.before, step.seat, step.action, step.after)
        again = _step_counts(game, num_players, alike.before, step.seat, alike.action, alike.after)
        if again != counted:
            changed = sorted(k for k in counted if counted[k] != again.get(k))
            raise _fail(game, alike.where, f"figures {changed} read hidden state")


@dataclass(frozen=True, slots=True)
class _Alike:
    """A real step and, for one viewer, a step from a resampled state that looks alike."""

    step: Step
    viewer: Seat | None
    before: Any
    action: Any
    after: Any
    where: str


def _alike_steps(
    game: Game[Any, Any],
    num_players: int,
    seeds: range,
    viewers: Sequence[Seat | None],
    *,
    sampler_seed: int,
    every: int,
) -> Iterator[_Alike]:
    """For every ``every``-th step of the seeds' games and each viewer, two states drawn
    from the viewer's view before the step, each with an alike step (:func:`_alike_step`)
    where one exists.

    Raises:
        AssertionError: Once exhausted, if the game hides information and no yielded step
            differed from the real one (the caller's comparison would have caught nothing).
    """
    sampler = rng_mod.make(sampler_seed)
    differed = False
    for step in steps(game, num_players, seeds, every=every):
        where = f"seed {step.seed} step {step.index} ('{step.action}' by {step.seat})"
        for viewer in viewers:
            view_before = json.loads(json.dumps(game.view(step.before, viewer)))
            view_after = game.view(step.after, viewer)
            for _ in range(2):
                before = game.sample_state(view_before, viewer, sampler)
                found = _alike_step(game, before, step, viewer, view_after)
                if found is None:
                    continue
                action, after = found
                yield _Alike(step, viewer, before, action, after, where)
                differed = differed or before != step.before or after != step.after
    if game.info.hidden_info and not differed:
        raise _fail(game, "resampled steps", "no resampled step ever differed in a hidden zone")


def _step_counts(
    game: Game[Any, Any], num_players: int, before: Any, seat: Seat, action: Any, after: Any
) -> dict[str, int]:
    """A fresh tally's counts after one step (and the final state, if it ends the game)."""
    tally = figures.tally_for(game, num_players)
    assert tally is not None
    tally(before, seat, action, after)
    if game.outcome(after) is not None:
        tally.finish(after)
    return tally.counts()


def _alike_step(
    game: Game[Any, Any], before: Any, step: Step, viewer: Seat | None, view_after: Any
) -> tuple[Any, Any] | None:
    """An action of ``step.seat`` in ``before`` after which ``viewer`` sees ``view_after``."""
    if step.seat not in game.actors(before):
        return None
    if step.seat == CHANCE:
        candidates = [outcome for outcome, _ in game.chance_outcomes(before)]
    else:
        candidates = list(game.legal_actions(before, step.seat))
    if step.action in candidates:
        candidates.remove(step.action)
        candidates.insert(0, step.action)
    elif step.seat != CHANCE and step.action in game.legal_actions(before, step.seat):
        candidates.insert(0, step.action)  # a lazy legal list accepts more than it lists
    for action in candidates[:64]:
        after = game.apply(before, step.seat, action)
        if game.view(after, viewer) == view_after:
            return action, after
    return None


def check_surface_members(game: Game[Any, Any], num_players: int, seeds: range) -> None:
    """What surfaces use without knowing the game: a realtime game's views carry its
    ``clock``; ``with_time`` and ``parse_at`` stamp a listed action at any time and read
    its text back; ``turn_moves`` are listed moves; ``move_menu`` offers distinct texts
    that read as actions, each with a label. A game with seat profiles draws valid ones and
    sets up from them through its profile option.
    """
    if game.info.realtime:
        timed = cast("RealtimeGame[Any, Any]", game)
        if timed.max_gap_ms <= 0:
            raise _fail(game, "max_gap_ms", "not positive")
        for visit in visits(game, num_players, seeds, every=4):
            where = f"seed {visit.seed} step {visit.index}"
            for seat in game.actors(visit.state):
                if seat == CHANCE:
                    continue
                view = game.view(visit.state, seat)
                clock = view.get("clock")
                if not isinstance(clock, int):
                    raise _fail(game, where, "a realtime view has no int clock")
                legal = game.legal_actions(visit.state, seat)
                for action in list(legal)[:20]:
                    t = timed.action_time(action)
                    if timed.action_time(timed.with_time(action, t + 7)) != t + 7:
                        raise _fail(game, where, f"with_time does not stamp {action}")
                    if timed.parse_at(str(action), t) != action:
                        raise _fail(game, where, f"parse_at does not read {action} back")
                if any(move not in legal for move in timed.turn_moves(legal)):
                    raise _fail(game, where, "turn_moves lists a move that is not legal")
                for lang in LANGS:
                    menu = timed.move_menu(view, legal, lang)
                    texts = [text for text, _ in menu]
                    if len(set(texts)) != len(texts) or not all(label for _, label in menu):
                        raise _fail(game, where, "move_menu repeats a text or lacks a label")
                    for text in texts:
                        timed.parse_at(text, clock)
    spec = game.info.profiles
    if spec is not None:
        profiled = cast("ProfiledGame[Any, Any]", game)
        if spec.option not in {option.name for option in game.info.options}:
            raise _fail(game, "profiles", f"no option {spec.option!r}")
        for seed in seeds:
            drawn = profiled.draw_profiles(num_players, rng_mod.make(seed))
            if len(drawn) != num_players:
                raise _fail(game, f"profiles seed {seed}", "not one profile per seat")
            for profile in drawn:
                if not set(profile.traits) <= set(spec.trait_ids()) or not (
                    spec.min_age <= profile.age <= spec.max_age
                ):
                    raise _fail(game, f"profiles seed {seed}", f"{profile} is out of the spec")
            value = spec.option_value([profile.to_json() for profile in drawn])
            runner.new_game(game, num_players, seed, {spec.option: value})


Check = Callable[[Game[Any, Any], int, range], None]

CHECKS: dict[str, Check] = {
    "games_end": check_games_end,
    "legal_actions": check_legal_actions,
    "apply_is_pure": check_apply_is_pure,
    "determinism": check_determinism,
    "replay": check_replay,
    "chance": check_chance,
    "chance_distribution": check_chance_distribution,
    "illegal_actions": check_illegal_actions,
    "views": check_views,
    "no_leaks": check_no_leaks,
    "events": check_events,
    "event_leaks": check_event_leaks,
    "figure_leaks": check_figure_leaks,
    "surface_members": check_surface_members,
}
"""Every conformance check by name."""

DEFAULT_GAMES: dict[str, int] = {
    "games_end": 40,
    "determinism": 6,
    "replay": 10,
}


def check_game(game: Game[Any, Any], *, games: int = 4, seed: int = 0) -> None:
    """Run every conformance check for every player count of ``game``.

    Args:
        game: The game.
        games: Random games per check and player count (some checks use more).
        seed: First seed.

    Raises:
        AssertionError: On the first broken promise, naming the check, seed and step.
    """
    for num_players in player_counts(game):
        for name, check in CHECKS.items():
            count = max(games, DEFAULT_GAMES.get(name, games))
            check(game, num_players, range(seed, seed + count))


def _check_message(game: Game[Any, Any], where: str, message: Message) -> None:
    for lang in LANGS:
        text = message.text(lang)
        if not text or "{" in text:
            raise _fail(game, where, f"message {message.key!r} is empty or unformatted in {lang}")
