"""Setup, the turn sequence and the Reinforcement Phase (H13-H28, H36), driven through a real
end of turn 1."""

from __future__ import annotations

import pytest

from legatus.games.hannibal.ids import Id
from legatus.games.hannibal.notation import CARTHAGE, ROME
from legatus.games.hannibal.rules import base, events, turn
from legatus.games.hannibal.state import HannibalState
from tests.hannibal.helpers import game, general, legal, play, ready, space


def _play_out(state: HannibalState) -> HannibalState:
    """Both players discard their hands: the Strategy Phase of the turn ends."""
    while state.stack[-1][0] == Id.PLAY:
        seat = state.stack[-1][1]
        play(state, f"discard #{state.hands[seat][0]}")
    return state


def _until(state: HannibalState, *procedures: int) -> list[int]:
    """Takes the first legal action until one of ``procedures`` waits; the procedures met."""
    met: list[int] = []
    while state.stack[-1][0] not in procedures:
        if not met or met[-1] != state.stack[-1][0]:
            met.append(state.stack[-1][0])
        state.apply_action(state.legal_actions()[0])
    return met


def _turn_2(**setup: int) -> HannibalState:
    """Turn 1 played out (every card discarded); turn 2 waits for Carthage's first reinforcement."""
    state = _play_out(ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]))
    _until(state, Id.REINFORCE)
    assert state.turn == 2 and state.stack[-1][1] == CARTHAGE
    return state


def test_h13_decks_full_no_siege_points_and_no_reinforcements_on_turn_1() -> None:
    state = game().new_initial_state()
    assert len(state.deck) == 64 and sum(state.bdeck) == 48 and sum(state.spts) == 0
    met = _until(state, Id.OPENING)
    assert Id.REINFORCE not in met and Id.ELECT not in met and state.turn == 1


def test_h14_the_turn_sequence_from_winter_to_the_next_deal() -> None:
    state = _play_out(ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]))
    met = _until(state, Id.DEAL)
    # victory check (Carthage 7 against 9 removes 2 PCs, H109), then turn 2's Reinforcement
    # Phase: Carthage's CUs, Rome's CUs, the Proconsul, the two consuls; then the deal
    order = [p for p in met if p in (Id.REMOVE_PC, Id.REINFORCE, Id.PROCONSUL, Id.ELECT, Id.CONSUL)]
    assert order == [Id.REMOVE_PC, Id.REINFORCE, Id.PROCONSUL, Id.ELECT, Id.CONSUL, Id.ELECT,
                     Id.CONSUL]
    assert state.turn == 2 and len(state.hands[ROME]) == len(state.hands[CARTHAGE]) == 0


def test_h15_carthage_s_four_reinforcements_and_where_each_may_go() -> None:
    state = _turn_2()
    assert legal(state) == {"reinforce Carthage", "forgo"}  # item 1: Carthage, or a General in Africa
    play(state, "reinforce Carthage")
    assert {"reinforce Carthage", "reinforce New Carthage", "reinforce Saguntum"} <= legal(state)  # item 2
    play(state, "reinforce Saguntum")
    assert legal(state) == {"reinforce New Carthage", "reinforce Saguntum", "forgo"}  # item 3: Spain
    play(state, "reinforce New Carthage")
    assert turn.carthage_spaces(state, 4) == [space(state, "New Carthage"), space(state, "Saguntum")]  # Baetica
    play(state, "forgo")
    assert state.cu[CARTHAGE][space(state, "Carthage")] == 5 and state.stack[-1][1] == ROME


def test_h15_the_cities_take_cus_only_while_carthaginian_and_items_3_4_need_their_conditions() -> None:
    state = _turn_2()
    new_carthage = space(state, "New Carthage")
    state.ctrl[new_carthage] = ROME
    state.gen_at[general(state, "Hasdrubal")] = space(state, "Saguntum")  # no General there either
    assert new_carthage not in turn.carthage_spaces(state, 2)  # H15's ruling
    assert turn.carthage_spaces(state, 3) == []  # Carthage does not control New Carthage
    for s in state.board.province_spaces[state.board.province[space(state, "Gades")]]:
        state.ctrl[s] = base.NONE
    assert turn.carthage_spaces(state, 4) == []  # nor Baetica


def test_h16_a_displaced_carthaginian_general_returns_to_carthaginian_cus() -> None:
    state = _play_out(ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]))
    mago = general(state, "Mago")
    base.displace(state, mago)
    assert state.gen_at[mago] == base.AWAY
    _until(state, Id.RETURN)
    assert state.turn == 2 and state.queue == ()  # after all 4 Carthaginian reinforcements
    places = {a[6:] for a in legal(state)}
    assert {"Carthage", "Saguntum", "New Carthage"} <= places and "Rome" not in places
    play(state, "place Carthage")
    assert state.gen_at[mago] == space(state, "Carthage")
    assert base.commander(state, space(state, "Carthage"), CARTHAGE) == general(state, "Hanno")


