"""The reconstructed board (BOARD.md) and its validator.

First the shipped board's properties, one test per check of BOARD.md ("Checks the board file
must pass") and per fact of the rulebook it lists; then, for every check the validator makes,
a corrupted copy of the data that it must refuse with a :class:`legatus.BoardError` naming the
problem; then the file-level errors and a corrected board loaded with ``board=PATH``.

The expectations below are written out from BOARD.md, RULINGS.md and the rulebook's scenarios,
not imported from the module under test.
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

import legatus
from legatus import BoardError, OptionError
from legatus.games.hispania.board import Board, build_board, default_board_path, load_board
from legatus.games.hispania.rules.setup import legal_roads

with open(default_board_path(), "rb") as _fh:
    SHIPPED: dict[str, Any] = tomllib.load(_fh)

# BOARD.md: province -> cities (Ulterior and Citerior 4 each, I..VI 6 each)
CITY_COUNTS = {
    "Ilergetia": 6, "Celtiberia": 6, "Carpetania": 6, "Lusitania": 6, "Gallaecia": 6, "Cantabria": 6,
    "Ulterior": 4, "Citerior": 4,
}
HISPANIC = ("Ilergetia", "Celtiberia", "Carpetania", "Lusitania", "Gallaecia", "Cantabria")
ROMAN = ("Ulterior", "Citerior")
# BOARD.md known numbers (from the setup example, R5)
KNOWN = [
    ("Salduba", "I-4"), ("Ilerda", "I-5"), ("Segobriga", "II-5"), ("Regina", "III-2"),
    ("Conimbriga", "IV-4"), ("Asturica", "V-3"), ("Flaviobriga", "VI-6"),
]
# R5: rolls 4-5-2-4-3-6 for provinces I..VI give these revolt cities and counts
SETUP_EXAMPLE_ROLLS = [(4, "Salduba", 2), (5, "Segobriga", 1), (2, "Regina", 3),
                       (4, "Conimbriga", 2), (3, "Asturica", 2), (6, "Flaviobriga", 1)]
# BOARD.md / setup example: roads to Emerita, then Capara, to Ilerda, and Basti-Carthago Nova (R7)
SETUP_EXAMPLE_ROADS = [("Corduba", "Emerita"), ("Emerita", "Capara"), ("Tarraco", "Ilerda"),
                       ("Basti", "Carthago Nova")]
NOT_CAPITALS = ("Emerita", "Capara", "Ilerda", "Basti")

# The rulebook's scenarios ("Scenarios"): city -> the pieces placed there.
SCENARIOS: dict[str, dict[str, str]] = {
    "The First Repression": {
        "Corduba": "praetor Ulterior", "Valentia": "praetor Citerior", "Baecula": "blue garrison + consul",
        "Gerunda": "3 revolts", "Segobriga": "1 revolt", "Toletum": "1 revolt",
        "Puciala": "2 revolts + army", "Castulo": "2 revolts + army",
    },
    "The Siege of Numantia": {
        "Regina": "red garrison + praetor Ulterior", "Osca": "yellow garrison", "Salduba": "praetor Citerior",
        "Segobriga": "blue garrison", "Toletum": "consul", "Calagurris": "1 revolt",
        "Numantia": "3 revolts + army",
    },
    "The Terror of Rome": {
        "Corduba": "praetor Ulterior", "Osca": "yellow garrison", "Salduba": "praetor Citerior",
        "Segobriga": "blue garrison", "Baecula": "consul", "Calagurris": "1 revolt", "Numantia": "2 revolts",
        "Abula": "3 revolts + special army",
    },
    "The River of Oblivion": {
        "Olisipo": "red garrison", "Conimbriga": "red garrison + praetor Ulterior", "Osca": "yellow garrison",
        "Salduba": "praetor Citerior", "Segobriga": "blue garrison", "Abula": "consul",
        "Calagurris": "1 revolt", "Numantia": "2 revolts", "Salmantica": "1 revolt", "Talabriga": "1 revolt",
        "Asturica": "1 revolt", "Pallantia": "2 revolts", "Lucus": "1 revolt + army",
    },
    "The New Empire": {
        "Asturica": "1 revolt", "Lancia": "1 revolt", "Noega": "1 revolt", "Pallantia": "1 revolt",
        "Aracillum": "1 revolt", "Flaviobriga": "1 revolt",
        "Olisipo": "red garrison", "Bracara": "red garrison", "Talabriga": "praetor Ulterior",
        "Osca": "yellow garrison", "Pompaelo": "yellow garrison", "Deobriga": "praetor Citerior",
        "Toletum": "blue garrison", "Numantia": "blue garrison", "Cauca": "consul",
    },
}
SCENARIO_CITY_NAMES = sorted({c for s in SCENARIOS.values() for c in s})
# The New Empire: "1 fleet in Mare Atlanticum and Cantabricum"; BOARD.md "Seas named"
NAMED_SEAS = ("Mare Balearicum", "Mare Ibericum", "Mare Atlanticum", "Mare Cantabricum")


# ---------------------------------------------------------------- helpers

@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def fresh() -> dict[str, Any]:
    """A deep copy of the shipped board data, to corrupt."""
    return copy.deepcopy(SHIPPED)


def refused(data: dict[str, Any], *fragments: str) -> str:
    """``build_board(data)`` raises a BoardError whose message holds every fragment."""
    with pytest.raises(BoardError) as info:
        build_board(data)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


def entry(data: dict[str, Any], kind: str, name: str) -> dict[str, Any]:
    return next(e for e in data[kind] if e["name"] == name)


def link_entry(data: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    return next(e for e in data["links"] if {e["a"], e["b"]} == {a, b})


def remove_link(data: dict[str, Any], a: str, b: str) -> None:
    data["links"].remove(link_entry(data, a, b))


def remove_links_of(data: dict[str, Any], name: str) -> None:
    data["links"] = [e for e in data["links"] if name not in (e["a"], e["b"])]


def rename(data: dict[str, Any], old: str, new: str) -> None:
    """Rename a space everywhere (its entry and its links)."""
    swap_names(data, old, new)


def swap_names(data: dict[str, Any], x: str, y: str) -> None:
    """Exchange two spaces' names everywhere: the same graph with two labels swapped."""
    def other(name: str) -> str:
        return y if name == x else x if name == y else name

    for kind in ("cities", "seas"):
        for e in data[kind]:
            e["name"] = other(e["name"])
    for e in data["links"]:
        e["a"], e["b"] = other(e["a"]), other(e["b"])


