// The shell's entry point: the page header and routing by location.pathname.
//   /                -> the lobby (lobby.js)
//   /room/<room id>  -> the room (room.js)
//   /how/<game id>   -> how to play that game (guide.js)
//   /learn/<game id> -> the game's lesson (lesson.js)
//   /room/<id>/table, /room/<id>/phone -> the room as a table screen or a phone (party mode)
//   /join, /join/<code> -> type a table's code, or open its QR link (join.js)
//   /me              -> the person's profile and My games (me.js)

import {el, h, clear} from "./boards/svg.js";
import {LANGS, getLang, onLangChange, setLang, t} from "./i18n.js";
import {guideIdFrom, mountGuide} from "./guide.js";
import {mountLobby} from "./lobby.js";
import {mountMe} from "./me.js";
import {p as peopleText} from "./people_text.js";
import {lessonIdFrom, mountLesson} from "./lesson.js";
import {mountRoom} from "./room.js";
import {joinCodeFrom, mountJoin} from "./join.js";
import {s as screenText} from "./room_text.js";

/** The room id of a /room/<id> path, or null. */
export function roomIdFrom(pathname) {
  const match = /^\/room\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

/** {id, mode} of a party-mode room path (/room/<id>/table or /room/<id>/phone), or null. */
export function roomModeFrom(pathname) {
  const match = /^\/room\/([^/]+)\/(table|phone)\/?$/.exec(pathname);
  return match ? {id: decodeURIComponent(match[1]), mode: match[2]} : null;
}

function header(root) {
  const select = h("select", {
    id: "lang-switch",
    "data-testid": "lang-switch",
    "aria-label": t("lang.label"),
    onchange: (event) => setLang(event.target.value),
  }, LANGS.map((lang) => h("option", {value: lang, selected: lang === getLang()},
    [t(`lang.${lang}`)])));
  // The skip link: the first stop of Tab, to the page's content (the room's moves, where a
  // player acts) past the header.
  const skip = h("a", {class: "skip-link", href: "#app", "data-testid": "skip-link", onclick: (event) => {
    event.preventDefault();
    const moves = document.querySelector(".panel.moves");
    const target = moves && moves.offsetParent !== null ? moves : root;
    target.setAttribute("tabindex", "-1");
    target.focus();
    target.scrollIntoView({block: "start"});
  }}, [screenText("skip.main")]);
  return h("header", {class: "topbar"}, [
    skip,
    h("a", {class: "brand", href: "/", title: t("nav.lobby")}, [
      el("svg", {class: "brand-mark", viewBox: "0 0 32 32", width: 28, height: 28, "aria-hidden": "true"}, [
        el("rect", {x: 3, y: 3, width: 26, height: 26, rx: 6, fill: "#e9a23b"}),
        ...[[11, 11], [21, 11], [16, 16], [11, 21], [21, 21]].map(([cx, cy]) =>
          el("circle", {cx, cy, r: 2.6, fill: "#fff"})),
      ]),
      h("span", {class: "brand-name"}, [t("app.title")]),
    ]),
    h("a", {class: "nav-me", href: "/me", "data-testid": "nav-me"}, [peopleText("nav.me")]),
    h("label", {class: "lang"}, [h("span", {class: "sr-only"}, [t("lang.label")]), select]),
  ]);
}

function start() {
  const root = document.getElementById("app");
  document.documentElement.lang = getLang();
  const top = document.getElementById("top");
  const drawHeader = () => {
    clear(top);
    top.appendChild(header(root));
  };
  drawHeader();
  onLangChange(drawHeader);
  const roomId = roomIdFrom(location.pathname);
  const guideId = guideIdFrom(location.pathname);
  const lessonId = lessonIdFrom(location.pathname);
  const party = roomModeFrom(location.pathname);
  const code = joinCodeFrom(location.pathname);
  if (roomId) mountRoom(root, roomId);
  else if (party) mountRoom(root, party.id, party.mode);
  else if (code !== null) mountJoin(root, code);
  else if (guideId) mountGuide(root, guideId);
  else if (/^\/me\/?$/.test(location.pathname)) mountMe(root);
  else if (lessonId) mountLesson(root, lessonId);
  else mountLobby(root);
}

start();

// The service worker: the installed app's shell, and the pushes (sw.js).
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
