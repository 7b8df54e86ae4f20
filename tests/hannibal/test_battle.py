"""Battle and its aftermath (H73-H92)."""

from __future__ import annotations

from legatus.games.hannibal.rules import base, battle
from legatus.games.hannibal.state import HannibalState
from tests.hannibal.helpers import general, legal, play, ready, roll, space


def _battle_at_terventum(rome_cus: int = 8, carthage_cus: int = 3) -> object:
    """P. Scipio (BR 2) with ``rome_cus`` attacks Mago (BR 2) with ``carthage_cus`` in Terventum."""
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.cu[0][space(state, "Rome")] = rome_cus
    state.gen_at[general(state, "Mago")] = space(state, "Terventum")
    state.cu[1][space(state, "Terventum")] = carthage_cus
    state.ctrl[space(state, "Praeneste")] = base.NONE
    play(state, "ops #1", "activate P. Scipio", f"take {min(rome_cus, 10)}", "to Praeneste", "no reaction",
         "to Terventum")
    assert state.view(0)["phase"] == "counter event"  # H74 steps 2-3: always asked, both sides
    play(state, "no counter event", "no counter event")
    return state


def test_h75_h76_battle_cards_count_br_cus_and_allies_rome_capped_at_2_in_italy() -> None:
    state = _battle_at_terventum()
    # Rome: BR 2 + 8 CUs + Italian allies (Apulia, Campania, Etruria, Lucania, Samnium: capped at 2)
    assert battle.card_count(state, 0) == 12
    # Carthage: BR 2 + 3 CUs, no Italian province
    assert battle.card_count(state, 1) == 5


def test_h76_the_cannae_example_2_against_2() -> None:
    state = _battle_at_terventum()
    names = state.board.province_names
    for name in ("Gallia Cisalpinia", "Lucania"):
        for s in state.board.province_spaces[names.index(name)]:
            state.ctrl[s] = 1
    for s in state.board.province_spaces[names.index("Apulia")]:
        state.ctrl[s] = base.NONE
    assert battle.allies(state, 0, space(state, "Cannae")) == 2
    assert battle.allies(state, 1, space(state, "Cannae")) == 2


def test_h76_the_spain_example_3_against_1() -> None:
    state = _battle_at_terventum()
    idubeda = state.board.province_spaces[state.board.province_names.index("Idubeda")]
    for s in idubeda:
        state.ctrl[s] = 0
    assert battle.allies(state, 1, space(state, "Saguntum")) == 3
    assert battle.allies(state, 0, space(state, "Saguntum")) == 1


def _deal(state: object, rome: list[str], carthage: list[str]) -> None:
    for kind in rome:
        play(state, f"draw {kind}")  # the attacker, Rome, is dealt first
    for kind in carthage:
        play(state, f"draw {kind}")


def test_h78_h81_an_unmatched_card_wins_h82_h83_h91_losses_and_pcs() -> None:
    state = _battle_at_terventum(8, 3)
    rome = ["flank left"] * 9 + ["flank right"] * 2 + ["double envelopment"]
    _deal(state, rome, ["frontal assault"] * 5)
    assert legal(state) >= {"rome attacks double envelopment", "rome attacks flank left", "withdraw"}
    play(state, "rome attacks double envelopment")
    assert legal(state) == {"concede"}  # H78: only the same kind (or a Reserve) matches
    play(state, "concede")
    roll(state, 6)  # H82: 1 round, roll 6: each side loses 1 ("1e")
    assert state.cu[0][space(state, "Terventum")] == 7 and state.cu[1][space(state, "Terventum")] == 2
    roll(state, 4)  # H83: began with 3 CUs (left column), +2 for a Double Envelopment: 6 -> 3 CUs
    assert state.cu[1][space(state, "Terventum")] == 0
    assert state.gen_at[general(state, "Mago")] == base.AWAY  # H43 (b): all CUs lost on the Retreat Table
    # H91: 3 CUs lost, Carthage removes 1 PC
    assert state.view(1)["phase"] == "PC removal" and state.stack[-1][2] == 1


def test_h79_a_matched_round_and_the_counterattack() -> None:
    state = _battle_at_terventum(8, 3)
    _deal(state, ["flank left"] * 9 + ["probe"] * 3, ["flank left"] * 0 + ["probe"] * 5)
    play(state, "rome attacks probe", "carthage matches probe")
    assert legal(state) == {"counterattack", "keep defending"}
    play(state, "counterattack")
    roll(state, 2)  # Mago BR 2
    assert state.b_att == 1 and state.current_player() == 1


def test_h77_the_elephant_charge_cuts_rome_hand() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    state.gen_at[general(state, "P. Scipio")] = space(state, "Dertosa")
    state.cu[0][space(state, "Dertosa")] = 5
    play(state, "ops #8", "activate Hannibal", "take 10", "to Dertosa", "no reaction", "no counter event",
         "no counter event")
    assert legal(state) == {"charge", "no charge"}
    play(state, "charge", "no counter event")
    roll(state, 5)  # above Scipio's BR 2: Rome loses 2 cards, one per elephant
    assert state.bcut == [2, 0]


