"""The agent types: the protocol every agent follows (``agent.choose(state)``), what search asks of
the agents it builds on, and the helpers every agent and driver uses. Agents are made from their
spec strings in :mod:`.agents`; the searches (:mod:`.mcts`, :mod:`.ismcts`, :mod:`.flat`) import
this module, not that one, so that the registry can import them.

In a game with secrets an agent never gets the true state: a driver calls :func:`decide`,
which hands it a state drawn consistent with what its seat has seen (``state.resample``).
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from .actions import Action
from .errors import NoDecisionError
from .game import Game, Information, State


class Agent(Protocol):
    reason: str

    def choose(self, state: State) -> Action:
        """A legal action for the seat to move in ``state``; :class:`NoDecisionError` at a chance
        node or the end (:func:`deciding_seat`). In a game with secrets ``state`` is a sample
        consistent with the seat's information."""
        ...


@runtime_checkable
class Ranker(Protocol):
    """An agent that can order the legal actions, best first (search keeps its favourites)."""

    def rank(self, state: State) -> list[Action]: ...


@runtime_checkable
class Evaluator(Protocol):
    """An agent that can value a position: each seat's expected return (search stops its
    rollouts early and backs this up). It may carry the settings that suit its values, where the
    search's defaults do not (:func:`search_setting`): ``horizon``, the actions a rollout plays
    before the value is taken; ``exploration``, the UCB constant of an information-set search."""

    def evaluate(self, state: State) -> list[float]: ...


HORIZON = 40
"""The actions a search's rollout plays before an evaluator values the position, by default."""
AGENT_TRIES = 3
"""How often a player of the game (the terminal, the web server) asks an agent that fails to
decide, each time on an input drawn anew, before it stops and says so."""


def deciding_seat(state: State) -> int:
    """The seat that decides in ``state``, where an agent's ``choose`` (or ``rank``, ``analyse``)
    starts: :class:`NoDecisionError` where none does, rather than an agent choosing the dice."""
    if state.is_terminal():
        raise NoDecisionError("no seat decides in a finished game: there is no action to choose")
    if state.is_chance_node():
        raise NoDecisionError("chance moves next, not a seat: the outcome is drawn "
                              "(legatus.core.session.sample_outcome) or typed in, not chosen by an agent")
    return state.current_player()


def favourites(state: State, ranker: Ranker | None, width: int | None) -> list[Action]:
    """The actions a search considers at a decision: ``ranker``'s ``width`` favourites, else
    every legal action."""
    if ranker is not None:
        return ranker.rank(state)[:width]
    return state.legal_actions()


def search_setting(evaluator: Evaluator | None, name: str, given: float | None, default: float) -> float:
    """A search's setting ``name`` (``horizon``, ``exploration``): ``given`` if given, else the
    evaluator's own (its values' scale is its own), else ``default``."""
    own = getattr(evaluator, name, None)
    return given if given is not None else own if isinstance(own, (int, float)) else default


@runtime_checkable
class Seeded(Protocol):
    """An agent whose randomness is one generator (search reseeds it for common random numbers)."""

    rng: random.Random


def seat_input(state: State, rng: random.Random) -> State:
    """What the agent of the seat to move may be given: the state itself in a game without
    secrets; else a state drawn with ``rng`` among those consistent with the seat's
    information, which holds nothing the seat has not seen."""
    if state.game.information is Information.PERFECT:
        return state
    return state.resample(state.current_player(), rng)


def decide(agent: Agent, state: State, rng: random.Random | None = None) -> Action:
    """``agent``'s choice for the seat to move, given only what that seat may know.

    ``rng`` draws the hidden parts of the agent's input (by default a generator seeded by
    the length of the game, so that the same game gives the same input)."""
    if state.game.information is Information.PERFECT:
        return agent.choose(state)
    return agent.choose(seat_input(state, rng or random.Random(len(state.history()))))


class RandomAgent:
    """Uniformly random among the legal actions."""

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, state: State) -> Action:
        deciding_seat(state)
        self.reason = "at random"
        return self.rng.choice(state.legal_actions())
