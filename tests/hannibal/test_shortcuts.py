"""The hot paths' shortcuts (issue 35) agree with the rules they stand for: the siege train's
space read by the loops over every space (H133), the first activatable General (H39, H42, H47)
and the Generals of a space (H51), on every position of random games and on the train's cases."""

from __future__ import annotations

import pytest

from legatus.games.hannibal.notation import CARTHAGE, ROME
from legatus.games.hannibal.rules import base, movement
from legatus.games.hannibal.state import HannibalState
from tests.hannibal.helpers import general, random_game, ready, space


def _positions() -> list[HannibalState]:
    """Every 5th position of two random games, and the siege train outside and inside Capua's walls."""
    out = [st for seed in (3, 4) for st in random_game(seed, every=True)[::5]]
    for inside in (False, True):
        st = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
        hannibal, capua = general(st, "Hannibal"), space(st, "Capua")
        st.gen_at[hannibal], st.siege_train = capua, hannibal
        st.cu[CARTHAGE][capua], st.eleph[capua] = 2, 0
        if inside:
            st.g_in[hannibal] = capua
        out.append(st)
    return out


POSITIONS = _positions()


def test_h133_train_space_is_where_cus_counts_the_train() -> None:
    trains = set()
    for st in POSITIONS:
        for side in (ROME, CARTHAGE):
            train = base.train_space(st, side)
            trains.add(train)
            assert [base.cus(st, side, s) for s in range(st.board.n_spaces)] == \
                [c + (s == train) for s, c in enumerate(st.cu[side])]
    assert -1 in trains and len(trains) > 1  # positions with the train on the map and without


def test_h39_can_activate_is_whether_any_general_may_be_activated() -> None:
    seen = set()
    for st in POSITIONS:
        for side in (ROME, CARTHAGE):
            answer = movement.can_activate(st, side)
            seen.add(answer)
            assert answer == bool(movement.activatable(st, side))
    assert seen == {True, False}


@pytest.mark.parametrize("everywhere", [False, True])
def test_h51_generals_at_lists_the_sides_generals_in_order(everywhere: bool) -> None:
    found = 0
    for st in POSITIONS:
        sides = st.game.general_side
        for s in range(st.board.n_spaces):
            for side in (ROME, CARTHAGE):
                expected = [g for g, at in enumerate(st.gen_at)
                            if at == s and sides[g] == side and (everywhere or st.g_in[g] != at)]
                assert base.generals_at(st, s, side, everywhere) == expected
                found += len(expected)
    assert found
