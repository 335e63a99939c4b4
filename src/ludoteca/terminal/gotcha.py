"""Gotcha! in the terminal: the live rules as sentences, the track, the mats, the room.

Only view keys are read (see ``Gotcha.view``), so nothing hidden from the seat can appear.

The person plays through :class:`GotchaHuman`, an agent that reads one line at a time:
plain text is a chat message, ``/emote NAME`` (the emote's id or its label in either
language: ``/gesto aplaudir``), ``/buzz a1 2,3``, ``/draw``, a number picks a listed draw,
play or vote, ``/play W03 a1`` or ``/vote yes`` are typed in full, an empty line lets the
others go on for five seconds of game time (never a move of the person's: when nobody
else can act, it says so and asks again), ``?`` shows help, ``/table`` (``/mesa``) the
whole table with every trait in full, ``q`` quits; an unknown
``/command`` is named with the commands there are. The person's actions are stamped
with the game clock plus the real time spent typing (read here, in the terminal layer;
the engine never reads a clock). While the person types, the bots' earlier proposals
win the race (``runner.play``), so bots act between the person's inputs; a typed action
still legal afterwards is sent as it is.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludoteca.engine.errors import InvalidActionError, RulesError
from ludoteca.engine.events import ActionText, render
from ludoteca.engine.game import Game, View
from ludoteca.engine.i18n import Lang, Message, msg, register
from ludoteca.engine.seats import seat_symbol
from ludoteca.games.gotcha import cards, surface
from ludoteca.games.gotcha import names as names_mod
from ludoteca.games.gotcha.actions import SLOT_NAMES, Buzz, Chat, Draw, Emote, Play, Vote
from ludoteca.games.gotcha.cards_model import normalise
from ludoteca.games.gotcha.state import MAX_GAP_MS
from ludoteca.terminal import MARKED, Menu, Renderer, seat_badge, seat_label
from ludoteca.terminal import gotcha_board as board
from ludoteca.terminal.feed import EventFeed
from ludoteca.terminal.human import HELP_WORDS, QUIT_WORDS, QuitGame, ReadLine
from ludoteca.terminal.layout import NEXT_PAGE, PREVIOUS_PAGE, show_screen
from ludoteca.terminal.live import LiveInput

LOG_LINES = 14
"""Room events shown."""
WAIT_MS = 5000
"""Game time an empty line lets the others play."""
CHAT_LIMIT = 200
"""Longest chat message sent (the rest is cut, and the person told)."""


def render_view(view: View, lang: Lang, seat_views: Sequence[View] = ()) -> RenderableType:
    """The board, the rules, the mats and the room as ``view``'s seat sees them."""
    seat = view.get("seat")
    names = [p["name"] for p in view["profiles"]]
    rules = view["rules"]
    title = _title(view, names, lang)
    parts: list[RenderableType] = [
        _track(view, names, rules["track_length"]),
        _players(view, lang, seat),
        _rules(view, lang, names),
        _room(view, lang, names),
    ]
    if seat is not None and 0 <= seat < len(names):
        parts.append(_hand(view["hand"], lang))
    for other in seat_views:
        label = msg("term.hand_of", seat=names[int(other["seat"])]).text(lang)
        held = "; ".join(_card(card_id, lang) for card_id in other.get("hand", []))
        parts.append(Text(f"{label}: {held or '-'}"))
    if view.get("ballot"):
        parts.append(_ballot(view, names, lang))
    return Panel(Group(*parts), title=title, title_align="left")


def compact_view(view: View, lang: Lang) -> RenderableType:
    """For a small terminal (``terminal.gotcha_board.compact``): the track, the players
    with their traits in short words, every rule area, the hand and the vote.
    """
    return board.compact(view, lang, PARTS, brief=False)


def smaller_view(view: View, lang: Lang) -> RenderableType:
    """For a terminal too small even for :func:`compact_view` (many players): the
    players' names and ages only, and where their traits are.
    """
    return board.compact(view, lang, PARTS, brief=True)


def _title(view: View, names: Sequence[str], lang: Lang) -> str:
    """The panel's title: the turn, its limit, the phase, whose turn, and who you are."""
    rules = view["rules"]
    title = msg(
        "term.gotcha.title" if rules["turn_limit"] else "term.gotcha.title_no_limit",
        turn=view["turn"],
        limit=rules["turn_limit"],
        phase=msg(f"gotcha.phase.{view['phase']}"),
        player=names[view["current"]],
    ).text(lang)
    seat = view.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        title += " · " + msg("term.you_are", seat=seat_badge(seat, names[seat])).text(lang)
    return title


