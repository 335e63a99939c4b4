// Gotcha! (¡Te tengo!) board: the track, the players' profiles, the live rules as sentences
// (read aloud once when announced), the hand, the pile, a vote, the BUZZ controls, the
// emote bar and the game chat (chat is a game action: rules are about what you say, so this
// is the room's only chat: `ownsChat` tells the shell to hide its own). On a phone the panels
// are tabs under a fixed bar (play, rules, buzz, chat, table): each is one tap away.
//
// Actions are sent without their "@time" (the server stamps the game clock): "draw",
// "play W03 a1", "play I05 m1 2", "play B04 m2 1 : debe cantar", "chat hola",
// "emote clap", "buzz a1 2,3", "vote yes". Moves that are not legal now can still be
// tried; the server answers with the rule that forbids them.
import { el, h } from "./svg.js";
import { entryNode, feedEntries, lastEntryKey } from "./gotcha_feed.js";
import { announceNew, muted, say, setMuted, speechAvailable } from "./gotcha_speech.js";
import { familyIcon, familyOf } from "./pictures_gotcha.js";
import { bell, speaker } from "./gotcha_icons.js";
import { installStyle } from "./gotcha_style.js";
import { markedYou, seatColour, seatSymbol } from "./board_kit.js";
import {
  cardHint, cardKind, cardText, emoji, emotes, language, quoted, seconds, slotName, tr, traitLabel, whoText,
} from "./gotcha_text.js";

/** The shell shows no chat of its own beside this board: the game chat is the room's chat. */
export const ownsChat = true;
const TABS = [["play", "🃏"], ["rules", "📜"], ["buzz", "🔔"], ["chat", "💬"], ["table", "🏁"]];
const MAX_GAP_MS = 60000; // GT-16: the server's clock never runs further than this
const CHAT_MAX = 200; // GT-15

/** What the person is building between renders (kept while states arrive). */
const ui = {
  card: null, // selected hand card
  slot: null, // selected mat for an individual card
  blank: "", // text for a blank card
  buzzSlot: null,
  buzzSeats: new Set(),
  chat: "",
  chatFocus: false,
  feedStick: true,
  feedScroll: 0,
  tab: "play", // the panel shown on a phone
  wasMyTurn: false,
};

let current = null; // {root, ctx} of the last render (local clicks redraw with it)
const tick = { clock: 0, at: 0, cap: 0, running: false, over: false, lang: "en" };
let timer = null;

// The seat colours of the whole page (the shell's seat list uses the same): board_kit.
const colour = (seat) => (seat >= 0 ? seatColour(seat) : "#666");

export function render(root, ctx) {
  installStyle();
  current = { root, ctx };
  const view = ctx.view;
  const lang = language(ctx.lang);
  const n = view.profiles.length;
  const me = Number.isInteger(ctx.you) && ctx.you >= 0 && ctx.you < n ? ctx.you : null;
  const legal = new Set((ctx.legal || []).map((m) => m.text));
  const canTry = !ctx.replay && me !== null && view.phase !== "over";
  const actors = ctx.actors || view.actors || [];
  const live = canTry && actors.includes(me) && (view.phase === "draw" || view.phase === "play");
  const social = live && view.events_left[me] > 0;
  // Buzzes do not count toward the events a turn allows (GT-15); a wrong buzz locks the
  // buzzer for the rest of the turn (GT-17, view.locked).
  const buzzable = live && !(view.locked || [])[me];
  const s = { ctx, view, lang, me, legal, canTry, social, buzzable, last: parseLast(ctx.last) };
  if (ui.card && !(view.hand || []).includes(ui.card)) ui.card = null;

  // Party mode: the table screen reads the rules aloud (room_party.js), not this board.
  if (ctx.speak !== false) announceNew(view, lang, ctx.replay);
  startClock(view, ctx, lang);

  const myTurn = me !== null && view.current === me && view.phase !== "over";
  if (myTurn && !ui.wasMyTurn && !ui.chatFocus && !ctx.replay) ui.tab = "play";  // the hand comes up on my turn
  ui.wasMyTurn = myTurn;
  const main = h("div", { class: "gt-col gt-col-main" }, [
    onTab(rulesPanel(s), "rules"), ballotPanel(s), onTab(handPanel(s), "play"), onTab(playersPanel(s), "table"),
  ]);
  const side = h("div", { class: "gt-col gt-col-side" }, [
    onTab(buzzPanel(s), "buzz"), onTab(emotePanel(s), "chat"), onTab(roomPanel(s), "chat"),
  ]);
  const board = h("div", { class: `gt-board${myTurn ? " gt-myturn" : ""}`, "data-game": "gotcha", "data-tab": ui.tab, lang }, [
    statusBar(s), onTab(trackPanel(s), "table"), main, side, tabBar(s),
  ]);
  root.append(h("div", { class: "gt-container" }, [board]));
  afterRender(board);
}

