// Tile Up board: the square board with stacked tiles (colour, number, height), the cells where
// the selected tile may go (class "legal", data-action "place R4 f6"), scorable regions, the
// hand tiles, hand and face-up goal cards with their score / discard buttons, the turn actions
// (draw tiles, draw goal, end) as buttons, a score track, the piles and the last move.
// Reads only the seat's own view (see TileUp.view). Rows count from 1 downward, columns a, b...
import { el, h } from "./svg.js";
import { addStyle, keyClick, scrollFrame, seatColour, sender, seatName as kitSeatName, translator } from "./board_kit.js";
import { COLOUR_NAMES, COLOURS, PAINT, SHAPES, cellName, cellOf, goal } from "./tile_up_data.js";

export const TEXT = {
  es: {
    title: "Tile Up", turn: "Turno {n}",
    phase_setup: "Preparación", phase_play: "Juego", phase_discard: "Descartar", phase_over: "Fin de la partida",
    acted_0: "aún sin acción", acted_1: "ha robado un objetivo", acted_2: "ha robado fichas", acted_3: "está colocando",
    your_turn: "Te toca", waiting: "Le toca a {who}", nobody: "Nadie juega ahora",
    seat: "Asiento {n}", you: "tú",
    last: "Última jugada", none_yet: "Aún no hay jugadas.",
    draw_tiles: "Robar 3 fichas", draw_goal: "Robar objetivo", end: "Terminar turno",
    your_tiles: "Tus fichas", tiles_help: "Elige una ficha y luego una casilla verde.",
    discard_help: "Tienes de más: toca una ficha o un objetivo para descartarlo.",
    no_tiles: "No tienes fichas.", spectator: "Miras la partida: las fichas y objetivos de cada uno son secretos.",
    your_goals: "Tus objetivos", faceup: "Objetivos boca arriba (para todos)",
    score: "Puntuar +{n}", discard: "Descartar", empty_slot: "vacío",
    score_track: "Puntos", players: "Jugadores",
    tiles: "fichas", goals: "objetivos", scored: "cumplidos",
    bag: "Bolsa", deck: "Mazo de objetivos", discard_pile: "Descartes",
    known: "Objetivos vistos de {who}", log: "Jugadas recientes", hidden_discard: "devolvió una ficha a la bolsa",
    did_place: "colocó {tile} en {cell}", did_score: "puntuó el objetivo #{card} en {cell}",
    did_draw_tiles: "robó fichas", did_draw_goal: "robó un objetivo", did_end: "acabó su turno",
    did_discard: "devolvió {tile} a la bolsa", did_discard_goal: "descartó el objetivo #{card}",
    end_corners: "Se cubrieron las cuatro esquinas.", end_tiles: "Nadie puede jugar más.", end_turns: "Se alcanzó el límite de turnos.",
    board: "Tablero", zoom_in: "+ Ampliar", zoom_out: "− Ver entero",
  },
  en: {
    title: "Tile Up", turn: "Turn {n}",
    phase_setup: "Setup", phase_play: "Play", phase_discard: "Discard", phase_over: "Game over",
    acted_0: "no action yet", acted_1: "drew a goal", acted_2: "drew tiles", acted_3: "placing tiles",
    your_turn: "Your turn", waiting: "{who} to play", nobody: "Nobody to play now",
    seat: "Seat {n}", you: "you",
    last: "Last move", none_yet: "No moves yet.",
    draw_tiles: "Draw 3 tiles", draw_goal: "Draw a goal", end: "End turn",
    your_tiles: "Your tiles", tiles_help: "Pick a tile, then a green cell.",
    discard_help: "Too many: tap a tile or a goal to discard it.",
    no_tiles: "You have no tiles.", spectator: "You are watching: each player's tiles and goals are secret.",
    your_goals: "Your goals", faceup: "Face-up goals (for everyone)",
    score: "Score +{n}", discard: "Discard", empty_slot: "empty",
    score_track: "Points", players: "Players",
    tiles: "tiles", goals: "goals", scored: "scored",
    bag: "Bag", deck: "Goal deck", discard_pile: "Discards",
    known: "Goals seen of {who}", log: "Recent moves", hidden_discard: "returned a tile to the bag",
    did_place: "placed {tile} on {cell}", did_score: "scored goal #{card} at {cell}",
    did_draw_tiles: "drew tiles", did_draw_goal: "drew a goal", did_end: "ended the turn",
    did_discard: "returned {tile} to the bag", did_discard_goal: "discarded goal #{card}",
    end_corners: "All four corners are covered.", end_tiles: "Nobody can play any more.", end_turns: "The turn limit was reached.",
    board: "Board", zoom_in: "+ Zoom in", zoom_out: "− Whole board",
  },
};

