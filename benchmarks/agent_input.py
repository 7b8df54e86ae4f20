"""What an agent of a game with secrets is given, and what it costs: a state drawn consistent
with its seat's information, for every decision of the heuristic agents in seats 2 to 4 of
4-player VIAE games (seat1 takes the first legal action, as the browser test's person may).
Timed both ways at each decision: ``state.resample`` (the game replayed to learn what the seat
saw, then replayed again to draw it) and ``Session.seat_input`` (the seat's log read as kept,
and the state drawn last pushed on by the seat's own decisions while it alone decides).

Usage: python benchmarks/agent_input.py [--games 2] [--players 4] [--game viae]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import legatus
from legatus.core.agents import make_agent
from legatus.core.session import Session


def play(name: str, players: int, seed: int) -> tuple[list[float], list[float], int]:
    """One game: the seconds of each agent decision's input, resampled and from the session, and
    how many could be pushed on (the seat alone decided since) rather than drawn anew."""
    game = legatus.load(name, players=players) if name == "viae" else legatus.load(name)
    session = Session(game.new_initial_state(), seed=seed)
    agents = {s: make_agent(game, "heuristic", seed + s) for s in range(1, game.num_players())}
    rng = random.Random(seed)
    old: list[float] = []
    new: list[float] = []
    pushed = 0
    while not session.state.is_terminal():
        state = session.state
        seat = state.current_player()
        if state.is_chance_node():
            session.roll()
            continue
        if seat not in agents:
            session.apply(state.legal_actions()[0])
            continue
        start = time.perf_counter()
        state.resample(seat, rng)
        old.append(time.perf_counter() - start)
        kept = session._worlds.get(seat)  # noqa: SLF001 (a benchmark looks inside)
        if kept is not None and session.seen is not None and session.seen.decided_only(seat, kept[0]):
            pushed += 1
        start = time.perf_counter()
        given = session.seat_input(rng)
        new.append(time.perf_counter() - start)
        session.apply(agents[seat].choose(given))
    return old, new, pushed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", default="viae")
    args = parser.parse_args()
    for g in range(args.games):
        old, new, pushed = play(args.game, args.players, 1000 + g)
        print(f"{args.game} game {g + 1}: {len(old)} agent decisions ({pushed} pushed on); input "
              f"resampled {sum(old):.1f} s (median {statistics.median(old) * 1000:.0f} ms), "
              f"from the session {sum(new):.1f} s (median {statistics.median(new) * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
