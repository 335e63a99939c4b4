// Dweebies card data and card art for boards/dweebies.js.
// NAMES and COPIES mirror games/dweebies/components.toml ([[dweebies]]: id, copies, es, en);
// tests/web_static/test_boards_dweebies.py checks that they stay equal.
import { el } from "./svg.js";

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

/** A face drawn from the code: head, hair tuft and a mouth that vary with the number. */
function face(code, cx, cy, r) {
  const n = parseInt(code.slice(1), 10) || 0;
  const h = hue(code);
  const parts = [
    el("circle", { cx, cy, r, fill: `hsl(${(h + 30) % 360} 55% 82%)`, stroke: "#333", "stroke-width": 1.2 }),
    el("circle", { cx: cx - r * 0.35, cy: cy - r * 0.1, r: r * 0.12, fill: "#222" }),
    el("circle", { cx: cx + r * 0.35, cy: cy - r * 0.1, r: r * 0.12, fill: "#222" }),
  ];
  const hair = n % 3;
  if (hair === 0) {
    parts.push(el("path", { d: `M${cx - r} ${cy - r * 0.2} Q${cx} ${cy - r * 1.7} ${cx + r} ${cy - r * 0.2}`, fill: `hsl(${h} 60% 35%)` }));
  } else if (hair === 1) {
    parts.push(el("path", { d: `M${cx - r * 0.4} ${cy - r * 0.9} L${cx} ${cy - r * 1.6} L${cx + r * 0.4} ${cy - r * 0.9} Z`, fill: `hsl(${h} 60% 35%)` }));
  } else {
    parts.push(el("rect", { x: cx - r * 0.9, y: cy - r * 1.35, width: r * 1.8, height: r * 0.5, rx: r * 0.2, fill: `hsl(${h} 60% 35%)` }));
  }
  const smile = n % 2 === 0;
  parts.push(el("path", {
    d: smile
      ? `M${cx - r * 0.4} ${cy + r * 0.3} Q${cx} ${cy + r * 0.75} ${cx + r * 0.4} ${cy + r * 0.3}`
      : `M${cx - r * 0.35} ${cy + r * 0.45} L${cx + r * 0.35} ${cy + r * 0.45}`,
    fill: "none", stroke: "#222", "stroke-width": 1.4, "stroke-linecap": "round",
  }));
  return parts;
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
    ...face(code, x + w / 2, y + h * 0.42, Math.min(w, h) * 0.2),
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