/** Mark a panel as part of phone tab `tab` (hidden on a phone while another tab is shown). */
function onTab(panel, tab) {
  if (!panel) return null;
  panel.setAttribute("data-tab", tab);
  if (ui.tab !== tab) panel.classList.add("gt-off");
  return panel;
}

/** The phone's fixed tab bar (CSS shows it on narrow screens only). */
function tabBar(s) {
  const buttons = TABS.map(([tab, icon]) => h("button", {
    type: "button", role: "tab", class: `gt-tab${ui.tab === tab ? " gt-tab-on" : ""}`, "data-testid": `gotcha-tab-${tab}`,
    "aria-selected": ui.tab === tab ? "true" : "false",
    onclick: () => {
      ui.tab = tab;
      redraw();
      const board = current && current.root.querySelector(".gt-board");
      if (board) window.scrollTo({ top: Math.max(0, board.getBoundingClientRect().top + window.scrollY - 120) });
    },
  }, [emoji(icon) ? h("span", { class: "gt-tab-icon", "aria-hidden": "true" }, icon) : null, h("span", {}, tr(s.lang, `tab_${tab}`))]));
  return h("nav", { class: "gt-tabs", role: "tablist", "aria-label": tr(s.lang, "tabs") }, buttons);
}

function redraw() {
  if (!current || !current.root.isConnected) return;
  current.root.replaceChildren();
  render(current.root, current.ctx);
}

function send(s, text) {
  if (s.ctx.replay || typeof s.ctx.act !== "function") return;
  s.ctx.act(text);
}

/** A button for the action `text`: class `legal` when the rules allow it now. */
function move(s, text, label, isLegal, extra = "", attrs = {}) {
  const cls = `gt-btn ${extra}${isLegal ? " legal" : ""}`.trim();
  return h("button", {
    type: "button", class: cls, "data-action": text, ...attrs,
    onclick: () => send(s, text),
  }, label);
}

/** The last move's verb, slot and time; the server's text may carry its "@time" stamp. */
export function parseLast(last) {
  if (!last || !last.text) return null;
  const stamped = /^@(\d+)\s+(.*)$/.exec(String(last.text).trim());
  const words = (stamped ? stamped[2] : String(last.text).trim()).split(/\s+/);
  const verb = words[0];
  const slot = verb === "play" ? words[2] : verb === "buzz" ? words[1] : null;
  return { ...last, verb, slot: slot || null, t: stamped ? Number(stamped[1]) : null };
}

function name(s, seat) {
  const p = s.view.profiles[seat];
  return p ? p.name : seatSymbol(seat);
}

function seatChip(s, seat, attrs = {}) {
  const shown = seat === s.me ? markedYou(name(s, seat), tr(s.lang, "you"), s.lang) : name(s, seat);
  return h("span", { class: "gt-chip", style: `--seat:${colour(seat)}`, ...attrs }, [
    h("span", { class: "gt-seatno", "aria-hidden": "true" }, seatSymbol(seat)), shown,
  ]);
}

// ---------------------------------------------------------------------------------------
// Status: turn, whose turn, phase, clock, last move, speech switch

function statusBar(s) {
  const { view, lang } = s;
  const bits = [
    h("span", { class: "gt-turn" }, view.rules.turn_limit ? tr(lang, "turn", { turn: view.turn, limit: view.rules.turn_limit }) : tr(lang, "turn_open", { turn: view.turn })),
    view.phase === "over" ? null : h("span", { class: "gt-current", style: `--seat:${colour(view.current)}` }, tr(lang, "plays", { name: name(s, view.current) })),
    h("span", { class: "gt-phase" }, tr(lang, `phase_${view.phase}`)),
    h("span", { class: "gt-clock", "data-clock": "1" }, emoji("⏱ ") + tr(lang, "clock", { s: seconds(lang, view.clock) })),
    speechSwitch(s),
  ];
  const rows = [h("div", { class: "gt-status-row" }, bits)];
  if (s.ctx.last) {
    const who = s.ctx.last.seat >= 0 ? name(s, s.ctx.last.seat) : tr(lang, "the_game");
    rows.push(h("div", { class: "gt-lastmove", "data-testid": "gotcha-last" }, [
      h("b", {}, tr(lang, "last") + ": "), `${who} — ${s.ctx.last.label || s.ctx.last.text}`,
    ]));
  }
  if (s.ctx.replay) rows.push(h("div", { class: "gt-note" }, tr(lang, "replay")));
  else if (s.me === null) rows.push(h("div", { class: "gt-note gt-watching" }, tr(lang, "spectator")));
  else if (view.phase !== "over") rows.push(h("div", { class: "gt-note" }, tr(lang, "left", { n: view.events_left[s.me] })));
  return h("div", { class: "gt-status" }, rows);
}

