"""Gymnasium: one seat of a legatus game as a single-agent environment
(``pip install 'legatus[gymnasium]'``); the environment plays the game's chance nodes and
every other seat, each by the agent named (``opponent``). :class:`SeatEnv` plays the seat it is
given; :class:`GameEnv` the seat the game says (``Game.SINGLE_AGENT``), also served under the
name the game gives it (``RomanEnv``: the Roman side of the game that declares it).

>>> from legatus.adapters.gymnasium import RomanEnv, SeatEnv
>>> e = RomanEnv(level="6-4-3-4-2")
>>> observation, info = e.reset(seed=3)
>>> observation.shape == (e.game.observation_size(),), int(info["action_mask"].sum()) > 0
(True, True)
>>> SeatEnv(e.game.name, seat=e.game.seats[0]).seat
0

Observations are the game's observation tensor for the seat (in a game with secrets, what
that seat may see and nothing more); actions are legatus's action ids (``Discrete``), with
the legal ones in ``info["action_mask"]``. The other seats' agents choose through
:func:`legatus.core.agents.decide`, so in a game with secrets they too get only what their
seat may know. The reward is the seat's return when the game ends. An illegal action ends
the episode with the game's lowest return (``min_utility``) and ``info["illegal_action"]``,
as PettingZoo's classic games do.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import legatus
from legatus.core.agents import Agent, decide, make_agent
from legatus.core.errors import OptionError
from legatus.core.registry import game_class, game_names
from legatus.core.session import sample_outcome

from . import observation_size, seat_of, seat_text


class SeatEnv(gym.Env):
    """Seat ``seat`` (index or name) of ``game`` configured by ``options``; the others are
    played by ``opponent`` agents (an agent spec: ``random``, ``mcts:200``, a game's own)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, seat: int | str = 0, opponent: str = "random", render_mode: str | None = None,
                 **options: Any) -> None:
        self.game = legatus.load(game, **options)
        self.seat = seat_of(self.game, seat)
        make_agent(self.game, opponent)  # an unknown agent is refused now, not at the first reset
        self.render_mode = render_mode
        self.opponent_spec = opponent
        self.observation_space = spaces.Box(0.0, 1.0, (observation_size(self.game, "Gymnasium"),), np.float32)
        self.action_space = spaces.Discrete(len(self.game.actions))
        self.rng = random.Random()
        self.others: dict[int, Agent] = {}
        self.state = self.game.new_initial_state()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        base = int(self.np_random.integers(2**62))
        self.rng = random.Random(base)
        self.others = {s: make_agent(self.game, self.opponent_spec, base + s)
                       for s in range(self.game.num_players()) if s != self.seat}
        self.state = self.game.new_initial_state()
        self._advance()
        return self._observation(), self._info()

    def _advance(self) -> None:
        """Chance and the other seats play until the seat decides or the game ends."""
        state = self.state
        while not state.is_terminal() and state.current_player() != self.seat:
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, self.rng))
            else:
                state.apply_action(decide(self.others[state.current_player()], state, self.rng))

    def _observation(self) -> np.ndarray:
        return np.asarray(self.game.observation_tensor(self.state, self.seat), np.float32)

    def _info(self, **extra: Any) -> dict[str, Any]:
        mask = np.zeros(len(self.game.actions), np.int8)
        if not self.state.is_terminal():
            mask[[int(a) for a in self.state.legal_actions()]] = 1
        return {"action_mask": mask, **extra}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        if int(action) not in self.state.legal_actions():
            return self._observation(), self.game.min_utility, True, False, self._info(illegal_action=True)
        self.state.apply_action(int(action))
        self._advance()
        done = self.state.is_terminal()
        reward = self.state.returns()[self.seat] if done else 0.0
        return self._observation(), float(reward), done, False, self._info()

    def render(self) -> str | None:
        """The seat's own screen (``ansi``): in a game with secrets, what the seat may see."""
        return seat_text(self.state, self.seat) if self.render_mode == "ansi" else None


class GameEnv(SeatEnv):
    """The seat ``game`` says a single-agent environment plays (its ``SINGLE_AGENT``), with the
    options that make it one seat's game; the others are played by ``opponent`` (by default the
    game's choice)."""

    def __init__(self, game: str, render_mode: str | None = None, opponent: str | None = None,
                 **options: Any) -> None:
        solo = game_class(game).SINGLE_AGENT
        if solo is None:
            raise OptionError(f"{game} names no seat for a single-agent environment: "
                              f"choose one with SeatEnv({game!r}, seat)")
        super().__init__(game, solo.seat, opponent or solo.opponent, render_mode, **{**solo.options, **options})
        wrong = {key: value for key, value in solo.options.items() if self.game.options[key] != value}
        if wrong:
            seat = game_class(game)(**solo.options).seats[solo.seat]  # named as the one-seat game names it
            raise OptionError(f"the Gymnasium environment of {game} plays {seat} as one seat: "
                              + ", ".join(f"{key}={value}" for key, value in wrong.items()))


@cache
def named_env(game: str, alias: str) -> type[GameEnv]:
    """:class:`GameEnv` bound to ``game``, under the class name the game gives it."""
    def __init__(self: GameEnv, render_mode: str | None = None, opponent: str | None = None, **options: Any) -> None:
        GameEnv.__init__(self, game, render_mode, opponent, **options)

    return type(alias, (GameEnv,), {"__init__": __init__, "__module__": __name__, "__qualname__": alias,
                                    "__doc__": f"{GameEnv.__name__} of {game_class(game).title}: see GameEnv."})


def __getattr__(name: str) -> type[GameEnv]:
    """The environments the games name (``SingleAgent.alias``), e.g. ``RomanEnv``."""
    for game in game_names():
        solo = game_class(game).SINGLE_AGENT
        if solo is not None and solo.alias == name:
            return named_env(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
