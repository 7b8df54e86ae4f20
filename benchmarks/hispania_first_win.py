"""Where a clairvoyant won, can a real agent win? Hispania's hardest level (issue 36 point 3).

The clairvoyant's wins (its results file, from benchmarks/hispania_agents.py) say which games'
dice leave a win open. Each real agent (one that sees no die ahead) plays each of those games
again, on the same setup and dice, ``--tries`` times, each try with another seed of its own (try
0 is the agent's game in hispania_agents.py). Every win is printed and its record written to
--records (replay it with `legatus replay`): a real agent's win at that level. The share of
tries won is a real agent's chance on dice known to be winnable, chosen by the clairvoyant: not
the level's win rate, which hispania_agents.py measures.

Usage: nice -n 19 python benchmarks/hispania_first_win.py
       [--results benchmarks/results/hispania-clairvoyant400.jsonl] [--level hardest]
       [--agents heuristic tuned mcts+heuristic:48] [--tries 10] [--first-try 0] [--seed 1]
       [--records DIR]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from hispania_agents import CLAIRVOYANT, load, percent, play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=Path("benchmarks/results/hispania-clairvoyant400.jsonl"),
                        help="the clairvoyant's results (hispania_agents.py's --out)")
    parser.add_argument("--level", default="hardest")
    parser.add_argument("--agents", nargs="+", default=["heuristic", "tuned", "mcts+heuristic:48"])
    parser.add_argument("--tries", type=int, default=10, help="games an agent plays on each won game's dice")
    parser.add_argument("--first-try", type=int, default=0,
                        help="the first try's number (try 0 is the agent's game in the results files)")
    parser.add_argument("--seed", type=int, default=1, help="the run seed of the results file")
    parser.add_argument("--records", type=Path, default=Path("first-wins"), help="where the won games' records go")
    args = parser.parse_args()
    if not args.results.exists():
        parser.error(f"--results {args.results}: no such results file")
    won = sorted(i for (agent, level, i), r in load(args.results).items()
                 if agent.startswith(CLAIRVOYANT) and level == args.level and r["won"])
    print(f"{len(won)} games the clairvoyant won at {args.level}: {won}", flush=True)
    print("\n| agent | games | tries each | won | share of tries (95% interval) | CPU s |")
    print("|---|---|---|---|---|---|")
    for agent in args.agents:
        wins = tries = 0
        cpu = 0.0
        for index in won:
            for attempt in range(args.first_try, args.first_try + args.tries):
                r = play(agent, args.level, args.seed, index, attempt=attempt, record=True)
                tries += 1
                cpu += r["cpu"]
                if r["won"]:
                    wins += 1
                    args.records.mkdir(parents=True, exist_ok=True)
                    path = args.records / f"{args.level}-{index}-{agent.replace(':', '-')}-{attempt}.json"
                    path.write_text(json.dumps(r["record"]) + "\n")
                    print(f"  {agent} won game {index}, try {attempt}: {path}", flush=True)
        print(f"| `{agent}` | {len(won)} | {args.tries} | {wins} | {percent(wins, tries)} | {cpu:.0f} |", flush=True)


if __name__ == "__main__":
    main()
