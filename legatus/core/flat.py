"""Flat Monte Carlo over the favourites: each of the rollout agent's ``width`` favourite moves is
played on as many futures as the others, the k-th future of every move on the same dice, and the
move with the best mean return is chosen.

Why not PUCT (:mod:`.mcts`): where every move's win chance lies near zero and the moves differ
by tenths of a point, PUCT's exploration term, of the order of one, keeps the favourite
whatever the futures say, and its few visits to the others give means too noisy to overrule it
(docs/agents.md, issue 16). Here the whole budget goes to the comparison the decision needs: with
a budget of ``simulations``, every candidate is tried on ``simulations / width`` futures, and
common random numbers (the same dice for the k-th future of each) cancel the luck the futures
share, so that what is left of the difference between two means is mostly the moves'.

In a game with secrets each future starts from a state drawn consistent with what the seat to
move has seen (``state.resample``), the k-th of every candidate the same draw: the search never
reads what the seat may not know, and the candidates are compared on the same guess of the
hidden cards as on the same dice (issue 36).

A budget in seconds plays rounds (each candidate once, on the round's dice) until the time is
spent, so that the candidates always have as many futures each.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from .actions import Action
from .agent_types import Seeded, deciding_seat
from .game import State
from .mcts import Analysis, MCTSAgent, rollout, search_until, seed_from


class FlatAgent(MCTSAgent):
    """``flat+heuristic:400``: the heuristic's four favourites on 100 futures each. Without a
    ranking rollout agent every legal move is a candidate."""

    common_dice = True
    """The k-th future of every candidate on the same dice; False gives each candidate its own
    (to measure what the common dice gain: benchmarks/hispania_choices.py --own-dice)."""

    tie: float | None = None
    """The candidates whose mean falls short of the best's by no more than ``tie`` standard errors
    of their paired difference (the same futures) are a near tie, settled by the ranking's order
    (issue 36; :func:`settle_ties`). Where unset, the evaluator's own ``tie`` (Hannibal's
    heuristic: 1.0), else none; 0 sets it off (benchmarks/hannibal_indicators.py ``/plain``). A
    root-parallel search (``@N``) settles its merged root's so, on every worker's futures."""

    @property
    def near_tie(self) -> float | None:
        """The near-tie margin in force (:attr:`tie`, else the evaluator's), or None."""
        own = self.tie if self.tie is not None else getattr(self.evaluator, "tie", None)
        return float(own) if isinstance(own, (int, float)) and own > 0 else None

    def analyse(self, state: State) -> list[Analysis]:
        """The candidates, best mean return first (for the seat to move); the ranking breaks ties."""
        seat = deciding_seat(state)
        if self.parallel is not None:
            merged, self.last_simulations = self.parallel(state)
            return merged
        candidates = self._candidates(state, True)[0]
        self._decisions += 1
        base = seed_from(self.seed, self._decisions)
        sums = [[0.0] * self.seats for _ in candidates]
        own: list[list[float]] = [[] for _ in candidates]  # the seat's return on each future
        # the budget a decision of ``width`` candidates gets, shared: fewer candidates, fewer futures
        futures = math.ceil((self.simulations or 1) / max(len(candidates), self.width or 1))
        rounds = 0

        def one_round() -> None:  # each candidate once, on the round's dice
            nonlocal rounds
            shared = self._draw(state, seat, (base, rounds)) if self.common_dice else None
            for i, action in enumerate(candidates):
                dice = (base, rounds) if self.common_dice else (base, rounds, i)
                drawn, after = shared or self._draw(state, seat, dice)
                self.rng.setstate(after)
                if isinstance(self.rollout, Seeded):
                    self.rollout.rng.seed(seed_from(*dice, "rollout"))
                future = drawn.clone()
                future.apply_action(action)
                returns = rollout(future, self.rng, self.rollout, self.evaluator, self.max_rollout_steps)
                for s, r in enumerate(returns):
                    sums[i][s] += r
                own[i].append(returns[seat])
            rounds += 1

        search_until(one_round, futures, self.seconds, self.max_seconds)
        self.last_simulations = rounds * len(candidates)
        table = state.game.actions
        ranked = [Analysis(table[a], rounds, tuple(v / rounds for v in sums[i]), tuple(own[i]))
                  for i, a in enumerate(candidates)]
        place = {int(a): i for i, a in enumerate(candidates)}
        ranked.sort(key=lambda r: (-r.mean[seat], place[int(r.action)]))
        return settle_ties(ranked, self.near_tie, lambda r: place[int(r.action)])

    def _draw(self, state: State, seat: int, dice: tuple[object, ...]) -> tuple[State, tuple[Any, ...]]:
        """A future's start, drawn on ``dice``'s seed from what ``seat`` has seen (a plain copy in a
        game without secrets), and the generator's state after the draw. A round draws it once for
        all its candidates: where a game replays its history to draw (Hannibal in a spied
        battle), 256 draws took 4-8 CPU s of a decision (issue 36)."""
        self.rng.seed(seed_from(*dice))
        return state.resample(seat, self.rng), self.rng.getstate()

    def choose(self, state: State) -> Action:
        ranked = self.analyse(state)
        best = ranked[0]
        chance = state.game.win_chance(best.mean[state.current_player()])
        self.reason = (f"win chance {chance:.0%}, the best of {len(ranked)} moves each tried on the same "
                       f"{best.visits} simulated futures" if len(ranked) > 1 else
                       f"win chance {chance:.0%} on {best.visits} simulated futures, the one move worth trying here")
        return best.action


def settle_ties(ranked: list[Analysis], tie: float | None, place: Callable[[Analysis], int]) -> list[Analysis]:
    """``ranked`` (best mean first) with the candidates within ``tie`` standard errors of the
    paired difference from the best (their ``returns`` on the same futures) moved to the front
    in ``place``'s order (the ranking's): a near tie, which more futures do not settle, goes to
    the ranking rather than to the noise. Unchanged without a margin or with one future."""
    if not tie or len(ranked[0].returns) < 2:
        return ranked
    best = ranked[0].returns
    tied = [i for i, r in enumerate(ranked) if _short_by(best, r.returns) <= tie]
    return sorted((ranked[i] for i in tied), key=place) + [r for i, r in enumerate(ranked) if i not in tied]


def _short_by(best: Sequence[float], other: Sequence[float]) -> float:
    """How many standard errors of the paired differences ``other``'s mean falls short of ``best``'s."""
    differences = [b - o for b, o in zip(best, other, strict=True)]
    mean = statistics.fmean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    return 0.0 if mean <= 0 else math.inf if error == 0 else mean / error
