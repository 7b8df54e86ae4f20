"""Hannibal's explaining log lines (legatus/games/hannibal/log.py, issue 32 item 3): each die
with its purpose, the number it needed and what it did, each battle round and its casualties,
an event's effect on the political points, the reason of each PC removed, cards named; a
battle card dealt stays hidden from the other seat."""

from __future__ import annotations

import random

from legatus.core.seatlog import log_line
from legatus.core.session import sample_outcome
from legatus.games.hannibal.ids import Id
from legatus.games.hannibal.rules import base
from legatus.games.hannibal.state import HannibalState
from tests.hannibal import test_items_battle as items
from tests.hannibal.helpers import game, general, play, ready, space
from tests.hannibal.test_battle import _battle_at_terventum, _deal
from tests.hannibal.test_items_cards import rome_plays


def logged(state: HannibalState, text: str) -> str:
    """Applies ``text``; its log line, the same for both seats (a public action)."""
    before, action = state.clone(), state.parse_action(text)
    state.apply_action(action)
    lines = {log_line(before, action, seat, state) for seat in (0, 1)}
    assert len(lines) == 1, lines
    return lines.pop()


def test_h58_h43_a_loss_at_sea_says_the_roll_each_modifier_and_what_was_lost() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #9", "activate Hasdrubal", "take 1", "sail Rhegium", "no counter event", "no counter event")
    assert logged(state, "roll 4") == (
        "roll 4 — for naval combat, rolled by Rome (H58): 4 - 1 = 3 (the port of New Carthage -2, the port of "
        "Rhegium +1, Rhegium Roman +1, a small force -1): sunk: the army is lost at sea; "
        "Carthage loses 1 CU (Rhegium); Hasdrubal leaves the map until the next Reinforcement Phase (H43)")


def test_h43_each_pc_removed_for_hannibal_says_why() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    state.debt = 5  # Hannibal displaced during this play: 5 PCs owed once it ends
    assert logged(state, "discard #8") == "discard #8 Hostile Tribes"
    assert logged(state, "remove pc Zama") == \
        "remove pc Zama — Carthage pays for Hannibal's loss (H43), 4 more to remove"


def scipio_to_praeneste(mago_at: str, *reaction: str) -> HannibalState:
    """P. Scipio marches from Rome to Praeneste with 8 CUs; Mago, with 3 CUs in ``mago_at``,
    gives his ``reaction``."""
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.gen_at[general(state, "Mago")] = space(state, mago_at)
    state.cu[1][space(state, mago_at)] = 3
    state.ctrl[space(state, "Sena")] = base.NONE
    return play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste", *reaction)


def test_h64_an_interception_roll_with_its_modifier() -> None:
    state = scipio_to_praeneste("Terventum", "intercept from Terventum", "take 3", "roll the attempts")
    assert logged(state, "roll 2") == ("roll 2 — for interception (H64): Mago needs 2 or less, rolls 2 + 1 "
                                       "(into a PC of the moving side) = 3: fails")


def test_h69_an_avoid_battle_roll() -> None:
    state = scipio_to_praeneste("Praeneste", "avoid to Sena", "take 3", "roll the attempts")
    assert logged(state, "roll 1") == \
        "roll 1 — for Avoid Battle (H69): Mago needs 2 or less, rolls 1: avoids battle"


def test_h78_h82_h83_h91_a_battle_round_its_casualties_the_retreat_and_the_pc_paid() -> None:
    state = _battle_at_terventum(8, 3)
    _deal(state, ["flank left"] * 9 + ["flank right"] * 2 + ["double envelopment"], ["frontal assault"] * 5)
    assert logged(state, "rome attacks double envelopment") == \
        "rome attacks double envelopment — battle round 1 at Terventum"
    assert logged(state, "concede") == "concede — Rome wins the battle at Terventum"
    assert logged(state, "roll 6") == ("roll 6 — for battle casualties (H82) after 1 round: 6 on the 1 column; "
                                       "Rome loses 1 CU (Terventum); Carthage loses 1 CU (Terventum)")
    assert logged(state, "roll 4") == ("roll 4 — for the Retreat Table (H83): 4 + 2 = 6 (a Double Envelopment "
                                       "won the battle +2) on the 1–4 CUs column; "
                                       "Carthage loses 2 CUs (Terventum); "
                                       "Mago leaves the map until the next Reinforcement Phase (H43)")
    assert logged(state, "remove pc Zama") == "remove pc Zama — Carthage pays for the battle lost (H91)"


