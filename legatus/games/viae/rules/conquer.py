"""IV. Agere › Conquer, Success, Failure, Hostility (C33–C37, V19, V22–V25): a city's power is its
value, plus one kept result per roll if it is hostile (vigilant 1 roll, aggressive 2), each roll
1 die + 1 per own scout there; the attacker adds every scout there and its unassigned units."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, roll, step
from legatus.core.tuples import put

from ..effects import gain_influence, hostility_begun, kill_scouts, lose_influence, number, raise_hostility, yes
from ..ids import Id
from . import mandatum
from .agere import assign, free_action, free_actions, power, seat

if TYPE_CHECKING:
    from ..state import ViaeState


def declare(st: ViaeState) -> None:
    """V19: the turn's player conquers the city under the marker (the action is already counted)."""
    p = seat(st)
    city = st.marker[p]
    st.must_conquer = 0
    st.target = city
    st.kept = ()
    st.adjust = 0
    st.rolls_left = st.hostility[city]  # C34: vigilant 1 roll, aggressive 2
    if st.rolls_left:
        st.dice = ()
        st.goto(Id.DIE)
    else:
        st.end()
        resolve(st, p)


def dice_count(st: ViaeState, p: int) -> int:
    """C34, V22: 1 die + 1 per own scout on the city (at most 1 + the scout limit)."""
    return 1 + st.scouts[p * len(st.game.board.city_ids) + st.target]


def die_outcomes(st: ViaeState) -> tuple[int, ...]:
    base = st.game.notation.base["die"]
    return tuple(base + v - 1 for v in sorted(set(st.game.die)))


def die_weights(st: ViaeState, outcomes: tuple[int, ...]) -> list[int]:
    """V22: a face by how many sides show it."""
    faces, base = st.game.die, st.game.notation.base["die"]
    return [faces.count(a - base + 1) for a in outcomes]


def apply_die(st: ViaeState, action: int) -> None:
    st.dice += (action - st.game.notation.base["die"] + 1,)
    if len(st.dice) == dice_count(st, seat(st)):
        st.goto(Id.KEEP)


def keep_legal(st: ViaeState) -> tuple[int, ...]:
    base = st.game.notation.base["keep"]
    return (*(base + v for v in sorted(set(st.dice))), *free_actions(st, seat(st), in_roll=True))


def apply_keep(st: ViaeState, action: int) -> None:
    p = seat(st)
    if free_action(st, p, action):  # a Deceptio or an ability after the roll (V28, V14)
        return
    value = action - st.game.notation.base["keep"]
    st.kept += (max(0, value + st.adjust),)  # CA10 adjust_result: minimum 0
    st.adjust = 0
    st.rolls_left -= 1
    if st.rolls_left:
        st.dice = ()
        st.goto(Id.DIE)
        return
    st.end()
    resolve(st, p)


def city_power(st: ViaeState, p: int) -> int:
    return st.game.board.city_value[st.target] + sum(st.kept) + number(st, p, "city_power", 0)


def attack_power(st: ViaeState, p: int) -> int:
    return power(st, p) + st.scouts_at(st.target) + number(st, p, "attacker_power", 0)


def resolve(st: ViaeState, p: int) -> None:
    """C35/C36, then the hostility spread (C37, V25) and the Mandatum (C48)."""
    g = st.game
    b = g.board
    city = st.target
    cities = len(b.city_ids)
    level = st.hostility[city]
    needed = city_power(st, p)
    success = attack_power(st, p) >= needed
    if success:  # C35, V24
        assign(st, p, needed - st.scouts_at(city) - number(st, p, "attacker_power", 0), "power")
        st.control[city] = p
        st.forts = put(st.forts, p, st.forts[p] - 1)
        own = st.scouts[p * cities + city]
        st.scouts[p * cities + city] = 0
        st.assigned[p] += own  # V14: own scouts go to the conquer field
        for q in range(g.num_players()):
            if q != p and st.scouts[q * cities + city]:
                st.scouts[q * cities + city] = 0
                gain_influence(st, q, 1)  # V24: 1 a player
        st.hostility[city] = 0
        bonus = number(st, p, "hostile_conquest_influence", 0) if level else 0
        gain_influence(st, p, 1 + level + bonus)
    else:  # C36, V23
        if st.prev[p] >= 0 and st.marker[p] == city:
            st.marker[p] = st.prev[p]
        for q in range(g.num_players()):  # CA05: an owner's scouts may survive
            if yes(st, q, "scouts_die_on_failure"):
                kill_scouts(st, city, q)
            else:
                st.scouts[q * cities + city] = 0
        lose_influence(st, p, sum(st.kept) if level else 1)
        if not level:
            raise_hostility(st, p, city)  # V23: only once hostility has begun, never in SPQR
    if hostility_begun(st) and (success or g.options["hostility_on_failure"]):
        for nb in b.neighbours[city]:  # C37, V25
            raise_hostility(st, p, nb)
    st.prev[p] = -1
    st.target = -1
    st.dmods = tuple((o, k) for o, k in st.dmods if not (o == p and g.cards.deceptio[k].when == "next_conquer"))
    if success:
        mandatum.check(st, p)


PROCEDURES: dict[int, Procedure[ViaeState]] = {
    Id.CONQUER: step("Conquer", declare),
    Id.DIE: roll("conquest dice", lambda st: "Roll a conquest die.", die_outcomes, apply_die, die_weights),
    Id.KEEP: Procedure("conquest roll", seat, lambda st: f"{st.game.seats[seat(st)]}: keep one result of "
                       f"{sorted(st.dice)}.", keep_legal, apply_keep, hides_legal=True),  # Deceptio
}
