"""Why the bot did that: one sentence after any bot's move, from its own reasoning.

Every bot at every level explains its moves: the random bot says it picked by chance among
its moves, the greedy and expert bots give the rule or score that decided, the search bot
its simulated games (``search``); small talk (a Gotcha! chat line or emote no rule
asked for) is no game move and is not explained. A decision is kept as data when it is made
(``decision.capture``) and worded only when a person reads it (``Reason.text``), in
Spanish or English, naming seats by their people's names and nothing a reader may not see:
the words come from what every seat sees, only the bot's figures (chances, counts) from its
own view (``reason``).
"""

from ludoteca.agents.explain.decision import CHATTER, Decision, capture, reason_for
from ludoteca.agents.explain.reason import Reason

__all__ = ["CHATTER", "Decision", "Reason", "capture", "reason_for"]
