"""How much skill decides a game: its skill profile, from a ladder of its own agents.

The ladder is the game's agents ordered by their measured rating (``agents/levels.json``;
a game without ratings keeps the order random, greedy, expert). The profile plays:

- the best agent against random (one best seat, random in the others, seats rotated), so
  its share and random's share per seat come from the same games;
- the best agent against the next level down, the same way;
- the best agent in every seat, for the first seat's share (what sitting first is worth).

The *skill share* is ``1 - random's share / best's share``: 0 when the best agent wins no
more often than random (luck decides), 1 when random never wins against it. Shares count a
shared win ``1/k`` to each winner and carry 95% Wilson intervals (``lab.summary``).

The ceiling a bot could reach, the search agent told every hidden card (``lab.oracle``),
is played only when asked (``oracle=True``: it is ~1000× slower than the fast agents);
otherwise :data:`ORACLE_MEASURED` gives the figure measured for the game, with its command,
where there is one. The lead changes per game (``lab.lead``) come from the games with the
best agent in every seat: how often a game between equals changes hands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.agents import levels
from ludoteca.agents import registry as agents_registry
from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.lab import oracle as oracle_mod
from ludoteca.lab import simulate as simulate_mod
from ludoteca.lab.oracle import OracleCeiling
from ludoteca.lab.simulate import SimulationConfig
from ludoteca.lab.stats import Mean
from ludoteca.lab.summary import Share, SimulationSummary

FAST_AGENTS = ("random", "greedy", "expert")
"""The agents a profile plays unless the search agent is asked for (it is ~1000× slower)."""


ORACLE_MEASURED: Mapping[str, OracleCeiling] = {
    "tacocat": OracleCeiling(
        "greedy",
        0.803,
        0.728,
        0.861,
        137,
        "python -m bench.studies.oracle_ceiling --game tacocat --iterations 1000 "
        "--games 400 --workers 1, stopped at 137 games (2026-12-06, bench/README.md)",
    ),
    "dweebies": OracleCeiling(
        "greedy",
        0.656,
        0.509,
        0.777,
        45,
        "python -m bench.studies.oracle_ceiling --game dweebies --iterations 280 "
        "--games 400 --workers 1, stopped at 45 games (2026-12-06, bench/README.md)",
    ),
    "tile_up": OracleCeiling(
        "greedy",
        0.993,
        0.978,
        0.997,
        400,
        "python -m bench.studies.oracle_ceiling --game tile_up --iterations 170 "
        "--games 400 --workers 1 (2026-12-06, bench/README.md)",
    ),
    "mystery_date": OracleCeiling(
        "greedy",
        0.524,
        0.472,
        0.576,
        347,
        "python -m bench.studies.oracle_ceiling --game mystery_date --iterations 180 "
        "--games 400 --workers 1, stopped at 347 games (2026-12-02, bench/README.md)",
    ),
}
"""Oracle ceilings against greedy measured by ``bench/studies/oracle_ceiling.py`` (seeds 5000
up, the oracle anchored as shipped), figures from its results files
``bench/results/2026-12-06_oracle_ceiling_<game>_<iterations>_anchored.json`` and
``bench/results/2026-12-02_oracle_ceiling_mystery_date_180_anchored.json``. Gotcha has no
search agent (it is realtime), so no oracle (:func:`no_oracle_text`)."""


@dataclass(frozen=True, slots=True)
class Matchup:
    """One agent against another: each one's share per seat-game, from the same games.

    Attributes:
        agent: The stronger agent (one seat).
        opponent: The agent in the other seats.
        agent_share: ``agent``'s share of its seat-games.
        opponent_share: ``opponent``'s share of its seat-games.
        games: Games played.
        seeds: First and last seed.
    """

    agent: str
    opponent: str
    agent_share: Share
    opponent_share: Share
    games: int
    seeds: tuple[int, int]


@dataclass(frozen=True, slots=True)
class SkillProfile:
    """A game's skill profile.

    Attributes:
        game_id: The game.
        players: Seats per game.
        ladder: The agents played, weakest first.
        options: The options played, as given.
        against_random: The best agent against random.
        against_next: The best agent against the next level (``None`` with two agents).
        first_seat: The first seat's share with the best agent in every seat.
        lead_changes: Lead changes per game with the best agent in every seat, if the game
            has a progress measure (``lab.lead``).
        oracle: The oracle ceiling played in this run or measured before, if any.
    """

    game_id: str
    players: int
    ladder: tuple[str, ...]
    options: Mapping[str, str]
    against_random: Matchup
    against_next: Matchup | None
    first_seat: Share
    lead_changes: Mean | None = None
    oracle: OracleCeiling | None = field(default=None)

    @property
    def best(self) -> str:
        """The strongest agent of the ladder."""
        return self.ladder[-1]

    @property
    def skill(self) -> float:
        """``1 - random's share / best's share`` against random (:func:`skill_share`)."""
        return skill_share(
            self.against_random.opponent_share.value, self.against_random.agent_share.value
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every figure with its interval."""

        def of(entry: Share) -> dict[str, Any]:
            return {"share": entry.value, "ci95": [entry.low, entry.high], "games": entry.trials}

        def of_matchup(m: Matchup | None) -> dict[str, Any] | None:
            if m is None:
                return None
            return {
                "agent": m.agent,
                "opponent": m.opponent,
                "agent_share": of(m.agent_share),
                "opponent_share": of(m.opponent_share),
                "games": m.games,
                "seeds": list(m.seeds),
            }

        oracle = self.oracle
        return {
            "game": self.game_id,
            "players": self.players,
            "ladder": list(self.ladder),
            "options": dict(self.options),
            "against_random": of_matchup(self.against_random),
            "against_next": of_matchup(self.against_next),
            "skill_share": self.skill,
            "first_seat": of(self.first_seat),
            "fair_seat_share": 1 / self.players,
            "lead_changes": None if self.lead_changes is None else self.lead_changes.to_json(),
            "oracle": None
            if oracle is None
            else {
                "opponent": oracle.opponent,
                "share": oracle.share,
                "ci95": [oracle.low, oracle.high],
                "games": oracle.games,
                "command": oracle.command,
            },
        }


