// What the SVG boards share: their own text tables, seat names and colours, click senders,
// keyboard activation of SVG buttons, and a board's style sheet added to the page once.
import { tr as shellTr } from "../i18n.js";
import { h } from "./svg.js";

// The shell's seat colours (style.css --seat-N), with the same values as fallbacks.
const SEAT_COLOURS = ["#1c6e8c", "#b5412b", "#6b4fa3", "#2e8b57", "#b07a12", "#8c3a67", "#7a5230", "#3949ab"];

/** The colour of `seat` (the shell's --seat-N variable). */
export const seatColour = (seat) => `var(--seat-${seat}, ${SEAT_COLOURS[seat % SEAT_COLOURS.length]})`;

// Each seat's symbol, drawn in its colour on its badge: people read names and see colour and
// symbol, never a seat number (ludoteca.engine.seats.SEAT_SYMBOLS, the terminal's too).
export const SEAT_SYMBOLS = ["●", "▲", "■", "◆", "★", "▼", "♥", "♣"];

/** The symbol of `seat` (its badge). */
export const seatSymbol = (seat) => SEAT_SYMBOLS[((seat % SEAT_SYMBOLS.length) + SEAT_SYMBOLS.length) % SEAT_SYMBOLS.length];

/** `tr(lang, key, params)` over a board's `{es: {...}, en: {...}}` table (the shell's
 * `tr`: English, then the key itself, when a text is missing; `{name}` filled from params). */
export function translator(table) {
  return (lang, key, params = {}) => shellTr(table, key, params, lang);
}

/** The name of `seat` in the room (`ctx.seats`), "(you)" added for my own seat; `tr` needs
 * the keys "seat" ({n}: the seat's symbol, for a seat nobody has taken) and "you". */
export function seatName(ctx, seat, tr) {
  const info = (ctx.seats || []).find((s) => s.seat === seat);
  const base = info && info.name ? info.name : tr(ctx.lang, "seat", { n: seatSymbol(seat) });
  return seat === ctx.you ? markedYou(base, tr(ctx.lang, "you"), ctx.lang) : base;
}

/** My own seat's `name` with the `you` mark ("Lucía (you)"), or the name alone when it is
 * already that word (a learner not yet named is "You": not "You (you)"). */
export function markedYou(name, you, lang) {
  const same = String(name).trim().toLocaleLowerCase(lang) === String(you).trim().toLocaleLowerCase(lang);
  return same ? name : `${name} (${you})`;
}

/** A click listener that sends `text`, without letting the shell see the click twice. */
export function sender(ctx, text) {
  return (event) => {
    event.stopPropagation();
    if (!ctx.replay && ctx.act) ctx.act(text);
  };
}

/** Enter or Space on a focused SVG button (role="button") clicks it. */
export function keyClick(event) {
  const target = event.target;
  if ((event.key === "Enter" || event.key === " ") && target && target.getAttribute
      && target.getAttribute("role") === "button" && target.tagName.toLowerCase() !== "button") {
    event.preventDefault();
    target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
}

const addedStyles = new Set();

/** Add a board's style sheet `css` to the page once. A constructed sheet (adoptedStyleSheets),
 * not a <style> element: the site's Content-Security-Policy (style-src-elem 'self') refuses
 * inline <style> elements, not sheets a same-origin script builds. */
export function addStyle(id, css) {
  if (typeof document === "undefined" || addedStyles.has(id)) return;
  addedStyles.add(id);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** A board's scroller (`wrap`, overflow auto) in a frame that shades the side where part of
 * the board is out of sight (`data-more`: "left", "right"; style.css `.scroll-frame`), so a
 * board wider than a phone never looks cut. `className` names the frame for the board; call
 * `mark()` after setting the scroll position (scrolling marks it again by itself). */
export function scrollFrame(wrap, className) {
  const frame = h("div", { class: `scroll-frame ${className}` }, [wrap]);
  const mark = () => {
    const sides = [];
    if (wrap.scrollLeft > 1) sides.push("left");
    if (wrap.scrollLeft + wrap.clientWidth < wrap.scrollWidth - 1) sides.push("right");
    frame.dataset.more = sides.join(" ");
  };
  wrap.addEventListener("scroll", mark, { passive: true });
  return { frame, mark };
}
