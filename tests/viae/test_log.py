"""VIAE's explaining log lines (legatus/games/viae/log.py, issue 32 item 3): a conquest's dice,
the die kept, power against defence and its result, influence and hostility (C34-C37, V22-V25),
each seat's Denar, Stone, Legio and officers with their cause (upkeep C46, V33), cards named; the
same words for every seat where the board is public."""

from __future__ import annotations

import random

import legatus
from legatus.core.seatlog import log_line
from legatus.core.session import Session, sample_outcome
from legatus.core.tuples import put
from legatus.games.viae.decks import DECEPTIO, FORTUNA
from legatus.games.viae.ids import Id
from legatus.games.viae.log import named
from legatus.games.viae.state import ViaeState
from tests.viae.helpers import city, first_turn, give, play_until, refresh
from tests.viae.test_conquest import attack


def logged(st: ViaeState, text: str) -> list[str]:
    """Applies ``text`` to ``st``; its log line as each seat reads it."""
    before, action = st.clone(), st.parse_action(text)
    st.apply_action(action)
    return [log_line(before, action, seat, st) for seat in range(st.game.num_players())]


def test_C35_a_peaceful_conquest_says_power_against_defence_and_the_influence_won() -> None:
    st = first_turn(3)
    p = attack(st, "genua")  # value II, 5 Legio
    name = st.game.seats[p]
    lines = logged(st, "conquer")
    assert len(set(lines)) == 1
    assert lines[0] == f"conquer — {name} attacks Genua: power 5 against defence 2 (value 2): conquered (C35); " \
                       f"{name} Legio 5/0 → 5/2; {name} influence 1 → 2; Genua now {name}'s"


def test_C34_V22_a_vigilant_city_s_dice_and_the_die_kept() -> None:
    st = first_turn(3)
    p = attack(st, "genua", level=1)
    st.scouts[p * len(st.game.board.city_ids) + city(st, "genua")] = 1
    refresh(st)
    name = st.game.seats[p]
    assert logged(st, "conquer")[0] == "conquer — Genua is vigilant: 1 roll of 2 dice, one die a roll kept for " \
                                       "its defence (C34, V22)"
    assert logged(st, "die 3")[0] == "die 3 — Genua's defence die 1 of 2"
    assert logged(st, "die 1")[0] == "die 1 — Genua's defence die 2 of 2"
    assert logged(st, "keep 1")[0] == f"keep 1 — {name} attacks Genua: power 5 against defence 3 (value 2 + kept 1): " \
                                      f"conquered (C35); {name} Legio 5/0 → 5/3; {name} influence 1 → 3; " \
                                      f"Genua now {name}'s"


def test_C36_C37_an_aggressive_city_s_failure_costs_the_dice_kept_and_spreads_hostility() -> None:
    st = first_turn(3)
    st.round = 3  # C28: hostility has begun
    p = attack(st, "genua", level=2)
    st.influence[p] = 8
    st.assigned[p] = 3  # 2 Legio free
    refresh(st)
    name = st.game.seats[p]
    logged(st, "conquer")
    logged(st, "die 2")
    assert logged(st, "keep 2")[0] == "keep 2 — Genua keeps 2, 1 roll to go"
    logged(st, "die 3")
    line = logged(st, "keep 3")[0]
    assert line.startswith(f"keep 3 — {name} attacks Genua: power 2 against defence 7 (value 2 + kept 2+3): "
                           f"failed (C36); {name} influence 8 → 3; hostility spreads: "), line
    assert line.endswith("(C37, V25)")


def test_a_card_played_is_named() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.hand[p * len(st.game.cards.deceptio)] += 1  # D01
    refresh(st)
    card = st.game.cards.deceptio[0]
    line = logged(st, f"play {card.id}")[0]
    assert line.startswith(f"{st.game.seats[p]}: play {card.id} {card.name}")


