// Mystery Date board: the track as a loop of 32 spaces with the pawns, the die, the door with
// its last outcome, the draw and discard piles (clickable on the draw-or-discard space), the
// hand by colour (the outfit slots 1, 2, 3), the swap (give a card, pick the partner), the
// discards over the hand limit, showing an outfit, the other players and the last move.
// Reads only the seat's own view (see MysteryDate.view).
import { el, h } from "./svg.js";
import { addStyle, keyClick, seatColour, seatSymbol, sender, seatName as kitSeatName, translator } from "./board_kit.js";
import { COLOURS, DOOR_OUTCOMES, NUMBERS, PAINT, SYMBOLS, TRACK, cardCode, cardLabel, colourOf } from "./mystery_date_data.js";
import { door as doorPicture, outfit, pieceName, place } from "./pictures_mystery_date.js";

export const TEXT = {
  es: {
    title: "Cita misteriosa", turn: "Turno {n}",
    phase_deal: "Reparto", phase_reveal: "Descubrir descarte", phase_roll: "Tirar el dado", phase_draw: "Robar",
    phase_pile: "Mazo o descarte", phase_discard: "Descartar", phase_give: "Intercambio: dar",
    phase_pick: "Intercambio: tomar", phase_show: "Mostrar atuendo", phase_door: "Se abre la puerta", phase_over: "Fin de la partida",
    your_turn: "Te toca", waiting: "Le toca a {who}", dice: "El dado decide", nobody: "Nadie juega ahora",
    seat: "Asiento {n}", you: "tú", last: "Última jugada", none_yet: "Aún no hay jugadas.",
    hand: "Tu mano por colores", spectator: "Miras la partida: las manos son secretas.",
    pink: "rosa", green: "verde", blue: "azul", orange: "naranja", dud: "el fracaso",
    date_pink: "baile de gala", date_green: "bolos", date_blue: "esquí", date_orange: "playa", date_dud: "fracaso",
    s_door: "Puerta", s_take_either: "+1 ?", s_take_1: "+1", s_take_2: "+2", s_swap_right: "⇄ der.", s_swap_left: "⇄ izq.", s_swap_any: "⇄ ★",
    d_door: "abre la puerta", d_take_either: "toma 1 del mazo o del descarte", d_take_1: "toma 1 del mazo", d_take_2: "toma 2 del mazo",
    d_swap_right: "intercambia con la derecha", d_swap_left: "intercambia con la izquierda", d_swap_any: "intercambia con quien quieras",
    space: "casilla {n}: {what}",
    pile: "Mazo", discard_pile: "Descarte", empty: "vacío",
    pile_draw: "Tomar del mazo", pile_discard: "Tomar {card} del descarte",
    give_help: "Elige la carta que das boca abajo.", give_to: "Dar {card} a {who}",
    pick_target: "Y ahora, ¿a quién?",
    discard_help: "Tienes más de 6 cartas: toca una para descartarla.",
    show_help: "Tienes dos atuendos completos: elige cuál muestras.",
    show: "Mostrar {colour}", complete: "¡completo!",
    door: "Puerta", door_closed: "cerrada", door_opening: "se abre: atuendo {colour}", door_last: "última vez: {date}",
    given: "Diste {card} boca abajo a {who}; se toma una carta al azar.",
    players: "Jugadores", cards: "cartas", on_space: "casilla {n}",
    knows: "sabes que tiene", knows_you: "sabe que tienes", public: "visto por todos",
    log: "Sucesos recientes",
    ev_roll: "{who} saca un {a} y llega a la casilla {b}", ev_no_outfit: "{who} no tiene atuendo completo",
    ev_pile_draw: "{who} roba del mazo", ev_top: "{who} toma {card} del descarte", ev_discard: "{who} descarta {card}",
    ev_swap: "{who} intercambia con {other}", ev_door: "{who} muestra {colour} y la puerta abre: {date}",
    ev_reveal: "{card} se pone boca arriba", ev_reshuffle: "el mazo se rehace con {a} descartes",
    winner: "¡Gana {who}!", board: "Tablero",
  },
  en: {
    title: "Mystery Date", turn: "Turn {n}",
    phase_deal: "Deal", phase_reveal: "Turn up the discard", phase_roll: "Roll the die", phase_draw: "Draw",
    phase_pile: "Draw or discard pile", phase_discard: "Discard", phase_give: "Swap: give",
    phase_pick: "Swap: take", phase_show: "Show an outfit", phase_door: "The door opens", phase_over: "Game over",
    your_turn: "Your turn", waiting: "{who} to play", dice: "The die decides", nobody: "Nobody to play now",
    seat: "Seat {n}", you: "you", last: "Last move", none_yet: "No moves yet.",
    hand: "Your hand by colour", spectator: "You are watching: hands are secret.",
    pink: "pink", green: "green", blue: "blue", orange: "orange", dud: "the dud",
    date_pink: "formal dance", date_green: "bowling", date_blue: "skiing", date_orange: "beach", date_dud: "dud",
    s_door: "Door", s_take_either: "+1 ?", s_take_1: "+1", s_take_2: "+2", s_swap_right: "⇄ R", s_swap_left: "⇄ L", s_swap_any: "⇄ ★",
    d_door: "open the door", d_take_either: "take 1 from draw or discard", d_take_1: "take 1 from the draw pile", d_take_2: "take 2 from the draw pile",
    d_swap_right: "swap right", d_swap_left: "swap left", d_swap_any: "swap with any player",
    space: "space {n}: {what}",
    pile: "Draw pile", discard_pile: "Discard", empty: "empty",
    pile_draw: "Take from the draw pile", pile_discard: "Take {card} from the discard",
    give_help: "Pick the card you give face down.", give_to: "Give {card} to {who}",
    pick_target: "Now, to whom?",
    discard_help: "You hold more than 6 cards: tap one to discard it.",
    show_help: "You hold two complete outfits: pick the one you show.",
    show: "Show {colour}", complete: "complete!",
    door: "Door", door_closed: "closed", door_opening: "opening: {colour} outfit", door_last: "last time: {date}",
    given: "You gave {card} face down to {who}; a card is taken at random.",
    players: "Players", cards: "cards", on_space: "space {n}",
    knows: "you know they hold", knows_you: "knows you hold", public: "seen by all",
    log: "Recent events",
    ev_roll: "{who} rolls {a} and lands on space {b}", ev_no_outfit: "{who} has no complete outfit",
    ev_pile_draw: "{who} draws from the draw pile", ev_top: "{who} takes {card} from the discard", ev_discard: "{who} discards {card}",
    ev_swap: "{who} swaps with {other}", ev_door: "{who} shows {colour} and the door opens: {date}",
    ev_reveal: "{card} is turned face up", ev_reshuffle: "the draw pile is remade from {a} discards",
    winner: "{who} wins!", board: "Board",
  },
};

