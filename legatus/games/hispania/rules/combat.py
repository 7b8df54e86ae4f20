"""Combat values (rulebook "BESIEGE", Hispanic attacks, Remember; R4, R12, R13).

- A *group* (R4) is a maximal set of linked cities holding discs of one side: garrisons of
  any colour, or revolts (pirate seas count).
- Roman value: die + denarii + the general's own garrisons (the purple Legio Hispana counts
  as everyone's) in the groups connected to him, +1 for a praetor when he or such a group of
  his is in or linked to a city of his Roman province; ×2 for each other general linked to
  the enemy's space.
- Hispanic value of an army: Hispanic die (+ the Hispano's denarii) + the revolts of the
  group holding its city; ×2 for each other army linked to the enemy's space; ×2 more for the
  special army (Terror).
- A city's defence: its shield (+ the Hispano's denarii) ×2 for each army (besieged by
  Rome) or general (attacked by an army) linked to the attacker's space.
- The attacker must be strictly greater; a tie goes to the defender (R13, option ``ties``).
- Display of Power and Lethe River limit these in their scenarios (:mod:`.scenarios`).

Every function returns the value and the words that explain it, for the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..pieces import HOME, PROCONSUL, PURPLE
from . import scenarios

if TYPE_CHECKING:
    from ..state import HispaniaState


def group(st: HispaniaState, start: int, garrisons: bool) -> list[int]:
    """R4: the group of garrisons (or of revolts) holding ``start``."""
    neighbours = st.board.neighbours
    holds = st.garrisons if garrisons else st.revolts
    members = [start]
    seen = {start}
    for space in members:  # grows while iterated
        for nxt in neighbours[space]:
            if nxt not in seen and holds[nxt]:
                seen.add(nxt)
                members.append(nxt)
    return members


def roman_terms(st: HispaniaState, g: int, space: int, enemy: int) -> tuple[int, bool, int]:
    """R12: general ``g`` in ``space`` against ``enemy``: his garrisons counted, whether the
    province disc counts, and how many other generals reinforce (×2 each)."""
    board = st.board
    neighbours = board.neighbours
    home = HOME[g]
    near_home = board.near_province[home] if home is not None else None
    own = 0
    bonus = False
    colours = (g, PURPLE) if g != PROCONSUL else (PURPLE,)  # the proconsul has no garrisons of his own
    if scenarios.lethe_garrisons_count(st, enemy):
        bonus = near_home is not None and space in near_home
        counted: set[int] = set()
        for city in (space, *neighbours[space]):
            if city in counted or not st.garrisons[city]:
                continue
            members = group(st, city, garrisons=True)
            counted.update(members)
            mine = sum(st.garrisons[c].count(colour) for c in members for colour in colours)
            own += mine
            if mine and near_home is not None and not bonus:
                bonus = any(c in near_home for c in members)
    allies = sum(1 for h, s in enumerate(st.general_at) if h != g and s >= 0 and s in neighbours[enemy])
    return own, bonus, allies


def roman_value(st: HispaniaState, g: int, space: int, enemy: int, die: int, denarii: int,
                die_bonus: int = 0) -> tuple[int, str]:
    """R12: the value of general ``g`` in ``space`` fighting the enemy in ``enemy``."""
    own, bonus, allies = roman_terms(st, g, space, enemy)
    value = die + die_bonus + denarii + own + bonus
    words = f"die {die}" + (f" + {die_bonus} Imperivm" if die_bonus else "")
    words += f" + {denarii} denari{'us' if denarii == 1 else 'i'} + {own} garrison{'' if own == 1 else 's'}"
    if bonus:
        words += " + 1 province"
    return _doubled(value, words, allies, "general")


def general_defence(st: HispaniaState, g: int, die: int, army_space: int) -> tuple[int, str]:
    """R19: a general attacked by an army defends with Roman die + his connected
    garrisons (+1), ×2 for each other general linked to the army's city (P9)."""
    return roman_value(st, g, st.general_at[g], army_space, die, 0)


def army_terms(st: HispaniaState, army: int, enemy: int) -> tuple[int, int, bool]:
    """R12: ``army`` against ``enemy``: the revolts of its group, the armies that reinforce it
    (×2 each), whether it is the special army (×2)."""
    city = st.army_at[army]
    revolts = sum(st.revolts[c] for c in group(st, city, garrisons=False))
    neighbours = st.board.neighbours[enemy]
    allies = sum(1 for k, s in enumerate(st.army_at) if k != army and s >= 0 and s in neighbours)
    return revolts, allies, army == st.special


def army_value(st: HispaniaState, army: int, enemy: int, die: int, bonus: int = 0) -> tuple[int, str]:
    """R12: the value of ``army`` fighting the enemy in ``enemy``."""
    if st.power:
        return die, f"die {die} (Display of Power) = {die}"
    revolts, allies, special = army_terms(st, army, enemy)
    paid = f" + {bonus} Hispano" if bonus else ""
    value, words = _doubled(die + bonus + revolts, f"die {die}{paid} + {revolts} revolt{'' if revolts == 1 else 's'}",
                            allies, "army")
    if special:
        value *= 2
        words = f"{words.rsplit(' = ', 1)[0]} ×2 special army = {value}"
    return value, words


def city_terms(st: HispaniaState, city: int, attacker: int, roman_attacker: bool) -> tuple[int, int]:
    """The shield of ``city`` and how many enemies of the attacker, linked to the attacker's
    space, double it: armies when Rome besieges, generals when an army attacks (P1)."""
    neighbours = st.board.neighbours[attacker]
    where = st.army_at if roman_attacker else st.general_at
    allies = 0 if roman_attacker and st.power else sum(1 for s in where if s >= 0 and s in neighbours)
    return st.board.number[city], allies


def city_defence(st: HispaniaState, city: int, attacker: int, roman_attacker: bool,
                 bonus: int = 0) -> tuple[int, str]:
    """The shield of ``city`` (+ the Hispano's denarii) ×2 for each reinforcement."""
    shield, allies = city_terms(st, city, attacker, roman_attacker)
    paid = f" + {bonus} Hispano" if bonus else ""
    return _doubled(shield + bonus, f"shield {shield}{paid}", allies, "army" if roman_attacker else "general")


def _doubled(value: int, words: str, reinforcements: int, kind: str) -> tuple[int, str]:
    if reinforcements:
        value <<= reinforcements
        many = "armies" if kind == "army" else "generals"
        words = f"({words}) ×{1 << reinforcements} for {reinforcements} {kind if reinforcements == 1 else many}"
    return value, f"{words} = {value}"


def attacker_wins(st: HispaniaState, attack: int, defence: int) -> bool:
    """R13: the attacker must be strictly greater, unless the option gives ties to him."""
    return attack > defence or (attack == defence and st.game.ties_to_attacker)