def swap_numbers(data: dict[str, Any], x: str, y: str) -> None:
    kind = "cities" if any(e["name"] == x for e in data["cities"]) else "seas"
    ex, ey = entry(data, kind, x), entry(data, kind, y)
    ex["number"], ey["number"] = ey["number"], ex["number"]


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a TOML basic string
    raise TypeError(value)


def dump(data: dict[str, Any]) -> str:
    """TOML text for board data (lists of inline tables)."""
    lines = [f"{k} = {_toml(v)}" for k, v in data.items() if not isinstance(v, list)]
    for key, items in data.items():
        if isinstance(items, list):
            lines.append(f"{key} = [")
            for item in items:
                lines.append("  { " + ", ".join(f"{k} = {_toml(v)}" for k, v in item.items()) + " },")
            lines.append("]")
    return "\n".join(lines) + "\n"


def write(tmp_path: Path, data: dict[str, Any] | str, name: str = "board.toml") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else dump(data), encoding="utf-8")
    return path


def province_of(board: Board, name: str) -> str:
    p = board.province[board.space(name)]
    return board.province_names[p] if p >= 0 else "sea"


def cities_of(board: Board, province: str) -> list[int]:
    return list(board.province_cities[board.province_names.index(province)])


def spaces(board: Board, names: Iterable[str]) -> set[int]:
    return {board.space(n) for n in names}


def connected(members: set[int], neighbours: Callable[[int], Iterable[int]]) -> bool:
    start = next(iter(members))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == members


# ---------------------------------------------------------------- the shipped board

def test_counts_44_cities_and_5_seas(board):
    # BOARD.md: 49 spaces: 44 cities + 5 seas
    assert board.n_cities == 44
    assert len(board.seas) == 5
    assert board.n_spaces == 49
    assert all(board.is_sea(s) for s in board.seas) and not any(board.is_sea(c) for c in board.cities)


def test_counts_per_province_4_4_and_6_each(board):
    # BOARD.md: Ulterior and Citerior 4 cities each; I..VI 6 each
    assert {name: len(cities_of(board, name)) for name in CITY_COUNTS} == CITY_COUNTS
    assert sum(len(c) for c in board.province_cities) == board.n_cities


def test_numbers_unique_1_to_6_and_1_to_4(board):
    # BOARD.md: numbers 1-6 / 1-4 unique per province; R2 (shield = number), seas 1-5
    for name, count in CITY_COUNTS.items():
        assert sorted(board.number[c] for c in cities_of(board, name)) == list(range(1, count + 1)), name
    assert sorted(board.number[s] for s in board.seas) == [1, 2, 3, 4, 5]


def test_every_city_linked(board):
    # BOARD.md: every city linked (and every sea)
    for space in range(board.n_spaces):
        assert board.adj[space], board.names[space]


