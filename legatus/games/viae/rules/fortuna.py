"""I. Fortuna (C19, C28, C29, V6, V38): a card on the red round spaces; its ``now`` steps resolve
when revealed, its ``round`` modifiers last until Epilogus (:mod:`..effects`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, step

from ..decks import FORTUNA
from ..effects import run
from ..ids import Id
from . import chance

if TYPE_CHECKING:
    from ..state import ViaeState


def begin(st: ViaeState) -> None:
    """The round's first step: reveal this round's card if the round space is red, then II. Ordo."""
    st.goto(Id.ROUND_ORDO)
    if st.round in st.game.fortuna_rounds:
        st.draws.append((FORTUNA, -1))
        chance.begin_draws(st)


def resolve(st: ViaeState) -> None:
    """C29: the card just drawn takes effect (a "reveal another" queues the next draw, V38), then
    the draws go on."""
    card = st.frame()[1]
    st.end()
    run(st, -1, st.game.cards.fortuna[card].effect)
    chance.settle_draws(st)


PROCEDURES: dict[int, Procedure[ViaeState]] = {
    Id.ROUND_FORTUNA: step("I. Fortuna", begin),
    Id.REVEAL: step("a Fortuna card", resolve),
}
