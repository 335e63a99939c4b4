"""How fast and how reliably a person at a Gotcha! table notices, reacts and remembers.

Every number here comes from a published human range; ``agents/gotcha/human.py`` plays with
them, and ``bench/tools/gotcha_person.py`` measures what they give. One knob, ``skill``
(0 the slowest and least attentive end of the range, 1 the sharpest), sets a player's
:class:`Reflexes`; each derived parameter stays inside its documented range (``RANGES``,
checked by ``tests/agents/test_gotcha_human.py``).

**Noticing a breach and buzzing it** takes perceiving the event, recognising it as a breach
of one of the live rules, and acting (the buzz names a rule and a player):

* *Perceiving*: reading a chat message at the adult silent-reading rate, 238 words a minute
  for non-fiction (Brysbaert 2019, "How many words do we read per minute? A review and
  meta-analysis of reading rate", *J. Memory and Language* 109:104047), so ~252 ms a word;
  a glance at an emote, draw or play: ``GLANCE_MS``. A breach by *omission* (a reaction
  that never came, a wait not kept) has no event to see: people detect the presence of a
  feature far better than its absence (the feature-positive effect: Newman, Wolff & Hearst
  1980, *J. Exp. Psychology: Human Learning and Memory* 6(5):630-650), so it costs
  ``OMISSION_MS`` more and is noticed less often (``EASE``).
* *Recognising*: the Hick-Hyman law, RT = a + b log2(n + 1) for n equally likely
  alternatives (Hick 1952, *Q. J. Exp. Psychology* 4(1):11-26; Hyman 1953, *J. Exp.
  Psychology* 45(3):188-196): a = 200 ms (simple visual reaction time, ~180-250 ms:
  Welford 1980, *Reaction Times*; Kosinski 2008, "A literature review on reaction time",
  Clemson University) and b = 150 ms a bit (Hyman's slopes ran ~130-215 ms a bit), n the
  live rules the event must be checked against: 350 ms with one rule, 620 ms with six,
  inside the 400-1000 ms of a simple choice once the spread is added.
* *Acting*: the keystroke-level model (Card, Moran & Newell 1980, *Comm. ACM*
  23(7):396-410): a mental preparation M = 1.35 s, then pointing P = 1.1 s and a press
  B = 0.1 s for each of the buzzer, the rule and the player: 4.95 s.

So a typical person (skill 0.5) buzzes a short chat breach ~6 s after it, and the whole
range runs from ~3.5 s (sharp) to ~10 s (slow): the "several seconds to notice a rule
breach" of a party, never the 0.35-0.65 s of the old expert bot. Times are lognormal
(reaction times are right-skewed: Luce 1986, *Response Times*, OUP; Ratcliff 1979,
*Psychological Bulletin* 86(3):446-461), sigma ``SPREAD``, clipped to ``NOTICE_MS``.

**Whether a breach is noticed at all**: a vigilance below 1 (inattentional blindness: about
half of observers busy with a task missed a person in a gorilla suit, Simons & Chabris 1999,
*Perception* 28:1059-1074), times how easy the rule's breach is to see (``EASE``), times
the share of live rules one can keep in mind: working memory holds about four chunks
(Cowan 2001, *Behavioral and Brain Sciences* 24:87-185), so with more live rules than one's
capacity each is watched with probability capacity / live rules.

**Slips**: keeping a rule is an event-based prospective-memory task (remember to clap
*when* you play). Intentions cued by the act itself (focal) are kept far more often than
those cued by something else (non-focal: another player's turn, a time): Einstein &
McDaniel 2005, "Prospective memory: multiple retrieval processes", *Current Directions in
Psychological Science* 14(6):286-290 (non-focal success often 50-70%, focal ~90%). Each
rule family's forgetting probability (``FORGET``) follows that order, scaled by skill.

**Think and type**: a turn's draw is one decision and one press (M + P + B = 2.55 s); a
play adds a Hick-Hyman choice over the distinct plays and a second pointing. Chat is typed
at 36.2 words a minute (Palin et al. 2019, "How do people type on mobile devices?",
*MobileHCI '19*: 37,370 volunteers), five characters a word: 3 characters a second.

Everything is drawn from the agent's seeded stream with ``random()`` alone (a lognormal
through the inverse normal CDF), so a game replays exactly (``engine/rng.py``). The
constants shared with other games' pacing are in ``agents/human_time.py``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from ludoteca.agents.human_time import (
    GLANCE_MS,
    HICK_A_MS,
    HICK_B_MS,
    KLM_B_MS,
    KLM_M_MS,
    KLM_P_MS,
    READ_MS_PER_WORD,
    TYPING_CHARS_PER_S,
    lognormal_factor,
)

OMISSION_MS: Final = 1500
"""Realising that something did not come (feature-positive effect)."""
BUZZ_POINTINGS: Final = 3
"""The buzzer, the rule, the player."""
NOTICE_MS: Final = (1_500, 15_000)
"""The noticing-to-buzz delay is clipped to this range."""
THINK_MS: Final = (800, 20_000)
"""A turn's draw or play takes this long at least and at most."""

