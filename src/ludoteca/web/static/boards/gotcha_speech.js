// Reading new rules aloud (GT-05: a rule binds once it has been read aloud) with the
// browser's speech synthesis, once per announcement (a slot's `serial`), with a mute switch
// kept in localStorage. Browsers without speechSynthesis simply stay silent.
const MUTE_KEY = "ludoteca.gotcha.mute";

let heard = null; // highest announcement serial already handled, per game (null: none yet)
let heardTurn = 0;

export function speechAvailable() {
  return typeof window !== "undefined" && "speechSynthesis" in window &&
    typeof window.SpeechSynthesisUtterance === "function";
}

export function muted() {
  try {
    return window.localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

export function setMuted(value) {
  try {
    window.localStorage.setItem(MUTE_KEY, value ? "1" : "0");
  } catch {
    // storage refused (private mode): the switch lasts for this page only
  }
  if (value && speechAvailable()) window.speechSynthesis.cancel();
}

/** Say `text` now in `lang` (es-ES / en-US), whatever the mute switch says. */
export function say(text, lang) {
  if (!speechAvailable() || !text) return false;
  const utterance = new window.SpeechSynthesisUtterance(text);
  utterance.lang = lang === "es" ? "es-ES" : "en-US";
  const voices = typeof window.speechSynthesis.getVoices === "function" ? window.speechSynthesis.getVoices() : [];
  const voice = (voices || []).find((v) => String(v.lang).toLowerCase().startsWith(lang === "es" ? "es" : "en"));
  if (voice) utterance.voice = voice;
  window.speechSynthesis.speak(utterance);
  return true;
}

/**
 * Read aloud each rule announced since the last call (slots whose serial is new), in the
 * order they were announced. The first view of a game only sets the mark: rules already on
 * the table when the page opens are not read again. Returns the serials read.
 */
export function announceNew(view, lang, replay) {
  if (replay || !view || !Array.isArray(view.slots)) return [];
  const top = Math.max(0, ...view.slots.map((s) => s.serial || 0));
  if (heard === null || top < heard || view.turn < heardTurn) {
    heard = top;
    heardTurn = view.turn;
    return [];
  }
  heardTurn = view.turn;
  const fresh = view.slots
    .filter((s) => s.serial > heard && (lang === "es" ? s.es : s.en))
    .sort((a, b) => a.serial - b.serial);
  heard = top;
  if (!muted()) for (const slot of fresh) say(lang === "es" ? slot.es : slot.en, lang);
  return fresh.map((s) => s.serial);
}
