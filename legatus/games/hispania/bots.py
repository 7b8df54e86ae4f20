"""A heuristic player for every seat of Hispania: the Romans and the Hispano.

The Roman side scores each legal action by what it buys and what it costs, looking one
step ahead for moves (what the general can do where he arrives with the denarii left):

- a revolt removed is worth more in a province close to being cleared (its capital can then
  be garrisoned), in a Roman province (victory needs them calm), and when the revolt reserve
  runs low (the race against the reserve);
- an army destroyed is worth several revolts (it spreads one a turn), a lost attack costs the
  general's place and a blocked denarius;
- a garrison in a capital whose province is calm is the best buy there is; elsewhere a
  garrison is worth it next to an army (it stops the army's spread) while garrisons are left
  for the capitals;
- a denarius spent is worth a fixed amount, so that a weak siege is not bought.

Success chances are computed exactly for the combats at hand (every die face) and estimated
for the combats a move would open. The Hispano buys a re-roll when the revolt roll would do
nothing, reinforces a defence that the denarii can save, chooses an army's way towards calm
cities, and attacks a capital's garrison or a general when the odds are good.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from legatus.core.actions import Action
from legatus.core.agents import deciding_seat

from . import value
from .board import HISPANIC_PROVINCES
from .notation import (
    ASSASSINATE,
    ATTACK,
    BESIEGE,
    CHOOSE,
    END,
    ENTER,
    ENTER_MOVE,
    GARRISON,
    GARRISON_PURPLE,
    HISPANO_ATTACK,
    MOVE,
    MOVE_OTHER,
    PASS,
    PROCONSUL_ATTACK,
    PROCONSUL_BESIEGE,
    PROCONSUL_IN,
    REINFORCE,
    REROLL_HISPANIC,
    ROAD,
    START,
)
from .pieces import GENERALS, HOME, MAX_DISCS, PROCONSUL, PURPLE
from .rules import combat, garrison, movement, phases, scenarios, turn
from .text import count
from .weights import Weights, table

if TYPE_CHECKING:
    from .game import HispaniaGame
    from .state import HispaniaState


@cache
def _p_roman(x: int, k: int, defence: int, ties: bool) -> float:
    """P((die + x) × 2^k beats ``defence``) over the six faces of the Roman die."""
    wins = sum(1 for d in range(1, 7) if ((d + x) << k) > defence or ties and ((d + x) << k) == defence)
    return wins / 6


@cache
def _p_attack(x: int, k: int, revolts: int, j: int, special: bool, ties: bool, power: bool) -> float:
    """P((r + x) × 2^k beats the army's (h + revolts) × 2^j (×2 special)) over 36 pairs."""
    wins = 0
    for h in range(1, 7):
        army = h if power else ((h + revolts) << j) * (2 if special else 1)
        for r in range(1, 7):
            roman = (r + x) << k
            if roman > army or ties and roman == army:
                wins += 1
    return wins / 36


def _best_first(scored: tuple[float, Action]) -> float:
    return -scored[0]


def _by_value_per_denarius(option: tuple[float, int, int]) -> float:
    return -option[0] / option[1]


class HeuristicAgent:
    """Plays any seat of Hispania by the rules of thumb above, the Romans' valuations weighed by
    the weights table ``WEIGHTS`` (data/weights.toml) unless ``weights`` are given."""

    WEIGHTS = "heuristic"

    def __init__(self, game: HispaniaGame, seed: int | None = None, weights: Weights | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.reason = ""
        self.weights = weights or table(self.WEIGHTS)

    def choose(self, state: HispaniaState) -> Action:
        deciding_seat(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            self.reason = "the only legal action"
            return legal[0]
        phase = state.phase
        if phase == phases.ROMAN:
            return self._roman(state, legal)
        if phase == phases.HISPANO:
            return self._hispano(state, legal)
        return self._placement(state, legal)

    # --- The Roman phase ---------------------------------------------------------------------
    def evaluate(self, state: HispaniaState) -> list[float]:
        """Each seat's expected return from ``state`` (the value model: docs/agents.md)."""
        roman = 2 * value.roman_win_chance(state) - 1
        hispano = state.game.hispano_seat
        return [-roman if seat == hispano else roman for seat in range(state.game.num_players())]

    def rank(self, state: HispaniaState) -> list[Action]:
        """The legal actions, the agent's favourite first (search agents widen along it)."""
        deciding_seat(state)
        legal = state.legal_actions()
        if state.phase != phases.ROMAN or len(legal) == 1:
            first = self.choose(state)
            return [first, *(a for a in legal if a != first)]
        scored = self._roman_scores(state, legal, _Context(state, self.weights))
        scored.sort(key=_best_first)  # stable: among equals, the legal order
        return [a for _, a in scored]

    def _roman(self, st: HispaniaState, legal: Sequence[Action]) -> Action:
        ctx = _Context(st, self.weights)
        score, best = -math.inf, legal[0]
        for s, action in self._roman_scores(st, legal, ctx):
            if s > score:  # the first of equals, as in rank()
                score, best = s, action
        self.reason = self._why(st, ctx, best) if score > 0 else "nothing left worth a denarius"
        return best

    def _roman_scores(self, st: HispaniaState, legal: Sequence[Action], ctx: _Context) -> list[tuple[float, Action]]:
        """Every legal action with its score, in the legal order (``end`` scores 0)."""
        w = self.weights
        decode = st.notation.decode
        g = st.turn
        here = st.general_at[g]
        money = st.money
        stay = ctx.plan(g, here, money)
        scored: list[tuple[float, Action]] = []
        for action in legal:
            kind, a, b, _ = decode[action]
            if kind == MOVE:  # the most of them
                cost = st.move_costs[a]
                score = ctx.plan(g, a, money - cost) - stay - w.move_cost * (cost + 1)
            elif kind == BESIEGE or kind == PROCONSUL_BESIEGE:
                fighter = PROCONSUL if kind == PROCONSUL_BESIEGE else g
                p = ctx.p_siege(fighter, st.general_at[fighter], a, b)
                score = p * ctx.revolt_value(a) - w.denarius * b
            elif kind == ATTACK or kind == PROCONSUL_ATTACK:
                fighter = PROCONSUL if kind == PROCONSUL_ATTACK else g
                p = ctx.p_attack(fighter, st.general_at[fighter], a, b)
                score = p * ctx.army_value(a) - (1 - p) * w.defeat - w.denarius * b
            elif kind == GARRISON or kind == GARRISON_PURPLE:
                score = ctx.garrison_value(g, here) - w.denarius
            elif kind == MOVE_OTHER and st.general_at[a] >= 0:
                cost = movement.general_costs(st, a, st.general_at[a], money).get(b, money)
                gain = ctx.plan(a, b, 3) - ctx.plan(a, st.general_at[a], 3)
                score = w.other_general * gain - w.denarius * cost
            elif kind == PROCONSUL_IN:
                score = w.proconsul
            elif kind == ASSASSINATE:
                p = a / 6
                score = p * w.assassinate - (1 - p) * w.assassinate_miss - w.denarius * a
            elif kind == ROAD:
                score = w.road - w.denarius * st.board.links[a].segments
            elif kind == END:
                score = 0.0
            else:
                score = -1.0
            scored.append((score, action))
        return scored

    @staticmethod
    def _why(st: HispaniaState, ctx: _Context, action: Action) -> str:
        """Why the Roman ``action`` was chosen, in a few words (worked out for the chosen one only)."""
        kind, a, b, _ = st.notation.decode[action]
        names = st.board.names
        g = st.turn
        if kind == BESIEGE or kind == PROCONSUL_BESIEGE:
            fighter = PROCONSUL if kind == PROCONSUL_BESIEGE else g
            return f"siege of {names[a]}: {ctx.p_siege(fighter, st.general_at[fighter], a, b):.0%}"
        if kind == ATTACK or kind == PROCONSUL_ATTACK:
            fighter = PROCONSUL if kind == PROCONSUL_ATTACK else g
            return f"attack on the army in {names[a]}: {ctx.p_attack(fighter, st.general_at[fighter], a, b):.0%}"
        if kind == GARRISON or kind == GARRISON_PURPLE:
            return f"garrison in {names[st.general_at[g]]}"
        if kind == MOVE:
            left = st.money - st.move_costs[a]
            return f"to {names[a]}, where the {count(left, 'denarius', 'denarii')} left buy more"
        if kind == MOVE_OTHER:
            return f"the {GENERALS[a]} to {names[b]}"
        if kind == PROCONSUL_IN:
            return "the proconsul: one more general"
        if kind == ASSASSINATE:
            return "traitors against the special army"
        if kind == ROAD:
            return "a road"
        return "nothing left worth a denarius"

    # --- Placements: roads, starting spaces, entries, the free move --------------------------
    def _placement(self, st: HispaniaState, legal: Sequence[Action]) -> Action:
        ctx = _Context(st, self.weights)
        decode = st.notation.decode
        board = st.board
        g = st.actor
        budget = st.game.denarii
        scored: list[tuple[float, float, Action]] = []
        for action in legal:
            kind, a, b, _ = decode[action]
            score: float
            if kind == ROAD:  # a road towards the Hispanic interior: to a city with many links
                link = board.links[a]
                far = link.b if any(st.roads[li] for _, _, li in board.adj[link.a]) else link.a
                score = len(board.land[far]) + sum(board.is_capital(n) for n in board.land[far])
            elif kind in (START, ENTER, MOVE):
                score = ctx.follow_up(g, a, budget)
            elif kind == ENTER_MOVE:
                cost = movement.general_costs(st, g, a, turn.money(st) + 1).get(b, budget)
                score = ctx.follow_up(g, b, budget - cost)
            elif kind == END:
                here = st.general_at[g]
                score = ctx.follow_up(g, here, budget) if here >= 0 else 0.0
            else:
                score = 0.0
            scored.append((score, self.rng.random(), action))
        score, _, action = max(scored)
        self.reason = f"the most promising place (score {score:.1f})"
        return action

    # --- The Hispano --------------------------------------------------------------------------
    def _hispano(self, st: HispaniaState, legal: Sequence[Action]) -> Action:
        decode = st.notation.decode
        board = st.board
        purpose = st.hispano_for
        by_kind = {decode[a][0]: a for a in legal}
        if purpose in (phases.H_SETUP_REVOLTS, phases.H_SETUP_ARMY):
            # the city with the most calm neighbours in its province: the revolt will spread
            def spread(c: int) -> float:
                own = board.province[c]
                return sum(1 for n in board.land[c] if board.province[n] == own and not st.revolts[n]) + \
                    board.is_capital(c) + self.rng.random() / 10
            action = max(legal, key=lambda a: spread(decode[a][1]))
            self.reason = f"revolt where it spreads: {board.names[decode[action][1]]}"
            return action
        if purpose == phases.H_REROLL:
            return self._reroll(st, by_kind)
        if purpose == phases.H_CHOOSE:
            calm = [a for a in legal if decode[a][0] == CHOOSE and not st.revolts[decode[a][1]]
                    and st.space_general[decode[a][1]] < 0 and not st.garrisons[decode[a][1]]]
            if len({decode[a][1] for a in calm}) >= 1 and len(st.candidates) > 1:
                action = max(calm, key=lambda a: sum(not st.revolts[n] for n in board.land[decode[a][1]]))
                self.reason = "the army's way towards calm cities"
                return action
            self.reason = "the die may choose as well"
            return by_kind[PASS]
        if purpose == phases.H_REINFORCE:
            return self._reinforce(st, legal)
        return self._attacks(st, legal)

    def _reroll(self, st: HispaniaState, by_kind: dict[int, Action]) -> Action:
        roman, hispanic = st.dice
        if st.roll_for == phases.REVOLT:
            province = scenarios.revolt_province(st, roman)
            city = st.board.city(province, hispanic)
            wasted = st.garrisons[city] or st.space_general[city] >= 0 or (
                st.revolts[city] >= MAX_DISCS and (not st.armies_in_reserve() or st.province_has_army(province)))
            if wasted:
                self.reason = "the roll would do nothing"
                return by_kind[REROLL_HISPANIC]
            if st.revolts[city] and st.armies_in_reserve() and not st.province_has_army(province):
                self.reason = "an army is coming"
                return by_kind[PASS]
            self.reason = "a revolt is placed"
            return by_kind[PASS]
        # an attack: roll again when the army loses with these dice and a face would win
        hispanic_wins = self._army_wins(st, hispanic)
        if not hispanic_wins and any(self._army_wins(st, h) for h in range(hispanic + 1, 7)):
            self.reason = "the army loses with this die"
            return by_kind[REROLL_HISPANIC]
        self.reason = "the dice are good enough"
        return by_kind[PASS]

    def _army_wins(self, st: HispaniaState, hispanic: int) -> bool:
        roman = st.dice[0]
        ties = st.game.ties_to_attacker
        if st.roll_for == phases.ATTACK:  # the Romans attack the army
            fighter = st.fighter
            attack, _ = combat.roman_value(st, fighter, st.general_at[fighter], st.target, roman, st.spent)
            defence, _ = combat.army_value(st, st.space_army[st.target], st.general_at[fighter], hispanic, st.bonus)
            return not (attack > defence or ties and attack == defence)
        attack, _ = combat.army_value(st, st.army, st.target, hispanic, st.bonus)
        if st.roll_for == phases.DEFEND_GENERAL:
            defence, _ = combat.general_defence(st, st.space_general[st.target], roman, st.army_at[st.army])
        else:
            defence, _ = combat.city_defence(st, st.target, st.army_at[st.army], roman_attacker=False)
        return attack > defence or ties and attack == defence

    def _reinforce(self, st: HispaniaState, legal: Sequence[Action]) -> Action:
        ctx = _Context(st, self.weights)
        decode = st.notation.decode
        fighter, target = st.fighter, st.target
        options = {decode[a][1] if decode[a][0] == REINFORCE else 0: a for a in legal}
        if st.space_army[target] >= 0:
            chance = {n: ctx.p_attack(fighter, st.general_at[fighter], target, st.spent, bonus=n) for n in options}
        else:
            chance = {n: ctx.p_siege(fighter, st.general_at[fighter], target, st.spent, bonus=n) for n in options}
        best = min(options, key=lambda n: (chance[n] + 0.12 * n, n))
        self.reason = f"the Roman's chance {chance[0]:.0%} → {chance[best]:.0%}"
        return options[best]

    def _attacks(self, st: HispaniaState, legal: Sequence[Action]) -> Action:
        decode = st.notation.decode
        best: Action = next(a for a in legal if decode[a][0] == PASS)
        best_score = 0.0
        self.reason = "no attack worth it"
        for action in legal:
            kind, target, source, n = decode[action]
            if kind != HISPANO_ATTACK:
                continue
            army = st.space_army[source]
            p = self._p_army_attack(st, army, target, n)
            g = st.space_general[target]
            value = 2.0 if g >= 0 else (3.0 if st.board.is_capital(target) else 1.0)
            score = p * value - 0.3 * n
            if score > best_score:
                best, best_score = action, score
                self.reason = f"the army in {st.board.names[source]} attacks {st.board.names[target]}: {p:.0%}"
        return best

    def _p_army_attack(self, st: HispaniaState, army: int, target: int, bonus: int) -> float:
        revolts, j, special = combat.army_terms(st, army, target)
        ties = st.game.ties_to_attacker
        g = st.space_general[target]
        wins = 0
        for h in range(1, 7):
            attack = h if st.power else (((h + bonus + revolts) << j) * (2 if special else 1))
            if g >= 0:
                own, disc, k = combat.roman_terms(st, g, target, st.army_at[army])
                for r in range(1, 7):
                    defence = (r + own + disc) << k
                    wins += attack > defence or ties and attack == defence
            else:
                shield, k = combat.city_terms(st, target, st.army_at[army], roman_attacker=False)
                wins += 6 * (attack > shield << k or ties and attack == shield << k)
        return wins / 36


class TunedAgent(HeuristicAgent):
    """``tuned``: the same rules of thumb, weighed by the table that
    tools/tune_hispania_heuristic.py found by playing heuristic games (docs/agents.md)."""

    WEIGHTS = "tuned"


class _Context:
    """What one decision needs to know about the position, computed once."""

    def __init__(self, st: HispaniaState, weights: Weights) -> None:
        self.st = st
        self.w = weights
        board = st.board
        self.ties = st.game.ties_to_attacker
        revolts = st.revolts
        self.revolts_in = [sum([revolts[c] for c in cities]) for cities in board.province_cities]
        self.capital_held = [bool(st.garrisons[board.capitals[p]]) for p in HISPANIC_PROVINCES]
        self.capitals_left = sum(not held for held in self.capital_held)
        self.pressure = 1 + weights.pressure / (st.revolt_reserve + 2)  # the race against the revolt reserve
        # what options() reads for every space a move could reach, worked out once a decision
        self.armies = [s for s in st.army_at if s >= 0]
        self._others: dict[int, list[int]] = {}  # per general: where the other generals stand
        self._around: dict[tuple[int, int], int] = {}  # (general, target): the others next to it
        self._targets: dict[int, tuple[float, int, bool]] = {}  # an army's or a revolt's value and terms
        self._sieges: dict[tuple[int, int, int], tuple[int, int, int, int]] = {}  # combat terms a fight
        self._attacks: dict[tuple[int, int, int], tuple[int, int, int, int, bool]] = {}

    def revolt_value(self, target: int) -> float:
        st = self.st
        board = st.board
        if board.is_sea(target):
            return self.w.sea_revolt * self.pressure
        province = board.province[target]
        value = self.w.revolt
        if province >= 6:
            value += self.w.roman_province
        elif not self.capital_held[province]:
            value += self.w.clearing / max(1, self.revolts_in[province])
        return value * self.pressure

    def army_value(self, target: int) -> float:
        st = self.st
        calm = sum(1 for n in st.board.land[target] if not st.revolts[n])
        return (self.w.army + self.w.army_calm * calm) * self.pressure

    def garrison_value(self, g: int, city: int) -> float:
        """A capital's first garrison is the point of the game; elsewhere a first garrison next
        to an army stops its spread, while garrisons are left for the capitals."""
        st = self.st
        board = st.board
        if board.is_capital(city) and not self.capital_held[board.province[city]]:
            return 100.0 if self.capitals_left == 1 else self.w.capital
        space_army = st.space_army
        land = board.land[city]
        army_next = False
        for n in land:
            if space_army[n] >= 0:
                army_next = True
                break
        if st.garrisons[city]:  # a second disc only shields the first
            return self.w.capital_second if army_next and board.is_capital(city) else 0.0
        spare = st.garrison_reserve[g] if g < PROCONSUL else 0
        if spare <= 1 and self.capitals_left:
            return 0.0
        revolts = st.revolts
        by_revolt = False
        for n in land:
            if revolts[n]:
                by_revolt = True
                break
        return (self.w.garrison_by_army if army_next else 0.0) + (self.w.garrison_by_revolt if by_revolt else 0.0)

    def p_siege(self, g: int, space: int, target: int, denarii: int, bonus: int = 0) -> float:
        key = (g, space, target)
        terms = self._sieges.get(key)
        if terms is None:  # a siege is scored for each number of denarii: its terms once
            st = self.st
            own, disc, k = combat.roman_terms(st, g, space, target)
            shield, j = combat.city_terms(st, target, space, roman_attacker=True)
            extra = 1 if g == 1 and "imperivm" in st.game.variants else 0
            terms = self._sieges[key] = (own + disc + extra, k, shield, j)
        x, k, shield, j = terms
        return _p_roman(denarii + x, k, (shield + bonus) << j, self.ties)

    def p_attack(self, g: int, space: int, target: int, denarii: int, bonus: int = 0) -> float:
        key = (g, space, target)
        terms = self._attacks.get(key)
        if terms is None:
            st = self.st
            own, disc, k = combat.roman_terms(st, g, space, target)
            revolts, j, special = combat.army_terms(st, st.space_army[target], space)
            terms = self._attacks[key] = (own + disc, k, revolts, j, special)
        x, k, revolts, j, special = terms
        return _p_attack(denarii + x, k, revolts + bonus, j, special, self.ties, self.st.power)

    def options(self, g: int, space: int, money: int) -> list[tuple[float, int, int]]:
        """(score, cost, target) of the single buys the general could make in ``space``,
        their chances estimated cheaply (garrisons in and next to his space only)."""
        st = self.st
        board = st.board
        w = self.w
        found: list[tuple[float, int, int]] = []
        if g < PROCONSUL and garrison.can_garrison(st, g, space, purple=st.purple == g):
            found.append((self.garrison_value(g, space) - w.denarius, 1, space))
        space_army = st.space_army
        revolts = st.revolts
        targets = [t for t in board.neighbours[space] if space_army[t] >= 0 or revolts[t]]
        if not targets:
            return found
        home = HOME[g]
        x = 1 if home is not None and space in board.near_province[home] else 0  # the disc
        if g < PROCONSUL:
            garrisons = st.garrisons
            for c in (space, *board.land[space]):
                discs = garrisons[c]
                if discs:
                    x += discs.count(g) + discs.count(PURPLE)
        near = board.neighbour_sets[space]
        armies_here = 0
        for s in self.armies:
            if s in near:
                armies_here += 1
        j = max(0, armies_here - 1)
        top = min(3, money)
        ties = self.ties
        defeat, denarius = w.defeat, w.denarius
        for target in targets:
            k = self._around.get((g, target))
            if k is None:
                around = board.neighbour_sets[target]
                k = self._around[g, target] = sum(1 for s in self._other_generals(g) if s in around)
            value, terms, special = self._target(target)
            if space_army[target] >= 0:
                for n in range(1, top + 1):
                    p = _p_attack(n + x, k, terms, j, special, ties, st.power)
                    found.append((p * value - (1 - p) * defeat - denarius * n, n, target))
            else:
                defence = terms << armies_here
                for n in range(1, top + 1):
                    p = _p_roman(n + x, k, defence, ties)
                    found.append((p * value - denarius * n, n, target))
        return found

    def _other_generals(self, g: int) -> list[int]:
        others = self._others.get(g)
        if others is None:
            others = self._others[g] = [s for h, s in enumerate(self.st.general_at) if h != g and s >= 0]
        return others

    def _target(self, target: int) -> tuple[float, int, bool]:
        """An army's value, the revolts that back it and whether it is the special army; or a
        revolt's value and its city's number."""
        found = self._targets.get(target)
        if found is None:
            st = self.st
            army = st.space_army[target]
            if army >= 0:
                revolts = st.revolts
                backing = revolts[target] + sum(revolts[c] for c in st.board.neighbours[target])
                found = (self.army_value(target), backing, army == st.special)
            else:
                found = (self.revolt_value(target), st.board.number[target], False)
            self._targets[target] = found
        return found

    def plan(self, g: int, space: int, money: int) -> float:
        """What ``money`` could buy in ``space``: the best buys by value per denarius, each
        target twice at most (a greedy estimate)."""
        if money <= 0 or space < 0:
            return 0.0
        options = [o for o in self.options(g, space, money) if o[0] > 0]
        if len(options) < 2:  # most places offer one buy or none
            return options[0][0] if options else 0.0
        options.sort(key=_by_value_per_denarius)
        total = 0.0
        used: dict[int, int] = {}
        for score, cost, target in options:
            if cost <= money and used.get(target, 0) < (1 if target == space else 2):
                total += score
                money -= cost
                used[target] = used.get(target, 0) + 1
        return total

    def follow_up(self, g: int, space: int, money: int) -> float:
        """An estimate of the best single buy the general could make in ``space``."""
        return max((o[0] for o in self.options(g, space, money)), default=0.0) if money > 0 else 0.0
