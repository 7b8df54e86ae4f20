"""IV. Agere (C32–C46, V12–V21, V26, V28, V30, V33, V37): a player's turn, its eight actions and
their costs, the free actions (Deceptio, buying influence, officers' abilities) and the Cohorte's
upkeep. Conquer itself is :mod:`.conquer`.

Units are assigned by the rules, not chosen one by one: Legio first (power and workforce 1, V12),
then officers, the one with most of what is needed first; an officer whose ability was used is
already assigned (V14).
"""

from __future__ import annotations

import heapq
from functools import cache
from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, roll, step
from legatus.core.tuples import put

from ..cards import Card, Cards
from ..decks import CASTRA
from ..effects import (
    cycle,
    discard_officer,
    gain_influence,
    lose_influence,
    lower_hostility,
    modified_number,
    mods_of,
    num,
    number,
    raise_hostility,
    run,
    targets,
    yes,
)
from ..ids import F_MOVE, F_ROAD, F_SCOUT, FREE_KINDS, V_LOSE_INFLUENCE, V_TAKE_DENAR, Id
from . import chance

if TYPE_CHECKING:
    from ..state import ViaeState

BASILICA_KINDS = 3


def next_turn(st: ViaeState) -> None:
    """The phase's step, again after each turn: the next player in turn order takes a turn; after
    the last, the end of the game is checked."""
    if st.turn_i >= len(st.order):
        st.goto(Id.GAME_END)
        return
    st.actions_used = st.in_roma = st.bought = st.must_conquer = 0
    st.prev[seat(st)] = -1  # V23: a marker that did not move in stays
    st.call(Id.TURN)


def seat(st: ViaeState) -> int:
    return st.order[st.turn_i]


def actions_left(st: ViaeState) -> int:
    """C32: never below 0. An extra action lost after it was used (CA18 in slot 2, V15) leaves
    none: the turn has only its free actions and its end left, and a Conquer already forced
    (V19) is still made."""
    p = seat(st)
    return max(0, number(st, p, "actions", st.game.actions_per_turn) - st.actions_used)


def hostile(st: ViaeState, city: int) -> bool:
    return st.control[city] < 0 and st.hostility[city] > 0


def can_enter(st: ViaeState, p: int, city: int, left: int) -> bool:
    """C38, C39, V17: a hostile city forces a Conquer, so it needs an action left for it and a fort
    to place (V5: none left, no Conquer)."""
    return not hostile(st, city) or left >= 2 and st.forts[p] > 0


# --- units (V12, V14) -------------------------------------------------------------------------

def officers_free(st: ViaeState, p: int) -> list[int]:
    return [s for s in (2 * p, 2 * p + 1) if st.officers[s] >= 0 and not st.used[s]]


def workforce(st: ViaeState, p: int) -> int:
    castra = st.game.cards.castra
    return st.free_legio(p) + sum(castra[st.officers[s]].workforce for s in officers_free(st, p))


def power(st: ViaeState, p: int) -> int:
    castra = st.game.cards.castra
    return st.free_legio(p) + sum(castra[st.officers[s]].power for s in officers_free(st, p))


def assign(st: ViaeState, p: int, need: int, quality: str) -> None:
    """Assign units giving ``need`` workforce or power: Legio first, then officers, most first."""
    legio = min(st.free_legio(p), max(need, 0))
    st.assigned[p] += legio
    need -= legio
    castra = st.game.cards.castra
    for s in sorted(officers_free(st, p), key=lambda s: -getattr(castra[st.officers[s]], quality)):
        if need <= 0:
            break
        st.used[s] = 1
        need -= getattr(castra[st.officers[s]], quality)


# --- legal actions --------------------------------------------------------------------------

def legal(st: ViaeState) -> tuple[int, ...]:
    p = seat(st)
    n = st.game.notation.base
    left = actions_left(st)
    out: list[int] = []
    if st.must_conquer:  # V19: entering a hostile city forces Conquer as the next action
        out.append(n["conquer"])
    elif left > 0:
        out += road_actions(st, p, left, 3, False)
        out += [n["move"] + c for c in move_targets(st, p, left)]
        out += [n["sail"] + c for c in sail_targets(st, p, left)]
        out += [n["scout"] + c for c in scout_targets(st, p)]
        out += recruit_actions(st, p)
        if can_conquer(st, p):
            out.append(n["conquer"])
        out += basilica_actions(st, p)
        out.append(n["prepare"])
    else:
        out.append(n["end"])
    out += free_actions(st, p, in_roll=False)
    return tuple(out)


