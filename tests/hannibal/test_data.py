"""Hannibal's data files and their validators (docs/hannibal/board.md, cards.md).

First the shipped data: the counts the rules brief states, each test named by its H-id; then,
for each check, a copy of a shipped file broken in one place (tmp_path) that the loader must
refuse with one exact message naming the file, the item and what would be valid.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from legatus.core.datafile import shipped
from legatus.core.errors import BoardError
from legatus.games.hannibal.cards import load_cards
from legatus.games.hannibal.components import load_components
from legatus.games.hannibal.map import ALPS_PASS, PASS, STRAIT, load_map
from legatus.games.hannibal.tables import load_tables

MAP, TABLES, CARDS = load_map(), load_tables(), load_cards()
MEDIUM = {("Western Ligurians", "Eastern Ligurians"), ("Verona", "Boii"), ("Verona", "Mutina"),
          ("Cosa", "Faesulae"), ("Firmum Picenum", "Sena"), ("Praeneste", "Rome"), ("Thabraca", "Zama")}


# --- the shipped data ---------------------------------------------------------------------

def test_shipped_data_loads_together():
    parts = load_components()
    assert parts.map.names == MAP.names and parts.tables.generals == TABLES.generals
    assert parts.cards.strategy == CARDS.strategy


def test_h8_96_spaces_22_provinces_18_for_victory():
    assert (MAP.n_spaces, len(MAP.province_names), sum(MAP.victory)) == (96, 22, 18)


def test_h8_13_walled_cities_34_ports_h6_8_tribes():
    assert (len(MAP.walled), len(MAP.ports), len(MAP.tribes)) == (13, 34, 8)
    assert Counter(MAP.allegiance[s] for s in MAP.tribes) == {"carthage": 3, "neutral": 5}
    assert {MAP.names[s] for s in MAP.tribes if MAP.allegiance[s] == "carthage"} == {"Boii", "Insubrians", "Bruttium"}


def test_h8_174_connections_4_alps_4_other_passes_2_straits():
    types = Counter(c.type for c in MAP.connections)
    assert len(MAP.connections) == 174 and (types[ALPS_PASS], types[PASS], types[STRAIT]) == (4, 4, 2)


def test_h136_14_the_seven_medium_confidence_connections_are_flagged():
    assert {(MAP.names[c.a], MAP.names[c.b]) for c in MAP.connections if c.medium} == MEDIUM


def test_h50_only_messana_needs_control():
    assert [(MAP.names[c.a], MAP.names[c.b]) for c in MAP.connections if c.control_needed] == [("Rhegium", "Messana")]


def test_neighbours_symmetric():
    for table in (MAP.land, MAP.passes, MAP.straits, MAP.sea):
        for s, ns in enumerate(table):
            assert all(s in table[n] for n in ns)


def test_h51_walled_capacity_rome_and_carthage_5_others_2():
    assert {MAP.names[s]: MAP.capacity[s] for s in MAP.walled if MAP.capacity[s] != 2} == {"Rome": 5, "Carthage": 5}


def test_h95_siege_modifier_minus_1_for_carthage_syracuse_rome():
    assert {MAP.names[s] for s in MAP.walled if MAP.siege_modifier[s]} == {"Carthage", "Syracuse", "Rome"}


def test_h12_start_control_and_r22_2_points_9_to_7():
    walled = Counter(MAP.start[s] for s in MAP.walled)
    plain = Counter(MAP.start[s] for s in range(MAP.n_spaces) if MAP.kind[s] == "pc")
    assert (plain["rome"], walled["rome"], plain["carthage"], walled["carthage"]) == (26, 8, 29, 5)
    assert Counter(MAP.start)["none"] == 20


def test_h10_h11_setup():
    armies = {(a.side, MAP.names[a.space]): (a.cus, a.elephants, a.generals) for a in MAP.setup}
    assert armies == {
        ("rome", "Rome"): (8, 0, ("P. Scipio",)), ("rome", "Agrigentum"): (8, 0, ("T. Longus",)),
        ("carthage", "Carthage"): (4, 0, ("Hanno",)), ("carthage", "New Carthage"): (2, 0, ("Hasdrubal",)),
        ("carthage", "Saguntum"): (10, 2, ("Hannibal", "Mago", "H. Gisgo")),
    }


def test_h5_14_generals_ratings():
    ratings = {g.name: (g.strategy, g.battle) for g in TABLES.generals}
    assert ratings == {
        "Hannibal": (1, 4), "Hasdrubal": (2, 3), "Hanno": (3, 2), "Mago": (2, 2), "H. Gisgo": (2, 1),
        "P. Scipio": (3, 2), "T. Longus": (2, 1), "Flaminius": (2, 2), "Fabius": (3, 3), "Marcellus": (2, 3),
        "G. Nero": (1, 2), "Varro": (1, 1), "A. Paulus": (3, 2), "Scipio Africanus": (1, 4),
    }
    assert [g.name for g in TABLES.generals if not g.consul_pool and g.side == "rome"] == ["Scipio Africanus"]


def test_h9_turn_track():
    assert TABLES.turn_cards == (7, 7, 7, 8, 8, 8, 9, 9, 9)
    assert TABLES.general("Scipio Africanus").arrives == 6


def test_h2_tables_read_past_their_ends():
    assert TABLES.siege_result(0) == (0, 1) and TABLES.siege_result(8) == (2, 0)
    assert TABLES.attrition_loss(-3, 1) == 0 and TABLES.attrition_loss(9, 12) == 4
    assert TABLES.retreat_loss(-1, 4) == 0 and TABLES.retreat_loss(-1, 5) == 1
    assert TABLES.naval_result(0) == "none" and TABLES.naval_result(5) == "sunk"


def test_h105_attrition_columns_5_6_and_7_9():
    assert TABLES.attrition_loss(5, 6) == 2 and TABLES.attrition_loss(5, 7) == 2 and TABLES.attrition_loss(5, 9) == 2
    assert TABLES.attrition_loss(3, 9) == 1 and TABLES.attrition_loss(3, 10) == 2


def test_h7_64_strategy_cards_48_battle_cards():
    assert len(CARDS.strategy) == 64 and len(CARDS.battle_deck) == 48
    assert dict(zip(CARDS.battle_kinds, CARDS.battle_counts, strict=True)) == {
        "Frontal Assault": 12, "Flank Left": 9, "Flank Right": 9, "Probe": 8, "Double Envelopment": 6, "Reserve": 4}


def test_h129_counter_h35_op_bonus_h52_campaign_cards():
    by_kind = {k: [c.number for c in CARDS.strategy if c.kind == k] for k in ("counter", "op_bonus", "campaign")}
    assert by_kind == {"counter": [6, 7, 8, 20, 31, 32, 41, 42, 59, 60], "op_bonus": [5, 18, 28, 50, 54],
                       "campaign": [33, 34, 37, 38, 39, 40]}
    assert [c.number for c in CARDS.strategy if c.counter_when == "battle"] == [6, 20, 31, 32, 42, 59]


def test_h130_removal_and_h131_truce():
    assert {c.number: c.removed_after for c in CARDS.strategy if c.removed_after} == {9: 2, 25: 1, 26: 1}
    keep = {5, 6, 18, 20, 28, 31, 32, 33, 34, 37, 38, 39, 40, 41, 42, 50, 54, 59, 60, 61, 62, 63, 64}
    assert {c.number for c in CARDS.strategy if not c.breaks_truce} == keep


def test_h128_card_32_has_1_op_and_sides():
    assert CARDS.strategy[31].ops == 1
    assert Counter(c.side for c in CARDS.strategy) == {"either": 37, "carthage": 17, "rome": 10}


# --- the validators -----------------------------------------------------------------------

def broken(tmp_path: Path, name: str, *changes: tuple[str, str]) -> str:
    """A copy of the shipped file ``name`` with each ``old`` (which must occur once) replaced."""
    text = shipped("legatus.games.hannibal", name).read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


MAP_BREAKS = [
    ('{ name = "Latium", country = "Italy", victory = true, control = 1 },\n', "",
     "there are 21 provinces; there must be 22 (H8)"),
    ('name = "Massilia", country = "none", victory = false', 'name = "Massilia", country = "none", victory = true',
     "there are 19 provinces that count for victory; there must be 18 (H8)"),
    ('name = "Apulia", country = "Italy", victory = true, control = 3',
     'name = "Apulia", country = "Italy", victory = true, control = 2',
     "province Apulia: 'control' is 2; with 5 spaces it must be 3 (a strict majority, R19.1)"),
    ('name = "Apulia", country = "Italy"', 'name = "Apulia", country = "Gaul"',
     "province Apulia: 'country' is 'Gaul'; it must be one of Italy, Spain, Africa, Sicily, Corsica Sardinia, "
     "Balearic Islands, none"),
    ('{ name = "Cannae", province = "Apulia", kind = "pc", start = "rome", xy = [2095, 770] },\n', "",
     "there are 95 spaces; there must be 96 (H8)"),
    ('name = "Cannae", province = "Apulia"', 'name = "Cannae", province = "Apulea"',
     "space Cannae: unknown province 'Apulea' (provinces: Apulia, Baetica, Balearic Islands, Campania, Carthage, "
     "Carthaginia, Celtiberia, Corsica Sardinia, Eastern Numidia, Etruria, Gallia Cisalpinia, Gallia Transalpinia, "
     "Idubeda, Latium, Liguria, Lucania, Massilia, Orospeda, Samnium, Sicilia, Syracuse, Western Numidia)"),
    ('name = "Cannae", province = "Apulia", kind = "pc"', 'name = "Cannae", province = "Apulia", kind = "town"',
     "space Cannae: 'kind' is 'town'; it must be one of pc, walled, tribe"),
    ('name = "Cannae", province = "Apulia", kind = "pc", start = "rome"',
     'name = "Apri", province = "Apulia", kind = "pc", start = "rome"', "the space name 'Apri' is used twice"),
    ('name = "Cannae", province = "Apulia", kind = "pc", start = "rome"',
     'name = "Cannae", province = "Apulia", kind = "pc", start = "neutral"',
     "space Cannae: only a neutral tribe starts 'neutral' (H12)"),
    ('name = "Boii", province = "Gallia Cisalpinia", kind = "tribe", allegiance = "carthage"',
     'name = "Boii", province = "Gallia Cisalpinia", kind = "tribe", allegiance = "rome"',
     "space Boii: 'allegiance' is 'rome'; it must be one of carthage, neutral"),
    ('name = "Boii", province = "Gallia Cisalpinia", kind = "tribe", allegiance = "carthage", start = "carthage"',
     'name = "Boii", province = "Gallia Cisalpinia", kind = "tribe", allegiance = "carthage", start = "rome"',
     "space Boii: a carthage tribe must start as 'carthage' (H12)"),
    ('kind = "walled", siege = 0, capacity = 2, port = 0, start = "rome", xy = [2157, 848]',
     'kind = "pc", port = 0, start = "rome", xy = [2157, 848]', "there are 12 walled cities; there must be 13 (H8)"),
    ('name = "Cannae", province = "Apulia", kind = "pc", start = "rome"',
     'name = "Cannae", province = "Apulia", kind = "pc", port = 0, start = "rome"',
     "there are 35 ports; there must be 34 (H8)"),
    ('name = "Brundisium", province = "Apulia", kind = "pc", port = 1',
     'name = "Brundisium", province = "Apulia", kind = "pc", port = 3',
     "space Brundisium: 'port' is 3; it must be from -2 to 2"),
    ('name = "Cannae", province = "Apulia", kind = "pc", start = "rome"',
     'name = "Cannae", province = "Apulia", kind = "pc", siege = 0, start = "rome"',
     "space Cannae has an unknown key 'siege' (keys: aliases, kind, name, port, province, start, xy)"),
    ('xy = [2095, 770]', 'xy = [2095]', "space Cannae: 'xy' must be two whole numbers (found [2095])"),
    ('{ a = "Gades", b = "Hispalis" },', '{ a = "Gades", b = "Hispalis" }, { a = "Hispalis", b = "Gades" },',
     "connection Hispalis-Gades is listed twice"),
    ('{ a = "Gades", b = "Hispalis" },', '{ a = "Gades", b = "Gadira" },',
     "connection 1 names an unknown space 'Gadira'"),
    ('{ a = "Gades", b = "Hispalis" },', '{ a = "Gades", b = "Gades" },',
     "connection Gades-Gades joins a space to itself"),
    ('{ a = "Gades", b = "Hispalis" },', '{ a = "Gades", b = "Hispalis", type = "road" },',
     "connection Gades-Hispalis: 'type' is 'road'; it must be one of land, alps_pass, pass, strait"),
    ('{ a = "Gades", b = "Hispalis" },', '{ a = "Gades", b = "Hispalis", control_needed = true },',
     "connection Gades-Hispalis: only a strait may have control_needed (H50)"),
    ('{ a = "Gades", b = "Hispalis" },', '{ a = "Gades", b = "Hispalis", confidence = "low" },',
     "connection Gades-Hispalis: 'confidence' is 'low'; it must be one of high, medium"),
    ('{ a = "Gades", b = "Hispalis" },', '', "there are 173 connections; there must be 174 (H8)"),
    ('{ a = "Aleria", b = "Sassari", type = "strait" },', '{ a = "Aleria", b = "Sassari" },',
     "there are 1 connections of type strait; there must be 2 (H8)"),
]


@pytest.mark.parametrize(("old", "new", "message"), MAP_BREAKS, ids=[m[2][:40] for m in MAP_BREAKS])
def test_map_validator(tmp_path, old, new, message):
    path = broken(tmp_path, "map.toml", (old, new))
    with pytest.raises(BoardError) as err:
        load_map(path)
    assert str(err.value) == f"map file {path}: {message}"


def test_map_unreachable_space(tmp_path):
    # Baleares joins the rest only by sea; the port moves to Cannae so that 34 remain
    path = broken(tmp_path, "map.toml",
                  ('name = "Baleares", province = "Balearic Islands", kind = "pc", port = -1,',
                   'name = "Baleares", province = "Balearic Islands", kind = "pc",'),
                  ('name = "Cannae", province = "Apulia", kind = "pc", start = "rome"',
                   'name = "Cannae", province = "Apulia", kind = "pc", port = 0, start = "rome"'))
    with pytest.raises(BoardError) as err:
        load_map(path)
    assert str(err.value) == (f"map file {path}: space Baleares cannot be reached from Rome by any connection or by "
                              "sea (connect it, or make a space of its island a port)")


OTHER_BREAKS = [
    ("tables.toml", '{ name = "Varro", side = "rome", strategy = 1,',
     '{ name = "Varro", side = "rome", strategy = 4,',
     "tables", "general Varro: 'strategy' is 4; it must be from 1 to 3"),
    ("tables.toml", 'consul_pool = true, intercept_max = 4', 'intercept_max = 4',
     "tables", "there are 7 generals in the consul pool; there must be 8 (H5)"),
    ("tables.toml", 'counterattack_when = "original_defender"', 'counterattack_when = "defender"',
     "tables", "general A. Paulus: 'counterattack_when' is 'defender'; it must be one of original_attacker, "
     "original_defender, campaign_event, force_march_event"),
    ("tables.toml", '  { turn = 9, years = "204-202 BC", cards = 9 },\n', "",
     "tables", "there are 8 turns; there must be 9 (H9)"),
    ("tables.toml", '["-",  "1",  "1",  "1",  "2",  "2",  "3"],', '["-",  "1",  "1",  "1",  "2",  "2"],',
     "tables", "[attrition]: 'rows' must be 7 rows of 7 entries"),
    ("tables.toml", '["-",  "1",  "1",  "1",  "2",  "2",  "3"],', '["-",  "1",  "1",  "1",  "2",  "x",  "3"],',
     "tables", "[attrition]: the entry 'x' must be \"-\", a number, a number with \"e\""),
    ("tables.toml", '["-",  "1",  "1",  "1",  "2",  "2",  "3"],', '["-",  "1",  "1",  "1",  "2",  "1",  "3"],',
     "tables", "[attrition]: row 5, column 6 is smaller than the entry above or to its left; losses must not fall "
     "as the roll or the force grows"),
    ("tables.toml", 'columns = [1, 5]', 'columns = [5, 1]',
     "tables", "[retreat]: 'columns' must be 2 increasing force sizes starting at 1 (found [5, 1])"),
    ("tables.toml", '"1/1", "1/-"', '"1", "1/-"', "tables", "[siege]: the entry '1' must be \"points/losses\", each a "
     "number or \"-\""),
    ("tables.toml", 'rows = ["none", "return", "sunk"]', 'rows = ["none", "sunk"]',
     "tables", "[naval]: 'rows' must be ['none', 'return', 'sunk'] (H58)"),
    ("cards.toml", 'number = 32, name = "Numidian Allies Desert", ops = 1',
     'number = 32, name = "Numidian Allies Desert", ops = 3',
     "cards", "strategy card #32: 'ship' must be true exactly when it has 3 OPs (H128)"),
    ("cards.toml", '{ number = 64,', '{ number = 65,',
     "cards", "strategy card 64 is numbered 65; cards must be numbered 1 to 64 in order (H7)"),
    ("cards.toml", 'number = 64, name = "Truce", ops = 2, side = "either"',
     'number = 64, name = "Truce", ops = 2, side = "both"',
     "cards", "strategy card #64: 'side' is 'both'; it must be one of rome, carthage, either"),
    ("cards.toml", 'kind = "counter", counter_when = "battle", effect = "At the start of any battle',
     'kind = "counter", effect = "At the start of any battle',
     "cards", "strategy card #20: a counter card, and only one, has 'counter_when' (H129)"),
    ("cards.toml", 'number = 33, name = "Major Campaign", ops = 3, side = "either", ship = true, kind = "campaign",',
     'number = 33, name = "Major Campaign", ops = 3, side = "either", ship = true, breaks_truce = true, '
     'kind = "campaign",',
     "cards", "strategy card #33: an campaign card never breaks a Truce (H131)"),
    ("cards.toml", '{ name = "Probe", count = 8 },', '{ name = "Probe", count = 7 },',
     "cards", "there are 47 battle cards; there must be 48 (H7)"),
    ("cards.toml", '{ name = "Reserve", count = 4, wild = true },', '{ name = "Reserve", count = 4 },',
     "cards", "the Reserve, and only it, must be wild = true (H78)"),
]


@pytest.mark.parametrize(("name", "old", "new", "label", "message"), OTHER_BREAKS,
                         ids=[m[4][:40] for m in OTHER_BREAKS])
def test_tables_and_cards_validators(tmp_path, name, old, new, label, message):
    path = broken(tmp_path, name, (old, new))
    loader = load_tables if name == "tables.toml" else load_cards
    with pytest.raises(BoardError) as err:
        loader(path)
    assert str(err.value) == f"{label} file {path}: {message}"


def test_setup_general_unknown(tmp_path):
    path = broken(tmp_path, "map.toml", ('generals = ["Hasdrubal"]', 'generals = ["Hamilcar"]'))
    with pytest.raises(BoardError) as err:
        load_components(map_path=path)
    assert str(err.value) == (f"map file {path}: setup army in New Carthage: unknown general 'Hamilcar' "
                              "(the carthage generals: Hannibal, Hasdrubal, Hanno, Mago, H. Gisgo)")


def test_setup_on_unknown_space(tmp_path):
    path = broken(tmp_path, "map.toml", ('space = "Agrigentum"', 'space = "Akragas"'))
    with pytest.raises(BoardError) as err:
        load_map(path)
    assert str(err.value) == f"map file {path}: setup army 2 stands on an unknown space 'Akragas'"


def test_h12_start_points(tmp_path):
    rome = 'name = "Rome", province = "Latium", kind = "walled", siege = -1, capacity = 5, port = 2, start = '
    path = broken(tmp_path, "map.toml", (rome + '"rome"', rome + '"none"'))
    with pytest.raises(BoardError) as err:
        load_map(path)
    assert str(err.value) == (f"map file {path}: at the start rome controls 8 victory provinces; it must control 9 "
                              "(H12, the example of R22.2)")
