"""The variants (rulebook "Game Variants"; R22–R27; Hispano in test_hispano.py)."""

from __future__ import annotations

import pytest

import legatus
from legatus.games.hispania.pieces import DEAD, NOT_IN_GAME, PROCONSUL
from legatus.games.hispania.rules import combat, phases, turn

from .helpers import SETUP_EXAMPLE, act, legal, position, waits_for


def test_variants_option_names_and_combinations():
    game = legatus.load("hispania", variants="Terror, ingenium,pirates")
    assert game.options["variants"] == ("ingenivm", "pirates", "terror")  # rulebook order
    with pytest.raises(legatus.OptionError, match="unknown variant 'piracy'"):
        legatus.load("hispania", variants=["piracy"])


# --- R22 Ingenivm ---------------------------------------------------------------------------
def test_R22_ingenivm_roads_may_be_kept_back_at_setup():
    st = legatus.load("hispania", variants=["ingenivm"]).new_initial_state()
    act(st, *SETUP_EXAMPLE[:8])
    assert "hold road" in legal(st)
    act(st, "road Corduba-Emerita", "hold road", "hold road", "hold road")
    assert st.roads_held == 3 and st.phase == phases.SETUP_START
    assert "hold road" not in legal(legatus.load("hispania").new_initial_state())


def test_R22_ingenivm_build_a_road_on_a_link_of_his_city_for_its_segments():
    st = position(variants=["ingenivm"], generals={"ulterior": "Corduba"})
    st.roads_held = 1
    roads = {a for a in legal(st) if a.startswith("road ")}
    assert roads == {"road Corduba-Emerita", "road Corduba-Regina"}  # his city's links without a road (R7)
    act(st, "road Corduba-Emerita")
    assert st.money == 6 - 3 and st.roads_held == 0  # 3 segments (Sierra Morena)
    assert st.roads[st.board.link(st.board.space("Corduba"), st.board.space("Emerita"))]
    assert not any(a.startswith("road ") for a in legal(st))


def test_R22_ingenivm_roads_obey_R7():
    st = position(variants=["ingenivm"], generals={"ulterior": "Corduba"}, revolts={"Regina": 1})
    st.roads_held = 1
    assert "road Corduba-Regina" not in legal(st)
    with pytest.raises(legatus.IllegalActionError, match="Regina is in revolt"):
        act(st, "road Corduba-Regina")


# --- R23 Imperivm ---------------------------------------------------------------------------
def test_R23_imperivm_citerior_adds_1_to_his_sieges():
    st = position(variants=["imperivm"], generals={"citerior": "Carthago Nova"}, turn=1, revolts={"Basti": 1})
    act(st, "besiege Basti 1", "roll I")
    assert "die 1 + 1 Imperivm + 1 denarius + 0 garrisons + 1 province = 4" in st.events[-1]
    st = position(generals={"citerior": "Carthago Nova"}, turn=1, revolts={"Basti": 1})
    act(st, "besiege Basti 1", "roll I")
    assert "die 1 + 1 denarius + 0 garrisons + 1 province = 3" in st.events[-1]


def test_R23_imperivm_the_consul_moves_the_praetors():
    st = position(variants=["imperivm"], generals={"consul": "Corduba"}, turn=2)
    assert "ulterior move Castulo" in legal(st) and "citerior move Tarraco" in legal(st)
    act(st, "ulterior move Castulo")
    assert st.view()["generals"]["ulterior"]["space"] == "Castulo" and st.money == 5
    assert "for the consul" in st.events[-1]
    st = position(variants=["imperivm"], turn=0)
    assert not any(a.startswith("citerior move") for a in legal(st))  # only the consul