def test_h49_a_pass_attrition_roll() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    state.gen_at[general(state, "Hannibal")] = space(state, "Ilerda")
    state.cu[1][space(state, "Ilerda")] = 6
    play(state, "ops #8", "activate Hannibal", "take 6", "to Tolosa")
    assert logged(state, "roll 6") == ("roll 6 — for pass attrition (H49): 6 - 2 = 4 (a non-Alps pass -2) "
                                        "on the 5–6 column; Carthage loses 1 CU (Tolosa)")


def test_h108_an_event_that_costs_rome_a_province_says_the_points() -> None:
    state = ready([1, 3, 4, 5, 6, 7, 8], [2, 9, 10, 11, 12, 13, 14], first="carthage")
    assert logged(state, "event #2") == (
        "event #2 Sicilia Revolts — PCs: Lilybaeum now nobody's, Panormus now nobody's, Enna now nobody's; "
        "Rome's political points 9 → 8")


def test_a_battle_card_dealt_is_named_to_its_side_only() -> None:
    """Carthage reads each of Rome's battle cards dealt as a card drawn, with nothing after it."""
    state = _battle_at_terventum(8, 3)
    for kind in ["flank left"] * 9 + ["flank right"] * 2 + ["double envelopment"]:
        before, action = state.clone(), state.parse_action(f"draw {kind}")
        state.apply_action(action)
        assert log_line(before, action, 0, state) == f"rome draws {kind}"
        assert log_line(before, action, 1, state) == "rome draws a battle card"


def test_h79_a_counterattack_roll_says_who_has_the_initiative() -> None:
    state = _battle_at_terventum(8, 3)
    _deal(state, ["flank left"] * 9 + ["probe"] * 3, ["probe"] * 5)
    assert logged(state, "rome attacks probe") == "rome attacks probe — battle round 1 at Terventum"
    play(state, "carthage matches probe", "counterattack")
    assert logged(state, "roll 2") == ("roll 2 — for the counterattack (H79): Mago needs 2 or less, rolls 2: "
                                      "Carthage takes the initiative")


def test_h95_a_siege_roll_with_its_modifier_and_the_points_won() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    saguntum = space(state, "Saguntum")
    state.ctrl[saguntum], state.inner[saguntum] = 0, 0  # a Roman Saguntum, its walls empty
    play(state, "ops #9", "activate Hannibal", "take 10", "stop")
    assert state.prompt().startswith("Carthage may besiege"), state.prompt()
    play(state, "siege")
    assert logged(state, "roll 6") == \
        "roll 6 — for the Siege Table (H95) at Saguntum: 6 - 1 = 5; siege points at Saguntum 0 → 1"


def test_h71_a_pursuit_roll_says_whether_the_move_goes_on() -> None:
    state = scipio_to_praeneste("Praeneste", "avoid to Sena", "take 3", "roll the attempts", "roll 1", "pursue")
    assert logged(state, "roll 6") == "roll 6 — for pursuit (H71): the pursuit fails: the move ends"
    state = scipio_to_praeneste("Praeneste", "avoid to Sena", "take 3", "roll the attempts", "roll 1", "pursue")
    assert logged(state, "roll 1") == "roll 1 — for pursuit (H71): the pursuit goes on"


def test_h80_a_withdrawal_roll_and_its_result() -> None:
    state = _battle_at_terventum(8, 3)
    _deal(state, ["flank left"] * 9 + ["probe"] * 3, ["probe"] * 5)
    play(state, "withdraw")
    assert logged(state, "roll 6") == ("roll 6 — for the withdrawal (H80): the withdrawal fails: the defender "
                                       "may take the initiative")


