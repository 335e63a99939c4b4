// Small pieces of the room page: saved values, board modules, the clock text and icons.

import {el} from "./boards/svg.js";

/** The JSON value saved under `key` in localStorage, or `fallback`. */
export function stored(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

/** Save `value` as JSON under `key` (quietly nothing without storage). */
export function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // No storage: values last for this page only.
  }
}

const boardModules = new Map();

/** The board module of `game` (cached); boards/generic.js when it cannot be imported. */
export function loadBoard(game) {
  if (!boardModules.has(game)) {
    const safe = /^[a-z0-9_]+$/.test(game) ? game : "generic";
    boardModules.set(game, import(`/static/boards/${safe}.js`)
      .then((module) => (typeof module.render === "function" ? module : Promise.reject(new Error("no render"))))
      .catch((error) => {
        console.warn(`board ${game}: ${error.message}; using the generic board`);
        return import("/static/boards/generic.js");
      }));
  }
  return boardModules.get(game);
}

/** "m:ss" for a number of milliseconds (never negative). */
export function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  if (total >= 86400) return `${Math.floor(total / 86400)} d ${Math.floor(total % 86400 / 3600)} h`;
  if (total >= 3600) return `${Math.floor(total / 3600)} h ${String(Math.floor(total % 3600 / 60)).padStart(2, "0")} min`;
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

const ICONS = {
  first: ["M6 5h2v14H6z", "M19 5v14L9 12z"],
  prev: ["M17 5v14L6 12z"],
  next: ["M7 5v14l11-7z"],
  last: ["M16 5h2v14h-2z", "M5 5v14l10-7z"],
};

/** A small SVG icon of the replay bar (fonts may lack the media symbols). */
export function replayIcon(name) {
  return el("svg", {viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true"},
    ICONS[name].map((d) => el("path", {d, fill: "currentColor"})));
}

/** A small clock icon for the turn timer. */
export function clockIcon() {
  return el("svg", {viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true", class: "icon"}, [
    el("circle", {cx: 12, cy: 13, r: 8, fill: "none", stroke: "currentColor", "stroke-width": 2}),
    el("path", {d: "M12 9v4l3 2M9 3h6", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round"}),
  ]);
}


/** A room object with a `presence` message applied: the seats whose connection changed, and
 * the number of spectators (the server sends these instead of the whole room on a join). */
export function applyPresence(room, presence) {
  const seats = room.seats.map((seat) => ({...seat}));
  for (const change of presence.seats || []) {
    if (seats[change.seat]) seats[change.seat].connected = change.connected;
  }
  return {...room, seats, spectators: presence.spectators};
}
