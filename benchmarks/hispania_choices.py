"""Does one Roman agent choose better than another, decision by decision? Far cheaper than whole
games: at the same Roman decisions (those of hispania_headroom.py), both agents choose; where
they differ, both choices are played on the same fresh futures (other dice than either agent
saw: the `--agent` plays --horizon actions, then the value model, as a search's simulation
does), and the challenger's gain is the difference of the two win chances. Where they agree,
the gain is 0. The mean gain a decision, with its standard error, says whether whole games
are worth playing to settle it (benchmarks/hispania_agents.py).

The futures are valued as the searches value theirs, so a search that chooses on many of them
is measured on its own terms: a gain here is a better choice by that yardstick, which whole
games must confirm.

Usage: python benchmarks/hispania_choices.py [--level default] [--positions 60] [--futures 400]
       [--baseline mcts+heuristic:48] [--challenger flat+heuristic:400] [--agent heuristic]
       [--width 4] [--own-dice]
"""

from __future__ import annotations

import argparse
import statistics
import time

from hispania_headroom import future, positions

import legatus
from legatus.core.actions import Action
from legatus.core.agents import Agent, make_agent
from legatus.core.flat import FlatAgent
from legatus.core.mcts import MCTSAgent
from legatus.games.hispania.bots import HeuristicAgent
from legatus.games.hispania.state import HispaniaState

FRESH = 10 ** 6  # the measuring futures' seeds start here, far from the few that hispania_headroom uses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="default")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--futures", type=int, default=400)
    parser.add_argument("--horizon", type=int, default=40)
    parser.add_argument("--baseline", default="mcts+heuristic:48")
    parser.add_argument("--challenger", default="flat+heuristic:400")
    parser.add_argument("--agent", default="heuristic", help="plays the games the decisions come from, and the futures")
    parser.add_argument("--width", type=int, default=None,
                        help="the challenger search's candidates (its rollout agent's favourites), instead of its 4")
    parser.add_argument("--own-dice", action="store_true",
                        help="a flat challenger plays each candidate on its own dice (not the same k-th futures)")
    args = parser.parse_args()
    start = time.process_time()
    game = legatus.load("hispania", level=args.level)
    player = make_agent(game, args.agent, 2)
    assert isinstance(player, HeuristicAgent)
    baseline, challenger = make_agent(game, args.baseline, 11), make_agent(game, args.challenger, 11)
    if args.width is not None:
        if not isinstance(challenger, MCTSAgent) or challenger.width is None:
            parser.error(f"--width: the challenger '{args.challenger}' is no search with a ranking rollout agent")
        challenger.width = args.width
    if args.own_dice:
        if not isinstance(challenger, FlatAgent):
            parser.error(f"--own-dice: the challenger '{args.challenger}' is no flat search")
        challenger.common_dice = False
    shown = args.challenger + (f", width {args.width}" if args.width is not None else "") + \
        (", own dice" if args.own_dice else "")
    gains, differ = [], 0
    cpu: dict[str, list[float]] = {args.baseline: [], args.challenger: []}

    def timed(spec: str, agent: Agent, state: HispaniaState) -> Action:
        begin = time.process_time()
        action = agent.choose(state.clone())
        cpu[spec].append(time.process_time() - begin)
        return action

    for j, state in enumerate(positions(args.level, args.agent, args.positions)):
        old, new = timed(args.baseline, baseline, state), timed(args.challenger, challenger, state)
        if old == new:
            gains.append(0.0)
            continue
        differ += 1
        old_values = [future(state, old, FRESH + k, player, args.horizon) for k in range(args.futures)]
        new_values = [future(state, new, FRESH + k, player, args.horizon) for k in range(args.futures)]
        diffs = [b - a for a, b in zip(old_values, new_values, strict=True)]
        gains.append(statistics.mean(diffs))
        print(f"{j}: {old} | {new}: {statistics.mean(old_values):.4f} against {statistics.mean(new_values):.4f}, "
              f"{gains[-1]:+.4f} ± {statistics.stdev(diffs) / args.futures ** 0.5:.4f}", flush=True)
    mean, error = statistics.mean(gains), statistics.stdev(gains) / len(gains) ** 0.5
    print(f"{args.level}, {len(gains)} decisions ({differ} chosen differently), {shown} over "
          f"{args.baseline}: {100 * mean:+.2f} ± {100 * error:.2f} points of win chance a decision (mean ± its "
          f"standard error); {time.process_time() - start:.0f} CPU s")
    for spec, seconds in cpu.items():
        print(f"{spec}: CPU seconds a decision, median {statistics.median(seconds):.2f}, max {max(seconds):.2f}")


if __name__ == "__main__":
    main()