def test_R23_imperivm_ulterior_moves_one_link_free_after_his_hispanic_phase():
    st = position(variants=["imperivm"], generals={"ulterior": "Gades"})
    act(st, "end", "roll II-2")
    assert st.phase == phases.FREE_MOVE
    assert legal(st) == {"move Corduba", "move Mare Gaditanum", "end"}  # one link, whatever it costs
    act(st, "move Corduba")
    assert st.view()["generals"]["ulterior"]["space"] == "Corduba"
    assert st.turn == 1 and st.phase == phases.ROMAN and st.money == 6


def test_R23_imperivm_no_free_move_for_the_others():
    st = position(variants=["imperivm"], turn=1)
    act(st, "end", "roll II-2")
    assert st.turn == 2 and st.phase == phases.ROMAN


# --- R24 Proconsvl --------------------------------------------------------------------------
def test_R24_proconsul_enters_on_the_balearic_fleet_for_3_denarii():
    st = position(variants=["proconsvl"])
    assert "proconsul enters" in legal(st)
    act(st, "proconsul enters")
    assert st.view()["generals"]["proconsul"]["space"] == "Mare Balearicum" and st.money == 3
    assert "proconsul enters" not in legal(st)
    # a general on that fleet, or no fleet there: he cannot come
    st = position(variants=["proconsvl"], generals={"citerior": "Mare Balearicum"})
    assert "proconsul enters" not in legal(st)


def test_R24_any_general_s_turn_spends_on_the_proconsul():
    st = position(variants=["proconsvl"], revolts={"Dertosa": 1}, turn=2)
    st.put_general(PROCONSUL, st.board.space("Mare Balearicum"))
    assert {"proconsul besiege Dertosa 1", "proconsul move Tarraco"} <= legal(st)
    act(st, "proconsul besiege Dertosa 3", "roll VI")
    assert st.view()["cities"]["Dertosa"]["revolts"] == 0
    assert "Proconsul besieges Dertosa" in st.events[-2]


def test_R24_the_proconsul_has_no_garrisons_and_no_province_disc():
    st = position(variants=["proconsvl"], generals={"ulterior": "Gades"}, garrisons={"Valentia": ["red", "yellow"]})
    st.put_general(PROCONSUL, st.board.space("Mare Balearicum"))
    # The group in Valentia touches him, but none of its garrisons is his: die + denarius,
    # ×2 for the praetor of Citerior in Valentia, linked to Dertosa.
    value, _ = combat.roman_value(st, PROCONSUL, st.board.space("Mare Balearicum"), st.board.space("Dertosa"), 1, 1)
    assert value == (1 + 1) * 2


def test_R24_a_defeated_proconsul_dies_and_the_phase_ends():
    st = position(variants=["proconsvl"], revolts={"Dertosa": 3}, armies=("Dertosa",))
    st.put_general(PROCONSUL, st.board.space("Mare Balearicum"))
    act(st, "proconsul attack Dertosa 1", "roll I-6")
    assert st.general_at[PROCONSUL] == DEAD and waits_for(st, phases.REVOLT)
    assert st.view()["generals"]["proconsul"]["status"] == "dead"
    assert turn.money(st) == 6  # the dead proconsul blocks no denarius
    act(st, "roll II-2")
    while st.phase == phases.ROLL:
        st.apply_action(st.legal_actions()[0])
    assert "proconsul enters" not in legal(st)


def test_R24_without_the_variant_no_proconsul():
    st = position()
    assert st.general_at[PROCONSUL] == NOT_IN_GAME
    with pytest.raises(legatus.IllegalActionError, match="Proconsvl variant"):
        act(st, "proconsul enters")


# --- R25 Legio Hispana ----------------------------------------------------------------------
def test_R25_the_purple_disc_starts_with_the_consul():
    st = position(variants=["legio-hispana"], turn=2, generals={"consul": "Corduba"})
    assert st.view()["reserves"]["legio_hispana"] == "consul"
    assert "garrison purple" in legal(st)
    act(st, "garrison purple")
    assert st.view()["cities"]["Corduba"]["garrisons"] == ["purple"] and st.money == 5
    st = position(variants=["legio-hispana"], turn=0, generals={"ulterior": "Corduba"})
    assert "garrison purple" not in legal(st)


