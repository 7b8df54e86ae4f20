"""The core contract written once, for every game that runs on a procedure table.

A game's state class derives from :class:`ProcedureState`, names its table (``procedures``,
a :class:`~legatus.core.procedures.Procedures`) and keeps its pieces; the base answers the
contract from the running procedure: who decides, the legal actions (cached until the next
action), the chance outcomes and their weights, ``apply_action`` with the one history (a
:mod:`~legatus.core.chain` of action ids, shared between clones), the prompt and why an action
is refused. After each action it runs the automatic steps (:meth:`ProcedureStack.settle`).

A game adds its own behaviour through a few named hooks, each a no-op by default:
:meth:`before_action` (a secret's move noted before the action changes the state),
:meth:`after_action` (what the rules tidy after every action). A hook a game does not
override costs nothing: the base calls only those its class defines (see
``__init_subclass__``).

A game's ``clone`` copies its own fields and calls :meth:`copy_contract` for the base's.

>>> from legatus.core.procedures import Procedure, Procedures, roll
>>> from legatus.core.actions import ActionTable
>>> class Dice:  # a tiny game: one die, then the player keeps it or stops
...     name, actions = "dice", ActionTable("dice", ["1", "2", "keep", "stop"])
>>> class DiceState(ProcedureState):
...     __slots__ = ("total",)
...     def __init__(self) -> None:
...         self.start(Dice())
...         self.total = 0
...         self.stack = ((ROLL,),)
...     def returns(self) -> list[float]:
...         return [float(self.total)]
...     def view(self, seat: int | None = None) -> dict[str, int]:
...         return {"total": self.total}
...     def clone(self) -> DiceState:
...         o = object.__new__(DiceState)
...         o.total = self.total
...         self.copy_contract(o)
...         return o
>>> ROLL, CHOOSE = 0, 1
>>> def rolled(st: DiceState, a: int) -> None:
...     st.total += a + 1
...     st.goto(CHOOSE)
>>> def chose(st: DiceState, a: int) -> None:
...     st.goto(ROLL) if a == 2 else st.stop()
>>> DiceState.procedures = Procedures({
...     ROLL: roll("die", lambda st: "Roll the die.", lambda st: (0, 1), rolled),
...     CHOOSE: Procedure("choice", lambda st: 0, lambda st: f"Total {st.total}.", lambda st: (2, 3), chose),
... })
>>> st = DiceState()
>>> st.is_chance_node(), [(str(a), p) for a, p in st.chance_outcomes()]
(True, [('1', 0.5), ('2', 0.5)])
>>> st.apply_action(1); st.prompt(), [str(a) for a in st.legal_actions()]
('Total 2.', ['keep', 'stop'])
>>> st.apply_action(3); st.is_terminal(), [str(a) for a in st.history()], st.returns()
(True, ['2', 'stop'], [2.0])
"""

from __future__ import annotations

from typing import Any, ClassVar

from .actions import Action, ActionTable
from .chain import Chain, chain_of, unchain
from .errors import IllegalActionError
from .game import TERMINAL, State
from .procedures import ProcedureError, Procedures, ProcedureStack

__all__ = ["ProcedureState"]

# The even odds of each list of outcomes, built once by actions table and outcomes.
_EVEN: dict[tuple[ActionTable, tuple[int, ...]], list[tuple[Action, float]]] = {}
_EVEN_KEPT = 4096  # the most lists kept (the dice's few come first; then the decks' would grow without end)


