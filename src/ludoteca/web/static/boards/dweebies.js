// Dweebies board: the table grid of placed cards, the cells where the selected hand card may
// go (class "legal", data-action "place D04 0 1"), the lines on offer while collecting, the
// hand, the other players' hand sizes and collected cards, the pile and the last placement.
// Reads only the seat's own view (see Dweebies.view): x grows to the right, y downward.
import { el, h } from "./svg.js";
import { addStyle, keyClick, scrollFrame, sender, seatName as kitSeatName, translator } from "./board_kit.js";
import { back, card, cardName } from "./dweebies_cards.js";

export const TEXT = {
  es: {
    title: "Dweebies",
    phase_deal: "Reparto", phase_place: "Colocar", phase_collect: "Recoger",
    phase_draw: "Robar", phase_over: "Fin de la partida",
    your_turn: "Te toca", waiting: "Le toca a {who}", nobody: "Nadie juega ahora",
    seat: "Asiento {n}", you: "tú",
    hand: "Tu mano", hand_help: "Elige una carta y luego una casilla verde.",
    hand_collect: "Tu carta ya está en la mesa: elige arriba qué líneas recoges.", hand_wait: "Tus cartas para el próximo turno.",
    hand_empty: "No tienes cartas.", spectator: "Miras la partida: las manos son secretas.",
    pile: "Mazo", cards_in_hand: "en mano", collected: "recogidas",
    taken_so_far: "Ya recogidas (todos las vieron)",
    last: "Última jugada", took: "recogió {n}", none_yet: "Aún no hay jugadas.",
    split: "La mesa está partida en {n} grupos: hay que unirlos por el camino más corto (casillas verdes) y nadie recoge hasta entonces.",
    collect_help: "Tu carta cierra una línea: recoge la fila, la columna, ambas o nada.",
    row: "fila", column: "columna", gain: "+{n}",
    collect_row: "Recoger la fila", collect_column: "Recoger la columna",
    collect_both: "Recoger ambas", collect_none: "No recoger",
    players: "Jugadores", table: "Mesa",
  },
  en: {
    title: "Dweebies",
    phase_deal: "Deal", phase_place: "Place", phase_collect: "Collect",
    phase_draw: "Draw", phase_over: "Game over",
    your_turn: "Your turn", waiting: "{who} to play", nobody: "Nobody to play now",
    seat: "Seat {n}", you: "you",
    hand: "Your hand", hand_help: "Pick a card, then a green cell.",
    hand_collect: "Your card is on the table: choose above which lines to collect.", hand_wait: "Your cards for your next turn.",
    hand_empty: "You have no cards.", spectator: "You are watching: hands are secret.",
    pile: "Draw pile", cards_in_hand: "in hand", collected: "collected",
    taken_so_far: "Taken so far (seen by all)",
    last: "Last move", took: "took {n}", none_yet: "No moves yet.",
    split: "The table is split into {n} groups: join them by the shortest path (green cells); nobody collects until then.",
    collect_help: "Your card closes a line: take the row, the column, both or nothing.",
    row: "row", column: "column", gain: "+{n}",
    collect_row: "Take the row", collect_column: "Take the column",
    collect_both: "Take both", collect_none: "Take nothing",
    players: "Players", table: "Table",
  },
};

const tr = translator(TEXT);
const seatName = (ctx, seat) => kitSeatName(ctx, seat, tr);

const CW = 66; // cell width (SVG units)
const CH = 88; // cell height
const GAP = 6;

let selected = null; // the hand card chosen for the next placement (module state)




/** Cards the placement of `code` at (x, y) would let its player collect (DW-05, DW-06). */
function gain(cards, code, x, y) {
  const taken = new Set();
  for (const [dx, dy] of [[1, 0], [0, 1]]) {
    const run = (sx, sy) => {
      const out = [];
      let cx = x + sx;
      let cy = y + sy;
      while (cards.has(`${cx},${cy}`)) {
        out.push(`${cx},${cy}`);
        cx += sx;
        cy += sy;
      }
      return out;
    };
    const before = run(-dx, -dy);
    const after = run(dx, dy);
    if (before.length && after.length) continue; // in the middle of the line
    const line = before.length ? before : after;
    if (!line.length || cards.get(line[line.length - 1]) !== code) continue;
    for (const key of line) taken.add(key);
    taken.add(`${x},${y}`);
  }
  return taken.size;
}

