// Links to a game's lesson (/learn/<game>) from the lobby, How to play and the room: shown
// only for the games that have one (GET /api/lessons, asked once per page).

import {h} from "./boards/svg.js";
import {t} from "./i18n.js";
import {s} from "./lesson_text.js";

let known = null;

/** The ids of the games that have a lesson (a Set; empty when the list cannot be read). */
export function lessonGames() {
  if (!known) {
    known = fetch("/api/lessons")
      .then((response) => (response.ok ? response.json() : {lessons: []}))
      .then((body) => new Set((body.lessons || []).map((entry) => entry.game)))
      .catch(() => new Set());
  }
  return known;
}

/** The lesson page's path for `game`. */
export function lessonPath(game) {
  return `/learn/${encodeURIComponent(game)}`;
}

/** A link to `game`'s lesson with `attrs` (class, data-testid...), hidden until the game
 * is known to have one. */
export function learnLink(game, attrs = {}) {
  const link = h("a", {class: "btn ghost", ...attrs, href: lessonPath(game), hidden: true}, [s("learn.link")]);
  lessonGames().then((games) => { if (games.has(game)) link.hidden = false; });
  return link;
}

/** The room's links to How to play and to the lesson (each opens beside the game). */
export function gameLinks(game) {
  const beside = {target: "_blank", rel: "noopener"};
  return [
    h("a", {class: "btn small ghost how-link", href: `/how/${encodeURIComponent(game)}`, ...beside, "data-testid": "how-to-play"}, [t("room.how_to_play")]),
    learnLink(game, {class: "btn small ghost", ...beside, "data-testid": "room-learn"}),
  ];
}
