"""A Hispania position as a fixed-size vector of numbers in [0, 1], for game-AI libraries
(OpenSpiel's observation tensor, PettingZoo's and Gymnasium's observations). Hispania has no
secrets: every seat gets the same vector, but for a last block saying whose seat it is.

Per space (cities, then seas): revolts/3, garrisons of each colour/3, an army, the special
army, which general (one-hot), a fleet. Per link: a road. Then the counters and where the
game waits (one-hot), and the seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .pieces import N_REVOLTS
from .rules import end_of_round, phases

if TYPE_CHECKING:
    from .state import HispaniaState

PER_SPACE = 1 + 4 + 1 + 1 + 4 + 1
GLOBALS = 13 + 8 + 12 + 6 + 3 + 5
MAX_SEATS = 4


def size(n_spaces: int, n_links: int) -> int:
    return n_spaces * PER_SPACE + n_links + GLOBALS + MAX_SEATS


def tensor(st: HispaniaState, seat: int | None) -> list[float]:
    out: list[float] = []
    for s in range(st.board.n_spaces):
        stack = st.garrisons[s]
        general = st.space_general[s]
        army = st.space_army[s]
        out += [st.revolts[s] / 3, stack.count(0) / 3, stack.count(1) / 3, stack.count(2) / 3, stack.count(3) / 3,
                float(army >= 0), float(army >= 0 and army == st.special),
                float(general == 0), float(general == 1), float(general == 2), float(general == 3),
                float(st.fleets[s])]
    out += [float(r) for r in st.roads]
    years, capacity = end_of_round.track(st)
    out += [st.money / 7, st.hispano_money / 2, st.revolt_reserve / N_REVOLTS, st.time / (len(years) * capacity),
            st.round / 11, st.armies_in_reserve() / 3, st.roads_held / 5, float(st.lethe), float(st.power),
            float(st.handed_over), *(r / 5 for r in st.garrison_reserve)]
    out += [float(st.phase == p) for p in range(8)]
    out += [float(st.phase == phases.ROLL and st.roll_for == r) for r in range(12)]
    out += [float(st.phase == phases.HISPANO and st.hispano_for == h) for h in range(6)]
    out += [float(st.turn == t) for t in range(3)]
    out += [float(st.purple == p) for p in (-2, -1, 0, 1, 2)]
    out += [float(seat == i) for i in range(MAX_SEATS)]
    return out
