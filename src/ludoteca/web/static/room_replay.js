// The replay bar of the room page: a finished game move by move, and by round.
//
// A `replay` message names the frames a replay stops at (`moves`: the step count before
// each move and at the end, so a chance draw is shown with the move that caused it) and
// the frames that start a round (`rounds`, indices into `moves`). Without them (an older
// server) the bar steps through every step.

import {h} from "./boards/svg.js";
import {t} from "./i18n.js";
import {replayIcon} from "./room_util.js";

/** The frames of a replay (step counts), or every step 0..total without a `moves` list. */
export function framesOf(replay, total) {
  if (replay && Array.isArray(replay.moves) && replay.moves.length) return replay.moves;
  return Array.from({length: total + 1}, (_, i) => i);
}

/** The position among `frames` of `step` (the last frame at or before it). */
export function frameIndex(frames, step) {
  let found = 0;
  for (let i = 0; i < frames.length; i++) if (frames[i] <= step) found = i;
  return found;
}

/** The step to show for a move of the bar: first, prev, next, last, prev_round, next_round. */
export function replayTarget(replay, total, step, which) {
  const frames = framesOf(replay, total);
  const at = frameIndex(frames, step);
  const rounds = replay && Array.isArray(replay.rounds) ? replay.rounds : [0];
  switch (which) {
    case "first": return frames[0];
    case "last": return frames[frames.length - 1];
    case "prev": return frames[Math.max(0, at - 1)];
    case "next": return frames[Math.min(frames.length - 1, at + 1)];
    case "prev_round": {
      const before = rounds.filter((r) => r < at);
      return frames[before.length ? before[before.length - 1] : 0];
    }
    case "next_round": {
      const after = rounds.find((r) => r > at);
      return frames[after === undefined ? frames.length - 1 : after];
    }
    default: return step;
  }
}

/** The bar's elements. `ctx`: {replay, known, total, step, busy, gameNo, ask(which), askGame(n), live()}
 * (`known`: the frames of the finished game, {moves, rounds}, before a replay is shown). */
export function replayBar(ctx) {
  const {replay, total, step, busy} = ctx;
  // Before the first frame is shown, the frames asked when the game ended (`known`).
  const source = replay || ctx.known || null;
  const frames = framesOf(source, total);
  const at = replay ? frameIndex(frames, step) : frames.length - 1;
  const rounds = source && Array.isArray(source.rounds) ? source.rounds : [];
  const button = (testid, label, icon, which, disabled) => h("button", {
    class: "btn replay-btn", type: "button", "data-testid": testid, title: label, "aria-label": label,
    disabled: disabled || busy, onclick: () => ctx.ask(which),
  }, [replayIcon(icon)]);
  const out = [];
  const games = ctx.gameNo > 1 ? Array.from({length: ctx.gameNo}, (_, i) => i + 1) : [];
  const shownGame = replay && Number.isInteger(replay.game) ? replay.game : ctx.gameNo;
  if (games.length) {
    out.push(h("div", {class: "replay-game-row"}, [h("select", {
      class: "replay-game", "data-testid": "replay-game", "aria-label": t("replay.game_label"), disabled: busy,
      onchange: (event) => ctx.askGame(Number(event.target.value)),
    }, games.map((n) => h("option", {value: String(n), selected: n === shownGame}, [t("replay.game", {n})])))]));
  }
  const atStart = replay ? at <= 0 : total <= 0;
  const atEnd = !replay || at >= frames.length - 1;
  const moveCount = frames.length - 1;
  out.push(h("div", {class: "replay-bar", role: "group", "aria-label": t("replay.title")}, [
    button("replay-first", t("replay.first"), "first", "first", atStart),
    button("replay-prev", t("replay.prev"), "prev", "prev", atStart),
    h("span", {
      class: "replay-step", "data-testid": "replay-step", "data-step": String(step), "data-total": String(total),
      "aria-busy": busy ? "true" : "false", "aria-live": "polite",
      "data-move": String(replay ? at : moveCount), "data-moves": String(moveCount),
    }, [busy ? t("replay.loading") : t("replay.move", {move: replay ? at : moveCount, total: moveCount})]),
    button("replay-next", t("replay.next"), "next", "next", atEnd),
    button("replay-last", t("replay.last"), "last", "last", atEnd),
  ]));
  if (rounds.length > 1) {
    const round = rounds.filter((r) => r <= at).length;
    out.push(h("div", {class: "replay-rounds", role: "group", "aria-label": t("replay.rounds")}, [
      h("button", {class: "btn small", type: "button", "data-testid": "replay-prev-round", disabled: busy || !replay || at <= 0,
        onclick: () => ctx.ask("prev_round")}, [t("replay.prev_round")]),
      h("span", {class: "replay-round", "data-testid": "replay-round", "data-round": String(round)},
        [t("replay.round", {round: Math.max(1, round), total: rounds.length})]),
      h("button", {class: "btn small", type: "button", "data-testid": "replay-next-round", disabled: busy || atEnd,
        onclick: () => ctx.ask("next_round")}, [t("replay.next_round")]),
    ]));
  }
  if (replay) {
    out.push(h("button", {
      class: "btn small ghost", type: "button", "data-testid": "replay-live", onclick: ctx.live,
    }, [t("replay.live")]));
  }
  return out;
}
