"""A first heuristic for either side of Hannibal.

Rules of thumb, one decision at a time, from what both seats see (and the seat's own cards):

- a card is played for its event when the event may be played, else for OPs; OPs move the
  General whose move does most (a target in reach, a siege where he stands, a march), else raise
  CUs, else place PCs, each where it brings a victory province nearest to control (Italy
  counting twice for Carthage); a General who would only stop where he stands is not activated;
- a move steps towards the best target within four spaces, nearer ones first: a weaker enemy
  army to attack, an enemy city to besiege, enemy PCs; it never walks into a stronger army nor
  back onto a space of the same move (nor, a General alone, where an enemy General stands
  alone: he may not stop there, H47); on the seat's last card of the turn it weighs the
  winter attrition where it ends (H106: a space with an enemy PC or a hostile tribe); a big
  army (6 CUs or more) within five spaces of the enemy capital marches on it while its
  defenders are few (H110), an army at its own capital attacks a weaker besieger (with the CUs
  inside, H100), and Carthage holding three of Italy's six provinces marches on Campania's
  Roman cities;
- battles are weighed in battle cards (H75: the commander's BR, CUs, allies, Rome's militia in
  Latium), not CUs: an attack needs a card edge, a march on the enemy capital an edge over all
  its defenders and the reinforcements it may get by the next turn (H15, H17), and a besieged
  capital sorties (a card's OPs before its event) when the cards favour it (H100);
- Hannibal marches to Italy by land (5 CUs or more), never by sea, and keeps out of reach of an
  enemy army that would be dealt as many battle cards as his, Rome's next consul and
  reinforcements at Rome included (H17, H23; his loss costs 5 PCs, H43); his subordinates leave
  his army to him; no army of 2 CUs or fewer sails; an army leaving its capital leaves as many
  CUs as the biggest enemy army within a card's reach (as many as fit inside); Carthage's
  reinforcements go to a threatened Carthage, else to Hannibal; a 3-OP card raises a CU at a
  threatened capital unless a move is worth more, a besieged capital plays the event that lifts
  its siege first (#17, #49), and a subordinate may take all but 5 of Hannibal's CUs to relieve a
  besieged Carthage; a consul left behind with fewer than 5 CUs is picked up before the army
  steps out (H39);
- an enemy army at least as big enters a city: its defenders go inside the walls (H51, H62);
- in battle: match whenever possible, attack with the kind held most, counterattack and
  take the initiative whenever allowed, withdraw when clearly outnumbered in cards;
- interception, Avoid Battle and fighting an interceptor by comparing forces; the whole army
  reacts, under its commander (H64, H66, H69);
- every other choice (PC removal, retreats, event targets, reinforcements) by one step of
  lookahead on a static value: political points, PCs, CUs, Generals, the threat to each
  capital, the siege points on it and Carthage's hold on Italy.

It ranks the legal actions too (its choice, then its choice among the others, the blunders a
wargamer would never make left out: :func:`_last_resorts`), so that a search guided by it
(``flat+heuristic``, ``ismcts+heuristic``) spends its simulations on the heuristic's favourites;
it also gives a flat search its near-tie margin (:attr:`HeuristicAgent.tie`). It is
deterministic (ties go to the first legal action), so that a search's candidates do not change
with its seed. benchmarks/hannibal_indicators.py counts its blunders (issue 36).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING

from legatus.core.actions import Action
from legatus.core.agents import deciding_seat

from .ids import Id
from .notation import CARTHAGE, ROLL_ATTEMPTS, ROME
from .rules import base, battle, reactions, sieges, turn, walls
from .rules.base import other

if TYPE_CHECKING:
    from .game import HannibalGame
    from .map import HannibalMap
    from .state import HannibalState

# The tables below are cached by the map (loaded once a process), never by a game: a cache keyed
# by each new game would keep every game ever made (issue 30).
@cache
def _distances_from(board: HannibalMap, sources: tuple[int, ...]) -> tuple[int, ...]:
    """Spaces from each space to the nearest of ``sources`` by land, passes and straits (99: none)."""
    dist = [99] * board.n_spaces
    todo = list(sources)
    for s in todo:
        dist[s] = 0
    for s in todo:
        for t in (*board.land[s], *board.passes[s], *board.straits[s]):
            if dist[t] == 99:
                dist[t] = dist[s] + 1
                todo.append(t)
    return tuple(dist)


def _distances(board: HannibalMap, target: int) -> tuple[int, ...]:
    """Spaces from each space to ``target`` by land, passes and straits."""
    return _distances_from(board, (target,))


SCALE = 20.0  # a value of 20 (five political points) is a win chance of about 88%

ALWAYS = ("charge", "counterattack", "take initiative", "cancel withdrawal", "siege", "pursue")
DECAY = 0.7  # a target one space further is worth this much less (a move aims at near targets first)
LOOK = 3  # how many spaces beyond the first step a move looks for targets
WINTER = 4.0  # a CU an army would lose on average to winter attrition where its last move ends (H106)
EXPOSED = 20.0  # Hannibal near an enemy army dealt as many battle cards as his (his loss costs 5 PCs, H43)
WORTH_A_CARD = 2.0  # a move worth less (an enemy PC in reach) loses to the card's PCs (H31: one an OP)
SMALL = 2  # an army of this many CUs or fewer never sails alone (the sea sinks it for nothing)
SIEGE_POINT = 4.0  # a siege point on a capital: a third of a lost game (H96, H110), worth a political point
LIFTS = {17: False, 49: True}  # the events that take siege points off a city (#17, #49), and if it must be a port


# Carthage's sudden death by Italy (H110) draws near: what holding k of the six provinces is
# worth besides their points (0 to 2 are nothing special; the sixth nearly wins).
ITALY_WORTH = (0.0, 0.5, 1.5, 3.0, 6.0, 10.0, 20.0)
ITALY_ARMY = 5  # the CUs Hannibal keeps when a subordinate leaves to relieve a besieged capital
RANKED = 4  # the favourites rank() orders, as many as a search keeps (ISMCTSAgent's width)
HAND_CAP = 20  # no side is dealt more battle cards (H75)
REINFORCEMENTS = (5, 2)  # the CUs a side may add at its capital by the next turn (Rome H17, Carthage H15 1-2)
SORTIE = 15.0  # a sortie from a besieged capital (a third siege point loses, H96): above a relief from outside (14)


def _last_resorts(st: HannibalState, legal: list[Action]) -> list[Action]:
    """The legal actions a wargamer calls blunders (issue 36), which the heuristic's rules of
    thumb rule out or score a hundred below the rest, kept out of a search's favourites
    (``rank``): a step back onto a space the army stood on this move, a sea move the heuristic
    never makes (Hannibal, or 2 CUs or fewer), and, with an enemy army twice as big entering a
    walled city, fewer of its CUs inside than may go (H51, H62 step 1). Empty where nothing else
    is legal. The search as Carthage had stepped straight back 92 times in 28 games (fifth round)."""
    procedure = st.stack[-1][0]
    n = st.notation
    last: list[Action] = []
    if procedure == Id.MOVE:
        may_sail = HeuristicAgent._may_sail(st, st.m_gen, st.m_left)
        for a in legal:
            if n.SPACE["to"] <= a < n.SPACE["to"] + len(st.board.names):
                if a - n.SPACE["to"] in st.path:
                    last.append(a)
            elif n.SPACE["sail"] <= a < n.SPACE["sail"] + len(st.board.names):
                if a - n.SPACE["sail"] in st.path or not may_sail:
                    last.append(a)
    elif procedure == Id.GARRISON:
        _, seat, mode, space = st.stack[-1]
        inside = _garrisons(st, legal)
        defenders = walls.total(st, seat, space)
        if mode == walls.DECLARE and inside and defenders and st.m_left >= 2 * defenders:
            most = max(_cus_inside(st, a) for a in inside)
            last = [a for a in inside if _cus_inside(st, a) < most]
    return last if len(last) < len(legal) else []


def _garrisons(st: HannibalState, legal: list[Action]) -> list[Action]:
    """The ``garrison <k>`` and ``garrison <k> with generals`` actions of ``legal`` (H51)."""
    first = st.notation.GARRISON
    return [a for a in legal if first <= a <= first + 2 * walls.MAX_INSIDE + 1]


def _cus_inside(st: HannibalState, a: Action) -> int:
    """The CUs a ``garrison`` action puts inside the walls."""
    return (a - st.notation.GARRISON) % (walls.MAX_INSIDE + 1)


def _capital(game: HannibalGame, side: int) -> int:
    return game.rome_space if side == ROME else game.carthage_space  # no tuple built: a hot call


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


@cache
def _provinces_memo(board: HannibalMap) -> dict[tuple[int, ...], tuple[int, int, int]]:
    return {}


_PROVINCES_KEPT = 4096  # the most kept (about 1 KB each): cleared when full


def _provinces(st: HannibalState) -> tuple[int, int, int]:
    """The victory provinces Rome and Carthage control (H102, H108) and Carthage's of Italy's
    six (H110), in one reading of the PCs (``base.points`` reads them once a province a side);
    kept by the markers (a search's positions share them: a lookahead changes a few)."""
    markers = tuple(st.ctrl)
    memo = _provinces_memo(st.board)
    found = memo.get(markers)
    if found is None:
        if len(memo) >= _PROVINCES_KEPT:
            memo.clear()
        found = memo[markers] = _count_provinces(st.board, markers)
    return found


def _count_provinces(board: HannibalMap, ctrl: tuple[int, ...]) -> tuple[int, int, int]:
    get, rows = _tally(board)
    pcs = get(ctrl)
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


def _hannibal(game: HannibalGame) -> int:
    return game.general_index["Hannibal"]


@cache
def _to_italy(board: HannibalMap) -> tuple[int, ...]:
    """Spaces from each space to the nearest space of Italy by land, passes and straits."""
    italy = tuple(s for s in range(board.n_spaces) if board.country[board.province[s]] == "Italy")
    return _distances_from(board, italy)


@cache
def _steps(board: HannibalMap) -> tuple[tuple[int, ...], ...]:
    """Each space's neighbours by land and passes (the way an army marches)."""
    return tuple((*board.land[s], *board.passes[s]) for s in range(board.n_spaces))


_ARMY = bytes([0] + [1] * 255)  # a space's CUs (a byte) to whether an army stands there


@cache
def _beyond_memo(board: HannibalMap) -> dict[tuple[int, tuple[int, ...], bytes], tuple[tuple[int, float], ...]]:
    return {}


def _beyond(board: HannibalMap, there: int, avoid: Sequence[int],
            enemy: Sequence[int]) -> tuple[tuple[int, float], ...]:
    """The spaces up to :data:`LOOK` steps beyond ``there`` by land and passes, not through the
    ``enemy``'s armies nor over ``avoid``, each once, nearest first, with its :data:`DECAY` factor:
    the same for every position with the enemy's armies in the same places, so kept (bounded)."""
    armies = bytes(enemy).translate(_ARMY)
    key = (there, tuple(avoid), armies)
    memo = _beyond_memo(board)
    found = memo.get(key)
    if found is not None:
        return found
    steps = _steps(board)
    out: list[tuple[int, float]] = []
    frontier, visited, factor = [there], {there, *avoid}, 1.0
    for _ in range(LOOK):
        factor *= DECAY
        beyond = []
        for x in frontier:
            for t in steps[x]:
                if t not in visited:
                    visited.add(t)
                    out.append((t, factor))
                    if not armies[t]:
                        beyond.append(t)
        frontier = beyond
    if len(memo) >= _BEYOND_KEPT:
        memo.clear()
    found = memo[key] = tuple(out)
    return found


_BEYOND_KEPT = 4096  # the most kept (about 1 KB each): cleared when full


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


def _capital_threat(st: HannibalState, side: int) -> int:
    """The CUs of the biggest enemy army that could reach ``side``'s capital on one card."""
    game = st.game
    generals, within = _threats(game.board, game.general_side, _capital(game, side), side)
    gen_at = st.gen_at
    cu = st.cu[other(side)]
    threat = 0
    for g in generals:
        at = gen_at[g]
        if at >= 0 and within[at] and cu[at] > threat:
            threat = cu[at]
    return min(10, threat)


def _capital_danger(st: HannibalState, side: int) -> int:
    """How many CUs the biggest enemy army that could reach ``side``'s capital on one card has
    more than the defenders outside its walls (only they stop a siege, H94)."""
    return max(0, _capital_threat(st, side) - st.cu[side][_capital(st.game, side)])


def _cards(st: HannibalState, side: int, space: int, cus: int, g: int = -1) -> int:
    """The battle cards ``side`` would be dealt at ``space`` with ``cus`` CUs (H75): its commander's
    BR (General ``g``, else the best of the side's there, inside or out: a General inside commands
    a sortie, H100), its CUs, allies (H76: six in Africa for Carthage), Rome's militia in Latium
    and a Carthaginian tribe. Battles are won by cards, not CUs: an army of 4 at home in Africa is
    dealt more than 8 landing there."""
    if g < 0:
        g = max(base.generals_at(st, space, side, everywhere=True), key=lambda x: base.battle_rating(st, x),
                default=-1)
    count = base.battle_rating(st, g) + cus
    if g >= 0:
        count += battle.allies(st, side, space)
    board = st.board
    if side == ROME and board.province_names[board.province[space]] == "Latium":
        count += 2
    if side == CARTHAGE and st.tribal[space] and st.ctrl[space] == CARTHAGE:
        count += 1
    return min(count, HAND_CAP)


def _defence(st: HannibalState, side: int, capital: int) -> int:
    """The cards ``side``'s defenders of its ``capital`` would be dealt by the next turn: all its
    CUs there, inside the walls too (they sortie, H100), and the reinforcements it may add there
    meanwhile (H15, H17)."""
    return _cards(st, side, capital, walls.total(st, side, capital)) + REINFORCEMENTS[side]


def _exposure(st: HannibalState, side: int, space: int, cus: int, g: int) -> int:
    """How many more battle cards (H75) than General ``g`` with ``cus`` CUs at ``space`` the
    strongest enemy army within a card's march would be dealt there, with the reinforcements its
    side may give it by the next turn (H17: Rome's 5 go to Rome or to any Roman General): armies
    within four spaces (H45), or at a port any Roman army at a port (Roman sea moves are never
    checked, H58), and the enemy capital within four spaces, where new consuls take the field
    (H23). A small army loses all its CUs and its General with them on a lost battle (H83, H43)."""
    near = _distances(st.board, space)
    enemy = other(side)
    port = st.board.port
    by_sea = enemy == ROME and port[space] is not None
    cu, sides = st.cu[enemy], st.game.general_side
    armies = [(cu[at], e) for e, at in enumerate(st.gen_at) if at >= 0 and sides[e] == enemy
              and (near[at] <= 4 or by_sea and port[at] is not None)]
    if not armies:
        return -HAND_CAP
    theirs = max(_cards(st, enemy, space, n, e) for n, e in armies)
    capital = _capital(st.game, enemy)
    if near[capital] <= 4:
        best = max(armies, key=lambda a: base.battle_rating(st, a[1]))[1]
        theirs = max(theirs, _cards(st, enemy, space, walls.total(st, enemy, capital) + REINFORCEMENTS[enemy], best))
    return theirs - _cards(st, side, space, cus, g)


def _exposed(edge: int) -> float:
    """Hannibal's cost of standing where an enemy army may be dealt ``edge`` more battle cards
    than his (:func:`_exposure`): nothing while he holds more, then more the worse the odds, so
    that among exposed spaces he steps to the least bad."""
    return EXPOSED + 2.0 * edge if edge >= 0 else 0.0


def _winter(st: HannibalState, side: int, space: int, cus: int) -> float:
    """The CUs ``cus`` CUs of ``side`` would lose on average to winter attrition at ``space`` (H106:
    a space with an enemy PC, walled city or tribe, or a hostile tribe)."""
    if not cus or st.ctrl[space] != other(side) and not base.hostile_tribe(st, space, side):
        return 0.0
    loss = st.game.tables.attrition_loss
    return sum(min(cus, loss(roll, cus)) for roll in range(1, 7)) / 6


def _guard(st: HannibalState, side: int, at: int, g: int) -> int:
    """The CUs General ``g`` leaves at ``at``: Hannibal's army to Hannibal (a subordinate who takes
    it away stops his march); at its own capital, as many as fit inside its walls (H51) of the
    biggest enemy army within a card's reach."""
    hannibal = _hannibal(st.game)
    if g != hannibal and st.gen_at[hannibal] == at:  # all of it, but to relieve a besieged capital
        total = walls.total(st, side, at)
        return min(total, ITALY_ARMY) if st.cu[other(side)][_capital(st.game, side)] else total
    return min(5, _capital_threat(st, side)) if at == _capital(st.game, side) else 0


def value(st: HannibalState, side: int) -> float:
    """A static value of the position for ``side``: political points first, then PCs, CUs and
    Generals; Carthage's hold on Italy and a threat to either capital (H110)."""
    if not st.stack:
        return 100.0 if st.winner == side else -100.0
    return _worth(side, _terms(st, side))


Terms = tuple[int, int, int, int, int, int, int]


def _terms(st: HannibalState, side: int) -> Terms:
    """What :func:`value` weighs, in whole numbers: ``side``'s political points, PCs, CUs and
    Generals less the enemy's, the Italian provinces Carthage holds, the threat to the
    enemy's capital less the threat to its own, and the siege points on it less those on its own
    (three take a capital, H96, H110)."""
    enemy = other(side)
    rome, carthage, held = _provinces(st)
    ctrl, inner = st.ctrl, st.inner
    sign = 1 if side == ROME else -1  # Rome's count less Carthage's, turned to ``side``'s
    cus = sum(st.cu[side]) - sum(st.cu[enemy]) + sum(inner[s] if ctrl[s] == side else -inner[s]
                                                     for s in _walled(st.board) if inner[s])
    sides = st.game.general_side
    gens = sum(1 if sides[g] == side else -1 for g, at in enumerate(st.gen_at) if at >= 0)
    danger = _capital_danger(st, enemy) - _capital_danger(st, side)
    sieged = st.spts[_capital(st.game, enemy)] - st.spts[_capital(st.game, side)]
    return (sign * (rome - carthage), sign * (ctrl.count(ROME) - ctrl.count(CARTHAGE)), cus, gens, held, danger,
            sieged)


def _worth(side: int, terms: Terms) -> float:
    pts, pcs, cus, gens, held, danger, sieged = terms
    italy = ITALY_WORTH[held]
    return (4.0 * pts + 0.4 * pcs + 0.3 * cus + 1.0 * gens + 0.3 * danger + SIEGE_POINT * sieged
            + (italy if side == CARTHAGE else -italy))


def _with_marker(st: HannibalState, side: int, terms: Terms, space: int, old: int, before: int,
                 now: int) -> Terms:
    """``terms`` (:func:`_terms` of ``st`` while ``space`` held ``old``) with the marker now on
    ``space`` and nothing else changed: only the space's own province (its controller ``before``
    and ``now``, victory provinces only), PC and CUs inside."""
    board = st.board
    marker = st.ctrl[space]
    pts, pcs, cus, gens, held, danger, sieged = terms
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
    return pts, pcs, cus, gens, held, danger, sieged


_SIGNED = {ROME: 1, CARTHAGE: -1, base.NONE: 0, base.NEUTRAL: 0}  # a marker's count in Rome's less Carthage's


class HeuristicAgent:
    """Plays Rome or Carthage by the rules of thumb above."""

    tie = 3.0
    """A flat search over this heuristic's favourites (``flat+heuristic``, :mod:`legatus.core.flat`)
    settles the candidates within this many standard errors of the best's paired mean by the
    ranking (issue 36, fifth round, docs/hannibal/agents.md): near ties that more futures do
    not settle, which otherwise made the hint's advice change with its seed. Since the seventh
    round 3, not 1: the hint then picks the same move with 4 seeds at 90 of 100 fresh positions
    (65 at 1); the search overrules the ranking only where the futures say so clearly."""

    def __init__(self, game: HannibalGame, seed: int | None = None) -> None:
        self.game = game  # ``seed`` changes nothing: ties go to the first legal action, so that a
        # search ranking by it (the hint) keeps the same favourites whatever its own seed
        self.reason = ""
        self._handlers: dict[int, Callable[[HannibalState, int, list[Action]], Action]] = {
            Id.PLAY: self._play, Id.OPS: self._ops, Id.MOVE: self._move, Id.TAKE: self._take,
            Id.REACT: self._react, Id.REACT_SIZE: self._react_size, Id.REACT_LEADER: self._react_leader,
            Id.ATTACK: self._attack, Id.MATCH: self._match,
            Id.CAMPAIGN: self._activate, Id.INTERCEPTED: self._intercepted, Id.GARRISON: self._garrison,
            Id.PLACE_PC: self._place, Id.REMOVE_PC: self._remove,
            Id.REINFORCE: self._reinforce}  # by procedure, built once an agent (not a decision)

    def choose(self, state: HannibalState) -> Action:
        deciding_seat(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            self.reason = "the only legal action"
            return legal[0]
        return self._decide(state, legal)

    def rank(self, state: HannibalState) -> list[Action]:
        """The actions worth a search's look, best first: the choice among the legal actions, then
        the choice among the others, :data:`RANKED` times, then the rest as they come; the
        blunders of :func:`_last_resorts` left out, unless the heuristic chooses one itself. A
        search keeps the first few (``width``)."""
        deciding_seat(state)
        left = state.legal_actions()
        last = _last_resorts(state, left)
        ranked: list[Action] = []
        while len(left) > 1 and len(ranked) < RANKED:
            try:
                pick = self._decide(state, left)
            except (StopIteration, ValueError):  # a rule of thumb whose fallback is ranked already
                break
            ranked.append(pick)
            left.remove(pick)
            if last and len(ranked) == 1:
                left = [a for a in left if a not in last]
        return ranked + left

    def _decide(self, state: HannibalState, legal: list[Action]) -> Action:
        splits = state.notation.SPLITS
        if max(legal) >= splits:  # H4: elephants by the engine's order, as it played before (rules.splits)
            legal = [a for a in legal if a < splits] or legal
        simple, ids = state.notation.SIMPLE, set(legal)  # the words of ALWAYS by id: no str() of each action
        for word in ALWAYS:
            if simple[word] in ids:
                self.reason = f"always {word}"
                return state.game.actions.actions[simple[word]]  # the very action of ``legal``
        procedure = state.stack[-1][0]
        seat = state.current_player()
        handler = self._handlers.get(procedure)
        if handler is not None:
            return handler(state, seat, legal)
        if any(state.notation.ACTIVATE <= a < state.notation.ACTIVATE + len(self.game.generals) for a in legal):
            return self._activate(state, seat, legal)  # a Force March (events)
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
        values = self._one_step(st, seat, legal)
        self.reason = "the best position one step ahead"
        return legal[values.index(max(values))]  # the first of equals

    def _one_step(self, st: HannibalState, seat: int, legal: list[Action]) -> list[float]:
        """The static value for ``seat`` after each of ``legal``."""
        values = []
        for a in legal:
            after = st.clone()
            after.apply_action(a)
            values.append(value(after, seat))
        return values

    def _place(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """A PC where it counts most one step ahead, then where it brings a victory province
        nearest to control (H102: PCs spread thin win none), twice so in Italy for Carthage."""
        self.reason = "a PC nearest to a province's control"
        return self._marker(st, seat, legal, st.notation.SPACE["pc"], seat, spread=True)

    def _remove(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """The PC whose loss costs least one step ahead (as :meth:`_lookahead` judges)."""
        self.reason = "the best position one step ahead"
        return self._marker(st, seat, legal, st.notation.SPACE["remove pc"], base.NONE, spread=False)

    def _reinforce(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """Carthage's CU (H15): to Carthage while an enemy army within a card's reach outnumbers
        its defenders, else to Hannibal's army, else one step of lookahead."""
        if seat == CARTHAGE:
            first = st.notation.SPACE["reinforce"]
            spaces = {a - first: a for a in legal}
            capital = _capital(st.game, seat)
            if capital in spaces and walls.total(st, seat, capital) < _capital_threat(st, seat):
                self.reason = "the capital's defence"
                return spaces[capital]
            hannibal = st.gen_at[_hannibal(st.game)]
            if hannibal in spaces:
                self.reason = "Hannibal's army"
                return spaces[hannibal]
        return self._lookahead(st, seat, legal)

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
                    if spread:
                        v += self._spread(st, seat, p, now)
                finally:
                    ctrl[space] = old
            else:
                after = st.clone()
                after.apply_action(a)
                v = value(after, seat)
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
        capital = _capital(st.game, seat)
        if st.spts[capital]:  # the capital's siege first: its third point loses the game (H96, H110)
            port = st.board.port[capital] is not None
            lift = [a for a in event if int(str(a)[7:]) in LIFTS and (port or not LIFTS[int(str(a)[7:])])]
            if lift:
                self.reason = "the event that lifts the capital's siege"
                return lift[0]
            sortie = self._sortie_card(st, seat, [a for a, t in zip(legal, texts, strict=True) if t.startswith("ops")])
            if sortie is not None:
                self.reason = "OPs for a sortie with the battle cards on its side (H100)"
                return sortie
        if event:
            self.reason = "the event"
            return max(event, key=lambda a: st.game.cards.strategy[int(str(a)[7:]) - 1].ops)
        ops = [a for a, t in zip(legal, texts, strict=True) if t.startswith("ops")]
        self.reason = "the card with most OPs"
        return max(ops, key=lambda a: st.game.cards.strategy[int(str(a)[5:]) - 1].ops)

    def _sortie_card(self, st: HannibalState, seat: int, ops: list[Action]) -> Action | None:
        """The card with the fewest OPs that activates a General at the seat's besieged capital
        whose sortie the battle cards favour (:meth:`_mover`), or None."""
        capital = _capital(st.game, seat)
        strategy = st.game.cards.strategy
        ratings = [base.strategy_rating(st, g) for g in base.generals_at(st, capital, seat, everywhere=True)
                   if self._mover(st, seat, g, False) >= SORTIE]
        able = [a for a in ops if ratings and strategy[int(str(a)[5:]) - 1].ops >= min(ratings)]
        return min(able, key=lambda a: strategy[int(str(a)[5:]) - 1].ops, default=None)

    def _target(self, st: HannibalState, seat: int, space: int, cus: int, g: int) -> float:
        """How good ``space`` is to reach with General ``g``'s ``cus`` CUs."""
        enemy = 1 - seat  # other(seat) inlined: the hottest call
        theirs = st.cu[enemy][space]
        marker = st.ctrl[space]
        if not theirs and marker != enemy:  # most spaces: only a hostile tribe counts
            return 2.0 if cus >= 3 and st.tribal[space] and marker != seat else 0.0
        # sudden death (H110), with a card edge over the defence it will meet (H75, H100)
        capital = space == _capital(st.game, enemy) and cus >= 3 and \
            _cards(st, seat, space, cus, g) > _defence(st, enemy, space)
        if theirs:
            home = space == _capital(st.game, seat)
            edge = _cards(st, seat, space, cus + (walls.sortie_force(st, seat, space) if home else 0), g) - \
                _cards(st, enemy, space, theirs)  # a capital is relieved with the CUs inside (H100)
            if cus < theirs + 2 and not home or edge < (1 if home else 2):
                return -10.0  # no battle without more CUs and a battle-card edge (H75)
            return 6.0 + (8.0 if capital or home else 0.0)  # a capital to take or save
        score = 4.0 if base.is_walled(st, space) and cus >= 3 else 1.5  # an enemy marker
        if capital:
            score += 8.0
        elif seat == CARTHAGE and st.board.province[space] in _italy(st.board):
            score += 1.0  # Carthage's way to Italy (H110); Campania's two spaces are cities
        if base.hostile_tribe(st, space, seat) and cus >= 3:
            score += 2.0
        return score

    def _pull(self, st: HannibalState, seat: int, there: int, cus: int, g: int, avoid: Sequence[int],
              seen: dict[int, float]) -> float:
        """How good a step into ``there`` is for ``cus`` CUs: its own target, or the best target up
        to :data:`LOOK` spaces beyond it (not through enemy armies, nor over ``avoid``), worth
        :data:`DECAY` less a space further; ``seen`` keeps the targets' values of one decision."""
        # the hottest loop of the heuristic: the spaces beyond found once for the armies' places
        # (:func:`_beyond`), ``seen`` and ``_target`` read inline and ``max`` as one comparison
        # (the same value: max keeps the first of equals)
        target, get = self._target, seen.get
        best = get(there)
        if best is None:
            best = seen[there] = target(st, seat, there, cus, g)
        enemy = st.cu[other(seat)]
        if best < 0 or enemy[there]:
            return best
        for t, factor in _beyond(st.board, there, avoid, enemy):
            v = get(t)
            if v is None:
                v = seen[t] = target(st, seat, t, cus, g)
            v = factor * v
            if v > best:
                best = v
        return best

    def _ops(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """The General whose move does most (:meth:`_mover`), else raising CUs, else PCs. A CU raised
        at a capital that an enemy army within a card's reach outnumbers (H32) comes before any
        move but a strong one: once besieged, the city may raise none (H97)."""
        n, game = st.notation, st.game
        ship = game.cards.strategy[st.stack[-1][2] - 1].ship
        best, score = None, WORTH_A_CARD
        capital = _capital(game, seat)
        home = [a for a in legal if n.RAISE <= a < n.RAISE + len(game.generals) and st.gen_at[a - n.RAISE] == capital]
        danger = _capital_danger(st, seat)
        if home and danger:
            best, score = home[0], WORTH_A_CARD + danger
        for a in legal:
            if n.ACTIVATE <= a < n.ACTIVATE + len(game.generals):
                s = self._mover(st, seat, a - n.ACTIVATE, ship)
                if s > score:
                    best, score = a, s
            elif n.RAISE <= a < n.RAISE + len(game.generals) and best is None:
                best = a
        if best is not None:
            self.reason = "CUs for the threatened capital" if danger and best in home else \
                "an army with a target in reach"
            return best
        self.reason = "political control"
        return next(a for a in legal if str(a) == "place pcs")

    def _activate(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """A Campaign's or a Force March's General (H52, events): the one whose move does most;
        on a Campaign none when no move does anything (the card's rest is not wasted on nothing)."""
        n, game = st.notation, st.game
        ship = game.cards.strategy[st.stack[-1][2] - 1].ship
        scored = [(self._mover(st, seat, a - n.ACTIVATE, ship), a) for a in legal
                  if n.ACTIVATE <= a < n.ACTIVATE + len(game.generals)]
        s, best = max(scored)
        end = [a for a in legal if str(a) == "end campaign"]
        if s <= 0 and end:
            self.reason = "no General has a target in reach"
            return end[0]
        self.reason = "the army with the best target in reach"
        return best

    def _mover(self, st: HannibalState, seat: int, g: int, ship: bool) -> float:
        """What activating General ``g`` is worth: a target in reach (:meth:`_pull`), a siege where
        he stands, a sea move (``ship``, H56) or a march (:meth:`_aim`); 0 or less when he would
        stop where he is, a card spent on nothing."""
        game = st.game
        at = st.gen_at[g]
        theirs = st.cu[other(seat)][at]
        if theirs:  # out among the besiegers: a battle where he stands, all his CUs (H100), if the cards favour it
            cus = min(10, walls.total(st, seat, at))
            home = at == _capital(game, seat)
            edge = _cards(st, seat, at, cus) - _cards(st, other(seat), at, theirs)
            s = (SORTIE if home else 6.0) if edge >= (1 if home else 2) else 0.0
        else:
            cus = min(10, walls.total(st, seat, at) - _guard(st, seat, at, g))
            seen: dict[int, float] = {}
            s = max((self._pull(st, seat, t, cus, g, (at,), seen) for t in _steps(game.board)[at]), default=0.0)
            if sieges.can_siege(st, seat, at, g):
                s = max(s, self._target(st, seat, at, cus, g))
            if ship and self._may_sail(st, g, cus) and st.board.port[at] is not None:
                s = max(s, *(self._target(st, seat, x, min(cus, 5), g) for x in st.board.sea[at]))
            aim = self._aim(st, seat, cus, at, g)
            if aim is not None and aim[at] > 1:
                s = max(s, 0.0) + (3.0 if g == _hannibal(game) else 1.5)
            if g == _hannibal(game) and _exposed(_exposure(st, seat, at, cus, g)):
                s = max(s, 0.0) + 3.0  # away from an army that would catch him
        return s + cus * 0.1 if s > 0 else s

    @staticmethod
    def _may_sail(st: HannibalState, g: int, cus: int) -> bool:
        """Hannibal marches to Italy (the sea sinks him for nothing); a small force never sails."""
        return g != _hannibal(st.game) and cus > SMALL

    def _aim(self, st: HannibalState, seat: int, cus: int, at: int, g: int) -> tuple[int, ...] | None:
        """The distances to where an army at ``at`` marches, or None (H110): Hannibal with 5 CUs
        or more to Italy; the enemy capital while weakly held, once within five spaces of it
        with 6 CUs or more (a longer march costs more to attrition than it gains); for Carthage
        holding three of Italy's six provinces, the nearest Roman city of Campania (both are
        needed) that it outnumbers by 2."""
        game, enemy = st.game, other(seat)
        if g == _hannibal(game) and cus >= 5 and 0 < _to_italy(game.board)[at] < 99:
            return _to_italy(game.board)
        capital = _capital(game, enemy)
        if cus >= 6 and st.cu[enemy][capital] + 2 <= cus and _distances(game.board, capital)[at] <= 5 and \
                _cards(st, seat, capital, cus, g) > _defence(st, enemy, capital):  # the odds of H75, H100
            return _distances(game.board, capital)
        if seat == CARTHAGE and cus >= 3 and _italy_held(st) >= 3:
            cities = [c for c in _campania(game.board) if st.ctrl[c] == ROME and st.cu[ROME][c] + 2 <= cus]
            if cities:
                return _distances(game.board, min(cities, key=lambda c: _distances(game.board, c)[at]))
        return None

    def _take(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """As many CUs as may go, but those its capital's defence needs (:func:`_guard`)."""
        here = st.gen_at[st.m_gen]
        if st.cu[other(seat)][here]:  # a sortie (H100): all of them
            self.reason = "as many CUs as may go"
            return legal[-1]
        most = walls.total(st, seat, here) - _guard(st, seat, here, st.m_gen)
        takes = [a for a in legal if a - st.notation.TAKE <= most]
        self.reason = "as many CUs as may go" if len(takes) == len(legal) else "all but the CUs left behind"
        return takes[-1] if takes else legal[0]

    def _move(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """A step towards the best target in reach, or the army's aim; never back onto a space of
        this move, Hannibal never by sea, a small force never alone by sea; on the seat's last
        card, away from winter attrition (:func:`_winter`: it had cost Hannibal a third of his
        army in Roman Italy each turn, the most of his early deaths, issue 36). Before its first
        step the army stops only to besiege: a card spent on nothing else is wasted."""
        cus = st.m_left
        g = st.m_gen
        here = st.gen_at[g]
        stop = [a for a in legal if str(a) == "stop"]  # not legal for a lone General among lone enemies (H47)
        best = stop[0] if stop else legal[0]
        score = -1e9
        if stop:
            score = self._target(st, seat, here, cus, g) if len(st.path) > 1 or sieges.can_siege(st, seat, here, g) \
                else 0.0
        hannibal = g == _hannibal(st.game)
        if stop and hannibal:
            score -= _exposed(_exposure(st, seat, here, cus, g))
        last = not st.hands[seat]  # where this move ends, the army winters (H106)
        if stop and last:
            score -= WINTER * _winter(st, seat, here, cus)
        aim = self._aim(st, seat, cus, here, g)
        pull = 1.5 if hannibal else 0.8
        seen: dict[int, float] = {}
        for a in legal:
            text = str(a)
            if not text.startswith(("to ", "sail ")):
                continue
            sail = text.startswith("sail ")
            there = a - st.notation.SPACE["sail" if sail else "to"]
            if sail:
                s = self._target(st, seat, there, cus, g)
                s += 0.3 * max((self._target(st, seat, x, cus, g) for x in st.board.land[there]), default=0.0)
                if not self._may_sail(st, g, cus):
                    s -= 100.0
            else:
                s = self._pull(st, seat, there, cus, g, st.path, seen)
                if aim is not None:
                    s += pull * (aim[here] - aim[there])
            if there in st.path:
                s -= 100.0  # back where the army stood this move: a step for nothing
            if not cus and not st.cu[other(seat)][there] and base.generals_at(st, there, other(seat)):
                s -= 100.0  # alone where an enemy General stands alone: no stop there (H47), a way back
            if hannibal:
                s -= _exposed(_exposure(st, seat, there, cus, g))
            if last and not sail:
                s -= WINTER * _winter(st, seat, there, cus)
            if s > score:
                best, score = a, s
        if str(best) == "stop" and len(st.path) == 1 and not sieges.can_siege(st, seat, here, g):
            pick = [a for a in legal if str(a).startswith("pick up")]
            if pick:  # H39: a consul left behind with fewer than 5 CUs marches along, else no step
                self.reason = "the consul who must march along"
                return pick[0]
        self.reason = "towards the best target" if str(best) != "stop" else "nothing better in reach"
        return best

    def _react(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """An interception where it and the force in the space entered outnumber the mover by 2,
        else an Avoid Battle from a stronger mover; once an attempt is declared (H62), no Avoid
        Battle: the interception counted on the force it would take away."""
        n = st.notation
        mover = st.m_left
        here = st.gen_at[st.m_gen]
        declared = any(str(a) == ROLL_ATTEMPTS for a in legal)
        for a in legal:
            text = str(a)
            if text.startswith("intercept from"):
                src = a - n.SPACE["intercept from"]
                if min(10, st.cu[seat][src]) + st.cu[seat][here] >= mover + 2:
                    self.reason = "intercept a weaker army"
                    return a
            if text.startswith("avoid to") and st.cu[seat][here] < mover and not declared:
                self.reason = "avoid a stronger army"
                return a
        self.reason = "no reaction worth the risk"
        return next(a for a in legal if str(a) in ("no reaction", ROLL_ATTEMPTS))  # nothing more to declare (H62)

    def _react_size(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """An interception or an Avoid Battle with as many CUs as may go (H64, H67, H69): a few
        CUs alone lose their General with them on a lost battle (H83, H43; the heuristic had
        intercepted with 1 CU, Hannibal with it, issue 36); from its own capital too, where the
        army intercepted is the very threat a reserve would wait for."""
        self.reason = "as many CUs as may go"
        return legal[-1]

    def _react_leader(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """The whole army reacts under its commander (H66, H69): a subordinate alone would leave
        the rest, Hannibal too, with fewer CUs where the enemy passes."""
        commander = st.notation.CHOOSE_GENERAL + reactions.reacting_commander(st)
        self.reason = "the whole army under its commander"
        return next(a for a in legal if a == commander)

    def _intercepted(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        here = st.gen_at[st.m_gen]
        fight = st.cu[seat][here] >= st.cu[other(seat)][here]
        self.reason = "fight" if fight else "back up from a stronger army"
        return next((a for a in legal if str(a) == ("fight" if fight else "back up")), legal[0])

    def _garrison(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        """An enemy army at least as big enters the city: as many CUs inside as may go, with the
        Generals where they may (H51, H62 step 1); a smaller one: all out to fight it. At the end
        of the seat's own move, one step of lookahead."""
        _, _, mode, space = st.stack[-1]
        if mode != walls.DECLARE:
            return self._lookahead(st, seat, legal)
        inside = _garrisons(st, legal)
        if not inside:
            return self._lookahead(st, seat, legal)

        def key(a: Action) -> tuple[int, int]:
            return _cus_inside(st, a), a  # CUs inside, then with the Generals

        if st.m_left >= walls.total(st, seat, space):
            self.reason = "outnumbered: behind the walls"
            return max(inside, key=key)
        self.reason = "stronger: out to fight"
        return min(inside, key=key)

    def _attack(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        mine, theirs = sum(st.bhand[seat]), sum(st.bhand[other(seat)])
        words = {str(a): a for a in legal}
        if "withdraw" in words and mine * 2 < theirs:
            self.reason = "outnumbered in cards: withdraw"
            return words["withdraw"]
        plain = [a for a in legal if str(a) != "withdraw" and "reserve" not in str(a)]
        if plain:
            self.reason = "the kind held most"
            return max(plain, key=lambda a: st.bhand[seat][(a - st.notation.ATTACK) % 5])
        self.reason = "a Reserve"
        return next(a for a in legal if "reserve" in str(a))

    def _match(self, st: HannibalState, seat: int, legal: list[Action]) -> Action:
        plain = [a for a in legal if str(a) not in ("concede",) and "reserve" not in str(a)]
        self.reason = "match"
        return (plain or [a for a in legal if "reserve" in str(a)] or legal)[0]
