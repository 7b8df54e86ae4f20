"""Sieges and the subjugation of tribes (H93-H101).

A siege needs the besieged city's defenders outside beaten or gone (:func:`can_siege`); those
inside the walls (:mod:`.walls`) do not stop it, and are lost with the city (H96). A city falls to
siege points alone (or to #18 at Tarentum).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure
from legatus.core.tuples import put

from ..ids import Id
from ..notation import CARTHAGE
from . import base, campaign
from .base import ability, other, set_control

if TYPE_CHECKING:
    from ..state import HannibalState

MIN_CUS = 3  # H94


def can_siege(st: HannibalState, side: int, space: int, g: int) -> bool:
    """H94: an activated General ending on an enemy walled city or a hostile tribe with 3 CUs;
    one attempt a site a card; no siege of a city during a Truce (H131); Rome subjugates
    Carthaginian or neutral tribes, Carthage neutral ones."""
    if space in st.sieged or base.cus(st, side, space) < MIN_CUS or base.cus(st, other(side), space):
        return False
    if base.is_walled(st, space):
        return st.ctrl[space] == other(side) and not st.truce
    return st.tribal[space] and st.ctrl[space] != side


def siege(st: HannibalState, action: int) -> None:
    """The roll, or none. #18 Traitor in Tarentum takes Tarentum without one; #54 Treachery and
    Scipio Africanus on a Force March roll twice (H95)."""
    side = st.stack[-1][1]
    space = st.gen_at[st.m_gen]
    if st.m_mode == 2:  # movement.MODE_CAMPAIGN: a siege uses up the army's movement (H52)
        campaign.finish(st, st.m_all or action == st.notation.SIMPLE["siege"])
    if action == st.notation.SIMPLE["no siege"]:
        st.end()
        return
    st.sieged.append(space)
    if st.m_bonus == 18 and st.board.names[space] == "Tarentum" and base.is_walled(st, space):
        _take(st, space, side)
        if st.stack:
            st.end()
        return
    rolls = 2 if st.m_bonus == 54 and base.is_walled(st, space) else 1
    if st.m_mode == 3 and ability(st, st.m_gen, "siege_rolls") and base.is_walled(st, space):
        rolls = ability(st, st.m_gen, "siege_rolls")
    st.goto(Id.R_SIEGE, space, side, rolls)


def modifier(st: HannibalState, space: int, side: int) -> int:
    """H95: -1 for a Carthaginian besieger (not with the siege train), -1 against Rome,
    Carthage and Syracuse, +1 Marcellus on a Campaign card; no modifier for subjugation."""
    carthaginian = st.game.tables.siege_rules["carthaginian"] if side == CARTHAGE and st.siege_train != st.m_gen else 0
    if not base.is_walled(st, space):
        return carthaginian if st.game.options["carthage_subjugation_penalty"] else 0
    mod = st.board.siege_modifier[space] + carthaginian
    if st.m_mode == 2 and st.game.abilities[st.m_gen].get("siege_when") == "campaign_event":
        mod += ability(st, st.m_gen, "siege_modifier")
    return mod


def siege_roll(st: HannibalState, die: int, space: int, side: int, rolls: int) -> None:
    points, losses = st.game.tables.siege_result(die + modifier(st, space, side))
    if base.lose_cus(st, side, space, losses) < losses and base.train_at(st, side, space):
        st.siege_train = -1  # H133: a CU for the Siege Table's losses too, the last one lost
    if base.cus(st, side, space):
        st.sby[space] = side
        st.spts[space] += points
        if st.spts[space] >= st.game.tables.siege_rules["points_to_win"]:
            _take(st, space, side)  # H96
            if not st.stack:
                return
    if rolls > 1 and st.ctrl[space] != side:
        st.goto(Id.R_SIEGE, space, side, rolls - 1)
    else:
        st.end()


def _take(st: HannibalState, space: int, side: int) -> None:
    """H96: a city flips; a tribe is gone for good and a plain PC of the subjugator stands."""
    st.spts[space] = 0
    st.sby[space] = base.NONE
    st.tribal = put(st.tribal, space, False)
    set_control(st, space, side)


# --- The table's entries of this chapter ----------------------------------------------------------
PROCEDURES: base.Entries = {
    Id.SIEGE: Procedure("siege", base.seat, lambda st: f"{base.side_word(st)} may besiege or subjugate (H94).",
                        base.words("siege", "no siege"), siege),
    Id.R_SIEGE: base.die("the Siege Table (H95)", siege_roll),
}
