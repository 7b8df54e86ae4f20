"""Hannibal's screen (legatus/games/hannibal/text.py): where cards are chosen each shows with its
text, the menu naming them by number."""

from __future__ import annotations

from legatus.games.hannibal import text
from tests.hannibal.helpers import ready
from tests.hannibal.test_battle import _carthage_attacks_in_dertosa


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
