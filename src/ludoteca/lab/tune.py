"""The search for fair variants: option values toward a stated balance target (Optuna).

A target is one or more of (``--target``, comma-separated):

- ``seats=equal``: every seat's share of the wins equal (loss: the largest distance of a
  seat's share from ``1/players``);
- ``turns=A..B``: mean turns per finished game within ``A..B`` (loss: the distance outside
  the range over the range's middle);
- ``skill=X``: the skill share (``lab.skill.skill_share``: best agent against random) near
  ``X`` (loss: the distance).

The loss of a variant is the sum over the targets. Each trial plays the same seeds
(``seed .. seed + games - 1``; common random numbers, so variants differ by their options,
not their luck) with the strongest fast agent in every seat, seats not rotated (so a seat's
share is what sitting there is worth); a ``skill`` target also plays the best agent against
random on the next ``games`` seeds. Optuna's TPE sampler is seeded with ``seed``: the same
command gives the same trials and the same best variants.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import OptionValue
from ludoteca.engine.i18n import msg, register
from ludoteca.lab import simulate as simulate_mod
from ludoteca.lab.simulate import SimulationConfig
from ludoteca.lab.skill import ladder_of, skill_share
from ludoteca.lab.summary import Share


@dataclass(frozen=True, slots=True)
class Target:
    """A balance target.

    Attributes:
        equal_seats: Seats' shares should be equal.
        turns: Mean turns should lie in this range (inclusive), if given.
        skill: The skill share should be near this, if given.
    """

    equal_seats: bool = False
    turns: tuple[float, float] | None = None
    skill: float | None = None


@dataclass(frozen=True, slots=True)
class Variant:
    """One tried variant and what it gave.

    Attributes:
        trial: Optuna's trial number.
        options: The option values tried.
        loss: Its distance from the target (0: on target).
        seat_shares: Each seat's share of the wins, with intervals.
        turns: Mean turns per finished game (``None`` if none finished).
        skill: The skill share, if the target asked for it.
        seeds: First and last seed of the seat games.
    """

    trial: int
    options: Mapping[str, OptionValue]
    loss: float
    seat_shares: tuple[Share, ...]
    turns: float | None
    skill: float | None
    seeds: tuple[int, int]


def variant_json(variant: Variant) -> dict[str, Any]:
    """A JSON-ready dict of a variant, every share with its 95% interval."""
    return {
        "trial": variant.trial,
        "options": dict(variant.options),
        "loss": variant.loss,
        "seat_shares": [
            {"share": s.value, "ci95": [s.low, s.high], "games": s.trials}
            for s in variant.seat_shares
        ],
        "turns": variant.turns,
        "skill_share": variant.skill,
        "seeds": list(variant.seeds),
    }


def parse_target(text: str) -> Target:
    """Read ``seats=equal,turns=20..30,skill=0.5``.

    Raises:
        GameSetupError: For anything else (one line naming the part).
    """
    equal, turns, skill = False, None, None
    for part in (p.strip() for p in text.split(",")):
        name, _, value = part.partition("=")
        if name == "seats" and value == "equal":
            equal = True
        elif name == "turns" and ".." in value:
            low, _, high = value.partition("..")
            turns = _range(low, high, part)
        elif name == "skill" and _number(value) is not None and 0 <= float(value) <= 1:
            skill = float(value)
        else:
            raise GameSetupError(msg("lab.tune.bad_target", part=part))
    return Target(equal, turns, skill)


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _range(low: str, high: str, part: str) -> tuple[float, float]:
    a, b = _number(low), _number(high)
    if a is None or b is None or not 0 <= a <= b:
        raise GameSetupError(msg("lab.tune.bad_target", part=part))
    return a, b


def search_space(
    game_id: str, given: Mapping[str, str] | None = None
) -> dict[str, tuple[OptionValue, ...]]:
    """The values to try per option: the ``given`` options only (``{"board": "9,11"}`` or
    ``{"rounds": "3..7"}``), else every rule option's choices and both values of a yes/no
    rule option (an option without choices that is not yes/no, or a room setting that is not
    a rule, ``OptionSpec.rule``, is searched only if given).

    Raises:
        GameSetupError: For an unknown option, a bad value or an empty space.
    """
    info = registry.make(game_id).info
    specs = {spec.name: spec for spec in info.options}
    space: dict[str, tuple[OptionValue, ...]] = {}
    for default in () if given else info.options:
        if not default.rule:
            continue
        if default.choices:
            space[default.name] = tuple(default.choices)
        elif isinstance(default.default, bool):
            space[default.name] = (False, True)
    for name, text in (given or {}).items():
        spec = specs.get(name)
        if spec is None:
            valid = ", ".join(sorted(specs)) or "-"
            raise GameSetupError(msg("engine.unknown_option", name=name, game=game_id, valid=valid))
        low, dots, high = text.partition("..")
        if dots and isinstance(spec.default, int) and not isinstance(spec.default, bool):
            a, b = _number(low), _number(high)
            if a is None or b is None or a != int(a) or b != int(b) or a > b:
                raise GameSetupError(msg("lab.tune.bad_space", name=name, value=text))
            texts = [str(v) for v in range(int(a), int(b) + 1)]
        else:
            texts = [t.strip() for t in text.split(",") if t.strip()]
        values = []
        for value in texts:
            resolved = simulate_mod.validate(
                SimulationConfig(
                    game_id, 1, ("random",) * max(2, info.min_players), options={name: value}
                )
            )
            values.append(resolved[name])
        if not values:
            raise GameSetupError(msg("lab.tune.bad_space", name=name, value=text))
        space[name] = tuple(dict.fromkeys(values))
    if not space:
        raise GameSetupError(msg("lab.tune.nothing_to_search", game=game_id))
    return space


def loss(
    target: Target, shares: Sequence[float], turns: float | None, skill: float | None
) -> float:
    """The distance of a variant's figures from the target (0 on target)."""
    total = 0.0
    if target.equal_seats and shares:
        fair = 1 / len(shares)
        total += max(abs(share - fair) for share in shares)
    if target.turns is not None:
        low, high = target.turns
        if turns is None:
            total += 1.0
        else:
            middle = max((low + high) / 2, 1.0)
            total += max(0.0, low - turns, turns - high) / middle
    if target.skill is not None:
        total += 1.0 if skill is None else abs(skill - target.skill)
    return total


