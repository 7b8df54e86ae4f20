"""The procedure stack (legatus.core.procedures) on a tiny game of its own, no real game loaded.

The tiny game: on his turn player 0 rests (player 1 then plays a turn of rest) or marches;
a march takes steps until it has taken two, and may fight on the way; a battle is a die: 1
wins, 0 loses and player 1 must retreat. Turn → march → battle → retreat nests three deep.
"""

from __future__ import annotations

import enum
from types import ModuleType

import pytest

from legatus.core.game import CHANCE
from legatus.core.procedures import Frame, Procedure, ProcedureError, Procedures, ProcedureStack

TURN, MARCH, BATTLE, RETREAT, REST = range(5)
STOP, GO, STEP, FIGHT, LOSE, WIN, FALL_BACK, WAKE = range(8)


class Tiny(ProcedureStack):
    def __init__(self) -> None:
        self.stack: tuple[Frame, ...] = ((TURN,),)
        self.steps = 0
        self.log: list[str] = []


def apply_turn(st: Tiny, action: int) -> None:
    if action == STOP:
        st.end()  # the last procedure: the game is over
    elif action == GO:
        st.call(MARCH, 7)  # the march remembers its legion
    else:
        st.goto(REST)


def apply_march(st: Tiny, action: int) -> None:
    if action == FIGHT:
        st.call(BATTLE)
        return
    st.steps += 1
    if st.steps == 2:
        st.end()


def apply_battle(st: Tiny, action: int) -> None:
    if action == LOSE:
        st.call(RETREAT)
    else:
        st.end()


def apply_retreat(st: Tiny, action: int) -> None:
    st.end()


def resume_march(st: Tiny) -> None:
    st.log.append(f"legion {TABLE.frame(st)[1]} marches on")


TABLE: Procedures[Tiny] = Procedures({
    TURN: Procedure("turn", lambda st: 0, lambda st: "Player 0: stop, go or wake.", lambda st: (STOP, GO, WAKE),
                    apply_turn, resume=lambda st: st.log.append("turn resumes")),
    MARCH: Procedure("march", lambda st: 0, lambda st: f"Step {st.steps + 1} of 2, or fight.",
                     lambda st: (STEP, FIGHT), apply_march, resume=resume_march),
    BATTLE: Procedure("battle", lambda st: CHANCE, lambda st: "Roll the die.", lambda st: (LOSE, WIN), apply_battle,
                      resume=lambda st: st.end()),  # after a retreat the battle is over too
    RETREAT: Procedure("retreat", lambda st: 1, lambda st: "Player 1 falls back.", lambda st: (FALL_BACK,),
                       apply_retreat),
    REST: Procedure("rest", lambda st: 1, lambda st: "Player 1 wakes.", lambda st: (WAKE,),
                    lambda st, a: st.goto(TURN)),
})
Tiny.procedures = TABLE


def play(st: Tiny, *actions: int) -> Tiny:
    """Plays each action with the running procedure's handler (as a state on the core's base
    does, whose refusals tests/core/test_procedure_state.py tests)."""
    for action in actions:
        procedure = TABLE.running(st)
        assert action in procedure.legal(st), (procedure.name, action)
        procedure.apply(st, action)
    return st


def waiting(st: Tiny) -> tuple[int, str, tuple[int, ...]]:
    """Who decides, the prompt and the legal actions of the running procedure."""
    procedure = TABLE.running(st)
    return procedure.player(st), procedure.prompt(st), procedure.legal(st)


def test_the_running_procedure_gives_player_prompt_and_legal_actions():
    st = Tiny()
    assert waiting(st) == (0, "Player 0: stop, go or wake.", (STOP, GO, WAKE))
    assert TABLE.running(st).name == "turn" and TABLE.prompt(st) == "Player 0: stop, go or wake." and st.caller() == -1
    play(st, GO, FIGHT)
    assert waiting(st) == (CHANCE, "Roll the die.", (LOSE, WIN))
    assert st.caller() == MARCH


