"""How a server's rooms run: the bots' pacing, the realtime clock's scale and the limits."""

from __future__ import annotations

from dataclasses import dataclass, field

from ludoteca.web.pace.kit import PaceKit
from ludoteca.web.wire.limits import Limits


@dataclass(frozen=True, slots=True)
class Settings:
    """Server settings.

    Attributes:
        bot_delay: Seconds a bot waits before each move in turn-based games (0 in tests).
        clock_scale: Real ms per game ms for realtime games (1.0; 0 runs bots' timed
            choices at once and stops the clock, for tests).
        limits: Rates and sizes (``wire.limits.Limits``).
        pace: The pace clock, the notices and the scheduler's wake-up (``pace.kit``).
    """

    bot_delay: float = 0.4
    clock_scale: float = 1.0
    limits: Limits = field(default_factory=Limits)
    pace: PaceKit = field(default_factory=PaceKit)
