"""The round: Gameplay Overview, I. Fortuna, II. Ordo, III. Stipendium, V. Epilogus and the last
round (C27, C29, C30, C47, C51, V7, V8, V27, V29, V32, V38). Agere's actions are in
test_actions.py."""

from __future__ import annotations

import random

import legatus
from legatus.core.session import sample_outcome
from legatus.core.tuples import put
from legatus.games.viae.cards import Step
from legatus.games.viae.effects import run
from legatus.games.viae.ids import Id
from legatus.games.viae.rules import epilogus, stipendium
from legatus.games.viae.rules.agere import actions_left
from legatus.games.viae.state import DECEPTIO, FORTUNA, ViaeState
from tests.viae.helpers import act, city, first_turn, give, play_until, refresh, texts


def new(players: int = 3, **options: object) -> ViaeState:
    st = legatus.load("viae", players=players, **options).new_initial_state()
    assert isinstance(st, ViaeState)
    return st


def phase(st: ViaeState) -> str | None:
    """The phase of the round a position is in, read from the procedure stack."""
    procs = [f[0] for f in st.stack]
    if Id.TURN in procs:
        return "Agere"
    if Id.ORDO in procs:
        return "Ordo"
    if Id.INCOME in procs or st.stack[0][0] == Id.ROUND_AGERE:  # choices, then the Deceptio draw
        return "Stipendium"
    if st.stack[0][0] == Id.ROUND_ORDO:  # the Fortuna card is being revealed
        return "Fortuna"
    return None


def phases_of_round(st: ViaeState, seed: int = 0) -> list[str]:
    """Play the round ``st`` is in (seeded chance, random choices) and list its phases in order."""
    rng = random.Random(seed)
    start, seen = st.round, []
    while st.round == start and not st.is_terminal():
        label = phase(st)
        if label and (not seen or seen[-1] != label):
            seen.append(label)
        st.apply_action(sample_outcome(st, rng) if st.is_chance_node() else rng.choice(st.legal_actions()))
    return [*seen, "Epilogus"] if st.round == start + 1 else seen


def fortuna(st: ViaeState, card: str) -> int:
    return next(i for i, c in enumerate(st.game.cards.fortuna) if c.id == card)


def at_fortuna(st: ViaeState, seed: int = 0) -> ViaeState:
    return play_until(st, lambda s: bool(s.draws) and s.draws[0][0] == FORTUNA and s.is_chance_node(), seed)


def test_C27_C30_a_round_runs_its_phases_in_order_and_round_1_has_no_ordo() -> None:
    st = first_turn(3, fortuna_rounds="all")
    assert phases_of_round(st) == ["Agere", "Epilogus"]  # round 1 began with Fortuna and Stipendium
    assert phases_of_round(st) == ["Fortuna", "Ordo", "Stipendium", "Agere", "Epilogus"]
    first = new(3)
    set_up = (Id.SETUP_ORDER, Id.SETUP_DEAL, Id.SETUP_PLACE)
    assert phases_of_round(play_until(first, lambda s: s.round == 1 and s.stack[0][0] not in set_up)) == \
        ["Stipendium", "Agere", "Epilogus"]  # C30: no Ordo, V6: no Fortuna in round 1


def test_C29_V6_fortuna_is_revealed_on_red_rounds_only() -> None:
    st, rng, revealed = new(3), random.Random(1), set()
    while st.round <= 5 and not st.is_terminal():
        if st.is_chance_node() and st.draws and st.draws[0][0] == FORTUNA:
            revealed.add(st.round)
        st.apply_action(sample_outcome(st, rng) if st.is_chance_node() else rng.choice(st.legal_actions()))
    assert revealed == {3, 5}


def test_C29_V38_reveal_another_chains_and_every_card_lasts_the_round() -> None:
    st = at_fortuna(new(3, fortuna_rounds="all"))
    act(st, "fortuna F27")  # every player draws 1 Deceptio, then another Fortuna
    while not (st.draws and st.draws[0][0] == FORTUNA):
        st.apply_action(st.chance_outcomes()[0][0])
    act(st, "fortuna F25")  # +1 action this round
    names = [st.game.cards.fortuna[f].id for f in st.fortuna_active]
    assert names == ["F27", "F25"]
    st = play_until(st, lambda s: s.frame()[0] == Id.TURN)
    assert st.round == 1 and [st.game.cards.fortuna[f].id for f in st.fortuna_active] == ["F27", "F25"]
    assert actions_left(st) == 5  # 4 with 3 players, +1
    st = play_until(st, lambda s: s.round == 2)  # Epilogus has run; round 2's card is not drawn yet
    assert st.fortuna_active == () and all(st.fortuna_discard[fortuna(st, f)] for f in ("F27", "F25"))