function statusBar(ctx, view) {
  const lang = ctx.lang;
  const phase = tr(lang, `phase_${view.phase}`);
  const actors = (ctx.actors || view.actors || []).filter((s) => s >= 0);
  let who;
  if (!actors.length) who = tr(lang, "nobody");
  else if (actors.includes(ctx.you) && !ctx.replay) who = tr(lang, "your_turn");
  else who = tr(lang, "waiting", { who: actors.map((s) => seatName(ctx, s)).join(", ") });
  const lastText = ctx.last
    ? `${seatName(ctx, ctx.last.seat)}: ${ctx.last.label || ctx.last.text}`
    : tr(lang, "none_yet");
  const items = [
    h("div", { class: "dw-status-line" }, [
      h("strong", {}, [`${tr(lang, "title")} · ${phase}`]), " · ",
      h("span", { class: "dw-who", "data-testid": "dw-who" }, [who]),
    ]),
    h("div", { class: "dw-last", "data-testid": "board-last" }, [`${tr(lang, "last")}: ${lastText}`]),
  ];
  if (view.groups > 1) items.push(h("div", { class: "dw-split" }, [tr(lang, "split", { n: view.groups })]));
  if (view.phase === "collect" && actors.includes(ctx.you) && !ctx.replay) {
    items.push(h("div", { class: "dw-help" }, [tr(lang, "collect_help")]));
    const labels = new Map((ctx.legal || []).map((m) => [m.text, m.label]));
    const buttons = ["row", "column", "both", "none"].map((which) => {
      const text = `collect ${which}`;
      const isLegal = labels.has(text);
      return h("button", {
        type: "button", class: `dw-collect${isLegal ? " legal" : ""}`, "data-action": text,
        onclick: sender(ctx, text),
        title: labels.get(text) || null,
      }, [tr(lang, `collect_${which}`)]);
    });
    items.push(h("div", { class: "dw-collect-bar" }, buttons));
  }
  return h("div", { class: "dw-status" }, items);
}

