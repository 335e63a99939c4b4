"""Every rule family by its id: what a rule's ``Rule.family`` names."""

from __future__ import annotations

from typing import Final

from ludoteca.games.gotcha.cards_model import Rule
from ludoteca.games.gotcha.families.base import Family
from ludoteca.games.gotcha.families.before import Before
from ludoteca.games.gotcha.families.chat_form import ChatForm
from ludoteca.games.gotcha.families.chat_limit import ChatLimit
from ludoteca.games.gotcha.families.never_emote import NeverEmote
from ludoteca.games.gotcha.families.no_repeat_emote import NoRepeatEmote
from ludoteca.games.gotcha.families.react import React
from ludoteca.games.gotcha.families.silent import Silent
from ludoteca.games.gotcha.families.wait import Wait

BY_ID: Final[dict[str, Family]] = {
    family.id: family
    for family in (
        Before(),
        ChatForm(),
        Silent(),
        React(),
        Wait(),
        NeverEmote(),
        ChatLimit(),
        NoRepeatEmote(),
    )
}
"""Every family by id."""


def family_of(spec: Rule) -> Family:
    """The family of ``spec``.

    Raises:
        ValueError: For an unknown family.
    """
    family = BY_ID.get(spec.family)
    if family is None:
        raise ValueError(f"unknown rule family {spec.family!r}")
    return family
