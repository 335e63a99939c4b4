// The words of a room's pace (correspondence clocks, vacations, nudges, notifications), in
// Spanish and English. Read with `c(key, params)` in the page's language.

import {getLang, tr} from "./i18n.js";

export const PACE = {
  es: {
    "pace.legend": "Ritmo",
    "pace.mode": "Ritmo de la partida",
    "pace.live": "En vivo",
    "pace.correspondence": "Por correspondencia",
    "pace.hours": "Tiempo por jugada",
    "pace.hours_n": "{n} h",
    "pace.days_n": "{n} días",
    "pace.day_1": "1 día",
    "pace.policy": "Al vencer el plazo",
    "pace.policy.bot": "Juega un bot por la persona",
    "pace.policy.skip": "Se pasa el turno",
    "pace.policy.lose": "Pierde la partida",
    "pace.vacation_days": "Días de vacaciones por persona",
    "pace.live_only": "{game} se juega en vivo: no hay partida por correspondencia.",
    "pace.title": "Partida por correspondencia",
    "pace.summary": "{time} por jugada · al vencer el plazo: {policy}",
    "pace.vacation_left": "Te quedan {n} días de vacaciones",
    "pace.away_until": "De vacaciones hasta el {date}",
    "pace.take_vacation": "Tomar un día de vacaciones",
    "pace.nudge": "Avisar a {names}",
    "pace.nudged": "Aviso enviado",
    "pace.notify": "Avisarme en este dispositivo",
    "pace.notify_on": "Avisos activados en este dispositivo para este asiento.",
    "pace.notify_help": "Te avisamos cuando te toque, cuando se acabe el tiempo y al final de la partida, mientras no tengas la sala abierta.",
    "pace.notify_unsupported": "Este navegador no puede recibir notificaciones (en iPhone, añade Ludoteca a la pantalla de inicio primero).",
    "pace.notify_denied": "El navegador no permite notificaciones de este sitio.",
    "pace.notify_failed": "No se pudieron activar los avisos: {error}",
  },
  en: {
    "pace.legend": "Pace",
    "pace.mode": "Pace of the game",
    "pace.live": "Live",
    "pace.correspondence": "By correspondence",
    "pace.hours": "Time per move",
    "pace.hours_n": "{n} h",
    "pace.days_n": "{n} days",
    "pace.day_1": "1 day",
    "pace.policy": "At the deadline",
    "pace.policy.bot": "A bot moves for the person",
    "pace.policy.skip": "The turn is skipped",
    "pace.policy.lose": "The game is lost",
    "pace.vacation_days": "Vacation days per person",
    "pace.live_only": "{game} is played live: no correspondence game.",
    "pace.title": "Correspondence game",
    "pace.summary": "{time} per move · at the deadline: {policy}",
    "pace.vacation_left": "You have {n} vacation days left",
    "pace.away_until": "On vacation until {date}",
    "pace.take_vacation": "Take a vacation day",
    "pace.nudge": "Nudge {names}",
    "pace.nudged": "Nudge sent",
    "pace.notify": "Notify me on this device",
    "pace.notify_on": "Notices are on for this seat on this device.",
    "pace.notify_help": "You are told when it is your move, when time runs short and when the game ends, while you do not have the room open.",
    "pace.notify_unsupported": "This browser cannot receive notifications (on an iPhone, add Ludoteca to the home screen first).",
    "pace.notify_denied": "The browser does not allow notifications from this site.",
    "pace.notify_failed": "Notices could not be turned on: {error}",
  },
};

/** The pace string `key` in the page's language. */
export function c(key, params = {}) {
  return tr(PACE, key, params, getLang());
}

/** A move's time as people read it: "6 h", "1 day", "3 days". */
export function hoursText(hours) {
  if (hours % 24 === 0) return hours === 24 ? c("pace.day_1") : c("pace.days_n", {n: hours / 24});
  return c("pace.hours_n", {n: hours});
}
