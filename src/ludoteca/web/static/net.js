// The room's WebSocket: hello with the saved seat token, reconnect with backoff, ping.
// Every ping carries this page's clock (`t`, performance.now()) and reports when the last
// pong arrived (`s`, `r`), so the server can place a press stamped with `pressTime()` on its
// own clock (Cristian's method; docs/protocol.md "Clock and press times"). Once a state
// shows a game clock (a realtime game), a sample every SYNC_MS instead of every PING_MS,
// and every `act` sent carries its press time `at` (`pressTime()` when `send` is called:
// the click's own handler).
//
//   const conn = new Connection(roomId, {onMessage, onStatus, getLang});
//   conn.connect(); conn.send({type: "chat", text: "hola"});
//
// onStatus(status, info) is called with "connecting", "open" or "reconnecting" (info.delay:
// ms until the next try). The seat token from `seated` is kept in
// localStorage["ludoteca.token." + roomId] and sent in every `hello`; so is the room
// creator's token (from `POST /api/rooms`, in localStorage["ludoteca.creator." + roomId]).

const TOKEN_PREFIX = "ludoteca.token.";
const PERSON_KEY = "ludoteca.person";
const CREATOR_PREFIX = "ludoteca.creator.";
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const PING_MS = 25000;
const SYNC_MS = 2000;
const SYNC_BURST = 5;  // samples taken back to back once the clock is kept (and on reconnect)
// Sent once the socket is back (a click on "Sit" before the welcome arrives is not lost).
// Moves are not queued: they belong to the state they were made on.
const QUEUED_TYPES = new Set(["sit", "bot", "unbot", "leave", "start", "chat", "rematch", "replay"]);
const QUEUE_LIMIT = 20;

/** The saved seat token for `roomId`, or null. */
export function loadToken(roomId) {
  try {
    return localStorage.getItem(TOKEN_PREFIX + roomId);
  } catch {
    return null;
  }
}

/** Save (or, with null, forget) the seat token for `roomId`. */
export function saveToken(roomId, token) {
  try {
    if (token) localStorage.setItem(TOKEN_PREFIX + roomId, token);
    else localStorage.removeItem(TOKEN_PREFIX + roomId);
  } catch {
    // No storage: the seat is held until the page closes.
  }
}

/** Remember whether this browser has a profile (its cookie is httpOnly: the page cannot
 * read it; the /me page says so after asking the server); with `name`, the table offers
 * it when the person sits down. */
export function markProfile(has, name = null) {
  try {
    if (has) localStorage.setItem(PERSON_KEY, "1");
    else localStorage.removeItem(PERSON_KEY);
    if (has && name) localStorage.setItem("ludoteca.name", JSON.stringify(name));
  } catch {
    // No storage: seats are not linked to the profile from this page.
  }
}

/** Link the seat just taken to this browser's person (POST /api/me/seats: My games lists
 * it, their other devices can take it); nothing is asked without a profile. */
export function linkSeat(roomId, token) {
  let has = null;
  try {
    has = localStorage.getItem(PERSON_KEY);
  } catch {
    return;
  }
  if (!has) return;
  fetch("/api/me/seats", {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({room: roomId, token}),
  }).then((response) => { if (response.status === 401) markProfile(false); }).catch(() => {});
}

/** Link every seat this browser holds a token for to its person (after the profile was
 * made or this browser signed in: the games played before show in My games too). */
export async function linkSavedSeats() {
  const found = [];
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key && key.startsWith(TOKEN_PREFIX)) found.push([key.slice(TOKEN_PREFIX.length), localStorage.getItem(key)]);
    }
  } catch {
    return;
  }
  await Promise.all(found.map(([roomId, token]) => fetch("/api/me/seats", {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({room: roomId, token}),
  }).catch(() => null)));
}

/** Keep the creator token `POST /api/rooms` answered for `roomId` (it may manage bots in
 * the lobby without a seat). */
export function saveCreator(roomId, token) {
  try {
    if (token) localStorage.setItem(CREATOR_PREFIX + roomId, token);
  } catch {
    // No storage: this page manages bots only after taking a seat.
  }
}

function loadCreator(roomId) {
  try {
    return localStorage.getItem(CREATOR_PREFIX + roomId);
  } catch {
    return null;
  }
}

/** When a press happens, on the clock the pings carry (ms; the `at` of a realtime `act`). */
export function pressTime() {
  return Math.round(performance.now() * 10) / 10;
}

