"""The simulation lab: many seeded games, in parallel, and the statistics over them."""
