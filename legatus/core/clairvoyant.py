"""Clairvoyance: a search that sees every future die, to bound how winnable a game is.

A game is played on a fixed stream of chance (:class:`ChanceStream`): a seeded generator's k-th
number decides the game's k-th chance node, laid onto that node's outcomes by their
probabilities (:func:`.session.pick`). The stream of seed ``s`` gives a game the same dice as a
driver that samples every chance node with ``random.Random(s)`` (:func:`.session.sample_outcome`
takes one number a node), so a clairvoyant game and a real agent's game on the same seed start
on the same dice and keep them as long as their play keeps the games alike.

:class:`ClairvoyantAgent` shares the driver's stream, and its simulations resolve chance from the
stream's next unused number on: they play the true future. From any position the game is then a
deterministic function of the deciding seats' choices, and the search is over those alone:

- the candidates at every decision are the rollout agent's ``width`` favourites (every legal
  action without a ranker), as in the flat search (:mod:`.flat`) and MCTS;
- a tree over decisions (a chance node has one child, the stream's outcome) grows a node a
  simulation, by UCB1 on the mean return of the seat to move; each root candidate is tried
  once first, in the ranking's order;
- a simulation's new node is played on by the rollout agent for the evaluator's horizon and
  valued by it, as the flat search's futures are; at its first visit each root candidate is also
  played on to the end, so that a win the rollout agent would reach from there is seen;
- it chooses the root candidate with the best leaf below it (the line to a leaf can be played
  exactly: the dice are known), then the best mean, then the ranking's order;
- a won line, once found, is the plan: followed for as long as the game stays on it, so that a
  win seen is a win had.

What its win rate bounds: the first simulation of each root candidate is that candidate followed
by the rollout agent's play, valued as the flat search values a future, but on the true dice;
``flat+heuristic:400`` estimates the mean of that value over 100 guessed futures, the
clairvoyant knows it and then spends the rest of the same budget searching deeper lines. It is a
stronger search of the same kind, not an exhaustive one: nothing proves that every game a real
agent wins it wins too, so its win rate bounds a real agent's only as far as its search is at
least as strong as that agent's (docs/agents.md).

Several deciding seats are searched as one team (the choice is by the root seat's return):
right for Hispania's cooperative Romans, an optimistic guess of an opponent's play otherwise.
No spec names it: it needs the driver's stream, which no real player has.
"""

from __future__ import annotations

import math
import random

from .actions import Action
from .agent_types import HORIZON, Agent, Evaluator, Ranker, Seeded, deciding_seat, favourites, search_setting
from .game import Game, State
from .mcts import rollout, seed_from
from .session import pick

TO_THE_END = 100_000
"""A rollout's bound where it plays to the end of the game."""


class ChanceStream:
    """The dice of one game, fixed by ``seed``: the k-th chance node gets the k-th number.

    >>> stream, rng = ChanceStream(7), random.Random(7)
    >>> [stream.number(0), stream.number(1)] == [rng.random(), rng.random()], stream.used
    (True, 0)
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._numbers: list[float] = []
        self.used = 0
        """The chance nodes the game has had: the next one gets number ``used``."""

    def number(self, k: int) -> float:
        """The k-th number of the stream, uniform in [0, 1)."""
        numbers = self._numbers
        while len(numbers) <= k:
            numbers.append(self._rng.random())
        return numbers[k]

    def outcome(self, state: State, k: int) -> Action:
        """The outcome of chance node ``state`` if it is the game's k-th."""
        return pick(state.chance_outcomes(), self.number(k))

    def next(self, state: State) -> Action:
        """The game's next chance outcome (the driver's), the stream moved on by one."""
        action = self.outcome(state, self.used)
        self.used += 1
        return action


class _Cursor:
    """A simulation's place in the stream: it reads on from there without moving the game's."""

    __slots__ = ("stream", "k")

    def __init__(self, stream: ChanceStream, k: int) -> None:
        self.stream = stream
        self.k = k

    def __call__(self, state: State) -> Action:
        action = self.stream.outcome(state, self.k)
        self.k += 1
        return action


class _Node:
    __slots__ = ("children", "visits", "total", "best")

    def __init__(self, seats: int) -> None:
        self.children: dict[Action, _Node] | None = None  # set at the first visit, in ranking order
        self.visits = 0
        self.total = [0.0] * seats  # each seat's returns, summed
        self.best = -math.inf  # the root seat's best leaf value below


