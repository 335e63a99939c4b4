"""Published human timings, shared by the bots that take a person's time.

Sources (cited where each number is used, ``agents/gotcha/reaction.py``):
silent reading 238 words a minute (Brysbaert 2019, *J. Memory and Language* 109:104047);
the Hick-Hyman law RT = a + b log2(n + 1) (Hick 1952, *Q. J. Exp. Psychology*
4(1):11-26; Hyman 1953, *J. Exp. Psychology* 45(3):188-196) with a simple visual reaction
time of ~200 ms (Welford 1980, *Reaction Times*; Kosinski 2008, "A literature review on
reaction time", Clemson University) and ~150 ms a bit; the keystroke-level model's
operators (Card, Moran & Newell 1980, *Comm. ACM* 23(7):396-410); mobile typing at 36.2
words a minute (Palin et al. 2019, *MobileHCI '19*); lognormal, right-skewed reaction
times (Luce 1986, *Response Times*; Ratcliff 1979, *Psychological Bulletin* 86(3):446-461).
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Final

READ_MS_PER_WORD: Final = 60_000 / 238
"""Silent reading, 238 words a minute (Brysbaert 2019)."""
GLANCE_MS: Final = 300
"""Seeing an emote, a draw or a play (one fixation and its encoding)."""
HICK_A_MS: Final = 200
"""Hick-Hyman intercept: simple visual reaction time."""
HICK_B_MS: Final = 150
"""Hick-Hyman slope, ms a bit."""
KLM_M_MS: Final = 1350
"""Keystroke-level model: mental preparation."""
KLM_P_MS: Final = 1100
"""Keystroke-level model: pointing at a target."""
KLM_B_MS: Final = 100
"""Keystroke-level model: pressing."""
TYPING_CHARS_PER_S: Final = 36.2 * 5 / 60
"""Mobile typing, 36.2 words a minute (Palin et al. 2019)."""
SPREAD: Final = 0.35
"""Lognormal sigma of every time (a 1.4x spread each side of the median)."""

_NORMAL: Final = NormalDist()


def lognormal_factor(u: float) -> float:
    """exp(SPREAD * z) for the standard normal quantile z of ``u`` (median 1)."""
    return math.exp(SPREAD * _NORMAL.inv_cdf(min(1 - 1e-9, max(1e-9, u))))


def hick_ms(choices: int) -> float:
    """Choosing among ``choices`` equally likely alternatives (Hick-Hyman), in ms."""
    return HICK_A_MS + HICK_B_MS * math.log2(max(1, choices) + 1)
