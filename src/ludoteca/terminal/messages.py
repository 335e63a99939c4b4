"""Texts of the terminal (playing, the table, replaying), in Spanish and English.

Importing this module registers them in the engine's catalogue (``engine.i18n``); the
command line's own texts (its help, its tables, its syntax errors) are ``cli.messages``.
"""

from __future__ import annotations

from ludoteca.engine.i18n import register

register(
    {
        # Seats and generic play.
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
        "term.hint_number": {
            "es": "{move} (número {number} de la lista)",
            "en": "{move} (number {number} in the list)",
        },
        "term.hint_typed": {
            "es": "{move} (se escribe '{typed}')",
            "en": "{move} (typed '{typed}')",
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
            "es": "No puedes hacer esto: {action}{rule}: {reason}",
            "en": "You cannot do this: {action}{rule}: {reason}",
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
            "es": "Partida {number} de {path}: {game}, semilla {seed}; jugadores: {seats}",
            "en": "Game {number} of {path}: {game}, seed {seed}; players: {seats}",
        },
        "replay.step": {"es": "Jugada {index}/{total}", "en": "Move {index}/{total}"},
        "replay.round": {"es": "ronda {round}", "en": "round {round}"},
        "replay.start": {"es": "Situación inicial", "en": "Initial position"},
        "replay.action": {"es": "{who}: {action}", "en": "{who}: {action}"},
        "replay.hidden": {
            "es": "{who} actuó (lo que no ves queda oculto)",
            "en": "{who} acted (what you cannot see stays hidden)",
        },
        "replay.person": {"es": "persona", "en": "person"},
        "replay.as_seat": {
            "es": "Vista de {seat}: solo lo que veía",
            "en": "As seen by {seat}: only what they could see",
        },
        "replay.prompt": {
            "es": "Intro = siguiente, b = atrás, r = siguiente ronda, r N = ronda N, q = salir, "
            "número = ir a esa jugada (0-{last}): ",
            "en": "Enter = next, b = back, r = next round, r N = round N, q = quit, a number = "
            "go to that move (0-{last}): ",
        },
        "replay.prompt_no_rounds": {
            "es": "Intro = siguiente, b = atrás, q = salir, número = ir a esa jugada (0-{last}): ",
            "en": "Enter = next, b = back, q = quit, a number = go to that move (0-{last}): ",
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
        "replay.none_saved": {
            "es": "No hay partidas guardadas en {folder}.",
            "en": "There are no saved games in {folder}.",
        },
        "replay.saved_title": {
            "es": "Partidas guardadas en {folder}",
            "en": "Games saved in {folder}",
        },
        "replay.col.number": {"es": "N.º", "en": "No."},
        "replay.col.game": {"es": "Juego", "en": "Game"},
        "replay.col.seats": {"es": "Asientos", "en": "Seats"},
        "replay.col.steps": {"es": "Pasos", "en": "Steps"},
        "replay.col.file": {"es": "Archivo", "en": "File"},
        "replay.unfinished_short": {"es": "(sin terminar)", "en": "(unfinished)"},
        "replay.saved_hint": {
            "es": "Para verla: ludoteca replay N (el número de la lista) o "
            "ludoteca replay ARCHIVO.",
            "en": "To watch one: ludoteca replay N (its number in the list) or "
            "ludoteca replay FILE.",
        },
        "replay.unfinished": {"es": "partida sin terminar", "en": "unfinished game"},
        # What ``ludoteca play`` and ``replay`` refuse (``terminal.play``, ``terminal.replay``).
        "term.bad_seat": {
            "es": "El asiento {number} no existe: {game} con {n} jugadores tiene los asientos 0 a "
            "{last}",
            "en": "There is no seat {number}: {game} with {n} players has seats 0 to {last}",
        },
        "term.realtime_hot_seat": {
            "es": "{game} es en tiempo real: no se puede jugar pasando el dispositivo; "
            "juega contra bots (--vs greedy)",
            "en": "{game} is realtime: it cannot be played hot-seat; play against bots "
            "(--vs greedy)",
        },
        "term.unknown_opponent": {
            "es": "No hay un rival '{name}' para {game}. Rivales válidos: {valid}",
            "en": "There is no opponent '{name}' for {game}. Valid opponents: {valid}",
        },
        "term.cannot_read": {
            "es": "No se puede leer {path}: {reason}",
            "en": "Cannot read {path}: {reason}",
        },
        "term.cannot_write": {
            "es": "No se puede escribir {path}: {reason}",
            "en": "Cannot write {path}: {reason}",
        },
        "term.level_and_vs": {
            "es": "Usa --level o --vs, no los dos.",
            "en": "Use --level or --vs, not both.",
        },
        "term.save_and_no_save": {
            "es": "Usa --save o --no-save, no los dos.",
            "en": "Use --save or --no-save, not both.",
        },
        "term.bad_speed": {
            "es": "--speed debe ser un número mayor o igual que 0, no {value}",
            "en": "--speed must be a number of at least 0, not {value}",
        },
    }
)
