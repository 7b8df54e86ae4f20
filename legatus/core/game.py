"""The core contract every game implements (names follow OpenSpiel).

A :class:`Game` is a configuration (options, seats, the action table); a :class:`State` is
one position of it. Randomness is never inside a state: dice and draws are actions of the
chance player (:data:`CHANCE`), which a driver samples with its own seeded generator or a
person types in from a real table.
"""

from __future__ import annotations

import abc
import enum
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .actions import Action, ActionTable, by_value
from .errors import IllegalActionError, NotationError, OptionError
from .information import Information as Information
from .record import replay, to_record
from .secrecy import Fits, at_decision, information_state, search, seat_actions
from .solo import SingleAgent

CHANCE = -1
"""``current_player()`` when the next action is a chance outcome (a die, a draw)."""
TERMINAL = -4
"""``current_player()`` when the game is over."""


class Utility(enum.Enum):
    """How the seats' returns relate: they add up to zero, to a constant, or to anything."""

    ZERO_SUM = "zero-sum"
    CONSTANT_SUM = "constant-sum"
    GENERAL_SUM = "general-sum"


@dataclass(frozen=True)
class Option:
    """A game option: its default, a parser that normalises a value or raises
    :class:`OptionError`, one line of help, and how a form asks for it (``form``: kind
    "choice", "multi", "parts", "bool" or "int", with its choices; None: not offered).
    ``in_record``: whether a record stores it (a driver's setting such as the seed does not:
    a record must never give away the draws). ``local_file``: the value names a file of the
    machine the game runs on, which a server must never take from a client."""

    default: Any
    parse: Callable[[Any], Any]
    help: str
    form: dict[str, Any] | None = None
    in_record: bool = True
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


def parse_flag(name: str) -> Callable[[Any], bool]:
    """The parser of a yes/no option ``name``: a bool, or true/false, yes/no, on/off, 1/0."""
    def parse(value: Any) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise OptionError(f"{name} {value!r} must be true or false")

    return parse