def test_R25_any_general_counts_it_and_may_take_it():
    st = position(variants=["legio-hispana"], generals={"ulterior": "Castulo"}, garrisons={"Baecula": ["purple"]},
                  revolts={"Basti": 1})
    value, words = combat.roman_value(st, 0, st.board.space("Castulo"), st.board.space("Basti"), 1, 1)
    assert "1 garrison" in words and value == 1 + 1 + 1 + 1
    st = position(variants=["legio-hispana"], generals={"ulterior": "Baecula"}, garrisons={"Baecula": ["purple"]})
    act(st, "remove garrison purple")
    assert st.view()["reserves"]["legio_hispana"] == "ulterior"
    act(st, "move Castulo", "garrison purple")
    assert st.view()["cities"]["Castulo"]["garrisons"] == ["purple"]


def test_R25_removed_by_an_army_it_goes_to_the_consul():
    st = position(variants=["legio-hispana"], revolts={"Olisipo": 3, "Conimbriga": 1}, armies=("Olisipo",),
                  garrisons={"Emerita": ["purple"]})
    act(st, "end", "roll I-1", "roll 6")
    assert st.view()["cities"]["Emerita"]["garrisons"] == []
    assert st.view()["reserves"]["legio_hispana"] == "consul"


# --- R26 Pirates ----------------------------------------------------------------------------
def test_R26_pirates_hold_the_seas_without_fleets():
    for fleets, pirates in ((2, ["Mare Gaditanum", "Mare Atlanticum", "Mare Cantabricum"]),
                            (4, ["Mare Cantabricum"])):
        st = legatus.load("hispania", level=f"6-4-{fleets}-4-2", variants=["pirates"]).new_initial_state()
        seas = st.view()["seas"]
        assert [s for s, v in seas.items() if v["pirates"]] == pirates
        assert st.revolt_reserve == 22 - len(pirates)


def test_R26_pirates_block_fleets_and_are_besieged_with_the_sea_number_as_shield():
    st = position(variants=["pirates"], generals={"ulterior": "Gades"}, revolts={"Mare Atlanticum": 1})
    assert not any(a.startswith("fleet") and ("Atlanticum" in a or "Cantabricum" in a) for a in legal(st))
    assert "besiege Mare Gaditanum 1" not in legal(st)  # no pirates there
    # From Olisipo (linked to Mare Atlanticum): die 4 + 1 = 5 against the sea's number 4.
    st = position(variants=["pirates"], generals={"ulterior": "Olisipo"}, revolts={"Mare Atlanticum": 1})
    act(st, "besiege Mare Atlanticum 1", "roll IV")
    assert "= 5 against shield 4 = 4: a revolt removed" in st.events[-1]
    assert st.view()["seas"]["Mare Atlanticum"]["pirates"] == 0


def test_R26_pirates_count_in_revolt_groups_and_belong_to_no_province():
    st = position(variants=["pirates"], generals={"ulterior": "Gades"}, revolts={"Olisipo": 2, "Mare Atlanticum": 1},
                  armies=("Olisipo",))
    army = st.space_army[st.board.space("Olisipo")]
    assert combat.army_value(st, army, st.board.space("Emerita"), 1)[0] == 1 + 2 + 1
    capitals = {c: ["blue"] for c in ("Osca", "Numantia", "Toletum", "Olisipo", "Lucus")}
    st = position(variants=["pirates"], generals={"ulterior": "Flaviobriga"}, garrisons=capitals,
                  revolts={"Mare Cantabricum": 1})
    act(st, "garrison")
    assert st.winner == "rome"  # pirates do not stop a capital's garrison or the victory


