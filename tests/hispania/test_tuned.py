"""The heuristic's weights tables (legatus/games/hispania/weights.py, data/weights.toml), the agent
`tuned` that reads the tuned one, and the command that tunes it
(tools/tune_hispania_heuristic.py; issue 16)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from types import ModuleType

import pytest

import legatus
from legatus.core.agents import agent_names, make_agent
from legatus.core.mcts import MCTSAgent
from legatus.core.session import sample_outcome
from legatus.games.hispania.bots import HeuristicAgent, TunedAgent
from legatus.games.hispania.weights import BASE_GAME, Weights, read_tables, table

from .helpers import ROOT, TOOLS_ENV, agent_game, tool

TOOL = ROOT / "tools" / "tune_hispania_heuristic.py"


def tune() -> ModuleType:
    return tool("tune_hispania_heuristic")


def test_the_heuristic_reads_the_hand_set_table():
    agent = make_agent(legatus.load("hispania"), "heuristic", 1)
    assert isinstance(agent, HeuristicAgent) and not isinstance(agent, TunedAgent)
    assert agent.weights == table("heuristic")
    assert table("heuristic").army == 6.0 and table("heuristic").denarius == 0.4  # the values set by hand


def test_tuned_agent_by_name_with_the_tuned_table():
    game = legatus.load("hispania")
    assert "tuned" in agent_names(game)
    agent = make_agent(game, "tuned", 1)
    assert isinstance(agent, TunedAgent) and agent.weights == table("tuned")
    tuned, hand = table("tuned").as_dict(), table("heuristic").as_dict()
    assert any(tuned[name] != hand[name] for name in BASE_GAME)  # it was tuned
    # tuned on base games: the weights of the variants' actions keep their hand-set values
    assert {k: v for k, v in tuned.items() if k not in BASE_GAME} == {k: v for k, v in hand.items()
                                                                       if k not in BASE_GAME}


def test_tuned_plays_legal_games_the_same_for_a_seed():
    first = agent_game("tuned", 5)
    assert first == agent_game("tuned", 5)
    assert any(a.startswith(("besiege", "attack")) for a in first)


def test_search_with_tuned_rollouts():
    agent = make_agent(legatus.load("hispania"), "mcts+tuned:8", 3)
    assert isinstance(agent, MCTSAgent) and isinstance(agent.rollout, TunedAgent)
    assert len(agent_game("mcts+tuned:4", 2)) > 20


def test_weights_given_to_the_agent_change_its_choices():
    game = legatus.load("hispania", level="easiest")
    stingy = Weights(**{**table("heuristic").as_dict(), "denarius": 50.0})  # no buy is worth a denarius
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node() or state.phase_name() != "Roman phase":
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else
                           make_agent(game, "heuristic", 0).choose(state))
    assert str(HeuristicAgent(game, 0, weights=stingy).choose(state)) == "end"


@pytest.mark.parametrize("text, words", [
    ("[t]\ndenarius = 0.4\n", r"weights table \[t\]: missing \['revolt'"),
    ("[t]\n" + "".join(f"{w} = 1.0\n" for w in Weights.names()) + "bribe = 1.0\n", r"unknown \['bribe'\]"),
])
def test_a_bad_weights_table_is_named(text, words):
    with pytest.raises(ValueError, match=words):
        read_tables(text)


def test_unknown_table():
    with pytest.raises(KeyError, match="no weights table 'best'; tables: heuristic, tuned"):
        table("best")


def test_the_cross_entropy_step_refits_to_the_best():
    step = tune().step
    drawn, mu, sigma = step([0.0, 0.0], [1.0, 1.0], random.Random(1), 4, 2)
    assert len(drawn) == 4 and mu == [0.0, 0.0]
    scored = [(5, [1.0, 2.0]), (1, [9.0, 9.0]), (4, [3.0, 2.0]), (0, [-9.0, -9.0])]
    _, mu, sigma = step(mu, sigma, random.Random(1), 4, 2, scored)
    assert mu == [2.0, 2.0]  # the mean of the two best
    assert sigma == [1.0, 0.5]  # halfway between the old spread (1) and theirs (1 and 0), never below the floor
    _, _, narrow = step(mu, [0.0, 0.0], random.Random(1), 4, 2, [(1, [2.0, 2.0]), (1, [2.0, 2.0])])
    assert narrow == [tune().MIN_SIGMA] * 2


def test_the_table_written_reads_back():
    module = tune()
    tuned = Weights(**{**table("heuristic").as_dict(), "army": 7.25})
    tables = read_tables(module.table_text(tuned, "a note"))
    assert tables == {"heuristic": table("heuristic"), "tuned": tuned}


def test_the_tuning_command_logs_each_iteration_and_resumes(tmp_path):
    out, picture = tmp_path / "tune.jsonl", tmp_path / "curve.png"
    command = [sys.executable, str(TOOL), "--population", "2", "--elites", "1", "--games", "2",
               "--levels", "easiest", "--jobs", "1", "--out", str(out)]
    subprocess.run([*command, "--iterations", "1"], check=True, cwd=ROOT, env=TOOLS_ENV, capture_output=True)
    done = subprocess.run([*command, "--iterations", "2", "--plot", str(picture)], check=True, cwd=ROOT,
                          env=TOOLS_ENV, capture_output=True, text=True)
    assert "1 iterations already" in done.stdout and "tuned weights:" in done.stdout
    log = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["iteration"] for r in log] == [0, 1] and all(len(r["scores"]) == 2 for r in log)
    assert all(0 <= r["heuristic"] <= r["games"] == 2 for r in log)
    assert log[1]["mu"] != log[0]["mu"] and len(log[1]["sigma"]) == len(BASE_GAME)
    assert picture.stat().st_size > 1000


def test_the_tuning_command_refuses_bad_elites(tmp_path):
    done = subprocess.run([sys.executable, str(TOOL), "--population", "2", "--elites", "3",
                           "--out", str(tmp_path / "x.jsonl")], cwd=ROOT, env=TOOLS_ENV, capture_output=True,
                          text=True)
    assert done.returncode != 0 and "--elites 3: between 1 and --population (2)" in done.stderr