def test_V38_hostility_from_fortuna_waits_until_hostility_begins() -> None:
    st = at_fortuna(new(3, fortuna_rounds="all"))
    assert st.round == 1
    act(st, "fortuna F02")  # every value-IV city one level more hostile
    assert not any(st.hostility)
    st.round = 3  # C28: from round 3 with 3 players
    run(st, -1, st.game.cards.fortuna[fortuna(st, "F02")].effect)
    assert st.hostility[city(st, "lugdunum")] == 1


def test_V38_an_empty_fortuna_deck_reshuffles_its_discards() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    st.fortuna_pile = (0,) * len(st.fortuna_pile)
    st.fortuna_discard = (1,) * len(st.fortuna_discard)
    run(st, p, (Step("reveal_fortuna", (("n", 1),)),))
    assert st.is_chance_node() and len(st.chance_outcomes()) == len(st.game.cards.fortuna)
    assert not any(st.fortuna_discard)


def test_C47_V28_V38_epilogus_reshuffles_deceptio_ends_fortuna_and_resets_the_cost() -> None:
    st = first_turn(3)
    f = fortuna(st, "F25")
    st.fortuna_pile = put(st.fortuna_pile, f, 0)
    st.fortuna_active = (f,)
    st.discard[0], st.played = 2, (2, 1, 0)
    deck = sum(st.deck)
    epilogus.run(st)
    assert sum(st.deck) == deck + 2 and not any(st.discard)  # C47
    assert st.fortuna_active == () and st.fortuna_discard[f] == 1  # C47, V38
    assert st.played == (0, 0, 0) and st.round == 2  # V28: the next card is free again


# --- II. Ordo ----------------------------------------------------------------------------------

def at_ordo(players: int, **options: object) -> ViaeState:
    return play_until(new(players, **options), lambda s: bool(s.stack) and s.frame()[0] == Id.ORDO)


def test_C30_V7_the_first_in_order_chooses_first_and_pays_a_cost_spot_exactly() -> None:
    st = at_ordo(3)
    first, second = st.order[0], st.order[1]
    assert st.current_player() == first
    st.denar[first] = 2
    refresh(st)
    assert texts(st) == ["ordo free", "ordo VI", "ordo V"]  # V7: VIII costs 4, VII 3, VI 2, V 1
    act(st, "ordo VI")
    assert st.denar[first] == 0 and st.current_player() == second  # C30: paid on placing
    st.denar[second] = 10
    refresh(st)
    assert "ordo VI" not in texts(st) and "ordo VIII" in texts(st)  # C30: no shared spots
    act(st, "ordo VIII")
    act(st, "ordo free")
    third = st.order[2]
    assert st.spot[second] == 0 and st.spot[third] == 7  # I: the rightmost free spot
    assert st.order == (second, first, third)  # the new order reads the track left to right


def test_V7_ordo_costs_option() -> None:
    st = at_ordo(3, ordo_costs="9,7,5,3,0,0,0,0")
    st.denar[st.order[0]] = 5
    refresh(st)
    assert texts(st) == ["ordo free", "ordo VI", "ordo V"]


def test_V8_free_spots_fill_from_the_right_and_a_fifth_player_takes_v_unpaid() -> None:
    st = at_ordo(5)
    order = list(st.order)
    denar = list(st.denar)
    for _ in range(5):
        act(st, "ordo free")
    labels = st.game.tracks.ordo_labels
    assert [labels[st.spot[s]] for s in order] == ["I", "II", "III", "IV", "V"]
    assert st.denar == denar and list(st.order) == order[::-1]  # choosing free early means acting late


# --- III. Stipendium ---------------------------------------------------------------------------

