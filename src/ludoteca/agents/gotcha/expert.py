"""A stronger Gotcha! party bot ("expert"): sharper eyes, no slips, rules that catch.

It sees only its view, like the greedy bot it builds on (``agents/gotcha/greedy.py``), and
differs in three ways:

* **It keeps every live rule** (``slip = 0``): it is never a breaker the others can catch,
  so a rule that covers it costs it nothing, and it does not avoid WHO groups it is in.
* **It notices every breach, faster** (``notice = 1``, buzzing 350-650 ms after the breach
  where greedy buzzes 60% of them 1.5-2.5 s later), so it wins the race to the buzzer.
  It also watches seats that a WHO covered only at a reaction's trigger (W24 "the player
  whose turn it is" + A24 "high-five after playing": the deadline falls in the next turn).
  It never buzzes on a guess: a wrong buzz would lock its buzzer for the turn (GT-17).
* **It plays the rule cards most likely to catch its opponents**: each card is valued by
  how often a covered opponent meets its obligation in a round (a chat-form rule applies
  to every message, a reaction to the other players' turn starts comes n-1 times a round,
  "before playing a card" once) times the opponents it covers (the leaders twice), minus
  the value of the live rule it would cover; individual rules go to the leading opponent.

Measured (``bench/studies/gotcha_fair.py``): see ``bench/README.md``.
"""

from __future__ import annotations

from ludoteca.agents.gotcha.greedy import GreedyGotcha, _Room
from ludoteca.games.gotcha import cards
from ludoteca.games.gotcha.actions import Play
from ludoteca.games.gotcha.cards import Card, Pace
from ludoteca.games.gotcha.state import who_card

CHAT_PER_TURN = 0.5
"""About how many messages a party bot sends in a turn (greedy's ``chat_rate``)."""
EMOTE_PER_TURN = 0.5
"""About how many emotes a party bot sends in a turn (small talk and fidgets)."""


def obligations_per_round(rule: Card, players: int) -> float:
    """How many times in a round (every player's turn once) one covered player must mind
    ``rule``: each time is a chance for a party bot to slip, and for this bot to catch it
    (the rule family's count, ``cards.occasions``, at a party bot's pace).
    """
    return cards.occasions(rule, Pace(players, CHAT_PER_TURN, EMOTE_PER_TURN, len(cards.EMOTES)))


class ExpertGotcha(GreedyGotcha):
    """The expert party bot (registered as ``expert`` for gotcha).

    Args:
        language: The room's language ("es" or "en") when the view does not say it.
    """

    name = "expert"

    def __init__(self, language: str = "") -> None:
        super().__init__(slip=0.0, notice=1.0, buzz_delay_ms=350, language=language)
        self.buzz_jitter_ms = 300
        self.watch_all_seats = True

    def _score_play(self, room: _Room, play: Play) -> float:
        n = len(room.profiles)
        rule = cards.card(play.card)
        slot = room.view["slots"][play.slot]
        if play.target >= 0:
            rate = obligations_per_round(rule, n)
            gain = rate * self._weight(room, play.target) if play.target != room.me else 0.0
            owner = slot["owner"]
            lost = 0.0
            if owner >= 0 and owner != room.me and slot["cards"]:
                lost = obligations_per_round(cards.card(slot["cards"][-1]), n)
                lost *= self._weight(room, owner)
            return gain - lost
        who = who_card(slot["who"][-1])
        what = cards.card(slot["what"][-1]) if slot["what"] else None
        old = self._area_value(room, who, what) if slot["live"] else 0.0
        if rule.kind == "who":
            return self._area_value(room, rule, what) - old + 0.01 * self._reach(room, rule)
        return self._area_value(room, who, rule) - old

    def _area_value(self, room: _Room, who: Card, what: Card | None) -> float:
        if what is None or not what.checkable:
            return 0.0
        return obligations_per_round(what, len(room.profiles)) * self._reach(room, who)

    def _reach(self, room: _Room, who: Card) -> float:
        return sum(self._weight(room, s) for s in room.seats if room.matches(who, s))

    def _weight(self, room: _Room, seat: int) -> float:
        if seat == room.me:
            return 0.0
        return 2.0 if seat in room.leaders() else 1.0
