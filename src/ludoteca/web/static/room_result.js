// The result of the room page: a one-line strip (winner, your result, Rematch) that never
// covers the board, and the end-of-game panel it opens: each player's figures in a table,
// the figure that decided the game, the end reason.
//
// The strip sits in the sticky bar under the status row, so it stays in sight wherever the
// page is scrolled; the panel is folded until the person opens it. Figures come from the
// game's Outcome (`outcome.figures`: the game's own, then what the server counted from the
// game's public events, engine/figures.py, e.g. duels won, doors opened, breaches caught): a
// list with one entry per seat is a column of the table, anything else a labelled value.

import {h, clear} from "./boards/svg.js";
import {t} from "./i18n.js";
import {s} from "./room_text.js";

/** `t(key)`, or `fallback` when the catalogue has no such key. */
function tOr(key, fallback) {
  const text = t(key);
  return text === key ? fallback : text;
}

/** Figures that are no result, per game: left out of the panel (Mystery Date's "positions"
 * are the spaces the pawns stand on; the date behind the door decides, not the space). */
const NOT_RESULTS = {mystery_date: new Set(["positions"])};

/** The figures that may have decided a game, by the outcome's end reason: the first one
 * the outcome has is shown as deciding (at the turn limit the furthest pawn wins Gotcha,
 * the best score Tile Up; Mystery Date's turn limit is a draw, its spaces left out). */
const DECIDING = {
  goal: ["rounds_won"],
  cards_out: ["scores"],
  corners: ["scores"],
  tiles_out: ["scores"],
  date: ["date"],
  champ: ["positions"],
  turn_limit: ["positions", "scores"],
};

