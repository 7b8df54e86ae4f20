"""Parallel runs: heuristic games of Hispania per second played by ``legatus.sim.runner.run``
(what ``legatus simulate`` runs) on a local process pool of 1 and of 2 workers, and the ratio.
The work runs in the workers, so the rates are on wall time (the CPU column counts only this
process, which waits): run it on an otherwise idle machine. Each pool is started and warmed
before the rounds; its start-up is reported apart, and Ray's with ``--ray``.

Usage: python benchmarks/workers.py [--games 400] [--rounds 3] [--ray]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import Executor

from harness import Case, header, measure, report

from legatus.sim.backends import make_executor
from legatus.sim.runner import Config, run

ANCHOR = "1 worker"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--ray", action="store_true", help="also 2 Ray workers (Ray started once)")
    args = parser.parse_args()
    header(__doc__, {"games a round": args.games, "rounds": args.rounds})
    config = Config.make("hispania", {}, {}, key="simulate")
    pools: dict[str, tuple[Executor, int]] = {}
    for name, backend, jobs in (("1 worker", "process", 1), ("2 workers", "process", 2),
                                *((("2 Ray workers", "ray", 2),) if args.ray else ())):
        start = time.perf_counter()
        pools[name] = make_executor(backend, jobs), jobs
        run(config, 2 * jobs, 0, pools[name][0], jobs)  # every worker started and its imports done
        print(f"start-up of {name} ({backend}): {time.perf_counter() - start:.2f} s")

    def games_on(pool: Executor, workers: int) -> Case:
        def case(r: int) -> int:
            run(config, args.games, r, pool, workers)
            return args.games

        return case

    cases = {name: games_on(*pool) for name, pool in pools.items()}
    report("legatus.sim.runner.run, heuristic Hispania games", "games", measure(cases, args.rounds), ANCHOR,
           on_cpu=False)
    for pool, _ in pools.values():
        pool.shutdown()


if __name__ == "__main__":
    main()
