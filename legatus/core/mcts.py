"""Monte Carlo tree search over the core contract: any number of seats, chance nodes.

Each simulation walks down the tree — PUCT at decision nodes, for the seat to move; a drawn
outcome at chance nodes, each outcome its own child — adds one node, plays the game out with
the rollout agent (uniformly random if none) and backs up every seat's return. The move
chosen is the most visited; its mean return gives the estimated chance of winning.

When the rollout agent can rank the legal actions (a :class:`~.agents.Ranker`), a decision node
considers only its ``width`` favourites, with priors that halve down the ranking: the search
then improves on the agent it builds on rather than starting from nothing. When it can also
value a position (an :class:`~.agents.Evaluator`: each seat's expected return), rollouts stop
after ``horizon`` actions (the evaluator's own, else 40: :func:`~.agents.search_setting`) and back up
that value instead of playing to the end: cheaper, and
far less noisy than one game's win or loss. The k-th visit of
every root action draws the same dice (common random numbers), so that actions are compared
on the same luck.

Seeded and with a budget in simulations, the search is deterministic; with a budget in
seconds it depends on the machine's speed.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from .actions import Action
from .agent_types import HORIZON, Agent, Evaluator, Ranker, Seeded, deciding_seat, search_setting
from .game import Game, State
from .session import sample_outcome


class _Node:
    __slots__ = ("children", "visits", "value", "prior")

    def __init__(self, seats: int, prior: float = 1.0) -> None:
        self.children: dict[int, _Node] | None = None  # decision nodes: set at the first visit
        self.visits = 0
        self.value = [0.0] * seats  # sum of each seat's returns
        self.prior = prior


@dataclass(frozen=True)
class Analysis:
    """One root action after a search: its visits and each seat's mean return; a flat search
    also keeps ``returns``, the deciding seat's return on each of its futures in order (the k-th
    of every candidate on the same future), from which its near ties are told (:mod:`.flat`)."""

    action: Action
    visits: int
    mean: tuple[float, ...]
    returns: tuple[float, ...] = ()


RootSearch = Callable[[State], tuple[list[Analysis], int]]
"""A search's root run elsewhere (:class:`~.parallel.RootParallel`, worker processes): the
root's actions and the simulations run. A search agent whose ``parallel`` is one analyses by it."""


def estimate(chance: float, visits: int, simulations: int) -> str:
    """A win chance with what it rests on, worded so the visit count does not read as a second
    chance: "win chance 4%, estimated from the 80 of 150 simulated games that tried it"."""
    return (f"win chance {chance:.0%}, estimated from the {visits} of {simulations} simulated games "
            f"that tried it")


def search_until(simulate: Callable[[], None], simulations: int | None, seconds: float | None,
                 max_seconds: float | None) -> int:
    """Runs ``simulate`` until the budget is spent — ``seconds`` if given, else ``simulations``
    (at least one) — and never past ``max_seconds``; how many ran."""
    limits = [s for s in (seconds, max_seconds) if s is not None]
    deadline = time.perf_counter() + min(limits) if limits else None
    count = 0
    while True:
        simulate()
        count += 1
        if deadline is not None and time.perf_counter() >= deadline:
            return count
        if seconds is None and count >= (simulations or 1):
            return count


def seed_from(*parts: object) -> int:
    """A seed that depends on ``parts`` alone (not on the process's hash seed)."""
    return int.from_bytes(hashlib.blake2b(repr(parts).encode(), digest_size=8).digest(), "big")


