"""The engine: a game-neutral ``core`` and one package per game."""
