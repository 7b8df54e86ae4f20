"""Hispanic Phase: the revolt roll, army moves, Hispanic attacks (R16, R18, R19)."""

from __future__ import annotations

from legatus.games.hispania.rules import phases

from .helpers import act, position, waits_for


def hispanic(st, roll: str):
    """Ends the Roman phase and applies the revolt roll."""
    return act(st, "end", roll)


def city(st, name: str) -> dict:
    return st.view()["cities"][name]


# --- R16 Revolt roll ------------------------------------------------------------------------
def test_R16_roman_die_is_the_province_and_hispanic_die_the_city():
    st = hispanic(position(), "roll IV-5")
    assert city(st, "Talabriga")["revolts"] == 1
    assert "Roman die IV, Hispanic die 5 → Talabriga: revolt placed" in st.events


def test_R16_a_garrison_or_a_general_protects_the_city():
    st = hispanic(position(garrisons={"Talabriga": ["red"]}), "roll IV-5")
    assert city(st, "Talabriga")["revolts"] == 0
    assert "Roman die IV, Hispanic die 5 → Talabriga: protected, nothing happens" in st.events
    st = hispanic(position(generals={"consul": "Talabriga"}), "roll IV-5")
    assert city(st, "Talabriga")["revolts"] == 0


def test_R16_a_revolt_there_brings_an_army_if_the_province_has_none():
    st = hispanic(position(revolts={"Talabriga": 1}), "roll IV-5")
    assert "Roman die IV, Hispanic die 5 → Talabriga: army placed" in st.events
    # ...and in the move step it moves on to Conimbriga, its one calm neighbour in Lusitania.
    assert city(st, "Conimbriga")["army"] is not None and city(st, "Talabriga")["revolts"] == 1


def test_R16_a_revolt_there_with_an_army_in_the_province_adds_a_revolt():
    st = position(revolts={"Talabriga": 1, "Olisipo": 3}, armies=("Olisipo",))
    hispanic(st, "roll IV-5")
    assert city(st, "Talabriga") | {"army": None} == city(st, "Talabriga")
    assert city(st, "Talabriga")["revolts"] == 2


def test_R16_no_army_left_in_the_reserve_adds_a_revolt():
    st = position(revolts={"Talabriga": 1, "Salduba": 1, "Numantia": 1, "Toletum": 1},
                  armies=("Salduba", "Numantia", "Toletum"))
    hispanic(st, "roll IV-5")
    assert city(st, "Talabriga")["army"] is None and city(st, "Talabriga")["revolts"] == 2


def test_R16_three_revolts_and_no_army_possible_nothing_happens():
    st = position(revolts={"Talabriga": 3, "Olisipo": 1}, armies=("Olisipo",))
    reserve = st.revolt_reserve
    hispanic(st, "roll IV-5")
    assert city(st, "Talabriga")["revolts"] == 3
    assert any("nothing happens" in e for e in st.events)
    assert st.revolt_reserve == reserve


# --- R18 Army movement ----------------------------------------------------------------------
def test_R18_one_candidate_the_army_goes_there_and_places_a_revolt():
    # Army in Olisipo (IV): linked in its province to Emerita and Conimbriga; Conimbriga is
    # in revolt, Emerita is not: Emerita has priority and is the only calm candidate.
    st = position(revolts={"Olisipo": 1, "Conimbriga": 1}, armies=("Olisipo",))
    hispanic(st, "roll I-1")
    assert city(st, "Emerita")["army"] is not None and city(st, "Emerita")["revolts"] == 1
    assert city(st, "Olisipo")["army"] is None and city(st, "Olisipo")["revolts"] == 1


def test_R18_several_candidates_the_die_picks_the_closest_shield():
    # Army in Capara (IV-2): Emerita (1), Salmantica (3), Conimbriga (4), all calm.
    st = position(revolts={"Capara": 1}, armies=("Capara",))
    hispanic(st, "roll I-1")
    assert waits_for(st, phases.ARMY_WAY)
    act(st, "roll 4")
    assert city(st, "Conimbriga")["army"] is not None


def test_R18_an_equidistant_die_does_not_move_the_army():
    st = position(revolts={"Capara": 1}, armies=("Capara",))
    hispanic(st, "roll I-1")
    act(st, "roll 2")  # Emerita (1) and Salmantica (3) are both 1 away
    assert city(st, "Capara")["army"] is not None
    assert "equidistant" in st.events[-2]


def test_R18_all_candidates_in_revolt_the_army_still_moves():
    st = position(revolts={"Olisipo": 1, "Conimbriga": 1, "Emerita": 1}, armies=("Olisipo",))
    hispanic(st, "roll I-1")
    act(st, "roll 6")  # Emerita (1), Conimbriga (4): 6 → Conimbriga
    assert city(st, "Conimbriga")["army"] is not None and city(st, "Conimbriga")["revolts"] == 1


def test_R18_armies_move_in_province_order_then_roman_provinces():
    st = position(revolts={"Castulo": 1, "Olisipo": 1, "Conimbriga": 1, "Osca": 1, "Ilerda": 1, "Salduba": 1,
                           "Calagurris": 1, "Gerunda": 1, "Pompaelo": 1},
                  armies=("Castulo", "Olisipo", "Osca"))
    hispanic(st, "roll VI-1")
    while waits_for(st, phases.ARMY_WAY):
        act(st, "roll 1")
    moves = [e for e in st.events if e.startswith("The army in")]
    assert moves[0].startswith("The army in Osca") and moves[1].startswith("The army in Olisipo")
    assert moves[-1].startswith("The army in Castulo")