function figureText(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map(figureText).join(", ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k}: ${figureText(v)}`).join(", ");
  return tOr(`figure.value.${value}`, String(value));
}

function perSeat(value, seats) {
  return Array.isArray(value) && value.length === seats && value.every((v) => typeof v !== "object");
}

/** The figures of an outcome split in {columns: [[key, label, values]], rows: [[key, label, text]]}. */
export function figureParts(outcome, seats, game = "") {
  const columns = [];
  const rows = [];
  const skip = NOT_RESULTS[game] || new Set();
  for (const [key, value] of Object.entries(outcome.figures || {})) {
    if (skip.has(key)) continue;
    const label = tOr(`figure.${key}`, key);
    if (perSeat(value, seats)) columns.push([key, label, value]);
    else if (value !== null && value !== undefined) rows.push([key, label, figureText(value)]);
  }
  if (outcome.turns) rows.push(["turns", t("figure.turns"), String(outcome.turns)]);
  return {columns, rows};
}

/** The figure rows of an outcome: [label, text] pairs (per-seat lists name the seats). */
export function figureRows(outcome, seats, seatName, game = "") {
  const {columns, rows} = figureParts(outcome, seats, game);
  return [
    ...columns.map(([, label, values]) => [label, values.map((v, seat) => `${seatName(seat)} ${figureText(v)}`).join(" · ")]),
    ...rows.map(([, label, text]) => [label, text]),
  ];
}

/** "Decided by: <label>" for the outcome, or null when nothing but the end decided it. */
function decidedBy(outcome, parts) {
  const all = [...parts.columns, ...parts.rows];
  for (const key of DECIDING[outcome.end_reason] || []) {
    const found = all.find(([k]) => k === key);
    if (found) return {key, label: found[1]};
  }
  return null;
}

let panelOpen = false;

/** Draw the result strip and its folded end panel for `outcome` into `slot` (nothing when
 * the game goes on). */
export function drawResult(slot, outcome, {you, seats, seatName, namesOf, onRematch, game = ""}) {
  clear(slot);
  if (!outcome) {
    panelOpen = false;
    return;
  }
  const winners = outcome.winners || [];
  let headline;
  if (!winners.length) headline = t("outcome.draw");
  else headline = t(winners.length > 1 ? "outcome.winners" : "outcome.winner", {names: namesOf(winners)});
  let mine = null;
  if (you !== null && winners.length) mine = winners.includes(you) ? t("outcome.you_win") : t("outcome.you_lose");
  const parts = figureParts(outcome, seats, game);
  const decided = decidedBy(outcome, parts);
  const panel = endPanel(outcome, parts, decided, {seats, seatName, winners});
  panel.hidden = !panelOpen;
  const toggle = h("button", {
    class: "btn small outcome-toggle", type: "button", "data-testid": "outcome-toggle",
    "aria-expanded": panelOpen ? "true" : "false", "aria-controls": "end-panel",
    onclick: () => {
      panelOpen = !panelOpen;
      panel.hidden = !panelOpen;
      toggle.setAttribute("aria-expanded", panelOpen ? "true" : "false");
      toggle.textContent = s(panelOpen ? "outcome.close" : "outcome.open");
    },
  }, [s(panelOpen ? "outcome.close" : "outcome.open")]);
  slot.appendChild(h("section", {
    class: "banner outcome outcome-strip" + (you !== null && winners.includes(you) ? " win" : ""),
    "data-testid": "outcome", "aria-label": t("outcome.title"), "data-end-reason": outcome.end_reason || "",
  }, [
    h("div", {class: "outcome-line", role: "status"}, [
      h("strong", {class: "outcome-title"}, [h("span", {class: "outcome-prefix"}, [t("outcome.title"), " — "]), headline]),
      mine ? h("span", {class: "outcome-mine"}, [mine]) : null,
    ]),
    h("div", {class: "outcome-actions"}, [
      toggle,
      you !== null ? h("button", {
        class: "btn small primary", type: "button", "data-testid": "rematch", onclick: onRematch,
      }, [t("outcome.rematch")]) : null,
    ]),
    panel,
  ]));
}

/** The end-of-game panel: reason, the deciding figure, the players' table, other figures. */
function endPanel(outcome, parts, decided, {seats, seatName, winners}) {
  const head = [h("th", {scope: "col"}, [s("outcome.player")]),
    ...parts.columns.map(([key, label]) => h("th", {scope: "col", "data-figure": key, class: decided && decided.key === key ? "decisive" : null}, [label]))];
  const body = Array.from({length: seats}, (_, seat) => h("tr", {class: winners.includes(seat) ? "winner" : null, "data-seat": String(seat)}, [
    h("th", {scope: "row"}, [
      winners.includes(seat) ? h("span", {class: "winner-mark"}, ["★ ", h("span", {class: "sr-only"}, [s("outcome.winner_mark"), " "])]) : null,
      seatName(seat),
    ]),
    ...parts.columns.map(([key, , values]) => h("td", {"data-figure": key, class: decided && decided.key === key ? "decisive" : null}, [figureText(values[seat])])),
  ]));
  return h("div", {class: "end-panel", id: "end-panel", "data-testid": "end-panel"}, [
    outcome.reason ? h("p", {class: "outcome-reason", "data-testid": "outcome-reason"}, [outcome.reason]) : null,
    decided ? h("p", {class: "outcome-decided", "data-testid": "outcome-decided", "data-figure": decided.key}, [s("outcome.decided", {what: decided.label})]) : null,
    parts.columns.length ? h("div", {class: "end-table-wrap", tabindex: "0", role: "region", "aria-label": s("outcome.table")}, [
      h("table", {class: "end-table wide", "data-testid": "outcome-table"}, [
        h("thead", {}, [h("tr", {}, head)]), h("tbody", {}, body)]),
      narrowTable(parts, decided, {seats, seatName, winners}),
    ]) : null,
    parts.rows.length ? h("dl", {class: "figures", "data-testid": "outcome-figures", "aria-label": t("outcome.figures")},
      parts.rows.flatMap(([, label, text]) => [h("dt", {}, [label]), h("dd", {}, [text])])) : null,
  ]);
}

/** The players' table turned for a phone (CSS shows one of the two): a row per figure, a
 * column per player, so long figure names wrap in their own column instead of pushing the
 * last columns out of a 390-px screen. */
function narrowTable(parts, decided, {seats, seatName, winners}) {
  const head = [h("th", {scope: "col"}, [s("outcome.figure_col")]),
    ...Array.from({length: seats}, (_, seat) => h("th", {scope: "col", "data-seat": String(seat), class: winners.includes(seat) ? "winner" : null}, [
      winners.includes(seat) ? h("span", {class: "winner-mark"}, ["★ ", h("span", {class: "sr-only"}, [s("outcome.winner_mark"), " "])]) : null,
      seatName(seat),
    ]))];
  const body = parts.columns.map(([key, label, values]) => h("tr", {"data-figure": key, class: decided && decided.key === key ? "decisive" : null}, [
    h("th", {scope: "row"}, [label]),
    ...values.map((value, seat) => h("td", {"data-seat": String(seat)}, [figureText(value)])),
  ]));
  return h("table", {class: "end-table narrow", "data-testid": "outcome-table-narrow"}, [
    h("thead", {}, [h("tr", {}, head)]), h("tbody", {}, body)]);
}
