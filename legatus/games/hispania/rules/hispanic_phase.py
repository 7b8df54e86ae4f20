"""Hispanic Phase (rulebook "Hispanic Phase"; R16, R18, R19): the revolt roll, then every
army tries to move, provinces I to VI then Ulterior and Citerior. An army blocked by a
general or a garrison attacks it and stays where it is. A Hispano player may buy changes at
set moments (:mod:`.hispano`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import step

from ..board import ROMAN_NUMERALS
from ..ids import Id
from ..notation import CHOOSE, PASS
from ..pieces import COLOURS, DEAD, MAX_DISCS, OFF, PROCONSUL, PURPLE, TITLES
from . import combat, dice, hispano, legio_hispana, phases, scenarios, terror, victory

if TYPE_CHECKING:
    from ..board import Board
    from ..state import HispaniaState


def exceptional(st: HispaniaState) -> bool:
    """Whether the running revolt roll is an exceptional one, called from the Roman phase
    (Terror's traitors failed)."""
    return st.caller() == Id.ROMAN


# --- 1. Hispanic revolt (R16) -------------------------------------------------------------
def apply_revolt_roll(st: HispaniaState) -> None:
    """R16: the Roman die is the province, the Hispanic die the city."""
    board = st.board
    roman, hispanic = st.dice
    province = scenarios.revolt_province(st, roman)
    city = board.city(province, hispanic)
    roll = (roman, province, hispanic, city, exceptional(st))
    if st.garrisons[city] or st.space_general[city] >= 0:
        st.note(_revolt_roll, *roll, ": protected, nothing happens")
    elif not st.revolts[city]:
        if not victory.take_revolt(st, f"in {board.names[city]}"):
            return
        st.revolts[city] = 1
        st.note(_revolt_roll, *roll, ": revolt placed")
    elif st.armies_in_reserve() and not st.province_has_army(province):
        st.note(_revolt_roll, *roll, ": army placed")
        if terror.place_army(st, city):
            return  # the die that picks the army resumes with after_revolt
    elif st.revolts[city] < MAX_DISCS:
        if not victory.take_revolt(st, f"in {board.names[city]}"):
            return
        st.revolts[city] += 1
        st.note(_revolt_roll, *roll, f": revolt added ({st.revolts[city]})")
    else:
        st.note(_revolt_roll, *roll, ": already 3 revolts, nothing happens")
    after_revolt(st)


def _revolt_roll(board: Board, roman: int, province: int, hispanic: int, city: int, exceptional: bool,
                 result: str) -> str:
    guerilla = f" ({board.province_names[province]})" if province != roman - 1 else ""
    head = f"Roman die {ROMAN_NUMERALS[roman - 1]}{guerilla}, Hispanic die {hispanic} → {board.names[city]}"
    return f"Exceptional revolt roll: {head}{result}" if exceptional else f"{head}{result}"


def after_revolt(st: HispaniaState) -> None:
    """After the revolt roll: back to the Roman phase after an exceptional one (Terror), else
    the Hispano's first attack window, then the armies move."""
    if exceptional(st):
        st.end()  # the Roman phase resumes
    elif not hispano.offer_attacks(st, 0):
        begin_moves(st)  # (ARMIES_MOVE's step, run in place: a hop less at every turn)


# --- 2. Hispanic move (R18) ---------------------------------------------------------------
def begin_moves(st: HispaniaState) -> None:
    """R18: the armies move one after another, in the order of their provinces (P5)."""
    province = st.board.province
    on_board = [k for k, s in enumerate(st.army_at) if s >= 0]
    st.queue = tuple(sorted(on_board, key=lambda k: province[st.army_at[k]]))
    next_move(st)  # (NEXT_ARMY's step, run in place)


def candidates(st: HispaniaState, army: int) -> list[int]:
    """R18: the cities an army may try to move to, the ones without revolt first."""
    board = st.board
    city = st.army_at[army]
    own = board.province[city]
    revolts = st.revolts
    options = list(board.land_within[city])
    if all(map(revolts.__getitem__, board.province_cities[own])):
        options += [c for c in board.land[city]
                    if board.province[c] != own and not st.province_has_army(board.province[c])]
    calm = [c for c in options if not revolts[c]]
    return calm or options


def next_move(st: HispaniaState) -> None:
    """Moves the queued armies until one needs a die or a decision, or ends the moves."""
    while st.queue:
        army, st.queue = st.queue[0], st.queue[1:]
        if st.army_at[army] < 0:  # removed meanwhile
            continue
        options = candidates(st, army)
        if not options:
            st.log(f"The army in {st.board.names[st.army_at[army]]} has nowhere to move")
            continue
        st.army = army
        if len(options) > 1:
            st.candidates = tuple(options)
            if not hispano.offer_choice(st):
                st.goto(Id.ROLL_ARMY_WAY)
            return
        st.note(_one_way, st.army_at[army], options[0])
        if try_move(st, army, options[0]):
            return
    if not hispano.offer_attacks(st, 1):
        st.goto(Id.AFTER_HISPANIC_PHASE)


def _one_way(board: Board, city: int, dest: int) -> str:
    return f"The army in {board.names[city]} has one way: {board.names[dest]}"


def apply_army_roll(st: HispaniaState) -> None:
    """R18: several candidates: the one whose shield is closest to the Hispanic die;
    equidistant ones → no move."""
    die = st.dice[1]
    number = st.board.number
    army, options = st.army, st.candidates
    distance = [abs(number[c] - die) for c in options]
    nearest = min(distance)
    if distance.count(nearest) > 1:
        st.note(_army_roll, st.army_at[army], options, die, -1)
        next_move(st)  # (NEXT_ARMY's step, run in place)
        return
    dest = options[distance.index(nearest)]
    st.note(_army_roll, st.army_at[army], options, die, dest)
    go_to(st, dest)


def _army_roll(board: Board, city: int, options: tuple[int, ...], die: int, dest: int) -> str:
    """The army's way by the die (``dest`` -1: equidistant, it stays)."""
    names = board.names
    head = f"The army in {names[city]} (to {', '.join(names[c] for c in options)}): Hispanic die {die}"
    return f"{head} → {names[dest]}" if dest >= 0 else f"{head} is equidistant, it does not move"


def go_to(st: HispaniaState, dest: int) -> None:
    """The pending army tries to move to ``dest`` (chosen by the die or by the Hispano)."""
    if not try_move(st, st.army, dest):
        next_move(st)  # (NEXT_ARMY's step, run in place)


def try_move(st: HispaniaState, army: int, dest: int) -> bool:
    """The army moves into ``dest``, or attacks what blocks it there (R19). True when the
    game waits for dice or is over."""
    st.army = army
    st.target = dest
    st.bonus = 0
    if st.space_general[dest] >= 0:
        st.goto(Id.ROLL_DEFEND_GENERAL)
        return True
    if st.garrisons[dest]:
        st.goto(Id.ROLL_DEFEND_CITY)
        return True
    if not st.revolts[dest]:
        if not victory.take_revolt(st, f"as the army enters {st.board.names[dest]}"):
            return True
        st.revolts[dest] = 1
        st.move_army(army, dest)
        st.note(_enters, dest, ": revolt placed")
    else:
        st.move_army(army, dest)
        st.note(_enters, dest, "")
    return False


def _enters(board: Board, dest: int, result: str) -> str:
    return f"The army enters {board.names[dest]}{result}"


# --- Hispanic attacks (R19; Hispano's purchase 5) -----------------------------------------
def hispano_attack(st: HispaniaState, army: int, target: int, denarii: int) -> None:
    st.army = army
    st.target = target
    st.bonus = denarii
    st.call(Id.ROLL_DEFEND_GENERAL if st.space_general[target] >= 0 else Id.ROLL_DEFEND_CITY)


def resolve_attack_on_general(st: HispaniaState) -> None:
    """R19: the army against the general's value; a defeated general leaves the board (the
    proconsul dies)."""
    roman, hispanic = st.dice
    army, city = st.army, st.target
    g = st.space_general[city]
    attack, attack_words = combat.army_value(st, army, city, hispanic, st.bonus)
    defence, defence_words = combat.general_defence(st, g, roman, st.army_at[army])
    won = combat.attacker_wins(st, attack, defence)
    fate = "dies" if g == PROCONSUL else "is defeated and leaves the board"
    result = f"the {TITLES[g]} {fate}" if won else "the army is held"
    st.log(f"The army in {st.board.names[st.army_at[army]]} attacks the {TITLES[g]} in {st.board.names[city]}: "
           f"Hispanic die {hispanic}, Roman die {ROMAN_NUMERALS[roman - 1]}: {attack_words} against "
           f"{defence_words}: {result}")
    if won:
        st.remove_general(g, DEAD if g == PROCONSUL else OFF)
    _after_attack(st)


def resolve_attack_on_city(st: HispaniaState) -> None:
    """R19: the army against the shield; the top garrison goes back to its owner (the Legio
    Hispana to the consul)."""
    hispanic = st.dice[1]
    army, city = st.army, st.target
    attack, attack_words = combat.army_value(st, army, city, hispanic, st.bonus)
    defence, defence_words = combat.city_defence(st, city, st.army_at[army], roman_attacker=False)
    won = combat.attacker_wins(st, attack, defence)
    top = st.garrisons[city][-1]
    result = f"the {COLOURS[top]} garrison is removed" if won else "the garrison holds"
    st.log(f"The army in {st.board.names[st.army_at[army]]} attacks the garrison of {st.board.names[city]}: "
           f"Hispanic die {hispanic}: {attack_words} against {defence_words}: {result}")
    if won:
        st.garrisons[city] = st.garrisons[city][:-1]
        if top == PURPLE:
            legio_hispana.lost(st)
        else:
            st.garrison_reserve[top] += 1
    _after_attack(st)


def _after_attack(st: HispaniaState) -> None:
    if st.caller() == Id.ASK_ATTACKS:
        st.end()  # the Hispano's attack window resumes
    else:
        st.goto(Id.NEXT_ARMY)


# --- Prompts of the rolls -----------------------------------------------------------------
def revolt_roll_prompt(st: HispaniaState) -> str:
    return "Hispanic revolt: roll the Roman die (province) and the Hispanic die (city)."


def army_roll_prompt(st: HispaniaState) -> str:
    board = st.board
    options = ", ".join(f"{board.names[c]} ({board.number[c]})" for c in st.candidates)
    return f"The army in {board.names[st.army_at[st.army]]} may move to {options}: roll the Hispanic die."


def defend_general_roll_prompt(st: HispaniaState) -> str:
    names = st.board.names
    g = st.space_general[st.target]
    return (f"The army in {names[st.army_at[st.army]]} attacks the {TITLES[g]} in {names[st.target]}: "
            "roll the Roman die (for him) and the Hispanic die (for the army).")


def defend_city_roll_prompt(st: HispaniaState) -> str:
    names = st.board.names
    return (f"The army in {names[st.army_at[st.army]]} attacks the garrison of {names[st.target]}: "
            "roll the Hispanic die.")


# --- The Hispano's purchases in this phase (R28): an army's way, his attacks ---------------
def choose_prompt(st: HispaniaState) -> str:
    names = st.board.names
    options = ", ".join(names[c] for c in st.candidates)
    return (f"The army in {names[st.army_at[st.army]]} may move to {options}: the Hispano may pay 1 to choose, "
            f"or pass and roll {hispano.purse(st)}.")


def choose_actions(st: HispaniaState) -> tuple[int, ...]:
    return tuple(st.notation.base[CHOOSE] + c for c in st.candidates) + hispano.pass_only(st)


def apply_choose(st: HispaniaState, action: int) -> None:
    kind, city, _, _ = st.notation.decode[action]
    if kind == PASS:
        st.goto(Id.ROLL_ARMY_WAY)
        return
    names = st.board.names
    hispano.spend(st, 1, f"to send the army in {names[st.army_at[st.army]]} to {names[city]}")
    go_to(st, city)


def attacks_prompt(st: HispaniaState) -> str:
    when = "before" if st.window == 0 else "after"
    return f"Hispanic phase, {when} the armies move: the Hispano may attack with an army, or pass {hispano.purse(st)}."


def attacks_actions(st: HispaniaState) -> tuple[int, ...]:
    return tuple(hispano.attack_actions(st)) + hispano.pass_only(st)


def apply_attacks(st: HispaniaState, action: int) -> None:
    kind, target, source, denarii = st.notation.decode[action]
    if kind == PASS:
        end_attacks(st, st.window)
        return
    names = st.board.names
    hispano.spend(st, denarii, f"for the army in {names[source]} to attack {names[target]}")
    hispano_attack(st, st.space_army[source], target, denarii)


def end_attacks(st: HispaniaState, window: int) -> None:
    """The Hispano's attack window closes: the Hispanic phase goes on."""
    st.goto(Id.ARMIES_MOVE if window == 0 else Id.AFTER_HISPANIC_PHASE)


def after_hispano_attack(st: HispaniaState) -> None:
    """One of the Hispano's attacks is resolved (its window resumes): the same window stays
    open while he can pay."""
    window = st.window
    if not hispano.offer_attacks(st, window):
        end_attacks(st, window)


PROCEDURES = {
    Id.ARMIES_MOVE: step("Hispanic phase: the armies move", begin_moves),
    Id.NEXT_ARMY: step("Hispanic phase: the next army moves", next_move),
    Id.ROLL_REVOLT: dice.roll(phases.REVOLT, "Hispanic phase: revolt", revolt_roll_prompt, apply_revolt_roll,
                              resume=after_revolt),
    Id.ASK_ATTACKS: hispano.ask("the Hispano: attacks", attacks_prompt, attacks_actions, apply_attacks,
                                after_hispano_attack),
    Id.ASK_CHOOSE: hispano.ask("the Hispano: an army's way", choose_prompt, choose_actions, apply_choose),
    Id.ROLL_ARMY_WAY: dice.roll(phases.ARMY_WAY, "Hispanic phase: army move", army_roll_prompt, apply_army_roll),
    Id.ROLL_DEFEND_GENERAL: dice.roll(phases.DEFEND_GENERAL, "Hispanic phase: attack on a general",
                                      defend_general_roll_prompt, resolve_attack_on_general),
    Id.ROLL_DEFEND_CITY: dice.roll(phases.DEFEND_CITY, "Hispanic phase: attack on a city", defend_city_roll_prompt,
                                   resolve_attack_on_city),
}
