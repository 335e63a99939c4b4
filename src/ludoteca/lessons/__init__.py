"""Lessons: a short interactive lesson per game, as data checked by the engine.

Each step is a real position replayed through the Game protocol, a prompt, and the move
(or kind of move) it asks for; :meth:`Step.judge` answers a try with the game's own
``explain`` when it is illegal. Imports only the engine (games through its registry), so
every surface (web, terminal) may use it.
"""

from ludoteca.lessons.load import UnknownLessonError, lesson, lesson_games
from ludoteca.lessons.model import LEARNER_NAME, Lesson, Position, Step, Verdict

__all__ = [
    "LEARNER_NAME",
    "Lesson",
    "Position",
    "Step",
    "UnknownLessonError",
    "Verdict",
    "lesson",
    "lesson_games",
]
