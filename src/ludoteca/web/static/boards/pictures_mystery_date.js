// Mystery Date pictures: the twelve outfit pieces (a colour's cards 1, 2 and 3 are the three
// pieces of one date's outfit), the five faces behind the door (the four dates and the dud)
// and the door itself, shut or swung open. Everything is drawn in a 100 x 100 box and placed
// with `place(x, y, size)`; the words (card label, date name) stay beside the pictures on
// the board, so the pictures are decorative (aria-hidden).
import { el } from "./svg.js";

const INK = "#1b1b1b";
const path = (d, fill, extra = {}) => el("path", { d, fill, stroke: INK, "stroke-width": 2, "stroke-linejoin": "round", ...extra });
const line = (d, stroke = INK, width = 2.5) => el("path", { d, fill: "none", stroke, "stroke-width": width, "stroke-linecap": "round" });
const circle = (cx, cy, r, fill, extra = {}) => el("circle", { cx, cy, r, fill, stroke: INK, "stroke-width": 2, ...extra });
const ellipse = (cx, cy, rx, ry, fill, extra = {}) => el("ellipse", { cx, cy, rx, ry, fill, stroke: INK, "stroke-width": 2, ...extra });
const rect = (x, y, width, height, fill, rx = 3, extra = {}) => el("rect", { x, y, width, height, rx, fill, stroke: INK, "stroke-width": 2, ...extra });

/** The outfit piece of each card (colour, number 1..3), in English (for tests and titles). */
export const PIECES = {
  pink: ["gown", "corsage", "dancing shoes"],
  green: ["bowling shirt", "bowling ball", "bowling shoes"],
  blue: ["ski jacket", "skis", "ski goggles"],
  orange: ["swimsuit", "sun hat", "sunglasses"],
};

/** The piece names in Spanish, in the same order. */
export const PIECES_ES = {
  pink: ["vestido de gala", "ramillete", "zapatos de baile"],
  green: ["camisa de bolos", "bola de bolos", "zapatos de bolos"],
  blue: ["chaqueta de esquí", "esquís", "gafas de esquí"],
  orange: ["bañador", "pamela", "gafas de sol"],
};

// [colour][number - 1] -> nodes, drawn white on the card's colour.
const OUTFITS = {
  pink: [
    () => [path("M40 14 L60 14 L58 34 Q80 70 84 92 L16 92 Q20 70 42 34 Z", "#fff"), line("M42 34 L58 34", "#e5589b", 3), line("M30 78 Q50 70 70 78", "#e5589b", 2)],
    () => [circle(50, 40, 12, "#fff"), circle(38, 50, 10, "#fff"), circle(62, 50, 10, "#fff"), circle(50, 60, 10, "#fff"), circle(50, 50, 7, "#ffd54f"), path("M44 66 L40 90 L50 80 L60 90 L56 66 Z", "#c8e6c9")],
    () => [path("M14 72 Q30 70 46 52 Q52 46 60 48 L84 58 Q90 62 84 66 L40 80 L26 80 Q14 80 14 72 Z", "#fff"), line("M80 64 L82 92", INK, 4)],
  ],
  green: [
    () => [path("M32 16 L20 24 L10 44 L24 50 L28 40 L28 90 L72 90 L72 40 L76 50 L90 44 L80 24 L68 16 L58 22 L42 22 Z", "#fff"), line("M50 22 L50 90", "#2f9e4f", 2), circle(38, 46, 6, "#fff"), line("M33 46 L43 46", "#2f9e4f", 1.5)],
    () => [circle(50, 52, 34, "#263238"), circle(42, 36, 4.5, "#fff"), circle(55, 33, 4.5, "#fff"), circle(50, 46, 4.5, "#fff")],
    () => [path("M10 74 L14 46 Q16 40 24 40 L50 40 Q58 40 62 50 L88 62 Q94 66 90 74 Z", "#fff"), path("M40 40 L40 74", "none"), rect(10, 74, 80, 8, "#d32f2f", 3)],
  ],
  blue: [
    () => [path("M30 14 L18 22 L8 62 L22 66 L28 44 L28 90 L72 90 L72 44 L78 66 L92 62 L82 22 L70 14 Q50 26 30 14 Z", "#fff"), line("M28 44 L72 44", "#2a74d0", 3), line("M28 64 L72 64", "#2a74d0", 3), line("M50 20 L50 90", INK, 1.5)],
    () => [path("M22 90 L34 10 Q36 6 38 10 L30 90 Z", "#fff"), path("M62 90 L74 10 Q76 6 78 10 L70 90 Z", "#fff"), line("M46 14 L42 90", INK, 2.5), line("M58 14 L54 90", INK, 2.5)],
    () => [line("M8 48 Q50 36 92 48", INK, 5), rect(16, 36, 68, 30, "#fff", 14), rect(22, 42, 24, 18, "#ffb74d", 8), rect(54, 42, 24, 18, "#ffb74d", 8)],
  ],
  orange: [
    () => [path("M26 14 L36 14 Q40 36 50 36 Q60 36 64 14 L74 14 L70 46 Q78 74 74 90 L26 90 Q22 74 30 46 Z", "#fff"), line("M30 66 Q50 72 70 66", "#f08a24", 3)],
    () => [ellipse(50, 64, 44, 14, "#fff"), path("M28 62 Q28 30 50 30 Q72 30 72 62 Z", "#fff"), line("M29 56 Q50 64 71 56", "#e5589b", 5)],
    () => [line("M6 46 L16 40", INK, 3), line("M94 46 L84 40", INK, 3), path("M14 40 L46 40 Q46 62 30 62 Q14 62 14 40 Z", INK), path("M54 40 L86 40 Q86 62 70 62 Q54 62 54 40 Z", INK), line("M46 44 Q50 40 54 44", INK, 3)],
  ],
};

