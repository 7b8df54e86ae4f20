"""The wall time of a full sweep: every one of Hispania's 243 levels, N heuristic games a
level, on the local process pool. It runs ``legatus sweep`` itself and reports the time.

Usage: python benchmarks/sweep_time.py [--games 1000] [--jobs 2] [--out sweep.jsonl]
A smaller --games gives an estimate: the time grows with the number of games.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", default="sweep-benchmark.jsonl")
    parser.add_argument("--report", default=None, help="also write the report to this folder")
    args = parser.parse_args()
    if os.path.exists(args.out):
        sys.exit(f"{args.out} exists: a resumed sweep would not measure the whole time; remove it first")
    command = [sys.executable, "-m", "legatus.cli", "sweep", "hispania", "--games", str(args.games),
               "--jobs", str(args.jobs), "--out", args.out]
    if args.report:
        command += ["--report", args.report]
    start = time.perf_counter()
    subprocess.run(command, check=True)
    elapsed = time.perf_counter() - start
    games = 243 * args.games
    print(f"243 levels × {args.games} games = {games:,} games in {elapsed / 60:.1f} min on {args.jobs} workers "
          f"({games / elapsed:,.0f} games/s)")


if __name__ == "__main__":
    main()