def test_h16_h53_h117_a_displaced_hanno_returns_only_in_africa_or_waits_for_a_later_phase() -> None:
    state = _play_out(ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]))
    hanno = general(state, "Hanno")
    base.displace(state, hanno)
    _until(state, Id.RETURN)
    assert legal(state) == {"place Carthage"}  # not Saguntum nor New Carthage: he may not leave Africa
    state = _play_out(ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]))
    base.displace(state, hanno)
    carthage = space(state, "Carthage")
    state.spts[carthage] = 1  # besieged: no African space with Carthaginian CUs qualifies
    met = _until(state, Id.PROCONSUL)
    assert Id.RETURN not in met and state.turn == 2 and state.gen_at[hanno] == base.AWAY  # he waits
    state.spts[carthage] = 0
    _play_out(state)
    _until(state, Id.RETURN)
    assert state.turn == 3 and legal(state) == {"place Carthage"}


def test_h15_the_reinforcement_prompt_counts_the_cus_due() -> None:
    state = _turn_2()
    assert state.prompt() == "Carthage places reinforcement 1 of 4 (H15), or forgoes it."
    state.ctrl[space(state, "New Carthage")] = ROME  # item 3 is not due; Baetica's item 4 is
    assert turn.carthage_due(state, 4)
    assert state.prompt() == "Carthage places reinforcement 1 of 3 (H15), or forgoes it."
    play(state, "reinforce Carthage", "reinforce Carthage")
    assert state.queue[0] == 4 and state.prompt() == "Carthage places reinforcement 3 of 3 (H15), or forgoes it."


def test_h17_rome_places_5_cus_at_least_3_in_italy() -> None:
    state = _turn_2()
    while state.stack[-1][1] == CARTHAGE:
        play(state, "forgo")
    assert state.stack[-1] == (Id.REINFORCE, ROME) and legal(state) == {"reinforce Rome", "reinforce Agrigentum"}
    play(state, "reinforce Agrigentum", "reinforce Agrigentum")
    assert legal(state) == {"reinforce Rome"}  # 3 left, all 3 must go to Italy
    play(state, "reinforce Rome", "reinforce Rome", "reinforce Rome")
    assert state.cu[ROME][space(state, "Rome")] == 11 and state.cu[ROME][space(state, "Agrigentum")] == 10
    assert state.stack[-1][0] == Id.PROCONSUL


def test_h17_with_no_stack_of_5_rome_must_make_one() -> None:
    state = _turn_2()
    state.cu[ROME] = [0] * state.board.n_spaces
    state.cu[ROME][space(state, "Agrigentum")] = 2
    # Agrigentum (Sicily) could get 2 of the 5 only, 4 in all: the stack of 5 must be Rome's
    assert turn.rome_reinforcement_spaces(state, 5, 0) == [space(state, "Rome")]
    state.cu[ROME][space(state, "Agrigentum")] = 3
    assert turn.rome_reinforcement_spaces(state, 5, 0) == [space(state, "Rome"), space(state, "Agrigentum")]


def test_h18_nothing_is_placed_in_a_besieged_city_and_a_lone_general_is_displaced() -> None:
    state = _turn_2()
    carthage = space(state, "Carthage")
    state.cu[ROME][carthage], state.spts[carthage], state.sby[carthage] = 3, 1, ROME
    state.gen_at[general(state, "Hanno")] = space(state, "Utica")
    assert turn.carthage_spaces(state, 1) == [space(state, "Utica")]
    varro = general(state, "Varro")
    state.gen_at[varro] = space(state, "Saguntum")
    state.cu[CARTHAGE][space(state, "Saguntum")] = 0
    state.gen_at[general(state, "Hannibal")] = space(state, "Utica")
    state.gen_at[general(state, "Mago")] = state.gen_at[general(state, "H. Gisgo")] = base.OFF
    state.gen_at[general(state, "Hasdrubal")] = space(state, "Saguntum")
    turn.place_reinforcement(state, CARTHAGE, space(state, "Saguntum"))
    assert state.gen_at[varro] == base.OFF  # displaced, back to the pool (H43)


def test_h15_h16_h17_h18_an_army_laying_a_siege_gets_reinforcements_and_returning_generals() -> None:
    """Play review: Hannibal subjugating the Western Ligurians (2 siege points, laid by Carthage)
    was refused his reinforcement, and Rome's besiegers theirs: H18 bars only a city besieged by
    the enemy (its defenders are inside, H97); the army laying the siege stands outside."""
    state = _turn_2()
    ligurians = space(state, "Western Ligurians")
    hannibal = general(state, "Hannibal")
    state.gen_at[hannibal] = ligurians
    state.cu[CARTHAGE][ligurians], state.spts[ligurians], state.sby[ligurians] = 5, 2, CARTHAGE
    assert ligurians in turn.carthage_spaces(state, 2)  # "with any Carthaginian General anywhere"
    assert ligurians in turn.return_spaces(state, general(state, "Mago"))  # H16: its CUs are not under siege
    gades = space(state, "Gades")
    scipio = general(state, "P. Scipio")
    state.gen_at[scipio] = gades
    state.cu[ROME][gades], state.spts[gades], state.sby[gades] = 6, 1, ROME
    assert gades in turn.rome_reinforcement_spaces(state, 5, 5)
    state.sby[gades], state.cu[ROME][gades] = CARTHAGE, 0  # now Scipio besieged in it: nothing goes in (H18)
    state.inner[gades] = 2
    assert gades not in turn.rome_reinforcement_spaces(state, 5, 5)


