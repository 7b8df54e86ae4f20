"""The inside of walled cities (H47, H48, H51, H57, H62, H67, H72, H87, H89, H96, H97, H100)."""

from __future__ import annotations

from legatus.games.hannibal.ids import BATTLE_STEPS, Id
from legatus.games.hannibal.invariants import violations
from legatus.games.hannibal.notation import CARTHAGE, ROME
from legatus.games.hannibal.rules import base, battle, campaign, turn
from legatus.games.hannibal.state import HannibalState
from tests.hannibal.helpers import general, legal, play, ready, recorded, roll, space


def _hannibal_at(state: HannibalState, where: str, cus: int = 6) -> None:
    g = general(state, "Hannibal")
    state.cu[CARTHAGE][state.gen_at[g]] = 0
    state.eleph[state.gen_at[g]] = 0
    for sub in ("Mago", "H. Gisgo"):
        state.gen_at[general(state, sub)] = base.OFF
    state.gen_at[g] = space(state, where)
    state.cu[CARTHAGE][space(state, where)] = cus


def _roman(state: HannibalState, name: str, where: str, cus: int, inside: int = 0) -> None:
    g, s = general(state, name), space(state, where)
    state.gen_at[g] = s
    state.cu[ROME][s] = cus
    state.inner[s] = inside


def test_h51_h62_units_declared_inside_do_not_stop_the_enemy_and_h48_are_not_overrun() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    _hannibal_at(state, "Beneventum")
    neapolis = space(state, "Neapolis")
    state.cu[ROME][neapolis] = 1
    play(state, "ops #8", "activate Hannibal", "take 6", "to Neapolis")
    assert state.prompt() == ("Rome puts units inside the walls of Neapolis (H51): garrison 1 puts its CU inside, "
                              "garrison 0 leaves it outside to face Carthage's army (H62).")
    assert legal(state) == {"garrison 0", "garrison 1"}
    play(state, "garrison 1")
    # H48: the lone CU inside is not overrun; H47: the move goes on
    assert state.inner[neapolis] == 1 and state.cu[ROME][neapolis] == 0
    assert state.view(1)["phase"] == "movement" and "to Paestium" in legal(state)
    assert state.view(None)["spaces"]["Neapolis"]["inside"] == 1


def test_h51_h96_a_city_taken_by_siege_loses_the_units_inside() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    _hannibal_at(state, "Beneventum")
    neapolis = space(state, "Neapolis")
    _roman(state, "Marcellus", "Neapolis", 0, inside=2)
    state.g_in[general(state, "Marcellus")] = neapolis
    state.spts[neapolis], state.sby[neapolis] = 2, CARTHAGE
    state.cu[CARTHAGE][neapolis] = 3  # the besiegers: the city is besieged (H97), nobody declares
    play(state, "ops #8", "activate Hannibal", "take 6", "to Neapolis", "stop", "siege")
    roll(state, 6)  # 6 - 1 (Carthage) = 5: one point, the third
    assert state.ctrl[neapolis] == CARTHAGE and state.inner[neapolis] == 0
    assert state.gen_at[general(state, "Marcellus")] == base.OFF  # displaced (H43)


def test_h51_the_mover_may_end_its_move_inside_its_own_city() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    hasdrubal = general(state, "Hasdrubal")
    new_carthage = space(state, "New Carthage")
    play(state, "ops #9", "activate Hasdrubal", "take 2", "stop")
    assert legal(state) == {f"garrison {k}{g}" for k in range(3) for g in ("", " with generals")}
    play(state, "garrison 2 with generals")
    assert state.inner[new_carthage] == 2 and state.cu[CARTHAGE][new_carthage] == 0
    assert base.is_inside(state, hasdrubal) and state.view(0)["generals"]["Hasdrubal"]["inside"]


def test_h39_a_consul_keeps_5_cus_on_his_side_of_the_walls() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    play(state, "ops #1", "activate P. Scipio", "take 8", "stop")  # Rome: 8 CUs, capacity 5
    assert legal(state) == {"garrison 0", "garrison 1", "garrison 2", "garrison 3", "garrison 5 with generals"}


