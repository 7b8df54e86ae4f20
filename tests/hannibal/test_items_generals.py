"""The Generals' special abilities (H113-H127), each test naming its General."""

from __future__ import annotations

from legatus.games.hannibal.ids import DICE, Id
from legatus.games.hannibal.notation import CARTHAGE, ROME
from legatus.games.hannibal.rules import base, movement, sieges, strategy, turn
from legatus.games.hannibal.state import HannibalState
from tests.hannibal.helpers import general, legal, play, ready, roll, space

ROME_HAND = [1, 2, 3, 4, 5, 6, 7]
CARTHAGE_HAND = [8, 9, 10, 11, 12, 13, 14]


def _intercepted_at_cannae(roman: str, subordinate_of: str | None, die: int) -> HannibalState:
    """Hannibal with 6 CUs enters Cannae (no PC there) from Tarentum; ``roman`` (under
    ``subordinate_of`` if given) tries to intercept from Apri with 3 CUs, rolling ``die``."""
    state = ready(ROME_HAND, CARTHAGE_HAND, first="carthage")
    hannibal, tarentum, apri = general(state, "Hannibal"), space(state, "Tarentum"), space(state, "Apri")
    state.gen_at[hannibal], state.cu[CARTHAGE][tarentum] = tarentum, 6
    state.ctrl[space(state, "Cannae")] = base.NONE
    for name in filter(None, (roman, subordinate_of)):
        state.gen_at[general(state, name)] = apri
    state.cu[ROME][apri] = 3 if subordinate_of is None else 8
    play(state, "ops #8", "activate Hannibal", "take 6", "to Cannae", "intercept from Apri")
    if subordinate_of is not None:  # the commander leads, with every General (H66)
        play(state, f"choose {subordinate_of}")
    if state.stack[-1][0] == Id.REACT_SIZE:
        play(state, sorted(a for a in legal(state) if a.startswith("take"))[0])
    play(state, "roll the attempts")  # H62
    roll(state, die)
    return state


def test_h113_h126_varro_intercepts_on_1_to_4_but_only_as_commander() -> None:
    assert _intercepted_at_cannae("Varro", None, 4).m_intercepted  # Varro's BR is 1
    # under consul P. Scipio (BR 2) Varro is a subordinate: Scipio's rating counts
    assert not _intercepted_at_cannae("Varro", "P. Scipio", 3).m_intercepted


def test_h126_varro_still_has_the_plus_1_into_an_enemy_pc() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND, first="carthage")
    hannibal, tarentum, apri = general(state, "Hannibal"), space(state, "Tarentum"), space(state, "Apri")
    state.gen_at[hannibal], state.cu[CARTHAGE][tarentum] = tarentum, 6
    state.gen_at[general(state, "Varro")], state.cu[ROME][apri] = apri, 3
    state.ctrl[space(state, "Cannae")] = CARTHAGE
    play(state, "ops #8", "activate Hannibal", "take 6", "to Cannae", "intercept from Apri", "take 3")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 4)  # 4 + 1 > 4
    assert not state.m_intercepted


def test_h115_hasdrubal_has_no_special_ability() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND)
    assert state.game.abilities[general(state, "Hasdrubal")] == {}


def test_h117_hanno_removes_the_roman_plain_pc_where_his_move_ends() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND, first="carthage")
    zama = space(state, "Zama")
    state.ctrl[zama] = ROME
    play(state, "ops #9", "activate Hanno", "take 2", "to Zama", "stop")
    assert state.ctrl[zama] == base.NONE
    state = ready(ROME_HAND, CARTHAGE_HAND, first="carthage")  # another General does not
    state.ctrl[zama] = ROME
    state.gen_at[general(state, "Mago")] = space(state, "Carthage")
    play(state, "ops #9", "activate Mago", "take 2", "to Zama", "stop")
    assert state.ctrl[zama] == ROME


def test_h118_fabius_avoids_battle_on_1_to_5() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND, first="carthage")
    fabius, dertosa = general(state, "Fabius"), space(state, "Dertosa")
    state.gen_at[fabius], state.cu[ROME][dertosa] = dertosa, 3
    state.ctrl[space(state, "Tarraco")] = base.NONE
    play(state, "ops #8", "activate Hannibal", "take 10", "to Dertosa", "avoid to Tarraco", "take 3")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 5)  # Fabius's BR is 3
    assert state.gen_at[fabius] == space(state, "Tarraco") and state.cu[ROME][dertosa] == 0