def _ballot(view: View, names: Sequence[str], lang: Lang) -> Text:
    """The vote under way on a blank card's rule (GT-09)."""
    ballot = view["ballot"]
    return Text(
        msg(
            "term.gotcha.ballot",
            buzzer=names[ballot["buzzer"]],
            slot=_place(ballot["slot"], lang),
            accused=", ".join(names[s] for s in ballot["accused"]),
        ).text(lang),
        style="bold yellow",
    )


def _table_key(view: View) -> tuple[Any, ...]:
    """What, when it changes, calls for the whole screen again (not only the news)."""
    ballot = view.get("ballot")
    return (
        view["turn"],
        view["phase"],
        tuple(view.get("hand", ())),
        tuple(view["positions"]),
        tuple((slot["slot"], slot["live"], slot["en"]) for slot in view["slots"]),
        None if not ballot else (ballot["buzzer"], ballot["slot"]),
    )


def _track(view: View, names: list[str], length: int) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False, padding=(0, 1, 0, 0))
    labels = ["WW", "S", *[str(i) for i in range(1, length)], "CHAMP"]
    for label in labels:
        # Several players on a space wrap, one a row, rather than lose their names.
        table.add_column(label, justify="center", overflow="fold")
    cells: list[list[str]] = [[] for _ in labels]
    for seat, position in enumerate(view["positions"]):
        cells[position + 1].append(f"{seat_symbol(seat)}{names[seat][:3]}")
    table.add_row(*(" ".join(c) or "·" for c in cells))
    return table


def _players(view: View, lang: Lang, seat: int | None) -> Table:
    """Who is who: the number to name in a buzz, the declared traits a WHO card reads."""
    table = Table(title=msg("term.gotcha.players").text(lang), show_header=False, expand=True)
    table.add_column("seat", justify="right", style="bold")
    table.add_column("player")
    for number, profile in enumerate(view["profiles"]):
        traits = ", ".join(cards.trait_label(t, lang) for t in profile["traits"])
        you = " · " + msg("term.gotcha.you").text(lang) if number == seat else ""
        line = msg("term.gotcha.profile", name=profile["name"], age=profile["age"])
        table.add_row(seat_symbol(number), Text(f"{line.text(lang)}: {traits or '-'}{you}"))
    return table


def _rules(view: View, lang: Lang, names: list[str]) -> Table:
    table = Table(title=msg("term.gotcha.rules").text(lang), show_header=False, expand=True)
    table.add_column("slot", style="bold")
    table.add_column("rule")
    for slot in view["slots"]:
        text = slot[lang]
        if not text:
            continue
        if slot["live"]:
            bound = ", ".join(names[s] for s in slot["bound"]) or "-"
            note = msg("term.gotcha.binds", at=_seconds(slot["binds_from"]), who=bound)
            top = slot["what"][-1] if "what" in slot else slot["cards"][-1]
            hint = cards.rule_hint(cards.card(top), lang)
            cell = Text(text, style="bold")
            if hint:
                cell.append(f"  ({hint})", style="italic")
            cell.append(f"  [{note.text(lang)}]", style="dim")
            table.add_row(_slot_label(view, slot["slot"], lang), cell)
        else:
            table.add_row(_slot_label(view, slot["slot"], lang), Text(text, style="dim"))
    return table


def _slot_label(view: View, slot: str, lang: Lang) -> Text:
    """A rule area's name, reversed when the last move (``terminal.MARKED``) played there."""
    marked = view.get(MARKED) or {}
    return Text(_place(slot, lang), style="reverse" if marked.get("slot") == slot else "")


def _place(slot: str, lang: Lang) -> str:
    """A place as the board labels it (``"Area 1"``, ``"Mat 2"``) for its id (``a1``)."""
    if slot not in SLOT_NAMES:
        return slot
    return names_mod.slot_name(SLOT_NAMES.index(slot)).text(lang)


def _card(card_id: str, lang: Lang) -> str:
    """A card as people read it (its sentence), for its id."""
    try:
        return names_mod.card_name(card_id).text(lang)
    except ValueError:
        return card_id


