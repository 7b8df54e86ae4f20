"""Game Sequence: turn order, absent generals (R1, R17)."""

from __future__ import annotations

import pytest

import legatus
from legatus.games.hispania.ids import Id
from legatus.games.hispania.rules import phases

from .helpers import SETUP_EXAMPLE, act, legal, position, waits_for


def test_R1_a_round_is_turns_I_II_III_ulterior_citerior_consul():
    st = legatus.replay({"game": "hispania", "version": 1, "options": {}, "actions": SETUP_EXAMPLE})
    order = []
    for _ in range(4):
        order.append((st.round, st.view()["turn"], st.view()["general"]))
        act(st, "end", "roll II-2")  # Termes: nothing moves into the way of anything
        while st.phase != phases.ROMAN:
            st.apply_action(st.legal_actions()[0])
    assert order == [(1, "I", "ulterior"), (1, "II", "citerior"), (1, "III", "consul"), (2, "I", "ulterior")]


def test_R1_colours():
    st = position()
    assert {g: v["colour"] for g, v in st.view()["generals"].items()} == \
        {"ulterior": "red", "citerior": "yellow", "consul": "blue"}


def test_R1_with_three_players_each_general_has_his_seat():
    game = legatus.load("hispania", players=3)
    assert game.seats == ("ulterior", "citerior", "consul")
    for turn, seat in enumerate(game.seats):
        st = position(players=3, turn=turn)
        assert st.game.seats[st.current_player()] == seat
    with pytest.raises(legatus.OptionError, match="players"):
        legatus.load("hispania", players=4)


def test_R17_a_praetor_enters_in_a_city_of_his_province_without_revolt():
    st = position(generals={"ulterior": None}, revolts={"Corduba": 1})
    assert st.phase == phases.ROMAN  # built at his phase; start it as a turn does
    st.goto(Id.BEGIN_TURN)  # a turn begins as the table begins it

    st.settle()
    assert st.phase == phases.ENTER
    assert legal(st) == {"enter Gades", "enter Baecula", "enter Castulo"}
    act(st, "enter Castulo")
    assert st.view()["generals"]["ulterior"]["space"] == "Castulo"
    assert st.money == 6  # back on the board: his blocked denarius is recovered (R9)


def test_R17_the_consul_enters_on_any_fleet():
    st = position(generals={"consul": None, "citerior": "Mare Balearicum"}, turn=2)
    st.goto(Id.BEGIN_TURN)  # a turn begins as the table begins it
    st.settle()
    moves = legal(st)
    assert {"enter Mare Ibericum", "enter Mare Gaditanum"} <= moves
    # Mare Balearicum holds the praetor: the consul may enter only to move on at once.
    assert "enter Mare Balearicum" not in moves
    assert "enter Mare Balearicum>Tarraco" in moves
    act(st, "enter Mare Balearicum>Tarraco")
    assert st.view()["generals"]["consul"]["space"] == "Tarraco"
    assert st.money == 6 - 1


def test_R17_a_praetor_whose_province_is_all_in_revolt_skips_his_roman_phase():
    ulterior = {c: 1 for c in ("Gades", "Corduba", "Baecula", "Castulo")}
    st = position(generals={"ulterior": None}, revolts=ulterior)
    st.goto(Id.BEGIN_TURN)  # a turn begins as the table begins it
    st.settle()
    assert waits_for(st, phases.REVOLT)
    assert "cannot enter the board" in st.events[-1]


def test_R17_a_defeated_general_re_enters_at_his_next_turn():
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 3}, armies=("Basti",))
    act(st, "attack Basti 1", "roll I-6")  # he loses
    act(st, "roll II-2")  # the revolt roll; then the army in Basti moves or not
    while st.phase == phases.ROLL:
        st.apply_action(st.legal_actions()[0])
    # Citerior's and the consul's turns: 1 denarius blocked each
    assert st.turn == 1 and st.money == 5
    act(st, "end", "roll II-2")
    while st.phase != phases.ROMAN:
        st.apply_action(st.legal_actions()[0])
    assert st.turn == 2 and st.money == 5
    act(st, "end", "roll II-2")
    while st.phase not in (phases.ENTER, phases.ROMAN):
        st.apply_action(st.legal_actions()[0])
    assert st.phase == phases.ENTER and st.round == 2
