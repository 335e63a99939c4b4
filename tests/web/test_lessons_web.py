"""Issue 43, the web table's lessons over HTTP: the list, a lesson's outline, each step as
the learner sees it and the verdict on each try, in Spanish and English; every bad request
answered with a clear refusal in the asker's language, nothing changed, no traceback.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from web_helpers import Server

from lesson_tries import tries
from ludoteca.engine import registry
from ludoteca.engine.i18n import Lang
from ludoteca.lessons import lesson, lesson_games
from people_read import offending, report

LANGS: tuple[Lang, ...] = ("es", "en")


def raw(
    server: Server, path: str, data: bytes | None, kind: str = "application/json"
) -> tuple[int, Any]:
    """A POST with ``data`` as its body and ``kind`` as its type."""
    request = urllib.request.Request(server.base + path, data=data, method="POST")
    request.add_header("Content-Type", kind)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def step_path(game: str, step: str) -> str:
    return f"/api/lessons/{quote(game)}/steps/{quote(step)}"


def test_the_list_and_every_outline_in_both_languages(server: Server) -> None:
    assert lesson_games(), "no game has a lesson"
    lists = {lang: server.http("GET", f"/api/lessons?lang={lang}") for lang in LANGS}
    for lang, (status, body) in lists.items():
        assert status == 200
        assert [entry["game"] for entry in body["lessons"]] == list(lesson_games())
        for entry in body["lessons"]:
            taught = lesson(entry["game"])
            assert entry["title"] == taught.title.text(lang)
            assert entry["name"] == registry.make(entry["game"]).info.name(lang)
            assert entry["steps"] == len(taught.steps)
    for game in lesson_games():
        taught = lesson(game)
        status, outline = server.http("GET", f"/api/lessons/{game}?lang=es")
        assert status == 200
        assert [s["id"] for s in outline["steps"]] == [s.id for s in taught.steps]
        assert [s["kind"] for s in outline["steps"]] == [s.kind for s in taught.steps]
        assert outline["final_bot"] == taught.final_bot
        info = registry.make(game).info
        assert outline["final_players"] == info.min_players
        assert outline["final_bot"] in _agents(server, game)
        _status, english = server.http("GET", f"/api/lessons/{game}?lang=en")
        assert english["title"] == taught.title.text("en") != outline["title"]


def _agents(server: Server, game: str) -> list[str]:
    """The agents the lobby offers for ``game`` (the closing game's bot must be one)."""
    _status, body = server.http("GET", "/api/games")
    card = next(card for card in body["games"] if card["id"] == game)
    agents: list[str] = card["agents"]
    return agents


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_shows_the_learners_view_and_judges_tries(server: Server, lang: Lang) -> None:
    read: list[str] = []
    for game in lesson_games():
        taught = lesson(game)
        game_rules = dict(registry.make(game).rules_text(lang))
        for index, step in enumerate(taught.steps):
            where = f"{step_path(game, step.id)}?lang={lang}&name=Luc%C3%ADa"
            status, shown = server.http("GET", where)
            assert status == 200, shown
            assert (shown["index"], shown["total"], shown["kind"]) == (
                index,
                len(taught.steps),
                step.kind,
            )
            view = registry.make(game).view(step.state(), step.learner)
            assert shown["view"] == json.loads(json.dumps(step.learner_view(view, "Lucía")))
            assert shown["seats"][step.learner] == {
                "seat": step.learner,
                "kind": "human",
                "name": "Lucía",
                "agent": None,
                "connected": True,
            }
            assert [r["id"] for r in shown["rules"]] == list(step.rules)
            assert all(r["text"] == game_rules[r["id"]] for r in shown["rules"])
            read += [shown["title"], shown["prompt"], *(m["label"] for m in shown["legal"])]
            if step.kind == "show":
                assert shown["legal"] == [] and shown["actors"] == []
                continue
            assert shown["legal"], f"{step.id}: a step to do with no move"
            found = tries(game, step.id, lang)
            status, right = server.http(
                "POST", f"{step_path(game, step.id)}/try?lang={lang}", {"action": found.right}
            )
            assert status == 200 and right["ok"] is True, right
            assert right["after"] is not None and right["after"]["view"]
            read += [right["message"], *(e["text"] for e in right["after"]["events"])]
            if found.wrong is not None:
                status, wrong = server.http(
                    "POST", f"{step_path(game, step.id)}/try?lang={lang}", {"action": found.wrong}
                )
                assert status == 200 and wrong["ok"] is False and wrong["after"] is None
                assert wrong["rule"] == found.wrong_rule
                assert wrong["rule_text"] == game_rules.get(wrong["rule"], "")
                read.append(wrong["message"])
        assert not offending(read, game, lang), report(offending(read, game, lang))
        read.clear()


def test_each_declared_wrong_try_is_answered_by_its_rule(server: Server) -> None:
    """The wrong try each step's data declares, sent as the page sends a move: answered
    with the rule the data names; one the rules forbid, by the game's own ``explain``.
    """
    judged = 0
    for game in lesson_games():
        played = registry.make(game)
        for step in lesson(game).steps:
            if not step.wrong:
                continue
            verdicts = {}
            for lang in LANGS:
                where = f"{step_path(game, step.id)}/try?lang={lang}"
                status, verdicts[lang] = server.http("POST", where, {"action": step.wrong})
                assert status == 200, verdicts[lang]
                assert verdicts[lang]["ok"] is False and verdicts[lang]["after"] is None
                assert verdicts[lang]["rule"] == step.wrong_rule, (step.id, verdicts[lang])
            assert verdicts["es"]["message"] != verdicts["en"]["message"]
            action = played.parse_action(step.wrong)
            if action not in step.legal():
                explained = played.explain(step.state(), step.learner, action)
                assert explained is not None and explained[0] == step.wrong_rule
            judged += 1
    assert judged


def test_bad_requests_are_refused_in_the_askers_language(server: Server) -> None:
    game = lesson_games()[0]
    taught = lesson(game)
    do = next(s for s in taught.steps if s.kind == "do")
    path = step_path(game, do.id)
    cases: list[tuple[str, str, object, int, str]] = [
        ("GET", "/api/lessons/chess", None, 404, "no_lesson"),
        ("GET", "/api/lessons/" + "x" * 300, None, 404, "no_lesson"),
        ("GET", step_path(game, "nope"), None, 404, "no_step"),
        ("GET", step_path("chess", "nope"), None, 404, "no_lesson"),
        ("POST", step_path(game, "nope") + "/try", {"action": "x"}, 404, "no_step"),
        ("POST", path + "/try", {"action": "fly away"}, 400, "unreadable_action"),
        ("POST", path + "/try", {"action": 7}, 400, "bad_message"),
        ("POST", path + "/try", {"action": ""}, 400, "bad_message"),
        ("POST", path + "/try", {"action": "x" * 201}, 400, "bad_message"),
        ("POST", path + "/try", {}, 400, "bad_message"),
        ("POST", path + "/try", [1, 2], 400, "bad_message"),
    ]
    show = next((s for s in taught.steps if s.kind == "show"), None)
    if show is not None:
        shown = step_path(game, show.id) + "/try"
        cases.append(("POST", shown, {"action": "x"}, 400, "not_a_move"))
    for method, where, body, status, code in cases:
        answers = {}
        for lang in LANGS:
            got, answer = server.http(method, f"{where}?lang={lang}", body)
            assert (got, answer["error"]["code"]) == (status, code), (where, body, answer)
            answers[lang] = answer["error"]["message"]
        assert answers["es"] != answers["en"] and all(answers.values()), answers
    assert raw(server, path + "/try?lang=es", b'{"action": "x"}', "text/plain")[0] == 415
    assert raw(server, path + "/try?lang=es", b"{not json")[1]["error"]["code"] == "bad_message"
    assert raw(server, path + "/try?lang=es", b'"\\ud800"')[1]["error"]["code"] == "bad_message"
    status, answer = raw(server, path + "/try?lang=es", b" " * 5000)
    assert status == 413 and "bytes" in answer["error"]["message"]
    # Nothing changed: the step is shown as before.
    _status, before = server.http("GET", f"{path}?lang=en")
    assert before["view"] == json.loads(
        json.dumps(registry.make(game).view(do.state(), do.learner))
    )


def test_the_learners_name_is_theirs_or_you(server: Server) -> None:
    game = lesson_games()[0]
    step = lesson(game).steps[0]
    for query, name in [
        ("lang=es", "Tú"),
        ("lang=en", "You"),
        ("lang=en&name=%20%20", "You"),
        ("lang=en&name=" + "Ana%20%20Mar%C3%ADa", "Ana María"),
        ("lang=en&name=" + "z" * 80, "z" * 30),
        ("lang=en&name=a%00b", "You"),
    ]:
        status, shown = server.http("GET", f"{step_path(game, step.id)}?{query}")
        assert status == 200 and shown["seats"][step.learner]["name"] == name, query


def test_gotchas_board_names_the_learner_as_the_seats_and_texts_do(server: Server) -> None:
    """Gotcha's board names the seats by their profiles: the learner's is the person's name
    (or "You"), never the position's own profile name."""
    for step in lesson("gotcha").steps:
        profiles = registry.make("gotcha").view(step.state(), None)["profiles"]
        own = profiles[step.learner]["name"]
        for query, name in [("lang=es&name=Luc%C3%ADa", "Lucía"), ("lang=en", "You")]:
            status, shown = server.http("GET", f"{step_path('gotcha', step.id)}?{query}")
            assert status == 200, shown
            assert shown["view"]["profiles"][step.learner]["name"] == name
            assert shown["seats"][step.learner]["name"] == name
            assert not re.search(rf"\b{own}\b", json.dumps(shown)), f"{step.id} shows {own}"


def test_the_lesson_page_is_served(server: Server) -> None:
    for method in ("GET", "HEAD"):
        request = urllib.request.Request(server.base + "/learn/tacocat", method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200
            assert response.headers["content-type"].startswith("text/html")


STATIC = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "static"


def test_every_lesson_page_string_exists_in_both_languages() -> None:
    text = (STATIC / "lesson_text.js").read_text(encoding="utf-8")
    blocks = {
        "es": text[text.index("  es: {") : text.index("  en: {")],
        "en": text[text.index("  en: {") : text.index("export function s(")],
    }
    entry = re.compile(r'^\s+"([\w.]+)": "(.*)",$', re.MULTILINE)
    tables = {lang: dict(entry.findall(block)) for lang, block in blocks.items()}
    assert tables["es"] and sorted(tables["es"]) == sorted(tables["en"])
    assert all(tables["es"][key] != tables["en"][key] for key in tables["es"])
    used: set[str] = set()
    shell: set[str] = set()
    for path in STATIC.glob("lesson*.js"):
        source = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\bs\("([\w.]+)"', source))
        shell |= set(re.findall(r'\bt\("([\w.]+)"', source))
    assert used and sorted(used - set(tables["es"])) == []
    shell_strings = (STATIC / "i18n.js").read_text(encoding="utf-8")
    assert [key for key in sorted(shell) if f'"{key}":' not in shell_strings] == []