def test_call_pushes_a_frame_with_its_arguments_and_end_resumes_the_caller():
    st = play(Tiny(), GO)
    assert st.stack == ((TURN,), (MARCH, 7))
    play(st, FIGHT, WIN)  # the battle ends: the march resumes where it was, its legion known
    assert st.stack == ((TURN,), (MARCH, 7)) and st.log == ["legion 7 marches on"]
    assert TABLE.prompt(st) == "Step 1 of 2, or fight."
    play(st, STEP, STEP)  # the march ends itself: the turn resumes
    assert st.stack == ((TURN,),) and st.log[-1] == "turn resumes"


def test_procedures_nest_three_deep_and_unwind_one_resume_at_a_time():
    st = play(Tiny(), GO, FIGHT, LOSE)
    assert st.stack == ((TURN,), (MARCH, 7), (BATTLE,), (RETREAT,))
    assert waiting(st) == (1, "Player 1 falls back.", (FALL_BACK,))
    play(st, FALL_BACK)  # retreat ends → the battle's resume ends it → the march resumes
    assert st.stack == ((TURN,), (MARCH, 7)) and st.log == ["legion 7 marches on"]


def test_goto_replaces_the_running_procedure_and_keeps_what_is_below():
    st = play(Tiny(), WAKE)
    assert st.stack == ((REST,),) and waiting(st)[0] == 1
    play(st, WAKE)
    assert st.stack == ((TURN,),) and st.log == []  # a goto resumes nobody
    st.call(MARCH, 3)
    st.goto(RETREAT)
    assert st.stack == ((TURN,), (RETREAT,))


def test_goto_on_an_empty_stack_starts_a_game():
    st = Tiny()
    st.stack = ()
    st.goto(TURN)
    assert st.stack == ((TURN,),)


def test_ending_the_last_procedure_ends_the_game():
    st = play(Tiny(), STOP)
    assert st.stack == ()
    with pytest.raises(ProcedureError, match="no procedure is running"):
        TABLE.prompt(st)
    with pytest.raises(ProcedureError, match="end: no procedure is running"):
        st.end()


def test_stop_drops_every_procedure_and_resumes_none():
    st = play(Tiny(), GO, FIGHT)
    st.stop()
    assert st.stack == () and st.log == []


def test_an_unknown_procedure_is_a_bug_named_with_the_valid_ids():
    st = Tiny()
    with pytest.raises(ProcedureError, match="there is no procedure 9 \\(ids run from 0 to 4\\)"):
        st.call(9)
    with pytest.raises(ProcedureError, match="there is no procedure -1"):
        st.goto(-1)
    assert st.stack == ((TURN,),)


def test_procedure_ids_run_without_gaps():
    turn = TABLE[TURN]
    with pytest.raises(ProcedureError, match="from 0 to 1 without gaps; got \\[0, 2\\]"):
        Procedures({0: turn, 2: turn})
    assert len(TABLE) == 5 and TABLE[REST].name == "rest"


def test_the_stack_is_immutable_so_a_copy_shares_it_safely():
    st = play(Tiny(), GO)
    other = Tiny()
    other.stack = st.stack  # what a clone does
    play(other, FIGHT, LOSE)
    assert st.stack == ((TURN,), (MARCH, 7)) and len(other.stack) == 4


class Ids(enum.IntEnum):
    TURN, MARCH, BATTLE, RETREAT, REST = range(5)


def chapter(name: str, *ids: int) -> ModuleType:
    """A rules module declaring the entries ``ids`` (the tiny game's own)."""
    module = ModuleType(name)
    module.PROCEDURES = {i: TABLE[i] for i in ids}
    return module


def test_joined_takes_each_chapters_entries_in_rulebook_order() -> None:
    joined = Procedures.joined(Ids, chapter("rules.turn", TURN, REST), chapter("rules.war", MARCH, BATTLE, RETREAT))
    assert joined.by_id == TABLE.by_id


def test_joined_refuses_an_id_no_chapter_or_two_chapters_declare() -> None:
    turn, war = chapter("rules.turn", TURN, REST), chapter("rules.war", MARCH, BATTLE, RETREAT)
    with pytest.raises(ProcedureError, match=r"^no chapter declares the procedures MARCH, BATTLE, RETREAT "
                                             r"\(chapters: rules.turn\)$"):
        Procedures.joined(Ids, turn)
    with pytest.raises(ProcedureError, match="^procedure REST is declared twice: by rules.turn and by rules.rest$"):
        Procedures.joined(Ids, turn, war, chapter("rules.rest", REST))
