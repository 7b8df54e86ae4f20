"""IV. Agere: each action and free action with its cost (C11, C38–C46, V10, V16–V21, V26, V28, V30, V33)."""

from __future__ import annotations

import pytest

from legatus.core.tuples import put
from legatus.games.viae.ids import Id
from legatus.games.viae.rules import agere
from legatus.games.viae.state import ViaeState
from tests.viae.helpers import act, city, first_turn, give, play_until, refresh, road, texts


def at(st: ViaeState, name: str) -> int:
    p = st.turn_seat()
    st.marker[p] = city(st, name)
    refresh(st)
    return p


def test_C11_V17_build_a_road_costs_workforce_and_stone() -> None:
    st = first_turn(3)
    p = at(st, "capua")
    r = road(st, "capua", "tarentum")  # value II
    st.road_owner[r] = -1
    stone, free = st.stone[p], st.free_legio(p)
    act(st, f"road {st.game.board.roads[r].id} go")
    assert st.road_owner[r] == p and st.stone[p] == stone - 2 and st.free_legio(p) == free - 2
    assert st.marker[p] == city(st, "tarentum") and st.actions_used == 1


def test_C39_V18_move_pays_toll_to_the_owner() -> None:
    st = first_turn(3)
    p = at(st, "capua")
    other = (p + 1) % 3
    r = road(st, "capua", "tarentum")
    st.road_owner[r] = other
    refresh(st)
    denar, theirs = st.denar[p], st.denar[other]
    act(st, "move tarentum")
    assert st.denar[p] == denar - 1 and st.denar[other] == theirs + 1


def test_C10_V30_C45_spokes_are_built_and_roma_sells_influence() -> None:
    st = first_turn(3)
    p = at(st, "capua")
    act(st, "move roma")  # a spoke: no toll
    assert "buy influence" in texts(st)
    denar = st.denar[p]
    act(st, "buy influence")
    assert st.influence[p] == 2 and st.denar[p] == denar - 2  # C45: the new value
    assert "buy influence" not in texts(st)  # once a turn


def test_C38_V20_sail_fees_go_to_the_controller() -> None:
    st = first_turn(3)
    p = at(st, "ostia")
    other = (p + 1) % 3
    st.control[city(st, "genua")] = other
    st.control[city(st, "ostia")] = -1
    refresh(st)
    denar, theirs = st.denar[p], st.denar[other]
    act(st, "sail genua")
    assert st.denar[p] == denar - 6 and st.denar[other] == theirs + 3  # ostia's fee to the bank


def test_C33_V21_scout_several_cities_in_one_action() -> None:
    st = first_turn(3)
    p = at(st, "capua")
    for name in ("tarentum", "rhegium"):
        st.hostility[city(st, name)] = 1
    refresh(st)
    act(st, "scout tarentum")
    assert st.frame()[0] == Id.SCOUT_MORE
    act(st, "scout rhegium")
    act(st, "done")
    assert st.scouts_of(p) == 2 and st.actions_used == 1


def test_C42_recruit_legio_costs_1_each_up_to_8() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    assert "recruit 3" in texts(st) and "recruit 4" not in texts(st)  # 5 of 8 slots full
    denar = st.denar[p]
    act(st, "recruit 3")
    assert st.legio[p] == 8 and st.denar[p] == denar - 3


def test_V10_hiring_slides_the_castra_right_and_refills_the_left() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.denar[p] = 20
    left, middle, right = st.castra
    st.influence[p] = 10
    refresh(st)
    officer = st.game.cards.castra[right]
    act(st, f"hire {officer.id} slot 1")
    assert st.officers[2 * p] == right
    assert st.denar[p] == 20 - officer.cost - st.game.castra_costs[2]
    assert st.castra[1:] == (left, middle) and st.is_chance_node()  # the new card fills the left
    st.apply_action(st.chance_outcomes()[0][0])
    assert st.castra[0] >= 0


def test_C42_V10_cycle_draws_three_new_cards_then_shuffles_back() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    old = list(st.castra)
    denar = st.denar[p]
    act(st, "cycle")
    for _ in range(3):
        assert not any(a - st.game.notation["castra"] in old for a, _ in st.chance_outcomes())
        st.apply_action(st.chance_outcomes()[0][0])
    assert all(st.castra_pile[c] for c in old) and st.denar[p] == denar - 3
    assert st.frame()[0] == Id.HIRE
    act(st, "hire none")
    assert st.actions_used == 1  # C42: spent all the same


