// Every string of the shell in Spanish and English.
//
// The language is the saved choice (localStorage["ludoteca.lang"]) or else the browser's
// (navigator.language: Spanish for "es-*", English otherwise). Boards get `t` in their ctx
// and may keep their own strings in their module as {es: {...}, en: {...}}.

export const LANGS = ["es", "en"];
const STORAGE_KEY = "ludoteca.lang";

export const STRINGS = {
  es: {
    "app.title": "Ludoteca",
    "app.tagline": "Juegos de mesa para jugar juntos en línea",
    "lang.label": "Idioma",
    "lang.es": "Español",
    "lang.en": "English",
    "nav.lobby": "Volver al vestíbulo",

    "lobby.games": "Juegos",
    "lobby.loading": "Cargando juegos…",
    "lobby.load_failed": "No se pudieron cargar los juegos: {error}",
    "lobby.players": "{min}–{max} jugadores",
    "lobby.players_one": "{min} jugadores",
    "lobby.realtime": "en tiempo real",
    "lobby.options": "Opciones",
    "lobby.choose": "Elegir este juego",
    "lobby.create": "Crear una mesa",
    "lobby.game": "Juego",
    "lobby.num_players": "Jugadores",
    "lobby.turn_timer": "Tiempo por turno",
    "lobby.timer_off": "sin límite",
    "lobby.timer_seconds": "{s} s",
    "lobby.timer_minutes": "{m} min",
    "lobby.timer_help": "Si se acaba el tiempo, un bot juega ese turno.",
    "lobby.create_button": "Crear mesa",
    "lobby.creating": "Creando…",
    "lobby.yes": "sí",
    "lobby.no": "no",
    "lobby.default": "por defecto: {value}",

    "room.loading": "Conectando con la mesa…",
    "room.not_found": "No existe la mesa «{id}».",
    "room.invite": "Invita con este enlace",
    "room.copy": "Copiar",
    "room.copied": "¡Copiado!",
    "room.share": "Compartir",
    "room.seats": "Asientos",
    "room.seat": "Asiento {n}",
    "room.free": "libre",
    "room.bot": "bot",
    "room.human": "persona",
    "room.you": "tú",
    "room.connected": "conectado",
    "room.disconnected": "desconectado",
    "room.your_name": "Tu nombre",
    "room.name_placeholder": "Escribe tu nombre",
    "room.sit": "Sentarme",
    "room.add_bot": "Poner bot",
    "room.bot_level": "Nivel del bot",
    "room.remove_bot": "Quitar bot",
    "room.leave": "Dejar el asiento",
    "room.leave_playing": "Abandonar (un bot sigue por mí)",
    "room.replace_bot": "Que juegue un bot",
    "room.start": "Empezar la partida",
    "room.start_wait": "Faltan asientos por ocupar",
    "room.spectators": "Espectadores: {n}",
    "room.spectating": "Estás mirando. Siéntate en un asiento libre para jugar.",
    "room.name_needed": "Escribe tu nombre para sentarte.",
    "room.profile": "Tu perfil para Gotcha!",
    "room.profile_help": "Las reglas pueden nombrar a quien cumpla estos rasgos.",
    "room.age": "Edad",
    "room.traits": "Rasgos",
    "room.options": "Opciones: {options}",
    "room.timer_option": "tiempo por turno: {s} s",

    "status.lobby": "Esperando jugadores",
    "status.playing": "Partida en curso",
    "status.finished": "Partida terminada",
    "status.your_turn": "¡Te toca!",
    "status.waiting_for": "Esperando a {names}",
    "status.replay": "Repetición",
    "status.game_no": "partida {n}",

    "conn.connecting": "Conectando…",
    "conn.open": "Conectado",
    "conn.closed": "Sin conexión",
    "conn.reconnecting": "Se perdió la conexión. Reconectando en {s} s…",
    "conn.reconnect_now": "Reconectar ya",
    "conn.not_sent": "Sin conexión: no se pudo enviar.",

    "board.title": "Tablero",
    "board.failed": "No se pudo dibujar el tablero de este juego; se muestra la vista en tabla.",
    "moves.title": "Jugadas",
    "moves.none": "Ninguna jugada ahora.",
    "moves.not_your_turn": "No es tu turno.",
    "moves.watching": "Estás mirando la partida.",
    "moves.filter": "Filtrar jugadas",
    "moves.count_one": "1 jugada",
    "moves.group": "{label} … ({n})",
    "room.leave_confirm": "¿Dejar tu asiento? Un bot jugará por ti. Desde este navegador podrás recuperarlo cuando quieras.",
    "room.leave_lobby_confirm": "¿Dejar tu asiento? Quedará libre para otra persona.",
    "room.leave_yes": "Sí, dejar el asiento",
    "room.leave_no": "No, sigo jugando",
    "room.reclaim": "Recuperar mi asiento",
    "room.reclaim_help": "Un bot juega por ti desde que lo dejaste.",
    "room.disconnected_note": "desconectado: puede volver con su enlace",
    "room.how_to_play": "Cómo se juega",
    "lobby.open_rooms": "Mesas abiertas",
    "lobby.no_open_rooms": "Ahora no hay nadie en ninguna mesa: crea una e invita.",
    "lobby.join": "Sentarme",
    "lobby.watch": "Mirar",
    "lobby.room_lobby": "esperando: {n} asientos libres",
    "lobby.room_lobby_one": "esperando: 1 asiento libre",
    "lobby.room_playing": "en juego",
    "lobby.room_full": "esperando a empezar",
    "lobby.spectators": "{n} mirando",
    "guide.loading": "Cargando las reglas…",
    "guide.failed": "No se pudieron cargar las reglas: {error}",
    "guide.back": "Volver",
    "guide.options_note": "Se eligen al crear la mesa.",
    "guide.play": "Jugar a {game}",
    "history.live_label": "Lo último que ha pasado en la mesa",
    "moves.count": "{n} jugadas",
    "moves.type": "Escribir una jugada",
    "moves.type_placeholder": "p. ej. {example}",
    "moves.send": "Jugar",
    "last.title": "Última jugada",
    "last.none": "Aún no hay jugadas.",
    "last.move": "{who}: {label}",
    "timer.left": "Tiempo: {time}",
    "timer.label": "Tiempo del turno",

    "error.title": "Jugada rechazada",
    "error.rule": "regla {rule}",
    "error.dismiss": "Cerrar",
    "error.http": "Error del servidor ({status})",
    "error.network": "Error de red: {error}",

    "outcome.title": "Fin de la partida",
    "outcome.winner": "Gana {names}",
    "outcome.winners": "Ganan {names}",
    "outcome.draw": "Empate",
    "outcome.you_win": "¡Has ganado!",
    "outcome.you_lose": "Has perdido.",
    "outcome.scores": "Puntos",
    "outcome.rank": "{rank}.º",
    "outcome.rematch": "Revancha",

    "history.title": "Qué ha pasado",
    "history.replay_title": "Qué había pasado hasta aquí",
    "history.none": "Aún no ha pasado nada.",
    "outcome.figures": "Resultado",
    "figure.turns": "Turnos",
    "figure.rounds_won": "Rondas ganadas",
    "figure.drawn_rounds": "Rondas empatadas",
    "figure.rounds": "Rondas",
    "figure.position": "Posición final de Tacocat",
    "figure.goal": "Meta",
    "figure.positions": "Casillas",
    "figure.track": "Longitud del recorrido",
    "figure.outfit": "Atuendo",
    "figure.date": "Cita",
    "figure.scores": "Puntos",
    "figure.goals_scored": "Objetivos cumplidos",
    "figure.duels_won": "Duelos ganados",
    "figure.collections": "Colecciones",
    "figure.lines": "Líneas recogidas",
    "figure.corners_covered": "Esquinas cubiertas",
    "figure.tiles_placed": "Fichas colocadas",
    "figure.door_opens": "Puertas abiertas",
    "figure.dates_met": "Citas encontradas",
    "figure.swaps": "Intercambios",
    "figure.caught": "Infracciones pilladas",
    "figure.plays": "Cartas de regla jugadas",
    "figure.wrong_buzzes": "Timbrazos fallidos",
    "figure.value.orange": "naranja",
    "figure.value.blue": "azul",
    "figure.value.green": "verde",
    "figure.value.pink": "rosa",
    "figure.value.dud": "el fracaso",
    "replay.move": "Jugada {move} / {total}",
    "replay.rounds": "Rondas",
    "replay.round": "Ronda {round} / {total}",
    "replay.prev_round": "Ronda anterior",
    "replay.next_round": "Ronda siguiente",
    "replay.title": "Repetición",
    "replay.first": "Al principio",
    "replay.prev": "Jugada anterior",
    "replay.next": "Jugada siguiente",
    "replay.last": "Al final",
    "replay.step": "Paso {step} / {total}",
    "replay.live": "Volver a la partida",
    "replay.loading": "Cargando…",
    "replay.game": "Partida {n}",
    "replay.game_label": "Partida que se repite",

    "chat.title": "Charla",
    "chat.placeholder": "Escribe un mensaje",
    "chat.send": "Enviar",
    "chat.spectator": "espectador",
    "chat.empty": "Aún no hay mensajes.",

    "agent.random": "al azar",
    "agent.greedy": "sencillo",
    "agent.expert": "experto",
    "agent.ismcts": "búsqueda (ISMCTS)",
    "agent.beginner": "nivel: principiante",
    "agent.casual": "nivel: aficionado",
    "agent.strong": "nivel: fuerte",
    "agent.strongest": "nivel: el más fuerte",
    "hint.button": "Pista",
    "hint.again": "Ver la jugada",
    "hint.off": "Las pistas están desactivadas en esta sala.",

    "generic.key": "Campo",
    "generic.value": "Valor",
    "generic.none": "—",
    "seat.chance": "Azar",
    "seat.name": "{name}",
    "seat.unnamed": "Asiento {n}",
  },
  en: {
    "app.title": "Ludoteca",
    "app.tagline": "Tabletop games to play together online",
    "lang.label": "Language",
    "lang.es": "Español",
    "lang.en": "English",
    "nav.lobby": "Back to the lobby",

    "lobby.games": "Games",
    "lobby.loading": "Loading games…",
    "lobby.load_failed": "Could not load the games: {error}",
    "lobby.players": "{min}–{max} players",
    "lobby.players_one": "{min} players",
    "lobby.realtime": "real time",
    "lobby.options": "Options",
    "lobby.choose": "Choose this game",
    "lobby.create": "Create a table",
    "lobby.game": "Game",
    "lobby.num_players": "Players",
    "lobby.turn_timer": "Turn timer",
    "lobby.timer_off": "no limit",
    "lobby.timer_seconds": "{s} s",
    "lobby.timer_minutes": "{m} min",
    "lobby.timer_help": "When time runs out, a bot plays that turn.",
    "lobby.create_button": "Create table",
    "lobby.creating": "Creating…",
    "lobby.yes": "yes",
    "lobby.no": "no",
    "lobby.default": "default: {value}",

    "room.loading": "Connecting to the table…",
    "room.not_found": "There is no table “{id}”.",
    "room.invite": "Invite with this link",
    "room.copy": "Copy",
    "room.copied": "Copied!",
    "room.share": "Share",
    "room.seats": "Seats",
    "room.seat": "Seat {n}",
    "room.free": "free",
    "room.bot": "bot",
    "room.human": "person",
    "room.you": "you",
    "room.connected": "connected",
    "room.disconnected": "disconnected",
    "room.your_name": "Your name",
    "room.name_placeholder": "Type your name",
    "room.sit": "Sit here",
    "room.add_bot": "Add a bot",
    "room.bot_level": "Bot level",
    "room.remove_bot": "Remove bot",
    "room.leave": "Leave the seat",
    "room.leave_playing": "Leave (a bot plays on for me)",
    "room.replace_bot": "Let a bot play",
    "room.start": "Start the game",
    "room.start_wait": "Some seats are still free",
    "room.spectators": "Spectators: {n}",
    "room.spectating": "You are watching. Take a free seat to play.",
    "room.name_needed": "Type your name to take a seat.",
    "room.profile": "Your Gotcha! profile",
    "room.profile_help": "The rules may name whoever has these traits.",
    "room.age": "Age",
    "room.traits": "Traits",
    "room.options": "Options: {options}",
    "room.timer_option": "turn timer: {s} s",

    "status.lobby": "Waiting for players",
    "status.playing": "Game in progress",
    "status.finished": "Game over",
    "status.your_turn": "Your turn!",
    "status.waiting_for": "Waiting for {names}",
    "status.replay": "Replay",
    "status.game_no": "game {n}",

    "conn.connecting": "Connecting…",
    "conn.open": "Connected",
    "conn.closed": "Offline",
    "conn.reconnecting": "Connection lost. Reconnecting in {s} s…",
    "conn.reconnect_now": "Reconnect now",
    "conn.not_sent": "Offline: could not send.",

    "board.title": "Board",
    "board.failed": "This game's board could not be drawn; showing the view as a table.",
    "moves.title": "Moves",
    "moves.none": "No moves right now.",
    "moves.not_your_turn": "It is not your turn.",
    "moves.watching": "You are watching this game.",
    "moves.filter": "Filter moves",
    "moves.count_one": "1 move",
    "moves.group": "{label} … ({n})",
    "room.leave_confirm": "Leave your seat? A bot will play for you. This browser can take the seat back whenever you like.",
    "room.leave_lobby_confirm": "Leave your seat? It will be free for someone else.",
    "room.leave_yes": "Yes, leave the seat",
    "room.leave_no": "No, keep playing",
    "room.reclaim": "Take my seat back",
    "room.reclaim_help": "A bot has played for you since you left.",
    "room.disconnected_note": "disconnected: can come back with their link",
    "room.how_to_play": "How to play",
    "lobby.open_rooms": "Open tables",
    "lobby.no_open_rooms": "Nobody is at a table right now: create one and invite.",
    "lobby.join": "Join",
    "lobby.watch": "Watch",
    "lobby.room_lobby": "waiting: {n} free seats",
    "lobby.room_lobby_one": "waiting: 1 free seat",
    "lobby.room_playing": "playing",
    "lobby.room_full": "about to start",
    "lobby.spectators": "{n} watching",
    "guide.loading": "Loading the rules…",
    "guide.failed": "The rules could not be loaded: {error}",
    "guide.back": "Back",
    "guide.options_note": "Chosen when the table is created.",
    "guide.play": "Play {game}",
    "history.live_label": "What just happened at the table",
    "moves.count": "{n} moves",
    "moves.type": "Type a move",
    "moves.type_placeholder": "e.g. {example}",
    "moves.send": "Play",
    "last.title": "Last move",
    "last.none": "No moves yet.",
    "last.move": "{who}: {label}",
    "timer.left": "Time: {time}",
    "timer.label": "Turn timer",

    "error.title": "Move refused",
    "error.rule": "rule {rule}",
    "error.dismiss": "Close",
    "error.http": "Server error ({status})",
    "error.network": "Network error: {error}",

    "outcome.title": "Game over",
    "outcome.winner": "{names} wins",
    "outcome.winners": "{names} win",
    "outcome.draw": "Draw",
    "outcome.you_win": "You won!",
    "outcome.you_lose": "You lost.",
    "outcome.scores": "Scores",
    "outcome.rank": "#{rank}",
    "outcome.rematch": "Rematch",

    "history.title": "What happened",
    "history.replay_title": "What had happened so far",
    "history.none": "Nothing has happened yet.",
    "outcome.figures": "Result",
    "figure.turns": "Turns",
    "figure.rounds_won": "Rounds won",
    "figure.drawn_rounds": "Drawn rounds",
    "figure.rounds": "Rounds",
    "figure.position": "Tacocat's final position",
    "figure.goal": "Goal",
    "figure.positions": "Spaces",
    "figure.track": "Track length",
    "figure.outfit": "Outfit",
    "figure.date": "Date",
    "figure.scores": "Scores",
    "figure.goals_scored": "Goals scored",
    "figure.duels_won": "Duels won",
    "figure.collections": "Collections made",
    "figure.lines": "Lines collected",
    "figure.corners_covered": "Corners covered",
    "figure.tiles_placed": "Tiles placed",
    "figure.door_opens": "Doors opened",
    "figure.dates_met": "Dates met",
    "figure.swaps": "Swaps",
    "figure.caught": "Breaches caught",
    "figure.plays": "Rule cards played",
    "figure.wrong_buzzes": "Wrong buzzes",
    "figure.value.orange": "orange",
    "figure.value.blue": "blue",
    "figure.value.green": "green",
    "figure.value.pink": "pink",
    "figure.value.dud": "the dud",
    "replay.move": "Move {move} / {total}",
    "replay.rounds": "Rounds",
    "replay.round": "Round {round} / {total}",
    "replay.prev_round": "Previous round",
    "replay.next_round": "Next round",
    "replay.title": "Replay",
    "replay.first": "To the start",
    "replay.prev": "Previous move",
    "replay.next": "Next move",
    "replay.last": "To the end",
    "replay.step": "Step {step} / {total}",
    "replay.live": "Back to the game",
    "replay.loading": "Loading…",
    "replay.game": "Game {n}",
    "replay.game_label": "Game to replay",

    "chat.title": "Chat",
    "chat.placeholder": "Type a message",
    "chat.send": "Send",
    "chat.spectator": "spectator",
    "chat.empty": "No messages yet.",

    "agent.random": "random",
    "agent.greedy": "simple",
    "agent.expert": "expert",
    "agent.ismcts": "search (ISMCTS)",
    "agent.beginner": "level: beginner",
    "agent.casual": "level: casual",
    "agent.strong": "level: strong",
    "agent.strongest": "level: strongest",
    "hint.button": "Hint",
    "hint.again": "Show the move",
    "hint.off": "Hints are turned off in this room.",

    "generic.key": "Field",
    "generic.value": "Value",
    "generic.none": "—",
    "seat.chance": "Chance",
    "seat.name": "{name}",
    "seat.unnamed": "Seat {n}",
  },
};

