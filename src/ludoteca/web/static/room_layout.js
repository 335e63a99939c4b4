// The room page's frame: every panel and slot the room draws into, built once per page.
// Split from room.js, which fills the slots (dom.*) as messages arrive.

import {h, clear} from "./boards/svg.js";
import {t} from "./i18n.js";
import {watchFloatingBars} from "./room_floating.js";

/**
 * Build the room's panels into `root` and fill `dom` with their slots.
 * `S` is the room's state (filter, typed move and chat draft are kept there);
 * `on.filter()`, `on.chat(text)` and `on.act(text)` answer the filter, the chat form and
 * the typed-move form.
 */
export function buildRoom(root, dom, S, on) {
  clear(root);
  dom.head = h("div", {class: "room-head"});
  dom.statusBar = h("div", {class: "status-row"});
  dom.connBanner = h("div", {class: "banner-slot conn-slot"});
  dom.error = h("div", {class: "banner-slot"});
  dom.outcome = h("div", {class: "banner-slot"});
  dom.notice = h("div", {class: "notice-slot", role: "status"});
  dom.board = h("div", {class: "board"});
  dom.boardNote = h("div", {class: "board-note"});
  dom.last = h("p", {class: "last-move", "data-testid": "last-move"});
  dom.replayBar = h("div", {class: "replay-slot"});
  dom.history = h("div", {class: "history-body"});
  dom.moves = h("div", {class: "moves-list"});
  dom.movesHead = h("div", {class: "moves-head"});
  dom.filter = h("input", {
    class: "moves-filter", type: "search", placeholder: t("moves.filter"),
    "aria-label": t("moves.filter"), value: S.filter,
    oninput: (event) => { S.filter = event.target.value; on.filter(); },
  });
  dom.typedInput = h("input", {
    type: "text", "data-testid": "move-input", value: S.typed, autocomplete: "off",
    "aria-label": t("moves.type"), oninput: (event) => { S.typed = event.target.value; },
  });
  dom.seats = h("ol", {class: "seat-list"});
  dom.join = h("div", {class: "join"});
  dom.joinKey = null;
  dom.after = h("div", {class: "join after"});
  dom.invite = h("div", {class: "invite"});
  dom.party = h("div", {class: "party-slot", "data-testid": "party"});  // the table screen's (room_party.js)
  dom.chatLog = h("ol", {class: "chat-log", "aria-live": "polite", "aria-labelledby": "chat-title", tabindex: "0"});
  // What a screen reader reads as it happens: each new line of the history (room_history.announce).
  dom.liveLog = h("div", {class: "sr-only", role: "log", "aria-live": "polite", "aria-label": t("history.live_label"), "data-testid": "live-log"});
  dom.chatInput = h("input", {
    type: "text", "data-testid": "chat-input", maxlength: "500", value: S.chatDraft,
    placeholder: t("chat.placeholder"), "aria-label": t("chat.placeholder"),
    oninput: (event) => { S.chatDraft = event.target.value; },
  });
  const chatForm = h("form", {
    class: "chat-form",
    onsubmit: (event) => {
      event.preventDefault();
      on.chat(S.chatDraft);
      S.chatDraft = "";
      dom.chatInput.value = "";
    },
  }, [dom.chatInput, h("button", {class: "btn", type: "submit", "data-testid": "chat-send"}, [t("chat.send")])]);
  const typedForm = h("form", {
    class: "typed-move",
    onsubmit: (event) => {
      event.preventDefault();
      if (S.typed.trim()) on.act(S.typed.trim());
    },
  }, [dom.typedInput, h("button", {class: "btn", type: "submit", "data-testid": "move-send"}, [t("moves.send")])]);

  dom.room = h("div", {class: "room"}, [
    dom.head,
    dom.strip = h("div", {class: "room-strip"}, [dom.statusBar, dom.notice, h("div", {class: "banners"}, [dom.outcome])]),
    dom.connBanner,
    h("div", {class: "toasts", "aria-live": "assertive"}, [dom.error]),
    dom.liveLog,
    h("div", {class: "room-main"}, [
      h("section", {class: "panel board-panel", "aria-label": t("board.title")}, [
        dom.boardNote, h("div", {class: "board-wrap"}, [dom.board]), dom.last, dom.replayBar,
      ]),
      h("section", {class: "panel moves", "aria-labelledby": "moves-title"}, [
        dom.movesHead, dom.filter, dom.moves,
        h("details", {class: "typed"}, [h("summary", {}, [t("moves.type")]), typedForm]),
      ]),
      h("section", {class: "panel history", "aria-labelledby": "history-title"}, [dom.history]),
    ]),
    h("aside", {class: "room-side"}, [
      dom.party,
      h("section", {class: "panel seats", "aria-labelledby": "seats-title"}, [
        h("h2", {id: "seats-title"}, [t("room.seats")]), dom.join, dom.seats, dom.after,
      ]),
      h("section", {class: "panel invite-panel"}, [dom.invite,
        dom.invitePeople = h("div", {class: "invite-people", "data-testid": "invite-people", hidden: true})]),
      dom.pace = h("section", {class: "panel pace-panel", "aria-labelledby": "pace-title", "data-testid": "pace-panel", hidden: true}),
      dom.chatPanel = h("section", {class: "panel chat", "aria-labelledby": "chat-title", hidden: S.ownChat}, [
        h("h2", {id: "chat-title"}, [t("chat.title")]), dom.chatLog, chatForm,
      ]),
    ]),
  ]);
  root.appendChild(dom.room);
  watchFloatingBars(dom.strip, dom.replayBar);
}
