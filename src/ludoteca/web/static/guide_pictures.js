// The pictures of the "How to play" pages: each game's components drawn as on the board,
// and one example turn as a strip of pictures, one per step of the engine's `example`
// section (games/<id>/components.toml [guide.example]; tests check the counts agree).
// Pictures sit beside the words that say the same, so they are hidden from screen readers.

import {el} from "./boards/svg.js";
import {addStyle} from "./boards/board_kit.js";
import {KINDS, card as dweebie} from "./boards/dweebies_cards.js";
import {arrowGlyph, card as tacoCard, tacocat} from "./boards/tacocat.js";
import {goalCard, tile} from "./boards/tile_up.js";
import {cardSvg as outfitCard} from "./boards/mystery_date.js";
import {DATE_NAMES, door} from "./boards/pictures_mystery_date.js";
import {FAMILIES, FAMILY_NAMES, familyIcon} from "./boards/pictures_gotcha.js";
import {CARDS} from "./boards/gotcha_cards.js";

const INK = "#1f2a2e";
const label = (x, y, text, extra = {}) => el("text", {x, y, "text-anchor": "middle", "font-size": 12, fill: INK, ...extra}, [text]);
const arrow = (x1, y1, x2, y2, colour = "#c0392b") => [
  el("path", {d: `M${x1} ${y1} L${x2} ${y2}`, stroke: colour, "stroke-width": 3, fill: "none", "stroke-linecap": "round"}),
  el("path", {d: `M${x2} ${y2} l-8 -5 l0 10 z`, fill: colour, transform: `rotate(${Math.atan2(y2 - y1, x2 - x1) * 180 / Math.PI} ${x2} ${y2})`}),
];
const mark = (x, y, w, h) => el("rect", {x: x - 4, y: y - 4, width: w + 8, height: h + 8, rx: 9, fill: "none", stroke: "#ff7a00", "stroke-width": 3, "stroke-dasharray": "6 3"});
const say = (lang, es, en) => (lang === "es" ? es : en);

function svg(width, height, nodes, cls) {
  return el("svg", {viewBox: `0 0 ${width} ${height}`, class: `guide-picture ${cls || ""}`.trim(), "aria-hidden": "true", focusable: "false"}, nodes);
}

// --- Tacocat --------------------------------------------------------------------------

const TRACK = ["T", "A", "C", "O", "C", "A", "T"];
const SIZES = [4, 6, 9, 7, 9, 6, 4];

function tacoTrack(cat, y = 10) {
  const nodes = [];
  const goal = (x, text, colour) => nodes.push(
    el("rect", {x, y, width: 46, height: 54, rx: 8, fill: "#fff", stroke: colour, "stroke-width": 3}),
    label(x + 23, y + 33, text, {"font-weight": 800, fill: colour, "font-size": 14}));
  goal(4, "YAY", "#1c6e8c");
  TRACK.forEach((letter, i) => {
    const x = 56 + i * 38;
    nodes.push(el("rect", {x, y, width: 34, height: 54, rx: 6, fill: i === cat ? "#fde7c4" : "#fffdf8", stroke: "#c9bda6"}));
    nodes.push(label(x + 17, y + 20, letter, {"font-weight": 800, "font-size": 15}));
    nodes.push(label(x + 17, y + 35, String(SIZES[i]), {"font-size": 11, fill: "#555"}));
    nodes.push(arrowGlyph(x + 17, y + 46, i === 3 ? null : i < 3 ? 1 : 0));
  });
  goal(56 + 7 * 38, "WOW", "#b5412b");
  nodes.push(tacocat(56 + cat * 38 + 17, y + 70, 10));
  return nodes;
}

function tacoComponents() {
  const cards = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((v, i) => tacoCard(8 + i * 30, 100, 26, 38, v));
  return svg(370, 146, [...tacoTrack(3), ...cards]);
}