const tr = translator(TEXT);
const seatName = (ctx, seat) => kitSeatName(ctx, seat, tr);

const CELL = 46;
const RING = 9; // cells per side of the square loop (8 spaces a side, corners shared)

let chosen = null; // card id picked for a swap with several possible partners (module state)




/** Grid (col, row) of track space i on the square loop, clockwise from the top-left corner. */
function spot(i) {
  const side = Math.floor(i / 8);
  const k = i % 8;
  if (side === 0) return [k, 0];
  if (side === 1) return [8, k];
  if (side === 2) return [8 - k, 8];
  return [0, 8 - k];
}

/** An outfit card (id 0..11) at (x, y): its label and symbol, the piece drawn, the date. */
export function cardSvg(card, lang, x, y, w, hh, extra = {}) {
  const colour = colourOf(card);
  const [fill, ink] = PAINT[colour];
  const size = Math.max(12, Math.min(w - 10, hh - 30));
  return el("g", { class: "md-card", ...extra }, [
    el("title", {}, [`${cardLabel(card, lang)} · ${pieceName(card, lang)} · ${tr(lang, `date_${colour}`)}`]),
    el("rect", { x, y, width: w, height: hh, rx: 6, fill, stroke: "#222", "stroke-width": 1.2 }),
    el("text", { x: x + 4, y: y + 13, "font-size": 12, fill: ink, "font-weight": "bold" }, [cardLabel(card, lang)]),
    el("text", { class: "md-symbol", x: x + w - 4, y: y + 13, "text-anchor": "end", "font-size": 12, fill: ink, "aria-hidden": "true" }, [SYMBOLS[colour]]),
    place(outfit(card), x + (w - size) / 2, y + 15, size, { class: "md-piece", "data-piece": cardCode(card) }),
    el("text", { x: x + w / 2, y: y + hh - 5, "text-anchor": "middle", "font-size": Math.min(9.5, w / 6.8), fill: ink }, [tr(lang, `date_${colour}`)]),
  ]);
}