def test_each_province_connected_by_its_own_links(board):
    # BOARD.md: each province connected by its own links
    for name in CITY_COUNTS:
        members = set(cities_of(board, name))
        inside = {c: [n for n, _, _ in board.adj[c] if n in members] for c in members}
        assert connected(members, inside.__getitem__), name


def test_seas_connected_to_each_other(board):
    # validator; BOARD.md: the seas chain 1-2-3-4-5
    assert connected(set(board.seas), lambda s: board.neighbours[s])
    for n in range(1, 5):
        assert board.link(board.sea(n), board.sea(n + 1)) is not None


def test_links_symmetric(board):
    # BOARD.md: links symmetric (adj, neighbours and link_between both ways)
    for space in range(board.n_spaces):
        for other, segments, li in board.adj[space]:
            assert (space, segments, li) in board.adj[other]
            assert board.link(space, other) == board.link(other, space) == li
            assert space in board.neighbours[other]
            assert {board.links[li].a, board.links[li].b} == {space, other}
    assert sum(len(a) for a in board.adj) == 2 * len(board.links)


def test_no_duplicate_link(board):
    # BOARD.md: no duplicate link (nor a link from a space to itself)
    pairs = [frozenset((link.a, link.b)) for link in board.links]
    assert len(set(pairs)) == len(pairs)
    assert all(len(p) == 2 for p in pairs)


def test_segments_1_to_3(board):
    # BOARD.md: links have 1, 2 (river) or 3 (mountain) segments
    assert {link.segments for link in board.links} == {1, 2, 3}


def test_three_printed_roads_inside_each_roman_province(board):
    # BOARD.md: 3 roads are printed in each Roman province
    for name in ROMAN:
        p = board.province_names.index(name)
        roads = [li for li, link in enumerate(board.links)
                 if link.road and board.province[link.a] == p == board.province[link.b]]
        assert len(roads) == 3, name
    assert sum(link.road for link in board.links) == 6


def test_dertosa_links_exactly(board):
    # BOARD.md: Dertosa is linked to exactly Valentia, Salduba, Tarraco and Mare Balearicum
    dertosa = board.space("Dertosa")
    assert {board.names[n] for n in board.neighbours[dertosa]} == {
        "Valentia", "Salduba", "Tarraco", "Mare Balearicum"}


@pytest.mark.parametrize("name, coordinate", KNOWN)
def test_known_numbers(board, name, coordinate):
    # BOARD.md: known numbers Salduba I-4 ... Flaviobriga VI-6 (setup example, R5)
    assert board.coordinate(board.space(name)) == coordinate


def test_setup_example_revolt_rolls_land_on_the_known_cities(board):
    # R5: rolls 4-5-2-4-3-6 for I..VI give Salduba, Segobriga, Regina, Conimbriga, Asturica, Flaviobriga
    for province, (roll, name, _count) in enumerate(SETUP_EXAMPLE_ROLLS):
        assert board.province_names[province] == HISPANIC[province]
        assert board.names[board.city(province, roll)] == name


def test_capitals_are_number_6(board):
    # BOARD.md: city 6 of each Hispanic province is its capital
    assert len(board.capitals) == 6
    for p, capital in enumerate(board.capitals):
        assert board.province[capital] == p and board.number[capital] == 6
    assert {c for c in board.cities if board.is_capital(c)} == set(board.capitals)
    # a Roman province's city 4 and the seas are no capitals
    assert not any(board.is_capital(c) for name in ROMAN for c in cities_of(board, name))
    assert not any(board.is_capital(s) for s in board.seas)


@pytest.mark.parametrize("name", NOT_CAPITALS)
def test_not_capitals(board, name):
    # BOARD.md: roads reach Emerita, Capara, Ilerda and Basti in the setup example, so none is a capital
    assert not board.is_capital(board.space(name))


def test_basti_carthago_nova_is_a_link(board):
    # BOARD.md: Basti-Carthago Nova is a link (setup example)
    assert board.link(board.space("Basti"), board.space("Carthago Nova")) is not None


def test_setup_example_roads_legal_in_order(board):
    # R7; BOARD.md: the setup-example roads legal in order
    roads = [link.road for link in board.links]
    revolts = [0] * board.n_spaces
    for _roll, name, count in SETUP_EXAMPLE_ROLLS:
        revolts[board.space(name)] = count
    emerita_capara = board.link(board.space("Emerita"), board.space("Capara"))
    # R7: a road must touch a city with a road: Capara only after Emerita
    assert emerita_capara not in legal_roads(board, roads, revolts)
    for a, b in SETUP_EXAMPLE_ROADS:
        li = board.link(board.space(a), board.space(b))
        assert li is not None, f"{a}-{b} is no link"
        assert li in legal_roads(board, roads, revolts), f"road {a}-{b} illegal"
        roads[li] = True
        assert li not in legal_roads(board, roads, revolts)  # R7: a link takes one road


