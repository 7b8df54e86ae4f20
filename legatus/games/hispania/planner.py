"""The planner: the core's Monte Carlo tree search (:mod:`legatus.core.mcts`) set up for
Hispania's Roman seats.

The search knows nothing of Hispania: the game's knowledge comes in through the heuristic
agent (:mod:`.bots`), which ranks the moves the search considers, plays the rollouts and
values where they stop (the value model, :mod:`.value`). What the planner sets is how the
search spends its time: short rollouts (``HORIZON`` actions, about one general's turn) that
hand over to the value model early, so that a decision affords three times the simulations of
``mcts+heuristic:48`` in a little less time. docs/agents.md gives the measurements (issue 16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.agents import make_agent
from legatus.core.mcts import MCTSAgent

if TYPE_CHECKING:
    from .game import HispaniaGame

SIMULATIONS = 150  # a decision's search when no budget is given: about as long as mcts+heuristic:48
HORIZON = 10  # actions a rollout plays before the value model judges the position


class PlannerAgent(MCTSAgent):
    """``planner``, or with a budget ``planner:400`` (simulations) or ``planner:2s`` (seconds)."""

    def __init__(self, game: HispaniaGame, seed: int | None = None, simulations: int | None = None,
                 seconds: float | None = None, max_seconds: float | None = None) -> None:
        if simulations is None and seconds is None:
            simulations = SIMULATIONS
        rollout = make_agent(game, "heuristic", None if seed is None else seed + 1)
        super().__init__(game, simulations=simulations, seconds=seconds, rollout=rollout, seed=seed,
                         horizon=HORIZON, max_seconds=max_seconds)
