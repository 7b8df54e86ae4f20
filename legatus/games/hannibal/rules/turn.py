"""The turn sequence (H14), the Reinforcement Phase (H15-H24) and the end of the turn (H26).

The turn is a chain of steps that need no decision (``S_*``, joined by goto): each either calls
the procedure that waits, or does its part at once and goes on; a called procedure's end brings
the step back (which calls again or goes on).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, roll

from ..ids import Id
from ..notation import CARTHAGE, ROME
from . import base, politics, strategy, victory
from .base import (
    AWAY,
    DEAD,
    LATER,
    OFF,
    Entries,
    auto,
    country_of,
    fixed,
    generals_at,
    other,
    province_controller,
    seat,
    spaces,
)
from .walls import is_besieged, total

if TYPE_CHECKING:
    from ..state import HannibalState


# --- H14 the sequence of play: the turn's steps -------------------------------------------------
def _start(st: HannibalState) -> None:
    st.hanno_counsel = 0 if st.hanno_counsel == 2 else st.hanno_counsel  # #57/#58 lapse (H26)
    st.cato_counsel = 0 if st.cato_counsel == 2 else st.cato_counsel
    st.goto(Id.S_CARTHAGE if st.turn > 1 else Id.S_DEAL)  # H13: no Reinforcement Phase on turn 1
    if st.turn > 1:
        st.queue = (1, 2, 3, 4)


def _carthage(st: HannibalState) -> None:
    if not _carthage_reinforcement(st):
        st.goto(Id.S_RETURN)


def _return(st: HannibalState) -> None:
    back = [g for g, at in enumerate(st.gen_at) if at == AWAY and return_spaces(st, g)]
    if back:
        st.call(Id.RETURN, back[0])
        return
    st.goto(Id.S_ROME)  # H16's ruling: one with nowhere to go stays displaced until the next phase
    st.queue = (st.game.tables.reinforcements["rome_cus"], 0)


def _rome(st: HannibalState) -> None:
    left, italy = st.queue
    if left and rome_reinforcement_spaces(st, left, italy):
        st.call(Id.REINFORCE, ROME)
    else:
        st.goto(Id.S_AFRICANUS)


def _africanus(st: HannibalState) -> None:
    st.goto(Id.S_PROCONSUL)
    g = st.game.africanus
    if st.turn == st.game.generals[g].arrives and st.gen_at[g] == LATER:
        if africanus_spaces(st):
            st.call(Id.AFRICANUS)
        else:
            st.gen_at[g] = DEAD  # H19: he never enters play


def _proconsul_step(st: HannibalState) -> None:
    st.goto(Id.S_REMOVE)
    if proconsul_candidates(st):
        st.call(Id.PROCONSUL)
    else:
        st.proconsul = -1


def _remove(st: HannibalState) -> None:
    remove_consuls(st)
    st.queue = (2,)
    st.goto(Id.S_CONSULS)


def _consuls(st: HannibalState) -> None:
    if st.queue[0] and consul_pool(st):
        st.queue = (st.queue[0] - 1,)
        st.call(Id.ELECT)
    else:
        st.goto(Id.S_DEAL)
        st.queue = ()


def _deal(st: HannibalState) -> None:
    st.goto(Id.S_OPENING)
    strategy.start_deal(st)


def _opening(st: HannibalState) -> None:
    st.goto(Id.S_PLAY)
    st.queue = ()
    strategy.opening(st)


def _play(st: HannibalState) -> None:
    if not strategy.next_play(st):
        st.goto(Id.S_WINTER)
        st.queue = tuple(politics.winter_forces(st))


def _winter(st: HannibalState) -> None:
    """H106: each force in the queue rolls, one after the other."""
    while st.queue:
        space, side = st.queue[0], st.queue[1]
        st.queue = st.queue[2:]
        if base.cus(st, side, space):
            st.call(Id.R_WINTER, space, side)
            return
    st.goto(Id.S_ISOLATION)


def _isolation(st: HannibalState) -> None:
    politics.isolation(st)
    st.goto(Id.S_VICTORY)


def _victory(st: HannibalState) -> None:
    st.goto(Id.S_END)
    victory.check(st)


def end_of_turn(st: HannibalState) -> None:
    """H26: a Truce played this turn reshuffles the deck; then the next turn begins."""
    st.naval_victory = False  # #29 lasts until the end of the turn
    st.truce = False
    st.turn += 1
    st.goto(Id.S_START)
    if st.truce_played:
        st.truce_played = False
        st.call(Id.RESHUFFLE)


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
    if frame[0] == Id.REMOVE_PC:
        return bool(frame[2] > 1)  # base.remove_pc writes the marker alone
    if frame[0] != Id.PLACE_PC:
        return False
    left = frame[2]
    game, ctrl = st.game, st.ctrl
    if space in (game.rome_space, game.carthage_space) or ctrl[game.rome_space] == CARTHAGE \
            or ctrl[game.carthage_space] == ROME:
        return False
    if ctrl[space] in (ROME, CARTHAGE) and (st.inner[space] or st.ein[space] or space in st.g_in):
        return False
    return bool(left > 1 or st.stack[-2:-1] == ((Id.S_PLAY,),) and not st.debt and any(st.hands))


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
                       and (where is None or country_of(st, at) == where) and not besieged(st, CARTHAGE, at)})

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
            st.call(Id.REINFORCE, CARTHAGE)
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
    spaces = {s for s in spaces if not besieged(st, ROME, s)}
    need_italy = g.tables.reinforcements["rome_cus_in_italy"] - italy
    if need_italy >= left:
        spaces = {s for s in spaces if country_of(st, s) == "Italy"}
    if not _roman_five(st):
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
    return [s for s in range(st.board.n_spaces) if total(st, CARTHAGE, s) and not besieged(st, CARTHAGE, s)
            and (restricted is None or country_of(st, s) == restricted)]


def besieged(st: HannibalState, side: int, space: int) -> bool:
    """Whether ``side``'s forces at ``space`` are under siege (H18, H97): siege points there, laid
    by the enemy. An army laying a siege or subjugating a tribe is not: reinforcements join it
    outside the walls, and displaced Generals return to it (H15-H18; a play review found
    Hannibal's siege of a tribe refused his reinforcement)."""
    return bool(st.spts[space]) and st.sby[space] != side


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


def _roman_five(st: HannibalState) -> bool:
    """Whether a space holds 5 Roman CUs or more, inside the walls and outside: most often one
    stack outside says so at once (``max`` in C), without the walls of every space."""
    return max(st.cu[ROME]) >= 5 or max(_roman_cus(st)) >= 5


def _roman_cus(st: HannibalState) -> list[int]:
    """Roman CUs per space, inside the walls and outside."""
    ctrl, inner = st.ctrl, st.inner  # walls.total over every space, inlined
    return [c + inner[s] if ctrl[s] == ROME else c for s, c in enumerate(st.cu[ROME])]


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



# --- The table's entries of this chapter ----------------------------------------------------------
def _elect(st: HannibalState, action: int) -> None:
    st.goto(Id.CONSUL, action - st.notation.ELECT)


def _consul(st: HannibalState, action: int) -> None:
    place_consul(st, st.stack[-1][1], action - st.notation.SPACE["consul"])


def _reinforce(st: HannibalState, action: int) -> None:
    side = st.stack[-1][1]
    if action == st.notation.SIMPLE["forgo"]:
        st.queue = st.queue[1:]
        st.end()
    else:
        place_reinforcement(st, side, action - st.notation.SPACE["reinforce"])


def _reinforce_spaces(st: HannibalState) -> list[int]:
    if st.stack[-1][1] == CARTHAGE:
        return carthage_spaces(st, st.queue[0])
    return rome_reinforcement_spaces(st, *st.queue)


def _reinforce_legal(st: HannibalState) -> tuple[int, ...]:
    return spaces("reinforce", _reinforce_spaces, ("forgo",) if st.stack[-1][1] == CARTHAGE else ())(st)


def _return_general(st: HannibalState, action: int) -> None:
    g = st.stack[-1][1]
    st.gen_at[g] = action - st.notation.SPACE["place"]
    st.stamp[g] = 0  # he joins as a subordinate unless alone
    st.end()


def _name_proconsul(st: HannibalState, action: int) -> None:
    st.proconsul = -1 if action == st.notation.SIMPLE["no proconsul"] else action - st.notation.PROCONSUL
    st.end()


def _proconsul_legal(st: HannibalState) -> tuple[int, ...]:
    n = st.notation
    return tuple(sorted([n.PROCONSUL + g for g in proconsul_candidates(st)] + [n.SIMPLE["no proconsul"]]))


def _general_name(st: HannibalState) -> str:
    return st.game.generals[st.stack[-1][1]].name


P = Procedure
PROCEDURES: Entries = {
    Id.S_START: auto("turn", _start),
    Id.S_CARTHAGE: auto("Carthaginian reinforcements", _carthage),
    Id.S_RETURN: auto("return of displaced Generals", _return),
    Id.S_ROME: auto("Roman reinforcements", _rome),
    Id.S_AFRICANUS: auto("Scipio Africanus arrives", _africanus),
    Id.S_PROCONSUL: auto("naming a Proconsul", _proconsul_step),
    Id.S_REMOVE: auto("consuls leave", _remove),
    Id.S_CONSULS: auto("consuls elected", _consuls),
    Id.S_DEAL: auto("the deal", _deal),
    Id.S_OPENING: auto("the opening", _opening),
    Id.S_PLAY: auto("the card plays", _play),
    Id.S_WINTER: auto("winter attrition", _winter),
    Id.S_ISOLATION: auto("isolation", _isolation),
    Id.S_VICTORY: auto("the Victory Check", _victory),
    Id.S_END: auto("the end of the turn", end_of_turn),
    Id.REINFORCE: P("reinforcements", seat, reinforce_prompt, _reinforce_legal, _reinforce),
    Id.RETURN: P("return of a General", fixed(CARTHAGE),
                 lambda st: f"Carthage places {_general_name(st)} with its CUs (H16).",
                 spaces("place", lambda s: return_spaces(s, s.stack[-1][1])), _return_general),
    Id.AFRICANUS: P("Scipio Africanus", fixed(ROME), lambda st: "Rome places Scipio Africanus and 5 CUs (H19).",
                    spaces("place", africanus_spaces),
                    lambda st, a: place_africanus(st, a - st.notation.SPACE["place"])),
    Id.PROCONSUL: P("proconsul", fixed(ROME), lambda st: "Rome may name a Proconsul (H20).", _proconsul_legal,
                    _name_proconsul),
    Id.ELECT: roll("election", lambda st: "Draw a consul from the pool (H22).",
                   lambda st: tuple(st.notation.ELECT + g for g in consul_pool(st)), _elect),
    Id.CONSUL: P("consul", fixed(ROME), lambda st: f"Rome places consul {_general_name(st)} (H23).",
                 spaces("consul", lambda s: consul_spaces(s, s.stack[-1][1])), _consul),
}