function tableSvg(ctx, view, legal, placing) {
  const lang = ctx.lang;
  const cards = new Map(view.table.map(([x, y, code]) => [`${x},${y}`, code]));
  const legalCells = view.phase === "place" ? view.legal_cells : [];
  const spots = [...view.table.map(([x, y]) => [x, y]), ...legalCells];
  if (!spots.length) spots.push([0, 0]);
  const xs = spots.map((s) => s[0]);
  const ys = spots.map((s) => s[1]);
  const x0 = Math.min(...xs) - 1;
  const x1 = Math.max(...xs) + 1;
  const y0 = Math.min(...ys) - 1;
  const y1 = Math.max(...ys) + 1;
  const cols = x1 - x0 + 1;
  const rows = y1 - y0 + 1;
  const px = (x) => (x - x0) * (CW + GAP) + GAP;
  const py = (y) => (y - y0) * (CH + GAP) + GAP;
  const width = cols * (CW + GAP) + GAP;
  const height = rows * (CH + GAP) + GAP;
  const parts = [el("rect", { x: 0, y: 0, width, height, rx: 10, fill: "#1f6f4a" })];
  const whole = view.groups <= 1;
  const legalSet = new Set(legalCells.map(([x, y]) => `${x},${y}`));
  const offerable = placing && selected;
  const labels = new Map((ctx.legal || []).map((m) => [m.text, m.label]));

  // Empty cells: the legal ones for the selected card, and (for trying) every other empty cell.
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const key = `${x},${y}`;
      if (cards.has(key)) continue;
      const isLegalCell = legalSet.has(key);
      const text = selected ? `place ${selected} ${x} ${y}` : null;
      const isLegal = offerable && text && legal.has(text);
      if (isLegal) {
        const n = whole ? gain(cards, selected, x, y) : 0;
        parts.push(el("g", {
          class: "legal dw-cell", "data-action": text, role: "button", tabindex: 0,
          "data-cell": key, onclick: sender(ctx, text),
        }, [
          el("title", {}, [labels.get(text) || ""]),
          el("rect", {
            x: px(x), y: py(y), width: CW, height: CH, rx: 7,
            fill: "rgba(170, 255, 190, 0.35)", stroke: "#b8ffce", "stroke-width": 2.5, "stroke-dasharray": "6 4",
          }),
          el("text", { x: px(x) + CW / 2, y: py(y) + CH / 2 + 8, "text-anchor": "middle", "font-size": 26, fill: "#eafff0", "font-weight": "bold" }, ["+"]),
          n ? el("text", { x: px(x) + CW / 2, y: py(y) + CH - 10, "text-anchor": "middle", "font-size": 13, fill: "#fff36b", "font-weight": "bold" }, [tr(lang, "gain", { n })]) : null,
        ]));
      } else if (placing && text) {
        // Not legal now (not next to a card, or off the shortest link while split): still
        // clickable, so the server answers with the rule.
        parts.push(el("rect", {
          class: "dw-cell dw-try tryable", "data-action": text, "data-cell": key,
          x: px(x), y: py(y), width: CW, height: CH, rx: 7,
          fill: "rgba(255,255,255,0.04)", stroke: isLegalCell ? "#b8ffce" : "rgba(255,255,255,0.18)",
          "stroke-width": 1, "stroke-dasharray": "2 4", onclick: sender(ctx, text),
        }));
      } else if (isLegalCell) {
        parts.push(el("rect", {
          class: "dw-cell dw-frontier", x: px(x), y: py(y), width: CW, height: CH, rx: 7,
          fill: "none", stroke: "rgba(184,255,206,0.6)", "stroke-width": 1.5, "stroke-dasharray": "4 4",
        }));
      }
    }
  }

  // Placed cards.
  const last = view.last;
  const lastKey = last ? `${last.cell[0]},${last.cell[1]}` : null;
  // The card just placed slides in from its player's side: my hand is below the table.
  const justPlaced = ctx.last && (ctx.last.text || "").startsWith("place ") ? lastKey : null;
  const from = ctx.last && ctx.last.seat === ctx.you ? "below" : "above";
  for (const [x, y, code] of view.table) {
    const moving = `${x},${y}` === justPlaced ? { "data-motion": "slide", "data-motion-from": from } : {};
    parts.push(card(code, lang, px(x), py(y), CW, CH, { "data-cell": `${x},${y}`, ...moving }));
  }

  // The lines on offer while collecting (DW-05, DW-06).
  const offers = [["row", view.row], ["column", view.column]];
  for (const [which, line] of offers) {
    if (!line || !line.length) continue;
    const lx = line.map((c) => c[0]);
    const ly = line.map((c) => c[1]);
    const text = `collect ${which}`;
    const isLegal = legal.has(text);
    const bx = px(Math.min(...lx)) - 3;
    const by = py(Math.min(...ly)) - 3;
    const bw = px(Math.max(...lx)) + CW + 3 - bx;
    const bh = py(Math.max(...ly)) + CH + 3 - by;
    parts.push(el("g", {
      class: `dw-line${isLegal ? " legal" : ""}`, "data-action": text, role: "button", tabindex: 0,
      onclick: sender(ctx, text),
    }, [
      el("title", {}, [tr(lang, which)]),
      el("rect", {
        x: bx, y: by, width: bw, height: bh, rx: 9,
        fill: "rgba(255, 236, 60, 0.28)", stroke: "#ffe13c", "stroke-width": 4,
      }),
    ]));
  }

  // The last placement: a bright outline on the card, or on the cell it was collected from.
  if (last) {
    const [lx, ly] = last.cell;
    parts.push(el("rect", {
      class: "dw-last-mark", "data-testid": "dw-last-mark", x: px(lx) - 3, y: py(ly) - 3,
      width: CW + 6, height: CH + 6, rx: 9, fill: "none", stroke: "#ff7a00", "stroke-width": 4,
      "stroke-dasharray": last.taken ? "8 5" : null, "pointer-events": "none",
    }));
    if (last.taken && !cards.has(lastKey)) {
      parts.push(el("text", {
        x: px(lx) + CW / 2, y: py(ly) + CH / 2, "text-anchor": "middle", "font-size": 12,
        fill: "#ffd2a8", "font-weight": "bold", "pointer-events": "none",
      }, [tr(lang, "took", { n: last.taken })]));
    }
  }

  // Cells never below 40 px (touch targets): 44 px a column holds a 66-unit cell of a
  // 72-unit column at 40.3 px. Narrower than that the grid scrolls (docs/architecture.md).
  const least = cols * 44 + 4;
  const svg = el("svg", {
    class: "dw-table", viewBox: `0 0 ${width} ${height}`, role: "group",
    "aria-label": tr(lang, "table"),
    style: `width:100%;min-width:${least}px;max-width:max(${least}px, min(${cols * 105}px, calc(78vh * ${(width / height).toFixed(3)})));height:auto;max-height:none;display:block;margin:0 auto`,
  }, parts);
  // The grid may scroll on a narrow screen: focusable, so that a keyboard scrolls it too,
  // and shaded on the side where more of it is out of sight (never a silent cut).
  const wrap = h("div", {
    class: "dw-table-wrap", style: "overflow:auto;max-width:100%", tabindex: 0, role: "region",
    "aria-label": tr(lang, "table"),
  }, [svg]);
  const { frame, mark } = scrollFrame(wrap, "dw-table-frame");
  // On a narrow screen the grid scrolls: bring the last placement (or the middle) into view.
  const focusX = last ? (px(last.cell[0]) + CW / 2) / width : 0.5;
  requestAnimationFrame(() => {
    if (wrap.scrollWidth > wrap.clientWidth) {
      wrap.scrollLeft = focusX * wrap.scrollWidth - wrap.clientWidth / 2;
    }
    mark();
  });
  return frame;
}

