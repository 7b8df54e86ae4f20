"""Command and movement (H30-H32, H39, H45-H61) and reactions (H62-H72)."""

from __future__ import annotations

import pytest

from legatus.games.hannibal.ids import BATTLE_STEPS, Id
from legatus.games.hannibal.invariants import violations
from legatus.games.hannibal.rules import base, movement
from legatus.games.hannibal.state import HannibalState
from tests.hannibal.helpers import general, legal, play, ready, recorded, roll, space


def test_h30_a_general_is_activated_by_ops_at_least_his_strategy_rating() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #8")  # 1 OP: only Hannibal (SR 1)
    assert {a for a in legal(state) if a.startswith("activate")} == {"activate Hannibal"}
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #9")  # 3 OPs: every Carthaginian General, and raising troops (H32)
    assert {"activate Hanno", "activate Hasdrubal", "activate Mago", "raise Hanno"} <= legal(state)


def test_h39_a_consul_takes_at_least_5_cus() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    play(state, "ops #1", "activate P. Scipio")
    assert legal(state) == {f"take {n}" for n in range(5, 9)}


def test_h45_h49_a_pass_costs_2_mp_and_a_mandatory_attrition_roll() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    g = general(state, "Hannibal")
    state.gen_at[g] = space(state, "Ilerda")
    state.cu[1][space(state, "Ilerda")] = 6
    play(state, "ops #8", "activate Hannibal", "take 6", "to Tolosa")
    assert state.m_mp == 2 and state.prompt() == "Roll a die for pass attrition (H49)."
    roll(state, 6)  # non-Alps: 6 - 2 = 4 on the 5-6 column: 1 CU
    assert state.cu[1][space(state, "Tolosa")] == 5 and state.m_left == 5


def test_h50_the_strait_of_messana_needs_both_ends() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.gen_at[general(state, "P. Scipio")] = space(state, "Rhegium")
    state.cu[0][space(state, "Rhegium")] = 5
    play(state, "ops #1", "activate P. Scipio", "take 5")
    assert "to Messana" in legal(state)
    state.ctrl[space(state, "Messana")] = 1
    state.forget_legal()
    assert "to Messana" not in legal(state)


def test_h48_an_army_of_5_overruns_a_lone_cu_and_moves_on() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.cu[1][space(state, "Tarquini")] = 1
    play(state, "ops #1", "activate P. Scipio", "take 5", "to Tarquini")
    assert state.cu[1][space(state, "Tarquini")] == 0 and state.view(0)["phase"] == "movement"


def test_h58_the_naval_roll_and_its_worked_example() -> None:
    # 1 CU from New Carthage (-2) to Rhegium (+1, Roman PC +1), -1 small force: -1
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #9", "activate Hasdrubal", "take 1", "sail Rhegium", "no counter event", "no counter event")
    assert movement.naval_modifier(state, space(state, "New Carthage"), space(state, "Rhegium")) == -1
    assert state.prompt() == "Roll a die for naval combat, rolled by Rome (H58)."
    roll(state, 4)  # 4 - 1 = 3: sunk
    assert state.gen_at[general(state, "Hasdrubal")] == base.AWAY  # displaced (H43)


def test_h64_interception_succeeds_at_most_the_battle_rating() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.gen_at[general(state, "Mago")] = space(state, "Terventum")
    state.cu[1][space(state, "Terventum")] = 3
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste")
    assert "intercept from Terventum" in legal(state) and state.current_player() == 1
    play(state, "intercept from Terventum")
    assert legal(state) == {"take 1", "take 2", "take 3"}  # H64: how many CUs go
    play(state, "take 3")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 2)  # Mago BR 2 (Praeneste is Roman, without Carthaginian CUs: +1 makes 3)
    assert not state.m_intercepted and general(state, "Mago") in state.failed
    play(state, "to Terventum")  # H68: no Avoid Battle after failing to intercept
    assert state.view(0)["battle"] is not None  # H73: entering enemy CUs is a battle
    assert state.view(0)["phase"] == "counter event"


