"""Hispania positions as text (docs/api.md, "Positions").

The line is ``hispania/1``, the configuration word (level, variants, Roman players and
scenario: what shapes the pieces and the seats) and every field of the state's declared
field lists, whatever they are. Reading checks the syntax and kinds (core), each piece
field's length and range (here), then the invariants and the contract's calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from legatus.core.errors import PositionError
from legatus.core.position import check_state, read_position, write_position

from .pieces import CONSUL, DEAD, MAX_DISCS, N_ARMIES, N_REVOLTS, PROCONSUL, PURPLE, SPECIAL
from .rules import movement
from .variants import VARIANTS

if TYPE_CHECKING:
    from .game import HispaniaGame
    from .state import HispaniaState


def tag(game: HispaniaGame) -> str:
    return f"{game.name}/{game.version}"


def configuration(game: HispaniaGame) -> str:
    """``6-4-3-4-2,terror,hispano,2p,numantia``: the options a position must be read with."""
    scenario = game.options["scenario"]
    return ",".join([str(game.level), *(v for v in VARIANTS if v in game.variants), f"{game.options['players']}p",
                     *([scenario] if scenario else [])])


def write(st: HispaniaState) -> str:
    return write_position(tag(st.game), configuration(st.game), ((n, getattr(st, n)) for n in st.POSITION_FIELDS))


def read(game: HispaniaGame, text: str) -> HispaniaState:
    st = game.new_initial_state()  # the template of each field's kind and length
    values = read_position(text, tag(game), configuration(game), {n: getattr(st, n) for n in st.POSITION_FIELDS})
    ranges = _ranges(game)
    for name, value in values.items():
        like = getattr(st, name)
        if type(like) is list and value is None:
            raise PositionError(f"the position's field {name}=N must be a list of {len(like)} values")
        if type(like) is list and len(value) != len(like):
            raise PositionError(f"the position's field {name} has {len(value)} values; it must have {len(like)}")
        _check_range(game, ranges, name, value)
        setattr(st, name, value)
    st._events = None  # a position is not a history
    st._steps = movement.road_steps(game.board, st.roads)  # its own roads'
    st.start_history_here(st.position())  # its canonical form, for records
    check_state(st)
    return st


def _ranges(game: HispaniaGame) -> dict[str, tuple[int, int | None]]:
    """The range of each value of the piece fields and counters (None: no upper bound)."""
    last = game.board.n_spaces - 1
    return {
        "revolts": (0, MAX_DISCS), "space_army": (-1, N_ARMIES - 1), "space_general": (-1, PROCONSUL),
        "fleets": (0, 1), "roads": (0, 1), "army_at": (-1, last), "general_at": (DEAD, last),
        "garrison_reserve": (0, game.level.garrisons), "purple": (-2, CONSUL), "special": (-1, SPECIAL),
        "roads_held": (0, game.level.roads), "revolt_reserve": (0, N_REVOLTS), "time": (0, N_REVOLTS),
        "round": (1, None), "turn": (0, 2),
    }


def _check_range(game: HispaniaGame, ranges: dict[str, tuple[int, int | None]], name: str, value: Any) -> None:
    if name == "garrisons":
        for s, stack in enumerate(value):
            if type(stack) is not tuple or len(stack) > MAX_DISCS or any(c not in range(PURPLE + 1) for c in stack):
                raise PositionError(f"the position's field garrisons holds {stack!r} in {game.board.names[s]}; "
                                    f"a garrison is a tuple of at most {MAX_DISCS} colours from 0 to {PURPLE}")
        return
    bounds = ranges.get(name)
    if bounds is None:
        return
    lo, hi = bounds
    for i, v in enumerate(value) if type(value) is list else [(None, value)]:
        if type(v) is not int or v < lo or (hi is not None and v > hi):
            where = name if i is None else f"{name}[{game.board.names[i] if len(value) == game.board.n_spaces else i}]"
            valid = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
            raise PositionError(f"the position's field {where} is {v!r}; it must be an integer {valid}")
