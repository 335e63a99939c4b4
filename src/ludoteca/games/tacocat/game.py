"""Tacocat Spelled Backwards: a two-player card tug of war.

Each round both players are dealt a hand sized by Tacocat's space, replace cards (TC-02,
TC-03), duel for the first attack (TC-04), then attack and defend card by card (TC-05..07)
until each holds one card; the lower card wins the round (TC-08) and pulls Tacocat one
uncovered space toward its goal (TC-09). Entering a goal wins (TC-10).
Rules map: ``docs/rules/tacocat.md``. Components: ``games/tacocat/components.toml``.

Cards are drawn from the pile one at a time as explicit chance steps, so the pile is a
multiset of counts with no hidden order, and search agents can enumerate every draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ludoteca.engine import components
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import InvalidActionError
from ludoteca.engine.events import Event
from ludoteca.engine.game import CHANCE, Options, Outcome, Seat, View
from ludoteca.engine.i18n import Message, msg
from ludoteca.engine.sorted_ints import insert_sorted, position_in
from ludoteca.games.tacocat import events as tacocat_events
from ludoteca.games.tacocat import playout as _playout
from ludoteca.games.tacocat.figures import TacocatTally
from ludoteca.games.tacocat.legal import attack_action as _attack
from ludoteca.games.tacocat.legal import attack_actions as _attack_actions
from ludoteca.games.tacocat.legal import defend_actions as _defend_actions
from ludoteca.games.tacocat.legal import duel_actions as _duel_actions
from ludoteca.games.tacocat.legal import holds
from ludoteca.games.tacocat.legal import replace_action as _replace
from ludoteca.games.tacocat.legal import replace_actions as _replace_actions
from ludoteca.games.tacocat.model import (
    ARROWS,
    DATA,
    DECK,
    DEFENDS,
    DRAWS,
    DUELS,
    F_ANSWERS,
    F_ATTACK,
    F_ATTACKER,
    F_COVERED,
    F_DISCARD,
    F_HANDS,
    F_LAST_DUEL,
    F_LAST_SHOWDOWN,
    F_LAST_TRICK,
    F_OWED,
    F_PENDING,
    F_PHASE,
    F_POSITION,
    F_REPLACED,
    F_RESULTS,
    F_ROUND,
    F_RULES,
    F_WINNER,
    FULL_PILE,
    HAND_SIZES,
    INFO,
    KEEP,
    MAX_VALUE,
    MIN_SET,
    NO_SEAT,
    P_ATTACK,
    P_DEAL,
    P_DEFEND,
    P_DUEL,
    P_OVER,
    P_REPLACE,
    SACRIFICE,
    SPACES,
    START,
    Action,
    Attack,
    Defend,
    Draw,
    Duel,
    Phase,
    Replace,
    Rules,
    Sacrifice,
    State,
    new_state,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class Tacocat:
    """The Tacocat rules as pure functions (the Game protocol)."""

    info = INFO

    def setup(self, num_players: int, rng: random.Random, options: Options) -> State:
        """TC-01: Tacocat on the centre, a full deck, and the first deal owed.

        The deal itself is a sequence of chance steps, so ``rng`` is not needed here.
        """
        rules = Rules(bool(options["tie_goes_to_arrow"]), int(options["min_sequence"]))
        return _new_round(rules, START, 0, 1, (), None, None, None)

    def actors(self, state: State) -> tuple[Seat, ...]:
        """Who acts: chance while cards are owed; one or both seats otherwise."""
        phase = state.phase
        if phase == P_DEAL:
            return _CHANCE_ACTORS
        if phase == P_ATTACK:
            return _SEATS[state.attacker]
        if phase == P_DEFEND:
            return _SEATS[1 - state.attacker]
        if phase == P_DUEL:
            return _waiting(state.pending)
        if phase == P_REPLACE:
            turn = _replace_turn(state)
            return _waiting(state.pending) if turn is None else _SEATS[turn]
        return ()

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        """The seat's legal actions.

        Order: replace sets by size then value (``keep`` first); duel and defence cards
        ascending, ``sacrifice`` last; attacks as singles, then sets, then sequences, each by
        value. Empty for a seat that is not acting.
        """
        phase = state.phase
        if phase == P_ATTACK:
            if seat != state.attacker:
                return ()
            return _attack_actions(state.hands[seat], state.rules.min_sequence)
        if phase == P_DEFEND:
            if seat != 1 - state.attacker:
                return ()
            return _defend_actions(state.hands[seat], state.attack[len(state.answers)])
        if seat not in (0, 1):
            return ()
        if phase == P_DUEL:
            # TC-04: each seat still to choose (as ``actors``, without building its tuple).
            return _duel_actions(state.hands[seat]) if state.pending[seat] is None else ()
        if phase != P_REPLACE:
            return ()
        turn = _replace_turn(state)
        acting = state.pending[seat] is None if turn is None else seat == turn
        return _replace_actions(state.hands[seat], _replace_limit(state, seat)) if acting else ()

    def apply(self, state: State, seat: Seat, action: Action) -> State:
        """The next state; assumes the action is legal (check with ``runner.step``)."""
        if action.__class__ is not Draw:
            return _TRANSITIONS[action.__class__](state, seat, action)
        # A draw, inlined here: more than half of a game's steps are draws.
        card = action.card
        (rules, position, covered, round_no, phase, (hand0, hand1), pile, discard, (owed0, owed1),
         replaced, pending, attacker, attack, answers, last_duel, last_trick, last_showdown,
         results, winner) = state  # fmt: skip
        # Through a list: fewer new objects than slicing and joining tuples (2 against 4).
        if owed0:
            cards = list(hand0)
            insert_sorted(cards, card)
            hand0 = tuple(cards)
            owed0 -= 1
        else:
            cards = list(hand1)
            insert_sorted(cards, card)
            hand1 = tuple(cards)
            owed1 -= 1
        if not owed0 and not owed1:
            phase = P_DUEL if replaced[0] >= 0 and replaced[1] >= 0 else P_REPLACE
        cards = list(pile)
        del cards[position_in(pile, card)]
        return new_state(
            State,
            (rules, position, covered, round_no, phase, (hand0, hand1), tuple(cards), discard,
             (owed0, owed1), replaced, pending, attacker, attack, answers, last_duel, last_trick,
             last_showdown, results, winner),
        )  # fmt: skip

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:
        """Each value left in the pile, with probability copies / pile size."""
        pile = state.pile
        total = len(pile)
        return tuple(
            (DRAWS[value], Fraction(pile.count(value), total)) for value in sorted(set(pile))
        )

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        """Draw one card from the pile with the probabilities of ``chance_outcomes``."""
        pile = state.pile
        return DRAWS[pile[int(rng.random() * len(pile))]]

    def figure_tally(self, players: int) -> TacocatTally:
        """A fresh count of one match's figures from its public events (``figures.py``):
        the lab's mechanics and the end panel's figures by seat.
        """
        return TacocatTally(self, players)

    def outcome(self, state: State) -> Outcome | None:
        """TC-10: the seat whose goal Tacocat entered wins."""
        if state.winner < 0:
            return None
        winner = state.winner
        goal = "YAY" if winner == 0 else "WOW"
        return Outcome(
            scores=(1.0 if winner == 0 else 0.0, 1.0 if winner == 1 else 0.0),
            winners=(winner,),
            ranks=(1 if winner == 0 else 2, 1 if winner == 1 else 2),
            reason=msg("tacocat.win", goal=goal),
            end_reason="goal",
            turns=len(state.results),
            figures={
                "rounds_won": [state.results.count(0), state.results.count(1)],
                "drawn_rounds": state.results.count(NO_SEAT),
                "rounds": len(state.results),
                "position": state.position,
                "goal": goal,
            },
        )

    def events(
        self, before: State, seat: Seat, action: Action, after: State, viewer: Seat | None
    ) -> tuple[Event, ...]:
        """What ``viewer`` learns from one step (``games/tacocat/events.py``)."""
        return tacocat_events.step_events(before, seat, action, after, viewer)

    def phase(self, state: State) -> str:
        """The phase id: deal, replace, duel, attack, defend or over."""
        return state.phase.name.lower()

    def view(self, state: State, seat: Seat | None) -> View:
        """TC-11: own hand and own secret choice; counts for the rest; public table."""
        view: View = {
            "game": "tacocat",
            "seat": seat,
            "phase": state.phase.name.lower(),
            "actors": list(self.actors(state)),
            "round": state.round,
            "position": state.position,
            "covered": [i for i in range(SPACES) if state.covered >> i & 1],
            "hand_size": HAND_SIZES[state.position] if 0 <= state.position < SPACES else 0,
            "arrow": ARROWS[state.position] if 0 <= state.position < SPACES else None,
            "hand_counts": [len(h) for h in state.hands],
            "pile_size": len(state.pile),
            "discard": list(state.discard),
            "owed": list(state.owed),
            "replaced": list(state.replaced),
            "chosen": [p is not None for p in state.pending],
            "attacker": state.attacker,
            "attack": list(state.attack),
            "answers": list(state.answers),
            "last_duel": list(state.last_duel) if state.last_duel else None,
            "last_trick": (
                {
                    "attacker": state.last_trick[0],
                    "attack": list(state.last_trick[1]),
                    "answers": list(state.last_trick[2]),
                }
                if state.last_trick
                else None
            ),
            "last_showdown": list(state.last_showdown) if state.last_showdown else None,
            "results": list(state.results),
            "winner": state.winner if state.winner >= 0 else None,
            "options": {
                "tie_goes_to_arrow": state.rules.tie_goes_to_arrow,
                "min_sequence": state.rules.min_sequence,
            },
        }
        if seat is not None and seat >= 0:
            view["hand"] = list(state.hands[seat])
            mine = state.pending[seat]
            view["my_choice"] = list(mine) if mine is not None else None
        return view

    def sample_state(self, view: View, seat: Seat | None, rng: random.Random) -> State:
        """A state consistent with ``view``: unseen hands and secret choices drawn at random.

        The unseen cards are the deck minus what the viewer can see (own hand, discards,
        cards on the table); hidden hands are dealt from them uniformly and the rest form
        the pile. One call of :meth:`sampler`.
        """
        return self.sampler(view, seat)(rng)

    def sampler(self, view: View, seat: Seat | None) -> Callable[[random.Random], State]:
        """``sample_state`` for one view, the view read once: a search draws hundreds.

        Each call of the returned function deals the hidden hands with a partial
        Fisher-Yates (a uniform draw of just the hidden cards; the pile is kept sorted, so
        its order needs no shuffle), then draws the other seat's secret choice if made.
        """
        unseen = list(DECK)
        own: tuple[int, ...] = tuple(view["hand"]) if seat is not None and seat >= 0 else ()
        for card in [*own, *view["discard"], *view["attack"], *map(abs, view["answers"])]:
            unseen[card] -= 1
        pool = tuple(value for value, count in enumerate(unseen) for _ in range(count))
        counts: list[int] = view["hand_counts"]
        hidden = [other for other in (0, 1) if other != seat]
        dealt = sum(counts[other] for other in hidden)
        options = view["options"]
        phase = Phase[view["phase"].upper()]
        base = State(
            rules=Rules(bool(options["tie_goes_to_arrow"]), int(options["min_sequence"])),
            position=view["position"],
            covered=sum(1 << i for i in view["covered"]),
            round=view["round"],
            phase=phase,
            hands=((), ()),
            pile=(),
            discard=tuple(view["discard"]),
            owed=(view["owed"][0], view["owed"][1]),
            replaced=(view["replaced"][0], view["replaced"][1]),
            pending=(None, None),
            attacker=view["attacker"],
            attack=tuple(view["attack"]),
            answers=tuple(view["answers"]),
            last_duel=_pair(view["last_duel"]),
            last_trick=(
                (
                    view["last_trick"]["attacker"],
                    tuple(view["last_trick"]["attack"]),
                    tuple(view["last_trick"]["answers"]),
                )
                if view["last_trick"]
                else None
            ),
            last_showdown=_pair(view["last_showdown"]),
            results=tuple(view["results"]),
            winner=view["winner"] if view["winner"] is not None else NO_SEAT,
        )
        chosen = [bool(view["chosen"][other]) for other in (0, 1)]
        mine = tuple(view["my_choice"]) if seat is not None and seat >= 0 and chosen[seat] else None
        size = len(pool)

        def draw(rng: random.Random) -> State:
            cards = list(pool)
            below = rng.random
            for i in range(dealt):
                j = i + int(below() * (size - i))
                cards[i], cards[j] = cards[j], cards[i]
            hands: list[tuple[int, ...]] = [own, own]
            start = 0
            for other in hidden:
                hands[other] = tuple(sorted(cards[start : start + counts[other]]))
                start += counts[other]
            pending: list[tuple[int, ...] | None] = [None, None]
            for other in (0, 1):
                if not chosen[other]:
                    continue
                if other == seat:
                    pending[other] = mine
                elif phase == Phase.DUEL:
                    pending[other] = (rng_mod.choice(rng, hands[other]),)
                else:
                    options_other = _replace_actions(hands[other], len(hands[other]))
                    pending[other] = rng_mod.choice(rng, options_other).cards
            return base._replace(
                hands=(hands[0], hands[1]),
                pile=tuple(sorted(cards[dealt:])),
                pending=(pending[0], pending[1]),
            )

        return draw

    def explain(
        self, state: State, seat: Seat, action: Action
    ) -> tuple[str | None, Message] | None:
        """Why ``action`` is illegal for ``seat`` now, with the rule id; ``None`` if legal."""
        if action in self.legal_actions(state, seat):
            return None
        actors = self.actors(state)
        if seat not in actors:
            return _explain_not_acting(state, seat, actors)
        phase_name = msg(f"tacocat.phase.{state.phase.name.lower()}")
        expected_by_phase: dict[Phase, tuple[tuple[type, ...], str]] = {
            Phase.REPLACE: (
                (Replace,),
                "TC-02" if ARROWS[_clamp(state.position)] is None else "TC-03",
            ),
            Phase.DUEL: ((Duel,), "TC-04"),
            Phase.ATTACK: ((Attack,), "TC-05"),
            Phase.DEFEND: ((Defend, Sacrifice), "TC-06"),
            Phase.DEAL: ((Draw,), "TC-01"),
        }
        expected = expected_by_phase.get(state.phase)
        if isinstance(action, Draw):
            return "TC-11", msg("tacocat.chance_only")
        if expected is None or not isinstance(action, expected[0]):
            rule = expected[1] if expected else "TC-10"
            return rule, msg("tacocat.wrong_phase", phase=phase_name, verb=_verb(action))
        rule_id = expected[1]
        hand = state.hands[seat]
        cards = _cards_of(action)
        if not holds(hand, cards):
            return rule_id, msg("tacocat.not_in_hand", cards=_show(cards), hand=_show(hand))
        if isinstance(action, Replace):
            return rule_id, msg("tacocat.replace_limit", limit=_replace_limit(state, seat))
        if isinstance(action, Attack):
            if len(action.cards) >= len(hand):
                return rule_id, msg("tacocat.attack_keep_one")
            return rule_id, msg(
                "tacocat.attack_shape",
                cards=_show(action.cards),
                min_set=MIN_SET,
                min_sequence=state.rules.min_sequence,
            )
        if isinstance(action, Defend):
            return rule_id, msg(
                "tacocat.defend_too_low", attack=state.attack[len(state.answers)], card=action.card
            )
        return rule_id, msg("engine.not_legal_here")

    def parse_action(self, text: str) -> Action:
        """Read an action: ``keep``, ``replace 3 5``, ``duel 7``, ``attack 4 4``,
        ``defend 9``, ``sacrifice``, ``draw 5``. Spanish verbs work too (``cambiar``,
        ``duelo``, ``atacar``, ``defender``, ``sacrificar``, ``robar``).

        Raises:
            InvalidActionError: If the text is not an action.
        """
        tokens = text.strip().lower().split()
        if not tokens:
            raise InvalidActionError(text, msg("tacocat.bad_verb"))
        verb = _VERBS.get(tokens[0])
        if verb is None:
            raise InvalidActionError(text, msg("tacocat.bad_verb"))
        numbers: list[int] = []
        for token in tokens[1:]:
            # ASCII digits only: str.isdigit() accepts "²", which int() then rejects.
            if not (token.isascii() and token.isdigit()) or not 1 <= int(token) <= MAX_VALUE:
                raise InvalidActionError(text, msg("tacocat.bad_number", token=token))
            numbers.append(int(token))
        cards = tuple(sorted(numbers))
        if verb in ("keep", "sacrifice"):
            if cards:
                raise InvalidActionError(text, msg("tacocat.needs_cards", verb=verb, count=0))
            return KEEP if verb == "keep" else SACRIFICE
        if verb == "replace":
            return _replace(cards)
        if verb == "attack":
            if not cards:
                raise InvalidActionError(text, msg("tacocat.needs_cards", verb=verb, count="1+"))
            return _attack(cards)
        if len(cards) != 1:
            raise InvalidActionError(text, msg("tacocat.needs_cards", verb=verb, count=1))
        if verb == "duel":
            return DUELS[cards[0]]
        if verb == "defend":
            return DEFENDS[cards[0]]
        return DRAWS[cards[0]]

    def describe(self, action: Action, lang: str, names: Sequence[str] = ()) -> str:
        """A sentence for people, e.g. "attacks with 11 11"."""
        if isinstance(action, Replace):
            if not action.cards:
                return msg("tacocat.do.keep").text(_lang(lang))
            return msg("tacocat.do.replace", cards=_show(action.cards)).text(_lang(lang))
        if isinstance(action, Attack):
            return msg("tacocat.do.attack", cards=_show(action.cards)).text(_lang(lang))
        if isinstance(action, Sacrifice):
            return msg("tacocat.do.sacrifice").text(_lang(lang))
        key = {Draw: "draw", Duel: "duel", Defend: "defend"}[type(action)]
        return msg(f"tacocat.do.{key}", card=action.card).text(_lang(lang))

    def playout(
        self, state: State, rng: random.Random, policy: _playout.Policy
    ) -> tuple[State, int]:
        """The rollout fast path: play to the end on mutable locals (same games as the
        protocol loop for the same ``rng``); see :mod:`ludoteca.games.tacocat.playout`.

        Returns:
            The final state and the steps applied.
        """
        return _playout.playout(state, rng, policy)

    def rules_text(self, lang: str) -> list[tuple[str, str]]:
        """The rules as ``(rule id, sentence)`` pairs in ``lang``."""
        return components.rules_text(DATA, lang)


GAME: Final = Tacocat()


# ---------------------------------------------------------------------------------------
# Transitions (private)

_CHANCE_ACTORS: Final[tuple[Seat, ...]] = (CHANCE,)
_SEATS: Final[tuple[tuple[Seat, ...], tuple[Seat, ...]]] = ((0,), (1,))
_BOTH: Final[tuple[Seat, ...]] = (0, 1)
_FULL_PILE: Final = FULL_PILE
_NO_PENDING: Final[tuple[None, None]] = (None, None)


def _replace_turn(state: State) -> Seat | None:
    """The seat that replaces now when the space's arrow orders the replaces (the arrow's
    seat first, then the other); ``None`` where both choose at once, in secret.
    """
    arrow = ARROWS[state.position]
    if arrow is None:
        return None
    return arrow if state.replaced[arrow] < 0 else 1 - arrow


def _waiting(pending: tuple[tuple[int, ...] | None, tuple[int, ...] | None]) -> tuple[Seat, ...]:
    if pending[0] is None:
        return _BOTH if pending[1] is None else _SEATS[0]
    return _SEATS[1] if pending[1] is None else ()


def _new_round(
    rules: Rules,
    position: int,
    covered: int,
    round_no: int,
    results: tuple[int, ...],
    last_duel: tuple[int, int] | None,
    last_trick: tuple[int, tuple[int, ...], tuple[int, ...]] | None,
    last_showdown: tuple[int, int] | None,
) -> State:
    """A fresh deal.

    The previous round's last duel, trick and showdown stay in view: when a trick or duel
    leads straight to the showdown, the other seat must still see it.
    """
    size = HAND_SIZES[position]
    # Positionally, in the order of State's fields (a keyword State(...) is about 4x slower).
    return new_state(
        State,
        (rules, position, covered, round_no, P_DEAL, ((), ()), _FULL_PILE, (), (size, size),
         (-1, -1), _NO_PENDING, NO_SEAT, (), (), last_duel, last_trick, last_showdown, results,
         NO_SEAT),
    )  # fmt: skip


def _apply_defend(state: State, seat: Seat, action: Defend) -> State:
    return _answer(state, action.card, True)


def _apply_sacrifice(state: State, seat: Seat, action: Sacrifice) -> State:
    return _answer(state, state.hands[seat][0], False)


def _apply_replace(state: State, seat: Seat, action: Replace) -> State:
    cards = action.cards
    new = list(state)
    if ARROWS[state.position] is None:
        pending = _set_pair(state.pending, seat, cards)
        new[F_PENDING] = pending
        if pending[0] is None or pending[1] is None:
            return new_state(State, new)
        first, second = pending
        counts = (len(first), len(second))
        new[F_HANDS] = (_remove(state.hands[0], first), _remove(state.hands[1], second))
        new[F_DISCARD] = state.discard + first + second
        new[F_REPLACED] = counts
        new[F_OWED] = counts
        new[F_PENDING] = _NO_PENDING
        new[F_PHASE] = P_DEAL if counts != (0, 0) else P_DUEL
        return new_state(State, new)
    replaced = _set_pair(state.replaced, seat, len(cards))
    if cards:
        phase = P_DEAL
    else:
        phase = P_DUEL if min(replaced) >= 0 else P_REPLACE
    new[F_HANDS] = _set_pair(state.hands, seat, _remove(state.hands[seat], cards))
    new[F_DISCARD] = state.discard + cards
    new[F_REPLACED] = replaced
    new[F_OWED] = _set_pair((0, 0), seat, len(cards))
    new[F_PHASE] = phase
    return new_state(State, new)


def _apply_duel(state: State, seat: Seat, action: Duel) -> State:
    card = action.card
    pending = _set_pair(state.pending, seat, (card,))
    new = list(state)
    if pending[0] is None or pending[1] is None:
        new[F_PENDING] = pending
        return new_state(State, new)
    card0, card1 = pending[0][0], pending[1][0]
    hands = (_remove(state.hands[0], (card0,)), _remove(state.hands[1], (card1,)))
    new[F_HANDS] = hands
    new[F_DISCARD] = state.discard + (card0, card1)
    new[F_PENDING] = _NO_PENDING
    new[F_LAST_DUEL] = (card0, card1)
    if len(hands[0]) == 1:
        return _showdown(new)
    if card0 != card1:
        new[F_ATTACKER] = 0 if card0 > card1 else 1
        new[F_PHASE] = P_ATTACK
    return new_state(State, new)


def _apply_attack(state: State, seat: Seat, action: Attack) -> State:
    cards = action.cards
    attacker = state.attacker
    new = list(state)
    new[F_HANDS] = _set_pair(state.hands, attacker, _remove(state.hands[attacker], cards))
    new[F_ATTACK] = cards
    new[F_ANSWERS] = ()
    new[F_PHASE] = P_DEFEND
    return new_state(State, new)


def _answer(state: State, card: int, defended: bool) -> State:
    attacker = state.attacker
    defender = 1 - attacker
    answers = (*state.answers, card if defended else -card)
    hands = _set_pair(state.hands, defender, _remove(state.hands[defender], (card,)))
    new = list(state)
    new[F_HANDS] = hands
    if len(answers) < len(state.attack):
        new[F_ANSWERS] = answers
        return new_state(State, new)
    # TC-07: the defender attacks next only if every attack card was met.
    new[F_DISCARD] = state.discard + state.attack + tuple(map(abs, answers))
    new[F_ATTACK] = ()
    new[F_ANSWERS] = ()
    new[F_ATTACKER] = defender if min(answers) > 0 else attacker
    new[F_LAST_TRICK] = (attacker, state.attack, answers)
    new[F_PHASE] = P_ATTACK
    if len(hands[0]) == 1:
        return _showdown(new)
    return new_state(State, new)


def _showdown(new: list[Any]) -> State:
    """TC-08 and TC-09: the lower last card wins; Tacocat moves; a new round or the end.

    ``new``: the fields of the state after the round's last duel or trick (as a list).
    """
    (hand0, hand1), position, rules = new[F_HANDS], new[F_POSITION], new[F_RULES]
    card0, card1 = hand0[0], hand1[0]
    if card0 != card1:
        winner = 0 if card0 < card1 else 1
    else:
        arrow = ARROWS[position]
        winner = arrow if rules.tie_goes_to_arrow and arrow is not None else NO_SEAT
    results = (*new[F_RESULTS], winner)
    showdown = (card0, card1)
    covered = new[F_COVERED]
    if winner != NO_SEAT:
        position, covered = _move(position, covered, winner)
        if not 0 <= position < SPACES:
            new[F_POSITION], new[F_COVERED], new[F_PHASE] = position, covered, P_OVER
            new[F_RESULTS], new[F_LAST_SHOWDOWN], new[F_WINNER] = results, showdown, winner
            new[F_ATTACK] = new[F_ANSWERS] = ()
            return new_state(State, new)
    return _new_round(
        rules,
        position,
        covered,
        new[F_ROUND] + 1,
        results,
        new[F_LAST_DUEL],
        new[F_LAST_TRICK],
        showdown,
    )


_TRANSITIONS: Final[dict[type, Callable[[State, Seat, Any], State]]] = {
    Defend: _apply_defend,
    Sacrifice: _apply_sacrifice,
    Attack: _apply_attack,
    Duel: _apply_duel,
    Replace: _apply_replace,
}
"""Each action type's transition (a dict lookup beats a chain of ``isinstance`` checks)."""


