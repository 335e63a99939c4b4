"""Gotcha's legal actions: the lazy :class:`Choices` and the reasons for refusals.

``why(state, seat, action)`` is the one judge of legality: ``Choices.__contains__`` (what
``runner.check`` asks) and ``Gotcha.explain`` both use it, so an action is legal exactly when
it has no reason against it. The listed actions are a small deterministic sample of them
(see ``Gotcha.legal_actions``).
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.game import Seat
from ludoteca.engine.i18n import Message, msg
from ludoteca.engine.lazy import LazyActions
from ludoteca.games.gotcha import cards, referee
from ludoteca.games.gotcha.actions import (
    AREAS,
    NO_TARGET,
    SLOT_NAMES,
    Action,
    Buzz,
    Chat,
    Deal,
    Draw,
    Emote,
    Play,
    Timed,
    Vote,
)
from ludoteca.games.gotcha.cards import Event
from ludoteca.games.gotcha.state import (
    BLANK_LINES,
    CHAT_LINES,
    CHAT_MAX,
    DEAL,
    DRAW,
    MAX_GAP_MS,
    OFFSETS,
    OVER,
    VOTE,
    State,
    bound_seats,
    card,
    live_slots,
    rule_card,
    slot_count,
)

# ---------------------------------------------------------------------------------------
# Legal actions


class Choices(LazyActions[Action]):
    """A seat's legal actions: a small listed set, and membership by the rules.

    Iteration and indexing list a deterministic set without building it: the listing is
    a few segments (the turn player's draws or plays, or the votes; then, for the others,
    chat lines, emotes and buzz candidates, each at every offset), and an item is made when
    it is asked for, so a random pick builds one action. ``in`` accepts every action
    :func:`why` finds legal, listed or not (any time from the clock up to ``MAX_GAP_MS``
    later, any chat text, any accused set).
    """

    __slots__ = (
        "_buzz",
        "_head",
        "_len",
        "_nbuzz",
        "_nroom",
        "_owed",
        "_plays",
        "_seat",
        "_state",
        "_times",
    )

    def __init__(self, state: State, seat: Seat) -> None:
        self._state = state
        self._seat = seat
        clock = state.clock
        times = self._times = tuple([clock + d for d in OFFSETS])
        # The head is the votes or draws (built), or the plays (their shapes, each made an
        # action only when asked for).
        self._head: tuple[Action, ...] = ()
        self._plays: list[_PlayShape] = []
        phase = state.phase
        if phase == VOTE:
            self._head = tuple([Vote(t, yes) for yes in (True, False) for t in times])
        elif seat == state.current:
            if phase == DRAW:
                self._head = tuple([Draw(t) for t in times])
            else:
                self._plays = _plays(state, seat)
        head = len(self._head) + len(self._plays) * len(times)
        social = phase != VOTE and seat != state.current
        self._buzz: tuple[tuple[int, int], ...] | None = None
        self._nbuzz = 0
        self._nroom = 0
        self._owed: tuple[Chat | Emote, ...] = ()
        if phase != VOTE and state.events_left[seat] <= 0:
            # Owed reactions do not count against the cap (GT-15): they stay listed, now
            # (as the actors found them) and at each offset still before their deadline.
            self._owed = tuple([a for t in (clock, *times) for a in owed_actions(state, seat, t)])
        self._len = head + len(self._owed)
        if social:
            if state.events_left[seat] > 0:
                self._nroom = len(CHAT_LINES) + len(cards.EMOTES)
            if state.locked[seat] != state.turn and (
                state.rules.buzz_lock or state.events_left[seat] > 0
            ):
                pairs = buzz_pairs(state)
                self._nbuzz = len(pairs) - sum(1 for pair in pairs if pair[1] == seat)
            self._len += (self._nroom + self._nbuzz) * len(times)

    def __len__(self) -> int:
        return self._len

    def item(self, index: int) -> Action:
        """The listed action at ``index``: head (votes, draws or plays), then the owed
        reactions (only with no room events left, GT-15), then chat lines, emotes and buzz
        candidates, each at every offset.
        """
        times = self._times
        head = self._head
        if index < len(head):
            return head[index]
        index -= len(head)
        plays = self._plays
        if plays:
            row, column = divmod(index, len(times))
            if row < len(plays):
                return plays[row].at(times[column])
            index -= len(plays) * len(times)
        owed = self._owed
        if owed:
            if index < len(owed):
                return owed[index]
            index -= len(owed)
        row, column = divmod(index, len(times))
        t = times[column]
        if self._nroom:
            if row < len(CHAT_LINES):
                return Chat(t, CHAT_LINES[row])
            row -= len(CHAT_LINES)
            if row < len(cards.EMOTES):
                return Emote(t, cards.EMOTES[row])
            row -= len(cards.EMOTES)
        buzz = self._buzz
        if buzz is None:
            seat = self._seat
            buzz = self._buzz = tuple(pair for pair in buzz_pairs(self._state) if pair[1] != seat)
        slot, accused = buzz[row]
        return Buzz(t, slot, (accused,))

    def __contains__(self, action: object) -> bool:
        return isinstance(action, _TIMED) and why(self._state, self._seat, action) is None

    def __repr__(self) -> str:
        return f"Choices(seat={self._seat}, {len(self)} listed)"


_TIMED = (Draw, Play, Chat, Emote, Buzz, Vote)


_BUZZ_MEMO: list[Any] = [None, ()]
"""The last state's buzz candidates (every seat asks about the same state)."""


