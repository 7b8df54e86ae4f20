"""The Hispania game: options, seats and the action table of a configuration."""

from __future__ import annotations

from functools import cache
from typing import Any

from legatus.core.errors import OptionError
from legatus.core.game import Game, Option

from .board import Board, load_board
from .level import MEDIUM, Level
from .notation import Notation, build_notation


def _parse_board(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise OptionError(f"board {value!r} must be the path of a board TOML file")
    return value


def _parse_ties(value: Any) -> str:
    if value not in ("defender", "attacker"):
        raise OptionError(f"ties {value!r} must be 'defender' (R13: the attacker must beat the defence) or 'attacker'")
    return str(value)


def _parse_seats(value: Any) -> tuple[str, ...]:
    """One seat name for every general (I, II, III), or one name for all three."""
    names = value.split(",") if isinstance(value, str) else value
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) and n.strip() for n in names):
        raise OptionError(f"seats {value!r} must name the seat of each general: ulterior,citerior,consul")
    names = [n.strip() for n in names]
    if len(names) == 1:
        names *= 3
    if len(names) != 3:
        raise OptionError(f"seats {value!r} must name 1 seat for all generals or 3 (ulterior,citerior,consul)")
    return tuple(names)


@cache
def _notation(board: Board) -> Notation:
    return build_notation(board)


class HispaniaGame(Game):
    """Hispania, the base game.

    >>> import legatus
    >>> game = legatus.load("hispania", level="6-4-3-4-2")
    >>> game.seats, game.level.denarii
    (('rome',), 6)
    """

    name = "hispania"
    title = "Hispania"
    version = 1
    OPTIONS = {
        **Game.OPTIONS,
        "level": Option(MEDIUM, lambda v: str(Level.parse(v)), "denarii-garrisons-fleets-roads-armies, e.g. 6-4-3-4-2"),
        "board": Option(None, _parse_board, "path of a corrected board file (TOML)"),
        "ties": Option("defender", _parse_ties, "who wins a combat tie: defender (R13) or attacker"),
        "seats": Option(("rome",) * 3, _parse_seats, "the seat of each general, I,II,III (one name: all)"),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.level = Level.parse(self.options["level"])
        self.board = load_board(self.options["board"])
        notation = _notation(self.board)
        self.notation = notation
        self.actions = notation.table
        general_seats: tuple[str, ...] = self.options["seats"]
        self.seats = tuple(dict.fromkeys(general_seats))
        self.general_seat = tuple(self.seats.index(s) for s in general_seats)
        self.ties_to_attacker = self.options["ties"] == "attacker"

    def record_options(self) -> dict[str, Any]:
        opts = super().record_options()
        opts["seats"] = list(opts["seats"])
        return opts

    def new_initial_state(self) -> HispaniaState:
        return HispaniaState(self)


from .state import HispaniaState  # noqa: E402  (the state needs the game class defined first)