def _move(position: int, covered: int, winner: Seat) -> tuple[int, int]:
    """TC-09: toward the winner to the nearest uncovered space, covering the one left."""
    step = -1 if winner == 0 else 1
    target = position + step
    while 0 <= target < SPACES and covered >> target & 1:
        target += step
    return target, covered | 1 << position


# ---------------------------------------------------------------------------------------
# Legal action lists (cached: hands repeat across games)
def _replace_limit(state: State, seat: Seat) -> int:
    arrow = ARROWS[state.position]
    if arrow is None or arrow == seat:
        return len(state.hands[seat])
    return state.replaced[arrow]


def _explain_not_acting(state: State, seat: Seat, actors: tuple[Seat, ...]) -> tuple[str, Message]:
    """The rule that keeps ``seat`` from acting now."""
    phase = state.phase
    if phase == Phase.OVER:
        return "TC-10", msg("engine.game_over")
    if phase in (Phase.REPLACE, Phase.DUEL) and state.pending[seat] is not None:
        return ("TC-04" if phase == Phase.DUEL else "TC-02"), msg("tacocat.already_chose")
    if phase == Phase.REPLACE and state.replaced[seat] >= 0:
        return "TC-03", msg("tacocat.already_replaced")
    rule = {
        Phase.DEAL: "TC-01",
        Phase.REPLACE: "TC-03",
        Phase.ATTACK: "TC-07",
        Phase.DEFEND: "TC-06",
    }.get(phase, "TC-04")
    names = [msg("tacocat.chance") if a == CHANCE else msg("tacocat.seat", seat=a) for a in actors]
    waiting = msg("tacocat.list2", first=names[0], second=names[1]) if len(names) > 1 else names[0]
    return rule, msg("tacocat.not_your_turn", actors=waiting)


