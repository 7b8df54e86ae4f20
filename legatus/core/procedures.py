"""A game's turn structure as a table of procedures on a stack (the ``states`` table of
Rally the Troops, with its call / goto / end).

A :class:`Procedure` is one place where a game waits: who decides, the prompt, the legal
actions and the handler that plays one of them, kept together, so that a new phase or step
is one new entry of the game's :class:`Procedures` table. A state keeps its stack in its
``stack`` attribute: a tuple of *frames*, each a small tuple ``(procedure_id, arg…)`` of
integers. Immutable, it costs nothing to clone. The top frame is the running procedure; an
empty stack is a finished game.

Handlers move the game on with the methods a state gets from :class:`ProcedureStack`:
``goto`` replaces the running procedure, ``call`` runs a sub-procedure on top of it, and
``end`` returns from a sub-procedure to its caller, whose ``resume`` hook (if it has one)
then says how the caller goes on.

A tiny game: the player adds 1 or 2 to a total; each addition calls a die roll, which ends
back in the turn, whose ``resume`` ends the game at 5 or more.

>>> class Tally(ProcedureStack):
...     def __init__(self) -> None:
...         self.stack = ((TURN,),)
...         self.total = 0
>>> TURN, DIE = 0, 1
>>> def add(st: Tally, action: int) -> None:
...     st.total += action
...     st.call(DIE, action)  # the die remembers what was added
>>> def roll(st: Tally, action: int) -> None:
...     st.total += action * st.stack[-1][1]
...     st.end()
>>> def resume(st: Tally) -> None:
...     if st.total >= 5:
...         st.end()
>>> Tally.procedures = table = Procedures({
...     TURN: Procedure("turn", lambda st: 0, lambda st: f"Total {st.total}: add 1 or 2.", lambda st: (1, 2),
...                     add, resume=resume),
...     DIE: Procedure("die", lambda st: CHANCE, lambda st: "Roll 0 or 1.", lambda st: (0, 1), roll),
... })

A state on the core's base (:class:`~legatus.core.procedure_state.ProcedureState`) plays the
running procedure's handler in its ``apply_action``; here, by hand:

>>> st = Tally()
>>> def play(action: int) -> None:
...     table.running(st).apply(st, action)
>>> play(2); st.stack, table.prompt(st), table.running(st).player(st) == CHANCE
(((0,), (1, 2)), 'Roll 0 or 1.', True)
>>> play(1); st.total, st.stack
(4, ((0,),))
>>> play(1); play(0); st.total, st.stack
(5, ())
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from types import ModuleType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .game import CHANCE, TERMINAL

__all__ = ["CHANCE", "TERMINAL", "Frame", "HasStack", "Procedure", "ProcedureError", "ProcedureStack", "Procedures",
           "roll", "step"]

Frame = tuple[int, ...]
"""``(procedure_id, arg…)``: one procedure on the stack, with its arguments."""


class HasStack(Protocol):
    """A state that runs on a procedure stack."""

    stack: tuple[Frame, ...]


S = TypeVar("S", bound=HasStack)


class ProcedureError(RuntimeError):
    """A game's rules moved its stack in a way the table does not allow (a bug in the game,
    never bad input: that is an :class:`~legatus.core.errors.IllegalActionError`)."""


@dataclass(frozen=True, slots=True)
class Procedure(Generic[S]):
    """One place where a game waits, and everything about it."""

    name: str
    """What is going on, for people (a view's phase, an error message)."""
    player: Callable[[S], int]
    """The seat that decides, or :data:`~legatus.core.game.CHANCE`."""
    prompt: Callable[[S], str]
    """One sentence: who decides what now, or which dice to roll."""
    legal: Callable[[S], tuple[int, ...]]
    """The legal actions (the outcomes, for the chance player): a tuple, which a state may cache."""
    apply: Callable[[S, int], None]
    """Plays one of the legal actions."""
    resume: Callable[[S], None] | None = None
    """Runs when a sub-procedure this one called ends (None: the game waits here again)."""
    explain: Callable[[S, int], str] | None = None
    """Why an action is not legal here, in one phrase (None: the table says which are)."""
    chance: bool = False
    """A roll or a draw: the chance player picks one of the legal outcomes (:func:`roll`)."""
    weights: Callable[[S, tuple[int, ...]], Sequence[float]] | None = None
    """A roll's weight for each legal outcome (None: all equally likely)."""
    run: Callable[[S], None] | None = None
    """An automatic step (:func:`step`): no one decides; it runs as soon as it is on top of
    the stack and moves the game on (a goto to the next step, a call of a decision)."""
    hides_legal: bool = False
    """Its legal actions show a hidden hand: an illegal action's explanation must not list them."""


def roll(name: str, prompt: Callable[[S], str], outcomes: Callable[[S], tuple[int, ...]],
         resolve: Callable[[S, int], None], weights: Callable[[S, tuple[int, ...]], Sequence[float]] | None = None,
         ) -> Procedure[S]:
    """The one way to roll a die or draw a card: a procedure where chance picks one of
    ``outcomes`` (with ``weights``, else evenly) and ``resolve`` plays what it means. Each
    purpose of a roll is its own procedure, so the table says what every roll is for."""
    return Procedure(name, _chance_player, prompt, outcomes, resolve, chance=True, weights=weights)


def step(name: str, run: Callable[[S], None]) -> Procedure[S]:
    """An automatic step of the turn: ``run`` does what the rules do there without a decision
    and moves on (``goto`` the next step, ``call`` a decision to wait for, ``end``). A state
    runs the steps on top of its stack after every action (:meth:`ProcedureStack.settle`)."""
    return Procedure(name, _never_waits, _never_waits, _never_waits, _never_applied, run=run)


def _chance_player(state: Any) -> int:
    return CHANCE


def _never_waits(state: Any) -> Any:
    raise ProcedureError(f"an automatic step never waits: it is still on top of the stack {state.stack}")


def _never_applied(state: Any, action: int) -> None:
    raise ProcedureError(f"an automatic step takes no action; got {action} with the stack {state.stack}")


class Procedures(Generic[S]):
    """A game's procedures, by id: the ids run from 0 without gaps, so that the running
    procedure is one index into :attr:`by_id` away, and each hook one index into its tuple
    (``players``, ``legals``, ``applies``, ``chances``, ``runs``: the states' hot path)."""

    __slots__ = ("by_id", "keys", "players", "legals", "applies", "chances", "runs", "frames")

    def __init__(self, procedures: Mapping[int, Procedure[S]], keys: Sequence[str] | None = None) -> None:
        ids = sorted(procedures)
        if ids != list(range(len(ids))):
            raise ProcedureError(f"procedure ids must run from 0 to {len(ids) - 1} without gaps; got {ids}")
        self.by_id: tuple[Procedure[S], ...] = tuple(procedures[i] for i in ids)
        # Each procedure's key, what a seat's record saves: its id's name in a table joined from
        # ids (unique, and kept from version to version where names repeat, "roll", and prompts
        # are reworded), else its name.
        self.keys: tuple[str, ...] = tuple(keys) if keys is not None else tuple(p.name for p in self.by_id)
        # Each hook by id, bound once: the hot path (a state's contract) is one tuple index away.
        self.players = tuple(p.player for p in self.by_id)
        self.legals = tuple(p.legal for p in self.by_id)
        self.applies = tuple(p.apply for p in self.by_id)
        self.chances = tuple(p.chance for p in self.by_id)
        self.runs = tuple(p.run for p in self.by_id)
        # The frame of each procedure without arguments, built once: a goto is then no new frame.
        self.frames: tuple[Frame, ...] = tuple((i,) for i in ids)

    @classmethod
    def joined(cls, ids: type[IntEnum], *chapters: ModuleType) -> Procedures[S]:
        """One table of the entries each chapter (a rules module) declares in its ``PROCEDURES``,
        given in rulebook order: every id of ``ids`` declared by exactly one chapter, else a
        :class:`ProcedureError` naming the id and the chapters."""
        entries: dict[int, Procedure[S]] = {}
        declared_by: dict[int, str] = {}
        for chapter in chapters:
            declared: Mapping[int, Procedure[S]] = chapter.PROCEDURES
            for procedure_id, procedure in declared.items():
                if procedure_id in entries:
                    raise ProcedureError(f"procedure {ids(procedure_id).name} is declared twice: by "
                                         f"{declared_by[procedure_id]} and by {chapter.__name__}")
                entries[procedure_id] = procedure
                declared_by[procedure_id] = chapter.__name__
        missing = [i.name for i in ids if i not in entries]
        if missing:
            names = ", ".join(chapter.__name__ for chapter in chapters)
            raise ProcedureError(f"no chapter declares the procedures {', '.join(missing)} (chapters: {names})")
        return cls(entries, [i.name.lower() for i in sorted(ids)])

    def __getitem__(self, procedure_id: int) -> Procedure[S]:
        return self.by_id[procedure_id]

    def __len__(self) -> int:
        return len(self.by_id)

    # --- The running procedure ---------------------------------------------------------
    def frame(self, state: S) -> Frame:
        """The top frame: the running procedure's id and arguments."""
        if not state.stack:
            raise ProcedureError("no procedure is running: the game is over")
        return state.stack[-1]

    def running(self, state: S) -> Procedure[S]:
        return self.by_id[self.frame(state)[0]]

    def prompt(self, state: S) -> str:
        return self.running(state).prompt(state)


class _Running(Protocol):
    procedures: ClassVar[Procedures[Any]]
    stack: tuple[Frame, ...]


class ProcedureStack:
    """What a state that runs on a procedure stack mixes in: its class names its table
    (``procedures``), its ``stack`` attribute (a slot of the state) holds the frames, and its
    handlers move along with these methods."""

    __slots__ = ()
    procedures: ClassVar[Procedures[Any]]
    stack: tuple[Frame, ...]

    def goto(self: _Running, procedure_id: int, *args: int) -> None:
        """The running procedure gives way to ``procedure_id`` (which starts the game on an
        empty stack)."""
        frames = self.procedures.frames
        if not 0 <= procedure_id < len(frames):
            raise _unknown(self.procedures, procedure_id)
        frame = (procedure_id, *args) if args else frames[procedure_id]
        stack = self.stack
        # The commonest stack holds the running procedure alone (a tuple built at C speed).
        self.stack = (frame,) if len(stack) < 2 else (*stack[:-1], frame)

    def call(self: _Running, procedure_id: int, *args: int) -> None:
        """Runs ``procedure_id`` on top of the running procedure, until it ends."""
        frames = self.procedures.frames
        if not 0 <= procedure_id < len(frames):
            raise _unknown(self.procedures, procedure_id)
        self.stack = (*self.stack, (procedure_id, *args) if args else frames[procedure_id])

    def end(self: _Running) -> None:
        """The running procedure is over: its caller runs again, through its ``resume`` hook
        if it has one. Ending the last procedure ends the game."""
        stack = self.stack
        if not stack:
            raise ProcedureError("end: no procedure is running")
        self.stack = stack = stack[:-1]
        if stack:
            resume = self.procedures.by_id[stack[-1][0]].resume
            if resume is not None:
                resume(self)

    def settle(self: _Running) -> None:
        """Runs the automatic steps (:func:`step`) on top of the stack until a decision or a
        roll is on top, or the game is over."""
        procedures = self.procedures
        runs = procedures.runs
        stack = self.stack
        while stack:
            run = runs[stack[-1][0]]
            if run is None:
                return
            run(self)
            if self.stack == stack:
                raise ProcedureError(f"the step {procedures.by_id[stack[-1][0]].name} did not move the game on")
            stack = self.stack

    def stop(self: _Running) -> None:
        """The game is over: every procedure on the stack is dropped, none resumes."""
        self.stack = ()

    def caller(self: _Running) -> int:
        """The id of the procedure that called the running one (-1: none did)."""
        stack = self.stack
        return stack[-2][0] if len(stack) > 1 else -1


def _unknown(table: Procedures[Any], procedure_id: int) -> ProcedureError:
    return ProcedureError(f"there is no procedure {procedure_id} (ids run from 0 to {len(table.by_id) - 1})")