function browserLang() {
  const langs = navigator.languages && navigator.languages.length
    ? navigator.languages
    : [navigator.language || "en"];
  for (const tag of langs) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

function savedLang() {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return LANGS.includes(saved) ? saved : null;
  } catch {
    return null;
  }
}

let current = savedLang() || browserLang();
const listeners = new Set();

/** The current language, "es" or "en". */
export function getLang() {
  return current;
}

/** Switch the language, save the choice and tell every listener. */
export function setLang(lang) {
  if (!LANGS.includes(lang) || lang === current) return;
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private mode without storage: the switch still works for this page.
  }
  document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

/** Call `fn(lang)` after every language switch; returns a function that unsubscribes. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Fill `{name}` placeholders of `text` from `params`. */
export function format(text, params = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole);
}

/** The shell string `key` in the current language (English, then the key, as fallbacks). */
export function t(key, params = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return format(text, params);
}

/** A board's own string: `table` is {es: {...}, en: {...}}. */
export function tr(table, key, params = {}, lang = current) {
  const text = (table[lang] && table[lang][key]) ?? (table.en && table.en[key]) ?? key;
  return format(text, params);
}

/** A bot's level for people: its agent id translated, or the id itself. */
export function agentLabel(id) {
  const key = `agent.${id}`;
  return STRINGS[current][key] ?? STRINGS.en[key] ?? String(id);
}
