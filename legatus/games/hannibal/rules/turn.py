"""The turn sequence (H14), the Reinforcement Phase (H15-H24) and the end of the turn (H26).

The TURN procedure is a driver: it never waits itself; each step either calls the procedure
that waits or is done at once, and ``advance`` moves on when a called procedure ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notation import CARTHAGE, ROME
from . import base, politics, strategy, victory
from .base import (
    AFRICANUS,
    AWAY,
    DEAD,
    ELECT,
    LATER,
    OFF,
    PROCONSUL,
    REINFORCE,
    RETURN,
    country_of,
    generals_at,
    other,
    province_controller,
)
from .walls import is_besieged, total

if TYPE_CHECKING:
    from ..state import HannibalState

(S_START, S_CARTHAGE, S_RETURN, S_ROME, S_AFRICANUS, S_PROCONSUL, S_REMOVE, S_CONSULS, S_DEAL, S_OPENING, S_PLAY,
 S_WINTER, S_ISOLATION, S_VICTORY, S_END) = range(15)


def _next(st: HannibalState, step: int) -> None:
    st.stack = (*st.stack[:-1], (base.TURN, step))


def advance(st: HannibalState) -> None:
    """Runs the turn's steps until one waits for a decision or a die."""
    while st.stack and st.stack[-1][0] == base.TURN:
        step = st.stack[-1][1]
        if step == S_START:
            st.hanno_counsel = 0 if st.hanno_counsel == 2 else st.hanno_counsel  # #57/#58 lapse (H26)
            st.cato_counsel = 0 if st.cato_counsel == 2 else st.cato_counsel
            _next(st, S_CARTHAGE if st.turn > 1 else S_DEAL)  # H13: no Reinforcement Phase on turn 1
            if st.turn > 1:
                st.queue = (1, 2, 3, 4)
        elif step == S_CARTHAGE:
            if not _carthage_reinforcement(st):
                _next(st, S_RETURN)
        elif step == S_RETURN:
            back = [g for g, at in enumerate(st.gen_at) if at == AWAY and return_spaces(st, g)]
            if back:
                st.call(RETURN, back[0])
                return
            _next(st, S_ROME)  # H16's ruling: one with nowhere to go stays displaced until the next phase
            st.queue = (st.game.tables.reinforcements["rome_cus"], 0)
        elif step == S_ROME:
            left, italy = st.queue
            if left and rome_reinforcement_spaces(st, left, italy):
                st.call(REINFORCE, ROME)
                return
            _next(st, S_AFRICANUS)
        elif step == S_AFRICANUS:
            _next(st, S_PROCONSUL)
            g = st.game.africanus
            if st.turn == st.game.generals[g].arrives and st.gen_at[g] == LATER:
                if africanus_spaces(st):
                    st.call(AFRICANUS)
                    return
                st.gen_at[g] = DEAD  # H19: he never enters play
        elif step == S_PROCONSUL:
            _next(st, S_REMOVE)
            if proconsul_candidates(st):
                st.call(PROCONSUL)
                return
            st.proconsul = -1
        elif step == S_REMOVE:
            remove_consuls(st)
            st.queue = (2,)
            _next(st, S_CONSULS)
        elif step == S_CONSULS:
            if st.queue[0] and consul_pool(st):
                st.queue = (st.queue[0] - 1,)
                st.call(ELECT)
                return
            _next(st, S_DEAL)
            st.queue = ()
        elif step == S_DEAL:
            _next(st, S_OPENING)
            strategy.start_deal(st)
            return
        elif step == S_OPENING:
            _next(st, S_PLAY)
            st.queue = ()
            strategy.opening(st)
            return
        elif step == S_PLAY:
            if not strategy.next_play(st):
                _next(st, S_WINTER)
                st.queue = tuple(politics.winter_forces(st))
            else:
                return
        elif step == S_WINTER:
            if st.queue:
                space, side = st.queue[0], st.queue[1]
                st.queue = st.queue[2:]
                if base.cus(st, side, space):
                    base.roll(st, politics.R_WINTER, space, side)
                    return
            else:
                _next(st, S_ISOLATION)
        elif step == S_ISOLATION:
            politics.isolation(st)
            _next(st, S_VICTORY)
        elif step == S_VICTORY:
            _next(st, S_END)
            victory.check(st)
            if not st.stack or st.stack[-1][0] != base.TURN:
                return
        elif step == S_END:
            if end_of_turn(st):
                return
        else:  # pragma: no cover - the steps above are all there are
            raise AssertionError(f"unknown turn step {step}")