function tacoExample(lang) {
  const who = (x, name) => label(x, 14, name, {"font-weight": 700});
  return [
    svg(240, 110, [who(60, "Ana"), who(180, "Bruno"), tacoCard(40, 24, 40, 56, 9, {cls: "last-marked"}), tacoCard(160, 24, 40, 56, 6),
      label(120, 58, ">", {"font-size": 22, "font-weight": 800}), label(60, 100, say(lang, "ataca", "attacks"), {fill: "#c0392b", "font-weight": 700})]),
    svg(240, 110, [who(120, say(lang, "Ataque de Ana", "Ana attacks")), tacoCard(74, 24, 40, 56, 3), tacoCard(126, 24, 40, 56, 3), mark(74, 24, 92, 56)]),
    svg(240, 150, [tacoCard(74, 8, 40, 56, 3), tacoCard(126, 8, 40, 56, 3), tacoCard(74, 70, 40, 56, 5),
      tacoCard(126, 70, 40, 56, 2, {}, [el("path", {d: "M4 4 L36 52 M36 4 L4 52", stroke: "#b3261e", "stroke-width": 2.5})]),
      label(120, 144, "Bruno", {"font-weight": 700})]),
    svg(370, 160, [who(60, "Ana"), who(150, "Bruno"), tacoCard(40, 22, 40, 56, 4, {cls: "last-marked"}), tacoCard(130, 22, 40, 56, 11),
      label(105, 56, "<", {"font-size": 22, "font-weight": 800}), el("g", {transform: "translate(0 80)"}, tacoTrack(2, 0)),
      ...arrow(56 + 3 * 38 + 10, 150, 56 + 2 * 38 + 24, 150)]),
  ];
}

// --- Dweebies ---------------------------------------------------------------------------

function dweebiesComponents(lang) {
  return svg(14 * 56 + 8, 2 * 76 + 8, KINDS.map(([code], i) => dweebie(code, lang, 4 + (i % 14) * 56, 4 + Math.floor(i / 14) * 76, 52, 72)));
}

function dweebiesExample(lang) {
  const row = ["D05", "D07", "D17"];
  const table = (extra) => row.map((code, i) => dweebie(code, lang, 10 + i * 70, 10, 66, 88)).concat(extra);
  const hand = label(300, 114, say(lang, "mano de Ana", "Ana's hand"), {"font-size": 11});
  return [
    svg(380, 120, [...table([]), el("rect", {x: 222, y: 10, width: 66, height: 88, rx: 7, fill: "none", stroke: "#2e8b57", "stroke-dasharray": "5 4", "stroke-width": 2}),
      dweebie("D05", lang, 300, 10, 66, 88), mark(300, 10, 66, 88), hand]),
    svg(380, 120, [...table([dweebie("D05", lang, 220, 10, 66, 88)]), mark(220, 10, 66, 88), ...arrow(330, 60, 294, 60)]),
    svg(380, 120, [...table([dweebie("D05", lang, 220, 10, 66, 88)]),
      el("rect", {x: 4, y: 4, width: 290, height: 100, rx: 10, fill: "rgba(255,236,60,0.25)", stroke: "#e0b800", "stroke-width": 3}),
      ...arrow(300, 56, 340, 56, "#2e8b57"), label(356, 62, "+4", {"font-size": 18, "font-weight": 800, fill: "#2e8b57"})]),
  ];
}

// --- Tile Up ----------------------------------------------------------------------------

function tileUpComponents(lang) {
  const colours = ["O", "R", "Y", "G", "B", "P"];
  const tiles = colours.flatMap((c, i) => [1, 2, 3, 4, 5].map((n) => tile(`${c}${n}`, 6 + (n - 1) * 34, 6 + i * 34, 30)));
  const goals = [0, 4, 9, 14, 17, 22, 26].map((card, i) => goalCard(card, lang, 186 + (i % 4) * 86, 6 + Math.floor(i / 4) * 100, 80, 92));
  return svg(530, 212, [...tiles, ...goals]);
}

function tileUpExample(lang) {
  const cell = 44;
  const grid = (tiles, extra = []) => {
    const nodes = [];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
      nodes.push(el("rect", {x: 10 + c * cell, y: 10 + r * cell, width: cell, height: cell, fill: "#f9f5ea", stroke: "#d3c7a8"}));
    }
    for (const [r, c, name, below] of tiles) nodes.push(tile(name, 12 + c * cell, 12 + r * cell, cell - 4, below || []));
    return [...nodes, ...extra];
  };
  const before = [[0, 0, "B2"], [1, 0, "B3"], [1, 1, "Y5"], [0, 1, "R1"]];
  const after = [[0, 0, "B2"], [1, 0, "B3"], [1, 1, "B4", ["Y5"]], [0, 1, "R1"]];
  const goal = goalCard(4, lang, 170, 10, 90, 100);
  return [
    svg(280, 150, [...grid(before), goal, tile("B4", 176, 116, 30), label(240, 136, "Ana", {"font-weight": 700})]),
    svg(280, 150, [...grid(after, [mark(12 + cell, 12 + cell, cell - 4, cell - 4)]), ...arrow(200, 90, 112, 80)]),
    svg(280, 150, [...grid(after, [el("path", {d: `M10 10 h${cell} v${cell} h${cell} v${cell} h${-2 * cell} z`, fill: "none", stroke: "#1f6fd6", "stroke-width": 4, "stroke-dasharray": "7 4"})]),
      label(200, 80, "+4", {"font-size": 26, "font-weight": 800, fill: "#1f6fd6"})]),
  ];
}

