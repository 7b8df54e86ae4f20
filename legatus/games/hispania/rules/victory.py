"""A Game of Hispania: how the game ends (R20, R21).

Romans win at once with garrisons in the six capitals and no revolt in Ulterior or
Citerior. The Hispanic side wins at once when a revolt must be placed and none is left in
the reserve, or when the time track is full (:mod:`.end_of_round`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import CITERIOR, ULTERIOR
from . import phases

if TYPE_CHECKING:
    from ..state import HispaniaState

ROME, HISPANIA = "rome", "hispania"


def is_roman_victory(st: HispaniaState) -> bool:
    """R20: garrisons in the six capitals and no revolt in the Roman provinces."""
    board = st.board
    garrisons = st.garrisons
    revolts = st.revolts
    return all(garrisons[c] for c in board.capitals) and not any(
        revolts[c] for p in (ULTERIOR, CITERIOR) for c in board.province_cities[p]
    )


def check_roman_victory(st: HispaniaState) -> bool:
    """Ends the game if the Romans have won; called after each change that could make them
    win (a garrison placed, a revolt removed)."""
    if st.phase != phases.OVER and is_roman_victory(st):
        end_game(st, ROME, "garrisons hold the six capitals and no revolt is left in Ulterior or Citerior",
                 OUTCOMES["capitals"])
        return True
    return False


OUTCOMES = {"capitals": "six capitals", "revolts": "revolts ran out", "time": "time ran out"}


def end_game(st: HispaniaState, winner: str, reason: str, outcome: str) -> None:
    st.stop()
    st.winner = winner
    st.reason = reason
    st.outcome = outcome
    st.log(f"{'Roman' if winner == ROME else 'Hispanic'} victory: {reason}")


def take_revolt(st: HispaniaState, why: str) -> bool:
    """Takes a revolt from the reserve for ``why``; if none is left the Hispanic side wins
    (R20) and False is returned."""
    if st.revolt_reserve == 0:
        end_game(st, HISPANIA, f"a revolt must be placed ({why}) and the reserve is empty", OUTCOMES["revolts"])
        return False
    st.revolt_reserve -= 1
    return True
