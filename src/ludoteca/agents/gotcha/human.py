"""Gotcha! bots that react like people: the levels a person can beat, and the bench's person.

``HumanGotcha`` plays like the party bots it builds on (``greedy.py``: it sees only its
view, obeys the live rules, buzzes the breaches it notices, chats and emotes), with a
person's reflexes (``reaction.py``, where every number's published source is cited):

* **Noticing takes seconds and sometimes fails.** Each breach by another player is noticed
  with a probability below 1 that falls with how hard the rule's breach is to see (an
  omission is harder than a badly formed message) and with how many rules are live
  (beyond the four or so one keeps in mind); a noticed breach is buzzed after perceiving
  it (reading the message), recognising it among the live rules (Hick-Hyman) and pointing
  at the buzzer, the rule and the player (keystroke-level model): ~6 s for a typical
  person, lognormally spread.
* **Slips happen by rule difficulty**: a ban is kept best, rewording every message or
  answering another player's turn worst (prospective memory).
* **Turns and chat take a person's time**: thinking before a draw or a play, answering an
  owed reaction, typing a message at phone speed; the lines fit the moment
  (``chatter.py``) and come in the room's language.

One knob, ``skill`` (0-1), sets all of it (:class:`~ludoteca.agents.gotcha.reaction.Reflexes`).
From ``SHREWD_SKILL`` up a player also plays its cards as the expert does (the rules most
likely to catch its opponents) and watches reactions owed by seats a WHO covered only at
the trigger (no shipped level is that sharp: skills 0.35-0.62 already span a person's
share from 57% to 12%). The levels (``beginner`` ... ``strongest``) are skills measured against the
bench's *person* (``PERSON_SKILL``, the middle of the human range) in
``bench/tools/gotcha_person.py``; ``agents/levels.json`` keeps which skill each level is,
ordered by the rating measured there.

Registered as ``humanlike`` for gotcha (``humanlike:skill=0.3``; ``human`` is the
terminal's hot-seat). Every draw comes from the seat's seeded stream, so games replay
exactly.
"""

from __future__ import annotations

import random

from ludoteca.agents.gotcha import chatter
from ludoteca.agents.gotcha.expert import ExpertGotcha
from ludoteca.agents.gotcha.greedy import GreedyGotcha, _Room
from ludoteca.agents.gotcha.reaction import Reflexes
from ludoteca.games.gotcha.actions import Play
from ludoteca.games.gotcha.cards import Breach, Card

PERSON_SKILL = 0.5
"""The bench's person: the middle of every published range."""
SHREWD_SKILL = 0.85
"""From this skill up a bot plays its cards like the expert and watches every seat."""
CHAT_RATE = 0.35
"""Probability of saying something in a turn (a person does not talk every turn)."""
EMOTE_RATE = 0.25
"""Probability of an emote in a turn."""
MOMENT_MS = 8000
"""A scored buzz this recent sets what the bot says (``chatter.moment``)."""
CHAT_PAUSE_MS = (1000, 6000)
"""A message is started this long into a turn (uniform), then typed."""


class HumanGotcha(ExpertGotcha):
    """A party bot with a person's reflexes (registered as ``humanlike`` for gotcha).

    Args:
        skill: 0 (the slow, inattentive end of the human range) to 1 (the sharp end).
        language: The room's language ("es" or "en") when the view does not say it.
    """

    name = "humanlike"

    def __init__(self, skill: float = PERSON_SKILL, language: str = "") -> None:
        super().__init__(language=language)
        self.reflexes = Reflexes.of(skill)
        self.skill = self.reflexes.skill
        self.shrewd = self.skill >= SHREWD_SKILL
        self.watch_all_seats = self.shrewd
        self.chat_rate = CHAT_RATE
        self.emote_rate = EMOTE_RATE
        self._last_line = ""

    def _slip_chance(self, rule: Card) -> float:
        return self.reflexes.slip_chance(_family(rule))

    def _notice_time(self, room: _Room, rule: Card, breach: Breach, rng: random.Random) -> int:
        family = _family(rule)
        live = len(room.live_rules())
        noticed = rng.random() < self.reflexes.notice_chance(family, live)
        event = room.log[breach.index] if 0 <= breach.index < len(room.log) else None
        words = len(event.text.split()) if event is not None and event.kind == "chat" else 0
        if family in ("react", "wait"):
            words = 0  # the breach is what did not come, not the event that triggered it
        delay = self.reflexes.notice_ms(family, words, live, rng.random())
        return breach.t + delay if noticed else -1

    def _think_until(self, room: _Room, rng: random.Random) -> int:
        if room.view["phase"] == "draw":
            return room.clock + self.reflexes.think_ms(1, 1, rng.random())
        shapes = {(p.card, p.slot, p.target) for p in room.legal_plays}
        return room.clock + self.reflexes.think_ms(len(shapes), 2, rng.random())

    def _reaction_at(self, room: _Room, rng: random.Random) -> int:
        return room.clock + self.reflexes.react_ms(rng.random())

    def _chat_plan(self, room: _Room, rng: random.Random) -> tuple[int, str]:
        kind = chatter.moment(room.view, room.clock - MOMENT_MS)
        line = chatter.pick(kind, room.language, self._last_line, rng)
        self._last_line = line
        low, high = CHAT_PAUSE_MS
        pause = low + int(rng.random() * (high - low))
        return room.clock + pause + self.reflexes.typing_ms(line, rng.random()), line

    def _score_play(self, room: _Room, play: Play) -> float:
        if self.shrewd:
            return super()._score_play(room, play)
        return GreedyGotcha._score_play(self, room, play)


def _family(rule: Card) -> str:
    return rule.rule.family if rule.rule is not None else ""
