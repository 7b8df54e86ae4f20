"""The strategy cards' events (H128-H133), each test named by card number and name."""

from __future__ import annotations

import pytest

from legatus.core.tuples import put
from legatus.games.hannibal.rules import base, events
from tests.hannibal.helpers import general, legal, play, ready, roll, space

OTHER_ROME = [41, 42, 43, 44, 45, 46, 47]
OTHER_CARTHAGE = [6, 8, 20, 31, 32, 59, 60]


def rome_plays(card: int) -> object:
    hand = [card] + [c for c in OTHER_ROME if c != card][:6]
    return ready(hand, [c for c in OTHER_CARTHAGE if c != card][:7])


def carthage_plays(card: int) -> object:
    hand = [card] + [c for c in OTHER_CARTHAGE if c != card][:6]
    return ready([c for c in OTHER_ROME if c != card][:7], hand, first="carthage")


@pytest.mark.parametrize("card", [5, 18, 28, 50, 54])
def test_op_bonus_cards_are_not_played_as_events(card: int) -> None:
    # H35: the OP-bonus cards give their bonus when played for OPs
    state = carthage_plays(card)
    assert f"event #{card}" not in legal(state) and f"ops #{card}" in legal(state)


# H34's last sentence: a counter card may be a normal event on one's own turn when its condition
# can be met then. Only #7/#8 can (rulings.md, "Counter events as normal events"): each other
# one names a moment that a card play of one's own never holds, so it stays an OPs card or a
# discard there, and is still offered at its moment, in one's own battles too.
def _not_an_event(state: object, card: int) -> None:
    options = legal(state)
    assert f"event #{card}" not in options
    assert {f"ops #{card}", f"discard #{card}"} <= options


def test_6_marharbals_cavalry_is_no_event_on_ones_own_turn() -> None:
    _not_an_event(carthage_plays(6), 6)  # a battle card: no battle is being fought at a card play


def test_20_spy_in_enemy_camp_is_no_event_on_ones_own_turn() -> None:
    _not_an_event(carthage_plays(20), 20)  # "at the start of a battle": none starts with the play


def test_31_spanish_allies_desert_is_no_event_on_ones_own_turn() -> None:
    _not_an_event(carthage_plays(31), 31)  # the start of a battle in Spain, as #20


def test_32_numidian_allies_desert_is_no_event_on_ones_own_turn() -> None:
    _not_an_event(carthage_plays(32), 32)  # the start of a battle in Africa, as #20


def test_41_bad_weather_is_no_event_on_ones_own_turn() -> None:
    _not_an_event(rome_plays(41), 41)  # an opposing General's move: none moves in one's own play


def test_42_elephant_fright_is_no_event_on_ones_own_turn() -> None:
    _not_an_event(rome_plays(42), 42)  # an elephant charge is made in a battle


def test_59_ally_deserts_is_no_event_on_ones_own_turn() -> None:
    _not_an_event(carthage_plays(59), 59)  # battle hands exist only during a battle


def test_60_storms_at_sea_is_no_event_on_ones_own_turn() -> None:
    _not_an_event(carthage_plays(60), 60)  # an opposing army's sea move: only in the other's play


def _force_in_transalpinia(card: int) -> object:
    state = ready([card, 1, 2, 3, 4, 5, 6], [9, 10, 11, 12, 13, 14, 15])
    tolosa = space(state, "Tolosa")
    state.gen_at[general(state, "Hannibal")] = tolosa
    state.cu[1][tolosa], state.eleph[tolosa] = 6, 0
    return state


def test_7_hostile_tribes_as_a_normal_event_on_ones_own_turn() -> None:
    state = _force_in_transalpinia(7)
    assert "event #7" in legal(state)
    play(state, "event #7", "choose Tolosa")
    roll(state, 6)  # the 5-6 column whatever the size, roll 6: 2 CUs
    assert state.cu[1][space(state, "Tolosa")] == 4 and 7 in state.discard and state.current_player() == 1


