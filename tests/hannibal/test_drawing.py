"""``Hannibal.public_data()``: what the web page draws the board from (issue 13, the browser)."""

from __future__ import annotations

import json

from legatus.games.hannibal.drawing import MAP_SIZE
from tests.hannibal.helpers import game


def test_public_data_holds_the_whole_map_at_its_positions() -> None:
    data = game().public_data()
    json.dumps(data)  # JSON-able, as the server sends it
    spaces = data["map"]["spaces"]
    assert len(spaces) == 96  # H8
    width, height = MAP_SIZE
    assert all(0 <= s["x"] <= width and 0 <= s["y"] <= height for s in spaces)
    rome = next(s for s in spaces if s["name"] == "Rome")
    assert rome["kind"] == "walled" and rome["province"] == "Latium" and rome["capacity"] > 0
    kinds = [s["kind"] for s in spaces]
    assert kinds.count("walled") == 13 and kinds.count("tribe") == 8  # H6, H51
    assert sum(s["port"] for s in spaces) == 34  # H58
    tribes = {s["allegiance"] for s in spaces if s["kind"] == "tribe"}
    assert tribes == {"carthage", "neutral"}


def test_connections_say_which_are_passes_and_straits() -> None:
    connections = game().public_data()["map"]["connections"]
    assert len(connections) == 174
    assert sum(c["alps"] for c in connections) == 4 and sum(c["pass"] for c in connections) == 8  # H49
    straits = [c for c in connections if c["strait"]]
    assert len(straits) == 2 and not any(c["pass"] for c in straits)  # H50
    messana = [c for c in straits if "Messana" in (c["a"], c["b"])]
    assert messana and messana[0]["control_needed"]


def test_provinces_with_their_victory_status_and_the_turn_track() -> None:
    data = game().public_data()
    provinces = {p["name"]: p for p in data["map"]["provinces"]}
    assert len(provinces) == 22 and sum(p["victory"] for p in provinces.values()) == 18  # H8
    assert not provinces["Massilia"]["victory"] and provinces["Latium"]["spaces"] == ["Rome"]
    assert [t["turn"] for t in data["turns"]] == list(range(1, 10)) and data["turns"][0]["cards"] == 7  # H9
    assert {g["side"] for g in data["generals"]} == {"rome", "carthage"} and len(data["generals"]) == 14
    assert "to" in data["space_verbs"] and "intercept from" in data["space_verbs"]


def test_public_data_holds_every_strategy_card_s_face() -> None:
    """The page names every card it shows and prints its effect (issue 33): all 64, in order."""
    cards = game().public_data()["cards"]
    assert [c["number"] for c in cards] == list(range(1, 65))
    assert cards[36] == {"number": 37, "name": "Minor Campaign", "ops": 3, "side": "either", "kind": "campaign",
                         "effect": game().cards.strategy[36].effect}
