"""A heuristic agent for VIAE: one step of lookahead on a score of the position (cities,
influence, Mandatum, resources, a marker next to a city it can take), the lowest die kept,
the free turn spot, and the strongest opponent as a card's target.

It also values a position for a search (:meth:`HeuristicAgent.evaluate`, an
:class:`~legatus.core.agents.Evaluator`, so that ``ismcts+heuristic`` stops its rollouts after a
horizon): each seat's chance of winning, a softmax of the seats' public scores.

VIAE's strongest player, :class:`GuidedAgent` (``guided``, the hint's; it beat heuristic seats
pooled over 2 to 5 players, issue 36, docs/agents.md): IS-MCTS guided by the heuristic's
ranking (a prior, and progressive widening instead of its four favourites only), valuing the
searching seat's own progress towards its personal Mandatum too (issue 36)."""

from __future__ import annotations

import math
import random

from legatus.core.actions import Action
from legatus.core.agents import deciding_seat
from legatus.core.game import Game, State
from legatus.core.ismcts import ISMCTSAgent
from legatus.core.mcts import Analysis, rollout

from .ids import Id
from .rules import agere, end, mandatum
from .state import ViaeState

TEMPERATURE = (4.0, 1.0)
"""The softmax's temperature in score points, ``a + b * rounds left``: a lead counts for less
early in the game. Fitted to heuristic games by ``benchmarks/viae_value.py`` (docs/agents.md#viae)."""


def public_value(st: ViaeState, p: int) -> float:
    """How good the position is for ``p`` (higher is better), from what every seat sees."""
    b = st.game.board
    cities = st.cities_of(p)
    score = 3.0 * len(cities) + 1.5 * st.influence[p] + mandatum.bonus(st, p) + end.basilicas_of(st, p)
    score += 0.15 * min(st.denar[p], 20) + 0.2 * min(st.stone[p], 10) + 0.4 * st.roads_of(p)
    score += 0.5 * st.legio[p] + 0.3 * st.hand_size(p)
    score += 1.0 * sum(1 for o in st.officers[2 * p:2 * p + 2] if o >= 0)
    here = st.marker[p]
    if here >= 0 and here != b.roma and st.control[here] < 0 and not st.hostility[here] \
            and agere.power(st, p) >= b.city_value[here]:
        score += 2.0  # a city to take next
    return score


def value(st: ViaeState, p: int) -> float:
    """:func:`public_value` and ``p``'s progress towards its personal Mandatum (its own secret)."""
    score = public_value(st, p)
    for m in st.personal[2 * p:2 * p + 2]:
        if m >= 0 and st.completed[m] < 0:
            regions = st.game.cards.mandatum[m].regions
            score += 0.5 * sum(1 for r in regions for c in st.game.board.region_cities[r] if st.control[c] == p)
    return score


def win_chances(st: ViaeState, temperature: tuple[float, float] = TEMPERATURE, own: int | None = None) -> list[float]:
    """Each seat's chance of winning as the heuristic sees it: a softmax of the public values at
    the temperature ``a + b * rounds left`` (chances on the game's utility scale, 0 to 1, that add
    up to 1 as the returns do); the returns themselves once the game is over. Seat ``own``'s
    value counts its personal Mandatum progress too (:func:`value`: a search's own secret)."""
    if st.is_terminal():
        return st.returns()
    rounds_left = max(0, st.game.tracks.rounds - st.round)
    t = temperature[0] + temperature[1] * rounds_left
    values = [(value(st, p) if p == own else public_value(st, p)) / t for p in range(st.game.num_players())]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


