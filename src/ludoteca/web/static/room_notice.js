// Neutral notices of the room page (not errors): a turn timer that ran out and the bot that
// moved for that seat. A notice is a quiet line under the status row, read out by screen
// readers (role=status), that goes by itself or with ✕; it never covers the board or the hand.
// Also the lobby's status line, which says when every seat is taken.

import {el, h, clear} from "./boards/svg.js";
import {t} from "./i18n.js";
import {s} from "./room_text.js";

export const NOTICE_MS = 10000;

/** The status line of a room before its game: "Waiting for players" while a seat is free,
 * else that the table is ready (for a seated person) or waits for a seated person to start. */
export function lobbyStatus(room, you, starts = you !== null) {
  const full = room.seats.length > 0 && room.seats.every((seat) => seat.kind !== "free");
  if (!full) return t("status.lobby");
  return s(starts ? "status.lobby_full" : "status.lobby_full_wait");
}

/** The error toast of `error` ({code, message, rule_id, action, warn}); ✕ calls `dismiss`. */
export function errorBanner(error, dismiss) {
  return h("div", {
    class: `banner ${error.warn ? "warn" : "error"}`, role: "alert", "data-testid": "error",
    "data-code": error.code || "", "data-rule": error.rule_id || "",
  }, [
    h("div", {class: "banner-text"}, [
      error.code === "illegal" ? null : h("strong", {}, [t("error.title"), ": "]),
      h("span", {class: "error-message"}, [error.message || error.code || ""]),
      error.rule_id ? h("span", {class: "rule-id", "data-testid": "rule-id"}, [t("error.rule", {rule: error.rule_id})]) : null,
      error.action ? h("code", {class: "error-action"}, [error.action]) : null,
    ]),
    h("button", {class: "btn small ghost", type: "button", "aria-label": t("error.dismiss"), onclick: dismiss}, ["✕"]),
  ]);
}

let noticeTimer = null;
let timedNotice = null;  // the notice the timer is counting for (redraws keep its time)

/** Draw `notice` ({code, message, seat}) into `slot`, or empty it; `dismiss()` forgets the
 * notice. `last` is the last move shown ({seat, label}): when it is the bot's move for the
 * notice's seat, the notice says it too. */
export function drawNotice(slot, notice, dismiss, last = null) {
  const move = notice && notice.code === "timed_out" && !notice.own && last && last.seat === notice.seat
    ? last.label : "";
  // The slot is a live region: drawn again only when its words change (else read again).
  const key = notice ? `${notice.message}|${move}` : "";
  if (slot.dataset.key === key && notice === timedNotice) return;
  slot.dataset.key = key;
  clear(slot);
  if (notice !== timedNotice) {
    clearTimeout(noticeTimer);
    timedNotice = notice;
    if (notice) noticeTimer = setTimeout(dismiss, NOTICE_MS);
  }
  if (!notice) return;
  slot.appendChild(h("div", {class: "notice", "data-testid": "notice", "data-code": notice.code || ""}, [
    el("svg", {class: "notice-icon", viewBox: "0 0 20 20", width: 20, height: 20, "aria-hidden": "true"}, [
      el("circle", {cx: 10, cy: 10, r: 9, fill: "currentColor"}),
      el("path", {d: "M10 8.5v6M10 5.2v.6", stroke: "#fff", "stroke-width": 2.2, "stroke-linecap": "round"}),
    ]),
    h("span", {class: "notice-text"}, [notice.message,
      move ? h("span", {class: "notice-move"}, [" ", s("notice.move", {move})]) : null]),
    h("button", {class: "btn small ghost", type: "button", "aria-label": s("notice.dismiss"), onclick: dismiss}, ["✕"]),
  ]));
}
