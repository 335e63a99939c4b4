"""Ludoteca: five tabletop games with one pure rules engine.

Importing the package registers the games' Gymnasium ids (``ludoteca/Tacocat-v0`` ...) with
Gymnasium, now or as soon as Gymnasium is imported, without importing it
(``ludoteca.gymnasium_ids``).
"""

from ludoteca import gymnasium_ids as _gymnasium_ids

__version__ = "0.1.0"

_gymnasium_ids.install()
