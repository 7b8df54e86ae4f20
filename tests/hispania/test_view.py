"""``state.view(seat)`` (docs/hispania/view.md)."""

from __future__ import annotations

import json

import legatus

from .helpers import SETUP_EXAMPLE, act, position


def example() -> legatus.State:
    return legatus.replay({"game": "hispania", "version": 1, "options": {}, "actions": SETUP_EXAMPLE})


def test_view_has_the_documented_fields_and_is_json():
    view = example().view()
    for key in ("cities", "seas", "generals", "armies", "reserves", "denarii", "round", "turn", "phase",
                "time_track", "log", "legal_actions", "roads", "result", "to_move"):
        assert key in view
    assert json.loads(json.dumps(view)) == view
    assert len(view["cities"]) == 44 and len(view["seas"]) == 5
    assert view["cities"]["Segobriga"] == {"province": "II", "number": 5, "capital": False, "revolts": 1,
                                           "garrisons": [], "army": "army1", "general": None}
    assert view["cities"]["Gades"]["general"] == "ulterior"
    assert view["seas"]["Mare Ibericum"] == {"number": 2, "fleet": True, "general": "consul", "pirates": 0}
    assert view["reserves"] == {"revolts": 11, "armies": 1, "garrisons": {"red": 4, "yellow": 4, "blue": 4},
                                "legio_hispana": None, "roads": 0}
    assert view["time_track"] == {"years": [198, 180, 162, 144, 126, 108, 90, 72, 54, 36, 18], "capacity": 1,
                                  "covered": 0, "revolts": 0, "next": 198}
    assert view["log"][0] == "Setup, I Ilergetia: Hispanic die 4 → Salduba: 2 revolts"


def test_view_lists_the_legal_actions_of_the_seat_to_move_only():
    st = position(players=3)
    assert st.view(0)["legal_actions"] == [str(a) for a in st.legal_actions()]
    assert st.view(1)["legal_actions"] == []
    assert st.view(None)["legal_actions"] == st.view(0)["legal_actions"]
    assert st.view(0)["to_move"] == "ulterior"


def test_view_at_a_chance_node_lists_the_outcomes_and_what_they_decide():
    st = position(generals={"ulterior": "Castulo"}, revolts={"Basti": 1})
    act(st, "besiege Basti 2")
    view = st.view()
    assert view["to_move"] == "chance" and view["legal_actions"][0] == "roll I"
    assert view["pending"] == {"combat": "besiege", "by": "ulterior", "target": "Basti", "denarii": 2}


def test_view_is_deterministic():
    assert example().view() == example().view()
