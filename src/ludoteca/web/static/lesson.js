// The lesson page (/learn/<game>): a game's lesson step by step on the game's own board.
//
// The server holds each step's position and judges each try (GET /api/lessons/<game>, GET
// .../steps/<step>, POST .../steps/<step>/try; docs/protocol.md, "Lessons"). The board is
// the room's (boards/<game>.js, its ctx as the room builds it) and so is the moves list
// (room_moves.js); a "show" step has a Continue button instead of moves. Progress is kept in
// this browser: localStorage["ludoteca.lesson.<step id>"] once a step is done, and
// localStorage["ludoteca.lesson.at.<game>"] the step the person is on ("end" after the last),
// so a lesson left is resumed where it was. After the last step, a short game against the
// lesson's gentle bot in a real room (lesson_final.js).

import {h, clear} from "./boards/svg.js";
import {getLang, onLangChange, t} from "./i18n.js";
import {drawMoves as drawMovesPanel} from "./room_moves.js";
import {loadBoard, store, stored} from "./room_util.js";
import {playMotion} from "./motion.js";
import {componentsPicture, picturesStyle} from "./guide_pictures.js";
import {startFinalGame} from "./lesson_final.js";
import {s} from "./lesson_text.js";

const DONE_PREFIX = "ludoteca.lesson.";
const AT_PREFIX = "ludoteca.lesson.at.";
const NAME_KEY = "ludoteca.name";
const END = "end";