def test_C40_V26_basilica_costs_and_limits() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    c = city(st, "genua")
    st.control[c] = p
    st.forts = put(st.forts, p, st.forts[p] - 1)
    refresh(st)
    assert "basilica quarry genua" in texts(st)
    assert not any(t.endswith(f" {st.game.board.city_ids[st.marker[p]]}") and t.startswith("basilica")
                   for t in texts(st))  # C40: none in SPQR
    stone, denar = st.stone[p], st.denar[p]
    act(st, "basilica quarry genua")
    assert (st.stone[p], st.denar[p]) == (stone - 3, denar - 3)
    assert not any(t.startswith("basilica") and "genua" in t for t in texts(st))  # one per region


@pytest.mark.parametrize(("counts_itself", "paid"), [(True, 8), (False, 6)])
def test_C41_V16_prepare_pays_for_unused_actions(counts_itself: bool, paid: int) -> None:
    st = first_turn(3, prepare_counts_itself=counts_itself)
    p = st.turn_seat()
    legio = st.legio[p]
    denar = st.denar[p]
    act(st, "prepare")  # 4 actions left
    assert st.denar[p] == denar + paid - legio  # then upkeep (C46)


def test_C44_deceptio_costs_rise_and_never_below_1() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    give(st, p, "D01", 2)
    st.influence[p] = 2
    refresh(st)
    act(st, "play D01")  # the first is free
    assert st.influence[p] == 2
    act(st, "play D01")  # the second costs 1
    assert st.influence[p] == 1 and st.played[p] == 2
    give(st, p, "D02")
    assert "play D02" not in texts(st)  # would cost 2: below 1


def test_C46_V33_upkeep_discards_what_cannot_be_paid() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.officers = put(st.officers, 2 * p, st.castra[0])
    st.castra_pile = put(st.castra_pile, st.castra[0], 0)
    st.castra = put(st.castra, 0, -1)
    st.denar[p] = 5
    st.actions_used = 4
    refresh(st)
    act(st, "end turn")
    assert st.legio[p] == 5 and st.denar[p] == 0 and st.officers[2 * p] == -1  # officer unpaid: back to pile


def test_C46_V33_unpaid_legio_leave() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.denar[p] = 3
    st.actions_used = 4
    refresh(st)
    act(st, "end turn")
    assert st.legio[p] == 3 and st.denar[p] == 0


def test_C32_actions_run_out_then_only_free_actions_or_end() -> None:
    st = first_turn(2)
    assert agere.actions_left(st) == 5
    st.actions_used = 5
    refresh(st)
    assert "end turn" in texts(st) and "prepare" not in texts(st) and "recruit 1" not in texts(st)


def test_V28_deceptio_only_in_its_owners_turn_and_after_a_roll_only_what_acts_on_it() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    give(st, p, "D01")
    give(st, p, "D12")  # on a roll only
    assert "play D01" in texts(st) and "play D12" not in texts(st)
    st.marker[p] = city(st, "genua")
    st.hostility[city(st, "genua")] = 1
    refresh(st)
    act(st, "conquer")
    st.apply_action(st.parse_action("die 2"))
    assert st.frame()[0] == Id.KEEP and {"play D01", "play D12"} <= set(texts(st))
    give(st, p, "D14")  # acts on the board, which the roll has frozen
    assert "play D14" not in texts(st)
    st = play_until(st, lambda s: s.frame()[0] in (Id.ORDO, Id.INCOME))
    chooser = st.current_player()
    give(st, chooser, "D01")
    assert not any(t.startswith("play") for t in texts(st))  # not in Ordo or Stipendium


def test_V18_C39_a_move_follows_built_roads_pays_each_toll_and_never_crosses_a_hostile_city() -> None:
    st = first_turn(3)
    p = at(st, "capua")
    q = (p + 1) % 3
    st.road_owner = [-1] * len(st.road_owner)
    st.road_owner[road(st, "capua", "tarentum")] = q
    st.road_owner[road(st, "tarentum", "brundisium")] = q
    st.denar[p] = 5
    refresh(st)
    assert "move brundisium" in texts(st) and "move rhegium" not in texts(st)  # rhegium: unbuilt roads only
    theirs = st.denar[q]
    act(st, "move brundisium")  # two of q's roads: 2 Denar
    assert st.marker[p] == city(st, "brundisium") and st.denar[p] == 3 and st.denar[q] == theirs + 2
    at(st, "capua")
    st.denar[p] = 1
    refresh(st)
    assert "move tarentum" in texts(st) and "move brundisium" not in texts(st)  # can't pay the second toll
    st.denar[p] = 5
    st.hostility[city(st, "tarentum")] = 1
    refresh(st)
    assert "move tarentum" in texts(st) and "move brundisium" not in texts(st)  # not through a hostile city


