"""Positions as text, the game-agnostic part (issue 10, point 8): the value notation reads
back every value a state's fields hold, and a bad line is refused with one sentence naming
what is wrong. Hispania's positions are tested in tests/hispania/test_position.py."""

from __future__ import annotations

from enum import IntEnum
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legatus.core.errors import LegatusError, PositionError
from legatus.core.game import Game, State
from legatus.core.position import MAX_RUN, encode, read_position, write_position

SCALARS = st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.none(), st.text(max_size=12),
                    st.sampled_from(["", " ", 'a "quoted" word', "x=1 y=2", "N", "[", "Ünïcode ✓"]))
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=8), st.lists(inner, max_size=8).map(tuple),
                            st.lists(st.sampled_from([0, 1, -1]), max_size=12),  # runs
                            st.dictionaries(st.integers(-50, 50), inner, max_size=5)),
    max_leaves=20,
)
TEMPLATE = {"a": [0, 0], "b": 0, "c": None, "d": "", "e": False, "f": (), "g": {}}


def read(text: str, template: dict[str, Any] = TEMPLATE) -> dict[str, Any]:
    return read_position(text, "toy/1", "cfg", template)


def refused(text: str, template: dict[str, Any] = TEMPLATE) -> str:
    with pytest.raises(PositionError) as info:
        read(text, template)
    return str(info.value)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True), VALUES, max_size=6))
def test_every_value_reads_back_with_its_types(fields: dict[str, Any]) -> None:
    text = write_position("toy/1", "cfg", fields.items())
    back = read(text, {name: None for name in fields})
    assert back == fields
    assert encode(back) == encode(fields)  # 1 == True, but not in a position: types are kept
    assert "\n" not in text


def test_runs_of_equal_items_are_written_once() -> None:
    assert encode([0, 0, 0, 0, 1, -1, -1, -1, True, True, True]) == "[0*4,1,-1*3,T*3]"
    assert encode([1, 1, [()] * 3, (0, 0)]) == "[1,1,[()*3],(0,0)]"
    assert encode({3: 1, 0: 2}) == "{3:1,0:2}"
    assert encode("a b") == '"a b"'


def test_an_int_enum_is_written_as_its_integer() -> None:
    # A game's procedure ids (an IntEnum) stand in its stack's frames (issue 34).
    class Id(IntEnum):
        ROMAN = 3

    assert encode(((Id.ROMAN,), (Id.ROMAN, 1))) == "((3),(3,1))"
    assert read_position("toy/1 cfg stack=((3))", "toy/1", "cfg", {"stack": ()})["stack"] == ((Id.ROMAN,),)


def test_a_run_of_mutable_items_makes_independent_copies() -> None:
    values = read_position("toy/1 cfg a=[[0]*3]", "toy/1", "cfg", {"a": []})["a"]
    values[0].append(1)
    assert values == [[0, 1], [0], [0]]


def test_a_value_a_position_cannot_hold_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="a position cannot hold float 1.5"):
        encode([1.5])


@pytest.mark.parametrize("text, words", [
    ("", "the position is empty; a toy position starts with 'toy/1'"),
    ("chess/1 cfg a=[0,0]", "starts with 'chess/1', not 'toy/1': it is not a toy position"),
    ("toy/2 cfg", "the position is version 'toy/2'; this legatus reads 'toy/1'"),
    ("toy/1", "ends after its tag"),
    ("toy/1 other a=[0,0]", "for the configuration 'other', not this game's 'cfg': load the game with the options"),
    ("toy/1 cfg a=[0,0", "in field 'a', ',' or ']' expected at the end of the line"),
    ("toy/1 cfg a=[0,0] b=", "in field 'b', a value (an integer, T, F, N, a string"),
    ("toy/1 cfg a=[0,0] b=1x", "in field 'b', a space before the next field expected at 'x'"),
    ("toy/1 cfg a=[0,0]  b=1", "a field 'name=value' expected at ' b=1'"),
    ('toy/1 cfg d="open', "in field 'd', a closed string expected"),
    ("toy/1 cfg g={1:2,x:3}", "in field 'g', a value (an integer"),
    ("toy/1 cfg g={1 2}", "in field 'g', an integer key and ':' expected"),
    (f"toy/1 cfg a=[0*{MAX_RUN + 1}]", f"a count of repeats from 1 to {MAX_RUN} expected"),
    ("toy/1 cfg a=[0*0]", "a count of repeats"),
    ("toy/1 cfg a=" + "[" * 5000, "its values nest too deep"),
    ("toy/1 cfg b=1 b=2", "the position has the field 'b' twice"),
    ("toy/1 cfg a=[0,0] b=1 c=N d=\"\" e=F f=() g={} h=1", "the position has an unknown field 'h' (fields: a, b,"),
    ("toy/1 cfg a=[0,0] b=1 c=N d=\"\" e=F g={}", "the position has no field 'f' (a position has every field"),
    ("toy/1 cfg a=[0,0] b=T c=N d=\"\" e=F f=() g={}", "field b=T must be an integer"),
    ("toy/1 cfg a=[0,0] b=1 c=N d=\"\" e=0 f=() g={}", "field e=0 must be T or F"),
    ("toy/1 cfg a=(0,0) b=1 c=N d=\"\" e=F f=() g={}", "field a=(0,0) must be a list"),
])
def test_a_bad_line_is_refused_naming_the_fault(text: str, words: str) -> None:
    message = refused(text)
    assert words in message
    assert "\n" not in message


def test_none_stands_for_any_kind_either_side() -> None:
    line = 'toy/1 cfg a=N b=1 c="set" d="" e=F f=(1,(2,3)) g={1:-1}'
    assert read(line) == {"a": None, "b": 1, "c": "set", "d": "", "e": False, "f": (1, (2, 3)), "g": {1: -1}}


def test_a_position_that_is_not_text_is_refused() -> None:
    assert refused(42) == "a position must be a line of text, not int"  # type: ignore[arg-type]


def test_a_game_without_positions_says_so() -> None:
    class Toy(Game):
        name = "toy"

        def new_initial_state(self) -> State:
            raise AssertionError("not needed")

    with pytest.raises(NotImplementedError, match="toy cannot set up a state from a position"):
        Toy().new_state_from("toy/1 cfg")
    with pytest.raises(NotImplementedError, match="toy cannot write a position"):
        State.position(SimpleNamespace(game=Toy()))  # type: ignore[arg-type]
    assert issubclass(PositionError, LegatusError) and issubclass(PositionError, ValueError)