def end_of_turn(st: HannibalState) -> bool:
    """H26: a Truce played this turn reshuffles the deck; then the next turn begins. True when a
    procedure was called."""
    st.naval_victory = False  # #29 lasts until the end of the turn
    st.truce = False
    st.turn += 1
    _next(st, S_START)
    if st.truce_played:
        st.truce_played = False
        st.call(base.RESHUFFLE)
        return True
    return False


# --- What a PC changes (H31, H91): a player's look one step ahead ------------------------
def pc_alone(st: HannibalState, space: int) -> bool:
    """Whether the PC that the running placement (H31) or removal (H91) would set on or take off
    ``space`` changes that marker and nothing else, bar whose play comes next: then a player's
    look at each space one step ahead (bots.py) needs no copy of the game. Not so where the
    change of hands ends the game (H110) or empties a walled city (H96), nor where the last PC
    hands on to what may change more: the end of a removal, whoever called it; the end of a
    placement, unless the next play simply begins (H28: no PCs owed for Hannibal, H43, and a
    card left to play)."""
    frame = st.stack[-1]
    if frame[0] == base.REMOVE_PC:
        return bool(frame[2] > 1)  # base.remove_pc writes the marker alone
    if frame[0] != base.PLACE_PC:
        return False
    left = frame[2]
    game, ctrl = st.game, st.ctrl
    if space in (game.rome_space, game.carthage_space) or ctrl[game.rome_space] == CARTHAGE \
            or ctrl[game.carthage_space] == ROME:
        return False
    if ctrl[space] in (ROME, CARTHAGE) and (st.inner[space] or st.ein[space] or space in st.g_in):
        return False
    return bool(left > 1 or st.stack[-2:-1] == ((base.TURN, S_PLAY),) and not st.debt and any(st.hands))


# --- H15 Carthaginian reinforcements -------------------------------------------------------
def carthage_spaces(st: HannibalState, item: int) -> list[int]:
    """Where the item's CU may go (H15, H18: never into a besieged city; the cities only while
    Carthaginian, per H15's ruling)."""
    g = st.game
    carthage, new_carthage = g.carthage_space, g.new_carthage

    def city(s: int) -> list[int]:
        return [s] if st.ctrl[s] == CARTHAGE and not st.spts[s] else []

    def with_generals(where: str | None) -> list[int]:
        return sorted({at for gi, at in enumerate(st.gen_at) if at >= 0 and g.general_side[gi] == CARTHAGE
                       and (where is None or country_of(st, at) == where) and not st.spts[at]})

    if not carthage_due(st, item):
        return []
    if item == 1:
        out = city(carthage) + with_generals("Africa")
    elif item == 2:
        out = city(carthage) + city(new_carthage) + with_generals(None)
    else:
        out = city(new_carthage) + with_generals("Spain")
    return sorted(set(out))


def carthage_due(st: HannibalState, item: int) -> bool:
    """H15: items 1 and 2 every turn; 3 while Carthage holds New Carthage, 4 while it holds Baetica."""
    g = st.game
    if item == 3:
        return st.ctrl[g.new_carthage] == CARTHAGE
    if item == 4:
        return province_controller(st, st.board.province[g.space_index("Gades")]) == CARTHAGE
    return True


def _carthage_reinforcement(st: HannibalState) -> bool:
    while st.queue:
        if carthage_spaces(st, st.queue[0]):
            st.call(REINFORCE, CARTHAGE)
            return True
        st.queue = st.queue[1:]  # no legal placement: the CU is lost (H15)
    return False


def rome_reinforcement_spaces(st: HannibalState, left: int, italy: int) -> list[int]:
    """H17: Rome or any space with a Roman General, not besieged; at least 3 of the 5 in Italy;
    with no stack of 5 anywhere, the CUs must first make one."""
    g = st.game
    spaces = {at for gi, at in enumerate(st.gen_at) if at >= 0 and g.general_side[gi] == ROME}
    if st.ctrl[g.rome_space] == ROME:
        spaces.add(g.rome_space)
    spaces = {s for s in spaces if not st.spts[s]}
    need_italy = g.tables.reinforcements["rome_cus_in_italy"] - italy
    if need_italy >= left:
        spaces = {s for s in spaces if country_of(st, s) == "Italy"}
    if max(_roman_cus(st)) < 5:
        # a space outside Italy can get only the CUs Italy does not need
        making = {s for s in spaces
                  if total(st, ROME, s) + (left if country_of(st, s) == "Italy" else left - max(0, need_italy)) >= 5}
        if making:
            spaces = making
    return sorted(spaces)


def place_reinforcement(st: HannibalState, side: int, space: int) -> None:
    st.cu[side][space] += 1
    for gi in generals_at(st, space, other(side)):  # H18: a lone enemy General is displaced
        if st.cu[other(side)][space] == 0:
            base.displace(st, gi)
    if side == CARTHAGE:
        st.queue = st.queue[1:]
    else:
        left, italy = st.queue
        st.queue = (left - 1, italy + (country_of(st, space) == "Italy"))
    st.end()


