"""The core's state base (legatus.core.procedure_state) and the table's automatic steps and rolls
(legatus.core.procedures.step / roll), on a tiny game of their own (issue 34, points 1 and 2).

The tiny game: a round begins with an automatic step that pays 1 coin, then a weighted draw
(a hidden card, 0 three times as likely as 1), then the player bets or passes; a bet calls a die
whose result is added; three rounds, then the game is over. The draw's outcomes are a hidden
hand: a refused action never lists them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from legatus.core.actions import ActionTable
from legatus.core.errors import IllegalActionError
from legatus.core.game import CHANCE, TERMINAL
from legatus.core.procedure_state import ProcedureState
from legatus.core.procedures import Procedure, ProcedureError, Procedures, roll, step

PAY, DRAW, CHOOSE, DIE, STUCK = range(5)
CARD0, CARD1, BET, PASS, ONE, TWO = range(6)


class Game:
    name = "tiny"
    actions = ActionTable("tiny", ["card 0", "card 1", "bet", "pass", "die 1", "die 2"])


class Tiny(ProcedureState):
    __slots__ = ("coins", "card", "rounds", "log")

    def __init__(self) -> None:
        self.start(Game())
        self.coins, self.card, self.rounds = 0, -1, 0
        self.log: list[str] = []
        self.goto(PAY)
        self.settle()

    def returns(self) -> list[float]:
        return [float(self.coins)]

    def view(self, seat: int | None = None) -> dict[str, int]:
        return {"coins": self.coins}

    def clone(self) -> Tiny:
        o = object.__new__(Tiny)
        o.coins, o.card, o.rounds, o.log = self.coins, self.card, self.rounds, self.log[:]
        self.copy_contract(o)
        return o

    def before_action(self, action: int) -> None:
        self.log.append(f"before {action}")

    def after_action(self, action: int) -> None:
        self.log.append(f"after {action}")


def pay(st: Tiny) -> None:
    if st.rounds == 3:
        st.stop()
        return
    st.coins += 1
    st.rounds += 1
    st.goto(DRAW)


def drawn(st: Tiny, card: int) -> None:
    st.card = card
    st.goto(CHOOSE)


def chose(st: Tiny, action: int) -> None:
    st.goto(PAY)  # the round ends after the bet's die (a goto under the call)
    if action == BET:
        st.call(DIE)


def rolled(st: Tiny, action: int) -> None:
    st.coins += action - ONE + 1
    st.end()


Tiny.procedures = Procedures({
    PAY: step("pay", pay),
    DRAW: roll("draw", lambda st: "Draw a card.", lambda st: (CARD0, CARD1), drawn, weights=lambda st, legal: (3, 1)),
    CHOOSE: Procedure("choice", lambda st: 0, lambda st: f"Coins {st.coins}: bet or pass.", lambda st: (BET, PASS),
                      chose, hides_legal=True),
    DIE: roll("die", lambda st: "Roll the die.", lambda st: (ONE, TWO), rolled),
    STUCK: step("stuck", lambda st: None),
})


def test_automatic_steps_run_until_a_roll_or_a_decision_is_on_top():
    st = Tiny()
    assert st.stack == ((DRAW,),) and st.coins == 1 and st.is_chance_node() and st.current_player() == CHANCE
    st.apply_action(CARD1)
    assert st.stack == ((CHOOSE,),) and st.current_player() == 0 and st.prompt() == "Coins 1: bet or pass."
    st.apply_action(BET)
    assert st.stack == ((PAY,), (DIE,)) and st.phase_name() == "die"  # the step waits under the die
    st.apply_action(TWO)  # the die ends: the step below runs at once, pays, draws
    assert st.stack == ((DRAW,),) and st.coins == 1 + 2 + 1


def test_a_roll_gives_its_outcomes_weighted_or_evenly():
    st = Tiny()
    assert [(str(a), p) for a, p in st.chance_outcomes()] == [("card 0", 0.75), ("card 1", 0.25)]
    st.apply_action(CARD0)
    assert st.chance_outcomes() == []
    st.apply_action(BET)
    assert [(str(a), p) for a, p in st.chance_outcomes()] == [("die 1", 0.5), ("die 2", 0.5)]


def test_apply_action_keeps_one_history_and_runs_the_hooks_around_the_handler():
    st = Tiny()
    for a in (CARD0, PASS, CARD1, BET, ONE):
        st.apply_action(a)
    assert st.history_ids == [CARD0, PASS, CARD1, BET, ONE] and st.moves == 5
    assert [str(a) for a in st.history()] == ["card 0", "pass", "card 1", "bet", "die 1"]
    assert st.log[:4] == ["before 0", "after 0", "before 3", "after 3"]
    for a in (CARD0, PASS):
        st.apply_action(a)
    assert st.is_terminal() and st.current_player() == TERMINAL and st.legal_actions() == [] and st.returns() == [4.0]


def test_a_clone_shares_the_history_and_goes_its_own_way():
    st = Tiny()
    st.apply_action(CARD0)
    other = st.clone()
    other.apply_action(BET)
    assert st.history_ids == [CARD0] and other.history_ids == [CARD0, BET] and st.stack == ((CHOOSE,),)


def test_a_refused_action_changes_nothing_and_never_lists_a_hidden_hand():
    st = Tiny()
    st.apply_action(CARD1)
    with pytest.raises(IllegalActionError, match="'card 0' is illegal: it is not one of the actions of the choice now"):
        st.apply_action(CARD0)
    with pytest.raises(IllegalActionError, match="there is no action 9 \\(ids run from 0 to 5\\)"):
        st.apply_action(9)
    assert st.history_ids == [CARD1] and st.stack == ((CHOOSE,),) and st.log == ["before 1", "after 1"]


@pytest.mark.parametrize("explain, said", [
    (None, "choice takes bet, pass"),  # the legal actions, in notation
    (lambda st, a: "bet or pass, nothing else", "bet or pass, nothing else"),  # the procedure's own words
])
def test_a_refusal_lists_the_legal_actions_or_gives_the_procedures_reason(explain, said):
    class Open(Tiny):  # the choice shows no hidden hand
        procedures = Procedures({**dict(enumerate(Tiny.procedures.by_id)),
                                 CHOOSE: replace(Tiny.procedures[CHOOSE], hides_legal=False, explain=explain)})

    st = Open()
    st.apply_action(CARD0)
    with pytest.raises(IllegalActionError, match=f"^'die 1' is illegal: {said}$"):
        st.apply_action(ONE)
    assert st.stack == ((CHOOSE,),) and st.history_ids == [CARD0]  # nothing changed


def test_a_finished_game_refuses_every_action():
    st = Tiny()
    for a in (CARD0, PASS) * 3:
        st.apply_action(a)
    assert st.is_terminal() and st.explain_illegal(BET) == "the game is over"
    with pytest.raises(IllegalActionError, match="^'bet' is illegal: the game is over$"):
        st.apply_action(BET)


def test_a_step_that_does_not_move_the_game_on_is_a_bug_named():
    st = Tiny()
    st.goto(STUCK)
    with pytest.raises(ProcedureError, match="the step stuck did not move the game on"):
        st.settle()
    with pytest.raises(ProcedureError, match="an automatic step never waits"):
        st.current_player()


def test_a_rewritten_history_keeps_its_length_and_replaces_the_ids():
    st = Tiny()
    for a in (CARD0, BET):
        st.apply_action(a)
    legal = st.legal_ids()
    st.rewrite_history([CARD1, BET])  # the hidden card drawn again
    assert st.history_ids == [CARD1, BET] and st.moves == 2 and st.legal_ids() == legal
    with pytest.raises(ProcedureError, match="a history rewritten keeps its 2 actions; got 1"):
        st.rewrite_history([CARD1])
    assert st.history_ids == [CARD1, BET]


def test_a_history_started_at_a_position_is_empty_and_names_it():
    st = Tiny()
    st.apply_action(CARD0)
    st.coins = 7  # the fields read from a written position
    st.start_history_here("tiny coins=7")
    assert st.history_ids == [] and st.moves == 0 and st.initial_position() == "tiny coins=7"
    st.apply_action(PASS)
    assert st.history_ids == [PASS] and st.coins == 8


def test_a_legal_cache_forgotten_is_computed_again():
    st = Tiny()
    st.apply_action(CARD0)
    assert st.legal_ids() == (BET, PASS)
    st.goto(DIE)  # a handler's change after the legal actions were asked for
    assert st.legal_ids() == (BET, PASS)
    st.forget_legal()
    assert st.legal_ids() == (ONE, TWO)
