"""A first heuristic for either side of Hannibal.

Rules of thumb, one decision at a time, from what both seats see (and the seat's own cards):

- a card is played for its event when the event may be played, else for OPs; OPs move the
  biggest army when an enemy target (a smaller army, an enemy PC or walled city) is within
  reach, else place PCs, each where it brings a victory province nearest to control (Italy
  counting twice for Carthage);
- a move steps towards the best target: a weaker enemy army to attack, an enemy city to
  besiege, enemy PCs; it never walks into a stronger army; a big army (6 CUs or more) within
  five spaces of the enemy capital marches on it while its defenders are few (H110), an army
  at its own capital attacks a weaker besieger, and Carthage holding three of Italy's six
  provinces marches on Campania's Roman cities;
- in battle: match whenever possible, attack with the kind held most, counterattack and
  take the initiative whenever allowed, withdraw when clearly outnumbered in cards;
- interception and Avoid Battle by comparing forces;
- every other choice (PC removal, retreats, event targets, reinforcements) by one step of
  lookahead on a static value: political points, PCs, CUs, Generals, the threat to each
  capital and Carthage's hold on Italy.

It ranks the legal actions too (its choice, then its choice among the others), so that a search
guided by it (``ismcts+heuristic``) spends its simulations on the heuristic's favourites.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING

from legatus.core.actions import Action
from legatus.core.agents import deciding_seat

from .notation import CARTHAGE, ROME
from .rules import base, turn
from .rules.base import other

if TYPE_CHECKING:
    from .game import HannibalGame
    from .map import HannibalMap
    from .state import HannibalState

# The tables below are cached by the map (loaded once a process), never by a game: a cache keyed
# by each new game would keep every game ever made (issue 30).
@cache
def _distances(board: HannibalMap, target: int) -> tuple[int, ...]:
    """Spaces from each space to ``target`` by land, passes and straits."""
    dist = [99] * board.n_spaces
    dist[target] = 0
    todo = [target]
    for s in todo:
        for t in (*board.land[s], *board.passes[s], *board.straits[s]):
            if dist[t] == 99:
                dist[t] = dist[s] + 1
                todo.append(t)
    return tuple(dist)


SCALE = 20.0  # a value of 20 (five political points) is a win chance of about 88%

ALWAYS = ("charge", "counterattack", "take initiative", "cancel withdrawal", "siege", "pursue", "fight")


# Carthage's sudden death by Italy (H110) draws near: what holding k of the six provinces is
# worth besides their points (0 to 2 are nothing special; the sixth nearly wins).
ITALY_WORTH = (0.0, 0.5, 1.5, 3.0, 6.0, 10.0, 20.0)
RANKED = 4  # the favourites rank() orders, as many as a search keeps (ISMCTSAgent's width)


def _capital(game: HannibalGame, side: int) -> int:
    return (game.rome_space, game.carthage_space)[side]


@cache
def _italy(board: HannibalMap) -> tuple[int, ...]:
    return tuple(board.province_names.index(p) for p in base.ITALY6)


def _italy_held(st: HannibalState) -> int:
    """How many of the six Italian provinces of H110 Carthage controls."""
    return _provinces(st)[2]


Tally = tuple[Callable[[Sequence[int]], tuple[int, ...]], tuple[tuple[int, int, int, bool], ...]]


@cache
def _tally(board: HannibalMap) -> Tally:
    """What reads the control of every victory province at once: a getter of the spaces' PCs in
    province order, and per province its slice of them, the PCs needed (H102) and if Italian."""
    italy = _italy(board)
    order: list[int] = []
    rows = []
    for p, spaces in enumerate(board.province_spaces):
        if board.victory[p]:
            rows.append((len(order), len(order) + len(spaces), board.control[p], p in italy))
            order.extend(spaces)
    return itemgetter(*order), tuple(rows)


def _provinces(st: HannibalState) -> tuple[int, int, int]:
    """The victory provinces Rome and Carthage control (H102, H108) and Carthage's of Italy's
    six (H110), in one reading of the PCs (``base.points`` reads them once a province a side)."""
    get, rows = _tally(st.board)
    pcs = get(st.ctrl)
    rome = carthage = italy = 0
    for start, end, need, italian in rows:
        held = pcs[start:end]
        if held.count(ROME) >= need:
            rome += 1
        elif held.count(CARTHAGE) >= need:
            carthage += 1
            italy += italian
    return rome, carthage, italy


@cache
def _walled(board: HannibalMap) -> tuple[int, ...]:
    """The spaces with room inside walls: the only ones with CUs inside (H51)."""
    return tuple(s for s, room in enumerate(board.capacity) if room)


@cache
def _campania(board: HannibalMap) -> tuple[int, ...]:
    return board.province_spaces[board.province_names.index("Campania")]


@cache
def _threats(board: HannibalMap, general_side: tuple[int, ...], capital: int,
             side: int) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """The enemy's Generals, and the spaces from which an army of theirs threatens ``side``'s
    ``capital`` on one card: within two spaces, or, for Rome's armies, any port (Roman sea moves
    are never checked, H58)."""
    enemy = other(side)
    near = _distances(board, capital)
    by_sea = enemy == ROME
    port = board.port
    generals = tuple(g for g, s in enumerate(general_side) if s == enemy)
    return generals, tuple(d <= 2 or by_sea and p is not None for d, p in zip(near, port, strict=True))


def _capital_danger(st: HannibalState, side: int) -> int:
    """How many CUs the biggest enemy army that could reach ``side``'s capital on one card has
    more than the defenders outside its walls (only they stop a siege, H94)."""
    game = st.game
    generals, within = _threats(game.board, game.general_side, _capital(game, side), side)
    gen_at = st.gen_at
    cu = st.cu[other(side)]
    threat = 0
    for g in generals:
        at = gen_at[g]
        if at >= 0 and within[at] and cu[at] > threat:
            threat = cu[at]
    return max(0, min(10, threat) - st.cu[side][_capital(game, side)])


def value(st: HannibalState, side: int) -> float:
    """A static value of the position for ``side``: political points first, then PCs, CUs and
    Generals; Carthage's hold on Italy and a threat to either capital (H110)."""
    if not st.stack:
        return 100.0 if st.winner == side else -100.0
    return _worth(side, _terms(st, side))