def buzz_pairs(state: State) -> tuple[tuple[int, int], ...]:
    """``(slot, accused)`` for every live rule and every seat it binds, in slot order."""
    if _BUZZ_MEMO[0] is not state:
        pairs = tuple(
            (slot, accused) for slot in live_slots(state) for accused in bound_seats(state, slot)
        )
        _BUZZ_MEMO[0], _BUZZ_MEMO[1] = state, pairs
    return _BUZZ_MEMO[1]  # type: ignore[no-any-return]


_PLAYS_MEMO: list[Any] = [None, []]
"""The last state's play shapes (the runner, the checks and a bot ask about one state)."""


def _plays(state: State, seat: Seat) -> list[_PlayShape]:
    """Every distinct (card, slot, target, text) the turn player may play, time aside."""
    if _PLAYS_MEMO[0] is state:
        return _PLAYS_MEMO[1]  # type: ignore[no-any-return]
    shapes = _PLAYS_MEMO[1] = _list_plays(state, seat)
    _PLAYS_MEMO[0] = state
    return shapes


def _list_plays(state: State, seat: Seat) -> list[_PlayShape]:
    shapes: list[_PlayShape] = []
    n = len(state.profiles)
    owners = {m.owner for m in state.mats if m.owner >= 0}
    free = [j for j, m in enumerate(state.mats) if m.owner < 0]
    for card_id in dict.fromkeys(state.hands[seat]):
        rule = card(card_id)
        texts = BLANK_LINES if not rule.checkable else ("",)
        if rule.kind in ("who", "what", "blank_what"):
            for area in range(AREAS):
                for text in texts:
                    shapes.append(_PlayShape(card_id, area, NO_TARGET, text))
            continue
        mats = free[:1] if free else list(range(len(state.mats)))
        for j in mats:
            old = state.mats[j].owner
            for target in range(n):
                if target in owners and target != old:
                    continue
                for text in texts:
                    shapes.append(_PlayShape(card_id, AREAS + j, target, text))
    return shapes


class _PlayShape:
    """A play without its time (listing helper)."""

    __slots__ = ("card", "slot", "target", "text")

    def __init__(self, card_id: str, slot: int, target: int, text: str) -> None:
        self.card = card_id
        self.slot = slot
        self.target = target
        self.text = text

    def at(self, t: int) -> Play:
        return Play(t, self.card, self.slot, self.target, self.text)


# ---------------------------------------------------------------------------------------
# Legality and reasons


def why(state: State, seat: Seat, action: object) -> tuple[str | None, Message] | None:
    """``None`` when ``seat`` may play ``action`` now, else ``(rule id, reason)``."""
    phase = state.phase
    if phase == OVER:
        return ("GT-10" if state.ended == "champ" else "GT-14"), msg("gotcha.game_over")
    if isinstance(action, Deal) or seat < 0:
        return "GT-02", msg("gotcha.chance_only")
    if phase == DEAL:
        return "GT-02", msg("gotcha.dealing")
    if not isinstance(action, _TIMED):
        return None, msg("gotcha.bad_syntax")
    timed: Timed = action
    if timed.t < state.clock:
        return "GT-16", msg("gotcha.too_early", t=timed.t, clock=state.clock)
    if timed.t > state.clock + MAX_GAP_MS:
        return "GT-16", msg("gotcha.too_late", t=timed.t, gap=MAX_GAP_MS, clock=state.clock)
    if phase == VOTE:
        assert state.ballot is not None
        if not isinstance(timed, Vote):
            return "GT-09", msg("gotcha.voting")
        if state.ballot.ballots[seat] >= 0:
            return "GT-09", msg("gotcha.already_voted")
        return None
    if isinstance(timed, Vote):
        return "GT-09", msg("gotcha.no_vote")
    if isinstance(timed, Draw | Play):
        return _why_turn(state, seat, timed)
    if isinstance(timed, Buzz) and state.rules.buzz_lock:
        if state.locked[seat] == state.turn:
            return "GT-17", msg("gotcha.buzz_locked")
        return _why_buzz(state, seat, timed)
    if state.events_left[seat] <= 0 and not _owed(state, seat, timed):
        return "GT-15", msg("gotcha.flood", limit=state.rules.events_per_turn)
    if isinstance(timed, Chat):
        return None if _good_text(timed.text) else ("GT-15", msg("gotcha.bad_chat", limit=CHAT_MAX))
    if isinstance(timed, Buzz):
        return _why_buzz(state, seat, timed)
    assert isinstance(timed, Emote)
    if timed.emote in cards.EMOTES:
        return None
    return "GT-15", msg("gotcha.bad_emote", emote=timed.emote, valid=", ".join(cards.EMOTES))