def test_V34_C10_V30_spokes_are_free_roma_is_no_city_to_build_from_and_passing_through_sells_influence() -> None:
    st = first_turn(3)
    p = at(st, "capua")
    st.road_owner = [-1] * len(st.road_owner)
    denar = st.denar[p]
    refresh(st)
    act(st, "move ostia")  # capua–roma–ostia on two spokes: no toll, and through Roma
    assert st.marker[p] == city(st, "ostia") and st.denar[p] == denar and "buy influence" in texts(st)
    act(st, "move roma")
    assert not any(t.startswith("road ") or t == "conquer" for t in texts(st))  # V34: no road, no Conquer
    st.marker[(p + 1) % 3] = city(st, "capua")
    refresh(st)
    assert "move capua" in texts(st)  # V18: markers may share a city


def test_V23_C38_V20_a_failed_attack_after_sailing_returns_to_the_harbor_and_one_without_a_move_stays() -> None:
    st = first_turn(3)
    p = at(st, "ostia")
    st.control[city(st, "ostia")] = -1
    st.hostility[city(st, "genua")] = 1
    st.assigned[p] = st.legio[p]  # no power left
    st.influence[p] = 5
    refresh(st)
    act(st, "sail genua")
    assert texts(st)[0] == "conquer" and not any(t.startswith("move") for t in texts(st))  # forced
    act(st, "conquer")
    st.apply_action(st.parse_action("die 1"))
    act(st, "keep 1")
    assert st.marker[p] == city(st, "ostia") and st.influence[p] == 4
    at(st, "massilia")  # placed, not moved in this turn
    st.hostility[city(st, "massilia")] = 1
    refresh(st)
    act(st, "conquer")
    st.apply_action(st.parse_action("die 1"))
    act(st, "keep 1")
    assert st.marker[p] == city(st, "massilia")


def test_V18_V30_a_move_passes_through_roma_when_a_cheapest_path_does_no_declared_route() -> None:
    """The ruling (docs/viae/rules.md): the player names the Move's end, not its route; the Move
    takes a cheapest path in tolls and counts as passing through Roma when one of those does."""
    st = first_turn(3)
    p = at(st, "capua")
    q = (p + 1) % 3
    st.road_owner = [-1] * len(st.road_owner)
    st.road_owner[road(st, "capua", "ostia")] = p  # the road, or the spokes through Roma: both free
    refresh(st)
    act(st, "move ostia")
    assert "buy influence" in texts(st)
    st = first_turn(3)
    p = at(st, "brundisium")
    st.road_owner = [-1] * len(st.road_owner)
    st.road_owner[road(st, "brundisium", "tarentum")] = p  # free
    st.road_owner[road(st, "brundisium", "corfinium")] = q  # through Roma: 2 Denar more
    st.road_owner[road(st, "capua", "tarentum")] = q
    denar = st.denar[p]
    refresh(st)
    act(st, "move tarentum")
    assert st.denar[p] == denar and "buy influence" not in texts(st)


def test_V19_D14_a_city_made_peaceful_after_the_entry_is_still_conquered() -> None:
    """The ruling (docs/viae/rules.md): entering the hostile city forced the Conquer as the next
    action; Pacatio (D14) lowering it to peaceful does not lift it."""
    st = first_turn(3)
    p = at(st, "capua")
    tarentum = city(st, "tarentum")
    st.road_owner[road(st, "capua", "tarentum")] = p
    st.hostility[tarentum] = 1
    give(st, p, "D14")
    refresh(st)
    act(st, "move tarentum")
    act(st, "play D14")
    act(st, "target tarentum")
    assert st.hostility[tarentum] == 0 and st.must_conquer
    assert [t for t in texts(st) if not t.startswith(("play ", "buy ", "ability "))] == ["conquer"]


def test_issue_32_a_card_chosen_reads_with_its_name() -> None:
    """Issue 32: wherever a card is chosen its name is given ("play D02 Lapides"), the notation
    unchanged."""
    import random

    import legatus
    from legatus.core.session import sample_outcome

    state = legatus.load("viae", players=3).new_initial_state()
    rng, named = random.Random(1), set()
    names = {c.id: c.name for c in state.game.cards.deceptio}
    while not state.is_terminal() and len(named) < 2:
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        for action in state.legal_actions():
            words = str(action).split(" ")
            if words[0] in ("play", "discard"):
                assert state.describe(action).startswith(f"{action} {names[words[1]]}")
                named.add(words[0])
        state.apply_action(rng.choice(state.legal_actions()))
    assert named == {"play", "discard"}
