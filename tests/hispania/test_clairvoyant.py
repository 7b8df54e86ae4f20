"""The clairvoyant search on Hispania (issue 36 point 3): a smoke test in seconds at the hardest
level. Its win rates are measured by benchmarks/hispania_agents.py (docs/agents.md)."""

from __future__ import annotations

import legatus
from legatus.core.agents import make_agent
from legatus.core.clairvoyant import ChanceStream, ClairvoyantAgent


def test_a_hardest_game_played_to_its_end_on_the_stream() -> None:
    game = legatus.load("hispania", level="hardest")
    stream = ChanceStream(5)
    agent = ClairvoyantAgent(game, stream, simulations=12, rollout=make_agent(game, "heuristic", 2), seed=1)
    state, decisions = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(stream.next(state))
            continue
        used = stream.used
        action = agent.choose(state)
        assert stream.used == used  # the search read the dice ahead, the game's did not move
        assert action in state.legal_actions() and agent.reason
        state.apply_action(action)
        decisions += 1
    assert decisions > 10 and state.outcome in ("six capitals", "revolts ran out", "time ran out")
