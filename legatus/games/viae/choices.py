"""What a choice costs and does, said beside it where it is chosen (the core's ``describe``: the
notation, then a short note): ``ordo VIII (4 Denar)``, ``hire CA02 slot 1 Tesserarius (2 Denar; your
officer slot 1, upkeep 2)``, ``prepare (ends turn: +6 Denar, upkeep 5)``.

The notes read the position as the seat to move has it: costs, tolls and the board, all public
(V43); a card is named only where the notation already shows its id to the seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import num, number
from .ids import Id
from .log import CARD_ID, ROAD_ID, card_name, city_shown, none_rises, road_ends, unchanged
from .rules import agere, ordo
from .text import cards_chosen

if TYPE_CHECKING:
    from .state import ViaeState


def describe(st: ViaeState, action: int) -> str:
    """``action``'s notation with its cost and effect, as the menus and hints show it."""
    notation = str(st.game.actions[action])
    note = _note(st, action) if st.stack else ""
    return " ".join([city_shown(st, notation), *_names(st, notation), *([f"({note})"] if note else [])])


def menu_text(st: ViaeState, action: int) -> str:
    """``action`` as the terminal's menu lists it: at a decision about the hand's cards, a card
    by its id and cost alone ("play D06 (1 influence)"), the hand above listing each with its
    name and text (:func:`.text.cards_chosen`); every other choice as :func:`describe`."""
    notation = str(st.game.actions[action])
    if not (notation.startswith(("play D", "discard D"))
            and cards_chosen([str(st.game.actions[a]) for a in st.legal_actions()])):
        return describe(st, action)
    note = _note(st, action) if st.stack else ""
    return " ".join([notation, *([f"({note})"] if note else [])])


def _names(st: ViaeState, notation: str) -> list[str]:
    """The names of the cards and the ends of the roads ``notation`` shows by id, said after it
    whole, so that a menu groups the choices by their notation (terminal.menu_groups)."""
    return [road_ends(st, word) if word.startswith("r") else card_name(st, word)
            for word in notation.split()[1:] if CARD_ID.fullmatch(word) or ROAD_ID.fullmatch(word)]