def test_h65_an_intercepted_army_fights_or_backs_up() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.gen_at[general(state, "Mago")] = space(state, "Terventum")
    state.cu[1][space(state, "Terventum")] = 3
    state.ctrl[space(state, "Praeneste")] = base.NONE
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste", "intercept from Terventum", "take 3")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 2)
    assert state.m_intercepted and state.cu[1][space(state, "Praeneste")] == 3
    assert legal(state) == {"fight", "back up"}
    play(state, "back up")
    assert state.gen_at[general(state, "P. Scipio")] == space(state, "Rome")


def test_h69_avoid_battle_moves_the_force_and_h71_pursuit_needs_a_roll() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.gen_at[general(state, "Mago")] = space(state, "Praeneste")
    state.cu[1][space(state, "Praeneste")] = 3
    state.ctrl[space(state, "Sena")] = base.NONE
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste")
    avoid = {a for a in legal(state) if a.startswith("avoid to")}
    assert avoid == {"avoid to Sena"}  # not into Roman PCs nor where the enemy came from (H70)
    play(state, "avoid to Sena")
    assert legal(state) == {f"take {k}" for k in range(4)}  # H70: CUs may be left behind
    play(state, "take 3")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 1)
    assert state.cu[1][space(state, "Praeneste")] == 0
    assert legal(state) == {"pursue", "no pursuit"}



def _three_carthaginian_armies_round_praeneste() -> HannibalState:
    """P. Scipio marches from Rome into Praeneste with 8 CUs; Mago stands there with 3 CUs,
    Gisgo at Terventum and Hasdrubal at Sena with 3 each (Praeneste's other neighbours)."""
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    for name, at in (("Mago", "Praeneste"), ("H. Gisgo", "Terventum"), ("Hasdrubal", "Sena")):
        state.gen_at[general(state, name)] = space(state, at)
        state.cu[1][space(state, at)] = 3
        state.ctrl[space(state, at)] = base.NONE
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste")
    return state


def test_h62_every_attempt_is_declared_before_any_die_and_the_avoid_battle_is_rolled_first() -> None:
    state = _three_carthaginian_armies_round_praeneste()
    play(state, "intercept from Terventum", "take 3")
    assert not state.is_chance_node() and "roll the attempts" in legal(state)
    assert "no reaction" not in legal(state)  # declared: it will be rolled (H62)
    play(state, "avoid to Sena", "take 3", "roll the attempts")
    assert state.prompt() == "Roll a die for Avoid Battle (H69)."  # declared second, rolled first
    roll(state, 1)  # Mago avoids (BR 2)
    assert state.prompt() == "Roll a die for interception (H64)."
    assert state.stack[-1][1] == space(state, "Terventum")
    roll(state, 1)  # Gisgo intercepts (on 1 to 3, H119)
    assert state.m_intercepted and state.gen_at[general(state, "Mago")] == space(state, "Sena")
    assert legal(state) == {"fight", "back up"}


def test_h62_interceptions_are_rolled_in_the_order_declared() -> None:
    state = _three_carthaginian_armies_round_praeneste()
    play(state, "intercept from Sena", "take 3", "intercept from Terventum", "take 3", "roll the attempts")
    assert state.stack[-1][1] == space(state, "Sena")
    roll(state, 6)  # Hasdrubal fails
    assert state.stack[-1][1] == space(state, "Terventum")
    assert general(state, "Hasdrubal") in state.failed