def skill_share(random_share: float, best_share: float) -> float:
    """``1 - random_share / best_share``: how much of the best agent's edge is skill.

    Raises:
        ValueError: If ``best_share`` is not above 0 or a share is outside 0..1.
    """
    if not 0 <= random_share <= 1 or not 0 < best_share <= 1:
        raise ValueError("shares must be in 0..1 and the best agent's above 0")
    return 1 - random_share / best_share


def ladder_of(game_id: str, *, search: bool = False) -> tuple[str, ...]:
    """The game's agents, weakest first, by measured rating (fast agents unless ``search``).

    Without ratings for the game the order is random, greedy, expert (then the search).
    """
    available = agents_registry.agent_names(game_id)
    if registry.make(game_id).info.realtime:
        available = tuple(name for name in available if name != "ismcts")
    entry = levels.ratings()["games"].get(game_id)
    names: list[str] = [name for name in available if name in FAST_AGENTS]
    if search and "ismcts" in available:
        rated = [n for n in (entry or {}).get("ratings", {}) if n.startswith("ismcts")]
        names.append(rated[0] if rated else "ismcts")
    if entry is None:
        return tuple(names)
    ratings = entry["ratings"]
    order = {name: ratings.get(name, {}).get("ordinal", float("-inf")) for name in names}
    return tuple(sorted(names, key=lambda name: order[name]))


Progress = Callable[[int], None] | None


