"""PettingZoo: a legatus game as an AEC environment (``pip install 'legatus[pettingzoo]'``).

>>> from legatus.adapters.pettingzoo import env
>>> e = env("hispania", level="6-4-3-4-2", variants=["hispano"])
>>> e.reset(seed=1)
>>> e.possible_agents == list(e.game.seats), len(e.possible_agents)
(True, 2)

The agents are the game's seats, as many as its configuration has. Each observation is
``{"observation": the game's observation tensor for that seat, "action_mask": 1 for each
legal action}`` (only the agent to move has legal actions): in a game with secrets, what that
seat may see and nothing more, so the game must have an observation tensor. Actions are
legatus's action ids. The game's chance nodes (dice, draws) are played inside the
environment with the generator seeded by ``reset(seed=…)``. Rewards come at the end: each
seat's return.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import legatus
from legatus.core.session import sample_outcome

from . import observation_size, seat_text


class LegatusAECEnv(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "name": "legatus_v0", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = legatus.load(game, **options)
        self.render_mode = render_mode
        self.possible_agents = list(self.game.seats)
        n = len(self.game.actions)
        size = observation_size(self.game, "PettingZoo")
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.rng = random.Random()
        self.state = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._play_chance()
        self._select()

    def _play_chance(self) -> None:
        while self.state.is_chance_node():
            self.state.apply_action(sample_outcome(self.state, self.rng))

    def _select(self) -> None:
        player = self.state.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]
        else:  # the end: every agent is done; keep the one that moved last
            self.agent_selection = self.agents[0] if not hasattr(self, "agent_selection") else self.agent_selection

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(len(self.game.actions), np.int8)
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask[[int(a) for a in self.state.legal_actions()]] = 1
        observation = np.asarray(self.game.observation_tensor(self.state, seat), np.float32)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self.state.legal_actions():
            raise ValueError(f"action {action} is not legal for {agent}; see the observation's action_mask")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self._play_chance()
        if self.state.is_terminal():
            for seat, value in zip(self.possible_agents, self.state.returns(), strict=True):
                self.rewards[seat] = value
                self.terminations[seat] = True
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The screen of the agent to move (``ansi``), as at a shared table: in a game with
        secrets only what that seat may see; the whole position once the game is over."""
        if self.render_mode != "ansi":
            return None
        state = self.state
        return state.to_text() if state.is_terminal() else seat_text(state, state.current_player())

    def close(self) -> None:
        pass


def env(game: str, **options: Any) -> LegatusAECEnv:
    """A fresh environment for ``game`` configured by ``options`` (reset it before use)."""
    return LegatusAECEnv(game, **options)
