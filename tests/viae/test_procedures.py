"""VIAE's procedure table (issue 34): the chapters declare its entries, the ids are one IntEnum,
the round's steps are entries that never wait (C27), and the state leaves the contract to the
core's base."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.core.procedure_state import ProcedureState
from legatus.core.procedures import ProcedureError, Procedures
from legatus.core.session import sample_outcome
from legatus.games.viae.ids import Id
from legatus.games.viae.procedures import CHAPTERS, TABLE
from legatus.games.viae.rules import agere, conquer
from legatus.games.viae.state import ViaeState

ROUND_STEPS = {Id.SETUP_ORDER, Id.SETUP_DEAL, Id.SETUP_PLACE, Id.ROUND_FORTUNA, Id.ROUND_ORDO, Id.ROUND_STIPENDIUM,
               Id.ROUND_AGERE, Id.GAME_END, Id.ROUND_EPILOGUS}


def test_every_id_has_one_entry_declared_by_one_chapter() -> None:
    assert len(TABLE) == len(Id)
    without_conquest = tuple(c for c in CHAPTERS if c is not conquer)
    with pytest.raises(ProcedureError, match="no chapter declares the procedures DIE, KEEP, CONQUER "
                                             r"\(chapters: legatus.games.viae.rules.setup, "):
        Procedures.joined(Id, *without_conquest)
    with pytest.raises(ProcedureError, match="procedure ROUND_AGERE is declared twice: by "
                                             "legatus.games.viae.rules.agere and by legatus.games.viae.rules.agere"):
        Procedures.joined(Id, *CHAPTERS, agere)


def test_the_state_leaves_the_contract_to_the_core_base() -> None:
    assert issubclass(ViaeState, ProcedureState)
    for name in ("apply_action", "legal_actions", "current_player", "is_terminal", "is_chance_node",
                 "chance_outcomes", "history", "prompt"):
        assert name not in vars(ViaeState), name


@pytest.mark.parametrize("players", [2, 5])
def test_C27_the_steps_of_the_round_lie_at_the_bottom_and_never_wait(players: int) -> None:
    """After every action a decision or a roll is on top, and the bottom frame is the step of the
    round the game is in, which the phases pass through in the rulebook's order."""
    state = legatus.load("viae", players=players).new_initial_state()
    rng = random.Random(players)
    bottoms = [state.stack[0][0]]
    while not state.is_terminal():
        top = TABLE[state.stack[-1][0]]
        assert top.run is None and all(frame[0] in ROUND_STEPS for frame in state.stack[:1])
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        if state.stack and state.stack[0][0] != bottoms[-1]:
            bottoms.append(state.stack[0][0])
    # Round 1 has no Fortuna card (V6) and no Ordo (C30). A step goes on before it calls what
    # waits: a Fortuna card is drawn over the Ordo step, the Ordo spots chosen over Stipendium's.
    assert bottoms[:4] == [Id.SETUP_DEAL, Id.SETUP_PLACE, Id.ROUND_STIPENDIUM, Id.ROUND_AGERE]
    following = {(Id.ROUND_AGERE, Id.ROUND_ORDO), (Id.ROUND_AGERE, Id.ROUND_STIPENDIUM),
                 (Id.ROUND_ORDO, Id.ROUND_STIPENDIUM), (Id.ROUND_STIPENDIUM, Id.ROUND_AGERE)}
    assert set(zip(bottoms[3:], bottoms[4:], strict=False)) <= following
    assert bottoms.count(Id.ROUND_AGERE) == state.round  # one Agere a round, to the last
