// Tile Up components for boards/tile_up.js. They mirror games/tile_up/components.toml ([tiles]
// colours and names, [shapes], [goals] order and copies); tests/web_static/test_boards_tile_up.py
// checks that they stay equal.
export const COLOURS = ["O", "R", "Y", "G", "B", "P"];
export const COLOUR_NAMES = {
  es: ["naranja", "rojo", "amarillo", "verde", "azul", "morado"],
  en: ["orange", "red", "yellow", "green", "blue", "purple"],
};
export const SHAPE_ORDER = ["I3", "L3", "I4", "O4", "T4", "L4", "S4", "U5", "X5"];
export const SHAPES = {
  I3: [[0, 0], [0, 1], [0, 2]],
  L3: [[0, 0], [1, 0], [1, 1]],
  I4: [[0, 0], [0, 1], [0, 2], [0, 3]],
  O4: [[0, 0], [0, 1], [1, 0], [1, 1]],
  T4: [[0, 0], [0, 1], [0, 2], [1, 1]],
  L4: [[0, 0], [1, 0], [2, 0], [2, 1]],
  S4: [[0, 1], [0, 2], [1, 0], [1, 1]],
  U5: [[0, 0], [0, 2], [1, 0], [1, 1], [1, 2]],
  X5: [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]],
};
export const GOAL_COPIES = 3;

/** Fill and ink colours per colour letter. */
export const PAINT = {
  O: ["#f08a24", "#1b1b1b"],
  R: ["#d4302b", "#ffffff"],
  Y: ["#f7cf2a", "#1b1b1b"],
  G: ["#2f9e4f", "#ffffff"],
  B: ["#1f6fd6", "#ffffff"],
  P: ["#8e3bb5", "#ffffff"],
};

/** Goal card id -> {shape, colour} (card i: shape order[i // 3], colour i mod 6). */
export function goal(card) {
  return {
    shape: SHAPE_ORDER[Math.floor(card / GOAL_COPIES)],
    colour: COLOURS[card % COLOURS.length],
  };
}

/** "f6" for (row 5, col 5): column letter, then the row number from 1. */
export function cellName(row, col) {
  return `${"abcdefghijklmnopqrstuvwxyz"[col]}${row + 1}`;
}

/** (row, col) of a cell name, or null. */
export function cellOf(name) {
  const match = /^([a-z])(\d+)$/.exec(name);
  if (!match) return null;
  return [parseInt(match[2], 10) - 1, match[1].charCodeAt(0) - 97];
}
