"""Combat values (rulebook "BESIEGE", Hispanic attacks, Remember; R2, R3, R4, R12, R13)."""

from __future__ import annotations

from legatus.games.hispania.ids import Id
from legatus.games.hispania.rules import combat

from .helpers import act, position


def sp(st, name: str) -> int:
    return st.board.space(name)


def test_R2_shields_are_the_city_numbers_and_sea_numbers():
    st = position()
    board = st.board
    assert board.number[sp(st, "Toletum")] == 6 and board.number[sp(st, "Regina")] == 2
    assert board.number[sp(st, "Castulo")] == 4  # Roman cities are 1-4
    assert board.number[sp(st, "Mare Gaditanum")] == 3
    assert combat.city_defence(st, sp(st, "Regina"), sp(st, "Corduba"), roman_attacker=True)[0] == 2


def test_R3_connected_is_one_link_whatever_its_segments():
    # Corduba-Regina is a 3-segment link: still connected. Gades-Regina: no link.
    st = position(generals={"ulterior": "Corduba"}, revolts={"Regina": 1})
    assert "besiege Regina 1" in {str(a) for a in st.legal_actions()}
    st = position(generals={"ulterior": "Gades"}, revolts={"Regina": 1})
    assert not any(str(a).startswith("besiege") for a in st.legal_actions())


def test_R3_a_general_at_sea_is_connected_to_its_coast():
    st = position(generals={"consul": "Mare Ibericum"}, turn=2, revolts={"Carthago Nova": 1})
    assert "besiege Carthago Nova 1" in {str(a) for a in st.legal_actions()}


def test_R4_garrisons_of_any_colour_form_one_group():
    st = position(garrisons={"Gades": ["yellow"], "Corduba": ["red"], "Baecula": ["blue", "red"]})
    assert sorted(st.board.names[c] for c in combat.group(st, sp(st, "Gades"), garrisons=True)) == \
        ["Baecula", "Corduba", "Gades"]
    # Castulo holds nothing: the group stops at Baecula
    assert sp(st, "Castulo") not in combat.group(st, sp(st, "Gades"), garrisons=True)


def test_R12_roman_value_counts_his_garrisons_in_connected_groups_and_the_province_disc():
    # Praetor of Ulterior in Castulo. Group {Gades, Corduba, Baecula} touches him (Baecula is
    # linked to Castulo): his red discs there count (2), yellow does not. He is in Ulterior: +1.
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 1},
                  garrisons={"Gades": ["yellow"], "Corduba": ["red"], "Baecula": ["red"]})
    value, words = combat.roman_value(st, 0, sp(st, "Castulo"), sp(st, "Basti"), die=3, denarii=2)
    assert value == 3 + 2 + 2 + 1
    assert "2 garrisons" in words and "+ 1 province" in words


def test_R12_a_group_not_touching_the_general_does_not_count():
    # Red garrison in Gades only: Gades is not linked to Castulo.
    st = position(generals={"ulterior": "Castulo"}, garrisons={"Gades": ["red"]})
    value, _ = combat.roman_value(st, 0, sp(st, "Castulo"), sp(st, "Basti"), die=3, denarii=1)
    assert value == 3 + 1 + 0 + 1


def test_R12_the_province_disc_reaches_a_praetor_through_his_group():
    # Praetor of Citerior in Ilerda (province I): not in Citerior, but Ilerda is linked to
    # Tarraco (Citerior): +1. In Osca (not linked to Citerior) with his garrison in Ilerda,
    # the group {Ilerda} touches Osca and Ilerda is linked to Tarraco: +1 again.
    st = position(generals={"citerior": "Ilerda"}, turn=1)
    assert combat.roman_value(st, 1, sp(st, "Ilerda"), sp(st, "Salduba"), 1, 1)[0] == 3
    st = position(generals={"citerior": "Osca"}, turn=1, garrisons={"Ilerda": ["yellow"]})
    assert combat.roman_value(st, 1, sp(st, "Osca"), sp(st, "Salduba"), 1, 1)[0] == 1 + 1 + 1 + 1
    # Without the garrison, Osca gives no province disc.
    st = position(generals={"citerior": "Osca"}, turn=1)
    assert combat.roman_value(st, 1, sp(st, "Osca"), sp(st, "Salduba"), 1, 1)[0] == 2


def test_R12_the_consul_has_no_province_disc():
    st = position(generals={"consul": "Corduba"}, turn=2)
    assert combat.roman_value(st, 2, sp(st, "Corduba"), sp(st, "Regina"), 1, 1)[0] == 2


