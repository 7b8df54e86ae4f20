"""Search for games with secrets: single-observer information-set MCTS, and a determinized
MCTS baseline. Both work on any game of the core contract and never need the true state:
each simulation starts from ``state.resample(seat, rng)``, a state drawn consistent with what
the searching seat (the *observer*) has seen.

Information-set MCTS (Cowling, Powley & Whitehouse, 2012, "SO-ISMCTS") grows one tree over
the observer's information: an edge is an action *as the observer sees it*
(``action_to_string(action, observer)``), so another seat's private draw, whatever the card,
is one edge. Each simulation draws a new determinization and walks the tree through the
edges available in it, choosing by UCB with availability counts (an edge is scored against
the number of simulations in which it could have been chosen); a seat picks the edge best for
itself. Below the tree a rollout (the rollout agent, else uniform play) finishes the game, or
an :class:`~.agents.Evaluator` values it after ``horizon`` actions (the evaluator's own, else 40).
The UCB constant ``exploration`` is the evaluator's own too where it brings one. When the rollout
agent can rank the legal actions (a :class:`~.agents.Ranker`), a decision node offers only the
edges of its ``width`` favourites, as :class:`~.mcts.MCTSAgent` does: the simulations go to a few
good moves instead of a few each to dozens. Its final choice is the most visited edge; with
``near`` (an option that benchmarks/hannibal_indicators.py measures), those within ``near`` square
roots of its visits (a count's noise is about its square root) are a near tie, settled by the
ranker's order: the same whatever the seed, but weaker (issue 36: it lost 27 of 32 paired games at
32 simulations), so neither the agents nor the hints use it.

Two options guide the search by the ranker (issue 36, off by default): ``prior``, a PUCT term
``prior × ½^rank × √available / (1 + visits)`` added to an edge's UCB score and the best-ranked
new edge expanded first, so that a favourite is kept unless the futures say otherwise; and
``widening`` (progressive widening instead of a hard ``width``), a node offering its
``⌈widening × √(visits + 1)⌉`` favourites, more as its simulations grow.

The determinized baseline (Perfect Information Monte Carlo) runs the perfect-information
:class:`~.mcts.MCTSAgent` on several determinizations and adds up the root's visits.

Win chances come from the game's utility bounds.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict

from .actions import Action
from .agent_types import HORIZON, Agent, Evaluator, Ranker, Seeded, deciding_seat, favourites, search_setting
from .game import Game, State
from .mcts import Analysis, MCTSAgent, RootSearch, estimate, rollout, search_until
from .session import sample_outcome

EXPLORATION = 0.7
"""The UCB constant on the utility range, unless the evaluator brings its own."""

NEAR = 2.0
"""The measured near-tie rule (``near``): visits within this many square roots of the most
visited's are a near tie (about two standard deviations of a count), settled by the ranker's order."""


class _Edge:
    __slots__ = ("children", "visits", "available", "value")

    def __init__(self, seats: int) -> None:
        self.children: dict[object, _Edge] = {}
        self.visits = 0
        self.available = 0
        self.value = [0.0] * seats


class ISMCTSAgent:
    """Single-observer information-set MCTS; ``simulations`` or ``seconds`` bound a decision."""

    def __init__(self, game: Game, simulations: int | None = 200, seconds: float | None = None,
                 rollout: Agent | None = None, seed: int | None = None, exploration: float | None = None,
                 horizon: int | None = None, max_rollout_steps: int = 100_000,
                 max_seconds: float | None = None, width: int | None = 4, near: float | None = None,
                 prior: float = 0.0, widening: float | None = None) -> None:
        self.game = game
        self.max_seconds = max_seconds  # a hard bound on any decision, whatever the budget (a server's)
        self.seats = game.num_players()
        self.simulations = simulations
        self.seconds = seconds
        self.rollout = rollout
        self.rng = random.Random(seed)
        self.evaluator = rollout if isinstance(rollout, Evaluator) else None
        self.ranker = rollout if isinstance(rollout, Ranker) else None
        self.width = width if self.ranker is not None else None
        self.near = near if self.ranker is not None else None  # None: the most visited, whatever the margin
        self.prior = prior if self.ranker is not None else 0.0
        self.widening = widening if self.ranker is not None else None
        self.exploration = search_setting(self.evaluator, "exploration", exploration, EXPLORATION)
        self.max_rollout_steps = max_rollout_steps if self.evaluator is None else \
            int(search_setting(self.evaluator, "horizon", horizon, HORIZON))
        self.span = (game.max_utility - game.min_utility) or 1.0
        self.reason = ""
        self.last_simulations = 0
        self.parallel: RootSearch | None = None  # ``@N``: the search runs in N worker processes
        self.root_actions: list[Action] | None = None  # an ``@N`` worker's: the root ranked in the main process

    def choose(self, state: State) -> Action:
        deciding_seat(state)
        legal = state.legal_actions()
        if len(legal) == 1:  # nothing to search
            self.last_simulations = 0
            self.reason = "the only legal action"
            return legal[0]
        ranked = self.analyse(state)
        best = ranked[0]
        chance = state.game.win_chance(best.mean[state.current_player()])
        self.reason = estimate(chance, best.visits, self.last_simulations)
        return best.action

    def analyse(self, state: State) -> list[Analysis]:
        """Search from the information set of the seat to move; its actions, most visited first."""
        observer = deciding_seat(state)
        if self.parallel is not None:  # each worker draws its determinizations from ``state``, as here
            ranked, self.last_simulations = self.parallel(state)
            return ranked
        root = _Edge(self.seats)
        # The observer's actions are the same in every state it cannot tell apart: ranked once.
        first = self.root_actions if self.root_actions is not None else self._candidates(state)
        self.last_simulations = search_until(
            lambda: self._simulate(root, state.resample(observer, self.rng), observer, first),
            self.simulations, self.seconds, self.max_seconds)
        table = state.game.actions
        legal = set(state.legal_actions())
        ranked = [Analysis(table[key], edge.visits, tuple(v / edge.visits for v in edge.value))
                  for key, edge in root.children.items()
                  if isinstance(key, int) and key in legal and edge.visits]
        ranked.sort(key=lambda r: (-r.visits, -r.mean[observer]))
        if not ranked:  # no simulation got past the root: the favourites
            ranked = [Analysis(a, 0, (0.0,) * self.seats) for a in first]
        elif self.near is not None:
            ranked = _near_ties_ranked(ranked, first, self.near)
        return ranked

    def root_candidates(self, state: State, seed: int) -> list[Action]:
        """The root's candidates, its ranker seeded with ``seed`` (ties drawn the same each time):
        ranked once for all of an ``@N`` search's workers, so that they compare the same ones."""
        if isinstance(self.ranker, Seeded):
            self.ranker.rng.seed(seed)
        return self._candidates(state)

    def _candidates(self, state: State) -> list[Action]:
        """The actions a decision node offers: the ranker's ``width`` favourites, else all."""
        return favourites(state, self.ranker, self.width)

    def _key(self, state: State, action: int, observer: int) -> object:
        """The edge of ``action``: the action itself where the observer sees it, else what it sees."""
        if state.is_chance_node() or state.current_player() != observer:
            seen = state.action_to_string(action, observer)
            return action if seen == str(state.game.actions[action]) else seen
        return action

    def _simulate(self, root: _Edge, state: State, observer: int, first: list[Action]) -> None:
        node = root
        path = [root]
        rng = self.rng
        expanded = False
        while not state.is_terminal() and not expanded:
            if state.is_chance_node():
                action = int(sample_outcome(state, rng))
                key = self._key(state, action, observer)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Edge(self.seats)
                    expanded = True
                child.available += 1
            else:
                seat = state.current_player()
                groups: dict[object, list[int]] = defaultdict(list)
                offered = first if node is root else self._candidates(state)
                if self.widening is not None:
                    offered = offered[:math.ceil(self.widening * math.sqrt(node.visits + 1))]
                for a in offered:
                    groups[self._key(state, int(a), observer)].append(int(a))
                unseen = [k for k in groups if k not in node.children]
                for k in groups:
                    if k in node.children:
                        node.children[k].available += 1
                if unseen:
                    key = unseen[0] if self.prior else rng.choice(unseen)
                    child = node.children[key] = _Edge(self.seats)
                    child.available += 1
                    expanded = True
                else:
                    key = self._select(node, groups, seat)
                    child = node.children[key]
                action = rng.choice(groups[key])
            state.apply_action(action)
            node = child
            path.append(node)
        returns = self._rollout(state)
        for n in path:
            n.visits += 1
            for i, r in enumerate(returns):
                n.value[i] += r

    def _select(self, node: _Edge, groups: dict[object, list[int]], seat: int) -> object:
        """UCB1 over the available edges, scored for ``seat`` on the game's utility bounds (plus
        the ``prior`` term, ``groups`` being in the ranker's order)."""
        best_key: object = None
        best_score = -math.inf
        low = self.game.min_utility
        for rank, key in enumerate(groups):
            child = node.children[key]
            mean = (child.value[seat] / child.visits - low) / self.span
            score = mean + self.exploration * math.sqrt(math.log(child.available) / child.visits)
            if self.prior:
                score += self.prior * 0.5 ** rank * math.sqrt(child.available) / (1 + child.visits)
            if score > best_score:
                best_key, best_score = key, score
        return best_key

    def _rollout(self, state: State) -> list[float]:
        return rollout(state, self.rng, self.rollout, self.evaluator, self.max_rollout_steps)


