"""Hannibal: the strongest agent against the heuristic, by the plan fixed in advance in
docs/hannibal/agents.md (issue 36: "Fourth round" for the flat search as it first was, its
games in ``hannibal-flat256-v-heuristic.jsonl``; "Fifth round" for the search with the
heuristic's ranking that leaves the blunders out and settles near ties, in
``hannibal-flat256-fifth-v-heuristic.jsonl``; "Sixth round" for the heuristic that reacts with
the whole army under its commander, in ``hannibal-flat256-sixth-v-heuristic.jsonl``; "Seventh
round" for the same on the rules since #52's fix, stopped three times; "Eighth round" for the
heuristic whose armies winter out of enemy PCs, the default file and :data:`OUT_B`).

    nice -n 19 python benchmarks/hannibal_strongest.py play [--out FILE] [--seeds A:B] [--only pairs|balance]
    python benchmarks/hannibal_strongest.py report [--out FILE ...]

``play`` plays the plan's games that FILE does not hold yet, in the plan's order, one process,
each game added to FILE as it ends (benchmarks/hannibal_indicators.py's ``play``: one JSON line
a game with its record, so that the indicators replay it): for each seed of :data:`SEEDS`, the
heuristic against itself (the pairs' baseline, a second a game), then :data:`SEARCH` as Carthage
against the heuristic Rome, then as Rome against the heuristic Carthage; after every seed, the
side balance under :data:`SEARCH` on both sides, seed by seed. Stop it at any time: the game
under way is lost, the rest kept. ``--seeds A:B`` plays only seeds A to B - 1, so that two
processes share the plan, each on its own file (``report`` reads every ``--out`` given, by seed,
not by line); ``--only pairs`` plays only the pairs of those seeds (the search
against the heuristic and the heuristic's self-play), ``--only balance`` only the side balance.

``report`` draws the docs' tables from FILE: each side's wins with 95% Wilson intervals; the
plan's test (:data:`SEARCH` as Carthage against :data:`BASELINE` with a one-sided exact binomial
test at each of :data:`LOOKS`, each at ``ALPHA / len(LOOKS)``, a Bonferroni correction for every
look); the sign tests of the search against the heuristic on the same seeds; the CPU seconds of
the search's decisions. The indicators of the search's games: ``hannibal_indicators.py report
FILE --search SPEC``.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from hannibal_indicators import play, read

from legatus.sim.stats import share_test, sign_test, wilson

SEARCH = "flat+heuristic:256"
"""The strongest agent of the plan (issue 36): the heuristic's four favourites on 64 futures
each, the k-th of every one on the same draw of the hidden cards and the same dice."""
HEURISTIC = "heuristic"
SEEDS = range(100)
BASELINE = 0.36  # the heuristic Carthage's win rate that the search as Carthage must beat (issue 36)
TARGET = 0.60
ALPHA = 0.01
LOOKS = (25, 50, 75, 100)  # the Carthaginian games after which the test may be read
OUT = Path(__file__).parent / "results" / "hannibal-flat256-eighth-v-heuristic.jsonl"  # the eighth round's plan
OUT_B = OUT.with_name("hannibal-flat256-eighth-v-heuristic-b.jsonl")  # its seeds 50-99, a second process


PAIRS = ((HEURISTIC, HEURISTIC), (HEURISTIC, SEARCH), (SEARCH, HEURISTIC))
"""The plan's games of one seed, in order: (Rome's spec, Carthage's spec)."""


def schedule(only: str | None = None) -> list[tuple[int, str, str]]:
    """Every game of the plan, in the order it is played: the pairs first, then the side balance
    (``only`` one of them: ``pairs``, ``balance``)."""
    pairs = [(seed, rome, carthage) for seed in SEEDS for rome, carthage in PAIRS]
    balance = [(seed, SEARCH, SEARCH) for seed in SEEDS]
    return {"pairs": pairs, "balance": balance}.get(only or "", pairs + balance)


def play_plan(out: Path, seeds: range = SEEDS, only: str | None = None) -> None:
    held = {(line["seed"], line["rome"], line["carthage"]) for line in read(out)}
    for seed, rome, carthage in schedule(only):
        if (seed, rome, carthage) in held or seed not in seeds:
            continue
        result = play(seed, rome, carthage)
        with out.open("a", encoding="utf-8") as file:
            file.write(json.dumps(result) + "\n")
        print(f"game {seed} {rome} v {carthage}: {result['winner']} ({result['reason']}), turn {result['turn']}, "
              f"{result['cpu']} CPU s", flush=True)


def interval(wins: int, n: int) -> str:
    if not n:
        return "no games"
    low, high = wilson(wins, n)
    return f"{wins}/{n} = {wins / n:.1%} [{low:.1%}, {high:.1%}]"


def won(games: dict[int, dict[str, Any]], seed: int, side: str) -> bool:
    return games[seed]["winner"] == side


