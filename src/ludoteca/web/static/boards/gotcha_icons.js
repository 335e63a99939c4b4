// Small SVG icons (a bell, a speaker) that do not depend on an emoji font.
import { el } from "./svg.js";

function icon(cls, parts) {
  return el("svg", { viewBox: "0 0 24 24", class: `gt-icon ${cls}`, "aria-hidden": "true" }, parts);
}

export function bell() {
  return icon("gt-icon-bell", [
    el("path", { d: "M12 2.5a6 6 0 0 0-6 6v4.2l-2.2 3.1V17h16.4v-1.2L18 12.7V8.5a6 6 0 0 0-6-6z", fill: "currentColor" }),
    el("path", { d: "M9.5 18.5a2.5 2.5 0 0 0 5 0z", fill: "currentColor" }),
  ]);
}

export function speaker(off) {
  const waves = off
    ? [el("path", { d: "M16 9l6 6M22 9l-6 6", stroke: "currentColor", "stroke-width": 2, fill: "none", "stroke-linecap": "round" })]
    : [
      el("path", { d: "M15.5 8.5a5 5 0 0 1 0 7", stroke: "currentColor", "stroke-width": 2, fill: "none", "stroke-linecap": "round" }),
      el("path", { d: "M18.5 5.5a9 9 0 0 1 0 13", stroke: "currentColor", "stroke-width": 2, fill: "none", "stroke-linecap": "round" }),
    ];
  return icon("gt-icon-speaker", [el("path", { d: "M3 9v6h4l5 4V5L7 9H3z", fill: "currentColor" }), ...waves]);
}
