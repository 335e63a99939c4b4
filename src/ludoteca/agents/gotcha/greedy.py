"""A party bot for Gotcha! that obeys the live rules, slips sometimes and buzzes others.

It sees only its view (the public log, the live rules, the profiles, its hand) and plays
like a guest at the table:

* **Obeys.** Before every event it is about to send (draw, play, chat, emote, buzz) it asks
  the cards module whether that event would break a rule that covers it
  (``would_breach``), and if so emits what the rule wants first (``satisfying_actions``:
  clap before playing, bow before buzzing), waits (``earliest_time``: three seconds
  between drawing and playing), rewrites its chat (``conform_chat``: whisper, air quotes,
  its name first) or keeps quiet (``may_chat``). It answers owed reactions
  (``owed_reactions``: burp when the player on the right starts a turn) within their
  delay. Each obligation is decided once: with probability ``slip`` it forgets it.
* **Notices.** Each breach by another player of a live rule (judged from the public log
  with the cards module's ``breaches``) is noticed with probability ``notice``, and then
  buzzed ``buzz_delay_ms`` (plus up to a second of jitter) after it happened, naming every
  noticed breaker of that rule together (+2 once, each breaker -1).
* **Chats and emotes** now and then (``chat_rate`` / ``emote_rate`` per turn).
* **Plays cards sensibly**: a WHAT or WHO card where the rule covers the most opponents
  and not itself (the leader counts double), an individual rule on the leading opponent;
  it takes a mat from itself when every mat is in use.
* **Votes** on blank rules: no when it is accused, else yes with probability 1/2.

Times: it proposes its next action at an absolute game-clock time; the runner's race
applies the earliest proposal of all seats, so a bot that has nothing to do proposes a
harmless emote far in the future (it never wins the race while the turn player thinks).
All randomness comes from the rng the runner hands it (seeded per seat).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.game import View
from ludoteca.games.gotcha import cards
from ludoteca.games.gotcha.actions import SLOT_NAMES, Buzz, Chat, Draw, Emote, Play, Vote
from ludoteca.games.gotcha.cards import Card, Event, Profile
from ludoteca.games.gotcha.referee import bind_start
from ludoteca.games.gotcha.state import MAX_GAP_MS, who_card

LINES = {
    "es": ("hola", "¿Me toca?", "Buena jugada", "qué nervios", "me toca pronto", "uy casi"),
    "en": ("hi", "My turn?", "Nice move", "so tense", "my turn soon", "oh so close"),
}
"""What the bot says in each language (then conformed to its rules)."""
IDLE_MS = 20000
"""How far ahead the 'nothing to do' proposal is: it loses every race to a player who
acts within 20 s, and when nobody does, the bot fidgets (a harmless emote)."""
IDLE_RESERVE = 2
"""Room events (GT-15) a bot keeps for buzzes and owed reactions: with this many left or
fewer it fidgets only after ``LATE_IDLE_MS``, so a slow person (who may take up to a minute)
does not make it spend its turn's budget on fidgets and leave it unable to buzz."""
LATE_IDLE_MS = MAX_GAP_MS - 500
"""The late fidget: just before the longest step the clock allows (GT-16), still before a
waiting person's idle proposal (``terminal/gotcha.py`` proposes at the clock plus 60 s)."""


@dataclass(frozen=True, slots=True)
class Sources:
    """What the bot wanted to do at its latest choice, by why it wanted it (its choice is
    the earliest of them, small talk or a fidget when it is in none).

    Attributes:
        turn: Its turn's move, or what a live rule wants before it (a clap before playing).
        buzzes: Buzzes of breaches it noticed, or what a rule wants before buzzing.
        reactions: Reactions a live rule owes (a burp when the player on the right starts).
    """

    turn: list[Any]
    buzzes: list[Any]
    reactions: list[Any]


