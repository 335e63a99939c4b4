// The room page (/room/<id>): seats, board, moves, chat, banners, timer and replay.
//
// Every server message updates `S` (the page state) and redraws the parts it touches. The
// board is drawn by the game's module, loaded with import(`/static/boards/${game}.js`),
// or by boards/generic.js when that import fails.

import {h, clear, patch} from "./boards/svg.js";
import {getLang, onLangChange, t} from "./i18n.js";
import {fetchGames, optionsText} from "./lobby.js";
import {Connection, loadToken, saveToken} from "./net.js";
import {agentSelect, drawInviteBox, profileForm, seatRow} from "./room_seats.js";
import {announce, drawHistory, drawLastMove, foldEvents} from "./room_history.js";
import {drawMoves as drawMovesPanel} from "./room_moves.js";
import {replayBar, replayTarget} from "./room_replay.js";
import {buildRoom} from "./room_layout.js";
import {drawResult} from "./room_result.js";
import {applyPresence, clockIcon, clockText, loadBoard, store, stored} from "./room_util.js";
import {drawNotice, errorBanner, lobbyStatus} from "./room_notice.js";
import {boardSpeaks, drawTable, fetchCode, rememberSeat, soundsHere, tableLink} from "./room_party.js";
import {drawChatLog} from "./room_chat.js";
import {drawPace, paceMessage} from "./pace_ui.js";
import {playMotion, soundFor} from "./motion.js";
import {playSound, soundSwitch} from "./sound.js";
import {gameLinks} from "./lesson_links.js";

const NAME_KEY = "ludoteca.name";
const PROFILE_KEY = "ludoteca.profile";
const LEFT_KEY = "ludoteca.left.";
const CHANCE = -1;
const ERROR_MS = 12000;
const PENDING_MS = 4000;

/** Mount the room page for `roomId` into `root`; `mode` "table" or "phone" for party mode
 * (room_party.js), "full" for the page that does everything. */
