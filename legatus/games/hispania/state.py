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
from .notation import END, ENTER_MOVE
from .pieces import N_ARMIES, N_REVOLTS
from .rules import hispanic_phase, phases, roman_phase, setup, turn
from .rules.victory import ROME

if TYPE_CHECKING:
    from .game import HispaniaGame

class HispaniaState(State):
    """A position of Hispania. Build it with ``game.new_initial_state()``.

    >>> import legatus
    >>> state = legatus.load("hispania").new_initial_state()
    >>> state.current_player() == legatus.CHANCE, len(state.chance_outcomes())
    (True, 6)
    """

    __slots__ = (
        "game", "board", "level", "notation",
        # pieces, per space
        "revolts", "garrisons", "space_army", "space_general", "fleets",
        # pieces, per link / army / general
        "roads", "army_at", "general_at", "garrison_reserve",
        # counters
        "revolt_reserve", "time", "round", "turn", "money",
        # where the game waits, and for what
        "phase", "actor", "step", "target", "spent", "army", "candidates", "queue",
        "winner", "reason", "actions", "events", "move_costs", "_legal",
    )

    game: HispaniaGame

    def __init__(self, game: HispaniaGame) -> None:
        board = game.board
        n = board.n_spaces
        self.game = game
        self.board = board
        self.level = game.level
        self.notation = game.notation
        self.revolts = [0] * n
        self.garrisons: list[tuple[int, ...]] = [()] * n  # colours bottom to top (general index)
        self.space_army = [-1] * n
        self.space_general = [-1] * n
        self.fleets = [0] * n
        self.roads = [int(link.road) for link in board.links]
        self.army_at = [-1] * N_ARMIES  # -1: in the reserve
        self.general_at = [-1] * 3  # -1: off the board
        self.garrison_reserve = [game.level.garrisons] * 3
        self.revolt_reserve = N_REVOLTS
        self.time = 0  # spaces covered on the time track
        self.round = 1
        self.turn = 0  # 0, 1, 2: turn I, II, III (R1)
        self.money = 0
        self.phase = phases.SETUP_REVOLTS
        self.actor = 0  # the general whose seat decides
        self.step = 0
        self.target = -1
        self.spent = 0
        self.army = -1
        self.candidates: tuple[int, ...] = ()
        self.queue: tuple[int, ...] = ()
        self.winner: str | None = None
        self.reason = ""
        self.actions: list[int] = []
        self.events: list[str] = []
        self.move_costs: dict[int, int] = {}
        self._legal: tuple[int, ...] | None = None
        setup.begin(self)

    # --- The core contract ---------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in phases.CHANCE_PHASES:
            return CHANCE
        if phase == phases.OVER:
            return TERMINAL
        return self.game.general_seat[self.actor]

    def legal_actions(self) -> list[Action]:
        legal = self._legal if self._legal is not None else self._compute_legal()
        table = self.notation.table.actions
        return [table[a] for a in legal]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        kind = phases.DIE_OF_PHASE.get(self.phase)
        if kind is None:
            return []
        first, n = self.notation.base[kind], phases.N_OUTCOMES[kind]
        table = self.notation.table.actions
        return [(table[a], 1.0 / n) for a in range(first, first + n)]

    def apply_action(self, action: int) -> None:
        a = int(action)
        legal = self._legal if self._legal is not None else self._compute_legal()
        if a not in legal:
            self._reject(a)
        self._legal = None
        self.actions.append(a)
        kind, x, y = self.notation.decode[a]
        _APPLY[self.phase](self, kind, x, y)

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * len(self.game.seats)
        result = 1.0 if self.winner == ROME else -1.0
        return [result] * len(self.game.seats)

    def clone(self) -> HispaniaState:
        other = object.__new__(HispaniaState)
        other.game = self.game
        other.board = self.board
        other.level = self.level
        other.notation = self.notation
        other.revolts = self.revolts[:]
        other.garrisons = self.garrisons[:]
        other.space_army = self.space_army[:]
        other.space_general = self.space_general[:]
        other.fleets = self.fleets[:]
        other.roads = self.roads[:]
        other.army_at = self.army_at[:]
        other.general_at = self.general_at[:]
        other.garrison_reserve = self.garrison_reserve[:]
        other.revolt_reserve = self.revolt_reserve
        other.time = self.time
        other.round = self.round
        other.turn = self.turn
        other.money = self.money
        other.phase = self.phase
        other.actor = self.actor
        other.step = self.step
        other.target = self.target
        other.spent = self.spent
        other.army = self.army
        other.candidates = self.candidates
        other.queue = self.queue
        other.winner = self.winner
        other.reason = self.reason
        other.actions = self.actions[:]
        other.events = self.events[:]
        other.move_costs = self.move_costs  # never changed in place, only replaced
        other._legal = self._legal
        return other

    def history(self) -> list[Action]:
        table = self.notation.table.actions
        return [table[a] for a in self.actions]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return view.view(self, seat)

    def explain_illegal(self, action: int) -> str:
        return explain.why_illegal(self, int(action))

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
        elif phase in phases.DIE_OF_PHASE:
            first = self.notation.base[phases.DIE_OF_PHASE[phase]]
            legal = tuple(range(first, first + phases.N_OUTCOMES[phases.DIE_OF_PHASE[phase]]))
        elif phase == phases.SETUP_ROADS:
            legal = setup.road_actions(self)
        elif phase == phases.SETUP_START:
            legal = setup.start_actions(self)
        elif phase == phases.ENTER:
            legal = turn.entry_actions(self)
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
        only legal action and taking it is no decision."""
        if self.phase == phases.ROMAN and self._compute_legal() == (self.notation.base[END],):
            self._legal = None
            self.log("Nothing left to spend: the Roman phase ends")
            turn.end_roman_phase(self)

    # --- Pieces: each change keeps both sides of a link between piece and space -----------
    def log(self, text: str) -> None:
        self.events.append(text)

    def put_general(self, g: int, space: int) -> None:
        old = self.general_at[g]
        if old >= 0:
            self.space_general[old] = -1
        self.general_at[g] = space
        self.space_general[space] = g

    def remove_general(self, g: int) -> None:
        self.space_general[self.general_at[g]] = -1
        self.general_at[g] = -1

    def place_army(self, city: int) -> None:
        army = self.army_at.index(-1)
        self.army_at[army] = city
        self.space_army[city] = army

    def move_army(self, army: int, city: int) -> None:
        self.space_army[self.army_at[army]] = -1
        self.army_at[army] = city
        self.space_army[city] = army

    def remove_army(self, army: int) -> None:
        self.space_army[self.army_at[army]] = -1
        self.army_at[army] = -1

    def armies_in_reserve(self) -> int:
        return self.army_at.count(-1)

    def province_has_army(self, province: int) -> bool:
        prov = self.board.province
        return any(s >= 0 and prov[s] == province for s in self.army_at)


# --- Dispatch: what each action does in each phase -----------------------------------------
def _setup_revolt(st: HispaniaState, kind: int, x: int, y: int) -> None:
    setup.apply_revolt_die(st, x)


def _setup_army(st: HispaniaState, kind: int, x: int, y: int) -> None:
    setup.apply_army_die(st, x)


def _setup_road(st: HispaniaState, kind: int, x: int, y: int) -> None:
    setup.apply_road(st, x)


def _setup_start(st: HispaniaState, kind: int, x: int, y: int) -> None:
    setup.apply_start(st, x)


def _enter(st: HispaniaState, kind: int, x: int, y: int) -> None:
    turn.apply_enter(st, x, y if kind == ENTER_MOVE else -1)


def _besiege_roll(st: HispaniaState, kind: int, x: int, y: int) -> None:
    roman_phase.resolve_besiege(st, x)


def _attack_roll(st: HispaniaState, kind: int, x: int, y: int) -> None:
    roman_phase.resolve_attack(st, x, y)


def _revolt_roll(st: HispaniaState, kind: int, x: int, y: int) -> None:
    hispanic_phase.apply_revolt_roll(st, x, y)


def _army_roll(st: HispaniaState, kind: int, x: int, y: int) -> None:
    hispanic_phase.apply_army_roll(st, x)


def _defend_general_roll(st: HispaniaState, kind: int, x: int, y: int) -> None:
    hispanic_phase.resolve_attack_on_general(st, x, y)


def _defend_city_roll(st: HispaniaState, kind: int, x: int, y: int) -> None:
    hispanic_phase.resolve_attack_on_city(st, x)


_APPLY = {
    phases.SETUP_REVOLTS: _setup_revolt,
    phases.SETUP_ARMIES: _setup_army,
    phases.SETUP_ROADS: _setup_road,
    phases.SETUP_START: _setup_start,
    phases.ENTER: _enter,
    phases.ROMAN: roman_phase.apply,
    phases.BESIEGE_ROLL: _besiege_roll,
    phases.ATTACK_ROLL: _attack_roll,
    phases.REVOLT_ROLL: _revolt_roll,
    phases.ARMY_ROLL: _army_roll,
    phases.DEFEND_GENERAL_ROLL: _defend_general_roll,
    phases.DEFEND_CITY_ROLL: _defend_city_roll,
}