/** What to do with the hand now: place (pick a card, then a green cell), or nothing while
 * the turn is a collection (DW-05) or someone else's. */
function handHelp(ctx, view) {
  const mine = (ctx.actors || view.actors || []).includes(ctx.you) && !ctx.replay;
  if (!mine) return "hand_wait";
  return view.phase === "collect" ? "hand_collect" : "hand_help";
}

function handSvg(ctx, view, redraw) {
  const lang = ctx.lang;
  const hand = view.hand || [];
  if (!hand.length) return h("p", { class: "dw-hand-empty" }, [tr(lang, "hand_empty")]);
  const W = 72;
  const HH = 98;
  const G = 8;
  const width = hand.length * (W + G) + G;
  const height = HH + 22;
  const parts = [];
  const first = hand.indexOf(selected);
  hand.forEach((code, i) => {
    const isSel = i === first;
    const x = G + i * (W + G);
    const y = isSel ? 4 : 16;
    parts.push(card(code, lang, x, y, W, HH, {
      class: `dw-card dw-hand-card${isSel ? " selected" : ""}`, role: "button", tabindex: 0,
      "data-hand": code, "aria-pressed": isSel ? "true" : "false",
      onclick: (event) => {
        event.stopPropagation();
        selected = code;
        redraw();
      },
    }));
    if (isSel) {
      parts.push(el("rect", {
        x: x - 3, y: y - 3, width: W + 6, height: HH + 6, rx: 9, fill: "none",
        stroke: "#1a73e8", "stroke-width": 4, "pointer-events": "none",
      }));
    }
  });
  return h("div", { class: "dw-hand" }, [
    h("div", { class: "dw-caption", "data-testid": "dw-hand-help" }, [h("strong", {}, [tr(lang, "hand")]), ` · ${tr(lang, handHelp(ctx, view))}`]),
    el("svg", {
      class: "dw-hand-svg", viewBox: `0 0 ${width} ${height}`,
      style: `width:100%;max-width:${hand.length * 110}px;height:auto;display:block`,
    }, parts),
  ]);
}