function speechSwitch(s) {
  const lang = s.lang;
  if (!speechAvailable()) {
    return h("button", { type: "button", class: "gt-btn gt-speech", disabled: true, title: tr(lang, "no_speech"), "aria-label": tr(lang, "no_speech") }, speaker(true));
  }
  const off = muted();
  return h("button", {
    type: "button", class: "gt-btn gt-speech", "data-testid": "gotcha-mute", "aria-pressed": off ? "true" : "false",
    title: tr(lang, off ? "unmute" : "mute"), "aria-label": tr(lang, off ? "unmute" : "mute"),
    onclick: () => { setMuted(!muted()); redraw(); },
  }, speaker(off));
}

// ---------------------------------------------------------------------------------------
// Track: WRONG WAY .. START .. CHAMP with every pawn

function trackPanel(s) {
  const { view, lang } = s;
  const length = view.rules.track_length;
  const cells = length + 2; // WRONG WAY (-1) .. CHAMP (length)
  const w = 44;
  const hgt = 100;
  const svg = el("svg", { viewBox: `0 0 ${cells * w} ${hgt}`, class: "gt-track", role: "img", "aria-label": tr(lang, "track") });
  for (let i = 0; i < cells; i += 1) {
    const pos = i - 1;
    const kind = pos === -1 ? "ww" : pos === 0 ? "start" : pos === length ? "champ" : "space";
    const label = kind === "ww" ? "↩" : kind === "start" ? "▶" : kind === "champ" ? "★" : String(pos);
    const full = kind === "ww" ? tr(lang, "wrong_way") : kind === "start" ? tr(lang, "start") : kind === "champ" ? tr(lang, "champ") : String(pos);
    svg.append(el("g", { class: `gt-cell gt-cell-${kind}`, "data-pos": pos }, [
      el("title", {}, full),
      el("rect", { x: i * w + 1, y: 1, width: w - 2, height: hgt - 2, rx: 6 }),
      el("text", { x: i * w + w / 2, y: 15, "text-anchor": "middle", class: "gt-cell-label" }, label),
      kind !== "space" ? el("text", { x: i * w + w / 2, y: 26, "text-anchor": "middle", class: "gt-cell-small" }, full.split(" ")[0].slice(0, 7)) : null,
    ]));
  }
  const here = new Map();
  view.positions.forEach((pos, seat) => {
    const k = here.get(pos) || 0;
    here.set(pos, k + 1);
    const i = pos + 1;
    const cx = i * w + (k % 2 ? 31 : 13);
    const cy = 40 + Math.floor(k / 2) * 18;
    const isWinner = (view.winners || []).includes(seat);
    svg.append(el("g", { class: `gt-pawn${seat === view.current ? " gt-pawn-current" : ""}${isWinner ? " gt-pawn-winner" : ""}`, "data-seat": seat, "data-pos": pos }, [
      el("title", {}, `${name(s, seat)}: ${pos}`),
      el("circle", { cx, cy, r: 8.5, style: `fill:${colour(seat)}` }),
      el("text", { x: cx, y: cy + 3.5, "text-anchor": "middle", class: "gt-pawn-no" }, seatSymbol(seat)),
    ]));
  });
  return h("section", { class: "gt-panel gt-track-panel", "data-testid": "gotcha-track" }, [svg]);
}

// ---------------------------------------------------------------------------------------
// Players: profiles (name, age, traits), hands as backs, position, rules that bind them

function backs(count) {
  const shown = Math.min(count, 6);
  const svg = el("svg", { viewBox: `0 0 ${14 + shown * 9} 24`, class: "gt-backs", "aria-hidden": "true" });
  for (let i = 0; i < shown; i += 1) {
    svg.append(el("rect", { x: 1 + i * 9, y: 1, width: 14, height: 22, rx: 2, class: "gt-back" }));
  }
  return svg;
}