class ProcedureState(State, ProcedureStack):
    """A state whose contract its procedure table answers (see the module's docstring)."""

    __slots__ = ("game", "stack", "_legal", "_history", "moves", "set_up_from")
    procedures: ClassVar[Procedures[Any]]
    _legal: tuple[int, ...] | None
    _history: Chain
    moves: int
    """How many actions have been applied (the history's length)."""
    set_up_from: str | None
    """The position the history starts from (``game.new_state_from``), else None."""
    keeps_legal: ClassVar[bool] = False
    """True for a game whose handlers and steps ask for the legal actions only once nothing more
    changes in that action (Hispania: whether the Roman phase is idle is its last step): the
    legal actions they computed stay cached instead of being computed again."""
    _before: ClassVar[bool] = False
    _after: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Whether the class (or a base between) overrides a hook: the hot path skips the no-ops.
        cls._before = cls.before_action is not ProcedureState.before_action
        cls._after = cls.after_action is not ProcedureState.after_action

    def start(self, game: Any) -> None:
        """Sets the base's fields of a new state of ``game`` (its ``__init__`` calls this first)."""
        self.game = game
        self.stack = ()
        self._legal = None
        self._history = None
        self.moves = 0
        self.set_up_from = None

    def copy_contract(self, other: ProcedureState) -> None:
        """Copies the base's fields into ``other``, a clone being built (all immutable: shared)."""
        other.game, other.stack, other._legal = self.game, self.stack, self._legal
        other._history, other.moves, other.set_up_from = self._history, self.moves, self.set_up_from

    # --- The contract ----------------------------------------------------------------------
    def current_player(self) -> int:
        stack = self.stack
        return self.procedures.players[stack[-1][0]](self) if stack else TERMINAL

    def is_terminal(self) -> bool:
        return not self.stack

    def is_chance_node(self) -> bool:
        stack = self.stack
        return bool(stack) and self.procedures.chances[stack[-1][0]]

    def legal_ids(self) -> tuple[int, ...]:
        """The legal action ids (the outcomes' at a chance node), cached until the next action."""
        legal = self._legal
        if legal is None:
            stack = self.stack
            legal = self._legal = self.procedures.legals[stack[-1][0]](self) if stack else ()
        return legal

    def legal_actions(self) -> list[Action]:
        legal = self._legal  # the cache read here too: the playouts' hot path
        return list(map(self.game.actions.actions.__getitem__, self.legal_ids() if legal is None else legal))

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        stack = self.stack
        if not stack:
            return []
        procedure = self.procedures.by_id[stack[-1][0]]
        if not procedure.chance:
            return []
        legal = self._legal
        if legal is None:
            legal = self.legal_ids()
        notation: ActionTable = self.game.actions
        table = notation.actions  # indexed without a method call
        if procedure.weights is None:
            key = (notation, legal)  # the table itself, kept alive by the key: no id reused
            even = _EVEN.get(key)
            if even is not None:
                return even[:]
            # a few kinds of roll a game, each list built once; a deck's deals differ from deal to
            # deal: one division (the same float as one an outcome), no copy of a list not kept
            p = 1.0 / len(legal)
            even = [(table[a], p) for a in legal]
            if len(_EVEN) >= _EVEN_KEPT:  # a deck's ever-changing lists must not pile up for ever
                return even
            _EVEN[key] = even
            return even[:]
        weights = procedure.weights(self, legal)
        total = sum(weights)
        return [(table[a], w / total) for a, w in zip(legal, weights, strict=True)]

    def apply_action(self, action: int) -> None:
        a = int(action)
        legal = self._legal
        if legal is None:
            legal = self.legal_ids()
        if a not in legal:
            self.refuse(a)
        if self._before:
            self.before_action(a)
        self._legal = None
        self._history = (self._history, a)
        self.moves += 1
        procedures = self.procedures
        procedures.applies[self.stack[-1][0]](self, a)
        if self._after:
            self.after_action(a)
        stack = self.stack
        if stack:  # the automatic steps (settle's loop, in place: once an action)
            runs = procedures.runs
            run = runs[stack[-1][0]]
            while run is not None:
                run(self)
                after = self.stack
                if after == stack:
                    raise ProcedureError(f"the step {procedures.by_id[stack[-1][0]].name} did not move the game on")
                if not after:
                    break
                stack = after
                run = runs[stack[-1][0]]
        if not self.keeps_legal:
            self._legal = None

    def before_action(self, action: int) -> None:
        """Hook: runs before a legal ``action`` is applied (the state still as it was)."""

    def after_action(self, action: int) -> None:
        """Hook: runs after ``action``'s handler, before the automatic steps."""

    def history(self) -> list[Action]:
        table = self.game.actions
        return [table[a] for a in unchain(self._history)]

    @property
    def history_ids(self) -> list[int]:
        """The action ids applied, oldest first."""
        return unchain(self._history)

    @property
    def history_chain(self) -> Chain:
        """The history as kept (immutable, shared by clones): a new object after every action, so
        that what was computed from a history can be kept until it changes (VIAE's redraw plan)."""
        return self._history

    def initial_position(self) -> str | None:
        return self.set_up_from

    # --- Saying what is going on -----------------------------------------------------------
    def phase_name(self) -> str:
        """The running procedure's name ("game over" at the end)."""
        stack = self.stack
        return self.procedures.by_id[stack[-1][0]].name if stack else "game over"

    def prompt(self) -> str:
        return self.procedures.prompt(self) if self.stack else super().prompt()

    def decision(self) -> str:
        stack = self.stack
        return f"{super().decision()} at {self.procedures.keys[stack[-1][0]]}" if stack else super().decision()

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is refused: the running procedure's explanation, else its legal actions
        (but never where they would show a hidden hand, or the outcomes of a roll to come)."""
        stack = self.stack
        if not stack:
            return "the game is over"
        procedure = self.procedures.by_id[stack[-1][0]]
        if procedure.explain is not None:
            return procedure.explain(self, action)
        if procedure.hides_legal or procedure.chance:
            return f"it is not one of the actions of the {procedure.name} now"
        legal = ", ".join(str(a) for a in self.legal_actions())
        return f"{procedure.name} takes {legal or 'no action'}"

    def refuse(self, action: int) -> None:
        """Raises the :class:`IllegalActionError` for ``action``, which is not legal here."""
        table = self.game.actions
        if not 0 <= action < len(table):
            raise IllegalActionError(str(action), f"there is no action {action} (ids run from 0 to {len(table) - 1})")
        raise IllegalActionError(str(table[action]), self.explain_illegal(action))

    def check_legal(self, action: int) -> None:
        if action not in self.legal_ids():
            self.refuse(action)

    # --- Rewriting what the base keeps -----------------------------------------------------
    def forget_legal(self) -> None:
        """The legal actions cached are stale: a handler changed the state after asking for them."""
        self._legal = None

    def start_history_here(self, position: str) -> None:
        """This state, its fields just set from the written ``position``, is where its history
        starts: no action applied yet (``initial_position`` then answers ``position``)."""
        self._history, self.moves, self._legal = None, 0, None
        self.set_up_from = position

    def rewrite_history(self, ids: list[int]) -> None:
        """Replaces the history by ``ids``, as many actions as it holds (a resample's copy, whose
        hidden draws were drawn again, so that its record replays to it)."""
        if len(ids) != self.moves:
            raise ProcedureError(f"a history rewritten keeps its {self.moves} actions; got {len(ids)}")
        self._history, self._legal = chain_of(ids), None
