"""Session: a state with undo and seeded dice (DESIGN: "Undo never crosses a chance outcome,
a revealed secret or a change of seat")."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.core.session import Session, sample_outcome
from tests.hispania.helpers import SETUP_EXAMPLE

# From the setup example, the praetor of Ulterior (Gades, 6 denarii) moves next to Regina,
# which holds 3 revolts, and may besiege it.
TO_SIEGE = ["move Corduba", "besiege Regina 2"]


def session_after(actions: list[str], seed: int = 0, **options: object) -> Session:
    session = Session(legatus.load("hispania", **options).new_initial_state(), seed=seed)
    for text in actions:
        session.apply(session.state.parse_action(text))
    return session


def snapshot(session: Session) -> tuple[dict, list[str]]:
    return session.state.view(), [str(a) for a in session.state.history()]


def test_undo_takes_back_a_decision() -> None:
    session = session_after(SETUP_EXAMPLE)
    before = snapshot(session)
    session.apply(session.state.parse_action("move Corduba"))
    assert session.state.view()["generals"]["ulterior"]["space"] == "Corduba"
    assert session.can_undo()
    undone = session.undo()
    assert str(undone) == "move Corduba"
    assert snapshot(session) == before
    assert session.state.view()["generals"]["ulterior"]["space"] == "Gades"


def test_after_undo_the_game_goes_on() -> None:
    session = session_after(SETUP_EXAMPLE + ["move Corduba"])
    session.undo()
    session.apply(session.state.parse_action("move Emerita"))
    assert [str(a) for a in session.state.history()][-2:] == ["start Mare Ibericum", "move Emerita"]
    reference = legatus.replay(legatus.to_record(session.state))
    assert reference.view() == session.state.view()


def test_undo_never_crosses_a_chance_outcome() -> None:
    session = session_after(SETUP_EXAMPLE + TO_SIEGE)
    assert session.state.current_player() == legatus.CHANCE
    session.apply(session.state.parse_action("roll IV"))
    assert not session.can_undo()
    before = snapshot(session)
    with pytest.raises(legatus.UndoError, match="nothing to undo"):
        session.undo()
    assert snapshot(session) == before  # a refused undo changes nothing


def test_undo_never_crosses_a_roll_of_the_session() -> None:
    session = session_after(SETUP_EXAMPLE + TO_SIEGE, seed=5)
    rolled = session.roll()
    assert str(rolled).startswith("roll ")
    with pytest.raises(legatus.UndoError):
        session.undo()


def test_undo_stops_at_the_dice_of_setup() -> None:
    # The first decision of the game follows the setup dice: nothing before it can be undone.
    session = session_after(SETUP_EXAMPLE[:8])
    with pytest.raises(legatus.UndoError):
        session.undo()
    session.apply(session.state.parse_action(SETUP_EXAMPLE[8]))
    assert str(session.undo()) == SETUP_EXAMPLE[8]
    with pytest.raises(legatus.UndoError):
        session.undo()
    assert [str(a) for a in session.state.history()] == SETUP_EXAMPLE[:8]


def test_undo_is_allowed_while_dice_are_pending_after_a_decision() -> None:
    session = session_after(SETUP_EXAMPLE + TO_SIEGE[:1])
    before = snapshot(session)
    session.apply(session.state.parse_action("besiege Regina 2"))
    assert session.state.current_player() == legatus.CHANCE
    assert session.state.view()["pending"] == {"combat": "besiege", "by": "ulterior", "target": "Regina", "denarii": 2}
    assert session.can_undo()
    assert str(session.undo()) == "besiege Regina 2"
    assert snapshot(session) == before
    assert session.state.current_player() == 0
    assert session.state.view()["pending"] is None
    # ... and once more, back to before the move.
    assert str(session.undo()) == "move Corduba"
    assert session.state.history() == session_after(SETUP_EXAMPLE).state.history()


def test_undo_never_crosses_a_change_of_seat() -> None:
    # Each general his own seat: the roads of R7 are placed by I, II, III, I in turn.
    session = session_after(SETUP_EXAMPLE[:8], players=3)
    session.apply(session.state.parse_action("road Corduba-Emerita"))  # a places; b to move
    assert session.state.current_player() == 1
    assert not session.can_undo()
    with pytest.raises(legatus.UndoError):
        session.undo()
    for text in SETUP_EXAMPLE[9:11]:
        session.apply(session.state.parse_action(text))
    # The 4th road is a's again, after a's 3rd: same seat, no dice, so it can be undone.
    assert session.state.current_player() == 0
    session.apply(session.state.parse_action("road Basti-Carthago Nova"))
    assert session.state.current_player() == 0
    assert session.can_undo() and session.can_undo(0) and not session.can_undo(1)
    with pytest.raises(legatus.UndoError, match="not"):
        session.undo(seat=1)
    assert session.undo(seat=0) == session.state.parse_action("road Carthago Nova-Basti")


@pytest.mark.parametrize("seed", range(8))
def test_undo_restores_exactly_the_previous_view(seed: int) -> None:
    """At every decision of random games: apply, undo, and the position is as it was."""
    rng = random.Random(seed)
    session = Session(legatus.load("hispania", seed=seed).new_initial_state())
    decisions = 0
    while not session.state.is_terminal():
        state = session.state
        if state.is_chance_node():
            session.apply(sample_outcome(state, rng))
            continue
        action = rng.choice(state.legal_actions())
        view, history = state.view(), state.history()
        legal = state.legal_actions()
        text = state.to_text()
        session.apply(action)
        if not session.can_undo():  # the action revealed or passed the seat: never here
            pytest.fail(f"{action} by the only seat cannot be undone")
        assert session.undo() == action
        assert session.state.view() == view
        assert session.state.history() == history
        assert session.state.legal_actions() == legal
        assert session.state.to_text() == text
        session.apply(action)
        decisions += 1
    assert decisions > 5


def test_roll_is_reproducible_with_the_same_seed() -> None:
    def rolls(seed: int) -> list[str]:
        session = Session(legatus.load("hispania").new_initial_state(), seed=seed)
        out = []
        while session.state.is_chance_node():  # the setup dice: 6 revolts, then the armies
            out.append(str(session.roll()))
        return out

    first = rolls(11)
    assert len(first) >= 8
    assert rolls(11) == first
    assert any(rolls(seed) != first for seed in (12, 13, 14))


def test_roll_draws_with_the_seeded_generator() -> None:
    state = legatus.load("hispania").new_initial_state()
    session = Session(state.clone(), seed=42)
    rng = random.Random(42)
    for _ in range(6):
        expected = sample_outcome(state, rng)
        state.apply_action(expected)
        assert session.roll() == expected
    assert session.state.view() == state.view()


def test_roll_uses_the_game_seed_by_default() -> None:
    a = Session(legatus.load("hispania", seed=9).new_initial_state())
    b = Session(legatus.load("hispania").new_initial_state(), seed=9)
    assert [str(a.roll()) for _ in range(6)] == [str(b.roll()) for _ in range(6)]


def test_sample_outcome_follows_the_probabilities() -> None:
    state = legatus.load("hispania").new_initial_state()
    rng = random.Random(1)
    counts: dict[str, int] = {}
    for _ in range(6000):
        text = str(sample_outcome(state, rng))
        counts[text] = counts.get(text, 0) + 1
    assert set(counts) == {f"roll {d}" for d in range(1, 7)}
    assert all(800 < n < 1200 for n in counts.values())


def test_an_illegal_action_raises_and_leaves_the_state_unchanged() -> None:
    session = session_after(SETUP_EXAMPLE + ["move Corduba"])
    state = session.state
    before = snapshot(session)
    with pytest.raises(legatus.IllegalActionError) as info:
        session.apply(state.parse_action("move Regina"))
    assert str(info.value) == "'move Regina' is illegal: Regina is in revolt (R10)"
    assert info.value.action == "move Regina"
    assert info.value.reason == "Regina is in revolt (R10)"
    assert session.state is state
    assert snapshot(session) == before
    assert str(session.undo()) == "move Corduba"  # the undo stack is untouched too


def test_a_decision_at_a_chance_node_is_illegal() -> None:
    session = session_after(SETUP_EXAMPLE + TO_SIEGE)
    before = snapshot(session)
    with pytest.raises(legatus.IllegalActionError, match="waits for a roll of the Roman die"):
        session.apply(session.state.parse_action("end"))
    with pytest.raises(legatus.IllegalActionError, match="'roll 4' is illegal: .*Roman die, e.g. 'roll IV'"):
        session.apply(session.state.parse_action("roll 4"))
    assert snapshot(session) == before


def test_a_die_at_a_decision_is_illegal() -> None:
    session = session_after(SETUP_EXAMPLE)
    before = snapshot(session)
    with pytest.raises(legatus.IllegalActionError, match="not a die's turn"):
        session.apply(session.state.parse_action("roll 3"))
    assert snapshot(session) == before


def test_nothing_is_legal_once_the_game_is_over() -> None:
    rng = random.Random(3)
    session = Session(legatus.load("hispania").new_initial_state(), seed=3)
    while not session.state.is_terminal():
        if session.state.is_chance_node():
            session.roll()
        else:
            session.apply(rng.choice(session.state.legal_actions()))
    before = snapshot(session)
    with pytest.raises(legatus.IllegalActionError, match="the game is over"):
        session.apply(session.state.parse_action("end"))
    assert snapshot(session) == before


def test_state_apply_action_rejects_an_illegal_action_unchanged() -> None:
    state = session_after(SETUP_EXAMPLE).state
    before = state.view(), state.history()
    with pytest.raises(legatus.IllegalActionError, match="Regina is in revolt"):
        state.apply_action(state.parse_action("move Regina"))
    with pytest.raises(legatus.IllegalActionError, match="there is no action 99999"):
        state.apply_action(99999)
    assert (state.view(), state.history()) == before


def test_session_rejects_an_action_id_out_of_range() -> None:
    session = session_after(SETUP_EXAMPLE)
    with pytest.raises(legatus.IllegalActionError, match="99999"):
        session.apply(99999)


def test_session_rejects_a_negative_action_id_naming_it() -> None:
    session = session_after(SETUP_EXAMPLE)
    with pytest.raises(legatus.IllegalActionError) as info:
        session.apply(-1)
    assert "-1" in str(info.value)