def test_R18_a_province_all_in_revolt_lets_the_army_leave_it():
    # Every Lusitanian city in revolt: the army in Emerita also considers Regina (III) and
    # Corduba (Ulterior); calm cities first: Regina (2) and Corduba (2) → the die decides.
    lusitania = {c: 1 for c in ("Emerita", "Capara", "Salmantica", "Conimbriga", "Talabriga", "Olisipo")}
    st = position(revolts=lusitania, armies=("Emerita",))
    hispanic(st, "roll I-1")
    assert waits_for(st, phases.ARMY_WAY)
    assert set(st.view()["pending"]["candidates"]) == {"Regina", "Corduba"}


def test_R18_an_army_that_changes_province_takes_it_as_its_own():
    lusitania = {c: 1 for c in ("Emerita", "Capara", "Salmantica", "Conimbriga", "Talabriga", "Olisipo")}
    st = position(revolts=lusitania | {"Corduba": 1}, armies=("Emerita",))
    hispanic(st, "roll I-1")  # only Regina is calm: it goes there
    assert city(st, "Regina")["army"] is not None and city(st, "Regina")["revolts"] == 1
    # Next turn it moves inside Carpetania (Toletum is its only other link).
    act(st, "end", "roll II-1")
    assert city(st, "Toletum")["army"] is not None


def test_R18_no_province_change_into_a_province_with_an_army():
    lusitania = {c: 1 for c in ("Emerita", "Capara", "Salmantica", "Conimbriga", "Talabriga", "Olisipo")}
    st = position(revolts=lusitania | {"Regina": 1}, armies=("Emerita", "Regina"))
    hispanic(st, "roll I-1")
    # Carpetania's army moves first, from Regina to Toletum; then Regina (III) is excluded
    # (Carpetania has an army): Corduba is the one calm candidate.
    assert city(st, "Toletum")["army"] is not None
    assert city(st, "Corduba")["army"] is not None


# --- R19 Hispanic attacks -------------------------------------------------------------------
def test_R19_a_general_in_the_way_is_attacked_and_the_army_stays():
    # Army in Olisipo, Conimbriga in revolt: Emerita is the one calm way, and the consul is there.
    st = position(generals={"consul": "Emerita"}, revolts={"Olisipo": 2, "Conimbriga": 1}, armies=("Olisipo",))
    hispanic(st, "roll I-1")
    assert waits_for(st, phases.DEFEND_GENERAL)
    act(st, "roll I-6")  # army 6 + 3 revolts = 9 > consul 1 + 0
    assert st.view()["generals"]["consul"]["space"] is None
    assert city(st, "Olisipo")["army"] is not None and city(st, "Emerita")["revolts"] == 0


def test_R19_a_general_who_holds_keeps_his_place():
    st = position(generals={"consul": "Emerita"}, revolts={"Olisipo": 1, "Conimbriga": 1}, armies=("Olisipo",))
    hispanic(st, "roll I-1")
    act(st, "roll VI-1")  # army 1 + 2 = 3 < consul 6
    assert st.view()["generals"]["consul"]["space"] == "Emerita"


def test_R19_the_general_defends_with_his_garrisons_and_reinforcements():
    # The praetor of Ulterior in Emerita with a red garrison in Emerita: die 1 + 1 + 1 province
    # (Emerita is linked to Corduba) = 3, ×2 for the consul in Mare Atlanticum (linked to the
    # army's city Olisipo) = 6 against army 3 + 2 = 5: he holds.
    st = position(generals={"ulterior": "Emerita", "consul": "Mare Atlanticum"},
                  fleets=("Mare Balearicum", "Mare Ibericum", "Mare Atlanticum"),
                  revolts={"Olisipo": 1, "Conimbriga": 1}, armies=("Olisipo",), garrisons={"Emerita": ["red"]})
    hispanic(st, "roll I-1")
    act(st, "roll I-3")
    assert any("(die 1 + 0 denarii + 1 garrison + 1 province) ×2 for 1 general = 6: the army is held" in e
               for e in st.events)
    assert st.view()["generals"]["ulterior"]["space"] == "Emerita"


def test_R19_a_garrisoned_city_in_the_way_loses_its_top_garrison():
    st = position(revolts={"Olisipo": 3, "Conimbriga": 1}, armies=("Olisipo",),
                  garrisons={"Emerita": ["yellow", "red"]})
    hispanic(st, "roll I-1")
    assert waits_for(st, phases.DEFEND_CITY)
    act(st, "roll 6")  # 6 + 4 = 10 > shield 1
    assert city(st, "Emerita")["garrisons"] == ["yellow"]
    assert st.garrison_reserve[0] == 4  # the red one went back to its owner
    assert city(st, "Olisipo")["army"] is not None and city(st, "Emerita")["revolts"] == 0


def test_R19_generals_linked_to_the_army_double_the_city_s_defence():
    # Rulebook: "the respective reinforcements multiply ×2 if connected to the enemy": the
    # consul in Mare Atlanticum is linked to the army's city Olisipo: shield 1 ×2 = 2.
    st = position(generals={"consul": "Mare Atlanticum"},
                  fleets=("Mare Balearicum", "Mare Ibericum", "Mare Atlanticum"),
                  revolts={"Olisipo": 1, "Conimbriga": 1}, armies=("Olisipo",), garrisons={"Emerita": ["red"]})
    hispanic(st, "roll I-1")
    act(st, "roll 1")  # 1 + 2 = 3 > 2: the garrison falls
    assert any("shield 1) ×2 for 1 general = 2" in e for e in st.events)
