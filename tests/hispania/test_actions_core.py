"""Actions and their notation (DESIGN: "Every action is a small hashable value whose str() is
its notation, and state.parse_action(text) reads it back")."""

from __future__ import annotations

import pickle

import pytest

import legatus
from legatus.core.actions import Action, ActionTable, normalize
from legatus.core.errors import LegatusError, NotationError
from tests.hispania.helpers import SETUP_EXAMPLE, act


@pytest.fixture(scope="module")
def game() -> legatus.Game:
    return legatus.load("hispania")


@pytest.fixture()
def state(game: legatus.Game) -> legatus.State:
    return game.new_initial_state()


def test_action_is_an_int_whose_str_is_its_notation(game: legatus.Game) -> None:
    table = game.actions
    assert len(table) > 100
    for index, action in enumerate(table.actions):
        assert isinstance(action, Action)
        assert isinstance(action, int)
        assert int(action) == index
        assert table[index] is action
        assert isinstance(str(action), str) and str(action) == str(action).strip()
    assert str(table[0]) == "roll 1"
    assert repr(table[0]) == f"<{type(table[0]).__name__} 0 'roll 1'>"


def test_notations_are_unique(game: legatus.Game) -> None:
    texts = [normalize(str(a)) for a in game.actions.actions]
    assert len(set(texts)) == len(texts)


def test_every_action_parses_back_from_its_notation(state: legatus.State) -> None:
    for action in state.game.actions.actions:
        parsed = state.parse_action(str(action))
        assert parsed == action
        assert str(parsed) == str(action)


def test_legal_actions_print_as_notation_that_parses_back(state: legatus.State) -> None:
    act(state, *SETUP_EXAMPLE)
    legal = state.legal_actions()
    assert "move Corduba" in {str(a) for a in legal}
    for action in legal:
        assert state.parse_action(str(action)) == action


@pytest.mark.parametrize("mangle", [
    str.upper,
    str.lower,
    str.swapcase,
    lambda t: f"   {t}\t ",
    lambda t: t.replace(" ", "   "),
    lambda t: t.replace("-", " - ").replace(">", " >  "),
    lambda t: t.upper().replace(" ", "\t").replace("-", "\t-"),
], ids=["upper", "lower", "swapcase", "padded", "spaces", "around-signs", "tabs"])
def test_parsing_ignores_case_and_spacing(state: legatus.State, mangle) -> None:
    for action in state.game.actions.actions:
        assert state.parse_action(mangle(str(action))) == action, mangle(str(action))


def test_examples_of_case_and_space_insensitive_parsing(state: legatus.State) -> None:
    assert str(state.parse_action("MOVE corduba")) == "move Corduba"
    assert str(state.parse_action("  besiege   carthago   nova  2 ")) == "besiege Carthago Nova 2"
    assert str(state.parse_action("Roll iv - 3")) == "roll IV-3"
    assert str(state.parse_action("fleet mare ibericum > mare atlanticum")) == "fleet Mare Ibericum>Mare Atlanticum"


def test_normalize() -> None:
    assert normalize("  Road  Corduba -  Emerita ") == "road corduba-emerita"
    assert normalize("ENTER Mare Ibericum > Valentia") == "enter mare ibericum>valentia"


def test_road_parses_in_either_order(state: legatus.State) -> None:
    forward = state.parse_action("road Corduba-Emerita")
    backward = state.parse_action("road Emerita-Corduba")
    assert backward == forward
    assert str(backward) == str(forward)  # one canonical notation, whichever way it was typed
    assert str(forward) in ("road Corduba-Emerita", "road Emerita-Corduba")
    assert state.parse_action("ROAD emerita - CORDUBA") == forward


def test_every_road_parses_in_either_order(state: legatus.State) -> None:
    roads = [a for a in state.game.actions.actions if str(a).startswith("road ")]
    assert len(roads) > 10
    for action in roads:
        a, b = str(action).removeprefix("road ").split("-")
        assert state.parse_action(f"road {b}-{a}") == action
        assert str(state.parse_action(f"road {b}-{a}")) == str(action)


