"""Root-parallel search (issue 35) on the shipped games: the root ranked once, in the main process
(the core's own tests, with test games only, are in tests/core/test_parallel.py)."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.core.agents import make_agent
from legatus.core.game import State
from legatus.core.mcts import Analysis
from legatus.core.session import sample_outcome


def analysis(agent: object, state: State) -> list[tuple[str, int, tuple[float, ...]]]:
    ranked: list[Analysis] = agent.analyse(state)  # type: ignore[attr-defined]
    return [(str(r.action), r.visits, r.mean) for r in ranked]


def walked(name: str, seed: int, decisions: int) -> State:
    """A game of ``name`` after ``decisions`` random decisions (and their chance outcomes)."""
    state = legatus.load(name).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node() or decisions:
        if not state.is_chance_node():
            decisions -= 1
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


# Positions where the heuristic ranker's tie-breaking draw shortlisted other candidates in each
# worker: Hispania's ``rank`` breaks ties with its generator, VIAE's adds a small random term.
@pytest.mark.parametrize(("name", "spec", "seed", "decisions"), [
    ("hispania", "flat+heuristic:32@2", 2, 3), ("viae", "ismcts+heuristic:16@2", 0, 0)])
def test_every_worker_searches_the_root_candidates_ranked_once_in_the_main_process(
        name: str, spec: str, seed: int, decisions: int, agents: list[object]) -> None:
    state = walked(name, seed, decisions)
    first, again = make_agent(state.game, spec, 3), make_agent(state.game, spec, 3)
    agents.extend([first, again])
    got = analysis(first, state)
    assert len(got) <= first.width  # type: ignore[attr-defined]  # one shortlist, not each worker's own
    if spec.startswith("flat"):  # every candidate tried by every worker, as often
        assert len({visits for _, visits, _ in got}) == 1
    assert analysis(again, state) == got  # a seed gives the same decision twice
