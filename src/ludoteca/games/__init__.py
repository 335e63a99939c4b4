"""The five games. Each module exposes ``GAME``, an object implementing the Game protocol."""
