"""Gotcha's fast makers build exactly what the constructors build, compiled or not.

The makers (``actions.draw_at`` ... ``cards_model.make_event``, ``make_facts``) skip a
frozen dataclass's ``__init__`` (issue 19): the class's own ``__new__`` and each field's
slot descriptor. A
missed field, a wrong class or a value that compares, hashes or prints differently would
show here; so would a maker that made the value mutable.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from ludoteca.games.gotcha import actions, cards_model
from ludoteca.games.gotcha.actions import Buzz, Chat, Draw, Emote, Play

CASES: list[tuple[Any, Any]] = [
    (actions.draw_at(1200), Draw(1200)),
    (actions.chat_at(5, "¡Hola!"), Chat(5, "¡Hola!")),
    (actions.emote_at(0, "wave"), Emote(0, "wave")),
    (actions.play_at(77, "A01", 0, actions.NO_TARGET, ""), Play(77, "A01", 0)),
    (actions.play_at(78, "B12", 3, 2, "say hi"), Play(78, "B12", 3, 2, "say hi")),
    (actions.buzz_one(90, 1, 2), Buzz(90, 1, (2,))),
    (
        cards_model.make_event(3, 1, "chat", "hi", -1),
        cards_model.Event(3, 1, "chat", "hi", -1),
    ),
    (cards_model.make_event(4, 0, "draw"), cards_model.Event(4, 0, "draw")),
    (cards_model.make_facts((), (0, 3), 1), cards_model.Facts((), (0, 3), 1)),
]


@pytest.mark.parametrize(("made", "built"), CASES, ids=repr)
def test_a_maker_builds_the_constructors_value(made: Any, built: Any) -> None:
    assert type(made) is type(built)
    assert made == built and hash(made) == hash(built)
    assert repr(made) == repr(built) and str(made) == str(built)
    for field in dataclasses.fields(built):
        assert getattr(made, field.name) == getattr(built, field.name)


@pytest.mark.parametrize(("made", "built"), CASES, ids=repr)
def test_a_made_value_stays_frozen(made: Any, built: Any) -> None:
    first = dataclasses.fields(built)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, first, 1)
