// The words of the room's screen pieces added for issue 38 (the result strip and end panel,
// the notices, the bot menu, the emote palette, the skip link), in Spanish and English.
// Read with `s(key, params)` in the page's language.

import {getLang, tr} from "./i18n.js";

export const SCREEN = {
  es: {
    "skip.main": "Saltar al contenido",
    "status.lobby_full": "Mesa completa: lista para empezar",
    "status.lobby_full_wait": "Mesa completa: esperando a que alguien sentado la empiece",
    "notice.dismiss": "Cerrar el aviso",
    "notice.move": "Jugó: {move}",
    "outcome.open": "Ver el resultado",
    "outcome.close": "Ocultar el resultado",
    "outcome.decided": "Lo decidió: {what}",
    "outcome.player": "Jugador",
    "outcome.figure_col": "Cifra",
    "outcome.table": "Cifras de la partida",
    "outcome.winner_mark": "ganador",
    "bots.levels": "Niveles",
    "bots.more": "Más bots",
    "bots.level.beginner": "Principiante — juega sin pensar mucho",
    "bots.level.casual": "Aficionado — juega con sentido",
    "bots.level.strong": "Fuerte — piensa sus jugadas",
    "bots.level.strongest": "El más fuerte — juega lo mejor que sabe",
    "bots.named.random": "Al azar — cualquier jugada permitida",
    "bots.named.greedy": "Sencillo — la mejor jugada inmediata",
    "bots.named.expert": "Experto — sigue la estrategia del juego",
    "bots.named.ismcts": "Búsqueda — prueba miles de partidas",
    "emotes.title": "Gestos",
  },
  en: {
    "skip.main": "Skip to content",
    "status.lobby_full": "Every seat is taken: ready to start",
    "status.lobby_full_wait": "Every seat is taken: waiting for a seated player to start",
    "notice.dismiss": "Close the notice",
    "notice.move": "It played: {move}",
    "outcome.open": "See the result",
    "outcome.close": "Hide the result",
    "outcome.decided": "Decided by: {what}",
    "outcome.player": "Player",
    "outcome.figure_col": "Figure",
    "outcome.table": "The game's figures",
    "outcome.winner_mark": "winner",
    "bots.levels": "Levels",
    "bots.more": "More bots",
    "bots.level.beginner": "Beginner — plays loosely",
    "bots.level.casual": "Casual — plays sensibly",
    "bots.level.strong": "Strong — thinks its moves through",
    "bots.level.strongest": "Strongest — plays as well as it can",
    "bots.named.random": "Random — any allowed move",
    "bots.named.greedy": "Simple — the best move right now",
    "bots.named.expert": "Expert — follows the game's strategy",
    "bots.named.ismcts": "Search — tries thousands of games",
    "emotes.title": "Emotes",
  },
};

/** The screen string `key` in the page's language. */
export function s(key, params = {}) {
  return tr(SCREEN, key, params, getLang());
}
