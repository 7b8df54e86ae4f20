"""legatus: plays, referees and analyses board games of the Roman conquest.

>>> import legatus
>>> game = legatus.load("hispania", level="6-4-3-4-2")
>>> state = game.new_initial_state()
>>> state.current_player() == legatus.CHANCE
True
"""

from legatus import games as _games  # noqa: F401  (registers the games)
from legatus.core.actions import Action
from legatus.core.errors import (
                                 BoardError,
                                 IllegalActionError,
                                 LegatusError,
                                 NoDecisionError,
                                 NotationError,
                                 OptionError,
                                 PositionError,
                                 RecordError,
                                 UndoError,
                                 UnknownGameError,
)
from legatus.core.game import CHANCE, TERMINAL, Game, State
from legatus.core.record import read_record, replay, to_record, write_record
from legatus.core.registry import game_names, load
from legatus.core.session import Session

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "TERMINAL", "Action", "BoardError", "Game", "IllegalActionError", "LegatusError", "NoDecisionError",
    "NotationError", "OptionError", "PositionError", "RecordError", "Session", "State", "UndoError", "UnknownGameError",
    "game_names", "load", "read_record", "replay", "to_record", "write_record", "__version__",
]
