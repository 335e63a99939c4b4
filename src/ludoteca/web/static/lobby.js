// The lobby page (/): the create-room form, the open tables (join a free seat or watch) and
// the game cards, each with its "How to play" page (/how/<game>).

import {h, clear} from "./boards/svg.js";
import {LANGS, getLang, onLangChange, t} from "./i18n.js";
import {saveCreator} from "./net.js";
import {pt} from "./room_party.js";
import {whoStrip} from "./me_strip.js";
import {p} from "./people_text.js";
import {learnLink} from "./lesson_links.js";
import {paceFields} from "./pace_ui.js";

const TIMER_CHOICES = [0, 30, 60, 120, 300];

/** GET /api/games in the current language: the list of GameCards. */
export async function fetchGames(lang = getLang()) {
  const response = await fetch(`/api/games?lang=${encodeURIComponent(lang)}`);
  if (!response.ok) throw new Error(t("error.http", {status: response.status}));
  const body = await response.json();
  return body.games || [];
}

/** The option that says a room's language (engine/options.py LANGUAGE_OPTION). */
const LANGUAGE_OPTION = "language";

/** Text for an option value: booleans as yes/no, a room's language by its name. */
export function optionValueText(value, name = "") {
  if (value === true) return t("lobby.yes");
  if (value === false) return t("lobby.no");
  if (value === null || value === undefined) return "—";
  if (name === LANGUAGE_OPTION && LANGS.includes(value)) return t(`lang.${value}`);
  return String(value);
}

/** A room's options for people: "Track length: 6, Blank cards: no" (labels from the game
 * card's option specs; a name the card does not list is shown as it is). */
export function optionsText(options, card) {
  const specs = card && Array.isArray(card.options) ? card.options : [];
  return Object.entries(options || {}).map(([name, value]) => {
    const spec = specs.find((o) => o.name === name);
    return `${spec && spec.label ? spec.label : name}: ${optionValueText(value, name)}`;
  }).join(", ");
}

function playersText(card) {
  return card.min_players === card.max_players
    ? t("lobby.players_one", {min: card.min_players})
    : t("lobby.players", {min: card.min_players, max: card.max_players});
}

function timerText(seconds) {
  if (!seconds) return t("lobby.timer_off");
  if (seconds % 60 === 0) return t("lobby.timer_minutes", {m: seconds / 60});
  return t("lobby.timer_seconds", {s: seconds});
}

function gameCard(card, choose, selected) {
  const options = (card.options || []).map((option) => h("li", {}, [
    h("strong", {}, [option.label || option.name]), " — ", option.help || "",
    h("span", {class: "muted"}, [" (", t("lobby.default", {value: optionValueText(option.default, option.name)}), ")"]),
  ]));
  return h("article", {
    class: "game-card" + (selected ? " selected" : ""),
    "data-game": card.id,
  }, [
    h("h3", {}, [card.name]),
    h("p", {class: "meta"}, [
      h("span", {class: "pill"}, [playersText(card)]),
      card.realtime ? h("span", {class: "pill accent"}, [t("lobby.realtime")]) : null,
    ]),
    h("p", {class: "summary"}, [card.summary]),
    options.length ? h("details", {class: "options"}, [
      h("summary", {}, [t("lobby.options")]),
      h("ul", {}, options),
    ]) : null,
    h("div", {class: "card-actions"}, [
      h("button", {class: "btn", type: "button", onclick: () => choose(card.id)}, [t("lobby.choose")]),
      h("a", {class: "btn ghost", href: `/how/${encodeURIComponent(card.id)}`, "data-testid": `how-${card.id}`}, [t("room.how_to_play")]),
      learnLink(card.id, {"data-testid": `learn-${card.id}`}),
    ]),
  ]);
}

/** The form control for one game option; `read()` gives its value in the option's type. */
function optionControl(option, form) {
  const id = `opt-${option.name}`;
  const saved = form.options[option.name];
  const value = saved === undefined ? option.default : saved;
  const remember = (v) => { form.options[option.name] = v; };
  let control;
  if (option.choices && option.choices.length) {
    control = h("select", {
      id, "data-option": option.name,
      onchange: (event) => remember(option.choices[Number(event.target.value)]),
    }, option.choices.map((choice, index) => h("option", {
      value: String(index), selected: choice === value,
    }, [optionValueText(choice, option.name)])));
  } else if (typeof option.default === "boolean") {
    control = h("input", {
      id, type: "checkbox", "data-option": option.name, checked: Boolean(value),
      onchange: (event) => remember(event.target.checked),
    });
  } else if (typeof option.default === "number") {
    control = h("input", {
      id, type: "number", "data-option": option.name, value: String(value),
      step: Number.isInteger(option.default) ? "1" : "any",
      oninput: (event) => remember(Number(event.target.value)),
    });
  } else {
    control = h("input", {
      id, type: "text", "data-option": option.name, value: value === null ? "" : String(value),
      oninput: (event) => remember(event.target.value),
    });
  }
  const isCheck = control.type === "checkbox";
  return h("div", {class: "field" + (isCheck ? " check" : "")}, [
    isCheck ? control : null,
    h("label", {for: id}, [option.label || option.name]),
    isCheck ? null : control,
    option.help ? h("small", {class: "help"}, [option.help]) : null,
  ]);
}

