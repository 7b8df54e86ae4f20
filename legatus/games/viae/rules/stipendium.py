"""III. Stipendium (C31, V27, V32): roads, cities (Stone or Denar), Basilicas, then the Deceptio
draw by influence. Each player with cities says how many of them give Stone (``stone K``); the
Stone comes first from cities with an active Quarry, the only cities where Stone is worth more,
so the count is the whole choice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, step

from ..decks import DECEPTIO
from ..effects import gain_influence, number
from ..ids import Id
from . import chance

if TYPE_CHECKING:
    from ..state import ViaeState

FORUM, TEMPLE, QUARRY = range(3)


def region_peaceful(st: ViaeState, region: int) -> bool:
    """V27: a Basilica works only if no city of its region is vigilant or aggressive."""
    return not any(st.hostility[c] for c in st.game.board.region_cities[region])


def basilica_type(st: ViaeState, region: int) -> int:
    b = st.basilica[region]
    return -1 if b < 0 else b // len(st.game.board.city_ids)


def quarry_city(st: ViaeState, city: int) -> bool:
    region = st.game.board.city_region[city]
    return basilica_type(st, region) == QUARRY and region_peaceful(st, region)


def next_income(st: ViaeState) -> None:
    """The phase's step, again after each choice: income for each player in turn order (V32), a
    player with cities choosing; then the Deceptio draw, and IV. Agere."""
    while st.stip_i < len(st.order):
        seat = st.order[st.stip_i]
        if st.cities_of(seat):
            st.call(Id.INCOME, seat)
            return
        income(st, seat, 0)
        st.stip_i += 1
    st.goto(Id.ROUND_AGERE)
    st.turn_i = 0
    draw(st)


def legal(st: ViaeState) -> tuple[int, ...]:
    seat = st.frame()[1]
    base = st.game.notation.base["stone"]
    return tuple(base + k for k in range(len(st.cities_of(seat)) + 1))


def apply(st: ViaeState, action: int) -> None:
    seat = st.frame()[1]
    income(st, seat, action - st.game.notation.base["stone"])
    st.stip_i += 1
    st.end()


def income(st: ViaeState, seat: int, stone_cities: int) -> None:
    """C31 and the Fortuna/officer modifiers of CARDS.md (road_income … tax_per_2_cities)."""
    g = st.game
    s = g.tracks.stipendium
    roads = st.roads_of(seat)
    st.denar[seat] += roads * number(st, seat, "road_income", s["road_denar"])
    st.denar[seat] += roads // 2 * number(st, seat, "road_pair_bonus", 0)
    cities = sorted(st.cities_of(seat), key=lambda c: not quarry_city(st, c))  # Quarry cities give Stone first
    extra_stone = number(st, seat, "city_extra_stone", 0)
    city_denar = number(st, seat, "city_denar", s["city_denar"])
    extra_denar = number(st, seat, "city_extra_denar", 0)
    for i, c in enumerate(cities):
        if i < stone_cities:
            st.stone[seat] += s["city_stone"] * (s["quarry_factor"] if quarry_city(st, c) else 1) + extra_stone
        else:
            st.denar[seat] += city_denar
        st.denar[seat] += extra_denar
    regions = {g.board.city_region[c] for c in cities}
    for r in regions:
        if region_peaceful(st, r):  # V27: once to each player with a city there
            kind = basilica_type(st, r)
            if kind == FORUM:
                gain_influence(st, seat, s["forum_influence"])
            elif kind == TEMPLE:
                st.denar[seat] += s["temple_denar"]
    tax = number(st, seat, "tax_per_2_cities", 0) * (len(cities) // 2)
    st.denar[seat] -= min(tax, st.denar[seat])


def draw(st: ViaeState) -> None:
    """C31: 1, 2 or 3 Deceptio by influence (after any Forum, V32), in turn order."""
    draws = st.game.tracks.deceptio_draws
    for seat in st.order:
        st.draws.extend((DECEPTIO, seat) for _ in range(draws[st.influence[seat] - 1]))
    if st.draws:
        chance.begin_draws(st)


PROCEDURES: dict[int, Procedure[ViaeState]] = {
    Id.ROUND_STIPENDIUM: step("III. Stipendium, next player", next_income),
    Id.INCOME: Procedure("III. Stipendium", lambda st: st.frame()[1],
                         lambda st: f"{st.game.seats[st.frame()[1]]}: how many cities give Stone?", legal, apply),
}
