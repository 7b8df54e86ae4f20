"""#30 Carthaginian Siege Train (H133): a Carthaginian CU for everything but battle."""

from __future__ import annotations

from legatus.games.hannibal.ids import Id
from legatus.games.hannibal.invariants import violations
from legatus.games.hannibal.notation import CARTHAGE, ROME
from legatus.games.hannibal.rules import base, battle, politics, sieges
from tests.hannibal.helpers import general, legal, play, ready, roll, space


def _with_train(name: str, at: str, cus: int, train: bool = True) -> object:
    """Turn 1, Rome to play; the Carthaginian ``name`` at ``at`` with ``cus`` CUs (and the train)."""
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    g, s = general(state, name), space(state, at)
    state.gen_at[g] = s
    state.cu[CARTHAGE][s], state.eleph[s] = cus, 0
    state.siege_train = g if train else -1
    return state


def test_h133_30_siege_train_counts_toward_the_3_cus_of_a_siege() -> None:
    # H94: 3 CUs to siege; 2 and the train are enough, 2 alone are not
    capua = 0
    for train, ok in ((True, True), (False, False)):
        state = _with_train("Hannibal", "Capua", 2, train)
        capua = space(state, "Capua")
        assert sieges.can_siege(state, CARTHAGE, capua, general(state, "Hannibal")) is ok
    assert capua


def test_h133_30_siege_train_alone_keeps_the_siege_points_h98() -> None:
    for train, points in ((True, 2), (False, 0)):
        state = _with_train("Hannibal", "Capua", 0, train)
        capua = space(state, "Capua")
        state.spts[capua], state.sby[capua] = 2, CARTHAGE
        play(state, "discard #1")  # any action: H98 lifts a siege with no besieging CU left
        assert state.spts[capua] == points and violations(state) == []


def test_h133_30_siege_train_makes_4_cus_an_army_that_overruns_h48() -> None:
    for train, overrun in ((True, True), (False, False)):
        state = _with_train("Hannibal", "Saguntum", 4, train)
        dertosa = space(state, "Dertosa")
        state.cu[ROME][dertosa] = 1
        play(state, "discard #1", "ops #8", "activate Hannibal", "take 4", "to Dertosa")
        assert (state.cu[ROME][dertosa] == 0) is overrun
        assert (state.b_space == dertosa) is not overrun  # else a battle


def test_h133_30_siege_train_anchors_an_isolation_trace_h104() -> None:
    for train, kept in ((True, True), (False, False)):
        state = _with_train("Hasdrubal", "Terventum", 0, train)
        terventum = space(state, "Terventum")
        state.ctrl[terventum] = CARTHAGE  # among Roman PCs: isolated but for the train
        politics.isolation(state)
        assert (state.ctrl[terventum] == CARTHAGE) is kept


def test_h133_30_siege_train_suffers_winter_attrition_and_is_the_last_loss_h106() -> None:
    state = _with_train("Hasdrubal", "Dertosa", 0)
    dertosa = space(state, "Dertosa")
    state.ctrl[dertosa] = ROME
    forces = politics.winter_forces(state)
    assert dertosa in forces[::2]  # a force of one CU: the train
    state.call(Id.R_WINTER, dertosa, CARTHAGE)
    roll(state, 6)  # the 1 column, roll 6: 1 loss
    assert state.siege_train == -1 and state.gen_at[general(state, "Hasdrubal")] == dertosa  # H107


def test_h133_30_siege_train_is_lost_after_the_cus_in_attrition() -> None:
    state = _with_train("Hasdrubal", "Dertosa", 1)
    dertosa = space(state, "Dertosa")
    state.call(Id.R_WINTER, dertosa, CARTHAGE)
    roll(state, 6)  # the 2 column (1 CU and the train), roll 6: 1 loss, the CU
    assert state.cu[CARTHAGE][dertosa] == 0 and state.siege_train == general(state, "Hasdrubal")


def test_h133_30_siege_train_caught_alone_is_removed_and_its_general_displaced() -> None:
    # the train cannot fight: caught by enemy CUs with no other CU it is removed, and its
    # General, alone, is displaced as any lone General (H43, H47) unless he avoids battle
    state = _with_train("Hasdrubal", "Dertosa", 0)
    tarraco = space(state, "Tarraco")
    state.gen_at[general(state, "P. Scipio")] = tarraco
    state.cu[ROME][tarraco] = 5
    play(state, "ops #1", "activate P. Scipio", "take 5", "to Dertosa")
    assert "avoid to Azaila" in legal(state)
    play(state, "no reaction")
    assert state.gen_at[general(state, "Hasdrubal")] == base.AWAY and state.siege_train == -1


def test_h133_30_siege_train_gives_no_battle_card() -> None:
    counts = []
    for train in (True, False):
        state = _with_train("Hannibal", "Saguntum", 6, train)
        dertosa = space(state, "Dertosa")
        state.gen_at[general(state, "P. Scipio")] = dertosa
        state.cu[ROME][dertosa] = 5
        play(state, "discard #1", "ops #8", "activate Hannibal", "take 6", "to Dertosa")
        while state.b_space < 0:
            play(state, sorted(legal(state))[0] if "no reaction" not in legal(state) else "no reaction")
        counts.append(battle.card_count(state, CARTHAGE))
    assert counts[0] == counts[1]


def test_h133_30_siege_train_is_left_behind_and_lost_over_the_alps_or_at_sea() -> None:
    """Play review: with the train, Hannibal was never offered an Alps pass or a sea move, and
    could never reach Italy from Gaul. The train may not cross the Alps nor sail (H133); its
    General may, leaving it behind: this project keeps the train with a General (docs/hannibal/
    rulings.md), so a train left behind is lost."""
    state = _with_train("Hannibal", "Allobroges", 6)
    play(state, "discard #1", "ops #8", "activate Hannibal", "take 6")
    assert "to Taurini" in legal(state)  # the Alps pass
    assert state.describe(state.parse_action("to Taurini")) == \
        "to Taurini (the siege train is left behind, and lost: H133)"
    assert state.describe(state.parse_action("to Isere")) == "to Isere"
    play(state, "to Taurini")
    assert state.siege_train == -1 and state.gen_at[general(state, "Hannibal")] == space(state, "Taurini")
    state = _with_train("Hannibal", "New Carthage", 4)
    play(state, "discard #1", "ops #9", "activate Hannibal", "take 4")  # a card with a ship (H56)
    assert "sail Carthage" in legal(state)
    play(state, "sail Carthage")
    while "no counter event" in legal(state):  # Rome may hold #41 Bad Weather or #60 Storms (H34, H60)
        play(state, "no counter event")
    assert state.siege_train == -1
    assert not violations(state)