/** The picture of outfit card `card` (0..11: colour card // 3, number card % 3 + 1) as nodes. */
export function outfit(card) {
  const colour = ["pink", "green", "blue", "orange"][Math.floor(card / 3)];
  const make = colour ? OUTFITS[colour][card % 3] : null;
  return make ? make() : [];
}

/** The English name of outfit card `card`'s piece. */
export function pieceName(card, lang = "en") {
  const colour = ["pink", "green", "blue", "orange"][Math.floor(card / 3)];
  const table = lang === "es" ? PIECES_ES : PIECES;
  return colour ? table[colour][card % 3] : "";
}

// A date standing in the doorway: the same figure, dressed for the outing, holding its thing.
function person(suit, trim, extra) {
  return [
    path("M30 100 L30 66 Q30 56 50 56 Q70 56 70 66 L70 100 Z", suit),
    circle(50, 38, 14, "#f1c9a0"),
    path("M36 34 Q38 20 50 22 Q62 20 64 34 Q56 28 50 30 Q44 28 36 34 Z", "#5d4037"),
    el("circle", { cx: 45, cy: 38, r: 1.8, fill: INK }), el("circle", { cx: 55, cy: 38, r: 1.8, fill: INK }),
    ...trim,
    ...extra,
  ];
}

const DATES = {
  // Formal dance: a tuxedo with a bow tie, a corsage box in hand.
  pink: () => person("#212121", [line("M44 45 Q50 49 56 45"), path("M44 58 L50 62 L44 66 Z M56 58 L50 62 L56 66 Z", "#e5589b", { "stroke-width": 1 }), path("M46 56 L50 70 L54 56 Z", "#fff", { "stroke-width": 1 })],
    [rect(70, 70, 20, 14, "#fce4ec", 2), circle(80, 70, 5, "#e5589b", { "stroke-width": 1 })]),
  // Bowling: a green shirt, a ball in hand.
  green: () => person("#2f9e4f", [line("M44 45 Q50 50 56 45"), line("M50 58 L50 100", "#fff", 2)],
    [circle(82, 78, 11, "#263238"), el("circle", { cx: 79, cy: 73, r: 1.8, fill: "#fff" }), el("circle", { cx: 85, cy: 73, r: 1.8, fill: "#fff" })]),
  // Skiing: a blue jacket, a striped scarf, skis on the shoulder.
  blue: () => person("#2a74d0", [line("M44 45 Q50 50 56 45"), rect(36, 54, 28, 6, "#e53935", 3, { "stroke-width": 1 }), path("M34 16 Q50 4 66 16 L64 26 Q50 20 36 26 Z", "#e53935", { "stroke-width": 1 })],
    [line("M74 100 L92 20", "#fdd835", 4), line("M80 100 L96 26", "#fdd835", 4)]),
  // Beach: orange trunks, bare shoulders, a beach ball.
  orange: () => person("#f1c9a0", [line("M44 45 Q50 50 56 45"), rect(30, 82, 40, 18, "#f08a24", 2)],
    [circle(84, 80, 11, "#fff"), path("M84 69 Q78 80 84 91 Q90 80 84 69 Z", "#e53935", { "stroke-width": 1 }), path("M73 80 Q84 76 95 80", "none", { stroke: "#1e88e5", "stroke-width": 2 })]),
  // The dud: patched, rumpled clothes, a frown and a fly.
  dud: () => person("#8d6e63", [line("M44 48 Q50 43 56 48"), rect(36, 72, 10, 10, "#a1887f", 1, { "stroke-width": 1, "stroke-dasharray": "2 2" }), line("M40 32 L46 35", INK, 1.5), line("M54 35 L60 32", INK, 1.5)],
    [ellipse(82, 22, 4, 2.5, INK), ellipse(80, 19, 3, 2, "#cfd8dc", { "stroke-width": 0.8 }), ellipse(84, 19, 3, 2, "#cfd8dc", { "stroke-width": 0.8 }), line("M72 30 Q76 24 78 28", INK, 1)]),
};

