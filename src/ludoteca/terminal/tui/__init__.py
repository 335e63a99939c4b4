"""The full-screen table of ``ludoteca play`` and ``ludoteca replay`` (Textual).

- ``tui.app``: the table's screen (board, players, moves, the log, the input line);
  ``tui.widgets``: the input with history and completion, "Really quit?", the hand-over.
- ``tui.side``: the game's side, in its own thread: the events told to each person
  (``tui.news``: which matter), the person's moves; ``tui.gotcha_side``: realtime Gotcha.
- ``tui.bridge``: what passes between the two threads.
- ``tui.run``: one game on the table; ``tui.replay_app``: a record stepped through.

Imported only when a full screen is wanted, so that ``--plain`` and the other commands
never load Textual.
"""
