"""Gotcha's legal actions: the lazy :class:`Choices` and the reasons for refusals.

``why(state, seat, action)`` is the one judge of legality: ``Choices.__contains__`` (what
``runner.check`` asks) and ``Gotcha.explain`` both use it, so an action is legal exactly when
it has no reason against it. The listed actions are a small deterministic sample of them
(see ``Gotcha.legal_actions``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Final, overload

from ludoteca.engine.game import CHANCE, Seat
from ludoteca.engine.i18n import Message, msg
from ludoteca.engine.lazy import LazyActions
from ludoteca.games.gotcha import cards, referee
from ludoteca.games.gotcha.actions import (
    AREAS,
    NO_TARGET,
    Action,
    Buzz,
    Chat,
    Deal,
    Draw,
    Emote,
    Play,
    Timed,
    Vote,
    buzz_one,
    chat_at,
    draw_at,
    emote_at,
    play_at,
)
from ludoteca.games.gotcha.cards import Event
from ludoteca.games.gotcha.names import card_name, slot_name
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
    Mat,
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
    a few segments (the turn player's draws or plays, or the votes; the reactions owed by
    a seat out of room events; then, for the others, chat lines and emotes, then buzz
    candidates, each at every offset), and an item is made when it is asked for, so a
    random pick builds one action. ``in`` accepts every action :func:`why` finds legal,
    listed or not (any time from the clock up to ``MAX_GAP_MS`` later, any chat text, any
    accused set).
    """

    __slots__ = (
        "_accusable",
        "_clock",
        "_handed",
        "_head",
        "_len",
        "_owed",
        "_plays",
        "_room_first",
        "_room_span",
        "_seat",
        "_state",
    )

    def __init__(self, state: State, seat: Seat, table: BuzzTable | None = None) -> None:
        self._state = state
        self._seat = seat
        # The last item this list handed out: legal by construction, so ``in`` (the runner's
        # legality check of an agent's pick) answers it without judging the rules again.
        self._handed: object = None
        clock = self._clock = state.clock
        phase = state.phase
        current = state.current
        # The head: the votes or the draws (counted), or the plays (counted by card).
        head = 0
        plays = None
        if phase == VOTE:
            head = 2 * _TIMES
        elif seat == current:
            if phase == DRAW:
                head = _TIMES
            else:
                plays = _play_counts(state, seat)
                head = plays[-1][1] * _TIMES if plays else 0
        self._head = head
        self._plays = plays
        owed: tuple[Chat | Emote, ...] = ()
        room = accusable = 0
        if phase != VOTE:
            left = state.events_left[seat]
            if left <= 0:
                # Owed reactions do not count against the cap (GT-15): they stay listed,
                # now (as the actors found them) and at each offset still before their
                # deadline.
                times = (clock, *[clock + d for d in OFFSETS])
                owed = tuple([a for t in times for a in owed_actions(state, seat, t)])
            if seat != current:
                if left > 0:
                    room = _ROOM_ROWS * _TIMES
                if state.locked[seat] != state.turn and (state.rules.buzz_lock or left > 0):
                    accusable = (table or buzz_table(state))[1][seat]
        self._owed = owed
        first = self._room_first = head + len(owed)
        self._room_span = room
        self._accusable = accusable
        self._len = first + room + accusable * _TIMES

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        # A random pick, most often a chat line or an emote, without LazyActions' checks.
        if type(index) is int:
            room = index - self._room_first
            if 0 <= room < self._room_span:
                row, column = divmod(room, _TIMES)
                t = self._clock + OFFSETS[column]
                made: Action
                if row < _CHATS:
                    made = chat_at(t, CHAT_LINES[row])
                else:
                    made = emote_at(t, _EMOTE_NAMES[row - _CHATS])
                self._handed = made
                return made
            if 0 <= index < self._len:
                made = self.item(index)
                self._handed = made
                return made
        return super().__getitem__(index)

    def item(self, index: int) -> Action:
        """The listed action at ``index``: head (votes, draws or plays), then the owed
        reactions (only with no room events left, GT-15), then chat lines, emotes and buzz
        candidates, each at every offset.
        """
        head = self._head
        if index < head:
            row, column = divmod(index, _TIMES)
            t = self._clock + OFFSETS[column]
            plays = self._plays
            if plays is not None:
                return _play_at(self._state, self._seat, plays, row, t)
            if self._state.phase == VOTE:
                return Vote(t, row == 0)
            return draw_at(t)
        first = self._room_first
        if index < first:
            return self._owed[index - head]
        row, column = divmod(index - first, _TIMES)
        t = self._clock + OFFSETS[column]
        if self._room_span:
            if row < _CHATS:
                return chat_at(t, CHAT_LINES[row])
            if row < _ROOM_ROWS:
                return emote_at(t, _EMOTE_NAMES[row - _CHATS])
            row -= _ROOM_ROWS
        seat = self._seat
        for slot, accused in buzz_table(self._state)[0]:
            if accused != seat:
                if not row:
                    return buzz_one(t, slot, accused)
                row -= 1
        raise IndexError(index)

    def __contains__(self, action: object) -> bool:
        if action is self._handed:
            return True
        return isinstance(action, _TIMED) and why(self._state, self._seat, action) is None

    def __repr__(self) -> str:
        return f"Choices(seat={self._seat}, {len(self)} listed)"


