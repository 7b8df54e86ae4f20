"""A refused action's explanation never lists a hidden hand or what a draw may bring (the core's
``hides_legal`` and rolls; VIAE's hand decisions C32, V15 and its draws): the person who typed it
may be any seat at a shared screen, and a draw's outcomes are the cards still hidden in a deck or
another seat's hand (a random discard listed the victim's Deceptio cards before). And a
refusal never disagrees with legality (issue 34's property, tests/games/refusals.py)."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.core.session import sample_outcome
from legatus.games.viae.game import ViaeGame
from tests.games.refusals import play_checking_refusals


def test_a_refusal_at_a_hidden_hand_or_a_draw_lists_no_action() -> None:
    game = legatus.load("viae", players=3)
    hidden_checked = 0
    for seed in range(3):
        rng, state = random.Random(seed), game.new_initial_state()
        while not state.is_terminal():
            procedure = state.procedures.by_id[state.stack[-1][0]]
            legal = state.legal_ids()
            if procedure.hides_legal or procedure.chance:
                illegal = next(a for a in range(len(game.actions)) if a not in legal)
                said = state.explain_illegal(illegal)
                assert said == f"it is not one of the actions of the {procedure.name} now", said
                hidden_checked += 1
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
            else:
                state.apply_action(rng.choice(legal))
    assert hidden_checked > 100


@pytest.mark.parametrize("seed", range(4))
def test_explain_never_disagrees_with_legality_in_random_games(seed: int) -> None:
    """At a quarter of the positions of a game with the fuzz's options (2 to 5 seats, C27's
    phases, every hand decision and draw), every id of the action table is refused iff it is not
    legal, with the base's reason."""
    game = legatus.load("viae", **ViaeGame.fuzz_options(random.Random(seed)))
    assert play_checking_refusals(game, seed, share=0.25) > 20
