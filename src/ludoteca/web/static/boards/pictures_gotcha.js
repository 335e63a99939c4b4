// Gotcha card families drawn as icons (24 x 24, no emoji font needed): who a rule is for
// (people), and what each kind of rule asks: do something before (an arrow into a card), a
// form for every chat message (a speech bubble "Aa"), few messages (a bubble with a count),
// never an emote (a hand crossed out), no emote twice (two hands, "≠"), react in time (a
// lightning bolt), keep silent (a bubble crossed out), wait (a clock), a blank card (a pencil).
// A card keeps its words; the icon sits beside its kind label, so it is decorative there.
import { el } from "./svg.js";
import { CARDS } from "./gotcha_cards.js";

const S = { fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round" };
const stroke = (d) => el("path", { d, ...S });
const solid = (d) => el("path", { d, fill: "currentColor" });
const bubble = "M4 5h16a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z";
const hand = (dx = 0) => `M${7 + dx} 20v-7l-2-3a1.3 1.3 0 0 1 2-1.5l2 2V5a1.2 1.2 0 0 1 2.4 0v5V4a1.2 1.2 0 0 1 2.4 0v6V5.5a1.2 1.2 0 0 1 2.4 0V15c0 3-2 5-5 5z`;

const ICONS = {
  who: () => [el("circle", { cx: 9, cy: 8, r: 3, ...S }), stroke("M3 20c0-4 3-6 6-6s6 2 6 6"), el("circle", { cx: 17, cy: 9, r: 2.5, ...S }), stroke("M16 14c3 0 5 2 5 5")],
  before: () => [el("rect", { x: 12, y: 4, width: 9, height: 14, rx: 1.5, ...S }), stroke("M2 11h7M6 8l3 3-3 3")],
  chat_form: () => [stroke(bubble), el("text", { x: 12, y: 13.5, "text-anchor": "middle", "font-size": 7.5, "font-weight": "bold", fill: "currentColor", "font-family": "sans-serif" }, ["Aa"])],
  chat_limit: () => [stroke(bubble), stroke("M8 9v4M12 9v4M16 9v4")],
  never_emote: () => [stroke(hand()), stroke("M3 3l18 18")],
  no_repeat_emote: () => [el("g", { transform: "translate(-3.5 2) scale(0.8)" }, [stroke(hand())]), el("g", { transform: "translate(8 2) scale(0.8)" }, [stroke(hand())]), stroke("M10.5 8h3M10.5 11h3M13.5 6.5l-3 6")],
  react: () => [solid("M13 2L4 14h7l-1 8 9-12h-7z")],
  silent: () => [stroke(bubble), stroke("M3 3l18 18")],
  wait: () => [el("circle", { cx: 12, cy: 12, r: 9, ...S }), stroke("M12 7v5l3 3")],
  blank: () => [stroke("M4 20l1-5L16 4l4 4L9 19z"), stroke("M14 6l4 4")],
};

/** A family's name, in Spanish and English (the guide's legend). */
export const FAMILY_NAMES = {
  es: {
    who: "A quién se aplica", before: "Antes de…", chat_form: "Cómo escribir", chat_limit: "Pocos mensajes",
    never_emote: "Gesto prohibido", no_repeat_emote: "Sin repetir gesto", react: "Reaccionar a tiempo",
    silent: "Silencio", wait: "Esperar", blank: "Carta en blanco",
  },
  en: {
    who: "Who it is for", before: "Before…", chat_form: "How to write", chat_limit: "Few messages",
    never_emote: "Banned emote", no_repeat_emote: "No emote twice", react: "React in time",
    silent: "Silence", wait: "Wait", blank: "Blank card",
  },
};

/** The families with an icon. */
export const FAMILIES = Object.keys(ICONS);

/** The family of card `id` ("who", a rule family, or "blank"), or null for an unknown id. */
export function familyOf(id) {
  const card = CARDS[id];
  if (!card) return null;
  const family = card.family || card.kind;
  return family.startsWith("blank") ? "blank" : family;
}

/** The icon of `family` as an inline SVG (aria-hidden: words say the same beside it). */
export function familyIcon(family, extra = {}) {
  const make = ICONS[family];
  return el("svg", {
    viewBox: "0 0 24 24", width: 18, height: 18, class: "gt-family-icon", "data-family": family,
    "aria-hidden": "true", focusable: "false", ...extra,
  }, make ? make() : []);
}