def test_h86_h87_the_retreat_goes_to_the_closest_friendly_space() -> None:
    state = _battle_at_terventum(8, 6)
    _deal(state, ["probe"] * 8 + ["flank right"] * 4, ["frontal assault"] * 8)
    play(state, "rome attacks probe", "concede")
    roll(state, 1, 1)  # no casualties; Retreat Table 1 - 2 (Probe): 1 CU for a 5+ army
    assert state.cu[1][space(state, "Terventum")] == 5
    options = legal(state)
    assert options and all(o.startswith("retreat to") for o in options)
    assert "retreat to Praeneste" not in options  # where the attacker came from (H87)


def test_h114_hannibal_plays_a_probe_as_a_flank_once_a_battle() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    state.gen_at[general(state, "P. Scipio")] = space(state, "Dertosa")
    state.cu[0][space(state, "Dertosa")] = 5
    play(state, "ops #8", "activate Hannibal", "take 10", "to Dertosa", "no reaction", "no counter event",
         "no counter event", "no charge")
    assert (battle.card_count(state, 1), battle.card_count(state, 0)) == (17, 7)  # 4 + 10 + 3 Spanish allies
    for kind in ["probe"] * 8 + ["frontal assault"] * 9:  # Carthage attacks: dealt first
        play(state, f"draw {kind}")
    for _ in range(7):
        play(state, "draw flank left")
    assert {"carthage attacks probe as flank left", "carthage attacks probe as double envelopment"} <= legal(state)
    play(state, "carthage attacks probe as flank left", "rome matches flank left", "keep defending")
    assert not any("probe as" in a for a in legal(state))  # once a battle


def test_h40_carthage_attacking_two_consuls_must_roll_for_command() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    dertosa = space(state, "Dertosa")
    for name in ("P. Scipio", "T. Longus"):
        state.gen_at[general(state, name)] = dertosa
    state.cu[0][dertosa] = 10
    before = base.commander(state, dertosa, 0)
    play(state, "ops #8", "activate Hannibal", "take 10", "to Dertosa", "no reaction")
    assert state.prompt() == "Roll a die for the change of command (H40)."
    roll(state, 5)
    assert base.commander(state, dertosa, 0) != before


def test_h116_flaminius_cancels_a_withdrawal_on_1_to_4_unless_the_option_says_no() -> None:
    import legatus

    for cancels, target in ((True, 4), (False, 2)):
        state = legatus.load("hannibal", flaminius_cancels=cancels).new_initial_state()
        assert battle.cancel_target(state, general(state, "Flaminius")) == target