def test_named_seas(board):
    # BOARD.md: seas named Mare Balearicum, Mare Ibericum (a fleet there with fleets in 1-2-3),
    # Mare Atlanticum, Mare Cantabricum; R8 fleets start in seas 1..F, at least 2 (level)
    for name in NAMED_SEAS:
        assert board.is_sea(board.space(name)), name
    assert board.number[board.space("Mare Balearicum")] <= 2
    assert board.number[board.space("Mare Ibericum")] <= 3


def test_durius_links(board):
    # BOARD.md: north of the Durius are Gallaecia, Pallantia and Aracillum (The River of Oblivion:
    # the Lethe road lies along the links that cross the Durius)
    north = set(cities_of(board, "Gallaecia")) | spaces(board, ("Pallantia", "Aracillum"))
    crossing = {li for li, link in enumerate(board.links)
                if not board.is_sea(link.a) and not board.is_sea(link.b) and (link.a in north) != (link.b in north)}
    marked = {li for li, link in enumerate(board.links) if link.river == "Durius"}
    assert crossing and crossing == marked
    assert all(board.links[li].segments == 2 for li in marked)  # a river crossing
    # without the Durius links the north cannot be reached by land
    south = set(board.cities) - north
    land = {c: [n for n in board.land[c] if board.link(c, n) not in marked] for c in board.cities}
    reach = set(south)
    todo = list(south)
    while todo:
        for n in land[todo.pop()]:
            if n not in reach:
                reach.add(n)
                todo.append(n)
    assert not reach & north


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_scenario_cities_exist_and_are_cities(board, scenario):
    # BOARD.md: every scenario's setup legal on it; rulebook "Scenarios"
    for name in SCENARIOS[scenario]:
        assert not board.is_sea(board.space(name)), f"{scenario}: {name}"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_scenario_armies_in_different_provinces(board, scenario):
    # rulebook capacity limits: a province holds 1 Hispanic army (The First Repression: Puciala, Castulo)
    armies = [c for c, pieces in SCENARIOS[scenario].items() if "army" in pieces]
    provinces = [province_of(board, c) for c in armies]
    assert len(set(provinces)) == len(provinces), f"{scenario}: {dict(zip(armies, provinces, strict=True))}"


def test_new_empire_revolts_of_gallaecia_and_cantabria(board):
    # The New Empire: an army on one of the revolts of Gallaecia, the special army on one of Cantabria
    revolts = [c for c, p in SCENARIOS["The New Empire"].items() if "revolt" in p]
    by_province = {c: province_of(board, c) for c in revolts}
    assert by_province == {"Asturica": "Gallaecia", "Lancia": "Gallaecia", "Noega": "Gallaecia",
                           "Pallantia": "Cantabria", "Aracillum": "Cantabria", "Flaviobriga": "Cantabria"}


def test_numantia_carpetania_cities_1_3_5_are_free(board):
    # The Siege of Numantia: Carpetania's initial revolt "can only start in one of the cities 1-3-5",
    # so those cities hold none of the scenario's pieces (Regina's praetor, Toletum's consul)
    carpetania = board.province_names.index("Carpetania")
    free = {board.names[board.city(carpetania, n)] for n in (1, 3, 5)}
    assert not free & set(SCENARIOS["The Siege of Numantia"]), free


# ---------------------------------------------------------------- corrupted data is refused

def test_shipped_data_builds():
    # the corruption tests below start from this data: it must pass as it is
    board = build_board(fresh())
    assert board.n_spaces == 49


@pytest.mark.parametrize("key", ["provinces", "cities", "seas", "links"])
def test_missing_list_refused(key):
    # validator: the four lists
    data = fresh()
    del data[key]
    refused(data, f"no '{key}' list")


def test_unknown_top_level_key_refused():
    # validator: unknown top-level key
    data = fresh()
    data["roads"] = []
    refused(data, "unknown top-level key 'roads'")


def test_unknown_link_key_refused():
    # validator: unknown key in a link
    data = fresh()
    link_entry(data, "Gades", "Corduba")["mountain"] = True
    refused(data, "Gades-Corduba", "unknown key 'mountain'")


@pytest.mark.parametrize("kind, name, key", [
    ("cities", "Gades", "capital"),
    ("seas", "Mare Ibericum", "fleet"),
    ("provinces", None, "capital"),
])
def test_unknown_entry_key_refused(kind, name, key):
    # validator: a corrected file's typo must be named, as it is for links
    data = fresh()
    target = data[kind][0] if name is None else entry(data, kind, name)
    target[key] = True
    refused(data, f"unknown key '{key}'")


