// Tacocat Spelled Backwards: the TACOCAT track, the opponent's face-down hand, the table
// (duel, attack and answers, last trick, showdown) and my hand as cards.
//
// Only view keys are read (games/tacocat.py view()): the opponent's hand arrives as a count
// and is drawn as backs. Seat 0 plays toward goal YAY (left), seat 1 toward WOW (right).
// Moves: duel and defence are one tap on a card; replace and attack select cards first,
// then a button sends the whole set. Cards that may not be played are still tappable and
// send what the player meant, so the server answers with the rule (the shell shows it).

import {el, h} from "./svg.js";
import {tr} from "../i18n.js";

const LETTERS = ["T", "A", "C", "O", "C", "A", "T"];
const HAND_SIZES = [4, 6, 9, 7, 9, 6, 4];
const GOALS = ["YAY", "WOW"];
const W = 400;

const STRINGS = {
  es: {
    you: "tú",
    secret: "elegida",
    cards: "{n} cartas",
    card: "1 carta",
    chose: "ya eligió",
    your_hand: "Tu mano",
    hand_of: "Mano de {name}",
    round: "Ronda {n}",
    pile: "mazo {n}",
    discard: "desc. {n}",
    deal: "Se reparten {n}",
    "phase.deal": "Repartiendo…",
    "phase.replace.both": "Cambio: elegid a la vez y en secreto qué cartas cambiar.",
    "phase.replace.first": "Cambio: cambia primero {name} (las que quiera).",
    "phase.replace.second": "Cambio: {name} puede cambiar hasta {k}.",
    "phase.duel": "Duelo: cada uno elige en secreto una carta; la más alta ataca.",
    "phase.attack": "Ataca {name}.",
    "phase.defend": "{name} defiende contra {card}.",
    "phase.over": "Fin de la partida.",
    "hint.replace": "Toca las cartas que quieres cambiar y pulsa «Cambiar».",
    "hint.replace_limit": "Puedes cambiar hasta {k}. Toca las cartas y pulsa «Cambiar».",
    "hint.duel": "Toca la carta para el duelo.",
    "hint.attack": "Toca una carta, un conjunto o una secuencia y pulsa «Atacar».",
    "hint.defend": "Toca una carta de {card} o más para defender, o sacrifica tu carta más baja ({low}).",
    "hint.wait": "Espera a {name}.",
    "hint.chosen": "Tu elección secreta: {choice}. Espera al otro jugador.",
    "choice.keep": "no cambiar",
    "choice.replace": "cambiar {cards}",
    "choice.duel": "duelo con {card}",
    "btn.replace": "Cambiar {cards}",
    "btn.replace_none": "Elige cartas para cambiar",
    "btn.keep": "No cambiar ninguna",
    "btn.attack": "Atacar con {cards}",
    "btn.attack_none": "Elige cartas para atacar",
    "btn.sacrifice": "Sacrificar mi carta más baja ({low})",
    "btn.clear": "Quitar selección",
    attack: "Ataque de {name}",
    answer: "Respuesta",
    sacrificed: "sacrificada",
    last_trick: "Última baza: {name} atacó",
    last_duel: "Último duelo",
    showdown: "Enfrentamiento: gana la carta más baja",
    round_won: "Ronda para {name}",
    round_draw: "Ronda nula",
    replaced: "{name} cambió {n}",
    last: "Última jugada: {who} {label}",
    goal_you: "tu meta",
  },
  en: {
    you: "you",
    secret: "chosen",
    cards: "{n} cards",
    card: "1 card",
    chose: "has chosen",
    your_hand: "Your hand",
    hand_of: "{name}'s hand",
    round: "Round {n}",
    pile: "pile {n}",
    discard: "disc. {n}",
    deal: "Deal {n}",
    "phase.deal": "Dealing…",
    "phase.replace.both": "Replace: both choose, secretly and at once, which cards to replace.",
    "phase.replace.first": "Replace: {name} replaces first (any number).",
    "phase.replace.second": "Replace: {name} may replace up to {k}.",
    "phase.duel": "Duel: each secretly picks a card; the higher attacks.",
    "phase.attack": "{name} attacks.",
    "phase.defend": "{name} defends against {card}.",
    "phase.over": "Game over.",
    "hint.replace": "Tap the cards to replace, then press “Replace”.",
    "hint.replace_limit": "You may replace up to {k}. Tap the cards, then press “Replace”.",
    "hint.duel": "Tap your duel card.",
    "hint.attack": "Tap one card, a set or a sequence, then press “Attack”.",
    "hint.defend": "Tap a card of {card} or more to defend, or sacrifice your lowest card ({low}).",
    "hint.wait": "Waiting for {name}.",
    "hint.chosen": "Your secret choice: {choice}. Waiting for the other player.",
    "choice.keep": "keep every card",
    "choice.replace": "replace {cards}",
    "choice.duel": "duel with {card}",
    "btn.replace": "Replace {cards}",
    "btn.replace_none": "Pick cards to replace",
    "btn.keep": "Keep every card",
    "btn.attack": "Attack with {cards}",
    "btn.attack_none": "Pick cards to attack with",
    "btn.sacrifice": "Sacrifice my lowest card ({low})",
    "btn.clear": "Clear selection",
    attack: "{name}'s attack",
    answer: "Answer",
    sacrificed: "sacrificed",
    last_trick: "Last trick: {name} attacked",
    last_duel: "Last duel",
    showdown: "Showdown: the lower card wins",
    round_won: "Round to {name}",
    round_draw: "Drawn round",
    replaced: "{name} replaced {n}",
    last: "Last move: {who} {label}",
    goal_you: "your goal",
  },
};

