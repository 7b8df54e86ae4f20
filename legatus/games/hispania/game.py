"""The Hispania game: options, seats and the action table of a configuration."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from legatus.core.errors import OptionError
from legatus.core.game import Game, Option, State, Utility, parse_flag
from legatus.core.solo import SingleAgent

from . import drawing, observation, position
from .board import HISPANIC_PROVINCES, Board, load_board
from .invariants import violations
from .level import BOUND_BY, MEASURED_BY, MEDIUM, NAMES, PARAMETERS, VALUES, Level, all_levels, bounds, measured
from .notation import END, Notation, build_notation
from .scenarios import Scenario, load_scenario, parse_scenario, scenario_names
from .state import HispaniaState
from .variants import HISPANO, TERROR, TITLES, VARIANTS, parse_variants

HISPANO_DENARII = 6  # the Romans' denarii in a Hispano game (rulebook, "Hispano")
SEATS = {1: ("rome",), 2: ("ulterior", "citerior"), 3: ("ulterior", "citerior", "consul")}
# By the number of Roman players: the seat of each praetor, and the seats that play the consul's
# turn, its first actions then its last (rulebook Setup: 2 players share the consul).
PRAETOR_SEATS = {1: (0, 0), 2: (0, 1), 3: (0, 1)}
CONSUL_SEATS = {1: (0, 0), 2: (0, 1), 3: (2, 2)}


def _parse_board(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise OptionError(f"board {value!r} must be the path of a board TOML file")
    return value


def _parse_ties(value: Any) -> str:
    if value not in ("defender", "attacker"):
        raise OptionError(f"ties {value!r} must be 'defender' (R13: the attacker must beat the defence) or 'attacker'")
    return str(value)


def _parse_players(value: Any) -> int:
    if isinstance(value, bool) or str(value).strip() not in ("1", "2", "3"):
        raise OptionError(f"players {value!r} must be 1, 2 or 3 (the Roman players; Hispano adds one)")
    return int(value)




@cache
def _notation(board: Board) -> Notation:
    return build_notation(board)


class HispaniaGame(Game):
    """Hispania, with its variants and scenarios.

    >>> import legatus
    >>> game = legatus.load("hispania", level="6-4-3-4-2", players=2, variants="hispano")
    >>> game.seats, game.level.denarii
    (('ulterior', 'citerior', 'hispania'), 6)
    """

    name = "hispania"
    title = "Hispania"
    BUSY = ("besiege", "attack", "garrison", "proconsul", "assassinate", "reroll", "reinforce", "choose")
    version = 1
    MIN_PLAYERS = 1
    MAX_PLAYERS = 4  # three Romans and the Hispano
    AGENTS = {"heuristic": "legatus.games.hispania.bots:HeuristicAgent",
              "tuned": "legatus.games.hispania.bots:TunedAgent",
              "planner": "legatus.games.hispania.planner:PlannerAgent"}
    HINT_AGENT = "flat+heuristic:400"  # won more than mcts+heuristic:48 in paired games (docs/agents.md, issue 16)
    OPTIONS = {
        **Game.OPTIONS,
        "level": Option(MEDIUM, lambda v: str(Level.parse(v)),
                        "denarii-garrisons-fleets-roads-armies, e.g. 6-4-3-4-2, or easiest, default, hardest",
                        {"kind": "parts", "parts": [[name, list(values)] for name, values in zip(PARAMETERS, VALUES,
                                                                                                  strict=True)],
                         "named": NAMES, "measured": measured(), "measured_by": MEASURED_BY,
                         "bounds": {level: b._asdict() for level, b in bounds().items()}, "bound_by": BOUND_BY}),
        "variants": Option((), parse_variants, f"any of {', '.join(VARIANTS)}",
                           {"kind": "multi", "choices": list(VARIANTS), "none": "base"}),
        "scenario": Option(None, parse_scenario,
                           "first-repression, numantia, terror-of-rome, river-of-oblivion or new-empire",
                           {"kind": "choice", "choices": [None, *scenario_names()]}),
        "traitors": Option(False, parse_flag("traitors"), "Terror's optional rule 'Rome does not pay traitors'",
                           {"kind": "bool"}),
        "players": Option(1, _parse_players, "Roman players: 1, 2 or 3 (the rulebook shares out the generals)",
                          {"kind": "choice", "choices": [1, 2, 3]}),
        "ties": Option("defender", _parse_ties, "who wins a combat tie: defender (R13) or attacker",
                       {"kind": "choice", "choices": ["defender", "attacker"]}),
        "board": Option(None, _parse_board, "path of a corrected board file (TOML)", local_file=True),
    }
    SWEEP = {"variants": [()], "level": [str(level) for level in all_levels()]}
    FIRST_GAME = {"level": "easiest"}  # the default level's win chance is 1-3%: too hard to learn on
    # Gymnasium's environment: the Roman side as one seat, against the dice and any Hispano seat
    SINGLE_AGENT = SingleAgent(0, "heuristic", {"players": 1}, "RomanEnv")
    OPTION_ALIASES = {"levels": "level"}

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.level = Level.parse(self.options["level"])
        if HISPANO in self.options["variants"] and self.level.denarii != HISPANO_DENARII:
            given, self.level = self.level, self.level._replace(denarii=HISPANO_DENARII)
            self.options["level"] = str(self.level)
            self.notes.append(f"R28: the Hispano variant gives the Romans {HISPANO_DENARII} denarii, "
                              f"so level {given} is played as {self.level}")
        self.board = load_board(self.options["board"])
        self.scenario: Scenario | None = None
        variants = set(self.options["variants"])
        if self.options["scenario"] is not None:
            self.scenario = load_scenario(self.options["scenario"], self.board)
            self._check_scenario(variants)
            variants |= set(self.scenario.variants)
        self.variants = frozenset(variants)
        self.options["variants"] = tuple(v for v in VARIANTS if v in variants)
        if self.options["traitors"] and TERROR not in variants:
            raise OptionError("traitors ('Rome does not pay traitors') is an optional rule of the Terror variant; "
                              "add variants=terror")
        self.denarii = self.level.denarii
        notation = _notation(self.board)
        self.notation = notation
        self.actions = notation.table
        players = self.options["players"]
        self.seats = SEATS[players] + (("hispania",) if HISPANO in variants else ())
        self.praetor_seats = PRAETOR_SEATS[players]
        self.consul_seats = CONSUL_SEATS[players]
        self.hispano_seat = len(SEATS[players]) if HISPANO in variants else -1
        self.ties_to_attacker = self.options["ties"] == "attacker"
        # The Romans share one result; against the Hispano it is the opposite of theirs.
        self.utility = Utility.ZERO_SUM if HISPANO in variants and players == 1 else Utility.GENERAL_SUM
        self._first: HispaniaState | None = None  # the state every game starts from (new_initial_state)

    def _check_scenario(self, variants: set[str]) -> None:
        scenario = self.scenario
        assert scenario is not None
        scenario.check_level(self.level)
        for v in scenario.forbidden:
            if v in variants:
                raise OptionError(f"scenario '{scenario.key}' cannot be played with the {TITLES[v]} variant")
        fixed = sum(1 for p in scenario.pieces if p.army) + len(scenario.armies_in)
        rolled = self.level.armies - fixed
        if rolled < 0:
            raise OptionError(f"scenario '{scenario.key}' places {fixed} armies; level {self.level} has only "
                              f"{self.level.armies}")
        army_provinces = {self.board.province[p.city] for p in scenario.pieces if p.army}
        eligible = [p for p in HISPANIC_PROVINCES if p not in scenario.no_army_in and p not in army_provinces
                    and (p in scenario.random_revolts or any(self.board.province[x.city] == p and x.revolts
                                                             for x in scenario.pieces))]
        if rolled > len(eligible):
            raise OptionError(f"scenario '{scenario.key}' has room for {len(eligible)} more initial armies; "
                              f"level {self.level} asks for {rolled}")

    @classmethod
    def fuzz_options(cls, rng: random.Random) -> dict[str, Any]:
        """A random valid configuration: level, variants, scenario, players, traitors."""
        levels = all_levels()
        while True:
            variants = [v for v in VARIANTS if rng.random() < 0.4]
            level = rng.choice(levels)
            if HISPANO in variants:
                level = level._replace(denarii=HISPANO_DENARII)
            options: dict[str, Any] = {"level": str(level), "variants": variants, "players": rng.choice((1, 2, 3)),
                                       "traitors": TERROR in variants and rng.random() < 0.5}
            if rng.random() < 0.3:
                options["scenario"] = rng.choice(scenario_names())
            try:
                cls(**options)
            except OptionError:
                continue  # a scenario's constraint: draw again
            return options

    def invariants(self, state: State) -> list[str]:
        assert isinstance(state, HispaniaState)
        return violations(state)

    def max_chance_outcomes(self) -> int:
        """The dice: every roll has an id below the first decision's."""
        return self.notation.base[END]

    def observation_size(self) -> int:
        return observation.size(self.board.n_spaces, len(self.board.links))

    def observation_tensor(self, state: State, seat: int | None) -> list[float]:
        assert isinstance(state, HispaniaState)
        return observation.tensor(state, seat)

    def public_data(self) -> dict[str, Any]:
        """The board's map for drawing (:mod:`.drawing`)."""
        return drawing.public_data(self)

    def record_options(self) -> dict[str, Any]:
        opts = super().record_options()
        opts["variants"] = list(opts["variants"])
        return opts

    def new_initial_state(self) -> HispaniaState:
        # Every game of this configuration is set up alike until its first die: once, then cloned.
        first = self._first
        if first is None:
            first = self._first = HispaniaState(self)
        return first.clone()

    def new_state_from(self, text: str) -> HispaniaState:
        return position.read(self, text)

