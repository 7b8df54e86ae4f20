"""Hispanic Phase (rulebook "Hispanic Phase"; R16, R18, R19): the revolt roll, then every
army tries to move, provinces I to VI then Ulterior and Citerior. An army blocked by a
general or a garrison attacks it and stays where it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import ROMAN_NUMERALS
from ..pieces import COLOURS, MAX_DISCS, N_ARMIES, TITLES
from . import combat, phases, turn, victory

if TYPE_CHECKING:
    from ..state import HispaniaState


def begin(st: HispaniaState) -> None:
    st.phase = phases.REVOLT_ROLL


# --- 1. Hispanic revolt (R16) -------------------------------------------------------------
def apply_revolt_roll(st: HispaniaState, roman: int, hispanic: int) -> None:
    """R16: the Roman die is the province, the Hispanic die the city."""
    board = st.board
    province = roman - 1
    city = board.city(province, hispanic)
    head = f"Roman die {ROMAN_NUMERALS[province]}, Hispanic die {hispanic} → {board.names[city]}"
    if st.garrisons[city] or st.space_general[city] >= 0:
        st.log(f"{head}: protected, nothing happens")
    elif not st.revolts[city]:
        if not victory.take_revolt(st, f"in {board.names[city]}"):
            return
        st.revolts[city] = 1
        st.log(f"{head}: revolt placed")
    elif st.armies_in_reserve() and not st.province_has_army(province):
        st.place_army(city)
        st.log(f"{head}: army placed")
    elif st.revolts[city] < MAX_DISCS:
        if not victory.take_revolt(st, f"in {board.names[city]}"):
            return
        st.revolts[city] += 1
        st.log(f"{head}: revolt added ({st.revolts[city]})")
    else:
        st.log(f"{head}: already 3 revolts, nothing happens")
    begin_moves(st)


# --- 2. Hispanic move (R18) ---------------------------------------------------------------
def begin_moves(st: HispaniaState) -> None:
    """R18: the armies move one after another, in the order of their provinces."""
    province = st.board.province
    on_board = [k for k in range(N_ARMIES) if st.army_at[k] >= 0]
    st.queue = tuple(sorted(on_board, key=lambda k: province[st.army_at[k]]))
    next_move(st)


def candidates(st: HispaniaState, army: int) -> list[int]:
    """R18: the cities an army may try to move to, the ones without revolt first."""
    board = st.board
    city = st.army_at[army]
    own = board.province[city]
    revolts = st.revolts
    options = [c for c in board.land[city] if board.province[c] == own]
    if all(revolts[c] for c in board.province_cities[own]):
        options += [c for c in board.land[city]
                    if board.province[c] != own and not st.province_has_army(board.province[c])]
    calm = [c for c in options if not revolts[c]]
    return calm or options


def next_move(st: HispaniaState) -> None:
    """Moves the queued armies until one needs a die, or ends the turn."""
    while st.queue:
        army, st.queue = st.queue[0], st.queue[1:]
        options = candidates(st, army)
        where = st.board.names[st.army_at[army]]
        if not options:
            st.log(f"The army in {where} has nowhere to move")
            continue
        if len(options) > 1:
            st.army = army
            st.candidates = tuple(options)
            st.phase = phases.ARMY_ROLL
            return
        st.log(f"The army in {where} has one way: {st.board.names[options[0]]}")
        if try_move(st, army, options[0]):
            return
    turn.end_turn(st)


def apply_army_roll(st: HispaniaState, die: int) -> None:
    """R18: several candidates: the one whose shield is closest to the Hispanic die;
    equidistant ones → no move."""
    number = st.board.number
    army, options = st.army, st.candidates
    distance = [abs(number[c] - die) for c in options]
    nearest = min(distance)
    where = st.board.names[st.army_at[army]]
    choices = ", ".join(st.board.names[c] for c in options)
    if distance.count(nearest) > 1:
        st.log(f"The army in {where} (to {choices}): Hispanic die {die} is equidistant, it does not move")
    else:
        dest = options[distance.index(nearest)]
        st.log(f"The army in {where} (to {choices}): Hispanic die {die} → {st.board.names[dest]}")
        if try_move(st, army, dest):
            return
    next_move(st)


def try_move(st: HispaniaState, army: int, dest: int) -> bool:
    """The army moves into ``dest``, or attacks what blocks it there (R19). True when the
    game waits for dice or is over."""
    st.army = army
    st.target = dest
    if st.space_general[dest] >= 0:
        st.phase = phases.DEFEND_GENERAL_ROLL
        return True
    if st.garrisons[dest]:
        st.phase = phases.DEFEND_CITY_ROLL
        return True
    if not st.revolts[dest]:
        if not victory.take_revolt(st, f"as the army enters {st.board.names[dest]}"):
            return True
        st.revolts[dest] = 1
        st.move_army(army, dest)
        st.log(f"The army enters {st.board.names[dest]}: revolt placed")
    else:
        st.move_army(army, dest)
        st.log(f"The army enters {st.board.names[dest]}")
    return False


# --- Hispanic attacks (R19) ---------------------------------------------------------------
def resolve_attack_on_general(st: HispaniaState, roman: int, hispanic: int) -> None:
    """R19: the army against the general's value; a defeated general leaves the board."""
    army, city = st.army, st.target
    g = st.space_general[city]
    attack, attack_words = combat.army_value(st, army, city, hispanic)
    defence, defence_words = combat.general_defence(st, g, roman, st.army_at[army])
    won = combat.attacker_wins(st, attack, defence)
    result = f"the {TITLES[g]} is defeated and leaves the board" if won else "the army is held"
    st.log(f"The army attacks the {TITLES[g]} in {st.board.names[city]}: Hispanic die {hispanic}, Roman die "
           f"{ROMAN_NUMERALS[roman - 1]}: {attack_words} against {defence_words}: {result}")
    if won:
        st.remove_general(g)
    next_move(st)


def resolve_attack_on_city(st: HispaniaState, hispanic: int) -> None:
    """R19: the army against the shield; the top garrison goes back to its owner."""
    army, city = st.army, st.target
    attack, attack_words = combat.army_value(st, army, city, hispanic)
    defence, defence_words = combat.city_defence(st, city, st.army_at[army], roman_attacker=False)
    won = combat.attacker_wins(st, attack, defence)
    top = st.garrisons[city][-1]
    result = f"the {COLOURS[top]} garrison is removed" if won else "the garrison holds"
    st.log(f"The army attacks the garrison of {st.board.names[city]}: Hispanic die {hispanic}: {attack_words} "
           f"against {defence_words}: {result}")
    if won:
        st.garrisons[city] = st.garrisons[city][:-1]
        st.garrison_reserve[top] += 1
    next_move(st)

