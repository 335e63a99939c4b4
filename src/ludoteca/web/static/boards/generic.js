// The fallback board: the view as a key/value table (for a game without its own board, or
// when a board fails). The shell's Moves list under it is how moves are played.

import {h} from "./svg.js";

const MAX_DEPTH = 3;

function isPlain(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function plainText(value, ctx) {
  if (value === null || value === undefined) return ctx.t("generic.none");
  if (value === true) return ctx.t("lobby.yes");
  if (value === false) return ctx.t("lobby.no");
  return String(value);
}

function valueNode(value, ctx, depth) {
  if (isPlain(value)) return h("span", {class: "kv-plain"}, [plainText(value, ctx)]);
  if (Array.isArray(value)) {
    if (!value.length) return h("span", {class: "muted"}, [ctx.t("generic.none")]);
    if (value.every(isPlain)) {
      return h("span", {class: "kv-chips"}, value.map((v) => h("span", {class: "chip"}, [plainText(v, ctx)])));
    }
    if (depth >= MAX_DEPTH) return h("code", {class: "kv-json"}, [JSON.stringify(value)]);
    return h("ol", {class: "kv-list", start: "0"}, value.map((v) => h("li", {}, [valueNode(v, ctx, depth + 1)])));
  }
  if (typeof value === "object") {
    if (depth >= MAX_DEPTH) return h("code", {class: "kv-json"}, [JSON.stringify(value)]);
    return table(value, ctx, depth + 1);
  }
  return h("span", {}, [String(value)]);
}

function table(object, ctx, depth) {
  const rows = Object.entries(object).map(([key, value]) => h("tr", {"data-key": key}, [
    h("th", {scope: "row"}, [key.replace(/_/g, " ")]),
    h("td", {}, [valueNode(value, ctx, depth)]),
  ]));
  return h("table", {class: "kv" + (depth ? " nested" : "")}, [h("tbody", {}, rows)]);
}

/** Draw `ctx.view` as a table, with the last move on top. */
export function render(root, ctx) {
  root.classList.add("generic-board");
  if (ctx.last) {
    root.appendChild(h("p", {class: "generic-last last-marked", "data-last-action": ctx.last.text || ""}, [
      h("strong", {}, [ctx.t("last.title"), ": "]),
      ctx.last.label || ctx.last.text,
    ]));
  }
  const view = ctx.view && typeof ctx.view === "object" ? ctx.view : {value: ctx.view};
  root.appendChild(h("div", {class: "kv-wrap"}, [table(view, ctx, 0)]));
}
