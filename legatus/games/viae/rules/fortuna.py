"""I. Fortuna (C19, C28, C29, V6, V38): a card on the red round spaces; its ``now`` steps resolve
when revealed, its ``round`` modifiers last until Epilogus (:mod:`..effects`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decks import FORTUNA
from . import chance

if TYPE_CHECKING:
    from ..state import ViaeState


def begin(st: ViaeState) -> bool:
    """Reveal this round's card if the round space is red; True if a draw waits."""
    if st.round not in st.game.fortuna_rounds:
        return False
    st.draws.append((FORTUNA, -1))
    chance.begin_draws(st)
    return True


def resolve(st: ViaeState, card: int) -> None:
    """C29: the card's effect; a "reveal another" queues the next draw (V38)."""
    from ..effects import run

    run(st, -1, st.game.cards.fortuna[card].effect)
