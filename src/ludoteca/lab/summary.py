"""What a simulation found, gathered game by game so it can be read at any moment.

A shared win counts ``1/k`` to each of its ``k`` winners (exact fractions while counting),
so the seats' win shares, the games without a winner (draws) and the games stopped at the
step limit add up to exactly 100%. A seat's *ties* are the games it shared the win. The
score margin of a finished game is its best score minus the second best (0 when the win is
shared); it is shown only for games whose scores are more than win/lose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ludoteca.engine.game import OptionValue
from ludoteca.lab import stats
from ludoteca.lab.match import GameResult


@dataclass(frozen=True, slots=True)
class Share:
    """A share of wins over some games, with its 95% Wilson interval.

    Attributes:
        wins: Games won, a shared win counting ``1/k`` to each of ``k`` winners.
        trials: Games played (seat-games, for an agent that held several seats).
        outright: Games won alone.
        shared: Games whose win was shared (the ties).
        low: Lower bound of the interval.
        high: Upper bound of the interval.
    """

    wins: float
    trials: int
    outright: int
    shared: int
    low: float
    high: float

    @property
    def value(self) -> float:
        """The share (0 when there were no games)."""
        return self.wins / self.trials if self.trials else 0.0


def share(wins: Fraction | float, trials: int, outright: int = 0, shared: int = 0) -> Share:
    """A :class:`Share` with its Wilson interval (fractional wins allowed)."""
    low, high = stats.wilson_interval(float(wins), trials)
    return Share(float(wins), trials, outright, shared, low, high)


@dataclass(frozen=True, slots=True)
class AgentRate:
    """How often one agent won.

    Attributes:
        agent: The agent's name.
        wins: Its share of the seat-games it played.
    """

    agent: str
    wins: Share


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """What a simulation found.

    Attributes:
        game_id: The game's id.
        games: Games summarized (fewer than asked for after an interruption).
        seed: Seed of game 0.
        agents: The agent list as given.
        rotate: Whether seats were rotated.
        options: The resolved options, as sorted ``(name, value)`` pairs.
        seat_wins: Per seat, the share of games won by whoever sat there.
        agent_wins: Per distinct agent (in order of first appearance), its share.
        draws: Finished games without a winner.
        unfinished: Games stopped at the step limit without an outcome.
        lengths: Game length in steps.
        counts: The game's own statistics added up over the games, ``(name, total)``.
        rates: ``(numerator, denominator, rate)`` for the rates the statistics name.
        end_reasons: ``(end reason id, share of games)``, most frequent first.
        turns: Turns per finished game, as the rulebook counts them (``None`` if none).
        shared: Finished games whose win was shared by several seats.
        margins: Best minus second-best score per finished game, ``None`` for games whose
            scores are only win/lose.
        interrupted: Whether the run was stopped (Ctrl-C) before every game was played.
        planned: Games asked for.
        permuted: Whether the games cycled through every order of the agents over the seats.
        lead_changes: Lead changes per game (``lab.lead``) with a 95% interval of the mean,
            ``None`` for a game without a progress measure.
    """

    game_id: str
    games: int
    seed: int
    agents: tuple[str, ...]
    rotate: bool
    options: tuple[tuple[str, OptionValue], ...]
    seat_wins: tuple[Share, ...]
    agent_wins: tuple[AgentRate, ...]
    draws: int
    unfinished: int
    lengths: stats.Summary | None
    counts: tuple[tuple[str, int], ...] = ()
    rates: tuple[tuple[str, str, stats.Rate], ...] = ()
    end_reasons: tuple[tuple[str, stats.Rate], ...] = ()
    turns: stats.Summary | None = None
    shared: int = 0
    margins: stats.Summary | None = None
    interrupted: bool = False
    planned: int = 0
    permuted: bool = False
    lead_changes: stats.Mean | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (``--json``): every figure with its interval."""

        def of_share(entry: Share) -> dict[str, Any]:
            return {
                "wins": entry.wins,
                "games": entry.trials,
                "share": entry.value,
                "ci95": [entry.low, entry.high],
                "outright": entry.outright,
                "ties": entry.shared,
            }

        def of_rate(entry: stats.Rate) -> dict[str, Any]:
            return {
                "count": entry.successes,
                "of": entry.trials,
                "rate": entry.value,
                "ci95": [entry.low, entry.high],
            }

        def of_summary(entry: stats.Summary | None) -> dict[str, float] | None:
            if entry is None:
                return None
            return {
                "count": entry.count,
                "mean": entry.mean,
                "median": entry.median,
                "p90": entry.p90,
                "min": entry.minimum,
                "max": entry.maximum,
            }

        games = self.games
        return {
            "game": self.game_id,
            "games": games,
            "planned": self.planned or games,
            "interrupted": self.interrupted,
            "seeds": [self.seed, self.seed + max(games, 1) - 1],
            "agents": list(self.agents),
            "rotate": self.rotate,
            "permute": self.permuted,
            "options": dict(self.options),
            "seats": [of_share(entry) for entry in self.seat_wins],
            "agents_share": {entry.agent: of_share(entry.wins) for entry in self.agent_wins},
            "draws": {"games": self.draws, "share": self.draws / games if games else 0.0},
            "unfinished": self.unfinished,
            "shared_wins": self.shared,
            "steps": of_summary(self.lengths),
            "turns": of_summary(self.turns),
            "margins": of_summary(self.margins),
            "end_reasons": {reason: of_rate(rate) for reason, rate in self.end_reasons},
            "counts": dict(self.counts),
            "rates": {f"{hits}/{of}": of_rate(rate) for hits, of, rate in self.rates},
            "lead_changes": None if self.lead_changes is None else self.lead_changes.to_json(),
        }


