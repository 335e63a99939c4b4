// Tiny DOM helpers shared by the shell and every board (no build step, no framework).
//
//   el("rect", {x: 0, y: 0, width: 10, height: 10, class: "card"})   -> an SVG element
//   h("button", {class: "move", onclick: () => ...}, ["Play"])       -> an HTML element
//
// Attributes are set with setAttribute; `on*` functions become event listeners; `null`,
// `undefined` and `false` skip the attribute, `true` sets it empty. `style` may be an
// object. For HTML, `value`, `checked`, `disabled`, `selected` and `indeterminate` are set
// as properties too (so that form controls reflect them). Children may be nodes, strings,
// numbers, nested arrays, or null/false (skipped).

export const SVG_NS = "http://www.w3.org/2000/svg";

const PROPERTIES = new Set(["value", "checked", "disabled", "selected", "indeterminate"]);

function setAttrs(node, attrs, html) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) {
        if (prop.startsWith("--")) node.style.setProperty(prop, v);
        else node.style[prop] = v;
      }
    } else if (html && PROPERTIES.has(name)) {
      node[name] = value;
      if (value === true) node.setAttribute(name, "");
      else if (name === "value") node.setAttribute(name, String(value));
    } else {
      node.setAttribute(name, value === true ? "" : String(value));
    }
  }
}

function append(node, children) {
  if (children === null || children === undefined || children === false) return;
  if (Array.isArray(children)) {
    for (const child of children) append(node, child);
  } else if (children instanceof Node) {
    node.appendChild(children);
  } else {
    node.appendChild(document.createTextNode(String(children)));
  }
}

/** An SVG element `tag` with `attrs` and `children`. */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs, false);
  append(node, children);
  return node;
}

/** An HTML element `tag` with `attrs` and `children`. */
export function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  setAttrs(node, attrs, true);
  append(node, children);
  return node;
}

/** Remove every child of `node`. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** Make `parent`'s children the nodes of `nodes` (nulls skipped), keeping every existing child
 * that is equal to its replacement (`isEqualNode`: same tag, attributes and content). A
 * message that redraws a panel without changing it then leaves the nodes under the pointer
 * alone: a click whose mousedown and mouseup straddle such a redraw still lands (a new node
 * in between swallows it). Listeners are not compared: pass nodes whose listeners do what
 * the old ones did. */
export function patch(parent, nodes) {
  const list = nodes.filter((node) => node);
  for (let index = 0; index < list.length; index++) {
    const old = parent.childNodes[index];
    if (!old) parent.appendChild(list[index]);
    else if (!old.isEqualNode(list[index])) parent.replaceChild(list[index], old);
  }
  while (parent.childNodes.length > list.length) parent.removeChild(parent.lastChild);
}
