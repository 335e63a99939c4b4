"""What people read about their profile, sign-in and games, in Spanish and English."""

from __future__ import annotations

from ludoteca.engine.i18n import register

register(
    {
        "web.people.bad_name": {
            "es": "Escribe un nombre de 1 a {max} caracteres, sin saltos de línea",
            "en": "Write a name of 1 to {max} characters, without line breaks",
        },
        "web.people.bad_lang": {
            "es": "El idioma debe ser es o en",
            "en": "The language must be es or en",
        },
        "web.people.bad_colour": {
            "es": "El color debe escribirse como #rrggbb",
            "en": "The colour must be written as #rrggbb",
        },
        "web.people.bad_email": {
            "es": "Esa dirección de correo no parece válida",
            "en": "That e-mail address does not look valid",
        },
        "web.people.bad_ratings": {
            "es": "La puntuación se activa con true o se desactiva con false",
            "en": "Ratings are turned on with true or off with false",
        },
        "web.people.no_profile": {
            "es": "Este navegador no tiene perfil: crea uno o entra con tu llave de acceso",
            "en": "This browser has no profile: make one or sign in with your passkey",
        },
        "web.people.has_profile": {
            "es": "Este navegador ya tiene un perfil",
            "en": "This browser already has a profile",
        },
        "web.people.bad_seat": {
            "es": "Ese asiento no es tuyo: su código no coincide",
            "en": "That seat is not yours: its code does not match",
        },
        "web.people.rate_sign_in": {
            "es": "Demasiados intentos de entrar desde esta dirección; espera un poco",
            "en": "Too many sign-in attempts from this address; wait a little",
        },
        "web.people.no_mail": {
            "es": "Este servidor no envía correos: entra con una llave de acceso",
            "en": "This server sends no e-mail: sign in with a passkey",
        },
        "web.people.mail_failed": {
            "es": "No se pudo enviar el correo; inténtalo más tarde",
            "en": "The e-mail could not be sent; try again later",
        },
        "web.people.bad_link": {
            "es": "Este enlace no sirve: ya se usó o caducó. Pide otro",
            "en": "This link does not work: it was used or it expired. Ask for another",
        },
        "web.people.bad_passkey": {
            "es": "La llave de acceso no se pudo comprobar: {detail}",
            "en": "The passkey could not be verified: {detail}",
        },
        "web.people.no_passkey": {
            "es": "Esa llave de acceso no pertenece a ningún perfil de este servidor",
            "en": "That passkey belongs to no profile on this server",
        },
        "web.people.mail_subject": {
            "es": "Entrar en Ludoteca",
            "en": "Sign in to Ludoteca",
        },
        "web.people.mail_body": {
            "es": (
                "Hola, {name}:\n\nAbre este enlace para entrar en Ludoteca en este"
                " dispositivo. Sirve una sola vez y caduca en {minutes} minutos.\n\n{link}\n\n"
                "Si no lo pediste, no hagas nada."
            ),
            "en": (
                "Hello {name},\n\nOpen this link to sign in to Ludoteca on this device. It"
                " works once and expires in {minutes} minutes.\n\n{link}\n\n"
                "If you did not ask for it, do nothing."
            ),
        },
        "web.people.bad_public_url": {
            "es": "Valor no válido para --public-url: debe ser https://servidor[:puerto]",
            "en": "Bad value for --public-url: it must be https://host[:port]",
        },
        "web.people.bad_smtp": {
            "es": "Valor no válido para --smtp: debe ser smtp://[usuario:clave@]servidor[:puerto]"
            "[?from=dirección&security=starttls|tls|none] o smtps://...",
            "en": "Bad value for --smtp: it must be smtp://[user:password@]host[:port]"
            "[?from=address&security=starttls|tls|none] or smtps://...",
        },
        "cli.meta.person": {"es": "NOMBRE", "en": "NAME"},
        "cli.help.people": {
            "es": "La gente del servidor: sus partidas, leídas del almacén.",
            "en": "The server's people: their games, read from the store.",
        },
        "cli.help.people_games": {
            "es": "Las partidas de quien tenga ese nombre, las más urgentes primero.",
            "en": "The games of whoever has that name, most urgent first.",
        },
        "cli.help.people_name": {
            "es": "El nombre del perfil (sin distinguir mayúsculas ni espacios).",
            "en": "The profile's name (case and spaces do not matter).",
        },
        "cli.help.people_db": {
            "es": "El almacén del servidor (archivo SQLite o URL de PostgreSQL); por defecto"
            " LUDOTECA_DB o ludoteca.sqlite3.",
            "en": "The server's store (a SQLite file or a PostgreSQL URL); default"
            " LUDOTECA_DB or ludoteca.sqlite3.",
        },
        "cli.people.no_file": {"es": "no existe ese archivo", "en": "no such file"},
        "cli.people.nobody": {
            "es": "Nadie se llama «{name}» en este servidor",
            "en": "Nobody is called '{name}' on this server",
        },
        "cli.people.heading": {
            "es": "{name}: {n} partidas",
            "en": "{name}: {n} games",
        },
        "cli.people.bot": {"es": "el bot {name}", "en": "{name} (bot)"},
        "cli.people.against": {"es": "contra {names}", "en": "against {names}"},
        "cli.people.to_move": {"es": "le toca a {names}", "en": "{names} to move"},
        "cli.people.left": {"es": "quedan {minutes} min", "en": "{minutes} min left"},
        "cli.people.record": {"es": "partida {n}: {result}", "en": "game {n}: {result}"},
        "cli.people.result.won": {"es": "ganó", "en": "won"},
        "cli.people.result.lost": {"es": "perdió", "en": "lost"},
        "cli.people.result.draw": {"es": "empate", "en": "draw"},
        "cli.people.phase.your_move": {"es": "Le toca", "en": "Their move"},
        "cli.people.phase.waiting": {"es": "Esperando", "en": "Waiting"},
        "cli.people.phase.lobby": {"es": "Por empezar", "en": "Not started"},
        "cli.people.phase.finished": {"es": "Terminada", "en": "Finished"},
        "cli.help.public_url": {
            "es": "La dirección que abre la gente (https://servidor[:puerto]): las llaves de"
            " acceso se atan a su nombre y los enlaces por correo la usan; por defecto, la de"
            " cada petición.",
            "en": "The address people open (https://host[:port]): passkeys are bound to its"
            " name and e-mailed links use it; default: each request's own.",
        },
        "cli.help.smtp": {
            "es": "Servidor de correo para los enlaces de entrada, como URL:"
            " smtp://usuario:clave@servidor:587?from=dirección (STARTTLS), smtps://... (TLS)"
            " o smtp://servidor:25?security=none; sin él no se envían enlaces.",
            "en": "Mail server for sign-in links, as a URL:"
            " smtp://user:password@host:587?from=address (STARTTLS), smtps://... (TLS)"
            " or smtp://host:25?security=none; without it no link is sent.",
        },
        "web.people.mail_sent": {
            "es": "Si hay un perfil con esa dirección, le hemos enviado un enlace para entrar",
            "en": "If a profile has that address, we sent it a link to sign in",
        },
    }
)
