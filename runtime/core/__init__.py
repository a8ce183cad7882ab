"""The game-neutral engine core.  It imports nothing of ours and knows no game's words."""
from .cards import CardLibrary
from .engine import Game
from .errors import CardsmithError, IllegalAction, LoopDetected, UnknownCard, UnknownGame
from .registry import Vocabulary, game_names, get_game, register_game
from .rules import FrameHandler, GameRules
from .state import Action, CardInstance, Decision, Frame, GameState, Player, StackItem

__all__ = ["CardLibrary", "Game", "CardsmithError", "IllegalAction", "LoopDetected",
           "UnknownCard", "UnknownGame", "Vocabulary", "game_names", "get_game",
           "register_game", "FrameHandler", "GameRules", "Action", "CardInstance", "Decision",
           "Frame", "GameState", "Player", "StackItem"]
