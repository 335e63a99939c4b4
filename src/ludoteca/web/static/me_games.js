// My games (/me): the list of the games a person sits in, most urgent first, as the
// server sorted them (GET /api/me/games), in four groups: your move, waiting for others,
// tables not started, finished games with their record and replay.

import {h} from "./boards/svg.js";
import {saveToken} from "./net.js";
import {p} from "./people_text.js";

/** "2 h 5 min", "40 s": a time left for people. */
export function timeText(ms) {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return p("me.seconds", {s: seconds});
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return p("me.minutes", {m: minutes});
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return p("me.hours", {h: hours, m: minutes % 60});
  return p("me.days", {d: Math.floor(hours / 24), h: hours % 24});
}

function namesText(names) {
  return names.join(", ");
}

function othersText(game) {
  if (!game.others.length) return p("me.alone");
  return p("me.against", {names: namesText(game.others.map((o) => o.bot ? p("me.bot_mark", {name: o.name}) : o.name))});
}

function group(game) {
  if (game.status === "playing") return game.your_move ? "your_move" : "waiting";
  return game.status === "lobby" ? "lobby" : "finished";
}

/** Before opening a game from another device: keep its seat token, so the table seats
 * this browser where the person sits. */
function opener(game) {
  return () => saveToken(game.room, game.token);
}

function gameItem(game) {
  const lines = [];
  if (game.status === "playing") {
    if (game.your_move) {
      lines.push(h("span", {class: "pill accent"}, [p("me.your_move")]));
      lines.push(" ", game.time_left_ms === null ? p("me.no_clock") : p("me.left", {time: timeText(game.time_left_ms)}));
    } else if (game.to_move.length) {
      lines.push(p("me.to_move", {names: namesText(game.to_move)}));
    }
  }
  const record = game.record.map((row) => h("li", {}, [p("me.record_line", {
    n: row.game_no, result: p(`me.result.${row.result}`), names: namesText(row.against),
  })]));
  const finished = game.status === "finished";
  return h("li", {class: "my-game", "data-room": game.room, "data-status": game.status, "data-your-move": String(game.your_move)}, [
    h("div", {class: "my-game-info"}, [
      h("strong", {}, [game.game_name]), " · ", h("span", {}, [othersText(game)]),
      lines.length ? h("div", {class: "my-game-turn"}, lines) : null,
      record.length ? h("details", {class: "my-game-record"}, [
        h("summary", {}, [p("me.record", {game: game.game_name})]),
        h("ul", {}, record),
      ]) : null,
    ]),
    h("a", {
      class: `btn small${game.your_move ? " primary" : ""}`, href: game.url, onclick: opener(game),
      "data-testid": `open-${game.room}`,
    }, [finished ? p("me.replay") : p("me.open")]),
  ]);
}

/** The My games panel: the groups that hold a game, each a heading and a list. */
export function gamesPanel(games) {
  const groups = {your_move: [], waiting: [], lobby: [], finished: []};
  for (const game of games) groups[group(game)].push(game);
  const sections = Object.entries(groups).filter(([, list]) => list.length).map(([name, list]) =>
    h("section", {class: "my-games-group", "aria-labelledby": `my-${name}`, "data-group": name}, [
      h("h3", {id: `my-${name}`}, [p(`me.${name}`)]),
      h("ul", {class: "my-game-list"}, list.map(gameItem)),
    ]));
  return h("section", {class: "panel my-games", "aria-labelledby": "my-games-title", "data-testid": "my-games"}, [
    h("h2", {id: "my-games-title"}, [p("me.title")]),
    ...(sections.length ? sections : [h("p", {class: "muted"}, [p("me.none")])]),
  ]);
}

/** The ratings panel: the opt-in switch and, when on, one line per rated game. */
export function ratingsPanel(person, ratings, toggle) {
  const lines = person.ratings
    ? (ratings.length
      ? h("ul", {class: "ratings"}, ratings.map((r) => h("li", {"data-game": r.game}, [
        p("me.rating_row", {game: r.game_name, rating: r.rating, n: r.games}),
      ])))
      : h("p", {class: "muted"}, [p("me.ratings_none")]))
    : null;
  return h("section", {class: "panel my-ratings", "aria-labelledby": "ratings-title"}, [
    h("h2", {id: "ratings-title"}, [p("me.ratings")]),
    h("div", {class: "field check"}, [
      h("input", {id: "ratings-on", type: "checkbox", checked: person.ratings, "data-testid": "ratings-on",
        onchange: (event) => toggle(event.target.checked)}),
      h("label", {for: "ratings-on"}, [p("me.ratings_on")]),
    ]),
    lines,
  ]);
}