def _note(st: ViaeState, a: int) -> str:  # noqa: PLR0911, C901 - one short branch a kind of choice
    g = st.game
    n = g.notation
    b = g.board
    cities, roads = len(b.city_ids), len(b.roads)
    p = st.current_player()
    if n["milestone"] <= a < n["milestone"] + roads:
        return f"value {b.roads[a - n['milestone']].value}"
    if n["road"] <= a < n["road_go"] + roads:
        r = a - (n["road_go"] if a >= n["road_go"] else n["road"])
        return _road(st, p, r)
    if a == n["ordo"]:
        return "no cost: the rightmost free spot left"
    if n["spot"] <= a < n["spot"] + len(g.ordo_costs):
        return _denar(ordo.spot_cost(st, p, a - n["spot"]))
    if n["stone"] <= a < n["stone"] + len(st.cities_of(p)) + 1:
        k, total = a - n["stone"], len(st.cities_of(p))
        return f"{_count(k, 'city', 'cities')} for Stone, {total - k} for Denar"
    if n["move"] <= a < n["move"] + cities:
        return _move(st, p, a - n["move"])
    if n["sail"] <= a < n["sail"] + cities:
        harbor = a - n["sail"]
        return _entered(st, harbor, _denar(agere.sail_cost(st, p, st.marker[p]) + agere.sail_cost(st, p, harbor)))
    if n["scout"] <= a < n["scout"] + cities:
        return "a free Legio goes there: +1 die to conquer it"
    if n["recruit"] <= a < n["hire"] and a != n["cycle"]:
        k = a - n["recruit"] + 1
        return f"{k} Legio, {_denar(k * number(st, p, 'legio_cost', g.tracks.legio_cost))}"
    if a == n["cycle"]:
        return f"{g.tracks.cycle_cost} Denar: new officers"
    if n["hire"] <= a < n["hire_none"]:
        card, slot = divmod(a - n["hire"], 2)
        cost = agere.hire_cost(st, p, st.castra.index(card))
        there = st.officers[2 * p + slot]
        if there >= 0:
            return f"{_denar(cost)}; replaces your {g.cards.castra[there].id}"
        return f"{_denar(cost)}; your officer slot {slot + 1}, upkeep {g.tracks.officer_upkeep[slot]}"
    if a == n["hire_none"]:
        return "the action is spent all the same"
    if a == n["conquer"]:
        city = st.marker[p]
        return f"attack {b.city_names[city]}, value {b.city_value[city]}"
    if n["basilica"] <= a < n["prepare"]:
        stone = number(st, p, "basilica_stone", g.tracks.costs["basilica_stone"])
        return f"{stone} Stone, {_denar(number(st, p, 'basilica_denar', g.tracks.costs['basilica_denar']))}"
    if a in (n["prepare"], n["end"]):
        return _turn_end(st, p, a == n["prepare"])
    if n["play"] <= a < n["play"] + len(g.cards.deceptio):
        cost = agere.deceptio_cost(st, p)
        price = f"{cost} influence" if cost else "free"
        effect = g.cards.deceptio[a - n["play"]].effect
        idle = none_rises(st, p) if all(s.verb == "hostility" and num(s, "delta", 0) > 0 for s in effect) else ""
        return f"{price}; no effect: {idle}" if idle else price  # Instigatio said before its cost is paid
    if a == n["buy"]:
        return f"{_denar(agere.buy_cost(st, p))} for 1 influence"
    if n["take"] <= a < n["complete"]:
        k = a - n["take"]
        return _denar(k * st.frame()[2])
    if a == n["done"]:
        return "no more scouts"
    if n["target_city"] <= a < n["target_city"] + cities and st.frame()[0] == Id.TARGET_CITY:
        why = unchanged(st, a - n["target_city"])  # a card played where it changes nothing (C28, V25)
        return f"no effect: {why}" if why else ""
    return ""


def _road(st: ViaeState, p: int, r: int) -> str:
    """Its Stone; and where ``road … go`` is offered, where it goes: the same words for both, so
    that a menu lists the two under one label (terminal.menu_groups)."""
    g = st.game
    road = g.board.roads[r]
    stone = f"{agere.road_stone(st, p, road.value)} Stone"
    if g.notation["road_go"] + r not in st.legal_ids():
        return stone
    other = road.b if road.a == st.marker[p] else road.a
    return f"{stone}; go: move to {g.board.city_names[other]}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _denar(amount: int) -> str:
    return f"{amount} Denar" if amount else "free"


def _move(st: ViaeState, p: int, city: int) -> str:
    """The tolls of the way a Move takes (C39): its rank is twice its tolls, +1 if not through Roma."""
    rank = agere.paths(st, p)[0][city][0]
    return _entered(st, city, f"{rank // 2} Denar in tolls" if rank // 2 else "no toll")


def _entered(st: ViaeState, city: int, cost: str) -> str:
    """``cost``, and the Conquer a hostile city forces on whoever enters it (C38, C39, V19)."""
    return f"{cost}; hostile: you must conquer it next" if agere.hostile(st, city) else cost


def _turn_end(st: ViaeState, p: int, prepare: bool) -> str:
    """C41, C46: what a Prepare earns, and the Cohorte's upkeep that ends every turn."""
    g = st.game
    earned = agere.prepare_earnings(st) if prepare else 0
    upkeep = number(st, p, "legio_upkeep", st.legio[p] * g.tracks.legio_upkeep)
    upkeep += sum(fee for i, fee in enumerate(g.tracks.officer_upkeep) if st.officers[2 * p + i] >= 0)
    short = ", more than you have" if upkeep > st.denar[p] + earned else ""
    return f"ends turn: +{earned} Denar, upkeep {upkeep}{short}" if prepare else f"upkeep {upkeep} Denar{short}"
