"""A Hispania position: a few flat lists of small integers, and the core contract over them.

The rules themselves are in :mod:`.rules`, one module a chapter of the rulebook; this module
keeps the pieces consistent (a meeple's space and the space's meeple change together) and
dispatches each action to the rule that plays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from legatus.core.actions import Action
from legatus.core.errors import IllegalActionError
from legatus.core.game import CHANCE, TERMINAL, State

from . import explain, text, view
from .notation import END, ENTER_MOVE, HOLD_ROAD, read_roll
from .pieces import CONSUL, N_ARMIES, N_REVOLTS, NOT_IN_GAME, OFF, SPECIAL
from .rules import dice, hispano, imperium, phases, roman_phase, setup, turn
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
    # where the game waits, and for what
    "phase", "actor", "roll_for", "roll_kind", "reroll_for", "hispano_for", "dice", "step", "count", "target",
    "spent", "bonus", "fighter", "army", "candidates", "queue", "resume", "window", "exceptional",
    "hispano_attack", "winner", "reason", "outcome", "move_costs", "_legal",
)


class HispaniaState(State):
    """A position of Hispania. Build it with ``game.new_initial_state()``.

    >>> import legatus
    >>> state = legatus.load("hispania").new_initial_state()
    >>> state.current_player() == legatus.CHANCE, len(state.chance_outcomes())
    (True, 6)
    """

    __slots__ = ("game", "board", "level", "notation", "actions", "events", *_FIELDS, *_SCALARS)
    game: HispaniaGame

    def __init__(self, game: HispaniaGame) -> None:
        board = game.board
        n = board.n_spaces
        variants = game.variants
        self.game = game
        self.board = board
        self.level = game.level
        self.notation = game.notation
        self.revolts = [0] * n  # revolt discs; on a sea they are pirates
        self.garrisons: list[tuple[int, ...]] = [()] * n  # colours bottom to top
        self.space_army = [-1] * n
        self.space_general = [-1] * n
        self.fleets = [0] * n
        self.roads = [int(link.road) for link in board.links]
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
        self.phase = phases.ROLL
        self.actor = 0  # the general whose seat decides a Roman decision
        self.roll_for = self.roll_kind = self.reroll_for = self.hispano_for = 0
        self.dice = (0, 0)  # the pending roll: Roman die, Hispanic die (0: not rolled)
        self.step = self.count = 0
        self.target = -1
        self.spent = self.bonus = 0
        self.fighter = self.army = -1
        self.candidates: tuple[int, ...] = ()
        self.queue: tuple[int, ...] = ()
        self.resume = self.window = 0
        self.exceptional = self.hispano_attack = False
        self.winner: str | None = None
        self.reason = ""
        self.outcome = ""  # six capitals, revolts ran out, time ran out
        self.actions: list[int] = []
        self.events: list[str] = []
        self.move_costs: dict[int, int] = {}
        self._legal: tuple[int, ...] | None = None
        setup.begin(self)

    # --- The core contract ---------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == phases.ROLL:
            return CHANCE
        if phase == phases.OVER:
            return TERMINAL
        game = self.game
        if phase == phases.HISPANO:
            return game.hispano_seat
        if self.actor == CONSUL:
            return game.consul_seats[self.handed_over]
        return game.praetor_seats[self.actor]

    def legal_actions(self) -> list[Action]:
        legal = self._legal if self._legal is not None else self._compute_legal()
        table = self.notation.table.actions
        return [table[a] for a in legal]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase != phases.ROLL:
            return []
        first, n = self.notation.base[self.roll_kind], phases.N_OUTCOMES[self.roll_kind]
        table = self.notation.table.actions
        return [(table[a], 1.0 / n) for a in range(first, first + n)]

    def apply_action(self, action: int) -> None:
        a = int(action)
        legal = self._legal if self._legal is not None else self._compute_legal()
        if a not in legal:
            self._reject(a)
        self._legal = None
        self.actions.append(a)
        kind, x, y, z = self.notation.decode[a]
        phase = self.phase
        if phase == phases.ROMAN:
            roman_phase.apply(self, kind, x, y, z)
        elif phase == phases.ROLL:
            dice.apply(self, kind, x, y)
        elif phase == phases.HISPANO:
            hispano.apply(self, kind, x, y, z)
        elif phase == phases.SETUP_ROADS:
            setup.apply_hold_road(self) if kind == HOLD_ROAD else setup.apply_road(self, x)
        elif phase == phases.SETUP_START:
            setup.apply_start(self, x)
        elif phase == phases.ENTER:
            turn.apply_enter(self, x, y if kind == ENTER_MOVE else -1)
        else:  # FREE_MOVE
            imperium.apply_free_move(self, kind, x)

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * len(self.game.seats)
        rome = 1.0 if self.winner == ROME else -1.0
        return [-rome if seat == self.game.hispano_seat else rome for seat in range(len(self.game.seats))]

    def clone(self) -> HispaniaState:
        other = object.__new__(HispaniaState)
        other.game = self.game
        other.board = self.board
        other.level = self.level
        other.notation = self.notation
        for name in _FIELDS:
            setattr(other, name, getattr(self, name)[:])
        for name in _SCALARS:  # immutable values: shared
            setattr(other, name, getattr(self, name))
        other.actions = self.actions[:]
        other.events = self.events[:]
        return other

    def history(self) -> list[Action]:
        table = self.notation.table.actions
        return [table[a] for a in self.actions]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return view.view(self, seat)

    def parse_outcome(self, text: str) -> Action:
        return read_roll(text, [a for a, _ in self.chance_outcomes()])

    def explain_illegal(self, action: int) -> str:
        return explain.why_illegal(self, int(action))

    def summary(self) -> dict[str, Any]:
        return {"outcome": self.outcome or "unfinished", "winners": self.winners(), "rounds": self.round}

    def prompt(self) -> str:
        return text.prompt(self)

    def describe(self, action: int) -> str:
        return text.describe(self, int(action))

    def to_text(self, markup: bool = False) -> str:
        return text.render(self, markup)

    def __str__(self) -> str:
        return text.render(self)

    # --- Legal actions -------------------------------------------------------------------
    def _compute_legal(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == phases.ROMAN:
            legal = roman_phase.legal_actions(self)
        elif phase == phases.ROLL:
            first = self.notation.base[self.roll_kind]
            legal = tuple(range(first, first + phases.N_OUTCOMES[self.roll_kind]))
        elif phase == phases.HISPANO:
            legal = hispano.legal_actions(self)
        elif phase == phases.SETUP_ROADS:
            legal = setup.road_actions(self)
        elif phase == phases.SETUP_START:
            legal = setup.start_actions(self)
        elif phase == phases.ENTER:
            legal = turn.entry_actions(self)
        elif phase == phases.FREE_MOVE:
            legal = imperium.free_move_actions(self)
        else:
            legal = ()
        self._legal = legal
        return legal

    def _reject(self, a: int) -> None:
        table = self.notation.table
        if not 0 <= a < len(table):
            raise IllegalActionError(str(a), f"there is no action {a} (ids run from 0 to {len(table) - 1})")
        raise IllegalActionError(str(table[a]), self.explain_illegal(a))

    def end_phase_if_idle(self) -> None:
        """Ends the Roman phase when no denarius can be spent any more: then ``end`` is the
        only legal action and taking it is no decision (P4)."""
        if self.phase == phases.ROMAN and self._compute_legal() == (self.notation.base[END],):
            self._legal = None
            self.log("Nothing left to spend: the Roman phase ends")
            turn.end_roman_phase(self)

    # --- Pieces: each change keeps both sides of a link between piece and space -----------
    def log(self, line: str) -> None:
        self.events.append(line)

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

    def phase_name(self) -> str:
        return phases.name(self.phase, self.roll_for, self.hispano_for)

    def end_lethe(self) -> None:
        self.lethe = False
        self.log("Junius Brutus crosses the Durius: the Lethe road is removed, the north is open")

