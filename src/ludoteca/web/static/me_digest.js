// The daily e-mail digest's panel on /me: on or off, and the hour (in the browser's own
// time zone, which is sent with it). The server sends it (notify/digest.py).

import {h} from "./boards/svg.js";
import {p} from "./people_text.js";

/** The browser's IANA time zone ("UTC" when it does not say). */
export function browserZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** A fresh form state from the server's answer (GET /api/me/digest). */
export function digestForm(digest) {
  return {on: Boolean(digest && digest.on), hour: digest ? digest.hour : 8, mail: Boolean(digest && digest.mail)};
}

/**
 * The panel. `form` is {on, hour, mail} (changed in place as the person edits it);
 * `save(body)` sends PUT /api/me/digest's body.
 */
export function digestPanel(form, person, busy, save) {
  const tz = browserZone();
  const hours = [];
  for (let hour = 0; hour < 24; hour += 1) {
    hours.push(h("option", {value: String(hour), selected: form.hour === hour}, [`${String(hour).padStart(2, "0")}:00`]));
  }
  const submit = (event) => {
    event.preventDefault();
    save(form.on ? {on: true, hour: form.hour, tz} : {on: false});
  };
  let body;
  if (!form.mail) body = [h("p", {class: "muted"}, [p("digest.no_mail")])];
  else {
    body = [
      h("p", {class: "muted", id: "digest-help"}, [p("digest.help")]),
      person.email ? null : h("p", {class: "muted"}, [p("digest.need_email")]),
      h("form", {class: "me-form", onsubmit: submit, "data-testid": "digest-form"}, [
        h("label", {class: "check"}, [
          h("input", {type: "checkbox", id: "digest-on", "data-testid": "digest-on", checked: form.on,
            "aria-describedby": "digest-help", onchange: (event) => { form.on = event.target.checked; }}),
          " ", p("digest.on"),
        ]),
        h("div", {class: "field"}, [
          h("label", {for: "digest-hour"}, [p("digest.hour", {tz})]),
          h("select", {id: "digest-hour", "data-testid": "digest-hour",
            onchange: (event) => { form.hour = Number(event.target.value); }}, hours),
        ]),
        h("button", {class: "btn", type: "submit", disabled: busy, "data-testid": "digest-save"}, [p("digest.save")]),
      ]),
    ];
  }
  return h("section", {class: "panel", "aria-labelledby": "digest-title", "data-testid": "digest-panel"}, [
    h("h2", {id: "digest-title"}, [p("digest.title")]),
    ...body,
  ]);
}
