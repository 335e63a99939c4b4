// The room's chat log: each line with its time, the speaker's name in their seat's colour
// and the text; the log scrolls to the newest line.

import {h, clear} from "./boards/svg.js";
import {getLang, t} from "./i18n.js";

/** Draw `lines` (chat messages) into `slot`; `you` marks your own, `seatName(seat)` names. */
export function drawChatLog(slot, lines, {you, seatName}) {
  clear(slot);
  if (!lines.length) {
    slot.appendChild(h("li", {class: "muted small"}, [t("chat.empty")]));
    return;
  }
  for (const line of lines) {
    const at = line.at ? new Date(line.at) : null;
    const time = at ? at.toLocaleTimeString(getLang(), {hour: "2-digit", minute: "2-digit"}) : "";
    const seated = line.seat !== null && line.seat !== undefined;
    const who = line.name || (seated ? seatName(line.seat) : t("chat.spectator"));
    slot.appendChild(h("li", {class: "chat-line" + (seated && line.seat === you ? " mine" : ""),
      "data-seat": seated ? String(line.seat) : ""}, [
      h("span", {class: "chat-time muted"}, [time]),
      h("span", {class: `chat-name seat-color-${line.seat ?? "x"}`}, [who]),
      h("span", {class: "chat-text"}, [line.text]),
    ]));
  }
  slot.scrollTop = slot.scrollHeight;
}
