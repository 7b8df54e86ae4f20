"""VIAE's procedures: every place the game waits, with who decides, its prompt, its legal
actions and its handler (the stack: :mod:`legatus.core.procedures`; the round driver is the
bottom frame, :func:`.rules.flow.advance`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.game import CHANCE
from legatus.core.procedures import Procedure, Procedures

from .rules import agere, chance, conquer, flow, fortuna, mandatum, ordo, phases, setup, stipendium

if TYPE_CHECKING:
    from .state import ViaeState

P = Procedure["ViaeState"]


def _chance(st: ViaeState) -> int:
    return CHANCE


def _framed(st: ViaeState) -> int:
    return st.frame()[1]


def _name(st: ViaeState, seat: int) -> str:
    return st.game.seats[seat]


def _actions_left(st: ViaeState) -> str:
    n = agere.actions_left(st)
    return f"{n} action{'s' if n != 1 else ''}"


def _none(st: ViaeState) -> tuple[int, ...]:
    return ()


def _chance_ids(st: ViaeState) -> tuple[int, ...]:
    return tuple(a for a, _ in chance.outcomes(st))


def _apply_draw(st: ViaeState, action: int) -> None:
    fortuna_card = chance.apply_draw(st, action)
    if fortuna_card is not None:
        fortuna.resolve(st, fortuna_card)  # C29: its effect, then the draws go on
    chance.settle(st)


def _apply_turn(st: ViaeState, action: int) -> None:
    if agere.apply(st, action):
        conquer.declare(st, agere.seat(st))  # V19


def _no_apply(st: ViaeState, action: int) -> None:
    raise AssertionError("the round driver takes no action")


TABLE: Procedures[ViaeState] = Procedures({
    phases.FLOW: Procedure("round", flow.flow_player, lambda st: "The round goes on.", _none, _no_apply,
                           resume=flow.advance),
    phases.ORDER: Procedure("setup: first turn order", _chance, lambda st: "Draw the next place of the turn order.",
                            _chance_ids, setup.apply_order),
    phases.DRAW: Procedure("a draw", _chance, lambda st: "Draw the next card.", _chance_ids, _apply_draw),
    phases.DISCARD: Procedure("hand limit", chance.discard_seat,
                              lambda st: f"{_name(st, chance.over_limit(st))}: discard down to 5 Deceptio.",
                              chance.discard_legal, chance.apply_discard),
    phases.START: Procedure("setup: start city", _framed,
                            lambda st: f"{_name(st, st.frame()[1])}: choose a start city in SPQR.",
                            setup.start_legal, setup.apply_start),
    phases.MILESTONE: Procedure("setup: milestone", _framed,
                                lambda st: f"{_name(st, st.frame()[1])}: place a milestone on a road at your city.",
                                setup.milestone_legal, setup.apply_milestone),
    phases.ORDO: Procedure("II. Ordo", ordo.chooser, lambda st: f"{_name(st, ordo.chooser(st))}: choose a turn spot.",
                           ordo.legal, ordo.apply),
    phases.INCOME: Procedure("III. Stipendium", _framed,
                             lambda st: f"{_name(st, st.frame()[1])}: how many cities give Stone?",
                             stipendium.legal, stipendium.apply),
    phases.TURN: Procedure("IV. Agere", agere.seat,
                           lambda st: f"{_name(st, agere.seat(st))}: {_actions_left(st)} left.",
                           agere.legal, _apply_turn),
    phases.DIE: Procedure("conquest dice", _chance, lambda st: "Roll a conquest die.", _chance_ids, conquer.apply_die),
    phases.KEEP: Procedure("conquest roll", agere.seat, lambda st: f"{_name(st, agere.seat(st))}: keep one result of "
                           f"{sorted(st.dice)}.", conquer.keep_legal, conquer.apply_keep),
    phases.SCOUT_MORE: Procedure("scouting", agere.seat, lambda st: "Scout another city, or done.",
                                 agere.scout_more_legal, agere.apply_scout_more),
    phases.HIRE: Procedure("Castra", agere.seat, lambda st: "Hire an officer, or none.", agere.hire_legal,
                           agere.apply_hire),
    phases.TARGET_SEAT: Procedure("a card's target", agere.seat, lambda st: "Choose another player.",
                                  agere.target_seat_legal, agere.apply_target_seat),
    phases.TARGET_CITY: Procedure("a card's target", agere.seat, lambda st: "Choose a city.",
                                  agere.target_city_legal, agere.apply_target_city),
    phases.FREE: Procedure("a free action", agere.seat, lambda st: "Take the free action, or skip.",
                           agere.free_proc_legal, agere.apply_free),
    phases.TAKE: Procedure("free Legio", agere.seat, lambda st: "How many Legio?", agere.take_legal,
                           agere.apply_take),
    phases.LOSE: Procedure("a random discard", _chance, lambda st: "Draw the card lost at random.", _chance_ids,
                           agere.apply_lose),
    phases.CLAIM: Procedure("Mandatum", _framed, lambda st: f"{_name(st, st.frame()[1])}: place your completed "
                            "Mandatum face up.", mandatum.claim_legal, mandatum.apply_claim),
})
