"""Conquer, Success, Failure, Hostility (C34–C37, V19, V22–V25, V31, V35), Mandatum (C48, V39,
V40), the end and its tie-breaks (C49, C50, V2, V41, V42)."""

from __future__ import annotations

import random

import pytest

from legatus.core.session import sample_outcome
from legatus.core.tuples import put
from legatus.games.viae.effects import targets
from legatus.games.viae.ids import Id
from legatus.games.viae.rules import end, mandatum
from legatus.games.viae.state import ViaeState
from tests.viae.helpers import act, city, first_turn, refresh, texts


def attack(st: ViaeState, name: str, level: int = 0) -> int:
    p = st.turn_seat()
    c = city(st, name)
    st.marker[p] = c
    st.hostility[c] = level
    refresh(st)
    return p


def roll(st: ViaeState, *faces: int) -> None:
    for v in faces:
        st.apply_action(st.parse_action(f"die {v}"))


def test_C35_peaceful_conquest_gives_1_influence_and_a_fort() -> None:
    st = first_turn(3)
    p = attack(st, "genua")  # value II, 5 Legio
    act(st, "conquer")
    assert st.control[city(st, "genua")] == p and st.influence[p] == 2 and st.forts[p] == 10
    assert st.assigned[p] == 2  # V14: units with power 2 assigned


def test_C36_V23_failure_at_a_peaceful_city_costs_1_and_turns_it_hostile() -> None:
    st = first_turn(3)
    st.round = 3  # C28: hostility has begun
    p = attack(st, "lugdunum")  # value IV
    st.assigned[p] = 3  # only 2 Legio left
    st.influence[p] = 4
    st.prev[p] = city(st, "massilia")
    refresh(st)
    act(st, "conquer")
    assert st.control[city(st, "lugdunum")] == -1 and st.influence[p] == 3
    assert st.hostility[city(st, "lugdunum")] == 1 and st.marker[p] == city(st, "massilia")


def test_C34_V22_vigilant_city_rolls_1_die_plus_own_scouts() -> None:
    st = first_turn(3)
    p = attack(st, "genua", level=1)
    st.scouts[p * len(st.game.board.city_ids) + city(st, "genua")] = 1
    refresh(st)
    act(st, "conquer")
    roll(st, 3, 1)  # 2 dice: 1 + 1 scout
    assert st.frame()[0] == Id.KEEP and texts(st)[:2] == ["keep 1", "keep 3"]
    act(st, "keep 1")  # city power 2 + 1 = 3; attacker 4 free Legio + 1 scout
    assert st.control[city(st, "genua")] == p and st.influence[p] == 3  # C35: vigilant +2


def test_C34_aggressive_city_rolls_twice_and_failure_costs_the_dice() -> None:
    st = first_turn(3)
    p = attack(st, "genua", level=2)
    st.influence[p] = 8
    st.assigned[p] = 3  # 2 Legio free
    refresh(st)
    act(st, "conquer")
    roll(st, 2)
    act(st, "keep 2")
    roll(st, 3)
    act(st, "keep 3")  # city power 2 + 5 = 7 > 2
    assert st.control[city(st, "genua")] == -1 and st.influence[p] == 3  # C36: loses 5


def test_C35_V24_other_players_scouts_go_home_with_1_influence() -> None:
    st = first_turn(3)
    p = attack(st, "genua", level=1)
    q = (p + 1) % 3
    cities = len(st.game.board.city_ids)
    st.scouts[q * cities + city(st, "genua")] = 2
    refresh(st)
    act(st, "conquer")
    roll(st, 1)
    act(st, "keep 1")
    assert st.control[city(st, "genua")] == p and st.influence[q] == 2 and st.scouts_of(q) == 0


def test_C37_V25_C16_hostility_spreads_from_round_3_never_into_spqr() -> None:
    st = first_turn(3)
    st.round = 3
    p = attack(st, "genua")
    act(st, "conquer")
    assert st.control[city(st, "genua")] == p
    assert st.hostility[city(st, "massilia")] == 1 and st.hostility[city(st, "mediolanum")] == 1
    assert st.hostility[city(st, "pisae")] == 0  # C16


