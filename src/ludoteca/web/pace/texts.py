"""Every text about a room's pace and its notices, in Spanish and English (``web.pace.*``,
``web.push.*``). Importing this module registers them; it imports only the engine's
catalogue.
"""

from __future__ import annotations

from ludoteca.engine.i18n import register

register(
    {
        "web.pace.bad": {
            "es": "El ritmo debe ser un objeto con mode, hours, policy y vacation_days",
            "en": "The pace must be an object with mode, hours, policy and vacation_days",
        },
        "web.pace.bad_mode": {
            "es": "Ritmo desconocido «{mode}»: elige en vivo (live) o por correspondencia "
            "(correspondence)",
            "en": "Unknown pace «{mode}»: choose live or correspondence",
        },
        "web.pace.bad_hours": {
            "es": "El tiempo por jugada debe ser un número entero de horas entre {min} y {max}",
            "en": "The time per move must be a whole number of hours from {min} to {max}",
        },
        "web.pace.bad_policy": {
            "es": "«{policy}» no es una regla de plazo de {game}: ofrece {offered}",
            "en": "«{policy}» is not a deadline rule of {game}: it offers {offered}",
        },
        "web.pace.no_skip": {
            "es": "{game} no permite pasar turno: al vencer el plazo ofrece {offered}",
            "en": "{game} has no way to pass a turn: at the deadline it offers {offered}",
        },
        "web.pace.realtime": {
            "es": "{game} se juega en vivo (en tiempo real): no puede ser por correspondencia",
            "en": "{game} is played live (in real time): it cannot be played by correspondence",
        },
        "web.pace.bad_vacation": {
            "es": "Los días de vacaciones deben ser un número entero entre 0 y {max}",
            "en": "Vacation days must be a whole number from 0 to {max}",
        },
        "web.pace.turn_timer": {
            "es": "Una sala por correspondencia no lleva temporizador de turno: su plazo es "
            "el tiempo por jugada",
            "en": "A correspondence room has no turn timer: its deadline is the time per move",
        },
        "web.pace.policy.bot": {"es": "juega un bot", "en": "a bot moves"},
        "web.pace.policy.skip": {"es": "se pasa el turno", "en": "the turn is skipped"},
        "web.pace.policy.lose": {"es": "se pierde la partida", "en": "the game is lost"},
        "web.pace.live_room": {
            "es": "Esta sala se juega en vivo: aquí no hay vacaciones ni avisos",
            "en": "This room is played live: no vacations or nudges here",
        },
        "web.pace.no_game": {
            "es": "No hay ninguna partida en juego",
            "en": "No game is being played",
        },
        "web.pace.no_vacation_left": {
            "es": "Te quedan {left} días de vacaciones en esta partida; pediste {asked}",
            "en": "You have {left} vacation days left in this game; you asked for {asked}",
        },
        "web.pace.bad_days": {
            "es": "Los días deben ser un número entero entre 1 y {max}",
            "en": "Days must be a whole number from 1 to {max}",
        },
        "web.pace.nudge_self": {
            "es": "Es tu jugada: no hay a quién avisar",
            "en": "It is your move: there is nobody to nudge",
        },
        "web.pace.nudge_nobody": {
            "es": "Nadie más tiene jugada pendiente",
            "en": "Nobody else has a move to make",
        },
        "web.pace.nudge_wait": {
            "es": "Ya avisaste hoy; podrás volver a avisar en {hours} h",
            "en": "You already nudged today; you can nudge again in {hours} h",
        },
        "web.pace.nudged": {
            "es": "Aviso enviado a {seats}",
            "en": "Nudge sent to {seats}",
        },
        "web.pace.lost_on_time": {
            "es": "a {seat} se le acabó el tiempo",
            "en": "{seat} ran out of time",
        },
        "web.pace.day": {"es": "1 día y {h} h", "en": "1 day {h} h"},
        "web.pace.days": {"es": "{n} días y {h} h", "en": "{n} days {h} h"},
        "web.pace.hours": {"es": "{h} h y {m} min", "en": "{h} h {m} min"},
        "web.push.move.title": {
            "es": "Te toca en {game}",
            "en": "Your move in {game}",
        },
        "web.push.move.body": {
            "es": "{name}: tienes {left} para jugar",
            "en": "{name}: you have {left} to move",
        },
        "web.push.alarm.title": {
            "es": "Se acaba el tiempo en {game}",
            "en": "Time is running out in {game}",
        },
        "web.push.alarm.body": {
            "es": "{name}: quedan {left}; después {policy}",
            "en": "{name}: {left} left; then {policy}",
        },
        "web.push.end.title": {
            "es": "Partida terminada: {game}",
            "en": "Game over: {game}",
        },
        "web.push.nudge.title": {
            "es": "{from_name} te avisa",
            "en": "{from_name} nudges you",
        },
        "web.push.nudge.body": {
            "es": "{name}: es tu jugada en {game}",
            "en": "{name}: it is your move in {game}",
        },
        "web.push.invite.title": {
            "es": "Te invitan a {game}",
            "en": "You are invited to {game}",
        },
        "web.push.mail.digest": {
            "es": "Partidas en las que te toca, la más urgente primero:",
            "en": "Games where it is your move, the most urgent first:",
        },
        "web.push.mail.line": {
            "es": "- {game}: quedan {left} — {url}",
            "en": "- {game}: {left} left — {url}",
        },
        "web.push.off": {
            "es": "Este servidor no envía notificaciones",
            "en": "This server sends no notifications",
        },
        "web.testclock.bad": {
            "es": "advance_ms debe ser un número entero de milisegundos entre 0 y {max}",
            "en": "advance_ms must be a whole number of milliseconds from 0 to {max}",
        },
    }
)
