"""What a choice costs and does, said beside it in the menus (legatus/games/viae/choices.py, the
core's ``describe``): Denar, Stone or influence, what ``go`` and ``prepare`` do; and a refused
``end turn`` says what to type instead."""

from __future__ import annotations

import random

import legatus
from legatus.core.errors import IllegalActionError
from legatus.core.session import sample_outcome
from legatus.core.tuples import put
from legatus.games.viae.state import ViaeState
from legatus.terminal import action_lines
from tests.viae.helpers import act, first_turn, give, play_until, refresh


def described(st: ViaeState, text: str) -> str:
    return st.describe(st.parse_action(text))


def test_C30_an_ordo_spot_says_its_denar() -> None:
    state = legatus.load("viae", players=3).new_initial_state()
    assert isinstance(state, ViaeState)
    st = play_until(state, lambda s: bool(s.stack) and s.phase_name() == "II. Ordo")
    costs = dict(zip(st.game.tracks.ordo_labels, st.game.ordo_costs, strict=True))
    spot = next(str(a).split()[1] for a in st.legal_actions() if str(a) != "ordo free")
    assert described(st, f"ordo {spot}") == f"ordo {spot} ({costs[spot]} Denar)"
    assert described(st, "ordo free") == "ordo free (no cost: the rightmost free spot left)"


def test_C42_a_hire_names_the_officer_its_denar_and_the_player_s_slot() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.influence[p], st.denar[p] = 10, 20
    st.officers = put(st.officers, 2 * p + 1, st.castra[0])  # the officer in the market's slot 1, already his
    refresh(st)
    third = st.game.cards.castra[st.castra[2]]
    cost = third.cost + st.game.castra_costs[2]
    assert described(st, f"hire {third.id} slot 1") == \
        f"hire {third.id} slot 1 {third.name} ({cost} Denar; your officer slot 1, upkeep 2)"
    mine = st.game.cards.castra[st.castra[0]].id
    assert described(st, f"hire {third.id} slot 2") == \
        f"hire {third.id} slot 2 {third.name} ({cost} Denar; replaces your {mine})"


def test_C41_C46_prepare_and_end_turn_say_they_end_the_turn_and_the_upkeep() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    assert described(st, "prepare") == "prepare (ends turn: +8 Denar, upkeep 5)"
    st.actions_used, st.denar[p] = 99, 2
    refresh(st)
    assert described(st, "end turn") == "end turn (upkeep 5 Denar, more than you have)"


def test_C11_C42_C44_roads_recruits_and_cards_say_their_cost() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    notes = {str(a): st.describe(a) for a in st.legal_actions()}
    assert notes["recruit 2"] == f"recruit 2 (2 Legio, {2 * st.game.tracks.legio_cost} Denar)"
    road = next(a for a in notes if a.startswith("road ") and a.endswith(" go"))
    value = next(r.value for r in st.game.board.roads if r.id == road.split()[1])
    assert notes[road].startswith(f"{road} ") and f"({value} Stone; go: move to " in notes[road]
    plays = [d for a, d in notes.items() if a.startswith("play ")]
    assert plays and all(d.endswith(" (free)") for d in plays)  # C44: the first card of the round
    st.played = put(st.played, p, 2)
    refresh(st)
    assert all(st.describe(a).endswith(" (2 influence)") for a in st.legal_actions() if str(a).startswith("play "))


def test_every_menu_line_of_a_random_game_fits_80_columns() -> None:
    state = legatus.load("viae", players=4).new_initial_state()
    rng = random.Random(3)
    menus = 0
    for _ in range(700):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            menus += 1
            for block in action_lines(state, state.legal_actions(), 80, None):
                for line in block:
                    plain = line.replace("[cyan]", "").replace("[/cyan]", "")
                    assert len(plain) <= 80, plain
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else state.game.fuzz_choice(state, rng))
    assert menus > 100


def test_C41_end_turn_with_actions_left_says_to_type_prepare() -> None:
    st = first_turn(3)
    try:
        st.apply_action(st.parse_action("end turn"))
    except IllegalActionError as refused:
        assert "you have 4 actions left: type prepare to end your turn now (+8 Denar for them, C41)" in str(refused)
    else:
        raise AssertionError("end turn was taken with 4 actions left")


def test_C28_V25_instigatio_s_cities_say_plainly_when_it_changes_none_of_them() -> None:
    """Play review: Instigatio (D15) offered 41 cities in round 1, none of which it can change.
    The rules allow that play (CARDS.md, hostility: raising does nothing before hostility
    begins, V25, V38; F01 Pax Romana stops it from a card too; V28: a Deceptio may be played at
    any decision point of its owner's turn), and its target is any uncontrolled city outside
    SPQR: the choice stays (a record replays it), and beside each city the menu says that the
    card changes nothing, and why; the terminal's menu says it once, over the cities."""
    st = first_turn(3)  # round 1: hostility begins in round 3 (C28)
    p = st.turn_seat()
    give(st, p, "D15")
    refresh(st)
    play = next(a for a in st.legal_actions() if str(a) == "play D15")  # said before its influence is paid
    assert st.describe(play).endswith("; no effect: hostility begins in round 3 (C28))")
    act(st, "play D15")
    cities = st.legal_actions()
    assert len(cities) == 41  # every uncontrolled city outside SPQR (C16)
    assert all(st.describe(a)[:len(str(a))].lower() == str(a) and  # the city by name (C39's review)
               st.describe(a)[len(str(a)):] == " (no effect: hostility begins in round 3 (C28))" for a in cities)
    menu = [line for block in action_lines(st, cities, 80) for line in block]
    assert menu[0].startswith("target (no effect: hostility begins in round 3 (C28)):  [cyan]1[/cyan] Genua")
    st.round = st.game.hostility_from  # hostility has begun: each city goes up a level
    refresh(st)
    assert all(st.describe(a).lower() == str(a) for a in st.legal_actions())  # the city by name (C39's review)
    pax = next(i for i, c in enumerate(st.game.cards.fortuna) if c.id == "F01")  # hostility_rises = no
    st.fortuna_active += (pax,)
    st.fortuna_pile = put(st.fortuna_pile, pax, 0)
    refresh(st)
    assert all(st.describe(a)[len(str(a)):] == " (no effect: no city may become more hostile this round)"
               for a in st.legal_actions())
    later = first_turn(3)
    later.round = later.game.hostility_from
    give(later, later.turn_seat(), "D15")
    refresh(later)
    assert described(later, "play D15") == "play D15 Instigatio (free)"  # it has an effect: only its cost
