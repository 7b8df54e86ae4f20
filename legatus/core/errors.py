"""The exceptions legatus raises. Each message is one sentence naming the input and what
would be valid, so that a terminal, the web API and a record replay can show it as it is."""

from __future__ import annotations


class LegatusError(Exception):
    """Base class of every error legatus raises on bad input."""


class UnknownGameError(LegatusError, KeyError):
    """`legatus.load` was given a name that no game is registered under."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class OptionError(LegatusError, ValueError):
    """An unknown game option, or a bad value for a known one."""


class BoardError(LegatusError, ValueError):
    """A board data file that cannot be read or breaks one of the board's checks."""


class NotationError(LegatusError, ValueError):
    """Text that is not the notation of any action of this game."""


class IllegalActionError(LegatusError, ValueError):
    """An action that is not legal in the state it was applied to."""

    def __init__(self, action: str, reason: str) -> None:
        super().__init__(f"'{action}' is illegal: {reason}")
        self.action = action
        self.reason = reason


class RecordError(LegatusError, ValueError):
    """A record (save file) that is corrupt, or holds an action that cannot be replayed."""

    def __init__(self, message: str, index: int | None = None, action: str | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.action = action


class NoDecisionError(LegatusError, ValueError):
    """An agent asked to choose where no seat decides: the game is over, or chance moves next."""


class UndoError(LegatusError):
    """An undo the rules of undo do not allow (across dice, a secret or a change of seat)."""


class PositionError(LegatusError, ValueError):
    """A position (``game.new_state_from``) that cannot be read, belongs to another game or
    configuration, or whose pieces do not fit together."""
