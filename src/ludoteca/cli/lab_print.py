"""What the lab's commands print: the simulation summary, comparisons, sweeps, ladders."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from ludoteca.engine.i18n import Lang, Message, msg
from ludoteca.lab.default_agents import plays_randomly, strongest_fast_agent
from ludoteca.lab.labels import count_label, end_label, seat_words
from ludoteca.lab.labels import games as games_text
from ludoteca.lab.match import seat_orders
from ludoteca.lab.measures import is_share, ordered
from ludoteca.lab.messages import measure_label
from ludoteca.lab.stats import Summary
from ludoteca.lab.summary import Share, SimulationSummary

if TYPE_CHECKING:
    from ludoteca.lab.questions import Comparison, Difference, Ladder, Sweep


def _out() -> Console:
    return Console(highlight=False)


def percent(value: float) -> str:
    """``0.253`` as ``25.3%``."""
    return f"{100 * value:.1f}%"


def interval(low: float, high: float) -> str:
    """A share's interval as ``24.0% - 26.7%``."""
    return f"{percent(low)} - {percent(high)}"


def number(value: float) -> str:
    """An integer without decimals, else one decimal."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def show_value(value: Any) -> str:
    """An option value as typed on the command line."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def summary(found: SimulationSummary, lang: Lang) -> None:
    """The whole summary of a simulation."""
    console = _out()
    rotation = seating(found.rotate, found.permuted, found.agents)
    title = msg(
        "lab.sim.title",
        count=games_text(found.games),
        game=found.game_id,
        first=found.seed,
        last=found.seed + max(found.games, 1) - 1,
        rotation=rotation,
    )
    if found.interrupted:
        stop = msg("lab.sim.interrupted", done=found.games, planned=found.planned)
        console.print(stop.text(lang), style="bold yellow")
    console.print(title.text(lang), style="bold")
    options = ", ".join(f"{name}={show_value(value)}" for name, value in found.options)
    console.print(msg("cli.sim.options", options=options or "-").text(lang))
    by_seat = _share_table(msg("lab.sim.by_seat").text(lang), "seat", lang)
    for seat, entry in enumerate(found.seat_wins):
        label = seat_words(found.game_id, seat, lang)
        if not found.rotate and not found.permuted:
            label += f" · {found.agents[seat]}"
        _share_row(by_seat, label, entry)
    games = found.games
    if found.draws:
        _plain_row(by_seat, msg("lab.sim.no_winner").text(lang), found.draws, games)
    if found.unfinished:
        _plain_row(by_seat, msg("lab.sim.unfinished_row").text(lang), found.unfinished, games)
    total = sum(entry.wins for entry in found.seat_wins) + found.draws + found.unfinished
    by_seat.add_row(
        msg("lab.sim.total").text(lang), str(games), "", "", number(round(total, 9)),
        percent(total / games if games else 0.0), "",
        style="bold",
    )  # fmt: skip
    by_agent = _share_table(msg("lab.sim.by_agent").text(lang), "agent", lang)
    for agent in found.agent_wins:
        _share_row(by_agent, agent.agent, agent.wins)
    console.print(by_seat)
    console.print(by_agent)
    if found.shared:
        share = percent(found.shared / games)
        console.print(msg("lab.sim.shared", count=found.shared, share=share).text(lang))
    if found.draws:
        console.print(msg("cli.sim.draws", count=found.draws).text(lang))
    if found.unfinished:
        console.print(msg("cli.sim.unfinished", count=found.unfinished).text(lang))
    lengths = found.lengths
    if lengths is not None:
        line = msg(
            "cli.sim.length",
            mean=f"{lengths.mean:.1f}",
            median=number(lengths.median),
            low=number(lengths.minimum),
            high=number(lengths.maximum),
        )
        console.print(line.text(lang))
    _endings(found, lang)
    _counts(found, lang)


def _share_table(title: str, first: str, lang: Lang) -> Table:
    table = Table(title=title)
    table.add_column(msg(f"cli.sim.col.{first}").text(lang))
    for key in ("cli.sim.col.games", "lab.sim.col.alone", "lab.sim.col.ties"):
        table.add_column(msg(key).text(lang), justify="right")
    for key in ("lab.sim.col.share", "lab.sim.col.percent", "cli.sim.col.ci"):
        table.add_column(msg(key).text(lang), justify="right")
    return table