def test_h62_ruling_no_avoid_battle_into_a_space_whose_army_intercepts_nor_the_reverse() -> None:
    """The project's reading: the forces declared are those that go, so a force avoiding into a
    space whose army is declared to intercept would join a force about to leave it."""
    state = _three_carthaginian_armies_round_praeneste()
    assert {a for a in legal(state) if a.startswith("avoid to")} == {"avoid to Sena", "avoid to Terventum"}
    play(state, "intercept from Terventum", "take 3")
    assert {a for a in legal(state) if a.startswith("avoid to")} == {"avoid to Sena"}
    play(state, "avoid to Sena", "take 3")
    assert not any(a.startswith("intercept from") for a in legal(state))


def test_h62_an_avoid_battle_may_follow_an_interception_whatever_the_spaces_numbers() -> None:
    """H62 lets an Avoid Battle be declared after an interception; a leftover check (written when
    no Avoid Battle could follow one) refused it where the interception came from a space whose
    number was a General's in the space entered: Brundisium is space 3, Mago General 3."""
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    rome, tarentum = space(state, "Rome"), space(state, "Tarentum")
    state.gen_at[general(state, "P. Scipio")] = tarentum
    state.cu[0][tarentum], state.cu[0][rome] = state.cu[0][rome], 0
    for name, at in (("Mago", "Cannae"), ("Hasdrubal", "Brundisium")):
        state.gen_at[general(state, name)] = space(state, at)
        state.cu[1][space(state, at)] = 3
    for at in ("Cannae", "Brundisium", "Apri", "Beneventum", "Heraclea"):
        state.ctrl[space(state, at)] = base.NONE
    assert space(state, "Brundisium") == general(state, "Mago")
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Cannae", "intercept from Brundisium", "take 3")
    assert {a for a in legal(state) if a.startswith("avoid to")} == {"avoid to Apri", "avoid to Beneventum",
                                                                      "avoid to Heraclea"}


