"""A heuristic agent for VIAE: one step of lookahead on a score of the position (cities,
influence, Mandatum, resources, a marker next to a city it can take), the lowest die kept,
the free turn spot, and the strongest opponent as a card's target."""

from __future__ import annotations

import random

from legatus.core.actions import Action
from legatus.core.game import Game, State

from .rules import agere, end, mandatum, phases
from .state import ViaeState


def value(st: ViaeState, p: int) -> float:
    """How good the position is for ``p`` (higher is better)."""
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
    for m in st.personal[2 * p:2 * p + 2]:  # progress towards the personal Mandatum
        if m >= 0 and st.completed[m] < 0:
            regions = st.game.cards.mandatum[m].regions
            score += 0.5 * sum(1 for r in regions for c in b.region_cities[r] if st.control[c] == p)
    return score


class HeuristicAgent:
    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, state: State) -> Action:
        assert isinstance(state, ViaeState)
        st = state
        legal = st.legal_actions()
        if len(legal) == 1:
            self.reason = "the only action"
            return legal[0]
        p = st.current_player()
        proc = st.frame()[0]
        texts = [str(a) for a in legal]
        if proc == phases.KEEP:
            keeps = [a for a in legal if str(a).startswith("keep")]
            self.reason = "the lowest result"
            return keeps[0]
        if proc == phases.ORDO:
            self.reason = "a free spot"
            return legal[texts.index("ordo free")]
        if proc == phases.TARGET_SEAT:
            scores = end.scores(st)
            self.reason = "the leader"
            return max(legal, key=lambda a: scores[st.game.seats.index(str(a).split()[1])])
        if proc == phases.INCOME:
            self.reason = "Stone while short of it"
            return legal[min(len(legal) - 1, 1 if st.stone[p] >= 6 else len(legal) // 2)]
        best, best_value = legal[0], float("-inf")
        for action in legal:
            child = st.clone()
            child.apply_action(action)
            v = value(child, p) + self.rng.random() * 0.01
            if child.stack and child.is_chance_node() and child.target >= 0:
                v += 1.0  # a conquest under way
            if str(action) in ("prepare", "end turn"):
                v -= 0.5  # spend actions first
            if v > best_value:
                best, best_value = action, v
        self.reason = "the best position one step ahead"
        return best
