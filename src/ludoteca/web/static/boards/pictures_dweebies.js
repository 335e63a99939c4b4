// A picture per Dweebie (D01..D27): the same round head and shoulders for everyone, and what
// tells them apart at a glance: a hat, hair or mask, and a thing in hand (a wrench, a
// palette, a surfboard...). Drawn in a 100 x 100 box; `portrait(code, x, y, size)` places it.
// The name is written under the picture on the card (boards/dweebies_cards.js), so the
// picture is decorative there (aria-hidden) and carries no text of its own.
import { el } from "./svg.js";

const INK = "#222";
const SKINS = ["#f4c9a0", "#d9a273", "#a86b43", "#f1d2b6", "#7a4a2a", "#e8b48a"];

const path = (d, fill, extra = {}) => el("path", { d, fill, stroke: INK, "stroke-width": 1.6, "stroke-linejoin": "round", ...extra });
const line = (d, stroke = INK, width = 2) => el("path", { d, fill: "none", stroke, "stroke-width": width, "stroke-linecap": "round" });
const circle = (cx, cy, r, fill, extra = {}) => el("circle", { cx, cy, r, fill, stroke: INK, "stroke-width": 1.6, ...extra });
const ellipse = (cx, cy, rx, ry, fill, extra = {}) => el("ellipse", { cx, cy, rx, ry, fill, stroke: INK, "stroke-width": 1.6, ...extra });
const rect = (x, y, width, height, fill, rx = 2, extra = {}) => el("rect", { x, y, width, height, rx, fill, stroke: INK, "stroke-width": 1.6, ...extra });
const dot = (cx, cy, r, fill) => el("circle", { cx, cy, r, fill });

// The head is centred at (50, 54), radius 19; shoulders fill the bottom.
const eyes = () => [dot(43, 52, 2.4, INK), dot(57, 52, 2.4, INK)];
const smile = () => line("M43 61 Q50 67 57 61");
const body = (fill) => path("M22 100 Q24 76 50 76 Q76 76 78 100 Z", fill);
const head = (skin) => circle(50, 54, 19, skin);

