// The room's floating bars, each a layer fixed over the page: the strip at the top of the
// screen (status, notices, the result and its end panel) and, in replay, the replay bar at
// the bottom. Their heights are kept as CSS variables on <html> (`--room-top`, `--replay-bar`):
// screen.css pads the page by them (nothing stays under a bar at the page's ends) and sizes
// the page's scroll padding from them (what gets the focus or is scrolled to lands clear).
// Fixed, not sticky: axe-core (dequelabs/axe-core#3720) takes a sticky bar's buttons as
// covering whatever scrolls under them, while it keeps a fixed layer apart (#3672).

/**
 * Make `strip` a fixed layer (class `floating`) and keep `--room-top` and `--replay-bar`
 * equal to the heights of `strip` and `replaySlot`. Without ResizeObserver the strip stays
 * sticky and screen.css's defaults stand.
 */
export function watchFloatingBars(strip, replaySlot) {
  if (typeof ResizeObserver !== "function") return;
  const root = document.documentElement;
  const measure = () => {
    root.style.setProperty("--room-top", `${Math.ceil(strip.getBoundingClientRect().height)}px`);
    root.style.setProperty("--replay-bar", `${Math.ceil(replaySlot.getBoundingClientRect().height)}px`);
  };
  strip.classList.add("floating");
  const observer = new ResizeObserver(measure);
  observer.observe(strip);
  observer.observe(replaySlot);
}