function backSvg(x, y, w, hh, extra = {}) {
  return el("g", { class: "md-back", ...extra }, [
    el("rect", { x, y, width: w, height: hh, rx: 5, fill: "#4a2c6b", stroke: "#24133a", "stroke-width": 1.2 }),
    el("text", { x: x + w / 2, y: y + hh / 2 + 5, "text-anchor": "middle", "font-size": Math.min(w, hh) * 0.45, fill: "#f4c6ff" }, ["?"]),
  ]);
}

function die(value, x, y, s, rolling = false) {
  const pips = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [1, 3], [3, 1], [3, 3]],
    5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]], 6: [[1, 1], [1, 3], [2, 1], [2, 3], [3, 1], [3, 3]] }[value] || [];
  return el("g", { class: "md-die", "data-value": value, ...(rolling ? { "data-motion": "roll" } : {}) }, [
    el("rect", { x, y, width: s, height: s, rx: s * 0.18, fill: "#fff", stroke: "#333", "stroke-width": 1.5 }),
    ...pips.map(([r, c]) => el("circle", { cx: x + (c * s) / 4, cy: y + (r * s) / 4, r: s * 0.08, fill: "#222" })),
  ]);
}

/** Latest log entry of `kind`, or null. */
function latest(view, kind) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0; i -= 1) if (log[i][0] === kind) return log[i];
  return null;
}

function statusBar(ctx, view) {
  const lang = ctx.lang;
  const actors = ctx.actors || view.actors || [];
  let who;
  if (view.winner !== null && view.winner !== undefined) who = tr(lang, "winner", { who: seatName(ctx, view.winner) });
  else if (actors.includes(ctx.you) && !ctx.replay) who = tr(lang, "your_turn");
  else if (actors.some((s) => s >= 0)) who = tr(lang, "waiting", { who: actors.filter((s) => s >= 0).map((s) => seatName(ctx, s)).join(", ") });
  else if (view.phase !== "over") who = `${tr(lang, "dice")} · ${tr(lang, "waiting", { who: seatName(ctx, view.mover) })}`;
  else who = tr(lang, "nobody");
  const lastText = ctx.last ? `${seatName(ctx, ctx.last.seat)}: ${ctx.last.label || ctx.last.text}` : tr(lang, "none_yet");
  return h("div", { class: "md-status" }, [
    h("div", {}, [h("strong", {}, [`${tr(lang, "title")} · ${tr(lang, "turn", { n: view.turn })} · ${tr(lang, `phase_${view.phase}`)}`]), " · ", who]),
    h("div", { class: "md-last", "data-testid": "board-last" }, [`${tr(lang, "last")}: ${lastText}`]),
  ]);
}

