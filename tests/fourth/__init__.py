"""Pebbles, a fourth game written under ``tests/`` as the proof that a game is one folder.

Two players race to 10 pebbles: each turn the active player draws a card and plays one,
which gains them pebbles, takes pebbles from the other player, or draws cards.  It is
found the way the real games are, through a ``cardsmith.games`` entry point naming
``tests.fourth:GAME`` (``conftest.py`` writes the distribution's metadata the installed
command reads); nothing outside this folder names it.  Files: ``rules.py`` (setup, the
turn, the win), ``words.py`` (its verbs, words and keyword), ``header.tx`` /
``header_reader.py`` / ``header.py`` (its card header), ``view.py`` (its board view),
``game.py`` (builds the rules object), ``pebbles.fourth`` (its bundled cards),
``race.scenario`` (a scenario of it).
"""
from cardsmith.runtime.core.registry import lazy_game

__all__ = ["GAME"]
__getattr__ = lazy_game(__name__)