_TIMED: Final = (Draw, Play, Chat, Emote, Buzz, Vote)
_TIMES: Final = len(OFFSETS)
_CHATS: Final = len(CHAT_LINES)
_EMOTE_NAMES: Final = cards.EMOTES
_ROOM_ROWS: Final = _CHATS + len(cards.EMOTES)


def choices(state: State, seat: Seat) -> Sequence[Action]:
    """``Gotcha.legal_actions``: the seat's legal actions as a lazy :class:`Choices`
    (empty for non-actors).

    Listed: the turn player's draw or plays; the others' chat lines, emotes and a buzz per
    live rule and bound opponent (out of room events: the reactions owed, GT-15); the
    votes; each at every offset from the clock. Membership accepts every legal action,
    listed or not (the turn player's chat, any text, any time).
    """
    memo = _ACTORS_MEMO[0]
    if memo[0] is not state:
        actors(state)
        memo = _ACTORS_MEMO[0]
    if seat < 0 or seat not in memo[1]:
        return ()
    return Choices(state, seat, memo[2])


def actors(state: State) -> tuple[Seat, ...]:
    """``Gotcha.actors``: the turn player first, then everyone else clockwise with chat or
    emote events left, a free buzzer (GT-15, GT-17) and a rule to buzz, or a reaction
    owed (GT-15); during a vote, the voters; chance after a draw; nobody once over.

    Memoised with the buzz table for the last state asked (the runner, the checks and the
    listings ask several times).
    """
    memo = _ACTORS_MEMO[0]
    if memo[0] is state:
        return memo[1]
    phase = state.phase
    table = None
    if phase == DEAL:
        found: tuple[Seat, ...] = _CHANCE
    elif phase == OVER:
        found = ()
    elif phase == VOTE:
        assert state.ballot is not None
        ballots = state.ballot.ballots
        found = tuple([s for s in range(len(ballots)) if ballots[s] < 0])
    else:
        current = state.current
        left = state.events_left
        locked = state.locked
        turn = state.turn
        lock = state.rules.buzz_lock
        table = buzz_table(state)
        accusable = table[1]
        found = (
            current,
            *[
                s
                for s in _clockwise(current, len(left))
                if left[s] > 0
                or (lock and locked[s] != turn and accusable[s])
                or owed_actions(state, s, state.clock)
            ],
        )
    _ACTORS_MEMO[0] = (state, found, table)
    return found


_CHANCE: Final[tuple[Seat, ...]] = (CHANCE,)
_ACTORS_MEMO: Final[list[tuple[Any, tuple[Seat, ...], BuzzTable | None]]] = [(None, (), None)]
"""The last state, its actors and its buzz table: one tuple, replaced whole (a reader in
another thread never sees a state with another state's actors)."""


@cache
def _clockwise(current: int, n: int) -> tuple[int, ...]:
    return tuple((current + step) % n for step in range(1, n))


def buzz_table(state: State) -> BuzzTable:
    """The buzz candidates: ``(slot, accused)`` for every live rule and every seat it
    binds, in slot order, and per seat the number of them that do not name it.

    They change only with the board, the positions and the turn player: memoised on the
    identity of those tuples (the other transitions pass them on unchanged), so the steps
    of one turn share one table.
    """
    memo = _BUZZ_MEMO[0]
    what = state.what
    mats = state.mats
    who = state.who
    positions = state.positions
    current = state.current
    if (
        memo[0] is what
        and memo[1] is mats
        and memo[2] is who
        and memo[3] is positions
        and memo[4] == current
        and memo[5] is state.profiles
    ):
        return memo[6]  # type: ignore[no-any-return]
    pairs = tuple(
        [(slot, accused) for slot in live_slots(state) for accused in bound_seats(state, slot)]
    )
    named = [0] * len(positions)
    for _, accused in pairs:
        named[accused] += 1
    table = (pairs, tuple([len(pairs) - count for count in named]))
    _BUZZ_MEMO[0] = (what, mats, who, positions, current, state.profiles, table)
    return table