function trackSvg(ctx, view, legal, seated) {
  const lang = ctx.lang;
  const size = RING * CELL;
  const parts = [el("rect", { x: 0, y: 0, width: size, height: size, rx: 12, fill: "#fbeef6" })];
  const roll = latest(view, "roll");
  TRACK.forEach((kind, i) => {
    const [c, r] = spot(i);
    const x = c * CELL;
    const y = r * CELL;
    const isDoor = kind === "door";
    const corner = i % 8 === 0;
    parts.push(el("g", { class: `md-space md-${kind}`, "data-space": i }, [
      el("title", {}, [tr(lang, "space", { n: i, what: tr(lang, `d_${kind}`) })]),
      el("rect", {
        x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, rx: 6,
        fill: isDoor ? (corner ? "#3f6fd1" : "#8fb0f0") : kind.startsWith("swap") ? "#fde3b5" : "#d9f2dc",
        stroke: "#7a6a80", "stroke-width": 1,
      }),
      el("text", { x: x + CELL / 2, y: y + 21, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: isDoor ? "#fff" : "#333" }, [tr(lang, `s_${kind}`)]),
      el("text", { x: x + 5, y: y + 10, "font-size": 7, fill: isDoor ? "#e6eeff" : "#777" }, [String(i)]),
    ]));
  });
  // The space the mover last landed on.
  if (roll) {
    const [c, r] = spot(roll[3]);
    parts.push(el("rect", {
      class: "md-last-mark", "data-testid": "md-last-mark", x: c * CELL, y: r * CELL, width: CELL, height: CELL, rx: 7,
      fill: "none", stroke: "#ff6a00", "stroke-width": 4, "pointer-events": "none",
    }));
  }
  // Pawns, up to four on a space.
  const bySpace = {};
  view.positions.forEach((pos, seat) => { (bySpace[pos] = bySpace[pos] || []).push(seat); });
  for (const [pos, seats] of Object.entries(bySpace)) {
    const [c, r] = spot(Number(pos));
    seats.forEach((seat, k) => {
      const cx = c * CELL + 12 + (k % 2) * 22 + (k >= 2 ? 4 : 0);
      const cy = r * CELL + 35 - (k >= 2 ? 6 : 0);
      const mover = seat === view.mover;
      const hop = mover && (ctx.events || []).some((event) => event.kind === "roll");
      parts.push(el("g", { class: "md-pawn", "data-seat": seat, "pointer-events": "none", ...(hop ? { "data-motion": "hop" } : {}) }, [
        el("circle", { cx, cy, r: 8, style: `fill:${seatColour(seat)}`, stroke: mover ? "#ffd000" : "#fff", "stroke-width": mover ? 3 : 1.5 }),
        el("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": "bold" }, [seatSymbol(seat)]),
      ]));
    });
  }
  // Centre: the door, the die, the piles.
  const cx0 = CELL * 1.2;
  const cy0 = CELL * 1.2;
  const door = latest(view, "door");
  const opening = view.phase === "door" && view.shown >= 0;
  const outcome = door ? DOOR_OUTCOMES[door[3]] : null;
  const doorText = opening
    ? tr(lang, "door_opening", { colour: tr(lang, COLOURS[view.shown]) })
    : door ? tr(lang, "door_last", { date: tr(lang, `date_${outcome}`) }) : tr(lang, "door_closed");
  // The door stands open, its date shown (public in the log), from the turn it opened until
  // the next player's turn is over; it swings open (motion.js) when this state's events
  // (ctx.events: what the viewer was just told) include the opening.
  const log = view.log || [];
  const rolls = log.filter((entry) => entry[0] === "roll");
  const since = rolls.length >= 2 ? log.indexOf(rolls[rolls.length - 2]) : -1;
  const justOpened = Boolean(door && log.indexOf(door) > since);
  const fresh = new Set((ctx.events || []).map((event) => event.kind));
  parts.push(el("g", { class: "md-door", "data-testid": "md-door", "data-open": justOpened ? outcome : "" }, [
    el("title", {}, [justOpened ? tr(lang, "door_last", { date: tr(lang, `date_${outcome}`) }) : doorText]),
    doorPicture(cx0 + CELL * 2.1, cy0, CELL * 2.2, CELL * 3, {
      open: justOpened, outcome, moving: justOpened && fresh.has("door"), tint: opening ? "#b7794f" : "#8d5a3b",
    }),
    el("text", { x: cx0 + CELL * 3.2, y: cy0 + CELL * 3.4, "text-anchor": "middle", "font-size": 11, fill: "#333" }, [doorText]),
  ]));
  if (roll) parts.push(die(roll[2], cx0 + CELL * 0.1, cy0 + CELL * 0.2, CELL * 1.1, fresh.has("roll")));
  // Piles: the draw pile (backs and size) and the discard (its top face up).
  const py = cy0 + CELL * 3.9;
  const pileLegal = legal.has("pile draw");
  const topCard = view.discard.length ? view.discard[view.discard.length - 1] : null;
  const discardLegal = legal.has("pile discard");
  const lastText = ctx.last ? ctx.last.text : "";
  const pileAttrs = seated ? { "data-action": "pile draw", role: "button", tabindex: 0, onclick: sender(ctx, "pile draw") } : {};
  parts.push(el("g", { class: `md-pile${pileLegal ? " legal" : ""}`, ...pileAttrs }, [
    el("title", {}, [tr(lang, "pile_draw")]),
    backSvg(cx0 + CELL * 0.9 + 4, py + 4, CELL * 1.3, CELL * 1.8),
    backSvg(cx0 + CELL * 0.9, py, CELL * 1.3, CELL * 1.8),
    pileLegal ? el("rect", { x: cx0 + CELL * 0.9 - 4, y: py - 4, width: CELL * 1.3 + 12, height: CELL * 1.8 + 12, rx: 8, fill: "none", stroke: "#12a043", "stroke-width": 4 }) : null,
    lastText === "pile draw" ? el("rect", { x: cx0 + CELL * 0.9 - 7, y: py - 7, width: CELL * 1.3 + 18, height: CELL * 1.8 + 18, rx: 9, fill: "none", stroke: "#ff6a00", "stroke-width": 3, "stroke-dasharray": "6 3" }) : null,
    el("text", { x: cx0 + CELL * 1.55, y: py + CELL * 2.2, "text-anchor": "middle", "font-size": 11, fill: "#333" }, [`${tr(lang, "pile")}: ${view.pile_size}`]),
  ]));
  const dx = cx0 + CELL * 3.4;
  const discAttrs = seated ? { "data-action": "pile discard", role: "button", tabindex: 0, onclick: sender(ctx, "pile discard") } : {};
  parts.push(el("g", { class: `md-discard${discardLegal ? " legal" : ""}`, ...discAttrs }, [
    el("title", {}, [topCard === null ? tr(lang, "empty") : tr(lang, "pile_discard", { card: cardLabel(topCard, lang) })]),
    topCard === null
      ? el("rect", { x: dx, y: py, width: CELL * 1.3, height: CELL * 1.8, rx: 6, fill: "none", stroke: "#999", "stroke-dasharray": "4 3" })
      : cardSvg(topCard, lang, dx, py, CELL * 1.3, CELL * 1.8, { "data-card": cardCode(topCard) }),
    discardLegal ? el("rect", { x: dx - 4, y: py - 4, width: CELL * 1.3 + 8, height: CELL * 1.8 + 8, rx: 8, fill: "none", stroke: "#12a043", "stroke-width": 4 }) : null,
    lastText.startsWith("discard") || lastText === "pile discard"
      ? el("rect", { x: dx - 7, y: py - 7, width: CELL * 1.3 + 14, height: CELL * 1.8 + 14, rx: 9, fill: "none", stroke: "#ff6a00", "stroke-width": 3, "stroke-dasharray": "6 3" })
      : null,
    el("text", { x: dx + CELL * 0.65, y: py + CELL * 2.2, "text-anchor": "middle", "font-size": 11, fill: "#333" }, [`${tr(lang, "discard_pile")}: ${view.discard.length}`]),
  ]));
  return el("svg", {
    class: "md-track", viewBox: `0 0 ${size} ${size}`, role: "group", "aria-label": tr(lang, "board"),
    style: "width:100%;max-width:min(100%, 72vh);height:auto;display:block;margin:0 auto",
  }, parts);
}

