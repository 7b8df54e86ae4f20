"""Terror (R27): the third army is the special army, which doubles its own value (when it
besieges, attacks or is attacked; not when it reinforces — :mod:`.combat`).

Whenever an army comes from the reserve, the special army is placed if it is the only one
left; if another one is left too, a Hispanic die 4–6 places it; if all three are left, 5–6.

Optional rule "Rome does not pay traitors" (option ``traitors``): once a game, a Roman general
linked to the special army may spend 1–3 denarii on a Hispanic die: at most the denarii
spent, the special army leaves the game and a third ordinary army takes its place; more,
and an exceptional Hispanic revolt roll follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ids import Id
from ..pieces import TITLES
from . import dice, phases

if TYPE_CHECKING:
    from ..state import HispaniaState

def place_army(st: HispaniaState, city: int) -> bool:
    """Places an army from the reserve in ``city``; True if a die must first say which one
    (a roll called from the running procedure, which resumes after it)."""
    in_reserve = [k for k, s in enumerate(st.army_at) if s == -1]
    special = st.special if st.special in in_reserve else -1
    ordinary = [k for k in in_reserve if k != st.special]
    if special >= 0 and ordinary:
        st.target = city
        st.call(Id.ROLL_SPECIAL_ARMY)
        return True
    st.put_army(special if special >= 0 else ordinary[0], city)
    return False


def put_army_of_kind(st: HispaniaState, city: int, kind: str) -> None:
    """Places the special army (``kind="special"``) or an ordinary one, as a scenario says."""
    in_reserve = [k for k, s in enumerate(st.army_at) if s == -1]
    army = st.special if kind == "special" else next(k for k in in_reserve if k != st.special)
    st.put_army(army, city)


def apply_special_die(st: HispaniaState) -> None:
    die = st.dice[1]
    ordinary = sum(1 for k, s in enumerate(st.army_at) if s == -1 and k != st.special)
    needed = 4 if ordinary == 1 else 5
    special = die >= needed
    st.put_army(st.special if special else next(k for k, s in enumerate(st.army_at) if s == -1 and k != st.special),
                st.target)
    st.log(f"Hispanic die {die} ({needed}–6 for the special army): "
           f"{'the special army' if special else 'an ordinary army'} in {st.board.names[st.target]}")
    st.end()


def special_roll_prompt(st: HispaniaState) -> str:
    return f"Roll the Hispanic die: is the army placed in {st.board.names[st.target]} the special army?"


# --- "Rome does not pay traitors" -------------------------------------------------------
def can_assassinate(st: HispaniaState, general: int) -> bool:
    if not st.game.options["traitors"] or st.traitors_used or st.special < 0:
        return False
    where = st.army_at[st.special]
    return where >= 0 and where in st.board.neighbours[st.general_at[general]]


def declare_assassination(st: HispaniaState, denarii: int) -> None:
    st.money -= denarii
    st.spent = denarii
    st.traitors_used = True
    st.log(f"The {TITLES[st.turn]} pays {denarii} denari{'us' if denarii == 1 else 'i'} to traitors "
           f"against the special army in {st.board.names[st.army_at[st.special]]}")
    st.call(Id.ROLL_ASSASSINATION)


def resolve_assassination(st: HispaniaState) -> None:
    die = st.dice[1]
    if die <= st.spent:
        st.log(f"Hispanic die {die}: the leader is dead; an ordinary army takes the special army's place")
        st.special = -1
        st.end()  # the Roman phase resumes
        return
    st.log(f"Hispanic die {die}: the attempt fails, and an exceptional revolt roll follows")
    st.goto(Id.ROLL_REVOLT)  # in the assassination's place: the Roman phase resumes after it


def assassination_roll_prompt(st: HispaniaState) -> str:
    return f"Roll the Hispanic die: {st.spent} or less and the traitors kill the special army's leader."


PROCEDURES = {
    Id.ROLL_SPECIAL_ARMY: dice.roll(phases.SPECIAL_ARMY, "an army from the reserve", special_roll_prompt,
                                    apply_special_die),
    Id.ROLL_ASSASSINATION: dice.roll(phases.ASSASSINATION, "Roman phase: assassination", assassination_roll_prompt,
                                     resolve_assassination),
}
