// The room's WebSocket: hello with the saved seat token, reconnect with backoff, ping.
//
//   const conn = new Connection(roomId, {onMessage, onStatus, getLang});
//   conn.connect(); conn.send({type: "chat", text: "hola"});
//
// onStatus(status, info) is called with "connecting", "open" or "reconnecting" (info.delay:
// ms until the next try). The seat token from `seated` is kept in
// localStorage["ludoteca.token." + roomId] and sent in every `hello`.

const TOKEN_PREFIX = "ludoteca.token.";
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const PING_MS = 25000;

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

/** ws:// or wss:// URL of the room's socket on this page's origin. */
export function socketUrl(roomId) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/${encodeURIComponent(roomId)}`;
}

export class Connection {
  constructor(roomId, {onMessage, onStatus, getLang}) {
    this.roomId = roomId;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.getLang = getLang || (() => "en");
    this.ws = null;
    this.attempt = 0;
    this.timer = null;
    this.pinger = null;
    this.closed = false;
    this.status = "connecting";
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
      const token = loadToken(this.roomId);
      if (token) hello.token = token;
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
      } else if (message.type === "seated" && message.token) {
        saveToken(this.roomId, message.token);
      } else if (message.type === "error" && message.code === "bad_token") {
        // The seat is gone (left, or the room was reset): forget the token, stay a spectator.
        saveToken(this.roomId, null);
      }
      if (message.type !== "pong") this.onMessage(message);
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
    this.pinger = setInterval(() => this.send({type: "ping"}), PING_MS);
  }

  stopPing() {
    clearInterval(this.pinger);
    this.pinger = null;
  }

  /** Send one message object; false when the socket is not open (nothing is queued). */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.status !== "open") {
      return false;
    }
    this.ws.send(JSON.stringify(message));
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
