"""The skill profile in ``ludoteca report``: read from the report's own ladder and seat
study (no extra games), in the page's language.

From the ladder: the strongest agent (by mean share against the others) against random and
against the next strongest, with 95% Wilson intervals, and the skill share
``1 - random's share / best's share`` (``lab.skill.skill_share``; between two agents the
shares are of the wins between them). From the seat study: the first seat's share. The
oracle ceiling where one was measured (``lab.skill.ORACLE_MEASURED``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.lab import questions
from ludoteca.lab.skill import ORACLE_MEASURED, lead_text, no_oracle_text, skill_share
from ludoteca.lab.stats import Mean
from ludoteca.lab.summary import Share


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _against(ladder: questions.Ladder, best: str, other: str) -> tuple[float, float, float] | None:
    for pairing in ladder.pairings:
        if (pairing.a, pairing.b) == (best, other):
            return pairing.share, pairing.low, pairing.high
        if (pairing.a, pairing.b) == (other, best):
            return 1 - pairing.share, 1 - pairing.high, 1 - pairing.low
    return None


def skill_html(
    ladder: questions.Ladder,
    first_seat: Share,
    seat_agents: Sequence[str],
    lang: Lang,
    lead_changes: Mean | None = None,
) -> str:
    """The skill profile as a list for the report's page (``lead_changes``: the seat
    study's lead changes per game, ``lab.lead``).
    """
    ranked = sorted(ladder.agents, key=ladder.strength, reverse=True)
    best = ranked[0]
    items: list[str] = []
    for other in dict.fromkeys(("random", *ranked[1:2])):
        if other == best:
            continue
        found = _against(ladder, best, other)
        if found is None:
            continue
        share, low, high = found
        items.append(
            msg(
                "lab.report.skill_against",
                best=best,
                other=other,
                share=_pct(share),
                low=_pct(low),
                high=_pct(high),
            ).text(lang)
        )
        if other == "random" and share > 0:
            items.append(
                msg("lab.report.skill_share", value=f"{skill_share(1 - share, share):.2f}").text(
                    lang
                )
            )
    items.append(
        msg(
            "lab.report.skill_first_seat",
            agents=", ".join(seat_agents),
            share=_pct(first_seat.value),
            low=_pct(first_seat.low),
            high=_pct(first_seat.high),
            fair=_pct(1 / len(seat_agents)),
        ).text(lang)
    )
    if lead_changes is not None:
        items.append(lead_text(ladder.game_id, lead_changes, seat_agents, lang))
    oracle = ORACLE_MEASURED.get(ladder.game_id)
    if oracle is None:
        items.append(no_oracle_text(ladder.game_id, lang))
    else:
        items.append(
            msg(
                "lab.report.skill_oracle",
                other=oracle.opponent,
                share=_pct(oracle.share),
                low=_pct(oracle.low),
                high=_pct(oracle.high),
                games=oracle.games,
            ).text(lang)
        )
    title = html.escape(msg("lab.report.skill_title").text(lang))
    rows = "".join(f"<li>{html.escape(item)}</li>" for item in items)
    return f"<h3>{title}</h3><ul>{rows}</ul>"


register(
    {
        "lab.report.skill_title": {"es": "Perfil de habilidad", "en": "Skill profile"},
        "lab.report.skill_against": {
            "es": "{best} contra {other}: {share} ({low}–{high}) de las victorias entre ambos",
            "en": "{best} against {other}: {share} ({low}–{high}) of the wins between them",
        },
        "lab.report.skill_share": {
            "es": "Parte de habilidad, 1 − (azar ÷ mejor): {value}",
            "en": "Skill share, 1 − (random ÷ best): {value}",
        },
        "lab.report.skill_first_seat": {
            "es": "Primer asiento ({agents}): {share} ({low}–{high}); justo: {fair}",
            "en": "First seat ({agents}): {share} ({low}–{high}); fair: {fair}",
        },
        "lab.report.skill_oracle": {
            "es": "Techo medido (búsqueda que ve todas las cartas ocultas) contra {other}: "
            "{share} ({low}–{high}) en {games} partidas (bench/studies/oracle_ceiling.py)",
            "en": "Measured ceiling (search told every hidden card) against {other}: "
            "{share} ({low}–{high}) over {games} games (bench/studies/oracle_ceiling.py)",
        },
    }
)
