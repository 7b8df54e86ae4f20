"""Sieges (H93-H101), political control and isolation (H102-H104), attrition (H105-H107),
victory (H108-H112) and displaced Generals (H43)."""

from __future__ import annotations

import random

import legatus
from legatus.core.agents import make_agent
from legatus.core.session import sample_outcome
from legatus.games.hannibal.ids import Id
from legatus.games.hannibal.rules import base, politics, sieges, victory
from tests.hannibal.helpers import general, legal, play, ready, roll, space


def test_h31_pcs_go_on_empty_spaces_without_enemy_cus_one_each() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    play(state, "ops #2", "place pcs")
    spaces = {a[3:] for a in legal(state) if a.startswith("pc ")}
    assert "Tarraco" in spaces and "Saguntum" not in spaces and "Rome" not in spaces
    play(state, "pc Tarraco")
    assert state.ctrl[space(state, "Tarraco")] == 0 and "pc Tarraco" not in legal(state)


def test_h31_a_plain_enemy_pc_flips_only_with_a_friendly_cu_and_no_enemy_cu() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.cu[0][space(state, "Acci")] = 1
    play(state, "ops #2", "place pcs")
    assert "pc Acci" in legal(state) and "pc Cordusa" not in legal(state)


def test_h95_h96_a_siege_takes_a_city_at_3_points() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    gades = space(state, "Gades")
    state.gen_at[general(state, "P. Scipio")] = space(state, "Hispalis")
    state.cu[0][space(state, "Hispalis")] = 5
    state.spts[gades], state.sby[gades] = 2, 0
    state.cu[0][gades] = 1
    play(state, "ops #1", "activate P. Scipio", "take 5", "to Gades")
    while state.current_player() == 1:  # Carthage has nothing there: no reaction
        play(state, "no reaction")
    play(state, "stop")
    assert legal(state) == {"siege", "no siege"}
    play(state, "siege")
    roll(state, 4)  # 1 point (Rome besieges: no -1)
    assert state.ctrl[gades] == 0 and state.spts[gades] == 0


def test_h95_siege_modifiers_carthage_and_the_capitals() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.m_gen = general(state, "Hannibal")
    state.m_mode = 1
    assert sieges.modifier(state, space(state, "Rome"), 1) == -2  # Carthaginian -1, Rome -1
    assert sieges.modifier(state, space(state, "Capua"), 1) == -1
    state.siege_train = state.m_gen  # #30: the siege train waives the Carthaginian -1
    assert sieges.modifier(state, space(state, "Capua"), 1) == 0
    assert sieges.modifier(state, space(state, "Allobroges"), 1) == 0  # H95's ruling: none on tribes


def test_h98_siege_points_go_when_no_besieger_is_left() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    gades = space(state, "Gades")
    state.spts[gades], state.sby[gades] = 1, 0
    play(state, "discard #1")
    assert state.spts[gades] == 0


def test_h104_isolated_pcs_are_removed_ports_never() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    thevestis, hadrumetum = space(state, "Thevestis"), space(state, "Hadrumetum")
    state.ctrl[thevestis] = state.ctrl[hadrumetum] = 0  # Roman PCs deep in Africa
    politics.isolation(state)
    assert state.ctrl[thevestis] == base.NONE  # no trace to a Roman CU, city, tribe or port
    assert state.ctrl[hadrumetum] == 0  # a port: never isolated


def test_h106_winter_attrition_hits_forces_on_enemy_pcs() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.cu[0][space(state, "Acci")] = 4
    forces = politics.winter_forces(state)
    assert [space(state, "Acci"), 0] == forces[forces.index(space(state, "Acci")):][:2]
    assert space(state, "Rome") not in forces[::2]


def test_h110_rome_taking_carthage_ends_the_game() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    base.set_control(state, space(state, "Carthage"), 0)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.summary()["outcome"] == "sudden death: Rome controls Carthage"


def test_h110_carthage_holding_the_six_italian_provinces_wins_at_the_check() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    names = state.board.province_names
    for p in base.ITALY6:
        for s in state.board.province_spaces[names.index(p)]:
            state.ctrl[s] = 1
    victory.check(state)
    assert state.winner == 1 and state.reason == "sudden death: Carthage holds Italy"


def test_h109_the_side_behind_removes_the_difference() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    victory.check(state)  # 9 against 7
    assert state.stack[-1] == (Id.REMOVE_PC, 1, 2)


def test_h111_a_tie_after_turn_9_goes_to_carthage() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.turn = 9
    names = state.board.province_names
    for p in ("Apulia", "Etruria"):
        for s in state.board.province_spaces[names.index(p)]:
            state.ctrl[s] = base.NONE
    assert (base.points(state, 0), base.points(state, 1)) == (7, 7)
    victory.check(state)
    assert state.winner == 1 and state.reason.startswith("end of game")


def test_h112_a_side_that_cannot_remove_its_pcs_sues_for_peace() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    base.demand_pcs(state, 1, 100)
    assert state.winner == 0 and state.reason == "carthage sues for peace"


def test_h43_hannibal_displaced_is_eliminated_and_costs_5_pcs() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    base.displace(state, general(state, "Hannibal"))
    assert state.gen_at[general(state, "Hannibal")] == base.DEAD and state.debt == 5
    play(state, "discard #1")
    assert state.stack[-1] == (Id.REMOVE_PC, 1, 5)


def test_h95_option_the_carthaginian_penalty_on_subjugation() -> None:
    import legatus
    from legatus.games.hannibal.rules import sieges as rules

    state = legatus.load("hannibal", carthage_subjugation_penalty=True).new_initial_state()
    state.m_gen = general(state, "Hannibal")
    assert rules.modifier(state, space(state, "Allobroges"), 1) == -1
    assert state.game.new_state_from(state.position()).position() == state.position()


def test_h106_winter_forces_agree_with_the_rule_read_space_by_space() -> None:
    """The hot path's shortcuts (spaces hostile to no one skipped, the cheap tests first) find
    the forces that H106 names, checked at every position of random games: every force (the
    siege train counting as a CU, H133) on an enemy PC or a hostile tribe."""
    g = legatus.load("hannibal")
    compared = found = 0
    for seed in (21, 22, 23):
        agents = [make_agent(g, "random", seed + s) for s in (0, 1)]
        rng = random.Random(seed)
        state = g.new_initial_state()
        while not state.is_terminal():
            expected = [x for s in range(g.board.n_spaces) for side in (0, 1)
                        if base.cus(state, side, s)
                        and (state.ctrl[s] == 1 - side or base.hostile_tribe(state, s, side))
                        for x in (s, side)]
            assert politics.winter_forces(state) == expected
            compared += 1
            found += bool(expected)
            chance = state.is_chance_node()
            state.apply_action(sample_outcome(state, rng) if chance else agents[state.current_player()].choose(state))
    assert compared > 1000 and found > 100, (compared, found)
