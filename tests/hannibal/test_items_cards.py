"""The strategy cards not pinned elsewhere (H128, H133), each test named by its card number."""

from __future__ import annotations

import pytest

from legatus.games.hannibal.ids import DICE
from legatus.games.hannibal.notation import CARTHAGE, ROME
from legatus.games.hannibal.rules import base, battle
from legatus.games.hannibal.state import HannibalState
from tests.hannibal.helpers import general, legal, play, ready, roll, space

ROME_REST = [41, 42, 43, 44, 45, 46, 47]
CARTHAGE_REST = [6, 8, 20, 31, 32, 59, 60]


def rome_plays(card: int) -> HannibalState:
    hand = [card] + [c for c in ROME_REST if c != card][:6]
    return ready(hand, [c for c in CARTHAGE_REST if c != card][:7])


def carthage_plays(card: int) -> HannibalState:
    hand = [card] + [c for c in CARTHAGE_REST if c != card][:6]
    return ready([c for c in ROME_REST if c != card][:7], hand, first="carthage")


def _province(state: HannibalState, name: str) -> list[int]:
    return list(state.board.province_spaces[state.board.province_names.index(name)])


def _refresh(state: HannibalState) -> HannibalState:
    state.forget_legal()
    return state


def test_2_sicilia_revolts_removes_the_plain_pcs_not_stacked_with_cus() -> None:
    state = carthage_plays(2)
    play(state, "event #2")
    assert state.ctrl[space(state, "Agrigentum")] == ROME  # T. Longus's 8 CUs stand there
    assert state.ctrl[space(state, "Messana")] == ROME  # a walled city: not a plain PC
    assert all(state.ctrl[space(state, s)] == base.NONE for s in ("Lilybaeum", "Panormus", "Enna"))


def test_4_celtiberia_revolts_only_while_the_enemy_controls_it() -> None:
    state = rome_plays(4)
    state.cu[CARTHAGE][space(state, "Toletum")] = 1
    _refresh(state)
    play(state, "event #4")
    assert state.ctrl[space(state, "Toletum")] == CARTHAGE  # stacked with a Carthaginian CU
    assert [s for s in _province(state, "Celtiberia") if state.ctrl[s] == CARTHAGE] == [space(state, "Toletum")]
    state = carthage_plays(4)
    assert "event #4" not in legal(state)  # Rome does not control Celtiberia (H33's ruling)


def test_5_native_guide_takes_3_more_off_each_pass_roll() -> None:
    for card, left in ((8, 5), (5, 6)):  # 1 OP without the guide, 2 OPs with it
        state = ready([1, 2, 3, 4, 6, 7, 9], [card, 10, 11, 12, 13, 14, 15], first="carthage")
        hannibal, ilerda = general(state, "Hannibal"), space(state, "Ilerda")
        state.gen_at[hannibal] = ilerda
        state.cu[CARTHAGE][ilerda] = 6
        play(state, f"ops #{card}", "activate Hannibal", "take 6", "to Tolosa")
        roll(state, 6)  # non-Alps -2: 4 loses 1 on the 5-6 column; with #5, 1 loses none
        assert state.m_left == left


def test_8_hostile_tribes_as_a_normal_event_against_a_force_in_gallia_transalpinia() -> None:
    state = rome_plays(8)
    state.cu[CARTHAGE][space(state, "Tolosa")] = 3
    _refresh(state)
    play(state, "event #8")
    assert legal(state) == {"choose Tolosa"}
    play(state, "choose Tolosa")
    roll(state, 6)  # always the 5-6 column, whatever the force's size: 2 CUs
    assert state.cu[CARTHAGE][space(state, "Tolosa")] == 1


def test_10_macedonian_reinforcements_only_while_macedonia_is_allied() -> None:
    state = carthage_plays(10)
    assert "event #10" not in legal(state)
    state.macedonia = 1
    _refresh(state)
    play(state, "event #10")
    choices = {a[7:] for a in legal(state)}
    assert "Carthage" in choices and "Saguntum" not in choices  # African or Italian ports only
    play(state, "choose Carthage")
    assert state.cu[CARTHAGE][space(state, "Carthage")] == 6