def test_a_reversed_non_road_is_not_an_alias(state: legatus.State) -> None:
    # Only roads read either way round; a fleet move has a direction.
    there = state.parse_action("fleet Mare Ibericum>Mare Atlanticum")
    back = state.parse_action("fleet Mare Atlanticum>Mare Ibericum")
    assert there != back


def test_unknown_text_raises_notation_error_with_close_matches(state: legatus.State) -> None:
    with pytest.raises(NotationError) as info:
        state.parse_action("mvoe Corduba")
    message = str(info.value)
    assert "'mvoe Corduba'" in message  # names the input
    assert "is not an action" in message
    assert "did you mean 'move Corduba'" in message
    assert isinstance(info.value, LegatusError) and isinstance(info.value, ValueError)


def test_unknown_text_far_from_any_action_names_the_kinds_of_action_legal(state: legatus.State) -> None:
    with pytest.raises(NotationError) as info:
        state.parse_action("xyzzy")
    message = str(info.value)
    assert "'xyzzy'" in message
    # At the first setup die, the legal actions are the Hispanic die's outcomes.
    assert message.endswith("the actions here begin with: roll")


def test_an_unknown_verb_suggests_no_unrelated_action() -> None:
    """Issue 15, point 6: "fortify Corduba" suggested "move Regina"."""
    state = act(legatus.load("hispania").new_initial_state(), *SETUP_EXAMPLE)
    with pytest.raises(NotationError) as info:
        state.parse_action("fortify Corduba")
    message = str(info.value)
    assert "did you mean" not in message
    assert message.endswith("the actions here begin with: move, fleet, garrison, end")


def test_empty_text_raises_notation_error(state: legatus.State) -> None:
    with pytest.raises(NotationError):
        state.parse_action("   ")


@pytest.mark.parametrize("text", ["roll 7", "roll VII", "roll IV-7", "move Roma", "besiege Regina 4", "road Gades"])
def test_near_misses_are_not_actions(state: legatus.State, text: str) -> None:
    with pytest.raises(NotationError, match="is not an action of this game"):
        state.parse_action(text)


def test_actions_pickle_as_ints(game: legatus.Game) -> None:
    actions = list(game.actions.actions[:50]) + [game.actions[len(game.actions) - 1]]
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(actions, protocol=protocol))
        assert back == actions
        assert all(type(a) is int for a in back)


def test_apply_action_accepts_a_plain_int(state: legatus.State) -> None:
    roll_4 = int(state.parse_action("roll 4"))
    assert type(roll_4) is int
    state.apply_action(roll_4)
    assert [str(a) for a in state.history()] == ["roll 4"]
    # An int that went through pickle plays the same as the action itself.
    other = state.game.new_initial_state()
    other.apply_action(pickle.loads(pickle.dumps(state.parse_action("roll 4"))))
    assert other.view() == state.view()


def test_actions_of_equal_configurations_are_equal_and_hash_alike() -> None:
    a = legatus.load("hispania").new_initial_state().parse_action("move Corduba")
    b = legatus.load("hispania", level="7-5-4-5-1").new_initial_state().parse_action("move Corduba")
    assert a == b and hash(a) == hash(b) == hash(int(a))
    assert {a: 1}[int(b)] == 1


def test_table_rejects_two_actions_with_one_notation() -> None:
    with pytest.raises(ValueError, match="notation"):
        ActionTable("toy", ["go north", "Go  North"])


def test_table_alias_reads_but_does_not_rename() -> None:
    table = ActionTable("toy", ["go north", "go south"])
    table.alias("up", 0)
    table.alias("go south", 0)  # an alias never hides an action's own notation
    assert table.lookup("UP") == table[0]
    assert str(table.lookup("up")) == "go north"
    assert table.lookup("go south") == table[1]
    assert table.lookup("down") is None
    with pytest.raises(NotationError, match="'down' is not an action"):
        table.parse("down")
    with pytest.raises(NotationError, match="did you mean 'go north'"):
        table.parse("go nroth")