/** ws:// or wss:// URL of the room's socket on this page's origin. */
export function socketUrl(roomId) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/${encodeURIComponent(roomId)}`;
}

export class Connection {
  // role "table": the room's table screen (party mode): the public view, no seat token sent.
  constructor(roomId, {onMessage, onStatus, getLang, role = null}) {
    this.roomId = roomId;
    this.role = role;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.getLang = getLang || (() => "en");
    this.ws = null;
    this.attempt = 0;
    this.timer = null;
    this.pinger = null;
    this.clockKept = false;
    this.report = null;  // {s, r}: the last pong's server time and when it arrived
    this.burst = 0;
    this.closed = false;
    this.status = "connecting";
    this.queue = [];
  }

  /** Open the socket (again). Safe to call while a reconnect is scheduled. */
  connect() {
    this.closed = false;
    clearTimeout(this.timer);
    this.timer = null;
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close();
    }
    this.setStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(socketUrl(this.roomId));
    } catch (error) {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const hello = {type: "hello", lang: this.getLang()};
      const token = this.role === "table" ? null : loadToken(this.roomId);
      if (token) hello.token = token;
      if (this.role) hello.role = this.role;
      const creator = loadCreator(this.roomId);
      if (creator) hello.creator = creator;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "welcome") {
        // The hello was answered: only now is the connection good; reset the backoff.
        this.attempt = 0;
        this.setStatus("open");
        this.startPing();
        const waiting = this.queue;
        this.queue = [];
        // After the welcome is handled, so the page knows its seat first.
        setTimeout(() => waiting.forEach((queued) => this.send(queued)), 0);
      } else if (message.type === "seated" && message.token) {
        saveToken(this.roomId, message.token);
        linkSeat(this.roomId, message.token);
      } else if (message.type === "error" && message.code === "bad_token") {
        // The seat is gone (left, or the room was reset): forget the token, stay a spectator.
        saveToken(this.roomId, null);
      }
      if (message.type === "state" && typeof message.clock === "number") this.keepClock();
      if (message.type === "pong") this.pong(message);
      else this.onMessage(message);
    };
    ws.onclose = () => {
      this.stopPing();
      if (this.ws === ws) this.ws = null;
      if (!this.closed) this.scheduleReconnect();
    };
    ws.onerror = () => {
      // onclose follows and schedules the retry.
    };
  }

  scheduleReconnect() {
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.attempt += 1;
    this.setStatus("reconnecting", {delay, at: Date.now() + delay});
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  setStatus(status, info = {}) {
    this.status = status;
    this.onStatus(status, info);
  }

  startPing() {
    this.stopPing();
    this.report = null;  // a new socket: the server remembers no pong of the old one
    if (this.clockKept) this.sampleNow();
    this.pinger = setInterval(() => this.ping(), this.clockKept ? SYNC_MS : PING_MS);
  }

  /** SYNC_BURST samples back to back (each ping sent when the last pong came). */
  sampleNow() {
    this.burst = SYNC_BURST;
    this.ping();
  }

  /** A timed ping: this page's clock now and the report of the last pong. */
  ping() {
    const message = {type: "ping", t: pressTime()};
    if (this.report) Object.assign(message, this.report);
    this.report = null;
    this.send(message);
  }

  pong(message) {
    if (typeof message.s !== "number") return;
    this.report = {s: message.s, r: pressTime()};
    if (this.burst > 1) {
      this.burst -= 1;
      this.ping();
    }
  }

  /** Sample the clock every SYNC_MS from now on (a realtime room: presses are stamped). */
  keepClock() {
    if (this.clockKept) return;
    this.clockKept = true;
    if (this.pinger !== null) {
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.ping(), SYNC_MS);
      this.sampleNow();
    }
  }

  stopPing() {
    clearInterval(this.pinger);
    this.pinger = null;
  }

  /** Send one message object. While the socket is not open, room requests (sit, bot,
   * start, chat...) wait for the welcome and true is returned; anything else (a move, a
   * ping) is dropped and false returned. */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.status !== "open") {
      if (QUEUED_TYPES.has(message.type) && this.queue.length < QUEUE_LIMIT) {
        this.queue.push(message);
        return true;
      }
      return false;
    }
    const stamped = message.type === "act" && this.clockKept && message.at === undefined
      ? {...message, at: pressTime()}
      : message;
    this.ws.send(JSON.stringify(stamped));
    return true;
  }

  /** Close for good (leaving the page). */
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.stopPing();
    if (this.ws) this.ws.close();
  }
}
