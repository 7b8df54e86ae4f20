"""Roman Phase, Move (rulebook "MOVE"; R10)."""

from __future__ import annotations

import pytest

import legatus

from .helpers import act, legal, position


def cost(st, dest: str) -> int | None:
    """The cost shown for moving the acting general to ``dest`` (None: not legal)."""
    for a in st.legal_actions():
        if str(a) == f"move {dest}":
            return int(st.describe(a).split("(")[1].split()[0])
    return None


def test_R10_a_link_costs_its_segments():
    # Corduba-Regina is a 3-segment link (Sierra Morena), Castulo-Basti 1 segment.
    st = position(generals={"ulterior": "Corduba"}, revolts={"Emerita": 1})
    assert cost(st, "Regina") == 3
    st = position(generals={"ulterior": "Castulo"})
    assert cost(st, "Basti") == 1


def test_R10_a_continuous_chain_of_roads_costs_1():
    # Printed roads Gades-Corduba-Baecula-Castulo: one run, 1 denarius.
    st = position()
    assert cost(st, "Castulo") == 1
    # Castulo-Basti is no road: a second segment.
    assert cost(st, "Basti") == 2
    # With roads Castulo-Basti and Basti-Carthago Nova the chain runs on to Tarraco.
    st = position(roads=("Castulo-Basti", "Basti-Carthago Nova"))
    assert cost(st, "Basti") == 1
    assert cost(st, "Tarraco") == 1
    assert cost(st, "Ilerda") == 2  # Tarraco-Ilerda has no road


def test_R10_two_road_runs_cost_1_each():
    # Gades ═ Castulo (run 1), Castulo-Basti (1 segment), Basti ═ Carthago Nova ═ … (run 2)
    st = position(roads=("Basti-Carthago Nova",))
    assert cost(st, "Carthago Nova") == 3


def test_R10_the_general_cannot_enter_or_cross_a_city_in_revolt():
    st = position(revolts={"Corduba": 1})
    assert cost(st, "Corduba") is None
    # The road run is cut at Corduba: Baecula is only reached another way (by sea, then roads).
    st2 = position(revolts={"Corduba": 1}, fleets=())
    assert cost(st2, "Baecula") is None
    with pytest.raises(legatus.IllegalActionError, match="in revolt"):
        act(st, "move Corduba")


def test_R10_a_general_enters_a_sea_only_where_a_fleet_is():
    st = position(fleets=("Mare Balearicum", "Mare Ibericum"))
    assert cost(st, "Mare Gaditanum") is None
    with pytest.raises(legatus.IllegalActionError, match="fleet"):
        act(st, "move Mare Gaditanum")
    st = position()
    assert cost(st, "Mare Gaditanum") == 1
    # From a sea to the next sea, both with fleets
    st = position(generals={"ulterior": "Mare Gaditanum"}, fleets=("Mare Gaditanum", "Mare Atlanticum"))
    assert cost(st, "Mare Atlanticum") == 1


def test_R10_crossing_a_space_with_a_general_but_not_stopping_there():
    # The consul stands in Corduba: the praetor crosses him on the road, never stops there.
    st = position(generals={"consul": "Corduba"})
    assert cost(st, "Corduba") is None
    assert cost(st, "Baecula") == 1
    # The consul on the fleet of Mare Ibericum: crossed by sea, not a destination.
    st = position()
    assert cost(st, "Mare Ibericum") is None
    assert cost(st, "Mare Balearicum") == 3  # Gades > Gaditanum > Ibericum > Balearicum


def test_R10_moving_spends_denarii_and_only_what_is_left_is_reachable():
    st = position(money=2)
    assert cost(st, "Basti") == 2
    assert cost(st, "Puciala") is None  # 4 denarii away
    act(st, "move Basti")
    assert st.money == 0
    assert st.view()["generals"]["ulterior"]["space"] == "Basti"


def test_R10_a_fleet_moves_over_seas_with_the_general_aboard():
    st = position(generals={"consul": "Mare Gaditanum"})
    moves = {m for m in legal(st) if m.startswith("fleet")}
    assert "fleet Mare Gaditanum>Mare Atlanticum" in moves
    assert "fleet Mare Gaditanum>Mare Ibericum" not in moves  # a fleet is there already
    assert "fleet Mare Balearicum>Mare Atlanticum" in moves  # crossing two fleets, 3 denarii
    act(st, "fleet Mare Gaditanum>Mare Atlanticum")
    view = st.view()
    assert view["seas"]["Mare Atlanticum"] == {"number": 4, "fleet": True, "general": "consul", "pirates": 0}
    assert not view["seas"]["Mare Gaditanum"]["fleet"]
    assert st.money == 5


def test_R10_fleet_cost_is_one_a_link():
    st = position(money=2)
    fleets = {m: st.describe(st.parse_action(m)) for m in legal(st) if m.startswith("fleet")}
    assert fleets == {
        "fleet Mare Gaditanum>Mare Atlanticum": "fleet Mare Gaditanum>Mare Atlanticum (1 denarius)",
        "fleet Mare Gaditanum>Mare Cantabricum": "fleet Mare Gaditanum>Mare Cantabricum (2 denarii)",
        "fleet Mare Ibericum>Mare Atlanticum": "fleet Mare Ibericum>Mare Atlanticum (2 denarii)",
    }


def test_R10_a_general_at_sea_lands_on_a_coastal_city():
    st = position(generals={"ulterior": "Mare Gaditanum"}, turn=0)
    assert cost(st, "Gades") == 1


def test_R10_a_moves_log_line_is_kept_as_data_and_reads_as_played():
    # Issue 35: the line is put into words when the log is read, from the values of the move.
    st = position(generals={"ulterior": "Castulo"})
    act(st, "move Basti")
    noted = st._events[1]
    assert not isinstance(noted, str)  # a renderer and its arguments, not a formatted line
    act(st, "move Castulo")
    assert st.events[-2:] == ["Praetor of Ulterior moves Castulo → Basti (1 denarius)",
                              "Praetor of Ulterior moves Basti → Castulo (1 denarius)"]
    assert st.clone().events == st.events == st.view()["log"]


def test_R10_a_position_read_back_moves_on_its_own_roads():
    # The path search keeps its steps by the roads built (issue 35): a position read from text
    # sets them from its own roads, not from the new game it was read into.
    st = position(roads=("Castulo-Basti", "Basti-Carthago Nova"))
    read = st.game.new_state_from(st.position())
    assert cost(read, "Tarraco") == 1
    assert [str(a) for a in read.legal_actions()] == [str(a) for a in st.legal_actions()]


def test_R10_a_road_placed_in_play_joins_the_run_it_touches():
    # Roads placed one by one (setup, Ingenivm) change the steps of their two ends only (issue 35):
    # the same costs as a position that had them all from the start.
    st = position()
    board = st.board
    assert (cost(st, "Carthago Nova"), cost(st, "Tarraco")) == (3, 4)
    st.place_road(board.link(board.space("Castulo"), board.space("Basti")))
    st.forget_legal()
    assert (cost(st, "Carthago Nova"), cost(st, "Tarraco")) == (2, 3)
    st.place_road(board.link(board.space("Basti"), board.space("Carthago Nova")))
    st.forget_legal()
    assert (cost(st, "Carthago Nova"), cost(st, "Tarraco")) == (1, 1)
