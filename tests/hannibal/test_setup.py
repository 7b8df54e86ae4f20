"""Setup and the turn sequence (H9-H14, H25-H28)."""

from __future__ import annotations

import json

from legatus.games.hannibal.rules import base
from tests.hannibal.helpers import deal, game, play


def test_h12_the_opening_political_points_are_9_to_7() -> None:
    # R22.2's worked example: Rome 9, Carthage 7
    state = game().new_initial_state()
    assert (base.points(state, 0), base.points(state, 1)) == (9, 7)


def test_h10_h11_the_starting_armies() -> None:
    g = game()
    state = g.new_initial_state()
    board = g.board
    assert state.cu[0][board.space("Rome")] == 8 and state.cu[0][board.space("Agrigentum")] == 8
    assert state.cu[1][board.space("Saguntum")] == 10 and state.eleph[board.space("Saguntum")] == 2
    assert state.cu[1][board.space("Carthage")] == 4 and state.cu[1][board.space("New Carthage")] == 2
    saguntum = board.space("Saguntum")
    assert g.generals[base.commander(state, saguntum, 1)].name == "Hannibal"  # H11, H38
    consuls = sorted(g.generals[i].name for i, c in enumerate(state.consul) if c)
    assert consuls == ["P. Scipio", "T. Longus"]
    assert state.gen_at[g.africanus] == base.LATER  # H19: turn 6


def test_h9_h25_seven_cards_each_dealt_as_hidden_draws() -> None:
    state = game().new_initial_state()
    assert state.prompt() == "Deal rome card 1 of 7."
    deal(state, [33, 1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, 13])
    assert sorted(state.hands[0]) == [1, 2, 3, 4, 5, 6, 33] and len(state.hands[1]) == 7
    assert [c.split()[0] for c in state.view(1)["hand"]] == ["#7", "#8", "#9", "#10", "#11", "#12", "#13"]
    assert state.view(None)["hand"] is None
    assert "#33 Major Campaign" not in json.dumps(state.view(1))


def test_h27_rome_may_open_with_a_campaign_card_and_then_must() -> None:
    state = deal(game().new_initial_state(), [33, 1, 2, 3, 4, 5, 6], [])
    assert state.view(0)["phase"] == "opening"
    play(state, "open with campaign")
    legal = {str(a) for a in state.legal_actions()}
    assert legal == {"ops #33", "event #33"}


def test_h27_without_a_campaign_card_carthage_chooses_who_plays_first() -> None:
    state = deal(game().new_initial_state(), [1, 2, 3, 4, 5, 6, 7], [])
    assert [str(a) for a in state.legal_actions()] == ["no campaign opening"]  # always asked
    play(state, "no campaign opening")
    assert state.current_player() == 1 and {str(a) for a in state.legal_actions()} == {"rome first",
                                                                                        "carthage first"}
    play(state, "carthage first")
    assert state.current_player() == 1 and state.view(1)["phase"] == "card play"


def test_h29_a_card_is_played_for_ops_its_event_or_discarded() -> None:
    state = deal(game().new_initial_state(), [1, 2, 3, 4, 5, 6, 7], [14, 15, 16, 17, 18, 19, 20])
    play(state, "no campaign opening", "carthage first")
    legal = {str(a) for a in state.legal_actions()}
    assert {"ops #15", "discard #15", "event #15"} <= legal  # Iberian Recruits: Hannibal in Spain
    assert "event #20" not in legal  # a counter event (H34): not yet playable as an event
    play(state, "discard #15")
    assert state.current_player() == 0 and 15 in state.discard