def test_every_conquest_s_result_agrees_with_its_power_and_defence() -> None:
    """C35/C36 over random games: "conquered" exactly where power reaches the defence."""
    seen = 0
    for seed in range(3):
        state = first_turn(4, seed=seed)
        session, rng = Session(state), random.Random(seed)
        for _ in range(1500):
            st = session.state
            if st.is_terminal():
                break
            session.apply(sample_outcome(st, rng) if st.is_chance_node() else rng.choice(st.legal_actions()))
        assert session.seen is not None
        for line in session.seen.lines(None):
            if " attacks " in line and ": power " in line:
                seen += 1
                power, defence = (int(line.split(word)[1].split()[0]) for word in (": power ", " against defence "))
                assert ("conquered (C35)" in line) == (power >= defence), line
    assert seen > 5


def test_a_deceptio_draw_is_named_to_the_seat_that_draws_it_only() -> None:
    state = legatus.load("viae", players=3).new_initial_state()
    assert isinstance(state, ViaeState)
    st = play_until(state, lambda s: bool(s.stack) and s.frame()[0] == Id.DRAW and s.draws[0][0] == DECEPTIO)
    drawer, seats = st.draws[0][1], st.game.seats
    action = st.chance_outcomes()[0][0]
    card = st.game.cards.deceptio[int(action) - st.game.notation["deceptio"]]
    assert logged(st, str(action)) == [f"{seats[drawer]} draws {card.id} {card.name}" if seat == drawer else
                                       f"{seats[drawer]} draws a Deceptio card" for seat in range(3)]


def test_a_road_is_named_by_its_ends() -> None:
    st = first_turn(3)
    assert named(st, "seat1: road r01 go") == "seat1: road r01 Ostia–Pisae go"
    assert named(st, "seat2: play D01") == f"seat2: play D01 {st.game.cards.deceptio[0].name}"


def test_C46_V33_the_end_of_a_turn_says_the_upkeep_paid_and_what_left_unpaid() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.officers = put(st.officers, 2 * p, 0)  # CA01 Optio in slot 1: 2 Denar a turn
    st.denar[p], st.legio[p], st.actions_used = 3, 5, 99  # 5 Legio to pay, 3 Denar
    refresh(st)
    name = st.game.seats[p]
    assert logged(st, "end turn") == [f"end turn — {name} upkeep 3 Denar (C46), Denar 3 → 0, Legio 5/0 → 3/0, "
                                      "2 unpaid (V33), CA01 Optio discarded, unpaid (V33)"] * 3


def test_C41_a_prepare_says_the_denar_earned_before_the_upkeep() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    name, denar = st.game.seats[p], st.denar[p]
    assert logged(st, "prepare")[0] == f"prepare — {name} prepare +8 Denar (C41), upkeep 5 Denar (C46), " \
                                       f"Denar {denar} → {denar + 3}"


def test_C42_a_hire_says_the_denar_paid_and_the_officer_hired() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.influence[p], st.denar[p] = 10, 20
    refresh(st)
    officer = st.game.cards.castra[st.castra[2]]
    line = logged(st, f"hire {officer.id} slot 2")[0]
    assert line.startswith(f"hire {officer.id} {officer.name} slot 2 — {st.game.seats[p]} Denar 20 → "), line
    assert line.endswith(f", {officer.id} {officer.name} hired"), line


def test_C39_a_move_says_the_tolls_its_road_owners_were_paid() -> None:
    """Random play to the first Move that pays a toll: the owner's Denar gained is named as tolls."""
    st, rng = legatus.load("viae", players=3).new_initial_state(), random.Random(0)
    moves = st.game.notation["move"]
    while True:
        action = rng.choice(st.legal_actions())
        before = st.clone()
        st.apply_action(action)
        mover = before.current_player()
        paid = [s for s in range(3) if s != mover and st.denar[s] > before.denar[s]]
        if moves <= int(action) < moves + len(st.game.board.city_ids) and paid:
            break
    line = log_line(before, action, mover, st)
    owner = st.game.seats[paid[0]]
    assert f"{owner} Denar {before.denar[paid[0]]} → {st.denar[paid[0]]} (tolls, C39)" in line, line