class GreedyGotcha:
    """The party bot (registered as ``greedy`` for gotcha).

    Args:
        slip: Probability of forgetting each obligation (a chance to be caught).
        notice: Probability of noticing each breach by another player.
        buzz_delay_ms: How long after a breach a noticed breach is buzzed.
        chat_rate: Probability of saying something in each turn.
        emote_rate: Probability of an emote in each turn.
        think_ms: How long the turn player thinks before drawing and before playing.
        language: The room's language for what it says ("es" or "en"); empty: the
            room's ``language`` option from the view.
    """

    name = "greedy"

    def __init__(
        self,
        slip: float = 0.15,
        notice: float = 0.6,
        buzz_delay_ms: int = 1500,
        chat_rate: float = 0.5,
        emote_rate: float = 0.3,
        think_ms: int = 2500,
        language: str = "",
    ) -> None:
        self.slip = slip
        self.notice = notice
        self.buzz_delay_ms = buzz_delay_ms
        self.chat_rate = chat_rate
        self.emote_rate = emote_rate
        self.think_ms = think_ms
        self.language = language
        self.buzz_jitter_ms = 1000
        self.watch_all_seats = False
        self._obey: dict[tuple[Any, ...], bool] = {}
        self._noticed: dict[tuple[int, int, int, int], int] = {}
        self._plans: dict[tuple[int, str], tuple[int, str]] = {}
        self._main_at: dict[tuple[int, str], int] = {}
        self._seen = (-1, -1)
        self._votes: dict[tuple[Any, ...], tuple[int, bool]] = {}
        self.fallbacks = 0
        self.last: Sources | None = None
        """Where its latest choice came from (read by ``gotcha/reasons.py``)."""

    # -----------------------------------------------------------------------------------
    # The decision

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The earliest thing the bot wants to do, as a legal timed action."""
        me: int = view["seat"]
        clock: int = view["clock"]
        if view["phase"] == "vote":
            self.last = None
            ballot = view["ballot"]
            key = (view["turn"], ballot["buzzer"], ballot["slot"], tuple(ballot["accused"]))
            decided = self._votes.get(key)
            if decided is None:
                yes = me not in ballot["accused"] and rng.random() < 0.5
                decided = self._votes[key] = (clock + 300 + int(rng.random() * 1500), yes)
            at, yes = decided
            return self._pick(Vote(max(at, clock), yes), legal, clock)
        room = _Room(view, self.language)
        turn: list[Any] = []
        buzzes: list[Any] = []
        if me == view["current"]:
            # Only the turn player has plays; the others' listing is chat, emotes and
            # buzzes, so it is not walked for nothing.
            room.legal_plays = [a for a in legal if isinstance(a, Play)]
            turn = self._turn_actions(room, rng)
        if not view.get("locked", [False] * (me + 1))[me]:
            buzzes = self._buzzes(room, rng)
        # Owed reactions do not use the room budget (GT-15); small talk does.
        reactions = self._reactions(room, rng)
        candidates: list[Any] = [*turn, *buzzes, *reactions]
        if view["events_left"][me] > 0:
            candidates.extend(self._small_talk(room, rng))
        self.last = Sources(turn, buzzes, reactions)
        if not candidates:
            candidates.append(self._idle(room, legal))
        candidates.sort(key=lambda a: a.t)
        for action in candidates:
            if action in legal:
                return action
        return self._pick(candidates[0], legal, clock)

    def _pick(self, action: Any, legal: Sequence[Any], clock: int) -> Any:
        if action in legal:
            return action
        self.fallbacks += 1
        return min(legal, key=lambda a: a.t)

    def _obeys(self, key: tuple[Any, ...], rng: random.Random, rule: Card) -> bool:
        decided = self._obey.get(key)
        if decided is None:
            decided = self._obey[key] = rng.random() >= self._slip_chance(rule)
        return decided

    # -----------------------------------------------------------------------------------
    # What a kind of player changes (``agents/gotcha/human.py``): the draws stay in order

    def _slip_chance(self, rule: Card) -> float:
        """Probability of forgetting one obligation of ``rule`` (every rule alike here)."""
        return self.slip

    def _notice_time(
        self, room: _Room, rule: Card, breach: cards.Breach, rng: random.Random
    ) -> int:
        """When the bot buzzes ``breach`` of ``rule`` if it notices it, ``-1`` if it does not."""
        noticed = rng.random() < self.notice
        jitter = int(rng.random() * self.buzz_jitter_ms)
        at = breach.t + self.buzz_delay_ms + jitter
        return at if noticed else -1

    def _think_until(self, room: _Room, rng: random.Random) -> int:
        """When the turn player's draw or play is ready (its thinking time)."""
        return room.clock + self.think_ms // 2 + int(rng.random() * self.think_ms)

    def _reaction_at(self, room: _Room, rng: random.Random) -> int:
        """When an owed reaction (a burp when the player on the right starts) is sent."""
        return room.clock + 400 + int(rng.random() * 900)

    def _chat_plan(self, room: _Room, rng: random.Random) -> tuple[int, str]:
        """What the bot means to say this turn and when."""
        line = rng.choice(LINES[room.language])
        return room.clock + 800 + int(rng.random() * 6000), line

    # -----------------------------------------------------------------------------------
    # Own turn: draw, then play (after whatever the rules want first)

    def _turn_actions(self, room: _Room, rng: random.Random) -> list[Any]:
        view = room.view
        phase = view["phase"]
        key = (view["turn"], phase)
        main_at = self._main_at.get(key)
        if main_at is None:
            main_at = self._main_at[key] = self._think_until(room, rng)
        if phase == "draw":
            event = Event(main_at, room.me, "draw")
            main: Any = Draw(main_at)
        else:
            play = self._choose_play(room, rng)
            if play is None:
                return []
            event = Event(main_at, room.me, "play", play.card, play.target)
            main = play
        if view["events_left"][room.me] > 0:
            before = self._prepare(room, event, key, rng)
            if before is not None:
                return [before]
        at = max(main_at, self._wait_until(room, event, key, rng), room.clock + 50)
        return [_retime(main, at)]

    def _prepare(
        self, room: _Room, event: Event, key: tuple[Any, ...], rng: random.Random
    ) -> Any | None:
        """An event the rules want before ``event`` (not yet sent), or ``None``."""
        for slot, rule, start in room.my_rules():
            binds_from = room.view["slots"][slot]["binds_from"]
            if event.t < binds_from:
                continue  # not binding yet (GT-05): nothing owed
            if not cards.would_breach(
                rule, room.log, room.me, room.profiles, event, start=start, since=room.since(slot)
            ):
                continue
            if not self._obeys((*key, rule.id, slot, "before"), rng, rule):
                continue
            for needed in cards.satisfying_actions(
                rule, room.log, room.me, room.profiles, event.kind, lang=room.language
            ):
                # Only what is sent once the rule binds counts, so not before that.
                t = max(room.clock + 300 + int(rng.random() * 700), binds_from + 50)
                if needed.kind == "emote":
                    return Emote(t, needed.text)
                if needed.kind == "chat":
                    return Chat(t, self._conform(room, needed.text, key, rng) or needed.text)
        return None

    def _wait_until(
        self, room: _Room, event: Event, key: tuple[Any, ...], rng: random.Random
    ) -> int:
        latest = 0
        for slot, rule, _ in room.my_rules():
            need = cards.earliest_time(rule, room.log, room.me, room.profiles, event.kind)
            if need and self._obeys((*key, rule.id, slot, "wait"), rng, rule):
                latest = max(latest, need + 200)
        return latest

    def _choose_play(self, room: _Room, rng: random.Random) -> Play | None:
        best: tuple[float, float, Play] | None = None
        seen: set[tuple[str, int, int, str]] = set()
        for action in room.legal_plays:
            shape = (action.card, action.slot, action.target, action.text)
            if shape in seen:
                continue
            seen.add(shape)
            score = self._score_play(room, action)
            tie = rng.random()
            if best is None or (score, tie) > best[:2]:
                best = (score, tie, action)
        return None if best is None else best[2]

    def _score_play(self, room: _Room, play: Play) -> float:
        rule = cards.card(play.card)
        me = room.me
        leaders = room.leaders()
        if play.target >= 0:
            owner = room.view["slots"][play.slot]["owner"]
            if play.target == me:
                return -5.0 + (3.0 if owner == me else 0.0)
            score = 2.0 + (2.0 if play.target in leaders else 0.0)
            return score + (1.5 if owner == me else 0.0)
        slot = room.view["slots"][play.slot]
        if rule.kind == "who":
            what = slot["what"]
            if not what:
                return 0.1 * sum(1 for s in room.seats if room.matches(rule, s) and s != me)
            return self._coverage(room, rule) - (0.5 if slot["live"] else 0.0)
        who = who_card(slot["who"][-1])
        return self._coverage(room, who) + (0.2 if not slot["live"] else 0.0)

    def _coverage(self, room: _Room, who: Card) -> float:
        leaders = room.leaders()
        score = 0.0
        for seat in room.seats:
            if not room.matches(who, seat):
                continue
            if seat == room.me:
                score -= 3.0
            else:
                score += 2.0 if seat in leaders else 1.0
        return score

    # -----------------------------------------------------------------------------------
    # Reactions, buzzes, small talk

    def _reactions(self, room: _Room, rng: random.Random) -> list[Any]:
        out: list[Any] = []
        for slot, rule, _ in room.my_rules():
            owed = cards.owed_reactions(rule, room.log, room.me, room.profiles, lang=room.language)
            for needed in owed:
                key = (rule.id, slot, "react", room.view["turn"], needed.kind, needed.text)
                if not self._obeys(key, rng, rule):
                    continue
                t = self._reaction_at(room, rng)
                if needed.kind == "emote":
                    out.append(Emote(t, needed.text))
                elif needed.kind == "chat":
                    text = self._conform(room, needed.text, key, rng) or needed.text
                    out.append(Chat(t, text))
        return out

    def _buzzes(self, room: _Room, rng: random.Random) -> list[Any]:
        due: dict[int, list[int]] = {}
        times: dict[int, int] = {}
        scored = room.scored()
        self._forget_wrong(room)
        # Only breaches new since the last look: when the log's window moves on, an old
        # event judged again without its context could look like a breach it never was.
        seen_index, seen_clock = self._seen
        self._seen = (room.base + len(room.log) - 1, room.clock)
        everyone = tuple(room.seats)
        for slot, rule, start, bound in room.live_rules():
            serial = room.view["slots"][slot]["serial"]
            react = not cards.own_events_only(rule) and "who" in room.view["slots"][slot]
            for seat in everyone if self.watch_all_seats and react else bound:
                if seat == room.me:
                    continue
                for breach in room.judged(slot, rule, start, seat):
                    index = breach.index + room.base
                    key = (slot, serial, seat, index)
                    at = self._noticed.get(key)
                    if at is None and index <= seen_index and breach.t <= seen_clock:
                        continue
                    if at is None and not room.bound_then(slot, seat, breach.index):
                        continue  # the WHO did not cover them then (the turn has passed)
                    if at is None:
                        at = self._noticed[key] = self._notice_time(room, rule, breach, rng)
                    if at < 0 or ((slot, seat) in scored and scored[(slot, seat)] >= breach.t):
                        continue
                    due.setdefault(slot, []).append(seat)
                    times[slot] = max(times.get(slot, 0), at)
        out: list[Any] = []
        for slot, seats in due.items():
            at = max(times[slot], room.clock + 50)
            event = Event(at, room.me, "buzz", SLOT_NAMES[slot])
            before = self._prepare(room, event, (room.view["turn"], "buzz", slot), rng)
            out.append(before if before is not None else Buzz(at, slot, tuple(seats)))
        return out

    def _forget_wrong(self, room: _Room) -> None:
        """A buzz of ours judged wrong is not repeated for the breaches it named."""
        for t, buzzer, slot_name, accused, result in room.view["buzzes"]:
            if buzzer != room.me or result not in ("wrong", "no_majority"):
                continue
            slot = SLOT_NAMES.index(slot_name)
            for key, at in self._noticed.items():
                if key[0] == slot and key[2] in accused and 0 <= at <= t:
                    self._noticed[key] = -1

    def _small_talk(self, room: _Room, rng: random.Random) -> list[Any]:
        turn = room.view["turn"]
        out: list[Any] = []
        for kind, rate in (("chat", self.chat_rate), ("emote", self.emote_rate)):
            key = (turn, kind)
            plan = self._plans.get(key)
            if plan is None:
                if rng.random() >= rate:
                    plan = (-1, "")
                elif kind == "chat":
                    plan = self._chat_plan(room, rng)
                else:
                    emote = cards.EMOTES[int(rng.random() * len(cards.EMOTES))]
                    plan = (room.clock + 500 + int(rng.random() * 6000), emote)
                self._plans[key] = plan
            at, text = plan
            if at < 0 or room.sent_this_turn(kind, text):
                continue
            t = max(at, room.clock + 50)
            if kind == "chat":
                said = self._conform(room, text, key, rng)
                if said is None:
                    continue
                event = Event(t, room.me, "chat", said)
                before = self._prepare(room, event, key, rng)
                out.append(before if before is not None else Chat(t, said))
            else:
                event = Event(t, room.me, "emote", text)
                if any(
                    cards.would_breach(
                        r, room.log, room.me, room.profiles, event, start=s, since=room.since(k)
                    )
                    and self._obeys((*key, r.id, "never"), rng, r)
                    for k, r, s in room.my_rules()
                ):
                    continue
                out.append(Emote(t, text))
        return out

    def _conform(
        self, room: _Room, text: str, key: tuple[Any, ...], rng: random.Random
    ) -> str | None:
        """``text`` rewritten to keep every rule covering the bot that it does not forget
        (``None``: keep quiet).
        """
        kept = [
            rule
            for slot, rule, _ in room.my_rules()
            if self._obeys((*key, rule.id, slot, "chat"), rng, rule)
        ]
        if not all(cards.may_chat(rule, room.log, room.me, room.profiles) for rule in kept):
            return None
        text = cards.conform_chat_all(kept, text, room.profiles, room.me, room.language).strip()
        return text[:200] if text else None

    def _idle(self, room: _Room, legal: Sequence[Any]) -> Any:
        left = room.view["events_left"][room.me]
        if left <= 0:
            # Only buzzes are left (GT-15 spent, the buzzer free): propose one as late as
            # the late fidget, so anyone acting sooner goes first, yet before a waiting
            # person's proposal a minute ahead (which must never be applied).
            last = room.clock + LATE_IDLE_MS + 200
            buzz = next((a for a in legal if isinstance(a, Buzz)), None)
            return Buzz(last, buzz.slot, buzz.seats) if buzz is not None else legal[0]
        t = room.clock + (IDLE_MS if left > IDLE_RESERVE else LATE_IDLE_MS)
        for emote in cards.EMOTES:
            event = Event(t, room.me, "emote", emote)
            if not any(
                cards.would_breach(
                    r, room.log, room.me, room.profiles, event, start=s, since=room.since(k)
                )
                for k, r, s in room.my_rules()
            ):
                return Emote(t, emote)
        return Emote(t, cards.EMOTES[0])


