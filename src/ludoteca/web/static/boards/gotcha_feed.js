// The game room as a chat-like feed: chat, emotes, draws, plays with the rule announced,
// buzzes, votes and the referee's results. A view keeps only the last turns of the log, so
// the feed keeps every event it has seen (by absolute log index) while the page is open.
import { h } from "./svg.js";
import { seatSymbol } from "./board_kit.js";
import { cardText, emoji, emoteIcon, emoteLabel, quoted, seconds, slotName, tr } from "./gotcha_text.js";

const KEEP = 300;

let seen = new Map(); // key -> entry
let seenGame = null; // {base, turn, names} of the game the feed belongs to

function sameGame(view) {
  const names = view.profiles.map((p) => p.name).join("|");
  if (!seenGame) return false;
  return seenGame.names === names && view.log_base >= seenGame.base && view.turn >= seenGame.turn;
}

/** The sentence announced by `cardId`: the slot it tops now, else null. */
function announcedRule(view, cardId) {
  for (const slot of view.slots) {
    const stacks = "who" in slot ? [slot.who, slot.what] : [slot.cards];
    if (stacks.some((stack) => stack.length && stack[stack.length - 1] === cardId)) {
      return { es: slot.es, en: slot.en, slot: slot.slot };
    }
  }
  return null;
}

function entriesOf(view) {
  const out = [];
  view.log.forEach(([t, seat, kind, text, target], i) => {
    const entry = { key: `e${view.log_base + i}`, t, seat, kind, text, target, order: 0 };
    if (kind === "announce" || kind === "play") entry.rule = announcedRule(view, text);
    out.push(entry);
  });
  for (const [t, buzzer, slot, accused, result] of view.buzzes) {
    out.push({
      key: `r${t}:${buzzer}:${slot}:${accused.join(",")}:${result}`,
      t, seat: buzzer, kind: "result", text: result, slot, accused, order: 1,
    });
  }
  return out;
}

/** Every entry to show for this view: the accumulated room, or the frame's own in a replay. */
export function feedEntries(view, replay) {
  const fresh = entriesOf(view);
  if (replay) return sortEntries(fresh);
  if (!sameGame(view)) seen = new Map();
  seenGame = {
    base: view.log_base,
    turn: view.turn,
    names: view.profiles.map((p) => p.name).join("|"),
  };
  for (const entry of fresh) if (!seen.has(entry.key)) seen.set(entry.key, entry);
  let all = sortEntries([...seen.values()]);
  if (all.length > KEEP) {
    all = all.slice(-KEEP);
    seen = new Map(all.map((e) => [e.key, e]));
  }
  return all;
}

function sortEntries(entries) {
  // Log entries keep their log order (absolute index); a buzz result goes after the
  // events of its own time.
  const index = (e) => (e.key.startsWith("e") ? Number(e.key.slice(1)) : Infinity);
  return entries.sort((a, b) => a.t - b.t || a.order - b.order || index(a) - index(b));
}

/** The log entry that `last` (the last move, parsed) made: the newest matching one. */
export function lastEntryKey(entries, last) {
  if (!last) return null;
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const e = entries[i];
    if (e.seat === last.seat && e.kind === last.verb && (last.t === null || e.t === last.t)) return e.key;
  }
  return null;
}

function who(view, seat, lang) {
  const p = view.profiles[seat];
  return p ? p.name : tr(lang, "the_game");
}

function names(view, seats) {
  return seats.map((s) => (view.profiles[s] ? view.profiles[s].name : seatSymbol(s))).join(", ");
}

/** One feed line. */
export function entryNode(view, entry, lang, colour, isLast) {
  const name = who(view, entry.seat, lang);
  const dot = h("span", { class: "gt-dot", style: `background:${colour(entry.seat)}` });
  const time = h("span", { class: "gt-feed-t" }, seconds(lang, entry.t));
  const cls = `gt-feed-item gt-feed-${entry.kind}${isLast ? " gt-last" : ""}`;
  const bare = entry.kind === "turn_start" || entry.kind === "announce" || entry.seat < 0;
  const line = (body) => h("li", { class: cls, "data-kind": entry.kind, "data-seat": entry.seat },
    entry.kind === "turn_start" ? body : bare ? [time, ...body] : [time, dot, ...body]);
  const strong = h("b", {}, name);
  switch (entry.kind) {
    case "chat":
      return line([strong, h("span", { class: "gt-bubble" }, entry.text)]);
    case "emote":
      return line([strong, ` ${emoji(emoteIcon(entry.text))} `, h("i", {}, emoteLabel(lang, entry.text))]);
    case "draw":
      return line([strong, " ", tr(lang, "draws")]);
    case "play": {
      const slot = entry.rule ? slotName(lang, entry.rule.slot) : "?";
      const key = entry.target >= 0 ? "played_for" : "played";
      return line([strong, " ", tr(lang, key, { card: quoted(lang, cardText(lang, entry.text)), slot, name: who(view, entry.target, lang) })]);
    }
    case "announce": {
      const rule = entry.rule ? entry.rule[lang] || entry.rule.en : entry.text;
      return line([h("span", { class: "gt-announce" }, emoji("📣 ") + tr(lang, "announced", { rule }))]);
    }
    case "buzz":
      return line([h("span", { class: "gt-buzzline" }, [emoji("🔔 "), strong, " ", tr(lang, "buzzed", { slot: slotName(lang, entry.text) })])]);
    case "vote":
      return line([strong, " ", tr(lang, entry.text === "yes" ? "voted_yes" : "voted_no")]);
    case "turn_start":
      return line([h("span", {}, "— " + tr(lang, "turn_of", { name }) + " —")]);
    case "result":
      return line([h("span", { class: `gt-result gt-result-${entry.text}` }, emoji("⚖️ ") + tr(lang, `result_${entry.text}`, {
        buzzer: name, accused: names(view, entry.accused), slot: slotName(lang, entry.slot),
      }))]);
    default:
      return line([strong, ` ${entry.kind} ${entry.text || ""}`]);
  }
}