class Game(abc.ABC):
    """A game configuration. Build it with ``legatus.load(name, **options)``."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int] = 1
    """The record format version of this game: bumped when old records would replay differently."""
    OPTIONS: ClassVar[dict[str, Option]] = {
        "seed": Option(None, parse_seed, "seed of the driver's dice (play loop, agents)", in_record=False),
    }
    AGENTS: ClassVar[dict[str, str]] = {}
    """The game's own agents: name -> "package.module:Class" (see legatus.core.agents)."""
    HINT_AGENT: ClassVar[str] = "mcts:400"
    """The agent that gives hints: the strongest the game has."""
    SEARCH_BUDGET: ClassVar[int] = 200
    """The simulations of a search named without a budget (``ismcts+heuristic``)."""
    MIN_PLAYERS: ClassVar[int] = 1
    MAX_PLAYERS: ClassVar[int] = 1
    """The range of seats over every configuration of the game."""
    SWEEP: ClassVar[dict[str, Sequence[Any]]] = {}
    """What ``legatus sweep`` plays by default: options and the values each takes, every
    combination a point (the first option outermost)."""
    OPTION_ALIASES: ClassVar[dict[str, str]] = {}
    """Other names the command line accepts for options (``--levels`` for ``level``)."""
    FIRST_GAME: ClassVar[dict[str, Any]] = {}
    """The options a person's game starts with where they give none (``legatus play``, the
    page's new-game form), where the defaults, kept for records and measurements, are too
    hard to learn on; a record stores the options it was played with, so it never changes."""
    SINGLE_AGENT: ClassVar[SingleAgent | None] = None
    """The seat a single-agent environment plays (Gymnasium's ``GameEnv``); None: it must be named."""

    information: Information = Information.PERFECT
    utility: Utility = Utility.GENERAL_SUM
    min_utility: float = -1.0
    max_utility: float = 1.0
    """The bounds of every seat's return (a configuration may set its own)."""
    utility_sum: float | None = None
    """What the seats' returns add up to in a constant-sum game (zero in a zero-sum one)."""

    actions: ActionTable
    seats: tuple[str, ...]

    def __init__(self, /, **options: Any) -> None:
        unknown = [k for k in options if k not in self.OPTIONS]
        if unknown:
            valid = ", ".join(sorted(self.OPTIONS))
            raise OptionError(f"unknown option '{unknown[0]}' for {self.name}; valid options: {valid}")
        self.options: dict[str, Any] = {
            key: spec.parse(options[key]) if key in options else spec.default
            for key, spec in self.OPTIONS.items()
        }
        self.notes: list[str] = []
        """What the rules changed of the options given, each naming its rule: a form or a
        banner says it, where refusing the whole configuration would help nobody."""

    @property
    def seed(self) -> int | None:
        seed: int | None = self.options["seed"]
        return seed

    def record_options(self) -> dict[str, Any]:
        """The options as a record stores them: JSON values, unset ones and a driver's
        settings (the seed) left out."""
        return {k: v for k, v in self.options.items() if v is not None and self.OPTIONS[k].in_record}

    def max_chance_outcomes(self) -> int:
        """The most outcomes any chance node of this configuration has."""
        return len(self.actions)

    def consistent_state(self, seat: int, seen: Sequence[str], rng: random.Random | None = None,
                         start: State | None = None, fits: Fits | None = None) -> State:
        """A state reached (from ``start``, else the initial state) by actions that ``seat``
        saw as ``seen`` (its redacted history), the hidden ones drawn with ``rng``; ``fits`` (when
        known) says which states end at the decision the seat saw, for a game whose actions do
        not always say it. The core searches for one (:func:`legatus.core.secrecy.search`); a
        game whose secrets are revealed later (a card drawn unseen, then played) overrides this
        with a direct draw."""
        return search(self, seat, seen, rng, start)

    def win_chance(self, value: float) -> float:
        """A seat's expected return as a chance in [0, 1] on the game's utility bounds."""
        span = self.max_utility - self.min_utility
        return min(1.0, max(0.0, (value - self.min_utility) / span)) if span > 0 else 0.0

    def num_players(self) -> int:
        return len(self.seats)

    BUSY: ClassVar[tuple[str, ...]] = ()
    """The first words of the actions a fuzzer prefers (they keep games alive longer), and how
    often it takes one when one is legal."""
    BUSY_SHARE: ClassVar[float] = 0.75

    @classmethod
    def fuzz_options(cls, rng: random.Random) -> dict[str, Any]:
        """Options for one fuzzed game, drawn with ``rng`` (always a valid combination)."""
        return {}

    def fuzz_choice(self, state: State, rng: random.Random) -> Action:
        """A fuzzer's choice that keeps games alive longer than uniform play: one of the
        ``BUSY`` actions ``BUSY_SHARE`` of the time when one is legal, else any."""
        legal = state.legal_actions()
        busy = [a for a in legal if str(a).split(" ", 1)[0] in self.BUSY]
        return rng.choice(busy) if busy and rng.random() < self.BUSY_SHARE else rng.choice(legal)

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

    def new_state_from(self, text: str) -> State:
        """The state whose :meth:`State.position` is ``text``, read by this configuration and
        checked; a :class:`PositionError` names what is wrong. Its history starts there: empty."""
        raise NotImplementedError(f"{self.name} cannot set up a state from a position")

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.record_options().items())
        return f"{type(self).__name__}({opts})"


