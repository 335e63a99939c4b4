// The Gotcha board's own styles (class prefix gt-), added to the page once.

import { addStyle } from "./board_kit.js";

const CSS = `
.gt-container { container: gt-board / inline-size; width: 100%; }
.gt-board { display: flex; flex-direction: column; gap: 10px; font-size: 16px; line-height: 1.35;
  color: #1d1d1f; text-align: left; --who: #ffffff; --what: #1c5fbf; --ind: #f08c28; --blank: #8a8f98; }
.gt-col { display: contents; }
.gt-status { order: 0; } .gt-track-panel { order: 1; } .gt-ballot { order: 2; } .gt-rules { order: 3; }
.gt-buzz { order: 4; } .gt-room { order: 5; } .gt-emotes { order: 6; } .gt-hand-panel { order: 7; }
.gt-players { order: 8; }
.gt-myturn .gt-hand-panel { order: 2; } /* on a phone, the hand comes up on my turn */
@container gt-board (min-width: 800px) {
  .gt-board { display: grid; grid-template-columns: minmax(0, 3fr) minmax(300px, 2fr); align-items: start; }
  .gt-board > * { order: 0; }
  .gt-status, .gt-track-panel { grid-column: 1 / -1; }
  .gt-col { display: flex; flex-direction: column; gap: 10px; min-width: 0; }
  .gt-board svg.gt-track { max-height: 130px; }
}
.gt-col-main { container: gt-main / inline-size; }
.gt-panel { background: #f7f4ee; border: 1px solid #d9d3c7; border-radius: 12px; padding: 10px 12px; min-width: 0; }
.gt-panel h3 { margin: 0 0 8px; font-size: 1.05em; }
.gt-status { background: #201a3d; color: #fff; border-radius: 12px; padding: 8px 12px; }
.gt-status-row { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; }
.gt-turn { font-weight: 700; }
.gt-current { border-left: 6px solid var(--seat); padding-left: 6px; font-weight: 700; }
.gt-phase { background: #ffd43b; color: #201a3d; border-radius: 999px; padding: 1px 10px; font-weight: 700; }
.gt-clock { font-variant-numeric: tabular-nums; }
.gt-lastmove { margin-top: 6px; background: #fff3bf; color: #201a3d; border-radius: 8px; padding: 4px 8px; }
.gt-note { margin: 4px 0 0; font-size: .92em; opacity: .85; }
.gt-btn { min-height: 44px; min-width: 44px; padding: 6px 12px; border-radius: 10px; border: 2px solid #b8b2a6;
  background: #fff; color: #1d1d1f; font: inherit; cursor: pointer; touch-action: manipulation; }
.gt-btn:disabled { cursor: default; opacity: .6; }
.gt-btn.legal { border-color: #2f9e44; box-shadow: 0 0 0 2px #b2f2bb; }
.gt-btn.gt-selected, .gt-card.gt-selected { outline: 3px solid #4263eb; outline-offset: 1px; }
.gt-has-legal { border-color: #2f9e44; }
.gt-big { font-size: 1.05em; font-weight: 700; min-height: 48px; }
.gt-speech { margin-left: auto; background: #3b3366; color: #fff; border-color: #6c63a8; }
.gt-row { display: flex; gap: 8px; margin: 6px 0; align-items: center; }
.gt-wrap { flex-wrap: wrap; }
.gt-chip { display: inline-flex; align-items: center; gap: 4px; border: 2px solid var(--seat, #999); border-radius: 999px;
  padding: 1px 8px 1px 2px; background: #fff; margin: 2px; font-size: .95em; }
.gt-chip-btn { min-height: 40px; cursor: pointer; font: inherit; }
.gt-chip-btn.gt-picked { background: #ffe3e3; border-color: #e03131; }
.gt-seatno { display: inline-grid; place-items: center; min-width: 1.5em; height: 1.5em; border-radius: 999px;
  background: var(--seat, #555); color: #fff; font-weight: 700; font-size: .85em; }
.gt-tag { display: inline-block; border-radius: 6px; background: #e9ecef; padding: 0 6px; margin: 2px; font-size: .85em; }
.gt-tag-turn { background: #ffd43b; } .gt-tag-win { background: #ffec99; }
.gt-board .gt-track { width: 100%; height: auto; display: block; max-height: none; }
.gt-cell rect { fill: #fff; stroke: #bbb; }
.gt-cell-ww rect { fill: #ffe3e3; stroke: #e03131; } .gt-cell-start rect { fill: #e7f5ff; stroke: #1c7ed6; }
.gt-cell-champ rect { fill: #fff3bf; stroke: #f08c00; }
.gt-cell-label { font-size: 13px; font-weight: 700; fill: #333; } .gt-cell-small { font-size: 7px; fill: #555; }
.gt-pawn circle { stroke: #fff; stroke-width: 1.5; } .gt-pawn-current circle { stroke: #201a3d; stroke-width: 3; }
.gt-pawn-winner circle { stroke: #f08c00; stroke-width: 3.5; }
.gt-pawn-no { font-size: 10px; font-weight: 700; fill: #fff; pointer-events: none; }
.gt-player-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
@container gt-main (min-width: 540px) { .gt-player-list { grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); } }
.gt-player { background: #fff; border: 1px solid #ddd; border-radius: 10px; padding: 6px 8px; }
.gt-player-current { border: 2px solid #201a3d; } .gt-player-me { background: #f3f0ff; }
.gt-player-last { box-shadow: 0 0 0 3px #ffd43b; }
.gt-player-head, .gt-player-foot { display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; }
.gt-pos { margin-left: auto; font-weight: 700; } .gt-age { opacity: .8; }
.gt-traits { font-size: .9em; opacity: .85; margin: 2px 0; }
.gt-board .gt-backs { height: 22px; width: auto; display: inline-block; vertical-align: middle; max-height: none; }
.gt-back { fill: #7048e8; stroke: #fff; stroke-width: 1; }
.gt-handcount { display: inline-flex; gap: 4px; align-items: center; font-size: .9em; }
.gt-slots { display: grid; gap: 8px; }
@container gt-main (min-width: 540px) { .gt-slots { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
.gt-slot { background: #fff; border: 2px dashed #ccc; border-radius: 10px; padding: 8px; }
.gt-slot.gt-live { border-style: solid; border-color: #1c5fbf; }
.gt-mat.gt-live { border-color: var(--ind); background: #fff4e6; }
.gt-slot.gt-last { box-shadow: 0 0 0 4px #ffd43b; }
.gt-slot.gt-buzz-picked { outline: 3px solid #e03131; }
.gt-slot-head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.gt-badge { border-radius: 999px; padding: 0 8px; background: #e9ecef; font-size: .8em; }
.gt-badge-live { background: #d3f9d8; } .gt-badge-new { background: #ffd43b; font-weight: 700; }
.gt-say { margin-left: auto; min-height: 40px; padding: 2px 8px; }
.gt-halves { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 4px; margin: 6px 0; }
.gt-half { border-radius: 8px; padding: 4px 8px; font-weight: 600; }
.gt-half small { display: block; font-size: .7em; letter-spacing: .05em; }
@container gt-board (max-width: 539px) {
  .gt-half { font-size: .85em; padding: 3px 6px; }
  .gt-slot { padding: 6px 8px; }
}
.gt-half-who { background: var(--who); border: 1px solid #bbb; }
.gt-half-what { background: var(--what); color: #fff; }
.gt-half-what.gt-empty { background: #eef2f8; color: #4f5560; font-weight: 400; }
.gt-empty { color: #5c6370; font-style: italic; }
.gt-sentence { font-size: 1.12em; font-weight: 700; margin: 6px 0 2px; }
.gt-hint { margin: 0; font-style: italic; font-size: .92em; color: #495057; }
.gt-binds { display: flex; flex-direction: column; gap: 2px; margin-top: 4px; font-size: .92em; }
.gt-grace-on { color: #c92a2a; font-weight: 700; }
.gt-hand-head { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 14px; }
.gt-hand-head h3 { margin: 0; }
.gt-pile { display: inline-flex; align-items: center; gap: 6px; }
.gt-pile.gt-last { box-shadow: 0 0 0 3px #ffd43b; border-radius: 6px; }
.gt-draw { margin-left: auto; }
.gt-draw.legal { background: #237a35; color: #fff; }
.gt-hand { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; margin-top: 8px; }
.gt-card { display: flex; flex-direction: column; gap: 4px; text-align: left; min-height: 110px; padding: 8px;
  border-radius: 10px; border: 2px solid #999; font: inherit; cursor: pointer; background: #fff; color: #1d1d1f; }
.gt-card:disabled { cursor: default; }
.gt-kind-what { background: var(--what); color: #fff; } .gt-kind-individual { background: var(--ind); }
.gt-kind-blank_what, .gt-kind-blank_individual { background: #e9ecef; }
.gt-card.gt-playable { border-color: #2f9e44; }
.gt-card-kind { font-size: .75em; font-weight: 700; letter-spacing: .04em; opacity: .85; }
.gt-family-icon, .board svg.gt-family-icon { display: inline-block; width: 1.5em; height: 1.5em; vertical-align: -0.4em; margin-right: .3em; flex: none; }
.gt-card-text { font-weight: 700; } .gt-card-hint { font-size: .85em; font-style: italic; }
.gt-chooser { margin-top: 8px; padding: 8px; border-radius: 10px; background: #edf2ff; }
.gt-chooser p { margin: 4px 0; font-weight: 600; }
.gt-cancel { margin-top: 4px; }
.gt-input { font: inherit; min-height: 44px; padding: 6px 10px; border-radius: 10px; border: 2px solid #b8b2a6;
  width: 100%; box-sizing: border-box; }
.gt-buzz { background: #fff0f0; border-color: #ffa8a8; }
.gt-step { margin: 6px 0 4px; font-weight: 700; }
.gt-buzz-slots { display: grid; gap: 6px; grid-template-columns: repeat(2, minmax(0, 1fr)); }
.gt-buzz-slot { display: flex; flex-direction: column; align-items: flex-start; text-align: left; min-width: 0; }
.gt-buzz-sentence { font-size: .8em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 100%; }
.gt-dim { color: #5c6370; border-style: dashed; }  /* not faded: its text stays readable (WCAG AA) */
.gt-buzz-seat { border-color: var(--seat); display: inline-flex; gap: 6px; align-items: center; }
.gt-buzz-seat.gt-selected { background: #ffe3e3; outline-color: #e03131; }
.gt-buzzer { display: flex; align-items: center; justify-content: center; gap: 10px; width: 100%; min-height: 72px;
  margin-top: 10px; border-radius: 999px; font-size: 1.5em; font-weight: 900; letter-spacing: .04em;
  background: #e03131; color: #fff; border: 4px solid #a61e1e; box-shadow: 0 5px 0 #7a1616; }
.gt-buzzer:active { transform: translateY(3px); box-shadow: 0 2px 0 #7a1616; }
.gt-buzzer.legal { border-color: #a61e1e; box-shadow: 0 5px 0 #7a1616, 0 0 0 4px #ffd43b; }
.gt-buzzer-idle { background: #fde8e8; color: #8a1c1c; border-style: dashed; font-size: 1.05em; font-weight: 700; box-shadow: none; }
.gt-emote-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(92px, 1fr)); gap: 6px; }
.gt-emote { display: flex; flex-direction: column; align-items: center; gap: 2px; font-size: .8em; padding: 4px; min-height: 56px; }
.gt-board .gt-icon { width: 1.3em; height: 1.3em; display: inline-block; vertical-align: middle; flex: none; max-height: none; }
.gt-board .gt-buzzer .gt-icon { width: 1.4em; height: 1.4em; }
.gt-emote-icon { font-size: 1.6em; line-height: 1; }
.gt-feed { list-style: none; margin: 0 0 8px; padding: 6px; max-height: 260px; overflow-y: auto; background: #fff;
  border-radius: 10px; border: 1px solid #ddd; display: flex; flex-direction: column; gap: 3px; }
@container gt-board (min-width: 800px) { .gt-feed { max-height: 380px; } }
.gt-feed-item { display: block; font-size: .92em; padding: 2px 4px; border-radius: 6px; }
.gt-feed-item > * { margin-right: 4px; }
.gt-feed-item.gt-last { background: #fff3bf; outline: 2px solid #ffd43b; }
.gt-feed-t { display: inline-block; font-size: .75em; color: #5f6670; font-variant-numeric: tabular-nums; min-width: 3.2em; }
.gt-dot { width: .7em; height: .7em; border-radius: 999px; display: inline-block; }
.gt-bubble { background: #e7f5ff; border-radius: 10px; padding: 1px 8px; }
.gt-announce { font-weight: 700; color: #1c5fbf; }
.gt-buzzline { font-weight: 700; color: #c92a2a; }
.gt-feed-turn_start { text-align: center; color: #5f6670; font-size: .85em; border-top: 1px solid #eee; }
.gt-result { font-weight: 700; } .gt-result-correct { color: #237a35; } .gt-result-wrong { color: #c92a2a; }
.gt-result-referee { color: #862e9c; }
.gt-chat-form { display: flex; gap: 6px; }
.gt-chat-form .gt-input { flex: 1; min-width: 0; }
.gt-say-btn { background: #4263eb; color: #fff; border-color: #364fc7; font-weight: 700; }
.gt-quick-line { font-size: .85em; min-height: 40px; }
.gt-ballot { background: #fff9db; border-color: #fcc419; }
.gt-yes { background: #d3f9d8; } .gt-no { background: #ffe3e3; }
.gt-voted { background: #d3f9d8; }
.gt-judged { margin: -4px 0 6px; font-weight: 600; color: #5c3c00; }
.gt-area-choice { display: inline-flex; flex-direction: column; align-items: flex-start; text-align: left; }
.gt-covers { font-weight: 500; font-size: .9em; }
/* Phone: one part of the table at a time, under a tab bar fixed at the bottom of the screen. */
.gt-tabs { display: none; }
@media (max-width: 699px) {
  .gt-board .gt-off { display: none; }
  .gt-tabs { display: flex; position: fixed; z-index: 12; left: 0; right: 0; bottom: 0; gap: 2px;
    padding: 4px 4px max(4px, env(safe-area-inset-bottom)); background: #201a3d; box-shadow: 0 -2px 10px rgba(0,0,0,.25); }
  .gt-tab { flex: 1 1 0; min-height: 52px; min-width: 0; border: 0; border-radius: 10px; background: transparent; color: #fff;
    font: inherit; font-size: .8em; font-weight: 700; display: flex; flex-direction: column; align-items: center;
    justify-content: center; gap: 1px; cursor: pointer; touch-action: manipulation; }
  .gt-tab-on { background: #ffd43b; color: #201a3d; }
  .gt-tab-icon { font-size: 1.25em; line-height: 1; }
  body:has(.gt-tabs) { padding-bottom: 72px; }
  body:has(.gt-tabs) .toasts { bottom: 64px; }
  :root:has(.gt-tabs) { --tab-bar: calc(56px + max(4px, env(safe-area-inset-bottom))); }  /* the shell's replay bar sits on it */
}
`;

export function installStyle() {
  addStyle("gotcha-board-style", CSS);  // a constructed sheet: the CSP refuses <style>
}