function playersPanel(s) {
  const { view, lang } = s;
  const live = view.slots.filter((slot) => slot.live);
  const rows = view.profiles.map((p, seat) => {
    const traits = p.traits.length ? p.traits.map((t) => traitLabel(lang, t)).join(", ") : tr(lang, "no_traits");
    const binding = live.filter((slot) => slot.bound.includes(seat)).map((slot) => h("span", { class: "gt-tag" }, slotName(lang, slot.slot)));
    const win = (view.winners || []).includes(seat);
    const cls = `gt-player${seat === view.current ? " gt-player-current" : ""}${seat === s.me ? " gt-player-me" : ""}${s.last && s.last.seat === seat ? " gt-player-last" : ""}`;
    return h("li", { class: cls, "data-seat": seat }, [
      h("div", { class: "gt-player-head" }, [
        seatChip(s, seat),
        h("span", { class: "gt-age" }, tr(lang, "age", { age: p.age })),
        seat === view.current && view.phase !== "over" ? h("span", { class: "gt-tag gt-tag-turn" }, "▶ " + tr(lang, `phase_${view.phase}`)) : null,
        win ? h("span", { class: "gt-tag gt-tag-win" }, emoji("🏆 ") + "★ " + tr(lang, "winner")) : null,
        h("span", { class: "gt-pos" }, positionLabel(lang, view.positions[seat], view.rules.track_length)),
      ]),
      h("div", { class: "gt-traits" }, traits),
      h("div", { class: "gt-player-foot" }, [
        h("span", { class: "gt-handcount", title: tr(lang, "cards_in_hand", { n: view.hand_counts[seat] }) }, [backs(view.hand_counts[seat]), tr(lang, "cards_in_hand", { n: view.hand_counts[seat] })]),
        ...binding,
      ]),
    ]);
  });
  return h("section", { class: "gt-panel gt-players", "data-testid": "gotcha-players" }, [
    h("h3", {}, tr(lang, "players")), h("ul", { class: "gt-player-list" }, rows),
  ]);
}

function positionLabel(lang, pos, length) {
  if (pos < 0) return tr(lang, "wrong_way");
  if (pos === 0) return tr(lang, "start");
  if (pos >= length) return tr(lang, "champ");
  return `${pos}/${length}`;
}

// ---------------------------------------------------------------------------------------
// Rules: the two areas (WHO over WHAT) and the mats, each with its sentence and binding

function topOf(stack) {
  return stack && stack.length ? stack[stack.length - 1] : null;
}

function rulesPanel(s) {
  const { view, lang } = s;
  const newest = Math.max(0, ...view.slots.map((slot) => slot.serial));
  const slots = view.slots.map((slot) => slotPanel(s, slot, slot.serial > 0 && slot.serial === newest));
  return h("section", { class: "gt-panel gt-rules", "data-testid": "gotcha-rules" }, [
    h("h3", {}, tr(lang, "rules")), h("div", { class: "gt-slots" }, slots),
  ]);
}

function slotPanel(s, slot, isNewest) {
  const { view, lang } = s;
  const area = "who" in slot;
  const sentence = lang === "es" ? slot.es : slot.en;
  const lastHere = s.last && s.last.slot === slot.slot;
  const cls = `gt-slot ${area ? "gt-area" : "gt-mat"}${slot.live ? " gt-live" : ""}${lastHere ? " gt-last" : ""}${s.canTry && ui.buzzSlot === slot.slot ? " gt-buzz-picked" : ""}`;
  const matCard = area ? null : topOf(slot.cards);
  const head = h("div", { class: "gt-slot-head" }, [
    matCard ? familyIcon(familyOf(matCard)) : null,
    h("b", {}, slotName(lang, slot.slot)),
    !area && slot.owner >= 0 ? seatChip(s, slot.owner) : null,
    h("span", { class: `gt-badge ${slot.live ? "gt-badge-live" : ""}` }, tr(lang, slot.live ? "live" : "not_live")),
    isNewest ? h("span", { class: "gt-badge gt-badge-new" }, tr(lang, "new_rule")) : null,
    sentence && speechAvailable() ? h("button", {
      type: "button", class: "gt-btn gt-say", title: tr(lang, "read_again"), "aria-label": tr(lang, "read_again"),
      onclick: () => say(sentence, lang),
    }, speaker(false)) : null,
  ]);
  const parts = [head];
  let top = null;
  if (area) {
    const what = topOf(slot.what);
    top = what;
    const whatText = what ? (cardKind(what) === "blank_what" ? slot.text || cardText(lang, what) : cardText(lang, what)) : tr(lang, "empty_what");
    parts.push(h("div", { class: "gt-halves" }, [
      h("div", { class: "gt-half gt-half-who" }, [h("small", {}, [familyIcon("who"), tr(lang, "who_slot")]), whoText(lang, topOf(slot.who))]),
      h("div", { class: `gt-half gt-half-what${what ? "" : " gt-empty"}` }, [h("small", {}, [what ? familyIcon(familyOf(what)) : null, tr(lang, "what_slot")]), whatText]),
    ]));
  } else {
    top = topOf(slot.cards);
    if (slot.owner < 0) parts.push(h("div", { class: "gt-empty" }, tr(lang, "free_mat")));
  }
  if (slot.live && sentence) parts.push(h("p", { class: "gt-sentence", "data-serial": slot.serial }, sentence));
  const hint = top ? cardHint(lang, top) : "";
  if (slot.live && hint) parts.push(h("p", { class: "gt-hint" }, hint));
  if (slot.live) {
    parts.push(h("div", { class: "gt-binds" }, [
      h("span", { class: "gt-grace", "data-binds-from": slot.binds_from }, graceText(lang, slot.binds_from, view.phase === "over" ? Infinity : view.clock)),
      slot.bound.length
        ? h("span", { class: "gt-bound" }, [tr(lang, "binds_who", { names: "" }), ...slot.bound.map((seat) => boundChip(s, slot, seat))])
        : h("span", { class: "gt-bound" }, tr(lang, "binds_nobody")),
    ]));
  }
  // A buzz flashes the rule it names; a card just played pops onto its slot (motion.js).
  const motion = lastHere ? { "data-motion": s.last.verb === "buzz" ? "flash" : "pop" } : {};
  return h("div", { class: cls, "data-slot": slot.slot, "data-serial": slot.serial, ...motion }, parts);
}

