"""Difficulty levels (rulebook, Setup: five parameters, three values each, 3^5 = 243 levels)
and the game's option checking."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import legatus
from legatus import OptionError
from legatus.games.hispania.level import Level, all_levels

# Rulebook table, easiest value first: denarii, garrisons, fleets, roads, initial armies
TABLE = ((7, 6, 5), (5, 4, 3), (4, 3, 2), (5, 4, 3), (1, 2, 3))
ALL_TEXTS = ["-".join(str(TABLE[i][d]) for i, d in enumerate(ds)) for ds in itertools.product(range(3), repeat=5)]


def test_all_243_levels():
    # rulebook: 3 values for each of 5 parameters
    levels = all_levels()
    assert len(levels) == 243 == len(set(levels))
    assert [str(level) for level in levels] == ALL_TEXTS


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_every_level_parses_and_round_trips(text):
    level = Level.parse(text)
    assert str(level) == text
    assert tuple(level) == tuple(int(v) for v in text.split("-"))
    assert Level.parse(level) == level


def test_medium_default_is_6_4_3_4_2():
    # rulebook: the medium level
    game = legatus.load("hispania")
    assert game.level == Level(denarii=6, garrisons=4, fleets=3, roads=4, armies=2)
    assert str(game.level) == "6-4-3-4-2"
    assert game.options["level"] == "6-4-3-4-2"


def test_level_option_sets_the_game_level():
    game = legatus.load("hispania", level="7-3-2-5-3")
    assert (game.level.denarii, game.level.garrisons, game.level.fleets, game.level.roads, game.level.armies) \
        == (7, 3, 2, 5, 3)
    assert game.options["level"] == "7-3-2-5-3"


@pytest.mark.parametrize("text, columns", [
    ("7-5-4-5-1", (0, 0, 0, 0, 0)),  # the easiest
    ("6-4-3-4-2", (1, 1, 1, 1, 1)),  # medium
    ("5-3-2-3-3", (2, 2, 2, 2, 2)),  # the hardest
    ("7-3-3-5-3", (0, 2, 1, 0, 2)),
    ("5-5-2-4-1", (2, 0, 2, 1, 0)),
])
def test_difficulty_columns(text, columns):
    assert Level.parse(text).difficulty == columns


def test_difficulty_columns_of_all_levels_in_order():
    # all_levels: easiest first, in lexicographic order of difficulty
    assert [level.difficulty for level in all_levels()] == list(itertools.product(range(3), repeat=5))


@pytest.mark.parametrize("text", ["6-4-3-4", "6-4-3-4-2-1", "", "6", "6--3-4-2", "64342"])
def test_wrong_count_refused(text):
    with pytest.raises(OptionError) as info:
        Level.parse(text)
    message = str(info.value)
    assert f"level '{text}'" in message
    assert "five values denarii-garrisons-fleets-roads-armies" in message and "6-4-3-4-2" in message


@pytest.mark.parametrize("text", ["x", "six-4-3-4-2", "6-4-3-4-b", "6.0-4-3-4-2", "6-4-3-4-+2", "-6-4-3-4-2"])
def test_non_numbers_refused(text):
    with pytest.raises(OptionError) as info:
        Level.parse(text)
    message = str(info.value)
    assert f"level '{text}'" in message
    assert "five values denarii-garrisons-fleets-roads-armies" in message


def test_non_decimal_digit_refused():
    with pytest.raises(OptionError, match="level '²-4-3-4-2'"):
        Level.parse("²-4-3-4-2")


@pytest.mark.parametrize("text, parameter, value, valid", [
    ("8-4-3-4-2", "denarii", 8, "7, 6, 5"),
    ("4-4-3-4-2", "denarii", 4, "7, 6, 5"),
    ("6-6-3-4-2", "garrisons", 6, "5, 4, 3"),
    ("6-4-1-4-2", "fleets", 1, "4, 3, 2"),
    ("6-4-3-6-2", "roads", 6, "5, 4, 3"),
    ("6-4-3-4-0", "armies", 0, "1, 2, 3"),
    ("6-4-3-4-4", "armies", 4, "1, 2, 3"),
])
def test_out_of_table_refused(text, parameter, value, valid):
    with pytest.raises(OptionError) as info:
        Level.parse(text)
    message = str(info.value)
    assert f"level '{text}'" in message
    assert f"{parameter} is {value}" in message
    assert f"must be one of {valid}" in message


@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=15))
def test_any_ascii_text_is_a_level_or_an_option_error(text):
    levels = set(all_levels())
    try:
        level = Level.parse(text)
    except OptionError as exc:
        assert "level '" in str(exc)
    else:
        assert level in levels


def test_load_with_bad_level_refused():
    with pytest.raises(OptionError) as info:
        legatus.load("hispania", level="x")
    assert "level 'x'" in str(info.value)
    assert "6-4-3-4-2" in str(info.value)


def test_load_with_out_of_table_level_refused():
    with pytest.raises(OptionError, match=r"level '8-4-3-4-2': denarii is 8, it must be one of 7, 6, 5"):
        legatus.load("hispania", level="8-4-3-4-2")


def test_unknown_option_refused():
    with pytest.raises(OptionError) as info:
        legatus.load("hispania", levle="6-4-3-4-2")
    message = str(info.value)
    assert "unknown option 'levle'" in message
    valid = message.split("valid options:")[1]
    for option in ("level", "board", "seed", "ties", "players", "variants", "scenario", "traitors"):
        assert option in valid


@pytest.mark.parametrize(("name", "level"), [("easiest", "7-5-4-5-1"), ("DEFAULT", "6-4-3-4-2"),
                                             (" hardest ", "5-3-2-3-3")])
def test_levels_have_names(name, level):
    """Issue 15, point 11: easiest, default and hardest beside the five numbers."""
    assert str(Level.parse(name)) == level
    assert legatus.load("hispania", level=name).options["level"] == level


def test_a_malformed_level_names_the_named_ones_too():
    with pytest.raises(OptionError, match="or easiest, default, hardest"):
        Level.parse("easy")


def test_the_measured_win_rates_are_those_of_the_sweep():
    """The copy in the package (for the shells) agrees with docs/hispania/levels/tuned-sweep.jsonl."""
    import json
    from pathlib import Path

    from legatus.games.hispania.level import measured

    sweep = Path(__file__).resolve().parents[2] / "docs" / "hispania" / "levels" / "tuned-sweep.jsonl"
    head, *rows = [json.loads(line) for line in sweep.read_text(encoding="utf-8").splitlines()]
    assert head["agents"] == {"rome": "tuned"} and head["games"] == 1000  # as MEASURED_BY says
    assert measured() == {row["level"]: row["win_rate"] for row in rows}
    assert set(measured()) == set(ALL_TEXTS)
