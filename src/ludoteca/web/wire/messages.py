"""Every text the web server sends people, in Spanish and English (``web.*`` keys).

Importing this module registers the texts; it imports nothing but the engine's catalogue,
so the command line can load it for its help texts without loading the server.
"""

from __future__ import annotations

from ludoteca.engine.i18n import register

register(
    {
        "web.push.bad_subscription": {
            "es": "Suscripción no válida: hace falta endpoint (https) y keys con p256dh y auth",
            "en": "Invalid subscription: it needs an endpoint (https) and keys with p256dh and "
            "auth",
        },
        "web.error.cross_site": {
            "es": "Petición de otro sitio rechazada: crea la sala desde esta misma página",
            "en": "Cross-site request refused: create the room from this very page",
        },
        "web.error.not_json_type": {
            "es": "El cuerpo debe enviarse como application/json",
            "en": "The body must be sent as application/json",
        },
        "web.error.body_size": {
            "es": "Cuerpo demasiado grande (como mucho {limit} bytes)",
            "en": "Body too large (at most {limit} bytes)",
        },
        "web.error.rate_rooms": {
            "es": "Demasiadas salas creadas desde esta dirección; espera un poco",
            "en": "Too many rooms created from this address; wait a little",
        },
        "web.error.rate_chat": {
            "es": "Demasiados mensajes de chat seguidos; espera un poco",
            "en": "Too many chat messages in a row; wait a little",
        },
        "web.error.bad_json": {
            "es": "El mensaje no es JSON válido: {detail}",
            "en": "The message is not valid JSON: {detail}",
        },
        "web.error.not_object": {
            "es": "Cada mensaje debe ser un objeto JSON con un campo 'type'",
            "en": "Each message must be a JSON object with a 'type' field",
        },
        "web.error.bad_field": {
            "es": "Falta el campo '{field}' o no es del tipo esperado ({kind})",
            "en": "The field '{field}' is missing or not of the expected type ({kind})",
        },
        "web.error.unknown_type": {
            "es": "Tipo de mensaje desconocido '{type}'",
            "en": "Unknown message type '{type}'",
        },
        "web.error.too_large": {
            "es": "Mensaje demasiado grande ({size} bytes; como mucho {limit})",
            "en": "Message too large ({size} bytes; at most {limit})",
        },
        "web.error.binary": {
            "es": "Solo se aceptan mensajes de texto JSON",
            "en": "Only JSON text messages are accepted",
        },
        "web.error.no_hello": {
            "es": "Envía primero 'hello'",
            "en": "Send 'hello' first",
        },
        "web.error.again_hello": {
            "es": "Ya has enviado 'hello' en esta conexión",
            "en": "This connection has already sent 'hello'",
        },
        "web.error.bad_token": {
            "es": "Esa credencial de asiento no vale en esta sala (caducada, abandonada o de"
            " otra sala); entras como espectador",
            "en": "That seat token is not valid in this room (expired, given up or from"
            " another room); you are watching",
        },
        "web.error.not_your_seat": {
            "es": "Solo puedes jugar por tu propio asiento",
            "en": "You may act only for your own seat",
        },
        "web.error.seat_taken": {
            "es": "Ese asiento ya es de {seat}",
            "en": "That seat is already {seat}'s",
        },
        "web.error.seat_connected": {
            "es": "{seat} sigue conectado a su asiento",
            "en": "{seat} is still connected to that seat",
        },
        "web.error.not_bot": {
            "es": "Ese asiento no lo ocupa un bot",
            "en": "That seat is not held by a bot",
        },
        "web.error.already_bot": {
            "es": "Ese asiento ya lo juega un bot ({seat})",
            "en": "That seat is already played by a bot ({seat})",
        },
        "web.error.no_seat": {
            "es": "No hay ese asiento en esta sala",
            "en": "There is no such seat in this room",
        },
        "web.error.hint_not_your_turn": {
            "es": "Solo hay pista cuando te toca jugar.",
            "en": "A hint is only given when it is your move.",
        },
        "web.error.not_seated": {
            "es": "Primero siéntate en un asiento",
            "en": "Take a seat first",
        },
        "web.error.already_seated": {
            "es": "Ya ocupas el asiento {seat}; déjalo antes de sentarte en otro",
            "en": "You already hold seat {seat}; leave it before taking another",
        },
        "web.error.not_started": {
            "es": "La partida aún no ha empezado",
            "en": "The game has not started yet",
        },
        "web.error.already_started": {
            "es": "La partida ya ha empezado",
            "en": "The game has already started",
        },
        "web.error.not_ready": {
            "es": "Antes de empezar, cada asiento debe tener una persona o un bot",
            "en": "Every seat needs a person or a bot before the game can start",
        },
        "web.error.game_over": {
            "es": "La partida ha terminado",
            "en": "The game is over",
        },
        "web.error.stale": {
            "es": "La partida ha avanzado (jugaste sobre la versión {got}; ahora es la {now});"
            " vuelve a mirar",
            "en": "The game has moved on (you acted on version {got}; it is now {now}); look again",
        },
        "web.error.illegal": {
            "es": "No se puede: {reason}",
            "en": "Not allowed: {reason}",
        },
        "web.error.not_finished": {
            "es": "No hay una partida terminada n.º {game} que repetir",
            "en": "There is no finished game #{game} to replay",
        },
        "web.error.nothing_finished": {
            "es": "Esta sala aún no tiene ninguna partida terminada",
            "en": "This room has no finished game yet",
        },
        "web.error.bad_step": {
            "es": "El paso {step} está fuera de 0..{total}",
            "en": "Step {step} is outside 0..{total}",
        },
        "web.error.bad_name": {
            "es": "El nombre debe tener de 1 a {max} caracteres",
            "en": "A name has 1 to {max} characters",
        },
        "web.error.bad_age": {
            "es": "La edad debe ser un número de 1 a 129",
            "en": "The age must be a number from 1 to 129",
        },
        "web.error.bad_trait": {
            "es": "Rasgo desconocido '{trait}'. Rasgos válidos: {valid}",
            "en": "Unknown trait '{trait}'. Valid traits: {valid}",
        },
        "web.error.chat_length": {
            "es": "Un mensaje de chat tiene de 1 a {max} caracteres",
            "en": "A chat message has 1 to {max} characters",
        },
        "web.error.no_room": {
            "es": "No existe la sala '{room}'",
            "en": "There is no room '{room}'",
        },
        "web.error.room_moving": {
            "es": "La sala '{room}' está cambiando de servidor: prueba otra vez en unos segundos",
            "en": "The room '{room}' is moving to another server: try again in a few seconds",
        },
        "web.error.bad_lang": {
            "es": "Idioma desconocido '{lang}'; usa es o en",
            "en": "Unknown language '{lang}'; use es or en",
        },
        "web.error.bad_body": {
            "es": "El cuerpo de la petición debe ser un objeto JSON",
            "en": "The request body must be a JSON object",
        },
        "web.error.bad_turn_seconds": {
            "es": "turn_seconds debe ser un entero de 0 a {max}",
            "en": "turn_seconds must be an integer from 0 to {max}",
        },
        "web.error.profiles_option": {
            "es": "Los perfiles ({option}) se declaran al sentarse, no como opción de la sala",
            "en": "Profiles ({option}) are declared when taking a seat, not as a room option",
        },
        "web.error.store": {
            "es": "El servidor no pudo guardar la jugada; no se ha hecho. Inténtalo de nuevo",
            "en": "The server could not save the move, so it was not made; try again",
        },
        "web.error.server": {
            "es": "El servidor no pudo atender ese mensaje; inténtalo de nuevo",
            "en": "The server could not handle that message; try again",
        },
        "web.error.too_many_sockets": {
            "es": "Demasiadas conexiones abiertas desde tu dirección (como mucho {limit});"
            " cierra alguna pestaña y vuelve a intentarlo",
            "en": "Too many connections open from your address (at most {limit}); close a"
            " tab and try again",
        },
        "web.spectator": {"es": "Espectador", "en": "Spectator"},
        "web.bad_store": {
            "es": "No se puede abrir el almacén {db}: {detail}",
            "en": "Cannot open the store {db}: {detail}",
        },
        "web.serving": {
            "es": "Ludoteca está en {url} (almacén: {db}). Ctrl+C para pararla.",
            "en": "Ludoteca is at {url} (store: {db}). Ctrl+C stops it.",
        },
        "cli.help.serve": {
            "es": "Abre la mesa web: salas, invitaciones, bots y partidas en el navegador.",
            "en": "Run the web table: rooms, invite links, bots and games in the browser.",
        },
        "cli.help.host": {
            "es": "Dirección en la que escuchar (0.0.0.0 para toda la red).",
            "en": "Address to listen on (0.0.0.0 for the whole network).",
        },
        "cli.help.port": {"es": "Puerto en el que escuchar.", "en": "Port to listen on."},
        "cli.meta.rate": {"es": "RITMO/RÁFAGA", "en": "RATE/BURST"},
        "web.bad_limit": {
            "es": "Valor no válido para {flag}: «{value}» (un ritmo es RITMO/RÁFAGA, p. ej."
            " 2/10: 2 por segundo y 10 de golpe; --limits es on u off; los números, positivos)",
            "en": "Bad value for {flag}: '{value}' (a rate is RATE/BURST, e.g. 2/10: 2 a"
            " second and 10 at once; --limits is on or off; numbers are positive)",
        },
        "cli.help.limits": {
            "es": "off quita los ritmos (tramas, chat, salas) y el tope de conexiones por"
            " dirección, para pruebas de carga; los tamaños y la cola por conexión se quedan.",
            "en": "off lifts the rates (frames, chat, rooms) and the sockets per address, for"
            " load benchmarks; the sizes and the per-socket queue stay.",
        },
        "cli.help.rate_frames": {
            "es": "Tramas que envía una conexión (por defecto 100/200); más allá se leen más"
            " tarde.",
            "en": "Frames one socket sends (default 100/200); past it they are read later.",
        },
        "cli.help.rate_address_frames": {
            "es": "Tramas de todas las conexiones de una dirección (por defecto 2000/4000).",
            "en": "Frames of all sockets of one address (default 2000/4000).",
        },
        "cli.help.rate_chat": {
            "es": "Líneas de chat de una conexión (por defecto 2/10); más allá, rate_limited.",
            "en": "Chat lines of one socket (default 2/10); past it, rate_limited.",
        },
        "cli.help.rate_address_chat": {
            "es": "Líneas de chat de una dirección (por defecto 20/60).",
            "en": "Chat lines of one address (default 20/60).",
        },
        "cli.help.rate_rooms": {
            "es": "Salas que crea una dirección (por defecto 2/120); más allá, HTTP 429.",
            "en": "Rooms one address creates (default 2/120); past it, HTTP 429.",
        },
        "cli.help.max_pending": {
            "es": "Mensajes en cola para una conexión antes de cerrarla por no leer (1013;"
            " por defecto 1000).",
            "en": "Frames queued for one socket before it is closed for not reading (1013;"
            " default 1000).",
        },
        "cli.help.idle_seconds": {
            "es": "Segundos sin nadie conectado tras los que una sala sale de la memoria (sus"
            " datos siguen guardados; por defecto 600).",
            "en": "Seconds with nobody connected after which a room leaves memory (its records"
            " stay stored; default 600).",
        },
        "cli.help.address_sockets": {
            "es": "Conexiones WebSocket abiertas a la vez desde una dirección (por defecto 256);"
            " más allá, too_many_sockets y cierre 1008.",
            "en": "WebSockets one address may hold open at once (default 256); past it,"
            " too_many_sockets and close 1008.",
        },
        "cli.help.rate_seats": {
            "es": "Cambios de asiento que pide una conexión (sentarse, bot, quitar bot, dejar,"
            " recuperar; por defecto 2/10); más allá, rate_limited.",
            "en": "Seat changes one socket asks for (sit, bot, unbot, leave, reclaim;"
            " default 2/10); past it, rate_limited.",
        },
        "cli.help.rate_address_seats": {
            "es": "Cambios de asiento de una dirección (por defecto 10/40).",
            "en": "Seat changes of one address (default 10/40).",
        },
        "cli.help.rate_hints": {
            "es": "Pistas que pide una conexión (por defecto 1/5); más allá, rate_limited.",
            "en": "Hints one socket asks for (default 1/5); past it, rate_limited.",
        },
        "cli.help.rate_langs": {
            "es": "Cambios de idioma de una conexión (por defecto 1/5); más allá, rate_limited.",
            "en": "Language switches of one socket (default 1/5); past it, rate_limited.",
        },
        "cli.help.ws_max_size": {
            "es": "Tamaño máximo de un mensaje WebSocket ya descomprimido, en bytes (por"
            " defecto 32768, al menos 16384); más allá, cierre 1009.",
            "en": "Largest WebSocket message once decompressed, in bytes (default 32768, at"
            " least 16384); past it, close 1009.",
        },
        "cli.help.header_seconds": {
            "es": "Segundos que tiene una conexión para enviar las cabeceras de una petición"
            " (por defecto 10); si no, se cierra.",
            "en": "Seconds a connection has to send a request's headers (default 10); else it"
            " is closed.",
        },
        "cli.help.address_connections": {
            "es": "Conexiones TCP (HTTP y WebSocket) abiertas a la vez desde una dirección (por"
            " defecto 512); más allá, se cierran al aceptarlas.",
            "en": "TCP connections (HTTP and WebSocket) one address may hold open at once"
            " (default 512); past it, new ones are closed as accepted.",
        },
        "cli.help.seat_grace": {
            "es": "Segundos tras caerse la conexión de una persona antes de que otro jugador"
            " pueda pasar su asiento a un bot (por defecto 30).",
            "en": "Seconds after a person's connection dropped before another player may hand"
            " their seat to a bot (default 30).",
        },
        "cli.help.db_seconds": {
            "es": "Tiempo máximo para conectar con el almacén y para cada sentencia, en"
            " segundos (por defecto 5).",
            "en": "Timeout to connect to the store and for each statement, in seconds (default 5).",
        },
        "cli.help.room_days": {
            "es": "Días tras crear una sala en que dejan de valer sus enlaces de asiento y de"
            " creador, salvo con una partida en curso (por defecto 30).",
            "en": "Days after a room's creation when its seat and creator links stop working,"
            " unless a game is in progress (default 30).",
        },
        "cli.help.forwarded_allow_ips": {
            "es": "Proxies (direcciones o redes separadas por comas, * para todos) cuyas"
            " cabeceras X-Forwarded-For y X-Forwarded-Proto se creen; por defecto, ninguno.",
            "en": "Proxies (addresses or networks, comma-separated, * for any) whose"
            " X-Forwarded-For and X-Forwarded-Proto headers are believed; default: none.",
        },
        "cli.help.origins": {
            "es": "Otras páginas (https://servidor[:puerto], separadas por comas) que pueden"
            " abrir conexiones WebSocket y crear salas; por defecto, solo la propia.",
            "en": "Other pages (https://host[:port], comma-separated) that may open"
            " WebSockets and create rooms; default: only this server's own.",
        },
        "web.error.rate_seats": {
            "es": "Demasiados cambios de asiento seguidos; espera un poco",
            "en": "Too many seat changes in a row; wait a little",
        },
        "web.error.rate_hints": {
            "es": "Demasiadas pistas seguidas; espera un poco",
            "en": "Too many hints in a row; wait a little",
        },
        "web.error.rate_langs": {
            "es": "Demasiados cambios de idioma seguidos; espera un poco",
            "en": "Too many language switches in a row; wait a little",
        },
        "web.error.seat_grace": {
            "es": "La conexión de {name} se cayó hace poco: puede volver; podrás pasar su"
            " asiento a un bot dentro de {seconds} s",
            "en": "{name}'s connection dropped a moment ago: they may come back; you can hand"
            " their seat to a bot in {seconds} s",
        },
        "web.error.name_taken": {
            "es": "Ya hay alguien llamado {name} en esta mesa: elige otro nombre",
            "en": "Someone called {name} is already at this table: choose another name",
        },
        "web.error.name_reserved": {
            "es": "El nombre {name} está reservado: elige otro",
            "en": "The name {name} is reserved: choose another",
        },
        "web.error.cross_origin": {
            "es": "Conexión desde otro sitio rechazada: abre la sala desde esta misma página",
            "en": "Connection from another site refused: open the room from this very page",
        },
        "web.error.token_expired": {
            "es": "Este enlace de asiento ha caducado con su sala: entra como espectador",
            "en": "This seat link expired with its room: join as a spectator",
        },
        "web.error.no_lesson": {
            "es": "No hay lección para «{game}»",
            "en": "There is no lesson for '{game}'",
        },
        "web.error.no_step": {
            "es": "Esta lección no tiene el paso «{step}»: vuelve a empezarla",
            "en": "This lesson has no step '{step}': start it again",
        },
        "web.error.lesson_show": {
            "es": "En este paso no se juega: lee y pulsa Continuar",
            "en": "This step asks for no move: read it and press Continue",
        },
        "web.error.rate_tries": {
            "es": "Demasiados intentos seguidos; espera un poco",
            "en": "Too many tries in a row; wait a little",
        },
        "web.lesson.you": {
            "es": "Tú",
            "en": "You",
        },
        "web.error.bad_code": {
            "es": "«{code}» no es un código de mesa: son cuatro letras, como BDFG",
            "en": "“{code}” is not a table code: it is four letters, like BDFG",
        },
        "web.error.no_code": {
            "es": "Ninguna mesa tiene el código {code}: míralo otra vez en la pantalla de la mesa",
            "en": "No table has the code {code}: check it again on the table screen",
        },
        "web.error.code_expired": {
            "es": "El código {code} ha caducado con su mesa: pide el código de la mesa de hoy",
            "en": "The code {code} expired with its table: ask for today's table code",
        },
        "web.error.table_screen": {
            "es": "La pantalla de la mesa no ocupa asiento: únete desde un móvil con el código",
            "en": "The table screen takes no seat: join from a phone with the code",
        },
        "web.room_repaired": {
            "es": "La sala {room} estaba a medio guardar y se ha reparado: {what}",
            "en": "Room {room} was half stored and has been repaired: {what}",
        },
        "cli.help.db": {
            "es": "Almacén: un fichero SQLite o una URL postgresql:// (por defecto LUDOTECA_DB"
            " o ludoteca.sqlite3).",
            "en": "Store: a SQLite file or a postgresql:// URL (default: LUDOTECA_DB or"
            " ludoteca.sqlite3).",
        },
    }
)
