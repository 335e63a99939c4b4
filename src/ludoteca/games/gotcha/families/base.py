"""What every rule family is: :class:`Family` (what the game does with a family's rules),
:class:`Judge` (the referee's incremental judge of one rule for one seat) and :class:`Pace`
(how often things happen in a round, which :meth:`Family.occasions` weighs).

A family overrides what its rules do differently; the defaults are those of a rule that
constrains neither chat texts nor times and owes nothing. The methods take the rule's
:class:`~ludoteca.games.gotcha.cards_model.Rule` (``spec``); the deck's API
(:mod:`ludoteca.games.gotcha.cards`) finds a card's family and calls them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.engine import native
from ludoteca.engine.i18n import Lang, msg
from ludoteca.games.gotcha.cards_model import Breach, Event, Profile, Rule
from ludoteca.games.gotcha.families.log import seat_name


class Judge:
    """The incremental judge of one rule for one seat: what it remembers between calls and
    :meth:`scan`, which ``cards_check.Watch`` calls with each stretch of new events.

    Attributes:
        spec: The rule.
        seat: The bound seat.
        n: The number of seats.
        name: The seat's declared name.
        start: The first log index at which the rule binds (0 or more).
    """

    __slots__ = ("n", "name", "seat", "spec", "start")

    def __init__(self, spec: Rule, seat: int, n: int, name: str, start: int) -> None:
        """Judge ``spec`` for ``seat`` from log index ``start``."""
        self.spec = spec
        self.seat = seat
        self.n = n
        self.name = name
        self.start = start

    def scan(self, log: Sequence[Event], lo: int, hi: int, now: int, out: list[Breach]) -> None:
        """Append to ``out``, in log-index order, the breaches among ``log[lo:hi]`` judged
        at ``now``, and remember what later events need.

        ``lo`` is the previous call's ``hi`` (the first call's may be below ``start``: the
        events from there count towards keeping the rule, never as breaches).
        """
        raise NotImplementedError


class Family:
    """What the game does with the rules of one family.

    Attributes:
        id: The family's id (``Rule.family`` in the data file).
        own_events: Whether every breach is one of the breaker's own events, whose index
            and time are the breach's (false for reactions: the breach is the trigger of a
            reaction that never came, timed at its deadline). The referee then judges only
            the seats that sent a new event.
        limits_chat: Whether the rule limits chatting itself (silence, a chat limit): no
            rewriting keeps it, :meth:`may_chat` says when a message may go.
    """

    __slots__ = ("id", "limits_chat", "own_events")

    def __init__(
        self, family_id: str, *, own_events: bool = True, limits_chat: bool = False
    ) -> None:
        """A family called ``family_id`` in the data file."""
        self.id = family_id
        self.own_events = own_events
        self.limits_chat = limits_chat

    # -- Loading the deck ----------------------------------------------------------------

    def problems(self, spec: Rule) -> list[str]:
        """What is wrong with ``spec``'s fields for this family (empty: nothing)."""
        return []

    def uses_pattern(self, spec: Rule) -> bool:
        """Whether ``spec``'s words are compiled once into ``Rule.pattern`` at load."""
        return False

    def hint(self, spec: Rule, lang: Lang, emote: str) -> str:
        """How ``spec`` is kept in the digital room, in ``lang``; ``emote`` is the label of
        its emote (``""``: none). By default the catalogue's ``gotcha.cards.hint.<id>``.
        """
        key = f"gotcha.cards.hint.{self.id}"
        return msg(
            key, emote=emote, number=spec.number, seconds=seconds(spec.delay, lang), act=""
        ).text(lang)

    # -- Judging (the referee) -----------------------------------------------------------

    def judge(self, spec: Rule, seat: int, n: int, name: str, start: int) -> Judge:
        """A new incremental judge of ``spec`` for ``seat`` (see :class:`Judge`)."""
        raise NotImplementedError

    def breach_kind(self, spec: Rule) -> str:
        """The kind of event a breach is, for a family of :attr:`own_events` (``""``
        otherwise): the referee skips a seat none of whose new events is of that kind.
        """
        raise NotImplementedError

    def breach_at(
        self,
        spec: Rule,
        log: Sequence[Event],
        i: int,
        seat: int,
        profiles: Sequence[Profile],
        start: int,
        lo: int,
    ) -> bool:
        """Whether the seat's own event ``log[i]`` (``i >= start``) is a breach, judged
        with the events from ``lo`` (the first one that counts towards keeping the rule).

        By default the family's judge replayed up to ``i``; a family whose judgement looks
        back only as far as the event that decides overrides it.
        """
        judge = self.judge(spec, seat, len(profiles), seat_name(profiles, seat), start)
        found: list[Breach] = []
        judge.scan(log[: i + 1], lo, i + 1, log[i].t, found)
        return bool(found) and found[-1].index == i

    # -- Obeying (the bots) --------------------------------------------------------------

    def chat_ok(self, spec: Rule, text: str, name: str) -> bool:
        """Whether a chat message ``text`` by a player called ``name`` keeps ``spec``'s
        text form (only chat forms constrain texts).
        """
        return True

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        """``text`` rewritten towards :meth:`chat_ok` (``word``: the one to add, if any)."""
        return text

    def conform(self, spec: Rule, text: str, name: str, word: str) -> str:
        """``text``, a message by ``name`` that breaks ``spec``'s text form (not
        :meth:`chat_ok`), rewritten so that it keeps it, or ``""`` when no rewriting can
        (see ``cards_obey.conform_chat``).
        """
        rewritten = self.rewrite(spec, text, name, word)
        return rewritten if rewritten.strip() and self.chat_ok(spec, rewritten, name) else ""

    def may_chat(self, spec: Rule, log: Sequence[Event], seat: int) -> bool:
        """Whether a chat message by ``seat`` right now keeps ``spec`` (texts aside)."""
        return True

    def earliest(
        self, spec: Rule, log: Sequence[Event], seat: int, n: int, before_kind: str
    ) -> int:
        """The earliest game-clock time at which ``seat`` may emit a ``before_kind`` event."""
        return 0

    def satisfying(
        self,
        spec: Rule,
        log: Sequence[Event],
        seat: int,
        n: int,
        before_kind: str,
        now: int | None,
        word: str,
    ) -> tuple[Event, ...]:
        """The events ``seat`` should emit right now, before its ``before_kind`` event
        (``""``: after any event), so as not to break ``spec`` (a chat says ``word``).
        """
        return ()

    def may_owe(self, spec: Rule) -> bool:
        """Whether ``spec`` may owe a seat an answer (:meth:`owed_at`)."""
        return False

    def owed_at(self, spec: Rule, log: Sequence[Event], seat: int, n: int, t: int) -> int:
        """What ``seat`` owes an answer to at time ``t``: the log index of the trigger whose
        answer is still due, ``len(log)`` when the answer is due before the seat's own next
        event of the rule's ``on`` kind, -1 when nothing is owed.
        """
        return -1

    # -- Examples (the tests) ------------------------------------------------------------

    def example(self, spec: Rule, seat: int, n: int, name: str, keep: bool) -> tuple[Event, ...]:
        """A short log from t=0 in which ``seat`` (of ``n``, at least 2) keeps (``keep``)
        or breaks ``spec``.
        """
        raise NotImplementedError

    # -- Valuing (the expert bot) --------------------------------------------------------

    def occasions(self, spec: Rule, pace: Pace) -> float:
        """How many times in a round one covered player must mind ``spec`` at ``pace``."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Pace:
    """How often things happen in a round of play (every player's turn once), as a party
    bot expects: what :meth:`Family.occasions` counts a rule's obligations with.

    Attributes:
        players: Seats at the table.
        chat_per_turn: Chat messages a player sends in a turn.
        emote_per_turn: Emotes a player sends in a turn.
        emote_kinds: How many emotes there are (a trigger on one of them is that much rarer).
    """

    players: int
    chat_per_turn: float
    emote_per_turn: float
    emote_kinds: int

    @property
    def chats(self) -> float:
        """The chat messages one player sends in a round."""
        return self.chat_per_turn * self.players

    @property
    def tempting_emotes(self) -> float:
        """The emotes one player would be tempted to make in a round that an emote rule
        (``never_emote``, ``no_repeat_emote``) forbids.
        """
        return 0.3 * self.emote_per_turn * self.players

    def rate(self, kind: str, on_text: str) -> float:
        """How often one player meets an event of ``kind`` in a round (``on_text``: only
        the emote so named); 0.5 for a kind not counted.
        """
        per_kind = {"play": 1.0, "draw": 1.0, "turn_start": 1.0, "chat": self.chats, "buzz": 0.5}
        per_kind["emote"] = (
            self.emote_per_turn * self.players / (self.emote_kinds if on_text else 1)
        )
        return per_kind.get(kind, 0.5)


def seconds(ms: int, lang: str) -> str:
    """``ms`` in seconds as a hint says it ("3", "2,5" / "2.5")."""
    whole, rest = divmod(ms, 1000)
    if not rest:
        return str(whole)
    text = f"{ms / 1000:g}"
    return text.replace(".", ",") if lang == "es" else text


def act_text(kind: str, lang: Lang) -> str:
    """What doing an event of ``kind`` reads as in a hint ("jugar una carta")."""
    return msg(f"gotcha.cards.act.{kind}").text(lang)


def trigger_text(spec: Rule, kind: str) -> str:
    """The text of an example's ``kind`` event that triggers ``spec``."""
    if kind == "emote":
        return spec.on_text or "wave"
    if kind in ("play", "announce"):
        return "A01"
    if kind == "buzz":
        return "0"
    return ""


def actor_of(by: str, seat: int, n: int) -> int:
    """An example's seat whose event counts as ``by`` relative to ``seat`` (``other`` and
    ``any`` give the left neighbour).
    """
    if by == "self":
        return seat
    if by == "right":
        return (seat - 1) % n
    return (seat + 1) % n


native.picklable(globals())