def return_spaces(st: HannibalState, g: int) -> list[int]:
    """H16: any space with Carthaginian CUs not under siege; Hanno's only in Africa, which he
    may not leave (H53, H117)."""
    restricted = st.game.generals[g].restricted_to
    return [s for s in range(st.board.n_spaces) if total(st, CARTHAGE, s) and not st.spts[s]
            and (restricted is None or country_of(st, s) == restricted)]


# --- H19-H23 Scipio Africanus, Proconsul, consuls ----------------------------------------------
def africanus_spaces(st: HannibalState) -> list[int]:
    """H19: a Roman PC in Italy or a Spanish port, without Carthaginian CUs (outside the walls)."""
    board = st.board
    return [s for s in range(board.n_spaces) if st.ctrl[s] == ROME and st.cu[CARTHAGE][s] == 0
            and (country_of(st, s) == "Italy" or country_of(st, s) == "Spain" and board.port[s] is not None)]


def place_africanus(st: HannibalState, space: int) -> None:
    g = st.game
    gi = g.africanus
    st.gen_at[gi] = space
    st.stamp[gi] = st.stamp_next
    st.stamp_next += 1
    st.cu[ROME][space] += g.tables.reinforcements["africanus_cus"]
    st.end()


def proconsul_candidates(st: HannibalState) -> list[int]:
    """H20: any Roman General on the map but Scipio Africanus (a permanent Proconsul)."""
    g = st.game
    return [gi for gi, at in enumerate(st.gen_at) if at >= 0 and g.general_side[gi] == ROME and gi != g.africanus]


def remove_consuls(st: HannibalState) -> None:
    """H21: every Roman General on the map but the Proconsul and Scipio Africanus goes back to the pool."""
    g = st.game
    for gi, at in enumerate(st.gen_at):
        if g.general_side[gi] == ROME and gi != g.africanus:
            st.consul[gi] = False
            if at >= 0 and gi != st.proconsul:
                st.gen_at[gi] = OFF


def consul_pool(st: HannibalState) -> list[int]:
    """H22's ruling: the consul-pool Generals not on the map."""
    g = st.game
    return [gi for gi, gen in enumerate(g.generals) if gen.consul_pool and st.gen_at[gi] == OFF]


def consul_spaces(st: HannibalState, gi: int) -> list[int]:
    """H23: a space with 5 or more Roman CUs; else (ruling) the largest Roman stack; else Rome.
    Fabius (H118) goes to Italy: a 5-stack there, else any Roman CUs there, else Rome."""
    g = st.game
    cus = _roman_cus(st)
    spaces = list(range(st.board.n_spaces))
    if g.generals[gi].restricted_to == "Italy":
        spaces = [s for s in spaces if country_of(st, s) == "Italy"]
        five = [s for s in spaces if cus[s] >= 5]
        return five or [s for s in spaces if cus[s]] or [g.rome_space]
    five = [s for s in spaces if cus[s] >= 5 and not is_besieged(st, s)]
    if five:
        return five
    if cus[g.rome_space] >= 5:  # inside a besieged Rome only when there is no other such space
        return [g.rome_space]
    most = max(cus)
    return [s for s in spaces if cus[s] == most] if most else [g.rome_space]


def _roman_cus(st: HannibalState) -> list[int]:
    """Roman CUs per space, inside the walls and outside."""
    return [total(st, ROME, s) for s in range(st.board.n_spaces)]


def place_consul(st: HannibalState, gi: int, space: int) -> None:
    """H23: a consul placed in a besieged Rome goes inside the walls."""
    st.gen_at[gi] = space
    if st.cu[CARTHAGE][space] and base.is_walled(st, space) and st.ctrl[space] == ROME:
        st.g_in[gi] = space
    st.consul[gi] = True
    st.stamp[gi] = st.stamp_next  # H23: a consul placed with the Proconsul commands
    st.stamp_next += 1
    for enemy in generals_at(st, space, CARTHAGE):
        if st.cu[CARTHAGE][space] == 0:
            base.displace(st, enemy)
    st.end()


def reinforce_prompt(st: HannibalState) -> str:
    side = st.stack[-1][1]
    if side == CARTHAGE:
        due = [item for item in (1, 2, 3, 4) if carthage_due(st, item)]
        return f"Carthage places reinforcement {due.index(st.queue[0]) + 1} of {len(due)} (H15), or forgoes it."
    return f"Rome places a reinforcement CU ({st.queue[0]} left, {st.queue[1]} in Italy so far; H17)."