def _share_row(table: Table, label: str, entry: Share) -> None:
    table.add_row(
        label,
        str(entry.trials),
        str(entry.outright),
        str(entry.shared),
        number(round(entry.wins, 9)),
        percent(entry.value),
        interval(entry.low, entry.high),
    )


def _plain_row(table: Table, label: str, count: int, games: int) -> None:
    table.add_row(label, str(games), "", "", str(count), percent(count / games), "")


def _summary_line(key: str, values: Summary, lang: Lang) -> str:
    return msg(
        key,
        mean=f"{values.mean:.1f}",
        median=number(values.median),
        p90=number(values.p90),
        low=number(values.minimum),
        high=number(values.maximum),
    ).text(lang)


def _endings(found: SimulationSummary, lang: Lang) -> None:
    console = _out()
    parts = []
    for reason, rate in found.end_reasons:
        line = msg(
            "lab.sim.end_reason",
            label=end_label(reason, lang),
            share=percent(rate.value),
            count=games_text(rate.successes),
        )
        parts.append(line.text(lang))
    if parts:
        console.print(msg("lab.sim.end_reasons", reasons="; ".join(parts)).text(lang))
    if found.turns is not None:
        console.print(_summary_line("lab.sim.turns", found.turns, lang))
    if found.margins is not None:
        console.print(_summary_line("lab.sim.margins", found.margins, lang))


def _counts(found: SimulationSummary, lang: Lang) -> None:
    console = _out()
    game_id = found.game_id
    for name, total in found.counts:
        mean = number(total / found.games) if found.games else "0"
        label = count_label(game_id, name, lang)
        stat = msg("cli.sim.stat", label=label, total=total, mean=mean)
        console.print(stat.text(lang))
    for hits, of, rate in found.rates:
        line = msg(
            "cli.sim.stat_rate",
            label=count_label(game_id, hits, lang),
            of=count_label(game_id, of, lang),
            rate=percent(rate.value),
            ci=interval(rate.low, rate.high),
        )
        console.print(line.text(lang))


def seating(rotate: bool, permuted: bool, agents: tuple[str, ...]) -> Message:
    """How the agents took the seats, for a title."""
    if permuted:
        return msg("lab.sim.permuted", orders=len(seat_orders(tuple(agents))))
    return msg("cli.sim.rotated" if rotate else "cli.sim.fixed")


def agents_used(
    game_id: str, agents: tuple[str, ...], chosen: bool, lang: Lang, *, warn: bool = True
) -> None:
    """Say which agents play, and warn when a seat plays at random (on stderr) unless
    ``warn`` is false (a ladder plays random on purpose, as the floor).
    """
    console = _out()
    distinct = tuple(dict.fromkeys(agents))
    if not chosen:
        line = msg("lab.agents.default", agent=distinct[0], game=game_id)
    else:
        line = msg("lab.agents.given", agents=", ".join(agents))
    console.print(line.text(lang))
    if warn and plays_randomly(agents):
        warning = msg("lab.agents.random_warning", agent=strongest_fast_agent(game_id))
        Console(stderr=True, highlight=False).print(warning.text(lang), style="yellow")


# ---------------------------------------------------------------------------------------
# compare, sweep, ladder


def _measure_value(key: str, value: float) -> str:
    return percent(value) if is_share(key) else f"{value:.2f}"