def free_actions(st: ViaeState, p: int, in_roll: bool) -> list[int]:
    """C44, C45 and activated abilities: no action spent."""
    g = st.game
    n = g.notation.base
    out = [n["play"] + k for k in playable(st, p, in_roll)]
    if not in_roll and can_buy(st, p):
        out.append(n["buy"])
    officer_verbs = card_verbs(g.cards)[1]
    for s in officers_free(st, p):
        card = g.cards.castra[st.officers[s]]
        if card.when != "activated":
            continue
        verbs = officer_verbs[st.officers[s]]
        if ("adjust_result" in verbs) != in_roll:  # V14: a roll ability acts on a roll only
            continue
        if verbs == {"free_action"} and not free_kind_possible(st, p, *free_grants(g.cards)[1][st.officers[s]]):
            continue
        out.append(n["ability"] + st.officers[s])
    return out


@cache
def card_verbs(cards: Cards) -> tuple[tuple[frozenset[str], ...], tuple[frozenset[str], ...]]:
    """The verbs of each Deceptio card's and each officer's steps, read once for the legal lists."""
    return tuple(frozenset(s.verb for s in c.effect) for c in cards.deceptio), \
        tuple(frozenset(s.verb for s in c.effect) for c in cards.castra)


NO_GRANT = (-1, 0)


