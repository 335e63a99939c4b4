// Mystery Date components for boards/mystery_date.js. They mirror
// games/mystery_date/components.toml ([track] spaces, [cards] colours and letters, [door] outcomes);
// tests/web_static/test_boards_mystery_date.py checks that they stay equal.
export const TRACK = [
  "door", "take_either", "take_1", "swap_right", "door", "take_2", "swap_left", "swap_any",
  "door", "take_either", "take_1", "swap_right", "door", "take_2", "swap_left", "swap_any",
  "door", "take_either", "take_1", "swap_right", "door", "take_2", "swap_left", "swap_any",
  "door", "take_either", "take_1", "swap_right", "door", "take_2", "swap_left", "swap_any",
];
export const COLOURS = ["pink", "green", "blue", "orange"];
/** A symbol per outfit colour, drawn beside it (colour alone must not tell outfits apart). */
export const SYMBOLS = { pink: "♥", green: "♣", blue: "♦", orange: "★" };
export const LETTERS_EN = ["P", "G", "B", "O"];
export const LETTERS_ES = ["R", "V", "A", "N"];
export const NUMBERS = 3;
export const DOOR_OUTCOMES = ["pink", "green", "blue", "orange", "dud"];

/** Fill and ink per colour. */
export const PAINT = {
  pink: ["#e5589b", "#ffffff"],
  green: ["#2f9e4f", "#ffffff"],
  blue: ["#2a74d0", "#ffffff"],
  orange: ["#f08a24", "#1b1b1b"],
};

/** The action-text name of a card id (0..11): "P1" .. "O3" (English letters, as the server reads). */
export function cardCode(card) {
  return `${LETTERS_EN[Math.floor(card / NUMBERS)]}${(card % NUMBERS) + 1}`;
}

/** The card as people read it in `lang`: "R1" (rosa 1) in Spanish, "P1" in English. */
export function cardLabel(card, lang) {
  const letters = lang === "es" ? LETTERS_ES : LETTERS_EN;
  return `${letters[Math.floor(card / NUMBERS)]}${(card % NUMBERS) + 1}`;
}

export function colourOf(card) {
  return COLOURS[Math.floor(card / NUMBERS)];
}