/** A bound player under a rule: tapping it prepares a buzz of that rule on that player. */
function boundChip(s, slot, seat) {
  if (!s.canTry || seat === s.me) return seatChip(s, seat);
  const picked = ui.buzzSlot === slot.slot && ui.buzzSeats.has(seat);
  return h("button", {
    type: "button", class: `gt-chip gt-chip-btn${picked ? " gt-picked" : ""}`, style: `--seat:${colour(seat)}`,
    "data-buzz-seat": seat,
    onclick: () => {
      if (ui.buzzSlot !== slot.slot) { ui.buzzSlot = slot.slot; ui.buzzSeats = new Set(); }
      toggle(ui.buzzSeats, seat);
      redraw();
    },
  }, [h("span", { class: "gt-seatno", "aria-hidden": "true" }, seatSymbol(seat)), name(s, seat)]);
}

function graceText(lang, bindsFrom, now) {
  return bindsFrom > now
    ? emoji("⏳ ") + tr(lang, "binds_in", { s: seconds(lang, bindsFrom - now) })
    : "✔ " + tr(lang, "binds_since", { s: seconds(lang, bindsFrom) });
}

// ---------------------------------------------------------------------------------------
// Vote on a blank rule (GT-09)

function ballotPanel(s) {
  const { view, lang } = s;
  const ballot = view.ballot;
  if (!ballot) return null;
  const slot = view.slots.find((x) => x.slot === ballot.slot);
  const question = tr(lang, "vote_question", {
    buzzer: name(s, ballot.buzzer), slot: slotName(lang, ballot.slot),
    accused: ballot.accused.map((a) => name(s, a)).join(", "),
  });
  const votes = ballot.ballots.map((b, seat) => h("span", { class: `gt-chip${b >= 0 ? " gt-voted" : ""}`, style: `--seat:${colour(seat)}` }, [
    h("span", { class: "gt-seatno", "aria-hidden": "true" }, seatSymbol(seat)), `${name(s, seat)}: ${tr(lang, b >= 0 ? "voted" : "waiting_vote")}`,
  ]));
  const buttons = s.canTry ? h("div", { class: "gt-row" }, [
    move(s, "vote yes", tr(lang, "vote_yes"), s.legal.has("vote yes"), "gt-big gt-yes"),
    move(s, "vote no", tr(lang, "vote_no"), s.legal.has("vote no"), "gt-big gt-no"),
  ]) : null;
  return h("section", { class: "gt-panel gt-ballot", "data-testid": "gotcha-vote" }, [
    h("h3", {}, tr(lang, "vote_title")), h("p", {}, question),
    slot ? h("p", { class: "gt-sentence" }, lang === "es" ? slot.es : slot.en) : null,
    buttons, h("div", { class: "gt-row gt-wrap" }, votes),
  ]);
}

// ---------------------------------------------------------------------------------------
// Hand, pile and draw; where to play the chosen card

function handPanel(s) {
  const { view, lang } = s;
  const hand = view.hand || [];
  const lastDraw = s.last && s.last.verb === "draw";
  const pile = h("div", { class: `gt-pile${lastDraw ? " gt-last" : ""}` }, [backs(Math.min(3, view.pile_size)), tr(lang, "pile", { n: view.pile_size })]);
  const head = [h("h3", {}, tr(lang, "hand")), pile];
  if (s.canTry) head.push(move(s, "draw", tr(lang, "draw"), s.legal.has("draw"), "gt-big gt-draw", { "data-testid": "gotcha-draw" }));
  if (s.me === null) {
    // A spectator sees the pile only (every hand is a count, in the players' list).
    return h("section", { class: "gt-panel gt-hand-panel", "data-testid": "gotcha-hand" }, [h("div", { class: "gt-hand-head" }, [pile])]);
  }
  const cards = hand.length ? hand.map((id) => handCard(s, id)) : [h("p", { class: "gt-empty" }, tr(lang, "no_hand"))];
  const parts = [h("div", { class: "gt-hand-head" }, head), h("div", { class: "gt-hand" }, cards)];
  if (s.canTry && hand.length) parts.push(ui.card ? placeChooser(s, ui.card) : h("p", { class: "gt-note" }, tr(lang, "pick_card")));
  return h("section", { class: "gt-panel gt-hand-panel", "data-testid": "gotcha-hand" }, parts);
}

