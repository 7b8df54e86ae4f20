"""Tally's configuration: its options, seats and action table, and what the shells read from
it (the single-agent seat, the observation tensor)."""

from __future__ import annotations

from typing import Any

from legatus.core.errors import OptionError
from legatus.core.game import Game, Information, Option, State, Utility
from legatus.core.solo import SingleAgent

from . import observation
from .notation import build_actions
from .state import TallyState


def _whole(name: str, low: int, high: int) -> Any:
    def parse(value: Any) -> int:
        if isinstance(value, bool) or not str(value).isdigit() or not low <= int(value) <= high:
            raise OptionError(f"{name} {value!r} must be a whole number from {low} to {high}")
        return int(value)
    return parse


class TallyGame(Game):
    """Tally (a test game that follows docs/api.md, "How to add a game")."""

    name = "tally"
    title = "Tally"
    MIN_PLAYERS = MAX_PLAYERS = 2
    information = Information.PERFECT
    utility = Utility.ZERO_SUM
    min_utility, max_utility = -1.0, 1.0
    OPTIONS = {
        **Game.OPTIONS,
        "target": Option(10, _whole("target", 3, 30), "the total that wins: 3 to 30", {"kind": "int"}),
        "faces": Option(3, _whole("faces", 1, 6), "the die's faces: 1 to 6", {"kind": "int"}),
    }
    SINGLE_AGENT = SingleAgent(0)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.target: int = self.options["target"]
        self.faces: int = self.options["faces"]
        self.seats = ("first", "second")
        self.actions = build_actions(self.name, self.faces)

    def max_chance_outcomes(self) -> int:
        return self.faces

    def observation_size(self) -> int:
        return observation.SIZE

    def observation_tensor(self, state: State, seat: int | None) -> list[float]:
        assert isinstance(state, TallyState) and seat is not None
        return observation.tensor(state, seat)

    def new_initial_state(self) -> TallyState:
        return TallyState(self)
