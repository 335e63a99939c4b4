// The lobby's "who are you" strip: on the first visit, a name and one button make a
// profile (POST /api/me: no password, kept by this browser); with a profile, a greeting and
// the way to My games. Playing without a profile stays possible: the strip asks nothing.

import {h, clear} from "./boards/svg.js";
import {getLang, onLangChange} from "./i18n.js";
import {linkSavedSeats, markProfile} from "./net.js";
import {p} from "./people_text.js";

/** The strip (a panel filled once GET /api/me answers; empty if the server does not). */
export function whoStrip() {
  const strip = h("section", {class: "panel who-strip", "aria-labelledby": "who-strip-title", "data-testid": "who-strip"});
  const state = {person: undefined, name: "", error: null, busy: false};

  function draw() {
    clear(strip);
    if (state.person === undefined) {
      strip.hidden = true;
      return;
    }
    strip.hidden = false;
    if (state.person) {
      strip.append(
        h("h2", {id: "who-strip-title", class: "who-strip-title"}, [p("me.hello", {name: state.person.name})]),
        h("a", {class: "btn small primary", href: "/me", "data-testid": "strip-my-games"}, [p("me.title")]),
      );
      return;
    }
    strip.append(...[
      h("h2", {id: "who-strip-title", class: "who-strip-title"}, [p("me.who")]),
      h("form", {class: "who-strip-form", onsubmit: (event) => { event.preventDefault(); create(); }}, [
        h("label", {for: "strip-name", class: "sr-only"}, [p("me.name")]),
        h("input", {id: "strip-name", type: "text", maxlength: "30", required: true, autocomplete: "nickname",
          placeholder: p("me.name"), value: state.name, "data-testid": "strip-name",
          oninput: (event) => { state.name = event.target.value; }}),
        h("button", {class: "btn small primary", type: "submit", disabled: state.busy, "data-testid": "strip-create"}, [p("me.create")]),
        h("a", {class: "small", href: "/me"}, [p("me.have_one")]),
      ]),
      h("p", {class: "muted small who-strip-help"}, [p("me.who_help")]),
      state.error ? h("p", {class: "form-error", role: "alert"}, [state.error]) : null,
    ].filter(Boolean));
  }

  async function create() {
    if (state.busy) return;
    state.busy = true;
    draw();
    try {
      const response = await fetch(`/api/me?lang=${getLang()}`, {
        method: "POST",
        headers: {"Content-Type": "application/json"},
        body: JSON.stringify({name: state.name, lang: getLang()}),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok) {
        state.person = body.person;
        state.error = null;
        markProfile(true, body.person.name);
        await linkSavedSeats();
      } else {
        state.error = (body.error && body.error.message) || `HTTP ${response.status}`;
      }
    } catch (error) {
      state.error = error.message;
    }
    state.busy = false;
    draw();
  }

  fetch("/api/me").then((response) => response.ok ? response.json() : null).then((body) => {
    if (!body) return;
    state.person = body.person;
    markProfile(Boolean(body.person), body.person && body.person.name);
    draw();
  }).catch(() => {});
  onLangChange(draw);
  draw();
  return strip;
}
