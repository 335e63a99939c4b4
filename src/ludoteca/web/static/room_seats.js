// The seats panel's pieces: a seat row with its buttons, the bot-level list and the seat
// profile form (a game whose card has `profiles`: GameInfo.profiles from /api/games). Pure
// functions of what they are given; room.js owns the state.

import {h, clear} from "./boards/svg.js";
import {seatColour, seatSymbol} from "./boards/board_kit.js";
import {agentLabel, t} from "./i18n.js";
import {s} from "./room_text.js";
export {drawPeopleInvite} from "./room_invite.js";  // room.js has no line to spare

/** The bot levels a person chooses among (agents/levels.py LEVELS), weakest first. */
export const LEVELS = ["beginner", "casual", "strong", "strongest"];

/** Trait ids as words in the current language (`traits`: the card's [{id, label}]). */
function traitWords(ids, traits) {
  return ids.map((id) => (traits.find((x) => x.id === id) || {}).label || id).join(", ");
}

/**
 * One seat: number, connected dot, name, kind, profile, and the buttons this page may use.
 * env = {room, you, creator, actors, traits, left, confirming, sit(seat), addBot(seat),
 * unbot(seat), askLeave(), leave(), stay(), reclaim()}; bot buttons only where the server
 * would take them (a seated person; in the lobby the room's creator too). Leaving asks first
 * (`confirming`); `left` is the seat this browser left to a bot (its token takes it back).
 */
export function seatRow(info, env) {
  const seat = info.seat;
  const {room, you} = env;
  const manages = you !== null || env.creator === true;
  const lobby = room.status === "lobby";
  const playing = room.status === "playing";
  const mine = you === seat;
  const acting = playing && env.actors.includes(seat);
  const buttons = [];
  const button = (testid, cls, label, onclick) =>
    h("button", {class: `btn ${cls}`.trim(), type: "button", "data-testid": testid, onclick}, [label]);
  if (lobby && info.kind === "free" && you === null) {
    buttons.push(button(`sit-${seat}`, "primary", t("room.sit"), () => env.sit(seat)));
  }
  if (lobby && manages && info.kind === "free") {
    buttons.push(button(`bot-${seat}`, "", t("room.add_bot"), () => env.addBot(seat)));
  }
  if (lobby && manages && info.kind === "bot") {
    buttons.push(button(`unbot-${seat}`, "ghost", t("room.remove_bot"), () => env.unbot(seat)));
  }
  if (playing && !mine && you !== null && (info.kind === "free" || (info.kind === "human" && !info.connected))) {
    buttons.push(button(`bot-${seat}`, "", t("room.replace_bot"), () => env.addBot(seat)));
  }
  if (mine && room.status !== "finished" && !env.confirming) {
    buttons.push(button("leave", "ghost", lobby ? t("room.leave") : t("room.leave_playing"), env.askLeave));
  }
  const reclaimable = !lobby && you === null && env.left === seat && info.kind === "bot";
  if (reclaimable) buttons.push(button("reclaim", "primary", t("room.reclaim"), env.reclaim));
  const kindText = info.kind === "bot" ? `${t("room.bot")}${info.agent ? ` · ${agentLabel(info.agent)}` : ""}`
    : info.kind === "human" ? t("room.human") : t("room.free");
  const connected = info.kind === "bot" || info.connected;
  const profile = info.profile || null;
  const traits = profile && Array.isArray(profile.traits) && profile.traits.length ? traitWords(profile.traits, env.traits || []) : "";
  const state = connected ? t("room.connected") : t("room.disconnected");
  const away = info.kind === "human" && !connected;
  return h("li", {
    class: `seat kind-${info.kind}` + (mine ? " mine" : "") + (acting ? " acting" : "") + (away ? " away" : ""),
    "data-testid": `seat-${seat}`, "data-kind": info.kind, "data-connected": connected ? "true" : "false",
  }, [
    h("div", {class: "seat-info"}, [
      h("span", {class: "seat-no", style: `--seat-c:${seatColour(seat)}`, "aria-hidden": "true"}, [seatSymbol(seat)]),
      info.kind !== "free" ? h("span", {class: "dot " + (connected ? "on" : "off"), title: state, role: "img", "aria-label": state}) : null,
      h("span", {class: "seat-name"}, [info.kind === "free" ? t("room.free") : (info.name || t("seat.unnamed", {n: seatSymbol(seat)}))]),
      info.kind !== "free" ? h("span", {class: "pill small"}, [kindText]) : null,
      mine ? h("span", {class: "pill accent small"}, [t("room.you")]) : null,
      profile && profile.age ? h("span", {class: "muted small"}, [`${t("room.age")}: ${profile.age}`]) : null,
      traits ? h("span", {class: "muted small traits", title: traits}, [traits]) : null,
      away ? h("span", {class: "away-note", "data-testid": `away-${seat}`}, ["⚠ ", t("room.disconnected_note")]) : null,
      reclaimable ? h("span", {class: "muted small"}, [t("room.reclaim_help")]) : null,
    ]),
    mine && env.confirming ? leaveConfirm(lobby, env) : null,
    buttons.length ? h("div", {class: "seat-actions"}, buttons) : null,
  ]);
}