function handPanel(ctx, view, legal, seated, redraw) {
  const lang = ctx.lang;
  if (!view.hand) return h("p", {}, [tr(lang, "spectator")]);
  const counts = new Array(12).fill(0);
  for (const card of view.hand) counts[card] += 1;
  const phase = view.phase;
  const mine = seated && (ctx.actors || []).includes(ctx.you);
  const gives = [...legal].filter((t) => t.startsWith("give "));
  const targets = [...new Set(gives.map((t) => Number(t.split(" ")[3])))];
  const W = 62;
  const HH = 84;
  const colW = W + 14;
  const parts = [];
  COLOURS.forEach((colour, ci) => {
    const x = 6 + ci * (colW + 6);
    const complete = [0, 1, 2].every((n) => counts[ci * NUMBERS + n] > 0);
    parts.push(el("text", { x: x + colW / 2, y: 14, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: PAINT[colour][0] }, [`${SYMBOLS[colour]} ${tr(lang, colour)}`]));
    parts.push(el("text", { x: x + colW / 2, y: 27, "text-anchor": "middle", "font-size": 10, fill: "#555" }, [complete ? `★ ${tr(lang, "complete")}` : tr(lang, `date_${colour}`)]));
    for (let n = 0; n < NUMBERS; n += 1) {
      const card = ci * NUMBERS + n;
      const y = 34 + n * (HH + 8);
      const copies = counts[card];
      if (!copies) {
        parts.push(el("rect", { x: x + 7, y, width: W, height: HH, rx: 6, fill: "none", stroke: PAINT[colour][0], "stroke-dasharray": "4 3", opacity: 0.6 }));
        parts.push(el("text", { x: x + 7 + W / 2, y: y + HH / 2 + 8, "text-anchor": "middle", "font-size": 24, fill: PAINT[colour][0], opacity: 0.35 }, [String(n + 1)]));
        continue;
      }
      const code = cardCode(card);
      let extra = { "data-card": code, "data-hand": code };
      if (mine && phase === "discard") {
        const text = `discard ${code}`;
        extra = { ...extra, class: `md-card md-hand${legal.has(text) ? " legal" : ""}`, "data-action": text, role: "button", tabindex: 0, onclick: sender(ctx, text) };
      } else if (mine && phase === "give") {
        if (targets.length === 1) {
          const text = `give ${code} to ${targets[0]}`;
          extra = { ...extra, class: `md-card md-hand${legal.has(text) ? " legal" : ""}`, "data-action": text, role: "button", tabindex: 0, onclick: sender(ctx, text) };
        } else {
          extra = {
            ...extra, class: `md-card md-hand${chosen === card ? " selected" : ""}`, role: "button", tabindex: 0,
            onclick: (event) => { event.stopPropagation(); chosen = card; redraw(); },
          };
        }
      }
      parts.push(cardSvg(card, lang, x + 7, y, W, HH, extra));
      if (copies > 1) {
        parts.push(el("circle", { cx: x + W + 4, cy: y + 6, r: 10, fill: "#fff", stroke: "#222", "pointer-events": "none" }));
        parts.push(el("text", { x: x + W + 4, y: y + 10, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: "#222", "pointer-events": "none" }, [`×${copies}`]));
      }
      if (chosen === card && phase === "give" && targets.length !== 1) {
        parts.push(el("rect", { x: x + 4, y: y - 3, width: W + 6, height: HH + 6, rx: 8, fill: "none", stroke: "#1a73e8", "stroke-width": 4, "pointer-events": "none" }));
      }
    }
  });
  const width = 6 + COLOURS.length * (colW + 6);
  const height = 34 + NUMBERS * (HH + 8);
  const items = [
    h("strong", {}, [tr(lang, "hand")]),
  ];
  if (mine && phase === "discard") items.push(h("div", { class: "md-help" }, [tr(lang, "discard_help")]));
  if (mine && phase === "give") items.push(h("div", { class: "md-help" }, [tr(lang, "give_help")]));
  if (mine && phase === "show") items.push(h("div", { class: "md-help" }, [tr(lang, "show_help")]));
  items.push(el("svg", { class: "md-hand-svg", viewBox: `0 0 ${width} ${height}`, style: `width:100%;max-width:${width * 1.3}px;height:auto;display:block` }, parts));
  // A swap with several possible partners: after the card, the partner.
  if (mine && phase === "give" && targets.length !== 1 && chosen !== null && counts[chosen]) {
    const code = cardCode(chosen);
    const buttons = [];
    for (let seat = 0; seat < view.players; seat += 1) {
      if (seat === ctx.you) continue;
      const text = `give ${code} to ${seat}`;
      buttons.push(h("button", { type: "button", class: `md-btn${legal.has(text) ? " legal" : ""}`, "data-action": text, onclick: sender(ctx, text) },
        [tr(lang, "give_to", { card: cardLabel(chosen, lang), who: seatName(ctx, seat) })]));
    }
    items.push(h("div", { class: "md-bar" }, [h("span", {}, [tr(lang, "pick_target")]), ...buttons]));
  }
  if (mine && phase === "show") {
    items.push(h("div", { class: "md-bar" }, COLOURS.map((colour) => {
      const text = `show ${colour}`;
      return h("button", { type: "button", class: `md-btn${legal.has(text) ? " legal" : ""}`, "data-action": text, onclick: sender(ctx, text) },
        [tr(lang, "show", { colour: tr(lang, colour) })]);
    })));
  }
  if (mine && phase === "pile") {
    const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
    items.push(h("div", { class: "md-bar" }, [
      h("button", { type: "button", class: `md-btn${legal.has("pile draw") ? " legal" : ""}`, "data-action": "pile draw", onclick: sender(ctx, "pile draw") }, [tr(lang, "pile_draw")]),
      h("button", { type: "button", class: `md-btn${legal.has("pile discard") ? " legal" : ""}`, "data-action": "pile discard", onclick: sender(ctx, "pile discard") },
        [tr(lang, "pile_discard", { card: top === null ? "-" : cardLabel(top, lang) })]),
    ]));
  }
  if (view.given !== undefined && view.given >= 0 && view.target >= 0) {
    items.push(h("div", { class: "md-help" }, [tr(lang, "given", { card: cardLabel(view.given, lang), who: seatName(ctx, view.target) })]));
  }
  return h("div", { class: "md-hand-panel" }, items);
}

