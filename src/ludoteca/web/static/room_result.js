// The result banner of the room page: winners, the game's own figures, the end reason.
//
// The banner sits in the sticky strip under the status row, so it stays in sight wherever
// the page is scrolled. Figures come from the game's Outcome (`outcome.figures`): a list
// with one entry per seat is shown per player, anything else as a labelled value.

import {h, clear} from "./boards/svg.js";
import {t} from "./i18n.js";

/** `t(key)`, or `fallback` when the catalogue has no such key. */
function tOr(key, fallback) {
  const text = t(key);
  return text === key ? fallback : text;
}

function figureText(value, seatName) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map((item) => figureText(item, seatName)).join(", ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k}: ${figureText(v, seatName)}`).join(", ");
  return tOr(`figure.value.${value}`, String(value));
}

/** The figure rows of an outcome: [label, text] pairs (per-seat lists name the seats). */
export function figureRows(outcome, seats, seatName) {
  const rows = [];
  const figures = outcome.figures || {};
  for (const [key, value] of Object.entries(figures)) {
    const label = tOr(`figure.${key}`, key);
    if (Array.isArray(value) && value.length === seats && value.every((v) => typeof v !== "object")) {
      rows.push([label, value.map((v, seat) => `${seatName(seat)} ${figureText(v, seatName)}`).join(" · ")]);
    } else {
      rows.push([label, figureText(value, seatName)]);
    }
  }
  if (outcome.turns) rows.push([t("figure.turns"), String(outcome.turns)]);
  return rows;
}

/** Draw the result banner for `outcome` into `slot` (nothing when the game goes on). */
export function drawResult(slot, outcome, {you, seats, seatName, namesOf, onRematch}) {
  clear(slot);
  if (!outcome) return;
  const winners = outcome.winners || [];
  let headline;
  if (!winners.length) headline = t("outcome.draw");
  else headline = t(winners.length > 1 ? "outcome.winners" : "outcome.winner", {names: namesOf(winners)});
  let mine = null;
  if (you !== null && winners.length) mine = winners.includes(you) ? t("outcome.you_win") : t("outcome.you_lose");
  const rows = figureRows(outcome, seats, seatName);
  slot.appendChild(h("div", {
    class: "banner outcome" + (you !== null && winners.includes(you) ? " win" : ""),
    "data-testid": "outcome", role: "status", "data-end-reason": outcome.end_reason || "",
  }, [
    h("div", {class: "banner-text"}, [
      h("strong", {class: "outcome-title"}, [t("outcome.title"), " — ", headline]),
      mine ? h("span", {class: "outcome-mine"}, [mine]) : null,
      outcome.reason ? h("span", {class: "outcome-reason", "data-testid": "outcome-reason"}, [outcome.reason]) : null,
      rows.length ? h("dl", {class: "figures", "data-testid": "outcome-figures", "aria-label": t("outcome.figures")},
        rows.flatMap(([label, text]) => [h("dt", {}, [label]), h("dd", {}, [text])])) : null,
    ]),
    you !== null ? h("button", {
      class: "btn primary", type: "button", "data-testid": "rematch", onclick: onRematch,
    }, [t("outcome.rematch")]) : null,
  ]));
}
