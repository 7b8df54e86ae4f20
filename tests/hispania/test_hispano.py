"""The Hispano player (rulebook "Hispano"; R28): his seat, his denarii, his setup choices,
and each of his five purchases at its moment."""

from __future__ import annotations

import io
import random

from rich.console import Console

import legatus
from legatus.core.session import Session
from legatus.games.hispania.rules import dice, phases
from legatus.terminal import TerminalPlay

from .helpers import act, legal, position, waits_for

HISPANO = ["hispano"]


def hispano_position(**pieces: object) -> legatus.State:
    st = position(variants=HISPANO, **pieces)
    st.hispano_money = 2
    return st


def asked(st: legatus.State, purpose: int) -> bool:
    return st.phase == phases.HISPANO and st.hispano_for == purpose


def test_R28_a_second_side_with_its_own_seat_and_opposite_returns():
    game = legatus.load("hispania", variants=HISPANO)
    assert game.seats == ("rome", "hispania")
    st = hispano_position(revolts={"Olisipo": 1})
    st.winner = "hispania"
    assert st.returns() == [-1.0, 1.0]


def test_R28_always_six_roman_denarii():
    """Issue 15, point 10: a level of 7 denarii is played with 6, and the game says so."""
    game = legatus.load("hispania", level="7-4-3-4-2", variants=HISPANO)
    assert str(game.level) == game.record_options()["level"] == "6-4-3-4-2"
    assert game.notes == ["R28: the Hispano variant gives the Romans 6 denarii, so level 7-4-3-4-2 is played as "
                          "6-4-3-4-2"]
    assert game.new_initial_state().view(None)["options"]["level"] == "6-4-3-4-2"
    assert legatus.load("hispania", level="6-4-3-4-2", variants=HISPANO).notes == []


def test_R28_two_denarii_each_turn_unspent_ones_lost():
    st = hispano_position()
    st.hispano_money = 0
    act(st, "end")  # revolt roll: no money, no question
    assert waits_for(st, phases.REVOLT)
    act(st, "roll II-2")
    assert st.turn == 1 and st.hispano_money == 2
    assert st.view()["hispano_denarii"] == 2


def test_R28_setup_the_hispano_chooses_the_cities():
    st = legatus.load("hispania", variants=HISPANO).new_initial_state()
    act(st, "roll 2")  # the die gives 3 revolts; the Hispano chooses where in Ilergetia
    assert asked(st, phases.H_SETUP_REVOLTS) and st.game.seats[st.current_player()] == "hispania"
    assert legal(st) == {f"revolts {c}" for c in ("Gerunda", "Calagurris", "Pompaelo", "Salduba", "Ilerda", "Osca")}
    act(st, "revolts Osca")
    assert st.view()["cities"]["Osca"]["revolts"] == 3
    for _ in range(5):
        act(st, "roll 5")
        st.apply_action(st.legal_actions()[0])
    # the armies: the Hispano chooses a city in revolt (no die)
    assert asked(st, phases.H_SETUP_ARMY)
    assert "army Osca" in legal(st)
    act(st, "army Osca")
    assert st.view()["cities"]["Osca"]["army"] is not None


def test_R28_purchase_1_roll_a_revolt_die_again():
    st = hispano_position()
    act(st, "end", "roll IV-5")
    assert asked(st, phases.H_REROLL)
    assert legal(st) == {"reroll roman", "reroll hispanic", "pass"}
    act(st, "reroll roman")
    assert st.hispano_money == 1 and st.roll_kind == st.notation.decode[st.parse_action("roll I")][0]
    act(st, "roll II")  # Roman die II, Hispanic die 5: Segobriga
    assert asked(st, phases.H_REROLL)
    act(st, "pass")
    assert st.view()["cities"]["Segobriga"]["revolts"] == 1
    assert any("Roman die rolled again: IV → II" in e for e in st.events)


def test_R28_purchase_2_roll_the_hispanic_die_of_an_attack_again():
    st = hispano_position(generals={"ulterior": "Castulo"}, revolts={"Basti": 1}, armies=("Basti",))
    act(st, "attack Basti 3", "pass", "roll VI-1")
    assert asked(st, phases.H_REROLL) and legal(st) == {"reroll hispanic", "pass"}
    act(st, "reroll hispanic", "roll 6")
    act(st, "pass")
    assert "Hispanic die 6" in st.events[-1]


