"""Who decides a Roman decision: the seat that plays the acting general (rulebook Setup: two
Roman players share the consul's turn, three each play a general)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..pieces import CONSUL

if TYPE_CHECKING:
    from ..state import HispaniaState


def roman_seat(st: HispaniaState) -> int:
    """The seat that plays the acting general (two Roman players share the consul's turn)."""
    game = st.game
    if st.actor == CONSUL:
        return game.consul_seats[st.handed_over]
    return game.praetor_seats[st.actor]
