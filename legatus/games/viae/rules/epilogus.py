"""V. Epilogus (C47, V38): the Deceptio discards go back into the deck, Fortuna effects end, the
count behind the Deceptio cost starts again (V28), and the next round begins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, step

from ..ids import Id

if TYPE_CHECKING:
    from ..state import ViaeState


def run(st: ViaeState) -> None:
    """The round's last step; the next round begins with I. Fortuna."""
    st.deck = [a + b for a, b in zip(st.deck, st.discard, strict=True)]
    st.discard = [0] * len(st.discard)
    active = st.fortuna_active
    st.fortuna_discard = tuple(1 if f in active else n for f, n in enumerate(st.fortuna_discard))
    st.fortuna_active = ()
    st.played = (0,) * st.game.num_players()
    st.stip_i = 0
    st.round += 1
    st.goto(Id.ROUND_FORTUNA)


PROCEDURES: dict[int, Procedure[ViaeState]] = {Id.ROUND_EPILOGUS: step("V. Epilogus", run)}
