// What changed, shown moving: after a board draws a new state, the parts it marked with
// `data-motion` move (a card slides in from the hand or from the table's far side, a die
// rolls, the door swings open, a buzz flashes, a tile drops in). Boards mark only what their
// own view and the public last move show, so a motion never tells more than the picture.
// With `prefers-reduced-motion: reduce` nothing moves. Animations use the Web Animations
// API, so `document.getAnimations()` lists them (the tests count them).

const DURATION = 450;

/** Whether the person asked the system for less motion. */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// Keyframes per `data-motion` value; `data-motion-from` ("below", "above", "left", "right")
// says where a sliding piece comes from.
const OFFSETS = {below: [0, 160], above: [0, -160], left: [-160, 0], right: [160, 0]};

function keyframes(kind, from) {
  switch (kind) {
    case "slide": {
      const [dx, dy] = OFFSETS[from] || OFFSETS.below;
      return [{transform: `translate(${dx}px, ${dy}px) scale(0.9)`, opacity: 0.2}, {transform: "none", opacity: 1}];
    }
    case "drop":
      return [{transform: "translateY(-40px) scale(1.3)", opacity: 0}, {transform: "none", opacity: 1}];
    case "roll":
      return [
        {transform: "rotate(0deg) scale(0.6)"}, {transform: "rotate(200deg) scale(1.15)"},
        {transform: "rotate(330deg) scale(0.95)"}, {transform: "rotate(360deg) scale(1)"},
      ];
    case "door":
      // The leaf (drawn open: a strip 0.18 of the doorway wide) turns on its left hinge
      // from shut (as wide as the doorway) to open.
      return [{transform: "scaleX(5.5)"}, {transform: "scaleX(5.5)", offset: 0.2}, {transform: "scaleX(1)"}];
    case "flash":
      return [{opacity: 1}, {opacity: 0.25}, {opacity: 1}, {opacity: 0.25}, {opacity: 1}];
    case "pop":
      return [{transform: "scale(0.4)", opacity: 0}, {transform: "scale(1.12)", opacity: 1}, {transform: "scale(1)"}];
    case "hop":
      return [{transform: "translateY(0)"}, {transform: "translateY(-14px)"}, {transform: "translateY(0)"}];
    default:
      return null;
  }
}

// An SVG part placed by its own `transform` attribute would lose its place under a CSS
// transform: it moves inside a new group instead.
function mover(node) {
  if (!(node instanceof SVGElement) || !node.hasAttribute("transform")) return node;
  const wrap = document.createElementNS(node.namespaceURI, "g");
  wrap.setAttribute("class", "motion-wrap");
  node.parentNode.insertBefore(wrap, node);
  wrap.appendChild(node);
  return wrap;
}

function animate(marked) {
  const frames = keyframes(marked.getAttribute("data-motion"), marked.getAttribute("data-motion-from"));
  if (!frames || typeof marked.animate !== "function") return null;
  const node = mover(marked);
  const kind = marked.getAttribute("data-motion");
  node.setAttribute("data-motion-played", kind);
  // SVG parts turn and scale about their own box (the door about its hinge).
  node.style.transformBox = "fill-box";
  node.style.transformOrigin = kind === "door" ? "left center" : "center";
  const long = kind === "door" ? 2.2 : kind === "flash" ? 1.6 : 1;
  return node.animate(frames, {duration: DURATION * long, easing: "cubic-bezier(.2,.7,.3,1)"});
}

let shownKey = null;
// Running totals for this page, written on the board (data-motion-marks / data-motions):
// parts marked to move, and animations started.
let marksSeen = 0;
let moved = 0;

/**
 * Move the parts of `root` marked `data-motion` once per new state: `key` names the state
 * shown (room, game and version); the same key again (a redraw, a language switch) does not
 * move anything, nor does a state drawn with `live` false (the page catching up after a
 * load or a reconnection). Returns the number of animations started.
 */
export function playMotion(root, key, live = true) {
  const fresh = key !== shownKey;
  shownKey = key;
  if (!fresh || !root || !live) return 0;
  const marked = [...root.querySelectorAll("[data-motion]")];
  marksSeen += marked.length;
  let started = 0;
  if (!reducedMotion()) {
    for (const node of marked) if (animate(node)) started += 1;
  }
  moved += started;
  root.setAttribute("data-motion-marks", String(marksSeen));
  root.setAttribute("data-motions", String(moved));
  return started;
}

// What a new event sounds like (events are the viewer's own: nothing hidden is heard).
const EVENT_SOUNDS = {
  roll: "dice", door: "door", buzz: "buzz", verdict: "buzz",
  place: "card", play: "card", attack: "card", defend: "card", sacrifice: "card", duel: "card",
  discard: "card", discard_tile: "card", swap: "card", swap_give: "card", show: "card",
  draw: "draw", draw_tile: "draw", draw_tiles: "draw", draw_goal: "draw", draw_goal_action: "draw",
  take_pile: "draw", take_top: "draw",
  collect: "score", score: "score", round_end: "score", showdown: "score",
  game_end: "win",
};

/** The one sound for the `events` a state brought (the most telling one), or null. */
export function soundFor(events) {
  const order = ["win", "door", "buzz", "score", "dice", "card", "draw"];
  let best = null;
  for (const event of events || []) {
    const sound = EVENT_SOUNDS[event.kind];
    if (sound && (best === null || order.indexOf(sound) < order.indexOf(best))) best = sound;
  }
  return best;
}
