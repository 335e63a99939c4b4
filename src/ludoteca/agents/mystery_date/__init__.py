"""Mystery Date bots: each sees only its seat's view and legal actions."""
