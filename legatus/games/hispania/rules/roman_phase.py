"""Roman Phase (rulebook "Roman Phase"; R9–R15): the acting general spends his denarii on
Move (:mod:`.movement`), Garrison, Besiege and Attack, in any order, until he ends the phase
or nothing is left that he can pay for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import ROMAN_NUMERALS
from ..notation import ATTACK, BESIEGE, END, GARRISON, MAX_SPEND, MOVE, UNGARRISON
from ..pieces import CAPITALISED, COLOURS, MAX_DISCS, TITLES
from . import combat, movement, phases, turn, victory

if TYPE_CHECKING:
    from ..state import HispaniaState


def _denarii(n: int) -> str:
    return f"{n} denari{'us' if n == 1 else 'i'}"


def can_garrison(st: HispaniaState, g: int, city: int) -> bool:
    """R11: a garrison from his reserve into his city, if it has no revolt and fewer than 3
    discs; into a capital only when its whole province is free of revolt."""
    board = st.board
    if city >= board.n_cities or not st.garrison_reserve[g] or st.revolts[city]:
        return False
    if len(st.garrisons[city]) >= MAX_DISCS:
        return False
    return not board.is_capital(city) or not any(st.revolts[c] for c in board.province_cities[board.province[city]])


def legal_actions(st: HispaniaState) -> tuple[int, ...]:
    money = st.money
    notation = st.notation
    base = notation.base
    end = base[END]
    if money <= 0:
        return (end,)
    g = st.turn
    here = st.general_at[g]
    move0 = base[MOVE]
    costs = st.move_costs = movement.path_costs(st, here, money)
    space_general = st.space_general
    actions = [move0 + s for s in costs if space_general[s] < 0]
    fleets = st.fleets
    for sea in st.board.seas:
        if fleets[sea]:
            fleet_id = notation.fleet_id
            actions.extend(fleet_id[sea, dest] for dest, _ in movement.fleet_moves(st, sea, money))
    if can_garrison(st, g, here):
        actions.append(base[GARRISON])
    if g in st.garrisons[here]:
        actions.append(base[UNGARRISON])
    top = min(money, MAX_SPEND)
    space_army = st.space_army
    revolts = st.revolts
    for target in st.board.neighbours[here]:
        if space_army[target] >= 0:
            first = base[ATTACK] + target * MAX_SPEND
        elif revolts[target]:
            first = base[BESIEGE] + target * MAX_SPEND
        else:
            continue
        actions.extend(range(first, first + top))
    actions.append(end)
    return tuple(actions)


def apply(st: HispaniaState, kind: int, a: int, b: int) -> None:
    g = st.turn
    names = st.board.names
    title = CAPITALISED[g]
    if kind == MOVE:
        here = st.general_at[g]
        cost = st.move_costs[a]  # computed with the legal actions of this position
        st.put_general(g, a)
        st.money -= cost
        st.log(f"{title} moves {names[here]} → {names[a]} ({_denarii(cost)})")
    elif kind == BESIEGE or kind == ATTACK:
        st.money -= b
        st.target = a
        st.spent = b
        st.phase = phases.BESIEGE_ROLL if kind == BESIEGE else phases.ATTACK_ROLL
        verb = "besieges" if kind == BESIEGE else "attacks the army in"
        st.log(f"{title} {verb} {names[a]} with {_denarii(b)}")
        return
    elif kind == END:
        st.log(f"{title} ends the Roman phase")
        turn.end_roman_phase(st)
        return
    elif kind == GARRISON:
        here = st.general_at[g]
        st.garrisons[here] += (g,)
        st.garrison_reserve[g] -= 1
        st.money -= 1
        st.log(f"{title} places a {COLOURS[g]} garrison in {names[here]}")
        if victory.check_roman_victory(st):
            return
    elif kind == UNGARRISON:
        here = st.general_at[g]
        stack = st.garrisons[here]
        i = len(stack) - 1 - stack[::-1].index(g)
        st.garrisons[here] = stack[:i] + stack[i + 1:]
        st.garrison_reserve[g] += 1
        st.money -= 1
        st.log(f"{title} removes a {COLOURS[g]} garrison from {names[here]}")
    else:  # a fleet
        fleet_cost = dict(movement.fleet_moves(st, a, st.money))[b]
        st.fleets[a] = 0
        st.fleets[b] = 1
        aboard = st.space_general[a]
        if aboard >= 0:
            st.put_general(aboard, b)
        st.money -= fleet_cost
        carried = f" carrying the {TITLES[aboard]}" if aboard >= 0 else ""
        st.log(f"{title} moves the fleet {names[a]} → {names[b]}{carried} ({_denarii(fleet_cost)})")
    st.end_phase_if_idle()


def resolve_besiege(st: HispaniaState, die: int) -> None:
    """R14: win → one revolt disc back to the reserve; loss → nothing more."""
    g = st.turn
    here, target = st.general_at[g], st.target
    attack, attack_words = combat.roman_value(st, g, here, target, die, st.spent)
    defence, defence_words = combat.city_defence(st, target, here, roman_attacker=True)
    won = combat.attacker_wins(st, attack, defence)
    result = "a revolt removed" if won else "the siege fails"
    st.log(f"Roman die {ROMAN_NUMERALS[die - 1]}: {attack_words} against {defence_words}: {result}")
    st.phase = phases.ROMAN
    if won:
        st.revolts[target] -= 1
        st.revolt_reserve += 1
        if victory.check_roman_victory(st):
            return
    st.end_phase_if_idle()


def resolve_attack(st: HispaniaState, roman: int, hispanic: int) -> None:
    """R15: win → the army goes back to the reserve, its revolts stay; loss → the general
    leaves the board (R17) and the Roman phase ends at once."""
    g = st.turn
    here, target = st.general_at[g], st.target
    army = st.space_army[target]
    attack, attack_words = combat.roman_value(st, g, here, target, roman, st.spent)
    defence, defence_words = combat.army_value(st, army, here, hispanic)
    won = combat.attacker_wins(st, attack, defence)
    result = "the army is destroyed" if won else f"the {TITLES[g]} is defeated and leaves the board"
    st.log(f"Roman die {ROMAN_NUMERALS[roman - 1]}, Hispanic die {hispanic}: {attack_words} against "
           f"{defence_words}: {result}")
    if won:
        st.remove_army(army)
        st.phase = phases.ROMAN
        st.end_phase_if_idle()
    else:
        st.remove_general(g)
        turn.end_roman_phase(st)