/** How often the lobby asks for the open tables again while it is shown. */
const OPEN_ROOMS_REFRESH_MS = 10000;

/** GET /api/rooms: the tables someone is at now. */
async function fetchOpenRooms() {
  const response = await fetch(`/api/rooms?lang=${encodeURIComponent(getLang())}`);
  if (!response.ok) throw new Error(t("error.http", {status: response.status}));
  return (await response.json()).rooms || [];
}

function openRoomRow(row) {
  const href = `/room/${encodeURIComponent(row.id)}`;
  let state = t("lobby.room_playing");
  if (row.status === "lobby") {
    state = row.free === 0 ? t("lobby.room_full") : row.free === 1 ? t("lobby.room_lobby_one") : t("lobby.room_lobby", {n: row.free});
  }
  const canJoin = row.status === "lobby" && row.free > 0;
  return h("li", {class: "open-room", "data-room": row.id, "data-status": row.status}, [
    h("div", {class: "open-room-info"}, [
      h("strong", {}, [row.game_name]), " · ", h("span", {}, [state]),
      row.people && row.people.length ? h("span", {class: "muted small"}, [" · ", row.people.join(", ")]) : null,
      row.spectators ? h("span", {class: "muted small"}, [" · ", t("lobby.spectators", {n: row.spectators})]) : null,
    ]),
    h("a", {class: `btn small${canJoin ? " primary" : ""}`, href, "data-testid": canJoin ? `join-${row.id}` : `watch-${row.id}`},
      [canJoin ? t("lobby.join") : t("lobby.watch")]),
  ]);
}

function openRoomsPanel(rooms) {
  return h("section", {class: "panel open-rooms", "aria-labelledby": "open-rooms-title", "data-testid": "open-rooms"}, [
    h("h2", {id: "open-rooms-title"}, [t("lobby.open_rooms")]),
    rooms.length
      ? h("ul", {class: "open-room-list"}, rooms.map(openRoomRow))
      : h("p", {class: "muted"}, [t("lobby.no_open_rooms")]),
  ]);
}