// Selection kept between renders while the same decision is open (replace or attack).
let selection = {key: null, picked: []};

function s(ctx, key, params = {}) {
  return tr(STRINGS, key, params, ctx.lang);
}

function seatName(ctx, seat) {
  const info = ctx.seats && ctx.seats[seat];
  const name = info && info.name ? info.name : GOALS[seat];
  return name;
}

function isActor(ctx) {
  return !ctx.replay && ctx.you !== null && ctx.you !== undefined && (ctx.actors || []).includes(ctx.you);
}

function legalSet(ctx) {
  return new Set((ctx.legal || []).map((m) => m.text));
}

/** The action text of a card list, cards ascending (as the server writes it). */
function cardsText(verb, cards) {
  return `${verb} ${[...cards].sort((a, b) => a - b).join(" ")}`.trim();
}

function lastCards(last) {
  if (!last || !last.text) return {verb: null, cards: []};
  const [verb, ...rest] = last.text.split(/\s+/);
  return {verb, cards: rest.map(Number).filter(Number.isFinite)};
}

// --- SVG pieces -----------------------------------------------------------------------

function cardValueColor(value) {
  if (value <= 3) return "#1c6e8c";
  if (value <= 6) return "#2e8b57";
  if (value <= 9) return "#b07a12";
  return "#b5412b";
}

// Where the last move's cards come from on screen (motion.js): my hand is below the table,
// the opponent's above it. Set by render from the public last move.
let lastFrom = "above";

/** A face-up card of `value` at (x, y) (the last move's cards slide in: motion.js). */
export function card(x, y, w, hgt, value, attrs = {}, extra = []) {
  const {cls = "", ...rest} = attrs;
  if (cls.includes("last-marked")) Object.assign(rest, {"data-motion": "slide", "data-motion-from": lastFrom});
  const big = Math.round(hgt * (hgt >= 30 ? 0.46 : 0.6));
  const small = Math.max(9, Math.round(hgt * 0.19));
  return el("g", {class: `tc-card ${cls}`.trim(), transform: `translate(${x} ${y})`, ...rest}, [
    el("rect", {class: "card-face", x: 0, y: 0, width: w, height: hgt, rx: Math.min(7, w / 6),
      fill: "#fffdf8", stroke: "#c9bda6", "stroke-width": 1.5}),
    hgt >= 30 ? el("text", {x: 4, y: small + 2, "font-size": small, "font-weight": 700, fill: cardValueColor(value)}, [String(value)]) : null,
    el("text", {x: w / 2, y: hgt / 2 + big * 0.36, "text-anchor": "middle", "font-size": big,
      "font-weight": 800, fill: cardValueColor(value)}, [String(value)]),
    ...extra,
  ]);
}

/** A face-down card back at (x, y). */
function back(x, y, w, hgt, attrs = {}) {
  return el("g", {class: "tc-back", transform: `translate(${x} ${y})`, ...attrs}, [
    el("rect", {x: 0, y: 0, width: w, height: hgt, rx: Math.min(5, w / 5), fill: "#2f5d50", stroke: "#1d3d34", "stroke-width": 1}),
    el("rect", {x: 3, y: 3, width: w - 6, height: hgt - 6, rx: Math.min(3, w / 7), fill: "none",
      stroke: "#e9a23b", "stroke-width": 1.2, "stroke-dasharray": "2 2"}),
  ]);
}

