// The move history panel of the room page: what happened, newest first, with names.
//
// The server sends each socket the events it may see (`state.events`, the whole history
// when `state.events_reset`), already in its language with the players' names; a replay
// frame carries the events up to that frame (`replay.events`). The bots' reasons for their
// moves come with them (`whys`) and are shown after each move's events.

import {h, clear} from "./boards/svg.js";
import {t} from "./i18n.js";

const KEEP = 400;

/** Fold a `state` (or `replay`) message's events into `list` (returns the new list). The
 * bots' reasons for their moves (`message.whys`, and `message.why` for the last move)
 * become items of kind "why", each right after its step's own events. */
export function foldEvents(list, message) {
  const incoming = Array.isArray(message.events) ? message.events : [];
  const next = message.events_reset ? [...incoming] : [...list, ...incoming];
  const whys = Array.isArray(message.whys) ? [...message.whys] : [];
  if (message.why) whys.push(message.why);
  for (const why of whys) {
    if (!why || typeof why.text !== "string" || next.some((e) => e.kind === "why" && e.step === why.step)) continue;
    // Right after that step's own events (chance steps after it come later): steps stay in order.
    let at = next.length;
    while (at > 0 && next[at - 1].step > why.step) at--;
    next.splice(at, 0, {step: why.step, kind: "why", actor: why.seat, data: {}, text: why.text});
  }
  return next.length > KEEP ? next.slice(next.length - KEEP) : next;
}

/** Draw the history panel into `slot`: `events` newest first; `you` marks your own. */
export function drawHistory(slot, events, {you = null, replay = false} = {}) {
  clear(slot);
  slot.appendChild(h("h2", {id: "history-title"}, [replay ? t("history.replay_title") : t("history.title")]));
  if (!events.length) {
    slot.appendChild(h("p", {class: "muted", "data-testid": "history-empty"}, [t("history.none")]));
    return;
  }
  const items = [];
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    const mine = you !== null && (event.actor === you || (event.data && event.data.seat === you));
    items.push(h("li", {
      class: "history-item" + (mine ? " mine" : "") + (event.kind === "why" ? " why" : "") + (event.kind === "game_end" || event.kind === "round_end" ? " big" : ""),
      "data-kind": event.kind, "data-step": String(event.step), "data-actor": String(event.actor),
    }, [event.text]));
  }
  // Focusable: a keyboard scrolls it (it holds no control of its own).
  slot.appendChild(h("ol", {class: "history-list", "data-testid": "history", "aria-labelledby": "history-title", tabindex: "0"}, items));
}

const SPOKEN = 6;

/** Put the new events of a `state` message in the screen reader's live region `slot` (the
 * newest few; a whole history sent again is not read again: only its last line). `known`:
 * the events the page had before this message. */
export function announce(slot, message, known) {
  if (!slot) return;
  const incoming = Array.isArray(message.events) ? message.events : [];
  let fresh = incoming;
  if (message.events_reset) fresh = known.length ? [] : incoming.slice(-1);
  for (const event of fresh.slice(-SPOKEN)) {
    if (event && typeof event.text === "string" && event.text) {
      slot.appendChild(h("p", {"data-step": String(event.step)}, [event.text]));
    }
  }
  while (slot.childNodes.length > SPOKEN) slot.removeChild(slot.firstChild);
}

/** Draw the last move line into `slot`: "Last move: <who>: <label>", "No moves yet" when
 * `last` is null, nothing when it is undefined (no game shown). */
export function drawLastMove(slot, last, seatName) {
  clear(slot);
  if (last === undefined) return;
  slot.appendChild(h("span", {class: "label"}, [t("last.title"), ": "]));
  if (!last) {
    slot.appendChild(h("span", {class: "muted"}, [t("last.none")]));
    return;
  }
  slot.appendChild(h("span", {"data-last-action": last.text || ""}, [
    t("last.move", {who: seatName(last.seat), label: last.label || last.text}),
  ]));
}