@cache
def free_grants(cards: Cards) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The free action a Deceptio card or an officer grants first (its kind and most road value;
    :data:`NO_GRANT` if its first step grants none), read once for the legal lists."""
    def grant(card: Card) -> tuple[int, int]:
        first = card.effect[0]
        if first.verb != "free_action":
            return NO_GRANT
        return FREE_KINDS[str(first.arg("action"))], num(first, "max_value", 3)
    return tuple(map(grant, cards.deceptio)), tuple(map(grant, cards.castra))


def deceptio_cost(st: ViaeState, p: int) -> int:
    """C44: the n-th card of the round costs n-1 influence (modifiers: V44)."""
    return number(st, p, "deceptio_cost", st.played[p])


def playable(st: ViaeState, p: int, in_roll: bool) -> list[int]:
    cost = deceptio_cost(st, p)
    if st.influence[p] - cost < st.game.tracks.influence_min:  # C44, V28: never below 1
        return []
    cards = st.game.cards.deceptio
    verbs = card_verbs(st.game.cards)[0]
    grants = free_grants(st.game.cards)[0]
    out = []
    for k, count in enumerate(st.hand_of(p)):
        if not count:
            continue
        card = cards[k]
        if card.when == "on_roll" and not in_roll:
            continue
        if in_roll and card.when not in ("on_roll", "next_conquer") and verbs[k] != {"gain"}:
            continue  # after a roll: only what acts on the conquest or gives resources
        if grants[k] != NO_GRANT and not free_kind_possible(st, p, *grants[k]):
            continue
        out.append(k)
    return out


def can_buy(st: ViaeState, p: int) -> bool:
    """C45, V30: after entering Roma this turn, up to the allowed steps, never past 10."""
    if not st.in_roma or st.bought >= number(st, p, "buy_influence_steps", 1):
        return False
    if st.influence[p] >= st.game.tracks.influence_max:
        return False
    return st.denar[p] >= buy_cost(st, p)


def buy_cost(st: ViaeState, p: int) -> int:
    return number(st, p, "buy_influence_cost", st.influence[p] + 1)


# Build a Road (C11, V17)
def road_stone(st: ViaeState, p: int, value: int) -> int:
    return number(st, p, "road_stone", value)


def road_actions(st: ViaeState, p: int, left: int, max_value: int, no_workforce: bool) -> list[int]:
    g = st.game
    b, n = g.board, g.notation.base
    if st.milestones[p] <= 0:  # V5
        return []
    here = st.marker[p]
    if here == b.roma:
        return []
    out = []
    wf = workforce(st, p)
    stone = mods_of(st, p, "road_stone")  # road_stone's modifiers, read once for the roads here
    for r in b.city_roads[here]:
        road = b.roads[r]
        if st.road_owner[r] >= 0 or road.value > max_value:
            continue
        if not no_workforce and wf < road.value or st.stone[p] < modified_number(stone, road.value):
            continue
        out.append(n["road"] + r)
        other = road.b if road.a == here else road.a
        if can_enter(st, p, other, left):
            out.append(n["road_go"] + r)
    return out


def build_road(st: ViaeState, p: int, r: int, go: bool, no_workforce: bool) -> None:
    road = st.game.board.roads[r]
    if not no_workforce:
        assign(st, p, road.value, "workforce")
    st.stone[p] -= road_stone(st, p, road.value)
    st.road_owner[r] = p
    st.milestones = put(st.milestones, p, st.milestones[p] - 1)
    if go:
        enter(st, p, road.b if road.a == st.marker[p] else road.a, st.marker[p], via_roma=False)


# Move (C39, V18) — the cheapest path in tolls, through Roma where that costs no more (V30)
# A way is a key: (city, unbuilt roads crossed, entered Roma), packed into one int whose order is
# that tuple's (city, then crossed, then entered); a heap entry packs (toll, not through Roma,
# crossed, city, the way it came from, the owner paid + 1) the same way, so that the search pops
# its ways in exactly the order the tuples it used before popped (ties included: the way chosen
# decides who is paid a toll) with one int comparison each.
Paths = tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]]
Reads = tuple[tuple[int, int, int, int], int, list[int], list[int], list[int]]  # what a search reads
PathMemo = tuple[tuple[int, int, int, int], int, list[int], list[int], list[int], Paths]


def paths(st: ViaeState, p: int) -> Paths:
    """For each city one Move reaches, the best way there (least toll, then through Roma) with
    its rank (toll * 2 + not through Roma), and each way's previous way with the owner paid on it
    (-1: none); a city's rank may be past the Denar in hand (:func:`reached`).

    The last search is kept with what it read (:attr:`ViaeState.path_memo`, shared by clones): the
    legal list, the Move applied and the heuristic's Moves tried on clones of the position search
    once, and a search that less Denar would cut short is the same search cut at those Denar (a
    Move's tolls only grow on its way). The result is shared by every clone that reads the memo:
    callers never change it."""
    g = st.game
    toll = number(st, p, "toll", g.tracks.costs["toll"])
    cross = max(number(st, p, "move_cross_unbuilt", 0), 0)
    start, denar = st.marker[p], st.denar[p]
    memo = st.path_memo
    if memo is not None and memo[0] == (p, start, toll, cross) and denar <= memo[1] and memo[2] == st.road_owner \
            and memo[3] == st.control and memo[4] == st.hostility:
        return memo[5]
    reads = ((p, start, toll, cross), denar, st.road_owner[:], st.control[:], st.hostility[:])
    found = _search(st, reads)
    st.path_memo = (*reads, found)
    return found


def reached(st: ViaeState, p: int) -> list[int]:
    """The cities a Move reaches with the Denar in hand, in the order of the board."""
    most = 2 * st.denar[p] + 1
    return sorted(c for c, (rank, _) in paths(st, p)[0].items() if rank <= most)


def _search(st: ViaeState, reads: Reads) -> Paths:
    """Dijkstra over the ways (V18: never through a hostile city nor past the Denar it ``reads``;
    CA11: at most ``cross`` unbuilt roads, none into a hostile city). An entry's fields are bit
    fields, each wide enough for its values, most significant first: their order is the tuples'
    order, and reading them takes shifts and masks, no division."""
    (p, start, toll, cross), denar, road_owner, control, hostility = reads
    b = st.game.board
    roma, links = b.roma, b.city_links
    crossings = cross + 1
    cities = len(b.city_ids)
    ways = cities * crossings * 2
    owner_bits = (st.game.num_players() + 1).bit_length()  # the owner paid + 1
    at_city = owner_bits + (ways - 1).bit_length()  # below it: the way it came from, the owner paid
    at_crossed = at_city + (cities - 1).bit_length()
    at_rank = at_crossed + cross.bit_length()
    owner_mask, way_mask = (1 << owner_bits) - 1, (1 << (at_city - owner_bits)) - 1
    city_mask, crossed_mask = (1 << (at_crossed - at_city)) - 1, (1 << (at_rank - at_crossed)) - 1
    best: dict[int, tuple[int, int]] = {}  # city: (toll * 2 + not through Roma, way)
    parent: dict[int, tuple[int, int]] = {}
    first = start * crossings * 2
    heap = [1 << at_rank | start << at_city | first << owner_bits]
    unseen = (2 * denar + 2) << at_rank  # past every entry: a rank is at most 2 * denar + 1
    least = [unseen] * ways  # each way's least entry pushed (a greater one would pop after it), -1 once found
    least[first] = heap[0]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        entry = pop(heap)
        city = entry >> at_city & city_mask
        crossed = entry >> at_crossed & crossed_mask
        rank = entry >> at_rank
        not_via = rank & 1
        key = (city * crossings + crossed) * 2 + 1 - not_via
        if least[key] < 0:
            continue  # found already
        least[key] = -1
        if key != first:
            parent[key] = (entry >> owner_bits & way_mask, (entry & owner_mask) - 1)
        if city != start:
            if city not in best or rank < best[city][0]:
                best[city] = (rank, key)
            if control[city] < 0 and hostility[city] > 0:
                continue  # V18: never through a hostile city
        cost = rank >> 1
        for nb, r in links[city]:
            step, crossing, owner = 0, 0, 0
            if r >= 0:
                owner = road_owner[r]
                if owner < 0:
                    if crossed >= cross or control[nb] < 0 and hostility[nb] > 0:
                        continue  # CA11: one unbuilt road a Move, not into a hostile city
                    crossing, owner = 1, 0
                elif owner != p and toll:
                    step, owner = toll, owner + 1
                else:
                    owner = 0
            total = cost + step
            if total > denar:
                continue  # V18: a road you can't pay for can't be used
            via = 0 if (not not_via or nb == roma) else 1
            way = (nb * crossings + crossed + crossing) * 2 + 1 - via
            entry = (total * 2 + via) << at_rank | (crossed + crossing) << at_crossed | nb << at_city \
                | key << owner_bits | owner
            if entry < least[way]:
                least[way] = entry
                push(heap, entry)
    return best, parent


def move_targets(st: ViaeState, p: int, left: int) -> list[int]:
    if left >= 2 and st.forts[p] > 0:  # can_enter holds for every city
        return reached(st, p)
    control, hostility = st.control, st.hostility
    return [c for c in reached(st, p) if not (control[c] < 0 and hostility[c] > 0)]


def move(st: ViaeState, p: int, city: int) -> None:
    """C39: the toll of each other player's road on the way goes to its owner."""
    toll = number(st, p, "toll", st.game.tracks.costs["toll"])
    best, parent = paths(st, p)
    way = key = best[city][1]
    while key in parent:
        key, owner = parent[key]
        if owner >= 0:
            st.denar[p] -= toll
            st.denar[owner] += toll
    enter(st, p, city, st.marker[p], bool(way & 1))


def enter(st: ViaeState, p: int, city: int, came_from: int, via_roma: bool) -> None:
    st.prev[p] = came_from
    st.marker[p] = city
    if via_roma or city == st.game.board.roma:
        st.in_roma = 1
    if hostile(st, city):
        st.must_conquer = 1  # C38, C39


# Sail (C38, V20)
def sail_fee(st: ViaeState, p: int) -> int:
    return number(st, p, "sail_fee", st.game.tracks.costs["sail_fee"])


def sail_cost(st: ViaeState, p: int, harbor: int) -> int:
    owner = st.control[harbor]
    return 0 if owner == p else sail_fee(st, p)


def sail_targets(st: ViaeState, p: int, left: int) -> list[int]:
    b = st.game.board
    here = st.marker[p]
    if not b.harbor[here] or not yes(st, p, "sail_allowed"):
        return []
    fee, control, denar = sail_fee(st, p), st.control, st.denar[p]
    leave = 0 if control[here] == p else fee  # sail_cost, the fee read once
    return [h for h in b.harbors if h != here and leave + (0 if control[h] == p else fee) <= denar
            and can_enter(st, p, h, left)]


def sail(st: ViaeState, p: int, harbor: int) -> None:
    here = st.marker[p]
    for h in (here, harbor):
        fee = sail_cost(st, p, h)
        st.denar[p] -= fee
        if st.control[h] >= 0:  # V20: to its controller, else to the bank
            st.denar[st.control[h]] += fee
    enter(st, p, harbor, here, via_roma=False)


# Scout (C33, V21)
def scout_targets(st: ViaeState, p: int) -> list[int]:
    if st.free_legio(p) <= 0:
        return []
    b = st.game.board
    limit = st.game.tracks.scout_limit
    return [c for c in b.neighbours[st.marker[p]] if hostile(st, c) and st.scouts_at(c) < limit]


def scout(st: ViaeState, p: int, city: int) -> None:
    st.scouts[p * len(st.game.board.city_ids) + city] += 1


# Recruit (C42, V10, V37)
def recruit_actions(st: ViaeState, p: int) -> list[int]:
    g = st.game
    n = g.notation.base
    cost = number(st, p, "legio_cost", g.tracks.legio_cost)
    room = g.tracks.legio_slots - st.legio[p]
    out = [n["recruit"] + k - 1 for k in range(1, room + 1) if k * cost <= st.denar[p]]
    if any(c >= 0 for c in st.castra) and st.denar[p] >= g.tracks.cycle_cost:
        out.append(n["cycle"])
    out += hire_actions(st, p)
    return out


def hire_cost(st: ViaeState, p: int, slot: int) -> int:
    officer = st.game.cards.castra[st.castra[slot]]
    return number(st, p, "officer_cost", officer.cost + st.game.castra_costs[slot])


def hire_actions(st: ViaeState, p: int) -> list[int]:
    g = st.game
    hire_id = g.notation.base["hire"]
    influence, denar = st.influence[p], st.denar[p]
    # the modifiers of hire_cost's and the requirement's numbers, read once for the three cards
    requirement, cost = mods_of(st, p, "officer_requirement"), mods_of(st, p, "officer_cost")
    out = []
    for slot, card in enumerate(st.castra):
        if card < 0:
            continue
        officer = g.cards.castra[card]
        if influence < modified_number(requirement, officer.requirement):
            continue
        if modified_number(cost, officer.cost + g.castra_costs[slot]) > denar:
            continue
        out.append(hire_id + 2 * card)
        if influence >= g.tracks.officer_slot_2:  # C43
            out.append(hire_id + 2 * card + 1)
    return out


def hire(st: ViaeState, p: int, card: int, officer_slot: int) -> None:
    """C42, V10: pay card + slot cost; the cards left of the gap slide right, a new one fills the left."""
    slot = st.castra.index(card)
    st.denar[p] -= hire_cost(st, p, slot)
    if st.officers[2 * p + officer_slot] >= 0:
        discard_officer(st, 2 * p + officer_slot)
    st.officers = put(st.officers, 2 * p + officer_slot, card)
    st.used[2 * p + officer_slot] = 0
    st.castra = (-1, *st.castra[:slot], *st.castra[slot + 1:])
    st.draws.append((CASTRA, 0))


def end_recruit_mods(st: ViaeState, p: int) -> None:
    cards = st.game.cards.deceptio
    st.dmods = tuple((o, k) for o, k in st.dmods if not (o == p and cards[k].when == "next_recruit"))


# Conquer (the rest in .conquer)
def can_conquer(st: ViaeState, p: int) -> bool:
    c = st.marker[p]
    return c != st.game.board.roma and st.control[c] < 0 and st.forts[p] > 0  # C9, V5, V19


# Build a Basilica (C40, V26)
def basilica_actions(st: ViaeState, p: int) -> list[int]:
    g = st.game
    b = g.board
    if st.stone[p] < number(st, p, "basilica_stone", g.tracks.costs["basilica_stone"]) or \
            st.denar[p] < number(st, p, "basilica_denar", g.tracks.costs["basilica_denar"]):
        return []
    cities = len(b.city_ids)
    return [g.notation.base["basilica"] + kind * cities + c for c in st.cities_of(p)
            if b.city_region[c] != b.spqr and st.basilica[b.city_region[c]] < 0
            for kind in range(BASILICA_KINDS) if st.basilicas_left[kind] > 0]


def build_basilica(st: ViaeState, p: int, kind: int, city: int) -> None:
    g = st.game
    st.stone[p] -= number(st, p, "basilica_stone", g.tracks.costs["basilica_stone"])
    st.denar[p] -= number(st, p, "basilica_denar", g.tracks.costs["basilica_denar"])
    st.basilicas_left = put(st.basilicas_left, kind, st.basilicas_left[kind] - 1)
    st.basilica = put(st.basilica, g.board.city_region[city], kind * len(g.board.city_ids) + city)


# --- applying a turn action ------------------------------------------------------------------

def apply(st: ViaeState, action: int) -> None:
    """A turn action; a Conquer is :mod:`.conquer`'s step (:data:`Id.CONQUER`)."""
    g = st.game
    n = g.notation.base
    p = seat(st)
    cities = len(g.board.city_ids)
    if free_action(st, p, action):
        return
    if action == n["end"]:
        end_turn(st)
        return
    if action == n["prepare"]:
        st.denar[p] += prepare_earnings(st)
        end_turn(st)
        return
    st.actions_used += 1
    if n["road"] <= action < n["road_go"] + len(g.board.roads):
        go = action >= n["road_go"]
        build_road(st, p, action - (n["road_go"] if go else n["road"]), go, False)
    elif n["move"] <= action < n["move"] + cities:
        move(st, p, action - n["move"])
    elif n["sail"] <= action < n["sail"] + cities:
        sail(st, p, action - n["sail"])
    elif n["scout"] <= action < n["scout"] + cities:
        scout(st, p, action - n["scout"])
        st.call(Id.SCOUT_MORE, 99)  # C33: more cities in the same action
    elif n["recruit"] <= action < n["recruit"] + 8:
        end_recruit_mods(st, p)
        k = action - n["recruit"] + 1
        st.denar[p] -= k * number(st, p, "legio_cost", g.tracks.legio_cost)
        st.legio[p] += k
    elif action == n["cycle"]:
        st.denar[p] -= g.tracks.cycle_cost
        cycle(st)
        st.call(Id.HIRE)
        chance.begin_draws(st)
    elif n["hire"] <= action < n["hire_none"]:
        hire(st, p, (action - n["hire"]) // 2, (action - n["hire"]) % 2)
        end_recruit_mods(st, p)
        chance.begin_draws(st)
    elif action == n["conquer"]:
        st.call(Id.CONQUER)  # V19
    else:
        kind, city = divmod(action - n["basilica"], cities)
        build_basilica(st, p, kind, city)


def prepare_earnings(st: ViaeState) -> int:
    """C41, V16: the Denar a Prepare earns for the actions it leaves unused."""
    g = st.game
    unused = actions_left(st) - (0 if g.options["prepare_counts_itself"] else 1)
    return g.tracks.prepare_denar * max(unused, 0)


def free_action(st: ViaeState, p: int, action: int) -> bool:
    """Play a Deceptio, buy influence or use an ability (C44, C45, V14); False if it is none."""
    g = st.game
    n = g.notation.base
    k = len(g.cards.deceptio)
    if n["play"] <= action < n["play"] + k:
        play(st, p, action - n["play"])
    elif action == n["buy"]:
        st.denar[p] -= buy_cost(st, p)
        gain_influence(st, p, 1)
        st.bought += 1
    elif n["ability"] <= action < n["ability"] + len(g.cards.castra):
        card = action - n["ability"]
        slot = st.officers.index(card)
        st.used[slot] = 1  # V14: the pawn goes on the ability
        run(st, p, g.cards.castra[card].effect)
    else:
        return False
    return True


def play(st: ViaeState, p: int, k: int) -> None:
    g = st.game
    lose_influence(st, p, deceptio_cost(st, p))
    st.played = put(st.played, p, st.played[p] + 1)
    st.hand[p * len(g.cards.deceptio) + k] -= 1
    st.discard[k] += 1
    card = g.cards.deceptio[k]
    if any(step.verb == "mod" for step in card.effect):
        st.dmods += ((p, k),)
    run(st, p, card.effect)


def free_kind_possible(st: ViaeState, p: int, kind: int, max_value: int) -> bool:
    return bool(free_legal(st, p, kind, max_value, True))


def free_legal(st: ViaeState, p: int, kind: int, max_value: int, no_workforce: bool) -> list[int]:
    """The actions a card or ability grants without spending an action (CARDS.md free_action)."""
    n = st.game.notation.base
    left = actions_left(st) + 1  # nothing spent: a forced Conquer needs one action left
    if st.must_conquer:
        return []
    if kind == F_MOVE:
        return [n["move"] + c for c in move_targets(st, p, left)]
    if kind == F_ROAD:
        return road_actions(st, p, left, max_value, no_workforce)
    if kind == F_SCOUT:
        return [n["scout"] + c for c in scout_targets(st, p)]
    return basilica_actions(st, p)


# --- End of your turn: pay your Cohorte (C46, V33) ----------------------------------------------

def end_turn(st: ViaeState) -> None:
    g = st.game
    p = seat(st)
    upkeep = g.tracks.legio_upkeep
    cost = number(st, p, "legio_upkeep", st.legio[p] * upkeep)
    if cost <= st.denar[p]:
        st.denar[p] -= cost
        officers_paid = True
    else:
        keep = max(k for k in range(st.legio[p] + 1) if number(st, p, "legio_upkeep", k * upkeep) <= st.denar[p])
        st.denar[p] -= number(st, p, "legio_upkeep", keep * upkeep)
        drop_legio(st, p, st.legio[p] - keep)
        officers_paid = False  # V33: nothing left for the officers
    for i, slot in enumerate((2 * p, 2 * p + 1)):
        if st.officers[slot] < 0:
            continue
        fee = g.tracks.officer_upkeep[i]
        if officers_paid and st.denar[p] >= fee:
            st.denar[p] -= fee
        else:
            discard_officer(st, slot)
    st.assigned[p] = 0  # all pawns but scouts return
    st.used[2 * p] = st.used[2 * p + 1] = 0
    st.dmods = tuple((o, k) for o, k in st.dmods if o != p)
    st.turn_i += 1
    st.end()


def drop_legio(st: ViaeState, p: int, k: int) -> None:
    """V33: unpaid Legio leave, those in the Cohorte first, then scouts (city order)."""
    cities = len(st.game.board.city_ids)
    home = min(k, st.legio[p] - st.scouts_of(p))
    st.legio[p] -= home
    k -= home
    for c in range(cities):
        while k and st.scouts[p * cities + c]:
            st.scouts[p * cities + c] -= 1
            st.legio[p] -= 1
            k -= 1
    st.assigned[p] = min(st.assigned[p], st.legio[p] - st.scouts_of(p))


# --- sub-procedures of the turn ------------------------------------------------------------------

def scout_more_legal(st: ViaeState) -> tuple[int, ...]:
    p = seat(st)
    left = st.frame()[1]
    n = st.game.notation.base
    more = [n["scout"] + c for c in scout_targets(st, p)] if left > 0 else []
    return (n["done"], *more)


def apply_scout_more(st: ViaeState, action: int) -> None:
    n = st.game.notation.base
    if action == n["done"]:
        st.end()
        return
    scout(st, seat(st), action - n["scout"])
    left = st.frame()[1] - 1
    st.goto(Id.SCOUT_MORE, left)
    if left <= 0 or not scout_targets(st, seat(st)):
        st.end()


def hire_legal(st: ViaeState) -> tuple[int, ...]:
    return (st.game.notation.base["hire_none"], *hire_actions(st, seat(st)))


def apply_hire(st: ViaeState, action: int) -> None:
    n = st.game.notation.base
    p = seat(st)
    end_recruit_mods(st, p)
    if action == n["hire_none"]:  # C42: the action is spent all the same
        st.end()
        return
    st.end()
    hire(st, p, (action - n["hire"]) // 2, (action - n["hire"]) % 2)
    chance.begin_draws(st)


def target_seat_legal(st: ViaeState) -> tuple[int, ...]:
    p = seat(st)
    base = st.game.notation.base["target_seat"]
    return tuple(base + s for s in range(st.game.num_players()) if s != p)


def apply_target_seat(st: ViaeState, action: int) -> None:
    p = seat(st)
    _, verb, amount = st.frame()
    target = action - st.game.notation.base["target_seat"]
    if verb == V_TAKE_DENAR:
        taken = min(amount, st.denar[target])
        st.denar[target] -= taken
        st.denar[p] += taken
    elif verb == V_LOSE_INFLUENCE:
        lose_influence(st, target, amount)
    elif st.hand_size(target):
        st.goto(Id.LOSE, target, amount)
        return
    st.end()


def lose_outcomes(st: ViaeState) -> tuple[int, ...]:
    base = st.game.notation.base["loses"]
    return tuple(base + k for k, n in enumerate(st.hand_of(st.frame()[1])) if n)


def lose_weights(st: ViaeState, outcomes: tuple[int, ...]) -> list[int]:
    """Each card of the hand by its copies there."""
    hand, base = st.hand_of(st.frame()[1]), st.game.notation.base["loses"]
    return [hand[a - base] for a in outcomes]


def apply_lose(st: ViaeState, action: int) -> None:
    """A Deceptio discarded at random (CARDS.md discard_deceptio): the card is shown (V29)."""
    _, target, amount = st.frame()
    k = action - st.game.notation.base["loses"]
    st.hand[target * len(st.game.cards.deceptio) + k] -= 1
    st.discard[k] += 1
    if amount > 1 and st.hand_size(target):
        st.goto(Id.LOSE, target, amount - 1)
    else:
        st.end()


def target_city_legal(st: ViaeState) -> tuple[int, ...]:
    delta = st.frame()[1]
    p = seat(st)
    target = "chosen_near" if delta < 0 else "chosen_any"
    base = st.game.notation.base["target_city"]
    return tuple(base + c for c in targets(st, p, target, delta))


def apply_target_city(st: ViaeState, action: int) -> None:
    delta = st.frame()[1]
    city = action - st.game.notation.base["target_city"]
    if delta < 0:
        lower_hostility(st, city)
    else:
        raise_hostility(st, seat(st), city)
    st.end()


def free_proc_legal(st: ViaeState) -> tuple[int, ...]:
    _, kind, max_value, no_workforce, _ = st.frame()
    return (st.game.notation.base["skip"], *free_legal(st, seat(st), kind, max_value, bool(no_workforce)))


def apply_free(st: ViaeState, action: int) -> None:
    g = st.game
    n = g.notation.base
    p = seat(st)
    _, kind, max_value, no_workforce, left = st.frame()
    cities = len(g.board.city_ids)
    if action == n["skip"]:
        st.end()
        return
    if kind == F_SCOUT:
        scout(st, p, action - n["scout"])
        if left > 1 and scout_targets(st, p):
            st.goto(Id.FREE, kind, max_value, no_workforce, left - 1)
            return
    elif kind == F_MOVE:
        move(st, p, action - n["move"])
    elif kind == F_ROAD:
        go = action >= n["road_go"]
        build_road(st, p, action - (n["road_go"] if go else n["road"]), go, bool(no_workforce))
    else:
        kind_, city = divmod(action - n["basilica"], cities)
        build_basilica(st, p, kind_, city)
    st.end()


def take_legal(st: ViaeState) -> tuple[int, ...]:
    _, most, cost = st.frame()
    p = seat(st)
    room = min(most, st.game.tracks.legio_slots - st.legio[p])
    base = st.game.notation.base["take"]
    return tuple(base + k for k in range(room + 1) if k * cost <= st.denar[p])


def apply_take(st: ViaeState, action: int) -> None:
    _, _, cost = st.frame()
    p = seat(st)
    k = action - st.game.notation.base["take"]
    st.legio[p] += k
    st.denar[p] -= k * cost
    st.end()


def explain_turn(st: ViaeState, action: int) -> str:
    """Why a turn refuses ``action``: an end before the actions are spent says what to type."""
    n = st.game.notation.base
    if st.must_conquer and n["road"] <= action <= n["end"]:  # a turn action: the free ones stay open
        return "a hostile city entered must be conquered first (V19): type conquer"
    if action == n["end"] and actions_left(st):
        return f"you have {_actions_left(st)} left: type prepare to end your turn now " \
               f"(+{prepare_earnings(st)} Denar for them, C41), or take an action"
    if action == n["prepare"] and not actions_left(st):
        return "you have no action left to prepare with: type end turn"
    return "it is not one of the actions of the IV. Agere now"


def _actions_left(st: ViaeState) -> str:
    n = actions_left(st)
    return f"{n} action{'s' if n != 1 else ''}"


PROCEDURES: dict[int, Procedure[ViaeState]] = {
    Id.ROUND_AGERE: step("IV. Agere, next player", next_turn),
    Id.TURN: Procedure("IV. Agere", seat, lambda st: f"{st.game.seats[seat(st)]}: {_actions_left(st)} left.",
                       legal, apply, hides_legal=True, explain=explain_turn),  # hides: the Deceptio cards in hand
    Id.SCOUT_MORE: Procedure("scouting", seat, lambda st: "Scout another city, or done.", scout_more_legal,
                             apply_scout_more),
    Id.HIRE: Procedure("Castra", seat, lambda st: "Hire an officer, or none.", hire_legal, apply_hire),
    Id.TARGET_SEAT: Procedure("a card's target", seat, lambda st: "Choose another player.", target_seat_legal,
                              apply_target_seat),
    Id.TARGET_CITY: Procedure("a card's target", seat, lambda st: "Choose a city.", target_city_legal,
                              apply_target_city),
    Id.FREE: Procedure("a free action", seat, lambda st: "Take the free action, or skip.", free_proc_legal,
                       apply_free),
    Id.TAKE: Procedure("free Legio", seat, lambda st: "How many Legio?", take_legal, apply_take),
    Id.LOSE: roll("a random discard", lambda st: "Draw the card lost at random.", lose_outcomes, apply_lose,
                  lose_weights),
}