def _owed(state: State, seat: Seat, action: Timed) -> bool:
    """Whether ``action`` is a chat or emote the seat's rules owe now (GT-15: not counted)."""
    if isinstance(action, Chat):
        event = Event(action.t, seat, "chat", action.text)
    elif isinstance(action, Emote):
        event = Event(action.t, seat, "emote", action.emote)
    else:
        return False
    return referee.answers_owed(state, seat, event)


def owed_actions(state: State, seat: Seat, t: int) -> list[Chat | Emote]:
    """The chat or emote each of the seat's owed reactions asks for at ``t`` (GT-15)."""
    out: list[Chat | Emote] = []
    for spec, word in referee.owed_answers(state, seat, t):
        out.append(Emote(t, spec.emote) if spec.emote else Chat(t, word))
    return out


def _good_text(text: str) -> bool:
    return 0 < len(text) <= CHAT_MAX and text == text.strip() and "\n" not in text


def _why_turn(state: State, seat: Seat, action: Draw | Play) -> tuple[str, Message] | None:
    if seat != state.current:
        name = state.profiles[state.current].name
        return "GT-02", msg("gotcha.not_your_turn", player=f"{state.current} ({name})")
    if isinstance(action, Draw):
        return None if state.phase == DRAW else ("GT-02", msg("gotcha.drawn_already"))
    if state.phase == DRAW:
        return "GT-02", msg("gotcha.draw_first")
    try:
        rule = card(action.card)
    except ValueError:
        return "GT-02", msg("gotcha.unknown_card", card=action.card)
    if action.card not in state.hands[seat]:
        return "GT-02", msg("gotcha.not_in_hand", card=action.card)
    mats = len(state.mats)
    if rule.kind in ("who", "what", "blank_what"):
        rule_id = "GT-03"
        if action.slot >= AREAS or action.target != NO_TARGET:
            return rule_id, msg("gotcha.area_card")
    else:
        rule_id = "GT-04"
        if action.slot < AREAS or action.target == NO_TARGET:
            return rule_id, msg("gotcha.mat_card", mats=mats)
        j = action.slot - AREAS
        if j >= mats:
            return rule_id, msg("gotcha.no_such_mat", mats=mats)
        if not 0 <= action.target < len(state.profiles):
            return rule_id, msg("gotcha.no_such_seat", seat=action.target)
        free = [k for k, m in enumerate(state.mats) if m.owner < 0]
        if free and j != free[0]:
            return rule_id, msg("gotcha.free_mat_first", mat=SLOT_NAMES[AREAS + free[0]])
        holder = next((k for k, m in enumerate(state.mats) if m.owner == action.target), -1)
        if holder >= 0 and holder != j:
            return rule_id, msg("gotcha.has_rule", seat=action.target)
    if rule.checkable and action.text:
        return rule_id, msg("gotcha.not_blank")
    if not rule.checkable and not _good_text(action.text):
        return rule_id, msg("gotcha.blank_text", limit=CHAT_MAX)
    return None


def _why_buzz(state: State, seat: Seat, action: Buzz) -> tuple[str, Message] | None:
    if action.slot >= slot_count(state) or rule_card(state, action.slot) is None:
        return "GT-06", msg("gotcha.not_live", slot=SLOT_NAMES[action.slot])
    if not action.seats:
        return "GT-06", msg("gotcha.nobody_named")
    for accused in action.seats:
        if not 0 <= accused < len(state.profiles):
            return "GT-06", msg("gotcha.no_such_seat", seat=accused)
    if seat in action.seats:
        return "GT-06", msg("gotcha.accuse_self")
    return None
