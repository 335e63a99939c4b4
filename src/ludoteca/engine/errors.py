"""The error hierarchy. Every error carries a :class:`~ludoteca.engine.i18n.Message`.

``RulesError`` is the root; ``InvalidActionError`` means the input could not be read,
``IllegalActionError`` means it was read but the rules forbid it now. Both subclass
``ValueError`` so plain ``except ValueError`` callers keep working (python-chess style).
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.engine.events import render
from ludoteca.engine.i18n import DEFAULT_LANG, Lang, Message, msg


class RulesError(ValueError):
    """Base class: a request the engine refuses, with a reason in Spanish and English."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.text(DEFAULT_LANG))
        self.message = message

    def text(self, lang: Lang = DEFAULT_LANG, names: Sequence[str] = ()) -> str:
        """The error in ``lang``, a seat it mentions named by ``names`` (one per seat)."""
        return render(self.message, lang, names)


class InvalidActionError(RulesError):
    """Text or data that does not describe any action of the game."""

    def __init__(self, text: str, reason: Message) -> None:
        super().__init__(msg("engine.invalid_action", text=text, reason=reason))
        self.input = text
        self.reason = reason


class IllegalActionError(RulesError):
    """A well-formed action that the rules forbid in the current state.

    Attributes:
        seat: The seat that tried to act.
        action: The action's text form.
        phase: The id of the phase the game was in (the message shows its translated name).
        rule_id: The rule that forbids it (``"TC-06"``), or ``None``.
        reason: Why, as a message.
        legal: The text of the seat's legal actions.
    """

    def __init__(
        self,
        *,
        seat: int,
        action: str,
        phase: str,
        reason: Message,
        rule_id: str | None = None,
        legal: Sequence[str] = (),
        phase_label: Message | None = None,
    ) -> None:
        rule = msg("engine.rule_suffix", rule_id=rule_id) if rule_id else Message("")
        shown_phase = phase_label if phase_label is not None else phase
        message = msg(
            "engine.illegal_full",
            base=msg(
                "engine.illegal",
                action=action,
                seat=seat,
                phase=shown_phase,
                rule=rule,
                reason=reason,
            ),
            legal=msg("engine.legal_list", legal=_short_list(legal)) if legal else Message(""),
        )
        super().__init__(message)
        self.seat = seat
        self.action = action
        self.phase = phase
        self.rule_id = rule_id
        self.reason = reason
        self.legal = tuple(legal)


class NotYourTurnError(IllegalActionError):
    """A seat tried to act while it is not among the actors."""


class GameSetupError(RulesError):
    """Unknown game, wrong player count or bad options."""


class RecordError(RulesError):
    """A game record that cannot be read or does not replay."""


def _short_list(items: Sequence[str], limit: int = 12) -> str:
    shown = ", ".join(items[:limit])
    if len(items) > limit:
        shown += f", … (+{len(items) - limit})"
    return shown
