// Gotcha board strings in Spanish and English, and the names of slots, kinds and seats.
import { CARDS, EMOTES, TRAITS } from "./gotcha_cards.js";

export const STRINGS = {
  es: {
    title: "¡Te tengo!",
    turn: "Turno {turn}/{limit}",
    turn_open: "Turno {turn}",
    plays: "juega {name}",
    phase_draw: "robar",
    phase_deal: "reparto",
    phase_play: "jugar carta",
    phase_vote: "votación",
    phase_over: "fin",
    clock: "reloj {s} s",
    left: "te quedan {n} mensajes/gestos/timbrazos este turno",
    last: "Última jugada",
    you: "tú",
    track: "Recorrido",
    wrong_way: "SENTIDO CONTRARIO",
    start: "INICIO",
    champ: "CAMPEÓN",
    players: "Jugadores",
    age: "{age} años",
    no_traits: "sin rasgos declarados",
    cards_in_hand: "{n} cartas",
    rules: "Reglas en juego",
    area: "Zona {n}",
    mat: "Tapete {n}",
    who_slot: "QUIÉN",
    what_slot: "QUÉ",
    empty_what: "(sin carta QUÉ: la regla aún no está en vigor)",
    free_mat: "tapete libre",
    mat_of: "de {name}",
    live: "en vigor",
    not_live: "no está en vigor",
    binds_in: "obliga dentro de {s} s",
    binds_since: "obliga desde {s} s",
    binds_who: "Obliga a: {names}",
    binds_nobody: "Ahora no obliga a nadie",
    read_again: "Leer en voz alta",
    new_rule: "nueva",
    hand: "Tu mano",
    no_hand: "Sin cartas",
    pick_card: "Toca una carta para elegir dónde jugarla.",
    play_where: "¿Dónde juegas {card}?",
    give_to: "¿A quién das el tapete?",
    blank_text: "Escribe tu regla",
    cancel: "Cancelar",
    draw: "Robar carta",
    pile: "Mazo: {n}",
    buzz_title: "¡Timbre!",
    buzz_rule: "1 · ¿Qué regla se rompió?",
    buzz_who: "2 · ¿Quién la rompió?",
    buzz: "¡TE TENGO!",
    buzz_pick: "Elige regla y jugador",
    bound_mark: "obligado",
    emotes: "Gestos",
    chat: "Charla del juego (la única de la sala)",
    chat_judged: "Las reglas juzgan lo que dices y haces aquí.",
    chat_players_only: "Aquí solo hablan los jugadores; las reglas juzgan lo que dicen.",
    covers: "obliga a {who}",
    tabs: "Partes de la mesa",
    tab_play: "Mano", tab_rules: "Reglas", tab_buzz: "Timbre", tab_chat: "Charla", tab_table: "Mesa",
    chat_placeholder: "Escribe… (las reglas van de lo que dices)",
    say: "Decir",
    vote_title: "Votación",
    vote_question: "¿{buzzer} acertó al cantar {slot} a {accused}?",
    vote_yes: "Sí, acertó",
    vote_no: "No",
    voted: "ha votado",
    waiting_vote: "sin votar",
    mute: "Silenciar la lectura de reglas",
    unmute: "Leer las reglas en voz alta",
    no_speech: "Este navegador no puede leer en voz alta",
    spectator: "Miras la partida: siéntate para jugar.",
    replay: "Es una repetición: aquí no se juega.",
    turn_of: "turno de {name}",
    draws: "roba una carta",
    played: "juega {card} en {slot}",
    played_for: "juega {card} en {slot} para {name}",
    announced: "Nueva regla: «{rule}»",
    buzzed: "¡pulsa el timbre! {slot}",
    voted_yes: "vota sí",
    voted_no: "vota no",
    result_correct: "acierto: {buzzer} atrapa a {accused} ({slot}): +2 / −1",
    result_wrong: "fallo: {buzzer} se equivocó con {accused} ({slot})",
    result_vote: "{buzzer} canta {slot} a {accused}: ¡a votación!",
    result_no_majority: "sin mayoría: nadie puntúa ({slot})",
    result_referee: "árbitro: {accused} rompió {slot} y nadie lo cantó: −1",
    the_game: "el juego",
    winner: "¡gana!",
    kind_who: "QUIÉN",
    kind_what: "QUÉ",
    kind_individual: "INDIVIDUAL",
    kind_blank_what: "QUÉ en blanco",
    kind_blank_individual: "INDIVIDUAL en blanco",
    quick: "Frases rápidas",
  },
  en: {
    title: "Gotcha!",
    turn: "Turn {turn}/{limit}",
    turn_open: "Turn {turn}",
    plays: "{name} to play",
    phase_draw: "draw",
    phase_deal: "deal",
    phase_play: "play a card",
    phase_vote: "vote",
    phase_over: "over",
    clock: "clock {s} s",
    left: "{n} chat/emote/buzz events left this turn",
    last: "Last move",
    you: "you",
    track: "Track",
    wrong_way: "WRONG WAY",
    start: "START",
    champ: "CHAMP",
    players: "Players",
    age: "age {age}",
    no_traits: "no traits declared",
    cards_in_hand: "{n} cards",
    rules: "Rules in play",
    area: "Area {n}",
    mat: "Mat {n}",
    who_slot: "WHO",
    what_slot: "WHAT",
    empty_what: "(no WHAT card: the rule is not live yet)",
    free_mat: "free mat",
    mat_of: "{name}'s",
    live: "live",
    not_live: "not live",
    binds_in: "binds in {s} s",
    binds_since: "binding since {s} s",
    binds_who: "Binds: {names}",
    binds_nobody: "Binds nobody right now",
    read_again: "Read aloud",
    new_rule: "new",
    hand: "Your hand",
    no_hand: "No cards",
    pick_card: "Tap a card to choose where to play it.",
    play_where: "Where do you play {card}?",
    give_to: "Who gets the mat?",
    blank_text: "Write your rule",
    cancel: "Cancel",
    draw: "Draw a card",
    pile: "Pile: {n}",
    buzz_title: "Buzzer!",
    buzz_rule: "1 · Which rule was broken?",
    buzz_who: "2 · Who broke it?",
    buzz: "GOTCHA!",
    buzz_pick: "Pick a rule and a player",
    bound_mark: "bound",
    emotes: "Emotes",
    chat: "Game chat (the room's only chat)",
    chat_judged: "The rules judge what you say and do here.",
    chat_players_only: "Only the players speak here; the rules judge what they say.",
    covers: "covers {who}",
    tabs: "Parts of the table",
    tab_play: "Hand", tab_rules: "Rules", tab_buzz: "Buzz", tab_chat: "Chat", tab_table: "Table",
    chat_placeholder: "Type… (the rules are about what you say)",
    say: "Say",
    vote_title: "Vote",
    vote_question: "Was {buzzer} right to buzz {slot} on {accused}?",
    vote_yes: "Yes, right",
    vote_no: "No",
    voted: "voted",
    waiting_vote: "not voted",
    mute: "Mute the reading of rules",
    unmute: "Read rules aloud",
    no_speech: "This browser cannot read aloud",
    spectator: "You are watching: take a seat to play.",
    replay: "This is a replay: you can't play here.",
    turn_of: "{name}'s turn",
    draws: "draws a card",
    played: "plays {card} on {slot}",
    played_for: "plays {card} on {slot} for {name}",
    announced: "New rule: “{rule}”",
    buzzed: "buzzes! {slot}",
    voted_yes: "votes yes",
    voted_no: "votes no",
    result_correct: "correct: {buzzer} caught {accused} ({slot}): +2 / −1",
    result_wrong: "wrong: {buzzer} was wrong about {accused} ({slot})",
    result_vote: "{buzzer} buzzes {slot} on {accused}: to a vote!",
    result_no_majority: "no majority: nobody scores ({slot})",
    result_referee: "referee: {accused} broke {slot} and nobody buzzed: −1",
    the_game: "the game",
    winner: "wins!",
    kind_who: "WHO",
    kind_what: "WHAT",
    kind_individual: "INDIVIDUAL",
    kind_blank_what: "blank WHAT",
    kind_blank_individual: "blank INDIVIDUAL",
    quick: "Quick lines",
  },
};

