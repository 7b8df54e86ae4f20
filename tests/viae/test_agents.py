"""The heuristic agent and IS-MCTS with it, through the core (decide: a resampled state)."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.core.agents import decide, make_agent
from legatus.core.hints import hint_spec
from legatus.core.ismcts import ISMCTSAgent
from legatus.games.viae.bots import GuidedAgent, HeuristicAgent, public_value, value, win_chances
from legatus.games.viae.state import ViaeState
from tests.viae.helpers import first_turn, play_until


def test_heuristic_keeps_the_lowest_die_and_picks_legal_actions() -> None:
    st = first_turn(3)
    agent = make_agent(st.game, "heuristic", seed=1)
    for _ in range(30):
        if st.is_terminal():
            break
        if st.is_chance_node():
            st.apply_action(st.chance_outcomes()[0][0])
            continue
        action = decide(agent, st, random.Random(0))
        assert action in st.legal_actions()
        if str(action).startswith("keep"):
            assert action == min(a for a in st.legal_actions() if str(a).startswith("keep"))
        st.apply_action(action)


def test_ismcts_with_the_heuristic_decides_from_the_information_set() -> None:
    st = first_turn(2)
    game = legatus.load("viae", players=2)
    agent = make_agent(game, "ismcts+heuristic:8", seed=3)
    assert decide(agent, st, random.Random(1)) in st.legal_actions()


def test_the_heuristic_ranks_every_legal_action_its_choice_first() -> None:
    # The ranking a search narrows to (core.agents.Ranker): each legal action once, and the
    # favourite is what the heuristic plays, from the same seed.
    st = first_turn(3)
    rng = random.Random(4)
    seen_procs = set()
    for _ in range(120):
        if st.is_terminal():
            break
        if st.is_chance_node():
            st.apply_action(st.chance_outcomes()[0][0])
            continue
        legal = st.legal_actions()
        ranking = HeuristicAgent(st.game, seed=7).rank(st)
        assert sorted(ranking) == sorted(legal)
        assert ranking[0] == HeuristicAgent(st.game, seed=7).choose(st)
        seen_procs.add(st.frame()[0])
        st.apply_action(rng.choice(legal))
    assert len(seen_procs) > 2


@pytest.mark.parametrize("players", [2, 4])
def test_ismcts_searches_only_the_heuristics_four_favourites(players: int) -> None:
    # Issue 11: with 17-56 legal moves, 100 simulations spread over all of them are noise; the
    # root's edges are the heuristic's top 4 (width), which share every simulation.
    st = first_turn(players)
    assert len(st.legal_actions()) > 4
    top = HeuristicAgent(st.game, seed=5).rank(st)[:4]
    agent = ISMCTSAgent(st.game, simulations=24, rollout=HeuristicAgent(st.game, seed=5), seed=1)
    assert agent.width == 4
    ranked = agent.analyse(st)
    assert {r.action for r in ranked} == set(top)
    assert sum(r.visits for r in ranked) == agent.last_simulations == 24
    default = make_agent(st.game, "ismcts+heuristic")
    assert isinstance(default, ISMCTSAgent) and default.width == 4


def test_guided_is_a_search_with_a_budget_guided_by_the_heuristic() -> None:
    # Issue 36: VIAE's own search, ``guided`` (its default budget) or ``guided:<simulations>``:
    # the heuristic's whole ranking, widened progressively, with a prior.
    game = legatus.load("viae", players=3)
    agent = make_agent(game, "guided", seed=2)
    assert isinstance(agent, GuidedAgent) and agent.simulations == GuidedAgent.SIMULATIONS
    assert agent.width is None and agent.prior > 0 and agent.widening is not None
    small = make_agent(game, "guided:12", seed=2)
    assert isinstance(small, GuidedAgent) and small.simulations == 12
    st = first_turn(3)
    assert decide(small, st, random.Random(1)) in st.legal_actions()
    assert small.last_simulations == 12


def with_mandatum_progress(players: int) -> ViaeState:
    """A heuristic game's first decision whose seat has taken a city of its personal Mandatum."""
    agent = HeuristicAgent(legatus.load("viae", players=players), seed=0)
    return play_until(first_turn(players), lambda st: not st.is_chance_node()
                      and value(st, st.current_player()) > public_value(st, st.current_player()),
                      choose=lambda st, rng: agent.choose(st))


def test_the_guided_search_values_its_own_mandatum_progress_and_no_other_secret() -> None:
    # Issue 36: the searching seat's chance counts its progress towards its personal Mandatum
    # (its own secret, true in every state drawn for it); the others' are scored on what all see.
    st = with_mandatum_progress(2)
    seat = st.current_player()
    own = win_chances(st, own=seat)
    assert own[seat] > win_chances(st)[seat]
    rng = random.Random(3)
    for _ in range(5):
        drawn = st.resample(seat, rng)
        assert isinstance(drawn, ViaeState)
        assert win_chances(drawn, own=seat) == pytest.approx(own)


def test_the_guided_search_shares_its_own_budget_among_worker_processes(agents: list[object]) -> None:
    """Issue 35's search on every core for VIAE's strongest agent (the hint's): ``guided@2`` splits
    its 150 simulations, the root ranked once here; a seed gives the same analysis, and the hint on
    2 workers is ``guided@2``."""
    game = legatus.load("viae", players=3)
    shared = make_agent(game, "guided@2", seed=5)
    agents.append(shared)
    assert shared.parallel.specs == ["guided:75", "guided:75"]  # type: ignore[attr-defined]
    state = first_turn(3, seed=2)
    runs = []
    for _ in range(2):
        agent = make_agent(game, "guided:24@2", seed=5)
        agents.append(agent)
        runs.append([(str(r.action), r.visits, r.mean) for r in agent.analyse(state.clone())])  # type: ignore[attr-defined]
    assert runs[0] == runs[1] and sum(visits for _, visits, _ in runs[0]) == 24
    assert hint_spec(game, 2) == "guided@2" and hint_spec(game, 1) == "guided"