def test_province_missing_refused():
    # BOARD.md: 8 provinces (Ulterior, Citerior, I..VI)
    data = fresh()
    data["provinces"] = [p for p in data["provinces"] if p["key"] != "VI"]
    refused(data, "province 'VI' is missing")


def test_province_unknown_key_refused():
    data = fresh()
    data["provinces"].append({"key": "VII", "name": "Vasconia"})
    refused(data, "province key 'VII' is not one of")


def test_province_listed_twice_refused():
    data = fresh()
    data["provinces"].append({"key": "III", "name": "Carpetania"})
    refused(data, "province 'III' is listed twice")


def test_city_unknown_province_refused():
    data = fresh()
    entry(data, "cities", "Gades")["province"] = "baetica"
    refused(data, "Gades", "unknown province 'baetica'")


@pytest.mark.parametrize("field", ["name", "province", "number", "lon", "lat"])
def test_city_missing_field_refused(field):
    data = fresh()
    del entry(data, "cities", "Gades")[field]
    refused(data, f"has no '{field}'")


@pytest.mark.parametrize("field, value", [("number", "1"), ("number", True), ("number", 1.0),
                                          ("lon", "-6.29"), ("province", 6)])
def test_city_field_wrong_type_refused(field, value):
    data = fresh()
    entry(data, "cities", "Gades")[field] = value
    refused(data, "Gades", f"'{field}' must be ")


@pytest.mark.parametrize("field, value", [("number", "1"), ("lat", None)])
def test_sea_field_wrong_type_refused(field, value):
    data = fresh()
    target = entry(data, "seas", "Mare Balearicum")
    if value is None:
        del target[field]
        refused(data, "Mare Balearicum", f"has no '{field}'")
    else:
        target[field] = value
        refused(data, "Mare Balearicum", f"'{field}' must be ")


@pytest.mark.parametrize("name", ["Gades", "GADES"])
def test_space_name_used_twice_refused(name):
    # a space is named once (names are matched in any case)
    data = fresh()
    entry(data, "seas", "Mare Gaditanum")["name"] = name
    refused(data, f"'{name}' is used twice")


def test_counts_city_missing_refused():
    # BOARD.md: I..VI have 6 cities each
    data = fresh()
    data["cities"].remove(entry(data, "cities", "Segisamo"))
    refused(data, "Cantabria has 5 cities; it must have 6")


def test_counts_extra_roman_city_refused():
    # BOARD.md: Ulterior and Citerior have 4 cities each
    data = fresh()
    data["cities"].append({"name": "Hispalis", "province": "ulterior", "number": 5, "lon": -6.0, "lat": 37.4})
    refused(data, "Ulterior has 5 cities; it must have 4")


def test_numbers_duplicate_refused():
    # BOARD.md: numbers 1-6 unique per province
    data = fresh()
    entry(data, "cities", "Gerunda")["number"] = 2
    refused(data, "Ilergetia", "numbered 1 to 6 once each")


def test_numbers_out_of_range_refused():
    # BOARD.md: numbers 1-4 in a Roman province
    data = fresh()
    entry(data, "cities", "Castulo")["number"] = 5
    refused(data, "Ulterior", "numbered 1 to 4 once each")


def test_counts_sea_missing_refused():
    # BOARD.md: 5 seas
    data = fresh()
    data["seas"].remove(entry(data, "seas", "Mare Gaditanum"))
    remove_links_of(data, "Mare Gaditanum")
    refused(data, "5 seas numbered 1 to 5")


def test_sea_numbers_duplicate_refused():
    data = fresh()
    entry(data, "seas", "Mare Gaditanum")["number"] = 2
    refused(data, "5 seas numbered 1 to 5")


def test_link_unknown_city_refused():
    data = fresh()
    data["links"].append({"a": "Gades", "b": "Atlantis", "segments": 1})
    refused(data, "unknown space 'Atlantis'")


def test_link_to_itself_refused():
    data = fresh()
    data["links"].append({"a": "Toletum", "b": "Toletum", "segments": 1})
    refused(data, "Toletum-Toletum", "joins a space to itself")


@pytest.mark.parametrize("reverse", [False, True])
def test_no_duplicate_link_refused(reverse):
    # BOARD.md: no duplicate link (the same pair either way round)
    data = fresh()
    a, b = ("Abula", "Toletum") if reverse else ("Toletum", "Abula")
    data["links"].append({"a": a, "b": b, "segments": 2})
    refused(data, f"link {a}-{b} is listed twice")