# ---------------------------------------------------------------------------------------
# Small helpers

_VERBS: Final = {
    "keep": "keep", "mantener": "keep", "quedarse": "keep",
    "replace": "replace", "cambiar": "replace", "reemplazar": "replace",
    "duel": "duel", "duelo": "duel",
    "attack": "attack", "atacar": "attack", "ataque": "attack",
    "defend": "defend", "defender": "defend",
    "sacrifice": "sacrifice", "sacrificar": "sacrifice",
    "draw": "draw", "robar": "draw",
}  # fmt: skip


def _remove(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    if len(cards) == 1:
        index = hand.index(cards[0])
        return hand[:index] + hand[index + 1 :]
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _set_pair(pair: tuple[Any, Any], seat: Seat, value: Any) -> tuple[Any, Any]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _pair(values: list[int] | None) -> tuple[int, int] | None:
    return (values[0], values[1]) if values else None


def _clamp(position: int) -> int:
    return min(max(position, 0), SPACES - 1)


def _cards_of(action: Action) -> tuple[int, ...]:
    if isinstance(action, Replace | Attack):
        return action.cards
    if isinstance(action, Duel | Defend):
        return (action.card,)
    return ()


def _verb(action: Action) -> Message:
    name = {
        Draw: "draw", Replace: "replace", Duel: "duel",
        Attack: "attack", Defend: "defend", Sacrifice: "sacrifice",
    }[type(action)]  # fmt: skip
    return msg(f"tacocat.verb.{name}")


def _show(cards: Sequence[int]) -> str:
    return " ".join(map(str, cards)) if cards else "-"


def _lang(lang: str) -> Any:
    return "es" if lang == "es" else "en"
