"""Bundled card files, one folder per game, with decks, scenarios and puzzles."""