class Accumulator:
    """Adds up game results one at a time; :meth:`summary` may be asked at any moment.

    Args:
        game_id: The game's id.
        agents: The agent list as configured.
        seed: Seed of game 0.
        rotate: Whether seats rotate.
        options: The resolved options.
        planned: Games asked for.
        rates: The ``(numerator, denominator)`` count names shown as rates.
        permuted: Whether the seats cycle through every order of the agents.
    """

    def __init__(
        self,
        game_id: str,
        agents: Sequence[str],
        seed: int,
        rotate: bool,
        options: Mapping[str, OptionValue],
        planned: int,
        rates: Sequence[tuple[str, str]] = (),
        permuted: bool = False,
    ) -> None:
        self.permuted = permuted
        self.game_id = game_id
        self.agents = tuple(agents)
        self.seed = seed
        self.rotate = rotate
        self.options = tuple(sorted(options.items()))
        self.planned = planned
        self.rate_names = tuple(rates)
        n = len(self.agents)
        self.games = 0
        self.seat_wins = [Fraction(0)] * n
        self.seat_outright = [0] * n
        self.seat_shared = [0] * n
        names = tuple(dict.fromkeys(self.agents))
        self.agent_wins = dict.fromkeys(names, Fraction(0))
        self.agent_games = dict.fromkeys(names, 0)
        self.agent_outright = dict.fromkeys(names, 0)
        self.agent_shared = dict.fromkeys(names, 0)
        self.draws = self.unfinished = self.shared = 0
        self.lengths: list[float] = []
        self.turns: list[float] = []
        self.margins: list[float] = []
        self.leads: list[float] = []
        self.scored = False
        self.totals: dict[str, int] = {}
        self.reasons: dict[str, int] = {}

    def add(self, result: GameResult) -> None:
        """Count one game."""
        self.games += 1
        self.lengths.append(result.steps)
        self.reasons[result.end_reason] = self.reasons.get(result.end_reason, 0) + 1
        if result.lead_changes is not None:
            self.leads.append(result.lead_changes)
        for name, count in result.counts:
            self.totals[name] = self.totals.get(name, 0) + count
        if not result.finished:
            self.unfinished += 1
        else:
            self.turns.append(result.turns)
            if result.scores:
                self.margins.append(margin(result.scores))
                self.scored = self.scored or any(s not in (0.0, 1.0) for s in result.scores)
            if not result.winners:
                self.draws += 1
            elif len(result.winners) > 1:
                self.shared += 1
        part = Fraction(1, len(result.winners)) if result.winners else Fraction(0)
        alone = len(result.winners) == 1
        for seat, name in enumerate(result.seats):
            self.agent_games[name] += 1
            if seat in result.winners:
                self.seat_wins[seat] += part
                self.agent_wins[name] += part
                if alone:
                    self.seat_outright[seat] += 1
                    self.agent_outright[name] += 1
                else:
                    self.seat_shared[seat] += 1
                    self.agent_shared[name] += 1

    def summary(self, *, interrupted: bool = False) -> SimulationSummary:
        """The summary of the games counted so far."""
        games = self.games
        counts = {"games": games, **self.totals}
        return SimulationSummary(
            game_id=self.game_id,
            games=games,
            seed=self.seed,
            agents=self.agents,
            rotate=self.rotate,
            options=self.options,
            seat_wins=tuple(
                share(wins, games, self.seat_outright[seat], self.seat_shared[seat])
                for seat, wins in enumerate(self.seat_wins)
            ),
            agent_wins=tuple(
                AgentRate(
                    name,
                    share(
                        wins,
                        self.agent_games[name],
                        self.agent_outright[name],
                        self.agent_shared[name],
                    ),
                )
                for name, wins in self.agent_wins.items()
            ),
            draws=self.draws,
            unfinished=self.unfinished,
            lengths=stats.summarize(self.lengths) if self.lengths else None,
            counts=tuple(self.totals.items()),
            rates=tuple(
                (hits, of, stats.rate(counts[hits], counts[of]))
                for hits, of in self.rate_names
                if hits in counts and of in counts
            ),
            end_reasons=tuple(
                (reason, stats.rate(count, games))
                for reason, count in sorted(self.reasons.items(), key=lambda i: (-i[1], i[0]))
            ),
            turns=stats.summarize(self.turns) if self.turns else None,
            shared=self.shared,
            margins=stats.summarize(self.margins) if self.scored and self.margins else None,
            interrupted=interrupted,
            planned=self.planned,
            permuted=self.permuted,
            lead_changes=stats.mean_interval(self.leads, lowest=0) if self.leads else None,
        )


def margin(scores: Sequence[float]) -> float:
    """Best score minus the second best (0 for a single seat or a shared top score)."""
    if len(scores) < 2:
        return 0.0
    first, second = sorted(scores, reverse=True)[:2]
    return float(first - second)