function eventText(ctx, entry) {
  const lang = ctx.lang;
  const [kind, seat, a, b] = entry;
  const who = seat >= 0 ? seatName(ctx, seat) : "";
  const params = { who, a, b };
  if (kind === "top" || kind === "discard" || kind === "reveal") params.card = cardLabel(a, lang);
  if (kind === "swap") params.other = seatName(ctx, a);
  if (kind === "door") {
    params.colour = tr(lang, COLOURS[a]);
    params.date = tr(lang, `date_${DOOR_OUTCOMES[b]}`);
  }
  return tr(lang, `ev_${kind}`, params);
}

function playersPanel(ctx, view) {
  const lang = ctx.lang;
  const label = (cards) => cards.map((c) => cardLabel(c, lang)).join(" ");
  const rows = [];
  for (let seat = 0; seat < view.players; seat += 1) {
    const acting = seat === view.mover && view.phase !== "over";
    const count = view.hand_counts[seat];
    const backs = [];
    for (let i = 0; i < Math.min(count, 8); i += 1) backs.push(backSvg(i * 9, 0, 16, 22));
    const pos = view.positions[seat];
    const info = [];
    if (view.public && view.public[seat] && view.public[seat].length) info.push(`${tr(lang, "public")}: ${label(view.public[seat])}`);
    if (seat !== ctx.you && view.known && view.known[seat] && view.known[seat].length) info.push(`${tr(lang, "knows")}: ${label(view.known[seat])}`);
    if (seat !== ctx.you && view.known_by && view.known_by[seat] && view.known_by[seat].length) info.push(`${tr(lang, "knows_you")}: ${label(view.known_by[seat])}`);
    rows.push(h("div", { class: `md-player${acting ? " acting" : ""}`, "data-seat": seat }, [
      h("span", { class: "md-player-name" }, [
        h("span", { class: "md-dot", style: `background:${seatColour(seat)}` }, []),
        `${acting ? "▶ " : ""}${seatName(ctx, seat)}`,
      ]),
      el("svg", { viewBox: `0 0 ${Math.max(1, Math.min(count, 8)) * 9 + 10} 22`, style: "height:24px;width:auto;vertical-align:middle" }, backs),
      h("span", {}, [`${count} ${tr(lang, "cards")} · ${tr(lang, "on_space", { n: pos })} (${tr(lang, `d_${TRACK[pos]}`)})`]),
      info.length ? h("span", { class: "md-known" }, [` · ${info.join(" · ")}`]) : null,
    ]));
  }
  const log = (view.log || []).slice(-8).map((entry) => h("li", {}, [eventText(ctx, entry)]));
  return h("div", { class: "md-players" }, [
    h("strong", {}, [tr(lang, "players")]), ...rows,
    log.length ? h("details", { class: "md-log" }, [h("summary", {}, [tr(lang, "log")]), h("ol", {}, log)]) : null,
  ]);
}