def test_h100_a_general_inside_a_besieged_city_sorties_when_activated() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    hasdrubal = general(state, "Hasdrubal")
    new_carthage = space(state, "New Carthage")
    state.cu[CARTHAGE][new_carthage], state.inner[new_carthage] = 0, 2
    state.g_in[hasdrubal] = new_carthage
    state.cu[ROME][new_carthage] = 4
    state.spts[new_carthage], state.sby[new_carthage] = 1, ROME
    play(state, "ops #9", "activate Hasdrubal", "take 2")
    assert state.b_space == new_carthage and state.b_att == CARTHAGE and state.b_sortie == 2
    assert state.bbegan == [4, 2]
    # H90, H100: the units that sortied may withdraw back in, or retreat back in after the battle
    state.bhand[CARTHAGE][0] = 1
    assert state.notation.SIMPLE["withdraw"] in battle.attack_legal(state)
    state.bhand[CARTHAGE][0] = 0
    state.b_win = ROME
    assert "retreat inside" in legal(_to_retreat(state, CARTHAGE))


def _to_retreat(state: HannibalState, side: int) -> HannibalState:
    """The loser ``side`` at its retreat (the battle's other steps skipped)."""
    assert state.stack[-2][0] in BATTLE_STEPS
    state.stack = (*state.stack[:-1], (Id.RETREAT, side))
    state.forget_legal()
    return state


def test_h100_a_relief_army_may_count_the_units_inside() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    _hannibal_at(state, "Segobriga")
    saguntum = space(state, "Saguntum")
    state.inner[saguntum] = 2
    state.cu[ROME][saguntum] = 3
    state.spts[saguntum], state.sby[saguntum] = 1, ROME
    play(state, "ops #8", "activate Hannibal", "take 6", "to Saguntum")
    assert state.prompt() == "Carthage may sortie from Saguntum (H100)."
    play(state, "sortie")
    assert state.inner[saguntum] == 0 and state.cu[CARTHAGE][saguntum] == 8 and state.bbegan == [3, 8]


def test_h72_a_successful_avoid_may_go_inside_the_walls() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    _hannibal_at(state, "Beneventum")
    _roman(state, "Marcellus", "Neapolis", 2)
    neapolis = space(state, "Neapolis")
    play(state, "ops #8", "activate Hannibal", "take 6", "to Neapolis", "garrison 0")
    assert "avoid to Neapolis" in legal(state)
    play(state, "avoid to Neapolis")
    assert legal(state) == {"take 0", "take 1", "take 2"}
    play(state, "take 2")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 1)  # Marcellus: BR 3
    assert state.inner[neapolis] == 2 and base.is_inside(state, general(state, "Marcellus"))
    assert state.prompt() == "Carthage may pursue (H71)."


def test_h67_an_army_inside_intercepts_only_with_no_enemy_cu_outside() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    _hannibal_at(state, "Paestium")
    _roman(state, "Marcellus", "Neapolis", 0, inside=2)
    neapolis = space(state, "Neapolis")
    state.g_in[general(state, "Marcellus")] = neapolis
    play(state, "ops #8", "activate Hannibal", "take 6", "to Beneventum")
    assert "intercept from Neapolis" in legal(state)
    play(state, "intercept from Neapolis", "take 2")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 1)
    assert state.gen_at[general(state, "Marcellus")] == space(state, "Beneventum")
    assert state.cu[ROME][space(state, "Beneventum")] == 2 and state.inner[neapolis] == 0
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    _hannibal_at(state, "Paestium")
    _roman(state, "Marcellus", "Neapolis", 0, inside=2)
    state.g_in[general(state, "Marcellus")] = neapolis
    state.cu[CARTHAGE][neapolis] = 3
    state.spts[neapolis], state.sby[neapolis] = 1, CARTHAGE
    play(state, "ops #8", "activate Hannibal", "take 6", "to Beneventum")
    assert "intercept from Neapolis" not in legal(state)