const tr = translator(TEXT);
const seatName = (ctx, seat) => kitSeatName(ctx, seat, tr);

const CELL = 40;
const MARGIN = 18;

let selected = null; // tile name picked from the hand (module state)
// The board drawn large in a scrolling frame: the player's choice (module state), else on a
// phone-sized screen, where the whole board would leave cells too small to tap.
let zoomChoice = null;
const phoneSized = () => typeof window !== "undefined" && Boolean(window.matchMedia) && window.matchMedia("(max-width: 599px)").matches;




/** The cells of the same-colour top region containing (row, col) (a goal-shaped region). */
function regionCells(board, row, col) {
  const top = (r, c) => {
    const stack = board[r] && board[r][c];
    return stack && stack.length ? stack[stack.length - 1][0] : null;
  };
  const colour = top(row, col);
  if (colour === null) return []; // not a tile: no region (never flood the empty board)
  const seen = new Set([`${row},${col}`]);
  const todo = [[row, col]];
  const out = [];
  while (todo.length) {
    const [r, c] = todo.pop();
    out.push([r, c]);
    for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const key = `${r + dr},${c + dc}`;
      if (!seen.has(key) && top(r + dr, c + dc) === colour) {
        seen.add(key);
        todo.push([r + dr, c + dc]);
      }
    }
  }
  return out;
}

/** One tile (name like "R4") as an SVG group at (x, y), side s; `below` = covered tiles. */
export function tile(name, x, y, s, below = [], extra = {}) {
  const [fill, ink] = PAINT[name[0]] || ["#999", "#000"];
  const parts = [
    el("rect", { x, y, width: s, height: s, rx: s * 0.14, fill, stroke: "#222", "stroke-width": 1.2 }),
    el("text", {
      x: x + s / 2, y: y + s * 0.62, "text-anchor": "middle", "font-size": s * 0.46,
      "font-weight": "bold", fill: ink,
    }, [name.slice(1)]),
    // The colour's letter beside the colour (colour alone must not tell tiles apart).
    el("text", {
      class: "tu-letter", x: x + s * 0.08, y: y + s * 0.3, "font-size": s * 0.24, "font-weight": "bold", fill: ink,
      "aria-hidden": "true",
    }, [name[0]]),
  ];
  if (below.length) {
    // The covered tiles, bottom first, as small squares along the bottom edge, and the height.
    const q = Math.min(s * 0.16, (s - 4) / below.length);
    below.forEach((under, i) => {
      parts.push(el("rect", {
        x: x + 2 + i * q, y: y + s - q - 2, width: q - 1, height: q - 1,
        fill: (PAINT[under[0]] || ["#999"])[0], stroke: "#111", "stroke-width": 0.6,
      }));
    });
    parts.push(el("circle", { cx: x + s - s * 0.17, cy: y + s * 0.17, r: s * 0.15, fill: "#fff", stroke: "#111", "stroke-width": 0.8 }));
    parts.push(el("text", {
      x: x + s - s * 0.17, y: y + s * 0.22, "text-anchor": "middle", "font-size": s * 0.19,
      "font-weight": "bold", fill: "#111",
    }, [String(below.length + 1)]));
  }
  return el("g", { class: "tu-tile", ...extra }, [el("title", {}, [name]), ...parts]);
}