def test_h95_a_siege_roll_that_does_nothing_says_so_and_the_points_standing() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    saguntum = space(state, "Saguntum")
    state.ctrl[saguntum], state.inner[saguntum] = 0, 0
    play(state, "ops #9", "activate Hannibal", "take 10", "stop", "siege")
    assert logged(state, "roll 3") == ("roll 3 — for the Siege Table (H95) at Saguntum: 3 - 1 = 2: no effect, "
                                       "siege points at Saguntum still 0")


def test_h106_a_winter_roll_says_its_column_and_no_cu_lost_beside_the_pcs_isolated() -> None:
    """The last winter roll runs the isolation (H104): its PCs follow the roll's own result. (The
    random game is another since Carthage chooses its elephants, H4, and since H62's reactions are
    declared before they are rolled: the fuzzer draws among other actions.)"""
    g, rng = game(), random.Random(4)
    state = g.new_initial_state()
    while True:
        action = sample_outcome(state, rng) if state.is_chance_node() else g.fuzz_choice(state, rng)
        before = state.clone()
        state.apply_action(action)
        if before.stack and before.stack[-1][0] == Id.R_WINTER and before.ctrl != state.ctrl:
            break
    assert log_line(before, action, 0, state) == (
        "roll 3 — for winter attrition (H106) of Carthage at Azaila: 3 on the 2 column: no CU lost; "
        "PCs: Sitilis now nobody's (isolated, H104)")


def test_52_the_event_s_attrition_shows_its_modifier_and_column() -> None:
    state = rome_plays(52)
    neapolis = space(state, "Neapolis")
    state.cu[1][neapolis], state.spts[neapolis], state.sby[neapolis] = 4, 1, 1
    state.forget_legal()
    play(state, "event #52", "choose Neapolis")
    assert logged(state, "roll 5") == ("roll 5 — for the event's attrition: 5 + 1 = 6 (#52 Pestilence +1) "
                                       "on the 4 column; Carthage loses 2 CUs (Neapolis)")


def test_h79_a_failed_counterattack_says_the_roll_needed() -> None:
    state = _battle_at_terventum(8, 3)
    _deal(state, ["flank left"] * 9 + ["probe"] * 3, ["probe"] * 5)
    play(state, "rome attacks probe", "carthage matches probe", "counterattack")
    assert logged(state, "roll 6") == ("roll 6 — for the counterattack (H79): Mago needs 2 or less, rolls 6: "
                                       "Rome keeps the initiative")


def _terventum_with_no_way_out(carthage_cus: int) -> HannibalState:
    """P. Scipio beats Mago (``carthage_cus`` CUs) at Terventum, with no Carthaginian PC within
    4 spaces (play review: the Retreat Table said 1 CU, the log said 6 lost, and not why)."""
    state = items._battle_at_terventum(carthage_cus)
    state.ctrl[space(state, "Bruttium")] = base.NONE  # the one Carthaginian PC within reach
    play(state, "no counter event", "no counter event")
    items._deal(state, ["probe"] * 8 + ["flank right"] * 4, ["frontal assault"] * (2 + carthage_cus))
    return play(state, "rome attacks probe", "concede")


def test_h86_the_cus_lost_beyond_the_retreat_table_say_there_was_no_legal_retreat() -> None:
    state = _terventum_with_no_way_out(6)
    assert logged(state, "roll 1") == \
        "roll 1 — for battle casualties (H82) after 1 round: 1 on the 1 column: no CU lost"
    assert logged(state, "roll 1") == (
        "roll 1 — for the Retreat Table (H83): 1 - 2 = -1 (a Probe won the battle -2) on the 5+ CUs column; "
            "Carthage loses 6 CUs (Terventum); "
        "Mago leaves the map until the next Reinforcement Phase (H43); the Retreat Table takes 1 CU; "
        "the 5 CUs left are eliminated: no legal retreat within 4 spaces (H86, H87)")


def test_h85_h86_generals_left_alone_by_the_casualties_with_no_retreat_say_why_they_go() -> None:
    state = _terventum_with_no_way_out(1)
    assert logged(state, "roll 6") == (
        "roll 6 — for battle casualties (H82) after 1 round: 6 on the 1 column; Rome loses 1 CU (Terventum); "
        "Carthage loses 1 CU (Terventum); Mago leaves the map until the next Reinforcement Phase (H43); "
        "Mago could not retreat: no legal retreat within 4 spaces (H86, H87)")