def report(outs: list[Path]) -> None:
    lines = [line for out in outs for line in read(out)]
    by: dict[tuple[str, str], dict[int, dict[str, Any]]] = {}
    for line in lines:
        by.setdefault((line["rome"], line["carthage"]), {})[line["seed"]] = line
    selfplay = by.get((HEURISTIC, HEURISTIC), {})
    as_carthage = by.get((HEURISTIC, SEARCH), {})
    as_rome = by.get((SEARCH, HEURISTIC), {})
    both = by.get((SEARCH, SEARCH), {})
    print(f"# {SEARCH} against the {HEURISTIC}: {len(lines)} games in {', '.join(map(str, outs))}\n")
    print("| games | won | paired with the heuristic on the same seeds (games only one won; sign test) |")
    print("|---|---|---|")
    for side, games, base in (("carthage", as_carthage, HEURISTIC), ("rome", as_rome, HEURISTIC)):
        wins = sum(won(games, s, side) for s in games)
        paired = [s for s in games if s in selfplay]
        better = sum(won(games, s, side) and not won(selfplay, s, side) for s in paired)
        worse = sum(won(selfplay, s, side) and not won(games, s, side) for s in paired)
        base_wins = sum(won(selfplay, s, side) for s in paired)
        print(f"| {SEARCH} as {side} v the {base} | {interval(wins, len(games))} | the {base} as {side}: "
              f"{interval(base_wins, len(paired))}; the search won {better} of these seeds, the heuristic "
              f"{worse}: p = {sign_test(better, worse):.2g} |")
    searched = [*as_carthage.values(), *as_rome.values()]
    rome_wins = sum(line["winner"] == "rome" for line in searched)
    print(f"| side balance, {SEARCH} v the {HEURISTIC} (sides swapped): Rome wins | "
          f"{interval(rome_wins, len(searched))} | |")
    print(f"| side balance, {SEARCH} on both sides: Rome wins | "
          f"{interval(sum(won(both, s, 'rome') for s in both), len(both))} | |")
    print(f"| side balance, the {HEURISTIC} on both sides (the same seeds): Rome wins | "
          f"{interval(sum(won(selfplay, s, 'rome') for s in selfplay), len(selfplay))} | |")
    print(f"\nThe plan's test: {SEARCH} as Carthage wins more than {BASELINE:.0%} (one-sided exact binomial), "
          f"read after {', '.join(map(str, LOOKS))} games, each look at {ALPHA / len(LOOKS):g} "
          f"(α = {ALPHA:g} over every look); the target {TARGET:.0%}.\n")
    print("| look | Carthage's games | won | p | significant |\n|---|---|---|---|---|")
    for look in LOOKS:  # look k: seeds 0 to k - 1, the first k of the plan's order, once all are played
        if not all(s in as_carthage for s in SEEDS[:look]):
            print(f"| {look} | {sum(s in as_carthage for s in SEEDS[:look])} of seeds 0-{look - 1} | not yet | | |")
            continue
        wins = sum(won(as_carthage, s, "carthage") for s in SEEDS[:look])
        p = share_test([BASELINE] * look, wins)
        print(f"| {look} | {look} | {interval(wins, look)} | {p:.2g} | {'yes' if p < ALPHA / len(LOOKS) else 'no'} |")
    times = [t for line in searched for t in line["decision_cpu"][line["search_side"]]]
    if times:
        cpu = [line["cpu"] for line in searched]
        print(f"\n{SEARCH}: {len(times)} decisions, CPU s a decision median {statistics.median(times):.2f}, "
              f"max {max(times):.2f}; CPU s a game (both sides) median {statistics.median(cpu):.0f}, "
              f"max {max(cpu):.0f}, {sum(cpu) / 3600:.1f} CPU hours in all")


def seed_range(text: str) -> range:
    start, sep, stop = text.partition(":")
    if not (sep and start.isdigit() and stop.isdigit() and int(start) < int(stop) <= len(SEEDS)):
        raise argparse.ArgumentTypeError(f"{text!r} is not A:B with 0 <= A < B <= {len(SEEDS)}")
    return range(int(start), int(stop))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("play", "report"))
    parser.add_argument("--out", type=Path, action="append",
                        help=f"the results file (default {OUT}); with report, as many as the plan's processes "
                             f"wrote (default {OUT.name} and {OUT_B.name})")
    parser.add_argument("--seeds", type=seed_range, default=SEEDS,
                        help="with play: only these seeds, A:B for A to B - 1 (default all, 0:100)")
    parser.add_argument("--only", choices=("pairs", "balance"),
                        help="with play: only the pairs of the search and the heuristic, or only the side balance")
    args = parser.parse_args()
    if args.command == "play":
        if args.out and len(args.out) > 1:
            parser.error("play writes one results file: give --out once")
        play_plan(args.out[0] if args.out else OUT, args.seeds, args.only)
        return
    outs = args.out or [OUT, OUT_B]
    missing = [str(out) for out in outs if not out.exists()]
    if missing:
        parser.error(f"no results file {', '.join(missing)}; 'play' writes it")
    report(outs)


if __name__ == "__main__":
    main()
