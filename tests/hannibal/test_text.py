"""Hannibal's screen (legatus/games/hannibal/text.py) and its prompts: where cards are chosen
each shows with its text, the menu naming them by number; the battle's card led only while its
answer is due; a PC removal's cause first; the walls' question with what ``garrison N`` does."""

from __future__ import annotations

import random

from legatus.core.seatlog import log_line
from legatus.core.session import sample_outcome
from legatus.games.hannibal import text
from tests.hannibal.helpers import game, general, play, ready, roll, space
from tests.hannibal.test_battle import _battle_at_terventum, _carthage_attacks_in_dertosa, _deal, rome_spies_at_dertosa
from tests.hannibal.test_walls import _hannibal_at, _roman


def test_h29_at_card_play_each_card_of_the_hand_has_a_line_with_its_text() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    lines = state.view_text(0, full=False).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Hand: "))
    assert lines[start] == "Hand: #1 Corsica and Sardinia Revolt (3 OPs): Only if the opponent controls Cor…"
    assert lines[start + 2].startswith("      #3 Numidia Revolts (3 OPs; event now): Choose")
    assert [line[6:].split(" (")[0] for line in lines[start:start + 7]] == state.view(0)["hand"]
    assert all(len(line) <= 80 and line.endswith("…") for line in lines[start:start + 7])
    assert len(lines) <= text.ROWS and start + 7 == len(lines)
    ops = state.parse_action("ops #1")
    assert state.menu_text(ops) == "ops #1" and state.describe(ops) == "ops #1 Corsica and Sardinia Revolt (3 OPs)"


def test_a_hand_with_no_room_for_the_texts_keeps_its_names_on_a_few_lines() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    view = state.view(0)
    assert text._hand(state.game, view, False, 9)[0] == "Your hand (card N: the whole text):"
    for room in (8, 7):  # the title's row left to the menu
        tight = text._hand(state.game, view, False, room)
        assert len(tight) == 7 and tight[0].startswith("Hand: #1 Corsica") and tight[1].startswith("      #2 Sicilia")
    assert text._hand(state.game, view, False, 6)[0].startswith("Your hand: #1 Corsica and Sardinia Revolt (3 OPs) ·")


def test_6_in_a_battle_the_card_to_choose_has_its_text_the_rest_of_the_hand_on_board() -> None:
    state = _carthage_attacks_in_dertosa([8, 6, 9, 10, 11, 12, 13])
    lines = state.view_text(1, full=False).splitlines()
    assert "event #6" in [str(a) for a in state.legal_actions()]
    hand = len(state.view(1)["hand"])
    at = lines.index(f"Your hand: {hand} cards (board lists them), 1 to choose (card N: the whole text)")
    assert lines[at + 1].startswith("  #6 Marharbal's Cavalry (1 OP; event now): During any battle: use as a")


def test_h78_h79_the_card_led_shows_only_while_the_defender_is_to_match_it() -> None:
    state = _battle_at_terventum(8, 3)
    _deal(state, ["flank left"] * 9 + ["probe"] * 3, ["probe"] * 5)
    play(state, "rome attacks probe")
    assert "led: probe, the answer due" in state.view_text(1, full=False)
    play(state, "carthage matches probe", "counterattack", "roll 6")  # Mago needs 2 or less
    assert state.prompt() == "Rome attacks with a battle card or withdraws (H78)."
    assert state.view(0)["battle"]["card"] is None and "led:" not in state.view_text(0, full=False)


def test_20_the_cards_face_up_are_on_both_seats_screens() -> None:
    """Play review: the page listed the cards #20 turned face up, the terminal did not, and a
    seat deciding how to attack or answer (or what to take by #59) had to remember them."""
    state = rome_spies_at_dertosa([20, 43, 44, 45, 46, 47, 48])
    for kind in ["frontal assault"] * 6 + ["flank left"] * 2:
        play(state, f"spy sees {kind}")
    for seat in (0, 1):
        lines = state.view_text(seat, full=False).splitlines()
        assert "Carthage's cards face up (#20): frontal assault 6 · flank left 2" in lines
        assert len(lines) <= text.ROWS and all(len(line) <= 80 for line in lines)


