"""OpenSpiel: every legatus game as a registered Python game (``pip install 'legatus[openspiel]'``).

>>> import pyspiel
>>> import legatus.adapters.openspiel
>>> game = pyspiel.load_game("legatus_hispania(denarii=6,armies=1,variants=hispano)")
>>> game.num_players()
2

The short name is ``legatus_<game>``; the parameters are the game's options, in the forms
OpenSpiel's game strings can hold: Hispania's level as five ints (``denarii``,
``garrisons``, ``fleets``, ``roads``, ``armies``), its variants joined by ``+``
(``terror+hispano``), ``none`` for no variant or no scenario. Actions are legatus's action ids: one integer encoding
for decisions and chance outcomes alike (the dice have the lowest ids). Observations are the
game's ``observation_tensor`` and its text drawing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

import legatus
from legatus.core.game import Game, State
from legatus.core.registry import game_class

MAX_GAME_LENGTH = 20_000
_PARAMETERS: dict[str, dict[str, Any]] = {
    "hispania": {"denarii": 6, "garrisons": 4, "fleets": 3, "roads": 4, "armies": 2, "variants": "none",
                 "scenario": "none", "players": 1, "traitors": False, "ties": "defender"},
}
NONE = "none"  # OpenSpiel's game strings cannot hold an empty value
LEVEL = ("denarii", "garrisons", "fleets", "roads", "armies")  # Hispania's level, one int each


def _options(params: dict[str, Any]) -> dict[str, Any]:
    options = {k: v for k, v in params.items() if v != NONE and k not in LEVEL}
    if all(k in params for k in LEVEL):
        options["level"] = "-".join(str(params[k]) for k in LEVEL)
    if "variants" in options:
        options["variants"] = [v for v in str(options["variants"]).split("+") if v]
    return options


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    return pyspiel.GameType(
        short_name=f"legatus_{name}",
        long_name=f"legatus {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMETERS.get(name, {}),
    )


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A legatus game seen by OpenSpiel (one subclass a game: see :func:`register`)."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.name
        self.legatus: Game = legatus.load(name, **_options(params or {}))
        chance = [a for a in range(len(self.legatus.actions)) if str(self.legatus.actions[a]).startswith("roll ")]
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.legatus.actions),
            max_chance_outcomes=max(chance) + 1 if chance else 0,
            num_players=self.legatus.num_players(),
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(name), info, params or {})

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self, self.legatus.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self.legatus)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A legatus state seen by OpenSpiel: every call goes to the core contract."""

    def __init__(self, game: OpenSpielGame, state: State) -> None:
        super().__init__(game)
        self.inner = state

    def current_player(self) -> int:
        return self.inner.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(int(a) for a in self.inner.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted((int(a), p) for a, p in self.inner.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.inner.game.actions[action])

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def __str__(self) -> str:
        return self.inner.to_text()


class Observer:
    """OpenSpiel's PyObserver: the tensor and the text of a seat's view."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.tensor = np.zeros(game.observation_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        self.tensor[:] = self.game.observation_tensor(state.inner, player)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return state.inner.to_text()


def register(name: str) -> type[OpenSpielGame]:
    """Registers legatus game ``name`` with OpenSpiel as ``legatus_<name>``."""
    cls = type(f"OpenSpiel{name.capitalize()}", (OpenSpielGame,), {"name": name})
    pyspiel.register_game(_game_type(name), cls)
    return cls


for _name in legatus.game_names():
    register(_name)
