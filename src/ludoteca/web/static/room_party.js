// Party mode (issue 39): the room page as the table screen (a TV, a laptop, a tablet) or as a
// phone. The table screen holds no seat (hello role "table": the public view) and shows what
// everyone looks at: the room's four-letter code and a QR code of its join link, whose turn
// it is, Gotcha's live rules in large type, read aloud in the room's language, and what just
// happened (a buzz judged, the door opened). Sounds and reading aloud are the table screen's
// while one is open; a phone stays quiet and shows only its own hand, moves, buzzer and chat.
// room.js calls these; they draw from what they are given.

import {h, clear} from "./boards/svg.js";
import {getLang, tr} from "./i18n.js";
import {announceNew, muted, setMuted, speechAvailable} from "./boards/gotcha_speech.js";

const TEXT = {
  es: {
    "join.title": "Únete desde el móvil",
    "join.at": "Entra en {link} y escribe el código",
    "join.code": "Código de la mesa",
    "join.qr": "Código QR del enlace para unirse: {link}",
    "join.spelled": "Código: {letters}",
    "rules.title": "Reglas en juego",
    "rules.none": "Aún no hay reglas en juego.",
    "latest.title": "Lo último",
    "speech.mute": "No leer las reglas en voz alta",
    "speech.unmute": "Leer las reglas en voz alta",
    "speech.none": "Este navegador no puede leer en voz alta",
    "open.table": "Pantalla de la mesa",
    "open.table_help": "Abre la sala en la tele o el portátil que todos ven; los demás se unen con el móvil.",
    "code.failed": "No se pudo obtener el código de la mesa: {error}",
    "lobby.create_table": "Crear y abrir la pantalla de la mesa",
    "lobby.join_link": "¿Tienes un código? Únete aquí.",
  },
  en: {
    "join.title": "Join from your phone",
    "join.at": "Go to {link} and type the code",
    "join.code": "Table code",
    "join.qr": "QR code of the link to join: {link}",
    "join.spelled": "Code: {letters}",
    "rules.title": "Rules in play",
    "rules.none": "No rules in play yet.",
    "latest.title": "Just now",
    "speech.mute": "Stop reading the rules aloud",
    "speech.unmute": "Read the rules aloud",
    "speech.none": "This browser cannot read aloud",
    "open.table": "Table screen",
    "open.table_help": "Open the room on the TV or laptop everyone sees; the others join with their phones.",
    "code.failed": "The table's code could not be fetched: {error}",
    "lobby.create_table": "Create and open the table screen",
    "lobby.join_link": "Have a code? Join here.",
  },
};

/** Party mode's string `key` in the page's language. */
export function pt(key, params = {}) {
  return tr(TEXT, key, params, getLang());
}

const SEAT_KEY = "ludoteca.seat.";
const LATEST = 4;

/** Remember the seat this browser took in `roomId` (the join page offers "rejoin as"). */
export function rememberSeat(roomId, seat) {
  try {
    if (Number.isInteger(seat)) localStorage.setItem(SEAT_KEY + roomId, String(seat));
  } catch {
    // No storage: the join page cannot offer the seat back; the invite link still can.
  }
}