@pytest.mark.parametrize("segments", [0, 4, -1])
def test_segments_out_of_range_refused(segments):
    # BOARD.md: segments in 1..3
    data = fresh()
    link_entry(data, "Toletum", "Abula")["segments"] = segments
    refused(data, "Toletum-Abula", f"has {segments} segments")


@pytest.mark.parametrize("segments", ["2", 1.5, True])
def test_segments_wrong_type_refused(segments):
    data = fresh()
    link_entry(data, "Toletum", "Abula")["segments"] = segments
    refused(data, "Toletum-Abula", "'segments' must be a whole number")


def test_link_missing_segments_refused():
    data = fresh()
    del link_entry(data, "Toletum", "Abula")["segments"]
    refused(data, "Toletum-Abula", "has no 'segments'")


def test_every_city_linked_refused():
    # BOARD.md: every city linked
    data = fresh()
    remove_links_of(data, "Gades")
    # Gades carried a printed road: the "no link" check comes first and names Gades
    refused(data, "Gades has no link")


def test_every_sea_linked_refused():
    data = fresh()
    remove_links_of(data, "Mare Gaditanum")
    refused(data, "Mare Gaditanum has no link")


def test_each_province_connected_refused():
    # BOARD.md: each province connected by its own links (Talabriga reaches Lusitania only via Conimbriga)
    data = fresh()
    remove_link(data, "Conimbriga", "Talabriga")
    refused(data, "Lusitania", "not connected by their own links")


def test_seas_connected_refused():
    # validator: the seas connected to each other (the chain 1-2-3-4-5 cut between 2 and 3)
    data = fresh()
    remove_link(data, "Mare Ibericum", "Mare Gaditanum")
    refused(data, "seas are not connected")


def test_road_on_a_sea_link_refused():
    # R7: roads join two cities
    data = fresh()
    link_entry(data, "Mare Gaditanum", "Gades")["road"] = True
    refused(data, "Mare Gaditanum-Gades", "roads join two cities")


def test_three_printed_roads_missing_refused():
    # BOARD.md: 3 roads printed in each Roman province
    data = fresh()
    link_entry(data, "Gades", "Corduba")["road"] = False
    refused(data, "Ulterior must have 3 printed roads", "found 2")


def test_three_printed_roads_outside_refused():
    # BOARD.md: printed roads are those of the Roman provinces only
    data = fresh()
    link_entry(data, "Castulo", "Basti")["road"] = True
    refused(data, "printed roads must lie inside the Roman provinces")


def test_dertosa_links_extra_refused():
    # BOARD.md: Dertosa's links exactly Valentia, Salduba, Tarraco, Mare Balearicum
    data = fresh()
    data["links"].append({"a": "Dertosa", "b": "Ilerda", "segments": 1})
    refused(data, "Dertosa must be linked to exactly", "Ilerda")


@pytest.mark.parametrize("other", ["Mare Balearicum", "Salduba"])
def test_dertosa_links_missing_refused(other):
    # BOARD.md: Dertosa's links
    data = fresh()
    remove_link(data, "Dertosa", other)
    refused(data, "Dertosa must be linked to exactly")


@pytest.mark.parametrize("name, coordinate, other", [
    ("Salduba", "I-4", "Gerunda"), ("Ilerda", "I-5", "Calagurris"), ("Segobriga", "II-5", "Bilbilis"),
    ("Regina", "III-2", "Basti"), ("Conimbriga", "IV-4", "Salmantica"), ("Asturica", "V-3", "Bracara"),
    ("Flaviobriga", "VI-6", "Deobriga"),
])
def test_known_numbers_refused(name, coordinate, other):
    # BOARD.md: known numbers (setup example, R5)
    data = fresh()
    swap_numbers(data, name, other)
    refused(data, f"{name} must be city {coordinate}")


@pytest.mark.parametrize("name, capital, expected", [
    ("Emerita", "Olisipo", "Emerita cannot be a capital"),
    ("Capara", "Olisipo", "Capara cannot be a capital"),
    ("Basti", "Toletum", "Basti cannot be a capital"),
    ("Ilerda", "Osca", "Ilerda must be city I-5"),  # Ilerda is I-5 (a known number) first
])
def test_not_capitals_refused(name, capital, expected):
    # BOARD.md: Emerita, Capara, Ilerda and Basti are not capitals
    data = fresh()
    swap_numbers(data, name, capital)
    refused(data, expected)


def test_basti_carthago_nova_link_refused():
    # BOARD.md: Basti-Carthago Nova is a link (setup example road, R7)
    data = fresh()
    remove_link(data, "Basti", "Carthago Nova")
    refused(data, "Basti-Carthago Nova", "(R7)")