def test_h88_h86_a_retreat_says_what_each_space_on_the_way_cost_and_who_joined() -> None:
    state = items._battle_at_terventum(6)
    state.cu[1][space(state, "Heraclea")] = 2
    play(state, "no counter event", "no counter event")
    items._deal(state, ["probe"] * 8 + ["flank right"] * 4, ["frontal assault"] * 8)
    play(state, "rome attacks probe", "concede", "roll 1", "roll 1")
    assert logged(state, "retreat to Bruttium") == (
        "retreat to Bruttium — lost on the way (H88): 1 at Beneventum (a Roman PC), 1 at Heraclea (a Roman PC); "
        "2 CUs at Heraclea join it (H86); Carthage loses 2 CUs (Terventum)")


def test_h130_9_philip_v_s_random_discard_says_in_words_who_discards_which_card() -> None:
    # Play review: the log said "take #5"; the card goes face up to the discards (H36), so both
    # seats read which it was (the same line: ``logged`` asserts it).
    state = ready([1, 2, 3, 4, 5, 6, 7], [9, 10, 11, 12, 13, 14, 15], first="carthage")
    assert logged(state, "event #9") == \
        "event #9 Philip V. of Macedon Allies with Carthage — Macedonia is allied with Carthage"
    assert logged(state, "take #5") == "rome discards #5 Native Guide at random"
    assert 5 in state.discard


def test_55_messenger_intercepted_says_in_words_who_takes_which_card() -> None:
    state = rome_plays(55)
    logged(state, "event #55")
    assert logged(state, "take #6") == "rome takes #6 Marharbal's Cavalry at random from carthage's hand"


def test_h75_h76_the_battle_cards_dealt_are_counted_term_by_term() -> None:
    """Where the deal begins, each side's count with its terms: BR, CUs, allies (play review)."""
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.cu[0][space(state, "Rome")] = 8
    state.gen_at[general(state, "Mago")] = space(state, "Terventum")
    state.cu[1][space(state, "Terventum")] = 3
    state.ctrl[space(state, "Praeneste")] = base.NONE
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste", "no reaction", "to Terventum",
         "no counter event")
    assert logged(state, "no counter event") == (
        "no counter event — battle cards (H75): Rome 12 (P. Scipio's BR 2 + 8 CUs + 2 allies (H76)); "
        "Carthage 5 (Mago's BR 2 + 3 CUs)")


def test_h34_h133_41_bad_weather_says_where_the_move_stops() -> None:
    state = ready([41, 42, 43, 44, 45, 46, 47], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #8", "activate Hannibal", "take 10", "to Dertosa", "to Tarraco")
    step = sorted(a for a in map(str, state.legal_actions()) if a.startswith("to "))[0]
    play(state, step)
    assert logged(state, "event #41") == (
        f"event #41 Bad Weather — Hannibal's move stops in Tarraco, he does not enter "
        f"{step[3:]} (H133)")


def test_h34_h51_41_bad_weather_cancels_a_sea_move_and_the_garrison_says_what_goes_inside() -> None:
    state = ready([41, 42, 43, 44, 45, 46, 47], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #9", "activate Hasdrubal", "take 2", "sail Gades")
    assert logged(state, "event #41") == ("event #41 Bad Weather — Hasdrubal's move stops in "
                                          "New Carthage, his sea move to Gades is cancelled (H133)")
    assert state.view(1)["phase"] == "walls"
    assert logged(state, "garrison 0") == \
        "garrison 0 — nothing goes inside the walls of New Carthage: 2 CUs stay outside (H51)"


def test_h51_a_garrison_says_what_stands_inside_and_outside() -> None:
    state = ready([41, 42, 43, 44, 45, 46, 47], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #9", "activate Hasdrubal", "take 2", "sail Gades", "event #41")
    assert logged(state, "garrison 2 with generals") == \
        "garrison 2 with generals — inside the walls of New Carthage: 2 CUs with Hasdrubal; outside: no CU (H51)"