/** A goal card (id) as an SVG group: the shape in its colour, the id and shape name. */
export function goalCard(card, lang, x, y, w, hh) {
  const { shape, colour } = goal(card);
  const cells = SHAPES[shape];
  const rows = 1 + Math.max(...cells.map((c) => c[0]));
  const cols = 1 + Math.max(...cells.map((c) => c[1]));
  const q = Math.min((w - 16) / 4, (hh - 30) / 3);
  const ox = x + (w - cols * q) / 2;
  const oy = y + 22 + (hh - 30 - rows * q) / 2;
  const [fill] = PAINT[colour];
  const name = COLOUR_NAMES[lang === "es" ? "es" : "en"][COLOURS.indexOf(colour)];
  return el("g", { class: "tu-goal", "data-goal": card }, [
    el("title", {}, [`#${card} ${shape} ${name}`]),
    el("rect", { x, y, width: w, height: hh, rx: 7, fill: "#fffdf5", stroke: "#6b5b2a", "stroke-width": 1.5 }),
    el("text", { x: x + 6, y: y + 15, "font-size": 12, "font-weight": "bold", fill: "#333" }, [`#${card}`]),
    el("text", { x: x + w - 6, y: y + 15, "font-size": 11, "text-anchor": "end", fill: "#555" }, [`${shape} ${name}`]),
    ...cells.map(([r, c]) => el("rect", {
      x: ox + c * q, y: oy + r * q, width: q - 2, height: q - 2, rx: 2, fill, stroke: "#222", "stroke-width": 0.8,
    })),
  ]);
}

function goalBack(x, y, w, hh) {
  return el("g", { class: "tu-goal-back" }, [
    el("rect", { x, y, width: w, height: hh, rx: 6, fill: "#6b5b2a", stroke: "#3d3316", "stroke-width": 1.5 }),
    el("text", { x: x + w / 2, y: y + hh / 2 + 5, "text-anchor": "middle", "font-size": 14, fill: "#f3e6bd", "font-weight": "bold" }, ["?"]),
  ]);
}

function tileBack(x, y, s) {
  return el("rect", { x, y, width: s, height: s, rx: s * 0.15, fill: "#cfc6b0", stroke: "#6b6350", "stroke-width": 1 });
}

/** A move of the public log ("place R4 f6", "draw tiles", ...) as people read it, in `lang`. */
export function logText(lang, text) {
  const words = String(text).split(" ");
  if (text === "discard tile") return tr(lang, "hidden_discard");
  if (words[0] === "place" && words.length === 3) return tr(lang, "did_place", { tile: words[1], cell: words[2] });
  if (words[0] === "score" && words.length === 3) return tr(lang, "did_score", { card: words[1], cell: words[2] });
  if (text === "draw tiles") return tr(lang, "did_draw_tiles");
  if (text === "draw goal") return tr(lang, "did_draw_goal");
  if (text === "end") return tr(lang, "did_end");
  if (words[0] === "discard" && words[1] === "goal") return tr(lang, "did_discard_goal", { card: words[2] });
  if (words[0] === "discard" && words.length === 2) return tr(lang, "did_discard", { tile: words[1] });
  return text;
}

/** The last move's cells: [row, col] of a placement or the anchor of a scored region. */
function moveCell(text) {
  const parts = (text || "").split(" ");
  if ((parts[0] === "place" || parts[0] === "score") && parts.length === 3) return cellOf(parts[2]);
  return null;
}

function statusBar(ctx, view) {
  const lang = ctx.lang;
  const actors = (ctx.actors || view.actors || []).filter((s) => s >= 0);
  let who;
  if (!actors.length) who = tr(lang, "nobody");
  else if (actors.includes(ctx.you) && !ctx.replay) who = tr(lang, "your_turn");
  else who = tr(lang, "waiting", { who: actors.map((s) => seatName(ctx, s)).join(", ") });
  const bits = [
    h("strong", {}, [`${tr(lang, "title")} · ${tr(lang, "turn", { n: view.turn + 1 })} · ${tr(lang, `phase_${view.phase}`)}`]),
    " · ", h("span", {}, [who]),
  ];
  if (view.phase === "play" && view.current >= 0) bits.push(` (${tr(lang, `acted_${view.acted}`)})`);
  const lastText = ctx.last ? `${seatName(ctx, ctx.last.seat)}: ${ctx.last.label || ctx.last.text}` : tr(lang, "none_yet");
  const items = [
    h("div", { class: "tu-status-line" }, bits),
    h("div", { class: "tu-last", "data-testid": "board-last" }, [`${tr(lang, "last")}: ${lastText}`]),
  ];
  if (view.end_reason) items.push(h("div", { class: "tu-end" }, [tr(lang, `end_${view.end_reason}`)]));
  return h("div", { class: "tu-status" }, items);
}

