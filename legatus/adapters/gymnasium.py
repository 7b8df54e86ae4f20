"""Gymnasium: the Roman side of Hispania alone as a single-agent environment
(``pip install 'legatus[gymnasium]'``); the game plays the rest — the dice, and a Hispano
seat if the variant is on (by the heuristic agent, or the agent named).

>>> from legatus.adapters.gymnasium import RomanEnv
>>> e = RomanEnv(level="6-4-3-4-2")
>>> observation, info = e.reset(seed=3)
>>> observation.shape == (e.game.observation_size(),), int(info["action_mask"].sum()) > 0
(True, True)

Observations are the game's observation tensor; actions are legatus's action ids
(``Discrete``), with the legal ones in ``info["action_mask"]``. The reward is the Romans'
return when the game ends (+1 a victory, -1 a defeat). An illegal action ends the episode with
-1 and ``info["illegal_action"]``, as PettingZoo's classic games do.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import legatus
from legatus.core.agents import Agent, make_agent
from legatus.core.session import sample_outcome

ROMAN_SEAT = 0


class RomanEnv(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, render_mode: str | None = None, opponent: str = "heuristic", **options: Any) -> None:
        options.setdefault("players", 1)
        self.game = legatus.load("hispania", **options)
        if options["players"] != 1:
            raise legatus.OptionError("the Gymnasium environment plays the Roman side as one seat: players=1")
        self.render_mode = render_mode
        self.opponent_spec = opponent
        self.observation_space = spaces.Box(0.0, 1.0, (self.game.observation_size(),), np.float32)
        self.action_space = spaces.Discrete(len(self.game.actions))
        self.rng = random.Random()
        self.others: dict[int, Agent] = {}
        self.state = self.game.new_initial_state()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        base = int(self.np_random.integers(2**62))
        self.rng = random.Random(base)
        self.others = {seat: make_agent(self.game, self.opponent_spec, base + seat)
                       for seat in range(1, self.game.num_players())}
        self.state = self.game.new_initial_state()
        self._advance()
        return self._observation(), self._info()

    def _advance(self) -> None:
        """The dice and the other seats play until the Romans decide or the game ends."""
        state = self.state
        while not state.is_terminal() and state.current_player() != ROMAN_SEAT:
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, self.rng))
            else:
                state.apply_action(self.others[state.current_player()].choose(state))

    def _observation(self) -> np.ndarray:
        return np.asarray(self.game.observation_tensor(self.state, ROMAN_SEAT), np.float32)

    def _info(self, **extra: Any) -> dict[str, Any]:
        mask = np.zeros(len(self.game.actions), np.int8)
        if not self.state.is_terminal():
            mask[[int(a) for a in self.state.legal_actions()]] = 1
        return {"action_mask": mask, **extra}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        if int(action) not in self.state.legal_actions():
            return self._observation(), -1.0, True, False, self._info(illegal_action=True)
        self.state.apply_action(int(action))
        self._advance()
        done = self.state.is_terminal()
        reward = self.state.returns()[ROMAN_SEAT] if done else 0.0
        return self._observation(), float(reward), done, False, self._info()

    def render(self) -> str | None:
        return self.state.to_text() if self.render_mode == "ansi" else None
