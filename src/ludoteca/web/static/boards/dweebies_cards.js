// Dweebies card data and card art for boards/dweebies.js.
// NAMES and COPIES mirror games/dweebies/components.toml ([[dweebies]]: id, copies, es, en);
// tests/web_static/test_boards_dweebies.py checks that they stay equal.
import { el } from "./svg.js";
import { portrait } from "./pictures_dweebies.js";

export const KINDS = [
  ["D01", 4, "Superhéroe", "Super-hero"],
  ["D02", 4, "Doctora", "Doctor"],
  ["D03", 4, "Manitas", "Fix-it"],
  ["D04", 3, "Científica", "Scientist"],
  ["D05", 3, "Cocinero", "Chef"],
  ["D06", 3, "Pintora", "Painter"],
  ["D07", 3, "Pirata", "Pirate"],
  ["D08", 2, "Estrella del fútbol", "Football hero"],
  ["D09", 2, "Astronauta", "Astronaut"],
  ["D10", 2, "Química", "Chemist"],
  ["D11", 2, "Yogui", "Yogi"],
  ["D12", 2, "Hincha con mano de espuma", "Foam-finger fan"],
  ["D13", 2, "Bailarina", "Dancer"],
  ["D14", 2, "Gaitero", "Bagpiper"],
  ["D15", 2, "Cantante", "Singer"],
  ["D16", 2, "Surfista", "Surfer"],
  ["D17", 2, "Conejito", "Bunny"],
  ["D18", 1, "Vaquero", "Cowboy"],
  ["D19", 1, "Mago", "Wizard"],
  ["D20", 1, "Estrella del rock", "Rock star"],
  ["D21", 1, "Detective", "Detective"],
  ["D22", 1, "Caballero", "Knight"],
  ["D23", 1, "Ninja", "Ninja"],
  ["D24", 1, "Jardinera", "Gardener"],
  ["D25", 1, "Socorrista", "Lifeguard"],
  ["D26", 1, "Bombera", "Firefighter"],
  ["D27", 1, "Mimo", "Mime"],
];

const BY_CODE = new Map(KINDS.map((k) => [k[0], k]));

/** The Dweebie's name in `lang` ("es" | "en"), or the code for an unknown one. */
export function cardName(code, lang) {
  const kind = BY_CODE.get(code);
  if (!kind) return code;
  return lang === "es" ? kind[2] : kind[3];
}

/** Copies of the Dweebie in the deck (the dots on the card). */
export function copies(code) {
  const kind = BY_CODE.get(code);
  return kind ? kind[1] : 0;
}

/** A hue per Dweebie, spread round the colour wheel. */
export function hue(code) {
  const n = parseInt(code.slice(1), 10) || 0;
  return (n * 137) % 360;
}

/** Split a name into at most two lines of about `width` characters. */
function lines(name, width) {
  if (name.length <= width) return [name];
  const words = name.split(" ");
  let first = "";
  let i = 0;
  while (i < words.length && (first + " " + words[i]).trim().length <= width) {
    first = (first + " " + words[i]).trim();
    i += 1;
  }
  if (!first) return [name.slice(0, width - 1) + "…"];
  let rest = words.slice(i).join(" ");
  if (rest.length > width) rest = rest.slice(0, width - 1) + "…";
  return rest ? [first, rest] : [first];
}

/** The Dweebie's picture between the card's number row and its name. */
function portraitIn(code, x, y, w, h, nameRows) {
  const top = y + 14;
  const size = Math.max(10, Math.min(w - 6, h - 14 - 6 - nameRows * 10));
  return portrait(code, x + (w - size) / 2, top, size);
}

/**
 * One face-up card as an SVG group at (x, y), size w x h: number, face, name, copy dots.
 * `extra` attributes go on the group (class, data-action, listeners).
 */
export function card(code, lang, x, y, w, h, extra = {}) {
  const hh = hue(code);
  const dots = [];
  const count = copies(code);
  for (let i = 0; i < count; i += 1) {
    dots.push(el("circle", { cx: x + w - 8 - i * 6, cy: y + 8, r: 2.2, fill: `hsl(${hh} 60% 30%)` }));
  }
  const name = cardName(code, lang);
  const nameLines = lines(name, Math.max(6, Math.floor(w / 5.6)));
  const texts = nameLines.map((line, i) =>
    el("text", {
      x: x + w / 2, y: y + h - 8 - (nameLines.length - 1 - i) * 10,
      "text-anchor": "middle", "font-size": 9, fill: "#222",
    }, [line]));
  return el("g", { class: "dw-card", "data-card": code, ...extra }, [
    el("title", {}, [name]),
    el("rect", {
      class: "dw-card-face", x, y, width: w, height: h, rx: 7,
      fill: `hsl(${hh} 70% 92%)`, stroke: `hsl(${hh} 50% 40%)`, "stroke-width": 1.5,
    }),
    el("text", { x: x + 5, y: y + 13, "font-size": 11, "font-weight": "bold", fill: `hsl(${hh} 60% 25%)` }, [code.slice(1)]),
    ...dots,
    portraitIn(code, x, y, w, h, nameLines.length),
    ...texts,
  ]);
}

/** A face-down card (the pile, other players' hands). */
export function back(x, y, w, h, extra = {}) {
  return el("g", { class: "dw-back", ...extra }, [
    el("rect", { x, y, width: w, height: h, rx: 6, fill: "#3b3b8f", stroke: "#1d1d55", "stroke-width": 1.5 }),
    el("rect", { x: x + 4, y: y + 4, width: w - 8, height: h - 8, rx: 4, fill: "none", stroke: "#9a9ae6", "stroke-width": 1, "stroke-dasharray": "3 2" }),
    el("text", { x: x + w / 2, y: y + h / 2 + 4, "text-anchor": "middle", "font-size": Math.min(w, h) * 0.28, fill: "#d8d8ff", "font-weight": "bold" }, ["D"]),
  ]);
}
