"""A Hispania position: a few flat lists of small integers on the core's state base.

The rules themselves are in :mod:`.rules`, one module a chapter of the rulebook; where the
game waits is a stack of procedures (:mod:`.procedures`), and the core's
:class:`~legatus.core.procedure_state.ProcedureState` answers the contract from it (who
decides, the legal actions, the dice, ``apply_action``, the history). This module keeps the
pieces consistent (a meeple's space and the space's meeple change together).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from legatus.core.actions import Action
from legatus.core.chain import Chain, unchain
from legatus.core.game import TextCommand
from legatus.core.procedure_state import ProcedureState
from legatus.core.procedures import Frame, Procedures

from . import position, text, view
from .ids import Id
from .notation import read_roll
from .pieces import CONSUL, N_ARMIES, N_REVOLTS, NOT_IN_GAME, OFF, SPECIAL
from .procedures import TABLE
from .rules import movement, phases, setup
from .rules.victory import ROME
from .variants import LEGIO, TERROR

if TYPE_CHECKING:
    from .game import HispaniaGame

_FIELDS = (
    # pieces, per space
    "revolts", "garrisons", "space_army", "space_general", "fleets",
    # pieces, per link / army / general
    "roads", "army_at", "general_at", "garrison_reserve",
)
_SCALARS = (
    "purple", "special", "roads_held", "traitors_used", "lethe", "power",
    "revolt_reserve", "time", "round", "turn", "money", "hispano_money", "handed_over",
    # where the game waits (the procedure stack), and for what
    "stack", "actor", "dice", "step", "count", "target", "spent", "bonus", "fighter", "army", "candidates", "queue",
    "winner", "reason", "outcome", "move_costs", "_legal", "_steps",
)

_OWN_SLOTS = tuple(n for n in (*_FIELDS, *_SCALARS) if n not in ProcedureState.__slots__)


class HispaniaState(ProcedureState):
    """A position of Hispania. Build it with ``game.new_initial_state()``.

    >>> import legatus
    >>> state = legatus.load("hispania").new_initial_state()
    >>> state.current_player() == legatus.CHANCE, len(state.chance_outcomes())
    (True, 6)
    """

    __slots__ = ("board", "level", "notation", "_events", *_OWN_SLOTS)
    game: HispaniaGame
    POSITION_FIELDS: ClassVar[tuple[str, ...]] = tuple(n for n in (*_FIELDS, *_SCALARS) if not n.startswith("_"))
    """What a position holds: every field but the caches (``_legal``), recomputed on demand."""
    procedures: ClassVar[Procedures[HispaniaState]] = TABLE
    # Whether the Roman phase goes on (its step ROMAN_GOES_ON) is the last thing an action asks:
    # the legal actions it computed are the next position's (the playouts' hot path).
    keeps_legal = True

    def __init__(self, game: HispaniaGame) -> None:
        self.start(game)
        board = game.board
        n = board.n_spaces
        variants = game.variants
        self.board = board
        self.level = game.level
        self.notation = game.notation  # the named ids (base, decode) of game.actions
        self.revolts = [0] * n  # revolt discs; on a sea they are pirates
        self.garrisons: list[tuple[int, ...]] = [()] * n  # colours bottom to top
        self.space_army = [-1] * n
        self.space_general = [-1] * n
        self.fleets = [0] * n
        self.roads = [int(link.road) for link in board.links]
        self._steps = movement.road_steps(board, self.roads)  # the path search's, with these roads
        self.army_at = [-1] * N_ARMIES  # -1: in the reserve
        self.general_at = [OFF, OFF, OFF, NOT_IN_GAME]  # the generals enter at setup; the proconsul later
        self.garrison_reserve = [game.level.garrisons] * 3
        self.purple = CONSUL if LEGIO in variants else -2  # who holds the Legio Hispana; -1 on the board
        self.special = SPECIAL if TERROR in variants else -1  # the special army's index
        self.roads_held = 0  # Ingenivm
        self.traitors_used = False
        self.lethe = False
        self.power = False  # Display of Power in force
        self.revolt_reserve = N_REVOLTS
        self.time = 0  # revolts on the time track
        self.round = 1
        self.turn = 0  # 0, 1, 2: turn I, II, III (R1)
        self.money = 0
        self.hispano_money = 0
        self.handed_over = False  # two Roman players: the consul's last actions are the second's
        self.stack: tuple[Frame, ...] = ()  # (procedure id, args…), the running one last (.ids)
        self.actor = 0  # the general whose seat decides a Roman decision
        self.dice = (0, 0)  # the pending roll: Roman die, Hispanic die (0: not rolled)
        self.step = self.count = 0
        self.target = -1
        self.spent = self.bonus = 0
        self.fighter = self.army = -1
        self.candidates: tuple[int, ...] = ()
        self.queue: tuple[int, ...] = ()
        self.winner: str | None = None
        self.reason = ""
        self.outcome = ""  # six capitals, revolts ran out, time ran out
        self._events: Chain = None  # the log lines
        self.move_costs: dict[int, int] = {}
        setup.begin(self)
        self.settle()

    # --- The core contract: the base answers it from the table; the rest is the game's ----
    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * len(self.game.seats)
        rome = 1.0 if self.winner == ROME else -1.0
        return [-rome if seat == self.game.hispano_seat else rome for seat in range(len(self.game.seats))]

    def clone(self) -> HispaniaState:
        # Field by field (a loop of getattr/setattr costs twice as much): the lists of _FIELDS
        # copied, the immutable values of _SCALARS and the history chains shared.
        o = object.__new__(HispaniaState)
        o.game, o.board, o.level, o.notation = self.game, self.board, self.level, self.notation
        o.revolts, o.garrisons, o.space_army = self.revolts[:], self.garrisons[:], self.space_army[:]
        o.space_general, o.fleets, o.roads = self.space_general[:], self.fleets[:], self.roads[:]
        o.army_at, o.general_at, o.garrison_reserve = self.army_at[:], self.general_at[:], self.garrison_reserve[:]
        o.purple, o.special, o.roads_held = self.purple, self.special, self.roads_held
        o.traitors_used = self.traitors_used
        o.lethe, o.power, o.revolt_reserve, o.time = self.lethe, self.power, self.revolt_reserve, self.time
        o.round, o.turn, o.money, o.hispano_money = self.round, self.turn, self.money, self.hispano_money
        o.handed_over, o.actor, o.dice = self.handed_over, self.actor, self.dice
        o.step, o.count, o.target, o.spent, o.bonus = self.step, self.count, self.target, self.spent, self.bonus
        o.fighter, o.army, o.candidates, o.queue = self.fighter, self.army, self.candidates, self.queue
        o.winner, o.reason, o.outcome = self.winner, self.reason, self.outcome
        o.move_costs, o._events = self.move_costs, self._events  # never changed in place: replaced
        o._steps = self._steps
        self.copy_contract(o)
        return o

    @property
    def events(self) -> list[str]:
        """The log, oldest first (each noted line put into words now: :meth:`note`)."""
        board = self.board
        return [line if type(line) is str else line[0](board, *line[1]) for line in unchain(self._events)]

    @events.setter
    def events(self, lines: list[str]) -> None:
        self._events = None
        for line in lines:
            self.log(line)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return view.view(self, seat)

    def position(self) -> str:
        return position.write(self)

    def replay_mark(self) -> str | None:
        """The setup, then each round."""
        return "setup" if self.phase_name().startswith("setup") else f"round {self.round}"

    def parse_outcome(self, text: str) -> Action:
        return read_roll(text, [a for a, _ in self.chance_outcomes()])

    def summary(self) -> dict[str, Any]:
        return {"outcome": self.outcome or "unfinished", "winners": self.winners(), "rounds": self.round}

    def prompt(self) -> str:
        return text.prompt(self)

    def describe(self, action: int) -> str:
        return text.describe(self, int(action))

    def to_text(self, markup: bool = False) -> str:
        return text.render(self, markup)

    def status_text(self, markup: bool = False) -> str:
        return text.status(self, markup)

    def text_commands(self) -> dict[str, TextCommand]:
        return {
            "map": TextCommand("map", "every link: neighbour, segments, road, river", lambda _: text.map_text(self)),
            "near": TextCommand("near CITY", "a space's neighbours and what the general pays to get there",
                                lambda name: text.near_text(self, name)),
        }

    def __str__(self) -> str:
        return text.render(self)

    def observation_string(self, seat: int) -> str:
        """The board drawn as text: every seat sees all of it (no secrets in Hispania)."""
        return text.render(self)

    # --- Pieces: each change keeps both sides of a link between piece and space -----------
    def log(self, line: str) -> None:
        self._events = (self._events, line)

    def note(self, render: Callable[..., str], *args: Any) -> None:
        """A log line kept as data: ``render(board, *args)`` puts it into words when the log is
        read (:attr:`events`), so that the rules' hot path formats nothing (the arguments are
        immutable values taken now: the line reads as it would have then)."""
        self._events = (self._events, (render, args))

    def place_road(self, li: int) -> None:
        """A road on link ``li``: the path search's steps of its two ends change with it."""
        self.roads[li] = 1
        board, steps = self.board, list(self._steps)
        for space in board.link_ends[li]:
            steps[2 * space], steps[2 * space + 1] = movement.space_steps(board, space, self.roads)
        self._steps = tuple(steps)

    def put_general(self, g: int, space: int) -> None:
        old = self.general_at[g]
        if old >= 0:
            self.space_general[old] = -1
        self.general_at[g] = space
        self.space_general[space] = g

    def remove_general(self, g: int, status: int = OFF) -> None:
        self.space_general[self.general_at[g]] = -1
        self.general_at[g] = status

    def put_army(self, army: int, city: int) -> None:
        self.army_at[army] = city
        self.space_army[city] = army

    def move_army(self, army: int, city: int) -> None:
        self.space_army[self.army_at[army]] = -1
        self.put_army(army, city)

    def remove_army(self, army: int) -> None:
        self.space_army[self.army_at[army]] = -1
        self.army_at[army] = -1

    def armies_in_reserve(self) -> int:
        return self.army_at.count(-1)

    def province_has_army(self, province: int) -> bool:
        prov = self.board.province
        return any(s >= 0 and prov[s] == province for s in self.army_at)

    # --- Where the game waits: the procedure stack (goto, call, end: ProcedureStack) ------
    @property
    def phase(self) -> int:
        """The kind of the running procedure (``rules.phases``: ROLL, HISPANO, ROMAN, …, OVER)."""
        stack = self.stack
        return phases.PHASE_OF[stack[-1][0]] if stack else phases.OVER

    @property
    def roll_for(self) -> int:
        """What the pending roll decides (in a roll, or when the Hispano may pay to roll again);
        else -1."""
        if not self.stack:
            return -1
        frame = self.stack[-1]
        purpose = phases.ROLL_FOR.get(frame[0])
        if purpose is not None:
            return purpose
        return frame[1] if frame[0] == Id.ASK_REROLL else -1

    @property
    def roll_kind(self) -> int:
        """The dice of the pending roll (ROLL_R, ROLL_H or ROLL_RH)."""
        frame = self.stack[-1]
        return frame[1] if frame[0] == Id.ROLL_AGAIN else phases.DICE[phases.ROLL_FOR[frame[0]]]

    @property
    def hispano_for(self) -> int:
        """What the Hispano player is asked (``rules.phases`` H_…), or -1."""
        return phases.HISPANO_FOR.get(self.stack[-1][0], -1) if self.stack else -1

    @property
    def window(self) -> int:
        """The Hispano's attack window open: 0 before the armies move, 1 after; else -1."""
        frame = self.stack[-1] if self.stack else (-1,)
        return frame[1] if frame[0] == Id.ASK_ATTACKS else -1

    def end_lethe(self) -> None:
        self.lethe = False
        self.log("Junius Brutus crosses the Durius: the Lethe road is removed, the north is open")

