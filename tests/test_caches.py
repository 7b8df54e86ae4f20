"""Issue 30, point 2: no cache of the games is keyed by a fresh object. Every ``functools``
cache in ``legatus`` must be keyed by data loaded once a process (or by value), so that a game
made and played a second time, the same way, adds no entry: a cache keyed by each new game (or
each new load of its data) keeps every game a server ever made."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import legatus
from legatus.core.agents import decide, make_agent
from legatus.core.session import sample_outcome

DECISIONS = 60  # enough to reach every game's battles or conquests, and its agents' every table


def caches() -> Iterator[tuple[str, Callable[[], Any]]]:
    """Each ``functools`` cache defined in a loaded ``legatus`` module, by its full name."""
    for name, module in list(sys.modules.items()):
        if name.startswith("legatus.") and module is not None:
            for attr, value in list(vars(module).items()):
                info = getattr(value, "cache_info", None)
                if callable(info) and getattr(value, "__module__", None) == name:
                    yield f"{name}.{attr}", info


def sizes() -> dict[str, int]:
    return {name: info().currsize for name, info in caches()}


def play(name: str, agent: str) -> None:
    """A game of ``name`` made anew, ``agent`` in every seat for :data:`DECISIONS` decisions."""
    game = legatus.load(name)
    state = game.new_initial_state()
    chooser = make_agent(game, agent, seed=3)
    rng = random.Random(3)
    decisions = 0
    while not state.is_terminal() and decisions < DECISIONS:
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            state.apply_action(decide(chooser, state, random.Random(decisions)))
            decisions += 1


@pytest.mark.parametrize("name", legatus.game_names())
def test_a_game_made_again_adds_nothing_to_any_cache(name):
    """The same game played again the same way, on a new game object, meets the same keys."""
    agents = ["random", *type(legatus.load(name)).AGENTS]
    for agent in agents:
        play(name, agent)
    before = sizes()
    assert before, "no cache found: the test would check nothing"
    for agent in agents:
        play(name, agent)
    grown = {key: (before.get(key, 0), size) for key, size in sizes().items() if size != before.get(key, 0)}
    assert not grown, f"caches that keep each new {name} game (entries before, after): {grown}"
