"""Setup (rulebook "Setup"; R5–R8), and the rulebook's setup example."""

from __future__ import annotations

import pytest

import legatus
from legatus.games.hispania.rules import phases

from .helpers import SETUP_EXAMPLE, act, legal, waits_for


def new(level: str = "6-4-3-4-2") -> legatus.State:
    return legatus.load("hispania", level=level).new_initial_state()


def cities(st, **counts: int) -> dict[str, int]:
    return {name: st.view()["cities"][name]["revolts"] for name in counts}


def test_setup_example_replays_exactly():
    # Rulebook setup example: 4-5-2-4-3-6, then II and V; roads to Emerita and Capara,
    # Ilerda, Basti-Carthago Nova; praetors in Gades and Valentia, consul on Mare Ibericum.
    record = {"game": "hispania", "version": 1, "options": {"level": "6-4-3-4-2"}, "actions": SETUP_EXAMPLE}
    st = legatus.replay(record)
    view = st.view()
    revolts = {name: c["revolts"] for name, c in view["cities"].items() if c["revolts"]}
    assert revolts == {"Salduba": 2, "Segobriga": 1, "Regina": 3, "Conimbriga": 2, "Asturica": 2, "Flaviobriga": 1}
    assert sum(revolts.values()) == 11
    armies = sorted(c for c in view["armies"].values() if c)
    assert armies == ["Asturica", "Segobriga"]
    assert view["generals"]["ulterior"]["space"] == "Gades"
    assert view["generals"]["citerior"]["space"] == "Valentia"
    assert view["generals"]["consul"]["space"] == "Mare Ibericum"
    assert [s for s, v in view["seas"].items() if v["fleet"]] == ["Mare Balearicum", "Mare Ibericum", "Mare Gaditanum"]
    # "The turn of praetor I begins" (R1: praetor I is the praetor of Ulterior)
    assert view["phase"] == "Roman phase" and view["general"] == "ulterior" and view["denarii"] == 6
    assert view["reserves"]["revolts"] == 22 - 11


def test_R5_revolt_die_names_the_city_and_the_count():
    # R5: one Hispanic die per province I..VI; 1-2 → 3 revolts, 3-4 → 2, 5-6 → 1.
    st = new()
    act(st, "roll 1", "roll 2", "roll 3", "roll 4", "roll 5", "roll 6")
    assert cities(st, Gerunda=0, Termes=0, Puciala=0, Conimbriga=0, Noega=0, Flaviobriga=0) == {
        "Gerunda": 3, "Termes": 3, "Puciala": 2, "Conimbriga": 2, "Noega": 1, "Flaviobriga": 1}
    assert st.revolt_reserve == 22 - 12


def test_R5_setup_revolts_wait_for_the_hispanic_die_only():
    st = new()
    assert {str(a) for a, _ in st.chance_outcomes()} == {f"roll {d}" for d in range(1, 7)}
    with pytest.raises(legatus.IllegalActionError, match="Hispanic die"):
        st.apply_action(st.parse_action("roll IV"))


def test_R6_roman_die_picks_the_province_and_rerolls_a_province_with_an_army():
    st = new(level="6-4-3-4-3")
    act(st, *SETUP_EXAMPLE[:6])
    act(st, "roll II")
    assert st.view()["cities"]["Segobriga"]["army"] is not None
    act(st, "roll II")  # Celtiberia has its army: roll again
    assert "roll again" in st.events[-1]
    assert waits_for(st, phases.SETUP_ARMY) and st.armies_in_reserve() == 2
    act(st, "roll V", "roll I")
    armies = sorted(c for c in st.view()["armies"].values() if c)
    assert armies == ["Asturica", "Salduba", "Segobriga"]
    assert st.phase == phases.SETUP_ROADS


def test_R6_number_of_initial_armies_is_the_level_s():
    for armies in (1, 2, 3):
        st = new(level=f"6-4-3-4-{armies}")
        act(st, *SETUP_EXAMPLE[:6])
        for numeral in ("I", "II", "III")[:armies]:
            act(st, f"roll {numeral}")
        assert st.phase == phases.SETUP_ROADS
        placed = [c for c in st.view()["armies"].values() if c]
        assert len(placed) == armies


def test_R7_roads_extend_the_network_avoiding_revolts_and_capitals():
    st = new()
    act(st, *SETUP_EXAMPLE[:8])
    roads = legal(st)
    assert "road Corduba-Emerita" in roads  # touches Corduba (printed road)
    assert "road Emerita-Capara" not in roads  # Emerita has no road yet
    assert "road Corduba-Regina" not in roads  # Regina is in revolt (3)
    assert "road Regina-Emerita" not in roads
    assert not any("Toletum" in r or "Osca" in r for r in roads)  # capitals
    act(st, "road Corduba-Emerita")
    assert "road Emerita-Capara" in legal(st)  # now the network reaches Emerita
    with pytest.raises(legatus.IllegalActionError, match="revolt"):
        act(st, "road Corduba-Regina")


def test_R7_roads_are_placed_in_turn_order_I_II_III():
    st = legatus.load("hispania", level="6-4-3-5-2", players=3).new_initial_state()
    act(st, *SETUP_EXAMPLE[:8])
    seats = []
    for road in ("road Corduba-Emerita", "road Emerita-Capara", "road Tarraco-Ilerda", "road Basti-Carthago Nova",
                 "road Castulo-Basti"):
        seats.append(st.game.seats[st.current_player()])
        act(st, road)
    assert seats == ["ulterior", "citerior", "consul", "ulterior", "citerior"]
    assert st.phase == phases.SETUP_START


def test_R7_the_level_sets_how_many_roads():
    for roads in (3, 4, 5):
        st = new(level=f"6-4-3-{roads}-2")
        act(st, *SETUP_EXAMPLE[:8])
        count = 0
        while st.phase == phases.SETUP_ROADS:
            st.apply_action(st.legal_actions()[0])
            count += 1
        assert count == roads
        assert sum(st.roads) == 6 + roads  # the 6 printed roads and the level's


def test_R8_starting_spaces():
    st = new(level="6-4-2-4-2")
    act(st, *SETUP_EXAMPLE[:12])
    assert legal(st) == {"start Gades", "start Corduba", "start Baecula", "start Castulo"}
    act(st, "start Corduba")
    assert legal(st) == {"start Carthago Nova", "start Valentia", "start Dertosa", "start Tarraco"}
    act(st, "start Tarraco")
    # the consul starts on any fleet; with 2 fleets they are in seas 1 and 2 (R8)
    assert legal(st) == {"start Mare Balearicum", "start Mare Ibericum"}
    with pytest.raises(legatus.IllegalActionError, match="fleet"):
        act(st, "start Mare Gaditanum")


def test_R8_fleets_start_in_the_first_seas():
    for fleets in (2, 3, 4):
        st = new(level=f"6-4-{fleets}-4-2")
        seas = [s for s, v in st.view()["seas"].items() if v["fleet"]]
        assert [st.view()["seas"][s]["number"] for s in seas] == list(range(1, fleets + 1))


def test_R1_after_setup_the_praetor_of_ulterior_plays_first_with_the_denarii():
    st = legatus.replay({"game": "hispania", "version": 1, "options": {"level": "7-4-3-4-2"}, "actions": SETUP_EXAMPLE})
    assert st.turn == 0 and st.money == 7
    assert st.view()["generals"]["ulterior"]["colour"] == "red"
