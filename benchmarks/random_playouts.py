"""Random-playout speed: steps per second (a step is one legal_actions() or chance_outcomes()
call, one uniform choice or one draw by the probabilities, one apply_action(); dice included;
nothing else: no invariants, no views), from the initial state to the end, on one core.

Cases, interleaved, each round the same seeded games: Hispania at a fixed level (default the
medium 6-4-3-4-2, the easiest 7-5-4-5-1 and the hardest 5-3-2-3-3), the medium level through
legatus's OpenSpiel adapter, and the anchor, OpenSpiel's C++ backgammon driven from Python
through pyspiel by the same loop. ``--game viae`` (or any registered game, repeatable) adds that
game at its default options, directly and through the adapter (``legatus_<game>`` at its
defaults: the same game).

Usage: python benchmarks/random_playouts.py [--games 200] [--rounds 5] [--game NAME]
"""

from __future__ import annotations

import argparse
import random

import pyspiel
from harness import Case, header, measure, playout, report

import legatus
import legatus.adapters.openspiel  # noqa: F401  (registers legatus_<game>)

LEVELS = {"medium": "6-4-3-4-2", "easiest": "7-5-4-5-1", "hardest": "5-3-2-3-3"}
ANCHOR = "backgammon (OpenSpiel C++)"


def games_of(new_state: object, games: int) -> Case:
    def case(r: int) -> int:
        rng = random.Random(r)
        return sum(playout(new_state(), rng) for _ in range(games))  # type: ignore[operator]

    return case


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a case plays a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", action="append", default=[], help="another legatus game to add (repeatable)")
    args = parser.parse_args()
    header(__doc__, {"games a round": args.games, "rounds": args.rounds})
    cases: dict[str, Case] = {ANCHOR: games_of(pyspiel.load_game("backgammon").new_initial_state, args.games)}
    for name, level in LEVELS.items():
        cases[f"hispania {level} ({name})"] = games_of(legatus.load("hispania", level=level).new_initial_state,
                                                      args.games)
    adapter = pyspiel.load_game("legatus_hispania(denarii=6,garrisons=4,fleets=3,roads=4,armies=2)")
    cases["hispania 6-4-3-4-2 through the adapter"] = games_of(adapter.new_initial_state, args.games)
    for name in args.game:
        cases[name] = games_of(legatus.load(name).new_initial_state, args.games)
        cases[f"{name} through the adapter"] = games_of(pyspiel.load_game(f"legatus_{name}").new_initial_state,
                                                         args.games)
    report("random playouts", "steps", measure(cases, args.rounds), ANCHOR)


if __name__ == "__main__":
    main()