/** The Tacocat token: an orange cat head. */
export function tacocat(cx, cy, r) {
  return el("g", {class: "tc-token", transform: `translate(${cx} ${cy})`}, [
    el("path", {d: `M${-r * 0.85} ${-r * 0.35} L${-r * 0.7} ${-r * 1.25} L${-r * 0.15} ${-r * 0.8} Z`, fill: "#e9803b", stroke: "#7a3b10", "stroke-width": 1}),
    el("path", {d: `M${r * 0.85} ${-r * 0.35} L${r * 0.7} ${-r * 1.25} L${r * 0.15} ${-r * 0.8} Z`, fill: "#e9803b", stroke: "#7a3b10", "stroke-width": 1}),
    el("circle", {r, fill: "#f29a4a", stroke: "#7a3b10", "stroke-width": 1.2}),
    el("circle", {cx: -r * 0.38, cy: -r * 0.12, r: r * 0.13, fill: "#1f2a2e"}),
    el("circle", {cx: r * 0.38, cy: -r * 0.12, r: r * 0.13, fill: "#1f2a2e"}),
    el("path", {d: `M${-r * 0.12} ${r * 0.18} L${r * 0.12} ${r * 0.18} L0 ${r * 0.34} Z`, fill: "#b5412b"}),
    el("path", {d: `M${-r * 0.35} ${r * 0.5} Q0 ${r * 0.72} ${r * 0.35} ${r * 0.5}`, fill: "none", stroke: "#7a3b10", "stroke-width": 1}),
  ]);
}

export function arrowGlyph(cx, cy, arrow) {
  // arrow: 0 -> points at YAY (left), 1 -> at WOW (right), null -> both.
  const d = arrow === 0 ? "M8 0 L-6 0 M-2 -4 L-7 0 L-2 4"
    : arrow === 1 ? "M-8 0 L6 0 M2 -4 L7 0 L2 4"
      : "M-8 0 L8 0 M-4 -4 L-9 0 L-4 4 M4 -4 L9 0 L4 4";
  return el("path", {d, transform: `translate(${cx} ${cy})`, fill: "none", stroke: "#66727a", "stroke-width": 1.6,
    "stroke-linecap": "round", "stroke-linejoin": "round"});
}

const ARROWS = [1, 1, 1, null, 0, 0, 0];

