"""V. Epilogus (C47, V38): the Deceptio discards go back into the deck, Fortuna effects end, the
count behind the Deceptio cost starts again (V28), and the next round begins."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import ViaeState


def run(st: ViaeState) -> None:
    st.deck = [a + b for a, b in zip(st.deck, st.discard, strict=True)]
    st.discard = [0] * len(st.discard)
    for card in st.fortuna_active:
        st.fortuna_discard[card] = 1
    st.fortuna_active = []
    st.played = [0] * st.game.num_players()
    st.stip_i = 0
    st.round += 1
