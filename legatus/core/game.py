"""The core contract every game implements (names follow OpenSpiel).

A :class:`Game` is a configuration (options, seats, the action table); a :class:`State` is
one position of it. Randomness is never inside a state: dice and draws are actions of the
chance player (:data:`CHANCE`), which a driver samples with its own seeded generator or a
person types in from a real table.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from .actions import Action, ActionTable
from .errors import IllegalActionError, OptionError

CHANCE = -1
"""``current_player()`` when the next action is a chance outcome (a die, a draw)."""
TERMINAL = -4
"""``current_player()`` when the game is over."""


@dataclass(frozen=True)
class Option:
    """A game option: its default, a parser that normalises a value or raises
    :class:`OptionError`, one line of help, and how a form asks for it (``form``: kind
    "choice", "multi", "parts", "bool" or "int", with its choices; None: not offered).
    ``local_file``: the value names a file of the machine the game runs on, which a server
    must never take from a client."""

    default: Any
    parse: Callable[[Any], Any]
    help: str
    form: dict[str, Any] | None = None
    local_file: bool = False


def parse_seed(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise OptionError(f"seed {value!r} must be an integer")
    try:
        return int(value)
    except ValueError:
        raise OptionError(f"seed {value!r} must be an integer") from None


class Game(abc.ABC):
    """A game configuration. Build it with ``legatus.load(name, **options)``."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int] = 1
    """The record format version of this game: bumped when old records would replay differently."""
    OPTIONS: ClassVar[dict[str, Option]] = {
        "seed": Option(None, parse_seed, "seed of the driver's dice (play loop, agents)"),
    }
    AGENTS: ClassVar[dict[str, str]] = {}
    """The game's own agents: name -> "package.module:Class" (see legatus.core.agents)."""
    HINT_AGENT: ClassVar[str] = "mcts:400"
    """The agent that gives hints: the strongest the game has."""

    actions: ActionTable
    seats: tuple[str, ...]

    def __init__(self, **options: Any) -> None:
        unknown = [k for k in options if k not in self.OPTIONS]
        if unknown:
            valid = ", ".join(sorted(self.OPTIONS))
            raise OptionError(f"unknown option '{unknown[0]}' for {self.name}; valid options: {valid}")
        self.options: dict[str, Any] = {
            key: spec.parse(options[key]) if key in options else spec.default
            for key, spec in self.OPTIONS.items()
        }

    @property
    def seed(self) -> int | None:
        seed: int | None = self.options["seed"]
        return seed

    def record_options(self) -> dict[str, Any]:
        """The options as a record stores them: JSON values, unset ones left out."""
        return {k: v for k, v in self.options.items() if v is not None}

    def num_players(self) -> int:
        return len(self.seats)

    @classmethod
    def fuzz_options(cls, rng: random.Random) -> dict[str, Any]:
        """Options for one fuzzed game, drawn with ``rng`` (always a valid combination)."""
        return {}

    def fuzz_choice(self, state: State, rng: random.Random) -> Action:
        """A fuzzer's choice that keeps games alive longer than uniform play (default: uniform)."""
        return rng.choice(state.legal_actions())

    def invariants(self, state: State) -> list[str]:
        """Every rule of the game's components that ``state`` breaks, in words (none: [])."""
        return []

    def observation_size(self) -> int:
        """The length of ``observation_tensor`` (for game-AI libraries)."""
        raise NotImplementedError(f"{self.name} has no observation tensor")

    def observation_tensor(self, state: State, seat: int | None) -> list[float]:
        """``state`` as ``seat`` sees it, as numbers in [0, 1] (fixed length)."""
        raise NotImplementedError(f"{self.name} has no observation tensor")

    def public_data(self) -> dict[str, Any]:
        """What an interface needs to draw this game that no view repeats (a board's map)."""
        return {}

    def seat_index(self, name: str) -> int:
        try:
            return self.seats.index(name)
        except ValueError:
            raise OptionError(f"unknown seat '{name}'; seats: {', '.join(self.seats)}") from None

    @abc.abstractmethod
    def new_initial_state(self) -> State: ...

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.record_options().items())
        return f"{type(self).__name__}({opts})"


class State(abc.ABC):
    """One position of a game. Mutable: ``apply_action`` changes it, ``clone`` copies it."""

    __slots__ = ()
    game: Game

    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to decide, :data:`CHANCE` or :data:`TERMINAL`."""

    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions of the player to move (the outcomes, at a chance node)."""

    @abc.abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each outcome with its probability; else empty."""

    @abc.abstractmethod
    def apply_action(self, action: int) -> None:
        """Play ``action`` (an :class:`Action` or its integer); raises
        :class:`IllegalActionError` if it is not legal here."""

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result: 0 until the game ends."""

    @abc.abstractmethod
    def clone(self) -> State: ...

    @abc.abstractmethod
    def history(self) -> list[Action]:
        """Every action applied since the initial state, chance outcomes included."""

    @abc.abstractmethod
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """A JSON-able dict of what ``seat`` may see (``None``: an observer who sees all a
        game without secrets shows)."""

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is not legal here (one phrase). Games refine this."""
        return "it is not among the legal actions here"

    def prompt(self) -> str:
        """One sentence saying who decides what now (or which dice to roll)."""
        if self.is_terminal():
            return "The game is over."
        return f"{self.seat_name(self.current_player()).capitalize()} to move."

    def describe(self, action: int) -> str:
        """The action's notation with what a person wants to know before choosing it (a cost)."""
        return str(self.game.actions[action])

    def summary(self) -> dict[str, Any]:
        """A finished game in a few JSON values for statistics: at least ``outcome``, a short
        name of how it ended. Games add their own measures (Hispania: ``rounds``)."""
        return {"outcome": "over" if self.is_terminal() else "unfinished"}

    def to_text(self, markup: bool = False) -> str:
        """The position drawn as text; with ``markup``, with rich colour markup."""
        return str(self)

    def reveals_information(self, action: int) -> bool:
        """Whether applying ``action`` shows a secret to some seat (undo must not cross it)."""
        return False

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()  # the game's tables are shared, never copied

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        from .record import replay, to_record

        return replay, (to_record(self),)  # a state travels as its record

    # --- Derived helpers -------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def parse_action(self, text: str) -> Action:
        """The action whose notation is ``text`` (case and spacing do not matter)."""
        return self.game.actions.parse(text, [str(a) for a in self.legal_actions()])

    def check_legal(self, action: int) -> None:
        """Raises :class:`IllegalActionError`, saying why, unless ``action`` is legal here."""
        if action in self.legal_actions():
            return
        n = len(self.game.actions)
        if not 0 <= action < n:
            raise IllegalActionError(str(action), f"there is no action {action} (ids run from 0 to {n - 1})")
        raise IllegalActionError(str(self.game.actions[action]), self.explain_illegal(action))

    def seat_name(self, seat: int) -> str:
        if seat == CHANCE:
            return "chance"
        if seat == TERMINAL:
            return "nobody (the game is over)"
        return self.game.seats[seat]
