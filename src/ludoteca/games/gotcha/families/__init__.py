"""Gotcha's rule families: one object per family of WHAT/individual predicates.

Every checkable WHAT or individual card carries a ``Rule`` (``cards_model``) whose ``family``
names one of these objects (:mod:`.registry`). A family (:class:`.base.Family`) says everything
the game does with its rules: which card fields it needs (validation at load), how a rule is
kept in the digital room (the hint), how the referee judges it (an incremental judge, one
event at a time, the kind of event a breach is), how a bot obeys it, a short log that breaks
or keeps it, and how often a covered player must mind it. Adding a family is one module here
and one line in :mod:`.registry`.

The deck's API that uses them is :mod:`ludoteca.games.gotcha.cards`.
"""