/** The outcomes behind the door that have a picture. */
export const DATE_NAMES = Object.keys(DATES);

/** The picture of the date `outcome` ("pink" .. "orange", "dud") as nodes. */
export function datePerson(outcome) {
  const make = DATES[outcome];
  return make ? make() : [];
}

/** Nodes placed with their 100 x 100 box at (x, y), `size` wide and high. */
export function place(nodes, x, y, size, extra = {}) {
  return el("g", { transform: `translate(${x} ${y}) scale(${size / 100})`, "aria-hidden": "true", ...extra }, nodes);
}

/**
 * The door at (x, y), w x h: its frame, what is behind it (`outcome`, or null: a dark hall)
 * and the leaf, shut or swung open on its left hinge (`open`). With `moving`, the leaf is
 * marked to swing open now (motion.js); the picture of the date is drawn only when the door
 * is open, so nothing is behind a shut door.
 */
export function door(x, y, w, h, { open = false, outcome = null, moving = false, tint = "#8d5a3b" } = {}) {
  const inside = [el("rect", { x, y, width: w, height: h, rx: 6, fill: "#2b1d14" })];
  if (open && outcome && DATES[outcome]) {
    const size = Math.min(w, h) * 0.95;
    inside.push(el("rect", { x: x + 3, y: y + 3, width: w - 6, height: h - 6, rx: 5, fill: outcome === "dud" ? "#cfcfcf" : "#fff6d8" }));
    inside.push(place(datePerson(outcome), x + (w - size) / 2, y + h - size, size, { class: "md-date", "data-date": outcome }));
  }
  // An open leaf is a narrow strip at the hinge; motion.js swings it there from shut.
  const leafWidth = open ? w * 0.18 : w;
  const leaf = el("g", { class: "md-door-leaf", "data-open": open ? "true" : "false", ...(moving ? { "data-motion": "door" } : {}) }, [
    el("rect", { x, y, width: leafWidth, height: h, rx: 6, fill: tint, stroke: "#3b2414", "stroke-width": 3 }),
    open ? null : el("rect", { x: x + w * 0.14, y: y + h * 0.1, width: w * 0.72, height: h * 0.32, rx: 4, fill: "none", stroke: "#5b3620", "stroke-width": 2 }),
    open ? null : el("rect", { x: x + w * 0.14, y: y + h * 0.52, width: w * 0.72, height: h * 0.36, rx: 4, fill: "none", stroke: "#5b3620", "stroke-width": 2 }),
    open ? null : el("circle", { cx: x + w * 0.84, cy: y + h * 0.5, r: Math.max(3, w * 0.04), fill: "#f3d36b", stroke: "#5b3620" }),
  ]);
  return el("g", { class: "md-door-picture" }, [...inside, leaf, el("rect", { x: x - 2, y: y - 2, width: w + 4, height: h + 4, rx: 7, fill: "none", stroke: "#3b2414", "stroke-width": 3 })]);
}
