"""The rulebook's "Remember" list, one test a bullet."""

from __future__ import annotations

import pytest

import legatus
from legatus.games.hispania.ids import Id
from legatus.games.hispania.rules import combat, phases

from .helpers import act, legal, position, waits_for


def test_remember_1_one_meeple_a_space_one_fleet_a_sea_three_discs_a_city():
    st = position(generals={"consul": "Corduba"})
    assert "move Corduba" not in legal(st)  # a general there already
    assert "fleet Mare Gaditanum>Mare Ibericum" not in legal(st)  # a fleet there already
    st = position(generals={"ulterior": "Corduba"}, garrisons={"Corduba": ["red", "red", "yellow"]})
    assert "garrison" not in legal(st)
    st = position(revolts={"Talabriga": 3, "Olisipo": 1}, armies=("Olisipo",))
    act(st, "end", "roll IV-5")
    assert st.view()["cities"]["Talabriga"]["revolts"] == 3


def test_remember_2_never_more_than_one_army_a_province():
    st = position(revolts={"Talabriga": 1, "Olisipo": 2}, armies=("Olisipo",))
    act(st, "end", "roll IV-5")  # a revolt with an army elsewhere in Lusitania: another revolt
    armies = [c for c in st.view()["armies"].values() if c]
    assert len(armies) == 1


def test_remember_3_armies_always_on_revolt_generals_never():
    st = position(revolts={"Olisipo": 1, "Conimbriga": 1}, armies=("Olisipo",))
    act(st, "end", "roll I-1")  # the army enters calm Emerita: a revolt goes with it
    assert st.view()["cities"]["Emerita"]["revolts"] == 1
    st = position(revolts={"Corduba": 1})
    assert "move Corduba" not in legal(st)


def test_remember_4_enter_a_capital_but_no_garrison_while_its_province_revolts():
    st = position(generals={"ulterior": "Complutum"}, revolts={"Basti": 1})
    assert "move Toletum" in legal(st)
    act(st, "move Toletum")
    assert "garrison" not in legal(st)


def test_remember_5_the_winner_does_not_advance():
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 1}, armies=("Basti",))
    act(st, "attack Basti 3", "roll VI-1")
    assert st.view()["generals"]["ulterior"]["space"] == "Castulo"
    st = position(revolts={"Olisipo": 3, "Conimbriga": 1}, armies=("Olisipo",), garrisons={"Emerita": ["red"]})
    act(st, "end", "roll I-1", "roll 6")
    assert st.view()["cities"]["Olisipo"]["army"] is not None
    assert st.view()["cities"]["Emerita"]["army"] is None


def test_remember_6_combats_are_between_two_linked_spaces():
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 1, "Puciala": 2, "Toletum": 1},
                  armies=("Puciala",))
    targets = {a.rsplit(" ", 1)[0] for a in legal(st) if a.startswith(("besiege", "attack"))}
    assert targets == {"besiege Basti"}  # Puciala and Toletum are not linked to Castulo
    with pytest.raises(legatus.IllegalActionError, match="not linked"):
        act(st, "attack Puciala 1")


def test_remember_7_reinforcements_count_only_when_linked_to_the_enemy():
    # The consul is linked to the praetor (Corduba-Baecula) but not to the target Basti.
    st = position(generals={"ulterior": "Castulo", "consul": "Baecula"}, revolts={"Basti": 1})
    value, _ = combat.roman_value(st, 0, st.board.space("Castulo"), st.board.space("Basti"), 1, 1)
    assert value == 1 + 1 + 1
    # In Puciala he is linked to Basti: ×2.
    st.put_general(2, st.board.space("Puciala"))
    value, _ = combat.roman_value(st, 0, st.board.space("Castulo"), st.board.space("Basti"), 1, 1)
    assert value == (1 + 1 + 1) * 2


def test_remember_8_generals_fight_and_reinforce_from_the_sea():
    st = position(generals={"consul": "Mare Ibericum", "citerior": "Mare Balearicum"}, turn=2,
                  revolts={"Valentia": 1})
    assert "besiege Valentia 1" in legal(st)
    value, words = combat.roman_value(st, 2, st.board.space("Mare Ibericum"), st.board.space("Valentia"), 1, 1)
    assert value == 2 * 2 and "1 general" in words  # the praetor at sea is linked to Valentia


def test_remember_9_losing_an_attack_ends_the_roman_phase():
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 3}, armies=("Basti",))
    act(st, "attack Basti 1", "roll I-6")
    assert waits_for(st, phases.REVOLT)


def test_remember_10_a_defeated_general_blocks_a_denarius_until_he_returns():
    st = position(generals={"ulterior": None}, turn=1)
    assert st.money == 5
    st = position(generals={"ulterior": None})
    st.goto(Id.BEGIN_TURN)  # a turn begins as the table begins it
    st.settle()
    act(st, "enter Gades")
    assert st.money == 6


def test_remember_11_a_revolt_goes_from_the_reserve_to_the_time_track_each_round():
    st = position(turn=2, garrisons={"Termes": ["blue"]})
    reserve = st.revolt_reserve
    act(st, "end", "roll II-2")
    assert (st.time, st.revolt_reserve) == (1, reserve - 1)