def test_h89_the_loser_of_a_battle_at_its_own_city_may_retreat_inside() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    _hannibal_at(state, "Beneventum")
    _roman(state, "Marcellus", "Neapolis", 3)
    neapolis = space(state, "Neapolis")
    play(state, "ops #8", "activate Hannibal", "take 6", "to Neapolis", "garrison 0", "no reaction")
    state.b_win = CARTHAGE
    _to_retreat(state, ROME)
    assert "retreat inside" in legal(state)
    play(state, "retreat inside")  # 2 fit; the third retreats as usual
    assert state.inner[neapolis] == 2 and base.is_inside(state, general(state, "Marcellus"))
    assert state.stack[-1][0] == Id.RETREAT and state.cu[ROME][neapolis] == 1
    assert "retreat inside" not in legal(state)


def test_h87_h57_a_force_landed_by_sea_at_its_own_city_retreats_inside() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    gades = space(state, "Gades")
    mago = general(state, "Mago")
    state.gen_at[mago] = space(state, "New Carthage")
    state.cu[CARTHAGE][space(state, "New Carthage")] = 3
    state.cu[ROME][gades] = 2
    play(state, "ops #9", "activate Mago", "take 3", "sail Gades", "no counter event", "no counter event")
    roll(state, 1)  # the naval roll: no effect; the battle starts
    while state.stack[-1][0] not in BATTLE_STEPS:
        state.stack = state.stack[:-1]
    state.b_win = ROME
    state.goto(Id.B_RETREAT)
    state.settle()  # 2 CUs fit inside Gades, the third is eliminated
    assert state.inner[gades] == 2 and state.cu[CARTHAGE][gades] == 0 and base.is_inside(state, mago)


def test_h110_h96_carthage_taking_rome_by_siege_wins_at_once() -> None:
    # Carthage's sudden death (H110) reached in play: the third siege point on Rome, whose
    # garrison and consul inside are lost with it (H96)
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    rome, scipio = space(state, "Rome"), general(state, "P. Scipio")
    _hannibal_at(state, "Rome")
    state.cu[ROME][rome], state.inner[rome] = 0, 5
    state.g_in[scipio] = rome
    state.spts[rome], state.sby[rome] = 2, CARTHAGE
    play(state, "ops #8", "activate Hannibal", "take 6", "stop", "siege")
    roll(state, 6)  # 6 - 1 (Carthage) - 1 (Rome's walls) = 4: one point, the third
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert state.summary()["outcome"] == "sudden death: Carthage controls Rome"
    assert state.inner[rome] == 0 and state.gen_at[scipio] == base.OFF


def test_h99_a_subordinate_sieges_on_his_own_with_3_cus() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    neapolis, mago = space(state, "Neapolis"), general(state, "Mago")
    _hannibal_at(state, "Neapolis")
    state.gen_at[mago] = neapolis  # Hannibal commands, Mago is his subordinate
    state.spts[neapolis], state.sby[neapolis] = 1, CARTHAGE
    play(state, "ops #10", "activate Mago", "take 3", "stop", "siege")  # 2 OPs: Mago's SR, not Hannibal's
    roll(state, 5)  # 5 - 1 (Carthage) = 4: one point, no loss
    assert state.spts[neapolis] == 2 and state.gen_at[general(state, "Hannibal")] == neapolis
    assert state.cu[CARTHAGE][neapolis] == 6


def test_h47_h100_a_general_alone_inside_a_besieged_city_stays_there() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    hasdrubal, new_carthage = general(state, "Hasdrubal"), space(state, "New Carthage")
    state.cu[CARTHAGE][new_carthage] = 0
    state.g_in[hasdrubal] = new_carthage
    state.cu[ROME][new_carthage] = 4
    state.spts[new_carthage], state.sby[new_carthage] = 1, ROME
    play(state, "ops #9")
    assert "activate Hasdrubal" not in legal(state)


def test_h23_a_consul_placed_in_a_besieged_rome_goes_inside() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    rome, varro = space(state, "Rome"), general(state, "Varro")
    state.cu[CARTHAGE][rome] = 3
    state.spts[rome], state.sby[rome] = 1, CARTHAGE
    state.call(Id.CONSUL, varro)
    turn.place_consul(state, varro, rome)
    assert base.is_inside(state, varro) and state.consul[varro]


