"""Texts of the terminal and the ``ludoteca`` command, in Spanish and English.

Importing this module registers them in the engine's catalogue (``engine.i18n``).
"""

from __future__ import annotations

from ludoteca.engine.i18n import register

register(
    {
        # Seats and generic play.
        "term.seat": {"es": "Asiento {seat}", "en": "Seat {seat}"},
        "term.chance": {"es": "Azar", "en": "Chance"},
        "term.you": {"es": "tú", "en": "you"},
        "term.you_are": {"es": "Juegas como {seat}.", "en": "You play as {seat}."},
        "term.seed": {
            "es": "Semilla {seed} (para repetir esta partida: --seed {seed})",
            "en": "Seed {seed} (to play this game again: --seed {seed})",
        },
        "term.moves_title": {"es": "Tus jugadas", "en": "Your moves"},
        "term.more_moves": {
            "es": "… y {count} jugadas más: escríbelas en texto",
            "en": "… and {count} more moves: type them as text",
        },
        "term.prompt": {
            "es": "{seat}, tu jugada (número o texto; ? ayuda; q salir): ",
            "en": "{seat}, your move (number or text; ? help; q quit): ",
        },
        "term.help": {
            "es": "Escribe el número de una jugada o la jugada en texto ({examples}). "
            "'?' muestra otra vez la mesa y una pista (la primera vez, qué tipo de jugada; la "
            "segunda, la jugada) y 'q' abandona la partida.",
            "en": "Type a move's number or the move as text ({examples}). "
            "'?' shows the table again with a hint (the first time, the kind of move; the "
            "second, the move) and 'q' leaves the game.",
        },
        "term.only_move": {
            "es": "Jugada única: {move}. Pulsa una tecla para jugarla (q sale). ",
            "en": "Only one move: {move}. Press a key to play it (q quits). ",
        },
        "term.empty": {
            "es": "Escribe una jugada (o '?' para ver la ayuda)",
            "en": "Type a move (or '?' for help)",
        },
        "term.bad_choice": {
            "es": "{number} no es una de las opciones: elige un número del 1 al {high}",
            "en": "{number} is not one of the options: choose a number from 1 to {high}",
        },
        "term.no_numbers": {
            "es": "Aquí no hay jugadas numeradas: escribe la jugada en texto",
            "en": "There are no numbered moves here: type the move as text",
        },
        "term.illegal": {
            "es": "No puedes jugar '{action}'{rule}: {reason}",
            "en": "You cannot play '{action}'{rule}: {reason}",
        },
        "term.pass_device": {
            "es": "Pasa el dispositivo a {seat} y pulsa Intro (que nadie más mire). ",
            "en": "Pass the device to {seat} and press Enter (nobody else look). ",
        },
        "term.game_over": {"es": "Fin de la partida: {reason}.", "en": "Game over: {reason}."},
        "term.won": {"es": "¡Has ganado!", "en": "You won!"},
        "term.lost": {"es": "Has perdido.", "en": "You lost."},
        "term.drawn": {"es": "Empate.", "en": "A draw."},
        "term.winners": {"es": "Gana: {seats}.", "en": "Winner: {seats}."},
        "term.stopped": {
            "es": "La partida se detuvo tras {steps} pasos sin resultado.",
            "en": "The game stopped after {steps} steps without a result.",
        },
        "term.quit": {"es": "Partida abandonada.", "en": "Game abandoned."},
        "term.versus": {
            "es": "Juegas como {seat} contra el bot «{bot}».",
            "en": "You play as {seat} against the bot '{bot}'.",
        },
        "term.feed.title": {"es": "Desde tu última jugada:", "en": "Since your last move:"},
        "term.feed.continue": {
            "es": "Pulsa una tecla para seguir (q sale). ",
            "en": "Press a key to go on (q quits). ",
        },
        "term.no_game": {
            "es": "No se ha empezado ninguna partida.",
            "en": "No game was started.",
        },
        "term.saved_partial": {
            "es": "Lo jugado hasta ahora ({steps} pasos) está guardado en {path}.",
            "en": "The game so far ({steps} steps) is saved to {path}.",
        },
        "term.saved": {"es": "Partida guardada en {path}.", "en": "Game saved to {path}."},
        # Generic view.
        "term.generic_title": {"es": "{game} · fase {phase}", "en": "{game} · phase {phase}"},
        "term.hand_of": {"es": "Mano de {seat}", "en": "{seat}'s hand"},
        # Replay.
        "replay.title": {
            "es": "Partida {number} de {path}: {game}, semilla {seed}, asientos {seats}",
            "en": "Game {number} of {path}: {game}, seed {seed}, seats {seats}",
        },
        "replay.step": {"es": "Jugada {index}/{total}", "en": "Move {index}/{total}"},
        "replay.round": {"es": "ronda {round}", "en": "round {round}"},
        "replay.start": {"es": "Situación inicial", "en": "Initial position"},
        "replay.action": {"es": "{who}: {action}", "en": "{who}: {action}"},
        "replay.hidden": {
            "es": "{who} actuó (lo que no ves queda oculto)",
            "en": "{who} acted (what you cannot see stays hidden)",
        },
        "replay.as_seat": {
            "es": "Vista de {seat}: solo lo que ese asiento veía",
            "en": "As seen by {seat}: only what that seat could see",
        },
        "replay.prompt": {
            "es": "Intro = siguiente, b = atrás, r = siguiente ronda, r N = ronda N, q = salir, "
            "número = ir a esa jugada (0-{last}): ",
            "en": "Enter = next, b = back, r = next round, r N = round N, q = quit, a number = "
            "go to that move (0-{last}): ",
        },
        "replay.bad_input": {
            "es": "No entiendo '{text}': usa Intro, b, r, r N, q o una jugada del 0 al {last}",
            "en": "Cannot read '{text}': use Enter, b, r, r N, q or a move from 0 to {last}",
        },
        "replay.at_end": {"es": "Es la última jugada.", "en": "This is the last move."},
        "replay.at_start": {"es": "Es la primera jugada.", "en": "This is the first move."},
        "replay.no_round": {
            "es": "No hay ronda {round}: la partida tiene {count}.",
            "en": "There is no round {round}: the game has {count}.",
        },
        "replay.no_game": {
            "es": "{path} no contiene la partida {number}: tiene {count} (se numeran desde 1)",
            "en": "{path} has no game {number}: it holds {count} (numbered from 1)",
        },
        "replay.malformed": {
            "es": "la partida {number} está mal formada ({detail})",
            "en": "game {number} is malformed ({detail})",
        },
        "replay.unfinished": {"es": "partida sin terminar", "en": "unfinished game"},
        # Command line.
        "cli.bad_lang": {
            "es": "Idioma desconocido '{lang}'. Idiomas válidos: es, en",
            "en": "Unknown language '{lang}'. Valid languages: es, en",
        },
        "cli.bad_seat": {
            "es": "El asiento {seat} no existe: {game} con {n} jugadores tiene los asientos 0 a "
            "{last}",
            "en": "There is no seat {seat}: {game} with {n} players has seats 0 to {last}",
        },
        "cli.realtime_hot_seat": {
            "es": "{game} es en tiempo real: no se puede jugar pasando el dispositivo; "
            "juega contra bots (--vs greedy)",
            "en": "{game} is realtime: it cannot be played hot-seat; play against bots "
            "(--vs greedy)",
        },
        "cli.unknown_opponent": {
            "es": "No hay un rival '{name}' para {game}. Rivales válidos: {valid}",
            "en": "There is no opponent '{name}' for {game}. Valid opponents: {valid}",
        },
        "cli.cannot_read": {
            "es": "No se puede leer {path}: {reason}",
            "en": "Cannot read {path}: {reason}",
        },
        "cli.cannot_write": {
            "es": "No se puede escribir {path}: {reason}",
            "en": "Cannot write {path}: {reason}",
        },
        "cli.no_such_option": {
            "es": "Opción desconocida {name}. Consulta 'ludoteca --help'",
            "en": "Unknown option {name}. See 'ludoteca --help'",
        },
        "cli.missing": {
            "es": "Falta {param}. Consulta 'ludoteca --help'",
            "en": "Missing {param}. See 'ludoteca --help'",
        },
        "cli.bad_value": {
            "es": "Valor no válido para {param}: {detail}",
            "en": "Invalid value for {param}: {detail}",
        },
        "cli.usage": {
            "es": "Orden no válida: {detail}. Consulta 'ludoteca --help'",
            "en": "Invalid command: {detail}. See 'ludoteca --help'",
        },
        "cli.col.id": {"es": "Id", "en": "Id"},
        "cli.col.name": {"es": "Nombre", "en": "Name"},
        "cli.col.players": {"es": "Jugadores", "en": "Players"},
        "cli.col.summary": {"es": "Resumen", "en": "Summary"},
        "cli.col.rule": {"es": "Regla", "en": "Rule"},
        "cli.col.text": {"es": "Texto", "en": "Text"},
        "cli.col.option": {"es": "Opción", "en": "Option"},
        "cli.col.default": {"es": "Por defecto", "en": "Default"},
        "cli.col.choices": {"es": "Valores", "en": "Values"},
        "cli.col.help": {"es": "Qué hace", "en": "What it does"},
        "cli.games_title": {"es": "Juegos de la Ludoteca", "en": "Ludoteca games"},
        "cli.rules_title": {"es": "Reglas: {name}", "en": "Rules: {name}"},
        "cli.options_title": {
            "es": "Opciones (--option NOMBRE=VALOR)",
            "en": "Options (--option NAME=VALUE)",
        },
        "cli.no_rules": {
            "es": "Este juego aún no tiene el texto de sus reglas.",
            "en": "This game has no rules text yet.",
        },
        "cli.no_options": {
            "es": "Este juego no tiene opciones.",
            "en": "This game has no options.",
        },
        "cli.any_value": {"es": "cualquiera ({kind})", "en": "any ({kind})"},
        "cli.sim.title": {
            "es": "{games} partidas de {game} · semillas {first}-{last} · asientos {rotation}",
            "en": "{games} games of {game} · seeds {first}-{last} · seats {rotation}",
        },
        "cli.sim.rotated": {"es": "rotados", "en": "rotated"},
        "cli.sim.fixed": {"es": "fijos", "en": "fixed"},
        "cli.sim.options": {"es": "Opciones: {options}", "en": "Options: {options}"},
        "cli.sim.progress": {"es": "Simulando", "en": "Simulating"},
        "cli.sim.by_seat": {"es": "Victorias por asiento", "en": "Wins by seat"},
        "cli.sim.by_agent": {"es": "Victorias por agente", "en": "Wins by agent"},
        "cli.sim.col.seat": {"es": "Asiento", "en": "Seat"},
        "cli.sim.col.agent": {"es": "Agente", "en": "Agent"},
        "cli.sim.col.games": {"es": "Partidas", "en": "Games"},
        "cli.sim.col.wins": {"es": "Victorias", "en": "Wins"},
        "cli.sim.col.rate": {"es": "% victorias", "en": "Win rate"},
        "cli.sim.col.ci": {"es": "IC 95 % (Wilson)", "en": "95% CI (Wilson)"},
        "cli.sim.draws": {"es": "Empates: {count}", "en": "Draws: {count}"},
        "cli.sim.unfinished": {
            "es": "Cortadas en el límite de pasos (sin ganador, no cuentan como victoria): {count}",
            "en": "Truncated at the step limit (no winner, not counted as a win): {count}",
        },
        "cli.sim.length": {
            "es": "Duración en pasos: media {mean} · mediana {median} · mín. {low} · máx. {high}",
            "en": "Length in steps: mean {mean} · median {median} · min {low} · max {high}",
        },
        "cli.sim.stat": {
            "es": "{label}: {total} ({mean} por partida)",
            "en": "{label}: {total} ({mean} per game)",
        },
        "cli.sim.stat_rate": {
            "es": "{label} / {of}: {rate} (IC 95 %: {ci})",
            "en": "{label} / {of}: {rate} (95% CI: {ci})",
        },
        "cli.sim.written": {
            "es": "{count} registros escritos en {path}",
            "en": "{count} records written to {path}",
        },
        "cli.sim.elapsed": {
            "es": "{games} partidas en {seconds} s con {workers} proceso(s)",
            "en": "{games} games in {seconds} s with {workers} process(es)",
        },
    }
)

register(
    {
        "cli.help.app": {
            "es": "Ludoteca: juegos de mesa en la terminal, contra bots y en simulación.",
            "en": "Ludoteca: tabletop games in the terminal, against bots and in simulation.",
        },
        "cli.help.lang": {
            "es": "Idioma: es o en (por defecto es si LANG empieza por es; si no, en).",
            "en": "Language: es or en (default: es if LANG starts with es, else en).",
        },
        "cli.help.games": {"es": "Lista los juegos disponibles.", "en": "List the games."},
        "cli.help.rules": {
            "es": "Cómo se juega: componentes, preparación, un turno, el final, cada regla con "
            "su id y las opciones.",
            "en": "How to play: components, setup, a turn, the end, every rule with its id and "
            "the options.",
        },
        "cli.meta.options": {"es": "[OPCIONES]", "en": "[OPTIONS]"},
        "cli.meta.command": {"es": "ORDEN [ARGUMENTOS]...", "en": "COMMAND [ARGS]..."},
        "cli.meta.game": {"es": "JUEGO", "en": "GAME"},
        "cli.meta.games": {"es": "JUEGOS", "en": "GAMES"},
        "cli.meta.agent": {"es": "AGENTE", "en": "AGENT"},
        "cli.meta.level": {"es": "NIVEL", "en": "LEVEL"},
        "cli.meta.agents": {"es": "AGENTES", "en": "AGENTS"},
        "cli.meta.file": {"es": "ARCHIVO", "en": "FILE"},
        "cli.meta.name_value": {"es": "NOMBRE=VALOR", "en": "NAME=VALUE"},
        "cli.meta.seconds": {"es": "SEGUNDOS", "en": "SECONDS"},
        "cli.help.agent_list": {
            "es": "Agentes de cada juego: {agents}.",
            "en": "Agents of each game: {agents}.",
        },
        "cli.help.game": {"es": "Id del juego (p. ej. tacocat).", "en": "Game id (e.g. tacocat)."},
        "cli.help.play_game": {
            "es": "Id del juego (p. ej. tacocat); sin él, se elige de una lista.",
            "en": "Game id (e.g. tacocat); without it, pick one from a list.",
        },
        "cli.help.play": {
            "es": "Juega en la terminal contra un bot, o por turnos en el mismo dispositivo.",
            "en": "Play in the terminal against a bot, or hot-seat on one device.",
        },
        "cli.help.level": {
            "es": "Nivel del bot: beginner (principiante), casual (aficionado), strong (fuerte) "
            "o strongest (el más fuerte), medidos por su puntuación (en lugar de --vs).",
            "en": "Bot level: beginner, casual, strong or strongest, backed by measured "
            "ratings (instead of --vs).",
        },
        "cli.help.hints": {
            "es": "Sin pistas: '?' solo muestra la ayuda.",
            "en": "No hints: '?' only shows the help.",
        },
        "cli.level_and_vs": {
            "es": "Usa --level o --vs, no los dos.",
            "en": "Use --level or --vs, not both.",
        },
        "cli.help.vs": {
            "es": "Rival: un agente (random, greedy…) o human para jugar por turnos "
            "(por defecto el más fuerte que tenga el juego: expert, si no greedy, si no random).",
            "en": "Opponent: an agent (random, greedy…) or human for hot-seat play "
            "(default: the strongest the game has: expert, else greedy, else random).",
        },
        "cli.help.seat": {
            "es": "Tu asiento (0 = primero). En tacocat 0 es YAY y 1 es WOW.",
            "en": "Your seat (0 = first). In tacocat 0 is YAY and 1 is WOW.",
        },
        "cli.help.seed": {
            "es": "Semilla de la partida (por defecto, una al azar).",
            "en": "The game's seed (default: a random one).",
        },
        "cli.help.speed": {
            "es": "Solo en juegos en tiempo real (gotcha): segundos de juego por segundo real "
            "(por defecto 1; 0: los demás juegan sin esperar y solo se te pregunta cuando "
            "nadie más puede actuar).",
            "en": "Realtime games only (gotcha): game seconds per real second (default 1; 0: "
            "the others play without waiting and you are asked only when nobody else can "
            "act).",
        },
        "cli.bad_speed": {
            "es": "--speed debe ser un número mayor o igual que 0, no {value}",
            "en": "--speed must be a number of at least 0, not {value}",
        },
        "cli.help.players": {
            "es": "Número de jugadores (por defecto, el mínimo del juego).",
            "en": "Number of players (default: the game's minimum).",
        },
        "cli.help.option": {
            "es": "Opción del juego NOMBRE=VALOR (repetible; ver 'ludoteca rules JUEGO').",
            "en": "Game option NAME=VALUE (repeatable; see 'ludoteca rules GAME').",
        },
        "cli.help.save": {
            "es": "Guarda el registro de la partida en este archivo (una línea JSON).",
            "en": "Save the game record to this file (one JSON line).",
        },
        "cli.help.simulate": {
            "es": "Juega muchas partidas con semilla entre agentes y resume los resultados.",
            "en": "Play many seeded games between agents and summarize the results.",
        },
        "cli.help.sim_games": {
            "es": "Número de partidas (al menos 1).",
            "en": "Number of games (at least 1).",
        },
        "cli.help.agents": {
            "es": "Agentes separados por comas, uno por asiento (por defecto, random en todos).",
            "en": "Comma-separated agents, one per seat (default: random in every seat).",
        },
        "cli.help.max_steps": {
            "es": "Corta cada partida tras estos pasos (0: el límite del juego); las cortadas "
            "se cuentan aparte, nunca como victoria.",
            "en": "Cut each game after this many steps (0: the game's own bound); cut games "
            "are counted apart, never as a win.",
        },
        "cli.help.sim_seed": {
            "es": "Semilla de la partida 0; la partida i usa semilla + i.",
            "en": "Seed of game 0; game i uses seed + i.",
        },
        "cli.help.out": {
            "es": "Escribe un registro por partida (JSON por líneas, en orden).",
            "en": "Write one record per game (JSON lines, in game order).",
        },
        "cli.help.workers": {
            "es": "Procesos en paralelo (al menos 1); el resultado no depende de este número.",
            "en": "Parallel processes (at least 1); the result does not depend on it.",
        },
        "cli.help.fixed_seats": {
            "es": "No rotar los agentes: el agente i juega siempre en el asiento i.",
            "en": "Do not rotate agents: agent i always plays seat i.",
        },
        "cli.help.replay": {
            "es": "Revive paso a paso una partida grabada.",
            "en": "Step through a recorded game.",
        },
        "cli.help.file": {
            "es": "Archivo de registros (JSON por líneas).",
            "en": "Record file (JSON lines).",
        },
        "cli.help.game_number": {
            "es": "Qué partida del archivo, contando desde 1 (la primera línea es la 1).",
            "en": "Which game of the file, counting from 1 (the first line is 1).",
        },
        "cli.help.replay_seat": {
            "es": "Muestra la partida como la veía este asiento (por defecto, toda la mesa).",
            "en": "Show the game as this seat saw it (default: the whole table).",
        },
        "cli.help.to_end": {
            "es": "Imprime todos los pasos sin preguntar (para tuberías y pruebas).",
            "en": "Print every step without asking (for pipes and tests).",
        },
        "cli.help.bench": {
            "es": "Mide la velocidad del motor (pasos por segundo). La carga de la mesa web: "
            "ludoteca bench web --help.",
            "en": "Measure engine speed (steps per second). Load on the web table: "
            "ludoteca bench web --help.",
        },
        "cli.help.bench_games": {
            "es": "Ids de juegos separados por comas (por defecto, todos).",
            "en": "Comma-separated game ids (default: all).",
        },
        "cli.help.seconds": {
            "es": "Segundos de medida por prueba.",
            "en": "Seconds measured per benchmark.",
        },
        "cli.help.openspiel": {
            "es": "Compara también con OpenSpiel (si está instalado).",
            "en": "Also compare with OpenSpiel (if installed).",
        },
        "cli.help.json": {
            "es": "Guarda los resultados en este archivo JSON.",
            "en": "Save the results to this JSON file.",
        },
    }
)