function actionBar(ctx, view, legal, seated, redraw) {
  const zoomed = zoomChoice ?? phoneSized();
  const zoom = h("button", {
    type: "button", class: "tu-zoom", "data-testid": "tu-zoom", "aria-pressed": zoomed ? "true" : "false",
    onclick: (event) => { event.stopPropagation(); zoomChoice = !(zoomChoice ?? phoneSized()); redraw(); },
  }, [tr(ctx.lang, zoomed ? "zoom_out" : "zoom_in")]);
  if (!seated || view.phase === "over") return h("div", { class: "tu-actions" }, [zoom]);
  const buttons = [["draw tiles", "draw_tiles"], ["draw goal", "draw_goal"], ["end", "end"]].map(([text, key]) =>
    h("button", {
      type: "button", class: `tu-action${legal.has(text) ? " legal" : ""}`, "data-action": text,
      onclick: sender(ctx, text),
    }, [tr(ctx.lang, key)]));
  return h("div", { class: "tu-actions" }, [...buttons, zoom]);
}

function boardSvg(ctx, view, legal, placing, scores) {
  const lang = ctx.lang;
  const zoomed = zoomChoice ?? phoneSized();
  const size = view.size;
  const width = MARGIN + size * CELL + 4;
  const height = MARGIN + size * CELL + 4;
  const X = (c) => MARGIN + c * CELL;
  const Y = (r) => MARGIN + r * CELL;
  const parts = [el("rect", { x: 0, y: 0, width, height, rx: 8, fill: "#efe7d3" })];
  for (let c = 0; c < size; c += 1) {
    parts.push(el("text", { x: X(c) + CELL / 2, y: 13, "text-anchor": "middle", "font-size": 11, fill: "#6b5b2a" }, ["abcdefghijklmnopqrstuvwxyz"[c]]));
  }
  for (let r = 0; r < size; r += 1) {
    parts.push(el("text", { x: MARGIN - 3, y: Y(r) + CELL / 2 + 4, "text-anchor": "end", "font-size": 10, fill: "#6b5b2a" }, [String(r + 1)]));
  }
  const last = size - 1;
  const centre = Math.floor(size / 2);
  const placedAt = ctx.last && (ctx.last.text || "").startsWith("place ") ? moveCell(ctx.last.text) : null;
  for (let r = 0; r < size; r += 1) {
    for (let c = 0; c < size; c += 1) {
      const corner = (r === 0 || r === last) && (c === 0 || c === last);
      const start = Math.abs(r - centre) + Math.abs(c - centre) <= 1;
      parts.push(el("rect", {
        x: X(c) + 1, y: Y(r) + 1, width: CELL - 2, height: CELL - 2, rx: 4,
        fill: corner ? "#f6d7a7" : start ? "#e4dcc6" : "#f9f5ea", stroke: "#d3c7a8", "stroke-width": 1,
      }));
      if (corner) {
        parts.push(el("path", {
          d: `M${X(c) + CELL / 2} ${Y(r) + 8} L${X(c) + CELL - 8} ${Y(r) + CELL / 2} L${X(c) + CELL / 2} ${Y(r) + CELL - 8} L${X(c) + 8} ${Y(r) + CELL / 2} Z`,
          fill: "none", stroke: "#c07a1a", "stroke-width": 1.5,
        }));
      }
      const stack = view.board[r][c];
      if (stack.length) {
        // The tile just placed drops onto its cell (motion.js).
        const dropped = placedAt && placedAt[0] === r && placedAt[1] === c ? { "data-motion": "drop" } : {};
        parts.push(tile(stack[stack.length - 1], X(c) + 3, Y(r) + 3, CELL - 6, stack.slice(0, -1), { "data-cell": cellName(r, c), ...dropped }));
      }
    }
  }
  // Marks of the moves of this turn and of the turn before (lighter), then the very last move.
  const log = view.log || [];
  if (log.length) {
    let runs = 1;
    for (let i = log.length - 1; i >= 0; i -= 1) {
      if (i < log.length - 1 && log[i][0] !== log[i + 1][0]) runs += 1;
      if (runs > 2) break;
      const at = moveCell(log[i][1]);
      if (at) {
        parts.push(el("rect", {
          x: X(at[1]) + 1, y: Y(at[0]) + 1, width: CELL - 2, height: CELL - 2, rx: 5,
          fill: "none", stroke: "#ff9d3c", "stroke-width": 2, "stroke-dasharray": "4 3", "pointer-events": "none",
        }));
      }
    }
  }
  const lastAt = ctx.last ? moveCell(ctx.last.text) : null;
  if (lastAt) {
    parts.push(el("rect", {
      class: "tu-last-mark", "data-testid": "tu-last-mark", x: X(lastAt[1]) - 1, y: Y(lastAt[0]) - 1,
      width: CELL + 2, height: CELL + 2, rx: 6, fill: "none", stroke: "#ff6a00", "stroke-width": 4, "pointer-events": "none",
    }));
  }
  // Scorable regions: outlined in the card's colour, a star at the anchor sends the score.
  for (const s of scores) {
    const [fill] = PAINT[goal(s.card).colour];
    for (const [r, c] of s.cells) {
      parts.push(el("rect", {
        x: X(c) + 2, y: Y(r) + 2, width: CELL - 4, height: CELL - 4, rx: 5, fill: "none",
        stroke: "#111", "stroke-width": 3, "stroke-dasharray": "5 3", "pointer-events": "none",
      }));
    }
    parts.push(el("g", { class: "legal tu-star", "data-action": s.text, role: "button", tabindex: 0, onclick: sender(ctx, s.text) }, [
      el("title", {}, [s.label]),
      el("circle", { cx: X(s.col) + 8, cy: Y(s.row) + 8, r: 9, fill: "#fff", stroke: fill, "stroke-width": 3 }),
      el("text", { x: X(s.col) + 8, y: Y(s.row) + 12, "text-anchor": "middle", "font-size": 12, fill: "#111" }, ["★"]),
    ]));
  }
  // Click targets for the selected tile: legal cells highlighted, every other cell still
  // clickable (the server answers with TU-03).
  if (placing && selected) {
    const labels = new Map((ctx.legal || []).map((m) => [m.text, m.label]));
    for (let r = 0; r < size; r += 1) {
      for (let c = 0; c < size; c += 1) {
        const text = `place ${selected} ${cellName(r, c)}`;
        const ok = legal.has(text);
        parts.push(el("rect", {
          class: ok ? "legal tu-cell" : "tu-cell tu-try tryable", "data-action": text, "data-cell": cellName(r, c),
          role: ok ? "button" : null, tabindex: ok ? 0 : null,
          x: X(c) + 1, y: Y(r) + 1, width: CELL - 2, height: CELL - 2, rx: 4,
          fill: ok && !view.board[r][c].length ? "rgba(60, 220, 110, 0.30)" : "rgba(0,0,0,0)",
          stroke: ok ? "#12a043" : "none", "stroke-width": ok ? 3 : 0,
          onclick: sender(ctx, text),
        }, [el("title", {}, [labels.get(text) || cellName(r, c)])]));
      }
    }
  }
  // Zoomed (for fingers on a phone): cells of 46 px in a scrolling frame, centred on the
  // last move; else the whole board fits the width.
  const style = zoomed
    ? `width:${Math.round(width * 46 / CELL)}px;max-width:none;max-height:none;height:auto;display:block;touch-action:manipulation`
    : "width:100%;max-width:min(100%, 74vh);height:auto;display:block;margin:0 auto;touch-action:manipulation";
  const svg = el("svg", {
    class: "tu-board", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": tr(lang, "board"), style,
  }, parts);
  // Zoomed, the board scrolls: focusable, so that a keyboard scrolls it too.
  const wrap = h("div", { class: "tu-board-wrap", style: zoomed ? "overflow:auto;max-height:80vh" : "", tabindex: zoomed ? 0 : null, role: zoomed ? "region" : null, "aria-label": zoomed ? tr(lang, "board") : null }, [svg]);
  if (!zoomed) return wrap;
  // Shaded on the side where part of the zoomed board is out of sight (never a silent cut).
  const { frame, mark } = scrollFrame(wrap, "tu-board-frame");
  const [fr, fc] = lastAt || [Math.floor(size / 2), Math.floor(size / 2)];
  requestAnimationFrame(() => {
    wrap.scrollLeft = ((X(fc) + CELL / 2) / width) * wrap.scrollWidth - wrap.clientWidth / 2;
    wrap.scrollTop = ((Y(fr) + CELL / 2) / height) * wrap.scrollHeight - wrap.clientHeight / 2;
    mark();
  });
  return frame;
}

