"""Settings and row names shared by the benchmark modules."""

DEFAULT_SECONDS = 1.0
"""Length of one repetition, in seconds."""
DEFAULT_REPETITIONS = 5
"""Repetitions per row; the row reports their median."""
WARMUP_FRACTION = 1.0
"""The discarded warm-up repetition lasts this fraction of ``seconds``."""
KUHN = "python_kuhn_poker"
"""OpenSpiel's pure-Python Kuhn poker: the baseline the speed target is stated against."""
OPENSPIEL_GAMES: tuple[str, ...] = (KUHN, "leduc_poker")
"""OpenSpiel games measured with ``openspiel=True``: one pure-Python game, one C++ game."""
TARGET_RATIO = 2.0
"""Target: every game's playout at least this many times ``python_kuhn_poker``'s steps/s."""
GAME_TARGET_RATIOS: dict[str, float] = {"gotcha": 0.65}
"""Games whose own target differs (issue 19): Gotcha's is 5x its 0.13x of 2026-12-01."""
REFERENCE = "reference"
"""Name of the reference row."""
FASTPATH_TARGET = 4.0
"""Target: a game's rollout fast path at least this many times its protocol playout."""
RUNNER_LIMIT = 1.5
"""Target: ``runner.play`` at most this many times the protocol playout's µs/step."""
