"""A Hannibal position in one line (:mod:`legatus.core.position`), in the layout version 4 has
always written, so that a position saved before reads the same: the stack's frames numbered as
they were when the turn and the battle were two driver procedures (the battle's step kept in a
``b_step`` field) and every die one procedure whose first argument said what it was for. One
field came since, ``m_eleph`` (the moving army's elephants, H4); a position without it still reads.
And one frame, #59's choice of a card #20 shows (H132), numbered after the others.

>>> import legatus
>>> game = legatus.load("hannibal")
>>> state = game.new_initial_state()
>>> game.new_state_from(state.position()).position() == state.position()
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from legatus.core.errors import PositionError
from legatus.core.position import check_state, read_position, write_position

from .ids import BATTLE_STEPS, DICE, TURN_STEPS, Id
from .notation import CARTHAGE

if TYPE_CHECKING:
    from .game import HannibalGame
    from .state import HannibalState

NUMBERED: tuple[Id | str, ...] = (
    "turn", "roll", Id.DEAL, Id.BDEAL, Id.ELECT, Id.RESHUFFLE, Id.REINFORCE, Id.RETURN, Id.AFRICANUS, Id.PROCONSUL,
    Id.CONSUL, Id.OPENING, Id.FIRST, Id.PLAY, Id.OPS, Id.PLACE_PC, Id.TAKE, Id.MOVE, Id.REACT, Id.INTERCEPTED,
    Id.PURSUE, Id.SIEGE, "battle", Id.CHARGE, Id.ATTACK, Id.MATCH, Id.COUNTER, Id.CANCEL, Id.RETREAT, Id.REMOVE_PC,
    Id.EVENT, Id.RANDOM_CARD, Id.CAMPAIGN, Id.COMMAND, Id.COUNTER_EVENT, Id.STEAL, Id.SPY, Id.GARRISON, Id.SORTIE,
    Id.REACT_SIZE, Id.REACT_LEADER, Id.DESERT,
)
"""Where the game waits, as version 4 numbers it: the decisions and draws, the dice as one
("roll"), the turn and the battle as one each (their steps never wait)."""
TUPLES = frozenset({"spent", "tribal", "ein"})
"""Fields the state keeps as tuples (shared by clones) that version 4 wrote as lists."""
_TURN, _ROLL, _BATTLE = (NUMBERED.index(p) for p in ("turn", "roll", "battle"))
_NUMBER = {p: i for i, p in enumerate(NUMBERED) if isinstance(p, Id)}
_ID = {i: p for p, i in _NUMBER.items()}
_PURPOSES = (Id.R_PASS, Id.R_NAVAL, Id.R_INTERCEPT, Id.R_AVOID, Id.R_PURSUIT, Id.R_CHARGE, Id.R_COUNTER,
             Id.R_WITHDRAW, Id.R_CANCEL, Id.R_CASUALTIES, Id.R_RETREAT, Id.R_SIEGE, Id.R_WINTER, Id.R_EVENT_ATTRITION,
             Id.R_MERCENARIES, Id.R_COMMAND, Id.R_STORMS, Id.R_HOSTILE, Id.R_BACK_NAVAL)
_PURPOSE = {p: i + 1 for i, p in enumerate(_PURPOSES)}  # a die's purpose, as version 4 numbers it
_ELEPHANTS = re.compile(r"(^| )m_eleph=")  # the field a position written before lacks
_REACTING = (Id.REACT_SIZE, Id.REACT_LEADER)  # frames (id, side, the purpose of the die to come, …)


def _written(frame: tuple[int, ...]) -> tuple[int, ...]:
    p = frame[0]
    if p in TURN_STEPS:
        return _TURN, p - Id.S_START
    if p in BATTLE_STEPS:
        return (_BATTLE,)
    if p in DICE:
        return _ROLL, _PURPOSE[Id(p)], *frame[1:]
    if p in _REACTING:
        return _NUMBER[Id(p)], frame[1], _PURPOSE[Id(frame[2])], *frame[3:]
    return _NUMBER[Id(p)], *frame[1:]


def _read(frame: tuple[int, ...], b_step: int) -> tuple[int, ...]:
    """A frame as version 4 wrote it, in today's ids; a PositionError names one that none writes."""
    try:
        p = frame[0]
        if p == _TURN:
            step = Id.S_START + frame[1]
            if step not in TURN_STEPS:
                raise IndexError(frame[1])
            return (step,)
        if p == _BATTLE:
            return (Id.B_SORTIE + b_step,)
        if p == _ROLL:
            return _purpose(frame[1]), *frame[2:]
        if _ID[p] in _REACTING:
            return _ID[p], frame[1], _purpose(frame[2]), *frame[3:]
        return _ID[p], *frame[1:]
    except (KeyError, IndexError):
        raise PositionError(f"the stack's frame {frame} is no procedure of this game") from None


def _purpose(number: int) -> Id:
    if not 1 <= number <= len(_PURPOSES):
        raise IndexError(number)
    return _PURPOSES[number - 1]


def _battle_step(st: HannibalState) -> int:
    """Version 4's ``b_step``: the battle's step to come; where the game ended in a battle, its
    last step (the one way: the loser sued for peace as it paid its PCs, H91, H112); else 0."""
    for frame in st.stack:
        if frame[0] in BATTLE_STEPS:
            return frame[0] - Id.B_SORTIE
    return Id.B_DONE - Id.B_SORTIE if st.b_space >= 0 and not st.stack else 0


def _fields(st: HannibalState) -> dict[str, Any]:
    """The fields in version 4's order: the state's, with ``b_step`` (the battle's step) after ``b_from``."""
    out: dict[str, Any] = {}
    for name in st.FIELDS:
        out[name] = getattr(st, name)
        if name in TUPLES:  # written as the list it was
            out[name] = list(out[name])
        if name == "b_from":
            out["b_step"] = _battle_step(st)
    return out


def write(st: HannibalState) -> str:
    fields = _fields(st)
    fields["stack"] = tuple(map(_written, st.stack))
    return write_position(f"{st.game.name}/{st.game.version}", st.game.config, fields.items())


def read(game: HannibalGame, text: str) -> HannibalState:
    """The state written ``text`` by :func:`write`, checked. One written before the moving army
    kept its elephants (``m_eleph``) has them as the engine moved them then: as many as go."""
    state = game.new_initial_state()
    template = _fields(state)
    older = isinstance(text, str) and not _ELEPHANTS.search(text)
    if older:
        del template["m_eleph"]
    values = read_position(text, f"{game.name}/{game.version}", game.config, template)
    b_step = values.pop("b_step")
    values["stack"] = tuple(_read(frame, b_step) for frame in values["stack"])
    for name, value in values.items():
        setattr(state, name, tuple(value) if name in TUPLES else value)
    if older and state.m_side == CARTHAGE and state.m_gen >= 0 and state.gen_at[state.m_gen] >= 0:
        state.m_eleph = min(state.m_left, state.eleph[state.gen_at[state.m_gen]])
    state.start_history_here(text)
    check_state(state)
    return state
