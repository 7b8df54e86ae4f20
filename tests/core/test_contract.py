"""The core contract on a game that is not Hispania (issue 10, point 1): declarations,
notation, records, sessions and undo, statistics' winners, the registry."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import legatus
from legatus.core.actions import ActionTable
from legatus.core.errors import NotationError, OptionError, RecordError, UndoError, UnknownGameError
from legatus.core.game import CHANCE, TERMINAL, Utility
from legatus.core.record import read_record, to_record, write_record
from legatus.core.registry import game_names, register_from_environment
from legatus.core.session import Session, sample_outcome


def dealt(players: int = 2, **options: object) -> Session:
    session = Session(legatus.load("blind", players=players, **options).new_initial_state(), seed=1)
    while session.state.is_chance_node():
        session.roll()
    return session


def test_the_game_declares_its_range_and_bounds() -> None:
    game = legatus.load("blind", players=3)
    assert type(game).MIN_PLAYERS == 2 and type(game).MAX_PLAYERS == 4
    assert game.num_players() == 3 and game.utility is Utility.CONSTANT_SUM
    assert game.max_chance_outcomes() == 7
    assert game.win_chance(0.25) == 0.25 and game.win_chance(2.0) == 1.0


def test_test_games_are_not_listed_unless_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "blind" in game_names()  # registered by tests/core/conftest.py
    monkeypatch.setenv("LEGATUS_GAMES", "nonsense")
    with pytest.raises(UnknownGameError, match="LEGATUS_GAMES entry 'nonsense' must read name=package.module:Class"):
        register_from_environment()


def test_notation_is_read_in_any_case_and_spacing_with_suggestions() -> None:
    table = ActionTable("demo", ["play 10", "discard 10", "draw"])
    assert str(table.parse("  PLAY   10 ")) == "play 10"
    with pytest.raises(NotationError, match="did you mean 'play 10'"):
        table.parse("pley 10")
    with pytest.raises(ValueError, match="share the notation"):
        ActionTable("demo", ["draw", "DRAW"])


def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing() -> None:
    session = dealt()
    before = session.state.clone()
    with pytest.raises(legatus.IllegalActionError, match="'deal 1' is illegal"):
        session.apply(session.state.game.actions.parse("deal 1"))
    assert session.state.history() == before.history()


def test_undo_stops_at_a_secret_and_at_a_change_of_seat() -> None:
    session = dealt(cards=8)
    state = session.state
    session.apply(state.parse_action("draw"))  # the draw itself is a decision …
    assert session.can_undo()
    session.roll()  # … its card a secret shown to seat1: undo stops there
    with pytest.raises(UndoError):
        session.undo()
    seat = session.state.current_player()
    session.apply(session.state.legal_actions()[0])  # a play: the turn passes
    assert session.state.current_player() != seat and not session.can_undo()


def test_a_card_shown_face_up_is_a_revealed_secret_a_discard_is_not() -> None:
    state = dealt().state
    kinds = {str(a).split()[0]: state.reveals_information(a) for a in state.legal_actions()}
    assert kinds == {"play": True, "discard": False, "draw": False}


def test_summary_names_the_winners() -> None:
    rng = random.Random(2)
    results = set()
    for _ in range(30):
        state = legatus.load("blind").new_initial_state()
        while not state.is_terminal():
            state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else
                               rng.choice(state.legal_actions()))
        summary = state.summary()
        returns = state.returns()
        if returns[0] == returns[1]:
            assert summary["winners"] == []  # a shared first place on [0, 1] is a draw
        else:
            assert summary["winners"] == [state.game.seats[returns.index(1.0)]]
        results.add(len(summary["winners"]))
    assert results == {0, 1}


def test_records_round_trip_through_a_file(tmp_path: Path) -> None:
    state = dealt(3).state
    path = tmp_path / "game.json"
    write_record(state, path)
    assert legatus.replay(read_record(path)).history() == state.history()
    write_record(state, path, seat=1)
    record = read_record(path)
    assert record["seat"] == "seat2" and record == to_record(state, 1)


@pytest.mark.parametrize(("change", "words"), [
    ({"seat": 3}, "'seat' must be the name of the seat"),
    ({"seat": "seat9"}, "the record's seat cannot be played: unknown seat 'seat9'"),
    ({"secret": 1}, "unknown key 'secret'"),
    ({"options": {"players": 9}}, "players 9 must be a whole number from 2 to 4"),
    ({"actions": ["deal 1", "deal 1"]}, "action 1 'deal 1' is illegal"),
])
def test_bad_records_are_refused_naming_the_fault(change: dict, words: str) -> None:
    record = {**to_record(dealt().state), **change}
    with pytest.raises(RecordError, match=words):
        legatus.replay(json.loads(json.dumps(record)))


def test_bad_options_name_the_option_and_the_valid_values() -> None:
    with pytest.raises(OptionError, match="unknown option 'colour' for blind; valid options: cards, marker"):
        legatus.load("blind", colour="red")
    with pytest.raises(OptionError, match="too few to deal 2 to each of 4 seats"):
        legatus.load("blind", players=4, cards=6)


def test_current_player_covers_chance_and_the_end() -> None:
    state = legatus.load("blind").new_initial_state()
    assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 7
    session = dealt()
    while not session.state.is_terminal():
        if session.state.is_chance_node():
            session.roll()
        else:
            session.apply(session.state.legal_actions()[-1])
    assert session.state.current_player() == TERMINAL and session.state.legal_actions() == []
