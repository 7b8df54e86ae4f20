"""Hannibal: what one IS-MCTS simulation's resample costs, by replay and by redraw (issue 13).

    nice -n 10 python benchmarks/hannibal_resample.py [--positions 30] [--draws 20] [--profile]

At positions of heuristic games (every 25th real choice, as ``hannibal_agents.py`` times its
decisions), the seat to move resamples ``--draws`` times each way, interleaved so that both
see the same load: the replay of its whole history (``game.consistent_state`` over
``seat_actions``, what every simulation did before) and ``state.resample``, which redraws from
the state at hand. With ``--profile``, one decision of the default agent at the middle position
under cProfile: where its time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time

from hannibal_agents import positions

from legatus.core.agents import make_agent
from legatus.core.secrecy import seat_actions
from legatus.games.hannibal.game import HannibalGame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--draws", type=int, default=20)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    rng = random.Random(0)
    replayed: list[float] = []
    redrawn: list[float] = []
    states = positions(args.positions)
    for state in states:
        seat = state.current_player()
        for _ in range(args.draws):
            start = time.perf_counter()
            state.game.consistent_state(seat, seat_actions(state, seat), rng)
            replayed.append(time.perf_counter() - start)
            start = time.perf_counter()
            state.resample(seat, rng)
            redrawn.append(time.perf_counter() - start)
    length = statistics.median(len(s.history()) for s in states)
    print(f"# Hannibal resample: {len(states)} positions (median {length:.0f} actions in), {args.draws} draws each")
    for name, seconds in (("replay", replayed), ("redraw", redrawn)):
        print(f"  {name}: median {statistics.median(seconds) * 1000:.2f} ms, max {max(seconds) * 1000:.2f} ms")
    print(f"  redraw / replay: {sum(redrawn) / sum(replayed):.4f} of the time")
    if args.profile:
        state = states[len(states) // 2]
        agent = make_agent(state.game, HannibalGame.HINT_AGENT, seed=0)
        profile = cProfile.Profile()
        profile.enable()
        agent.choose(state)
        profile.disable()
        print(f"\n# one decision of {HannibalGame.HINT_AGENT} at {len(state.history())} actions, under cProfile")
        pstats.Stats(profile).sort_stats("cumulative").print_stats(18)


if __name__ == "__main__":
    main()
