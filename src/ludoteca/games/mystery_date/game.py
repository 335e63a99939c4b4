"""Mystery Date: roll around the board, collect a complete outfit, open the door.

2 to 4 players. Each turn the mover rolls the die (MD-02) and the space they stop on acts:
take cards (MD-03, with the hand limit MD-04), swap a card with another player (MD-05), take
the known discard or an unknown draw (MD-06), or open the door holding a complete outfit
(MD-08, MD-09). Rules map: ``docs/rules/mystery_date.md``. Components and the track:
``games/mystery_date/components.toml`` (via ``cards``).

Every random event is an explicit chance step with exact probabilities: the die (1/6 each),
each card off the draw pile (copies / pile size: the pile is a multiset with no hidden
order, so a reshuffle needs no chance step), the card taken at random in a swap (copies /
hand size of the partner) and the door (option ``door_weights``). Search agents can
enumerate them all.

Hidden information (MD-10): hands are secret, hand sizes public. A swap tells the two players
involved one card each: the giver knows the card they gave is in the partner's hand, and the
partner knows the card taken from them is in the giver's hand. ``State.known`` keeps, for
each ordered pair of seats ``(a, b)``, the multiset of cards ``a`` knows for certain that
``b`` holds; it shrinks when ``b``'s hand changes in ways ``a`` cannot see (see
``_swap_knowledge`` and ``_forget`` in ``turns``). Cards the whole table saw
enter a hand (the top of the discard pile) or shown from it (an outfit at the door) are in
every other seat's ``known`` and in ``State.public``, which every view shows.

Modules: this one holds the Game protocol (setup, chance, views, explanations, text);
``state`` the track and the state types; ``turns`` the
transitions and legal-action lists; ``cards`` the cards and actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Final

from mypy_extensions import mypyc_attr

from ludoteca.engine import components
from ludoteca.engine import events as engine_events
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import CHANCE, GameInfo, Options, OptionSpec, Outcome, Seat, View
from ludoteca.engine.i18n import Lang, Message, msg
from ludoteca.games.mystery_date import cards as cards_mod
from ludoteca.games.mystery_date import events as mystery_date_events
from ludoteca.games.mystery_date import playout as _playout
from ludoteca.games.mystery_date import turns
from ludoteca.games.mystery_date.cards import (
    CHANCE_TYPES,
    COLOURS,
    DEAL,
    DECK,
    DEFAULT_DOOR_WEIGHTS,
    DIE,
    DOOR_OUTCOMES,
    DOORS,
    DRAWS,
    DUD,
    NO_CARDS,
    PICKS,
    PILE_DISCARD,
    PILE_DRAW,
    REVEALS,
    ROLLS,
    Action,
    Counts,
    Discard,
    Door,
    Draw,
    Give,
    Pick,
    Pile,
    Reveal,
    Roll,
    Show,
    card_label,
    card_text,
    cards_of,
    cards_text,
    counts_of,
    weighted_index,
)
from ludoteca.games.mystery_date.figures import MysteryDateTally
from ludoteca.games.mystery_date.state import (
    CHANCE_PHASES,
    DATA,
    EVENT_NAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_SEAT,
    SPACE_NAMES,
    STARTS,
    STEPS_PER_TURN,
    TRACK,
    TRACK_LENGTH,
    TURN_LIMIT,
    TURN_LIMIT_MAX,
    Event,
    Phase,
    Rules,
    Space,
    State,
)
from ludoteca.games.mystery_date.turns import (
    P_DEAL,
    P_DISCARD,
    P_DOOR,
    P_DRAW,
    P_GIVE,
    P_OVER,
    P_PICK,
    P_PILE,
    P_REVEAL,
    P_ROLL,
    P_SHOW,
)

__all__ = [
    "DATA",
    "GAME",
    "INFO",
    "SPACE_NAMES",
    "STARTS",
    "STEPS_PER_TURN",
    "TRACK",
    "TRACK_LENGTH",
    "TURN_LIMIT",
    "TURN_LIMIT_MAX",
    "Event",
    "MysteryDate",
    "Phase",
    "Rules",
    "Space",
    "State",
    "complete_outfits",
    "parse_door_weights",
    "swap_targets",
]

INFO: Final = GameInfo(
    id="mystery_date",
    version=1,
    name_es=DATA["names"]["es"],
    name_en=DATA["names"]["en"],
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    has_chance=True,
    hidden_info=True,
    simultaneous=False,
    max_steps=DEAL * MAX_PLAYERS + 1 + STEPS_PER_TURN * TURN_LIMIT_MAX,
    options=(
        OptionSpec(
            "door_weights",
            DEFAULT_DOOR_WEIGHTS,
            "Pesos relativos de lo que sale tras la puerta: rosa, verde, azul, naranja, "
            "fracaso (cada apertura es un sorteo independiente).",
            "Relative weights of what the door opens on: pink, green, blue, orange, dud "
            "(every opening is an independent draw).",
            label_es="Probabilidades de la puerta",
            label_en="Door odds",
        ),
        OptionSpec(
            "turn_limit",
            TURN_LIMIT,
            "Turnos tras los que una partida sin ganador termina en empate "
            f"(1 a {TURN_LIMIT_MAX}).",
            f"Turns after which a game without a winner ends in a draw (1 to {TURN_LIMIT_MAX}).",
            label_es="Límite de turnos",
            label_en="Turn limit",
        ),
    ),
    summary_es=DATA["summary"]["es"],
    summary_en=DATA["summary"]["en"],
)


# ---------------------------------------------------------------------------------------
# The game


@mypyc_attr(allow_interpreted_subclasses=True)
class MysteryDate:
    """The Mystery Date rules as pure functions (the Game protocol)."""

    info = INFO

    def setup(self, num_players: int, rng: random.Random, options: Options) -> State:
        """MD-01: pieces on their start doors, a full draw pile and the deal owed.

        The deal and the first discard are chance steps (``Draw``, then ``Reveal``), so
        ``rng`` is not needed.

        Raises:
            GameSetupError: For door weights or a turn limit that cannot be used.
        """
        rules = Rules(
            parse_door_weights(str(options["door_weights"])),
            _check_turn_limit(int(options["turn_limit"])),
        )
        return State(
            rules=rules,
            players=num_players,
            phase=P_DEAL,
            turn=0,
            mover=0,
            positions=STARTS[num_players],
            hands=(NO_CARDS,) * num_players,
            pile=DECK,
            discard=(),
            owed=DEAL * num_players,
            target=NO_SEAT,
            given=-1,
            shown=-1,
            known=(NO_CARDS,) * (num_players * num_players),
            public=(NO_CARDS,) * num_players,
            log=(),
            winner=NO_SEAT,
        )

    def actors(self, state: State) -> tuple[Seat, ...]:
        """Chance at a chance step, the mover at a decision, nobody once over."""
        phase = state.phase
        if phase in CHANCE_PHASES:
            return _CHANCE_ACTORS
        if phase == P_OVER:
            return ()
        return _SEATS[state.mover]

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        """The mover's legal actions; empty for everyone else.

        Order: ``pile draw`` then ``pile discard``; discards by card; gives by target seat,
        then card; shows by colour (pink, green, blue, orange).
        """
        if seat != state.mover:
            return ()
        phase = state.phase
        if phase == P_DISCARD:
            return turns.discard_actions(state.hands[seat])
        if phase == P_GIVE:
            return turns.give_actions(state.hands[seat], swap_targets(state))
        if phase == P_PILE:
            return _PILE_ACTIONS
        if phase == P_SHOW:
            return turns.show_actions(state.hands[seat])
        return ()  # chance acts, or the game is over

    def apply(self, state: State, seat: Seat, action: Action) -> State:
        """The next state; assumes the action is legal (check with ``runner.step``)."""
        return _TRANSITIONS[action.__class__](state, action)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:
        """Every outcome of the chance step, with its exact probability.

        The die (1/6 each), a card off the pile or from the swap partner's hand (copies /
        cards), or the door (by ``door_weights``).
        """
        phase = state.phase
        if phase == P_ROLL:
            return tuple((ROLLS[v], Fraction(1, DIE)) for v in range(1, DIE + 1))
        if phase == P_DOOR:
            weights = state.rules.door_weights
            total = sum(weights)
            return tuple((DOORS[r], Fraction(w, total)) for r, w in enumerate(weights) if w > 0)
        table: tuple[Action, ...]
        if phase == P_PICK:
            counts, table = state.hands[state.target], PICKS
        elif phase == P_REVEAL:
            counts, table = state.pile, REVEALS
        elif phase in (P_DEAL, P_DRAW):
            counts, table = state.pile, DRAWS
        else:
            return ()
        total = sum(counts)
        return tuple((table[c], Fraction(n, total)) for c, n in enumerate(counts) if n)

    def playout(
        self, state: State, rng: random.Random, policy: _playout.Policy
    ) -> tuple[State, int]:
        """Issue 19's rollout fast path: the game from ``state`` to its end, every seat
        choosing with ``policy(rng, legal)`` (the same final state and step count as the
        protocol loop for the same ``rng``); see :mod:`ludoteca.games.mystery_date.playout`.
        """
        return _playout.playout(state, rng, policy)

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        """One chance outcome with the probabilities of ``chance_outcomes`` (integer weights)."""
        phase = state.phase
        if phase == P_ROLL:
            return ROLLS[1 + int(rng.random() * DIE)]
        if phase in _CARD_DRAWS:
            return DRAWS[_weighted(state.pile, rng)]
        if phase == P_PICK:
            return PICKS[_weighted(state.hands[state.target], rng)]
        if phase == P_DOOR:
            return DOORS[_weighted(state.rules.door_weights, rng)]
        card = _weighted(state.pile, rng)
        return REVEALS[card] if phase == P_REVEAL else DRAWS[card]

    def figure_tally(self, players: int) -> MysteryDateTally:
        """A fresh count of one match's figures from its public events (``figures.py``):
        the lab's mechanics and the end panel's figures by seat.
        """
        return MysteryDateTally(self, players)

    def outcome(self, state: State) -> Outcome | None:
        """MD-09: the seat whose date came wins; past the turn limit, a draw."""
        if state.phase != P_OVER:
            return None
        n = state.players
        winner = state.winner
        if winner < 0:
            return Outcome(
                scores=(0.0,) * n,
                winners=(),
                ranks=(1,) * n,
                reason=msg("mystery_date.turn_limit", turns=state.rules.turn_limit),
                end_reason="turn_limit",
                turns=state.turn,
                figures={"outfit": None, "date": None, "positions": list(state.positions)},
            )
        return Outcome(
            scores=tuple(1.0 if s == winner else 0.0 for s in range(n)),
            winners=(winner,),
            ranks=tuple(1 if s == winner else 2 for s in range(n)),
            reason=msg(
                "mystery_date.win", seat=winner, date=msg(f"mystery_date.date.{_shown_date(state)}")
            ),
            end_reason="date",
            turns=state.turn,
            figures={
                "outfit": COLOURS[state.shown] if state.shown >= 0 else None,
                "date": _shown_date(state),
                "positions": list(state.positions),
            },
        )

    def events(
        self, before: State, seat: Seat, action: Action, after: State, viewer: Seat | None
    ) -> tuple[engine_events.Event, ...]:
        """What ``viewer`` learns from one step (``games/mystery_date/events.py``)."""
        return mystery_date_events.step_events(before, seat, action, after, viewer)

    def phase(self, state: State) -> str:
        """The phase id: deal, reveal, roll, draw, pile, discard, give, pick, show, door, over."""
        return state.phase.name.lower()

    def view(self, state: State, seat: Seat | None) -> View:
        """MD-10: the public table, the seat's own hand and what it knows from swaps.

        ``public[x]`` lists the cards the whole table saw in seat ``x``'s hand (taken from
        the top of the discard pile, or an outfit shown at the door) and still certainly
        there. ``known[x]`` lists cards this seat knows seat ``x`` holds (those, plus cards
        it gave ``x`` or that ``x`` took from it); ``known_by[x]`` lists the cards of this
        seat's hand that seat ``x`` knows about. The card given face down in a swap under
        way is shown to the giver only (``given``).
        """
        n = state.players
        view: View = {
            "game": "mystery_date",
            "seat": seat,
            "players": n,
            "phase": state.phase.name.lower(),
            "actors": list(self.actors(state)),
            "turn": state.turn,
            "mover": state.mover,
            "positions": list(state.positions),
            "space": SPACE_NAMES[TRACK[state.positions[state.mover]]],
            "hand_counts": [sum(hand) for hand in state.hands],
            "pile_size": sum(state.pile),
            "discard": list(state.discard),
            "public": [cards_of(cards) for cards in state.public],
            "owed": state.owed,
            "target": state.target,
            "shown": state.shown,
            "log": [[EVENT_NAMES[e[0]], e[1], e[2], e[3]] for e in state.log],
            "winner": state.winner if state.winner >= 0 else None,
            "options": {
                "door_weights": ",".join(map(str, state.rules.door_weights)),
                "turn_limit": state.rules.turn_limit,
            },
        }
        if seat is not None and seat >= 0:
            known = state.known
            view["hand"] = cards_of(state.hands[seat])
            view["known"] = [cards_of(known[seat * n + other]) for other in range(n)]
            view["known_by"] = [cards_of(known[other * n + seat]) for other in range(n)]
            if seat == state.mover and state.phase == P_PICK:
                view["given"] = state.given
        return view

    def sample_state(self, view: View, seat: Seat | None, rng: random.Random) -> State:
        """A state consistent with ``view``: the hidden cards dealt again at random.

        The unseen cards are the deck minus the viewer's hand, the discard pile and the card
        the viewer is giving. Each other hand gets the cards the viewer knows it holds (for
        an onlooker, what the whole table saw), then random unseen cards up to its public
        size (while someone else's swap is under way, the mover's hand is dealt one card more
        and one of its cards drawn at random becomes the card given face down); the rest is
        the draw pile. A mover choosing which of two outfits to show holds exactly those two
        (six cards, the hand limit): a pair of colours is drawn by how many ways the unseen
        cards can make it, before the other hands are dealt. Between two other seats, the
        viewer cannot see what one learned of the other in their swaps: that knowledge is what
        the whole table saw (``public``).
        """
        n: int = view["players"]
        own = seat is not None and seat >= 0
        hands: list[Counts] = [NO_CARDS] * n
        unseen = list(DECK)
        removed: list[int] = list(view["discard"])
        if own:
            assert seat is not None
            hands[seat] = counts_of(view["hand"])
            removed += view["hand"]
            if "given" in view:
                removed.append(view["given"])
        public: list[list[int]] = view["public"]
        known_lists: list[list[int]] = view["known"] if own else public
        for other in range(n):
            removed += known_lists[other] if other != seat else []
        for card in removed:
            unseen[card] -= 1
        pool = cards_of(tuple(unseen))
        phase = Phase[view["phase"].upper()]
        mover: int = view["mover"]
        # While a swap is under way, what others know of the mover covers the card given.
        hidden_given = phase == P_PICK and "given" not in view
        given: int = view.get("given", -1)
        # The showing mover's hand first, from every unseen card: dealt after the others', the
        # cards its outfits need could be gone (then no pair fits), and the pairs' weights
        # would no longer count the ways to complete them alone.
        showing = mover if phase == P_SHOW and not (own and mover == seat) else -1
        if showing >= 0:
            hands[showing] = counts_of(_deal_two_outfits(known_lists[showing], pool, rng))
        for other in range(n):
            if (own and other == seat) or other == showing:
                continue
            holdings = view["hand_counts"][other] + (hidden_given and other == mover)
            cards = [
                *known_lists[other],
                *_take_random(pool, holdings - len(known_lists[other]), rng),
            ]
            if hidden_given and other == mover:
                given = _take_random(cards, 1, rng)[0]
            hands[other] = counts_of(cards)
        public_counts = tuple(counts_of(cards) for cards in public)
        known = [NO_CARDS if a == b else public_counts[b] for a in range(n) for b in range(n)]
        if own:
            assert seat is not None
            for other in range(n):
                known[seat * n + other] = counts_of(view["known"][other])
                known[other * n + seat] = counts_of(view["known_by"][other])
        options = view["options"]
        return State(
            rules=Rules(parse_door_weights(options["door_weights"]), options["turn_limit"]),
            players=n,
            phase=phase,
            turn=view["turn"],
            mover=mover,
            positions=tuple(view["positions"]),
            hands=tuple(hands),
            pile=counts_of(pool),
            discard=tuple(view["discard"]),
            owed=view["owed"],
            target=view["target"],
            given=given,
            shown=view["shown"],
            known=tuple(known),
            public=public_counts,
            log=tuple((EVENT_NAMES.index(e[0]), e[1], e[2], e[3]) for e in view["log"]),
            winner=view["winner"] if view["winner"] is not None else NO_SEAT,
        )

    def explain(
        self, state: State, seat: Seat, action: Action
    ) -> tuple[str | None, Message] | None:
        """Why ``action`` is illegal for ``seat`` now, with the rule id; ``None`` if legal."""
        if action in self.legal_actions(state, seat):
            return None
        phase = state.phase
        if phase == P_OVER:
            return "MD-09", msg("mystery_date.game_over")
        if phase in CHANCE_PHASES:
            actor = msg("mystery_date.chance")
            rule_id = "MD-01" if state.turn == 0 else _PHASE_RULES[phase]  # the set-up reveal
            return rule_id, msg("mystery_date.not_your_turn", actor=actor)
        if seat != state.mover:
            actor = msg("mystery_date.seat", seat=state.mover)
            return "MD-02", msg("mystery_date.not_your_turn", actor=actor)
        if isinstance(action, CHANCE_TYPES):
            return "MD-10", msg("mystery_date.chance_only")
        rule_id = _PHASE_RULES[phase]
        expected = _PHASE_ACTIONS[phase]
        if not isinstance(action, expected):
            return rule_id, msg(
                "mystery_date.wrong_phase",
                phase=msg(f"mystery_date.phase.{phase.name.lower()}"),
                verb=msg(f"mystery_date.verb.{_VERB_KEYS[type(action)]}"),
            )
        hand = state.hands[seat]
        if isinstance(action, Give | Discard) and not hand[action.card]:
            return rule_id, msg(
                "mystery_date.not_in_hand",
                card=card_text(action.card),
                hand=cards_text(cards_of(hand)),
            )
        if isinstance(action, Give):
            targets = swap_targets(state)
            return rule_id, msg(
                "mystery_date.bad_target",
                targets_seats=tuple(targets),
                target_seat=action.target,
            )
        if isinstance(action, Show):
            return rule_id, msg(
                "mystery_date.not_complete",
                colour=msg(f"mystery_date.colour.{COLOURS[action.colour]}"),
            )
        return rule_id, msg("engine.not_legal_here")

    def parse_action(self, text: str) -> Action:
        """Read an action (see ``cards.parse_action`` for the forms).

        Raises:
            InvalidActionError: If the text is not an action.
        """
        return cards_mod.parse_action(text)

    def describe(self, action: Action, lang: str, names: Sequence[str] = ()) -> str:
        """A sentence for people, e.g. "gives P2 face down to Ana" (the target seat named
        by ``names``, "Player N" past its end).
        """
        chosen: Lang = "es" if lang == "es" else "en"
        if isinstance(action, Roll):
            return msg("mystery_date.do.roll", value=action.value).text(chosen)
        if isinstance(action, Door):
            date = msg(f"mystery_date.date.{DOOR_OUTCOMES[action.result]}")
            return msg("mystery_date.do.door", date=date).text(chosen)
        if isinstance(action, Give):
            card = card_label(action.card, chosen)
            gift = msg("mystery_date.do.give", card=card, target_seat=action.target)
            return engine_events.render(gift, chosen, names)
        if isinstance(action, Pile):
            key = "pile_discard" if action.from_discard else "pile_draw"
            return msg(f"mystery_date.do.{key}").text(chosen)
        if isinstance(action, Show):
            colour = msg(f"mystery_date.colour.{COLOURS[action.colour]}")
            return msg("mystery_date.do.show", colour=colour).text(chosen)
        key = {Draw: "draw", Reveal: "reveal", Pick: "pick", Discard: "discard"}[type(action)]
        return msg(f"mystery_date.do.{key}", card=card_label(action.card, chosen)).text(chosen)

    def rules_text(self, lang: str) -> list[tuple[str, str]]:
        """The rules as ``(rule id, sentence)`` pairs in ``lang``."""
        return components.rules_text(DATA, lang)


GAME: Final = MysteryDate()


# ---------------------------------------------------------------------------------------
# Public helpers (also used by the agent and the terminal)


@lru_cache(maxsize=64)
def parse_door_weights(text: str) -> tuple[int, ...]:
    """Read ``door_weights``: five non-negative integers, pink..orange then the dud.

    Cached: every setup reads the option again (two thirds of a setup's time before).

    Raises:
        GameSetupError: If the text is not five such numbers with at least one positive.
    """
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != len(DOOR_OUTCOMES) or not all(p.isascii() and p.isdigit() for p in parts):
        raise GameSetupError(msg("mystery_date.bad_door_weights", value=text))
    weights = tuple(int(part) for part in parts)
    if not sum(weights):
        raise GameSetupError(msg("mystery_date.bad_door_weights", value=text))
    return weights


def complete_outfits(hand: Counts) -> tuple[int, ...]:
    """The colours whose 1, 2 and 3 are all in ``hand``."""
    return turns.complete(hand)


def swap_targets(state: State) -> tuple[int, ...]:
    """MD-05: the seats the mover may swap with on their space.

    Right is seat - 1, left is seat + 1, any is every other seat in seat order.
    """
    mover = state.mover
    return turns.PARTNERS[state.players][mover][state.positions[mover]]


# ---------------------------------------------------------------------------------------
# Private helpers

_CHANCE_ACTORS: Final[tuple[Seat, ...]] = (CHANCE,)
_TRANSITIONS: Final = turns.TRANSITIONS
_SEATS: Final[tuple[tuple[Seat, ...], ...]] = tuple((s,) for s in range(cards_mod.MAX_SEATS))
_PILE_ACTIONS: Final[tuple[Action, ...]] = (PILE_DRAW, PILE_DISCARD)
_CARD_DRAWS: Final = frozenset((P_DRAW, P_DEAL))

_PHASE_RULES: Final[dict[Phase, str]] = {
    Phase.DEAL: "MD-01",
    Phase.REVEAL: "MD-07",
    Phase.ROLL: "MD-02",
    Phase.DRAW: "MD-03",
    Phase.PILE: "MD-06",
    Phase.DISCARD: "MD-04",
    Phase.GIVE: "MD-05",
    Phase.PICK: "MD-05",
    Phase.SHOW: "MD-08",
    Phase.DOOR: "MD-09",
    Phase.OVER: "MD-09",
}
_PHASE_ACTIONS: Final[dict[Phase, type]] = {
    Phase.PILE: Pile,
    Phase.DISCARD: Discard,
    Phase.GIVE: Give,
    Phase.SHOW: Show,
}
_VERB_KEYS: Final[dict[type, str]] = {Give: "give", Discard: "discard", Pile: "pile", Show: "show"}


def _check_turn_limit(limit: int) -> int:
    if not 1 <= limit <= TURN_LIMIT_MAX:
        raise GameSetupError(msg("mystery_date.bad_turn_limit", value=limit, high=TURN_LIMIT_MAX))
    return limit


def _weighted(weights: list[int] | tuple[int, ...], rng: random.Random) -> int:
    """An index drawn with probability ``weights[i] / sum(weights)`` (``weighted_index``).

    Raises:
        ValueError: If no weight is positive (before drawing).
    """
    total = sum(weights)
    if total <= 0:
        raise ValueError("no positive weight")
    return weighted_index(weights, total, rng)


def _take_random(pool: list[int], size: int, rng: random.Random) -> list[int]:
    """Remove and return ``size`` cards drawn uniformly from ``pool``."""
    taken = []
    for _ in range(size):
        index = int(rng.random() * len(pool))
        pool[index], pool[-1] = pool[-1], pool[index]
        taken.append(pool.pop())
    return taken


def _deal_two_outfits(known: list[int], pool: list[int], rng: random.Random) -> list[int]:
    """MD-08: a hand of exactly two complete outfits that holds ``known``, the rest taken
    from ``pool``; each pair of colours weighted by the ways ``pool`` can complete it.
    """
    held, available = counts_of(known), counts_of(pool)
    pairs: list[tuple[int, ...]] = []
    weights: list[int] = []
    for first in range(len(COLOURS)):
        for second in range(first + 1, len(COLOURS)):
            cards = cards_mod.outfit(first) + cards_mod.outfit(second)
            if sum(held) != sum(held[card] for card in cards) or max(held) > 1:
                continue
            ways = 1
            for card in cards:
                ways *= 1 if held[card] else available[card]
            if ways:
                pairs.append(cards)
                weights.append(ways)
    cards = pairs[_weighted(weights, rng)]
    for card in cards:
        if not held[card]:
            pool.remove(card)
    return list(cards)


def _shown_date(state: State) -> str:
    for entry in reversed(state.log):
        if entry[0] == Event.DOOR:
            return DOOR_OUTCOMES[entry[3]]
    return DOOR_OUTCOMES[DUD]
