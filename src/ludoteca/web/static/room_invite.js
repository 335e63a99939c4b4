// The room's "Invite someone" control (lobby only): a person sitting at a table that has
// not started picks someone they played with before (GET /api/rooms/{room}/invites lists
// only those people, by name) and invites them to a free seat (POST); the server sends
// them a push and a mail. Drawn again only when what it shows changes (the room's
// messages come often: a redraw would take the focus from the list).

import {h, clear} from "./boards/svg.js";
import {getLang, tr} from "./i18n.js";
import {loadToken} from "./net.js";

export const INVITE_WORDS = {
  es: {
    "invite.title": "Invitar a alguien con quien jugaste",
    "invite.who": "A quién",
    "invite.send": "Invitar",
    "invite.sent": "Invitación enviada a {name}.",
    "invite.invited": "Invitados: {names}",
    "invite.nobody": "Aún no has jugado con nadie que tenga perfil.",
    "invite.sending": "Enviando…",
  },
  en: {
    "invite.title": "Invite someone you played with",
    "invite.who": "Whom",
    "invite.send": "Invite",
    "invite.sent": "Invitation sent to {name}.",
    "invite.invited": "Invited: {names}",
    "invite.nobody": "You have not played with anyone who has a profile yet.",
    "invite.sending": "Sending…",
  },
};

function w(key, params = {}) {
  return tr(INVITE_WORDS, key, params, getLang());
}

function hasProfile() {
  try {
    return Boolean(localStorage.getItem("ludoteca.person"));
  } catch {
    return false;
  }
}

async function call(method, path, body) {
  const init = {method, headers: {"Accept-Language": getLang()}};
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${path}?lang=${getLang()}`, init);
  const answer = await response.json().catch(() => ({}));
  return {ok: response.ok, body: answer};
}

const state = {key: null, view: null, message: null, error: false, busy: false};

/** Draw the control into `slot` for the room state `S` (hidden unless the person sits at
 * a table in its lobby with a free seat). */
export function drawPeopleInvite(slot, S, roomId) {
  if (!slot) return;
  const room = S.room;
  const open = room && room.status === "lobby" && S.you !== null && S.you !== undefined
    && room.seats.some((seat) => seat.kind === "free") && hasProfile();
  const key = open ? `${roomId}|${S.you}|${getLang()}|${room.seats.map((s) => s.kind).join()}` : null;
  if (key === state.key) return;
  state.key = key;
  slot.hidden = !open;
  if (!open) {
    clear(slot);
    return;
  }
  load(slot, roomId, key);
}

async function load(slot, roomId, key) {
  const token = loadToken(roomId);
  if (token) {  // the seat is linked to the person first (the table links it too, maybe later)
    await fetch("/api/me/seats", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({room: roomId, token})}).catch(() => null);
  }
  const result = await call("GET", `/api/rooms/${encodeURIComponent(roomId)}/invites`);
  if (state.key !== key) return;
  state.view = result.ok ? result.body : null;
  if (!result.ok) {
    state.message = {text: result.body.error && result.body.error.message};
    state.error = true;
  }
  draw(slot, roomId);
}

async function invite(slot, roomId, to, name) {
  state.busy = true;
  draw(slot, roomId);
  const result = await call("POST", `/api/rooms/${encodeURIComponent(roomId)}/invites`, {to});
  state.busy = false;
  state.error = !result.ok;
  // Ours is drawn in the page's language, also after a switch; the server's came in it.
  state.message = result.ok ? {key: "invite.sent", params: {name}} : {text: result.body.error && result.body.error.message};
  const key = state.key;
  const again = await call("GET", `/api/rooms/${encodeURIComponent(roomId)}/invites`);
  if (state.key !== key) return;
  if (again.ok) state.view = again.body;
  draw(slot, roomId);
  const status = slot.querySelector("[role=status]");
  if (status) status.focus();
}

function messageText() {
  const message = state.message;
  if (!message) return "";
  return message.key ? w(message.key, message.params) : message.text || "";
}

function draw(slot, roomId) {
  clear(slot);
  const view = state.view;
  const parts = [h("h3", {id: "invite-people-title"}, [w("invite.title")])];
  if (view) {
    if (view.people.length) {
      const select = h("select", {id: "invite-who", "data-testid": "invite-who"},
        view.people.map((person) => h("option", {value: person.to}, [person.name])));
      parts.push(h("form", {class: "invite-form", onsubmit: (event) => {
        event.preventDefault();
        const chosen = view.people.find((person) => person.to === select.value);
        if (chosen && !state.busy) invite(slot, roomId, chosen.to, chosen.name);
      }}, [
        h("label", {for: "invite-who"}, [w("invite.who")]), select,
        h("button", {class: "btn", type: "submit", "data-testid": "invite-send", disabled: state.busy},
          [state.busy ? w("invite.sending") : w("invite.send")]),
      ]));
    } else if (!view.invited.length) {
      parts.push(h("p", {class: "muted small"}, [w("invite.nobody")]));
    }
    if (view.invited.length) {
      parts.push(h("p", {class: "small", "data-testid": "invite-invited"}, [w("invite.invited", {names: view.invited.join(", ")})]));
    }
  }
  parts.push(h("p", {class: "small", "data-error": String(state.error), role: "status", tabindex: "-1",
    "data-testid": "invite-message"}, [messageText()]));
  for (const part of parts) slot.appendChild(part);
}