def test_V32_every_player_takes_income_in_turn_order_in_round_1() -> None:
    st, choosers = new(3), []
    st = play_until(st, lambda s: bool(s.stack) and s.frame()[0] == Id.INCOME)
    order = list(st.order)
    while st.frame()[0] == Id.INCOME:
        seat = st.frame()[1]
        choosers.append(seat)
        denar, roads = st.denar[seat], st.roads_of(seat)
        act(st, "stone 0")
        assert st.denar[seat] == denar + roads + 2 * len(st.cities_of(seat))  # C31: 1 a road, 2 a city
    assert st.round == 1 and choosers == order


def test_V32_the_draw_counts_influence_after_the_forum() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    c = city(st, "genua")
    region = st.game.board.city_region[c]
    st.control[c] = p
    st.basilica = put(st.basilica, region, 0 * len(st.game.board.city_ids) + c)  # a Forum
    st.influence[p] = 5
    st.draws = []
    stipendium.income(st, p, 0)
    assert st.influence[p] == 6
    stipendium.draw(st)
    assert st.draws.count((DECEPTIO, p)) == 2  # influence 6 draws 2 (C31)


def test_V27_basilicas_pay_every_player_with_a_city_there_while_the_region_is_peaceful() -> None:
    st = first_turn(3)
    p, q = st.order[0], st.order[1]
    b = st.game.board
    cities = len(b.city_ids)
    genua, mediolanum, aquileia = city(st, "genua"), city(st, "mediolanum"), city(st, "aquileia")
    region = b.city_region[genua]
    st.control[genua], st.control[mediolanum] = p, q
    st.basilica = put(st.basilica, region, 2 * cities + genua)  # p's Quarry

    def stone(seat: int) -> int:
        before = st.stone[seat]
        stipendium.income(st, seat, len(st.cities_of(seat)))  # every city gives Stone
        return st.stone[seat] - before

    spqr = len(st.cities_of(q)) - 1  # q's start city, outside the region: 1 Stone
    assert stone(q) == 2 + spqr  # V27: not only the owner's cities
    st.hostility[aquileia] = 1
    assert stone(q) == 1 + spqr  # a vigilant city in the region stops it
    st.hostility[aquileia] = 0
    st.basilica = put(st.basilica, region, 1 * cities + genua)  # a Temple
    denar = st.denar[q]
    stipendium.income(st, q, len(st.cities_of(q)))
    assert st.denar[q] == denar + st.roads_of(q) + 5  # once, to a player who is not the owner


# --- Draw Deceptio cards, the hand limit (V29) ---------------------------------------------------

def test_V29_an_empty_deck_reshuffles_the_discards_and_nothing_is_drawn_when_both_are_empty() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    k = 3
    st.discard = [st.deck[i] if i == k else 0 for i in range(len(st.deck))]
    st.deck = [0] * len(st.deck)
    size = st.hand_size(p)
    run(st, p, (Step("draw_deceptio", (("n", 1),)),))
    assert [str(a) for a, _ in st.chance_outcomes()] == [f"deceptio {st.game.cards.deceptio[k].id}"]
    assert not any(st.discard)
    st.apply_action(st.chance_outcomes()[0][0])
    st.deck = [0] * len(st.deck)
    run(st, p, (Step("draw_deceptio", (("n", 1),)),))
    assert st.frame()[0] == Id.TURN and st.hand_size(p) == size + 1 and not st.draws


def test_V29_the_hand_limit_discards_are_chosen_and_public() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    other = st.order[1]
    give(st, p, "D01", 5 - st.hand_size(p))
    run(st, p, (Step("draw_deceptio", (("n", 1),)),))
    st.apply_action(st.chance_outcomes()[0][0])
    assert st.frame()[0] == Id.DISCARD and st.current_player() == p
    held = {st.game.cards.deceptio[k].id for k, n in enumerate(st.hand_of(p)) if n}
    assert {t.split()[1] for t in texts(st)} == held  # any card of the hand
    assert st.action_to_string(st.parse_action("discard D01"), other) == f"{st.game.seats[p]}: discard D01"
    act(st, "discard D01")
    assert st.hand_size(p) == 5 and st.frame()[0] == Id.TURN
    assert st.view(other)["deceptio_discard"] == ["D01"]


# --- the end ----------------------------------------------------------------------------------

def test_C51_round_12_is_the_last() -> None:
    st = first_turn(3)
    st.round = 12
    st = play_until(st, lambda s: False)
    assert st.is_terminal() and st.round == 12 and st.summary()["outcome"] == "round 12"