def comparison(found: Comparison, lang: Lang) -> None:
    """The differences of a comparison, one measure a row, with their paired tests."""
    console = _out()
    config = found.a.config
    a = ", ".join(f"{name}={show_value(va)}" for name, va, _ in found.changed)
    b = ", ".join(f"{name}={show_value(vb)}" for name, _, vb in found.changed)
    title = msg(
        "lab.cmp.title",
        game=config.game_id,
        a=a,
        b=b,
        count=games_text(config.games),
        first=config.seed,
        last=config.seed + config.games - 1,
    )
    console.print(title.text(lang), style="bold")
    table = Table()
    table.add_column(msg("lab.cmp.col.measure").text(lang))
    for key in ("a", "b", "diff", "ci"):
        table.add_column(msg(f"lab.cmp.col.{key}").text(lang), justify="right")
    table.add_column(msg("lab.cmp.col.test").text(lang))
    for key in ("p", "holm"):
        table.add_column(msg(f"lab.cmp.col.{key}").text(lang), justify="right")
    table.add_column("")
    by_key = {entry.key: entry for entry in found.differences}
    for key in ordered(list(by_key)):
        entry = by_key[key]
        scale = 100.0 if is_share(key) else 1.0
        table.add_row(
            measure_label(key, config.game_id, lang),
            _measure_value(key, entry.a.mean),
            _measure_value(key, entry.b.mean),
            f"{scale * entry.diff:+.2f}",
            f"{scale * entry.low:+.2f} … {scale * entry.high:+.2f}",
            msg(f"lab.cmp.test.{entry.test}").text(lang) if entry.test else "-",
            _p_text(entry.p_value),
            _p_text(entry.p_holm),
            msg("lab.cmp.yes").text(lang) if entry.significant else "",
        )
    console.print(table)
    tested = sum(1 for entry in found.differences if not math.isnan(entry.p_value))
    console.print(msg("lab.cmp.note", tests=tested).text(lang), style="dim")


def _p_text(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.3g}"


def difference_json(entry: Difference) -> dict[str, Any]:
    """One difference as JSON (``nan`` as ``null``)."""
    return {
        "measure": entry.key,
        "a": entry.a.mean,
        "b": entry.b.mean,
        "diff": entry.diff,
        "ci95": [entry.low, entry.high],
        "test": entry.test or None,
        "pairs": entry.pairs,
        "p_value": None if math.isnan(entry.p_value) else entry.p_value,
        "p_holm": None if math.isnan(entry.p_holm) else entry.p_holm,
        "significant": entry.significant,
    }


def sweep(found: Sweep, lang: Lang) -> None:
    """One row per measure, one column per value (mean and interval)."""
    console = _out()
    config = found.runs[0].config
    title = msg(
        "lab.sweep.title",
        game=config.game_id,
        option=found.option,
        values=", ".join(show_value(v) for v in found.values),
        count=games_text(config.games),
        first=config.seed,
        last=config.seed + config.games - 1,
    )
    console.print(title.text(lang), style="bold")
    table = Table()
    table.add_column(msg("lab.cmp.col.measure").text(lang))
    for value in found.values:
        table.add_column(f"{found.option}={show_value(value)}", justify="right")
    for key in found.measure_keys():
        cells = []
        for measures in found.measures:
            entry = measures.get(key)
            if entry is None:
                cells.append("-")
                continue
            shown = _measure_value(key, entry.mean)
            cells.append(
                f"{shown} [{_measure_value(key, entry.low)}, {_measure_value(key, entry.high)}]"
            )
        table.add_row(measure_label(key, config.game_id, lang), *cells)
    console.print(table)


def ladder(found: Ladder, lang: Lang) -> None:
    """The matrix, then each pairing with its interval and seeds."""
    console = _out()
    title = msg("lab.ladder.title", game=found.game_id, players=found.players)
    table = Table(title=title.text(lang))
    table.add_column("")
    for agent in found.agents:
        table.add_column(agent, justify="right")
    table.add_column(msg("lab.ladder.strength").text(lang), justify="right")
    for row in found.agents:
        cells = []
        for column in found.agents:
            rate = found.rate(row, column)
            cells.append("-" if rate is None else percent(rate))
        table.add_row(row, *cells, percent(found.strength(row)))
    console.print(table)
    for pairing in found.pairings:
        line = msg(
            "lab.ladder.pairs",
            a=pairing.a,
            b=pairing.b,
            share=percent(pairing.share),
            ci=interval(pairing.low, pairing.high),
            count=games_text(pairing.games),
            first=pairing.seeds[0],
            last=pairing.seeds[1],
        )
        console.print(line.text(lang))


def ladder_json(found: Ladder) -> dict[str, Any]:
    """The ladder as JSON."""
    return {
        "game": found.game_id,
        "agents": list(found.agents),
        "players": found.players,
        "matrix": [[found.rate(a, b) for b in found.agents] for a in found.agents],
        "pairings": [
            {
                "a": p.a,
                "b": p.b,
                "share_a": p.share,
                "ci95": [p.low, p.high],
                "games": p.games,
                "seeds": list(p.seeds),
            }
            for p in found.pairings
        ],
    }
