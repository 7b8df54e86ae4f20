"""Ingenivm (R22): roads kept back at setup (``hold road``) are built during the game on a
link of the general's city, by the placement rules (R7), for 1 denarius a segment."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import legal_roads
from ..notation import ROAD
from ..pieces import CAPITALISED

if TYPE_CHECKING:
    from ..state import HispaniaState


def actions(st: HispaniaState, here: int) -> list[int]:
    if not st.roads_held or st.board.is_sea(here):
        return []
    base = st.notation.base[ROAD]
    links = st.board.links
    return [base + li for li in legal_roads(st.board, st.roads, st.revolts)
            if here in (links[li].a, links[li].b) and links[li].segments <= st.money]


def build(st: HispaniaState, g: int, li: int) -> None:
    link = st.board.links[li]
    st.place_road(li)
    st.roads_held -= 1
    st.money -= link.segments
    st.log(f"{CAPITALISED[g]} builds a road {st.board.names[link.a]}-{st.board.names[link.b]} "
           f"({link.segments} denari{'us' if link.segments == 1 else 'i'})")