def test_11_balearic_slingers_need_the_balearic_islands() -> None:
    state = carthage_plays(11)
    play(state, "event #11")
    assert "choose Gades" in legal(state) and "choose Dertosa" not in legal(state)  # a port with a friendly PC
    play(state, "choose Gades")
    assert state.cu[CARTHAGE][space(state, "Gades")] == 1
    state = rome_plays(11)
    assert "event #11" not in legal(state)  # Rome does not control them


@pytest.mark.parametrize(("card", "where"), [(13, "Croton"), (14, "Pisae"), (16, "Tolosa")])
def test_13_14_16_recruits_with_a_carthaginian_general_in_their_provinces(card: int, where: str) -> None:
    """#13 Bruttium (Lucania), #14 Ligurian (Liguria, Gallia Cisalpinia, Etruria), #16 Gallic
    (Gallia Transalpinia, Gallia Cisalpinia)."""
    state = carthage_plays(card)
    assert f"event #{card}" not in legal(state)  # no Carthaginian General there yet
    state.gen_at[general(state, "Mago")] = space(state, where)
    _refresh(state)
    play(state, f"event #{card}", f"choose {where}")
    assert state.cu[CARTHAGE][space(state, where)] == 2


def test_18_traitor_in_tarentum_takes_the_city_without_a_roll() -> None:
    state = ready([1, 2, 3, 4, 6, 7, 9], [18, 10, 11, 12, 13, 14, 15], first="carthage")
    mago, brundisium, tarentum = general(state, "Mago"), space(state, "Brundisium"), space(state, "Tarentum")
    state.gen_at[mago] = brundisium
    state.cu[CARTHAGE][brundisium] = 3
    state.inner[tarentum] = 2
    play(state, "ops #18", "activate Mago", "take 3", "to Tarentum", "garrison 2", "stop", "siege")
    assert state.ctrl[tarentum] == CARTHAGE and state.inner[tarentum] == 0 and state.stack[-1][0] not in DICE


def test_19_senate_dismisses_the_proconsul_for_an_unused_general() -> None:
    state = carthage_plays(19)
    assert "event #19" not in legal(state)  # no Proconsul on turn 1
    state.proconsul = general(state, "T. Longus")
    _refresh(state)
    play(state, "event #19", "choose Varro")
    assert state.gen_at[general(state, "Varro")] == space(state, "Agrigentum")
    assert state.proconsul == general(state, "Varro") and state.gen_at[general(state, "T. Longus")] == base.OFF


def test_19_does_nothing_against_scipio_africanus() -> None:
    """H133: #19 affects nothing when the only Proconsul is Scipio Africanus."""
    state = carthage_plays(19)
    state.gen_at[state.game.africanus] = space(state, "Rome")
    _refresh(state)
    assert "event #19" not in legal(state)


def test_27_i_have_come_into_italy_needs_hannibal_in_italy() -> None:
    state = carthage_plays(27)
    assert "event #27" not in legal(state)
    state.gen_at[general(state, "Hannibal")] = space(state, "Cannae")
    _refresh(state)
    play(state, "event #27")
    choices = {a[7:] for a in legal(state)}
    assert "Apri" in choices and "Rome" not in choices and "Tarentum" not in choices  # plain PCs only
    play(state, "choose Apri", "choose Sena")
    assert state.ctrl[space(state, "Apri")] == state.ctrl[space(state, "Sena")] == CARTHAGE


def test_28_hannibal_charms_italy_removes_the_roman_pcs_he_enters() -> None:
    state = ready([1, 2, 3, 4, 6, 7, 9], [28, 10, 11, 12, 13, 14, 15], first="carthage")
    hannibal, cannae = general(state, "Hannibal"), space(state, "Cannae")
    state.gen_at[hannibal] = cannae
    state.cu[CARTHAGE][cannae] = 6
    play(state, "ops #28", "activate Hannibal", "take 6", "to Apri")
    assert state.ctrl[space(state, "Apri")] == base.NONE
    state = ready([1, 2, 3, 4, 6, 7, 9], [8, 10, 11, 12, 13, 14, 15], first="carthage")  # without the card
    state.gen_at[hannibal] = cannae
    state.cu[CARTHAGE][cannae] = 6
    play(state, "ops #8", "activate Hannibal", "take 6", "to Apri")
    assert state.ctrl[space(state, "Apri")] == ROME