def _near_ties_ranked(ranked: list[Analysis], order: list[Action], near: float) -> list[Analysis]:
    """``ranked`` (most visited first) with the most visited and those within ``near`` square roots
    of its visits put in ``order`` (the ranker's, best first)."""
    margin = ranked[0].visits - near * math.sqrt(ranked[0].visits)
    place = {a: i for i, a in enumerate(order)}
    tied = sorted((r for r in ranked if r.visits >= margin), key=lambda r: place.get(r.action, len(place)))
    return tied + [r for r in ranked if r.visits < margin]


class DeterminizedMCTSAgent:
    """MCTS on ``determinizations`` states drawn consistent with the seat's information, the
    root's visits added up (the budget is shared out among them)."""

    def __init__(self, game: Game, simulations: int | None = 200, seconds: float | None = None,
                 rollout: Agent | None = None, seed: int | None = None, determinizations: int = 8,
                 max_seconds: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.determinizations = determinizations
        share_sims = None if simulations is None else max(1, simulations // determinizations)
        share_secs = None if seconds is None else seconds / determinizations
        share_max = None if max_seconds is None else max_seconds / determinizations
        self.search = MCTSAgent(game, simulations=share_sims, seconds=share_secs, rollout=rollout, seed=seed,
                                max_seconds=share_max)
        self.reason = ""
        self.last_simulations = 0
        self.parallel: RootSearch | None = None  # ``@N``: the search runs in N worker processes

    def choose(self, state: State) -> Action:
        ranked = self.analyse(state)
        best = ranked[0]
        chance = state.game.win_chance(best.mean[state.current_player()])
        self.reason = f"{estimate(chance, best.visits, self.last_simulations)}, over " \
                      f"{self.determinizations} guesses of the hidden cards"
        return best.action

    def analyse(self, state: State) -> list[Analysis]:
        seat = deciding_seat(state)
        if self.parallel is not None:
            ranked, self.last_simulations = self.parallel(state)
            return ranked
        visits: dict[int, int] = defaultdict(int)
        sums: dict[int, list[float]] = {}
        total = 0
        for _ in range(self.determinizations):
            for result in self.search.analyse(state.resample(seat, self.rng)):
                a = int(result.action)
                visits[a] += result.visits
                acc = sums.setdefault(a, [0.0] * len(result.mean))
                for i, m in enumerate(result.mean):
                    acc[i] += m * result.visits
            total += self.search.last_simulations
        self.last_simulations = total
        table = state.game.actions
        ranked = [Analysis(table[a], n, tuple(v / n for v in sums[a])) for a, n in visits.items() if n]
        ranked.sort(key=lambda r: (-r.visits, -r.mean[seat]))
        if not ranked:
            ranked = [Analysis(a, 0, (0.0,) * state.game.num_players()) for a in state.legal_actions()]
        return ranked
