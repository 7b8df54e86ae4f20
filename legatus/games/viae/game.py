"""The VIAE game: options (players, the edition options of shared/viae/README.md, an owner's
data files), seats and the action table of a configuration.

>>> import legatus
>>> game = legatus.load("viae", players=3)
>>> game.seats, game.actions_per_turn
(('seat1', 'seat2', 'seat3'), 4)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from legatus.core.errors import OptionError
from legatus.core.game import Game, Information, Option, State, Utility, parse_flag
from legatus.core.secrecy import Fits

from . import drawing
from .board import Board, load_board
from .cards import DECEPTIO_60, Cards, load_cards
from .effects import Mods, mod_tables
from .invariants import violations
from .notation import Notation, build_notation
from .observation import Layout, layout, tensor
from .resample import draw_consistent
from .state import ViaeState
from .tracks import Tracks, default_tracks_path, load_tracks

DIES = {"1,1,1,2,2,3": (1, 1, 1, 2, 2, 3), "1,1,2,2,3,3": (1, 1, 2, 2, 3, 3), "d6": (1, 2, 3, 4, 5, 6)}  # V22


def _choice(name: str, choices: Sequence[Any]) -> Any:
    def parse(value: Any) -> Any:
        for c in choices:
            if str(value).strip().lower() == str(c):
                return c
        raise OptionError(f"{name} {value!r} must be one of {', '.join(map(str, choices))}")
    return parse




def _ints(name: str, help_text: str) -> Any:
    def parse(value: Any) -> tuple[int, ...] | None:
        if value is None:
            return None
        items = value if isinstance(value, (list, tuple)) else str(value).split(",")
        try:
            numbers = tuple(int(str(v).strip()) for v in items)
        except ValueError:
            raise OptionError(f"{name} {value!r} must be {help_text}") from None
        if not numbers or min(numbers) < 0:
            raise OptionError(f"{name} {value!r} must be {help_text}")
        return numbers
    return parse


def _fortuna_rounds(value: Any) -> str | tuple[int, ...]:
    text = str(value).strip().lower()
    if text in ("odd_from_3", "all"):
        return text
    parse = _ints("fortuna_rounds", "odd_from_3, all or a list of rounds 1 to 12 such as 3,6,9")
    rounds: tuple[int, ...] | None = parse(value)
    assert rounds is not None
    if not all(1 <= r <= 12 for r in rounds) or list(rounds) != sorted(set(rounds)):
        raise OptionError(f"fortuna_rounds {value!r} must be odd_from_3, all or distinct rounds 1 to 12 in order")
    return rounds


def _path(name: str) -> Any:
    def parse(value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            raise OptionError(f"{name} {value!r} must be the path of a {name} TOML file")
        return value
    return parse


@cache
def _notation(board: Board, cards: Cards, players: int, faces: tuple[int, ...], spots: tuple[str, ...]) -> Notation:
    return build_notation(board, cards, tuple(f"seat{i + 1}" for i in range(players)), faces, spots)


class ViaeGame(Game):
    """VIAE: Roads of Rome, 2–5 players with hidden hands (rules: shared/rules/viae.txt)."""

    name = "viae"
    title = "VIAE: Roads of Rome"
    BUSY = ("conquer", "road", "scout", "hire", "basilica", "recruit", "keep", "move", "sail", "play", "buy")
    version = 1
    MIN_PLAYERS = 2
    MAX_PLAYERS = 5
    AGENTS = {"heuristic": "legatus.games.viae.bots:HeuristicAgent", "guided": "legatus.games.viae.bots:GuidedAgent"}
    SEARCH_BUDGET = 100  # a median decision of about 1 CPU second here (docs/agents.md#viae)
    HINT_AGENT = "guided"  # the strongest (issue 36), a median 0.6 CPU s a decision (docs/agents.md#viae)
    information = Information.IMPERFECT
    utility = Utility.CONSTANT_SUM
    min_utility = 0.0
    max_utility = 1.0
    utility_sum = 1.0  # the winners share the win (V42)
    OPTIONS = {
        **Game.OPTIONS,
        "players": Option(4, _choice("players", (2, 3, 4, 5)), "players: 2 to 5 (C1)",
                          {"kind": "choice", "choices": [2, 3, 4, 5]}),
        "deceptio_deck": Option(54, _choice("deceptio_deck", (54, 60)), "Deceptio cards: 54, or 60 (2022 print, V1)",
                                {"kind": "choice", "choices": [54, 60]}),
        "mandatum_to_end": Option(2, _choice("mandatum_to_end", (2, 3)), "Mandatum that end the game: 2 or 3 (V2)",
                                  {"kind": "choice", "choices": [2, 3]}),
        "public_mandatum": Option("players", _choice("public_mandatum", ("players", "players+2")),
                                  "public Mandatum: players, or players+2 (2022 print, V4)",
                                  {"kind": "choice", "choices": ["players", "players+2"]}),
        "fortuna_rounds": Option("odd_from_3", _fortuna_rounds,
                                 "rounds that reveal Fortuna: odd_from_3, all or a list such as 3,6,9 (V6)",
                                 {"kind": "choice", "choices": ["odd_from_3", "all"]}),
        "ordo_costs": Option(None, _ints("ordo_costs", "one Denar cost a spot, left to right, such as 4,3,2,1,0,0,0,0"),
                             "turn-order spot costs, left to right (V7)"),
        "castra_slot_costs": Option(None, _ints("castra_slot_costs", "3 Denar costs, left to right, such as 2,1,0"),
                                    "Castra slot costs, left to right (V10)"),
        "conquest_die": Option("1,1,1,2,2,3", _choice("conquest_die", tuple(DIES)), "conquest die faces (V22)",
                               {"kind": "choice", "choices": list(DIES)}),
        "prepare_counts_itself": Option(True, parse_flag("prepare_counts_itself"),
                                        "Prepare pays for its own action too (V16)", {"kind": "bool"}),
        "hostility_on_failure": Option(True, parse_flag("hostility_on_failure"),
                                       "a failed Conquer spreads hostility too (V25)", {"kind": "bool"}),
        "board": Option(None, _path("board"), "path of an owner's board file (TOML); a tracks.toml beside it "
                        "replaces the tracks", local_file=True),
        "cards": Option(None, _path("cards"), "path of an owner's cards file (TOML)", local_file=True),
    }
    SWEEP = {"players": [2, 3, 4, 5]}

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.board: Board = load_board(o["board"])
        beside = Path(o["board"]).with_name("tracks.toml") if o["board"] else None
        self.tracks: Tracks = load_tracks(str(beside) if beside and beside.exists() else default_tracks_path())
        self.cards: Cards = load_cards(o["cards"], self.board)
        players: int = o["players"]
        self.seats = tuple(f"seat{i + 1}" for i in range(players))
        t = self.tracks
        self.ordo_costs: tuple[int, ...] = o["ordo_costs"] or t.ordo_costs
        if len(self.ordo_costs) != len(t.ordo_labels) or list(self.ordo_costs) != sorted(self.ordo_costs, reverse=True):
            raise OptionError(f"ordo_costs {','.join(map(str, self.ordo_costs))} must give {len(t.ordo_labels)} costs "
                              "that never rise from left to right (C20)")
        self.castra_costs: tuple[int, ...] = o["castra_slot_costs"] or t.castra_slot_costs
        if len(self.castra_costs) != 3:
            raise OptionError(f"castra_slot_costs {','.join(map(str, self.castra_costs))} must give 3 costs (C21)")
        rounds = o["fortuna_rounds"]
        self.fortuna_rounds: frozenset[int] = frozenset(
            t.fortuna_rounds if rounds == "odd_from_3" else range(1, t.rounds + 1) if rounds == "all" else rounds)
        self.die: tuple[int, ...] = DIES[o["conquest_die"]]
        self.deceptio_counts = tuple(
            c.copies + (c.extra if o["deceptio_deck"] == DECEPTIO_60 else 0) for c in self.cards.deceptio)
        self.actions_per_turn: int = t.actions[players]
        self.hostility_from: int = t.hostility_from[0 if players == 2 else 1]  # C28
        self.public_count = players + (2 if o["public_mandatum"] == "players+2" else 0)  # V4
        self.notation = _notation(self.board, self.cards, players, self.die, t.ordo_labels)
        self.actions = self.notation.table

    @classmethod
    def fuzz_options(cls, rng: random.Random) -> dict[str, Any]:
        """Players 2–5 and each edition option now and then."""
        options: dict[str, Any] = {"players": rng.randint(2, 5)}
        if rng.random() < 0.3:
            options["deceptio_deck"] = 60
        if rng.random() < 0.2:
            options["mandatum_to_end"] = 3
        if rng.random() < 0.2:
            options["public_mandatum"] = "players+2"
        if rng.random() < 0.3:
            options["fortuna_rounds"] = rng.choice(["all", "2,4,6,8"])
        if rng.random() < 0.2:
            options["conquest_die"] = rng.choice(list(DIES))
        for flag in ("prepare_counts_itself", "hostility_on_failure"):
            if rng.random() < 0.2:
                options[flag] = False
        return options

    def invariants(self, state: State) -> list[str]:
        assert isinstance(state, ViaeState)
        return violations(state)

    @cached_property
    def secret_actions(self) -> frozenset[int]:
        """The actions that move a card someone may not see: Deceptio draws, plays, discards and
        losses; Mandatum deals and claims (``ViaeState.secret_log`` notes them)."""
        n, deceptio, mandatum = self.notation, len(self.cards.deceptio), len(self.cards.mandatum)
        spans = [(k, deceptio) for k in ("deceptio", "loses", "discard", "play")]
        spans += [("mandatum", mandatum), ("complete", mandatum)]
        return frozenset(n[k] + i for k, size in spans for i in range(size))

    @cached_property
    def mod_tables(self) -> tuple[Mods, Mods, Mods]:
        """The cards' modifiers by card and parameter (Fortuna, officers, Deceptio: :func:`.effects.mod_tables`)."""
        return mod_tables(self.cards)

    def max_chance_outcomes(self) -> int:
        return self.notation.chance_end

    @cached_property
    def observation_layout(self) -> Layout:
        return layout(self)

    def observation_size(self) -> int:
        return self.observation_layout.size()

    def observation_tensor(self, state: State, seat: int | None) -> list[float]:
        assert isinstance(state, ViaeState)
        return tensor(state, seat)

    def consistent_state(self, seat: int, seen: Sequence[str], rng: random.Random | None = None,
                         start: State | None = None, fits: Fits | None = None) -> State:
        if start is not None and start.history():
            return super().consistent_state(seat, seen, rng, start, fits)
        return draw_consistent(self, seat, seen, rng or random.Random(0), fits)

    def public_data(self) -> dict[str, Any]:
        """The map, the tracks and the cards' faces, for drawing (see :mod:`.drawing`)."""
        return drawing.public_data(self)

    def new_initial_state(self) -> State:
        return ViaeState(self)
