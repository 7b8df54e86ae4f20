"""Scenarios (rulebook "Scenarios"): the fixed setup, and the special rules.

- *Display of Power* (The First Repression): in the combats of the consul's first turn the
  Hispanic value is the die alone: armies add no revolts and double nothing.
- *Lethe River* (The River of Oblivion): a road along the Durius keeps the Romans out of
  Gallaecia, Pallantia and Aracillum, and their garrisons out of combats fought towards
  them, until the praetor of Ulterior (Junius Brutus) crosses one of the links over the river.
- *Guerilla* (The New Empire): in the revolt roll the Roman die names Gallaecia (odd) or
  Cantabria (even).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import PROVINCE_KEYS
from ..pieces import CONSUL, ULTERIOR_PRAETOR
from ..scenarios import DISPLAY_OF_POWER, GUERILLA, LETHE
from . import terror

if TYPE_CHECKING:
    from ..state import HispaniaState

GALLAECIA, CANTABRIA = PROVINCE_KEYS.index("V"), PROVINCE_KEYS.index("VI")


def place_pieces(st: HispaniaState) -> None:
    """The scenario's fixed setup, its time track, and its special rules in force."""
    scenario = st.game.scenario
    assert scenario is not None
    names = st.board.names
    for piece in scenario.pieces:
        city = piece.city
        if piece.revolts:
            st.revolts[city] = piece.revolts
            st.revolt_reserve -= piece.revolts
        for colour in piece.garrisons:
            st.garrisons[city] += (colour,)
            st.garrison_reserve[colour] -= 1
        if piece.army:
            terror.put_army_of_kind(st, city, piece.army)
        if piece.general is not None:
            st.put_general(piece.general, city)
    st.time = scenario.time
    st.revolt_reserve -= scenario.time
    st.lethe = LETHE in scenario.rules
    st.log(f"Scenario: {scenario.title}")
    pieces = [names[p.city] for p in scenario.pieces]
    st.log(f"Setup: the scenario's pieces in {', '.join(pieces)}")


def display_of_power(st: HispaniaState) -> bool:
    """Whether this turn is the consul's first in The First Repression."""
    scenario = st.game.scenario
    return bool(scenario and DISPLAY_OF_POWER in scenario.rules and st.round == 1 and st.turn == CONSUL)


def revolt_province(st: HispaniaState, roman: int) -> int:
    """The province the Roman die names in a revolt roll (Guerilla: odd V, even VI)."""
    scenario = st.game.scenario
    if scenario and GUERILLA in scenario.rules:
        return GALLAECIA if roman % 2 else CANTABRIA
    return roman - 1


def lethe_closed(st: HispaniaState, general: int) -> frozenset[int]:
    """Lethe River: the cities a general may not enter or cross (none for Brutus, who crosses
    by land, and none once the road is gone)."""
    if not st.lethe or general == ULTERIOR_PRAETOR:
        return frozenset()
    return st.board.north_of_durius


def lethe_no_landing(st: HispaniaState, general: int) -> frozenset[int]:
    """Lethe River: Brutus reaches the north by crossing the river, not from the sea."""
    return st.board.north_of_durius if st.lethe and general == ULTERIOR_PRAETOR else frozenset()


def lethe_garrisons_count(st: HispaniaState, enemy: int) -> bool:
    """Lethe River: garrisons (and the province disc) add nothing towards the north."""
    return not (st.lethe and enemy in st.board.north_of_durius)