def test_a_fortuna_drawn_says_what_it_does() -> None:
    state = legatus.load("viae", players=3).new_initial_state()
    assert isinstance(state, ViaeState)
    st = play_until(state, lambda s: bool(s.stack) and s.frame()[0] == Id.DRAW and s.draws[0][0] == FORTUNA)
    action = st.chance_outcomes()[0][0]
    card = st.game.cards.fortuna[int(action) - st.game.notation["fortuna"]]
    assert logged(st, str(action))[0].startswith(f"Fortuna: {card.id} {card.name} ({card.text.removesuffix('.')})")


def test_C28_a_card_s_target_city_that_stays_peaceful_reads_no_effect() -> None:
    st = first_turn(3)  # round 1: hostility has not begun
    p = st.turn_seat()
    instigatio = next(k for k, c in enumerate(st.game.cards.deceptio) if c.name == "Instigatio")
    st.hand[p * len(st.game.cards.deceptio) + instigatio] += 1
    refresh(st)
    logged(st, f"play {st.game.cards.deceptio[instigatio].id}")
    assert logged(st, "target narbo")[0] == "target Narbo — no effect: hostility begins in round 3 (C28)"


def _praeda_in_hand(count: int) -> tuple[ViaeState, str]:
    """The first turn of a 3-player game, its seat to move holding ``count`` D01 Praeda and 5
    influence; and that seat's name."""
    st = first_turn(3)
    p = st.turn_seat()
    give(st, p, "D01", count)
    st.influence[p] = 5
    return st, st.game.seats[p]


def test_C44_the_2nd_and_3rd_deceptio_say_the_influence_paid_and_why() -> None:
    # Play review: the log said "influence 5 → 4" and not why.
    st, name = _praeda_in_hand(3)
    refresh(st)
    assert logged(st, "play D01")[0] == f"{name}: play D01 Praeda — {name} Denar 13 → 17"  # the first is free
    lines = logged(st, "play D01")
    assert len(set(lines)) == 1  # public: the same words for every seat
    assert lines[0] == (f"{name}: play D01 Praeda — {name} pays 1 influence: the 2nd Deceptio card it plays this "
                        f"round (C44); {name} Denar 17 → 21; {name} influence 5 → 4")
    assert f"{name} pays 2 influence: the 3rd Deceptio card it plays this round (C44)" in logged(st, "play D01")[0]


def test_C44_V44_a_deceptio_s_cost_names_the_card_that_changes_it() -> None:
    st, name = _praeda_in_hand(1)
    st.fortuna_active = (*st.fortuna_active, next(i for i, c in enumerate(st.game.cards.fortuna) if c.id == "F23"))
    refresh(st)
    assert f"{name} pays 1 influence: the 1st Deceptio card it plays this round (C44), its cost changed by " \
           "F23 Dies Nefasti (V44)" in logged(st, "play D01")[0]


def test_C39_a_city_is_named_in_the_log_not_shown_by_its_id() -> None:
    # Play review: "target emerita_augusta", "start ostia" showed the ids raw.
    st = first_turn(3)
    p = st.turn_seat()
    instigatio = next(k for k, c in enumerate(st.game.cards.deceptio) if c.name == "Instigatio")
    st.hand[p * len(st.game.cards.deceptio) + instigatio] += 1
    refresh(st)
    logged(st, f"play {st.game.cards.deceptio[instigatio].id}")
    assert logged(st, "target emerita_augusta")[0] == \
        "target Emerita Augusta — no effect: hostility begins in round 3 (C28)"


def test_a_free_move_skipped_says_which_and_whose_card() -> None:
    # Play review: an agent's "skip" after D05 Cursus Publicus said nothing (CARDS.md free_action).
    st = first_turn(3)
    p = st.turn_seat()
    give(st, p, "D05", 1)
    refresh(st)
    logged(st, "play D05")
    assert st.frame()[0] == Id.FREE
    assert logged(st, "skip")[0] == "skip — the free Move of D05 Cursus Publicus is not taken"
