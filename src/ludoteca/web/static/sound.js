// Short sounds made in the browser with the Web Audio API (no audio files): a card laid, a
// card drawn, dice, the door, a buzz, a score, the end of a game, your turn. A mute switch
// (remembered in localStorage) keeps the page silent: while muted no AudioContext is made
// or resumed, so nothing can play.

import {h} from "./boards/svg.js";
import {getLang, tr} from "./i18n.js";

const TEXT = {
  es: {on: "Sonido: sí", off: "Sonido: no", mute: "Silenciar los sonidos", unmute: "Activar los sonidos"},
  en: {on: "Sound: on", off: "Sound: off", mute: "Turn the sounds off", unmute: "Turn the sounds on"},
};
const t = (key) => tr(TEXT, key, {}, getLang());

const MUTE_KEY = "ludoteca.sound.muted";

let context = null;

/** Whether the sounds are switched off (remembered per browser). */
export function soundMuted() {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

/** Switch the sounds off (`true`) or on; an open audio context is suspended when off. */
export function setSoundMuted(value) {
  try {
    localStorage.setItem(MUTE_KEY, value ? "1" : "0");
  } catch { /* private mode: the choice lasts for this page only */ }
  if (value && context && context.state === "running") context.suspend().catch(() => {});
}

function audio() {
  if (soundMuted()) return null;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!context) {
    try {
      context = new Context();
    } catch {
      return null;
    }
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

// A tone: `type` oscillator from `from` Hz to `to` Hz, `length` s long, starting `at` s from now.
function tone(ac, {type = "sine", from, to = from, at = 0, length = 0.12, volume = 0.18}) {
  const start = ac.currentTime + at;
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(from, start);
  osc.frequency.exponentialRampToValueAtTime(Math.max(1, to), start + length);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ac.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

// A short burst of filtered noise (a card's swish, a die's knock).
function noise(ac, {at = 0, length = 0.08, volume = 0.25, freq = 2500}) {
  const start = ac.currentTime + at;
  const frames = Math.max(1, Math.floor(ac.sampleRate * length));
  const buffer = ac.createBuffer(1, frames, ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
  const source = ac.createBufferSource();
  source.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  const gain = ac.createGain();
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(ac.destination);
  source.start(start);
}

const SOUNDS = {
  card: (ac) => noise(ac, {length: 0.09, freq: 3200}),
  draw: (ac) => noise(ac, {length: 0.06, freq: 1800, volume: 0.15}),
  dice: (ac) => [0, 0.07, 0.15, 0.26].forEach((at) => noise(ac, {at, length: 0.04, freq: 900, volume: 0.35})),
  door: (ac) => { tone(ac, {type: "triangle", from: 180, to: 120, length: 0.5, volume: 0.12}); tone(ac, {from: 660, to: 990, at: 0.45, length: 0.35}); },
  buzz: (ac) => tone(ac, {type: "square", from: 140, to: 120, length: 0.35, volume: 0.1}),
  score: (ac) => { tone(ac, {from: 660, length: 0.1}); tone(ac, {from: 880, at: 0.1, length: 0.16}); },
  win: (ac) => [523, 659, 784, 1047].forEach((from, i) => tone(ac, {type: "triangle", from, at: i * 0.12, length: 0.22})),
  turn: (ac) => tone(ac, {from: 880, to: 1175, length: 0.15, volume: 0.12}),
};

/** Play the sound `name` (a key of SOUNDS) unless muted; unknown names are silent. */
export function playSound(name) {
  const make = SOUNDS[name];
  if (!make) return false;
  const ac = audio();
  if (!ac) return false;
  try {
    make(ac);
  } catch {
    return false;
  }
  return true;
}

/** The sounds this module can play (for tests and the guide). */
export const SOUND_NAMES = Object.keys(SOUNDS);

function speakerIcon(off) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "18");
  svg.setAttribute("height", "18");
  svg.setAttribute("aria-hidden", "true");
  const body = document.createElementNS(ns, "path");
  body.setAttribute("d", "M3 9v6h4l5 4V5L7 9H3z");
  body.setAttribute("fill", "currentColor");
  const waves = document.createElementNS(ns, "path");
  waves.setAttribute("d", off ? "M16 9l6 6M22 9l-6 6" : "M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13");
  waves.setAttribute("stroke", "currentColor");
  waves.setAttribute("stroke-width", "2");
  waves.setAttribute("fill", "none");
  waves.setAttribute("stroke-linecap", "round");
  svg.append(body, waves);
  return svg;
}

/** The mute switch of the room's header: a toggle button labelled in the page's language. */
export function soundSwitch() {
  const button = h("button", {type: "button", class: "btn small ghost sound-switch", "data-testid": "sound-switch"});
  const draw = () => {
    const off = soundMuted();
    // The label says the state; the tooltip what a press does.
    button.setAttribute("data-muted", off ? "true" : "false");
    button.replaceChildren(speakerIcon(off), h("span", {class: "sound-label"}, [t(off ? "off" : "on")]));
    button.title = t(off ? "unmute" : "mute");
  };
  button.addEventListener("click", () => {
    setSoundMuted(!soundMuted());
    draw();
    if (!soundMuted()) playSound("turn");
  });
  draw();
  return button;
}
