// Test stand-in for the shell's boards/svg.js (branch web_shell), used by the board
// harness only when that file is not in the tree yet. Same contract: el() builds SVG
// elements, h() HTML ones; attributes set, on* functions become listeners, children may
// be strings or nodes (null/false skipped).
const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of [].concat(children || [])) {
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
