"""Hispania positions as text (issue 10, point 8; docs/api.md "Positions"): every position
of fuzzed games reads back exactly and plays on identically; a bad line is refused with one
sentence naming the fault; a late-game rule is checked from an edited position; a game set up
from a position saves, replays and travels (pickle) through its record."""

from __future__ import annotations

import doctest
import json
import pickle
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import legatus
from legatus.core.session import sample_outcome
from legatus.games.hispania.game import HispaniaGame
from legatus.games.hispania.scenarios import scenario_names
from legatus.games.hispania.state import HispaniaState
from legatus.games.hispania.variants import VARIANTS

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"
# Random configurations, then each variant alone, all of them together, and each scenario,
# the Roman players turning 1, 2, 3.
CONFIGURATIONS: list[dict[str, Any]] = [
    *(HispaniaGame.fuzz_options(random.Random(seed)) for seed in range(16)),
    *({"variants": [v], "players": 1 + i % 3} for i, v in enumerate(VARIANTS)),
    {"variants": list(VARIANTS), "players": 3, "traitors": True},
    *({"scenario": s, "players": 1 + i % 3, "level": "6-4-3-5-2" if s == "new-empire" else "6-4-3-4-2"}
      for i, s in enumerate(scenario_names())),
]


def fuzzed(options: dict[str, Any], seed: int) -> Iterator[HispaniaState]:
    """Each position of a game fuzzed with ``seed`` (the same state, changed between yields)."""
    rng = random.Random(seed)
    game = legatus.load("hispania", **options)
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else game.fuzz_choice(state, rng))
        yield state


def without_log(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "log"}


def assert_same(read: legatus.State, state: legatus.State) -> None:
    """``read`` is ``state`` in every way the contract shows, but the log (not a position's)."""
    assert read.position() == state.position()
    for seat in (None, *range(state.game.num_players())):
        assert without_log(read.view(seat)) == without_log(state.view(seat))
    assert read.current_player() == state.current_player()
    assert read.legal_actions() == state.legal_actions()
    assert read.chance_outcomes() == state.chance_outcomes()
    assert read.returns() == state.returns()
    assert (read.prompt(), read.to_text()) == (state.prompt(), state.to_text())


def edit(line: str, **fields: object) -> str:
    """``line`` with the (non-string) fields given written anew."""
    for name, value in fields.items():
        line, n = re.subn(rf"(?<= ){name}=\S+", f"{name}={value}", line)
        assert n == 1, name
    return line


def refused(line: str, game: legatus.Game | None = None) -> str:
    with pytest.raises(legatus.PositionError) as info:
        (game or legatus.load("hispania")).new_state_from(line)
    message = str(info.value)
    assert "\n" not in message
    return message


# --- Round trip --------------------------------------------------------------------------
@pytest.mark.parametrize("options", CONFIGURATIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_position_of_a_fuzzed_game_reads_back_and_plays_on_the_same(options: dict[str, Any]) -> None:
    game = legatus.load("hispania", **options)
    for step, state in enumerate(fuzzed(options, seed=len(str(options)))):
        read = game.new_state_from(state.position())
        assert_same(read, state)
        assert read.history() == [] and read.view()["log"] == []
        if step % 12 == 0:  # play on: the same actions give the same positions and log lines
            original, rng = state.clone(), random.Random(step)
            logged = len(original.view()["log"])
            for _ in range(25):
                if original.is_terminal():
                    break
                action = sample_outcome(original, rng) if original.is_chance_node() else \
                    rng.choice(original.legal_actions())
                original.apply_action(action)
                read.apply_action(action)
                assert read.position() == original.position()
            assert_same(read, original)
            assert read.view()["log"] == original.view()["log"][logged:]


def test_a_clone_holds_every_field_of_the_state_and_shares_no_list() -> None:
    # clone() copies its fields one by one: a field added to the state must be added there too.
    state = next(s for i, s in enumerate(fuzzed({"variants": list(VARIANTS), "players": 2}, seed=3)) if i == 40)
    copy = state.clone()
    for name in HispaniaState.__slots__:
        value = getattr(state, name)
        assert getattr(copy, name) == value, name
        assert type(value) is not list or getattr(copy, name) is not value, name
    assert copy.position() == state.position() and copy.history() == state.history()
    assert copy.events == state.events


def test_a_position_is_read_in_any_field_order_and_kept_in_its_canonical_form() -> None:
    state = next(s for s in fuzzed({}, 1) if len(s.history()) == 40)
    line = state.position()
    tag, config, *fields = line.split(" reason=")[0].split(" ")
    shuffled = " ".join([tag, config, *reversed(fields), "reason=" + line.split(" reason=")[1]])
    read = state.game.new_state_from(f"  {shuffled}\n")
    assert read.position() == line == read.initial_position()


# --- Refused -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def line() -> str:
    """A Roman phase of the medium level, after the setup."""
    return next(s for s in fuzzed({}, 3) if s.phase_name() == "Roman phase").position()


def test_a_truncated_position_is_refused(line: str) -> None:
    cut = line[:line.index(" garrisons=") + 14]  # ... garrisons=[()
    assert refused(cut) == ("the position cannot be read: in field 'garrisons', ',' or ']' expected at the end "
                            "of the line")
    assert refused(line.split(" move_costs=")[0]).startswith("the position has no field 'move_costs'")
    assert refused("hispania/1 6-4-3-4-2,1p") == "the position has no field 'revolts' (a position has every field " \
                                                 "that state.position() writes)"


def test_a_position_of_another_game_or_version_is_refused(line: str) -> None:
    assert refused(line.replace("hispania/1", "viae/1", 1)) == \
        "the position starts with 'viae/1', not 'hispania/1': it is not a hispania position"
    assert refused(line.replace("hispania/1", "hispania/7", 1)) == \
        "the position is version 'hispania/7'; this legatus reads 'hispania/1'"
    assert "not a hispania position" in refused(json.dumps(legatus.to_record(legatus.load("hispania")
                                                                             .new_initial_state())))


@pytest.mark.parametrize("options, word", [
    ({"level": "5-3-2-3-3"}, "5-3-2-3-3,1p"),
    ({"variants": "terror,pirates"}, "6-4-3-4-2,pirates,terror,1p"),
    ({"players": 2}, "6-4-3-4-2,2p"),
    ({"scenario": "numantia"}, "6-4-3-4-2,1p,numantia"),
])
def test_a_position_read_by_another_configuration_is_refused(line: str, options: dict[str, Any], word: str) -> None:
    assert refused(line, legatus.load("hispania", **options)) == (
        f"the position is for the configuration '6-4-3-4-2,1p', not this game's '{word}': "
        f"load the game with the options it names")


@pytest.mark.parametrize("fields, message", [
    ({"revolts": "[9,0*48]"}, "the position's field revolts[Gerunda] is 9; it must be an integer from 0 to 3"),
    ({"general_at": "[0,1,2,99]"}, "the position's field general_at[3] is 99; it must be an integer from -3 to 48"),
    ({"garrisons": "[(0,7),()*48]"}, "the position's field garrisons holds (0, 7) in Gerunda; a garrison is a tuple "
                                     "of at most 3 colours from 0 to 3"),
    ({"fleets": "[0*48]"}, "the position's field fleets has 48 values; it must have 49"),
    ({"garrisons": "N"}, "the position's field garrisons=N must be a list of 49 values"),
    ({"money": "N"}, "the position cannot be played: its fields do not fit together (TypeError:"),
    ({"turn": "N"}, "the position's field turn is None; it must be an integer from 0 to 2"),
    ({"round": "0"}, "the position's field round is 0; it must be an integer at least 1"),
    ({"lethe": "2"}, "the position's field lethe=2 must be T or F"),
    ({"roads": "(1,0)"}, "the position's field roads=(1,0) must be a list"),
    ({"actor": "9"}, "the position cannot be played: its fields do not fit together (IndexError:"),
    ({"revolt_reserve": "0"}, "the position's pieces are inconsistent: revolts: "),
    ({"army_at": "[-1*3]"}, "the position's pieces are inconsistent: a space holds an army that is not on the board"),
])
def test_a_field_out_of_range_or_inconsistent_pieces_are_refused(line: str, fields: dict[str, str],
                                                                 message: str) -> None:
    assert refused(edit(line, **fields)).startswith(message)


def test_a_misspelt_field_is_named(line: str) -> None:
    assert refused(line.replace(" money=", " monye=")).startswith("the position has no field 'money'")
    assert refused(line + " monye=1").startswith("the position has an unknown field 'monye' (fields: revolts, ")


# --- The point of it: a late-game rule, set up directly ------------------------------------
def round_end() -> tuple[HispaniaState, legatus.Action]:
    """In a fuzzed game of the easiest level, the position before an action that ends a
    round, where the reserve could have held 10 revolts on the track; and that action."""
    game = legatus.load("hispania", level="7-5-4-5-1")
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            action = sample_outcome(state, rng) if state.is_chance_node() else game.fuzz_choice(state, rng)
            after = state.clone()
            after.apply_action(action)
            if after.time == state.time + 1 and not after.is_terminal() and after.revolt_reserve >= 10 - state.time:
                return state, action
            state = after
    raise AssertionError("no round ended with enough revolts in the reserve in the fuzzed games")


def test_r21_the_time_track_filled_in_a_position_set_up_from_an_edited_line() -> None:
    """R21: at the end of a round a revolt covers the next year; covering 18 BC, the last,
    is a Hispanic victory. Take the action that ends a round in a fuzzed game, edit the time
    track to 10 revolts (from the reserve) in the position before it, and play it again."""
    state, action = round_end()
    line = edit(state.position(), time=10, revolt_reserve=state.revolt_reserve - 10 + state.time)
    edited = state.game.new_state_from(line)
    edited.apply_action(action)
    assert edited.is_terminal() and edited.returns() == [-1.0]
    assert edited.summary()["outcome"] == "time ran out"
    assert edited.view()["log"][-1] == "Hispanic victory: the time track is full: 18 BC is covered"


# --- Records -----------------------------------------------------------------------------
def test_a_game_set_up_from_a_position_saves_replays_and_pickles_exactly() -> None:
    source = next(s for s in fuzzed({"variants": ["legio-hispana", "hispano"], "players": 2}, 5)
                  if len(s.history()) == 60)
    state = source.game.new_state_from(source.position())
    rng = random.Random(9)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    record = legatus.to_record(state)
    assert list(record) == ["game", "version", "options", "position", "actions"]
    assert record["position"] == source.position() and len(record["actions"]) == len(state.history()) > 0
    for again in (legatus.replay(json.loads(json.dumps(record))), pickle.loads(pickle.dumps(state))):
        assert legatus.to_record(again) == record
        assert again.view() == state.view()  # the log too: it starts at the same position
        assert again.position() == state.position()
    assert legatus.to_record(source)["actions"] and "position" not in legatus.to_record(source)


def test_a_record_with_a_bad_position_is_refused() -> None:
    record = {"game": "hispania", "version": 1, "options": {"level": "5-3-2-3-3"},
              "position": legatus.load("hispania").new_initial_state().position(), "actions": []}
    with pytest.raises(legatus.RecordError, match="^the record's position cannot be set up: the position is for "
                                                  "the configuration '6-4-3-4-2,1p', not this game's '5-3-2-3-3,1p'"):
        legatus.replay(record)
    with pytest.raises(legatus.RecordError, match="'position' must be a position written by state.position()"):
        legatus.replay({**record, "position": 3})


def test_the_docs_examples_run() -> None:
    result = doctest.testfile(str(DOCS), module_relative=False)
    assert result.attempted >= 5 and result.failed == 0
