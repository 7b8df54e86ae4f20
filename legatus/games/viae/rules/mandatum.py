"""Mandatum (C48, V39, V40): a region is conquered when every city in it is controlled; a public
card goes to the player whose Conquer takes the last city, a personal one to its holder, whoever
conquered. Completing the ``mandatum_to_end``-th card makes this the last round (C49, V2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure
from legatus.core.tuples import put

from ..ids import Id

if TYPE_CHECKING:
    from ..state import ViaeState


def conquered(st: ViaeState, region: int) -> bool:
    return all(st.control[c] >= 0 for c in st.game.board.region_cities[region])


def is_true(st: ViaeState, card: int) -> bool:
    return all(conquered(st, r) for r in st.game.cards.mandatum[card].regions)


def check(st: ViaeState, conqueror: int) -> None:
    """After a conquest: public cards go to the conqueror; each holder of a personal card that
    came true places it face up (``complete Mxx``, its one legal action: the reveal is public)."""
    for card in [m for m in st.public if is_true(st, m)]:
        st.public = tuple(m for m in st.public if m != card)
        st.completed = put(st.completed, card, conqueror)
    for i, card in reversed(list(enumerate(st.personal))):
        if card >= 0 and st.completed[card] < 0 and is_true(st, card):
            st.call(Id.CLAIM, i // 2, card)
    end_check(st)


def end_check(st: ViaeState) -> None:
    need = st.game.options["mandatum_to_end"]
    if any(st.completed.count(s) >= need for s in range(st.game.num_players())):
        st.last_round = 1  # C49, V2


def claim_legal(st: ViaeState) -> tuple[int, ...]:
    return (st.game.notation.base["complete"] + st.frame()[2],)


def apply_claim(st: ViaeState, action: int) -> None:
    _, seat, card = st.frame()
    st.completed = put(st.completed, card, seat)
    end_check(st)
    st.end()


def bonus(st: ViaeState, seat: int) -> int:
    if seat not in st.completed:  # most of a game: none yet
        return 0
    cards = st.game.cards.mandatum
    return sum(cards[m].bonus for m, who in enumerate(st.completed) if who == seat)


PROCEDURES: dict[int, Procedure[ViaeState]] = {
    Id.CLAIM: Procedure("Mandatum", lambda st: st.frame()[1],
                        lambda st: f"{st.game.seats[st.frame()[1]]}: place your completed Mandatum face up.",
                        claim_legal, apply_claim, hides_legal=True),  # the personal Mandatum cards
}