def test_60_storms_at_sea_before_the_naval_roll() -> None:
    state = ready([60, 1, 2, 3, 4, 5, 6], [9, 8, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #9", "activate Hannibal", "take 5", "to Dertosa", "sail Rhegium", "no counter event")  # #41
    assert legal(state) == {"event #60", "no counter event"} and state.current_player() == 0
    play(state, "event #60")
    roll(state, 6)  # 6 + 2 reads the last row (H2), 5-6 column: 3 CUs, one an elephant
    assert state.m_left == 2 and state.eleph[space(state, "Rhegium")] == 1
    assert state.prompt() == "Roll a die for naval combat, rolled by Rome (H58)."


def test_60_h128_storms_at_sea_strike_a_roman_sea_move_too() -> None:
    """#60 is either side's card (H128: "E") against an opposing sea move: Carthage is asked
    when Rome sails, and the Roman army rolls its attrition at +2, though it makes no naval
    roll (H58). (A play review found Carthage never asked.)"""
    state = ready([1, 2, 3, 4, 5, 6, 7], [60, 8, 9, 10, 11, 12, 13])
    play(state, "ops #1", "activate T. Longus", "take 5", "sail Gades", "no counter event")  # #41 first
    assert legal(state) == {"event #60", "no counter event"} and state.current_player() == 1
    play(state, "event #60")
    roll(state, 6)  # 6 + 2 reads the last row (H2), 5-6 column: 3 CUs
    assert state.m_left == 2 and state.cu[0][space(state, "Gades")] == 2
    assert 60 not in state.hands[1] and state.prompt().startswith("T. Longus moves")  # no naval roll (H58)


def test_7_hostile_tribes_as_a_counter_event() -> None:
    state = ready([7, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    g = general(state, "Hannibal")
    state.gen_at[g] = space(state, "Ilerda")
    state.cu[1][space(state, "Ilerda")] = 6
    play(state, "ops #8", "activate Hannibal", "take 6", "to Tolosa")
    roll(state, 1)
    assert "event #7" in legal(state) and state.current_player() == 0
    play(state, "event #7")
    roll(state, 6)  # the 5-6 column whatever the size, roll 6: 2 CUs
    assert state.m_left == 4


def _mago_intercepted_at_neapolis() -> object:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    state.gen_at[general(state, "Mago")] = space(state, "New Carthage")
    state.gen_at[general(state, "Marcellus")] = space(state, "Beneventum")
    state.cu[0][space(state, "Beneventum")] = 3
    play(state, "ops #9", "activate Mago", "take 2", "sail Neapolis", "no counter event", "no counter event")
    roll(state, 1)  # -2 + 2 + 1 (Roman port) - 1 (Mago) = 0: no effect
    play(state, "intercept from Beneventum", "take 3", "roll the attempts")
    roll(state, 1)
    play(state, "back up")
    assert state.prompt() == "Roll a die for naval combat backing up by sea (H61)."
    return state


def test_h61_backing_up_by_sea_the_roman_rolls_again() -> None:
    state = _mago_intercepted_at_neapolis()
    roll(state, 1)  # no effect: back to the embarkation port
    assert state.gen_at[general(state, "Mago")] == space(state, "New Carthage")
    state = _mago_intercepted_at_neapolis()
    roll(state, 2)  # Return: it may not back up and faces the interception
    assert state.b_space == space(state, "Neapolis") and state.b_sea
    state = _mago_intercepted_at_neapolis()
    roll(state, 3)  # Sunk (H58)
    assert state.gen_at[general(state, "Mago")] == base.AWAY and state.cu[1][space(state, "Neapolis")] == 0


def test_h61_a_return_on_the_way_back_fights_before_the_move_ends() -> None:
    """H61 with H28: on a Return the battle is fought while the move is still going on, and the
    next card is asked only after it. Found by the fuzzer (2,000 games, seed 413): the move
    ended with the roll, so Carthage was asked for its next card under the battle, played its
    last card (#6) in the battle and was then asked to play from an empty hand (a dead end)."""
    state = _mago_intercepted_at_neapolis()
    roll(state, 2)  # Return
    ids = [frame[0] for frame in state.stack]
    battle = min(ids.index(p) for p in BATTLE_STEPS if p in ids)
    assert Id.PLAY not in ids and ids.index(Id.MOVE) < battle  # the move waits on the battle
    state = recorded("back-up-by-sea-returned-then-last-card")
    assert state.hands == [[], []] and state.legal_actions()  # the cards are out: the turn goes on to winter
    assert "winter" in state.prompt() and violations(state) == []


def test_h47_a_lone_general_who_cannot_step_out_stops_among_lone_enemy_generals() -> None:
    """H47: a General without CUs may not stop where an enemy General without CUs stands, for he
    may pass through. Found by the fuzzer (2,000 games, seed 536): Hasdrubal, alone at Carthage
    with enemy Generals alone there and no MP left on a Campaign, could only pick up Hanno and drop him again,
    for ever (a runaway game). He stops there now; with MP left he must still move on. (Hanno was
    dropped off there, so he may not rejoin there either: test_events.py, H52.)"""
    state = recorded("lone-general-among-lone-enemies-no-mp")
    here = state.gen_at[state.m_gen]
    assert movement._lone_among_lone(state, here) and state.m_mode == movement.MODE_CAMPAIGN
    assert {str(a) for a in state.legal_actions()} == {"stop"}  # no MP left on the Campaign
    state.m_mode, state.m_mp = movement.MODE_OPS, 1  # as if on OPs with 1 MP
    state.forget_legal()
    moves = {str(a) for a in state.legal_actions()}
    assert "stop" not in moves and any(m.startswith("to ") for m in moves)


def test_h45_cus_are_dropped_off_and_picked_up_along_the_path() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    saguntum, dertosa, tarraco = space(state, "Saguntum"), space(state, "Dertosa"), space(state, "Tarraco")
    state.cu[1][dertosa] = 3
    play(state, "ops #8", "activate Hannibal", "take 8")
    assert not {a for a in legal(state) if a.startswith(("drop", "pick up")) and a[-1].isdigit()}  # not at the start
    play(state, "to Dertosa")
    assert "pick up 2" in legal(state) and "pick up 3" not in legal(state)  # 10 at most (H45)
    assert {f"drop {k}" for k in range(1, 9)} <= legal(state) and "drop 9" not in legal(state)
    play(state, "pick up 2")
    assert state.m_left == 10 and not {a for a in legal(state) if a.startswith("drop") and a[-1].isdigit()}
    play(state, "to Tarraco", "drop 4")
    assert state.cu[1][saguntum] == 2 and state.cu[1][dertosa] == 1
    assert state.cu[1][tarraco] == 10 and state.m_left == 6


def test_h39_h41_a_proconsul_entering_a_consular_army_short_of_5_stops_or_restores_it() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    rome, falerii = space(state, "Rome"), space(state, "Falerii")
    marcellus = general(state, "Marcellus")
    state.gen_at[marcellus] = rome  # a Proconsul's army stacked with consul P. Scipio's 8 CUs
    state.gen_at[general(state, "T. Longus")] = falerii
    state.cu[0][falerii] = 3
    play(state, "ops #1", "activate Marcellus")
    assert legal(state) == {"take 0", "take 1", "take 2", "take 3"}  # the consul keeps his 5 (H41)
    play(state, "take 3", "to Falerii")
    assert legal(state) == {"stop", "drop 2", "drop 3"}
    play(state, "drop 2")
    assert state.m_left == 1 and "to Rome" in legal(state)


def test_h66_h70_part_of_an_army_intercepts_and_the_rest_stays() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    terventum, praeneste = space(state, "Terventum"), space(state, "Praeneste")
    state.gen_at[general(state, "Mago")] = terventum
    state.cu[1][terventum] = 4
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste", "intercept from Terventum", "take 2")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 1)
    assert state.cu[1][praeneste] == 2 and state.cu[1][terventum] == 2
    assert state.gen_at[general(state, "Mago")] == praeneste


def _mago_and_gisgo(at: str, cus: int) -> object:
    """Turn 1, Rome to play; Mago (commanding: the last to arrive) and H. Gisgo at ``at``."""
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    where = space(state, at)
    for name, stamp in (("H. Gisgo", 90), ("Mago", 91)):
        state.gen_at[general(state, name)] = where
        state.stamp[general(state, name)] = stamp
    state.cu[1][where] = cus
    return state


def test_h66_a_subordinate_intercepts_alone_with_part_of_the_army() -> None:
    state = _mago_and_gisgo("Terventum", 4)
    terventum, praeneste = space(state, "Terventum"), space(state, "Praeneste")
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste", "intercept from Terventum")
    assert state.current_player() == 1 and legal(state) == {"choose Mago", "choose H. Gisgo"}
    play(state, "choose H. Gisgo")
    assert legal(state) == {"take 1", "take 2", "take 3"}  # Mago keeps a CU at least
    play(state, "take 3")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 2)  # Gisgo intercepts on 3 at most (H119): 2 + 1 into a Roman PC
    assert state.m_intercepted and state.gen_at[general(state, "H. Gisgo")] == praeneste
    assert state.gen_at[general(state, "Mago")] == terventum
    assert (state.cu[1][praeneste], state.cu[1][terventum]) == (3, 1)


def test_h66_the_commander_goes_with_every_general() -> None:
    state = _mago_and_gisgo("Terventum", 4)
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste", "intercept from Terventum",
         "choose Mago", "take 4")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 1)
    praeneste = space(state, "Praeneste")
    assert {state.gen_at[general(state, n)] for n in ("Mago", "H. Gisgo")} == {praeneste}


def test_h66_h39_a_consul_keeps_5_cus_when_a_subordinate_intercepts() -> None:
    for cus, offered in ((6, True), (5, False)):
        state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
        tarraco = space(state, "Tarraco")
        for name in ("P. Scipio", "Marcellus"):
            state.gen_at[general(state, name)] = tarraco
        state.cu[0][tarraco] = cus
        play(state, "ops #8", "activate Hannibal", "take 10", "to Dertosa")
        play(state, "intercept from Tarraco")
        assert ("choose Marcellus" in legal(state)) is offered
        if offered:
            play(state, "choose Marcellus")
            play(state, "roll the attempts")  # H62: every attempt declared, then rolled
            roll(state, 1)  # 1 CU, nothing to ask
            assert state.cu[0][tarraco] == 5 and state.gen_at[general(state, "Marcellus")] == space(state, "Dertosa")


def test_h69_a_subordinate_avoids_battle_alone_with_part_of_the_army() -> None:
    state = _mago_and_gisgo("Praeneste", 3)
    praeneste, sena = space(state, "Praeneste"), space(state, "Sena")
    state.ctrl[sena] = base.NONE
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste", "avoid to Sena")
    assert legal(state) == {"choose Mago", "choose H. Gisgo"}
    play(state, "choose H. Gisgo")
    assert legal(state) == {"take 0", "take 1", "take 2"}
    play(state, "take 2")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 3)  # Gisgo avoids on 3 at most (H119)
    assert state.gen_at[general(state, "H. Gisgo")] == sena and state.cu[1][sena] == 2
    assert state.gen_at[general(state, "Mago")] == praeneste and state.cu[1][praeneste] == 1
    assert state.b_space == praeneste