def test_h23_a_besieged_rome_takes_a_consul_only_when_no_other_space_has_5_cus() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    rome, varro = space(state, "Rome"), general(state, "Varro")
    state.cu[ROME] = [0] * len(state.cu[ROME])
    state.cu[ROME][rome], state.cu[CARTHAGE][rome] = 6, 3
    state.spts[rome], state.sby[rome] = 1, CARTHAGE
    assert turn.consul_spaces(state, varro) == [rome]  # the only stack of 5
    capua = space(state, "Capua")
    state.cu[ROME][capua] = 5
    assert turn.consul_spaces(state, varro) == [capua]  # another legal space: not the besieged Rome


def test_h47_a_general_inside_a_besieged_city_with_no_cu_to_take_stays_inside() -> None:
    # on a Campaign, the CUs inside used up their movement with another of its Generals (H52)
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    hasdrubal, new_carthage = general(state, "Hasdrubal"), space(state, "New Carthage")
    state.cu[CARTHAGE][new_carthage], state.inner[new_carthage] = 0, 2
    state.g_in[hasdrubal] = new_carthage
    state.cu[ROME][new_carthage] = 4
    state.spts[new_carthage], state.sby[new_carthage] = 1, ROME
    spent = list(state.spent)
    spent[new_carthage * campaign.SLOTS + campaign.USED_UP] = 2
    state.spent = tuple(spent)
    play(state, "ops #9", "activate Hasdrubal")
    state.m_mode = 2  # as if on a Campaign (movement.MODE_CAMPAIGN)
    state.forget_legal()
    assert legal(state) == {"take 0"}
    play(state, "take 0")
    assert base.is_inside(state, hasdrubal) and state.b_space < 0 and state.inner[new_carthage] == 2


def test_h89_h112_a_retreat_inside_after_which_the_loser_sues_for_peace_ends_the_game() -> None:
    """Found by the fuzzer (10,000 games, seed 11): Carthage, beaten at New Carthage, retreats
    inside with the part that fits (H89); the battle's end then asks for more PCs than it has, so
    it sues for peace (H112): the game is over, and the rest of its army does not retreat after."""
    state = recorded("retreat-inside-then-peace")
    assert state.is_terminal() and not state.stack
    assert state.view(None)["reason"] == "carthage sues for peace" and state.returns() == [1.0, -1.0]
    assert violations(state) == []


def _mago_intercepted_at_gades(cus: int) -> HannibalState:
    """Mago sails with ``cus`` CUs from New Carthage to Gades, his own city (room for 2 inside),
    where Marcellus intercepts him from Hispalis."""
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    new_carthage = space(state, "New Carthage")
    state.gen_at[general(state, "Mago")] = new_carthage
    state.cu[CARTHAGE][new_carthage] = cus
    _roman(state, "Marcellus", "Hispalis", 3)
    play(state, "ops #9", "activate Mago", f"take {cus}", "sail Gades", "no counter event", "no counter event")
    roll(state, 1)  # the naval roll: no effect
    play(state, "intercept from Hispalis", "take 3", "roll the attempts")
    roll(state, 1)
    return state


def test_h67_an_army_landed_by_sea_at_its_own_city_splits_between_the_walls_and_the_way_back() -> None:
    state = _mago_intercepted_at_gades(4)
    assert legal(state) == {"fight", "back up", "garrison 1", "garrison 2"}  # 4 do not all fit inside
    play(state, "garrison 2")
    roll(state, 1)  # H61: the Roman's naval roll for the way back, no effect
    gades, new_carthage = space(state, "Gades"), space(state, "New Carthage")
    assert state.inner[gades] == 2 and state.cu[CARTHAGE][gades] == 0  # no CU left outside
    assert state.gen_at[general(state, "Mago")] == new_carthage and state.cu[CARTHAGE][new_carthage] == 2
    assert violations(state) == []


def test_h67_a_landed_army_that_fits_may_still_go_inside_whole() -> None:
    state = _mago_intercepted_at_gades(2)
    assert legal(state) == {"fight", "back up", "go inside", "garrison 1"}
    play(state, "go inside")
    assert state.inner[space(state, "Gades")] == 2 and base.is_inside(state, general(state, "Mago"))