def test_setup_example_road_to_emerita_refused():
    # R7: without Corduba-Emerita, Emerita's links touch a revolt (Regina), a capital (Olisipo) or
    # cities without a road: the example's road towards Emerita cannot be placed
    data = fresh()
    remove_link(data, "Corduba", "Emerita")
    refused(data, "towards Emerita", "(R7)")


def test_setup_example_road_emerita_capara_refused():
    # R7: the example's second road joins Emerita and Capara
    data = fresh()
    remove_link(data, "Emerita", "Capara")
    refused(data, "Emerita-Capara", "(R7)")


def test_setup_example_road_to_ilerda_refused():
    # R7: Ilerda must be reachable from the Citerior network (Gerunda has no road)
    data = fresh()
    remove_link(data, "Tarraco", "Ilerda")
    refused(data, "towards Ilerda", "(R7)")


def test_setup_example_road_through_a_revolt_refused():
    # R7: a road may not touch a city in revolt: if Corduba-Emerita went to Regina (in revolt in the
    # example) instead, only revolt-side links would lead to Emerita
    data = fresh()
    remove_link(data, "Corduba", "Emerita")
    data["links"].append({"a": "Castulo", "b": "Regina", "segments": 3})
    refused(data, "towards Emerita")


@pytest.mark.parametrize("name, other, expected", [
    ("Mare Balearicum", "Mare Gaditanum", "Mare Balearicum must be a sea numbered at most 2"),
    ("Mare Ibericum", "Mare Atlanticum", "Mare Ibericum must be a sea numbered at most 3"),
])
def test_named_sea_numbers_refused(name, other, expected):
    # BOARD.md: Mare Ibericum holds a fleet when fleets are in seas 1-2-3; R8, R24
    data = fresh()
    swap_numbers(data, name, other)
    refused(data, expected)


@pytest.mark.parametrize("name, expected", [
    ("Mare Balearicum", "Dertosa must be linked to exactly"),  # Dertosa's links are checked first
    ("Mare Ibericum", "names 'Mare Ibericum'"),
])
def test_named_sea_missing_refused(name, expected):
    # BOARD.md: seas named
    data = fresh()
    rename(data, name, "Mare Nostrum")
    refused(data, expected, name)


@pytest.mark.parametrize("name", NAMED_SEAS[2:])
def test_named_sea_atlanticum_cantabricum_missing_refused(name):
    # BOARD.md: seas named Mare Atlanticum, Mare Cantabricum; The New Empire's fleets
    data = fresh()
    rename(data, name, "Mare Nostrum")
    refused(data, f"'{name}'")


@pytest.mark.parametrize("name", SCENARIO_CITY_NAMES)
def test_scenario_city_missing_refused(name):
    # BOARD.md: every scenario's setup legal: every city the scenarios name exists
    data = fresh()
    rename(data, name, name + "x")
    # Valentia is one of Dertosa's links, checked first
    refused(data, "Dertosa must be linked to exactly" if name == "Valentia" else f"names '{name}'")


def test_scenario_city_is_a_sea_refused():
    # BOARD.md: every scenario's setup legal (a garrison, a praetor, a revolt go on a city)
    data = fresh()
    swap_names(data, "Talabriga", "Mare Gaditanum")
    refused(data, "Talabriga")


@pytest.mark.parametrize("name, other, expected", [
    ("Lancia", "Segisamo", "Lancia must be in province V"),
    ("Noega", "Segisamo", "Noega must be in province V"),
    ("Lucus", "Segisamo", "Lucus must be in province V"),
    ("Asturica", "Segisamo", "Asturica must be city V-3"),  # a known number first
    ("Pallantia", "Bracara", "Pallantia must be in province VI"),
    ("Aracillum", "Bracara", "Aracillum must be in province VI"),
])
def test_new_empire_revolt_province_refused(name, other, expected):
    # The New Empire: revolts of Gallaecia (Asturica, Lancia, Noega) and of Cantabria (Pallantia,
    # Aracillum, Flaviobriga); The River of Oblivion: Lucus's army
    data = fresh()
    swap_names(data, name, other)
    refused(data, expected)


def test_scenario_armies_same_province_refused():
    # rulebook capacity limits: a province holds 1 Hispanic army; The First Repression
    data = fresh()
    swap_names(data, "Puciala", "Baecula")  # Puciala becomes Ulterior-3, beside Castulo
    refused(data, "Puciala")


def test_numantia_carpetania_cities_1_3_5_refused():
    # BOARD.md: "cities 1-3-5" of Carpetania; The Siege of Numantia
    data = fresh()
    swap_names(data, "Toletum", "Puciala")  # Toletum (the consul's city) becomes III-3
    refused(data, "Toletum")


