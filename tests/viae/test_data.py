"""VIAE's data files and their validator (shared/viae/BOARD.md §6, CARDS.md §6, RULINGS.md).

First the shipped data, one count test per constraint; then, for each check, a copy of the data
with one thing broken, written to tmp_path, and the exact message the validator gives. The
expected numbers are written out from the rulebook and the specification, not imported.
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import legatus
from legatus.core.errors import BoardError
from legatus.games.viae.board import default_board_path, load_board
from legatus.games.viae.cards import default_cards_path, load_cards
from legatus.games.viae.tracks import default_tracks_path, load_tracks


def shipped(path: str) -> dict[str, Any]:
    with open(path, "rb") as fh:
        return tomllib.load(fh)


BOARD, TRACKS, CARDS = shipped(default_board_path()), shipped(default_tracks_path()), shipped(default_cards_path())


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def write(tmp_path: Path, data: dict[str, Any], name: str) -> str:
    """TOML for the data (tables as [table], lists as arrays), in tmp_path."""
    lines = [f"{k} = {_toml(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for key, table in data.items():
        if isinstance(table, dict):
            lines += [f"[{key}]"] + [f"{k} = {_toml(v)}" for k, v in table.items()]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def board_error(tmp_path: Path, data: dict[str, Any]) -> str:
    path = write(tmp_path, data, "board.toml")
    with pytest.raises(BoardError) as info:
        load_board(path)
    prefix = f"board file {path}: "
    assert str(info.value).startswith(prefix)
    return str(info.value)[len(prefix):]


def tracks_error(tmp_path: Path, data: dict[str, Any]) -> str:
    path = write(tmp_path, data, "tracks.toml")
    with pytest.raises(BoardError) as info:
        load_tracks(path)
    prefix = f"tracks file {path}: "
    assert str(info.value).startswith(prefix)
    return str(info.value)[len(prefix):]


def cards_error(tmp_path: Path, data: dict[str, Any]) -> str:
    path = write(tmp_path, data, "cards.toml")
    with pytest.raises(BoardError) as info:
        load_cards(path)
    prefix = f"cards file {path}: "
    assert str(info.value).startswith(prefix)
    return str(info.value)[len(prefix):]


def item(data: dict[str, Any], key: str, item_id: str) -> dict[str, Any]:
    return next(e for e in data[key] if e["id"] == item_id)


# ---------------------------------------------------------------- the shipped data

def test_shipped_files_load_and_are_marked_reconstructed():
    board, tracks, cards = load_board(), load_tracks(), load_cards()
    assert (board.reconstructed, tracks.reconstructed, cards.reconstructed) == (True, True, True)
    for path in (default_board_path(), default_tracks_path(), default_cards_path()):
        assert "RECONSTRUCTED" in Path(path).read_text(encoding="utf-8").splitlines()[0]


def test_copies_written_by_these_tests_load_the_same_data(tmp_path):
    board = load_board(write(tmp_path, BOARD, "b.toml"))
    assert (board.city_ids, board.roads, board.neighbours) == (load_board().city_ids, load_board().roads,
                                                                load_board().neighbours)
    assert load_tracks(write(tmp_path, TRACKS, "t.toml")).ordo_costs == (4, 3, 2, 1, 0, 0, 0, 0)
    assert load_cards(write(tmp_path, CARDS, "c.toml")).castra == load_cards().castra


def test_board_sizes():
    # BOARD.md: 12 regions, 48 cities, 6 spokes, 66 roads valued 13 x I, 34 x II, 19 x III, 14 harbors
    board = load_board()
    assert (len(board.region_ids), len(board.city_ids), len(board.spokes), len(board.roads)) == (12, 48, 6, 66)
    assert Counter(r.value for r in board.roads) == {1: 13, 2: 34, 3: 19}
    assert len(board.harbors) == 14


def test_C2_cities_outside_spqr_match_the_hostility_tokens():
    board = load_board()
    values = Counter(board.city_value[c] for c in board.cities if board.city_region[c] != board.spqr)
    assert [values[v] for v in (1, 2, 3, 4)] == [7, 19, 9, 6]


def test_C8_C9_roma_in_spqr_without_value():
    board = load_board()
    assert board.region_ids[board.spqr] == "spqr"
    assert board.city_region[board.roma] == board.spqr and board.city_value[board.roma] == 0


def test_C10_C14_spokes_reach_six_start_cities():
    board = load_board()
    assert sorted(board.city_ids[s.b] for s in board.spokes) == sorted(
        ["ostia", "pisae", "arretium", "ariminum", "corfinium", "capua"])
    assert all(board.city_roads[c] for c in board.start_cities)


def test_C15_eleven_regions_besides_spqr():
    assert len(load_board().region_ids) - 1 == 11


def test_every_city_reachable_and_neighbours_symmetric():
    board = load_board()
    assert all(a in board.neighbours[b] for a in board.cities for b in board.neighbours[a])
    seen, todo = {board.roma}, [board.roma]
    while todo:
        for n in board.neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(board.cities)
    assert board.neighbours[board.city("syracusae")] == (board.city("rhegium"),)  # BOARD.md: degree 1


def test_C19_C20_C21_C22_tracks():
    tracks = load_tracks()
    assert tracks.rounds == 12 and tracks.fortuna_rounds == (3, 5, 7, 9, 11)  # V6
    assert tracks.ordo_labels[0] == "VIII" and tracks.ordo_costs.count(0) == 4
    assert tracks.castra_slot_costs == (2, 1, 0)  # V10
    assert (tracks.legio_slots, tracks.red_slots, tracks.officer_upkeep) == (8, 5, (2, 3))


def test_C4_C31_C32_conquest_influence_actions():
    tracks = load_tracks()
    assert (tracks.conquest_dice, tracks.scout_limit, tracks.conquest_die) == (4, 3, (1, 1, 1, 2, 2, 3))
    assert tracks.deceptio_draws == (1, 1, 1, 1, 1, 2, 2, 2, 2, 3)
    assert dict(tracks.actions) == {2: 5, 3: 4, 4: 4, 5: 3}


def test_C1_C3_supply():
    supply = load_tracks().supply
    assert dict(supply) == {"markers": 2, "legio": 8, "officers": 2, "milestones": 20, "forts": 12,
                            "forum": 2, "temple": 3, "quarry": 3}


def test_C6_V1_deck_sizes():
    cards = load_cards()
    assert (len(cards.fortuna), len(cards.castra), len(cards.mandatum)) == (27, 18, 18)
    assert len(cards.deceptio_deck(54)) == 54 and len(cards.deceptio_deck(60)) == 60
    extra = Counter(cards.deceptio_deck(60)) - Counter(cards.deceptio_deck(54))
    assert {cards.deceptio[i].id: n for i, n in extra.items()} == {"D21": 2, "D22": 2, "D03": 1, "D11": 1}


def test_C17_mandatum_regions():
    cards, board = load_cards(), load_board()
    assert all(board.spqr not in m.regions for m in cards.mandatum)
    assert Counter(len(m.regions) for m in cards.mandatum) == {1: 11, 2: 7}
    m16 = next(m for m in cards.mandatum if m.id == "M16")
    assert [board.region_ids[r] for r in m16.regions] == ["hispania", "africa"] and m16.bonus == 10


def test_effects_parse_into_steps():
    cards = load_cards()
    f26 = next(c for c in cards.fortuna if c.id == "F26")
    assert [(s.verb, s.args) for s in f26.effect] == [
        ("mod", (("param", "actions"), ("op", "-="), ("value", 1), ("min", 1)))]
    d06 = next(c for c in cards.deceptio if c.id == "D06")
    assert d06.effect[0].args == (("action", "build_road"), ("max_value", 2), ("workforce", 0))
    ca03 = next(c for c in cards.castra if c.id == "CA03")
    assert ca03.effect[0].arg("workforce") == "self" and ca03.effect[0].arg("n") is None


# ---------------------------------------------------------------- files

def test_missing_file(tmp_path):
    path = str(tmp_path / "nowhere.toml")
    with pytest.raises(BoardError, match=f"cannot read board file {path}: No such file"):
        load_board(path)


def test_not_toml(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("regions = [ {", encoding="utf-8")
    with pytest.raises(BoardError, match=f"cards file {path} is not valid TOML"):
        load_cards(str(path))


def test_reconstructed_marker_required(tmp_path):
    data = copy.deepcopy(BOARD)
    del data["reconstructed"]
    assert board_error(tmp_path, data) == "the file has no 'reconstructed'"


def test_owner_transcription_loads(tmp_path):
    data = copy.deepcopy(BOARD)
    data["reconstructed"] = False
    item(data, "roads", "r01")["value"] = 3
    item(data, "roads", "r02")["value"] = 2  # keeps the harbors, tokens and reachability
    board = load_board(write(tmp_path, data, "printed.toml"))
    assert not board.reconstructed and board.roads[0].value == 3


# ---------------------------------------------------------------- board checks

def test_unknown_top_level_key(tmp_path):
    data = copy.deepcopy(BOARD) | {"seas": []}
    assert board_error(tmp_path, data) == (
        "the file has an unknown key 'seas' (keys: cities, reconstructed, regions, roads, spokes)")


def test_C8_two_spqr_regions(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "regions", "gallia")["spqr"] = True
    assert board_error(tmp_path, data) == "exactly one region must have spqr = true (C8); found 2"


def test_region_twice(tmp_path):
    data = copy.deepcopy(BOARD)
    data["regions"].append(dict(item(data, "regions", "asia")))
    assert board_error(tmp_path, data) == "region 'asia' is listed twice"


def test_city_unknown_region(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "cities", "athenae")["region"] = "achaea"
    assert board_error(tmp_path, data).startswith("city 'athenae' is in an unknown region 'achaea' (regions: spqr, ")


def test_C13_city_value_out_of_range(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "cities", "athenae")["value"] = 5
    assert board_error(tmp_path, data) == "city 'athenae' has value 5; a city's value is 1 to 4 (C13, V3)"


def test_city_value_wrong_type(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "cities", "athenae")["value"] = "III"
    assert board_error(tmp_path, data) == "city 'athenae': 'value' must be a whole number (found 'III')"


def test_C9_roma_with_value(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "cities", "roma")["value"] = 1
    assert board_error(tmp_path, data) == "city 'roma' must have no value: Roma can't be controlled (C9)"


def test_C8_roma_outside_spqr(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "cities", "roma")["region"] = "gallia"
    assert board_error(tmp_path, data) == "city 'roma' must be in the SPQR region 'spqr' (C8)"


def test_C8_no_roma(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "cities", "roma").update(id="urbs", value=1)
    assert board_error(tmp_path, data) == "there is no city 'roma' (Roma lies in SPQR, C8)"


def test_city_twice(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "cities", "memphis")["id"] = "alexandria"
    assert board_error(tmp_path, data) == "city 'alexandria' is listed twice"


def test_unknown_city_key(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "cities", "ostia")["harbour"] = True
    assert board_error(tmp_path, data) == (
        "city 'ostia' has an unknown key 'harbour' (keys: harbor, id, lat, lon, name, region, value)")


def test_road_unknown_city(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "roads", "r52")["b"] = "athens"
    assert board_error(tmp_path, data) == "road 'r52' joins an unknown city 'athens'"


def test_road_to_itself(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "roads", "r52")["b"] = "thessalonica"
    assert board_error(tmp_path, data) == "road 'r52' joins 'thessalonica' to itself"


def test_roads_symmetric_reverse_duplicate(tmp_path):
    # roads are undirected: b-a repeats a-b
    data = copy.deepcopy(BOARD)
    data["roads"].append({"id": "r67", "a": "athenae", "b": "thessalonica", "value": 1})
    assert board_error(tmp_path, data) == "road 'r67' joins athenae and thessalonica, as road 'r52' does already"


def test_road_id_twice(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "roads", "r66")["id"] = "r65"
    assert board_error(tmp_path, data) == "road 'r65': the id is used twice"


def test_C11_road_value(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "roads", "r52")["value"] = 4
    assert board_error(tmp_path, data) == "road 'r52' has value 4; a road's value is 1 to 3 (C11)"


def test_V34_road_at_roma(tmp_path):
    data = copy.deepcopy(BOARD)
    data["roads"].append({"id": "r67", "a": "roma", "b": "genua", "value": 1})
    assert board_error(tmp_path, data) == "road 'r67' touches Roma; roads at Roma are spokes (C10, V34)"


def test_C10_spoke_not_from_roma(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "spokes", "s1").update(a="ostia", b="roma")
    assert board_error(tmp_path, data) == "spoke 's1' must start at a = 'roma' (spokes are Roma's roads, C10)"


def test_C14_spoke_outside_spqr(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "spokes", "s1")["b"] = "genua"
    assert board_error(tmp_path, data) == "spoke 's1' must lead to an SPQR city (C14); 'genua' is not in SPQR"


def test_region_without_city(tmp_path):
    data = copy.deepcopy(BOARD)
    data["regions"].append({"id": "dacia", "name": "Dacia", "colour": "#000000", "spqr": False})
    assert board_error(tmp_path, data) == "region 'dacia' has no city"


def test_C15_too_few_regions(tmp_path):
    data = copy.deepcopy(BOARD)
    for gone in ("aegyptus", "africa", "asia", "graecia"):
        data["regions"].remove(item(data, "regions", gone))
        for city in data["cities"]:
            if city["region"] == gone:
                city["region"] = "illyricum"
    assert board_error(tmp_path, data) == (
        "there are 7 regions besides SPQR; the 8 Basilicas need at least 8 (C15)")


def test_C2_token_counts(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "cities", "athenae")["value"] = 4
    assert board_error(tmp_path, data) == (
        "the cities outside SPQR by value I/II/III/IV are 7/19/8/7; the hostility tokens need 7/19/9/6 (C2)")


def test_C14_too_few_start_cities(tmp_path):
    data = copy.deepcopy(BOARD)
    for city in ("ostia", "capua"):
        item(data, "cities", city)["region"] = "magna_graecia"
    data["spokes"] = [s for s in data["spokes"] if s["b"] not in ("ostia", "capua")]
    assert board_error(tmp_path, data) == "SPQR has 4 cities besides Roma; 5 players need at least 5 (C14)"


def test_C14_start_city_without_spoke(tmp_path):
    data = copy.deepcopy(BOARD)
    data["spokes"] = [s for s in data["spokes"] if s["b"] != "corfinium"]
    assert board_error(tmp_path, data) == "SPQR city 'corfinium' has no spoke to Roma (C14)"


def test_C14_start_city_without_road(tmp_path):
    data = copy.deepcopy(BOARD)
    data["roads"] = [r for r in data["roads"] if "ostia" not in (r["a"], r["b"])]
    assert board_error(tmp_path, data) == "SPQR city 'ostia' has no buildable road for the setup milestone (C14)"


def test_V36_start_cities_need_their_own_exit(tmp_path):
    data = copy.deepcopy(BOARD)
    data["roads"] = [r for r in data["roads"] if r["id"] not in ("r07",)]  # pisae-genua: pisae's only exit
    data["roads"].append({"id": "r07", "a": "genua", "b": "aquileia", "value": 2})
    assert board_error(tmp_path, data) == (
        "SPQR cities ostia, pisae have no road out of SPQR of their own; all but one must have one (V36)")


def test_C12_harbors(tmp_path):
    data = copy.deepcopy(BOARD)
    for city in data["cities"]:
        city["harbor"] = city["id"] == "ostia"
    assert board_error(tmp_path, data) == "there are 1 harbors; Sail needs at least 2 (C12)"


def test_C1_road_count_against_milestones(tmp_path):
    data = copy.deepcopy(BOARD)
    data["roads"] = data["roads"][:40]
    message = board_error(tmp_path, data)
    assert message == ("there are 40 roads; there must be more than 2 players' milestones (40) and fewer than "
                       "5 players' (100) (C1)")


def test_every_city_reachable(tmp_path):
    data = copy.deepcopy(BOARD)
    data["roads"] = [r for r in data["roads"] if r["id"] != "r23"]  # syracusae's only road
    data["roads"].append({"id": "r23", "a": "rhegium", "b": "leptis_magna", "value": 1})
    assert board_error(tmp_path, data) == "city 'syracusae' can't be reached from Roma by road; every city must be"


# ---------------------------------------------------------------- tracks checks

@pytest.mark.parametrize(("table", "key", "value", "cid"), [
    ("rounds", "count", 10, "C19"), ("rounds", "hostility_from", 2, "C28"), ("conquest", "dice", 3, "C4"),
    ("conquest", "scout_limit", 4, "C33"), ("influence", "max", 12, "C18"), ("influence", "officer_slot_2", 5, "C43"),
    ("turn", "actions", [5, 4, 3, 3], "C32"), ("cohorte", "officer_upkeep", [2, 2], "C46"),
    ("costs", "sail_fee", 2, "C38"), ("stipendium", "hand_limit", 7, "C31"), ("setup", "denar", 10, "C23"),
    ("setup", "mandatum_to_end", 3, "C49"), ("supply", "forts", 10, "C1"), ("supply", "temple", 2, "C3"),
    ("castra", "cycle_cost", 2, "C42"), ("influence", "deceptio_draws", [1] * 10, "C31"),
])
def test_rulebook_values_are_fixed(tmp_path, table, key, value, cid):
    data = copy.deepcopy(TRACKS)
    expected = data[table][key]
    data[table][key] = value
    assert tracks_error(tmp_path, data) == (
        f"[{table}] {key} must be {expected}, as the rulebook says ({cid}); found {value!r}")


def test_tracks_missing_key(tmp_path):
    data = copy.deepcopy(TRACKS)
    del data["castra"]["slot_costs"]
    assert tracks_error(tmp_path, data) == "[castra] has no 'slot_costs'"


def test_tracks_unknown_key(tmp_path):
    data = copy.deepcopy(TRACKS)
    data["costs"]["ferry"] = 2
    assert tracks_error(tmp_path, data) == (
        "[costs] has an unknown key 'ferry' (keys: basilica_denar, basilica_stone, sail_fee, toll)")


def test_V6_C19_fortuna_rounds(tmp_path):
    data = copy.deepcopy(TRACKS)
    data["rounds"]["fortuna"] = [1, 3]
    assert tracks_error(tmp_path, data) == (
        "[rounds] fortuna must list distinct rounds 2 to 12 in order (C19); found [1, 3]")
    data["rounds"]["fortuna"] = ["3"]
    assert tracks_error(tmp_path, data) == "[rounds] fortuna must be a list of integers (found ['3'])"


def test_owner_may_correct_fortuna_rounds(tmp_path):
    data = copy.deepcopy(TRACKS)
    data["rounds"]["fortuna"] = list(range(2, 13))  # V6: a card every round (2020 print)
    assert load_tracks(write(tmp_path, data, "t.toml")).fortuna_rounds == tuple(range(2, 13))


def test_C20_free_spots(tmp_path):
    data = copy.deepcopy(TRACKS)
    data["ordo"]["spots"][3]["cost"] = 0
    assert tracks_error(tmp_path, data) == "[ordo] exactly 4 spots must be free (cost 0) (C20); found 5"


def test_C20_costs_fall(tmp_path):
    data = copy.deepcopy(TRACKS)
    data["ordo"]["spots"][0]["cost"] = 1
    assert tracks_error(tmp_path, data) == (
        "[ordo] spot costs must not rise from left to right nor be negative (C20); found [1, 3, 2, 1, 0, 0, 0, 0]")


def test_C20_first_spot_viii(tmp_path):
    data = copy.deepcopy(TRACKS)
    data["ordo"]["spots"] = data["ordo"]["spots"][1:] + [{"label": "IX", "cost": 0}]
    data["ordo"]["spots"][3]["cost"] = 1
    assert tracks_error(tmp_path, data) == "[ordo] the first spot must be labelled VIII (C20); found VII"


def test_C20_spots_per_player(tmp_path):
    data = copy.deepcopy(TRACKS)
    data["ordo"]["spots"] = data["ordo"]["spots"][:4]
    assert tracks_error(tmp_path, data) == (
        "[ordo] spots must have at least 5 distinct labels, one per player (C20); found ['VIII', 'VII', 'VI', 'V']")


def test_C21_three_castra_slots(tmp_path):
    data = copy.deepcopy(TRACKS)
    data["castra"]["slot_costs"] = [2, 1]
    assert tracks_error(tmp_path, data) == "[castra] slot_costs must be 3 Denar costs of 0 or more (C21); found [2, 1]"


def test_V22_die_faces(tmp_path):
    data = copy.deepcopy(TRACKS)
    data["conquest"]["die"] = [0, 1, 1, 2, 2, 3]
    assert tracks_error(tmp_path, data) == (
        "[conquest] die must have 6 faces of 1 or more (V22); found [0, 1, 1, 2, 2, 3]")


# ---------------------------------------------------------------- card checks

def set_effect(data: dict[str, Any], deck: str, card: str, effect: str, **more: Any) -> dict[str, Any]:
    item(data, deck, card).update(effect=effect, **more)
    return data


@pytest.mark.parametrize(("deck", "card", "effect", "message"), [
    ("deceptio", "D01", "gain(denar=4", "card 'D01': 'gain(denar=4' is not a step verb(args)"),
    ("deceptio", "D01", "steal(4)", "card 'D01': unknown verb 'steal' (known: gain, draw_deceptio, take_denar, "
     "lose_influence, discard_deceptio, reveal_fortuna, hostility, kill_scouts, recruit_legio, unassign_legio, "
     "free_action, castra_cycle, reroll, adjust_result, mod, objective)"),
    ("deceptio", "D01", "gain(denar=0)", "card 'D01': gain argument denar must be an integer 1 or more (found '0')"),
    ("deceptio", "D01", "gain()", "card 'D01': gain needs one of denar, stone, influence"),
    ("deceptio", "D01", "gain(gold=4)",
     "card 'D01': gain has an unknown or repeated argument 'gold' (valid: denar, stone, influence)"),
    ("deceptio", "D16", "take_denar()", "card 'D16': take_denar takes 1 positional argument(s) first (n); found ()"),
    ("deceptio", "D15", "hostility(+2, chosen_any)",
     "card 'D15': hostility argument delta must be +1 or -1 (found '+2')"),
    ("deceptio", "D15", "hostility(+1, everywhere)", "card 'D15': hostility argument target must be chosen_near or "
     "chosen_any or all_value4 or all_aggressive (found 'everywhere')"),
    ("deceptio", "D05", "free_action(prepare)", "card 'D05': free_action argument action must be build_road or move "
     "or recruit or scout or conquer or build_basilica or sail (found 'prepare')"),
    ("deceptio", "D05", "free_action(move, max_value=4)",
     "card 'D05': free_action argument max_value must be 1 or 2 or 3 (found '4')"),
    ("fortuna", "F27", "draw_deceptio(1, who=others) ; reveal_fortuna(1)",
     "card 'F27': draw_deceptio argument who must be self or all (found 'others')"),
    ("fortuna", "F06", "mod(road_income == 2)",
     "card 'F06': mod must be mod(param op value[, min=m]) with op =, += or -="),
    ("fortuna", "F06", "mod(road_tolls = 2)", "card 'F06': mod: unknown rule parameter 'road_tolls' (known: actions, "
     "hostility_rises, road_stone, toll, sail_allowed, sail_fee, attacker_power, city_power, "
     "hostile_conquest_influence, legio_cost, legio_upkeep, officer_cost, officer_requirement, buy_influence_cost, "
     "buy_influence_steps, deceptio_cost, ordo_cost, ordo_free_spot, road_income, road_pair_bonus, city_denar, "
     "city_extra_denar, city_extra_stone, tax_per_2_cities, basilica_stone, basilica_denar, move_cross_unbuilt, "
     "scouts_die_on_failure)"),
    ("fortuna", "F01", "mod(hostility_rises = maybe)",
     "card 'F01': mod value of hostility_rises must be yes or no (found 'maybe')"),
    ("fortuna", "F01", "mod(hostility_rises += 1)",
     "card 'F01': mod: 'hostility_rises' can only be set with = and takes no min"),
    ("fortuna", "F26", "mod(actions -= 1, max=1)",
     "card 'F26': mod has an unknown or repeated argument 'max' (valid: min)"),
    ("castra", "CA10", "adjust_result(min=0)", "card 'CA10': adjust_result needs delta"),
    ("castra", "CA10", "adjust_result(delta=0, min=0)",
     "card 'CA10': adjust_result argument delta must be a non-zero integer (found '0')"),
])
def test_effect_vocabulary(tmp_path, deck, card, effect, message):
    assert cards_error(tmp_path, set_effect(copy.deepcopy(CARDS), deck, card, effect)) == message


def test_when_not_of_the_deck(tmp_path):
    data = copy.deepcopy(CARDS)
    item(data, "fortuna", "F02")["when"] = "static"
    assert cards_error(tmp_path, data) == "card 'F02': when 'static' is not one of now, round (fortuna)"


def test_mod_needs_a_lasting_when(tmp_path):
    data = copy.deepcopy(CARDS)
    item(data, "deceptio", "D04")["when"] = "now"
    assert cards_error(tmp_path, data) == ("card 'D04': a card with when 'now' must not have a mod step (a mod lasts "
                                           "for next_conquer, next_recruit, round, static, turn)")
    data = set_effect(copy.deepcopy(CARDS), "deceptio", "D11", "gain(denar=2)")
    assert cards_error(tmp_path, data).startswith("card 'D11': a card with when 'next_conquer' must have a mod step")


def test_static_ability_only_mods(tmp_path):
    data = set_effect(copy.deepcopy(CARDS), "castra", "CA12", "mod(basilica_stone = 2) ; gain(denar=1)")
    assert cards_error(tmp_path, data) == "card 'CA12': a static ability has only mod steps"


def test_roll_steps_need_a_roll(tmp_path):
    data = set_effect(copy.deepcopy(CARDS), "deceptio", "D01", "reroll()")
    assert cards_error(tmp_path, data) == ("card 'D01': reroll and adjust_result act on a conquest roll: when must be "
                                           "on_roll or activated, and an on_roll card has only those steps")


def test_objective_only_on_mandatum(tmp_path):
    data = set_effect(copy.deepcopy(CARDS), "deceptio", "D01", "objective(conquer_regions(asia))")
    assert cards_error(tmp_path, data) == "card 'D01': only Mandatum cards have an objective"


def test_C17_mandatum_unknown_region(tmp_path):
    data = set_effect(copy.deepcopy(CARDS), "mandatum", "M09", "objective(conquer_regions(dacia))")
    assert cards_error(tmp_path, data).startswith(
        "card 'M09': objective names an unknown region 'dacia' (regions: gallia_cisalpina, magna_graecia, ")


def test_C17_mandatum_names_spqr(tmp_path):
    data = set_effect(copy.deepcopy(CARDS), "mandatum", "M09", "objective(conquer_regions(spqr))")
    assert cards_error(tmp_path, data) == "card 'M09' names SPQR ('spqr'), which can never be conquered (C17)"


def test_mandatum_one_objective(tmp_path):
    data = set_effect(copy.deepcopy(CARDS), "mandatum", "M09", "objective(conquer_regions(asia, asia))")
    assert cards_error(tmp_path, data) == (
        "card 'M09': objective must name one or more distinct regions (found 'asia, asia')")
    data = set_effect(copy.deepcopy(CARDS), "mandatum", "M09", "gain(denar=1)")
    assert cards_error(tmp_path, data) == "card 'M09': a Mandatum's effect is one objective(...) step (C48)"


def test_C6_deck_sizes(tmp_path):
    data = copy.deepcopy(CARDS)
    data["fortuna"].pop()
    assert cards_error(tmp_path, data) == "the fortuna deck has 26 cards; the rulebook's has 27 (C6)"
    data = copy.deepcopy(CARDS)
    item(data, "deceptio", "D01")["copies"] = 5
    assert cards_error(tmp_path, data) == "the deceptio deck has 55 cards; the rulebook's has 54 (C6)"


def test_V1_sixty_card_deck(tmp_path):
    data = copy.deepcopy(CARDS)
    item(data, "deceptio", "D03")["extra"] = 2
    assert cards_error(tmp_path, data) == (
        "the deceptio deck with its extra copies has 61 cards; the 2022 print's has 60 (V1)")


def test_deceptio_copies(tmp_path):
    data = copy.deepcopy(CARDS)
    item(data, "deceptio", "D21")["extra"] = 0
    assert cards_error(tmp_path, data) == (
        "card 'D21': copies and extra must be integers 0 or more, together at least 1 (found copies = 0, extra = 0)")


def test_C7_officer_values(tmp_path):
    data = copy.deepcopy(CARDS)
    item(data, "castra", "CA18")["requirement"] = 11
    assert cards_error(tmp_path, data) == "card 'CA18': requirement 11 is not an influence 1 to 10 (C7, C18)"
    data = copy.deepcopy(CARDS)
    item(data, "castra", "CA18")["power"] = -1
    assert cards_error(tmp_path, data) == "card 'CA18': power must be 0 or more (C7)"


def test_card_ids_and_names_unique(tmp_path):
    data = copy.deepcopy(CARDS)
    item(data, "castra", "CA01")["id"] = "F01"
    assert cards_error(tmp_path, data) == "card 'F01': the id is used twice"
    data = copy.deepcopy(CARDS)
    item(data, "castra", "CA01")["name"] = "Pax Romana"
    assert cards_error(tmp_path, data) == (
        "card 'CA01': the name 'Pax Romana' is used twice; names are unique across the decks")


def test_cards_checked_against_an_owner_board(tmp_path):
    data = copy.deepcopy(BOARD)
    item(data, "regions", "asia")["id"] = "anatolia"
    for city in data["cities"]:
        if city["region"] == "asia":
            city["region"] = "anatolia"
    board = load_board(write(tmp_path, data, "printed.toml"))
    with pytest.raises(BoardError, match="card 'M09': objective names an unknown region 'asia'"):
        load_cards(None, board)


def test_public_data_gives_the_tracks_and_every_card_s_face() -> None:
    game = legatus.load("viae", players=3, fortuna_rounds="all")
    public = game.public_data()
    assert public["board"]["rounds"] == {"count": 12, "fortuna": list(range(1, 13))}  # V6
    assert public["board"]["influence"] == {"min": 1, "max": 10}  # C18
    assert len(public["board"]["castra_slots"]) == 3  # C21
    for deck, size in (("deceptio", len(game.cards.deceptio)), ("fortuna", 27), ("castra", 18), ("mandatum", 18)):
        faces = public["cards"][deck]
        assert len(faces) == size and all(f["id"] and f["name"] for f in faces)