/** "Leave your seat?" with its two answers (nothing is sent before "yes"). */
function leaveConfirm(lobby, env) {
  return h("div", {class: "leave-confirm", role: "alertdialog", "aria-labelledby": "leave-question", "data-testid": "leave-confirm"}, [
    h("p", {id: "leave-question"}, [t(lobby ? "room.leave_lobby_confirm" : "room.leave_confirm")]),
    h("div", {class: "seat-actions"}, [
      h("button", {class: "btn primary", type: "button", "data-testid": "leave-no", onclick: env.stay}, [t("room.leave_no")]),
      h("button", {class: "btn danger", type: "button", "data-testid": "leave-yes", onclick: env.leave}, [t("room.leave_yes")]),
    ]),
  ]);
}

/** One option of the bot menu: a level or a named bot with its one line (room_text.js). */
function agentOption(agent, chosen) {
  const key = `bots.level.${agent}`;
  const named = `bots.named.${agent}`;
  let text = s(key);
  if (text === key) text = s(named);
  if (text === named) text = agentLabel(agent);
  return h("option", {value: agent, selected: agent === chosen}, [text]);
}

/**
 * The bot menu of a game card: {node, agent} (agent: the one shown chosen), or null when the
 * card lists no agents. The four levels come first, one line each; the named bots are
 * under "More bots". onChange(agent) is called when the player picks another.
 */
export function agentSelect(card, current, onChange) {
  const agents = card && card.agents ? card.agents : [];
  if (!agents.length) return null;
  const agent = current && agents.includes(current) ? current : card.default_agent || agents[agents.length - 1];
  const levels = agents.filter((a) => LEVELS.includes(a));
  const named = agents.filter((a) => !LEVELS.includes(a));
  const groups = [];
  if (levels.length) groups.push(h("optgroup", {label: s("bots.levels")}, levels.map((a) => agentOption(a, agent))));
  if (named.length) groups.push(h("optgroup", {label: s("bots.more")}, named.map((a) => agentOption(a, agent))));
  const node = h("div", {class: "field inline bot-menu"}, [
    h("label", {for: "agent-select"}, [t("room.bot_level")]),
    h("select", {
      id: "agent-select", "data-testid": "agent-select",
      onchange: (event) => onChange(event.target.value),
    }, groups),
  ]);
  return {node, agent};
}

/**
 * The seat profile form: age and the game's trait checkboxes (`spec`: the card's profiles,
 * {traits: [{id, label}], min_age, max_age}). onChange(age, traits) after every edit (age as
 * typed, traits as a Set of ids).
 */
export function profileForm({age, traits, spec, onChange}) {
  const chosen = new Set(traits);
  let typed = age ?? "";
  return h("fieldset", {class: "profile", "data-testid": "profile"}, [
    h("legend", {}, [t("room.profile")]),
    h("small", {class: "help"}, [t("room.profile_help")]),
    h("div", {class: "field inline"}, [
      h("label", {for: "age-input"}, [t("room.age")]),
      h("input", {
        id: "age-input", type: "number", min: "1", max: "120", inputmode: "numeric",
        "data-testid": "age-input", value: String(typed),
        oninput: (event) => { typed = event.target.value; onChange(typed, chosen); },
      }),
    ]),
    h("div", {class: "traits-grid", role: "group", "aria-label": t("room.traits")}, spec.traits.map((trait) =>
      h("label", {class: "check"}, [
        h("input", {
          type: "checkbox", value: trait.id, "data-testid": `trait-${trait.id}`, checked: chosen.has(trait.id),
          onchange: (event) => {
            if (event.target.checked) chosen.add(trait.id); else chosen.delete(trait.id);
            onChange(typed, chosen);
          },
        }),
        h("span", {}, [trait.label]),
      ]))),
  ]);
}

/** The invite box: the room's link, a copy button and (where the browser can) share. */
export function drawInviteBox(slot, roomId, title) {
  clear(slot);
  const url = `${location.origin}/room/${encodeURIComponent(roomId)}`;
  const input = h("input", {
    class: "invite-link", type: "text", readonly: true, value: url, "data-testid": "invite-link",
    "aria-label": t("room.invite"), onfocus: (event) => event.target.select(),
  });
  const copyButton = h("button", {class: "btn", type: "button", "data-testid": "copy-invite"}, [t("room.copy")]);
  copyButton.onclick = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.select();
      document.execCommand && document.execCommand("copy");
    }
    copyButton.textContent = t("room.copied");
    setTimeout(() => { copyButton.textContent = t("room.copy"); }, 1500);
  };
  slot.appendChild(h("label", {class: "invite-label"}, [t("room.invite")]));
  const share = typeof navigator.share === "function" ? h("button", {
    class: "btn", type: "button", "data-testid": "share-invite",
    onclick: () => navigator.share({title, url}).catch(() => {}),
  }, [t("room.share")]) : null;
  slot.appendChild(h("div", {class: "invite-row"}, [input, copyButton, share]));
}