def test_C28_no_hostility_in_round_1() -> None:
    st = first_turn(3)
    attack(st, "genua")
    act(st, "conquer")
    assert st.hostility[city(st, "massilia")] == 0


def test_V25_option_hostility_on_failure_off() -> None:
    st = first_turn(3, hostility_on_failure=False)
    st.round = 3
    p = attack(st, "lugdunum")
    st.assigned[p] = 5
    refresh(st)
    act(st, "conquer")
    assert st.hostility[city(st, "massilia")] == 0 and st.hostility[city(st, "lugdunum")] == 1


def test_C39_V19_entering_a_hostile_city_forces_conquer() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.marker[p] = city(st, "capua")
    board = st.game.board
    r = next(i for i, x in enumerate(board.roads) if {x.a, x.b} == {city(st, "capua"), city(st, "tarentum")})
    st.road_owner[r] = p
    st.hostility[city(st, "tarentum")] = 1
    refresh(st)
    act(st, "move tarentum")
    assert "conquer" in texts(st) and "prepare" not in texts(st)


def test_C48_V40_personal_mandatum_is_claimed_publicly_and_ends_the_game() -> None:
    st = first_turn(2)
    p = st.turn_seat()
    cards = st.game.cards
    m = next(i for i, c in enumerate(cards.mandatum) if c.id == "M01")  # Gallia Cisalpina
    st.mandatum_pool = put(st.mandatum_pool, m, 0)
    st.public = tuple(x for x in st.public if x != m)
    st.personal = put(st.personal, 2 * p, m)
    st.completed = put(st.completed, st.personal[2 * p + 1], p)  # one already done
    for name in ("mediolanum", "aquileia"):
        st.control[city(st, name)] = 1 - p
        st.forts = put(st.forts, 1 - p, st.forts[1 - p] - 1)
    attack(st, "genua")
    act(st, "conquer")
    assert st.frame()[0] == Id.CLAIM and texts(st) == ["complete M01"]
    assert st.action_to_string(st.legal_actions()[0], 1 - p) == f"{st.game.seats[p]}: complete M01"
    act(st, "complete M01")
    assert st.completed[m] == p and st.last_round  # C49: this is the last round


def test_C50_score_and_V42_tie_breaks() -> None:
    st = first_turn(2)
    st.stack = ()
    st.influence = [5, 5]
    st.denar = [3, 4]
    assert end.scores(st)[0] == 5 + len(st.cities_of(0))
    st.control = [-1] * len(st.control)
    st.control[city(st, "genua")] = 0
    st.control[city(st, "pisae")] = 1
    assert end.returns(st) == [0.0, 1.0]  # equal cities: most Denar
    st.denar = [4, 4]
    assert end.returns(st) == [0.5, 0.5]  # still tied: shared
    st.control[city(st, "capua")] = 0
    st.influence = [4, 5]
    assert end.returns(st) == [1.0, 0.0]  # equal score: most cities


def test_V31_influence_stays_within_1_and_10() -> None:
    st = first_turn(3)
    p = attack(st, "genua", level=2)
    st.influence[p] = 9
    refresh(st)
    act(st, "conquer")
    for _ in range(2):
        roll(st, 1)
        act(st, "keep 1")  # city power 2 + 2 = 4 ≤ 5 Legio
    assert st.control[city(st, "genua")] == p and st.influence[p] == 10  # +3 from 9: the rest is lost
    st = first_turn(3)
    p = attack(st, "genua", level=2)
    st.influence[p], st.assigned[p] = 3, 5
    refresh(st)
    act(st, "conquer")
    for _ in range(2):
        roll(st, 3)
        act(st, "keep 3")
    assert st.control[city(st, "genua")] == -1 and st.influence[p] == 1  # 6 lost from 3: stops at 1