function handRow(ctx, view, legal, seated, redraw) {
  const lang = ctx.lang;
  if (!view.tiles) return h("p", { class: "tu-spectator" }, [tr(lang, "spectator")]);
  const tiles = view.tiles;
  const discarding = view.phase === "discard" && seated;
  const help = discarding ? tr(lang, "discard_help") : tr(lang, "tiles_help");
  if (!tiles.length) {
    return h("div", { class: "tu-hand" }, [h("strong", {}, [tr(lang, "your_tiles")]), ` · ${tr(lang, "no_tiles")}`]);
  }
  const S = 44;
  const G = 8;
  const first = tiles.indexOf(selected);
  const parts = tiles.map((name, i) => {
    const x = G + i * (S + G);
    const isSel = !discarding && i === first;
    const extra = discarding
      ? { class: `tu-tile tu-hand-tile${legal.has(`discard ${name}`) ? " legal" : ""}`, "data-action": `discard ${name}`, "data-hand": name, onclick: sender(ctx, `discard ${name}`) }
      : {
        class: `tu-tile tu-hand-tile${isSel ? " selected" : ""}`, "data-hand": name, role: "button", tabindex: 0,
        onclick: (event) => { event.stopPropagation(); selected = name; redraw(); },
      };
    const g = tile(name, x, isSel ? 2 : 8, S, [], extra);
    return isSel
      ? el("g", {}, [g, el("rect", { x: x - 3, y: -1, width: S + 6, height: S + 6, rx: 8, fill: "none", stroke: "#1a73e8", "stroke-width": 3.5, "pointer-events": "none" })])
      : g;
  });
  const width = G + tiles.length * (S + G);
  return h("div", { class: "tu-hand" }, [
    h("div", {}, [h("strong", {}, [tr(lang, "your_tiles")]), ` · ${help}`]),
    el("svg", { viewBox: `-4 -4 ${width + 8} ${S + 16}`, style: `width:100%;max-width:${(width + 8) * 1.25}px;height:auto;display:block` }, parts),
  ]);
}

