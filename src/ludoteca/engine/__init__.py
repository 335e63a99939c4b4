"""The rules engine every game stands on: protocol, errors, randomness, records, runner."""