def test_42_elephant_fright_stops_the_charge_and_costs_carthage_2_cards() -> None:
    state = ready([42, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    state.gen_at[general(state, "P. Scipio")] = space(state, "Dertosa")
    state.cu[0][space(state, "Dertosa")] = 5
    play(state, "ops #8", "activate Hannibal", "take 10", "to Dertosa", "no reaction", "no counter event",
         "no counter event", "charge")
    assert legal(state) == {"event #42", "no counter event"} and state.current_player() == 0
    play(state, "event #42")
    assert state.bcut == [0, 2] and 42 in state.discard and state.view(0)["phase"] == "battle deal"


def test_31_spanish_allies_desert() -> None:
    state = ready([31, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    state.gen_at[general(state, "P. Scipio")] = space(state, "Dertosa")
    state.cu[0][space(state, "Dertosa")] = 5
    play(state, "ops #8", "activate Hannibal", "take 10", "to Dertosa", "no reaction", "no counter event")
    assert "event #31" in legal(state)  # Rome, the defender, declares after Carthage (H74)
    play(state, "event #31", "no charge")
    assert battle.card_count(state, 1) == 14  # 4 + 10, no Spanish allies


def _carthage_attacks_in_dertosa(carthage: list[int]) -> object:
    state = ready([41, 43, 44, 45, 46, 47, 48], carthage, first="carthage")
    state.gen_at[general(state, "P. Scipio")] = space(state, "Dertosa")
    state.cu[0][space(state, "Dertosa")] = 5
    play(state, f"ops #{carthage[0]}", "activate Hannibal", "take 10", "to Dertosa", "no reaction",
         "no counter event", "no counter event", "no charge")
    for _ in range(17):
        play(state, "draw frontal assault" if state.bdeck[0] else "draw flank left")
    for _ in range(7):
        play(state, "draw probe")
    return state


def test_6_marharbal_cavalry_a_double_envelopment_that_gives_no_initiative() -> None:
    state = _carthage_attacks_in_dertosa([8, 6, 9, 10, 11, 12, 13])
    assert "event #6" in legal(state)
    play(state, "event #6")
    assert state.b_card == 4 and 6 in state.discard and legal(state) == {"concede"}  # Rome holds no DE


def test_59_ally_deserts_takes_a_card_of_the_other_hand() -> None:
    state = _carthage_attacks_in_dertosa([8, 59, 9, 10, 11, 12, 13])
    play(state, "event #59")
    assert state.view(1)["phase"] == "ally deserts"
    play(state, "ally deserts with probe")
    assert state.bhand[1][3] == 1 and state.bhand[0][3] == 6 and state.current_player() == 1


def test_h81_carthage_out_of_cards_is_asked_and_may_only_concede() -> None:
    state = _carthage_attacks_in_dertosa([8, 9, 10, 11, 12, 13, 14])
    state.bhand[1] = [0] * 6
    state.bdeck[0] += 12
    state.bdeck[1] += 5
    state.forget_legal()
    assert legal(state) == {"concede"}
    play(state, "concede")
    assert state.b_win == 0


def rome_spies_at_dertosa(rome: list[int]) -> HannibalState:
    """Carthage attacks at Dertosa; Rome, the defender, holding ``rome`` (#20 first), spies on
    Carthage's 17 cards (12 Frontal Assaults, 5 Flank Lefts; Rome's 7 Probes): #20 is to show 8."""
    state = ready(rome, [8, 9, 10, 11, 12, 13, 14], first="carthage")
    state.gen_at[general(state, "P. Scipio")] = space(state, "Dertosa")
    state.cu[0][space(state, "Dertosa")] = 5
    play(state, "ops #8", "activate Hannibal", "take 10", "to Dertosa", "no reaction", "no counter event")
    play(state, "event #20", "no charge")
    for _ in range(17):
        play(state, "draw frontal assault" if state.bdeck[0] else "draw flank left")
    for _ in range(7):
        play(state, "draw probe")
    return state


def test_20_spy_in_enemy_camp_shows_half_the_other_hand() -> None:
    state = rome_spies_at_dertosa([20, 43, 44, 45, 46, 47, 48])
    assert state.view(0)["phase"] == "spy in enemy camp" and state.stack[-1][2] == 8  # half of 17
    for _ in range(8):
        state.apply_action(state.legal_actions()[0])
    assert sum(state.bshown[1]) == 8 and state.view(0)["battle"]["face_up"][1]
    play(state, "carthage attacks frontal assault")
    # The ruling on #20: the card played is a face-up one (13 Frontal Assaults left, 7 face up),
    # so what the view shows follows from the cards played.
    assert state.bshown[1][0] == 7 and state.view(0)["battle"]["face_up"][1]["frontal assault"] == 7


def _rome_spies_then_answers_a_frontal_assault() -> HannibalState:
    """Rome, the defender at Dertosa, spies on Carthage's 17 cards (#20: 8 face up, all Frontal
    Assaults, of 12) and holds #59; Carthage attacks with a Frontal Assault (a face-up one), Rome's
    7 Probes cannot match."""
    state = rome_spies_at_dertosa([20, 59, 44, 45, 46, 47, 48])
    for _ in range(8):
        play(state, "spy sees frontal assault")
    play(state, "carthage attacks frontal assault")
    assert "event #59" in legal(state) and state.current_player() == 0
    return state


def test_h132_59_with_20_the_taker_takes_a_card_shown() -> None:
    state = _rome_spies_then_answers_a_frontal_assault()
    fa, fl = state.bhand[1][0], state.bhand[1][1]  # 11 Frontal Assaults (7 face up) and 5 Flank Lefts
    assert (fa, fl, state.bshown[1][0]) == (11, 5, 7)
    play(state, "event #59")
    assert state.current_player() == 0 and state.view(0)["phase"] == "ally deserts"
    assert legal(state) == {"take shown frontal assault", "take a hidden card"}  # no Flank Left is shown
    play(state, "take shown frontal assault")
    assert state.bhand[1][:2] == [fa - 1, fl] and state.bshown[1][0] == 6 and state.bhand[0][0] == 1
    assert "rome matches frontal assault" in legal(state)  # the card taken answers the attack


def test_h132_59_with_20_a_hidden_card_is_drawn_among_those_face_down() -> None:
    state = _rome_spies_then_answers_a_frontal_assault()
    play(state, "event #59", "take a hidden card")
    assert state.view(0)["phase"] == "ally deserts" and state.is_chance_node()
    odds = {str(state.game.actions.actions[a]): p for a, p in state.chance_outcomes()}
    assert odds == {"ally deserts with frontal assault": 4 / 9, "ally deserts with flank left": 5 / 9}  # not 11/16
    play(state, "ally deserts with frontal assault")
    assert state.bshown[1][0] == 7 and state.bhand[1][0] == 10  # the cards shown stay shown


def test_h82_the_worked_example_4_rounds_roll_5_each_side_loses_1() -> None:
    state = _battle_at_terventum(8, 6)
    _deal(state, ["flank left"] * 9 + ["flank right"] * 3, ["flank right"] * 3 + ["probe"] * 5)
    for _ in range(3):
        play(state, "rome attacks flank right", "carthage matches flank right", "keep defending")
    play(state, "rome attacks flank left", "concede")  # the 4th round, unmatched, counts (H82)
    assert state.b_rounds == 4
    roll(state, 5)
    assert state.blost == [1, 1]
