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
REFERENCE = "reference"
"""Name of the reference row."""
FASTPATH_TARGET = 4.0
"""Target: a game's rollout fast path at least this many times its protocol playout."""
RUNNER_LIMIT = 1.5
"""Target: ``runner.play`` at most this many times the protocol playout's µs/step."""
