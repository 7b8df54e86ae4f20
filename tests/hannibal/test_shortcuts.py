"""The hot paths' shortcuts (issue 35) agree with the rules they stand for: the siege train's
space read by the loops over every space (H133), the first activatable General (H39, H42, H47),
the Generals of a space (H51), the spaces a supply line reaches (H104), a province's controller
(H102) and a battle's allies (H76), on every position of random games and on the train's cases;
and the heuristic's kept look beyond a step (its search)."""

from __future__ import annotations

import pytest

from legatus.games.hannibal import bots
from legatus.games.hannibal.notation import CARTHAGE, NUMIDIAS, ROME
from legatus.games.hannibal.rules import base, battle, movement, politics
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


def _connected_plainly(st: HannibalState, side: int) -> set[int]:
    """H104 as the rules say it: from every anchor (a friendly CU or siege train, a friendly
    walled city, tribe or controlled port) through spaces a friendly supply line may cross."""
    board, enemy = st.board, 1 - side

    def anchor(s: int) -> bool:
        return base.cus(st, side, s) > 0 or st.ctrl[s] == side and (not base.is_plain(st, s)
                                                                     or board.port[s] is not None)

    def passable(s: int) -> bool:
        ours, theirs = base.cus(st, side, s), base.cus(st, enemy, s)
        if (st.ctrl[s] == enemy or base.hostile_tribe(st, s, side)) and not ours:
            return False
        return not (theirs and st.ctrl[s] != side)

    reached = {s for s in range(board.n_spaces) if anchor(s)}
    frontier = sorted(reached)
    while frontier:
        frontier = sorted({t for s in frontier for t in (*board.land[s], *board.straits[s])
                           if t not in reached and passable(t)})
        reached.update(frontier)
    return reached


def test_h104_connected_is_the_plain_definitions_reach() -> None:
    isolated = 0
    for st in POSITIONS:
        for side in (ROME, CARTHAGE):
            reach = politics.connected(st, side)
            assert reach == _connected_plainly(st, side)
            isolated += sum(1 for s in range(st.board.n_spaces)
                            if st.ctrl[s] == side and base.is_plain(st, s) and s not in reach)
    assert isolated  # positions with PCs cut off, not only everything connected


def _beyond_plainly(st: HannibalState, there: int, avoid: tuple[int, ...], enemy: list[int]) -> dict[int, float]:
    """The heuristic's look beyond a step as the spaces a ring at a time: the next ring is every
    neighbour by land or pass of the last one's spaces without an army (``there`` itself always),
    less what was reached or avoided; each space with the factor of its ring."""
    found: dict[int, float] = {}
    ring, reached, factor = {there}, {there, *avoid}, 1.0
    for _ in range(bots.LOOK):
        factor *= bots.DECAY
        ring = {t for x in ring if x == there or not enemy[x]
                for t in (*st.board.land[x], *st.board.passes[x])} - reached
        reached |= ring
        found.update(dict.fromkeys(ring, factor))
    return found


def test_the_heuristics_kept_look_beyond_is_the_plain_search() -> None:
    blocked = 0
    for st in POSITIONS[::3]:
        for side in (ROME, CARTHAGE):
            enemy = st.cu[1 - side]
            for there, avoid in ((t, a) for t in range(0, st.board.n_spaces, 7) for a in ((), st.board.land[t][:1])):
                expected = _beyond_plainly(st, there, avoid, enemy)
                doubled = [2 * c for c in enemy]  # the same armies' places, other counts: the kept answer
                for armies in (enemy, doubled):
                    answer = bots._beyond(st.board, there, avoid, armies)
                    assert dict(answer) == expected and len(answer) == len(expected)  # each space once
                    assert [f for _, f in answer] == sorted((f for _, f in answer), reverse=True)  # nearest first
                blocked += len(expected) < len(_beyond_plainly(st, there, avoid, [0] * len(enemy)))
    assert blocked  # some searches stopped at an enemy army


def test_h102_province_controller_is_a_strict_majority_of_its_spaces() -> None:
    held = set()
    for st in POSITIONS:
        board = st.board
        for p, spaces in enumerate(board.province_spaces):
            counts = {side: sum(1 for s in spaces if st.ctrl[s] == side) for side in (ROME, CARTHAGE)}
            winners = [side for side in (ROME, CARTHAGE) if counts[side] >= board.control[p]]
            assert base.province_controller(st, p) == (winners[0] if winners else base.NONE)
            held.add((len(spaces) == 1, base.province_controller(st, p)))
    assert {(True, ROME), (False, ROME), (False, CARTHAGE)} <= held  # one-space provinces too


def test_h76_allies_come_from_the_battles_country_or_its_own_province() -> None:
    given = 0
    for st in POSITIONS[::4]:
        board = st.board
        for s in range(board.n_spaces):
            where = board.province[s]
            country = board.country[where]
            for side in (ROME, CARTHAGE):
                plain = 0
                for p in range(len(board.province_names)):
                    if not (p == where or country != "none" and board.country[p] == country) or \
                            base.province_controller(st, p) != side:
                        continue
                    if st.bdesert[side] & 1 and board.country[p] == "Spain" or \
                            st.bdesert[side] & 2 and board.province_names[p] in NUMIDIAS:
                        continue
                    if country == "Italy" and board.province_names[p] == "Latium":
                        continue
                    plain += board.allies[p]
                expected = min(plain, 2) if side == ROME and country == "Italy" else plain
                assert battle.allies(st, side, s) == expected
                given += expected
    assert given
