// The "How to play" page (/how/<game>): the engine's guide for the game (GET
// /api/games/<game>/guide, what `ludoteca rules` prints: components, setup, a turn, the end,
// every rule with its id), in the page's language. Options are shown with their labels and
// help from the game card (GET /api/games), as the lobby form offers them.

import {h, clear} from "./boards/svg.js";
import {getLang, onLangChange, t} from "./i18n.js";
import {fetchGames, optionValueText} from "./lobby.js";
import {componentsPicture, examplePictures, picturesStyle} from "./guide_pictures.js";
import {learnLink} from "./lesson_links.js";

/** The /how/<game> id of a path, or null. */
export function guideIdFrom(pathname) {
  const match = /^\/how\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

async function fetchGuide(game, lang) {
  const response = await fetch(`/api/games/${encodeURIComponent(game)}/guide?lang=${encodeURIComponent(lang)}`);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error((body.error && body.error.message) || t("error.http", {status: response.status}));
  return body;
}

function entries(section) {
  if (!section.entries.length) return null;
  if (section.key === "rules") {
    return h("dl", {class: "guide-rules"}, section.entries.flatMap((entry) => [
      h("dt", {id: `rule-${entry.term}`}, [h("span", {class: "rule-id"}, [entry.term])]),
      h("dd", {}, [entry.text]),
    ]));
  }
  if (section.preformatted) {
    return h("div", {class: "guide-drawings"}, section.entries.map((entry) => h("figure", {}, [
      h("figcaption", {}, [entry.term]), h("pre", {}, [entry.text]),
    ])));
  }
  return h("dl", {class: "guide-entries"}, section.entries.flatMap((entry) => [
    h("dt", {}, [entry.term]), h("dd", {}, [entry.text]),
  ]));
}

/** The options section from the game card: label, help, default (as the lobby shows them). */
function optionsSection(section, card) {
  const options = card && Array.isArray(card.options) ? card.options : [];
  if (!options.length) return h("section", {class: "panel guide-section", "data-section": section.key}, [
    h("h2", {}, [section.title]), ...section.paragraphs.map((text) => h("p", {}, [text])),
  ]);
  return h("section", {class: "panel guide-section", "data-section": section.key}, [
    h("h2", {}, [section.title]),
    h("p", {class: "muted"}, [t("guide.options_note")]),
    h("dl", {class: "guide-entries"}, options.flatMap((option) => [
      h("dt", {}, [option.label || option.name]),
      h("dd", {}, [option.help || "", " ", h("span", {class: "muted"}, [
        "(", t("lobby.default", {value: optionValueText(option.default, option.name)}), ")"])]),
    ])),
  ]);
}

/** The game's components as pictures (the words below say the same). */
function componentsFigure(game, lang) {
  const picture = componentsPicture(game, lang);
  return picture ? h("figure", {class: "guide-figure", "data-testid": "guide-components-picture"}, [picture]) : null;
}

/** The example turn: each step's words under its picture, in order. */
function exampleSection(section, game, lang) {
  const pictures = examplePictures(game, lang);
  return h("section", {class: "panel guide-section", "data-section": section.key}, [
    h("h2", {}, [section.title]),
    h("ol", {class: "guide-example", "data-testid": "guide-example"}, section.paragraphs.map((text, i) => h("li", {}, [
      h("figure", {class: "guide-figure"}, [pictures[i] || null, h("figcaption", {}, [text])]),
    ]))),
  ]);
}

/** Mount the guide of `game` into `root`. */
export function mountGuide(root, game) {
  async function load() {
    clear(root);
    root.appendChild(h("p", {class: "muted"}, [t("guide.loading")]));
    const lang = getLang();
    let guide;
    let card = null;
    try {
      const [body, cards] = await Promise.all([fetchGuide(game, lang), fetchGames(lang).catch(() => [])]);
      guide = body;
      card = cards.find((c) => c.id === game) || null;
    } catch (error) {
      clear(root);
      root.appendChild(h("div", {class: "panel center"}, [
        h("p", {class: "banner error", role: "alert"}, [t("guide.failed", {error: error.message})]),
        h("a", {class: "btn primary", href: "/"}, [t("nav.lobby")]),
      ]));
      return;
    }
    clear(root);
    document.title = `${t("room.how_to_play")} · ${guide.name} · ${t("app.title")}`;
    const toc = guide.sections.map((section) => h("li", {}, [h("a", {href: `#guide-${section.key}`}, [section.title])]));
    picturesStyle();
    const sections = guide.sections.map((section) => {
      const node = section.key === "options" ? optionsSection(section, card)
        : section.key === "example" ? exampleSection(section, game, lang) : h("section", {class: "panel guide-section", "data-section": section.key}, [
          h("h2", {}, [section.title]),
          section.key === "components" ? componentsFigure(game, lang) : null,
          ...section.paragraphs.map((text) => h("p", {}, [text])),
          entries(section),
        ]);
      node.id = `guide-${section.key}`;
      return node;
    });
    root.appendChild(h("article", {class: "guide", "data-testid": "guide", "data-game": game, lang}, [
      h("header", {class: "guide-head"}, [
        h("h1", {}, [`${t("room.how_to_play")}: ${guide.name}`]),
        h("p", {class: "summary"}, [guide.summary]),
        h("div", {class: "card-actions"}, [
          h("a", {class: "btn primary", href: `/?game=${encodeURIComponent(game)}`, "data-testid": "guide-play"}, [t("guide.play", {game: guide.name})]),
          learnLink(game, {"data-testid": "guide-learn"}),
          h("button", {class: "btn ghost", type: "button", onclick: () => history.back()}, [t("guide.back")]),
        ]),
        h("nav", {class: "guide-toc"}, [h("ol", {}, toc)]),
      ]),
      ...sections,
    ]));
  }
  onLangChange(() => load());
  load();
}