function track(ctx, view, y) {
  const nodes = [];
  const goalW = 56;
  const gap = 2;
  const spaceW = (W - 8 - 2 * goalW - 8 * gap) / 7;
  const cellH = 60;
  const covered = new Set(view.covered || []);
  const wins = [0, 0];
  for (const r of view.results || []) if (r === 0 || r === 1) wins[r] += 1;
  let x = 4;
  const centres = [];
  const goal = (seat) => {
    const mine = ctx.you === seat;
    const cx = x + goalW / 2;
    nodes.push(el("g", {class: `tc-goal goal-${seat}` + (mine ? " mine" : ""), "data-goal": GOALS[seat]}, [
      el("rect", {x, y, width: goalW, height: cellH, rx: 10, fill: mine ? "#e3efe9" : "#f4ede0",
        stroke: seat === 0 ? "#1c6e8c" : "#b5412b", "stroke-width": mine ? 3 : 1.5}),
      el("text", {x: cx, y: y + 22, "text-anchor": "middle", "font-size": 15, "font-weight": 800,
        fill: seat === 0 ? "#1c6e8c" : "#b5412b"}, [GOALS[seat]]),
      el("text", {x: cx, y: y + 36, "text-anchor": "middle", "font-size": 10, fill: "#39464c"},
        [truncate(seatName(ctx, seat), 9)]),
      mine ? el("text", {x: cx, y: y + 47, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#2f5d50"},
        [s(ctx, "goal_you")]) : null,
      // One pip per round won.
      el("g", {class: "tc-wins", "data-wins": wins[seat]}, Array.from({length: Math.min(wins[seat], 6)}, (_, k) =>
        el("circle", {cx: cx - (Math.min(wins[seat], 6) - 1) * 4 + k * 8, cy: y + 54, r: 3,
          fill: seat === 0 ? "#1c6e8c" : "#b5412b"}))),
    ]));
    centres.push(cx);
    x += goalW + gap;
  };
  goal(0);
  for (let i = 0; i < 7; i += 1) {
    const isCovered = covered.has(i) && view.position !== i;
    const here = view.position === i;
    const cx = x + spaceW / 2;
    const parts = [el("rect", {x, y, width: spaceW, height: cellH, rx: 7,
      fill: isCovered ? "#8a7f6c" : here ? "#fdf0d9" : "#ffffff",
      stroke: here ? "#e9a23b" : "#c9bda6", "stroke-width": here ? 2.5 : 1.2})];
    if (isCovered) {
      parts.push(el("path", {d: `M${x + 4} ${y + 4} L${x + spaceW - 4} ${y + cellH - 4} M${x + spaceW - 4} ${y + 4} L${x + 4} ${y + cellH - 4}`,
        stroke: "#6b6252", "stroke-width": 2}));
    } else {
      parts.push(el("text", {x: cx, y: y + 22, "text-anchor": "middle", "font-size": 18, "font-weight": 800,
        fill: "#1f2a2e"}, [LETTERS[i]]));
      parts.push(el("text", {x: cx, y: y + 39, "text-anchor": "middle", "font-size": 12, "font-weight": 600,
        fill: "#66727a"}, [String(HAND_SIZES[i])]));
      parts.push(arrowGlyph(cx, y + 51, ARROWS[i]));
    }
    nodes.push(el("g", {class: "tc-space" + (isCovered ? " covered" : "") + (here ? " here" : ""), "data-space": i}, parts));
    centres.push(cx);
    x += spaceW + gap;
  }
  goal(1);
  const at = Math.max(-1, Math.min(7, view.position)) + 1;
  nodes.push(tacocat(centres[at], y + cellH + 14, 11));
  return {node: el("g", {class: "tc-track"}, nodes), height: cellH + 30};
}

function truncate(text, n) {
  const str = String(text);
  return str.length > n ? `${str.slice(0, n - 1)}…` : str;
}

// --- the board --------------------------------------------------------------------------

function phaseLine(ctx, view) {
  const attacker = view.attacker;
  const phase = view.phase;
  if (phase === "replace") {
    if (view.arrow === null || view.arrow === undefined) return s(ctx, "phase.replace.both");
    const first = view.arrow;
    if ((view.replaced || [])[first] < 0) return s(ctx, "phase.replace.first", {name: seatName(ctx, first)});
    return s(ctx, "phase.replace.second", {name: seatName(ctx, 1 - first), k: view.replaced[first]});
  }
  if (phase === "attack") return s(ctx, "phase.attack", {name: seatName(ctx, attacker)});
  if (phase === "defend") {
    const card = (view.attack || [])[(view.answers || []).length];
    return s(ctx, "phase.defend", {name: seatName(ctx, 1 - attacker), card});
  }
  if (phase === "duel") return s(ctx, "phase.duel");
  if (phase === "over") return s(ctx, "phase.over");
  return s(ctx, "phase.deal");
}

function replaceLimit(view, seat) {
  const hand = view.hand || [];
  if (view.arrow === null || view.arrow === undefined || view.arrow === seat) return hand.length;
  return Math.max(0, (view.replaced || [])[view.arrow]);
}

function hintLine(ctx, view) {
  if (ctx.replay || ctx.you === null || ctx.you === undefined) return "";
  const hand = view.hand || [];
  if (view.my_choice !== null && view.my_choice !== undefined) {
    const choice = view.phase === "duel"
      ? s(ctx, "choice.duel", {card: view.my_choice.join(" ")})
      : view.my_choice.length ? s(ctx, "choice.replace", {cards: view.my_choice.join(" ")}) : s(ctx, "choice.keep");
    return s(ctx, "hint.chosen", {choice});
  }
  if (!isActor(ctx)) {
    const waiting = (ctx.actors || []).filter((a) => a >= 0).map((a) => seatName(ctx, a)).join(", ");
    return waiting ? s(ctx, "hint.wait", {name: waiting}) : "";
  }
  if (view.phase === "replace") {
    const limit = replaceLimit(view, ctx.you);
    return limit < hand.length ? s(ctx, "hint.replace_limit", {k: limit}) : s(ctx, "hint.replace");
  }
  if (view.phase === "duel") return s(ctx, "hint.duel");
  if (view.phase === "attack") return s(ctx, "hint.attack");
  if (view.phase === "defend") {
    const card = (view.attack || [])[(view.answers || []).length];
    return s(ctx, "hint.defend", {card, low: hand[0]});
  }
  return "";
}

/** What a tap on `value` means in this phase (sent as is when it is not a selection). */
function intent(view, value) {
  if (view.phase === "duel") return `duel ${value}`;
  if (view.phase === "defend") return `defend ${value}`;
  if (view.phase === "replace") return `replace ${value}`;
  return `attack ${value}`;
}

function selectionKey(ctx, view) {
  return [ctx.you, view.round, view.phase, (view.hand || []).join(","), (view.replaced || []).join(","),
    (view.attack || []).length, view.attacker].join("|");
}

function opponentRow(ctx, view, seat, y) {
  const count = (view.hand_counts || [])[seat] || 0;
  const chose = (view.chosen || [])[seat];
  const acting = (ctx.actors || []).includes(seat);
  const nodes = [];
  const label = `${seatName(ctx, seat)} (${GOALS[seat]}) · ${count === 1 ? s(ctx, "card") : s(ctx, "cards", {n: count})}`;
  nodes.push(el("text", {x: 6, y: y + 12, "font-size": 12, "font-weight": 700, fill: seat === 0 ? "#1c6e8c" : "#b5412b"},
    [label + (acting ? " ●" : "")]));
  if (chose) {
    nodes.push(el("text", {x: W - 6, y: y + 12, "text-anchor": "end", "font-size": 11, "font-weight": 700, fill: "#2e8b57",
      class: "tc-chose"}, [`✓ ${s(ctx, "chose")}`]));
  }
  const bw = 24;
  const bh = 34;
  const step = count > 1 ? Math.min(bw + 3, (W - 12 - bw) / (count - 1)) : 0;
  const total = count ? bw + step * (count - 1) : 0;
  let x = (W - total) / 2;
  const backs = [];
  for (let i = 0; i < count; i += 1) {
    backs.push(back(x, y + 18, bw, bh));
    x += step;
  }
  nodes.push(el("g", {class: "tc-opponent-hand", "data-seat": seat, "data-count": count}, backs));
  return {node: el("g", {class: "tc-opponent"}, nodes), height: 18 + bh + 6};
}

function tableArea(ctx, view, y) {
  const nodes = [];
  const last = lastCards(ctx.last);
  const lastSeat = ctx.last ? ctx.last.seat : null;
  let height = 0;
  const cw = 34;
  const ch = 48;
  const attacker = view.attacker;
  const line = (text, yy, attrs = {}) => el("text", {x: W / 2, y: yy, "text-anchor": "middle", "font-size": 12,
    fill: "#39464c", ...attrs}, [text]);

  const attack = view.attack || [];
  const answers = view.answers || [];
  const trick = view.last_trick;
  if (attack.length) {
    nodes.push(line(s(ctx, "attack", {name: seatName(ctx, attacker)}), y + 12, {"font-weight": 700}));
    const total = attack.length * (cw + 8) - 8;
    let x = (W - total) / 2;
    attack.forEach((value, i) => {
      const isLast = last.verb === "attack" && lastSeat === attacker;
      nodes.push(card(x, y + 18, cw, ch, value, {cls: "tc-attack" + (isLast ? " last-marked" : ""), "data-card": value}));
      const answer = answers[i];
      if (answer !== undefined) {
        const answerLast = i === answers.length - 1 && (last.verb === "defend" || last.verb === "sacrifice");
        const sac = answer < 0;
        const extra = sac ? [
          el("path", {d: `M4 4 L${cw - 4} ${ch - 4} M${cw - 4} 4 L4 ${ch - 4}`, stroke: "#b3261e", "stroke-width": 2, opacity: 0.7}),
        ] : [];
        nodes.push(card(x, y + 18 + ch + 6, cw, ch, Math.abs(answer), {
          cls: "tc-answer" + (sac ? " sacrificed" : "") + (answerLast ? " last-marked" : ""),
          "data-card": Math.abs(answer), opacity: sac ? 0.75 : 1,
        }, extra));
      } else if (i === answers.length) {
        nodes.push(el("rect", {class: "tc-slot", x, y: y + 18 + ch + 6, width: cw, height: ch, rx: 6, fill: "none",
          stroke: "#e9a23b", "stroke-width": 2, "stroke-dasharray": "4 3"}));
      }
      x += cw + 8;
    });
    height = 18 + 2 * ch + 12;
  } else if (trick && (view.phase === "attack" || view.phase === "defend")) {
    nodes.push(line(s(ctx, "last_trick", {name: seatName(ctx, trick.attacker)}), y + 12, {"font-weight": 600, fill: "#66727a"}));
    const total = trick.attack.length * (cw + 8) - 8;
    let x = (W - total) / 2;
    trick.attack.forEach((value, i) => {
      nodes.push(card(x, y + 18, cw, ch, value, {cls: "tc-trick", opacity: 0.8}));
      const answer = trick.answers[i];
      if (answer !== undefined) {
        const answerLast = i === trick.answers.length - 1 && (last.verb === "defend" || last.verb === "sacrifice");
        const sac = answer < 0;
        nodes.push(card(x, y + 18 + ch + 6, cw, ch, Math.abs(answer), {
          cls: "tc-trick-answer" + (sac ? " sacrificed" : "") + (answerLast ? " last-marked" : ""),
          opacity: sac ? 0.6 : 0.85,
        }, sac ? [el("path", {d: `M4 4 L${cw - 4} ${ch - 4} M${cw - 4} 4 L4 ${ch - 4}`, stroke: "#b3261e", "stroke-width": 2, opacity: 0.7})] : []));
      }
      x += cw + 8;
    });
    height = 18 + 2 * ch + 12;
  } else if (view.phase === "duel" || ((view.phase === "attack") && view.last_duel)) {
    // Duel: the secret choices as backs (mine face up), or the last revealed duel. During a
    // duel the last one is shown only when it was a tie of this round (played again): a new
    // round's duel starts with empty places, never the previous round's cards.
    const tieAgain = view.phase === "duel" && view.last_duel && view.last_duel[0] === view.last_duel[1]
      && (view.hand_counts || [])[0] < view.hand_size;
    const duel = view.phase === "duel" && !tieAgain ? null : view.last_duel;
    const top = view.phase === "duel" ? y - 16 : y;  // no heading line in the duel itself
    if (view.phase !== "duel") nodes.push(line(s(ctx, "last_duel"), y + 12, {"font-weight": 600}));
    const xs = [W / 2 - cw - 30, W / 2 + 30];
    for (const seat of [0, 1]) {
      const x = xs[seat];
      nodes.push(el("text", {x: x + cw / 2, y: top + 30, "text-anchor": "middle", "font-size": 10, fill: "#66727a"},
        [truncate(seatName(ctx, seat), 12)]));
      const mine = ctx.you === seat && view.my_choice;
      if (view.phase === "duel" && mine) {
        nodes.push(card(x, top + 36, cw, ch, view.my_choice[0], {cls: "tc-duel mine" + (last.verb === "duel" && lastSeat === seat ? " last-marked" : "")}));
      } else if (view.phase === "duel" && (view.chosen || [])[seat]) {
        nodes.push(back(x, top + 36, cw, ch, {class: "tc-back tc-duel"}));
      } else if (duel) {
        nodes.push(card(x, top + 36, cw, ch, duel[seat], {cls: "tc-duel revealed" + (last.verb === "duel" && lastSeat === seat ? " last-marked" : ""), opacity: view.phase === "duel" ? 0.55 : 1}));
      } else {
        nodes.push(el("rect", {x, y: top + 36, width: cw, height: ch, rx: 6, fill: "none", stroke: "#c9bda6", "stroke-dasharray": "4 3"}));
      }
    }
    nodes.push(el("text", {x: W / 2, y: top + 36 + ch / 2 + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#66727a"}, ["vs"]));
    height = top - y + 36 + ch + 8;
  } else if (view.last_showdown && (view.phase === "replace" || view.phase === "over" || view.phase === "deal")) {
    const show = view.last_showdown;
    const results = view.results || [];
    const winner = results.length ? results[results.length - 1] : null;
    nodes.push(line(s(ctx, "showdown"), y + 12, {"font-weight": 600}));
    const xs = [W / 2 - cw - 30, W / 2 + 30];
    for (const seat of [0, 1]) {
      const x = xs[seat];
      nodes.push(el("text", {x: x + cw / 2, y: y + 30, "text-anchor": "middle", "font-size": 10, fill: "#66727a"},
        [truncate(seatName(ctx, seat), 12)]));
      nodes.push(card(x, y + 36, cw, ch, show[seat], {cls: "tc-showdown" + (winner === seat ? " winner" : ""),
        opacity: winner === seat || winner === -1 ? 1 : 0.6}));
      if (winner === seat) {
        nodes.push(el("rect", {x: x - 3, y: y + 33, width: cw + 6, height: ch + 6, rx: 8, fill: "none", stroke: "#2e8b57", "stroke-width": 2.5}));
      }
    }
    const verdict = winner === -1 ? s(ctx, "round_draw") : winner === null ? "" : s(ctx, "round_won", {name: seatName(ctx, winner)});
    nodes.push(line(verdict, y + 36 + ch + 18, {"font-weight": 700, fill: "#2e8b57"}));
    height = 36 + ch + 24;
  }
  if (view.phase === "replace" && (view.replaced || []).some((n) => n >= 0)) {
    const parts = [0, 1].filter((seat) => view.replaced[seat] >= 0)
      .map((seat) => s(ctx, "replaced", {name: seatName(ctx, seat), n: view.replaced[seat]}));
    nodes.push(line(parts.join(" · "), y + height + 14, {class: "tc-replaced" + (last.verb === "replace" || last.verb === "keep" ? " tc-last-text" : "")}));
    height += 20;
  }
  return {node: el("g", {class: "tc-table"}, nodes), height};
}

function handRow(ctx, view, y, onPick, picked, narrow) {
  const hand = view.hand || [];
  const legal = legalSet(ctx);
  const acting = isActor(ctx) && (view.my_choice === null || view.my_choice === undefined);
  const phase = view.phase;
  // One row of up to 7 cards (5 on screens narrower than a 390 px phone), else two rows,
  // so that every card stays a touch target of 40 px or more.
  const most = narrow ? 5 : 7;
  const rows = hand.length > most ? 2 : 1;
  const perRow = rows === 2 ? Math.ceil(hand.length / 2) : Math.max(hand.length, 1);
  const cw = narrow ? 64 : 48;
  const ch = narrow ? 88 : 68;
  const gapX = 5;
  const nodes = [];
  const attackNow = (view.attack || [])[(view.answers || []).length];
  // My secret choice stays in my hand until it is revealed: mark those cards.
  const chosen = new Set();
  if (Array.isArray(view.my_choice)) {
    const left = [...view.my_choice];
    hand.forEach((value, i) => {
      const at = left.indexOf(value);
      if (at >= 0) { chosen.add(i); left.splice(at, 1); }
    });
  }
  hand.forEach((value, i) => {
    const row = Math.floor(i / perRow);
    const inRow = row === 0 ? Math.min(perRow, hand.length) : hand.length - perRow;
    const col = i - row * perRow;
    const total = inRow * (cw + gapX) - gapX;
    const x = (W - total) / 2 + col * (cw + gapX);
    const isPicked = picked.includes(i);
    const yy = y + row * (ch + 10) + (isPicked ? -8 : 0);
    let action = null;
    let cls = "tc-hand-card";
    if (!ctx.replay && ctx.you !== null && ctx.you !== undefined) {
      if (acting && (phase === "duel" || phase === "defend")) {
        action = intent(view, value);
        cls += legal.has(action) ? " legal" : " tryable";
      } else if (acting && (phase === "replace" || phase === "attack")) {
        cls += " selectable tryable";
      } else if (phase !== "over" && phase !== "deal") {
        cls += " tryable";
        action = intent(view, value);
      }
    }
    if (isPicked) cls += " picked";
    if (chosen.has(i)) cls += " chosen";
    if (phase === "defend" && acting && value < attackNow) cls += " too-low";
    const attrs = {cls, "data-card": value, "data-index": i, role: "button", tabindex: cls.includes("tryable") || cls.includes("legal") ? 0 : null};
    if (action && legal.has(action)) attrs["data-action"] = action;
    attrs["aria-label"] = String(value);
    if (cls.includes("selectable")) attrs["aria-pressed"] = isPicked ? "true" : "false";
    const onTap = () => onPick(i, value, action);
    if (attrs.tabindex === 0) {
      attrs.onclick = onTap;
      attrs.onkeydown = (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); onTap(); } };
    }
    const extra = [];
    if (isPicked) extra.push(el("rect", {x: -2, y: -2, width: cw + 4, height: ch + 4, rx: 9, fill: "none", stroke: "#e9a23b", "stroke-width": 3}));
    if (chosen.has(i)) {
      extra.push(el("rect", {x: 0, y: ch - 15, width: cw, height: 15, rx: 4, fill: "#2f5d50"}));
      extra.push(el("text", {x: cw / 2, y: ch - 4, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#fff"},
        [s(ctx, "secret")]));
    }
    nodes.push(card(x, yy, cw, ch, value, attrs, extra));
  });
  return {node: el("g", {class: "tc-hand"}, nodes), height: rows * (ch + 10) + 4};
}

/** Draw the Tacocat board for one state. */
export function render(root, ctx) {
  const view = ctx.view || {};
  root.classList.add("tacocat-board");
  const me = ctx.you === 0 || ctx.you === 1 ? ctx.you : null;
  lastFrom = ctx.last && me !== null && ctx.last.seat === me ? "below" : "above";
  const legal = legalSet(ctx);
  const key = selectionKey(ctx, view);
  if (selection.key !== key) selection = {key, picked: []};
  const hand = view.hand || [];
  const picked = selection.picked.filter((i) => i < hand.length);
  const pickedCards = picked.map((i) => hand[i]);
  const acting = isActor(ctx) && (view.my_choice === null || view.my_choice === undefined);

  const redraw = () => {
    while (root.firstChild) root.removeChild(root.firstChild);
    render(root, ctx);
  };
  const onPick = (index, value, action) => {
    if (acting && (view.phase === "replace" || view.phase === "attack")) {
      const at = selection.picked.indexOf(index);
      if (at >= 0) selection.picked.splice(at, 1);
      else selection.picked.push(index);
      redraw();
    } else if (action) {
      ctx.act(action);
    }
  };

  // Layout from the top: opponent, track, table, my hand.
  const parts = [];
  let y = 6;
  const header = el("text", {x: 6, y: y + 14, "font-size": 12, fill: "#66727a"}, [
    s(ctx, "round", {n: view.round}) + (view.hand_size ? ` · ${s(ctx, "deal", {n: view.hand_size})}` : ""),
  ]);
  // The draw pile (a back) and the discard pile (its top card), with their counts; the
  // discard count has room for three digits inside the board's right edge.
  const discard = view.discard || [];
  const top = discard.length ? discard[discard.length - 1] : null;
  const lastReplace = ctx.last && (ctx.last.text || "").startsWith("replace");
  parts.push(el("g", {class: "tc-piles"}, [
    back(W - 146, y, 15, 21, {class: "tc-back tc-pile", "data-count": view.pile_size}),
    el("text", {x: W - 127, y: y + 15, "font-size": 11, fill: "#56616a"}, [s(ctx, "pile", {n: view.pile_size})]),
    top === null
      ? el("rect", {x: W - 72, y, width: 15, height: 21, rx: 3, fill: "none", stroke: "#c9bda6", "stroke-dasharray": "3 2"})
      : card(W - 72, y, 15, 21, top, {cls: "tc-discard-top" + (lastReplace ? " last-marked" : ""), "data-count": discard.length}),
    el("text", {x: W - 53, y: y + 15, "font-size": 11, fill: "#56616a"}, [s(ctx, "discard", {n: discard.length})]),
  ]));
  parts.push(header);
  y += 26;
  const opponents = me === null ? [1] : [1 - me];
  for (const seat of opponents) {
    const row = opponentRow(ctx, view, seat, y);
    parts.push(row.node);
    y += row.height;
  }
  const tr_ = track(ctx, view, y + 4);
  parts.push(tr_.node);
  y += tr_.height + 8;
  const table = tableArea(ctx, view, y);
  parts.push(table.node);
  y += table.height + 6;
  if (me !== null) {
    parts.push(el("text", {x: 6, y: y + 12, "font-size": 12, "font-weight": 700, fill: me === 0 ? "#1c6e8c" : "#b5412b"},
      [`${s(ctx, "your_hand")} (${GOALS[me]})` + (acting ? " ●" : "")]));
    y += 24;
    const narrow = root.clientWidth > 0 && root.clientWidth < 335;  // 48 px cards < 40 px
    const row = handRow(ctx, view, y, onPick, picked, narrow);
    parts.push(row.node);
    y += row.height;
  } else {
    const row = opponentRow(ctx, view, 0, y);
    parts.push(row.node);
    y += row.height;
  }
  // The story so far in words (wraps on narrow screens): the last move, then the phase.
  root.appendChild(h("div", {class: "tc-story"}, [
    ctx.last && ctx.last.label ? h("p", {class: "tc-last last-marked-text", "data-last-action": ctx.last.text || ""},
      [s(ctx, "last", {who: seatName(ctx, ctx.last.seat), label: ctx.last.label})]) : null,
    h("p", {class: "tc-phase", "data-phase": view.phase}, [phaseLine(ctx, view)]),
  ]));
  root.appendChild(el("svg", {
    viewBox: `0 0 ${W} ${Math.ceil(y + 4)}`, class: "tc-svg", role: "group", "aria-label": "Tacocat",
    "data-phase": view.phase,
  }, parts));

  // Controls under the drawing: hints and the buttons that finish a selection.
  const hint = hintLine(ctx, view);
  if (hint) root.appendChild(h("p", {class: "board-hint", "data-testid": "board-hint"}, [hint]));
  if (!acting) return;
  const controls = [];
  const button = (text, action, primary, enabled = true) => {
    const isLegal = action !== null && legal.has(action);
    return h("button", {
      type: "button",
      class: "btn" + (primary ? " primary" : "") + (isLegal ? " legal" : ""),
      "data-action": isLegal ? action : null,
      "data-try": action,
      disabled: !enabled,
      onclick: () => {
        if (!action) return;
        selection.picked = [];
        ctx.act(action);
      },
    }, [text]);
  };
  if (view.phase === "replace") {
    const action = pickedCards.length ? cardsText("replace", pickedCards) : null;
    controls.push(button(pickedCards.length
      ? s(ctx, "btn.replace", {cards: [...pickedCards].sort((a, b) => a - b).join(" ")})
      : s(ctx, "btn.replace_none"), action, true, pickedCards.length > 0));
    controls.push(button(s(ctx, "btn.keep"), "keep", false));
  } else if (view.phase === "attack") {
    const action = pickedCards.length ? cardsText("attack", pickedCards) : null;
    controls.push(button(pickedCards.length
      ? s(ctx, "btn.attack", {cards: [...pickedCards].sort((a, b) => a - b).join(" ")})
      : s(ctx, "btn.attack_none"), action, true, pickedCards.length > 0));
  } else if (view.phase === "defend") {
    controls.push(button(s(ctx, "btn.sacrifice", {low: hand[0]}), "sacrifice", false));
  }
  if (pickedCards.length) {
    controls.push(h("button", {type: "button", class: "btn ghost", onclick: () => { selection.picked = []; redraw(); }},
      [s(ctx, "btn.clear")]));
  }
  if (controls.length) root.appendChild(h("div", {class: "board-controls"}, controls));
}