def test_V35_C16_an_unclaimed_spqr_city_stays_peaceful_and_can_be_conquered() -> None:
    st = first_turn(2)
    st.round = 5  # hostility has begun
    b = st.game.board
    free = next(c for c in b.start_cities if st.control[c] < 0)
    name = b.city_ids[free]
    p = attack(st, name)
    st.influence[p], st.assigned[p] = 4, 5  # no power left
    refresh(st)
    act(st, "conquer")
    assert st.control[free] == -1 and st.influence[p] == 3 and st.hostility[free] == 0  # costs 1, stays peaceful
    assert all(st.hostility[c] == 0 for c in b.neighbours[free] if b.city_region[c] == b.spqr)
    assert free not in targets(st, p, "chosen_any", 1)  # no card makes it hostile either
    st = first_turn(2)
    p = attack(st, name)
    act(st, "conquer")  # 5 Legio against a value of at most 3
    assert st.control[free] == p and st.influence[p] == 2  # +1, as a peaceful city


def test_V39_V40_a_region_is_conquered_when_every_city_is_controlled_by_anyone() -> None:

    st = first_turn(3)
    p = st.turn_seat()
    q, r = [s for s in range(3) if s != p]
    cards, b = st.game.cards, st.game.board
    m = next(i for i, c in enumerate(cards.mandatum) if c.id == "M01")  # Gallia Cisalpina
    if m not in st.public:
        st.public += (m,)
        st.mandatum_pool = put(st.mandatum_pool, m, 0)
        st.personal = tuple(-1 if x == m else x for x in st.personal)
    region = b.city_region[city(st, "genua")]
    for name, who in (("mediolanum", q), ("aquileia", r)):
        st.control[city(st, name)] = who
    assert not mandatum.conquered(st, region)
    attack(st, "genua")
    act(st, "conquer")
    assert mandatum.conquered(st, region) and st.completed[m] == p and m not in st.public  # V40: the last city's taker


@pytest.mark.parametrize("need", [2, 3])
def test_V2_C49_mandatum_needed_to_end(need: int) -> None:

    st = first_turn(3, mandatum_to_end=need)
    p = st.turn_seat()
    for k in range(3):
        st.completed = put(st.completed, k, p)
        mandatum.end_check(st)
        assert bool(st.last_round) == (k + 1 >= need)


def test_V41_C49_after_the_deciding_mandatum_the_round_s_other_turns_are_played_then_scored() -> None:
    st = first_turn(3)
    st.last_round = 1  # as if the first player had just completed a 2nd Mandatum
    rng, turns = random.Random(0), []
    while not st.is_terminal():
        if st.frame()[0] == Id.TURN and (not turns or turns[-1] != st.turn_seat()):
            turns.append(st.turn_seat())
        st.apply_action(sample_outcome(st, rng) if st.is_chance_node() else rng.choice(st.legal_actions()))
    assert turns == list(st.order) and st.round == 1 and st.summary()["outcome"] == "mandatum"


def test_C50_V42_standings_in_the_view_at_the_end_in_the_tie_breaks_order() -> None:
    st = first_turn(3)
    assert st.view(0)["standings"] is None  # not before the end
    st.stack = ()
    st.control = [-1] * len(st.control)
    for name, seat in (("genua", 0), ("pisae", 1), ("capua", 1), ("ostia", 2)):
        st.control[city(st, name)] = seat
    st.influence = [6, 5, 6]
    st.denar = [3, 9, 3]
    standings = st.view(None)["standings"]
    # seat1 7 points, 1 city; seat2 7 points, 2 cities (ahead, V42); seat3 7 points, 1 city, as
    # many Denar as seat1: they share second place.
    assert [(s["seat"], s["place"], s["score"], s["cities"], s["denar"]) for s in standings] == [
        ("seat2", 1, 7, 2, 9), ("seat1", 2, 7, 1, 3), ("seat3", 2, 7, 1, 3)]
    assert all(s["score"] == s["influence"] + s["cities"] + s["basilicas"] + s["mandatum"] for s in standings)
    assert standings == st.view(0)["standings"]  # public: every seat sees the same