def _announced(view: View, card_id: str, lang: Lang) -> str:
    """The sentence of a rule just announced (the slot's, while the card is on top)."""
    for slot in view["slots"]:
        stacks = (slot["who"], slot["what"]) if "who" in slot else (slot["cards"],)
        if slot[lang] and any(stack and stack[-1] == card_id for stack in stacks):
            return str(slot[lang])
    try:
        card = cards.card(card_id)
    except ValueError:
        return card_id
    return card.es if lang == "es" else card.en


def _room(view: View, lang: Lang, names: list[str]) -> Table:
    table = Table(title=msg("term.gotcha.room").text(lang), show_header=False, expand=True)
    table.add_column("t", justify="right", style="dim")
    table.add_column("event")
    for t, seat, kind, text, _target in view["log"][-LOG_LINES:]:
        who = names[seat] if 0 <= seat < len(names) else msg("term.gotcha.game").text(lang)
        if kind == "chat":
            line = f"{who}: {text}"
        elif kind == "emote":
            line = f"{who} *{cards.emote_label(text, lang)}*"
        elif kind == "play":
            line = msg("term.gotcha.played", who=who, card=_card(text, lang)).text(lang)
        elif kind == "announce":
            sentence = _announced(view, text, lang)
            line = msg("term.gotcha.announced", rule=sentence).text(lang)
        elif kind == "buzz":
            line = msg("term.gotcha.buzzed", who=who, slot=_place(text, lang)).text(lang)
        elif kind == "turn_start":
            line = msg("term.gotcha.turn_of", who=who).text(lang)
        elif kind == "draw":
            line = f"{who} {msg('gotcha.do.draw').text(lang)}"
        elif kind == "vote":
            vote = msg("gotcha.do.vote", vote=msg(f"gotcha.{text}")).text(lang)
            line = f"{who} {vote}"
        else:
            line = f"{who} {kind} {text}".strip()
        table.add_row(_seconds(t), Text(line))
    for t, buzzer, slot, accused, result in view["buzzes"][-3:]:
        who = names[buzzer] if buzzer >= 0 else msg("term.gotcha.game").text(lang)
        outcome = msg(f"gotcha.buzz.{result}").text(lang)
        named = ", ".join(names[s] for s in accused)
        place = _place(slot, lang)
        table.add_row(_seconds(t), Text(f"{who} → {place} {named}: {outcome}", style="yellow"))
    left = view["events_left"]
    seat = view.get("seat")
    if seat is not None and 0 <= seat < len(left):
        table.add_row("", Text(msg("term.gotcha.left", n=left[seat]).text(lang), style="dim"))
        if view.get("locked", [False] * len(left))[seat]:
            table.add_row("", Text(msg("term.gotcha.locked").text(lang), style="yellow"))
    return table


def _hand(hand: Sequence[str], lang: Lang) -> Table:
    table = Table(title=msg("term.gotcha.hand").text(lang), show_header=False, expand=True)
    table.add_column("card", style="bold")
    table.add_column("text")
    for card_id in hand:
        card = cards.card(card_id)
        text = Text(card.es if lang == "es" else card.en)
        hint = cards.rule_hint(card, lang)
        if hint:
            text.append(f"  ({hint})", style="italic dim")
        table.add_row("•", text)
    return table


def _seconds(ms: int) -> str:
    return f"{ms / 1000:.1f}s"


def menu(view: View, legal: Sequence[Any], lang: Lang) -> Menu:
    """The draw, the plays (one per card and place) or the votes, numbered
    (``games.gotcha.surface.turn_menu``, the web table's menu too); hints for the room (chat,
    emotes, buzz).
    """
    shown, labels = surface.turn_menu(view, legal, lang)
    return Menu(shown, labels, (msg("term.gotcha.hint").text(lang),))


def examples(lang: Lang) -> str:
    """A few example inputs, and the emotes there are."""
    emotes = ", ".join(cards.emote_label(emote, lang) for emote in cards.EMOTES)
    return msg("term.gotcha.examples", emotes=emotes).text(lang)


PLACE_WORDS = {"area": "a", "zona": "a", "mat": "m", "tapete": "m"}
"""The words of the board's place labels (``Area 1``, ``Tapete 2``), as typed."""


def _names(view: View) -> list[str]:
    """The players' names (their profiles')."""
    return [str(profile["name"]) for profile in view["profiles"]]