def test_h118_fabius_elected_goes_to_roman_cus_in_italy_or_to_rome() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND)
    fabius = general(state, "Fabius")
    state.cu[ROME][space(state, "Rome")] = 0
    state.cu[ROME][space(state, "Cannae")] = 2  # Agrigentum's 8 are in Sicily, not Italy
    assert turn.consul_spaces(state, fabius) == [space(state, "Cannae")]
    state.cu[ROME][space(state, "Cannae")] = 0
    assert turn.consul_spaces(state, fabius) == [space(state, "Rome")]
    assert turn.consul_spaces(state, general(state, "Varro")) == [space(state, "Agrigentum")]


def test_h119_gisgo_intercepts_and_avoids_on_1_to_3() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND)
    gisgo, terventum = general(state, "H. Gisgo"), space(state, "Terventum")
    state.gen_at[gisgo], state.cu[CARTHAGE][terventum] = terventum, 3
    state.ctrl[space(state, "Praeneste")] = base.NONE
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste", "intercept from Terventum", "take 3")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 3)  # Gisgo's BR is 1
    assert state.m_intercepted and state.gen_at[gisgo] == space(state, "Praeneste")
    state = ready(ROME_HAND, CARTHAGE_HAND)
    state.gen_at[gisgo], state.cu[CARTHAGE][terventum] = terventum, 3
    state.ctrl[space(state, "Sena")] = base.NONE
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste", "no reaction", "to Terventum",
         "avoid to Sena", "take 3")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 3)
    assert state.gen_at[gisgo] == space(state, "Sena")


def test_h120_mago_takes_1_off_the_naval_roll_of_the_force_he_commands() -> None:
    mods = {}
    for name in ("Hasdrubal", "Mago"):
        state = ready(ROME_HAND, [9, 8, 10, 11, 12, 13, 14], first="carthage")
        state.gen_at[general(state, name)] = space(state, "New Carthage")
        play(state, "ops #9", f"activate {name}", "take 2")
        state.m_left = 2
        mods[name] = movement.naval_modifier(state, space(state, "New Carthage"), space(state, "Neapolis"))
    assert mods["Mago"] == mods["Hasdrubal"] - 1


def test_h121_publius_scipio_counts_as_sr_2_in_spain() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND)
    scipio = general(state, "P. Scipio")
    assert strategy.strategy_rating(state, scipio) == 3
    play(state, "ops #5")  # 2 OPs: not in Italy
    assert "activate P. Scipio" not in legal(state)
    state = ready(ROME_HAND, CARTHAGE_HAND)
    state.gen_at[scipio], state.cu[ROME][space(state, "Tarraco")] = space(state, "Tarraco"), 5
    play(state, "ops #5")
    assert "activate P. Scipio" in legal(state)


def test_h122_nero_moves_6_on_a_campaign_event_and_may_sail_twice() -> None:
    state = ready([37, 1, 2, 3, 4, 5, 6], CARTHAGE_HAND)
    nero, brundisium = general(state, "G. Nero"), space(state, "Brundisium")
    state.gen_at[nero], state.cu[ROME][brundisium] = brundisium, 5
    play(state, "event #37", "activate G. Nero", "take 5")
    assert state.m_mp == 6
    play(state, "sail Neapolis")
    while state.current_player() == CARTHAGE:  # #41 may be asked for
        play(state, "no counter event")
    assert state.m_mp == 3 and "sail Rome" in legal(state)  # a second sea move, 3 MP
    state = ready([37, 1, 2, 3, 4, 5, 6], CARTHAGE_HAND)  # another General: 4 MP, one sea move
    state.gen_at[general(state, "Varro")], state.cu[ROME][brundisium] = brundisium, 5
    play(state, "event #37", "activate Varro", "take 5")
    assert state.m_mp == 4
    state = ready(ROME_HAND, CARTHAGE_HAND)  # Nero on OPs: 4
    state.gen_at[nero], state.cu[ROME][brundisium] = brundisium, 5
    play(state, "ops #1", "activate G. Nero", "take 5")
    assert state.m_mp == 4


