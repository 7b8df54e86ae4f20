"""The cost of a seat's own log (legatus/core/seatlog.py) in the games with secrets: replaying a
game's actions with and without keeping every seat's lines (what a server pays per action and
when it rebuilds a game), and reading a seat's log at the end of the game, kept versus replayed
from the start with ``secrecy.seat_actions`` (what the terminal did before, for every screen).

Usage: python benchmarks/seat_log.py [--actions 600] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random

from harness import Case, header, measure, report, sample

import legatus
from legatus.core.seatlog import SeatLog
from legatus.core.secrecy import seat_actions

GAMES = ("viae", "hannibal")


def random_history(name: str, actions: int) -> list[int]:
    """The first ``actions`` actions of a seeded random game (fewer if it ends)."""
    rng = random.Random(1)
    state = legatus.load(name).new_initial_state()
    while not state.is_terminal() and len(state.history()) < actions:
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    return [int(a) for a in state.history()]


def replay(name: str, history: list[int], logged: bool) -> Case:
    game = legatus.load(name)

    def case(r: int) -> int:
        state = game.new_initial_state()
        log = SeatLog(state)
        for action in history:
            before = state.clone() if logged else state
            state.apply_action(action)
            if logged:
                log.add(before, action, state)  # as a session keeps it: the explaining lines (issue 32)
        return len(history)

    return case


def read(name: str, history: list[int], kept: bool) -> Case:
    state = legatus.load(name).new_initial_state()
    for action in history:
        state.apply_action(action)
    log = SeatLog(state)

    def case(r: int) -> int:
        for _ in range(10):
            if kept:
                log.lines(0)
            else:
                seat_actions(state, 0)
        return 10

    return case


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=600, help="actions of each game's random history")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    header(__doc__, {"actions": args.actions, "rounds": args.rounds})
    for name in GAMES:
        history = random_history(name, args.actions)
        applied: dict[str, Case] = {f"{name}: replay": replay(name, history, False),
                                    f"{name}: replay + seat log": replay(name, history, True)}
        report(f"{name}, {len(history)} actions, {legatus.load(name).num_players()} seats: applying",
               "actions", measure(applied, args.rounds), f"{name}: replay")
        reads: dict[str, Case] = {f"{name}: seat_actions (replayed)": read(name, history, False),
                                  f"{name}: seat log lines (kept)": read(name, history, True)}
        report(f"{name}: a seat's whole log, at the end", "reads", measure(reads, args.rounds),
               f"{name}: seat_actions (replayed)")


if __name__ == "__main__":
    main()
