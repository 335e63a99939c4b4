"""Texts of the ``ludoteca`` command line (its help, its tables, its errors), in Spanish and
English.

Importing this module registers them in the engine's catalogue (``engine.i18n``); the lab's
commands' own texts are in ``lab.messages``, ``serve``'s in the web's messages.
"""

from __future__ import annotations

from ludoteca.engine.i18n import register

register(
    {
        "cli.bad_lang": {
            "es": "Idioma desconocido '{lang}'. Idiomas válidos: es, en",
            "en": "Unknown language '{lang}'. Valid languages: es, en",
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
        "cli.expect_int": {"es": "un número entero", "en": "a whole number"},
        "cli.expect_number": {"es": "un número", "en": "a number"},
        "cli.expect_bool": {
            "es": "1/0, true/false u on/off",
            "en": "1/0, true/false or on/off",
        },
        "cli.expect_text": {"es": "un texto", "en": "a text"},
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
        "cli.no_rules": {
            "es": "Este juego aún no tiene el texto de sus reglas.",
            "en": "This game has no rules text yet.",
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
        "cli.meta.optional_command": {
            "es": "[ORDEN [ARGUMENTOS]...]",
            "en": "[COMMAND [ARGS]...]",
        },
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
        "cli.help.learn": {
            "es": "Aprende un juego jugando: una lección corta y luego una partida contra un "
            "bot tranquilo.",
            "en": "Learn a game by playing: a short lesson, then a game against a gentle bot.",
        },
        "cli.help.restart": {
            "es": "Empieza la lección desde el principio.",
            "en": "Start the lesson from the beginning.",
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
        "cli.help.players": {
            "es": "Número de jugadores (por defecto, el mínimo del juego).",
            "en": "Number of players (default: the game's minimum).",
        },
        "cli.help.option": {
            "es": "Opción del juego NOMBRE=VALOR (repetible; ver 'ludoteca rules JUEGO').",
            "en": "Game option NAME=VALUE (repeatable; see 'ludoteca rules GAME').",
        },
        "cli.help.save": {
            "es": "Guarda el registro de la partida en este archivo (una línea JSON); por "
            "defecto, en ~/.local/share/ludoteca/games/ (ver 'ludoteca replay').",
            "en": "Save the game record to this file (one JSON line); by default it goes to "
            "~/.local/share/ludoteca/games/ (see 'ludoteca replay').",
        },
        "cli.help.no_save": {
            "es": "No guardar la partida en ningún sitio.",
            "en": "Do not save the game anywhere.",
        },
        "cli.help.plain": {
            "es": "Línea a línea en vez de pantalla completa (lectores de pantalla, tuberías).",
            "en": "Line by line instead of full screen (screen readers, pipes).",
        },
        "cli.help.simulate": {
            "es": "Juega muchas partidas con semilla entre agentes y resume los resultados.",
            "en": "Play many seeded games between agents and summarize the results.",
        },
        "cli.help.sim_games": {
            "es": "Número de partidas (al menos 1).",
            "en": "Number of games (at least 1).",
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
        "cli.help.fixed_seats": {
            "es": "No rotar los agentes: el agente i juega siempre en el asiento i.",
            "en": "Do not rotate agents: agent i always plays seat i.",
        },
        "cli.help.replay": {
            "es": "Revive paso a paso una partida grabada; sin archivo, lista las guardadas.",
            "en": "Step through a recorded game; without a file, list the saved ones.",
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
        "cli.help.bench_web": {
            "es": "Carga de la mesa web (sus opciones: ludoteca bench web --help).",
            "en": "Load on the web table (its options: ludoteca bench web --help).",
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