/** A row of goal cards with their buttons (score when a region matches, discard when over 3). */
function goalRow(ctx, title, cards, legal, scores, discarding, withBacks = 0) {
  const lang = ctx.lang;
  const W = 112;
  const HH = 86;
  const items = cards.map((card) => {
    if (card < 0) {
      return h("div", { class: "tu-goal-box" }, [
        el("svg", { viewBox: `0 0 ${W} ${HH}`, class: "tu-goal-svg" }, [
          el("rect", { x: 1, y: 1, width: W - 2, height: HH - 2, rx: 7, fill: "none", stroke: "#bbb", "stroke-dasharray": "4 3" }),
          el("text", { x: W / 2, y: HH / 2 + 4, "text-anchor": "middle", "font-size": 12, fill: "#999" }, [tr(lang, "empty_slot")]),
        ]),
      ]);
    }
    const buttons = scores.filter((s) => s.card === card).map((s) =>
      h("button", { type: "button", class: "tu-score legal", "data-action": s.text, title: s.label, onclick: sender(ctx, s.text) },
        [`${tr(lang, "score", { n: s.points })} · ${s.cell}`]));
    if (discarding) {
      const text = `discard goal ${card}`;
      buttons.push(h("button", {
        type: "button", class: `tu-discard${legal.has(text) ? " legal" : ""}`, "data-action": text, onclick: sender(ctx, text),
      }, [tr(lang, "discard")]));
    }
    return h("div", { class: "tu-goal-box", "data-goal": card }, [
      el("svg", { viewBox: `0 0 ${W} ${HH}`, class: "tu-goal-svg" }, [goalCard(card, lang, 1, 1, W - 2, HH - 2)]),
      ...buttons,
    ]);
  });
  for (let i = 0; i < withBacks; i += 1) {
    items.push(h("div", { class: "tu-goal-box" }, [el("svg", { viewBox: `0 0 ${W} ${HH}`, class: "tu-goal-svg" }, [goalBack(1, 1, W - 2, HH - 2)])]));
  }
  return h("div", { class: "tu-goals" }, [h("div", {}, [h("strong", {}, [title])]), h("div", { class: "tu-goal-list" }, items)]);
}

