// Tiny element builders for the Gotcha board, the same shape as the shell's boards/svg.js
// (`el` for SVG, `h` for HTML): attributes are set, `on*` functions become listeners,
// `value`/`checked` are properties, children may be strings; null/false children are skipped.
const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === "value" || name === "checked") {
      node[name] = value;
    } else {
      node.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of [].concat(children ?? [])) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

export function el(tag, attrs = {}, children = []) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function h(tag, attrs = {}, children = []) {
  return fill(document.createElement(tag), attrs, children);
}
