"""A refusal never disagrees with legality (issue 34), on the core's base with the test game
Tally: every id of its action table is refused iff it is not legal, at every position of seeded
games (tests/games/refusals.py); and the check catches a procedure whose explanation fails."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from legatus.core.procedures import Procedures
from tests.games.refusals import check_refusals, play_checking_refusals
from tests.games.tally.game import TallyGame
from tests.games.tally.ids import Proc
from tests.games.tally.state import TallyState


@pytest.mark.parametrize("seed", range(5))
def test_explain_never_disagrees_with_legality_in_tally(seed: int) -> None:
    game = TallyGame(faces=1 + seed, target=3 + 4 * seed)
    assert play_checking_refusals(game, seed, share=1.0) > 2


def test_the_check_catches_an_explanation_that_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn whose own explanation knows only the adds (a KeyError for any other id)."""
    table = TallyState.procedures
    turn = replace(table[Proc.TURN], explain=lambda st, a: {3: "add 1 or 2"}[a])
    monkeypatch.setattr(TallyState, "procedures", Procedures({Proc.TURN: turn, Proc.ROLL: table[Proc.ROLL]}))
    with pytest.raises(KeyError):
        check_refusals(TallyGame().new_initial_state(), random.Random(0))
