"""A refusal never disagrees with legality (issue 34's property test), checked at sampled
positions of seeded random games of any game: every id of the action table is refused (an
:class:`IllegalActionError` whose reason is ``explain_illegal``'s) if and only if it is not
legal, a legal action is played, and an illegal one is refused with nothing changed.
"""

from __future__ import annotations

import random

import pytest

from legatus.core.errors import IllegalActionError
from legatus.core.game import Game, State
from legatus.core.session import sample_outcome

APPLIED = 4
"""The legal and the illegal actions of a position applied to clones of it."""


def check_refusals(state: State, rng: random.Random) -> None:
    """The property at ``state`` (see the module's docstring); an AssertionError says where."""
    table = state.game.actions
    legal = set(state.legal_actions())
    where = f"at {state.prompt()!r}"
    refused = []
    for action in range(len(table)):
        try:
            state.check_legal(action)
        except IllegalActionError as error:
            assert action not in legal, f"{table[action]} is legal but refused {where}: {error.reason}"
            assert error.reason and error.reason == state.explain_illegal(action), (table[action], where)
            refused.append(action)
        else:
            assert action in legal, f"{table[action]} is not legal but not refused {where}"
    for action in (-1, len(table)):  # outside the table
        with pytest.raises(IllegalActionError, match=f"there is no action {action} "):
            state.check_legal(action)
    for action in rng.sample(sorted(legal), min(APPLIED, len(legal))):
        state.clone().apply_action(action)
    for action in rng.sample(refused, min(APPLIED, len(refused))):
        other = state.clone()
        with pytest.raises(IllegalActionError):
            other.apply_action(action)
        assert other.history() == state.history() and other.legal_actions() == state.legal_actions(), where


def play_checking_refusals(game: Game, seed: int, share: float) -> int:
    """Plays a seeded random game of ``game``, checks the property at about ``share`` of its
    positions and at its end; returns how many positions were checked."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if rng.random() < share:
            check_refusals(state, rng)
            checked += 1
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    check_refusals(state, rng)  # every action refused: the game is over
    return checked + 1