const STYLE = `
.md-board{display:flex;flex-direction:column;gap:8px;font-size:15px}
.md-last{color:#8a4b00}
.md-help{background:#fff7c2;padding:4px 8px;border-radius:6px}
.md-bar{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.md-btn{min-height:44px;padding:6px 12px;border-radius:8px;border:1px solid #999;background:#f4f4f4;font-size:15px;cursor:pointer}
.md-board button.legal{background:#c9f7d5;border-color:#12a043;font-weight:600}
.md-board .md-hand,.md-board .md-pile,.md-board .md-discard{cursor:pointer}
.md-board .md-hand.legal rect:first-of-type{stroke:#12a043;stroke-width:3}
.md-player{display:flex;flex-wrap:wrap;align-items:center;gap:6px;min-height:40px;padding:2px 4px;border-radius:6px}
.md-player.acting{background:#eaf3ff}
.md-player-name{min-width:6em;font-weight:600}
.md-dot{display:inline-block;width:10px;height:10px;border-radius:5px;margin-right:4px}
.md-known{color:#555;font-size:13px}
`;



/** Draw the Mystery Date board for one state (contract: boards/<game id>.js). */
export function render(root, ctx) {
  addStyle("md-board-style", STYLE);
  const view = ctx.view;
  const legal = new Set((ctx.legal || []).map((m) => m.text));
  const seated = ctx.you !== null && ctx.you !== undefined && ctx.you >= 0 && !ctx.replay;
  if (view.phase !== "give" || !(view.hand || []).includes(chosen)) chosen = null;
  const redraw = () => {
    root.replaceChildren();
    render(root, ctx);
  };
  root.append(h("div", { class: "md-board", "data-game": "mystery_date", onkeydown: keyClick }, [
    statusBar(ctx, view),
    trackSvg(ctx, view, legal, seated),
    handPanel(ctx, view, legal, seated, redraw),
    playersPanel(ctx, view),
  ]));
}