@dataclass(frozen=True)
class TextCommand:
    """A command a game offers text shells besides their own (``map``, ``near CITY``):
    ``run(argument)`` returns the text to show, or raises a LegatusError naming a bad argument."""

    usage: str  # as typed, e.g. "near CITY"
    help: str
    run: Callable[[str], str]


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

    def position(self) -> str:
        """The whole position (the referee's, secrets included) as one line of text, which
        ``game.new_state_from`` reads back; the history is not in it."""
        raise NotImplementedError(f"{self.game.name} cannot write a position")

    def initial_position(self) -> str | None:
        """The position this state's history starts from when it was set up with
        ``game.new_state_from``; None when it starts from ``game.new_initial_state()``."""
        return None

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is not legal here (one phrase). Games refine this."""
        return "it is not among the legal actions here"

    def prompt(self) -> str:
        """One sentence saying who decides what now (or which dice to roll)."""
        if self.is_terminal():
            won = self.winners()
            if not won:
                return "The game is over: no one won."
            return f"The game is over: {' and '.join(won)} {'wins' if len(won) == 1 else 'share the win'}."
        return f"{self.seat_name(self.current_player()).capitalize()} to move."

    def decision(self) -> str:
        """Who decides what now, as a key that a reworded prompt leaves as it is: the seat's name
        (``chance``, or ``game over``; a game on procedures adds the running one). A seat's
        record keeps it, for the actions do not always say it (VIAE's V40)."""
        return "game over" if self.is_terminal() else self.seat_name(self.current_player())

    def describe(self, action: int) -> str:
        """The action's notation with what a person wants to know before choosing it (a cost)."""
        return str(self.game.actions[action])

    def menu_text(self, action: int) -> str:
        """The action as a terminal's menu lists it: :meth:`describe`, unless the status above
        the menu says the rest (Hannibal's hand, each card to choose with its text)."""
        return self.describe(action)

    def action_kind(self, notation: str) -> str:
        """The kind a terminal's menu groups the action under: its first word ("move Corduba":
        "move"); a game whose verbs have several words names them ("pick up Mago": "pick up")."""
        return notation.split(" ", 1)[0]

    def summary(self) -> dict[str, Any]:
        """A finished game in a few JSON values for statistics: ``outcome``, a short name of
        how it ended, and ``winners``, the seats that won (first places; none in a lost
        cooperative game or a draw). Games add their own measures (Hispania: ``rounds``)."""
        return {"outcome": "over" if self.is_terminal() else "unfinished", "winners": self.winners()}

    def winners(self) -> list[str]:
        """The seats with the best return, unless every seat has it and it is no better than
        the middle of the game's utility range (a draw, or a cooperative loss)."""
        if not self.is_terminal():
            return []
        returns = self.returns()
        best = max(returns)
        middle = (self.game.min_utility + self.game.max_utility) / 2
        if all(r == best for r in returns) and best <= middle:
            return []
        return [self.game.seats[s] for s, r in enumerate(returns) if r == best]

    def to_text(self, markup: bool = False) -> str:
        """The position drawn as text; with ``markup``, with rich colour markup. Games with
        secrets draw it for the referee: shells draw ``view(seat)`` instead."""
        return str(self)

    def status_text(self, markup: bool = False) -> str:
        """The few lines of the position that matter at a decision, for a screen that must
        also hold the actions and the prompt; the whole of :meth:`to_text` by default."""
        return self.to_text(markup)

    def view_text(self, seat: int, markup: bool = False, full: bool = True) -> str | None:
        """``seat``'s screen in a game with secrets, drawn from ``view(seat)`` alone (the one
        place a secret is removed): ``full``, the whole board, else the few lines that matter at
        a decision. None (the default): shells list the view's keys and values."""
        return None

    def text_commands(self) -> dict[str, TextCommand]:
        """The game's own commands for text shells, by the word that calls them (none by default)."""
        return {}

    # --- What a seat knows (OpenSpiel's names) ---------------------------------------------
    def action_to_string(self, action: int, seat: int | None = None) -> str:
        """``action``, about to be applied here, as ``seat`` sees it (``None``: the referee).
        Games with secrets redact what the seat may not see ("carthage draws a card"): this and
        ``view`` are the only two places a secret is removed; records, logs, agents and
        adapters all go through them."""
        return str(self.game.actions[action])

    def log_string(self, action: int, seat: int | None) -> str:
        """``action``, about to be applied here, as ``seat`` reads it in its log: by default its
        :meth:`action_to_string`; a game may name the cards that string shows."""
        return self.action_to_string(action, seat)

    def log_outcome(self, action: int, after: State) -> str:
        """What ``action``, applied here to give ``after``, did, in words every seat and a
        spectator may read (a die's purpose and result, each change of points with its reason;
        :func:`legatus.core.seatlog.log_line` adds them to each seat's line); none by default."""
        return ""

    def information_state_string(self, seat: int) -> str:
        """All that ``seat`` has seen, in order (perfect recall): equal strings, equal
        information sets."""
        return information_state(self.game, seat, seat_actions(self, seat))

    def observation_string(self, seat: int) -> str:
        """What ``seat`` sees now (not how it came about): its view as compact JSON."""
        return json.dumps(self.view(seat), sort_keys=True, separators=(",", ":"))

    def resample(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with all that ``seat`` has seen, its hidden parts drawn
        with ``rng`` (OpenSpiel's ``resample_from_infostate``). A game without secrets
        returns a copy; else the game's :meth:`redraw` where it has one, else a state rebuilt
        from the seat's history (``Game.consistent_state``: a replay of the whole game)."""
        if self.game.information is Information.PERFECT:
            return self.clone()
        redrawn = self.redraw(seat, rng)
        if redrawn is not None:
            return redrawn
        if self.initial_position() is not None:  # the position holds every secret of its moment
            raise NotImplementedError(f"{self.game.name} cannot resample a game set up from a position: "
                                      "the game must draw the position's secrets itself")
        return self.game.consistent_state(seat, seat_actions(self, seat), rng, fits=at_decision(self.decision()))

    def redraw(self, seat: int, rng: random.Random) -> State | None:
        """:meth:`resample`'s fast path: a copy of this state with only what ``seat`` has not
        seen drawn again with ``rng`` (another seat's hidden cards, a draw pile's order), and
        its history rewritten to match, so that the copy replays from its record and reads to
        ``seat`` exactly as this state does. It starts from this state, which is always
        consistent with the seat's information (the true state, or an earlier draw), so it
        needs no replay; what the seat knows of a hidden card (taken from it, shown to it) must
        be in the state. None (the default): the game has no such draw, or not for this state,
        and ``resample`` rebuilds a state from the seat's history instead."""
        return None

    def replay_mark(self) -> str | None:
        """A label for a replay's jump marks (a new label starts a new mark): by default the
        seat to move; games mark their own chapters (Hispania: the setup, then the rounds)."""
        return None if self.is_terminal() else self.seat_name(self.current_player())

    def reveals_information(self, action: int) -> bool:
        """Whether ``action``, a decision about to be applied here, shows a secret to another
        seat (a card played face up): undo must not cross it. Chance outcomes always stop undo."""
        return False

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()  # the game's tables are shared, never copied

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return replay, (to_record(self),)  # a state travels as its record

    # --- Derived helpers -------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def parse_action(self, text: str) -> Action:
        """The action whose notation is ``text`` (case and spacing do not matter)."""
        return self.game.actions.parse(text, [str(a) for a in self.legal_actions()])

    def parse_outcome(self, text: str) -> Action:
        """The chance outcome a person typed as ``text`` (dice rolled, a card drawn at a real
        table), else a :class:`NotationError` saying what would do. Games may read typed
        outcomes more freely than records (Hispania: "4-3" for "roll IV-3"); every game reads an
        outcome's value alone where one outcome has it ("6" for "roll 6", :func:`~.actions.by_value`)."""
        outcomes = [a for a, _ in self.chance_outcomes()]
        try:
            action = self.parse_action(text)
        except NotationError:
            action = None
        if action is None or action not in outcomes:
            valued = by_value(text, outcomes)
            action = valued[0] if len(valued) == 1 else None
        if action is None:
            raise NotationError(f"'{text}' is not a chance outcome here; type one of: "
                                f"{', '.join(str(a) for a in outcomes)} (or its last word alone)")
        return action

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


def view_lines(view: dict[str, Any]) -> str:
    """A seat's view drawn as lines of "key: value", for a game that draws no screen of its own
    (``State.view_text`` None): the terminal's, and the adapters' ``render`` (its log and legal
    actions are shown apart)."""
    def word(value: Any) -> str:
        return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)

    return "\n".join(f"{key.replace('_', ' ')}: {word(value)}" for key, value in view.items()
                     if key not in ("log", "legal_actions") and value is not None)