# --- R27 Terror -----------------------------------------------------------------------------
def test_R27_terror_the_special_army_by_the_hispanic_die():
    st = position(variants=["terror"], revolts={"Talabriga": 1})
    act(st, "end", "roll IV-5")  # an army comes from the reserve: all three there → 5-6 special
    assert waits_for(st, phases.SPECIAL_ARMY)
    act(st, "roll 4")
    assert st.view()["armies"]["special"] is None
    st = position(variants=["terror"], revolts={"Talabriga": 1})
    act(st, "end", "roll IV-5", "roll 5")
    assert st.view()["armies"]["special"] is not None  # placed in Talabriga (then it moves on)


def test_R27_terror_two_left_a_4_places_the_special_army_one_left_always():
    st = position(variants=["terror"], revolts={"Talabriga": 1, "Salduba": 1}, armies=("Salduba",))
    act(st, "end", "roll IV-5", "roll 4")
    assert st.view()["armies"]["special"] is not None
    st = position(variants=["terror"], revolts={"Talabriga": 1, "Salduba": 1, "Numantia": 1},
                  armies=("Salduba", "Numantia"))
    act(st, "end", "roll IV-5")
    assert not waits_for(st, phases.SPECIAL_ARMY)  # only the special army is left
    assert st.view()["armies"]["special"] is not None


def test_R27_terror_at_setup_too():
    st = legatus.load("hispania", variants=["terror"]).new_initial_state()
    act(st, *SETUP_EXAMPLE[:7])
    assert waits_for(st, phases.SPECIAL_ARMY)


def test_R27_the_special_army_doubles_its_own_value_not_when_reinforcing():
    st = position(variants=["terror"], revolts={"Olisipo": 1, "Emerita": 1}, armies=("Olisipo", "Emerita"),
                  generals={"ulterior": "Corduba"})
    st.special = st.space_army[st.board.space("Emerita")]
    special, other = st.special, st.space_army[st.board.space("Olisipo")]
    corduba = st.board.space("Corduba")
    assert combat.army_value(st, special, corduba, 1)[0] == (1 + 2) * 2  # its own value ×2
    # Reinforcing the other army against Capara (linked to Emerita) it doubles once, like any army.
    assert combat.army_value(st, other, st.board.space("Capara"), 1)[0] == (1 + 2) * 2


def test_R27_traitors_success_replaces_the_special_army():
    st = position(variants=["terror"], traitors=True, revolts={"Regina": 2}, armies=("Regina",),
                  generals={"ulterior": "Corduba"})
    st.special = st.space_army[st.board.space("Regina")]
    st.forget_legal()
    assert "assassinate 3" in legal(st)
    act(st, "assassinate 3", "roll 3")
    assert st.special == -1 and st.view()["cities"]["Regina"]["army"] == "army1"
    assert "assassinate 1" not in legal(st)  # once a game


def test_R27_traitors_failure_triggers_an_exceptional_revolt_roll():
    st = position(variants=["terror"], traitors=True, revolts={"Regina": 2}, armies=("Regina",),
                  generals={"ulterior": "Corduba"})
    st.special = st.space_army[st.board.space("Regina")]
    st.forget_legal()
    act(st, "assassinate 1", "roll 2")
    assert waits_for(st, phases.REVOLT)
    act(st, "roll I-1")
    assert "Exceptional revolt roll" in st.events[-1]
    assert st.phase == phases.ROMAN and st.money == 5  # back to his Roman phase
    assert st.traitors_used and not any(a.startswith("assassinate") for a in legal(st))


def test_R27_traitors_needs_the_option_and_the_variant():
    with pytest.raises(legatus.OptionError, match="Terror"):
        legatus.load("hispania", traitors=True)
    st = position(variants=["terror"], revolts={"Regina": 2}, armies=("Regina",), generals={"ulterior": "Corduba"})
    st.special = st.space_army[st.board.space("Regina")]
    st.forget_legal()
    assert not any(a.startswith("assassinate") for a in legal(st))
