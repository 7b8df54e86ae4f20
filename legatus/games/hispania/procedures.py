"""Hispania's procedures: every place the game waits, with who decides, its prompt, its legal
actions and its handler, in rulebook order (ids: :mod:`.rules.phases`; the stack:
:mod:`legatus.core.procedures`).

Most steps hand over to the next with ``goto``. A procedure is called, and its caller
resumes after it, where the rules come back to where they were: the die that picks a new
army (setup or revolt roll, Terror), the assassination and the exceptional revolt roll that
may follow it (the Roman phase), an attack the Hispano buys (his attack window).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from legatus.core.game import CHANCE
from legatus.core.procedures import Procedure, Procedures

from . import explain
from .pieces import CONSUL
from .rules import dice, hispanic_phase, hispano, imperium, phases, roman_phase, setup, terror, turn

if TYPE_CHECKING:
    from .state import HispaniaState

P = Procedure["HispaniaState"]


def roman_seat(st: HispaniaState) -> int:
    """The seat that plays the acting general (two Roman players share the consul's turn)."""
    game = st.game
    if st.actor == CONSUL:
        return game.consul_seats[st.handed_over]
    return game.praetor_seats[st.actor]


def _chance(st: HispaniaState) -> int:
    return CHANCE


def _hispano_seat(st: HispaniaState) -> int:
    return st.game.hispano_seat


# What resolves each roll, once the Hispano has passed on rolling a die again (R28).
RESOLVE: dict[int, Callable[[HispaniaState], None]] = {
    phases.SETUP_REVOLT: setup.apply_revolt_die,
    phases.SETUP_ARMY: setup.apply_army_die,
    phases.SCENARIO_ARMY: setup.apply_scenario_army_die,
    phases.SPECIAL_ARMY: terror.apply_special_die,
    phases.BESIEGE: roman_phase.resolve_besiege,
    phases.ATTACK: roman_phase.resolve_attack,
    phases.REVOLT: hispanic_phase.apply_revolt_roll,
    phases.ASSASSINATION: terror.resolve_assassination,
    phases.ARMY_WAY: hispanic_phase.apply_army_roll,
    phases.DEFEND_GENERAL: hispanic_phase.resolve_attack_on_general,
    phases.DEFEND_CITY: hispanic_phase.resolve_attack_on_city,
}


def _apply_roll(st: HispaniaState, action: int) -> None:
    purpose = dice.apply(st, action)
    if not hispano.offer_reroll(st, purpose):
        RESOLVE[purpose](st)


def _apply_reroll(st: HispaniaState, action: int) -> None:
    purpose = hispano.apply_reroll(st, action)
    if purpose is not None:
        RESOLVE[purpose](st)


def _apply_free_move(st: HispaniaState, action: int) -> None:
    imperium.apply_free_move(st, action)
    turn.end_turn(st)  # R23: the free move (or its refusal) ends the turn


def _roll(name: str, prompt: Callable[[HispaniaState], str], resume: Callable[[HispaniaState], None] | None = None
          ) -> P:
    """A roll: the chance player answers; the roll's purpose resolves it (:mod:`.rules.dice`)."""
    return Procedure(name, _chance, prompt, dice.outcomes, _apply_roll, resume, explain.roll, chance=True)


def _ask(name: str, prompt: Callable[[HispaniaState], str], legal: Callable[[HispaniaState], tuple[int, ...]],
         apply: Callable[[HispaniaState, int], None], resume: Callable[[HispaniaState], None] | None = None) -> P:
    """A purchase the Hispano player is offered (:mod:`.rules.hispano`)."""
    return Procedure(name, _hispano_seat, prompt, legal, apply, resume, explain.hispano)


TABLE: Procedures[HispaniaState] = Procedures({
    # Setup (R5–R8)
    phases.ROLLS + phases.SETUP_REVOLT: _roll("setup: revolts", setup.revolt_roll_prompt),
    phases.ASKS + phases.H_SETUP_REVOLTS: _ask("setup: the Hispano places revolts", setup.setup_revolts_prompt,
                                               setup.setup_revolts_actions, setup.apply_setup_revolts),
    phases.ROLLS + phases.SETUP_ARMY: _roll("setup: armies", setup.army_roll_prompt, setup.army_placed),
    phases.ROLLS + phases.SCENARIO_ARMY: _roll("setup: armies", setup.scenario_army_roll_prompt),
    phases.ASKS + phases.H_SETUP_ARMY: _ask("setup: the Hispano places an army", setup.setup_army_prompt,
                                            setup.setup_army_actions, setup.apply_setup_army, setup.army_placed),
    phases.SETUP_ROADS: Procedure("setup: roads", roman_seat, setup.roads_prompt, setup.road_actions,
                                  setup.apply_road_action, explain=explain.roads),
    phases.SETUP_START: Procedure("setup: starting spaces", roman_seat, setup.start_prompt, setup.start_actions,
                                  setup.apply_start, explain=explain.start),
    # The Roman phase (R9–R17 and the variants)
    phases.ENTER: Procedure("Roman phase: entering", roman_seat, turn.enter_prompt, turn.entry_actions,
                            turn.apply_enter, explain=explain.enter),
    phases.ROMAN: Procedure("Roman phase", roman_seat, roman_phase.prompt, roman_phase.legal_actions,
                            roman_phase.apply_action, lambda st: st.end_phase_if_idle(), explain.roman),
    phases.ASKS + phases.H_REINFORCE: _ask("the Hispano: reinforce?", hispano.reinforce_prompt,
                                           hispano.reinforce_actions, hispano.apply_reinforce),
    phases.ROLLS + phases.BESIEGE: _roll("Roman phase: siege", roman_phase.siege_roll_prompt),
    phases.ROLLS + phases.ATTACK: _roll("Roman phase: attack", roman_phase.attack_roll_prompt),
    phases.ROLLS + phases.ASSASSINATION: _roll("Roman phase: assassination", terror.assassination_roll_prompt),
    # The Hispanic phase (R16, R18, R19)
    phases.ROLLS + phases.REVOLT: _roll("Hispanic phase: revolt", hispanic_phase.revolt_roll_prompt,
                                        hispanic_phase.after_revolt),
    phases.ROLLS + phases.SPECIAL_ARMY: _roll("an army from the reserve", terror.special_roll_prompt),
    phases.ASKS + phases.H_ATTACKS: _ask("the Hispano: attacks", hispanic_phase.attacks_prompt,
                                         hispanic_phase.attacks_actions, hispanic_phase.apply_attacks,
                                         hispanic_phase.after_hispano_attack),
    phases.ASKS + phases.H_CHOOSE: _ask("the Hispano: an army's way", hispanic_phase.choose_prompt,
                                        hispanic_phase.choose_actions, hispanic_phase.apply_choose),
    phases.ROLLS + phases.ARMY_WAY: _roll("Hispanic phase: army move", hispanic_phase.army_roll_prompt),
    phases.ROLLS + phases.DEFEND_GENERAL: _roll("Hispanic phase: attack on a general",
                                                hispanic_phase.defend_general_roll_prompt),
    phases.ROLLS + phases.DEFEND_CITY: _roll("Hispanic phase: attack on a city",
                                             hispanic_phase.defend_city_roll_prompt),
    # After the Hispanic phase (Imperivm, R23)
    phases.FREE_MOVE: Procedure("Imperivm: free move", roman_seat, imperium.free_move_prompt,
                                imperium.free_move_actions, _apply_free_move, explain=explain.free_move),
    # Any roll the Hispano pays to change (R28)
    phases.ASKS + phases.H_REROLL: _ask("the Hispano: roll again?", hispano.reroll_prompt, hispano.reroll_actions,
                                        _apply_reroll),
    phases.ROLLS + phases.REROLL: _roll("a roll again", dice.reroll_prompt),
})