function scoreTrack(ctx, view) {
  const lang = ctx.lang;
  const top = Math.max(30, ...view.scores.map((s) => Math.ceil((s + 5) / 10) * 10));
  const W = 360;
  const left = 12;
  const span = W - 2 * left;
  const lanes = view.scores.length;
  const H = 14 + lanes * 14;
  const parts = [el("rect", { x: left, y: 4, width: span, height: lanes * 14, rx: 5, fill: "#efe7d3", stroke: "#b8aa80" })];
  for (let v = 0; v <= top; v += 5) {
    const x = left + (v / top) * span;
    parts.push(el("line", { x1: x, y1: 4, x2: x, y2: 4 + lanes * 14, stroke: "#8a7a4a", "stroke-width": v % 10 ? 0.5 : 1 }));
    if (v % 10 === 0) parts.push(el("text", { x, y: H + 1, "text-anchor": "middle", "font-size": 8, fill: "#6b5b2a" }, [String(v)]));
  }
  view.scores.forEach((score, seat) => {
    const x = left + (Math.min(score, top) / top) * span;
    const y = 11 + seat * 14;
    parts.push(el("g", { class: "tu-pawn", "data-seat": seat }, [
      el("title", {}, [`${seatName(ctx, seat)}: ${score}`]),
      el("circle", { cx: x, cy: y, r: 6, style: `fill:${seatColour(seat)}`, stroke: "#fff", "stroke-width": 1.2 }),
      el("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 8, fill: "#fff", "font-weight": "bold" }, [String(score)]),
    ]));
  });
  return h("div", { class: "tu-track" }, [
    h("strong", {}, [tr(lang, "score_track")]),
    el("svg", { viewBox: `0 0 ${W} ${H + 4}`, style: "width:100%;max-width:560px;height:auto;display:block" }, parts),
  ]);
}

function playersPanel(ctx, view) {
  const lang = ctx.lang;
  const rows = [];
  for (let seat = 0; seat < view.tile_counts.length; seat += 1) {
    const acting = (view.actors || []).includes(seat);
    const nt = view.tile_counts[seat];
    const ng = view.goal_counts[seat];
    const backs = [];
    for (let i = 0; i < Math.min(nt, 7); i += 1) backs.push(tileBack(i * 9, 2, 14));
    for (let i = 0; i < Math.min(ng, 3); i += 1) backs.push(el("rect", { x: 72 + i * 10, y: 0, width: 13, height: 18, rx: 2, fill: "#6b5b2a", stroke: "#3d3316" }));
    const row = [
      h("span", { class: "tu-player-name" }, [
        h("span", { class: "tu-dot", style: `background:${seatColour(seat)}` }, []),
        `${acting ? "▶ " : ""}${seatName(ctx, seat)}`,
      ]),
      el("svg", { viewBox: "0 0 104 20", style: "height:22px;width:auto;vertical-align:middle" }, backs),
      h("span", {}, [`${nt} ${tr(lang, "tiles")} · ${ng} ${tr(lang, "goals")} · `]),
      h("strong", { class: "tu-points" }, [`${view.scores[seat]}`]),
      h("span", {}, [` (${view.scored[seat]} ${tr(lang, "scored")})`]),
    ];
    const known = (view.known_goals || [])[seat] || [];
    if (known.length && seat !== ctx.you) row.push(h("span", { class: "tu-known" }, [` · ${tr(lang, "known", { who: seatName(ctx, seat) })}: ${known.map((c) => `#${c}`).join(" ")}`]));
    rows.push(h("div", { class: `tu-player${acting ? " acting" : ""}`, "data-seat": seat }, row));
  }
  const discard = view.discard || [];
  const piles = h("div", { class: "tu-piles" }, [
    `${tr(lang, "bag")}: ${view.bag_size} · ${tr(lang, "deck")}: ${view.deck_size}`,
    view.deck_order && view.deck_order.length ? ` (#${view.deck_order[0]}…)` : "",
    ` · ${tr(lang, "discard_pile")}: ${discard.length}${discard.length ? ` (#${discard[discard.length - 1]})` : ""}`,
  ]);
  const log = (view.log || []).slice(-6).map(([seat, text, points]) =>
    h("li", {}, [`${seatName(ctx, seat)}: ${logText(lang, text)}${points ? ` (+${points})` : ""}`]));
  return h("div", { class: "tu-players" }, [
    h("strong", {}, [tr(lang, "players")]), ...rows, piles,
    log.length ? h("details", { class: "tu-log" }, [h("summary", {}, [tr(lang, "log")]), h("ol", {}, log)]) : null,
  ]);
}

const STYLE = `
.tu-board-root{display:flex;flex-direction:column;gap:8px;font-size:15px}
.tu-last{color:#8a4b00}
.tu-end{background:#fff0c2;padding:4px 8px;border-radius:6px}
.tu-actions{display:flex;flex-wrap:wrap;gap:6px}
.tu-zoom{min-height:44px;padding:6px 10px;border-radius:8px;border:1px solid #bbb;background:#fff;font-size:14px;cursor:pointer;margin-left:auto}
.tu-action,.tu-score,.tu-discard{min-height:44px;padding:6px 12px;border-radius:8px;border:1px solid #999;background:#f4f4f4;font-size:15px;cursor:pointer}
.tu-board-root button.legal{background:#c9f7d5;border-color:#12a043;font-weight:600}
.tu-board-root .tu-cell,.tu-board-root .tu-hand-tile,.tu-board-root .tu-star{cursor:pointer}
.tu-board-root .tu-cell.legal:hover{fill:rgba(60,220,110,0.55)}
.tu-goal-list{display:flex;flex-wrap:wrap;gap:8px}
.tu-goal-box{display:flex;flex-direction:column;gap:4px;width:124px}
.tu-goal-svg{width:124px;height:auto}
.tu-player{display:flex;flex-wrap:wrap;align-items:center;gap:6px;min-height:40px;padding:2px 4px;border-radius:6px}
.tu-player.acting{background:#eaf3ff}
.tu-player-name{min-width:6em;font-weight:600}
.tu-dot{display:inline-block;width:10px;height:10px;border-radius:5px;margin-right:4px}
.tu-points{font-size:17px}
`;



/** Draw the Tile Up board for one state (contract: boards/<game id>.js). */
export function render(root, ctx) {
  addStyle("tu-board-style", STYLE);
  const view = ctx.view;
  const lang = ctx.lang;
  const legalList = ctx.legal || [];
  const legal = new Set(legalList.map((m) => m.text));
  const seated = ctx.you !== null && ctx.you !== undefined && ctx.you >= 0 && !ctx.replay;
  const tiles = view.tiles || [];
  if (!tiles.includes(selected)) {
    selected = tiles.find((t) => [...legal].some((x) => x.startsWith(`place ${t} `))) ?? tiles[0] ?? null;
  }
  // Legal scores, with the region's cells and points (tiles in its stacks, covered included).
  const scores = legalList.filter((m) => m.text.startsWith("score ")).map((m) => {
    const [, card, cell] = m.text.split(" ");
    const [row, col] = cellOf(cell);
    const cells = regionCells(view.board, row, col);
    const points = cells.reduce((sum, [r, c]) => sum + view.board[r][c].length, 0);
    return { text: m.text, label: m.label, card: Number(card), cell, row, col, cells, points };
  });
  const placing = seated && view.phase === "play";
  const discarding = seated && view.phase === "discard";
  const redraw = () => {
    root.replaceChildren();
    render(root, ctx);
  };
  const hidden = view.tiles === undefined;
  root.append(h("div", { class: "tu-board-root", "data-game": "tile_up", onkeydown: keyClick }, [
    statusBar(ctx, view),
    actionBar(ctx, view, legal, seated, redraw),
    boardSvg(ctx, view, legal, placing, scores),
    handRow(ctx, view, legal, seated, redraw),
    hidden ? null : goalRow(ctx, tr(lang, "your_goals"), view.goals, legal, scores, discarding),
    goalRow(ctx, tr(lang, "faceup"), view.faceup, legal, scores, false),
    scoreTrack(ctx, view),
    playersPanel(ctx, view),
  ]));
}