function playsOf(s, id) {
  return [...s.legal].filter((text) => text.startsWith(`play ${id} `));
}

function handCard(s, id) {
  const { lang } = s;
  const kind = cardKind(id);
  const playable = playsOf(s, id).length > 0;
  const hint = cardHint(lang, id);
  return h("button", {
    type: "button", class: `gt-card gt-kind-${kind}${ui.card === id ? " gt-selected" : ""}${playable ? " gt-playable" : ""}`,
    "data-card": id, "aria-pressed": ui.card === id ? "true" : "false", disabled: !s.canTry,
    onclick: () => { ui.card = ui.card === id ? null : id; ui.slot = null; redraw(); },
  }, [
    h("span", { class: "gt-card-kind" }, [familyIcon(familyOf(id) || kind), tr(lang, `kind_${kind}`)]),
    h("span", { class: "gt-card-text" }, cardText(lang, id)),
    hint ? h("span", { class: "gt-card-hint" }, hint) : null,
  ]);
}

function placeChooser(s, id) {
  const { view, lang } = s;
  const kind = cardKind(id);
  const blank = kind.startsWith("blank");
  const suffix = blank && ui.blank.trim() ? ` : ${ui.blank.trim().replace(/\s+/g, " ")}` : "";
  const legalPlays = playsOf(s, id);
  const rows = [h("p", {}, tr(lang, "play_where", { card: quoted(lang, cardText(lang, id)) }))];
  if (blank) {
    const fallback = legalPlays.map((t) => t.split(" : ")[1]).find(Boolean) || "";
    rows.push(h("input", {
      type: "text", class: "gt-input gt-blank-input", maxlength: CHAT_MAX, value: ui.blank,
      placeholder: fallback || tr(lang, "blank_text"), "aria-label": tr(lang, "blank_text"),
      oninput: (e) => { ui.blank = e.target.value; },
      onchange: () => redraw(),
    }));
  }
  if (kind === "who" || kind === "what" || kind === "blank_what") {
    // Each area says whom its rule covers (the WHO card on top of it).
    rows.push(h("div", { class: "gt-row gt-wrap" }, ["a1", "a2"].map((slot) => {
      const text = `play ${id} ${slot}${suffix}`;
      const area = view.slots.find((x) => x.slot === slot);
      const who = area && "who" in area ? topOf(area.who) : null;
      const label = who ? [h("b", {}, slotName(lang, slot)), h("span", { class: "gt-covers" }, tr(lang, "covers", { who: whoText(lang, who) }))] : slotName(lang, slot);
      return move(s, text, label, s.legal.has(text) || (blank && !suffix && legalPlays.some((t) => t.startsWith(`play ${id} ${slot} :`))), "gt-big gt-area-choice");
    })));
  } else {
    const mats = view.slots.filter((slot) => !("who" in slot));
    rows.push(h("div", { class: "gt-row gt-wrap" }, mats.map((slot) => {
      const owner = slot.owner >= 0 ? ` (${tr(lang, "mat_of", { name: name(s, slot.owner) })})` : ` (${tr(lang, "free_mat")})`;
      const hasLegal = legalPlays.some((t) => t.startsWith(`play ${id} ${slot.slot} `));
      return h("button", {
        type: "button", class: `gt-btn gt-big${ui.slot === slot.slot ? " gt-selected" : ""}${hasLegal ? " gt-has-legal" : ""}`,
        "data-mat": slot.slot, onclick: () => { ui.slot = slot.slot; redraw(); },
      }, slotName(lang, slot.slot) + owner);
    })));
    if (ui.slot) {
      rows.push(h("p", {}, tr(lang, "give_to")));
      rows.push(h("div", { class: "gt-row gt-wrap" }, view.profiles.map((_, seat) => {
        const text = `play ${id} ${ui.slot} ${seat}${suffix}`;
        const isLegal = s.legal.has(text) || (blank && !suffix && legalPlays.some((t) => t.startsWith(`play ${id} ${ui.slot} ${seat} :`)));
        return move(s, text, [h("span", { class: "gt-seatno", style: `--seat:${colour(seat)}`, "aria-hidden": "true" }, seatSymbol(seat)), name(s, seat)], isLegal, "gt-big");
      })));
    }
  }
  rows.push(h("button", { type: "button", class: "gt-btn gt-cancel", onclick: () => { ui.card = null; ui.slot = null; redraw(); } }, tr(lang, "cancel")));
  return h("div", { class: "gt-chooser", "data-card": id }, rows);
}

