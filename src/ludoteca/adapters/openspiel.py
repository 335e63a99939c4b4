"""OpenSpiel games for every turn-based Ludoteca game that has an encoding.

>>> import pyspiel
>>> import ludoteca.adapters.openspiel  # registers the games with pyspiel
>>> game = pyspiel.load_game("ludoteca_tacocat")
>>> game = pyspiel.load_game("ludoteca_dweebies(players=4,seed=7)")

Importing this module registers ``ludoteca_<game id>`` for Tacocat, Dweebies, Tile Up and
Mystery Date (Gotcha is realtime: players race, which OpenSpiel's turn model cannot hold). It
needs ``open-spiel`` (the ``dev`` and ``bench`` extras). Each game wraps the Game protocol
only, as ``adapters.pettingzoo`` does, and uses the same encoding:

- **Actions** are the encoding's action numbers (``num_distinct_actions`` is its
  ``action_size``), sub-actions included: a Tacocat replace is *select v* ... then *confirm*,
  by the same player, as in the PettingZoo environment.
- **Chance** nodes are the engine's chance steps (card and tile draws, dice): outcome ``i``
  is the ``i``-th entry of ``game.chance_outcomes(state)``, with its exact probability.
  ``max_chance_outcomes`` is the most distinct outcomes a step can have: one per card value
  in Tacocat (12) and Mystery Date (12), per Dweebie kind (27), per tile code in Tile Up (30).
  The randomness of ``game.setup`` (a shuffled deck, a starting seat) is not a chance node:
  the ``seed`` parameter fixes it, as a match seed does for the runner.
- **Simultaneous secret choices** (Tacocat's duel and double-arrow replace) are serialised:
  the acting seats choose one after another, each choice held back until all are made and
  then applied in seat order, so a later seat observes exactly what it would have observed
  had the earlier not chosen (the dynamics are ``SEQUENTIAL`` with imperfect information).
- **Observations** come from ``game.view(state, player)`` only (or from a state writer
  proved equal to it, ``encodings.StateWriter``). The observation string is
  the view as sorted JSON (plus the player's draft); the observation tensor is the scaled
  encoding vector (``encodings.scaled``: every entry in [0, 1] or [-1, 1]). The information
  state string is the observation string plus a BLAKE2b digest of the player's whole history
  of distinct encoded observations and own action numbers (perfect recall: two states share
  it only if the player saw and did the same things). The information state tensor is the
  same vector as the observation tensor: the views keep the public history a player needs
  (discards, last duel, scores), but it is not a perfect-recall tensor.
- **Resampling**: ``state.resample_from_infostate(player, sampler)`` draws a state the
  player cannot tell from this one (``game.sample_state`` from its view; another seat's
  held-back secret choice drawn among its legal actions), with the same information state
  string: OpenSpiel's ISMCTS bot (``open_spiel.python.algorithms.ismcts``) searches with it.
- **Returns** are ``outcome.returns()`` (zero-sum, in [-1, 1]) at the end only
  (``TERMINAL`` reward model). A match that reaches the game's ``info.max_steps`` engine
  steps unfinished ends with zero returns (the bound is exceeded with negligible probability).

Game parameters: ``players`` (default the game's fewest), ``seed`` (the setup seed, default
0) and the game's own options by name with their defaults (``tie_goes_to_arrow``...); a
list option's commas are written as slashes (``door_weights=1/1/1/1``), since OpenSpiel's
game strings split parameters on commas.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

from ludoteca.adapters import encodings
from ludoteca.adapters.encodings import EMPTY_DRAFT, Draft, Encoding, chance_tables, legal_numbers
from ludoteca.adapters.openspiel_match import NOTHING, TERMINAL, Match
from ludoteca.engine import registry, runner
from ludoteca.engine.game import CHANCE, Game, OptionValue, Seat

PREFIX = "ludoteca_"
assert int(pyspiel.PlayerId.TERMINAL) == TERMINAL and int(pyspiel.PlayerId.CHANCE) == CHANCE

MAX_CHANCE_OUTCOMES: dict[str, int] = {
    "tacocat": 12,
    "dweebies": 27,
    "tile_up": 30,
    "mystery_date": 12,
}
"""Distinct outcomes of one chance step: card values, Dweebie kinds, tile codes, cards."""

MAX_NUMBERS_PER_ACTION: dict[str, int] = {
    "tacocat": 10,
    "dweebies": 2,
    "tile_up": 2,
    "mystery_date": 1,
}
"""Action numbers one engine action may take (a nine-card replace: nine selects, confirm)."""


def game_ids() -> tuple[str, ...]:
    """The Ludoteca games registered with OpenSpiel (turn-based, with an encoding)."""
    return tuple(
        game_id
        for game_id in encodings.available()
        if not registry.make(game_id).info.realtime and game_id in MAX_CHANCE_OUTCOMES
    )


def game_type(game_id: str) -> pyspiel.GameType:
    """The ``pyspiel.GameType`` of ``ludoteca_<game_id>``."""
    info = registry.make(game_id).info
    params: dict[str, OptionValue] = {"players": info.min_players, "seed": 0}
    params.update({spec.name: _to_spiel(spec.default) for spec in info.options})
    imperfect = info.hidden_info or info.simultaneous
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"Ludoteca {info.name_en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.has_chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if imperfect
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class LudotecaGame(pyspiel.Game):  # type: ignore[misc]
    """One Ludoteca game as an OpenSpiel game (see the module docstring).

    Attributes:
        game: The wrapped Ludoteca game.
        encoding: Its action numbers and observation vector.
        num_seats: Players in every match.
        seed: The setup seed.
        game_options: The resolved Ludoteca options.
    """

    def __init__(self, game_id: str, params: dict[str, Any] | None = None) -> None:
        self.game: Game[Any, Any] = registry.make(game_id)
        info = self.game.info
        given = dict(params or {})
        self.num_seats = int(given.pop("players", info.min_players))
        self.seed = int(given.pop("seed", 0))
        runner.check_players(info, self.num_seats)
        from ludoteca.engine import options as options_mod  # noqa: PLC0415

        self.game_options: dict[str, OptionValue] = options_mod.resolve(
            info, {name: _from_spiel(value) for name, value in given.items()}
        )
        self.encoding: Encoding = encodings.make(game_id, self.num_seats, self.game_options)
        self.max_steps = info.max_steps
        self.observer = encodings.Observer(self.encoding, scaled=True)
        self.view_free = bool(getattr(self.encoding, "view_free", False))
        self.seat_views = encodings.seat_views(self.num_seats)
        # Bound once: an engine step calls each (no attribute lookups on the game).
        self.apply = self.game.apply
        self.actors = self.game.actors
        self.legal_of = self.game.legal_actions
        self.legal_numbers = legal_numbers.for_encoding(self.encoding)
        self.chance_table = chance_tables.for_game(self.game)
        self.fast = encodings.state_observer(self.encoding, self.num_seats, scaled=True)
        self.fast_raw = encodings.state_observer(self.encoding, self.num_seats, scaled=False)
        self.raw_observer = encodings.Observer(self.encoding, scaled=False)
        self.lists = _ListMirror(self.num_seats)
        self.draft_values = _DraftValues(self.observer)
        self.initial_engine_state: Any = runner.new_game(
            self.game, self.num_seats, self.seed, self.game_options
        )
        """Engine states are immutable: every new match starts from this one object."""
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.action_size,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES[game_id] if info.has_chance else 0,
            num_players=self.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=info.max_steps * MAX_NUMBERS_PER_ACTION[game_id],
        )
        self.parameters: dict[str, Any] = {
            "players": self.num_seats,
            "seed": self.seed,
            **{name: _to_spiel(value) for name, value in self.game_options.items()},
        }
        super().__init__(game_type(game_id), game_info, self.parameters)

    def __deepcopy__(self, memo: dict[int, Any]) -> LudotecaGame:
        # A game is immutable: a cloned state shares it (pyspiel clones states by deepcopy,
        # and its own copy of a Python game would lose the Python attributes).
        return self

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # A state's serialisation pickles its attributes, this game among them: unpickled, it
        # is built again from its parameters, not a bare copy without them.
        return _CLASSES[self.game.info.id], (self.parameters,)

    def new_initial_state(self) -> LudotecaState:
        """The match's first state (setup drawn from the ``seed`` parameter)."""
        return LudotecaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> LudotecaObserver:
        """An observer: perfect recall for information states, else the plain view."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return LudotecaObserver(self.encoding, perfect_recall)


class LudotecaState(pyspiel.State):  # type: ignore[misc]
    """A match in progress: the engine state, drafts, held-back choices and histories."""

    def __init__(self, game: LudotecaGame) -> None:
        super().__init__(game)
        self._owner = game
        state = game.initial_engine_state
        self._m = Match(state, tuple(game.game.actors(state)), game.num_seats, game.max_steps)

    # -- OpenSpiel API --------------------------------------------------------------------

    def current_player(self) -> int:
        """The player to act, ``CHANCE`` at a chance step, ``TERMINAL`` once over."""
        return self._m.player

    # A Python caller of ``legal_actions``, ``is_chance_node`` or a tensor reaches pyspiel's
    # C++ methods, which call back into Python several times each (``is_terminal``,
    # ``current_player``, then ``_legal_actions``) and copy lists both ways: most of an
    # adapter step from Python. These overrides answer the same from Python directly; C++
    # callers (OpenSpiel's C++ algorithms) still go through the ``_``-named methods.

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The current player's action numbers (a chance node's outcome indices; none once
        over), as pyspiel's ``legal_actions`` answers; other players' go to pyspiel.
        """
        m = self._m
        current = m.player
        if player is not None and player != current:
            numbers: list[int] = pyspiel.State.legal_actions(self, player)
            return numbers
        if current >= 0:
            found = m.numbers_now
            if found is None:
                found = self._current_numbers()
            return list(found)
        if current == CHANCE:
            return list(range(len(self._chance()[0])))
        return []

    def is_chance_node(self) -> bool:
        """Whether chance moves now (pyspiel's ``is_chance_node``, answered in Python)."""
        return self._m.player == CHANCE

    def is_player_node(self) -> bool:
        """Whether a player moves now (pyspiel's ``is_player_node``, answered in Python)."""
        return self._m.player >= 0

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The player's observation tensor as pyspiel's ``observation_tensor`` returns it
        (a list of floats; default the current player).
        """
        if player is None:
            player = self._m.player
        if not 0 <= player < self._owner.num_seats:
            tensor: list[float] = pyspiel.State.observation_tensor(self, player)  # its error
            return tensor
        return self._tensor(player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The information state tensor: the observation tensor (see the module docstring)."""
        if player is None:
            player = self._m.player
        if not 0 <= player < self._owner.num_seats:
            tensor: list[float] = pyspiel.State.information_state_tensor(self, player)
            return tensor
        return self._tensor(player)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._numbers(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each outcome's index with its probability (the exact fraction, rounded once)."""
        m = self._m
        table = m.chance
        if table is None:
            table = m.chance = self._owner.chance_table(m.engine_state)
        return list(table[1])

    def _apply_action(self, action: int) -> None:
        m = self._m
        seat = m.player
        if seat == CHANCE:
            table = m.chance
            if table is None:
                table = m.chance = self._owner.chance_table(m.engine_state)
            self._engine_apply(CHANCE, table[0][action])
        else:
            owner = self._owner
            legal = m.legal_now
            if legal is None:
                legal = self._legal(seat)
            view = owner.seat_views[seat] if owner.view_free else self._view(seat)
            decoded = owner.encoding.decode(action, view, legal, m.drafts[seat])
            if decoded.draft != m.drafts[seat]:
                m.set_draft(seat, decoded.draft)
            chosen = decoded.action
            if chosen is not None:
                if len(m.actors) == 1:
                    self._engine_apply(seat, chosen)
                else:
                    # A secret simultaneous choice: held back until every actor has chosen,
                    # then all applied in seat order.
                    held = m.hold(seat, chosen)
                    if held is not None:
                        for other in m.actors:
                            self._engine_apply(other, held[other])
        m.log = (seat, action, m.engine_state, m.drafts, m.log)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"chance {self._chance()[0][action]}"
        return self._owner.encoding.action_label(action)

    def is_terminal(self) -> bool:
        """Over by the rules, or truncated at ``info.max_steps`` engine steps."""
        return self._m.player == TERMINAL

    def returns(self) -> list[float]:
        """``outcome.returns()`` once over by the rules, else zeros."""
        outcome = self._owner.game.outcome(self._m.engine_state)
        if outcome is None:
            return [0.0] * self._owner.num_seats
        return [float(value) for value in outcome.returns()]

    def __str__(self) -> str:
        return _json(self._owner.game.view(self._m.engine_state, None))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaState:
        """A state ``player_id`` cannot tell from this one (for OpenSpiel's ISMCTS bot).

        The hidden zones are drawn by ``game.sample_state`` from the player's view; another
        seat's held-back secret choice (chosen before the player in a simultaneous
        decision) is drawn uniformly among that seat's legal actions in the drawn state.
        The player's draft and history digest are kept, so its information state string is
        the same; the other players' digests start afresh from the drawn state.

        Args:
            player_id: The player whose information state is kept.
            probability_sampler: OpenSpiel's sampler (called once for the seed of the draw).
        """
        m = self._m
        game = self._owner.game
        trail = self._trail(player_id)
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        drawn = game.sample_state(self._view(player_id), player_id, rng)
        other = LudotecaState(self._owner)
        n = other._m
        n.engine_state = drawn
        n.actors = tuple(game.actors(drawn))
        n.steps = m.steps
        drafts = [EMPTY_DRAFT] * self._owner.num_seats
        drafts[player_id] = m.drafts[player_id]
        n.drafts = tuple(drafts)
        n.buffer = {
            seat: m.buffer[seat]
            if seat == player_id
            else rng.choice(list(game.legal_actions(drawn, seat)))
            for seat in m.buffer
        }
        n.log = (CHANCE, -1, drawn, n.drafts, None)
        n.trails[player_id] = trail
        n.last_seen[player_id] = m.last_seen[player_id]
        n.last_snapshot[player_id] = (drawn, n.drafts[player_id])
        n.folded[player_id] = n.log
        n.moved()
        return other

    # -- Beyond the OpenSpiel API ---------------------------------------------------------

    @property
    def engine_state(self) -> Any:
        """The full engine state (hidden zones included: for tests, never a policy)."""
        return self._m.engine_state

    @property
    def drafts(self) -> tuple[Draft, ...]:
        """Each player's sub-action choices so far."""
        return self._m.drafts

    @property
    def engine_steps(self) -> int:
        """Engine steps (actions and chance outcomes) applied in this match."""
        return self._m.steps

    def observation_text(self, player: int) -> str:
        """The player's view as sorted JSON, with its draft (the observation string)."""
        return f"{_json(self._view(player))} draft {list(self._m.drafts[player])}"

    def information_text(self, player: int) -> str:
        """The observation string plus the digest of the player's history."""
        return f"{self.observation_text(player)}\nhistory {self._trail(player).hex()}"

    def observation_vector(self, player: int) -> Any:
        """The scaled encoding vector of the player's view and draft (a new array)."""
        m = self._m
        draft = m.drafts[player]
        base = self._base(player)
        fast = self._owner.fast
        view = encodings.NO_VIEW if fast is not None or not draft else self._view(player)
        return self._owner.observer.with_draft(view, base, draft)

    # -- Internals ------------------------------------------------------------------------

    def _engine_apply(self, seat: Seat, action: Any) -> None:
        # ``Match.moved`` inline: this runs on every engine step.
        m = self._m
        owner = self._owner
        state = m.engine_state = owner.apply(m.engine_state, seat, action)
        actors = m.actors = tuple(owner.actors(state))
        m.steps += 1
        m.chance = m.legal_now = m.numbers_now = None
        m.views = m.legal = m.bases = m.numbers = NOTHING
        if not actors or m.steps >= m.max_steps:
            m.player = TERMINAL
        elif actors[0] == CHANCE:
            m.player = CHANCE
        elif m.buffer:
            m.find_player()
        else:
            m.player = actors[0]

    def _chance(self) -> Any:
        """The chance step's table (``encodings.chance_tables``), built once per state."""
        m = self._m
        table = m.chance
        if table is None:
            table = m.chance = self._owner.chance_table(m.engine_state)
        return table

    def _current_numbers(self) -> Sequence[int]:
        """The current player's legal numbers (kept until its state or draft changes)."""
        m = self._m
        owner = self._owner
        seat = m.player
        legal = m.legal_now
        if legal is None:
            legal = m.legal_now = owner.legal_of(m.engine_state, seat)
        view = owner.seat_views[seat] if owner.view_free else self._view(seat)
        numbers = m.numbers_now = owner.legal_numbers(view, legal, m.drafts[seat])
        return numbers

    def _numbers(self, player: int) -> Sequence[int]:
        """A player's legal action numbers (kept per engine state and draft; shared)."""
        m = self._m
        if player == m.player:
            found = m.numbers_now
            return self._current_numbers() if found is None else found
        numbers = m.numbers.get(player)
        if numbers is None:
            owner = self._owner
            legal = self._legal(player)
            view = owner.seat_views[player] if owner.view_free else self._view(player)
            numbers = owner.legal_numbers(view, legal, m.drafts[player])
            m.numbers = {**m.numbers, player: numbers}
        return numbers

    def _legal(self, seat: Seat) -> Sequence[Any]:
        m = self._m
        if seat == m.player:
            legal = m.legal_now
            if legal is None:
                legal = m.legal_now = self._owner.legal_of(m.engine_state, seat)
            return legal
        legal = m.legal.get(seat)
        if legal is None:
            legal = self._owner.game.legal_actions(m.engine_state, seat)
            m.legal = {**m.legal, seat: legal}
        return legal

    def _view(self, seat: Seat) -> Any:
        # Built once per engine state and seat (a clone shares the dicts until either moves:
        # ``_engine_apply`` replaces them, never mutates them).
        m = self._m
        view = m.views.get(seat)
        if view is None:
            view = self._owner.game.view(m.engine_state, seat)
            m.views = {**m.views, seat: view}
        return view

    def _base(self, player: int) -> Any:
        """The player's scaled vector with an empty draft, built once per engine state."""
        m = self._m
        base = m.bases.get(player)
        if base is None:
            owner = self._owner
            if owner.fast is not None:
                # The game's buffer is rewritten by the next state written: kept as a copy.
                base = owner.fast.base(m.engine_state, player).copy()
            else:
                base = owner.observer.base(self._view(player))
            m.bases = {**m.bases, player: base}
        return base

    def _tensor(self, player: int) -> list[float]:
        """The observation vector as a list (without an array copy when there is no draft)."""
        m = self._m
        owner = self._owner
        draft = m.drafts[player]
        if draft:
            # A sub-action's vector is the engine state's with the draft's few entries set:
            # those are set in a copy of the state's list if the mirror holds it.
            items = owner.lists.again(player, m.engine_state)
            values = owner.draft_values(draft) if items is not None else None
            if items is None or values is None:
                return owner.lists.of(player, self.observation_vector(player))
            for index, value in values:
                items[index] = value
            return items
        base = m.bases.get(player)
        fast = owner.fast
        if base is None and fast is not None:
            # Read straight from the game's buffer (rewritten by the next state written).
            base = fast.base(m.engine_state, player)
        elif base is None:
            base = self._base(player)
        return owner.lists.of(player, base, m.engine_state)

    def _trail(self, player: int) -> bytes:
        """The player's history digest: its distinct encoded observations, in order, and its
        own action numbers, folded from the log nodes not folded yet.
        """
        m = self._m
        pending = m.pending(player)
        trail = m.trails[player]
        if not pending:
            return trail
        last_seen = m.last_seen[player]
        last = m.last_snapshot[player]
        current = m.engine_state
        for seat, number, engine_state, drafts in pending:
            if seat == player:
                trail = _chain(trail, f"act {number}")
            draft = drafts[player]
            if last is not None and last[0] is engine_state and last[1] == draft:
                continue  # the same engine state and draft: the same observation
            last = (engine_state, draft)
            seen = self._raw_bytes(engine_state, player, draft, engine_state is current)
            if seen != last_seen:
                last_seen = seen
                trail = _chain(trail, seen)
        m.trails[player] = trail
        m.last_seen[player] = last_seen
        m.last_snapshot[player] = last
        return trail

    def _raw_bytes(self, engine_state: Any, player: int, draft: Draft, current: bool) -> bytes:
        """The bytes of the raw observation of ``engine_state`` for ``player``."""
        owner = self._owner
        fast = owner.fast_raw
        if fast is not None:
            base = fast.base(engine_state, player)
            return owner.raw_observer.with_draft(encodings.NO_VIEW, base, draft).tobytes()
        view = self._view(player) if current else owner.game.view(engine_state, player)
        return owner.encoding.observation(view, draft).tobytes()


class _ListMirror:
    """Each player's last observation tensor as a Python list, updated where it changed.

    pyspiel's ``observation_tensor`` is a list of floats: built afresh, one float object per
    entry, it costs ~16 ns an entry (57 µs for Dweebies' 3,613), more than writing the
    vector. Consecutive vectors of a player differ in a few blocks, so the list is kept
    with the vector it mirrors, the entries whose bits changed are replaced, and a copy
    (one pointer an entry) is handed out: equal, bit for bit, to ``vector.tolist()``.
    Below :data:`SMALL` entries (Tacocat's 236) the NumPy calls that find the changes cost
    more than ``tolist()``, which is used instead.
    """

    SMALL = 512

    def __init__(self, players: int) -> None:
        self._bits: list[Any] = [None] * players
        self._changed: list[Any] = [None] * players
        self._items: list[list[float]] = [[] for _ in range(players)]
        self._keys: list[Any] = [None] * players

    def again(self, player: int, key: Any) -> list[float] | None:
        """A copy of the player's last list if it was asked ``of`` a vector under ``key``
        (the same key, the same vector), else ``None``.
        """
        if self._keys[player] is key and key is not None:
            return self._items[player][:]
        return None

    def of(self, player: int, vector: Any, key: Any = None) -> list[float]:
        """``vector.tolist()`` (a new list), built from the player's previous one.

        Args:
            player: Whose list.
            vector: The ``float32`` vector.
            key: What determines the vector (an engine state), for :meth:`again`; kept.
        """
        self._keys[player] = None
        if vector.shape[0] < self.SMALL:
            fresh: list[float] = vector.tolist()
            return fresh
        bits = vector.view(np.uint32)
        last = self._bits[player]
        if last is None or last.shape != bits.shape:
            self._bits[player] = bits.copy()
            self._changed[player] = np.empty(bits.shape, dtype=np.bool_)
            self._items[player] = vector.tolist()
            self._keys[player] = key
            return self._items[player][:]
        changed = self._changed[player]
        np.not_equal(bits, last, out=changed)
        indices = changed.nonzero()[0]
        if len(indices):
            if 4 * len(indices) > bits.shape[0]:
                # Most entries changed: built afresh (cheaper than a Python loop over them).
                self._items[player] = vector.tolist()
            else:
                items = self._items[player]
                for index, value in zip(indices.tolist(), vector[indices].tolist(), strict=True):
                    items[index] = value
            last[:] = bits
        self._keys[player] = key
        return self._items[player][:]


class _DraftValues:
    """``Observer.draft_values`` per draft, made once (drafts are a few small tuples)."""

    def __init__(self, observer: encodings.Observer) -> None:
        self._observer = observer
        self._known: dict[Draft, list[tuple[int, float]] | None] = {}

    def __call__(self, draft: Draft) -> list[tuple[int, float]] | None:
        known = self._known
        if draft in known:
            return known[draft]
        if len(known) >= 4096:
            known.clear()
        found = known[draft] = self._observer.draft_values(draft)
        return found


class LudotecaObserver:
    """OpenSpiel's Python observer: ``tensor``, ``dict``, ``set_from`` and ``string_from``."""

    def __init__(self, encoding: Encoding, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.observation_low.shape, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LudotecaState, player: int) -> None:
        """Fill ``tensor`` with the player's scaled observation vector."""
        self.tensor[:] = state.observation_vector(player)

    def string_from(self, state: LudotecaState, player: int) -> str:
        """The information state string (perfect recall) or the observation string."""
        if self.perfect_recall:
            return state.information_text(player)
        return state.observation_text(player)


def _to_spiel(value: OptionValue) -> OptionValue:
    # OpenSpiel's game strings split parameters on commas: a list option's commas
    # (Mystery Date's ``door_weights="1,1,1,1"``) travel as slashes.
    return value.replace(",", "/") if isinstance(value, str) else value


def _from_spiel(value: Any) -> Any:
    return value.replace("/", ",") if isinstance(value, str) else value


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _chain(trail: bytes, token: str | bytes) -> bytes:
    data = token.encode() if isinstance(token, str) else token
    return hashlib.blake2b(trail + data, digest_size=16).digest()


def _game_class(game_id: str) -> type[LudotecaGame]:
    # pyspiel keeps the factory it is given until the process exits; a class (like
    # OpenSpiel's own Python games register) outlives interpreter shutdown, where a closure
    # would be freed without the GIL and abort the process.
    def construct(self: LudotecaGame, params: dict[str, Any] | None = None) -> None:
        LudotecaGame.__init__(self, game_id, params)

    name = "Ludoteca" + "".join(part.title() for part in game_id.split("_")) + "Game"
    game_class = type(name, (LudotecaGame,), {"__init__": construct, "__module__": __name__})
    globals()[name] = game_class  # found by name when a pickled state is loaded
    return game_class


_CLASSES: dict[str, type[LudotecaGame]] = {}


def register() -> tuple[str, ...]:
    """Register every game with pyspiel (once); returns the OpenSpiel short names."""
    known = set(pyspiel.registered_names())
    names = []
    for game_id in game_ids():
        name = PREFIX + game_id
        if name not in known:
            game_class = _game_class(game_id)
            _CLASSES[game_id] = game_class
            pyspiel.register_game(game_type(game_id), game_class)
        names.append(name)
    return tuple(names)


REGISTERED = register()
"""The OpenSpiel short names registered on import (``ludoteca_tacocat`` ...)."""

__all__ = ["REGISTERED", "LudotecaGame", "LudotecaObserver", "LudotecaState"]