def tune(
    game_id: str,
    target: Target,
    *,
    trials: int,
    games: int,
    seed: int = 0,
    players: int | None = None,
    space: Mapping[str, str] | None = None,
    agent: str | None = None,
    workers: int = 1,
    on_trial: Callable[[Variant], None] | None = None,
) -> list[Variant]:
    """Search the options for the variants nearest the target, best first.

    Args:
        game_id: The game.
        target: What to aim for (:func:`parse_target`).
        trials: Variants to try (Optuna trials; a variant tried twice is played once).
        games: Games per variant.
        seed: The sampler's seed and the first game's.
        players: Seats per game (default: the game's fewest, at least 2).
        space: Option values to search (:func:`search_space`).
        agent: The agent in every seat (default: the best fast agent of the ladder).
        workers: Processes per simulation.
        on_trial: Called with each variant as it is measured.

    Raises:
        GameSetupError: For bad input (before any game).
    """
    import optuna  # noqa: PLC0415 (the lab extra; only this command needs it)

    if trials < 1:
        raise GameSetupError(msg("lab.tune.bad_trials", value=trials))
    info = registry.make(game_id).info
    seats = players if players is not None else max(2, info.min_players)
    values = search_space(game_id, space)
    ladder = ladder_of(game_id)
    best = agent or ladder[-1]
    first = SimulationConfig(
        game_id, games, (best,) * seats, seed=seed, rotate=False, workers=workers
    )
    simulate_mod.validate(first)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=seed, n_startup_trials=min(5, trials))
    study = optuna.create_study(direction="minimize", sampler=sampler)
    measured: dict[tuple[Any, ...], Variant] = {}
    tried: list[Variant] = []
    for _ in range(trials):
        trial = study.ask()
        chosen = {
            name: options[trial.suggest_categorical(name, list(range(len(options))))]
            for name, options in values.items()
        }
        key = tuple(sorted(chosen.items()))
        variant = measured.get(key)
        if variant is None:
            variant = _measure(trial.number, first, chosen, target, ladder, best, seats)
            measured[key] = variant
            tried.append(variant)
            if on_trial is not None:
                on_trial(variant)
        study.tell(trial, variant.loss)
    return sorted(tried, key=lambda v: (v.loss, v.trial))


def _measure(
    number: int,
    first: SimulationConfig,
    chosen: Mapping[str, OptionValue],
    target: Target,
    ladder: Sequence[str],
    best: str,
    seats: int,
) -> Variant:
    config = SimulationConfig(
        first.game_id,
        first.games,
        first.agents,
        seed=first.seed,
        options=dict(chosen),
        rotate=False,
        workers=first.workers,
    )
    summary = simulate_mod.simulate(config)
    shares = tuple(summary.seat_wins)
    turns = summary.turns.mean if summary.turns is not None else None
    skill = None
    if target.skill is not None:
        against = SimulationConfig(
            first.game_id,
            first.games,
            (best,) + ("random",) * (seats - 1),
            seed=first.seed + first.games,
            options=dict(chosen),
            workers=first.workers,
        )
        by_agent = {r.agent: r.wins.value for r in simulate_mod.simulate(against).agent_wins}
        if by_agent.get(best, 0) > 0 and best != "random":
            skill = skill_share(by_agent.get("random", 0.0), by_agent[best])
    return Variant(
        trial=number,
        options=dict(chosen),
        loss=loss(target, [s.value for s in shares], turns, skill),
        seat_shares=shares,
        turns=turns,
        skill=skill,
        seeds=(first.seed, first.seed + first.games - 1),
    )


register(
    {
        "lab.tune.bad_target": {
            "es": "Objetivo «{part}» no válido: usa seats=equal, turns=A..B o skill=X (0 a 1), "
            "separados por comas.",
            "en": "Target '{part}' is not valid: use seats=equal, turns=A..B or skill=X (0 to 1), "
            "separated by commas.",
        },
        "lab.tune.bad_space": {
            "es": "Valores «{value}» no válidos para {name}: usa A,B,C o, para un número, A..B.",
            "en": "Values '{value}' are not valid for {name}: use A,B,C or, for a number, A..B.",
        },
        "lab.tune.nothing_to_search": {
            "es": "{game} no tiene opciones con valores que probar: indica alguna con --space.",
            "en": "{game} has no options with values to try: give some with --space.",
        },
        "lab.tune.bad_trials": {
            "es": "--trials debe ser al menos 1 (dado: {value}).",
            "en": "--trials must be at least 1 (given: {value}).",
        },
    }
)