EASE: Final[dict[str, float]] = {
    "never_emote": 1.0,
    "chat_form": 0.95,
    "silent": 0.95,
    "before": 0.85,
    "chat_limit": 0.8,
    "no_repeat_emote": 0.75,
    "react": 0.65,
    "wait": 0.6,
}
"""How easy a family's breach is to see, 0-1: a forbidden act or a badly formed message is
in plain sight; a count or an order needs memory; an omission or a timing is an absence."""
OMISSIONS: Final = frozenset({"react", "wait"})
"""Families whose breach is something that did not happen (in time)."""
FORGET: Final[dict[str, float]] = {
    "never_emote": 0.04,
    "silent": 0.08,
    "chat_limit": 0.10,
    "before": 0.12,
    "no_repeat_emote": 0.12,
    "chat_form": 0.15,
    "react": 0.18,
    "wait": 0.20,
}
"""A typical person's chance of forgetting one obligation of a family: a ban or a cue in
the act itself is kept best; rewording every message, a cue in another's turn or a timing
worst (focal and non-focal prospective memory)."""

RANGES: Final[dict[str, tuple[float, float]]] = {
    "skill": (0.0, 1.0),
    "time_scale": (0.6, 1.7),
    "vigilance": (0.5, 0.95),
    "capacity": (3.0, 5.0),
    "slip_scale": (0.2, 1.8),
    "notice": (0.05, 0.95),
    "slip": (0.0, 0.4),
    "notice_ms": (float(NOTICE_MS[0]), float(NOTICE_MS[1])),
    "think_ms": (float(THINK_MS[0]), float(THINK_MS[1])),
}
"""Each derived parameter's documented range (skill 0 to 1 stays inside them)."""


@dataclass(frozen=True, slots=True)
class Reflexes:
    """One kind of player's human parameters, all set by ``skill``.

    Attributes:
        skill: 0 (the slow, inattentive end of the human range) to 1 (the sharp end).
        time_scale: Multiplies every median time: 1.6 at skill 0, 1 at 0.5, 0.62 at 1.
        vigilance: Probability of noticing an easy breach with few rules live (< 1).
        capacity: How many live rules one keeps in mind at once (Cowan's 4 +- 1).
        slip_scale: Multiplies each family's forgetting probability (``FORGET``).
    """

    skill: float
    time_scale: float
    vigilance: float
    capacity: float
    slip_scale: float

    @classmethod
    def of(cls, skill: float) -> Reflexes:
        """The parameters of a player of ``skill`` (clamped to 0-1)."""
        skill = min(1.0, max(0.0, skill))
        # Rounded past float noise, so skill 1 gives exactly its range's end.
        return cls(
            skill=skill,
            time_scale=round(1.6 ** (1.0 - 2.0 * skill), 9),
            vigilance=round(0.55 + 0.4 * skill, 9),
            capacity=round(3.0 + 2.0 * skill, 9),
            slip_scale=round(1.7 - 1.4 * skill, 9),
        )

    def notice_chance(self, family: str, live_rules: int) -> float:
        """Probability of noticing one breach of a rule of ``family`` with ``live_rules``
        live checkable rules to watch.
        """
        load = min(1.0, self.capacity / max(1, live_rules))
        low, high = RANGES["notice"]
        return min(high, max(low, self.vigilance * EASE.get(family, 0.7) * load))

    def slip_chance(self, family: str) -> float:
        """Probability of forgetting one obligation of a rule of ``family``."""
        low, high = RANGES["slip"]
        return min(high, max(low, self.slip_scale * FORGET.get(family, 0.15)))

    def notice_ms(self, family: str, words: int, live_rules: int, u: float) -> int:
        """Breach to buzz, in ms, for the quantile ``u`` of the spread.

        Args:
            family: The broken rule's family.
            words: Words of the offending chat message (0: not a message).
            live_rules: Live checkable rules to check the event against.
            u: A uniform draw in [0, 1) (the agent's stream).
        """
        perceive = READ_MS_PER_WORD * words if words else GLANCE_MS
        if family in OMISSIONS:
            perceive += OMISSION_MS
        decide = HICK_A_MS + HICK_B_MS * math.log2(live_rules + 1)
        act = KLM_M_MS + BUZZ_POINTINGS * (KLM_P_MS + KLM_B_MS)
        return _clip(self._timed(perceive + decide + act, u), NOTICE_MS)

    def think_ms(self, choices: int, pointings: int, u: float) -> int:
        """A turn decision among ``choices`` and its ``pointings`` (draw: 1 choice, 1)."""
        decide = HICK_A_MS + HICK_B_MS * math.log2(choices + 1) if choices > 1 else 0.0
        act = KLM_M_MS + pointings * (KLM_P_MS + KLM_B_MS)
        return _clip(self._timed(decide + act, u), THINK_MS)

    def react_ms(self, u: float) -> int:
        """A prepared answer to a trigger (a burp when the player on the right starts): a
        simple reaction, then pointing and pressing the emote (no mental preparation).
        """
        return int(self._timed(HICK_A_MS + GLANCE_MS + KLM_P_MS + KLM_B_MS, u))

    def typing_ms(self, text: str, u: float) -> int:
        """Typing ``text`` on a phone."""
        return int(self._timed(1000 * len(text) / TYPING_CHARS_PER_S, u))

    def _timed(self, median_ms: float, u: float) -> float:
        return median_ms * self.time_scale * lognormal_factor(u)


def _clip(value: float, bounds: tuple[int, int]) -> int:
    return int(min(bounds[1], max(bounds[0], value)))