// ---------------------------------------------------------------------------------------
// BUZZ: pick a rule, pick who broke it, hit the buzzer

function toggle(set, value) {
  if (set.has(value)) set.delete(value);
  else set.add(value);
}

export function buzzText(slot, seats) {
  return `buzz ${slot} ${[...seats].sort((a, b) => a - b).join(",")}`;
}

function buzzPanel(s) {
  const { view, lang } = s;
  if (!s.canTry) return null;
  const slots = view.slots.map((slot) => {
    const sentence = lang === "es" ? slot.es : slot.en;
    return h("button", {
      type: "button", class: `gt-btn gt-buzz-slot${slot.live ? "" : " gt-dim"}${ui.buzzSlot === slot.slot ? " gt-selected" : ""}`,
      "data-buzz-slot": slot.slot, "aria-pressed": ui.buzzSlot === slot.slot ? "true" : "false",
      onclick: () => { ui.buzzSlot = ui.buzzSlot === slot.slot ? null : slot.slot; redraw(); },
    }, [h("b", {}, slotName(lang, slot.slot)), h("span", { class: "gt-buzz-sentence" }, slot.live ? sentence : tr(lang, "not_live"))]);
  });
  const picked = view.slots.find((x) => x.slot === ui.buzzSlot);
  const seats = view.profiles.map((_, seat) => seat).filter((seat) => seat !== s.me);
  const seatButtons = seats.map((seat) => {
    const bound = picked && picked.bound.includes(seat);
    return h("button", {
      type: "button", class: `gt-btn gt-buzz-seat${ui.buzzSeats.has(seat) ? " gt-selected" : ""}`,
      style: `--seat:${colour(seat)}`, "data-buzz-seat": seat, "aria-pressed": ui.buzzSeats.has(seat) ? "true" : "false",
      onclick: () => { toggle(ui.buzzSeats, seat); redraw(); },
    }, [h("span", { class: "gt-seatno", "aria-hidden": "true" }, seatSymbol(seat)), name(s, seat), bound ? h("small", { class: "gt-tag" }, tr(lang, "bound_mark")) : null]);
  });
  let button;
  if (ui.buzzSlot && ui.buzzSeats.size) {
    const text = buzzText(ui.buzzSlot, ui.buzzSeats);
    const isLegal = s.legal.has(text) || (s.buzzable && picked && picked.live && !ui.buzzSeats.has(s.me));
    button = move(s, text, [bell(), tr(lang, "buzz")], isLegal, "gt-buzzer", {
      "data-testid": "gotcha-buzz",
    });
    button.addEventListener("click", () => { ui.buzzSeats = new Set(); redraw(); });
  } else {
    button = h("button", { type: "button", class: "gt-btn gt-buzzer gt-buzzer-idle", "data-testid": "gotcha-buzz" }, [
      bell(), tr(lang, "buzz_pick"),
    ]);
  }
  return h("section", { class: "gt-panel gt-buzz", "data-testid": "gotcha-buzz-panel" }, [
    h("h3", {}, tr(lang, "buzz_title")),
    h("p", { class: "gt-step" }, tr(lang, "buzz_rule")), h("div", { class: "gt-buzz-slots" }, slots),
    h("p", { class: "gt-step" }, tr(lang, "buzz_who")), h("div", { class: "gt-row gt-wrap" }, seatButtons),
    button,
  ]);
}

// ---------------------------------------------------------------------------------------
// Emotes and the game room (chat feed and box)

function emotePanel(s) {
  if (!s.canTry) return null;
  const buttons = emotes(s.lang).map(([id, label, icon]) => {
    const text = `emote ${id}`;
    return move(s, text, [emoji(icon) ? h("span", { class: "gt-emote-icon", "aria-hidden": "true" }, icon) : null, h("span", {}, label)],
      s.legal.has(text) || s.social, "gt-emote", { title: label });
  });
  return h("section", { class: "gt-panel gt-emotes", "data-testid": "gotcha-emotes" }, [
    h("h3", {}, tr(s.lang, "emotes")), h("div", { class: "gt-emote-grid" }, buttons),
  ]);
}

function chatText(raw) {
  return raw.replace(/\s+/g, " ").trim().slice(0, CHAT_MAX);
}

