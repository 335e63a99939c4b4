// The room's "Moves" panel: every legal move as a button (the shell's promise under every
// board), the hint button, and the filter. A long run of moves of one kind (Tacocat's 95
// ways to replace cards, Dweebies' placements) is folded into one group the player opens;
// the buttons keep the order of `state.legal`.

import {h, clear} from "./boards/svg.js";
import {t} from "./i18n.js";
import {s} from "./room_text.js";

export const FILTER_FROM = 24;
export const GROUP_FROM = 9;
/** First words of the moves shown as one palette of small buttons (Gotcha's emotes). */
export const PALETTE_VERBS = new Set(["emote", "emotes"]);

/** Runs of consecutive moves with the same first word: [{verb, moves}], in order. */
export function runs(legal) {
  const out = [];
  for (const move of legal) {
    const verb = String(move.text).split(/\s+/)[0];
    const last = out[out.length - 1];
    if (last && last.verb === verb) last.moves.push(move);
    else out.push({verb, moves: [move]});
  }
  return out;
}

/** The words every label of `moves` starts with ("replaces"), else the verb. */
export function commonLabel(moves, verb) {
  const split = moves.map((m) => String(m.label || m.text).split(/\s+/));
  const first = split[0];
  let n = 0;
  while (n < first.length && split.every((words) => words[n] === first[n])) n += 1;
  return n ? first.slice(0, n).join(" ") : verb;
}

/** "1 move" / "N moves". */
export function movesCount(n) {
  return n === 1 ? t("moves.count_one") : t("moves.count", {n});
}

/**
 * Draw the moves panel. env = {S, dom, myTurn, act(text), send(message), redraw()}: `S` is
 * the room's state (its `filter`, `hint`, `openGroups` are kept there).
 */
export function drawMoves(env) {
  const {S, dom} = env;
  const focus = focusedMove(dom.moves);
  clear(dom.moves);
  clear(dom.movesHead);
  const legal = S.replay || !S.state ? [] : (S.state.legal || []);
  dom.movesHead.appendChild(h("h2", {id: "moves-title"}, [t("moves.title")]));
  if (legal.length) dom.movesHead.appendChild(h("span", {class: "muted small", "data-testid": "moves-count"}, [movesCount(legal.length)]));
  if (legal.length && env.myTurn && !S.replay && !S.hintsOff && S.room && S.room.hints !== false) drawHint(env);
  dom.filter.hidden = legal.length < FILTER_FROM;
  dom.movesHead.parentElement.hidden = !S.state && !S.replay;
  if (!legal.length) {
    let note = t("moves.none");
    if (S.state && !S.replay && S.room && S.room.status === "playing" && !env.myTurn) {
      note = S.you === null ? t("moves.watching") : t("moves.not_your_turn");
    }
    dom.moves.appendChild(h("p", {class: "muted"}, [note]));
  }
  const filter = legal.length >= FILTER_FROM ? S.filter.trim().toLowerCase() : "";
  const button = (move) => h("button", {
    class: "move", type: "button", "data-action": move.text, title: move.label || null,
    onclick: () => env.act(move.text),
  }, [move.label || move.text]);
  const shown = (move) => !filter || String(move.label || move.text).toLowerCase().includes(filter)
    || move.text.toLowerCase().includes(filter);
  S.openGroups = S.openGroups || new Set();
  const several = runs(legal).length > 1;
  for (const run of runs(legal)) {
    const moves = run.moves.filter(shown);
    if (!moves.length) continue;
    if (PALETTE_VERBS.has(run.verb) && moves.length > 1) {
      dom.moves.appendChild(palette(run, moves, env));
      continue;
    }
    // A long run among other kinds of moves is folded even in a short list (Gotcha: the
    // buzzes beside the turn's move); alone, or short, its moves are buttons.
    if ((legal.length < FILTER_FROM && !several) || run.moves.length < GROUP_FROM) {
      for (const move of moves) dom.moves.appendChild(button(move));
      continue;
    }
    const label = commonLabel(run.moves, run.verb);
    const group = h("details", {
      class: "move-group", "data-verb": run.verb, open: Boolean(filter) || S.openGroups.has(run.verb),
      ontoggle: (event) => {
        if (event.target.open) S.openGroups.add(run.verb);
        else S.openGroups.delete(run.verb);
      },
    }, [
      h("summary", {class: "move-group-title"}, [t("moves.group", {label, n: moves.length})]),
      h("div", {class: "move-group-body"}, moves.map(button)),
    ]);
    dom.moves.appendChild(group);
  }
  if (dom.typedInput) dom.typedInput.placeholder = legal.length ? t("moves.type_placeholder", {example: legal[0].text}) : "";
  if (focus) refocus(dom.moves, focus);
}

/** What has the keyboard focus in the moves list (a move's text, a group's first word), or
 * null when the focus is elsewhere. */
function focusedMove(list) {
  const active = document.activeElement;
  if (!active || !list.contains(active)) return null;
  if (active.dataset && active.dataset.action !== undefined) return {action: active.dataset.action};
  const group = active.closest("details");
  return {verb: group ? group.dataset.verb : null};
}

/** Give the focus back after a redraw (a keyboard player keeps their place): the same move
 * or group, else the first control of the list, else the list itself. */
function refocus(list, focus) {
  let target = null;
  if (focus.action !== undefined) {
    target = [...list.querySelectorAll("button[data-action]")].find((b) => b.dataset.action === focus.action);
    if (target && target.closest("details:not([open])")) target = target.closest("details").querySelector("summary");
  } else if (focus.verb) {
    const group = [...list.querySelectorAll("details")].find((d) => d.dataset.verb === focus.verb);
    target = group ? group.querySelector("summary") : null;
  }
  if (!target) target = list.querySelector("button, summary");
  if (!target) {
    list.setAttribute("tabindex", "-1");
    target = list;
  }
  target.focus({preventScroll: true});
}

/** One palette of small buttons for a run of moves of one kind (Gotcha's emotes): a
 * labelled group, each button named by what its label adds to the words they share. */
function palette(run, moves, env) {
  const shared = commonLabel(run.moves, "");
  const cut = shared ? shared.length : 0;
  return h("fieldset", {class: "emote-palette", "data-verb": run.verb}, [
    h("legend", {}, [s("emotes.title")]),
    ...moves.map((move) => {
      const label = String(move.label || move.text);
      const own = cut && label.length > cut ? label.slice(cut).trim() : label;
      return h("button", {
        class: "move", type: "button", "data-action": move.text, "aria-label": label,
        onclick: () => env.act(move.text),
      }, [own]);
    }),
  ]);
}

/** The hint button: the first press asks for the kind of move, the second shows the move. */
function drawHint(env) {
  const {S, dom} = env;
  const hint = S.hint && S.hint.version === S.state.version ? S.hint : null;
  dom.movesHead.appendChild(h("button", {
    class: "btn small hint", type: "button", id: "hint-button",
    onclick: () => {
      if (!hint) env.send({type: "hint"});
      else { hint.shown = 2; env.redraw(); }
    },
  }, [t(hint ? "hint.again" : "hint.button")]));
  if (hint) {
    dom.movesHead.appendChild(h("p", {class: "hint-text", id: "hint-text"}, [hint.shown > 1 ? hint.move : hint.kind]));
  }
}