export function mountRoom(root, roomId, mode = "full") {
  const profile = stored(PROFILE_KEY, {age: "", traits: []});
  const S = {
    roomId,
    room: null,
    notFound: false,
    you: null,
    creator: false,  // this page created the room (welcome.creator): bots in the lobby
    state: null,
    chat: [],
    error: null,
    conn: "connecting",
    reconnectAt: null,
    paused: null,  // the server's "game paused" sentence while Redis or the database is away
    replay: null,
    replayBusy: false,
    replayIntent: null,
    events: [],
    cards: null,
    name: stored(NAME_KEY, ""),
    age: profile.age ?? "",
    traits: new Set(profile.traits || []),
    agent: null,
    filter: "",
    chatDraft: "",
    typed: "",
    wasMyTurn: false,
    boardFailed: false,
    freshSocket: true,
    sentVersion: null,
    sentAt: 0,
    confirming: false,  // "Leave your seat?" is asked
    left: stored(LEFT_KEY + roomId, null),  // the seat this browser left to a bot (its token reclaims it)
    deadlineAt: null,  // the turn timer's end on this page's monotonic clock (server's remaining ms)
    ownChat: false,  // the board has the room's one chat (Gotcha: the chat the rules judge)
  };
  const dom = {};
  let renderToken = 0;
  let code = null;  // the table screen's join code (fetchCode's answer)
  root.dataset.mode = mode;

  // --- sending -----------------------------------------------------------------------

  const conn = new Connection(roomId, {
    getLang, role: mode === "table" ? "table" : null,
    onMessage: (message) => receive(message),
    onStatus: (status, info) => {
      if (status === "connecting") S.freshSocket = true;
      S.conn = status;
      S.reconnectAt = info.at || null;
      drawConnection();
    },
  });

  function send(message) {
    if (conn.send(message)) return true;
    S.error = {code: "offline", message: t("conn.not_sent")};
    drawError();
    return false;
  }

  // One move per state in turn-based games: a second tap (a double tap on a phone) before
  // the server answered would only be refused as stale. Realtime games (Gotcha) send freely.
  function act(text) {
    if (!S.state || S.replay) return;
    const info = card();
    const realtime = Boolean(info && info.realtime);
    const now = Date.now();
    if (!realtime && S.sentAt && S.sentVersion === S.state.version && now - S.sentAt < PENDING_MS) return;
    S.error = null;
    drawError();
    if (send({type: "act", action: String(text), version: S.state.version}) && !realtime) {
      S.sentVersion = S.state.version;
      S.sentAt = now;
      root.classList.add("waiting");
    }
  }

  function answered() {
    S.sentAt = 0;
    root.classList.remove("waiting");
  }

  function sendChat(text) {
    const clean = String(text).trim().slice(0, 500);
    if (clean) send({type: "chat", text: clean});
  }

  function sit(seat) {
    const name = S.name.trim();
    if (!name) {
      S.error = {code: "name", message: t("room.name_needed")};
      drawError();
      if (dom.nameInput) dom.nameInput.focus();
      return;
    }
    const message = {type: "sit", seat, name};
    const spec = profileSpec();
    if (spec) {
      const age = parseInt(S.age, 10);
      if (Number.isFinite(age)) message.age = age;
      message.traits = spec.traits.map((x) => x.id).filter((id) => S.traits.has(id));
    }
    send(message);
  }

  function addBot(seat) {
    const message = {type: "bot", seat};
    if (S.agent) message.agent = S.agent;
    send(message);
  }

  // Leaving asks first. In the lobby the seat is freed (the token goes); during a game a bot
  // plays on and the token is kept: a reload or "Take my seat back" reclaims the seat.
  function leave() {
    S.confirming = false;
    const seat = S.you;
    if (send({type: "leave"})) {
      S.you = null;
      if (S.room && S.room.status === "lobby") saveToken(roomId, null);
      else {
        S.left = seat;
        store(LEFT_KEY + roomId, seat);
      }
      drawAll();
    }
  }

  // A new hello with the kept token takes the seat back from the bot (docs/protocol.md).
  function reclaim() {
    if (!loadToken(roomId)) return;
    S.left = null;
    store(LEFT_KEY + roomId, null);
    conn.connect();
  }

  function askReplay(step, game = S.replay ? S.replay.game : null) {
    if (!S.state) return;
    const sameGame = !S.replay || game === S.replay.game;
    const target = sameGame ? Math.max(0, Math.min(replayTotal(), step)) : Math.max(0, step);
    S.replayBusy = true;
    drawReplayBar();
    const message = {type: "replay", step: target};
    if (Number.isInteger(game)) message.game = game;
    send(message);
  }

  // A move of the replay bar; before the first frame is loaded its move list is asked for.
  function replayMove(which) {
    if (!S.replay) {
      if (which === "last") return;
      if (!S.replayFrames) {  // the frames are not known yet: asked first, then this move
        S.replayIntent = which;
        if (!S.replayProbe) askReplay(replayTotal());
        return;
      }
      const known = S.replayFrames;
      const target = replayTarget(known, known.total, known.total, which);
      if (target !== known.total) askReplay(target, known.game);
      return;
    }
    const target = replayTarget(S.replay, replayTotal(), S.replay.step, which);
    if (target !== S.replay.step) askReplay(target);
  }

  // --- receiving ---------------------------------------------------------------------

  function receive(message) {
    switch (message.type) {
      case "pause":  // the server lost (on) or got back (off) Redis or its database
        S.paused = message.on ? message.message : null;
        break;
      case "welcome":
        S.paused = null;  // a socket opened while paused is told so right after
        S.you = message.seat ?? null;
        rememberSeat(roomId, S.you);
        if (S.you !== null && S.left !== null) {  // the seat is ours again (a reload reclaims it)
          S.left = null;
          store(LEFT_KEY + roomId, null);
        }
        S.creator = message.creator === true;
        if (S.freshSocket) {
          S.chat = [];  // after every hello the server sends the last chat lines again
          S.freshSocket = false;
          drawChat();
        }
        drawSeats();
        drawHead();
        break;
      case "seated":
        S.you = message.seat;
        rememberSeat(roomId, S.you);
        S.error = null;
        drawAll();
        break;
      case "room": {
        const before = S.room;
        S.room = message.room;
        if (before && (before.game_no !== S.room.game_no || S.room.status !== "finished")) {
          S.replay = null;
          S.replayFrames = null;
        }
        if (S.you !== null && S.room.seats[S.you] && S.room.seats[S.you].kind !== "human") {
          S.you = null;  // the seat was given up (or handed to a bot)
        }
        if (!before || before.game !== S.room.game) S.boardFailed = false;
        drawAll();
        break;
      }
      case "presence":  // a join or a leave: only what changed
        if (S.room) { S.room = applyPresence(S.room, message); drawSeats(); drawHead(); }
        break;
      case "state":
        answered();
        S.state = message;
        S.deadlineAt = Number.isFinite(message.deadline_in) ? performance.now() + message.deadline_in : null;
        announce(dom.liveLog, message, S.events);
        S.events = foldEvents(S.events, message);
        if ("you" in message) S.you = message.you;
        if (S.room && S.room.status !== "finished") S.replay = null;
        // What this state brought (the viewer's own events): the board moves it, we hear it.
        S.fresh = message.events_reset ? [] : (message.events || []);
        S.catchingUp = Boolean(message.events_reset);  // a (re)connection: the whole story, nothing moves
        if (soundsHere(mode, S.room)) playSound(soundFor(S.fresh));
        noticeTurn();
        if (S.notice) drawNoticeSlot();
        drawHead();
        drawBoard();
        drawMoves();
        drawOutcome();
        drawReplayBar();
        drawHistoryPanel();
        drawSeats();
        drawParty(); drawPace(dom.pace, S, send);
        break;
      case "chat":
        S.chat.push(message);
        if (S.chat.length > 200) S.chat.splice(0, S.chat.length - 200);
        drawChat();
        break;
      case "replay":
        if (!S.replay && !S.replayProbe) dom.replayStarts = true;  // scroll the board into view once
        if (S.replayProbe) {  // only the frames, asked when the game ended (see drawReplayBar)
          S.replayProbe = false;
          S.replayFrames = {game: message.game, moves: message.moves, rounds: message.rounds, total: message.total};
          S.replayBusy = false;
          const which = S.replayIntent;
          S.replayIntent = null;
          if (which) replayMove(which);
          drawReplayBar();
          break;
        }
        S.replay = message;
        S.replayBusy = false;
        if (S.replayIntent) {
          const which = S.replayIntent;
          S.replayIntent = null;
          replayMove(which);
        }
        drawHistoryPanel();
        drawHead();
        drawBoard();
        drawMoves();
        drawReplayBar();
        if (dom.replayStarts && dom.board) {
          dom.replayStarts = false;
          dom.board.closest(".board-panel").scrollIntoView({block: "start"});
        }
        break;
      case "timed_out":  // a bot moved for a seat whose turn timer ran out: a notice, not an error
        S.notice = {code: "timed_out", message: message.message, seat: message.seat, own: "label" in message};
        drawNoticeSlot();
        break;
      case "hint":
        S.hint = {version: message.version, kind: message.kind, move: message.move, shown: 1};
        drawMoves();
        break;
      case "error":
        if (message.code === "hints_off") S.hintsOff = true;
        if (S.replayProbe) S.probeFailed = true;  // the bar then counts steps, as before
        S.replayProbe = false;
        if (message.code === "no_room") {
          S.notFound = true;
          conn.close();
          drawAll();
          break;
        }
        answered();
        S.error = message;
        S.replayBusy = false;
        S.replayIntent = null;
        drawError();
        drawReplayBar();
        break;
      default: paceMessage(message, dom.pace, S, send); break;
    }
  }

  // --- helpers -----------------------------------------------------------------------

  function seatName(seat) {
    if (seat === CHANCE) return t("seat.chance");
    const info = S.room && S.room.seats[seat];
    if (info && info.name) return info.name;
    return t("seat.unnamed", {n: seat});
  }

  function namesOf(seats) {
    return seats.map(seatName).join(", ");
  }

  // In a realtime game everyone may act at any time (Gotcha: chat, emotes, buzzes); the
  // turn is the view's `current` seat. Null for other games.
  function realtimeTurn() {
    const info = card();
    const current = S.state && S.state.view ? S.state.view.current : undefined;
    return info && info.realtime && Number.isInteger(current) && current >= 0 ? current : null;
  }

  function isMyTurn() {
    if (!S.state || S.you === null || S.state.outcome) return false;
    const turn = realtimeTurn();
    return turn !== null ? turn === S.you : S.state.actors.includes(S.you);
  }

  function replayTotal() {
    if (S.replay && Number.isInteger(S.replay.total)) return S.replay.total;
    return S.state ? S.state.version : 0;
  }

  function card() {
    return S.cards && S.room ? S.cards.find((c) => c.id === S.room.game) : null;
  }

  /** What a person declares when sitting at this game (GameInfo.profiles), or null. */
  function profileSpec() {
    const info = card();
    return info && info.profiles && Array.isArray(info.profiles.traits) ? info.profiles : null;
  }

  function noticeTurn() {
    const mine = isMyTurn();
    if (mine && !S.wasMyTurn) {
      if (soundsHere(mode, S.room)) playSound("turn");
      if (navigator.vibrate) {
        try { navigator.vibrate(60); } catch { /* not allowed: fine */ }
      }
    }
    S.wasMyTurn = mine;
  }

  // --- drawing -----------------------------------------------------------------------

  function skeleton() {
    buildRoom(root, dom, S, {filter: drawMoves, chat: sendChat, act});
  }

  function drawAll() {
    if (S.notFound) {
      clear(root);
      root.appendChild(h("div", {class: "panel center"}, [
        h("p", {class: "banner error", role: "alert"}, [t("room.not_found", {id: roomId})]),
        h("a", {class: "btn primary", href: "/"}, [t("nav.lobby")]),
      ]));
      return;
    }
    if (!dom.head || !root.contains(dom.head)) skeleton();
    drawHead();
    drawConnection();
    drawError();
    drawNoticeSlot();
    drawOutcome();
    drawBoard();
    drawMoves();
    drawReplayBar();
    drawHistoryPanel();
    drawSeats();
    drawInvite();
    drawPace(dom.pace, S, send);
    drawChat();
    drawParty();
  }

  function statusText() {
    if (!S.room) return t("room.loading");
    if (S.replay) return t("status.replay");
    if (S.room.status === "lobby") return lobbyStatus(S.room, S.you, canStart());
    const base = t(`status.${S.room.status}`);
    if (S.room.status !== "playing" || !S.state) return base;
    if (isMyTurn()) return `${base} · ${t("status.your_turn")}`;
    const turn = realtimeTurn();
    const waiting = turn !== null ? [turn] : S.state.actors.filter((s) => s !== CHANCE);
    return waiting.length ? `${base} · ${t("status.waiting_for", {names: namesOf(waiting)})}` : base;
  }

  function drawHead() {
    if (!dom.head) return;
    clear(dom.head);
    const gameName = S.room ? S.room.game_name : "";
    document.title = (isMyTurn() ? "● " : "") + [gameName, t("app.title")].filter(Boolean).join(" · ");
    const options = S.room ? optionsText(S.room.options, card()) : "";
    dom.timer = h("span", {class: "timer", "data-testid": "timer", role: "timer", "aria-label": t("timer.label"), hidden: true});
    dom.timerText = null;
    dom.conn = h("span", {class: "conn", "data-testid": "connection"});
    dom.head.appendChild(h("div", {class: "title-row"}, [
      h("h1", {}, [gameName || t("room.loading")]),
      S.room && S.room.game_no > 1 ? h("span", {class: "pill"}, [t("status.game_no", {n: S.room.game_no})]) : null,
      S.room ? gameLinks(S.room.game) : null,
      S.room && mode === "full" ? tableLink(roomId) : null,
      soundSwitch(),
      dom.conn,
    ]));
    clear(dom.statusBar);
    // Once the game is over the result strip says so: the status row gives it its room.
    const over = S.room && S.room.status === "finished" && S.state && S.state.outcome && !S.replay;
    dom.statusBar.className = "status-row" + (isMyTurn() ? " my-turn" : "") + (over ? " over" : "");
    dom.statusBar.append(...[
      h("span", {
        class: "status", "data-testid": "status", role: "status",
        "data-status": S.room ? S.room.status : "loading",
        "data-my-turn": isMyTurn() ? "true" : "false",
        "data-version": S.state ? String(S.state.version) : "",
      }, [statusText()]),
      dom.timer,
    ]);
    if (options || (S.room && S.room.turn_seconds)) {
      const bits = [options ? t("room.options", {options}) : "",
        S.room.turn_seconds ? t("room.timer_option", {s: S.room.turn_seconds}) : ""].filter(Boolean);
      dom.head.appendChild(h("p", {class: "muted small"}, [bits.join(" · ")]));
    }
    drawConnection();
    tick();
  }

  function drawConnection() {
    if (dom.conn) {
      clear(dom.conn);
      const label = t(`conn.${S.conn === "reconnecting" ? "closed" : S.conn}`);
      dom.conn.setAttribute("data-state", S.conn);
      dom.conn.setAttribute("title", label);
      dom.conn.appendChild(h("span", {class: "dot", "aria-hidden": "true"}));
      dom.conn.appendChild(h("span", {class: "conn-label"}, [label]));
    }
    if (!dom.connBanner) return;
    clear(dom.connBanner);
    if (S.conn === "reconnecting") {
      dom.reconnectText = h("span", {}, [reconnectText()]);
      dom.connBanner.appendChild(h("div", {class: "banner warn", role: "status", "data-testid": "reconnecting"}, [
        dom.reconnectText,
        h("button", {class: "btn small", type: "button", onclick: () => conn.connect()}, [t("conn.reconnect_now")]),
      ]));
    } else {
      dom.reconnectText = null;
    }
    if (S.paused) {
      dom.connBanner.appendChild(h("div", {class: "banner warn", role: "status", "data-testid": "paused"}, [S.paused]));
    }
  }

  function reconnectText() {
    const left = S.reconnectAt ? Math.max(0, Math.ceil((S.reconnectAt - Date.now()) / 1000)) : 0;
    return t("conn.reconnecting", {s: left});
  }

  let errorTimer = null;

  function drawError() {
    if (!dom.error) return;
    clear(dom.error);
    clearTimeout(errorTimer);
    const error = S.error;
    if (!error) return;
    // The toast goes by itself after a while; the next move or ✕ removes it at once.
    errorTimer = setTimeout(() => { if (S.error === error) { S.error = null; drawError(); } }, ERROR_MS);
    dom.error.appendChild(errorBanner(error, () => { S.error = null; drawError(); }));
  }

  function drawNoticeSlot() {
    if (!dom.notice) return;
    const last = S.replay ? null : S.state && S.state.last;
    drawNotice(dom.notice, S.notice, () => { S.notice = null; drawNoticeSlot(); }, last);
  }

  function drawOutcome() {
    if (!dom.outcome) return;
    drawResult(dom.outcome, S.state && S.state.outcome, {
      you: S.you, seats: S.room ? S.room.seats.length : 0, seatName, namesOf, game: S.room ? S.room.game : "",
      onRematch: () => send({type: "rematch"}),
    });
  }

  function drawHistoryPanel() {
    if (!dom.history) return;
    dom.history.parentElement.hidden = !S.state && !S.replay;
    const events = S.replay ? foldEvents([], {events: S.replay.events, events_reset: true, whys: S.replay.whys}) : S.events;
    drawHistory(dom.history, events, {you: S.you, replay: Boolean(S.replay)});
  }

  function boardCtx() {
    const replay = S.replay;
    if (replay) {
      const view = replay.view || {};
      return {
        view, legal: [], you: S.you, actors: Array.isArray(view.actors) ? view.actors : [],
        last: replay.last || null, replay: true, clock: view.clock ?? null, events: [],
      };
    }
    const state = S.state;
    return {
      view: state.view, legal: state.legal || [], you: state.you ?? S.you,
      actors: state.actors || [], last: state.last || null, replay: false, clock: state.clock ?? null,
      events: S.fresh || [], speak: boardSpeaks(mode, S.room),
    };
  }

  function drawBoard() {
    if (!dom.board) return;
    const token = ++renderToken;
    dom.room.classList.toggle("no-game", !S.state && !S.replay);
    dom.room.classList.toggle("in-replay", Boolean(S.replay));
    if (!S.room || (!S.state && !S.replay)) {
      clear(dom.board);
      clear(dom.boardNote);
      dom.board.parentElement.hidden = true;
      drawLast();
      return;
    }
    dom.board.parentElement.hidden = false;
    const ctx = {
      ...boardCtx(),
      seats: S.room.seats,
      lang: getLang(),
      t,
      act: (text) => act(text),
      sendChat,
    };
    const game = S.room.game;
    const shows = ctx.replay ? "replay" : String(S.state.version);
    loadBoard(game).then(async (module) => {
      if (token !== renderToken) return;  // a newer state arrived meanwhile
      // A board with the room's one chat (Gotcha: the chat the rules judge) hides the shell's.
      S.ownChat = module.ownsChat === true;
      if (dom.chatPanel) dom.chatPanel.hidden = S.ownChat;
      clear(dom.board);
      dom.board.setAttribute("data-game", game);
      try {
        module.render(dom.board, ctx);
        S.boardFailed = false;
      } catch (error) {
        console.error(error);
        S.boardFailed = true;
        clear(dom.board);
        const generic = await import("/static/boards/generic.js");
        if (token === renderToken) generic.render(dom.board, ctx);
      }
      clear(dom.boardNote);
      if (S.boardFailed) dom.boardNote.appendChild(h("p", {class: "banner warn"}, [t("board.failed")]));
      // The state the board shows (drawn after the status line, asynchronously): for tests.
      if (token === renderToken) {
        dom.board.setAttribute("data-version", shows);
        dom.board.setAttribute("data-lang", ctx.lang);
        const step = ctx.replay ? `replay:${S.replay.game ?? ""}:${S.replay.step}` : shows;
        playMotion(dom.board, `${roomId}:${S.room.game_no}:${step}`, ctx.replay || !S.catchingUp);
      }
    });
    drawLast();
  }

  function drawLast() {
    if (!dom.last) return;
    const shown = Boolean(S.state || S.replay);
    drawLastMove(dom.last, shown ? ((S.replay ? S.replay.last : S.state.last) ?? null) : undefined, seatName);
  }

  function drawMoves() {
    if (!dom.moves) return;
    drawMovesPanel({S, dom, myTurn: isMyTurn(), act, send, redraw: drawMoves});
  }

  function drawReplayBar() {
    if (!dom.replayBar) return;
    clear(dom.replayBar);
    if (!S.room || S.room.status !== "finished" || !S.state) return;
    // The frames of the finished game are asked once, so that the bar counts moves as the
    // replay will step through them ("Move 43 / 43", never the steps with chance's).
    if (!S.replay && !S.replayFrames && !S.replayProbe && !S.probeFailed && S.state.outcome) {
      S.replayProbe = true;
      S.replayBusy = true;
      send({type: "replay", step: S.state.version});
    }
    const total = replayTotal();
    dom.replayBar.append(...replayBar({
      replay: S.replay, known: S.replayFrames, total, step: S.replay ? S.replay.step : total, busy: S.replayBusy,
      gameNo: S.room.game_no, ask: replayMove, askGame: (n) => { S.replayIntent = "first"; askReplay(0, n); },
      live: () => { S.replay = null; drawHead(); drawBoard(); drawMoves(); drawReplayBar(); drawHistoryPanel(); },
    }));
  }

  // Seats and the buttons under them are patched, not redrawn: presence messages come every
  // 0.25 s while people join, and a redraw between mousedown and mouseup loses a click.
  function drawSeats() {
    if (!dom.seats) return;
    if (!S.room) {
      clear(dom.seats);
      clear(dom.after);
      clear(dom.join);
      dom.joinKey = null;
      return;
    }
    const spec = profileSpec();
    const seatEnv = {
      room: S.room, you: S.you, creator: S.creator, actors: S.state && S.room.status === "playing" ? S.state.actors : [],
      traits: spec ? spec.traits : [], left: S.left, confirming: S.confirming,
      sit, addBot, leave, reclaim, unbot: (seat) => send({type: "unbot", seat}),
      askLeave: () => { S.confirming = true; drawSeats(); },
      stay: () => { S.confirming = false; drawSeats(); },
    };
    const rows = S.room.seats.map((info) => seatRow(info, seatEnv));
    if (S.room.spectators) rows.push(h("li", {class: "muted small spectators"}, [t("room.spectators", {n: S.room.spectators})]));
    patch(dom.seats, rows);
    const lobby = S.room.status === "lobby";
    const parts = [];
    // The name and profile fields are rebuilt only when they change, never while someone
    // types in them (room messages come whenever anybody joins or leaves).
    const joinKey = `${lobby && S.you === null}|${S.room.game}|${Boolean(spec)}`;
    const rebuildJoin = dom.joinKey !== joinKey;
    if (rebuildJoin) {
      clear(dom.join);
      dom.joinKey = joinKey;
    }
    if (rebuildJoin && lobby && S.you === null) {
      parts.push(h("p", {class: "muted small"}, [t("room.spectating")]));
      dom.nameInput = h("input", {
        id: "name-input", type: "text", "data-testid": "name-input", maxlength: "30",
        autocomplete: "nickname", placeholder: t("room.name_placeholder"), value: S.name,
        oninput: (event) => { S.name = event.target.value; store(NAME_KEY, S.name); },
      });
      parts.push(h("div", {class: "field"}, [h("label", {for: "name-input"}, [t("room.your_name")]), dom.nameInput]));
      if (spec) {
        parts.push(profileForm({
          age: S.age, traits: S.traits, spec,
          onChange: (age, traits) => { S.age = age; S.traits = traits; store(PROFILE_KEY, {age, traits: [...traits]}); },
        }));
      }
    }
    for (const part of parts.splice(0)) dom.join.appendChild(part);
    const hasBotButtons = (lobby && (S.you !== null || S.creator) && S.room.seats.some((s) => s.kind === "free"))
      || (S.room.status === "playing" && S.you !== null && S.room.seats.some((s) => s.kind === "human" && !s.connected));
    if (S.room.status !== "finished" && hasBotButtons) {
      const select = agentSelect(card(), S.agent, (agent) => { S.agent = agent; });
      if (select) {
        S.agent = select.agent;
        parts.push(select.node);
      }
    }
    if (lobby && canStart()) {
      const full = S.room.seats.every((s) => s.kind !== "free");
      parts.push(h("button", {
        class: "btn primary big", type: "button", "data-testid": "start", disabled: !full,
        onclick: () => send({type: "start"}),
      }, [t("room.start")]));
      if (!full) parts.push(h("p", {class: "muted small"}, [t("room.start_wait")]));
    }
    patch(dom.after, parts);
  }

  // Seated people start the game; so does the creator's table screen (party mode).
  function canStart() {
    return S.you !== null || (mode === "table" && S.creator);
  }

  function drawParty() {
    drawTable(root, dom.party, mode, S, code, drawParty);
  }

  function drawInvite() {
    if (!dom.invite) return;
    drawInviteBox(dom.invite, roomId, S.room ? S.room.game_name : t("app.title"));
  }

  function drawChat() {
    if (dom.chatLog) drawChatLog(dom.chatLog, S.chat, {you: S.you, seatName});
  }

  // The countdowns (turn timer, reconnect) update four times a second.
  function tick() {
    if (dom.timer) {
      // The server's remaining time, counted on this page's monotonic clock from when the
      // state arrived (never the client's wall clock, which may be off).
      const deadline = S.state && S.room && S.room.status === "playing" && !S.replay ? S.deadlineAt : null;
      if (deadline !== null) {
        const left = deadline - performance.now();
        if (!dom.timerText) {
          dom.timerText = h("span", {});
          dom.timer.append(clockIcon(), dom.timerText);
        }
        dom.timerText.textContent = t("timer.left", {time: clockText(left)});
        dom.timer.classList.toggle("low", left < 10000);
        dom.timer.hidden = false;
      } else {
        dom.timer.hidden = true;
      }
    }
    if (dom.reconnectText) dom.reconnectText.textContent = reconnectText();
  }
  setInterval(tick, 250);

  async function loadCards() {
    try {
      S.cards = await fetchGames();
    } catch {
      S.cards = null;
    }
    drawSeats();
    drawHead();
  }

  async function checkRoom() {
    try {
      const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}?lang=${getLang()}`);
      if (response.status === 404) {
        S.notFound = true;
        conn.close();
        drawAll();
        return;
      }
      if (!response.ok) return;
      const body = await response.json();
      // This answer is only a first picture, made before the socket's hello was answered:
      // once a `room` came on the socket (even while this body was being read) it is newer
      // and wins. Else a reload that reclaims a seat from its bot could end with this older
      // "bot" seat over the socket's "human" one, under the welcome's seat.
      if (S.room) return;
      S.room = body.room && body.room.seats ? body.room : body;
      drawAll();
    } catch {
      // The socket reports connection problems; nothing more to say here.
    }
  }

  // Replay with the keyboard: ← → step, Home/End jump (not while typing in a field).
  document.addEventListener("keydown", (event) => {
    if (!S.room || S.room.status !== "finished" || !S.state || S.replayBusy) return;
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    const which = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", PageUp: "prev_round", PageDown: "next_round"}[event.key];
    if (which === undefined) return;
    event.preventDefault();
    replayMove(which);
  });

  onLangChange((lang) => {
    conn.send({type: "lang", lang});
    skeleton();
    drawAll();
    loadCards();
    // A replay frame's history is in the language it was asked in: ask it again.
    if (S.replay) askReplay(S.replay.step);
  });

  skeleton();
  drawAll();
  checkRoom();
  loadCards();
  conn.connect();
  if (mode === "table") fetchCode(roomId).then((answer) => { code = answer; drawParty(); });
}
