// The lesson's closing game: a real room with the lesson's gentle bot in every other seat,
// made by the lobby's own path (POST /api/rooms), then the person sits, the bots sit and the
// game starts over the room's socket before the page goes to the room.

import {getLang, t} from "./i18n.js";
import {Connection, saveCreator} from "./net.js";

/**
 * Create the room and start its game; resolves with the room's path once it is playing.
 * `outline` is the lesson's outline (game, final_bot, final_players); `name` the person's.
 * Rejects with an Error whose message is the server's sentence in the page's language.
 */
export async function startFinalGame(outline, name) {
  const lang = getLang();
  const response = await fetch(`/api/rooms?lang=${encodeURIComponent(lang)}`, {
    method: "POST",
    headers: {"Content-Type": "application/json", "Accept-Language": lang},
    body: JSON.stringify({game: outline.game, players: outline.final_players, options: {}}),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || !body.invite) {
    throw new Error((body.error && body.error.message) || t("error.http", {status: response.status}));
  }
  saveCreator(body.room, body.creator);
  await seatEveryone(body.room, outline, name);
  return body.invite;
}

/** Over the room's socket: sit in the first seat, a bot in every other, then start. */
function seatEveryone(roomId, outline, name) {
  return new Promise((resolve, reject) => {
    let seated = false;
    let asked = false;
    const conn = new Connection(roomId, {
      getLang,
      onMessage: (message) => {
        if (message.type === "welcome" && !seated) {
          conn.send({type: "sit", seat: 0, name});
        } else if (message.type === "seated") {
          seated = true;
          for (let seat = 1; seat < outline.final_players; seat += 1) {
            conn.send({type: "bot", seat, agent: outline.final_bot});
          }
        } else if (message.type === "room") {
          const room = message.room;
          if (room.status === "playing") {
            conn.close();
            resolve();
          } else if (seated && !asked && room.seats.every((seat) => seat.kind !== "free")) {
            asked = true;
            conn.send({type: "start"});
          }
        } else if (message.type === "error") {
          conn.close();
          reject(new Error(message.message || message.code));
        }
      },
    });
    conn.connect();
  });
}
