"""Roman Phase (rulebook "Roman Phase"; R9–R15): the acting general spends his denarii on
Move (:mod:`.movement`), Garrison, Besiege and Attack, in any order, until he ends the phase
or nothing is left that he can pay for. The variants add actions of their own: building a
road (Ingenivm), moving the praetors (Imperivm, the consul), the proconsul's actions
(Proconsvl), the purple disc (Legio Hispana), paying traitors (Terror).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, step

from .. import explain
from ..board import ROMAN_NUMERALS
from ..ids import Id
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
    MAX_DISCS,
    NOT_IN_GAME,
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
from .seats import roman_seat

if TYPE_CHECKING:
    from ..board import Board
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
    actions += movement.fleet_move_ids(st, money)
    board = st.board
    revolts = st.revolts
    if can_garrison(st, g, here):
        actions.append(base[GARRISON])
    if g in st.garrisons[here]:
        actions.append(base[UNGARRISON])
    top = min(money, MAX_SPEND)
    space_army = st.space_army
    for target in board.neighbours[here]:
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


_ENDS = tuple(f"{who} ends the Roman phase" for who in CAPITALISED)

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
        st.log(_ENDS[g])
        turn.begin_hispanic_phase(st)
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
    end_if_idle(st)  # ROMAN_GOES_ON's question, asked in place: the hot path of the playouts


def goes_on(st: HispaniaState) -> None:
    """The Roman phase waits for the general, unless it is idle (:func:`end_if_idle`)."""
    st.goto(Id.ROMAN)
    end_if_idle(st)


def end_if_idle(st: HispaniaState) -> None:
    """In the Roman phase: it ends when no denarius can be spent any more, since ``end`` is
    then the only legal action and taking it is no decision (P4)."""
    if st.legal_ids() == (st.notation.base[END],):
        st.log("Nothing left to spend: the Roman phase ends")
        turn.begin_hispanic_phase(st)
        st.forget_legal()  # the Roman phase's, computed for the question


def move(st: HispaniaState, g: int, dest: int, cost: int) -> None:
    here = st.general_at[g]
    crossing = movement.crosses_lethe(st, g, here, dest, cost)
    st.put_general(g, dest)
    st.money -= cost
    st.note(_moved, g, here, dest, cost, st.turn)
    if crossing:
        st.end_lethe()


def _moved(board: Board, g: int, here: int, dest: int, cost: int, payer: int) -> str:
    paid = f" for the {TITLES[payer]}" if g != payer else ""
    return f"{CAPITALISED[g]} moves {board.names[here]} → {board.names[dest]} ({_denarii(cost)}{paid})"


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
        st.goto(Id.ROLL_ATTACK if army else Id.ROLL_BESIEGE)


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
    if won:
        st.revolts[target] -= 1
        st.revolt_reserve += 1
        if victory.check_roman_victory(st):
            return
    goes_on(st)  # (ROMAN_GOES_ON's step, run in place)


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
        goes_on(st)  # (ROMAN_GOES_ON's step, run in place)
    else:
        st.remove_general(g, DEAD if g == PROCONSUL else OFF)
        turn.begin_hispanic_phase(st)


# --- Why an action is refused in the Roman phase -------------------------------------------
def explain_roman(st: HispaniaState, a: int) -> str:
    kind, x, y, _ = st.notation.decode[a]
    return explain.roman_decision(st, kind) or _explain_action(st, kind, x, y)


def _explain_combat(st: HispaniaState, g: int, kind: int, target: int, n: int) -> str:
    board = st.board
    here = st.general_at[g]
    if here < 0:
        return f"the {TITLES[g]} is not on the board (R17)"
    if target not in board.neighbours[here]:
        return f"{explain.name(st, target)} is not linked to the {TITLES[g]}'s space (R3)"
    if kind == BESIEGE and st.space_army[target] >= 0:
        return f"{explain.name(st, target)} holds an army: attack it instead (R14)"
    if kind == BESIEGE and not st.revolts[target]:
        return f"{explain.name(st, target)} is not in revolt (R14)"
    if kind == ATTACK and st.space_army[target] < 0:
        return f"there is no army in {explain.name(st, target)} (R15)"
    return f"that costs {n} denarii and {st.money} are left (R9)"


def _explain_action(st: HispaniaState, kind: int, x: int, y: int) -> str:
    g = st.turn
    here = st.general_at[g]
    board = st.board
    if kind == MOVE:
        return movement.why_not_move(st, g, here, x, st.money)
    if kind == MOVE_OTHER:
        mover = x
        if mover != PROCONSUL and (IMPERIVM not in st.game.variants or g != CONSUL):
            return "only the consul moves the praetors, with the Imperivm variant (R23)"
        if mover == PROCONSUL and PROCONSVL not in st.game.variants:
            return "the proconsul belongs to the Proconsvl variant, which this game does not use (R24)"
        if st.general_at[mover] < 0:
            return f"the {TITLES[mover]} is not on the board (R17)"
        return movement.why_not_move(st, mover, st.general_at[mover], y, st.money)
    if kind == FLEET:
        if not st.fleets[x]:
            return f"there is no fleet in {explain.name(st, x)} (R10)"
        if st.fleets[y]:
            return f"{explain.name(st, y)} has a fleet already (R10)"
        if st.revolts[y]:
            return f"pirates hold {explain.name(st, y)} (R26)"
        cost = dict(movement.fleet_moves(st, x, 99)).get(y)
        if cost is None:
            return f"pirates block every way from {explain.name(st, x)} to {explain.name(st, y)} (R26)"
        return f"that move costs {cost} denarii and {st.money} are left (R10)"
    if kind in (GARRISON, GARRISON_PURPLE):
        if board.is_sea(here):
            return "a garrison goes in a city, and the general is at sea (R11)"
        if kind == GARRISON and not st.garrison_reserve[g]:
            return f"the {TITLES[g]} has no garrison left in his reserve (R11)"
        if kind == GARRISON_PURPLE and st.purple != g:
            return f"the Legio Hispana is not in the {TITLES[g]}'s reserve (R25)"
        if len(st.garrisons[here]) >= MAX_DISCS:
            return f"{explain.name(st, here)} holds 3 discs already (R11)"
        if st.money < 1:
            return "a garrison costs 1 denarius and none is left (R11)"
        rebels = [explain.name(st, c) for c in board.province_cities[board.province[here]] if st.revolts[c]]
        return f"{explain.name(st, here)} is a capital and its province has revolts ({', '.join(rebels)}) (R11)"
    if kind in (UNGARRISON, UNGARRISON_PURPLE):
        if st.money < 1:
            return "removing a garrison costs 1 denarius and none is left (R11)"
        if kind == UNGARRISON_PURPLE:
            return f"the Legio Hispana is not in {explain.name(st, here)} (R25)"
        return f"the {TITLES[g]} has no garrison of his in {explain.name(st, here)} (R11)"
    if kind in (BESIEGE, ATTACK):
        return _explain_combat(st, g, kind, x, y)
    if kind in (PROCONSUL_BESIEGE, PROCONSUL_ATTACK):
        return _explain_combat(st, PROCONSUL, BESIEGE if kind == PROCONSUL_BESIEGE else ATTACK, x, y)
    if kind == PROCONSUL_IN:
        if st.general_at[PROCONSUL] != NOT_IN_GAME:
            return "the proconsul is in the game already, or has died (R24)"
        return "the proconsul arrives on a fleet without a general in Mare Balearicum, for 3 denarii (R24)"
    if kind == ROAD:
        if INGENIVM not in st.game.variants:
            return "roads are built during the game with the Ingenivm variant only (R22)"
        if not st.roads_held:
            return "no road was kept back at setup (R22)"
        link = board.links[x]
        if here not in (link.a, link.b):
            return "a road is built on a link of the general's city (R22)"
        return explain.road(st, x) if st.money >= link.segments else f"it costs {link.segments} denarii (R22)"
    if kind == ASSASSINATE:
        if not st.game.options["traitors"]:
            return "paying traitors is the optional rule 'Rome does not pay traitors' (option traitors, R27)"
        if st.traitors_used:
            return "traitors can be paid once a game, and they were (R27)"
        return "the general must be linked to the special army, and pay 1-3 denarii he has (R27)"
    if kind == HAND_OVER:
        return "the consul's turn is handed over once, between two Roman players (rulebook Setup: 2 players)"
    return (f"it is the {TITLES[g]}'s Roman phase: move, fleet, garrison, remove garrison, besiege, attack or end "
            "(R10-R15)")


PROCEDURES = {
    Id.ROMAN: Procedure("Roman phase", roman_seat, prompt, legal_actions, apply_action,
                        lambda st: st.goto(Id.ROMAN_GOES_ON), explain.refusal(explain_roman)),
    Id.ROMAN_GOES_ON: step("Roman phase: anything left to spend?", goes_on),
    Id.ROLL_BESIEGE: dice.roll(phases.BESIEGE, "Roman phase: siege", siege_roll_prompt, resolve_besiege),
    Id.ROLL_ATTACK: dice.roll(phases.ATTACK, "Roman phase: attack", attack_roll_prompt, resolve_attack),
}