function playersPanel(ctx, view) {
  const lang = ctx.lang;
  const rows = [];
  for (let seat = 0; seat < view.players; seat += 1) {
    const count = view.hand_counts[seat];
    const backs = [];
    for (let i = 0; i < Math.min(count, 8); i += 1) backs.push(back(i * 9, 0, 22, 30));
    const acting = (view.actors || []).includes(seat);
    rows.push(h("div", { class: `dw-player${acting ? " acting" : ""}`, "data-seat": seat }, [
      h("span", { class: "dw-player-name" }, [`${acting ? "▶ " : ""}${seatName(ctx, seat)}`]),
      el("svg", { viewBox: `0 0 ${Math.max(1, Math.min(count, 8)) * 9 + 14} 30`, style: "height:30px;width:auto;vertical-align:middle" }, backs),
      h("span", { class: "dw-count" }, [`${count} ${tr(lang, "cards_in_hand")}`]),
      h("span", { class: "dw-score" }, [`${view.scores[seat]} ${tr(lang, "collected")}`]),
    ]));
  }
  const pile = h("div", { class: "dw-pile" }, [
    el("svg", { viewBox: "0 0 40 52", style: "height:44px;width:auto;vertical-align:middle" }, [
      back(6, 4, 30, 44), back(3, 2, 30, 44), back(0, 0, 30, 44),
    ]),
    h("span", {}, [` ${tr(lang, "pile")}: ${view.pile_size}`]),
  ]);
  const taken = {};
  for (const code of view.collected || []) taken[code] = (taken[code] || 0) + 1;
  const chips = Object.entries(taken).map(([code, n]) =>
    h("span", { class: "dw-chip", title: cardName(code, lang) }, [`${cardName(code, lang)}${n > 1 ? ` ×${n}` : ""}`]));
  return h("div", { class: "dw-players" }, [
    h("div", { class: "dw-caption" }, [h("strong", {}, [tr(lang, "players")])]),
    ...rows,
    pile,
    chips.length ? h("div", { class: "dw-collected" }, [`${tr(lang, "taken_so_far")}: `, ...chips]) : null,
  ]);
}

const STYLE = `
.dw-board{display:flex;flex-direction:column;gap:8px;font-size:15px}
.dw-status-line{font-size:16px}
.dw-last{color:#8a4b00}
.dw-split{background:#ffe1e1;color:#8b0000;padding:4px 8px;border-radius:6px}
.dw-help{background:#fff7c2;padding:4px 8px;border-radius:6px}
.dw-board .legal{cursor:pointer}
.dw-board .dw-cell.legal:hover rect,.dw-board .dw-cell.legal:focus rect{fill:rgba(170,255,190,0.6)}
.dw-board .dw-try,.dw-board .dw-hand-card,.dw-board .dw-line{cursor:pointer}
.dw-board .dw-line:hover rect{fill:rgba(255,236,60,0.45)}
.dw-player{display:flex;flex-wrap:wrap;align-items:center;gap:8px;min-height:40px;padding:2px 4px;border-radius:6px}
.dw-player.acting{background:#eaf3ff}
.dw-player-name{min-width:6em;font-weight:600}
.dw-chip{display:inline-block;border:1px solid #bbb;border-radius:10px;padding:0 6px;margin:2px;font-size:13px}
.dw-hand-svg{touch-action:manipulation}
.dw-collect-bar{display:flex;flex-wrap:wrap;gap:6px}
.dw-collect{min-height:44px;padding:6px 12px;border-radius:8px;border:1px solid #999;background:#f4f4f4;font-size:15px;cursor:pointer}
.dw-collect.legal{background:#fff36b;border-color:#b89c00;font-weight:600}
`;



/** Draw the Dweebies board for one state (contract: boards/<game id>.js). */
export function render(root, ctx) {
  addStyle("dw-board-style", STYLE);
  const view = ctx.view;
  const legal = new Set((ctx.legal || []).map((m) => m.text));
  const hand = view.hand || [];
  if (!hand.includes(selected)) {
    // Default: the first card that has a legal placement, else the first card.
    selected = hand.find((code) => [...legal].some((t) => t.startsWith(`place ${code} `))) ?? hand[0] ?? null;
  }
  const seated = ctx.you !== null && ctx.you !== undefined && ctx.you >= 0 && !ctx.replay;
  const placing = seated && view.phase === "place";
  const redraw = () => {
    root.replaceChildren();
    render(root, ctx);
  };
  const board = h("div", { class: "dw-board", "data-game": "dweebies", onkeydown: keyClick }, [
    statusBar(ctx, view),
    tableSvg(ctx, view, legal, placing),
    view.hand !== undefined ? handSvg(ctx, view, redraw) : h("p", {}, [tr(ctx.lang, "spectator")]),
    playersPanel(ctx, view),
  ]);
  root.append(board);
}