def test_h78_h79_h80_the_battle_header_s_round_is_the_log_s_battle_round() -> None:
    # Play review: the header said "round 2" while the log's last line said "battle round 1".
    state = _battle_at_terventum(8, 3)
    _deal(state, ["flank left"] * 9 + ["probe"] * 3, ["probe"] * 5)

    def header() -> str:
        return next(line for line in state.view_text(1, full=False).splitlines() if line.startswith("Battle at"))

    assert " · round 1 · " in header()  # no card led yet: the round to come
    logged = []
    # the round under way from its card to the answer and the counterattack roll; then the one to
    # come, also while a withdrawal is tried instead of a card (H80: no round)
    for move, expected in (("rome attacks probe", 1), ("carthage matches probe", 1), ("counterattack", 1),
                           ("roll 6", 2), ("withdraw", 2), ("roll 6", 2), ("keep defending", 2),
                           ("rome attacks probe", 2)):
        before, action = state.clone(), state.parse_action(move)
        state.apply_action(action)
        logged.append(log_line(before, action, 1, state))
        assert f" · round {expected} · " in header(), (move, header())
    assert [line.split(" — ")[1] for line in logged if "battle round" in line] == \
        ["battle round 1 at Terventum", "battle round 2 at Terventum"]


def test_h109_h91_the_pc_removal_prompt_says_its_cause_first() -> None:
    g, rng = game(), random.Random(0)
    state = g.new_initial_state()
    while not state.prompt().startswith("Victory Check"):
        assert state.turn == 1 and "removes" not in state.prompt(), state.prompt()
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else g.fuzz_choice(state, rng))
    assert state.prompt() == "Victory Check: Rome 9 political points, Carthage 7 — Carthage removes 2 PCs (H109)."
    state = _battle_at_terventum(8, 3)
    _deal(state, ["flank left"] * 9 + ["flank right"] * 2 + ["double envelopment"], ["frontal assault"] * 5)
    play(state, "rome attacks double envelopment", "concede")
    roll(state, 6, 4)
    assert state.prompt() == "The battle lost: Carthage removes 1 PC (H91)."


def test_h51_h62_the_walls_prompt_says_what_garrison_n_does() -> None:
    """Play review: "garrison 1" said nothing of where the rest go, nor the Generals. H62: as
    Hannibal enters Neapolis, Rome declares; H51: the mover at its move's end; H39: a consul."""
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    _hannibal_at(state, "Beneventum")
    _roman(state, "Marcellus", "Neapolis", 2)
    play(state, "ops #8", "activate Hannibal", "take 6", "to Neapolis")
    assert state.prompt() == (
        "Rome puts units inside the walls of Neapolis (H51): garrison N puts N of its 2 CUs inside (room for 2), "
        "the rest stay outside to face Carthage's army (H62); with generals, Marcellus goes in too (else he stays "
        "outside).")
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #9", "activate Hasdrubal", "take 2", "stop")
    assert state.prompt() == (
        "Carthage puts units inside the walls of New Carthage (H51): garrison N puts N of its 2 CUs inside (room "
        "for 2), the rest stay outside; with generals, Hasdrubal goes in too (else he stays outside).")
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    play(state, "ops #1", "activate P. Scipio", "take 8", "stop")
    assert state.prompt().endswith("(else he stays outside); a consul keeps 5 CUs on his side of the walls (H39).")
    assert state.view(0)["prompt"] == state.prompt()  # the page says it too


def test_h30_one_op_and_one_card_are_singular() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #11")  # Balearic Slingers: 1 OP
    assert state.prompt() == "Carthage uses 1 OP (H30-H32)."
    view = {"hand": ["#6 Marharbal's Cavalry"], "battle": {"space": "Dertosa"}, "legal_actions": []}
    assert text._hand(state.game, view, False, 10) == ["Your hand: 1 card (board lists them)"]


def test_h4_an_army_s_elephants_show_among_its_cus_not_added_to_them() -> None:
    # Play review: "Saguntum 10+2e" read as 12 CUs; the 2 elephants are 2 of the 10 (H4, H11).
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    saguntum = state.board.space("Saguntum")
    assert (state.cu[1][saguntum], state.eleph[saguntum]) == (10, 2)
    forces = state.text_commands()["forces"].run("").replace(text.NBSP, " ")
    for shown in (state.view_text(0, full=False).replace(text.NBSP, " "), forces):
        assert "Saguntum 10 (2 eleph.) Hannibal, Mago, H. Gisgo" in shown and "+2e" not in shown
    legend = forces.splitlines()[-1]
    assert legend == "(N CUs, (N eleph.) of them elephants, (Nw) more inside the walls, * proconsul)"
    assert len(legend) <= text.WIDTH


