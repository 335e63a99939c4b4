"""A lesson, its steps and the verdict on a try: values built from the lesson data.

A step's position is replayed through the Game protocol (``runner.step`` checks every
action), so a rules change that breaks a lesson fails when the position is built.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from ludoteca.engine import registry, runner
from ludoteca.engine.game import Game, OptionValue, Seat
from ludoteca.engine.i18n import Message, msg

LEARNER_NAME = "{learner}"
"""The learner's entry in :attr:`Step.names`: a surface puts the person's name there
(:meth:`Step.seat_names`)."""

KINDS = ("do", "show")
"""``do``: the learner must make a move; ``show``: read, then continue."""


@dataclass(frozen=True)
class Verdict:
    """What a try at a step gets.

    Attributes:
        ok: Whether the try is what the step asks.
        rule: The rule a wrong try broke, or the rule the step teaches.
        message: The success text, or the feedback for a wrong try (render it with
            ``engine.events.render`` and the step's names: the game's own reasons name seats).
    """

    ok: bool
    rule: str | None
    message: Message


@dataclass(frozen=True)
class Position:
    """A position made by the engine: a seeded setup, then actions in their text form.

    Attributes:
        game: The game id.
        name: The position's name in the game's positions file.
        seed: The match seed.
        players: Seats in the match.
        options: The game options.
        moves: ``(seat, action text)`` per step; seat ``-1`` is chance.
    """

    game: str
    name: str
    seed: int
    players: int
    options: tuple[tuple[str, OptionValue], ...]
    moves: tuple[tuple[Seat, str], ...]

    def build(self) -> Any:
        """The position's state, every action checked by the rules (cached: states are
        immutable).

        Raises:
            RulesError: If the setup or an action is refused (the lesson is out of date).
        """
        return _build(self)


@cache
def _build(position: Position) -> Any:
    game = registry.make(position.game)
    state = runner.new_game(game, position.players, position.seed, dict(position.options))
    for seat, text in position.moves:
        state = runner.step(game, state, seat, game.parse_action(text))
    return state


@dataclass(frozen=True)
class Step:
    """One step of a lesson: a real position and what the learner is asked to do there.

    Attributes:
        id: Stable id, ``<game>.<name>`` (progress keys use it).
        rules: Rule ids this step teaches or shows.
        kind: ``"do"`` (the learner must make a move) or ``"show"`` (read, then continue).
        title: A short title.
        prompt: What to do (or what to look at), as a person reads it.
        learner: The learner's seat.
        names: Seat names in this position; the learner's is :data:`LEARNER_NAME`.
        game: The game id.
        position: How the position is made.
        success: What a right try is told (a ``show`` step's closing line).
        hint: What a legal try that is not what the step asks is told (it names the rule).
        expect: The expected moves as action texts (any of them is right).
        expect_match: A regular expression an expected move's text matches in full (for a
            kind of move, e.g. a buzz of one seat at any time), or ``""``.
        wrong: A wrong try the lesson data declares (tests judge it), or ``""``.
        wrong_rule: The rule id that wrong try is answered with.
        example: A right try written out, for a kind of move the game's listing of legal
            actions does not show (Gotcha's typed chat and emotes), or ``""``.
    """

    id: str
    rules: tuple[str, ...]
    kind: str
    title: Message
    prompt: Message
    learner: int
    names: tuple[str, ...]
    game: str
    position: Position
    success: Message
    hint: Message
    expect: tuple[str, ...] = ()
    expect_match: str = ""
    wrong: str = ""
    wrong_rule: str = ""
    example: str = ""

    def state(self) -> Any:
        """The step's position: a game state (immutable, the same on every call)."""
        return self.position.build()

    def seat_names(self, person: str) -> tuple[str, ...]:
        """The seat names with the learner's seat named ``person``."""
        return tuple(person if i == self.learner else n for i, n in enumerate(self.names))

    def learner_view(self, view: dict[str, Any], person: str) -> dict[str, Any]:
        """``view`` with the learner's seat named ``person``, as the seats and the texts name
        them, in a game whose views name the seats by their profiles (Gotcha's board, and
        its rule sentences: "Ana must wave before drawing a card").

        The position's profile keeps its own name for the rules: no live rule of a lesson
        position that binds the learner reads a name (``tests/lessons/test_lesson_names.py``).

        Args:
            view: A view of this step's game.
            person: The learner's name as the surface shows it.
        """
        profiles = view.get("profiles")
        if not isinstance(profiles, list) or self.learner >= len(profiles):
            return view
        own = re.compile(r"\b" + re.escape(str(profiles[self.learner]["name"])) + r"\b")

        def renamed(value: Any) -> Any:
            if isinstance(value, str):
                return own.sub(lambda _: person, value)
            if isinstance(value, list):
                return [renamed(item) for item in value]
            if isinstance(value, dict):
                return {key: renamed(item) for key, item in value.items()}
            return value

        shown: dict[str, Any] = renamed(view)
        return shown

    def legal(self) -> Any:
        """The learner's legal actions in the step's position (empty when not to act)."""
        game = registry.make(self.game)
        state = self.state()
        if self.learner not in game.actors(state):
            return ()
        return game.legal_actions(state, self.learner)

    def expects(self, action: Any) -> bool:
        """Whether ``action`` is what the step asks (legality not checked here)."""
        text = str(action)
        if text in self.expect:
            return True
        if self.expect_match and re.fullmatch(self.expect_match, text):
            return True
        return self.kind == "show" and not self.expect and not self.expect_match

    def judge(self, action: Any) -> Verdict:
        """The verdict on the learner's try.

        An illegal action gets the game's own ``explain`` (its rule id and reason); a legal
        one that is not what the step asks gets the step's hint naming its rule; the
        expected move (or, on a ``show`` step without one, any legal move) gets ``success``.

        Args:
            action: An action of the step's game (a realtime game's stamped with a time at
                or after the position's clock).

        Returns:
            Whether the try is right, the rule, and what to tell the learner.
        """
        return self.judge_in(self.state(), action)

    def judge_in(self, state: Any, action: Any) -> Verdict:
        """:meth:`judge` in ``state`` instead of the step's position: the same verdicts on
        every state the learner's view allows is how tests check that feedback leaks
        nothing hidden.
        """
        game: Game[Any, Any] = registry.make(self.game)
        acting = self.learner in game.actors(state)
        legal = game.legal_actions(state, self.learner) if acting else ()
        if action not in legal:
            reason = game.explain(state, self.learner, action)
            if reason is None:  # a game that finds nothing to say still refuses
                return Verdict(False, None, msg("engine.not_legal_here"))
            rule, message = reason
            return Verdict(False, rule, message)
        taught = self.rules[0] if self.rules else None
        if self.expects(action):
            return Verdict(True, taught, self.success)
        return Verdict(False, taught, self.hint)

    def parse(self, text: str) -> Any:
        """The learner's action written as ``text`` (``Game.parse_action``).

        Raises:
            InvalidActionError: If the text is not an action of the game.
        """
        return registry.make(self.game).parse_action(text)


@dataclass(frozen=True)
class Lesson:
    """A game's lesson: its steps, then a short game against a gentle bot.

    Attributes:
        game: The game id.
        title: The lesson's title.
        steps: The steps in order.
        final_bot: The bot level the closing game is played against (an
            ``agents.levels`` level, resolved by ``agents.registry.agent_for_level``).
        players: Seats in the closing game.
        left_out: Rule ids of the game no step teaches, each with the reason (ids a player
            never needs to know: the engine's bookkeeping, a referee's duty).
    """

    game: str
    title: Message
    steps: tuple[Step, ...]
    final_bot: str
    players: int = 2
    left_out: tuple[tuple[str, str], ...] = ()

    def step(self, step_id: str) -> Step:
        """The step with id ``step_id``.

        Raises:
            KeyError: If the lesson has no such step.
        """
        for candidate in self.steps:
            if candidate.id == step_id:
                return candidate
        raise KeyError(step_id)

    def rule_text(self, rule: str, lang: str) -> str:
        """The rule's sentence in ``lang`` as the game states it (``Game.rules_text``), or
        ``""`` for an id the game does not list.
        """
        return dict(registry.make(self.game).rules_text(lang)).get(rule, "")

    def covered(self) -> frozenset[str]:
        """Every rule id some step teaches or shows."""
        return frozenset(rule for step in self.steps for rule in step.rules)
