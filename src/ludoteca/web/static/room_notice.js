// Neutral notices of the room page (not errors): a turn timer that ran out and the bot that
// moved for that seat. A notice is a quiet line under the status row, read out by screen
// readers (role=status), that goes by itself or with ✕; it never covers the board or the hand.
// Also the lobby's status line, which says when every seat is taken.

import {h, clear} from "./boards/svg.js";
import {t} from "./i18n.js";
import {s} from "./room_text.js";

export const NOTICE_MS = 10000;

/** The status line of a room before its game: "Waiting for players" while a seat is free,
 * else that the table is ready (for a seated person) or waits for a seated person to start. */
export function lobbyStatus(room, you) {
  const full = room.seats.length > 0 && room.seats.every((seat) => seat.kind !== "free");
  if (!full) return t("status.lobby");
  return s(you !== null ? "status.lobby_full" : "status.lobby_full_wait");
}

let noticeTimer = null;

/** Draw `notice` ({code, message}) into `slot`, or empty it; `dismiss()` forgets the notice. */
export function drawNotice(slot, notice, dismiss) {
  clear(slot);
  clearTimeout(noticeTimer);
  if (!notice) return;
  noticeTimer = setTimeout(dismiss, NOTICE_MS);
  slot.appendChild(h("div", {class: "notice", "data-testid": "notice", "data-code": notice.code || ""}, [
    h("span", {class: "notice-icon", "aria-hidden": "true"}, ["ⓘ"]),
    h("span", {class: "notice-text"}, [notice.message]),
    h("button", {class: "btn small ghost", type: "button", "aria-label": s("notice.dismiss"), onclick: dismiss}, ["✕"]),
  ]));
}