def test_R12_each_other_general_connected_to_the_target_doubles_the_roman_value():
    # Target Toletum. The consul besieges from Complutum; the praetor of Citerior in Puciala
    # and the praetor of Ulterior in Regina are linked to Toletum: ×2 ×2.
    st = position(generals={"consul": "Complutum", "citerior": "Puciala", "ulterior": "Regina"}, turn=2,
                  revolts={"Toletum": 1})
    value, words = combat.roman_value(st, 2, sp(st, "Complutum"), sp(st, "Toletum"), die=2, denarii=1)
    assert value == (2 + 1) * 4
    assert "×4 for 2 generals" in words
    # A general linked to the besieger but not to the target does not help (R12, Remember).
    st = position(generals={"consul": "Complutum", "citerior": "Segobriga", "ulterior": "Gades"}, turn=2,
                  revolts={"Toletum": 1})
    st.put_general(1, sp(st, "Termes"))  # Termes is linked to Complutum, not to Toletum
    assert combat.roman_value(st, 2, sp(st, "Complutum"), sp(st, "Toletum"), 2, 1)[0] == 3


def test_R12_each_army_connected_to_the_besieging_general_doubles_the_shield():
    # The consul in Complutum besieges Toletum (6); armies in Abula and Segobriga are linked to
    # Complutum: 6 ×2 ×2 = 24. An army linked to Toletum but not to Complutum (Puciala) does not count.
    st = position(generals={"consul": "Complutum"}, turn=2,
                  revolts={"Toletum": 1, "Abula": 1, "Segobriga": 1, "Puciala": 1},
                  armies=("Abula", "Segobriga"))
    assert combat.city_defence(st, sp(st, "Toletum"), sp(st, "Complutum"), roman_attacker=True)[0] == 24
    st = position(generals={"consul": "Complutum"}, turn=2, revolts={"Toletum": 1, "Puciala": 1},
                  armies=("Puciala",))
    assert combat.city_defence(st, sp(st, "Toletum"), sp(st, "Complutum"), roman_attacker=True)[0] == 6


def test_R12_army_value_is_die_plus_its_revolt_group_doubled_by_armies_linked_to_the_enemy():
    # Army in Salduba (2 revolts); its revolt group is Salduba-Osca-Ilerda (2+1+1 = 4).
    # The praetor of Citerior attacks from Dertosa; another army in Valentia is linked to
    # Dertosa (the enemy's space): ×2.
    st = position(generals={"citerior": "Dertosa", "ulterior": "Gades"}, turn=1,
                  revolts={"Salduba": 2, "Osca": 1, "Ilerda": 1, "Valentia": 1, "Gerunda": 0},
                  armies=("Salduba", "Valentia"))
    army = st.space_army[sp(st, "Salduba")]
    value, words = combat.army_value(st, army, sp(st, "Dertosa"), die=3)
    assert value == (3 + 4) * 2
    assert "4 revolts" in words
    # Valentia's revolt is not in Salduba's group (not linked).
    st.remove_army(st.space_army[sp(st, "Valentia")])
    assert combat.army_value(st, army, sp(st, "Dertosa"), die=3)[0] == 7


def test_R12_attack_with_every_term_applied():
    # Roman: die 4 + 2 denarii + 1 yellow garrison (Tarraco, linked to Dertosa) + 1 province,
    # ×2 for the consul in Bilbilis (linked to Salduba) = 16.
    # Hispanic: die 5 + 4 revolts ×2 for the army in Valentia = 18 → the praetor loses.
    st = position(generals={"citerior": "Dertosa", "consul": "Bilbilis", "ulterior": "Gades"}, turn=1,
                  revolts={"Salduba": 2, "Osca": 1, "Ilerda": 1, "Valentia": 1},
                  armies=("Salduba", "Valentia"), garrisons={"Tarraco": ["yellow"]})
    act(st, "attack Salduba 2", "roll IV-5")
    assert "= 16 against" in st.events[-1] and "= 18:" in st.events[-1]
    assert st.view()["generals"]["citerior"]["space"] is None


def test_R13_a_tie_goes_to_the_defender():
    # die 1 + 1 denarius + 0 = 2 against Regina's shield 2 (the consul has no province disc)
    st = position(generals={"consul": "Corduba"}, turn=2, revolts={"Regina": 1})
    act(st, "besiege Regina 1", "roll I")
    assert st.view()["cities"]["Regina"]["revolts"] == 1
    assert "the siege fails" in st.events[-1]


def test_R13_option_ties_to_the_attacker():
    st = position(generals={"consul": "Corduba"}, turn=2, revolts={"Regina": 1}, ties="attacker")
    act(st, "besiege Regina 1", "roll I")
    assert st.view()["cities"]["Regina"]["revolts"] == 0


def test_R13_ties_in_hispanic_attacks_go_to_the_defender():
    # An army (die 1 + 1 revolt = 2) attacks the garrison of Regina... shield 2: held.
    st = position(revolts={"Toletum": 1}, armies=("Toletum",), garrisons={"Regina": ["red"]})
    st.goto(Id.ROLL_DEFEND_CITY)
    st.army, st.target = st.space_army[sp(st, "Toletum")], sp(st, "Regina")
    st.queue = ()
    st.forget_legal()
    act(st, "roll 1")
    assert st.view()["cities"]["Regina"]["garrisons"] == ["red"]