/** The seat this browser took in `roomId`, or null. */
export function rememberedSeat(roomId) {
  try {
    const raw = localStorage.getItem(SEAT_KEY + roomId);
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

/** Whether a page sounds: a phone is quiet while the room has a table screen open. */
export function soundsHere(mode, room) {
  return !(mode === "phone" && room && room.tables > 0);
}

/** Whether the board reads Gotcha's new rules aloud itself: not on the table screen (this
 * module reads them, in the room's language) nor on a phone while a table screen is open. */
export function boardSpeaks(mode, room) {
  return mode !== "table" && soundsHere(mode, room);
}

/** The language the room speaks (its `language` option, else the page's). */
function roomLang(room, view) {
  const rules = view && view.rules;
  const lang = (rules && rules.language) || (room && room.options && room.options.language) || getLang();
  return lang === "es" ? "es" : "en";
}

/** Ask the server for the room's join code: {code, join}, or {error}. */
export async function fetchCode(roomId) {
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/code?lang=${getLang()}`);
    const body = await response.json();
    if (!response.ok) return {error: (body.error && body.error.message) || String(response.status)};
    return body;
  } catch (error) {
    return {error: error.message};
  }
}

/** The table screen's link to open from the room page (the room's full page only). */
export function tableLink(roomId) {
  return h("a", {
    class: "btn small ghost table-link", href: `/room/${encodeURIComponent(roomId)}/table`,
    "data-testid": "open-table", title: pt("open.table_help"),
  }, [pt("open.table")]);
}

/** The join box: the code in large letters, where to type it and the QR code. */
function joinBox(roomId, code) {
  if (!code) return null;
  if (code.error) return h("p", {class: "banner warn", role: "status"}, [pt("code.failed", {error: code.error})]);
  const link = `${location.origin}${code.join}`;
  const host = `${location.host}/join`;
  return h("section", {class: "panel party-join", "aria-labelledby": "party-join-title"}, [
    h("h2", {id: "party-join-title"}, [pt("join.title")]),
    h("div", {class: "party-join-row"}, [
      h("div", {class: "party-code-box"}, [
        h("p", {class: "party-code-label"}, [pt("join.code")]),
        // Read letter by letter by a screen reader ("B D F G"), shown as one word.
        h("p", {class: "party-code", "data-testid": "party-code", "aria-label": pt("join.spelled", {letters: code.code.split("").join(" ")})}, [code.code]),
        h("p", {class: "party-at"}, [pt("join.at", {link: host})]),
      ]),
      h("img", {
        class: "party-qr", "data-testid": "party-qr", width: "200", height: "200",
        src: `/api/rooms/${encodeURIComponent(roomId)}/qr.svg`, alt: pt("join.qr", {link}),
      }),
    ]),
  ]);
}

/** Gotcha's live rules in large type (any view with `slots` of {live, es, en}). */
function rulesBox(view, lang, redraw) {
  if (!view || !Array.isArray(view.slots)) return null;
  const live = view.slots.filter((slot) => slot.live && (slot[lang] || slot.text));
  const available = speechAvailable();
  const off = muted();
  const control = h("button", {
    class: "btn small", type: "button", "data-testid": "party-speech", disabled: !available,
    "aria-pressed": available && !off ? "true" : "false",
    onclick: () => { setMuted(!muted()); redraw(); },
  }, [available ? (off ? pt("speech.unmute") : pt("speech.mute")) : pt("speech.none")]);
  return h("section", {class: "panel party-rules", "aria-labelledby": "party-rules-title", lang}, [
    h("div", {class: "party-rules-head"}, [h("h2", {id: "party-rules-title"}, [pt("rules.title")]), control]),
    live.length
      ? h("ol", {class: "party-rule-list", "data-testid": "party-rules"}, live.map((slot) =>
        h("li", {class: "party-rule", "data-slot": slot.slot}, [slot[lang] || slot.text])))
      : h("p", {class: "muted"}, [pt("rules.none")]),
  ]);
}

/** The last few things that happened, in large type (a buzz judged, a door opened). */
function latestBox(events) {
  const shown = events.filter((event) => event.kind !== "why" && event.text).slice(-LATEST).reverse();
  if (!shown.length) return null;
  return h("section", {class: "panel party-latest", "aria-labelledby": "party-latest-title"}, [
    h("h2", {id: "party-latest-title"}, [pt("latest.title")]),
    h("ol", {class: "party-latest-list", "data-testid": "party-latest"}, shown.map((event) =>
      h("li", {"data-kind": event.kind}, [event.text]))),
  ]);
}

/**
 * Mark on `root` whether the room has a table screen open (a phone then hides its sound
 * switch: it makes no sound), and on the table screen draw its panel into `slot`: the join
 * box, the live rules and the latest events, and read the rules announced since the last
 * state aloud in the room's language. `S`: the room page's state (room, state, events,
 * replay); `code`: fetchCode's answer.
 */
export function drawTable(root, slot, mode, S, code, redraw) {
  root.dataset.tableScreen = S.room && S.room.tables > 0 ? "on" : "off";
  if (!slot || mode !== "table") return;
  clear(slot);
  const view = S.state && !S.replay ? S.state.view : null;
  const lang = roomLang(S.room, view);
  if (view) announceNew(view, lang, false);
  const playing = S.room && S.room.status !== "lobby";
  slot.append(...[
    joinBox(S.roomId, code),
    playing ? rulesBox(view, lang, redraw) : null,
    playing ? latestBox(S.events || []) : null,
  ].filter(Boolean));
}
