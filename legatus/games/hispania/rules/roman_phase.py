"""Roman Phase (rulebook "Roman Phase"; R9–R15): the acting general spends his denarii on
Move (:mod:`.movement`), Garrison, Besiege and Attack, in any order, until he ends the phase
or nothing is left that he can pay for. The variants add actions of their own: building a
road (Ingenivm), moving the praetors (Imperivm, the consul), the proconsul's actions
(Proconsvl), the purple disc (Legio Hispana), paying traitors (Terror).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import ROMAN_NUMERALS
from ..notation import (
    ASSASSINATE,
    ATTACK,
    BESIEGE,
    END,
    FLEET,
    GARRISON,
    GARRISON_PURPLE,
    HAND_OVER,
    MAX_SPEND,
    MOVE,
    MOVE_OTHER,
    PROCONSUL_ATTACK,
    PROCONSUL_BESIEGE,
    PROCONSUL_IN,
    ROAD,
    UNGARRISON,
    UNGARRISON_PURPLE,
)
from ..pieces import (
    CAPITALISED,
    CITERIOR_PRAETOR,
    COLOURS,
    CONSUL,
    DEAD,
    OFF,
    PROCONSUL,
    TITLES,
    TURN_NUMERALS,
)
from ..variants import IMPERIVM, INGENIVM, LEGIO, PROCONSVL, TERROR
from . import (
    combat,
    dice,
    hispano,
    imperium,
    ingenium,
    legio_hispana,
    movement,
    phases,
    proconsul,
    terror,
    turn,
    victory,
)
from .garrison import can_garrison

if TYPE_CHECKING:
    from ..state import HispaniaState


def _denarii(n: int) -> str:
    return f"{n} denari{'us' if n == 1 else 'i'}"


def legal_actions(st: HispaniaState) -> tuple[int, ...]:
    money = st.money
    notation = st.notation
    base = notation.base
    end = base[END]
    if money <= 0:
        return (end,)
    g = st.turn
    here = st.general_at[g]
    variants = st.game.variants
    move0 = base[MOVE]
    costs = st.move_costs = movement.general_costs(st, g, here, money)
    actions = [move0 + s for s in costs]
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
    if variants:
        if INGENIVM in variants:
            actions.extend(ingenium.actions(st, here))
        if IMPERIVM in variants and g == CONSUL:
            actions.extend(imperium.praetor_move_actions(st))
        if PROCONSVL in variants:
            actions.extend(proconsul.actions(st))
        if LEGIO in variants:
            actions.extend(legio_hispana.actions(st, g, here))
        if TERROR in variants and terror.can_assassinate(st, g):
            actions.extend(range(base[ASSASSINATE], base[ASSASSINATE] + top))
    if g == CONSUL and st.game.consul_seats[0] != st.game.consul_seats[1] and not st.handed_over:
        actions.append(base[HAND_OVER])
    actions.append(end)
    return tuple(actions)


PROMPT_VERBS = ("move", "fleet", "garrison", "besiege", "attack")


def prompt(st: HispaniaState) -> str:
    """Who acts, where, with how much, and the kinds of action open now (those legal only)."""
    where = st.board.names[st.general_at[st.turn]]
    words = {w for a in st.legal_actions() for w in str(a).split()}
    verbs = [v for v in PROMPT_VERBS if v in words]
    return (f"Round {st.round}, turn {TURN_NUMERALS[st.turn]}: the {TITLES[st.actor]} in {where} has "
            f"{_denarii(st.money)}: {', '.join(verbs) + ' or ' if verbs else ''}end.")


def apply_action(st: HispaniaState, action: int) -> None:
    apply(st, *st.notation.decode[action])


def apply(st: HispaniaState, kind: int, a: int, b: int, c: int) -> None:
    g = st.turn
    names = st.board.names
    here = st.general_at[g]
    if kind == MOVE:
        move(st, g, a, st.move_costs[a])  # computed with the legal actions of this position
    elif kind in (BESIEGE, ATTACK, PROCONSUL_BESIEGE, PROCONSUL_ATTACK):
        declare(st, PROCONSUL if kind in (PROCONSUL_BESIEGE, PROCONSUL_ATTACK) else g, a, b)
        return
    elif kind == END:
        st.log(f"{CAPITALISED[g]} ends the Roman phase")
        turn.end_roman_phase(st)
        return
    elif kind == GARRISON:
        st.garrisons[here] += (g,)
        st.garrison_reserve[g] -= 1
        st.money -= 1
        st.log(f"{CAPITALISED[g]} places a {COLOURS[g]} garrison in {names[here]}")
        if victory.check_roman_victory(st):
            return
    elif kind == UNGARRISON:
        stack = st.garrisons[here]
        i = len(stack) - 1 - stack[::-1].index(g)
        st.garrisons[here] = stack[:i] + stack[i + 1:]
        st.garrison_reserve[g] += 1
        st.money -= 1
        st.log(f"{CAPITALISED[g]} removes a {COLOURS[g]} garrison from {names[here]}")
    elif kind == FLEET:
        fleet_cost = dict(movement.fleet_moves(st, a, st.money))[b]
        st.fleets[a] = 0
        st.fleets[b] = 1
        aboard = st.space_general[a]
        if aboard >= 0:
            st.put_general(aboard, b)
        st.money -= fleet_cost
        carried = f" carrying the {TITLES[aboard]}" if aboard >= 0 else ""
        st.log(f"{CAPITALISED[g]} moves the fleet {names[a]} → {names[b]}{carried} ({_denarii(fleet_cost)})")
    elif kind == MOVE_OTHER:
        mover = a
        cost = movement.general_costs(st, mover, st.general_at[mover], st.money)[b]
        move(st, mover, b, cost)
    elif kind == ROAD:
        ingenium.build(st, g, a)
    elif kind == PROCONSUL_IN:
        proconsul.call(st)
    elif kind == GARRISON_PURPLE:
        st.money -= 1
        legio_hispana.place(st, g, here)
        if victory.check_roman_victory(st):
            return
    elif kind == UNGARRISON_PURPLE:
        st.money -= 1
        legio_hispana.remove(st, g, here)
    elif kind == ASSASSINATE:
        terror.declare_assassination(st, a)
        return
    else:  # HAND_OVER
        st.handed_over = True
        st.log(f"The consul's turn goes on with the {st.game.seats[st.game.consul_seats[1]]} player")
    st.end_phase_if_idle()


def move(st: HispaniaState, g: int, dest: int, cost: int) -> None:
    here = st.general_at[g]
    crossing = movement.crosses_lethe(st, g, here, dest, cost)
    st.put_general(g, dest)
    st.money -= cost
    paid = f" for the {TITLES[st.turn]}" if g != st.turn else ""
    st.log(f"{CAPITALISED[g]} moves {st.board.names[here]} → {st.board.names[dest]} ({_denarii(cost)}{paid})")
    if crossing:
        st.end_lethe()


def declare(st: HispaniaState, fighter: int, target: int, denarii: int) -> None:
    """A siege or an attack is declared: the denarii are spent; the Hispano may reinforce."""
    st.money -= denarii
    st.fighter = fighter
    st.target = target
    st.spent = denarii
    st.bonus = 0
    army = st.space_army[target] >= 0
    verb = "attacks the army in" if army else "besieges"
    st.log(f"{CAPITALISED[fighter]} {verb} {st.board.names[target]} with {_denarii(denarii)}")
    if not hispano.offer_reinforcement(st):
        dice.roll(st, phases.ATTACK if army else phases.BESIEGE)


def siege_roll_prompt(st: HispaniaState) -> str:
    return f"Roll the Roman die for the siege of {st.board.names[st.target]}."


def attack_roll_prompt(st: HispaniaState) -> str:
    return f"Roll the Roman die and the Hispanic die for the attack on the army in {st.board.names[st.target]}."


def resolve_besiege(st: HispaniaState) -> None:
    """R14: win → one revolt disc back to the reserve; loss → nothing more."""
    g, target = st.fighter, st.target
    here = st.general_at[g]
    die = st.dice[0]
    bonus = imperium.SIEGE_BONUS if IMPERIVM in st.game.variants and g == CITERIOR_PRAETOR else 0
    attack, attack_words = combat.roman_value(st, g, here, target, die, st.spent, die_bonus=bonus)
    defence, defence_words = combat.city_defence(st, target, here, roman_attacker=True, bonus=st.bonus)
    won = combat.attacker_wins(st, attack, defence)
    result = "a revolt removed" if won else "the siege fails"
    st.log(f"Roman die {ROMAN_NUMERALS[die - 1]}: {attack_words} against {defence_words}: {result}")
    st.goto(phases.ROMAN)
    if won:
        st.revolts[target] -= 1
        st.revolt_reserve += 1
        if victory.check_roman_victory(st):
            return
    st.end_phase_if_idle()


def resolve_attack(st: HispaniaState) -> None:
    """R15: win → the army goes back to the reserve, its revolts stay; loss → the general
    leaves the board (R17; the proconsul dies) and the Roman phase ends at once."""
    g, target = st.fighter, st.target
    here = st.general_at[g]
    roman, hispanic = st.dice
    army = st.space_army[target]
    attack, attack_words = combat.roman_value(st, g, here, target, roman, st.spent)
    defence, defence_words = combat.army_value(st, army, here, hispanic, st.bonus)
    won = combat.attacker_wins(st, attack, defence)
    fate = "dies" if g == PROCONSUL else "is defeated and leaves the board"
    result = "the army is destroyed" if won else f"the {TITLES[g]} {fate}"
    st.log(f"Roman die {ROMAN_NUMERALS[roman - 1]}, Hispanic die {hispanic}: {attack_words} against "
           f"{defence_words}: {result}")
    if won:
        st.remove_army(army)
        st.goto(phases.ROMAN)
        st.end_phase_if_idle()
    else:
        st.remove_general(g, DEAD if g == PROCONSUL else OFF)
        turn.end_roman_phase(st)

