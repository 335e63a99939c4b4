// The words of the lesson page (/learn/<game>) and of the links to it, in Spanish and
// English. Read with `s(key, params)` in the page's language; the lesson's own texts
// (titles, prompts, verdicts) come from the server in the page's language.

import {getLang, tr} from "./i18n.js";

export const LESSON = {
  es: {
    "learn.link": "Aprende jugando",
    "learn.page": "Aprende jugando: {game}",
    "learn.loading": "Cargando la lección…",
    "learn.failed": "No se pudo cargar la lección: {error}",
    "learn.steps": "Pasos de la lección",
    "learn.step_of": "Paso {n} de {total}",
    "learn.step_button": "Paso {n}: {title}",
    "learn.step_done": "hecho",
    "learn.restart": "Empezar de nuevo",
    "learn.restarted": "La lección empieza de nuevo.",
    "learn.rules": "Lo que enseña este paso",
    "learn.rule": "Regla {rule}",
    "learn.continue": "Continuar",
    "learn.show": "Mira el tablero y lee la explicación; luego pulsa Continuar.",
    "learn.do": "Haz la jugada en el tablero o en la lista de jugadas.",
    "learn.right": "¡Muy bien!",
    "learn.wrong": "Todavía no",
    "learn.refused": "No se pudo probar esa jugada",
    "learn.try_again": "Prueba otra jugada: el tablero no ha cambiado.",
    "learn.happened": "Lo que pasó",
    "learn.board": "Tablero de la lección",
    "learn.sending": "Comprobando tu jugada…",
    "learn.done_title": "¡Lección terminada!",
    "learn.done_text": "Ya conoces las reglas. Ahora juega una partida corta contra un bot amable.",
    "learn.name": "Tu nombre en la mesa",
    "learn.play": "Jugar contra el bot",
    "learn.starting": "Preparando la mesa…",
    "learn.name_needed": "Escribe tu nombre para sentarte a la mesa.",
    "learn.review": "Repasar la lección desde el principio",
    "learn.pieces": "Las piezas del juego",
  },
  en: {
    "learn.link": "Learn by playing",
    "learn.page": "Learn by playing: {game}",
    "learn.loading": "Loading the lesson…",
    "learn.failed": "The lesson could not be loaded: {error}",
    "learn.steps": "The lesson's steps",
    "learn.step_of": "Step {n} of {total}",
    "learn.step_button": "Step {n}: {title}",
    "learn.step_done": "done",
    "learn.restart": "Start again",
    "learn.restarted": "The lesson starts again.",
    "learn.rules": "What this step teaches",
    "learn.rule": "Rule {rule}",
    "learn.continue": "Continue",
    "learn.show": "Look at the board and read the explanation, then press Continue.",
    "learn.do": "Make the move on the board or in the list of moves.",
    "learn.right": "Well done!",
    "learn.wrong": "Not yet",
    "learn.refused": "That move could not be tried",
    "learn.try_again": "Try another move: the board has not changed.",
    "learn.happened": "What happened",
    "learn.board": "The lesson's board",
    "learn.sending": "Checking your move…",
    "learn.done_title": "Lesson complete!",
    "learn.done_text": "You know the rules now. Play a short game against a gentle bot.",
    "learn.name": "Your name at the table",
    "learn.play": "Play against the bot",
    "learn.starting": "Setting up the table…",
    "learn.name_needed": "Write your name to sit at the table.",
    "learn.review": "Go through the lesson again",
    "learn.pieces": "The game's pieces",
  },
};

/** The lesson page's string `key` in the page's language. */
export function s(key, params = {}) {
  return tr(LESSON, key, params, getLang());
}