def _to_proconsul() -> HannibalState:
    state = _turn_2()
    _until(state, Id.PROCONSUL)
    return state


def test_h20_rome_may_name_a_proconsul_or_none() -> None:
    state = _to_proconsul()
    assert legal(state) == {"no proconsul", "proconsul P. Scipio", "proconsul T. Longus"}
    play(state, "no proconsul")
    assert state.proconsul == -1
    assert state.gen_at[general(state, "P. Scipio")] == state.gen_at[general(state, "T. Longus")] == base.OFF


def test_h21_h22_the_old_consuls_leave_but_the_proconsul_and_the_pool_draws_the_rest() -> None:
    state = _to_proconsul()
    scipio, longus = general(state, "P. Scipio"), general(state, "T. Longus")
    play(state, "proconsul P. Scipio")
    assert state.gen_at[scipio] == space(state, "Rome") and not state.consul[scipio]
    assert state.gen_at[longus] == base.OFF  # H21: back to the pool, and may be drawn again (H22)
    assert state.stack[-1][0] == Id.ELECT
    outcomes = {str(a): p for a, p in state.chance_outcomes()}
    assert "elect P. Scipio" not in outcomes and "elect T. Longus" in outcomes and len(outcomes) == 7
    assert "elect Scipio Africanus" not in outcomes


def test_h24_no_scripted_election_every_pool_general_equally_likely() -> None:
    state = _to_proconsul()
    play(state, "no proconsul")
    assert {p for _, p in state.chance_outcomes()} == {1 / 8}
    play(state, "elect Varro", "consul Rome")
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert outcomes["elect A. Paulus"] == outcomes["elect Fabius"] == 1 / 7  # no Cannae pairing


def test_h26_a_short_deck_is_reshuffled_with_the_discards_before_the_deal() -> None:
    state = _play_out(ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]))
    state.removed = [25]
    state.discard = [c for c in state.discard if c != 25]
    deck = [c for c in state.deck if c != 25]
    state.deck, state.discard = deck[:13], state.discard + deck[13:]  # fewer than 2 hands of 7
    met = _until(state, Id.DEAL)
    assert Id.RESHUFFLE in met
    assert len(state.deck) == 63 and 25 not in state.deck and state.discard == []  # removed cards stay out


def test_h36_a_discarded_truce_still_reshuffles_at_the_end_of_the_turn() -> None:
    state = ready([64, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 14])
    play(state, "discard #64")
    assert not state.truce and state.truce_played and 64 in state.discard
    _play_out(state)
    met = _until(state, Id.REINFORCE)
    assert Id.RESHUFFLE in met and 64 in state.deck and state.discard == []


def test_h26_a_truce_discarded_at_random_by_philip_v_reshuffles_at_the_end_of_the_turn() -> None:
    """H26's ruling: the Truce (#64) reaches the discard pile this turn however it leaves a hand,
    so Rome's Philip V (#9) taking it from Carthage at random reshuffles the deck, as a discard."""
    state = ready([9, 1, 2, 3, 4, 5, 6], [64, 8, 10, 11, 12, 13, 14])
    state.macedonia = 1  # allied: Rome's use of #9, Carthage discards at random (H130's ruling)
    play(state, "event #9", "take #64")
    assert not state.truce and state.truce_played and 64 in state.discard
    _play_out(state)
    met = _until(state, Id.REINFORCE)
    assert Id.RESHUFFLE in met and 64 in state.deck and state.discard == []


@pytest.mark.parametrize("rule", ["event", "counter event"])
def test_h26_the_truce_reaching_the_discard_pile_by_any_rule_reshuffles(rule: str) -> None:
    """H26, H36: every rule that puts a card on the discard pile goes through one helper, so the
    Truce (#64) marks the deck for a reshuffle whichever way it gets there (a play's OPs or
    discard and #9's discard at random above; here the event's own discard and a counter event's,
    the paths that did not mark it)."""
    state = ready([64, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 14])
    if rule == "event":
        state.hands[ROME].remove(64)
        events.play(state, ROME, 64)
    else:
        base.play_counter(state, ROME, 64)
    assert 64 in state.discard and state.truce_played


def test_h28_when_one_hand_is_empty_the_other_plays_out() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.hands[CARTHAGE] = [8]
    play(state, "discard #1", "discard #8")
    for card in (2, 3, 4):  # Carthage has nothing left: Rome plays on
        assert state.stack[-1] == (Id.PLAY, ROME)
        play(state, f"discard #{card}")
