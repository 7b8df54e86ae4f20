"""Hannibal: Rome vs Carthage (Valley Games 2nd edition): the game's configuration.

>>> game = HannibalGame()
>>> game.seats, game.num_players()
(('rome', 'carthage'), 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from legatus.core.game import Game, Information, Option, State, Utility, parse_flag
from legatus.core.secrecy import Fits

from . import drawing, observation, position, resample
from .cards import Cards
from .components import load_components
from .invariants import violations
from .map import HannibalMap
from .notation import KINDS, RESHUFFLE, SIDES, Notation, notation
from .state import HannibalState
from .tables import General, Tables


class HannibalGame(Game):
    """Hannibal, for two: Rome (seat 0) and Carthage (seat 1)."""

    name = "hannibal"
    title = "Hannibal: Rome vs Carthage"
    BUSY = ("to", "sail", "siege", "charge", "counterattack", "intercept", "ops", "event", "activate", "pursue")
    BUSY_SHARE = 0.67
    version = 5  # 2: the inside of walled cities (H51) and #41 Bad Weather add decisions; 3: a subordinate
    # reacting alone (H66, H69) adds one, and the siege train counts as a CU (H133); 4: two consuls
    # march together (H39, H42), a displaced Hanno returns only in Africa (H16), issue 31; 5: Carthage
    # chooses how many elephants go (H4, H46), a moving army keeps those it took, and #59 with #20
    # takes a card shown or one of the hidden at random, as its taker chooses (H132), and an entry's
    # reactions are all declared before any is rolled (H62)
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    AGENTS = {"heuristic": "legatus.games.hannibal.bots:HeuristicAgent"}
    HINT_AGENT = "flat+heuristic:256"  # issue 36: the strongest Carthage and Rome measured (the fifth
    # round's look 1: 23 of 25 as Carthage), a median 0.4 CPU s a decision (docs/hannibal/agents.md)
    OPTIONS = {
        **Game.OPTIONS,
        "flaminius_cancels": Option(True, parse_flag("flaminius_cancels"),
                                    "H116: Flaminius cancels a withdrawal on 1-4 (rulebook, the default) or only "
                                    "on his BR (reference chart)", {"kind": "bool"}),
        "carthage_subjugation_penalty": Option(False, parse_flag("carthage_subjugation_penalty"),
                                               "H95: the Carthaginian -1 also on subjugating tribes (default: "
                                               "sieges of walled cities only)", {"kind": "bool"}),
    }
    information = Information.IMPERFECT
    utility = Utility.ZERO_SUM
    min_utility = -1.0
    max_utility = 1.0
    utility_sum = 0.0
    board: HannibalMap
    tables: Tables
    cards: Cards
    notation: Notation
    generals: tuple[General, ...]
    general_side: tuple[int, ...]
    general_index: dict[str, int]
    abilities: tuple[dict[str, Any], ...]
    outranks_all: tuple[bool, ...]
    hannibal: int
    africanus: int
    rome_space: int
    carthage_space: int
    new_carthage: int
    siege_sites: tuple[int, ...]

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        parts = load_components()
        self.parts = parts
        self.board = parts.map
        self.tables = parts.tables
        self.cards = parts.cards
        self.notation = notation(parts)
        self.actions = self.notation.table
        self.seats = SIDES
        self.generals = parts.tables.generals
        self.general_side = tuple(SIDES.index(g.side) for g in self.generals)
        self.general_index = {g.name: i for i, g in enumerate(self.generals)}
        self.abilities = tuple(dict(g.ability) for g in self.generals)
        self.outranks_all = tuple(bool(a.get("outranks_all")) for a in self.abilities)
        self.hannibal = self.general_index["Hannibal"]
        self.africanus = self.general_index["Scipio Africanus"]
        self.rome_space = self.board.space("Rome")
        self.carthage_space = self.board.space("Carthage")
        self.new_carthage = self.board.space("New Carthage")
        self.siege_sites = (*self.board.walled, *self.board.tribes)

    @property
    def config(self) -> str:
        """The configuration word of a position: the rulings chosen."""
        return f"fc{int(self.options['flaminius_cancels'])}-cs{int(self.options['carthage_subjugation_penalty'])}"

    @classmethod
    def fuzz_options(cls, rng: random.Random) -> dict[str, Any]:
        return {"flaminius_cancels": rng.random() < 0.5, "carthage_subjugation_penalty": rng.random() < 0.5}

    def space_index(self, name: str) -> int:
        return self.board.space(name)

    def public_data(self) -> dict[str, Any]:
        """The map, the generals' ratings and the turn track, for drawing (see :mod:`.drawing`)."""
        return drawing.public_data(self)

    def new_initial_state(self) -> HannibalState:
        return HannibalState(self)

    def new_state_from(self, text: str) -> HannibalState:
        return position.read(self, text)

    def observation_size(self) -> int:
        return observation.size(self)

    def observation_tensor(self, state: State, seat: int | None) -> list[float]:
        """What ``seat`` sees of ``state`` as numbers in [0, 1] (docs/hannibal/observation.md)."""
        assert isinstance(state, HannibalState)
        return observation.tensor(state, seat)

    def max_chance_outcomes(self) -> int:
        """One more than the highest id of a chance outcome, which the adapters need (OpenSpiel
        numbers chance outcomes below it): the dice, deals, elections and random takes open the
        table, #59's and #20's battle cards and the reshuffle come later. A node has 64 at most."""
        n = self.notation
        return max(n.SPY + len(KINDS), n.SIMPLE[RESHUFFLE] + 1)

    def invariants(self, state: State) -> list[str]:
        assert isinstance(state, HannibalState)
        return violations(state)

    def consistent_state(self, seat: int, seen: Sequence[str], rng: random.Random | None = None,
                         start: State | None = None, fits: Fits | None = None) -> State:
        """A direct draw of the cards ``seat`` has not seen (see :mod:`.resample`); the actions
        always say which decision is at hand, so ``fits`` has nothing to choose."""
        if start is not None:
            return super().consistent_state(seat, seen, rng, start)
        return resample.draw_consistent(self, seat, seen, rng or random.Random(0))
