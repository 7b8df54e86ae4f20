"""Components and the Cohorte: supply limits, units, Recruit and officers leaving play (C5, V5,
V11–V13, V15, V37). The costs of each action are in test_actions.py."""

from __future__ import annotations

from legatus.core.tuples import put
from legatus.games.viae.ids import Id
from legatus.games.viae.rules import agere
from legatus.games.viae.state import ViaeState
from tests.viae.helpers import act, city, first_turn, give, refresh, road, texts


def at(st: ViaeState, name: str) -> int:
    p = st.turn_seat()
    st.marker[p] = city(st, name)
    refresh(st)
    return p


def card(st: ViaeState, officer: str) -> int:
    return next(i for i, c in enumerate(st.game.cards.castra) if c.id == officer)


def take_out(st: ViaeState, k: int) -> None:
    """Remove Castra card ``k`` from the pile or the row (a slot it leaves gets the pile's next)."""
    if k in st.castra:
        spare = next(i for i, left in enumerate(st.castra_pile) if left)
        st.castra_pile = put(st.castra_pile, spare, 0)
        st.castra = put(st.castra, st.castra.index(k), spare)
    st.castra_pile = put(st.castra_pile, k, 0)


def seat_officer(st: ViaeState, p: int, officer: str, slot: int) -> int:
    """Put ``officer`` in ``p``'s officer slot ``slot`` (0: slot 1, 1: slot 2)."""
    k = card(st, officer)
    take_out(st, k)
    st.officers = put(st.officers, 2 * p + slot, k)
    refresh(st)
    return k


def offer(st: ViaeState, officer: str, slot: int) -> int:
    """Put ``officer`` face up in Castra slot ``slot``; the card it covers goes back to the pile."""
    k = card(st, officer)
    take_out(st, k)
    st.castra_pile = put(st.castra_pile, st.castra[slot], 1)
    st.castra = put(st.castra, slot, k)
    refresh(st)
    return k


def test_V5_no_milestone_left_no_road() -> None:
    st = first_turn(3)
    p = at(st, "capua")
    st.road_owner[road(st, "capua", "tarentum")] = -1
    refresh(st)
    assert any(t.startswith("road ") for t in texts(st))
    st.milestones = put(st.milestones, p, 0)
    refresh(st)
    assert not any(t.startswith("road ") for t in texts(st))


def test_V5_no_fort_left_no_conquer_and_no_entering_a_hostile_city() -> None:
    st = first_turn(3)
    p = at(st, "capua")
    st.road_owner[road(st, "capua", "tarentum")] = p
    st.hostility[city(st, "tarentum")] = 1
    refresh(st)
    assert "move tarentum" in texts(st)
    st.forts = put(st.forts, p, 0)
    refresh(st)
    assert "move tarentum" not in texts(st)  # it would force a Conquer with no fort to place
    at(st, "genua")  # uncontrolled, peaceful
    assert "conquer" not in texts(st)
    st.forts = put(st.forts, p, 1)
    refresh(st)
    assert "conquer" in texts(st)


def test_V5_C3_basilicas_run_out_by_type() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.control[city(st, "genua")] = p
    st.forts = put(st.forts, p, st.forts[p] - 1)
    st.basilicas_left = put(st.basilicas_left, 2, 0)  # no Quarry left
    refresh(st)
    assert "basilica forum genua" in texts(st) and "basilica quarry genua" not in texts(st)


def test_C5_V5_stone_and_denar_have_no_cap() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.stone[p], st.denar[p], st.influence[p] = 50, 200, 3  # every cube and coin of the box
    give(st, p, "D02")
    give(st, p, "D01")
    act(st, "play D02")
    act(st, "play D01")
    assert (st.stone[p], st.denar[p]) == (53, 204)


def test_V12_a_legio_gives_power_and_workforce_1_officers_their_card_values() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    assert agere.power(st, p) == agere.workforce(st, p) == 5  # 5 Legio
    k = seat_officer(st, p, "CA18", 0)  # power 4, workforce 2
    officer = st.game.cards.castra[k]
    assert (agere.power(st, p), agere.workforce(st, p)) == (5 + officer.power, 5 + officer.workforce)


def test_V12_only_legio_scout() -> None:
    st = first_turn(3)
    p = at(st, "capua")
    st.hostility[city(st, "tarentum")] = 1
    seat_officer(st, p, "CA18", 0)
    assert "scout tarentum" in texts(st)
    st.assigned[p] = st.legio[p]  # every Legio busy; the officer is free
    refresh(st)
    assert "scout tarentum" not in texts(st)