/** Mount the lobby into `root`. */
export function mountLobby(root) {
  // "/?game=<id>" (the "Play" link of a How to play page) chooses that game in the form.
  const asked = new URLSearchParams(location.search).get("game");
  const form = {game: asked, players: null, options: {}, turnSeconds: 0, unlisted: false, pace: null, busy: false, error: null};
  let games = null;
  let loadError = null;
  let openRooms = [];
  let openRoomsShown = null;
  const strip = whoStrip();  // made once: it asks the server who this is once per visit

  const choose = (id) => {
    if (form.game !== id) {
      form.game = id;
      form.options = {};
      form.players = null;
    }
    draw();
    const target = root.querySelector(".create");
    if (target && target.scrollIntoView) target.scrollIntoView({behavior: "smooth", block: "start"});
  };

  // asTable: open the new room as its table screen (party mode), else as a player's page.
  async function create(asTable = false) {
    const card = games && games.find((g) => g.id === form.game);
    if (!card || form.busy) return;
    form.busy = true;
    form.error = null;
    draw();
    const options = {};
    for (const option of card.options || []) {
      if (form.options[option.name] !== undefined) options[option.name] = form.options[option.name];
    }
    if (form.pace) options.pace = form.pace;
    try {
      const response = await fetch(`/api/rooms?lang=${getLang()}`, {
        method: "POST",
        headers: {"Content-Type": "application/json", "Accept-Language": getLang()},
        body: JSON.stringify({
          game: card.id,
          players: form.players || card.min_players,
          options,
          turn_seconds: form.pace ? 0 : form.turnSeconds,
          unlisted: form.unlisted,
        }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok && body.invite) {
        saveCreator(body.room, body.creator);
        location.assign(asTable ? `${body.invite}/table` : body.invite);
        return;
      }
      form.error = (body.error && body.error.message) || t("error.http", {status: response.status});
    } catch (error) {
      form.error = t("error.network", {error: error.message});
    }
    form.busy = false;
    draw();
  }

  function createForm() {
    const card = games.find((g) => g.id === form.game) || games[0];
    form.game = card.id;
    const players = [];
    for (let n = card.min_players; n <= card.max_players; n += 1) players.push(n);
    if (!players.includes(form.players)) form.players = card.min_players;
    return h("section", {class: "panel create", "aria-labelledby": "create-title"}, [
      h("h2", {id: "create-title"}, [t("lobby.create")]),
      h("form", {
        class: "create-form",
        onsubmit: (event) => { event.preventDefault(); create(); },
      }, [
        h("div", {class: "row"}, [
          h("div", {class: "field grow"}, [
            h("label", {for: "game-select"}, [t("lobby.game")]),
            h("select", {
              id: "game-select", "data-testid": "game-select",
              onchange: (event) => choose(event.target.value),
            }, games.map((g) => h("option", {value: g.id, selected: g.id === card.id}, [g.name]))),
          ]),
          h("div", {class: "field"}, [
            h("label", {for: "players-select"}, [t("lobby.num_players")]),
            h("select", {
              id: "players-select", "data-testid": "players-select",
              onchange: (event) => { form.players = Number(event.target.value); },
            }, players.map((n) => h("option", {value: String(n), selected: n === form.players},
              [String(n)]))),
          ]),
          form.pace ? null : h("div", {class: "field"}, [
            h("label", {for: "timer-select"}, [t("lobby.turn_timer")]),
            h("select", {
              id: "timer-select", "data-testid": "timer-select", title: t("lobby.timer_help"),
              onchange: (event) => { form.turnSeconds = Number(event.target.value); },
            }, TIMER_CHOICES.map((s) => h("option", {value: String(s), selected: s === form.turnSeconds},
              [timerText(s)]))),
          ]),
        ]),
        h("p", {class: "summary"}, [card.summary]),
        (card.options || []).length
          ? h("fieldset", {class: "options-fields"}, [
            h("legend", {}, [t("lobby.options")]),
            ...(card.options || []).map((option) => optionControl(option, form)),
          ])
          : null,
        paceFields(card, form, draw),
        h("div", {class: "field check"}, [
          h("input", {id: "unlisted", type: "checkbox", "data-testid": "unlisted", checked: form.unlisted,
            onchange: (event) => { form.unlisted = event.target.checked; }}),
          h("label", {for: "unlisted"}, [p("lobby.unlisted")]),
        ]),
        form.error ? h("p", {class: "form-error", role: "alert", "data-testid": "error"}, [form.error]) : null,
        h("button", {
          class: "btn primary big", type: "submit", "data-testid": "create-room", disabled: form.busy,
        }, [form.busy ? t("lobby.creating") : t("lobby.create_button")]),
        h("button", {
          class: "btn big", type: "button", "data-testid": "create-table", disabled: form.busy,
          title: pt("open.table_help"), onclick: () => create(true),
        }, [pt("lobby.create_table")]),
        h("p", {class: "muted small"}, [pt("open.table_help"), " ", h("a", {href: "/join"}, [pt("lobby.join_link")])]),
      ]),
    ]);
  }

  function draw() {
    clear(root);
    document.title = t("app.title");
    root.appendChild(h("section", {class: "hero"}, [
      h("h1", {}, [t("app.title")]),
      h("p", {}, [t("app.tagline")]),
    ]));
    root.appendChild(strip);
    if (loadError) {
      root.appendChild(h("p", {class: "banner error", role: "alert"}, [t("lobby.load_failed", {error: loadError})]));
      return;
    }
    if (!games) {
      root.appendChild(h("p", {class: "muted"}, [t("lobby.loading")]));
      return;
    }
    if (!games.length) return;
    root.appendChild(createForm());
    openRoomsShown = openRoomsPanel(openRooms);
    root.appendChild(openRoomsShown);
    root.appendChild(h("section", {class: "games", "aria-labelledby": "games-title"}, [
      h("h2", {id: "games-title"}, [t("lobby.games")]),
      h("div", {class: "game-grid"}, games.map((g) => gameCard(g, choose, g.id === form.game))),
    ]));
  }

  async function load() {
    try {
      [games, openRooms] = await Promise.all([fetchGames(), fetchOpenRooms().catch(() => [])]);
      loadError = null;
    } catch (error) {
      loadError = error.message;
    }
    draw();
  }

  // The open tables refresh by themselves while the page is shown (people sit down, games
  // start and end); only their panel is redrawn, so the form keeps its focus and choices.
  async function refreshOpenRooms() {
    if (!root.isConnected) {
      clearInterval(refreshTimer);
      return;
    }
    if (document.hidden || !games || !openRoomsShown) return;
    let rooms;
    try {
      rooms = await fetchOpenRooms();
    } catch (error) {
      return;  // the next tick asks again
    }
    if (JSON.stringify(rooms) === JSON.stringify(openRooms) || !openRoomsShown) return;
    openRooms = rooms;
    const fresh = openRoomsPanel(openRooms);
    openRoomsShown.replaceWith(fresh);
    openRoomsShown = fresh;
  }
  const refreshTimer = setInterval(refreshOpenRooms, OPEN_ROOMS_REFRESH_MS);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refreshOpenRooms(); });

  draw();
  load();
  onLangChange(() => load());
}
