"""How the game ends (rulebook "A Game of Hispania", "End of Round"; R20, R21)."""

from __future__ import annotations

import legatus
from legatus.games.hispania.rules import phases

from .helpers import act, position

CAPITALS = ("Osca", "Numantia", "Toletum", "Olisipo", "Lucus", "Flaviobriga")


def five_capitals(**extra: object) -> legatus.State:
    """Garrisons in five capitals; the praetor of Ulterior stands in Flaviobriga."""
    return position(generals={"ulterior": "Flaviobriga"},
                    garrisons={c: ["blue"] for c in CAPITALS[:5]}, **extra)


def test_R20_roman_victory_at_once_with_the_sixth_capital():
    st = five_capitals()
    act(st, "garrison")
    assert st.is_terminal() and st.winner == "rome"
    assert st.returns() == [1.0]
    assert "six capitals" in st.view()["result"]["reason"]


def test_R20_no_roman_victory_while_a_roman_province_has_a_revolt():
    st = five_capitals(revolts={"Carthago Nova": 1})
    act(st, "garrison")
    assert not st.is_terminal()


def test_R20_removing_the_last_revolt_of_a_roman_province_wins_at_once():
    st = position(generals={"citerior": "Valentia", "ulterior": "Gades"}, turn=1, revolts={"Carthago Nova": 1},
                  garrisons={c: ["blue"] for c in CAPITALS})
    act(st, "besiege Carthago Nova 3", "roll VI")
    assert st.winner == "rome" and st.phase == phases.OVER


def test_R20_hispanic_victory_when_a_revolt_is_needed_and_none_is_left():
    st = position(revolts={"Gerunda": 3, "Osca": 3, "Numantia": 3, "Toletum": 3, "Olisipo": 3, "Lucus": 3,
                           "Flaviobriga": 3})
    st.revolt_reserve = 0
    st.time = 1  # 21 on the board + 1 on the track: the count of 22 holds
    act(st, "end", "roll II-1")  # Bilbilis is empty: a revolt must go there
    assert st.is_terminal() and st.winner == "hispania"
    assert st.returns() == [-1.0]
    assert "reserve is empty" in st.reason


def test_R21_a_revolt_covers_the_time_track_at_the_end_of_each_round():
    st = position(turn=2, generals={"consul": "Mare Ibericum"})
    reserve = st.revolt_reserve
    act(st, "end", "roll II-2")
    assert st.time == 1 and st.round == 2 and st.turn == 0
    assert st.revolt_reserve == reserve - 2  # Termes' revolt, and the time track's
    assert st.view()["time_track"]["next"] == 180


def test_R21_covering_18_BC_ends_the_game():
    st = position(turn=2, time=10)
    act(st, "end", "roll II-2")
    assert st.winner == "hispania" and "18 BC" in st.reason
    assert st.time == 11


def test_R21_no_revolt_for_the_time_track_ends_the_game():
    st = position(turn=2, time=1, garrisons={"Termes": ["blue"]},
                  revolts={c: 3 for c in ("Gerunda", "Osca", "Numantia", "Toletum", "Olisipo", "Lucus", "Pallantia")})
    assert st.revolt_reserve == 0
    act(st, "end", "roll II-2")  # Termes is protected: nothing else happens before the round ends
    assert st.winner == "hispania" and "time track" in st.reason