def test_durius_unmarked_crossing_refused():
    # BOARD.md: the Lethe road along the links that cross the Durius
    data = fresh()
    del link_entry(data, "Cauca", "Pallantia")["river"]
    refused(data, "Cauca-Pallantia", 'must be marked river = "Durius"')


def test_durius_new_crossing_unmarked_refused():
    # BOARD.md: every link into Gallaecia, Pallantia or Aracillum from the south crosses the Durius
    data = fresh()
    data["links"].append({"a": "Clunia", "b": "Lancia", "segments": 2})
    refused(data, "Clunia-Lancia", 'must be marked river = "Durius"')


def test_durius_wrong_river_name_refused():
    data = fresh()
    link_entry(data, "Salmantica", "Asturica")["river"] = "Duero"
    refused(data, "Salmantica-Asturica", 'must be marked river = "Durius"')


def test_durius_marked_non_crossing_refused():
    # BOARD.md: only links across the Durius are Durius links
    data = fresh()
    link_entry(data, "Toletum", "Abula")["river"] = "Durius"
    refused(data, "Toletum-Abula", 'must not be marked river = "Durius"')


# ---------------------------------------------------------------- files and the board option

def test_file_does_not_exist_refused(tmp_path):
    path = tmp_path / "nowhere.toml"
    with pytest.raises(BoardError, match="cannot read board file") as info:
        legatus.load("hispania", board=str(path))
    assert str(path) in str(info.value)


def test_file_not_toml_refused(tmp_path):
    path = write(tmp_path, "provinces = [ { key = \n this is not TOML\n")
    with pytest.raises(BoardError, match="is not valid TOML") as info:
        legatus.load("hispania", board=str(path))
    assert str(path) in str(info.value)


def test_empty_file_refused(tmp_path):
    path = write(tmp_path, "")
    with pytest.raises(BoardError, match="there is no 'provinces' list"):
        legatus.load("hispania", board=str(path))


def test_file_link_unknown_city_refused(tmp_path):
    data = fresh()
    link_entry(data, "Toletum", "Abula")["b"] = "Abulaa"
    path = write(tmp_path, data)
    with pytest.raises(BoardError) as info:
        legatus.load("hispania", board=str(path))
    message = str(info.value)
    assert message.startswith(f"board file {path}:")
    assert "unknown space 'Abulaa'" in message


def test_file_unknown_key_refused(tmp_path):
    text = default_board_path().read_text(encoding="utf-8")
    text = text.replace('{ a = "Toletum",   b = "Abula",     segments = 2 }',
                        '{ a = "Toletum",   b = "Abula",     segments = 2, rivr = "Tagus" }')
    assert "rivr" in text
    path = write(tmp_path, text)
    with pytest.raises(BoardError, match="unknown key 'rivr'"):
        legatus.load("hispania", board=str(path))


def test_board_option_must_be_a_path():
    with pytest.raises(OptionError, match="board"):
        legatus.load("hispania", board="  ")


def test_default_board_is_the_shipped_file():
    game = legatus.load("hispania")
    assert game.board.source == str(default_board_path())
    shipped = load_board()
    assert (game.board.names, game.board.links) == (shipped.names, shipped.links)


def test_dumped_copy_loads_the_same_board(tmp_path):
    # the TOML writer of these tests: a copy of the shipped data is the same board
    path = write(tmp_path, fresh())
    board, shipped = load_board(str(path)), load_board()
    assert board.names == shipped.names
    assert board.links == shipped.links
    assert (board.lon, board.lat) == (shipped.lon, shipped.lat)


def test_corrected_board_loads_and_is_used(tmp_path):
    # BOARD.md: a player who owns the printed board corrects the one file and loads it with an option
    data = fresh()
    entry(data, "cities", "Gades")["lon"] = -6.5
    link_entry(data, "Toletum", "Abula")["segments"] = 3  # a changed segment count that keeps all facts
    swap_numbers(data, "Gades", "Corduba")  # and a renumbering of Ulterior that keeps them too
    path = write(tmp_path, data, "printed.toml")
    game = legatus.load("hispania", board=str(path))
    board = game.board
    assert board.source == str(path)
    assert board is not load_board()
    gades, corduba = board.space("Gades"), board.space("Corduba")
    assert board.lon[gades] == -6.5
    toletum_abula = board.links[board.link(board.space("Toletum"), board.space("Abula"))]
    assert toletum_abula.segments == 3
    assert (board.coordinate(gades), board.coordinate(corduba)) == ("Ulterior-2", "Ulterior-1")
    assert game.new_initial_state().board is board
    # the shipped board is untouched
    shipped = legatus.load("hispania").board
    assert shipped.lon[shipped.space("Gades")] == -6.29
    assert shipped.links[shipped.link(shipped.space("Toletum"), shipped.space("Abula"))].segments == 2
