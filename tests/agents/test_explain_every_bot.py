"""Every bot of every game explains every move it makes, in plain words.

Per game and bot (every level stands for one of them): a full game where each bot move has
a sentence in Spanish and English, names its seat by name, shows no id, shows chances that
agree with the choice, and says the same thing, figures aside, when the cards its reader
cannot see are dealt differently (the conformance suite's leak check, for explanations).
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest
from explain_games import PLAYERS, Move, bots, explained_game, fresh_copy

from ludoteca.agents import levels
from ludoteca.agents import registry as agents_registry
from ludoteca.agents.explain import capture, reason_for
from ludoteca.engine.game import Game
from ludoteca.engine.i18n import LANGS

GAMES = ("tacocat", "dweebies", "tile_up", "mystery_date", "gotcha")
NAMES = ["Ana", "Bea", "Carla", "Diego"]
IDS = re.compile(
    r"\b(P\d|Player \d|Jugador \d|seat \d|asiento \d|[A-Z]{1,2}\d{2}|[a-z]\d)\b|\{|\}|explain\."
)
"""Ids a person must never read: seats by number, card and place codes, unfilled templates."""
RESAMPLES = 4
"""Deals of the hidden cards tried per kept decision and reader."""
ENOUGH = 6
"""Decisions made again on another deal per game and bot (each costs a bot's decision)."""
CASES = [(game_id, name) for game_id in GAMES for name in bots(game_id)]


def test_the_cases_cover_every_level_of_every_game() -> None:
    for game_id in GAMES:
        names = {name.partition(":")[0] for name in bots(game_id)}
        for level in levels.LEVELS:
            assert agents_registry.agent_for_level(level, game_id).partition(":")[0] in names


@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_every_bot_move_is_explained_without_ids_or_leaks(game_id: str, name: str) -> None:
    game, moves = explained_game(game_id, name, seed=7)
    assert moves
    keys: set[str] = set()
    for move in moves:
        reason = reason_for(move.decision)
        if reason is None:  # small talk (Gotcha's chat and emotes): no game move
            assert move.decision.game_id == "gotcha", move.decision.action
            continue
        keys.add(reason.key)
        for lang in LANGS:
            text = reason.text(lang, NAMES)
            assert text and NAMES[move.decision.seat] in text, (reason.key, text)
            assert not IDS.search(text), (reason.key, text)
        assert reason.agrees(), (reason.key, reason.chosen, reason.others)
    assert keys, "no reasons"
    assert _check_words_from_what_all_see(game, moves) > 0, "no deal changed a bot's view"
    compared = _check_no_leaks(game, moves)
    assert compared > 0, "no resampled state led to the same move: nothing was compared"


def _check_words_from_what_all_see(game: Game[Any, Any], moves: list[Move]) -> int:
    """Every move: deal what another seat cannot see afresh and read the reason from the
    bot's view of that deal, with the same move and record: the words stay the same (what a
    reason reads from the view it reads only from what the reader sees too). Returns how
    many deals changed the bot's view.
    """
    sampler = random.Random(17)
    changed = 0
    for move in moves:
        decision = move.decision
        reason = reason_for(decision)
        if reason is None:
            continue
        players = PLAYERS.get(decision.game_id, 2)
        for reader in [seat for seat in range(players) if seat != decision.seat][:1] + [None]:
            view = game.view(move.state, reader)
            state = game.sample_state(view, reader, sampler)
            legal = game.legal_actions(state, decision.seat)
            seen = game.view(state, decision.seat)
            if decision.action not in legal or seen == decision.view:
                continue
            dealt = replace(decision, view=seen, legal=legal)
            for lang in LANGS:
                again = reason_for(dealt)
                assert again is not None and again.masked(lang, NAMES) == reason.masked(
                    lang, NAMES
                ), (
                    f"[{decision.game_id}] the reason of {decision.action} for reader "
                    f"{reader} changes with hidden cards"
                )
            changed += 1
    return changed


def _check_no_leaks(game: Game[Any, Any], moves: list[Move]) -> int:
    """For kept decisions: deal what another seat cannot see afresh; where the bot (as it
    was) makes the same move, its reason reads the same to that seat, figures aside.
    Returns how many were compared.
    """
    sampler = random.Random(13)
    compared = 0
    for move in moves:
        if move.before is None or compared >= ENOUGH:
            continue
        decision = move.decision
        reason = reason_for(decision)
        if reason is None:
            continue
        players = PLAYERS.get(decision.game_id, 2)
        reader_seat = next(seat for seat in range(players) if seat != decision.seat)
        for reader in (reader_seat, None):
            view = game.view(move.state, reader)
            for _ in range(RESAMPLES):
                state = game.sample_state(view, reader, sampler)
                legal = game.legal_actions(state, decision.seat)
                if decision.action not in legal:
                    continue
                seen = game.view(state, decision.seat)
                if seen == decision.view:
                    continue  # the deal did not change what the bot sees: nothing to compare
                bot = fresh_copy(move.before)
                stream = random.Random()
                stream.setstate(move.stream.getstate())
                action = bot.choose(seen, legal, stream)
                if action != decision.action:
                    continue
                kept = capture(decision.game_id, bot, decision.seat, seen, legal, action)
                again = reason_for(kept)
                assert again is not None
                for lang in LANGS:
                    assert again.masked(lang, NAMES) == reason.masked(lang, NAMES), (
                        f"[{decision.game_id}] the reason of {decision.action} for reader "
                        f"{reader} changes with hidden cards"
                    )
                compared += 1
                break  # one deal that changed the bot's view and kept its move is enough
    return compared