// Per Dweebie: [shirt colour, parts behind the head, parts over the face, the thing in hand].
// Each entry is a function of the skin colour returning arrays of SVG nodes.
const PEOPLE = {
  D01: () => ({ // Super-hero: a red cape, a black eye mask, a star on the chest
    shirt: "#2456c8",
    behind: [path("M26 100 L30 74 L50 70 L70 74 L74 100 Z", "#d32f2f")],
    face: [rect(33, 47, 34, 9, INK, 4), dot(43, 51.5, 2.2, "#fff"), dot(57, 51.5, 2.2, "#fff"), smile()],
    prop: [path("M50 80 L52.5 86 L59 86 L54 90 L56 96 L50 92.5 L44 96 L46 90 L41 86 L47.5 86 Z", "#ffd23f", { "stroke-width": 1 })],
  }),
  D02: () => ({ // Doctor: a head mirror and a red cross
    shirt: "#ffffff",
    face: [line("M31 44 L69 44", "#555", 3), circle(50, 40, 6, "#cfd8dc"), ...eyes(), smile()],
    prop: [rect(76, 68, 18, 18, "#fff", 3), rect(82.5, 70.5, 5, 13, "#d32f2f", 0, { stroke: "none" }), rect(78.5, 74.5, 13, 5, "#d32f2f", 0, { stroke: "none" })],
  }),
  D03: () => ({ // Fix-it: a yellow hard hat and a wrench
    shirt: "#ef6c00",
    hat: [path("M30 46 Q30 28 50 28 Q70 28 70 46 Z", "#ffd23f"), rect(26, 44, 48, 5, "#ffd23f", 2)],
    face: [...eyes(), smile()],
    prop: [path("M80 95 L86 70 M81 66 a7 7 0 1 0 10 4 l-4 -1 -2 -4 z", "#9e9e9e", { "stroke-width": 3, fill: "#bdbdbd" })],
  }),
  D04: () => ({ // Scientist: wild white hair, round goggles, an atom
    shirt: "#ffffff",
    behind: [path("M29 50 Q22 36 32 34 Q30 24 42 28 Q48 18 56 27 Q68 22 68 33 Q79 36 71 50 Z", "#eceff1")],
    face: [circle(43, 52, 5.5, "#b3e5fc"), circle(57, 52, 5.5, "#b3e5fc"), line("M48.5 52 L51.5 52"), dot(43, 52, 1.8, INK), dot(57, 52, 1.8, INK), line("M44 63 L56 63")],
    prop: [ellipse(86, 78, 11, 4.5, "none", { stroke: "#1565c0" }), ellipse(86, 78, 11, 4.5, "none", { stroke: "#1565c0", transform: "rotate(60 86 78)" }), ellipse(86, 78, 11, 4.5, "none", { stroke: "#1565c0", transform: "rotate(-60 86 78)" }), dot(86, 78, 2.5, "#d32f2f")],
  }),
  D05: () => ({ // Chef: a tall puffy hat and a moustache
    shirt: "#ffffff",
    hat: [path("M34 40 Q26 24 38 22 Q42 10 50 16 Q58 10 62 22 Q74 24 66 40 Z", "#fff"), rect(34, 37, 32, 7, "#fff", 1)],
    face: [...eyes(), path("M41 60 Q45 56 50 59 Q55 56 59 60 Q55 63 50 61 Q45 63 41 60 Z", "#5d4037")],
    prop: [ellipse(86, 86, 10, 4, "#9e9e9e"), line("M86 82 L86 66", "#5d4037", 3)],
  }),
  D06: () => ({ // Painter: a red beret and a palette
    shirt: "#7e57c2",
    hat: [ellipse(47, 37, 20, 7, "#c62828"), line("M49 30 L51 26", INK, 2.5)],
    face: [...eyes(), smile()],
    prop: [path("M72 74 Q72 62 86 62 Q98 62 97 74 Q96 84 86 84 Q80 84 82 78 Q84 74 78 76 Q72 80 72 74 Z", "#d7a86e"), dot(80, 68, 2.3, "#e53935"), dot(87, 66, 2.3, "#1e88e5"), dot(92, 71, 2.3, "#43a047"), dot(90, 78, 2.3, "#fdd835")],
  }),
  D07: () => ({ // Pirate: a black hat with a white skull, an eyepatch
    shirt: "#b71c1c",
    hat: [path("M24 42 Q50 18 76 42 Q50 34 24 42 Z", "#212121"), dot(50, 33, 3, "#fff")],
    face: [line("M33 45 L66 58", INK, 2), ellipse(57, 52, 5, 4.5, INK), dot(43, 52, 2.4, INK), smile()],
    prop: [line("M80 96 L94 64", "#9e9e9e", 3), line("M76 88 L86 92", "#795548", 4)],
  }),
  D08: () => ({ // Football hero: a sweatband and a ball
    shirt: "#2e7d32",
    face: [rect(31, 41, 38, 6, "#fdd835", 2), ...eyes(), smile()],
    prop: [circle(86, 84, 11, "#fff"), path("M86 79 L90.5 82.5 L88.8 87.7 L83.2 87.7 L81.5 82.5 Z", INK, { "stroke-width": 1 })],
  }),
  D09: () => ({ // Astronaut: a glass helmet with an antenna
    shirt: "#eceff1",
    face: [...eyes(), smile()],
    front: [circle(50, 54, 27, "rgba(144,202,249,0.35)", { "stroke-width": 2.2 }), line("M50 27 L50 17"), dot(50, 15, 3, "#e53935")],
    prop: [rect(44, 82, 12, 8, "#90caf9", 1)],
  }),
  D10: () => ({ // Chemist: square safety glasses and a bubbling test tube
    shirt: "#ffffff",
    face: [rect(37, 47, 11, 9, "#e0f7fa", 1), rect(52, 47, 11, 9, "#e0f7fa", 1), line("M48 51 L52 51"), dot(43, 52, 1.8, INK), dot(57, 52, 1.8, INK), smile()],
    prop: [path("M80 62 L80 90 Q80 96 86 96 Q92 96 92 90 L92 62 Z", "#fff"), path("M80 78 L92 78 L92 90 Q92 96 86 96 Q80 96 80 90 Z", "#66bb6a", { "stroke-width": 0 }), dot(85, 72, 1.8, "#66bb6a"), dot(88, 67, 1.4, "#66bb6a")],
  }),
  D11: () => ({ // Yogi: eyes closed, a top knot, a lotus
    shirt: "#ff8f00",
    hat: [circle(50, 33, 6, "#4e342e")],
    face: [line("M40 53 Q43 56 46 53"), line("M54 53 Q57 56 60 53"), line("M45 62 Q50 64 55 62")],
    prop: [path("M86 92 Q76 84 80 74 Q86 80 86 92 Z M86 92 Q96 84 92 74 Q86 80 86 92 Z M86 92 Q82 78 86 68 Q90 78 86 92 Z", "#f48fb1")],
  }),
  D12: () => ({ // Foam-finger fan: painted cheeks and a big pointing foam hand
    shirt: "#1565c0",
    face: [...eyes(), line("M37 58 L41 58", "#1565c0", 3), line("M59 58 L63 58", "#1565c0", 3), smile()],
    prop: [path("M76 96 L76 76 Q76 72 80 72 L80 52 Q80 48 84 48 Q88 48 88 52 L88 72 L94 72 Q97 72 97 76 L97 96 Z", "#fdd835")],
  }),
  D13: () => ({ // Dancer: a hair bun with a tiara and a pink tutu
    shirt: "#f8bbd0",
    behind: [circle(50, 32, 7, "#6d4c41")],
    hat: [path("M38 39 L42 32 L46 37 L50 30 L54 37 L58 32 L62 39 Z", "#ffd54f")],
    face: [...eyes(), smile()],
    prop: [path("M20 94 L30 82 L38 90 L46 82 L54 90 L62 82 L70 90 L80 82 L86 94 Z", "#f06292")],
  }),
  D14: () => ({ // Bagpiper: a tartan bonnet with a pompom, bagpipes
    shirt: "#1b5e20",
    hat: [ellipse(50, 38, 21, 6, "#c62828"), line("M32 38 L68 38", "#1b5e20", 2), line("M42 33 L42 43", "#1b5e20", 1.5), line("M58 33 L58 43", "#1b5e20", 1.5), circle(50, 30, 4, "#c62828")],
    face: [...eyes(), smile()],
    prop: [ellipse(84, 84, 11, 9, "#c62828"), line("M80 76 L76 58", INK, 3), line("M86 76 L88 56", INK, 3), line("M91 78 L97 60", INK, 3)],
  }),
  D15: () => ({ // Singer: a microphone and music notes
    shirt: "#ad1457",
    hat: [path("M31 50 Q30 30 50 30 Q70 30 69 50 Q64 38 50 38 Q36 38 31 50 Z", "#ffb300")],
    face: [...eyes(), ellipse(50, 63, 4, 3.5, "#6d1b1b")],
    prop: [circle(70, 68, 5.5, "#757575"), line("M72 73 L80 92", INK, 3.5), path("M84 46 L84 58 M84 46 L92 44 L92 56", "none"), dot(82, 58, 2.5, INK), dot(90, 56, 2.5, INK)],
  }),
  D16: () => ({ // Surfer: spiky blond hair and a surfboard
    shirt: "#00acc1",
    hat: [path("M31 46 L34 32 L40 40 L44 28 L50 38 L56 28 L60 40 L66 32 L69 46 Z", "#ffe082")],
    face: [...eyes(), smile()],
    prop: [ellipse(87, 70, 7, 26, "#ff7043"), line("M87 46 L87 94", "#fff", 2)],
  }),
  D17: () => ({ // Bunny: long ears, a pink nose and whiskers
    shirt: "#e0e0e0",
    behind: [ellipse(40, 24, 6, 16, "#f5f5f5"), ellipse(60, 24, 6, 16, "#f5f5f5"), ellipse(40, 25, 2.5, 11, "#f8bbd0", { stroke: "none" }), ellipse(60, 25, 2.5, 11, "#f8bbd0", { stroke: "none" })],
    skin: "#f5f5f5",
    face: [...eyes(), path("M47 58 L53 58 L50 61 Z", "#f06292", { "stroke-width": 1 }), line("M33 60 L44 61", INK, 1), line("M33 64 L44 63", INK, 1), line("M56 61 L67 60", INK, 1), line("M56 63 L67 64", INK, 1)],
    prop: [ellipse(86, 84, 4, 10, "#ff7043"), path("M86 74 L82 66 M86 74 L90 66", "none", { stroke: "#43a047", "stroke-width": 2 })],
  }),
  D18: () => ({ // Cowboy: a wide brown hat and a red bandana
    shirt: "#8d6e63",
    hat: [ellipse(50, 39, 30, 5, "#795548"), path("M36 39 Q36 22 50 24 Q64 22 64 39 Z", "#795548")],
    face: [...eyes(), smile()],
    prop: [path("M36 72 L64 72 L50 84 Z", "#d32f2f")],
  }),
  D19: () => ({ // Wizard: a tall starry hat and a long white beard
    shirt: "#4527a0",
    hat: [path("M30 42 L54 4 L70 42 Z", "#4527a0"), path("M48 26 L50 30 L54 30 L51 33 L52 37 L48 35 L45 37 L46 33 L43 30 L47 30 Z", "#ffd54f", { "stroke-width": 0.8 })],
    face: [...eyes()],
    front: [path("M34 58 Q50 64 66 58 Q64 84 50 92 Q36 84 34 58 Z", "#fafafa")],
    prop: [line("M84 96 L90 58", "#6d4c41", 3), dot(90, 56, 4, "#4fc3f7")],
  }),
  D20: () => ({ // Rock star: spiky black hair, sunglasses, a guitar
    shirt: "#212121",
    hat: [path("M31 46 L28 26 L40 36 L42 20 L50 34 L58 20 L60 36 L72 26 L69 46 Z", "#212121")],
    face: [rect(36, 48, 12, 7, INK, 2), rect(52, 48, 12, 7, INK, 2), line("M48 51 L52 51"), line("M44 62 L56 62")],
    prop: [path("M70 92 Q64 84 72 78 Q76 74 80 78 Q86 74 88 80 Q92 88 84 94 Q76 98 70 92 Z", "#e53935"), line("M82 80 L96 52", "#6d4c41", 3)],
  }),
  D21: () => ({ // Detective: a checked deerstalker cap and a magnifying glass
    shirt: "#a1887f",
    hat: [path("M30 44 Q30 26 50 26 Q70 26 70 44 Z", "#bcaaa4"), line("M40 28 L40 44", "#6d4c41", 1.5), line("M50 26 L50 44", "#6d4c41", 1.5), line("M60 28 L60 44", "#6d4c41", 1.5), path("M68 42 L78 46 L68 46 Z", "#bcaaa4")],
    face: [...eyes(), line("M44 62 L56 62")],
    prop: [circle(84, 70, 9, "#e1f5fe", { "stroke-width": 2.5 }), line("M78 77 L70 92", "#6d4c41", 4)],
  }),
  D22: () => ({ // Knight: a grey helmet with a visor slit and a plume
    shirt: "#90a4ae",
    skin: "#b0bec5",
    hat: [path("M52 34 Q58 16 70 20 Q62 24 58 34 Z", "#e53935")],
    face: [rect(36, 49, 28, 5, INK, 2), line("M50 56 L50 70", "#546e7a", 1.5)],
    prop: [path("M76 60 L96 60 L96 76 Q96 90 86 96 Q76 90 76 76 Z", "#1e88e5"), line("M86 62 L86 92", "#fdd835", 2.5), line("M78 72 L94 72", "#fdd835", 2.5)],
  }),
  D23: () => ({ // Ninja: a black hood with only the eyes showing, headband tails
    shirt: "#212121",
    skin: "#212121",
    face: [rect(35, 47, 30, 10, "#f4c9a0", 4), dot(43, 52, 2.2, INK), dot(57, 52, 2.2, INK), rect(31, 40, 38, 5, "#d32f2f", 2), path("M68 42 L80 36 L78 44 Z M68 42 L82 46 L76 50 Z", "#d32f2f", { "stroke-width": 1 })],
    prop: [path("M86 70 L89 77 L96 78 L90 82 L92 90 L86 85 L80 90 L82 82 L76 78 L83 77 Z", "#9e9e9e")],
  }),
  D24: () => ({ // Gardener: a straw sun hat and a sunflower
    shirt: "#689f38",
    hat: [ellipse(50, 40, 28, 6, "#ffe082"), path("M36 40 Q36 26 50 26 Q64 26 64 40 Z", "#ffe082"), line("M37 37 L63 37", "#43a047", 3)],
    face: [...eyes(), smile()],
    prop: [line("M86 96 L86 72", "#43a047", 3), circle(86, 66, 9, "#fdd835"), circle(86, 66, 4, "#6d4c41")],
  }),
  D25: () => ({ // Lifeguard: a visor, a whistle and a red-and-white ring buoy
    shirt: "#d32f2f",
    hat: [path("M31 44 Q50 38 69 44 L74 48 L31 46 Z", "#ffffff")],
    face: [...eyes(), smile(), line("M44 74 L48 80"), rect(45, 79, 7, 5, "#fdd835", 1)],
    prop: [circle(85, 80, 12, "#fff", { "stroke-width": 2 }), circle(85, 80, 5, "#eceff1"), path("M85 68 A12 12 0 0 1 97 80 L90 80 A5 5 0 0 0 85 75 Z M85 92 A12 12 0 0 1 73 80 L80 80 A5 5 0 0 0 85 85 Z", "#e53935", { "stroke-width": 1 })],
  }),
  D26: () => ({ // Firefighter: a red helmet with a badge and a hose nozzle
    shirt: "#37474f",
    hat: [path("M28 46 Q28 24 50 24 Q72 24 72 46 L76 48 L24 48 Z", "#d32f2f"), path("M44 28 L56 28 L56 38 L50 42 L44 38 Z", "#ffd54f", { "stroke-width": 1 })],
    face: [...eyes(), smile()],
    prop: [path("M74 96 Q70 80 80 76 L90 72", "none", { stroke: "#424242", "stroke-width": 4 }), path("M88 68 L96 66 L97 72 L90 76 Z", "#ffd54f")],
  }),
  D27: () => ({ // Mime: a white face, a small black beret, a striped shirt, a black tear
    shirt: "#ffffff",
    skin: "#ffffff",
    extraBody: [line("M28 86 L72 86", INK, 3), line("M26 94 L74 94", INK, 3)],
    hat: [ellipse(56, 36, 13, 5, "#212121")],
    face: [line("M40 51 L46 51"), line("M54 51 L60 51"), ellipse(50, 63, 5, 2.5, INK), path("M43 56 Q44 60 43 61 Q42 60 43 56 Z", INK, { "stroke-width": 0.8 })],
    prop: [path("M82 60 L96 60 L94 96 L84 96 Z", "none", { "stroke-dasharray": "3 3" })],
  }),
};

/** The Dweebie codes that have a picture (all 27). */
export const PICTURED = Object.keys(PEOPLE);

/** The picture of Dweebie `code` as SVG nodes in a 100 x 100 box, or [] for an unknown code. */
export function figure(code) {
  const make = PEOPLE[code];
  if (!make) return [];
  const n = parseInt(code.slice(1), 10) || 0;
  const spec = make();
  const skin = spec.skin || SKINS[n % SKINS.length];
  return [
    ...(spec.behind || []),
    body(spec.shirt),
    ...(spec.extraBody || []),
    head(skin),
    ...(spec.face || []),
    ...(spec.hat || []),
    ...(spec.front || []),
    ...(spec.prop || []),
  ];
}

/** The picture of `code` placed with its top-left corner at (x, y), `size` wide and high. */
export function portrait(code, x, y, size, extra = {}) {
  return el("g", {
    class: "dw-portrait", "data-portrait": code, "aria-hidden": "true",
    transform: `translate(${x} ${y}) scale(${size / 100})`, ...extra,
  }, figure(code));
}
