"""Building Hannibal positions for the tests: random games, and states driven to a procedure."""

from __future__ import annotations

import json
import random
from pathlib import Path

import legatus
from legatus.core.session import sample_outcome
from legatus.games.hannibal.game import HannibalGame
from legatus.games.hannibal.ids import DICE, Id
from legatus.games.hannibal.state import HannibalState


def game() -> HannibalGame:
    g = legatus.load("hannibal")
    assert isinstance(g, HannibalGame)
    return g


def recorded(name: str) -> HannibalState:
    """The position at the end of ``tests/hannibal/records/<name>.json`` (a record the fuzzer kept)."""
    record = json.loads((Path(__file__).parent / "records" / f"{name}.json").read_text())
    state = legatus.replay(record)
    assert isinstance(state, HannibalState)
    return state


def random_game(seed: int, eager: bool = True, every: bool = False) -> list[HannibalState]:
    """One random game (``eager``: the fuzzer's busier choices); every position if ``every``,
    else the last."""
    g = game()
    rng = random.Random(seed)
    state = g.new_initial_state()
    out = [state.clone()] if every else []
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_outcome(state, rng)
        else:
            action = g.fuzz_choice(state, rng) if eager else rng.choice(state.legal_actions())
        state.apply_action(action)
        if every:
            out.append(state.clone())
    return out if every else [state]


def play(state: HannibalState, *texts: str) -> HannibalState:
    """Applies actions given by their notation."""
    for text in texts:
        state.apply_action(state.parse_action(text))
    return state


def deal(state: HannibalState, rome: list[int], carthage: list[int]) -> HannibalState:
    """Deals the given strategy cards (then whatever is left, lowest first) at the start of a turn."""
    want = {0: list(rome), 1: list(carthage)}
    while state.stack[-1][0] in (*DICE, Id.DEAL, Id.RESHUFFLE):
        frame = state.stack[-1]
        if frame[0] == Id.DEAL:
            seat = frame[1]
            card = want[seat].pop(0) if want[seat] else min(c for c in state.deck
                                                            if c not in want[0] + want[1])
            play(state, f"draw #{card}")
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def ready(rome: list[int], carthage: list[int], first: str = "rome") -> HannibalState:
    """Turn 1 dealt with these cards (the rest lowest first), ``first`` to play its first card."""
    state = deal(game().new_initial_state(), rome, carthage)
    return play(state, "no campaign opening", f"{first} first")


def roll(state: HannibalState, *dice: int) -> HannibalState:
    """Rolls the dice given, one a chance node (each must be a die roll)."""
    for d in dice:
        assert state.stack[-1][0] in DICE, state.prompt()
        play(state, f"roll {d}")
    return state


def space(state: HannibalState, name: str) -> int:
    return state.board.space(name)


def general(state: HannibalState, name: str) -> int:
    return state.game.general_index[name]


def legal(state: HannibalState) -> set[str]:
    return {str(a) for a in state.legal_actions()}