class ClairvoyantAgent:
    """The search over the true future (module docstring): ``simulations`` a decision, the
    rollout agent's ``width`` favourites, chance read from ``stream`` (the driver's)."""

    def __init__(self, game: Game, stream: ChanceStream, simulations: int = 400, rollout: Agent | None = None,
                 seed: int | None = None, width: int = 4, exploration: float = 0.5,
                 horizon: int | None = None) -> None:
        self.game = game
        self.stream = stream
        self.seats = game.num_players()
        self.simulations = max(1, simulations)
        self.rollout = rollout
        self.ranker = rollout if isinstance(rollout, Ranker) else None
        self.width = width
        self.evaluator = rollout if isinstance(rollout, Evaluator) else None
        self.horizon = TO_THE_END if self.evaluator is None else \
            int(search_setting(self.evaluator, "horizon", horizon, HORIZON))
        self.exploration = exploration
        self.seed = seed
        self.rng = random.Random(seed)
        self.reason = ""
        self.plan: list[Action] = []
        """A won line found: the whole game's actions, followed while the game is on it."""
        self.last_simulations = 0

    def choose(self, state: State) -> Action:
        seat = deciding_seat(state)
        planned = self._planned(state)
        if planned is not None:
            self.reason = "the win it has seen, followed"
            return planned
        self.plan = []  # the game left it (another seat chose otherwise), if there was one
        candidates = favourites(state, self.ranker, self.width)
        if len(candidates) == 1:
            self.reason = "the only move it considers"
            return candidates[0]
        root = _Node(self.seats)
        self.last_simulations = 0
        while self.last_simulations < self.simulations and not self.plan:
            self._simulate(root, state, seat)
            self.last_simulations += 1
        planned = self._planned(state)
        if planned is not None:
            self.reason = f"a win seen in the true future after {self.last_simulations} simulations"
            return planned
        children = root.children or {}
        order = list(children)

        def merit(action: Action) -> tuple[float, float, int]:
            child = children[action]
            mean = child.total[seat] / child.visits if child.visits else -math.inf
            return child.best, mean, -order.index(action)

        best = max(order, key=merit)
        chance = self.game.win_chance(children[best].best)
        self.reason = f"the best line of {self.last_simulations} in the true future: win chance {chance:.0%}"
        return best

    def _planned(self, state: State) -> Action | None:
        """The plan's next action, if the game so far is the plan's beginning."""
        done = state.history()
        if len(done) < len(self.plan) and self.plan[:len(done)] == done:
            return self.plan[len(done)]
        return None

    def _simulate(self, root: _Node, state: State, seat: int) -> None:
        state = state.clone()
        chance = _Cursor(self.stream, self.stream.used)
        node, path = root, [root]
        first_try = False  # a root candidate's first visit: it is also played to the end
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance(state))
                continue
            if node.children is None:
                node.children = {a: _Node(self.seats) for a in favourites(state, self.ranker, self.width)}
            action = self._select(node, state.current_player())
            child = node.children[action]
            first_try = node is root and child.visits == 0
            state.apply_action(action)
            node = child
            path.append(node)
            if child.visits == 0:
                break
        if first_try and self.evaluator is not None:
            self._play(state.clone(), _Cursor(self.stream, chance.k), seat, None, TO_THE_END)
        values = self._play(state, chance, seat, self.evaluator, self.horizon)
        for n in path:
            n.visits += 1
            n.best = max(n.best, values[seat])
            for i, v in enumerate(values):
                n.total[i] += v

    def _play(self, state: State, chance: _Cursor, seat: int, evaluator: Evaluator | None,
              steps: int) -> list[float]:
        """``state`` played on by the rollout agent on the true dice for ``steps`` actions, valued
        by ``evaluator`` if unfinished; a win found is the plan."""
        if isinstance(self.rollout, Seeded):
            self.rollout.rng.seed(seed_from(self.seed, "rollout"))
        values = rollout(state, self.rng, self.rollout, evaluator, steps, chance)
        if state.is_terminal() and state.returns()[seat] >= self.game.max_utility:
            self.plan = state.history()
        return values

    def _select(self, node: _Node, mover: int) -> Action:
        """The first candidate not yet tried, in ranking order; else UCB1 for the seat to move."""
        assert node.children is not None
        log_visits = math.log(max(node.visits, 1))
        best, best_score = None, -math.inf
        for action, child in node.children.items():
            if child.visits == 0:
                return action
            score = child.total[mover] / child.visits + self.exploration * math.sqrt(log_visits / child.visits)
            if score > best_score:
                best, best_score = action, score
        assert best is not None
        return best
