// The person's page (/me): make a profile (or sign in from another device with a passkey
// or an e-mailed link), then My games, ratings, profile, devices and data.
//
// The session is an httpOnly cookie the page never reads; localStorage["ludoteca.person"]
// only remembers that this browser has one (so the table links a seat to it without asking
// the server first; net.js), and the profile's name becomes the name the table offers.

import {h, clear} from "./boards/svg.js";
import {getLang, onLangChange, setLang} from "./i18n.js";
import {digestForm, digestPanel} from "./me_digest.js";
import {gamesPanel, ratingsPanel} from "./me_games.js";
import {invitesPanel} from "./me_invites.js";
import {linkSavedSeats, markProfile} from "./net.js";
import {p} from "./people_text.js";

const COLOURS = ["#b03a2e", "#1f618d", "#117a65", "#7d3c98", "#b9770e", "#2e4053"];

/** A JSON request to the people API: {ok, status, body}. */
async function api(method, path, body) {
  const sep = path.includes("?") ? "&" : "?";
  const init = {method, headers: {"Accept-Language": getLang()}};
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${path}${sep}lang=${getLang()}`, init);
  const answer = await response.json().catch(() => ({}));
  return {ok: response.ok, status: response.status, body: answer};
}

function errorText(result) {
  return (result.body && result.body.error && result.body.error.message) || `HTTP ${result.status}`;
}

// WebAuthn's JSON forms <-> the browser's objects (Chromium has the parse/toJSON helpers;
// the fallback converts the base64url fields itself).
function fromBase64url(text) {
  const base = text.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base + "===".slice((base.length + 3) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0)).buffer;
}

function toBase64url(buffer) {
  let raw = "";
  for (const byte of new Uint8Array(buffer)) raw += String.fromCharCode(byte);
  return btoa(raw).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function creationOptions(json) {
  if (PublicKeyCredential.parseCreationOptionsFromJSON) return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  return {...json, challenge: fromBase64url(json.challenge), user: {...json.user, id: fromBase64url(json.user.id)},
    excludeCredentials: (json.excludeCredentials || []).map((c) => ({...c, id: fromBase64url(c.id)}))};
}

function requestOptions(json) {
  if (PublicKeyCredential.parseRequestOptionsFromJSON) return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  return {...json, challenge: fromBase64url(json.challenge),
    allowCredentials: (json.allowCredentials || []).map((c) => ({...c, id: fromBase64url(c.id)}))};
}

function credentialJSON(credential) {
  if (credential.toJSON) return credential.toJSON();
  const response = {clientDataJSON: toBase64url(credential.response.clientDataJSON)};
  for (const name of ["attestationObject", "authenticatorData", "signature", "userHandle"]) {
    if (credential.response[name]) response[name] = toBase64url(credential.response[name]);
  }
  return {id: credential.id, rawId: toBase64url(credential.rawId), type: credential.type, response};
}

/** Mount the person's page into `root`. */
export function mountMe(root) {
  const view = {me: null, games: null, ratings: [], busy: false, error: null, notice: null,
    name: "", colour: COLOURS[0], email: "", confirming: false};
  const linkToken = new URLSearchParams(location.hash.slice(1)).get("link");

  // A message is {key} (one of ours: drawn in the page's language, also after a switch)
  // or {text} (the server's, already in the language asked).
  function say(text, isError, key = null) {
    const message = key ? {key} : text ? {text} : null;
    view.error = isError ? message : null;
    view.notice = isError ? null : message;
  }

  function shownText(message) {
    return message.key ? p(message.key) : message.text;
  }

  async function load() {
    const me = await api("GET", "/api/me");
    view.me = me.ok ? me.body : {person: null, mail: false};
    markProfile(Boolean(view.me.person), view.me.person && view.me.person.name);
    if (view.me.person) {
      const games = await api("GET", "/api/me/games");
      view.games = games.ok ? games.body.games : [];
      const invites = await api("GET", "/api/me/invites");
      view.invites = invites.ok ? invites.body.invites : [];
      view.ratings = games.ok ? games.body.ratings : [];
      view.email = view.me.person.email;
      const digest = await api("GET", "/api/me/digest");
      view.digest = digestForm(digest.ok ? digest.body : null);
    }
    draw();
  }

  async function act(work) {
    if (view.busy) return;
    view.busy = true;
    draw();
    try {
      await work();
    } catch (error) {
      say(p("me.passkey_failed", {error: error.message}), true);  // the browser's words
    }
    view.busy = false;
    await load();
  }

  const create = () => act(async () => {
    const made = await api("POST", "/api/me", {name: view.name, lang: getLang(), colour: view.colour});
    if (!made.ok) say(errorText(made), true);
    else {
      say(null, false);
      await linkSavedSeats();
    }
  });

  const useLink = () => act(async () => {
    const used = await api("POST", "/api/me/link", {token: linkToken});
    history.replaceState(null, "", "/me");
    if (!used.ok) say(errorText(used), true);
    else {
      await linkSavedSeats();
      if (used.body.person && used.body.person.lang !== getLang()) setLang(used.body.person.lang);
    }
  });

  const sendLink = () => act(async () => {
    const sent = await api("POST", "/api/me/link/send", {email: view.email});
    say(sent.ok ? sent.body.message : errorText(sent), !sent.ok);
  });

  const passkeySignIn = () => act(async () => {
    if (!window.PublicKeyCredential) throw new Error(p("me.passkey_unsupported"));
    const begun = await api("POST", "/api/me/passkeys/sign-in/options", {});
    if (!begun.ok) return say(errorText(begun), true);
    const credential = await navigator.credentials.get({publicKey: requestOptions(begun.body.options)});
    const done = await api("POST", "/api/me/passkeys/sign-in", {key: begun.body.key, credential: credentialJSON(credential)});
    say(done.ok ? null : errorText(done), !done.ok);
    if (done.ok) await linkSavedSeats();
  });

  const passkeyAdd = () => act(async () => {
    if (!window.PublicKeyCredential) throw new Error(p("me.passkey_unsupported"));
    const begun = await api("POST", "/api/me/passkeys/options", {});
    if (!begun.ok) return say(errorText(begun), true);
    const credential = await navigator.credentials.create({publicKey: creationOptions(begun.body.options)});
    const done = await api("POST", "/api/me/passkeys", {key: begun.body.key, credential: credentialJSON(credential)});
    say(done.ok ? null : errorText(done), !done.ok, done.ok ? "me.passkey_added" : null);
  });

  const change = (fields) => act(async () => {
    const changed = await api("PATCH", "/api/me", fields);
    say(changed.ok ? null : errorText(changed), !changed.ok, changed.ok ? "me.saved" : null);
  });

  const saveDigest = (body) => act(async () => {
    const saved = await api("PUT", "/api/me/digest", body);
    say(saved.ok ? null : errorText(saved), !saved.ok, saved.ok ? (body.on ? "digest.saved_on" : "digest.saved_off") : null);
  });

  const signOut = () => act(async () => {
    await api("POST", "/api/me/sign-out", {});
    say(null, false);
  });

  const remove = () => act(async () => {
    const gone = await api("DELETE", "/api/me");
    view.confirming = false;
    say(gone.ok ? null : errorText(gone), !gone.ok, gone.ok ? "me.deleted" : null);
  });

  function field(id, label, input, help) {
    return h("div", {class: "field"}, [h("label", {for: id}, [label]), input, help ? h("small", {class: "help", id: `${id}-help`}, [help]) : null]);
  }

  function colourPicker() {
    return h("fieldset", {class: "colours"}, [
      h("legend", {}, [p("me.colour")]),
      ...COLOURS.map((colour, index) => h("label", {class: "colour-choice"}, [
        h("input", {type: "radio", name: "colour", value: colour, checked: view.colour === colour,
          onchange: () => { view.colour = colour; }}),
        h("span", {class: "swatch", style: `background:${colour}`, "aria-hidden": "true"}),
        h("span", {class: "sr-only"}, [p("me.colour_n", {n: index + 1})]),
      ])),
    ]);
  }

  function messages() {
    return [
      view.error ? h("p", {class: "form-error", role: "alert", "data-testid": "me-error"}, [shownText(view.error)]) : null,
      view.notice ? h("p", {class: "banner", role: "status", "data-testid": "me-notice"}, [shownText(view.notice)]) : null,
    ];
  }

  function welcome() {
    const me = view.me;
    return [
      linkToken ? h("section", {class: "panel", "aria-labelledby": "link-title"}, [
        h("h2", {id: "link-title"}, [p("me.link_here")]),
        h("button", {class: "btn primary", type: "button", id: "use-link", "data-testid": "use-link", disabled: view.busy, onclick: useLink}, [p("me.link_use")]),
      ]) : null,
      h("section", {class: "panel", "aria-labelledby": "who-title"}, [
        h("h2", {id: "who-title"}, [p("me.who")]),
        h("p", {class: "muted"}, [p("me.who_help")]),
        h("form", {class: "me-form", onsubmit: (event) => { event.preventDefault(); create(); }}, [
          field("me-name", p("me.name"), h("input", {id: "me-name", type: "text", maxlength: "30", required: true,
            autocomplete: "nickname", value: view.name, "data-testid": "me-name",
            oninput: (event) => { view.name = event.target.value; }})),
          colourPicker(),
          h("button", {class: "btn primary", type: "submit", disabled: view.busy, id: "me-create", "data-testid": "me-create"},
            [view.busy ? p("me.creating") : p("me.create")]),
        ]),
      ]),
      h("section", {class: "panel", "aria-labelledby": "other-title"}, [
        h("h2", {id: "other-title"}, [p("me.have_one")]),
        h("button", {class: "btn", type: "button", disabled: view.busy, id: "passkey-sign-in", "data-testid": "passkey-sign-in", onclick: passkeySignIn}, [p("me.passkey_sign_in")]),
        me.mail ? h("form", {class: "me-form", onsubmit: (event) => { event.preventDefault(); sendLink(); }}, [
          field("me-email", p("me.email_label"), h("input", {id: "me-email", type: "email", autocomplete: "email",
            value: view.email, oninput: (event) => { view.email = event.target.value; }})),
          h("button", {class: "btn", type: "submit", disabled: view.busy}, [p("me.email_send")]),
        ]) : null,
      ]),
    ];
  }

  function profile(person) {
    return [
      invitesPanel(view.invites, view.busy, (room) => act(async () => {
        const result = await api("POST", `/api/me/invites/${encodeURIComponent(room)}/decline`);
        if (!result.ok) say(errorText(result), true);
      })),
      gamesPanel(view.games || []),
      ratingsPanel(person, view.ratings, (on) => change({ratings: on})),
      h("section", {class: "panel", "aria-labelledby": "profile-title"}, [
        h("h2", {id: "profile-title"}, [p("me.profile")]),
        h("form", {class: "me-form", onsubmit: (event) => { event.preventDefault(); change({name: view.name, colour: view.colour, email: view.email}); }}, [
          field("me-name", p("me.name"), h("input", {id: "me-name", type: "text", maxlength: "30", required: true,
            value: view.name, oninput: (event) => { view.name = event.target.value; }})),
          colourPicker(),
          field("me-email", p("me.email_label"), h("input", {id: "me-email", type: "email", autocomplete: "email",
            value: view.email, "aria-describedby": "me-email-help", oninput: (event) => { view.email = event.target.value; }}), p("me.email_help")),
          h("button", {class: "btn", type: "submit", disabled: view.busy}, [p("me.save")]),
        ]),
      ]),
      view.digest ? digestPanel(view.digest, person, view.busy, saveDigest) : null,
      h("section", {class: "panel", "aria-labelledby": "devices-title"}, [
        h("h2", {id: "devices-title"}, [p("me.devices")]),
        h("p", {}, [p("me.passkeys", {n: view.me.passkeys || 0})]),
        h("button", {class: "btn", type: "button", disabled: view.busy, id: "passkey-add", "data-testid": "passkey-add", onclick: passkeyAdd}, [p("me.passkey_add")]),
      ]),
      h("section", {class: "panel", "aria-labelledby": "data-title"}, [
        h("h2", {id: "data-title"}, [p("me.data")]),
        h("p", {class: "card-actions"}, [
          h("a", {class: "btn ghost", href: `/api/me/export?lang=${getLang()}`, download: "ludoteca-me.json"}, [p("me.export")]),
          h("button", {class: "btn ghost", type: "button", disabled: view.busy, id: "sign-out", "data-testid": "sign-out", onclick: signOut}, [p("me.sign_out")]),
          view.confirming ? null : h("button", {class: "btn danger", type: "button", id: "delete-me", "data-testid": "delete-me", onclick: () => { view.confirming = true; draw(); document.getElementById("delete-yes").focus(); }}, [p("me.delete")]),
        ]),
        view.confirming ? h("div", {class: "confirm", role: "alertdialog", "aria-labelledby": "delete-q"}, [
          h("p", {id: "delete-q"}, [p("me.delete_confirm")]),
          h("button", {class: "btn danger", type: "button", id: "delete-yes", "data-testid": "delete-yes", onclick: remove}, [p("me.delete_yes")]),
          " ",
          h("button", {class: "btn", type: "button", onclick: () => { view.confirming = false; draw(); document.getElementById("delete-me").focus(); }}, [p("me.delete_no")]),
        ]) : null,
      ]),
    ];
  }

  function draw() {
    const focused = document.activeElement && document.activeElement.id;
    clear(root);
    document.title = `${p("me.title")} · Ludoteca`;
    const person = view.me && view.me.person;
    if (person && !view.name) {
      view.name = person.name;
      view.colour = person.colour;
    }
    root.appendChild(h("section", {class: "hero"}, [
      h("h1", {}, [person ? p("me.hello", {name: person.name}) : p("me.title")]),
    ]));
    for (const node of messages()) if (node) root.appendChild(node);
    if (!view.me) {
      root.appendChild(h("p", {class: "muted"}, [p("me.loading")]));
      return;
    }
    for (const node of person ? profile(person) : welcome()) if (node) root.appendChild(node);
    if (focused) {
      const again = document.getElementById(focused);
      if (again) again.focus();
    }
  }

  draw();
  load();
  onLangChange(() => load());
}