BuzzTable = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
"""``(pairs, accusable)``: the buzz candidates ``(slot, accused)`` and, per seat, how many
of them name somebody else."""
_BUZZ_MEMO: Final[list[tuple[Any, ...]]] = [(None, None, None, None, -1, None, ((), ()))]
"""The last board's buzz table, with what it was computed from: one tuple, replaced whole."""


_PlayCounts = tuple[tuple[str, int], ...]
"""Per distinct card of the hand, in hand order: ``(card id, plays up to this card)``."""


def _play_counts(state: State, seat: Seat) -> _PlayCounts:
    """How many distinct plays (card, slot, target, text; time aside) the turn player
    has, card by card (cumulative). Memoised on the hand and the mats.
    """
    hand = state.hands[seat]
    mats = state.mats
    n = len(state.profiles)
    memo = _PLAYS_MEMO[0]
    if memo[0] is hand and memo[1] is mats and memo[2] == n:
        return memo[3]  # type: ignore[no-any-return]
    targets = _mat_targets(mats, n)
    mat_count = sum(len(ts) for _, ts in targets)
    counts: list[tuple[str, int]] = []
    total = 0
    for card_id in dict.fromkeys(hand):
        rule = card(card_id)
        texts = len(BLANK_LINES) if not rule.checkable else 1
        per = AREAS if rule.kind in _AREA_KINDS else mat_count
        total += per * texts
        counts.append((card_id, total))
    found = tuple(counts)
    _PLAYS_MEMO[0] = (hand, mats, n, found)
    return found


_PLAYS_MEMO: Final[list[tuple[Any, ...]]] = [(None, None, 0, ())]
"""The last hand and mats and their play counts: one tuple, replaced whole."""
_AREA_KINDS: Final = ("who", "what", "blank_what")


def _mat_targets(mats: tuple[Mat, ...], n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """GT-04: ``(mat, targets)`` an individual card may go to: the first free mat (if
    any, else every mat), each to a player without a mat or to the mat's own holder.
    Memoised on the mats tuple.
    """
    memo = _TARGETS_MEMO[0]
    if memo[0] is mats and memo[1] == n:
        return memo[2]
    owners = {m.owner for m in mats if m.owner >= 0}
    free = [j for j, m in enumerate(mats) if m.owner < 0]
    out = []
    for j in free[:1] if free else range(len(mats)):
        old = mats[j].owner
        out.append((j, tuple([t for t in range(n) if t not in owners or t == old])))
    targets = tuple(out)
    _TARGETS_MEMO[0] = (mats, n, targets)
    return targets


_TARGETS_MEMO: Final[list[tuple[Any, int, tuple[tuple[int, tuple[int, ...]], ...]]]] = [
    (None, 0, ())
]
"""The last mats tuple and its targets: one tuple, replaced whole."""


def _play_at(state: State, seat: Seat, counts: _PlayCounts, row: int, t: int) -> Play:
    """The ``row``-th distinct play (see :func:`_play_counts`) at time ``t``: card by card,
    then by slot (areas, or mats and their targets), then by blank text.
    """
    before = 0
    for card_id, upto in counts:  # noqa: B007 (the card found is used after the loop)
        if row < upto:
            break
        before = upto
    else:
        raise IndexError(row)
    rule = card(card_id)
    texts = BLANK_LINES if not rule.checkable else ("",)
    shape, text = divmod(row - before, len(texts))
    if rule.kind in _AREA_KINDS:
        return play_at(t, card_id, shape, NO_TARGET, texts[text])
    for j, targets in _mat_targets(state.mats, len(state.profiles)):
        if shape < len(targets):
            return play_at(t, card_id, AREAS + j, targets[shape], texts[text])
        shape -= len(targets)
    raise IndexError(row)


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
        return "GT-02", msg("gotcha.not_in_hand", card=card_name(action.card, action.text))
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
            return rule_id, msg("gotcha.no_such_seat", number=action.target)
        free = [k for k, m in enumerate(state.mats) if m.owner < 0]
        if free and j != free[0]:
            return rule_id, msg("gotcha.free_mat_first", mat=slot_name(AREAS + free[0]))
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
        return "GT-06", msg("gotcha.not_live", slot=slot_name(action.slot))
    if not action.seats:
        return "GT-06", msg("gotcha.nobody_named")
    for accused in action.seats:
        if not 0 <= accused < len(state.profiles):
            return "GT-06", msg("gotcha.no_such_seat", number=accused)
    if seat in action.seats:
        return "GT-06", msg("gotcha.accuse_self")
    return None
