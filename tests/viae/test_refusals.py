"""A refused action's explanation never lists a hidden hand or what a draw may bring (the core's
``hides_legal`` and rolls; VIAE's hand decisions C32, V15 and its draws): the person who typed it
may be any seat at a shared screen, and a draw's outcomes are the cards still hidden in a deck or
another seat's hand (a random discard listed the victim's Deceptio cards before)."""

from __future__ import annotations

import random

import legatus
from legatus.core.session import sample_outcome


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