def test_h42_a_general_alone_in_an_empty_space_is_on_his_side_s_army_lines() -> None:
    # Play review: Mago activated with no CUs ("take 0", "to Laminium") was on no army line nor
    # in `forces` while Rome was asked whether to intercept him: the lines read only the spaces
    # the view lists, those with CUs, control or siege points.
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    state.gen_at[general(state, "Mago")] = space(state, "Tolosa")
    assert "Tolosa" not in state.view(0)["spaces"]
    forces = state.text_commands()["forces"].run("").replace(text.NBSP, " ")
    for shown in (state.view_text(0, full=False).replace(text.NBSP, " "), forces):
        assert "Tolosa 0 Mago" in shown and "Saguntum 10 (2 eleph.) Hannibal, H. Gisgo" in shown


def test_h34_41_while_bad_weather_is_asked_the_army_line_shows_the_step_the_log_has() -> None:
    # Play review: the log said "to Terventum", the army line still "Sena 5 P. Scipio": the step
    # waits for the other side's answer about #41 Bad Weather (H34), asked past the 2nd MP.
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    play(state, "ops #1", "activate P. Scipio", "take 5", "to Praeneste", "to Sena")
    before, action = state.clone(), state.parse_action("to Terventum")
    state.apply_action(action)
    assert state.prompt() == "Carthage may play a counter event (H34)."
    assert log_line(before, action, 1, state) == ("to Terventum — P. Scipio waits in Sena: Carthage may stop a step "
                                                  "past his 2nd MP with #41 Bad Weather (H34)")
    for seat in (0, 1):
        armies = state.view_text(seat, full=False).replace(text.NBSP, " ")
        assert "Rome: Sena 5 P. Scipio (with 5 CUs bound for Terventum) · Agrigentum 8 T. Longus" in armies
    play(state, "no counter event")
    assert "Rome: Terventum 5 P. Scipio · Agrigentum" in state.view_text(1, full=False).replace(text.NBSP, " ")
    assert state.view(1)["announced"] is None


def test_h45_the_view_names_the_general_whose_activation_is_under_way_to_both_seats() -> None:
    # A phone's page frames part of the map: it keeps the moving army in view by the view's
    # `moving` (its box was cut by the frame's edge while its CUs were chosen).
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    assert state.view(0)["moving"] is None
    play(state, "ops #1", "activate P. Scipio")
    assert state.prompt().startswith("How many CUs go with P. Scipio")
    assert state.view(0)["moving"] == state.view(1)["moving"] == {"general": "P. Scipio", "at": "Rome"}
    play(state, "take 5", "to Praeneste")
    assert state.view(1)["moving"] == {"general": "P. Scipio", "at": "Praeneste"}
    play(state, "stop")
    assert state.view(1)["moving"] is None


def test_h34_h42_the_step_announced_hangs_on_the_moving_general_alone() -> None:
    # Play review: "(bound for X)" closed the whole stack's line when one General of it moved;
    # it now follows the moving General, with the CUs and the Generals he takes (H42, H46).
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    sena = space(state, "Sena")
    state.gen_at[general(state, "T. Longus")] = sena
    state.cu[0][sena] = 2
    play(state, "ops #1", "activate P. Scipio", "take 5", "to Praeneste", "to Sena", "to Terventum")
    armies = state.view_text(1, full=False).replace(text.NBSP, " ")
    assert "Rome: Sena 7 P. Scipio (with 5 CUs bound for Terventum), T. Longus ·" in armies


def test_h34_h42_a_general_picked_up_goes_in_the_moving_general_s_brackets() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    sena = space(state, "Sena")
    state.gen_at[general(state, "T. Longus")] = sena
    state.cu[0][sena] = 2
    play(state, "ops #1", "activate P. Scipio", "take 5", "to Praeneste", "to Sena", "pick up T. Longus",
         "to Terventum")
    armies = state.view_text(1, full=False).replace(text.NBSP, " ")
    assert "Rome: Sena 7 P. Scipio (with 5 CUs, T. Longus bound for Terventum) ·" in armies


def test_h33_h130_card_n_wraps_every_line_within_80_columns_indented() -> None:
    # Play review: `card 6`'s line of who may play it ran past 80 columns, so the terminal broke
    # it at the margin and its second line started unindented.
    for n in range(1, 65):
        lines = text.card_text(game(), str(n)).splitlines()
        assert all(len(line) <= text.WIDTH for line in lines), n
        assert all(line.startswith("  ") for line in lines[1:]), n
    assert text.card_text(game(), "6").splitlines()[1:3] == [
        "  Event for Carthage only: a counter event, played in the other side's battle;",
        "  discarded after use (H33, H130)."]
