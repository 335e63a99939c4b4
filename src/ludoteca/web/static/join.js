// The join page (/join, /join/<code>): a phone types the four letters the table screen shows
// (or opens its QR code's link, which carries them) and goes to the room as a phone
// (/room/<id>/phone). A browser that sat at that table before is offered its seat back
// ("Rejoin as Ana": its seat token is kept, net.js); a full table is said so, with a way to
// watch; a wrong or expired code is the server's sentence in the person's language.

import {h, clear} from "./boards/svg.js";
import {getLang, onLangChange, tr} from "./i18n.js";
import {loadToken} from "./net.js";
import {rememberedSeat} from "./room_party.js";

const TEXT = {
  es: {
    title: "Unirse a una mesa",
    help: "Escribe las cuatro letras que muestra la pantalla de la mesa.",
    label: "Código de la mesa",
    submit: "Unirse",
    looking: "Buscando la mesa…",
    found: "{game}: mesa {code}",
    rejoin: "Volver como {name}",
    rejoin_help: "Este móvil ya tenía asiento en esta mesa.",
    full: "Esta mesa está llena: todos los asientos están ocupados.",
    watch: "Mirar desde este móvil",
    empty: "Escribe el código de la mesa.",
    offline: "No se pudo llegar al servidor: {error}",
  },
  en: {
    title: "Join a table",
    help: "Type the four letters the table screen shows.",
    label: "Table code",
    submit: "Join",
    looking: "Looking for the table…",
    found: "{game}: table {code}",
    rejoin: "Rejoin as {name}",
    rejoin_help: "This phone already had a seat at this table.",
    full: "This table is full: every seat is taken.",
    watch: "Watch on this phone",
    empty: "Type the table's code.",
    offline: "The server could not be reached: {error}",
  },
};
const j = (key, params = {}) => tr(TEXT, key, params, getLang());

/** The code of a /join or /join/<code> path ("" for /join), or null for another path. */
export function joinCodeFrom(pathname) {
  const match = /^\/join(?:\/([^/]*))?\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1] || "") : null;
}

function phonePath(roomId) {
  return `/room/${encodeURIComponent(roomId)}/phone`;
}

/** Mount the join page into `root`; `initial`: the code its path carried ("" for none). */
export function mountJoin(root, initial) {
  const S = {code: initial, busy: false, error: null, found: null};

  async function lookup() {
    const code = S.code.trim();
    S.found = null;
    if (!code) {
      S.error = j("empty");
      draw(true);
      return;
    }
    S.busy = true;
    S.error = null;
    draw();
    try {
      const response = await fetch(`/api/join/${encodeURIComponent(code)}?lang=${getLang()}`);
      const body = await response.json();
      if (!response.ok) S.error = (body.error && body.error.message) || String(response.status);
      else S.found = body;
    } catch (error) {
      S.error = j("offline", {error: error.message});
    }
    S.busy = false;
    const seat = S.found ? rememberedSeat(S.found.room) : null;
    const mine = S.found && seat !== null && loadToken(S.found.room) && S.found.seats[seat];
    if (S.found && !mine && !S.found.full) {
      location.assign(phonePath(S.found.room));  // a free seat: straight to the table
      return;
    }
    draw(true);
  }

  function result() {
    const found = S.found;
    if (!found) return null;
    const seat = rememberedSeat(found.room);
    const held = seat !== null && loadToken(found.room) ? found.seats[seat] : null;
    const parts = [h("p", {class: "join-found"}, [j("found", {game: found.game_name, code: found.code})])];
    if (held && held.name) {
      parts.push(h("p", {class: "muted"}, [j("rejoin_help")]));
      parts.push(h("a", {class: "btn primary big", href: phonePath(found.room), "data-testid": "rejoin"}, [j("rejoin", {name: held.name})]));
    } else {
      parts.push(h("p", {class: "banner warn", role: "alert", "data-testid": "join-full"}, [j("full")]));
      parts.push(h("a", {class: "btn", href: phonePath(found.room), "data-testid": "watch"}, [j("watch")]));
    }
    return h("div", {class: "join-result", "data-testid": "join-result"}, parts);
  }

  function draw(focus = false) {
    clear(root);
    document.title = `${j("title")} · Ludoteca`;
    const input = h("input", {
      id: "join-code", type: "text", "data-testid": "join-code", value: S.code, maxlength: "12",
      autocomplete: "off", autocapitalize: "characters", spellcheck: "false", "aria-describedby": "join-help",
      "aria-invalid": S.error ? "true" : "false", class: "join-code-input",
      oninput: (event) => { S.code = event.target.value; },
    });
    root.appendChild(h("section", {class: "panel join-page", "aria-labelledby": "join-title"}, [
      h("h1", {id: "join-title"}, [j("title")]),
      h("form", {class: "join-form", onsubmit: (event) => { event.preventDefault(); lookup(); }}, [
        h("label", {for: "join-code"}, [j("label")]),
        h("p", {id: "join-help", class: "muted small"}, [j("help")]),
        h("div", {class: "join-row"}, [
          input,
          h("button", {class: "btn primary", type: "submit", "data-testid": "join-submit", disabled: S.busy}, [S.busy ? j("looking") : j("submit")]),
        ]),
      ]),
      S.error ? h("p", {class: "banner error", role: "alert", "data-testid": "join-error"}, [S.error]) : null,
      result(),
    ]));
    if (focus && S.error) input.focus();
  }

  onLangChange(() => (S.found || S.error ? lookup() : draw()));
  draw();
  if (initial) lookup();
}
