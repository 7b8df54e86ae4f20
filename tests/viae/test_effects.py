"""The effect engine: each verb of CARDS.md §1, and the modifier order of V44."""

from __future__ import annotations

from legatus.core.tuples import put
from legatus.games.viae.cards import Step
from legatus.games.viae.effects import param, run
from legatus.games.viae.ids import Id
from legatus.games.viae.state import DECEPTIO, FORTUNA
from tests.viae.helpers import act, city, first_turn, give, refresh, texts


def step(verb: str, **args: object) -> tuple[Step, ...]:
    return (Step(verb, tuple(args.items())),)  # type: ignore[arg-type]


def test_gain() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    before = (st.denar[p], st.stone[p], st.influence[p])
    run(st, p, step("gain", denar=4, stone=3, influence=1))
    assert (st.denar[p], st.stone[p], st.influence[p]) == (before[0] + 4, before[1] + 3, before[2] + 1)


def test_draw_deceptio_and_reveal_fortuna_queue_draws() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    run(st, p, step("draw_deceptio", n=1, who="all") + step("reveal_fortuna", n=1))
    assert st.draws[0] == (DECEPTIO, st.order[0]) and st.draws[-1] == (FORTUNA, -1) and st.is_chance_node()


def test_take_denar_and_lose_influence_target_another_seat() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    q = (p + 1) % 3
    st.denar[q], st.influence[q] = 2, 3
    give(st, p, "D16")
    act(st, "play D16")
    assert st.frame()[0] == Id.TARGET_SEAT and f"target {st.game.seats[p]}" not in texts(st)
    denar = st.denar[p]
    act(st, f"target {st.game.seats[q]}")
    assert st.denar[q] == 0 and st.denar[p] == denar + 2  # up to 3
    run(st, p, step("lose_influence", n=1))
    act(st, f"target {st.game.seats[q]}")
    assert st.influence[q] == 2


def test_discard_deceptio_at_random_is_a_chance_node_over_the_hand() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    q = (p + 1) % 3
    size = st.hand_size(q)
    run(st, p, step("discard_deceptio", n=1, random="random"))
    act(st, f"target {st.game.seats[q]}")
    assert st.is_chance_node() and abs(sum(pr for _, pr in st.chance_outcomes()) - 1) < 1e-9
    st.apply_action(st.chance_outcomes()[0][0])
    assert st.hand_size(q) == size - 1


def test_hostility_and_kill_scouts() -> None:
    st = first_turn(3)
    st.round = 5
    p = st.turn_seat()
    lug = city(st, "lugdunum")
    run(st, p, step("hostility", delta=1, target="all_value4"))
    assert st.hostility[lug] == 1
    run(st, p, step("hostility", delta=1, target="chosen_any"))
    act(st, "target lugdunum")
    assert st.hostility[lug] == 2
    st.scouts[p * len(st.game.board.city_ids) + lug] = 2
    run(st, p, step("kill_scouts", target="all_aggressive"))
    assert st.scouts_of(p) == 0 and st.legio[p] == 3
    run(st, p, step("hostility", delta=-1, target="all_aggressive"))
    assert st.hostility[lug] == 1


def test_recruit_and_unassign_legio() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    run(st, p, step("recruit_legio", n=2, cost=0))
    act(st, "take 2")
    assert st.legio[p] == 7
    st.assigned[p] = 3
    run(st, p, step("unassign_legio", n=2))
    assert st.assigned[p] == 1


def test_free_action_takes_no_action() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.marker[p] = city(st, "capua")
    refresh(st)
    run(st, p, step("free_action", action="build_road", max_value="2", workforce="0"))
    free = st.free_legio(p)
    act(st, "road r12")  # capua–tarentum, value II
    assert st.road_owner[12 - 1] == p and st.actions_used == 0 and st.free_legio(p) == free


def test_castra_cycle_and_reroll_and_adjust_result() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    run(st, p, step("castra_cycle", cost=0))
    assert st.is_chance_node() and len(st.cycle_out) == 3
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    st.marker[p] = city(st, "genua")
    st.hostility[city(st, "genua")] = 1
    refresh(st)
    act(st, "conquer")
    st.apply_action(st.parse_action("die 3"))
    give(st, p, "D12")
    act(st, "play D12")  # reroll: the dice are rolled again
    assert st.frame()[0] == Id.DIE and st.dice == ()
    st.apply_action(st.parse_action("die 2"))
    run(st, p, step("adjust_result", delta=-1, min=0))
    act(st, "keep 2")
    assert st.control[city(st, "genua")] == p and st.influence[p] >= 3


def test_V44_mod_order_replace_then_adjust_then_minimum() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    cards = st.game.cards
    f11 = next(i for i, c in enumerate(cards.fortuna) if c.id == "F11")  # road_stone -= 1, min 1
    st.fortuna_active += (f11,)
    st.fortuna_pile = put(st.fortuna_pile, f11, 0)
    assert param(st, p, "road_stone", 1) == 1 and param(st, p, "road_stone", 3) == 2
    give(st, p, "D04")
    act(st, "play D04")  # actions += 1 this turn
    assert param(st, p, "actions", 4) == 5
    assert param(st, (p + 1) % 3, "actions", 4) == 4  # a Deceptio acts on its owner only


def test_V44_the_modifiers_kept_on_a_state_follow_the_cards_in_force() -> None:  # issue 35
    # mods_of keeps a seat's modifiers on the state (mods_memo, shared by clones): a Fortuna card
    # revealed, an officer hired or lost and a Deceptio played each change what is read next,
    # on that state only, and the seats' are never mixed.
    st = first_turn(3)
    p, q = st.turn_seat(), (st.turn_seat() + 1) % 3
    cards = st.game.cards
    assert param(st, p, "road_stone", 3) == 3 and param(st, q, "road_stone", 3) == 3
    before = st.clone()
    f11 = next(i for i, c in enumerate(cards.fortuna) if c.id == "F11")  # road_stone -= 1, min 1
    st.fortuna_active += (f11,)
    assert param(st, p, "road_stone", 3) == 2 and param(before, p, "road_stone", 3) == 3
    sail = next(i for i, c in enumerate(cards.castra) if any(s.arg("param") == "sail_fee" for s in c.effect))
    fee = param(st, q, "sail_fee", 5)
    st.officers = put(st.officers, 2 * q, sail)
    assert param(st, q, "sail_fee", 5) != fee and param(st, p, "sail_fee", 5) == fee
    st.officers = put(st.officers, 2 * q, -1)
    assert param(st, q, "sail_fee", 5) == fee
    give(st, p, "D04")
    act(st, "play D04")  # actions += 1 this turn
    assert param(st, p, "actions", 4) == 5 and param(st, q, "actions", 4) == 4 and param(st, p, "actions", 4) == 5