def profile(
    game_id: str,
    *,
    games: int,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, str] | None = None,
    search: bool = False,
    oracle: bool = False,
    workers: int = 1,
    on_progress: Progress = None,
) -> SkillProfile:
    """Play the skill profile of a game (three simulations of ``games`` games each).

    Args:
        game_id: The game.
        games: Games per simulation, at least 1.
        seed: Seed of the first simulation's first game; the next ones follow on.
        players: Seats per game (default: the game's fewest, at least 2).
        options: Game options as command-line text.
        search: Put the search agent in the ladder too (slow).
        oracle: Play the oracle ceiling too (``games`` games against greedy, or the
            weakest agent above random; slow).
        workers: Processes.
        on_progress: Called with the number of games just finished.

    Raises:
        GameSetupError: For an unknown game, a bad count or option, or ``oracle`` for a
            game without a search agent (before any game).
    """
    info = registry.make(game_id).info
    seats = players if players is not None else max(2, info.min_players)
    ladder = ladder_of(game_id, search=search)
    if len(ladder) < 2:
        raise GameSetupError(msg("lab.skill.no_ladder", game=game_id))
    best = ladder[-1]
    given = dict(options or {})

    def config(agents: Sequence[str], first: int) -> SimulationConfig:
        return SimulationConfig(
            game_id, games, tuple(agents), seed=first, options=given, workers=workers
        )

    plans = [config([best] + ["random"] * (seats - 1), seed)]
    if len(ladder) > 2:
        plans.append(config([best] + [ladder[-2]] * (seats - 1), seed + games))
    mirror = config([best] * seats, seed + 2 * games)
    for plan in [*plans, mirror]:
        simulate_mod.validate(plan)
    if oracle and not oracle_mod.available(game_id):
        raise GameSetupError(msg("lab.oracle.none", game=game_id))
    matchups = [
        _matchup(plan, simulate_mod.simulate(plan, on_progress=on_progress)) for plan in plans
    ]
    seat_study = simulate_mod.simulate(
        SimulationConfig(
            game_id,
            games,
            mirror.agents,
            seed=mirror.seed,
            options=given,
            workers=workers,
            rotate=False,
        ),
        on_progress=on_progress,
    )
    return SkillProfile(
        game_id=game_id,
        players=seats,
        ladder=ladder,
        options=given,
        against_random=matchups[0],
        against_next=matchups[1] if len(matchups) > 1 else None,
        first_seat=seat_study.seat_wins[0],
        lead_changes=seat_study.lead_changes,
        oracle=oracle_mod.measure(
            game_id,
            games=games,
            seed=seed + 3 * games,
            opponent=ceiling_opponent(ladder),
            players=seats,
            options=given,
            workers=workers,
            on_progress=on_progress,
            command=oracle_mod.skill_command(game_id, games, seed, seats, given),
        )
        if oracle
        else ORACLE_MEASURED.get(game_id),
    )


def ceiling_opponent(ladder: Sequence[str]) -> str:
    """The oracle's opponent: greedy (the bots' targets are set against it), else the
    weakest agent above random.
    """
    return "greedy" if "greedy" in ladder else ladder[min(1, len(ladder) - 1)]


def _matchup(config: SimulationConfig, summary: SimulationSummary) -> Matchup:
    by_agent = {rate.agent: rate.wins for rate in summary.agent_wins}
    agent, opponent = config.agents[0], config.agents[1]
    return Matchup(
        agent,
        opponent,
        by_agent[agent],
        by_agent[opponent],
        summary.games,
        (config.seed, config.seed + summary.games - 1),
    )


def lead_text(game_id: str, lead: Mean, agents: Sequence[str], lang: Lang) -> str:
    """``Lead changes per game (leader: the one ahead in rounds won; expert, expert):
    1.20 (0.95–1.45) over 100 games`` (``agents``: who sat in the seats).
    """
    return msg(
        "lab.skill.lead",
        measure=msg(f"lab.lead.measure.{game_id}").text(lang),
        agents=", ".join(agents),
        mean=f"{lead.mean:.2f}",
        low=f"{lead.low:.2f}",
        high=f"{lead.high:.2f}",
        games=lead.count,
    ).text(lang)


def no_oracle_text(game_id: str, lang: Lang) -> str:
    """Why a profile has no oracle ceiling: the game has no search agent, or it was not
    measured (and how to measure it).
    """
    if not oracle_mod.available(game_id):
        name = registry.make(game_id).info.name(lang)
        return msg("lab.skill.no_search", game=name).text(lang)
    return msg("lab.skill.not_measured", game=game_id).text(lang)


register(
    {
        "lab.skill.lead": {
            "es": "Cambios de líder por partida (líder: quien va por delante en {measure}; "
            "{agents}): {mean} ({low}–{high}) en {games} partidas",
            "en": "Lead changes per game (leader: the one ahead in {measure}; {agents}): "
            "{mean} ({low}–{high}) over {games} games",
        },
        "lab.skill.no_search": {
            "es": "Techo (búsqueda que ve todas las cartas ocultas): {game} no tiene. Se "
            "juega en tiempo real, con chat y gestos y sin turnos, así que no hay agente de "
            "búsqueda al que contarle las cartas ocultas.",
            "en": "Ceiling (search told every hidden card): {game} has none. It is played in "
            "real time, with chat and gestures and no turns, so there is no search agent to "
            "tell the hidden cards to.",
        },
        "lab.skill.not_measured": {
            "es": "Techo (búsqueda que ve todas las cartas ocultas): no medido en este juego "
            "(ludoteca skill {game} --oracle lo mide).",
            "en": "Ceiling (search told every hidden card): not measured for this game "
            "(ludoteca skill {game} --oracle measures it).",
        },
        "lab.skill.no_ladder": {
            "es": "{game} no tiene al menos dos agentes rápidos para medir la habilidad.",
            "en": "{game} has fewer than two fast agents to measure skill with.",
        },
    }
)