/** Emote id -> a picture for the button (the label carries the meaning). */
const EMOTE_ICONS = {
  clap: "👏", air_guitar: "🎸", salute: "🫡", wave: "👋", high_five: "✋",
  thumb_nose: "😜", peace: "✌️", burp: "😮‍💨", stand_up: "🧍", sit_down: "🪑",
  raise_hand: "🙋", bow: "🙇", shrug: "🤷", wink: "😉", thumbs_up: "👍", facepalm: "🤦",
};

export function language(lang) {
  return lang === "es" ? "es" : "en";
}

/** The board string `key` in `lang` with `{name}` parameters filled in. */
export function tr(lang, key, params = {}) {
  const table = STRINGS[language(lang)];
  const text = key in table ? table[key] : key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

export function capitalise(text) {
  const s = String(text || "").trim();
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** "Zona 1" / "Mat 2" for a slot name like a1 / m2. */
export function slotName(lang, slot) {
  const n = Number(String(slot).slice(1));
  return tr(lang, String(slot).startsWith("a") ? "area" : "mat", { n });
}

export function cardText(lang, id) {
  const card = CARDS[id];
  if (!card) return id;
  return capitalise(language(lang) === "es" ? card.es : card.en);
}

/** A card's sentence in quotes, as the texts of the server write it ("«…»" in Spanish). */
export function quoted(lang, text) {
  return language(lang) === "es" ? `«${text}»` : `“${text}”`;
}

export function cardHint(lang, id) {
  const card = CARDS[id];
  if (!card) return "";
  return language(lang) === "es" ? card.hint_es : card.hint_en;
}

export function cardKind(id) {
  return CARDS[id] ? CARDS[id].kind : "";
}

/** The text of a WHO stack's top: a played card or a group printed on the board (P:trait). */
export function whoText(lang, id) {
  if (String(id).startsWith("P:")) {
    const trait = TRAITS[id.slice(2)];
    if (trait) return capitalise(language(lang) === "es" ? trait.who_es : trait.who_en);
  }
  return cardText(lang, id);
}

export function traitLabel(lang, trait) {
  const entry = TRAITS[trait];
  return entry ? (language(lang) === "es" ? entry.es : entry.en) : trait;
}

/** [[id, label, icon]] of every emote in the game's order. */
export function emotes(lang) {
  return EMOTES.map(([id, es, en]) => [id, language(lang) === "es" ? es : en, EMOTE_ICONS[id] || "🙂"]);
}

export function emoteLabel(lang, id) {
  const found = EMOTES.find((e) => e[0] === id);
  return found ? (language(lang) === "es" ? found[1] : found[2]) : id;
}

export function emoteIcon(id) {
  return EMOTE_ICONS[id] || "🙂";
}

/** Seconds of game time, "12.3" (a comma in Spanish). */
export function seconds(lang, ms) {
  const text = (Math.max(0, ms) / 1000).toFixed(1);
  return language(lang) === "es" ? text.replace(".", ",") : text;
}

let emojiOk = null;

/** Whether this browser draws colour emoji (no emoji font: show the words only). */
export function hasEmoji() {
  if (emojiOk !== null) return emojiOk;
  emojiOk = true;
  try {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 24;
    const g = canvas.getContext("2d");
    g.font = "20px sans-serif";
    g.textBaseline = "top";
    g.fillText("👏", 0, 0);
    const data = g.getImageData(0, 0, 24, 24).data;
    emojiOk = false;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] && (Math.abs(data[i] - data[i + 1]) > 40 || Math.abs(data[i] - data[i + 2]) > 40)) {
        emojiOk = true;
        break;
      }
    }
  } catch {
    emojiOk = true; // no canvas (tests without a page): assume the emoji show
  }
  return emojiOk;
}

/** `text` when emoji can be drawn, else "" (so no empty boxes stand in for them). */
export function emoji(text) {
  return hasEmoji() ? text : "";
}
