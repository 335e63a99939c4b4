// Invitations at the top of My games (/me): who invited you to which table (GET
// /api/me/invites). Accept opens the room, where you sit down as anyone does; Decline
// ends the invitation (POST /api/me/invites/{room}/decline).

import {h} from "./boards/svg.js";
import {getLang, tr} from "./i18n.js";

export const INVITATION_WORDS = {
  es: {
    "invites.title": "Te invitan",
    "invites.line": "{from} te invita a {game}",
    "invites.accept": "Aceptar",
    "invites.decline": "Rechazar",
    "invites.accept_label": "Aceptar la invitación de {from} a {game}",
    "invites.decline_label": "Rechazar la invitación de {from} a {game}",
  },
  en: {
    "invites.title": "You are invited",
    "invites.line": "{from} invites you to {game}",
    "invites.accept": "Accept",
    "invites.decline": "Decline",
    "invites.accept_label": "Accept {from}'s invitation to {game}",
    "invites.decline_label": "Decline {from}'s invitation to {game}",
  },
};

function w(key, params = {}) {
  return tr(INVITATION_WORDS, key, params, getLang());
}

/** The invitations panel (null when there is none); `decline(room)` ends one. */
export function invitesPanel(invites, busy, decline) {
  if (!invites || !invites.length) return null;
  return h("section", {class: "panel my-invites", "aria-labelledby": "invites-title", "data-testid": "my-invites"}, [
    h("h2", {id: "invites-title"}, [w("invites.title")]),
    h("ul", {class: "my-game-list"}, invites.map((invite) => {
      const names = {from: invite.from, game: invite.game_name};
      return h("li", {class: "my-game", "data-room": invite.room}, [
        h("div", {class: "my-game-info"}, [w("invites.line", names)]),
        h("span", {class: "card-actions"}, [
          h("a", {class: "btn small primary", href: invite.url, "aria-label": w("invites.accept_label", names),
            "data-testid": `accept-${invite.room}`}, [w("invites.accept")]),
          " ",
          h("button", {class: "btn small ghost", type: "button", disabled: busy, "aria-label": w("invites.decline_label", names),
            "data-testid": `decline-${invite.room}`, onclick: () => decline(invite.room)}, [w("invites.decline")]),
        ]),
      ]);
    })),
  ]);
}