def test_h42_subordinates_are_picked_up_and_dropped_along_the_path() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    mago, gisgo = general(state, "Mago"), general(state, "H. Gisgo")
    dertosa, tarraco = space(state, "Dertosa"), space(state, "Tarraco")
    play(state, "ops #8", "activate Hannibal", "take 8")
    assert {"pick up Mago", "pick up H. Gisgo"} <= legal(state)
    play(state, "pick up Mago", "pick up H. Gisgo", "to Dertosa", "drop 2", "drop H. Gisgo", "to Tarraco")
    assert state.gen_at[mago] == tarraco and state.gen_at[gisgo] == dertosa and state.cu[1][dertosa] == 2
    assert base.commander(state, tarraco, 1) == general(state, "Hannibal")
    assert gisgo in state.moved_gens  # moved on this card: not activated again by it (H52's ruling)


def _armies_leaving(state: HannibalState) -> set[tuple[int, frozenset[str]]]:
    """Every army (CUs, Generals) that can step out of the start space, over every order of
    take / pick up / drop at the start."""
    out: set[tuple[int, frozenset[str]]] = set()
    for action in state.legal_actions():
        text = str(action)
        if text.startswith(("to ", "sail ")):
            names = {state.game.generals[g].name for g in (state.m_gen, *state.m_group)}
            out.add((state.m_left, frozenset(names)))
        elif text != "stop":
            out |= _armies_leaving(play(state.clone(), text))
    return out


@pytest.mark.parametrize("cus", [10, 12, 8])
def test_h39_h42_h45_h46_two_consuls_march_together_with_their_whole_army(cus: int) -> None:
    """H46: the commander takes up to 10 CUs and H42 his subordinates; H39 only forbids leaving a
    consul behind with fewer than 5. Whichever consul is activated, the pair leaves with up to 10
    (2 staying from 12); one leaves alone only keeping 5 for the other (so never from 8)."""
    pair = frozenset({"P. Scipio", "T. Longus"})
    for consul in sorted(pair):
        state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
        rome = space(state, "Rome")
        state.gen_at[general(state, "T. Longus")] = rome
        state.cu[0][rome] = cus
        play(state, "ops #1", f"activate {consul}")
        together = {(k, pair) for k in range(5, min(cus, 10) + 1)}
        alone = {(k, frozenset({consul})) for k in range(5, cus - 4)}
        assert _armies_leaving(state) == together | alone
