"""What must hold in every Hispania position, whatever was played (rulebook "Components",
"Remember"; R20; the variants' pieces). The fuzzer checks these after every action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .pieces import DEAD, MAX_DISCS, N_REVOLTS, NOT_IN_GAME, OFF, PROCONSUL, PURPLE
from .rules import end_of_round, movement, phases
from .variants import INGENIVM, LEGIO, PIRATES, PROCONSVL, TERROR

if TYPE_CHECKING:
    from .state import HispaniaState


def violations(st: HispaniaState) -> list[str]:
    """Every broken invariant of ``st``, in words (empty when all hold)."""
    board = st.board
    names = board.names
    level = st.level
    variants = st.game.variants
    bad: list[str] = []
    on_board = sum(st.revolts)
    if on_board + st.revolt_reserve + st.time != N_REVOLTS:
        bad.append(f"revolts: {on_board} on the board + {st.revolt_reserve} in reserve + {st.time} on the time "
                   f"track != {N_REVOLTS}")
    if st.revolt_reserve < 0:
        bad.append("the revolt reserve is negative")
    years, capacity = end_of_round.track(st)
    if st.time > len(years) * capacity:
        bad.append("the time track holds more revolts than it has room for")
    for g in range(3):
        placed = sum(stack.count(g) for stack in st.garrisons)
        if placed + st.garrison_reserve[g] != level.garrisons:
            bad.append(f"general {g}: {placed} garrisons placed + {st.garrison_reserve[g]} in reserve "
                       f"!= {level.garrisons}")
    purples = sum(stack.count(PURPLE) for stack in st.garrisons)
    if LEGIO in variants:  # R25: one purple disc, on the board or in one general's reserve
        if purples + (st.purple >= 0) != 1 or purples and st.purple != -1:
            bad.append(f"the Legio Hispana is in {purples} cities and held by {st.purple}")
    elif purples or st.purple != -2:
        bad.append("a purple disc without the Legio Hispana variant")
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
        if st.lethe and c in board.north_of_durius and st.space_general[c] >= 0:
            bad.append(f"a general is north of the Durius ({names[c]}) while the Lethe road holds")
    for s in board.seas:
        if st.fleets[s] not in (0, 1):
            bad.append(f"{names[s]} holds {st.fleets[s]} fleets")
        if st.space_general[s] >= 0 and not st.fleets[s]:
            bad.append(f"the general in {names[s]} has no fleet")
        if st.garrisons[s] or st.space_army[s] >= 0:
            bad.append(f"{names[s]} holds a garrison or an army")
        if st.revolts[s] and (PIRATES not in variants or st.fleets[s] or st.revolts[s] > 1):
            bad.append(f"{names[s]} holds pirates it should not")
    if sum(st.fleets) != level.fleets:
        bad.append(f"{sum(st.fleets)} fleets on the board, the level has {level.fleets}")
    for k, s in enumerate(st.army_at):
        if s >= 0 and st.space_army[s] != k:
            bad.append(f"army {k} and its space disagree")
    if st.special >= 0 and TERROR not in variants:
        bad.append("a special army without the Terror variant")
    for g, s in enumerate(st.general_at):
        if s >= 0 and st.space_general[s] != g:
            bad.append(f"general {g} and his space disagree")
        if g < PROCONSUL and s < OFF:
            bad.append(f"general {g} has left the game")
    proconsul = st.general_at[PROCONSUL]
    if PROCONSVL not in variants and proconsul != NOT_IN_GAME:
        bad.append("a proconsul without the Proconsvl variant")
    if proconsul == OFF:
        bad.append("the proconsul is off the board: he dies instead")
    if st.phase != phases.OVER and proconsul == DEAD and st.space_general.count(PROCONSUL):
        bad.append("the dead proconsul is on the board")
    placed_roads = sum(st.roads) - sum(link.road for link in board.links)
    if placed_roads + st.roads_held > level.roads:
        bad.append(f"{placed_roads} roads placed and {st.roads_held} kept back: more than the level's {level.roads}")
    if st._steps != movement.road_steps(board, st.roads):
        bad.append("the path search's steps are not those of the roads built (a road placed without place_road)")
    if st.roads_held and INGENIVM not in variants:
        bad.append("roads kept back without the Ingenivm variant")
    if sum(1 for s in st.space_army if s >= 0) != sum(1 for s in st.army_at if s >= 0):
        bad.append("a space holds an army that is not on the board")
    if sum(1 for s in st.space_general if s >= 0) != sum(1 for s in st.general_at if s >= 0):
        bad.append("a space holds a general who is not on the board")
    provinces = [board.province[s] for s in st.army_at if s >= 0]
    if len(provinces) != len(set(provinces)):
        bad.append("a province holds two armies")
    if st.money < 0 or st.hispano_money < 0:
        bad.append("negative denarii")
    if st.phase != phases.OVER and not st.legal_actions():
        bad.append(f"no legal action in {st.phase_name()}")
    if (st.phase == phases.OVER) != (st.winner is not None):
        bad.append("the game is over without a winner, or has a winner and goes on")
    return bad