def test_V13_eight_legio_slots_and_the_dead_can_be_recruited_again() -> None:
    st = first_turn(3)
    p = at(st, "genua")
    st.hostility[city(st, "genua")] = 2
    st.scouts[p * len(st.game.board.city_ids) + city(st, "genua")] = 2
    st.influence[p] = 8
    refresh(st)
    assert "recruit 3" in texts(st) and "recruit 4" not in texts(st)  # 5 of the 8 slots filled at setup
    act(st, "conquer")
    for _ in range(2):  # 3 dice (1 + 2 scouts), two rolls: 2 + 3 + 3 > 3 free + 2 scouts
        for _ in range(3):
            st.apply_action(st.parse_action("die 3"))
        act(st, "keep 3")
    assert st.control[city(st, "genua")] == -1 and st.legio[p] == 3  # C36: the 2 scouts died
    assert "recruit 5" in texts(st) and "recruit 6" not in texts(st)  # back beside the Cohorte


def test_V11_an_officer_discarded_to_make_room_goes_back_to_the_pile() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.influence[p], st.denar[p] = 10, 30
    old = seat_officer(st, p, "CA01", 0)
    new = offer(st, "CA02", 2)
    act(st, "hire CA02 slot 1")  # V37: into the slot emptied by discarding an own officer
    assert st.officers[2 * p] == new and st.castra_pile[old] == 1 and old not in st.castra


def test_V11_C46_an_unpaid_officer_goes_back_to_the_pile() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    k = seat_officer(st, p, "CA01", 0)
    st.denar[p] = 5  # the Legio take it all
    st.actions_used = agere.actions_left(st)
    refresh(st)
    act(st, "end turn")
    assert st.officers[2 * p] == -1 and st.castra_pile[k] == 1


def test_V15_slot_2_opens_at_influence_6() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.denar[p] = 30
    st.influence[p] = 5
    offer(st, "CA13", 2)  # requirement 5
    assert "hire CA13 slot 1" in texts(st) and "hire CA13 slot 2" not in texts(st)
    st.influence[p] = 6
    refresh(st)
    assert "hire CA13 slot 2" in texts(st)


def test_V15_V11_C43_slot_2_is_lost_below_6_but_no_officer_below_its_own_requirement() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.influence[p] = 6
    first = seat_officer(st, p, "CA18", 0)  # requirement 8
    second = seat_officer(st, p, "CA16", 1)
    give(st, p, "D01", 2)
    act(st, "play D01")  # free
    act(st, "play D01")  # costs 1: influence 5
    assert st.influence[p] == 5
    assert st.officers[2 * p + 1] == -1 and st.castra_pile[second] == 1  # shuffled back (V11)
    assert st.officers[2 * p] == first  # kept below its requirement of 8


def test_V37_C42_recruit_is_legio_or_one_officer() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.denar[p] = 30
    st.influence[p] = 3
    offer(st, "CA18", 0)  # requirement 8
    offer(st, "CA07", 1)  # requirement 3
    assert "hire CA18 slot 1" not in texts(st) and "hire CA07 slot 1" in texts(st)
    act(st, "cycle")  # the officer choice: Cycle first, then at most one officer
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    assert st.frame()[0] == Id.HIRE
    assert not any(t.startswith("recruit") for t in texts(st))  # no Legio in the same Recruit
    assert all(t == "hire none" or t.startswith("hire ") for t in texts(st))
    act(st, "hire none")
    assert st.actions_used == 1 and st.frame()[0] == Id.TURN


def test_C32_V15_an_extra_action_lost_after_its_use_leaves_none_and_the_turn_ends() -> None:
    """CA18 in slot 2 gives a 6th action (2 players); lost below influence 6 (V15) after all six
    were used, the count stays at 0, never -1: only free actions and the end of the turn are left."""
    st = first_turn(2)
    p = st.turn_seat()
    seat_officer(st, p, "CA18", 1)
    st.influence[p] = 6
    st.actions_used = agere.actions_left(st)
    assert st.actions_used == 6
    give(st, p, "D01", 2)
    act(st, "play D01")  # the first card of the round is free
    act(st, "play D01")  # the second costs 1 influence: slot 2 is lost
    assert st.officers[2 * p + 1] == -1 and agere.actions_left(st) == 0
    assert st.prompt().endswith(": 0 actions left.")
    assert [t for t in texts(st) if not t.startswith(("play ", "buy ", "ability "))] == ["end turn"]


def test_C32_V15_V19_a_conquer_forced_before_the_extra_action_is_lost_is_still_made() -> None:
    st = first_turn(2)
    p = at(st, "capua")
    seat_officer(st, p, "CA18", 1)
    st.influence[p] = 6
    st.road_owner[road(st, "capua", "tarentum")] = p
    st.hostility[city(st, "tarentum")] = 1
    st.actions_used = 4  # 2 of 6 left: the move and the Conquer it forces
    give(st, p, "D01", 2)
    refresh(st)
    act(st, "move tarentum")
    act(st, "play D01")
    act(st, "play D01")  # slot 2 lost: no action left, the forced Conquer stays
    assert agere.actions_left(st) == 0 and st.must_conquer
    assert [t for t in texts(st) if not t.startswith(("play ", "buy ", "ability "))] == ["conquer"]
