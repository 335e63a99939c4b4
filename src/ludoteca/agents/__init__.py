"""Agents: they see a view and the legal actions, never the state."""