def _counterattack(rome_general: str, rome_attacks: bool, die: int) -> int:
    """A round at Terventum is matched and Rome, the defender of the round, rolls ``die`` to
    counterattack; who attacks next."""
    state = ready(ROME_HAND, CARTHAGE_HAND, first="rome" if rome_attacks else "carthage")
    g = general(state, rome_general)
    terventum, praeneste = space(state, "Terventum"), space(state, "Praeneste")
    state.ctrl[praeneste] = base.NONE
    if rome_attacks:
        state.gen_at[g], state.cu[ROME][praeneste] = praeneste, 5
        state.gen_at[general(state, "Mago")], state.cu[CARTHAGE][terventum] = terventum, 5
        play(state, "ops #1", f"activate {rome_general}", "take 5", "to Terventum")
    else:
        state.gen_at[g], state.cu[ROME][terventum] = terventum, 5
        state.gen_at[general(state, "Mago")], state.cu[CARTHAGE][praeneste] = praeneste, 5
        play(state, "ops #9", "activate Mago", "take 5", "to Terventum")
    while state.stack[-1][0] != Id.BDEAL:
        play(state, "no reaction" if "no reaction" in legal(state) else "no counter event")
    while state.stack[-1][0] == Id.BDEAL:  # each side: 5 Frontal Assaults, Flank Lefts, a Double Envelopment
        _, side, left = state.stack[-1]
        dealt = sum(state.bhand[side])
        play(state, "draw double envelopment" if left == 1 else "draw frontal assault" if dealt < 5
             else "draw flank left")
    if rome_attacks:  # Carthage matches a Double Envelopment and takes the initiative (H79)
        play(state, "rome attacks double envelopment", "carthage matches double envelopment",
             "take initiative")
    play(state, "carthage attacks frontal assault", "rome matches frontal assault", "counterattack")
    roll(state, die)
    return state.b_att


def test_h123_longus_counterattacks_on_1_to_2_as_the_original_attacker() -> None:
    assert _counterattack("T. Longus", True, 2) == ROME  # Longus's BR is 1
    assert _counterattack("T. Longus", False, 2) == CARTHAGE  # as the original defender: his BR


def test_h125_paulus_counterattacks_on_1_to_3_as_the_original_defender() -> None:
    assert _counterattack("A. Paulus", False, 3) == ROME  # Paulus's BR is 2
    assert _counterattack("A. Paulus", True, 3) == CARTHAGE


def test_h124_marcellus_plus_1_on_sieges_made_on_a_campaign_card() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND)
    gades = space(state, "Gades")
    state.m_gen = general(state, "Marcellus")
    state.m_mode = movement.MODE_CAMPAIGN
    assert sieges.modifier(state, gades, ROME) == 1
    assert sieges.modifier(state, space(state, "Allobroges"), ROME) == 0  # not for subjugation
    state.m_mode = movement.MODE_OPS
    assert sieges.modifier(state, gades, ROME) == 0


def test_h127_scipio_africanus_on_a_force_march_rolls_twice_on_the_siege_table() -> None:
    for card, event, rolls in ((3, False, 1), (63, True, 2)):
        state = ready([card, 41, 42, 43, 44, 45, 46], CARTHAGE_HAND)
        africanus, capua, neapolis = state.game.africanus, space(state, "Capua"), space(state, "Neapolis")
        state.gen_at[africanus], state.cu[ROME][capua] = capua, 5
        state.ctrl[neapolis] = CARTHAGE
        play(state, f"event #{card}" if event else f"ops #{card}", "activate Scipio Africanus", "take 5",
             "to Neapolis", "stop", "siege")
        for _ in range(rolls):
            assert state.stack[-1][0] in DICE
            roll(state, 4)  # 1 point each
        assert state.spts[neapolis] == rolls and state.stack[-1][0] not in DICE


def _pursue(roman: str, die: int) -> HannibalState:
    state = ready(ROME_HAND, CARTHAGE_HAND)
    praeneste, rome = space(state, "Praeneste"), space(state, "Rome")
    state.gen_at[general(state, roman)], state.cu[ROME][rome] = rome, 13  # the consul keeps 5 or more
    state.gen_at[general(state, "Mago")], state.cu[CARTHAGE][praeneste] = praeneste, 3
    state.ctrl[space(state, "Sena")] = base.NONE
    play(state, "ops #1", f"activate {roman}", "take 5", "to Praeneste", "avoid to Sena", "take 3", "roll the attempts")
    roll(state, 1)  # Mago avoids
    play(state, "pursue")
    roll(state, die)
    return state


def test_h116_flaminius_pursues_on_1_to_4() -> None:
    state = _pursue("Flaminius", 4)  # Flaminius's BR is 2
    assert state.view(0)["phase"] == "movement" and "to Sena" in legal(state)
    state = _pursue("P. Scipio", 4)
    assert state.stack[-1][:2] == (Id.PLAY, CARTHAGE)  # the move is over
