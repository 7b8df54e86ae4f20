"""What every benchmark shares: cases interleaved and repeated, medians and spreads, CPU time
beside wall time, and the anchor's ratio in the same run.

On a machine shared with other work, wall time measures the neighbours as much as the code;
the process's CPU time does not. Each case does a fixed piece of work a round; the rounds run
the cases in turn (A B C, A B C, …) so that a slow spell of the machine falls on all of them.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from legatus.core.session import draw

Case = Callable[[int], int]
"""One round of a case: given the round's number (a seed), does its work; returns the units done."""


@dataclass
class Rates:
    """The rates of one case, a value a round: units per wall second and per CPU second."""

    name: str
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def median(self, cpu: bool = True) -> float:
        return statistics.median(self.cpu if cpu else self.wall)

    def spread(self, cpu: bool = True) -> float:
        """Half the range of the rounds, as a share of the median."""
        values = self.cpu if cpu else self.wall
        return (max(values) - min(values)) / 2 / statistics.median(values)


def measure(cases: dict[str, Case], rounds: int) -> dict[str, Rates]:
    """Runs every case once a round, interleaved (each round in a new order), ``rounds`` times."""
    rates = {name: Rates(name) for name in cases}
    order = list(cases)
    shuffle = random.Random(0)
    for r in range(rounds):
        shuffle.shuffle(order)
        for name in order:
            wall, cpu = time.perf_counter(), time.process_time()
            units = cases[name](r)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            rates[name].wall.append(units / wall)
            rates[name].cpu.append(units / max(cpu, 1e-9))
    return rates


def report(title: str, unit: str, rates: dict[str, Rates], anchor: str | None = None, on_cpu: bool = True) -> None:
    """A table: each case's median rate (CPU time, then wall time) with its spread, and its ratio
    to ``anchor`` (on CPU time; on wall time where the work runs in other processes)."""
    print(f"\n{title}")
    width = max(len(n) for n in rates)
    print(f"  {'case':<{width}}  {unit + '/CPU s':>14} {'±':>5}  {unit + '/wall s':>14} {'±':>5}"
          + ("  ratio" if anchor else ""))
    base = rates[anchor].median(on_cpu) if anchor else 0.0
    for name, r in rates.items():
        ratio = f"  {r.median(on_cpu) / base:5.2f}" if anchor else ""
        print(f"  {name:<{width}}  {r.median():>14,.0f} {r.spread():>5.0%}  {r.median(False):>14,.0f} "
              f"{r.spread(False):>5.0%}{ratio}")


def header(what: str, settings: dict[str, Any]) -> None:
    print(what.strip())
    print(f"CPython {platform.python_version()} on {platform.machine()}; "
          + ", ".join(f"{k} {v}" for k, v in settings.items()))
    print("medians of the rounds, ± half their range")


sample = draw
"""A chance outcome by its probability: the same draw for legatus and OpenSpiel states."""


def playout(state: Any, rng: random.Random) -> int:
    """Plays ``state`` (legatus or OpenSpiel) to the end at random; the number of steps (actions
    applied, dice included)."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps
