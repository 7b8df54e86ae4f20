"""Properties that hold for every position of every game (hypothesis draws the games): the
notation reads back every legal action, records round-trip, clones are independent, views are
deterministic JSON, undo restores exactly, and a position read back from its text is the
same state."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import legatus
from legatus.core.game import Game
from legatus.core.registry import game_class
from legatus.core.session import Session, sample_outcome
from tests.games import TEST_GAMES

SHIPPED = [name for name in legatus.game_names() if name not in TEST_GAMES]
GAMES = st.sampled_from(SHIPPED)
# the games that write and read positions (Game.new_state_from is optional)
POSITIONAL = st.sampled_from([name for name in SHIPPED if game_class(name).new_state_from is not Game.new_state_from])


def position(name: str, seed: int, steps: int) -> legatus.State:
    """A position ``steps`` actions into a fuzzed game (options and play drawn from ``seed``)."""
    rng = random.Random(seed)
    game = legatus.load(name, **game_class(name).fuzz_options(rng))
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node()
                           else game.fuzz_choice(state, rng))
    return state


POSITIONS = st.builds(position, GAMES, st.integers(0, 2**32), st.integers(0, 400))
WRITTEN_POSITIONS = st.builds(position, POSITIONAL, st.integers(0, 2**32), st.integers(0, 400))
PROFILE = settings(max_examples=60, deadline=None)


@PROFILE
@given(POSITIONS)
def test_notation_round_trips_for_every_legal_action(state):
    actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    for action in actions:
        assert state.parse_action(str(action)) == action
        assert state.parse_action(f"  {str(action).upper()} ") == action


@PROFILE
@given(POSITIONS)
def test_record_replay_record_is_identical(state):
    record = legatus.to_record(state)
    again = legatus.replay(json.loads(json.dumps(record)))
    assert legatus.to_record(again) == record
    assert again.view() == state.view()


@PROFILE
@given(POSITIONS, st.integers(0, 2**32))
def test_a_clone_is_independent_of_its_source(state, seed):
    before = (state.view(), [str(a) for a in state.history()])
    copy = state.clone()
    rng = random.Random(seed)
    for _ in range(30):
        if copy.is_terminal():
            break
        copy.apply_action(sample_outcome(copy, rng) if copy.is_chance_node() else rng.choice(copy.legal_actions()))
    assert (state.view(), [str(a) for a in state.history()]) == before
    fresh = state.clone()
    assert fresh.view() == state.view()


def slots(state: legatus.State) -> list[str]:
    return [name for cls in type(state).__mro__ for name in getattr(cls, "__slots__", ())]


@PROFILE
@given(POSITIONS)
def test_a_clone_holds_every_field_and_shares_no_list(state):
    # clone() copies the fields one by one (Hispania, VIAE, Hannibal): a field added to a state
    # must be added there too, and a list shared with the source would be changed through it.
    copy = state.clone()
    for name in slots(state):
        if not hasattr(state, name):
            continue
        value = getattr(state, name)
        assert getattr(copy, name) == value, name
        if type(value) is list:
            assert getattr(copy, name) is not value, name
            assert not [i for i, x in enumerate(value) if type(x) is list and getattr(copy, name)[i] is x], name


@PROFILE
@given(POSITIONS)
def test_views_are_deterministic_and_json(state):
    for seat in (None, *range(state.game.num_players())):
        view = state.view(seat)
        assert view == state.view(seat)
        assert json.loads(json.dumps(view)) == view


@PROFILE
@given(POSITIONS, st.integers(0, 2**32))
def test_undo_restores_exactly(state, seed):
    if state.is_terminal() or state.is_chance_node():
        return
    session = Session(state.clone())
    before = (session.state.view(), [str(a) for a in session.state.history()])
    action = random.Random(seed).choice(session.state.legal_actions())
    session.apply(action)
    if session.can_undo():
        assert session.undo() == action
        assert (session.state.view(), [str(a) for a in session.state.history()]) == before


@PROFILE
@given(WRITTEN_POSITIONS, st.integers(0, 2**32))
def test_a_position_reads_back_as_the_same_state_and_plays_on_the_same(state, seed):
    """Issue 10, point 8. The log is a history's, not a position's: it starts empty."""
    def same(read, original):
        assert read.position() == original.position()
        assert read.current_player() == original.current_player()
        assert read.legal_actions() == original.legal_actions()
        assert read.chance_outcomes() == original.chance_outcomes()
        assert read.returns() == original.returns()
        for seat in (None, *range(original.game.num_players())):
            assert {k: v for k, v in read.view(seat).items() if k != "log"} == \
                {k: v for k, v in original.view(seat).items() if k != "log"}

    read = state.game.new_state_from(state.position())
    assert read.history() == []
    same(read, state)
    original, rng = state.clone(), random.Random(seed)
    for _ in range(30):
        if original.is_terminal():
            break
        action = sample_outcome(original, rng) if original.is_chance_node() else rng.choice(original.legal_actions())
        original.apply_action(action)
        read.apply_action(action)
    same(read, original)