Terms = tuple[int, int, int, int, int, int]


def _terms(st: HannibalState, side: int) -> Terms:
    """What :func:`value` weighs, in whole numbers: ``side``'s political points, PCs, CUs and
    Generals less the enemy's, the Italian provinces Carthage holds, and the threat to the
    enemy's capital less the threat to its own."""
    enemy = other(side)
    rome, carthage, held = _provinces(st)
    ctrl, inner = st.ctrl, st.inner
    sign = 1 if side == ROME else -1  # Rome's count less Carthage's, turned to ``side``'s
    cus = sum(st.cu[side]) - sum(st.cu[enemy]) + sum(inner[s] if ctrl[s] == side else -inner[s]
                                                     for s in _walled(st.board) if inner[s])
    sides = st.game.general_side
    gens = sum(1 if sides[g] == side else -1 for g, at in enumerate(st.gen_at) if at >= 0)
    danger = _capital_danger(st, enemy) - _capital_danger(st, side)
    return sign * (rome - carthage), sign * (ctrl.count(ROME) - ctrl.count(CARTHAGE)), cus, gens, held, danger


def _worth(side: int, terms: Terms) -> float:
    pts, pcs, cus, gens, held, danger = terms
    italy = ITALY_WORTH[held]
    return (4.0 * pts + 0.4 * pcs + 0.3 * cus + 1.0 * gens + 0.3 * danger
            + (italy if side == CARTHAGE else -italy))


def _with_marker(st: HannibalState, side: int, terms: Terms, space: int, old: int, before: int,
                 now: int) -> Terms:
    """``terms`` (:func:`_terms` of ``st`` while ``space`` held ``old``) with the marker now on
    ``space`` and nothing else changed: only the space's own province (its controller ``before``
    and ``now``, victory provinces only), PC and CUs inside."""
    board = st.board
    marker = st.ctrl[space]
    pts, pcs, cus, gens, held, danger = terms
    sign = 1 if side == ROME else -1
    pcs += sign * (_SIGNED[marker] - _SIGNED[old])
    room = st.inner[space]
    if room and board.capacity[space]:  # CUs inside count for the city's owner
        cus += (room if marker == side else -room) - (room if old == side else -room)
    p = board.province[space]
    if board.victory[p]:
        pts += sign * (_SIGNED[now] - _SIGNED[before])
        if p in _italy(st.board):
            held += (now == CARTHAGE) - (before == CARTHAGE)
    return pts, pcs, cus, gens, held, danger


