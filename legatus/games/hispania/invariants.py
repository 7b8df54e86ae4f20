"""What must hold in every Hispania position, whatever was played (rulebook "Components",
"Remember"; R20). The fuzzer checks these after every action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .pieces import MAX_DISCS, N_REVOLTS
from .rules import phases

if TYPE_CHECKING:
    from .state import HispaniaState


def violations(st: HispaniaState) -> list[str]:
    """Every broken invariant of ``st``, in words (empty when all hold)."""
    board = st.board
    names = board.names
    level = st.level
    bad: list[str] = []
    on_board = sum(st.revolts)
    if on_board + st.revolt_reserve + st.time != N_REVOLTS:
        bad.append(f"revolts: {on_board} on the board + {st.revolt_reserve} in reserve + {st.time} on the time "
                   f"track != {N_REVOLTS}")
    if st.revolt_reserve < 0:
        bad.append("the revolt reserve is negative")
    for g in range(3):
        placed = sum(stack.count(g) for stack in st.garrisons)
        if placed + st.garrison_reserve[g] != level.garrisons:
            bad.append(f"general {g}: {placed} garrisons placed + {st.garrison_reserve[g]} in reserve "
                       f"!= {level.garrisons}")
    for c in board.cities:
        if st.revolts[c] + len(st.garrisons[c]) > MAX_DISCS:
            bad.append(f"{names[c]} holds more than {MAX_DISCS} discs")
        if st.revolts[c] and st.garrisons[c]:
            bad.append(f"{names[c]} holds a revolt and a garrison")
        if st.space_army[c] >= 0 and st.space_general[c] >= 0:
            bad.append(f"{names[c]} holds two meeples")
        if st.space_army[c] >= 0 and not st.revolts[c]:
            bad.append(f"the army in {names[c]} is not on a revolt")
        if st.space_general[c] >= 0 and st.revolts[c]:
            bad.append(f"the general in {names[c]} is on a revolt")
    for s in board.seas:
        if st.fleets[s] not in (0, 1):
            bad.append(f"{names[s]} holds {st.fleets[s]} fleets")
        if st.space_general[s] >= 0 and not st.fleets[s]:
            bad.append(f"the general in {names[s]} has no fleet")
        if st.garrisons[s] or st.space_army[s] >= 0:
            bad.append(f"{names[s]} holds a garrison or an army")
    if sum(st.fleets) != level.fleets:
        bad.append(f"{sum(st.fleets)} fleets on the board, the level has {level.fleets}")
    for k, s in enumerate(st.army_at):
        if s >= 0 and st.space_army[s] != k:
            bad.append(f"army {k} and its space disagree")
    for g, s in enumerate(st.general_at):
        if s >= 0 and st.space_general[s] != g:
            bad.append(f"general {g} and his space disagree")
    if sum(1 for s in st.space_army if s >= 0) != sum(1 for s in st.army_at if s >= 0):
        bad.append("a space holds an army that is not on the board")
    if sum(1 for s in st.space_general if s >= 0) != sum(1 for s in st.general_at if s >= 0):
        bad.append("a space holds a general who is not on the board")
    provinces = [board.province[s] for s in st.army_at if s >= 0]
    if len(provinces) != len(set(provinces)):
        bad.append("a province holds two armies")
    if st.money < 0:
        bad.append("negative denarii")
    if st.phase != phases.OVER and not st.legal_actions():
        bad.append(f"no legal action in {phases.NAMES[st.phase]}")
    if (st.phase == phases.OVER) != (st.winner is not None):
        bad.append("the game is over without a winner, or has a winner and goes on")
    return bad