def typed_buzz(rest: str, names: Sequence[str]) -> str:
    """A typed buzz in the game's notation: ``zona 1 Bruno, Carla`` → ``a1 1,2`` (the place
    as the board labels it, the players by name; the notation itself still reads).
    """
    folded = [normalise(name) for name in names]
    words = rest.replace(",", " ").split()
    place, seats = "", []
    index = 0
    while index < len(words):
        word = normalise(words[index])
        head, number = word.rstrip("0123456789"), word[len(word.rstrip("0123456789")) :]
        if head in PLACE_WORDS:
            if not number and index + 1 < len(words) and words[index + 1].isdigit():
                index += 1
                number = words[index]
            place = PLACE_WORDS[head] + number
        elif word in folded:
            seats.append(str(folded.index(word)))
        elif not place:
            place = words[index]
        else:
            seats.append(words[index])
        index += 1
    return f"{place} {','.join(seats)}".strip()


class GotchaHuman:
    """A person at the terminal playing Gotcha (see the module docstring).

    Args:
        game: The game.
        seat: The person's seat.
        lang: The person's language.
        console: Where to draw.
        read_line: How to read a line.
        clock: Seconds of real time (``time.monotonic``); injectable for tests.
    """

    name = "human"

    def __init__(
        self,
        game: Game[Any, Any],
        seat: int,
        lang: Lang,
        console: Console,
        read_line: ReadLine,
        clock: Callable[[], float] = time.monotonic,
        *,
        feed: EventFeed | None = None,
        live: LiveInput | None = None,
        speed: float = 1.0,
    ) -> None:
        self._game = game
        self._seat = seat
        self._lang = lang
        self._console = console
        self._read_line = read_line
        self._clock = clock
        self._pending: Any = None
        self._wait_until = -1
        self._shown = -1
        self._feed = feed
        self._live = live
        self._speed = speed
        self._anchor: tuple[int, float] | None = None
        self._typed: str | None = None
        self._drawn: tuple[Any, ...] | None = None
        self._named = False
        self._page = 0

    def attach_live(self, live: LiveInput) -> None:
        """Read the person's lines from ``live`` (a terminal): the others' actions then
        appear as they happen (``_choose_live``).
        """
        self._live = live

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The person's next action; bots' earlier actions are applied in between."""
        clock = view["clock"]
        if self._feed is not None and not self._named:
            self._feed.rename([p["name"] for p in view["profiles"]])
            self._named = True
        if self._pending is not None:
            if self._applied(view, self._pending):
                self._pending = None
            elif self._pending in legal:
                return self._pending
            else:
                self._pending = None
        if self._live is not None:
            return self._choose_live(self._live, view, legal, rng)
        if clock < self._wait_until:
            return _idle(clock, legal)
        options = menu(view, legal, self._lang)
        if self._shown != len(view["log"]) + view["log_base"]:
            self._show(view, options)
            self._shown = len(view["log"]) + view["log_base"]
        prompt = msg("term.gotcha.prompt", name=view["profiles"][self._seat]["name"])
        while True:
            started = self._clock()
            answer = self._read_line(prompt.text(self._lang)).strip()
            t = clock + max(100, int((self._clock() - started) * 1000))
            t = min(t, clock + MAX_GAP_MS - 1000)
            if not answer:
                if not any(s != self._seat for s in view["actors"]):
                    # Nobody else can act: waiting would only play the person's own move.
                    self._say(msg("term.gotcha.only_you"), "yellow")
                    continue
                self._wait_until = clock + WAIT_MS
                return _idle(clock, legal)
            action = self._answer(answer, t, view, legal, options, rng)
            if action is not None:
                return action

    def _answer(
        self,
        answer: str,
        t: int,
        view: View,
        legal: Sequence[Any],
        options: Menu,
        rng: random.Random,
    ) -> Any:
        """The action a non-empty answer asks for, stamped ``t``, or ``None`` when the
        answer was help or a mistake (explained here).

        Raises:
            QuitGame: For q.
        """
        if answer.lower() in QUIT_WORDS:
            raise QuitGame
        if answer.lower() in NEXT_PAGE | PREVIOUS_PAGE:
            self._page += 1 if answer.lower() in NEXT_PAGE else -1
            self._drawn = None
            self._show(view, options)
            return None
        if answer.lower() in HELP_WORDS:
            self._show(view, options)
            self._say(msg("term.help", examples=examples(self._lang)), "cyan")
            return None
        if answer.lower() in board.TABLE_WORDS:
            self._show_whole(view)
            return None
        try:
            action = self._read(answer, t, options, _names(view))
        except RulesError as error:
            text = error.text(self._lang, _names(view))
            self._console.print(text, style="red", highlight=False, markup=False)
            return None
        if action in legal:
            self._pending = action
            return action
        reason = self._game.explain(
            self._game.sample_state(view, self._seat, rng), self._seat, action
        )
        rule = msg("engine.rule_suffix", rule_id=reason[0]) if reason and reason[0] else ""
        why = reason[1] if reason else msg("engine.not_legal_here")
        shown = ActionText(action, self._game.describe)  # as people read it
        refused = msg("term.illegal", action=shown, rule=rule, reason=why)
        self._console.print(
            render(refused, self._lang, _names(view)), style="red", highlight=False, markup=False
        )
        return None

    def _choose_live(
        self, live: LiveInput, view: View, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        """The live terminal: the others' actions appear as they happen, in game time
        paced to real time (``speed`` game seconds a second; 0: no waiting), above the
        line the person is typing; the person's line, when Enter ends it, is stamped with
        the game time of that moment. While others may act and nothing was typed, the
        person's proposal is idle (it loses every race, ``_idle``), so the game goes on.
        """
        clock = view["clock"]
        prompt = msg("term.gotcha.prompt", name=view["profiles"][self._seat]["name"])
        live.prompt(prompt.text(self._lang))
        if self._typed is None and self._speed > 0 and self._anchor is not None:
            # The others' next event is at ``clock``: show it when real time gets there.
            ahead = (clock - self._game_now()) / (1000 * self._speed)
            if ahead > 0:
                self._typed = live.read(ahead)
        self._anchor = (clock, self._clock())
        options = menu(view, legal, self._lang)
        self._show_live(live, view, options)
        others = any(s != self._seat for s in view["actors"])
        while True:
            if self._typed is None:
                self._typed = live.read(None if not others else 0)
            if self._typed is None:
                return _idle(clock, legal)
            answer, self._typed = self._typed.strip(), None
            if not answer:
                with live.above():
                    self._drawn = None
                    self._show_live(live, view, options)
                if others:
                    return _idle(clock, legal)
                continue
            t = min(max(clock + 100, int(self._game_now())), clock + MAX_GAP_MS - 1000)
            with live.above():
                action = self._answer(answer, t, view, legal, options, rng)
            if action is not None:
                return action
            if others:
                return _idle(clock, legal)

    def _game_now(self) -> float:
        """The game time now: the last clock seen plus the real time since, at ``speed``."""
        if self._anchor is None:
            return 0.0
        clock, real = self._anchor
        return clock + (self._clock() - real) * 1000 * self._speed

    def _show_live(self, live: LiveInput, view: View, options: Menu) -> None:
        """The whole screen when the table changed (a turn, a rule, the hand, a vote),
        else only what happened since, printed above the line being typed.
        """
        drawn = _table_key(view)
        with live.above():
            if drawn != self._drawn:
                if self._drawn is not None and drawn[:2] != self._drawn[:2]:
                    self._page = 0  # a new phase: its moves from the first page
                self._drawn = drawn
                self._show(view, options)
                return
            news = self._feed.take(self._seat) if self._feed is not None else []
            for line in news:
                self._console.print(f"  · {line}", highlight=False, markup=False, emoji=False)

    def parse_answer(self, answer: str, t: int, options: Menu, names: Sequence[str]) -> Any:
        """The action a typed answer asks for, stamped ``t``, read as in a game: a number
        picks from ``options``, ``/buzz``, ``/emote`` and the other commands, ``@`` the
        notation, anything else is chat (a lesson reads its tries this way).

        Raises:
            RulesError: If the answer is no action.
        """
        return self._read(answer, t, options, names)

    def _read(self, answer: str, t: int, options: Menu, names: Sequence[str]) -> Any:
        if answer.isascii() and answer.isdigit():
            number = int(answer)
            if not 1 <= number <= len(options.actions):
                raise RulesError(msg("term.bad_choice", number=number, high=len(options.actions)))
            return _at(options.actions[number - 1], t)
        if answer.startswith("@"):
            return self._game.parse_action(answer)
        if answer.startswith("/"):
            verb, _, rest = answer[1:].partition(" ")
            if verb.lower() not in COMMANDS:
                raise RulesError(msg("term.gotcha.unknown_command", command="/" + verb, valid=HELP))
            if verb.lower() in ("emote", "gesto"):
                answer = f"/{verb} {emote_id(rest)}"
            elif verb.lower() in ("buzz", "timbre"):
                answer = f"/{verb} {typed_buzz(rest, names)}"
            try:
                return self._game.parse_action(f"@{t} {answer[1:]}")
            except InvalidActionError as error:
                # Name what the person typed, not the time stamped on it.
                raise InvalidActionError(answer, error.reason) from None
        if len(answer) > CHAT_LIMIT:
            self._say(msg("term.gotcha.chat_cut", limit=CHAT_LIMIT), "yellow")
        return Chat(t, answer[:CHAT_LIMIT])

    def _applied(self, view: View, action: Any) -> bool:
        t = action.t
        kind = {
            Chat: "chat",
            Emote: "emote",
            Buzz: "buzz",
            Draw: "draw",
            Play: "play",
            Vote: "vote",
        }
        return any(
            e[0] == t and e[1] == self._seat and e[2] == kind[type(action)] for e in view["log"]
        )

    def _show(self, view: View, options: Menu) -> None:
        """The whole screen, fitted to the terminal (``terminal.layout``)."""
        news = self._feed.take(self._seat) if self._feed is not None else []
        prompt = msg("term.gotcha.prompt", name=view["profiles"][self._seat]["name"])
        fitted = show_screen(
            self._console,
            self._lang,
            RENDERER.tables(view, self._lang),
            news,
            options.labels,
            options.hints,
            prompt.text(self._lang),
            self._page,
        )
        self._page = fitted.page

    def _show_whole(self, view: View) -> None:
        """The whole table, every trait and rule in full (``/table``)."""
        self._console.print(render_view(view, self._lang))

    def _say(self, message: Message, style: str) -> None:
        self._console.print(message.text(self._lang), style=style, highlight=False, markup=False)


def _at(action: Any, t: int) -> Any:
    if isinstance(action, Draw):
        return Draw(t)
    if isinstance(action, Buzz):
        return Buzz(t, action.slot, action.seats)
    if isinstance(action, Vote):
        return Vote(t, action.yes)
    return Play(t, action.card, action.slot, action.target, action.text)


def _idle(clock: int, legal: Sequence[Any]) -> Any:
    """Nothing to do now: an action a minute ahead, which loses every race to the others
    (bots always propose something sooner: they fidget after 20 s of silence, at the
    latest just before the minute; ``agents/gotcha/greedy.py``). It is proposed only while
    someone else can act, so it is never applied: Enter never plays a move for the person.
    """
    t = clock + MAX_GAP_MS
    for action in legal:
        if isinstance(action, Draw | Vote | Play | Buzz):
            return _at(action, t)
    return Emote(t, cards.EMOTES[0])


COMMANDS = frozenset(
    ("draw", "robar", "play", "jugar", "chat", "decir", "emote", "gesto", "buzz", "timbre")
    + ("vote", "votar")
)
"""The slash commands (English and Spanish verbs of ``gotcha/actions.py``)."""
HELP = "/emote, /buzz, /draw, /play, /vote (/gesto, /timbre, /robar, /jugar, /votar)"


def emote_id(name: str) -> str:
    """The emote id for a typed name: the id (``air_guitar``), or the button label in
    Spanish or English, any case or accents (``aplaudir``, ``Clap``), or its last words
    when they name one emote only (``guitarra aérea``, ``air guitar``, ``high five``).
    Unknown names come back as typed (the game then lists the emotes).
    """

    def folded(text: str) -> str:
        return " ".join(normalise(text).replace("_", " ").replace("-", " ").split())

    wanted = folded(name)
    tails = []
    for emote in cards.EMOTES:
        labels = [folded(x) for x in (emote, *(cards.emote_label(emote, g) for g in ("es", "en")))]
        if wanted in labels:
            return emote
        if wanted and any(label.endswith(" " + wanted) for label in labels):
            tails.append(emote)
    return tails[0] if len(tails) == 1 else name.strip()


def human(
    game: Game[Any, Any],
    seat: int,
    lang: Lang,
    console: Console,
    read_line: ReadLine,
    **live: Any,
) -> Any:
    """The terminal agent for a person (``cli play`` uses it for gotcha); ``live``: the
    ``feed``, ``live`` input and ``speed`` of :class:`GotchaHuman`.
    """
    return GotchaHuman(game, seat, lang, console, read_line, **live)


PARTS = board.Parts(title=_title, track=_track, slot_label=_slot_label, ballot=_ballot)
"""The parts of the board the compact drawings share with the full one."""

RENDERER = Renderer(
    render_view=render_view,
    menu=menu,
    seat_label=seat_label,
    examples=examples,
    human=human,
    compact=compact_view,
    smaller=smaller_view,
)

register(
    {
        "term.gotcha.title": {
            "es": "¡Te tengo! · turno {turn}/{limit} · {phase} · juega {player}",
            "en": "Gotcha! · turn {turn}/{limit} · {phase} · {player} to play",
        },
        "term.gotcha.title_no_limit": {
            "es": "¡Te tengo! · turno {turn} · {phase} · juega {player}",
            "en": "Gotcha! · turn {turn} · {phase} · {player} to play",
        },
        "term.gotcha.rules": {"es": "Reglas", "en": "Rules"},
        "term.gotcha.binds": {
            "es": "obliga desde {at} a: {who}",
            "en": "binds from {at}: {who}",
        },
        "term.gotcha.room": {"es": "Sala", "en": "Room"},
        "term.gotcha.game": {"es": "el juego", "en": "the game"},
        "term.gotcha.played": {"es": "{who} juega {card}", "en": "{who} plays {card}"},
        "term.gotcha.announced": {
            "es": "nueva regla: «{rule}»",
            "en": "new rule: “{rule}”",
        },
        "term.gotcha.players": {"es": "Jugadores", "en": "Players"},
        "term.gotcha.profile": {"es": "{name}, {age} años", "en": "{name}, {age}"},
        "term.gotcha.you": {"es": "tú", "en": "you"},
        "term.gotcha.buzzed": {
            "es": "¡{who} pulsa el timbre! ({slot})",
            "en": "{who} buzzes! ({slot})",
        },
        "term.gotcha.turn_of": {"es": "turno de {who}", "en": "{who}'s turn"},
        "term.gotcha.left": {
            "es": "te quedan {n} mensajes/gestos este turno (los timbrazos no cuentan)",
            "en": "{n} chat/emote events left this turn (buzzes do not count)",
        },
        "term.gotcha.only_you": {
            "es": "nadie más puede actuar ahora: esperar no sirve, te toca a ti",
            "en": "nobody else can act now: waiting would not help, it is up to you",
        },
        "term.gotcha.unknown_command": {
            "es": "no existe la orden {command}; órdenes: {valid}; texto sin '/' para hablar",
            "en": "there is no command {command}; commands: {valid}; text without '/' to chat",
        },
        "term.gotcha.locked": {
            "es": "tu timbre está bloqueado hasta el final del turno (GT-17)",
            "en": "your buzzer is locked until the turn ends (GT-17)",
        },
        "term.gotcha.hand": {"es": "Tu mano", "en": "Your hand"},
        "term.gotcha.ballot": {
            "es": "Votación: ¿{buzzer} acertó con {slot} ({accused})? /votar sí o /votar no",
            "en": "Vote: was {buzzer} right about {slot} ({accused})? /vote yes or /vote no",
        },
        "term.gotcha.hint": {
            "es": "Escribe y hablas; /timbre ZONA NOMBRES; Intro: espera; ? ayuda; q salir",
            "en": "Type to chat; /buzz AREA NAMES; number: a move; Enter: wait; "
            "? help and emotes; q quit",
        },
        "term.gotcha.examples": {
            "es": "hola · /gesto aplaudir · /timbre zona 1 Bruno · /robar · 1 · /votar sí · "
            "/mesa; gestos: {emotes}",
            "en": "hello · /emote clap · /buzz area 1 Bruno · /draw · 1 · /vote yes · /table; "
            "emotes: {emotes}",
        },
        "term.gotcha.chat_cut": {
            "es": "tu mensaje era largo: se envían sus primeros {limit} caracteres",
            "en": "your message was long: its first {limit} characters are sent",
        },
        "term.gotcha.prompt": {"es": "{name}, ¿qué haces? > ", "en": "{name}, what now? > "},
    }
)