_SIGNED = {ROME: 1, CARTHAGE: -1, base.NONE: 0, base.NEUTRAL: 0}  # a marker's count in Rome's less Carthage's


class HeuristicAgent:
    """Plays Rome or Carthage by the rules of thumb above."""

    def __init__(self, game: HannibalGame, seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, state: HannibalState) -> Action:
        deciding_seat(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            self.reason = "the only legal action"
            return legal[0]
        return self._decide(state, legal)

    def rank(self, state: HannibalState) -> list[Action]:
        """The legal actions, best first: the choice among them, then the choice among the others,
        :data:`RANKED` times; the rest as they come. A search keeps the first few (``width``)."""
        deciding_seat(state)
        left = state.legal_actions()
        ranked: list[Action] = []
        while len(left) > 1 and len(ranked) < RANKED:
            try:
                pick = self._decide(state, left)
            except (StopIteration, ValueError):  # a rule of thumb whose fallback is ranked already
                break
            ranked.append(pick)
            left.remove(pick)
        return ranked + left

    def _decide(self, state: HannibalState, legal: list[Action]) -> Action:
        words = {str(a): a for a in legal}
        for word in ALWAYS:
            if word in words:
                self.reason = f"always {word}"
                return words[word]
        procedure = state.stack[-1][0]
        seat = state.current_player()
        handler = {base.PLAY: self._play, base.OPS: self._ops, base.MOVE: self._move, base.TAKE: self._take,
                   base.REACT: self._react, base.ATTACK: self._attack, base.MATCH: self._match,
                   base.CAMPAIGN: self._campaign, base.INTERCEPTED: self._intercepted,
                   base.PLACE_PC: self._place, base.REMOVE_PC: self._remove}.get(procedure)
        if handler is not None:
            return handler(state, seat, legal)
        return self._lookahead(state, seat, legal)

    def evaluate(self, state: HannibalState) -> list[float]:
        """Each seat's expected return from ``state``: the static value squashed into (-1, 1),
        so that a search stops its rollouts early (``ismcts+heuristic``) and backs this up.
        It reads only what both seats see (points, PCs, CUs, Generals)."""
        if not state.stack:
            return state.returns()
        rome = math.tanh(value(state, ROME) / SCALE)
        return [rome, -rome]

    def _lookahead(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        best, score = legal[0], -1e9
        for a in legal:
            after = st.clone()
            after.apply_action(a)
            v = value(after, seat) + self.rng.random() * 0.01
            if v > score:
                best, score = a, v
        self.reason = "the best position one step ahead"
        return best

    def _place(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """A PC where it counts most one step ahead, then where it brings a victory province
        nearest to control (H102: PCs spread thin win none), twice so in Italy for Carthage."""
        self.reason = "a PC nearest to a province's control"
        return self._marker(st, seat, legal, st.n.SPACE["pc"], seat, spread=True)

    def _remove(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """The PC whose loss costs least one step ahead (as :meth:`_lookahead` judges)."""
        self.reason = "the best position one step ahead"
        return self._marker(st, seat, legal, st.n.SPACE["remove pc"], base.NONE, spread=False)

    def _marker(self, st: HannibalState, seat: int, legal: list[Action], first: int, marker: int,
                spread: bool) -> Action:
        """The space action of ``legal`` (space ``a - first``) best one step ahead, where it sets
        ``marker``; with ``spread``, plus how near it brings a province to the seat's control."""
        board, ctrl = st.board, st.ctrl
        terms = _terms(st, seat)
        controller: dict[int, int] = {}  # each victory province's as the position stands
        best, score = legal[0], -1e9
        for a in legal:
            space = a - first
            if not 0 <= space < board.n_spaces:
                continue
            p = board.province[space]
            victory = board.victory[p]
            if turn.pc_alone(st, space):  # the position's terms, changed where the PC changes them: no copy
                if victory and p not in controller:
                    controller[p] = base.province_controller(st, p)
                old, ctrl[space] = ctrl[space], marker
                try:
                    now = base.province_controller(st, p) if victory else base.NONE
                    v = _worth(seat, _with_marker(st, seat, terms, space, old, controller.get(p, base.NONE), now))
                    v += self.rng.random() * 0.01
                    if spread:
                        v += self._spread(st, seat, p, now)
                finally:
                    ctrl[space] = old
            else:
                after = st.clone()
                after.apply_action(a)
                v = value(after, seat) + self.rng.random() * 0.01
                if spread and victory:
                    v += self._spread(after, seat, p, base.province_controller(after, p))
            if v > score:
                best, score = a, v
        return best

    @staticmethod
    def _spread(st: HannibalState, seat: int, p: int, controller: int) -> float:
        """What a victory province ``p`` not yet the seat's (its ``controller``) is worth by its
        PCs (H102)."""
        board = st.board
        if not board.victory[p] or controller == seat:
            return 0.0
        mine = sum(1 for x in board.province_spaces[p] if st.ctrl[x] == seat)
        return (0.6 if seat == CARTHAGE and p in _italy(st.board) else 0.3) * mine / board.control[p]

    def _play(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        texts = [str(a) for a in legal]
        event = [a for a, t in zip(legal, texts, strict=True) if t.startswith("event")]
        if event:
            self.reason = "the event"
            return max(event, key=lambda a: st.game.cards.strategy[int(str(a)[7:]) - 1].ops)
        ops = [a for a, t in zip(legal, texts, strict=True) if t.startswith("ops")]
        self.reason = "the card with most OPs"
        return max(ops, key=lambda a: st.game.cards.strategy[int(str(a)[5:]) - 1].ops)

    def _target(self, st: HannibalState, seat: int, space: int, cus: int) -> float:
        """How good ``space`` is to reach with ``cus`` CUs."""
        enemy = other(seat)
        theirs = st.cu[enemy][space]
        capital = space == _capital(st.game, enemy) and cus >= 3  # sudden death (H110)
        if theirs:
            if cus < theirs + 2 and not (space == _capital(st.game, seat) and cus > theirs):
                return -10.0
            return 6.0 + (8.0 if capital or space == _capital(st.game, seat) else 0.0)  # a capital to take or save
        score = 0.0
        if st.ctrl[space] == enemy:
            score += 4.0 if base.is_walled(st, space) and cus >= 3 else 1.5
            if capital:
                score += 8.0
            elif seat == CARTHAGE and st.board.province[space] in _italy(st.board):
                score += 1.0  # Carthage's way to Italy (H110); Campania's two spaces are cities
        if base.hostile_tribe(st, space, seat) and cus >= 3:
            score += 2.0
        return score

    def _ops(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        n = st.n
        best, score = None, 1.0
        for a in legal:
            if n.ACTIVATE <= a < n.ACTIVATE + len(st.game.generals):
                at = st.gen_at[a - n.ACTIVATE]
                cus = min(10, st.cu[seat][at])
                reach = self._reachable(st, at)
                if st.game.cards.strategy[st.stack[-1][2] - 1].ship and st.board.port[at] is not None:
                    reach |= set(st.board.sea[at])  # a 3-OP card sails (H56)
                    cus = min(cus, 5)
                s = max((self._target(st, seat, x, cus) for x in reach | {at}), default=0.0) + cus * 0.1
                goal = self._goal(st, seat, cus, at)
                if goal >= 0 and _distances(st.board, goal)[at] > 1:
                    s += 1.5
                if s > score:
                    best, score = a, s
            elif n.RAISE <= a < n.RAISE + len(st.game.generals) and score < 2.0:
                best, score = a, 2.0
        if best is not None:
            self.reason = "an army with a target in reach"
            return best
        self.reason = "political control"
        return next(a for a in legal if str(a) == "place pcs")

    def _goal(self, st: HannibalState, seat: int, cus: int, at: int) -> int:
        """Where an army at ``at`` marches, or -1 (H110): the enemy capital while weakly held,
        once within five spaces of it with 6 CUs or more (a longer march costs more to attrition
        than it gains); for Carthage holding three of Italy's six provinces, the nearest Roman
        city of Campania (both are needed) that it outnumbers by 2."""
        game, enemy = st.game, other(seat)
        capital = _capital(game, enemy)
        if cus >= 6 and st.cu[enemy][capital] + 2 <= cus and _distances(game.board, capital)[at] <= 5:
            return capital
        if seat == CARTHAGE and cus >= 3 and _italy_held(st) >= 3:
            cities = [c for c in _campania(game.board) if st.ctrl[c] == ROME and st.cu[ROME][c] + 2 <= cus]
            return min(cities, key=lambda c: _distances(game.board, c)[at], default=-1)
        return -1

    def _reachable(self, st: HannibalState, at: int) -> set[int]:
        seen, frontier = {at}, [at]
        for _ in range(4):
            frontier = [t for s in frontier for t in st.board.land[s] if t not in seen]
            seen.update(frontier)
        return seen - {at}

    def _take(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        self.reason = "as many CUs as may go"
        return legal[-1]

    def _move(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        cus = st.m_left
        here = st.gen_at[st.m_gen]
        stop = [a for a in legal if str(a) == "stop"]  # not legal for a lone General among lone enemies (H47)
        best = stop[0] if stop else legal[0]
        score = self._target(st, seat, here, cus) if stop else -1e9
        goal = self._goal(st, seat, cus, here)
        for a in legal:
            text = str(a)
            if not text.startswith(("to ", "sail ")):
                continue
            sail = text.startswith("sail ")
            there = a - st.n.SPACE["sail" if sail else "to"]
            s = self._target(st, seat, there, cus)
            s += 0.3 * max((self._target(st, seat, x, cus) for x in st.board.land[there]), default=0.0)
            if not sail and goal >= 0:
                s += 0.8 * (_distances(st.board, goal)[here] - _distances(st.board, goal)[there])
            if s > score:
                best, score = a, s
        self.reason = "towards the best target" if str(best) != "stop" else "nothing better in reach"
        return best

    def _react(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        n = st.n
        mover = st.m_left
        here = st.gen_at[st.m_gen]
        for a in legal:
            text = str(a)
            if text.startswith("intercept from"):
                src = a - n.SPACE["intercept from"]
                if min(10, st.cu[seat][src]) + st.cu[seat][here] >= mover + 2:
                    self.reason = "intercept a weaker army"
                    return a
            if text.startswith("avoid to") and st.cu[seat][here] < mover:
                self.reason = "avoid a stronger army"
                return a
        self.reason = "no reaction worth the risk"
        return next(a for a in legal if str(a) == "no reaction")

    def _intercepted(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        here = st.gen_at[st.m_gen]
        fight = st.cu[seat][here] >= st.cu[other(seat)][here]
        self.reason = "fight" if fight else "back up from a stronger army"
        return next(a for a in legal if str(a) == ("fight" if fight else "back up"))

    def _attack(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        mine, theirs = sum(st.bhand[seat]), sum(st.bhand[other(seat)])
        words = {str(a): a for a in legal}
        if "withdraw" in words and mine * 2 < theirs:
            self.reason = "outnumbered in cards: withdraw"
            return words["withdraw"]
        plain = [a for a in legal if str(a) != "withdraw" and "reserve" not in str(a)]
        if plain:
            self.reason = "the kind held most"
            return max(plain, key=lambda a: st.bhand[seat][(a - st.n.ATTACK) % 5])
        self.reason = "a Reserve"
        return next(a for a in legal if "reserve" in str(a))

    def _match(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        plain = [a for a in legal if str(a) not in ("concede",) and "reserve" not in str(a)]
        self.reason = "match"
        return (plain or [a for a in legal if "reserve" in str(a)] or legal)[0]

    def _campaign(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        n = st.n
        gens = [a for a in legal if n.ACTIVATE <= a < n.ACTIVATE + len(st.game.generals)]
        if not gens:
            return legal[0]
        self.reason = "the biggest army next"
        return max(gens, key=lambda a: st.cu[seat][st.gen_at[a - n.ACTIVATE]])



