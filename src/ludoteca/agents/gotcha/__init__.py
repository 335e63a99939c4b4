"""Gotcha! (¡Te tengo!) bots: each sees only its seat's view and legal actions."""