class HeuristicAgent:
    horizon = 10
    """A search's rollouts value the position after 10 actions (the rest of a turn and the next
    seat's first actions): a heuristic decision costs a clone and a move for each legal action."""
    exploration = 0.1
    """IS-MCTS's UCB constant: one action's lead is a few hundredths of a chance of winning, and
    the core's 0.7 spreads 100 simulations evenly over the moves (docs/agents.md#viae)."""

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, state: State) -> Action:
        return self.rank(state)[0]

    def rank(self, state: State) -> list[Action]:
        """The legal actions, the agent's favourite first (a search keeps its favourites:
        :class:`~legatus.core.agents.Ranker`); the rest in order of the position one step ahead,
        or as they come where the choice is a rule of thumb (a die, a turn spot, a target)."""
        assert isinstance(state, ViaeState)
        deciding_seat(state)
        st = state
        legal = st.legal_actions()
        if len(legal) == 1:
            self.reason = "the only action"
            return legal
        first = self._rule_of_thumb(st, legal)
        if first is not None:
            return [first, *(a for a in legal if a != first)]
        p = st.current_player()
        scored = []
        for action in legal:
            child = st.clone()
            child.apply_action(action)
            v = value(child, p) + self.rng.random() * 0.01
            if child.stack and child.is_chance_node() and child.target >= 0:
                v += 1.0  # a conquest under way
            if str(action) in ("prepare", "end turn"):
                v -= 0.5  # spend actions first
            scored.append((v, action))
        scored.sort(key=lambda s: -s[0])  # stable: the first of equals stays first
        self.reason = "the best position one step ahead"
        return [a for _, a in scored]

    def _rule_of_thumb(self, st: ViaeState, legal: list[Action]) -> Action | None:
        """The choice where a rule of thumb makes it (and its reason), else None."""
        p = st.current_player()
        proc = st.frame()[0]
        if proc == Id.KEEP:
            self.reason = "the lowest result"
            return next(a for a in legal if str(a).startswith("keep"))
        if proc == Id.ORDO:
            self.reason = "a free spot"
            return next(a for a in legal if str(a) == "ordo free")
        if proc == Id.TARGET_SEAT:
            scores = end.scores(st)
            self.reason = "the leader"
            return max(legal, key=lambda a: scores[st.game.seats.index(str(a).split()[1])])
        if proc == Id.INCOME:
            self.reason = "Stone while short of it"
            return legal[min(len(legal) - 1, 1 if st.stone[p] >= 6 else len(legal) // 2)]
        return None

    def evaluate(self, state: State) -> list[float]:
        """Each seat's chance of winning (:func:`win_chances`): it reads only what every seat
        sees, so a state drawn for one seat gives what the true state would."""
        assert isinstance(state, ViaeState)
        return win_chances(state)


class OwnValue:
    """A search's value (an :class:`~legatus.core.agents.Evaluator`): :func:`win_chances` with
    the searching seat's own Mandatum progress, which the drawn states hold truly (its own cards)."""

    def __init__(self) -> None:
        self.seat: int | None = None

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, ViaeState)
        return win_chances(state, own=self.seat)


class GuidedAgent(ISMCTSAgent):
    """IS-MCTS on heuristic rollouts (10 actions, then the value), guided by the heuristic's
    ranking at every decision node: a PUCT prior of ``PRIOR`` halving down the ranking, and the
    ``⌈WIDENING × √(visits + 1)⌉`` favourites offered (1 at first, 4 once it has 25 visits, 8 at 136); the
    searching seat's value counts its personal Mandatum progress (:class:`OwnValue`)."""

    SIMULATIONS = 150
    PRIOR = 0.03
    WIDENING = 0.6

    def __init__(self, game: Game, seed: int | None = None, simulations: int | None = None,
                 seconds: float | None = None, max_seconds: float | None = None) -> None:
        if simulations is None and seconds is None:
            simulations = self.SIMULATIONS
        heuristic = HeuristicAgent(game, None if seed is None else seed + 1)
        super().__init__(game, simulations=simulations, seconds=seconds, rollout=heuristic, seed=seed,
                         max_seconds=max_seconds, width=None, prior=self.PRIOR, widening=self.WIDENING)
        self.own = OwnValue()

    def analyse(self, state: State) -> list[Analysis]:
        self.own.seat = deciding_seat(state)
        return super().analyse(state)

    def _rollout(self, state: State) -> list[float]:
        return rollout(state, self.rng, self.rollout, self.own, self.max_rollout_steps)