def test_32_numidian_allies_desert_cancels_the_numidian_allies() -> None:
    state = ready([32, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    hanno, utica = general(state, "Hanno"), space(state, "Utica")
    state.gen_at[general(state, "P. Scipio")] = utica
    state.cu[ROME][utica] = 5
    play(state, "ops #9", "activate Hanno", "take 4", "to Utica", "no counter event")
    assert "event #32" in legal(state)
    before = battle.card_count(state, CARTHAGE)
    play(state, "event #32")
    if "no charge" in legal(state):
        play(state, "no charge")
    assert battle.card_count(state, CARTHAGE) == before - 4 and state.gen_at[hanno] == utica


@pytest.mark.parametrize(("card", "generals"), [(34, 3), (37, 2), (38, 2), (39, 2), (40, 2)])
def test_34_and_37_to_40_campaigns_activate_their_number_of_generals(card: int, generals: int) -> None:
    """#34 Major Campaign (3 Generals, as #33); #37, #38, #39, #40 Minor Campaign (2)."""
    state = ready([card, 41, 42, 43, 44, 45, 46], [6, 8, 20, 31, 32, 59, 60])
    state.gen_at[general(state, "Varro")] = space(state, "Cannae")
    state.gen_at[general(state, "Marcellus")] = space(state, "Apri")
    play(state, f"event #{card}")
    for name in ("P. Scipio", "Varro", "Marcellus")[:generals]:
        assert state.current_player() == ROME and {f"activate {name}", "end campaign"} <= legal(state)
        play(state, f"activate {name}")
        play(state, sorted(a for a in legal(state) if a.startswith("take"))[0], "stop")
        while not {"end campaign", "no campaign opening"} & legal(state) and state.current_player() == ROME:
            state.apply_action(state.legal_actions()[0])  # Rome stays outside its walls
    assert state.current_player() == CARTHAGE and state.view(1)["phase"] == "card play"  # the card is spent


def test_36_diplomacy_as_35() -> None:
    state = carthage_plays(36)
    play(state, "event #36", "choose Tarquini")
    assert state.ctrl[space(state, "Tarquini")] == CARTHAGE


@pytest.mark.parametrize(("card", "province"), [(45, "Etruria"), (46, "Samnium"), (47, "Lucania"),
                                                (48, "Campania")])
def test_45_to_48_allied_auxiliaries_need_their_province(card: int, province: str) -> None:
    """#45, #46, #47, #48 as #44: 2 CUs with a Roman General in Italy while Rome controls the province."""
    state = rome_plays(card)
    play(state, f"event #{card}", "choose Rome")
    assert state.cu[ROME][space(state, "Rome")] == 10
    state = rome_plays(card)
    for s in _province(state, province):
        state.ctrl[s] = base.NONE
    assert f"event #{card}" not in legal(_refresh(state))


def test_49_opposing_fleet_breaks_a_siege_of_a_port_never_capua() -> None:
    state = rome_plays(49)
    for name in ("Neapolis", "Capua"):
        s = space(state, name)
        state.cu[CARTHAGE][s], state.spts[s], state.sby[s] = 3, 2, CARTHAGE
    play(_refresh(state), "event #49")
    assert legal(state) == {"choose Neapolis"}  # H133: Capua is not a port
    play(state, "choose Neapolis")
    assert state.spts[space(state, "Neapolis")] == 0 and state.spts[space(state, "Capua")] == 2


def test_50_adriatic_pirates_spare_the_naval_roll_at_croton() -> None:
    for card, rolled in ((9, True), (50, False)):  # a plain 3-OP card, then the Pirates
        state = ready([1, 2, 3, 4, 6, 7, 60], [card, 10, 11, 12, 13, 14, 15], first="carthage")
        play(state, f"ops #{card}", "activate Hasdrubal", "take 2", "sail Croton", "no counter event",
             "no counter event")
        assert (state.prompt() == "Roll a die for naval combat, rolled by Rome (H58).") == rolled
        if not rolled:
            assert state.gen_at[general(state, "Hasdrubal")] == space(state, "Croton")


def test_52_pestilence_strikes_a_besieging_army_at_plus_1() -> None:
    state = rome_plays(52)
    assert "event #52" not in legal(state)  # nobody besieges
    neapolis = space(state, "Neapolis")
    state.cu[CARTHAGE][neapolis], state.spts[neapolis], state.sby[neapolis] = 4, 1, CARTHAGE
    play(_refresh(state), "event #52", "choose Neapolis")
    roll(state, 5)  # 5 + 1 = 6 on the 4 column: 2 CUs
    assert state.cu[CARTHAGE][neapolis] == 2


def test_53_tribal_resistance_removes_the_subjugation_points() -> None:
    state = rome_plays(53)
    assert "event #53" not in legal(state)
    allobroges = space(state, "Allobroges")
    state.cu[CARTHAGE][allobroges], state.spts[allobroges], state.sby[allobroges] = 3, 2, CARTHAGE
    play(_refresh(state), "event #53")
    assert legal(state) == {"choose Allobroges"}
    play(state, "choose Allobroges")
    assert state.spts[allobroges] == 0 and state.cu[CARTHAGE][allobroges] == 3


def test_54_treachery_within_city_rolls_twice_on_the_siege_table() -> None:
    state = ready([1, 2, 3, 4, 6, 7, 9], [54, 10, 11, 12, 13, 14, 15], first="carthage")
    mago, brundisium, tarentum = general(state, "Mago"), space(state, "Brundisium"), space(state, "Tarentum")
    state.gen_at[mago] = brundisium
    state.cu[CARTHAGE][brundisium] = 3
    play(state, "ops #54", "activate Mago", "take 3", "to Tarentum", "stop", "siege")
    roll(state, 6)  # 6 - 1 (Carthage) = 5: 1 point
    assert state.spts[tarentum] == 1 and state.stack[-1][0] in DICE  # the second roll
    roll(state, 6)
    assert state.spts[tarentum] == 2


def test_56_grain_shortage_needs_sicilia_and_removes_3_roman_pcs_anywhere() -> None:
    state = carthage_plays(56)
    assert "event #56" not in legal(state)
    for name in ("Lilybaeum", "Panormus", "Enna"):
        state.ctrl[space(state, name)] = CARTHAGE
    play(_refresh(state), "event #56")
    assert "choose Agrigentum" in legal(state) and "choose Messana" not in legal(state)  # not a walled city
    play(state, "choose Tarquini", "choose Cannae", "choose Agrigentum")  # Roman CUs do not protect it
    assert all(state.ctrl[space(state, s)] == base.NONE for s in ("Tarquini", "Cannae", "Agrigentum"))


def test_58_cato_counsels_rome_keeps_roman_cus_out_of_africa() -> None:
    for cato, sails in ((False, True), (True, False)):
        state = ready([9, 1, 2, 3, 4, 6, 7], [58, 10, 11, 12, 13, 14, 15])
        lilybaeum = space(state, "Lilybaeum")
        state.gen_at[general(state, "T. Longus")] = lilybaeum
        state.cu[ROME][space(state, "Agrigentum")], state.cu[ROME][lilybaeum] = 0, 5
        state.cato_counsel = int(cato)
        play(state, "ops #9", "activate T. Longus", "take 5")
        assert ("sail Utica" in legal(state)) == sails
    state = ready([9, 1, 2, 3, 4, 6, 7], [58, 10, 11, 12, 13, 14, 15])
    state.cato_counsel = 1
    state.gen_at[general(state, "Varro")] = space(state, "Lilybaeum")  # H133: a General alone may go
    play(state, "ops #9", "activate Varro", "take 0")
    assert "sail Utica" in legal(state)


def test_62_and_63_force_march_sr_2_and_any_general() -> None:
    """#62 moves a General of SR 2 at most, #63 any General, 6 MP each (H45)."""
    state = carthage_plays(62)
    play(state, "event #62")
    assert {"activate Hannibal", "activate Hasdrubal"} <= legal(state) and "activate Hanno" not in legal(state)
    state = carthage_plays(63)
    play(state, "event #63")
    assert "activate Hanno" in legal(state)
    play(state, "activate Hasdrubal", "take 2")
    assert state.m_mp == 6 and state.m_limit == 5  # H56's ruling: a sea move of at most 5 CUs