# ---------------------------------------------------------------------------------------
# What the bot reads from its view


class _Room:
    """The bot's reading of a view: the log as events, the live rules, the facts."""

    def __init__(self, view: View, language: str = "") -> None:
        self.view = view
        chosen = language or view.get("rules", {}).get("language", "es")
        self.language = "en" if chosen == "en" else "es"
        self.me: int = view["seat"]
        self.clock: int = view["clock"]
        self.base: int = view["log_base"]
        self.log = [Event(t, s, k, x, g) for t, s, k, x, g in view["log"]]
        self.profiles = tuple(
            Profile(p["name"], p["age"], frozenset(p["traits"])) for p in view["profiles"]
        )
        self.seats = range(len(self.profiles))
        self.facts = cards.Facts(self.profiles, tuple(view["positions"]), view["current"])
        self._live: list[tuple[int, Card, int, tuple[int, ...]]] | None = None
        self.legal_plays: list[Play] = []

    def live_rules(self) -> list[tuple[int, Card, int, tuple[int, ...]]]:
        """``(slot, rule card, local bind start, bound seats)`` of each live checkable rule."""
        if self._live is None:
            self._live = []
            for index, slot in enumerate(self.view["slots"]):
                if not slot["live"]:
                    continue
                top = slot["what"][-1] if "what" in slot else slot["cards"][-1]
                rule = cards.card(top)
                if not rule.checkable:
                    continue
                start = bind_start(self.log, slot["binds_from"])
                self._live.append((index, rule, start, tuple(slot["bound"])))
        return self._live

    def my_rules(self) -> list[tuple[int, Card, int]]:
        """The live checkable rules covering the bot: ``(slot, rule, local bind start)``."""
        return [
            (slot, rule, start)
            for slot, rule, start, bound in self.live_rules()
            if self.me in bound
        ]

    def judged(self, slot: int, rule: Card, start: int, seat: int) -> list[cards.Breach]:
        """``seat``'s breaches of ``rule`` judged as the referee judged them: events of
        this turn with the log from the previous turn's start, events of the previous
        turn with the log from the turn before (the whole view's log).
        """
        since = self.since(slot)
        turn_start = self.view["turn_start"] - self.base
        context = self.view["prev_start"] - self.base
        now = self.clock
        recent = cards.breaches(
            rule,
            self.log,
            seat,
            self.profiles,
            start=max(start, context),
            now=now,
            since=max(since, context),
        )
        older = cards.breaches(
            rule, self.log, seat, self.profiles, start=start, now=now, since=since
        )
        return [b for b in older if context <= b.index < turn_start] + [
            b for b in recent if b.index >= turn_start
        ]

    def since(self, slot: int) -> int:
        """Local log index of the announcement of the rule on ``slot``: what is done from
        there on counts toward keeping it (the referee judges the same way).
        """
        return bind_start(self.log, self.view["slots"][slot]["announced"])

    def bound_then(self, slot: int, seat: int, index: int) -> bool:
        """Whether the rule of ``slot`` covered ``seat`` at local log ``index``: the WHO
        read with the player whose turn it was then (a play ends the turn, and "the
        player whose turn it is" changes right after it).
        """
        entry = self.view["slots"][slot]
        if "who" not in entry:
            return True
        current = self.facts.current
        for i in range(min(index, len(self.log) - 1), -1, -1):
            if self.log[i].kind == "turn_start":
                current = self.log[i].seat
                break
        facts = cards.Facts(self.profiles, self.facts.positions, current)
        return cards.who_matches(who_card(entry["who"][-1]), seat, facts)

    def matches(self, who: Card, seat: int) -> bool:
        return cards.who_matches(who, seat, self.facts)

    def leaders(self) -> set[int]:
        positions = self.view["positions"]
        best = max(p for s, p in enumerate(positions) if s != self.me)
        return {s for s, p in enumerate(positions) if p == best and s != self.me}

    def scored(self) -> dict[tuple[int, int], int]:
        """``(slot, seat) -> time`` of the last correct or referee buzz catching them."""
        out: dict[tuple[int, int], int] = {}
        for t, _, slot, accused, result in self.view["buzzes"]:
            if result in ("correct", "referee"):
                for seat in accused:
                    out[(SLOT_NAMES.index(slot), seat)] = t
        return out

    def sent_this_turn(self, kind: str, text: str) -> bool:
        start = self.view["turn_start"] - self.base
        return any(
            e.seat == self.me and e.kind == kind and (kind == "chat" or e.text == text)
            for e in self.log[start:]
        )


def _retime(action: Any, t: int) -> Any:
    if isinstance(action, Draw):
        return Draw(t)
    return Play(t, action.card, action.slot, action.target, action.text)
