"""Ludoteca: five tabletop games with one pure rules engine."""

__version__ = "0.1.0"
