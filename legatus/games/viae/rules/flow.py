"""How to Play › Gameplay Overview (C27): the round driver. The bottom procedure of the stack;
each time a phase's procedures end it runs the next step (:func:`advance`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import ProcedureError

from . import agere, end, epilogus, fortuna, ordo, phases, setup, stipendium

if TYPE_CHECKING:
    from ..state import ViaeState


def advance(st: ViaeState) -> None:
    """Run the round until a seat or chance must act."""
    while True:
        step = st.step
        if step == phases.S_ORDER:
            st.step = phases.S_DEAL
            st.call(phases.ORDER)
            return
        if step == phases.S_DEAL:
            st.step = phases.S_PLACE
            setup.deal(st)
            return
        if step == phases.S_PLACE:
            waiting = [s for s in st.order if not st.started[s]]
            if waiting:
                st.call(phases.START, waiting[0])
                return
            st.step = phases.S_FORTUNA
        elif step == phases.S_FORTUNA:  # I. Fortuna
            st.step = phases.S_ORDO
            if fortuna.begin(st):
                return
        elif step == phases.S_ORDO:  # II. Ordo
            st.step = phases.S_STIPENDIUM
            if ordo.begin(st):
                return
        elif step == phases.S_STIPENDIUM:  # III. Stipendium
            if stipendium.next_choice(st):
                return
            st.step = phases.S_AGERE
            st.turn_i = 0
            if stipendium.draw(st):
                return
        elif step == phases.S_AGERE:  # IV. Agere
            if st.turn_i < len(st.order):
                agere.begin_turn(st)
                return
            st.step = phases.S_EPILOGUS
        else:  # V. Epilogus, or the end (C49, C51, V41)
            if st.last_round or st.round >= st.game.tracks.rounds:
                end.finish(st)
                return
            epilogus.run(st)
            st.step = phases.S_FORTUNA


def flow_player(st: ViaeState) -> int:
    raise ProcedureError("the round driver never waits: a phase left no procedure running")
