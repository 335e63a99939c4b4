"""The web table's lessons: each game's lesson (``ludoteca.lessons``) played step by step
in the browser, on the game's own board.

The server holds every step's position (``Step.state()``) and sends the learner's view and
legal moves as a room does; each try is judged by ``Step.judge`` and answered with its
verdict. Nothing is stored: a step's position is rebuilt from the lesson's data, and the
page keeps the person's progress (``docs/protocol.md``, "Lessons").
"""