// --- Mystery Date -------------------------------------------------------------------------

function dateComponents(lang) {
  const cards = [...Array(12).keys()].map((c) => outfitCard(c, lang, 6 + (c % 6) * 62, 6 + Math.floor(c / 6) * 84, 58, 80));
  const dates = DATE_NAMES.map((d, i) => door(392 + (i % 3) * 76, 6 + Math.floor(i / 3) * 88, 66, 80, {open: true, outcome: d}));
  return svg(620, 180, [...cards, ...dates, door(392 + 2 * 76, 94, 66, 80, {})]);
}

function die(value, x, y, s) {
  const pips = {3: [[1, 1], [2, 2], [3, 3]]}[value] || [[2, 2]];
  return el("g", {}, [el("rect", {x, y, width: s, height: s, rx: s * 0.18, fill: "#fff", stroke: "#333", "stroke-width": 1.5}),
    ...pips.map(([r, c]) => el("circle", {cx: x + (c * s) / 4, cy: y + (r * s) / 4, r: s * 0.08, fill: "#222"}))]);
}

function dateExample(lang) {
  const spaces = [0, 1, 2, 3].map((i) => el("rect", {x: 90 + i * 46, y: 30, width: 42, height: 42, rx: 6,
    fill: i === 3 ? "#3f6fd1" : "#d9f2dc", stroke: "#7a6a80"}));
  return [
    svg(300, 110, [die(3, 10, 26, 50), ...spaces, label(90 + 3 * 46 + 21, 56, say(lang, "Puerta", "Door"), {fill: "#fff", "font-size": 10, "font-weight": 700}),
      el("circle", {cx: 111, cy: 88, r: 8, fill: "#1c6e8c", stroke: "#fff", "stroke-width": 2}), ...arrow(122, 88, 240, 88)]),
    svg(300, 110, [0, 1, 2].map((c) => outfitCard(c, lang, 40 + c * 72, 6, 66, 96)).concat([mark(40, 6, 210, 96)])),
    svg(300, 130, [door(110, 6, 80, 118, {open: true, outcome: "pink"}), label(240, 70, "★", {"font-size": 30, fill: "#e5589b"})]),
  ];
}

// --- Gotcha -------------------------------------------------------------------------------

function gotchaComponents(lang) {
  const names = FAMILY_NAMES[lang === "es" ? "es" : "en"];
  const nodes = FAMILIES.flatMap((family, i) => {
    const x = 6 + (i % 5) * 124;
    const y = 6 + Math.floor(i / 5) * 44;
    return [el("rect", {x, y, width: 118, height: 38, rx: 8, fill: "#fff", stroke: "#b8b2a6"}),
      familyIcon(family, {x: x + 6, y: y + 8, width: 22, height: 22, style: "color:#1c3f8c"}),
      el("text", {x: x + 32, y: y + 24, "font-size": 10.5, fill: INK}, [names[family]])];
  });
  return svg(630, 96, nodes);
}

function person(x, y, colour, glasses) {
  return el("g", {}, [
    el("path", {d: `M${x - 18} ${y + 44} Q${x - 18} ${y + 20} ${x} ${y + 20} Q${x + 18} ${y + 20} ${x + 18} ${y + 44} Z`, fill: colour}),
    el("circle", {cx: x, cy: y + 8, r: 12, fill: "#f1c9a0", stroke: "#333"}),
    glasses ? el("path", {d: `M${x - 10} ${y + 6} h8 v5 h-8 z M${x + 2} ${y + 6} h8 v5 h-8 z M${x - 2} ${y + 8} h4`, fill: "none", stroke: "#222", "stroke-width": 1.6}) : null,
  ]);
}

function speaker(x, y) {
  return el("g", {transform: `translate(${x} ${y}) scale(1.6)`}, [
    el("path", {d: "M3 9v6h4l5 4V5L7 9H3z", fill: INK}),
    el("path", {d: "M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13", stroke: INK, "stroke-width": 2, fill: "none", "stroke-linecap": "round"}),
  ]);
}

