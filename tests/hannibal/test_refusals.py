"""A refusal never disagrees with legality (issue 34's property, tests/games/refusals.py): at
sampled positions of random games with the fuzz's options, every id of Hannibal's action table
is refused iff it is not legal (the base's reason: the running procedure's legal actions, or
none named at a hidden hand or a draw), a legal one is played and an illegal one changes
nothing."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.games.hannibal.game import HannibalGame
from tests.games.refusals import play_checking_refusals


@pytest.mark.parametrize("seed", range(3))
def test_explain_never_disagrees_with_legality_in_random_games(seed: int) -> None:
    game = legatus.load("hannibal", **HannibalGame.fuzz_options(random.Random(seed)))
    assert play_checking_refusals(game, seed, share=0.1) > 20
