"""What a surface (the web table, the terminal) needs from Gotcha beyond the rules: the
seat profiles a player declares, time stamps on actions and the menu of moves to offer.

Surfaces reach these through the engine protocol (``GameInfo.profiles``,
``ProfiledGame.draw_profiles`` and the ``RealtimeGame`` members the ``Gotcha`` class
implements with the functions below), so they never import Gotcha.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from ludoteca.engine.game import ProfileSpec, SeatProfile, Trait, View
from ludoteca.engine.i18n import Lang, msg
from ludoteca.games.gotcha import cards
from ludoteca.games.gotcha.actions import Action, Buzz, Deal, Draw, Emote, Play, Vote
from ludoteca.games.gotcha.actions import parse as parse_action
from ludoteca.games.gotcha.names import card_name, slot_name
from ludoteca.games.gotcha.state import MAX_AGE, MIN_AGE, NAMES, profiles_from

_STAMP = re.compile(r"^\s*@\d*\s*")

PROFILES = ProfileSpec(
    option="profiles",
    traits=tuple(
        Trait(trait, str(cards.DATA["traits"][trait]["es"]), str(cards.DATA["traits"][trait]["en"]))
        for trait in cards.TRAITS
    ),
    min_age=MIN_AGE,
    max_age=MAX_AGE,
    bot_names=NAMES,
)
"""Gotcha's seat profiles: traits the WHO cards name, the drawn age range, the names."""


def draw_profiles(num_players: int, rng: random.Random) -> tuple[SeatProfile, ...]:
    """Random profiles as bots get them (``state.profiles_from``)."""
    return tuple(
        SeatProfile(p.name, p.age, tuple(sorted(p.traits)))
        for p in profiles_from("", num_players, rng)
    )


def with_time(action: Action, t: int) -> Action:
    """``action`` stamped at game time ``t`` (the chance deal has no time)."""
    if isinstance(action, Deal):
        return action
    return dataclasses.replace(action, t=t)


def strip_time(text: str) -> str:
    """``"@1500 buzz a1 2"`` -> ``"buzz a1 2"``; text without a stamp is returned stripped."""
    return _STAMP.sub("", text, count=1).strip()


def parse_at(text: str, t: int) -> Action:
    """A person's action text without its time (any stamp it has is dropped), at ``t``.

    Raises:
        InvalidActionError: If the text is not an action.
    """
    return parse_action(f"@{t} {strip_time(text)}")


def turn_moves(legal: Sequence[Any]) -> Sequence[Any]:
    """The draw, the plays or the votes among ``legal``: the listing puts the turn's
    actions (or the votes) first (``legal.Choices``), before the room events.
    """
    count = 0
    for action in legal:
        if not isinstance(action, Draw | Play | Vote):
            break
        count += 1
    return legal[:count]


def turn_menu(
    view: View, legal: Sequence[Any], lang: Lang
) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """The draw, the plays (one per card and place) or the votes, each once, with labels."""
    shown: list[Any] = []
    seen: set[tuple[Any, ...]] = set()
    for action in legal:
        if isinstance(action, Draw | Vote):
            key: tuple[Any, ...] = (type(action), getattr(action, "yes", None))
        elif isinstance(action, Play):
            key = (action.card, action.slot, action.target, action.text)
        else:
            continue
        if key not in seen:
            seen.add(key)
            shown.append(action)
    return tuple(shown), tuple(_label(action, view, lang) for action in shown)


def move_menu(
    view: View,
    legal: Sequence[Any],
    lang: Lang,
    describe: Callable[[Any, Lang, Sequence[str]], str],
) -> list[tuple[str, str]]:
    """A seat's moves as ``(text without time, label)``, each text once: the draw, the
    plays or the votes (:func:`turn_menu`), then every emote and buzz the listing offers,
    labelled by ``describe`` with the seats' names (chat is typed, so it is not listed).
    """
    names = [str(profile["name"]) for profile in view["profiles"]]
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    actions, labels = turn_menu(view, legal, lang)
    for action, label in zip(actions, labels, strict=True):
        text = strip_time(str(action))
        if text not in seen:
            seen.add(text)
            out.append((text, label))
    for action in legal:
        if isinstance(action, Emote | Buzz):
            text = strip_time(str(action))
            if text not in seen:
                seen.add(text)
                out.append((text, describe(action, lang, names)))
    return out


def _label(action: Any, view: View, lang: Lang) -> str:
    if isinstance(action, Draw):
        return msg("gotcha.do.draw").text(lang)
    if isinstance(action, Vote):
        return msg("gotcha.do.vote", vote=msg("gotcha.yes" if action.yes else "gotcha.no")).text(
            lang
        )
    place = slot_name(action.slot).text(lang)
    if action.target >= 0:
        place += " → " + view["profiles"][action.target]["name"]
    return f"{place}: {card_name(action.card, action.text).text(lang)}"
