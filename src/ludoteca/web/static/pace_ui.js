// A room's pace on the page: the lobby's choice (live or correspondence, time per move,
// the deadline's policy, vacation days) and the room's panel (the pace, vacation, nudge,
// and "notify me": a Web Push subscription made with the server's VAPID key and sent on
// the room's socket, so the server knows the seat without another token).

import {h, clear} from "./boards/svg.js";
import {c, hoursText} from "./pace_text.js";

export const HOURS_CHOICES = [1, 6, 12, 24, 48, 72, 120, 168];
const VACATION_CHOICES = [0, 1, 2, 3, 5, 7];

/** The lobby's pace fields for `card` (a game card of /api/games); `form.pace` holds the
 * choice (null: live); `redraw()` draws the form again when the mode changes. */
export function paceFields(card, form, redraw) {
  const policies = card.pace_policies || [];
  if (!policies.length) {
    form.pace = null;
    return h("p", {class: "muted small", "data-testid": "pace-live-only"}, [c("pace.live_only", {game: card.name})]);
  }
  if (form.pace && !policies.includes(form.pace.policy)) form.pace.policy = policies[0];
  const on = form.pace !== null && form.pace !== undefined;
  const select = (id, label, value, choices, text, change) => h("div", {class: "field"}, [
    h("label", {for: id}, [label]),
    h("select", {id, "data-testid": id, onchange: (event) => change(event.target.value)},
      choices.map((choice) => h("option", {value: String(choice), selected: choice === value}, [text(choice)]))),
  ]);
  const fields = [
    select("pace-mode", c("pace.mode"), on ? "correspondence" : "live", ["live", "correspondence"],
      (mode) => c(`pace.${mode}`), (mode) => {
        form.pace = mode === "correspondence" ? {mode, hours: 24, policy: policies[0], vacation_days: 2} : null;
        redraw();
        const again = document.getElementById("pace-mode");
        if (again) again.focus();
      }),
  ];
  if (on) {
    fields.push(
      select("pace-hours", c("pace.hours"), form.pace.hours, HOURS_CHOICES, hoursText,
        (value) => { form.pace.hours = Number(value); }),
      select("pace-policy", c("pace.policy"), form.pace.policy, policies, (p) => c(`pace.policy.${p}`),
        (value) => { form.pace.policy = value; }),
      select("pace-vacation", c("pace.vacation_days"), form.pace.vacation_days, VACATION_CHOICES, String,
        (value) => { form.pace.vacation_days = Number(value); }),
    );
  }
  return h("fieldset", {class: "options-fields pace-fields", "data-testid": "pace-fields"}, [
    h("legend", {}, [c("pace.legend")]), h("div", {class: "row"}, fields),
  ]);
}

function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - base64url.length % 4) % 4));
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

/** Ask for notifications and subscribe this browser with the server's key; the
 * subscription as the socket's `notify` message carries it. */
export async function subscribePush() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    throw new Error(c("pace.notify_unsupported"));
  }
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error(c("pace.notify_denied"));
  const registration = await navigator.serviceWorker.ready;
  const answer = await fetch("/api/push/key");
  const body = await answer.json();
  if (!answer.ok) throw new Error((body.error && body.error.message) || String(answer.status));
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true, applicationServerKey: keyBytes(body.key),
  });
  return subscription.toJSON();
}

const local = {notify: null, nudged: false, busy: false};

/** A pace message of the room's socket (`notify_saved`, `nudged`): shown in the panel. */
export function paceMessage(message, slot, S, send) {
  if (message.type === "notify_saved") local.notify = {ok: true, key: "pace.notify_on"};
  else if (message.type === "nudged") local.nudged = true;
  else return;
  drawPace(slot, S, send);
}

/** The room's pace panel into `slot` (hidden for a live room). */
export function drawPace(slot, S, send) {
  if (!slot) return;
  const pace = S.room && S.room.pace;
  slot.hidden = !pace || pace.mode !== "correspondence";
  if (slot.hidden) return;
  clear(slot);
  const parts = [
    h("h2", {id: "pace-title"}, [c("pace.title")]),
    h("p", {"data-testid": "pace-summary"}, [c("pace.summary", {time: hoursText(pace.hours), policy: c(`pace.policy.${pace.policy}`)})]),
  ];
  const you = S.you;
  const playing = S.room.status === "playing";
  if (you !== null && you !== undefined && playing) {
    const mine = (pace.vacations || []).find((v) => v.seat === you);
    const left = mine ? mine.left : pace.vacation_days;
    if (mine && mine.until_ms > pace.now_ms) {
      parts.push(h("p", {class: "muted small"}, [c("pace.away_until", {date: new Date(Date.now() + mine.until_ms - pace.now_ms).toLocaleString()})]));
    }
    if (pace.vacation_days > 0) {
      parts.push(h("p", {class: "small"}, [c("pace.vacation_left", {n: left})]),
        h("button", {class: "btn small", type: "button", "data-testid": "take-vacation", disabled: left < 1,
          onclick: () => send({type: "vacation", days: 1})}, [c("pace.take_vacation")]));
    }
    // Whom the game waits on: the last state's actors (newer than the room's clocks).
    const waiting = S.state ? S.state.actors : (pace.clocks || []).map((clock) => clock.seat);
    const others = waiting.filter((seat) => seat !== you && S.room.seats[seat] && S.room.seats[seat].kind === "human");
    if (others.length) {
      const names = others.map((seat) => S.room.seats[seat].name).join(", ");
      parts.push(h("button", {class: "btn small", type: "button", "data-testid": "nudge", disabled: local.nudged,
        onclick: () => send({type: "nudge"})}, [local.nudged ? c("pace.nudged") : c("pace.nudge", {names})]));
    }
  }
  if (you !== null && you !== undefined && S.room.status !== "finished") {
    parts.push(h("p", {class: "muted small"}, [c("pace.notify_help")]));
    if (local.notify) {
      parts.push(h("p", {class: local.notify.ok ? "small" : "form-error", role: "status", "data-testid": "notify-status"}, [c(local.notify.key, {error: local.notify.error})]));
    }
    if (!local.notify || !local.notify.ok) {
      parts.push(h("button", {class: "btn small primary", type: "button", "data-testid": "notify-me", disabled: local.busy,
        onclick: async () => {
          local.busy = true;
          drawPace(slot, S, send);
          try {
            send({type: "notify", subscription: await subscribePush()});
            local.notify = null;
          } catch (error) {
            local.notify = {ok: false, key: "pace.notify_failed", error: error.message};
          }
          local.busy = false;
          drawPace(slot, S, send);
        }}, [c("pace.notify")]));
    }
  }
  parts.forEach((part) => slot.appendChild(part));
}
