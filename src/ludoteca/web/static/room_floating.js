// The heights of the room's floating bars, kept as CSS variables on <html>: the strip that
// sticks at the top (`--room-top`: status, notices, the result and its end panel) and the
// replay bar, fixed at the bottom of the screen in replay (`--replay-bar`). screen.css sizes
// the page's scroll padding from them (what gets the focus or is scrolled to lands clear of
// both) and, in replay, leaves room at the page's end so nothing stays under the bar.

/** Keep `--room-top` and `--replay-bar` equal to the heights of `strip` and `replaySlot`. */
export function watchFloatingBars(strip, replaySlot) {
  const root = document.documentElement;
  const measure = () => {
    root.style.setProperty("--room-top", `${Math.ceil(strip.getBoundingClientRect().height)}px`);
    root.style.setProperty("--replay-bar", `${Math.ceil(replaySlot.getBoundingClientRect().height)}px`);
  };
  if (typeof ResizeObserver !== "function") return;  // screen.css's defaults stand
  const observer = new ResizeObserver(measure);
  observer.observe(strip);
  observer.observe(replaySlot);
}