function roomPanel(s) {
  const { view, lang } = s;
  const entries = feedEntries(view, s.ctx.replay);
  const lastKey = lastEntryKey(entries, s.last);
  const feed = h("ul", {
    class: "gt-feed", "data-testid": "gotcha-feed", "aria-live": "polite", tabindex: 0,
    onscroll: (e) => {
      const box = e.target;
      ui.feedScroll = box.scrollTop;
      ui.feedStick = box.scrollHeight - box.scrollTop - box.clientHeight < 24;
    },
  }, entries.map((entry) => entryNode(view, entry, lang, colour, entry.key === lastKey)));
  // The room's one chat, and the rules judge it: said so in its title.
  const parts = [h("h3", { "data-testid": "gotcha-chat-title" }, tr(lang, "chat")), h("p", { class: "gt-note gt-judged" }, tr(lang, s.canTry ? "chat_judged" : "chat_players_only")), feed];
  if (s.canTry) {
    const sendChat = () => {
      const text = chatText(ui.chat);
      if (!text) return;
      ui.chat = "";
      send(s, `chat ${text}`);
      redraw();
    };
    const typed = chatText(ui.chat);
    const sendButton = h("button", {
      type: "submit", class: `gt-btn gt-say-btn${typed && (s.social || s.legal.has(`chat ${typed}`)) ? " legal" : ""}`,
      "data-testid": "gotcha-say", "data-action": typed ? `chat ${typed}` : null,
    }, tr(lang, "say"));
    const input = h("input", {
      type: "text", class: "gt-input gt-chat-input", "data-testid": "gotcha-chat-input", maxlength: CHAT_MAX,
      value: ui.chat, placeholder: tr(lang, "chat_placeholder"), "aria-label": tr(lang, "chat"), autocomplete: "off",
      oninput: (e) => {
        ui.chat = e.target.value;
        const t = chatText(ui.chat);
        if (t) sendButton.setAttribute("data-action", `chat ${t}`);
        else sendButton.removeAttribute("data-action");
        sendButton.classList.toggle("legal", Boolean(t) && (s.social || s.legal.has(`chat ${t}`)));
      },
      onfocus: () => { ui.chatFocus = true; },
      onblur: (e) => {
        const box = e.target;
        setTimeout(() => { if (box.isConnected) ui.chatFocus = false; }, 0);
      },
    });
    parts.push(h("form", {
      class: "gt-chat-form", onsubmit: (e) => { e.preventDefault(); sendChat(); },
    }, [input, sendButton]));
    const quick = [...s.legal].filter((t) => t.startsWith("chat "));
    if (quick.length) {
      parts.push(h("div", { class: "gt-row gt-wrap gt-quick", "aria-label": tr(lang, "quick") },
        quick.map((t) => move(s, t, t.slice(5), true, "gt-quick-line"))));
    }
  }
  return h("section", { class: "gt-panel gt-room", "data-testid": "gotcha-room" }, parts);
}

// ---------------------------------------------------------------------------------------
// After drawing: keep the feed's scroll and the chat box's focus; tick the clock

function afterRender(board) {
  const feed = board.querySelector(".gt-feed");
  if (feed) feed.scrollTop = ui.feedStick ? feed.scrollHeight : ui.feedScroll;
  const input = board.querySelector(".gt-chat-input");
  if (input && ui.chatFocus) {
    input.focus({ preventScroll: true });
    input.setSelectionRange(input.value.length, input.value.length);
  }
}

function startClock(view, ctx, lang) {
  const clock = Number.isFinite(ctx.clock) ? ctx.clock : view.clock;
  tick.clock = clock;
  tick.at = performance.now();
  tick.cap = view.clock + MAX_GAP_MS;
  tick.running = !ctx.replay && view.phase !== "over";
  tick.over = view.phase === "over";
  tick.lang = lang;
  if (timer === null) timer = setInterval(updateClock, 200);
  setTimeout(updateClock, 0);
}

/** The game clock now: the state's clock plus the real time since it arrived (capped). */
export function gameNow() {
  if (!tick.running) return tick.clock;
  return Math.min(tick.cap, tick.clock + Math.round(performance.now() - tick.at));
}

function updateClock() {
  const board = current && current.root.isConnected ? current.root.querySelector(".gt-board") : null;
  if (!board) {
    clearInterval(timer);
    timer = null;
    return;
  }
  const now = gameNow();
  const lang = tick.lang;
  for (const node of board.querySelectorAll("[data-clock]")) {
    node.textContent = emoji("⏱ ") + tr(lang, "clock", { s: seconds(lang, now) });
  }
  for (const node of board.querySelectorAll("[data-binds-from]")) {
    const from = Number(node.getAttribute("data-binds-from"));
    const at = tick.over ? Infinity : now;
    node.textContent = graceText(lang, from, at);
    node.classList.toggle("gt-grace-on", from > at);
  }
}