def test_R28_purchase_3_choose_an_army_s_way():
    st = hispano_position(revolts={"Capara": 1}, armies=("Capara",))
    act(st, "end", "roll I-1", "pass")  # Gerunda: a revolt; no reroll
    assert asked(st, phases.H_CHOOSE)
    assert legal(st) == {"choose Emerita", "choose Salmantica", "choose Conimbriga", "pass"}
    act(st, "choose Salmantica")
    assert st.view()["cities"]["Salmantica"]["army"] is not None
    assert "The Hispano pays 1 denarius to send the army in Capara to Salmantica" in st.events


def test_R28_purchase_3_passing_rolls_the_die():
    st = hispano_position(revolts={"Capara": 1}, armies=("Capara",))
    act(st, "end", "roll I-1", "pass", "pass")
    assert waits_for(st, phases.ARMY_WAY)


def test_R28_purchase_4_reinforce_a_defence_after_a_roman_declaration():
    st = hispano_position(generals={"ulterior": "Castulo"}, revolts={"Basti": 1})
    act(st, "besiege Basti 1")
    assert asked(st, phases.H_REINFORCE) and legal(st) == {"reinforce 1", "reinforce 2", "pass"}
    act(st, "reinforce 2", "roll II")  # 2 + 1 + 1 = 4 against shield 1 + 2 = 3
    assert "shield 1 + 2 Hispano = 3" in st.events[-1]
    st = hispano_position(generals={"ulterior": "Castulo"}, revolts={"Basti": 1}, armies=("Basti",))
    act(st, "attack Basti 1", "reinforce 1", "roll I-1", "pass")  # he could still buy a reroll
    assert "die 1 + 1 Hispano + 1 revolt = 3" in st.events[-1]


def test_R28_purchase_5_attack_from_an_army_before_and_after_the_moves():
    st = hispano_position(generals={"ulterior": "Castulo"}, revolts={"Basti": 2}, armies=("Basti",))
    act(st, "end", "roll I-1", "pass")
    assert asked(st, phases.H_ATTACKS) and st.window == 0
    assert {"attack Castulo from Basti 1", "attack Castulo from Basti 2", "pass"} <= legal(st)
    act(st, "attack Castulo from Basti 2", "roll I-6")  # 6 + 2 + 2 = 10 > 1 + 1 province
    assert st.view()["generals"]["ulterior"]["space"] is None
    assert st.view()["cities"]["Castulo"]["army"] is None  # it does not advance (then moves on to Puciala)


def test_R28_purchase_5_not_toward_a_fleet():
    st = hispano_position(generals={"consul": "Mare Ibericum"}, revolts={"Carthago Nova": 1},
                          armies=("Carthago Nova",))
    act(st, "end", "roll I-1", "pass")
    assert not asked(st, phases.H_ATTACKS) or not any("Mare" in a for a in legal(st))


def test_R28_no_question_without_denarii():
    st = hispano_position(generals={"ulterior": "Castulo"}, revolts={"Basti": 1})
    st.hispano_money = 0
    act(st, "besiege Basti 1")
    assert waits_for(st, phases.BESIEGE)


def test_R28_a_hispano_game_plays_to_the_end_at_one_screen():
    # Two people at one screen: the Roman and the Hispano choose by number, the dice rolled.
    session = Session(legatus.load("hispania", variants=HISPANO, seed=5).new_initial_state())
    rng = random.Random(5)
    seen_prompts = []

    def read(prompt: str) -> str:
        seen_prompts.append(prompt)
        if "The game is over" in prompt or "Leave without saving?" in prompt:
            return "quit"
        return str(rng.randint(1, 3))

    out = io.StringIO()
    status = TerminalPlay(session, console=Console(file=out, width=160), read=read).run()
    assert status == 0 and session.state.is_terminal()
    assert any("(hispania)" in p for p in seen_prompts) and any("(rome)" in p for p in seen_prompts)


def test_R28_every_roll_the_hispano_may_change_is_decided_by_its_own_chapter_s_handler():
    """The dice decide after the question (``dice.decide``) through the purpose's entry in
    ``dice.DECIDES``, which each chapter's ``dice.roll`` notes: one for every roll but the die
    rolled again (its frame names the roll it belongs to); the purchases' tests above play them."""
    assert set(dice.DECIDES) == set(phases.ROLL_ID) - {phases.REROLL}
