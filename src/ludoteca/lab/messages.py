"""The lab's texts in Spanish and English: its command-line help, tables, errors and the
design report (``lab.*``, ``cli.help.*`` of the lab commands).
"""

from __future__ import annotations

from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.lab import labels
from ludoteca.lab.labels import end_label

MEASURES = {
    "draws": ("empates (sin ganador)", "draws (no winner)"),
    "turns": ("turnos por partida", "turns per game"),
    "steps": ("pasos por partida", "steps per game"),
    "margin": ("margen de puntos (1.º − 2.º)", "score margin (1st − 2nd)"),
}
"""Labels of the measures of ``lab.questions`` that are not a seat, an end or a count."""

register(
    {
        # --- errors
        "lab.players_mismatch": {
            "es": "--players {players} no casa con {count} agentes en --agents (da uno para "
            "todos los asientos o uno por asiento)",
            "en": "--players {players} does not match {count} agents in --agents (give one for "
            "every seat or one per seat)",
        },
        "lab.compare_needs_two": {
            "es": "compare necesita una opción dada dos veces: -o NOMBRE=A -o NOMBRE=B",
            "en": "compare needs one option given twice: -o NAME=A -o NAME=B",
        },
        "lab.compare_too_many": {
            "es": "compare compara dos variantes: da cada opción como mucho dos veces",
            "en": "compare compares two variants: give each option at most twice",
        },
        "lab.compare_same": {
            "es": "Las dos variantes tienen las mismas opciones; no hay nada que comparar",
            "en": "Both variants have the same options; there is nothing to compare",
        },
        "lab.sweep_needs_one": {
            "es": "sweep necesita exactamente una opción con varios valores: "
            "-o NOMBRE=A,B,C (o -o NOMBRE=A -o NOMBRE=B)",
            "en": "sweep needs exactly one option with several values: -o NAME=A,B,C "
            "(or -o NAME=A -o NAME=B)",
        },
        "lab.ladder_needs_two": {
            "es": "La escalera necesita al menos dos agentes distintos",
            "en": "The ladder needs at least two different agents",
        },
        # --- counts and titles
        "lab.games.one": {"es": "1 partida", "en": "1 game"},
        "lab.games.many": {"es": "{count} partidas", "en": "{count} games"},
        "lab.sim.title": {
            "es": "{count} de {game} · semillas {first}-{last} · asientos {rotation}",
            "en": "{count} of {game} · seeds {first}-{last} · seats {rotation}",
        },
        "lab.sim.permuted": {
            "es": "en todos los órdenes ({orders}; la partida i juega el orden i mód. {orders})",
            "en": "in every order ({orders}; game i plays order i mod {orders})",
        },
        "lab.sim.elapsed": {
            "es": "{count} en {seconds} s con --workers {workers}",
            "en": "{count} in {seconds} s with --workers {workers}",
        },
        "lab.sim.written": {
            "es": "Registros de {count} escritos en {path}",
            "en": "Records of {count} written to {path}",
        },
        # --- agents
        "lab.agents.default": {
            "es": "Agentes: {agent} en todos los asientos (por defecto: el agente rápido más "
            "fuerte de {game}, por su valoración medida; --agents elige otros).",
            "en": "Agents: {agent} in every seat (the default: {game}'s strongest fast agent "
            "by measured rating; --agents chooses others).",
        },
        "lab.agents.given": {"es": "Agentes: {agents}.", "en": "Agents: {agents}."},
        "lab.agents.random_warning": {
            "es": "Aviso: el agente random juega sin estrategia; cuotas, duraciones y "
            "diferencias medidas con él pueden ser muy distintas de las de una partida real "
            "(sin --agents se juega con {agent}).",
            "en": "Warning: the random agent plays without any strategy; shares, lengths and "
            "differences measured with it can be far from real play (without --agents, "
            "{agent} plays).",
        },
        "lab.interrupted_question": {
            "es": "Interrumpido (Ctrl-C) tras {done}: una pregunta a medias no tiene "
            "respuesta; no se escribió nada.",
            "en": "Interrupted (Ctrl-C) after {done}: a half-played question has no answer; "
            "nothing was written.",
        },
        "lab.sweep_players_agents": {
            "es": "--players con varios valores necesita un solo agente para todos los "
            "asientos (p. ej. --agents greedy)",
            "en": "--players with several values needs one agent for every seat (e.g. "
            "--agents greedy)",
        },
        "lab.sweep_one_thing": {
            "es": "sweep recorre una sola cosa: varios valores de --players o de una opción, "
            "no de ambos",
            "en": "sweep sweeps one thing: several values of --players or of one option, not both",
        },
        # --- simulate
        "lab.sim.by_seat": {
            "es": "Victorias por asiento (una victoria compartida por k cuenta 1/k a cada uno)",
            "en": "Wins by seat (a win shared by k players counts 1/k to each)",
        },
        "lab.sim.by_agent": {
            "es": "Victorias por agente (por partida-asiento jugada)",
            "en": "Wins by agent (per seat-game played)",
        },
        "lab.sim.col.alone": {"es": "Ganadas solo", "en": "Won alone"},
        "lab.sim.col.ties": {"es": "Empates (compartidas)", "en": "Ties (shared)"},
        "lab.sim.col.share": {"es": "Victorias (1/k)", "en": "Win share (1/k)"},
        "lab.sim.col.percent": {"es": "% de partidas", "en": "% of games"},
        "lab.sim.no_winner": {"es": "Sin ganador (empate)", "en": "No winner (draw)"},
        "lab.sim.unfinished_row": {"es": "Sin terminar", "en": "Unfinished"},
        "lab.sim.total": {"es": "Total", "en": "Total"},
        "lab.sim.shared": {
            "es": "Victorias compartidas: {count} partidas ({share})",
            "en": "Shared wins: {count} games ({share})",
        },
        "lab.sim.margins": {
            "es": "Margen de puntos (1.º − 2.º): media {mean} · mediana {median} · percentil 90 "
            "{p90} · mín. {low} · máx. {high}",
            "en": "Score margin (1st − 2nd): mean {mean} · median {median} · 90th percentile "
            "{p90} · min {low} · max {high}",
        },
        "lab.sim.interrupted": {
            "es": "Interrumpido (Ctrl-C): resumen de las partidas terminadas, {done} de {planned}.",
            "en": "Interrupted (Ctrl-C): summary of the games finished, {done} of {planned}.",
        },
        "lab.sim.progress_line": {
            "es": "Simulando: {done}/{total} partidas",
            "en": "Simulating: {done}/{total} games",
        },
        "lab.sim.wrote": {
            "es": "Escrito: {what} en {path}",
            "en": "Written: {what} to {path}",
        },
        "lab.sim.what.json": {"es": "Resumen JSON", "en": "JSON summary"},
        "lab.sim.what.csv": {
            "es": "Tabla CSV ({rows} filas)",
            "en": "CSV table ({rows} rows)",
        },
        "lab.sim.what.parquet": {
            "es": "Tabla Parquet ({rows} filas)",
            "en": "Parquet table ({rows} rows)",
        },
        "lab.sim.what.plot": {"es": "Gráfico", "en": "Plot"},
        "lab.sim.what.report": {"es": "Informe", "en": "Report"},
        # --- compare, sweep, ladder
        "lab.cmp.title": {
            "es": "{game}: A = {a} frente a B = {b} · {count} en cada una, mismas semillas "
            "{first}-{last} y mismos asientos",
            "en": "{game}: A = {a} against B = {b} · {count} each, same seeds {first}-{last} "
            "and seats",
        },
        "lab.cmp.col.measure": {"es": "Medida", "en": "Measure"},
        "lab.cmp.col.a": {"es": "A", "en": "A"},
        "lab.cmp.col.b": {"es": "B", "en": "B"},
        "lab.cmp.col.diff": {"es": "B − A", "en": "B − A"},
        "lab.cmp.col.ci": {"es": "IC 95 % de B − A", "en": "95% CI of B − A"},
        "lab.cmp.col.test": {"es": "Prueba", "en": "Test"},
        "lab.cmp.col.p": {"es": "p", "en": "p"},
        "lab.cmp.col.holm": {"es": "p (Holm)", "en": "p (Holm)"},
        "lab.cmp.test.mcnemar": {"es": "McNemar exacta", "en": "exact McNemar"},
        "lab.cmp.test.paired_t": {"es": "t pareada", "en": "paired t"},
        "lab.cmp.test.constant": {"es": "igual en todas", "en": "same in every game"},
        "lab.cmp.yes": {"es": "significativo", "en": "significant"},
        "lab.cmp.note": {
            "es": "Partidas emparejadas: la partida i de A y la de B tienen la misma semilla y "
            "los mismos asientos. Intervalo: t pareada sobre las diferencias partida a "
            "partida. p: prueba exacta de McNemar para lo que vale 0 o 1 en cada partida "
            "(victorias, empates, finales), t pareada para lo demás. Corrección de Holm "
            "sobre las {tests} medidas probadas: «significativo» si p (Holm) < 0,05, con un 5 % "
            "de probabilidad de alguna falsa alarma entre todas.",
            "en": "Paired games: game i of A and of B have the same seed and seats. Interval: "
            "paired t on the game-by-game differences. p: exact McNemar test for what is 0 "
            "or 1 in every game (wins, draws, endings), paired t-test for the rest. Holm's "
            'correction over the {tests} measures tested: "significant" when p (Holm) < '
            "0.05, a 5% chance of any false alarm among them all.",
        },
        "lab.sweep.title": {
            "es": "{game}: {option} = {values} · {count} por valor, semillas {first}-{last}",
            "en": "{game}: {option} = {values} · {count} per value, seeds {first}-{last}",
        },
        "lab.ladder.title": {
            "es": "Escalera de {game}: fila contra columna, cuota de las victorias entre "
            "ambos ({players} asientos, equilibrados)",
            "en": "{game} ladder: row against column, share of the wins between them "
            "({players} seats, balanced)",
        },
        "lab.ladder.strength": {"es": "Media", "en": "Mean"},
        "lab.ladder.pairs": {
            "es": "{a} contra {b}: {share} (IC 95 %: {ci}) en {count}, semillas {first}-{last}",
            "en": "{a} against {b}: {share} (95% CI: {ci}) in {count}, seeds {first}-{last}",
        },
        "lab.measure.seat": {"es": "victorias: {seat}", "en": "wins: {seat}"},
        "lab.measure.agent": {
            "es": "victorias: {agent} (por asiento)",
            "en": "wins: {agent} (per seat)",
        },
        "lab.measure.end": {"es": "final: {label}", "en": "ending: {label}"},
        **{f"lab.measure.{key}": {"es": es, "en": en} for key, (es, en) in MEASURES.items()},
        # --- help
        "cli.meta.folder": {"es": "CARPETA", "en": "FOLDER"},
        "cli.help.players_sim": {
            "es": "Número de jugadores (por defecto, uno por agente, o el mínimo del juego); "
            "con un solo agente en --agents, ese agente en todos los asientos.",
            "en": "Number of players (default: one per agent, or the game's minimum); with a "
            "single agent in --agents, that agent in every seat.",
        },
        "cli.help.json_summary": {
            "es": "Escribe el resumen en este archivo JSON (cuotas con sus intervalos).",
            "en": "Write the summary to this JSON file (shares with their intervals).",
        },
        "cli.help.csv": {
            "es": "Escribe una fila por partida en este CSV (semilla, asientos, agentes, "
            "opciones, ganadores, puntos, turnos, final, cifras del juego).",
            "en": "Write one row per game to this CSV (seed, seats, agents, options, winners, "
            "scores, turns, end reason, the game's figures).",
        },
        "cli.help.parquet": {
            "es": "Escribe la misma tabla que --csv en este archivo Parquet.",
            "en": "Write the same table as --csv to this Parquet file.",
        },
        "cli.help.backend": {
            "es": "Dónde se juegan las partidas: local (procesos de esta máquina) o ray "
            "(un clúster Ray; mismo resultado).",
            "en": "Where the games run: local (processes on this machine) or ray (a Ray "
            "cluster; same results).",
        },
        "cli.help.ray_address": {
            "es": "Dirección del clúster Ray (p. ej. auto o ray://cabeza:10001); sin ella, "
            "se arranca uno local.",
            "en": "Address of the Ray cluster (e.g. auto or ray://head:10001); without it, a "
            "local one is started.",
        },
        "cli.help.lab_workers": {
            "es": "Procesos que juegan las partidas (al menos 1; 2 en una máquina de 2 "
            "núcleos). Las cifras no dependen de este número: la partida i tiene siempre la "
            "semilla semilla+i y los mismos asientos. Ctrl-C conserva toda partida terminada.",
            "en": "Processes playing the games (at least 1; 2 on a 2-core machine). The "
            "figures do not depend on it: game i always has seed seed+i and the same seats. "
            "Ctrl-C keeps every finished game.",
        },
        "cli.help.lab_agents": {
            "es": "Agentes separados por comas, uno por asiento, o uno para todos (por "
            "defecto, el agente rápido más fuerte del juego en todos los asientos, que se "
            "indica al empezar).",
            "en": "Comma-separated agents, one per seat, or one for all (default: the game's "
            "strongest fast agent in every seat, named when the run starts).",
        },
        "cli.help.permute_seats": {
            "es": "Jugar todos los órdenes de los agentes en los asientos, por turnos (en vez "
            "de rotarlos): cada agente se sienta ante cada otro en cada posición.",
            "en": "Play every order of the agents over the seats in turn (instead of rotating "
            "them): each agent meets every other in every relative position.",
        },
        "cli.help.players_list": {
            "es": "Número de jugadores, o varios separados por comas (2,3,4) para recorrerlos; "
            "por defecto, uno por agente o el mínimo del juego.",
            "en": "Number of players, or several comma-separated (2,3,4) to sweep them; "
            "default: one per agent, or the game's minimum.",
        },
        "cli.help.compare": {
            "es": "Compara dos variantes de opciones con las mismas semillas: diferencia, "
            "intervalo y significación.",
            "en": "Compare two option variants on the same seeds: difference, interval and "
            "significance.",
        },
        "cli.help.compare_option": {
            "es": "Opción NOMBRE=VALOR; la que se da dos veces define A (primer valor) y B "
            "(segundo); las demás valen para las dos.",
            "en": "Option NAME=VALUE; the one given twice defines A (first value) and B "
            "(second); the others apply to both.",
        },
        "cli.help.sweep": {
            "es": "Recorre los valores de una opción: una tabla y un gráfico por medida.",
            "en": "Sweep an option's values: a table and a plot per measure.",
        },
        "cli.help.sweep_option": {
            "es": "Opción NOMBRE=V1,V2,… a recorrer (o repetida); las demás, fijas.",
            "en": "Option NAME=V1,V2,… to sweep (or repeated); the others stay fixed.",
        },
        "cli.help.plots": {
            "es": "Carpeta donde escribir un gráfico SVG por medida (se crea si hace falta).",
            "en": "Folder to write one SVG plot per measure to (created if needed).",
        },
        "cli.help.ladder": {
            "es": "Escalera de agentes: la matriz de victorias de cada agente contra cada "
            "otro, con asientos equilibrados.",
            "en": "Agent ladder: the win-rate matrix of every agent against every other, "
            "seat-balanced.",
        },
        "cli.help.ladder_agents": {
            "es": "Agentes separados por comas (por defecto, todos menos ismcts).",
            "en": "Comma-separated agents (default: all but ismcts).",
        },
        "cli.help.ladder_games": {
            "es": "Partidas por pareja de agentes.",
            "en": "Games per pair of agents.",
        },
        "cli.help.report": {
            "es": "Informe de diseño en un HTML autónomo: ventaja por asiento, duración, "
            "finales, márgenes, escalera y suerte frente a habilidad.",
            "en": "Design report as a self-contained HTML page: seat advantage, length, "
            "endings, margins, ladder and luck versus skill.",
        },
        "cli.help.report_out": {
            "es": "Archivo HTML a escribir.",
            "en": "HTML file to write.",
        },
        "cli.help.report_agents": {
            "es": "Agentes del estudio de asientos, separados por comas (por defecto, el "
            "mejor agente rápido del juego en todos los asientos).",
            "en": "Agents of the seat study, comma-separated (default: the game's best fast "
            "agent in every seat).",
        },
    }
)


def measure_label(key: str, game_id: str, lang: Lang) -> str:
    """A measure of ``lab.measures`` in words (``share_1`` -> "wins: second seat")."""
    if key.startswith("share_"):
        seat = labels.seat_words(game_id, int(key.removeprefix("share_")), lang)
        return msg("lab.measure.seat", seat=seat).text(lang)
    if key.startswith("agent."):
        return msg("lab.measure.agent", agent=key.removeprefix("agent.")).text(lang)
    if key.startswith("end."):
        reason = key.removeprefix("end.")
        return msg("lab.measure.end", label=end_label(reason, lang)).text(lang)
    if key.startswith("stat."):
        return labels.count_label(game_id, key.removeprefix("stat."), lang)
    if key.startswith("fig."):
        return labels.figure_label(game_id, key.removeprefix("fig."), lang)
    if key in MEASURES:
        return msg(f"lab.measure.{key}").text(lang)
    return key