class MCTSAgent:
    """PUCT search; ``simulations`` or ``seconds`` bound each decision's search, and
    ``max_seconds``, if given, cuts any search short."""

    def __init__(self, game: Game, simulations: int | None = 200, seconds: float | None = None,
                 rollout: Agent | None = None, seed: int | None = None, exploration: float = 1.2,
                 width: int | None = 4, horizon: int | None = None, max_rollout_steps: int = 100_000,
                 max_seconds: float | None = None) -> None:
        self.seats = game.num_players()
        self.simulations = simulations
        self.seconds = seconds
        self.max_seconds = max_seconds  # a hard bound on any decision, whatever the budget (a server's)
        self.rollout = rollout
        self.seed = seed
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.ranker = rollout if isinstance(rollout, Ranker) else None
        self.width = width if self.ranker is not None else None
        self.evaluator = rollout if isinstance(rollout, Evaluator) else None
        self.max_rollout_steps = max_rollout_steps if self.evaluator is None else \
            int(search_setting(self.evaluator, "horizon", horizon, HORIZON))
        self.reason = ""
        self.last_simulations = 0
        self._decisions = 0
        self.parallel: RootSearch | None = None  # ``@N``: the search runs in N worker processes
        self.root_actions: list[Action] | None = None  # an ``@N`` worker's: the root ranked in the main process

    def choose(self, state: State) -> Action:
        ranked = self.analyse(state)
        best = ranked[0]
        seat = state.current_player()
        chance = state.game.win_chance(best.mean[seat])
        self.reason = estimate(chance, best.visits, self.last_simulations)
        return best.action

    def analyse(self, state: State) -> list[Analysis]:
        """Search from ``state``; the root's actions, most visited first."""
        deciding_seat(state)
        if self.parallel is not None:
            ranked, self.last_simulations = self.parallel(state)
            return ranked
        root = _Node(self.seats)
        self._decisions += 1
        base = seed_from(self.seed, self._decisions)
        self.last_simulations = search_until(lambda: self._simulate(root, state.clone(), base),
                                             self.simulations, self.seconds, self.max_seconds)
        table = state.game.actions
        children = root.children or {}
        ranked = [Analysis(action=table[a], visits=child.visits, mean=tuple(v / child.visits for v in child.value))
                  for a, child in children.items() if child.visits]
        seat = state.current_player()
        ranked.sort(key=lambda r: (-r.visits, -r.mean[seat]))
        if not ranked:  # no simulation got past the root: the favourite
            ranked = [Analysis(a, 0, (0.0,) * self.seats) for a in self._candidates(state, True)[0]]
        return ranked

    def root_candidates(self, state: State, seed: int) -> list[Action]:
        """The root's candidates, its ranker seeded with ``seed`` (ties drawn the same each time):
        ranked once for all of an ``@N`` search's workers, so that they compare the same ones."""
        if isinstance(self.ranker, Seeded):
            self.ranker.rng.seed(seed)
        return self._candidates(state)[0]

    def _candidates(self, state: State, root: bool = False) -> tuple[list[Action], list[float]]:
        """The actions a decision node considers, with their priors (the root's as given, if given)."""
        if root and self.root_actions is not None:
            actions = self.root_actions
            weights = [0.5 ** i if self.ranker is not None else 1.0 for i in range(len(actions))]
        elif self.ranker is not None:
            actions = self.ranker.rank(state)[:self.width]
            weights = [0.5 ** i for i in range(len(actions))]
        else:
            actions = state.legal_actions()
            weights = [1.0] * len(actions)
        total = sum(weights)
        return actions, [w / total for w in weights]

    def _simulate(self, root: _Node, state: State, base: int) -> None:
        node = root
        path = [root]
        rng = self.rng
        while not state.is_terminal():
            if state.is_chance_node():
                outcome = sample_outcome(state, rng)
                children = node.children
                if children is None:
                    children = node.children = {}
                child = children.get(outcome)
                if child is None:
                    child = children[outcome] = _Node(self.seats)
                state.apply_action(outcome)
                node = child
                path.append(node)
                continue
            first_visit = node.children is None
            if first_visit:
                actions, priors = self._candidates(state, node is root)
                node.children = {a: _Node(self.seats, p) for a, p in zip(actions, priors, strict=True)}
            seat = state.current_player()
            action, child = self._select(node, seat)
            if node is root:  # common random numbers: the k-th visit of each root action, same dice
                rng.seed(seed_from(base, child.visits))
                if isinstance(self.rollout, Seeded):
                    self.rollout.rng.seed(seed_from(base, child.visits, "rollout"))
            state.apply_action(action)
            node = child
            path.append(node)
            if first_visit or child.visits == 0:
                break
        returns = self._rollout(state)
        for n in path:
            n.visits += 1
            value = n.value
            for i, r in enumerate(returns):
                value[i] += r

    def _select(self, node: _Node, seat: int) -> tuple[int, _Node]:
        """PUCT: mean return + exploration × prior × √(parent visits) / (1 + visits)."""
        assert node.children is not None
        scale = self.exploration * math.sqrt(node.visits + 1)
        best: tuple[int, _Node] | None = None
        best_score = -math.inf
        for action, child in node.children.items():
            mean = child.value[seat] / child.visits if child.visits else 0.0
            score = mean + scale * child.prior / (1 + child.visits)
            if score > best_score:
                best, best_score = (action, child), score
        assert best is not None
        return best

    def _rollout(self, state: State) -> list[float]:
        return rollout(state, self.rng, self.rollout, self.evaluator, self.max_rollout_steps)


def rollout(state: State, rng: random.Random, agent: Agent | None, evaluator: Evaluator | None,
            max_steps: int, chance: Callable[[State], Action] | None = None) -> list[float]:
    """Plays ``state`` on (the agent's choices, else uniform ones; chance drawn with ``rng``, or
    given by ``chance``) to the end or for ``max_steps`` actions; each seat's return, or the
    evaluator's value there."""
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if state.is_chance_node():
            action = sample_outcome(state, rng) if chance is None else chance(state)
        elif agent is not None:
            action = agent.choose(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        steps += 1
    if evaluator is not None and not state.is_terminal():
        return evaluator.evaluate(state)
    return state.returns()