function gotchaExample(lang) {
  const text = (id) => (CARDS[id] ? CARDS[id][lang === "es" ? "es" : "en"] : id);
  // A function: a node can stand in one picture only.
  const area = () => [
    el("rect", {x: 6, y: 6, width: 288, height: 88, rx: 10, fill: "#fff", stroke: "#1c3f8c", "stroke-width": 2}),
    label(40, 26, say(lang, "Zona 1", "Area 1"), {"font-weight": 800}),
  ];
  const card = (x, id, fill, ink) => [el("rect", {x, y: 34, width: 134, height: 54, rx: 7, fill, stroke: "#333"}),
    familyIcon(id.startsWith("W") ? "who" : "chat_form", {x: x + 4, y: 38, width: 14, height: 14, style: `color:${ink}`}),
    ...wrap(text(id), 22).map((line, i) => el("text", {x: x + 20, y: 49 + i * 12, "font-size": 10, fill: ink}, [line]))];
  const board = () => [...area(), ...card(12, "W02", "#fff", INK), ...card(152, "A19", "#1f5fbf", "#fff")];
  const bubble = (x, y, words) => [el("path", {d: `M${x} ${y} h110 a6 6 0 0 1 6 6 v24 a6 6 0 0 1 -6 6 h-84 l-10 10 v-10 h-16 a6 6 0 0 1 -6 -6 v-24 a6 6 0 0 1 6 -6 z`, fill: "#fff", stroke: "#333"}),
    label(x + 55, y + 22, words, {"font-size": 12})];
  return [
    svg(300, 100, [...board(), mark(152, 34, 134, 54)]),
    svg(300, 100, [...board(), el("rect", {x: 6, y: 6, width: 288, height: 88, rx: 10, fill: "rgba(255,255,255,0.75)"}),
      speaker(40, 30), person(150, 22, "#6b4fa3", true), label(150, 96, "Bruno", {"font-weight": 700}),
      label(240, 56, "✔", {"font-size": 30, fill: "#2e8b57"})]),
    svg(300, 100, [person(40, 30, "#6b4fa3", true), label(40, 92, "Bruno", {"font-weight": 700}), ...bubble(80, 16, say(lang, "¿me toca?", "my turn?")),
      el("path", {d: "M228 22 l40 40 M268 22 l-40 40", stroke: "#c0392b", "stroke-width": 4}), label(248, 84, say(lang, "por favor", "please"), {fill: "#c0392b", "font-size": 11})]),
    svg(300, 100, [el("circle", {cx: 50, cy: 46, r: 34, fill: "#fde2e2", stroke: "#c0392b", "stroke-width": 3}),
      el("g", {transform: "translate(30 26) scale(1.7)", style: "color:#c0392b"}, [el("path", {d: "M12 2.5a6 6 0 0 0-6 6v4.2l-2.2 3.1V17h16.4v-1.2L18 12.7V8.5a6 6 0 0 0-6-6z", fill: "currentColor"})]),
      label(150, 30, "Carla +2", {"font-weight": 800, fill: "#2e8b57", "font-size": 16}), label(150, 64, "Bruno −1", {"font-weight": 800, fill: "#c0392b", "font-size": 16}),
      ...arrow(200, 24, 260, 24, "#2e8b57"), ...arrow(260, 58, 200, 58)]),
  ];
}

function wrap(text, width) {
  const words = String(text).split(" ");
  const lines = [""];
  for (const word of words) {
    const next = `${lines[lines.length - 1]} ${word}`.trim();
    if (next.length > width && lines[lines.length - 1]) lines.push(word);
    else lines[lines.length - 1] = next;
  }
  return lines.slice(0, 3);
}

const GAMES = {
  tacocat: [tacoComponents, tacoExample],
  dweebies: [dweebiesComponents, dweebiesExample],
  tile_up: [tileUpComponents, tileUpExample],
  mystery_date: [dateComponents, dateExample],
  gotcha: [gotchaComponents, gotchaExample],
};

/** The game's components drawn as on the board (an SVG), or null for a game without. */
export function componentsPicture(game, lang) {
  return GAMES[game] ? GAMES[game][0](lang) : null;
}

/** The example turn of `game`: one SVG per step of the guide's `example` section. */
export function examplePictures(game, lang) {
  return GAMES[game] ? GAMES[game][1](lang) : [];
}

/** The pictures' style sheet, added to the page once. */
export function picturesStyle() {
  addStyle("guide-pictures-style", `
.guide-figure { margin: 8px 0; }
.guide-figure svg.guide-picture { display: block; width: 100%; max-width: 640px; height: auto; margin: 0 auto;
  background: #fffdf8; border-radius: 10px; border: 1px solid #e2dccd; }
.guide-example { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 12px; padding: 0; list-style: none; counter-reset: step; }
.guide-example li { counter-increment: step; }
.guide-example figcaption { margin-top: 6px; }
.guide-example figcaption::before { content: counter(step) ". "; font-weight: 700; }
`);
}
