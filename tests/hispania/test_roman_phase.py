"""Roman Phase: Garrison, Besiege, Attack and the denarii (R9, R11, R14, R15)."""

from __future__ import annotations

import pytest

import legatus
from legatus.games.hispania.rules import phases

from .helpers import act, legal, position, waits_for


def garrisons(st, city: str) -> list[str]:
    return st.view()["cities"][city]["garrisons"]


# --- R11 Garrisons ------------------------------------------------------------------------
def test_R11_place_a_garrison_for_1_denarius():
    st = position(generals={"ulterior": "Corduba"})
    act(st, "garrison")
    assert garrisons(st, "Corduba") == ["red"]
    assert st.money == 5 and st.garrison_reserve[0] == 3


def test_R11_no_garrison_from_an_empty_reserve():
    st = position(level="6-3-3-4-2", generals={"ulterior": "Corduba"}, garrisons={"Gades": ["red", "red", "red"]})
    assert "garrison" not in legal(st)
    with pytest.raises(legatus.IllegalActionError, match="no garrison left"):
        act(st, "garrison")


def test_R11_at_most_three_discs_a_city():
    st = position(generals={"ulterior": "Corduba"}, garrisons={"Corduba": ["yellow", "blue", "blue"]})
    assert "garrison" not in legal(st)
    with pytest.raises(legatus.IllegalActionError, match="3 discs"):
        act(st, "garrison")


def test_R11_no_garrison_at_sea():
    st = position(generals={"ulterior": "Mare Gaditanum"})
    assert "garrison" not in legal(st)


def test_R11_a_capital_takes_a_garrison_only_when_its_province_is_free_of_revolt():
    st = position(generals={"ulterior": "Toletum"}, revolts={"Basti": 1})
    assert "garrison" not in legal(st)
    with pytest.raises(legatus.IllegalActionError, match="Basti"):
        act(st, "garrison")
    st = position(generals={"ulterior": "Toletum"}, revolts={"Salduba": 1})  # another province's revolt
    assert "garrison" in legal(st)


def test_R11_remove_one_of_his_own_garrisons_at_any_height():
    st = position(generals={"ulterior": "Corduba"}, garrisons={"Corduba": ["red", "yellow"]})
    act(st, "remove garrison")
    assert garrisons(st, "Corduba") == ["yellow"]
    assert st.garrison_reserve[0] == 4 and st.money == 5
    # yellow is not his
    assert "remove garrison" not in legal(st)


# --- R9 Money -----------------------------------------------------------------------------
def test_R9_unspent_denarii_are_lost_at_the_end_of_the_phase():
    st = position(level="7-4-3-4-2")
    act(st, "move Corduba", "end")
    assert waits_for(st, phases.REVOLT) and st.money == 7 - 1
    act(st, "roll I-1")  # Gerunda: a revolt; no army moves
    assert st.turn == 1 and st.money == 7  # the next general gets the level's denarii again


def test_R9_a_general_off_the_board_blocks_a_denarius():
    st = position(level="6-4-3-4-2", generals={"citerior": None})
    assert st.money == 5
    st = position(level="6-4-3-4-2", generals={"citerior": None, "consul": None})
    assert st.money == 4


def test_R9_the_phase_ends_when_nothing_is_left_to_spend():
    st = position(money=1, generals={"ulterior": "Corduba"})
    act(st, "garrison")
    assert waits_for(st, phases.REVOLT)
    assert "Nothing left to spend" in st.events[-1]


# --- R14 Besiege --------------------------------------------------------------------------
def test_R14_besiege_targets_a_linked_city_in_revolt_without_army():
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 1, "Puciala": 1, "Baecula": 0})
    sieges = {a for a in legal(st) if a.startswith("besiege")}
    assert sieges == {"besiege Basti 1", "besiege Basti 2", "besiege Basti 3"}  # Puciala is not linked
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 2}, armies=("Basti",))
    assert not any(a.startswith("besiege") for a in legal(st))
    with pytest.raises(legatus.IllegalActionError, match="attack it instead"):
        act(st, "besiege Basti 1")


def test_R14_besiege_spends_1_to_3_denarii_at_most_what_is_left():
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 1}, money=2)
    assert {a for a in legal(st) if a.startswith("besiege")} == {"besiege Basti 1", "besiege Basti 2"}


def test_R14_a_won_siege_removes_one_revolt_to_the_reserve():
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 2})
    reserve = st.revolt_reserve
    act(st, "besiege Basti 1")
    assert waits_for(st, phases.BESIEGE) and st.money == 5
    assert {str(a) for a, _ in st.chance_outcomes()} == {f"roll {r}" for r in ("I", "II", "III", "IV", "V", "VI")}
    act(st, "roll II")  # 2 + 1 + 1 (praetor in Ulterior) = 4 > shield 1
    assert st.view()["cities"]["Basti"]["revolts"] == 1
    assert st.revolt_reserve == reserve + 1
    assert st.phase == phases.ROMAN and st.money == 5


def test_R14_a_lost_siege_changes_nothing_but_the_denarii():
    st = position(generals={"consul": "Complutum"}, turn=2, revolts={"Toletum": 1})
    act(st, "besiege Toletum 1", "roll I")  # 1 + 1 = 2 < shield 6
    assert st.view()["cities"]["Toletum"]["revolts"] == 1
    assert st.money == 5 and st.phase == phases.ROMAN
    assert st.view()["generals"]["consul"]["space"] == "Complutum"


# --- R15 Attack ---------------------------------------------------------------------------
def test_R15_attack_targets_an_army_in_a_linked_city():
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 1, "Puciala": 1}, armies=("Basti",))
    attacks = {a for a in legal(st) if a.startswith("attack")}
    assert attacks == {"attack Basti 1", "attack Basti 2", "attack Basti 3"}
    act(st, "attack Basti 3")
    assert waits_for(st, phases.ATTACK) and len(st.chance_outcomes()) == 36


def test_R15_a_won_attack_sends_the_army_to_the_reserve_and_its_revolts_stay():
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 2}, armies=("Basti",))
    act(st, "attack Basti 3", "roll VI-1")  # 6 + 3 + 1 = 10 > 1 + 2 = 3
    view = st.view()
    assert view["cities"]["Basti"] == {**view["cities"]["Basti"], "army": None, "revolts": 2}
    assert view["reserves"]["armies"] == 3
    assert view["generals"]["ulterior"]["space"] == "Castulo"  # he does not advance
    assert st.phase == phases.ROMAN and st.money == 3


def test_R15_a_lost_attack_removes_the_general_and_ends_the_roman_phase():
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 3}, armies=("Basti",))
    act(st, "attack Basti 1", "roll I-6")  # 1 + 1 + 1 = 3 < 6 + 3 = 9
    view = st.view()
    assert view["generals"]["ulterior"]["space"] is None
    assert view["cities"]["Basti"]["army"] is not None
    assert waits_for(st, phases.REVOLT)  # the Roman phase ended at once
    assert "defeated" in st.events[-1]