def test_8_hostile_tribes_as_a_normal_event_needs_an_enemy_force_there() -> None:
    state = _force_in_transalpinia(8)
    assert legal(state) >= {"event #8"}
    state = ready([8, 1, 2, 3, 4, 5, 6], [9, 10, 11, 12, 13, 14, 15])  # none in the tribal lands
    _not_an_event(state, 8)


def test_41_bad_weather_stops_a_move_before_its_3rd_mp() -> None:
    # H133: asked when the move would spend a 3rd MP, before the step; the General stays on the
    # 2nd space he entered; a counter event is not a play (H34)
    state = ready([41, 42, 43, 44, 45, 46, 47], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #8", "activate Hannibal", "take 10", "to Dertosa", "to Tarraco")
    assert state.view(1)["phase"] == "movement"
    play(state, "to Ilerda" if "to Ilerda" in legal(state) else sorted(a for a in legal(state) if a[:3] == "to ")[0])
    assert state.prompt() == "Rome may play a counter event (H34)."
    assert legal(state) == {"event #41", "no counter event"}
    play(state, "event #41")
    assert state.gen_at[general(state, "Hannibal")] == space(state, "Tarraco")
    assert 41 in state.discard and len(state.hands[0]) == 6 and state.view(0)["phase"] == "card play"
    assert state.current_player() == 0  # Rome's own play comes now


def test_41_bad_weather_is_asked_for_without_the_card_and_once_a_move() -> None:
    state = ready([42, 43, 44, 45, 46, 47, 48], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #8", "activate Hannibal", "take 10", "to Dertosa", "to Tarraco", "to Dertosa")
    assert legal(state) == {"no counter event"}  # the question tells Carthage nothing
    play(state, "no counter event")
    assert state.gen_at[general(state, "Hannibal")] == space(state, "Dertosa") and state.m_mp == 1
    play(state, "to Saguntum")
    assert state.m_mp == 0 and state.view(1)["phase"] == "movement"


def test_41_bad_weather_cancels_a_sea_move() -> None:
    state = ready([41, 42, 43, 44, 45, 46, 47], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #9", "activate Hasdrubal", "take 2", "sail Gades")
    assert legal(state) == {"event #41", "no counter event"}
    play(state, "event #41")  # before the naval roll: he stays in his port
    assert state.gen_at[general(state, "Hasdrubal")] == space(state, "New Carthage")
    assert state.view(1)["phase"] == "walls"  # the end of his move, in his own city


def test_1_corsica_and_sardinia_revolt() -> None:
    state = carthage_plays(1)
    play(state, "event #1")
    cs = state.board.province_spaces[state.board.province_names.index("Corsica Sardinia")]
    assert all(state.ctrl[s] != 0 or not base.is_plain(state, s) for s in cs)


def test_3_numidia_revolts() -> None:
    state = ready([3, 41, 42, 43, 44, 45, 46], [6, 8, 20, 31, 32, 59, 60])
    play(state, "event #3", "choose Eastern Numidia")
    en = state.board.province_spaces[state.board.province_names.index("Eastern Numidia")]
    assert all(state.ctrl[s] != 1 for s in en)


def test_9_philip_v_first_carthage_then_rome() -> None:
    state = carthage_plays(9)
    play(state, "event #9")
    assert state.macedonia == 1 and state.view(0)["phase"] == "random card"
    play(state, f"take #{state.hands[0][0]}")
    assert len(state.hands[0]) == 6 and 9 in state.discard


def test_12_african_reinforcements() -> None:
    state = carthage_plays(12)
    play(state, "event #12")
    carthage = space(state, "Carthage")
    assert state.cu[1][carthage] == 6 and state.eleph[carthage] == 2


def test_12_african_reinforcements_count_the_elephants_inside_walls() -> None:
    # H4: 4 elephants in all; two inside Carthage's walls (H51) are not available again
    state = carthage_plays(12)
    carthage = space(state, "Carthage")
    state.inner[carthage] = 2
    state.ein = put(state.ein, carthage, 2)
    play(state, "event #12")
    assert state.eleph[carthage] == 0 and state.cu[1][carthage] == 6


def test_15_iberian_recruits() -> None:
    state = carthage_plays(15)
    play(state, "event #15", "choose Saguntum")
    assert state.cu[1][space(state, "Saguntum")] == 12


def test_17_surprise_sortie_and_49_opposing_fleet() -> None:
    state = carthage_plays(17)
    gades = space(state, "Gades")
    state.cu[0][gades], state.spts[gades], state.sby[gades] = 3, 2, 0
    play(state, "event #17", "choose Gades")
    assert state.spts[gades] == 1


def test_21_mercenaries_desert() -> None:
    state = rome_plays(21)
    assert "event #21" not in legal(state)  # every Carthaginian force stands in its walled cities
    state = rome_plays(21)
    state.cu[1][space(state, "Acci")] = 3
    state.forget_legal()
    play(state, "event #21")
    assert state.prompt() == "Roll a die for Mercenaries Desert (#21)."


def test_22_mutines_numidians() -> None:
    state = carthage_plays(22)
    play(state, "event #22", "choose Enna")
    assert state.ctrl[space(state, "Enna")] == 1 and state.cu[1][space(state, "Enna")] == 1


def test_23_numidian_ally_up_to_3() -> None:
    state = ready([23, 41, 42, 43, 44, 45, 46], [6, 8, 20, 31, 32, 59, 60])
    play(state, "event #23", "choose Cirta", "choose Sitilis", "done")
    assert state.ctrl[space(state, "Cirta")] == 0 and state.ctrl[space(state, "Sitilis")] == 0


def test_24_sophonisba() -> None:
    state = carthage_plays(24)
    state.ctrl[space(state, "Cirta")] = 0
    play(state, "event #24", "choose Eastern Numidia", "choose Cirta", "done")
    assert state.ctrl[space(state, "Cirta")] == 1


def test_26_syracuse_allies_with_carthage_and_h59_its_naval_modifier() -> None:
    state = carthage_plays(26)
    play(state, "event #26")
    assert state.ctrl[space(state, "Syracuse")] == 1 and 26 in state.removed  # H130


def test_25_capua_needs_3_italian_provinces() -> None:
    state = carthage_plays(25)
    assert "event #25" not in legal(state)


def test_29_naval_victory_lasts_the_turn() -> None:
    state = carthage_plays(29)
    play(state, "event #29")
    assert state.naval_victory


def test_30_siege_train() -> None:
    state = carthage_plays(30)
    play(state, "event #30", "choose Hannibal")
    assert state.siege_train == general(state, "Hannibal")


def test_33_major_campaign_activates_up_to_3_generals() -> None:
    state = ready([33, 41, 42, 43, 44, 45, 46], [6, 8, 20, 31, 32, 59, 60])
    play(state, "event #33")
    assert {"activate P. Scipio", "activate T. Longus", "end campaign"} <= legal(state)
    play(state, "activate P. Scipio", "take 5", "stop", "garrison 0")  # stays outside Rome's walls (H51)
    assert "activate P. Scipio" not in legal(state) and "activate T. Longus" in legal(state)


def test_35_diplomacy_flips_a_plain_pc() -> None:
    state = ready([35, 41, 42, 43, 44, 45, 46], [6, 8, 20, 31, 32, 59, 60])
    play(state, "event #35", "choose Acci")
    assert state.ctrl[space(state, "Acci")] == 0


def test_43_the_volones_need_3_italian_provinces() -> None:
    state = rome_plays(43)
    assert "event #43" not in legal(state)


def test_44_allied_auxiliaries() -> None:
    state = rome_plays(44)
    play(state, "event #44", "choose Rome")
    assert state.cu[0][space(state, "Rome")] == 10


def test_51_epidemic() -> None:
    state = ready([51, 41, 42, 43, 44, 45, 46], [6, 8, 20, 31, 32, 59, 60])
    play(state, "event #51", "choose Saguntum")
    roll(state, 6)
    assert state.cu[1][space(state, "Saguntum")] == 7  # 10 CUs, roll 6: 3 (one an elephant)
    assert state.eleph[space(state, "Saguntum")] == 1


def test_52_pestilence_strikes_a_siege_of_a_walled_city_not_a_tribe() -> None:
    # H128's table: an army besieging a walled city; a tribe's subjugation (H93) is no such siege.
    state = rome_plays(52)
    city, tribe = space(state, "Tarentum"), space(state, "Aquitani")
    for s in (city, tribe):
        state.cu[1][s], state.spts[s], state.sby[s] = 4, 1, 1
    play(state, "event #52")
    assert legal(state) == {"choose Tarentum"}
    play(state, "choose Tarentum")
    roll(state, 4)  # +1: 5 on the table's column of 4 CUs, one lost
    assert state.cu[1][city] == 3 and state.cu[1][tribe] == 4


def test_55_messenger_intercepted() -> None:
    state = rome_plays(55)
    play(state, "event #55", "take #6")
    assert 6 in state.hands[0] and 6 in state.known[0] and 6 not in state.hands[1]


def test_57_hanno_counsels_carthage() -> None:
    state = rome_plays(57)
    play(state, "event #57")
    assert state.hanno_counsel == 1


def test_61_force_march_moves_6() -> None:
    state = ready([41, 42, 43, 44, 45, 46, 47], [61, 6, 8, 20, 31, 32, 59], first="carthage")
    play(state, "event #61", "activate Hannibal", "take 10")
    assert state.m_mp == 6


def test_64_truce_forbids_entering_enemy_pcs() -> None:
    state = ready([64, 41, 42, 43, 44, 45, 46], [6, 8, 20, 31, 32, 59, 60])
    play(state, "event #64")
    assert state.truce and state.truce_played
    play(state, "ops #8", "activate Hannibal", "take 10")
    assert "to Dertosa" in legal(state)  # empty
    assert all(not a.startswith("to ") or state.ctrl[space(state, a[3:])] != 0 for a in legal(state))


def test_every_card_with_an_effect_has_one_entry() -> None:
    missing = sorted(set(range(1, 65)) - set(events.EFFECTS))
    assert missing == [5, 6, 18, 20, 28, 31, 32, 41, 42, 50, 54, 59, 60]  # bonus or counter only


def _answer_rome(state: object) -> None:
    """Rome lets a Carthaginian move go on: no reaction, no counter event."""
    while state.current_player() == 0:
        play(state, "no reaction" if "no reaction" in legal(state) else "no counter event")


def _minor_campaign() -> object:
    """Carthage opens turn 1 with a Minor Campaign (#37): Hannibal moves 4 CUs and Mago to
    Dertosa (1 MP), where Hasdrubal stands alone."""
    state = ready([41, 42, 43, 44, 45, 46, 47], [37, 8, 9, 10, 11, 12, 13], first="carthage")
    state.gen_at[general(state, "Hasdrubal")] = space(state, "Dertosa")
    play(state, "event #37", "activate Hannibal", "take 4", "pick up Mago", "to Dertosa")
    _answer_rome(state)
    play(state, "stop")
    return state


def test_h52_a_cu_moved_on_a_campaign_moves_again_within_its_4_mp() -> None:
    state = _minor_campaign()
    assert {"activate Hasdrubal", "activate Mago"} <= legal(state)  # Mago moved, but was not activated
    play(state, "activate Hasdrubal")
    assert "take 4" in legal(state)  # the CUs Hannibal moved 1 MP have 3 left
    play(state, "take 4", "to Tarraco")
    _answer_rome(state)
    play(state, "to Emporiae")
    _answer_rome(state)
    play(state, "to Narbo")  # his 3rd MP: Bad Weather is asked
    _answer_rome(state)
    assert state.m_mp == 1 and not any(a.startswith("to ") for a in legal(state))  # the CUs are at 4
    play(state, "drop 4")
    assert any(a.startswith("to ") for a in legal(state))  # alone, Hasdrubal has 1 MP left


def test_h52_a_subordinate_moved_on_a_campaign_moves_again_within_his_4_mp() -> None:
    state = _minor_campaign()
    play(state, "activate Hasdrubal", "take 0")
    assert "pick up Mago" in legal(state)  # 1 MP spent with Hannibal: 3 left
    play(state, "pick up Mago", "to Tarraco")
    _answer_rome(state)
    assert state.g_used[general(state, "Mago")] == 2 and state.gen_at[general(state, "Mago")] == space(state, "Tarraco")


def test_h52_h42_a_subordinate_dropped_off_on_a_campaign_may_not_rejoin_in_that_space() -> None:
    # On a Campaign a subordinate does not count as moved (H52), so without this, picking up
    # and dropping him was an endless loop at 0 MP (self-play game 135, benchmarks/results).
    state = _minor_campaign()
    play(state, "activate Hasdrubal", "take 0", "pick up Mago", "drop Mago")
    assert "pick up Mago" not in legal(state)
    play(state, "to Tarraco")
    _answer_rome(state)
    assert state.gen_at[general(state, "Mago")] == space(state, "Dertosa")


def test_h52_an_army_that_sieged_has_used_all_its_movement() -> None:
    for siege, left in ((True, 0), (False, 3)):
        state = ready([41, 42, 43, 44, 45, 46, 47], [37, 8, 9, 10, 11, 12, 13], first="carthage")
        tolosa, aquitani = space(state, "Tolosa"), space(state, "Aquitani")
        state.gen_at[general(state, "Mago")] = tolosa
        state.gen_at[general(state, "Hasdrubal")] = aquitani
        state.cu[1][tolosa] = 3
        play(state, "event #37", "activate Mago", "take 3", "to Aquitani")
        _answer_rome(state)
        play(state, "stop")
        assert legal(state) == {"siege", "no siege"}  # subjugating the neutral tribe (H94)
        play(state, "siege" if siege else "no siege")
        if siege:
            roll(state, 2)  # no point, no loss
        play(state, "activate Hasdrubal")
        assert max(int(a[5:]) for a in legal(state)) == left




def test_h128_an_event_s_choice_says_what_is_chosen() -> None:
    """Play review: "Carthage chooses for #15 Iberian Recruits." said nothing of the choice."""
    from tests.hannibal.test_items_cards import carthage_plays, rome_plays
    state = carthage_plays(15)
    play(state, "event #15")
    assert state.prompt() == ("Carthage chooses for #15 Iberian Recruits: where its 2 CUs go, with a General in a "
                              "Spanish province it controls (H128).")
    state = rome_plays(62)
    play(state, "event #62")
    assert state.prompt() == ("Rome chooses for #62 Force March: the General who marches up to 6 spaces "
                              "(SR 2 or less) (H128).")
    state = carthage_plays(56)
    for s in ("Lilybaeum", "Panormus", "Enna", "Messana", "Syracuse"):
        state.ctrl[space(state, s)] = 1
    state.forget_legal()
    play(state, "event #56")
    assert state.prompt() == "Carthage chooses for #56 Grain Shortage: a Roman PC to remove, up to 3, or done (H128)."
    play(state, sorted(a for a in legal(state) if a.startswith("choose"))[0])
    assert state.prompt() == \
        "Carthage chooses for #56 Grain Shortage: a Roman PC to remove, up to 2 more, or done (H128)."


def test_h128_every_event_with_a_choice_says_what_it_is() -> None:
    from legatus.games.hannibal.rules import events
    chosen = {card for card, effect in events.EFFECTS.items() if effect.targets is not None}
    assert chosen <= set(events._QUESTIONS) | {24}