/** The /learn/<game> id of a path, or null. */
export function lessonIdFrom(pathname) {
  const match = /^\/learn\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

/** Whether this browser finished the step `stepId`. */
export function stepDone(stepId) {
  return stored(DONE_PREFIX + stepId, false) === true;
}

async function getJson(url) {
  const response = await fetch(url);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error((body.error && body.error.message) || t("error.http", {status: response.status}));
  return body;
}

/** Mount the lesson of `game` into `root`. */
export function mountLesson(root, game) {
  const L = {outline: null, index: 0, step: null, verdict: null, tried: null, busy: false, ending: false, endError: null};
  const dom = {};
  const moves = {filter: "", hintsOff: true, replay: null, state: null, room: {hints: false, status: "playing"}, openGroups: new Set()};
  let loads = 0;

  const lang = () => getLang();
  const person = () => String(stored(NAME_KEY, "") || "").trim();
  const query = () => `lang=${encodeURIComponent(lang())}&name=${encodeURIComponent(person())}`;
  const base = () => `/api/lessons/${encodeURIComponent(game)}`;

  function firstOpen() {
    const index = L.outline.steps.findIndex((step) => !stepDone(step.id));
    return index < 0 ? L.outline.steps.length : index;
  }

  // A language switch draws the page again in the new language, the verdict shown too
  // (the last try is judged again, quietly: the focus stays where it is).
  async function load() {
    const tried = L.tried;
    const mine = ++loads;
    clear(root);
    root.appendChild(h("p", {class: "muted"}, [s("learn.loading")]));
    try {
      L.outline = await getJson(`${base()}?lang=${encodeURIComponent(lang())}`);
    } catch (error) {
      if (mine === loads) failed(error);
      return;
    }
    if (mine !== loads) return;
    skeleton();
    const at = stored(AT_PREFIX + game, null);
    const index = L.outline.steps.findIndex((step) => step.id === at);
    if (at === END && firstOpen() === L.outline.steps.length) showEnd(false);
    else await showStep(index >= 0 ? index : Math.min(firstOpen(), L.outline.steps.length - 1), false);
    if (tried && L.step && tried.step === L.step.id && !L.verdict) await tryMove(tried.text, true);
  }

  function failed(error) {
    clear(root);
    root.appendChild(h("div", {class: "panel center"}, [
      h("p", {class: "banner error", role: "alert", "data-testid": "lesson-failed"}, [s("learn.failed", {error: error.message})]),
      h("a", {class: "btn primary", href: "/"}, [t("nav.lobby")]),
    ]));
  }

  function skeleton() {
    clear(root);
    const outline = L.outline;
    document.title = `${s("learn.page", {game: outline.name})} · ${t("app.title")}`;
    picturesStyle();
    dom.nav = h("ol", {class: "lesson-steps"});
    dom.panel = h("section", {class: "panel lesson-step", "aria-labelledby": "lesson-step-title"});
    dom.live = h("div", {class: "lesson-live", role: "status", "aria-live": "polite", "data-testid": "lesson-live"});
    dom.board = h("div", {class: "board", "aria-label": s("learn.board"), role: "region"});
    dom.boardPanel = h("section", {class: "panel board-panel lesson-board"}, [h("div", {class: "board-wrap"}, [dom.board])]);
    dom.moves = h("div", {class: "moves-list"});
    dom.movesHead = h("div", {class: "moves-head"});
    dom.filter = h("input", {
      class: "moves-filter", type: "search", placeholder: t("moves.filter"), "aria-label": t("moves.filter"),
      oninput: (event) => { moves.filter = event.target.value; drawMoves(); },
    });
    dom.typedInput = h("input", {type: "text", "data-testid": "move-input", autocomplete: "off", "aria-label": t("moves.type")});
    const typed = h("form", {class: "typed-move", onsubmit: (event) => {
      event.preventDefault();
      if (dom.typedInput.value.trim()) tryMove(dom.typedInput.value.trim());
    }}, [dom.typedInput, h("button", {class: "btn", type: "submit", "data-testid": "move-send"}, [t("moves.send")])]);
    dom.movesPanel = h("section", {class: "panel moves", "aria-labelledby": "moves-title"}, [
      dom.movesHead, dom.filter, dom.moves, h("details", {class: "typed"}, [h("summary", {}, [t("moves.type")]), typed]),
    ]);
    root.appendChild(h("div", {class: "lesson", "data-testid": "lesson", "data-game": game, lang: lang()}, [
      h("header", {class: "lesson-head"}, [
        h("h1", {}, [outline.title]),
        h("div", {class: "card-actions"}, [
          h("a", {class: "btn small ghost", href: `/how/${encodeURIComponent(game)}`, "data-testid": "lesson-how"}, [t("room.how_to_play")]),
          h("button", {class: "btn small ghost", type: "button", "data-testid": "lesson-restart", onclick: restart}, [s("learn.restart")]),
        ]),
        h("nav", {class: "lesson-nav", "aria-label": s("learn.steps")}, [dom.nav]),
      ]),
      dom.main = h("div", {class: "lesson-main"}, [dom.panel, dom.boardPanel, dom.movesPanel]),
      dom.live,
    ]));
  }

  function drawNav() {
    clear(dom.nav);
    const open = firstOpen();
    L.outline.steps.forEach((step, index) => {
      const done = stepDone(step.id);
      const current = !L.ending && index === L.index;
      const reachable = index <= open;
      dom.nav.appendChild(h("li", {class: `lesson-dot${done ? " done" : ""}${current ? " current" : ""}`, "data-step": step.id}, [
        h("button", {
          class: "lesson-dot-btn", type: "button", disabled: !reachable, "aria-current": current ? "step" : null,
          "aria-label": s("learn.step_button", {n: index + 1, title: step.title}) + (done ? ` (${s("learn.step_done")})` : ""),
          onclick: () => showStep(index),
        }, [done ? "✓" : String(index + 1)]),
      ]));
    });
  }

  async function showStep(index, focus = true) {
    const step = L.outline.steps[index];
    const mine = ++loads;
    L.busy = true;
    try {
      L.step = await getJson(`${base()}/steps/${encodeURIComponent(step.id)}?${query()}`);
    } catch (error) {
      L.busy = false;
      if (mine === loads) failed(error);
      return;
    }
    if (mine !== loads) return;
    L.busy = false;
    L.index = index;
    L.ending = false;
    L.tried = null;
    dom.main.classList.remove("ending");
    dom.boardPanel.hidden = false;
    L.verdict = null;
    L.after = null;
    store(AT_PREFIX + game, step.id);
    draw();
    if (focus) dom.title.focus();
  }

  function draw() {
    drawNav();
    drawPanel();
    drawBoard();
    drawMoves();
  }

  function drawPanel() {
    clear(dom.panel);
    const step = L.step;
    dom.title = h("h2", {id: "lesson-step-title", tabindex: "-1", "data-testid": "lesson-step-title"}, [step.title]);
    const picture = L.index === 0 ? componentsPicture(game, lang()) : null;
    dom.panel.setAttribute("data-step", step.id);
    dom.panel.setAttribute("data-kind", step.kind);
    dom.panel.append(...[
      h("p", {class: "lesson-count muted small", "data-testid": "lesson-count"}, [s("learn.step_of", {n: L.index + 1, total: step.total})]),
      dom.title,
      step.rules.length ? h("dl", {class: "lesson-rules", "aria-label": s("learn.rules")}, step.rules.flatMap((rule) => [
        h("dt", {}, [h("span", {class: "rule-id"}, [rule.id])]), h("dd", {}, [rule.text]),
      ])) : null,
      h("p", {class: "lesson-prompt", "data-testid": "lesson-prompt"}, [step.prompt]),
      step.success ? h("p", {class: "lesson-success", "data-testid": "lesson-success"}, [step.success]) : null,
      h("p", {class: "muted small"}, [s(step.kind === "show" ? "learn.show" : "learn.do")]),
      L.index === 0 ? nameForm() : null,
      picture ? h("details", {class: "lesson-pieces", open: true}, [h("summary", {}, [s("learn.pieces")]), h("figure", {class: "guide-figure"}, [picture])]) : null,
    ].filter(Boolean));
    dom.verdict = verdictNode();
    if (dom.verdict) dom.panel.appendChild(dom.verdict);
    // A step done before (a lesson resumed, or gone back to) may be played again or passed.
    const finished = step.kind === "show" || (L.verdict && L.verdict.ok) || stepDone(step.id);
    dom.continueButton = finished ? h("button", {
      class: "btn primary big", type: "button", "data-testid": "lesson-continue", onclick: next,
    }, [s("learn.continue")]) : null;
    if (dom.continueButton) dom.panel.appendChild(dom.continueButton);
  }

  /** The first step asks the person's name (the board and the texts name them by it, as
   * a table does); it is the name kept for the rooms too. */
  function nameForm() {
    const input = h("input", {id: "lesson-you", type: "text", maxlength: "30", autocomplete: "nickname", value: person(), "data-testid": "lesson-you"});
    return h("form", {class: "lesson-you", onsubmit: (event) => {
      event.preventDefault();
      store(NAME_KEY, input.value.trim());
      showStep(L.index);
    }}, [
      h("label", {for: "lesson-you"}, [s("learn.you")]),
      h("div", {class: "lesson-you-row"}, [input, h("button", {class: "btn", type: "submit", "data-testid": "lesson-you-save"}, [s("learn.you_save")])]),
    ]);
  }

  function verdictNode() {
    const verdict = L.verdict;
    if (!verdict) return null;
    if (verdict.error) {
      return h("div", {class: "lesson-verdict wrong", tabindex: "-1", "data-testid": "lesson-verdict", "data-ok": "false", "data-code": verdict.code || ""}, [
        h("p", {}, [h("strong", {}, [s("learn.refused"), ": "]), verdict.error]),
        h("p", {class: "muted small"}, [s("learn.try_again")]),
      ]);
    }
    const after = verdict.after;
    return h("div", {
      class: `lesson-verdict ${verdict.ok ? "right" : "wrong"}`, tabindex: "-1", "data-testid": "lesson-verdict",
      "data-ok": String(verdict.ok), "data-rule": verdict.rule || "",
    }, [
      h("p", {}, [h("strong", {}, [s(verdict.ok ? "learn.right" : "learn.wrong")]), verdict.ok ? " " : ": ", verdict.message]),
      verdict.rule ? h("p", {class: "lesson-verdict-rule"}, [
        h("span", {class: "rule-id", "data-testid": "rule-id"}, [verdict.rule]), " ", verdict.rule_text || "",
      ]) : null,
      verdict.ok ? null : h("p", {class: "muted small"}, [s("learn.try_again")]),
      after && after.events.length ? h("div", {class: "lesson-happened"}, [
        h("h3", {}, [s("learn.happened")]),
        h("ul", {}, after.events.map((event) => h("li", {}, [event.text]))),
      ]) : null,
    ]);
  }

  function boardCtx() {
    const step = L.step;
    const after = L.verdict && L.verdict.ok ? L.verdict.after : null;
    const shown = after || step;
    return {
      view: shown.view, legal: after ? [] : step.legal, you: step.learner, actors: after ? [] : step.actors,
      last: after ? after.last : null, replay: false, clock: shown.clock ?? null, events: after ? after.events : [],
      seats: step.seats, lang: lang(), t, act: tryMove, sendChat: () => {},
    };
  }

  function drawBoard() {
    const ctx = boardCtx();
    const key = `${L.step.id}:${L.verdict && L.verdict.ok ? "after" : "before"}:${ctx.lang}`;
    loadBoard(game).then((module) => {
      if (!dom.board.isConnected) return;
      clear(dom.board);
      dom.board.setAttribute("data-game", game);
      module.render(dom.board, ctx);
      dom.board.setAttribute("data-lang", ctx.lang);
      dom.board.setAttribute("data-step", key);
      playMotion(dom.board, `lesson:${key}`, Boolean(ctx.events.length));
    });
  }

  function drawMoves() {
    const legal = L.verdict && L.verdict.ok ? [] : L.step.legal;
    moves.state = {legal, version: 0};
    drawMovesPanel({S: moves, dom, myTurn: true, act: tryMove, send: () => false, redraw: drawMoves});
    dom.movesPanel.hidden = L.step.kind !== "do" || !legal.length;
  }

  async function tryMove(text, quiet = false) {
    if (L.busy || !L.step || L.step.kind !== "do" || (L.verdict && L.verdict.ok)) return;
    L.tried = {step: L.step.id, text: String(text)};
    L.busy = true;
    root.classList.add("waiting");
    if (!quiet) dom.live.textContent = s("learn.sending");
    const step = L.step;
    let verdict;
    try {
      const response = await fetch(`${base()}/steps/${encodeURIComponent(step.id)}/try?lang=${encodeURIComponent(lang())}`, {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({action: String(text), name: person()}),
      });
      const body = await response.json().catch(() => ({}));
      verdict = response.ok ? body : {error: (body.error && body.error.message) || t("error.http", {status: response.status}), code: body.error && body.error.code};
    } catch (error) {
      verdict = {error: t("error.network", {error: error.message})};
    }
    L.busy = false;
    root.classList.remove("waiting");
    if (L.step !== step) return;
    L.verdict = verdict;
    if (verdict.ok) store(DONE_PREFIX + step.id, true);
    draw();
    if (quiet) return;
    announce();
    (verdict.ok ? dom.continueButton : dom.verdict).focus();
  }

  /** The verdict read out once (the live region holds its words only). */
  function announce() {
    dom.live.textContent = dom.verdict ? dom.verdict.textContent : "";
  }

  function next() {
    if (L.step.kind === "show") store(DONE_PREFIX + L.step.id, true);
    if (L.index + 1 < L.outline.steps.length) showStep(L.index + 1);
    else showEnd(true);
  }

  function restart() {
    for (const step of L.outline.steps) store(DONE_PREFIX + step.id, false);
    store(AT_PREFIX + game, null);
    dom.live.textContent = s("learn.restarted");
    showStep(0);
  }

  function showEnd(focus) {
    L.ending = true;
    store(AT_PREFIX + game, END);
    drawNav();
    clear(dom.board);
    dom.board.removeAttribute("data-step");
    dom.boardPanel.hidden = true;
    dom.movesPanel.hidden = true;
    dom.main.classList.add("ending");
    drawEnd();
    if (focus) dom.title.focus();
  }

  function drawEnd() {
    clear(dom.panel);
    dom.panel.setAttribute("data-step", END);
    dom.panel.setAttribute("data-kind", END);
    dom.title = h("h2", {id: "lesson-step-title", tabindex: "-1", "data-testid": "lesson-end"}, [s("learn.done_title")]);
    const input = h("input", {id: "lesson-name", type: "text", maxlength: "30", autocomplete: "nickname", value: person(), "data-testid": "lesson-name"});
    dom.panel.append(
      dom.title,
      h("p", {}, [s("learn.done_text")]),
      h("form", {class: "lesson-final", onsubmit: (event) => { event.preventDefault(); playFinal(input); }}, [
        h("div", {class: "field"}, [h("label", {for: "lesson-name"}, [s("learn.name")]), input]),
        L.endError ? h("p", {class: "form-error", role: "alert", "data-testid": "lesson-final-error"}, [L.endError]) : null,
        h("button", {class: "btn primary big", type: "submit", "data-testid": "lesson-final", disabled: L.busy}, [s(L.busy ? "learn.starting" : "learn.play")]),
      ]),
      h("button", {class: "btn ghost", type: "button", "data-testid": "lesson-review", onclick: restart}, [s("learn.review")]),
    );
  }

  async function playFinal(input) {
    const name = input.value.trim();
    if (!name) {
      L.endError = s("learn.name_needed");
      drawEnd();
      document.getElementById("lesson-name").focus();
      return;
    }
    store(NAME_KEY, name);
    L.busy = true;
    L.endError = null;
    drawEnd();
    try {
      location.assign(await startFinalGame(L.outline, name));
    } catch (error) {
      L.busy = false;
      L.endError = error.message;
      drawEnd();
      document.getElementById("lesson-name").focus();
    }
  }

  onLangChange(() => load());
  load();
}
