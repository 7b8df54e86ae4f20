"""A position written and read back (legatus/games/hannibal/position.py): version 4's layout, the
turn's and the battle's steps and the dice written as they were numbered before they became
table entries (the battle's step in ``b_step``), read back to the same stack."""

from __future__ import annotations

import random
import re

import pytest

from legatus.core.errors import PositionError
from legatus.core.session import sample_outcome
from legatus.games.hannibal.game import HannibalGame
from legatus.games.hannibal.ids import BATTLE_STEPS, DICE, TURN_STEPS, Id
from tests.hannibal.helpers import game


def test_every_frame_reads_back_as_written_in_random_games() -> None:
    g = game()
    seen: set[str] = set()
    for seed in range(3):
        rng, state = random.Random(seed), g.new_initial_state()
        while not state.is_terminal():
            read = g.new_state_from(state.position())
            assert read.stack == state.stack and read.legal_ids() == state.legal_ids(), (seed, state.moves)
            for frame in state.stack:
                seen.add("turn" if frame[0] in TURN_STEPS else "battle" if frame[0] in BATTLE_STEPS
                         else "die" if frame[0] in DICE else "reacting" if frame[0] == Id.REACT_SIZE else "other")
            chance = state.is_chance_node()
            state.apply_action(sample_outcome(state, rng) if chance else rng.choice(state.legal_actions()))
    assert seen == {"turn", "battle", "die", "reacting", "other"}, seen


def test_the_battle_step_is_written_as_version_4_did() -> None:
    """``b_step`` (a field of version 4's positions) is the battle's step to come, 0 without a battle,
    and its last step where the game ended in the battle (H91, H112: found by observables.py, seed 244)."""
    state = game().new_initial_state()
    assert " b_step=0 " in state.position()
    state.stack = (*state.stack, (Id.B_CASUALTIES,))
    assert f" b_step={Id.B_CASUALTIES - Id.B_SORTIE} " in state.position()
    state.b_space, state.stack = 76, ()  # the loser sued for peace as it paid its PCs
    assert f" b_step={Id.B_DONE - Id.B_SORTIE} " in state.position()


@pytest.mark.parametrize("stack", ["((0,9),(99,0,7))", "((0,9),(1))", "((0,9),(1,0,7))", "((0,19))"])
def test_a_frame_no_position_writes_is_refused_by_name(stack: str) -> None:
    """A position's stack names procedures by version 4's numbers: a frame none of them is (an
    unknown procedure, a roll without or with an unknown purpose, a turn step that does not exist)
    is a PositionError naming it, never read as some other procedure."""
    game = HannibalGame()
    text = game.new_initial_state().position()
    written = re.search(r"stack=(\(\(.*?\)\))", text)
    assert written is not None
    with pytest.raises(PositionError, match="no procedure of this game"):
        game.new_state_from(text.replace(written.group(0), f"stack={stack}"))
