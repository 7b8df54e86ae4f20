"""IS-MCTS simulations per second on the games with secrets: legatus's `ISMCTSAgent` (random
rollouts to the end of the game, every legal action an edge, a new determinization a
simulation: ``state.resample``) and the anchor, OpenSpiel's Python `ISMCTSBot` (one random
rollout a leaf, `RandomRolloutEvaluator`; a new determinization a simulation:
``resample_from_infostate``, unlimited world samples) driving the same game through legatus's
OpenSpiel adapter: the same positions, the same number of simulations a decision, on one core.
The anchor pays for the adapter too: its determinization is replayed into a new adapter state
(OpenSpiel keeps its own history), its tree is keyed by information state strings, and its
rollouts apply actions through pyspiel.

The positions are decisions with a choice, spread over a seeded heuristic game: VIAE's at 4
players (``viae_agents.positions``), Hannibal's every 25th choice (``hannibal_agents.positions``).
A round searches every position once with each, interleaved; each round seeds both anew.

Usage: python benchmarks/ismcts_compare.py [--simulations 50] [--positions 3] [--rounds 5]
       [--game viae --game hannibal] [--profile]

``--profile`` then profiles one round of each case (cProfile) and prints the share of its
random rollouts, its determinizations and (OpenSpiel's) information state keys.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from typing import Any

import numpy as np
import pyspiel
from harness import Case, header, measure, report
from open_spiel.python.algorithms import ismcts, mcts

import legatus
import legatus.adapters.openspiel  # noqa: F401  (registers legatus_<game>)
from legatus.core.ismcts import ISMCTSAgent

GAMES = ("viae", "hannibal")
VIAE_PLAYERS = 4  # VIAE's default: the adapter's legatus_viae at its defaults is the same game


def positions(name: str, count: int) -> list[legatus.State]:
    if name == "viae":
        from viae_agents import positions as viae_positions

        return viae_positions(VIAE_PLAYERS, count)
    if name == "hannibal":
        from hannibal_agents import positions as hannibal_positions

        return hannibal_positions(count)
    raise SystemExit(f"unknown game '{name}': this benchmark knows {', '.join(GAMES)}")


def cases_of(name: str, count: int, simulations: int) -> tuple[Case, Case]:
    """Our search and OpenSpiel's on ``count`` positions of ``name``, as two cases."""
    ours = positions(name, count)
    spiel = pyspiel.load_game(f"legatus_{name}")
    players = ours[0].game.num_players()
    if spiel.num_players() != players:
        raise SystemExit(f"legatus_{name} has {spiel.num_players()} players, the positions {players}")
    theirs = []
    for state in ours:
        spiel_state = spiel.new_initial_state()
        for a in state.history():
            spiel_state.apply_action(int(a))
        theirs.append(spiel_state)

    def legatus_case(r: int) -> int:
        for i, state in enumerate(ours):
            agent = ISMCTSAgent(state.game, simulations=simulations, seed=r * 1000 + i)
            agent.choose(state)
            assert agent.last_simulations == simulations
        return simulations * len(ours)

    def openspiel_case(r: int) -> int:
        for i, state in enumerate(theirs):
            rng = np.random.RandomState(r * 1000 + i)
            bot = ismcts.ISMCTSBot(spiel, mcts.RandomRolloutEvaluator(1, rng), 1.4, simulations, random_state=rng)
            bot.step(state)
        return simulations * len(theirs)

    return legatus_case, openspiel_case


PARTS = {"random rollouts": ("_rollout", "evaluate"),
         "determinizations": ("resample", "resample_from_infostate"),
         "information state keys": ("get_state_key",)}
"""A search's parts, by the names of the functions that do them (legatus's, OpenSpiel's)."""


def profile(case: Case, title: str) -> None:
    """Where a round of ``case`` spends its time (cProfile): each of PARTS's share of it, the
    outermost function of the part's names counted, and the functions with the most time."""
    profiler = cProfile.Profile()
    profiler.runcall(case, 0)
    stats = pstats.Stats(profiler)
    entries: dict[tuple[str, int, str], tuple[Any, ...]] = stats.stats  # type: ignore[attr-defined]
    total = max(entry[3] for entry in entries.values())
    shares = []
    for part, names in PARTS.items():
        times = [entry[3] for (_, _, name), entry in entries.items() if name in names]
        if times:
            shares.append(f"{part} {max(times) / total:.0%}")
    print(f"\nprofile, {title}: {total:.1f} s under the profiler; {', '.join(shares)}")
    stats.sort_stats("cumulative").print_stats(12)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", action="append", choices=GAMES, help="a game to search (repeatable; default both)")
    parser.add_argument("--profile", action="store_true", help="then profile one round of each case")
    args = parser.parse_args()
    names = args.game or list(GAMES)
    header(__doc__, {"simulations a decision": args.simulations, "positions": args.positions,
                     "rounds": args.rounds, "games": ", ".join(names)})
    cases: dict[str, Case] = {}
    for name in names:
        cases[f"{name}: legatus ISMCTSAgent"], cases[f"{name}: OpenSpiel ISMCTSBot via the adapter"] = \
            cases_of(name, args.positions, args.simulations)
    rates = measure(cases, args.rounds)
    for name in names:
        anchor = f"{name}: OpenSpiel ISMCTSBot via the adapter"
        report(f"IS-MCTS on {name}, random rollouts", "sims",
               {k: r for k, r in rates.items() if k.startswith(f"{name}:")}, anchor)
    if args.profile:
        for title, case in cases.items():
            profile(case, title)


if __name__ == "__main__":
    main()
