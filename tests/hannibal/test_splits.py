"""Which CUs go where Carthage splits a stack (H4, H46, rules/splits.py): the player says how many
of them are elephants, wherever more than one number is possible; the plain action keeps the
engine's order of before (elephants go with an army first, into the walls last)."""

from __future__ import annotations

import random

import pytest

from legatus.core.errors import IllegalActionError
from legatus.games.hannibal.bots import HeuristicAgent
from legatus.games.hannibal.ids import BATTLE_STEPS, Id
from legatus.games.hannibal.invariants import violations
from legatus.games.hannibal.notation import CARTHAGE, ROME, as_shown
from legatus.games.hannibal.rules import base
from legatus.games.hannibal.rules.splits import span
from legatus.games.hannibal.state import HannibalState
from legatus.terminal import action_lines, menu_keys, menu_order
from tests.hannibal.helpers import general, legal, play, ready, roll, space

READY = ([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])


def _hannibal_to_take(cards: str = "ops #8") -> HannibalState:
    """Hannibal at Saguntum with its 10 CUs, 2 of them elephants (H11), asked how many go."""
    state = ready(*READY, first="carthage")
    return play(state, cards, "activate Hannibal")


def _elephants_word(j: int) -> str:
    return f"{j} elephant{'' if j == 1 else 's'}"


def _at(state: HannibalState, name: str) -> tuple[int, int]:
    """Carthage's CUs outside the walls of ``name`` and the elephants among them."""
    s = space(state, name)
    return state.cu[CARTHAGE][s], state.eleph[s]


def test_h4_h46_carthage_chooses_how_many_elephants_march() -> None:
    state = _hannibal_to_take()
    assert state.prompt() == "How many CUs go with Hannibal, and how many elephants (H45, H4)?"
    # every number of CUs, each with every number of elephants 8 regular and 2 elephant CUs allow
    # (no more, no fewer): the plain "take n" with as many as go, the others named
    expected = {"take 0"}
    for n in range(1, 11):
        allowed = span(n, 8, 2)
        expected |= {f"take {n}"} | {f"take {n} with {_elephants_word(j)}" for j in allowed if j != min(n, 2)}
    assert legal(state) == expected
    described = {state.describe(a) for a in state.legal_actions()}
    assert described == {"take 0"} | {as_shown("take", n, j) for n in range(1, 11) for j in span(n, 8, 2)}
    assert state.describe(state.parse_action("take 8")) == "take 8 (2 elephants)"


def test_h4_an_army_may_leave_its_elephants_behind_and_keeps_what_it_took() -> None:
    state = _hannibal_to_take()
    play(state, "take 8 with 0 elephants")
    assert state.m_left == 8 and state.m_eleph == 0 and state.prompt() == "Hannibal moves (4 MP left, 8 CUs)."
    play(state, "to Dertosa")
    assert _at(state, "Saguntum") == (2, 2) and _at(state, "Dertosa") == (8, 0)
    assert violations(state) == []


def test_h4_h77_an_army_brings_its_elephants_to_a_battle_for_the_charge() -> None:
    for take, charge in (("take 8", True), ("take 8 with 0 elephants", False)):
        state = _hannibal_to_take()
        dertosa = space(state, "Dertosa")
        state.gen_at[general(state, "T. Longus")], state.cu[ROME][dertosa] = dertosa, 3
        play(state, take, "to Dertosa", "no reaction", "no counter event", "no counter event")
        while state.is_chance_node():  # the battle cards dealt (H75)
            state.apply_action(state.legal_actions()[0])
        assert (legal(state) == {"charge", "no charge"}) is charge
        assert state.eleph[dertosa] == (2 if charge else 0)


def test_h4_an_army_passing_a_stack_with_elephants_keeps_its_own() -> None:
    # Before, an army leaving a space took the elephants standing there in place of its regular
    # CUs (elephants first at every step): the engine chose for the player (play review).
    state = _hannibal_to_take()
    dertosa = space(state, "Dertosa")
    state.cu[CARTHAGE][dertosa], state.eleph[dertosa] = 2, 2  # 4 elephants in all (H4)
    play(state, "take 8", "to Dertosa", "to Ilerda")
    assert _at(state, "Ilerda") == (8, 2) and _at(state, "Dertosa") == (2, 2)
    assert violations(state) == []


def test_h4_h56_elephants_go_by_sea_as_chosen() -> None:
    state = _hannibal_to_take("ops #9")  # 3 OPs, a ship: 5 CUs by sea (H56)
    play(state, "take 5 with 1 elephant", "sail Baleares", "no counter event", "no counter event")
    roll(state, 1)  # Rome's naval roll: no effect
    assert _at(state, "Baleares") == (5, 1) and _at(state, "Saguntum") == (5, 1)


def test_h42_h4_cus_dropped_off_and_picked_up_say_how_many_elephants() -> None:
    state = _hannibal_to_take()
    play(state, "take 6", "to Dertosa")  # 2 elephants among the 6
    assert {"drop 2", "drop 2 with 1 elephant", "drop 2 with 2 elephants"} <= legal(state)
    assert "drop 2 with 0 elephants" not in legal(state)  # the plain "drop 2": the army keeps its elephants
    play(state, "drop 2 with 2 elephants", "to Ilerda")
    assert _at(state, "Dertosa") == (2, 2) and _at(state, "Ilerda") == (4, 0)
    state = _hannibal_to_take()
    dertosa = space(state, "Dertosa")
    state.cu[CARTHAGE][dertosa], state.eleph[dertosa] = 3, 2
    play(state, "take 4 with 0 elephants", "to Dertosa")
    picks = {a for a in legal(state) if a.startswith("pick up 2")}
    assert picks == {"pick up 2", "pick up 2 with 1 elephant"}  # 1 regular, 2 elephants there: 1 or 2 of them
    play(state, "pick up 2 with 1 elephant", "to Ilerda")
    assert _at(state, "Ilerda") == (6, 1) and _at(state, "Dertosa") == (1, 1)
    assert violations(state) == []


def test_h42_h4_a_subordinate_activated_with_some_of_the_commander_s_cus_chooses_them() -> None:
    state = ready(*READY, first="carthage")
    play(state, "ops #9", "activate Mago")
    assert {"take 3", "take 3 with 0 elephants", "take 3 with 1 elephant"} <= legal(state)
    play(state, "take 3 with 0 elephants", "to Dertosa")
    assert _at(state, "Dertosa") == (3, 0) and _at(state, "Saguntum") == (7, 2)


def test_h66_h69_h4_a_reacting_force_says_how_many_elephants_try() -> None:
    state = ready(*READY)
    hannibal = general(state, "Hannibal")
    for sub in ("Mago", "H. Gisgo"):
        state.gen_at[general(state, sub)] = base.OFF
    dertosa = space(state, "Dertosa")
    saguntum = space(state, "Saguntum")
    state.cu[CARTHAGE][saguntum], state.eleph[saguntum] = 0, 0
    state.gen_at[hannibal], state.cu[CARTHAGE][dertosa], state.eleph[dertosa] = dertosa, 12, 2
    scipio = general(state, "P. Scipio")
    state.gen_at[scipio], state.cu[ROME][space(state, "Emporiae")] = space(state, "Emporiae"), 5
    state.cu[ROME][space(state, "Rome")] -= 5
    play(state, "ops #1", "activate P. Scipio", "take 5", "to Tarraco", "intercept from Dertosa")
    assert state.prompt() == "Carthage says how many CUs try, and how many elephants (H64, H69, H70, H4)."
    assert {a for a in legal(state) if a.startswith("take 10")} == {"take 10", "take 10 with 0 elephants",
                                                                    "take 10 with 1 elephant"}
    play(state, "take 10 with 0 elephants")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 1)  # Hannibal intercepts (BR 5)
    assert _at(state, "Tarraco") == (10, 0) and _at(state, "Dertosa") == (2, 2)
    assert violations(state) == []


def _saguntum_entered(regular: int, elephants: int) -> HannibalState:
    """A Roman army enters Saguntum, where Carthage has ``regular`` + ``elephants`` CUs and no General."""
    state = ready(*READY)
    saguntum = space(state, "Saguntum")
    for name in ("Hannibal", "Mago", "H. Gisgo"):
        state.gen_at[general(state, name)] = base.OFF
    state.cu[CARTHAGE][saguntum], state.eleph[saguntum] = regular + elephants, elephants
    scipio, dertosa = general(state, "P. Scipio"), space(state, "Dertosa")
    state.gen_at[scipio], state.cu[ROME][dertosa] = dertosa, 8
    state.cu[ROME][space(state, "Rome")] -= 8
    return play(state, "ops #1", "activate P. Scipio", "take 8", "to Saguntum")


def test_h51_h62_h4_the_owner_declares_which_cus_go_inside_elephants_too() -> None:
    # H51: each unit is declared inside or outside (H62 step 1): Carthage's elephants too
    state = _saguntum_entered(2, 2)
    assert legal(state) == {"garrison 0", "garrison 1", "garrison 1 with 1 elephant", "garrison 2",
                            "garrison 2 with 1 elephant", "garrison 2 with 2 elephants"}
    assert state.describe(state.parse_action("garrison 2")) == "garrison 2 (0 elephants)"  # elephants in last
    assert "with K elephants, K of those inside are elephants (else they go in last, H4)" in state.prompt()
    play(state, "garrison 2 with 2 elephants")
    saguntum = space(state, "Saguntum")
    assert (state.inner[saguntum], state.ein[saguntum]) == (2, 2) and _at(state, "Saguntum") == (2, 0)
    assert violations(state) == []


def test_h51_h4_the_mover_going_inside_says_how_many_elephants() -> None:
    state = ready(*READY, first="carthage")
    new_carthage = space(state, "New Carthage")
    state.eleph[new_carthage] = 1
    play(state, "ops #9", "activate Hasdrubal", "take 2", "stop")  # 1 of the 2 an elephant
    assert legal(state) >= {"garrison 1", "garrison 1 with 1 elephant", "garrison 2", "garrison 1 with generals",
                            "garrison 1 with generals and 1 elephant"}
    play(state, "garrison 1 with 1 elephant")
    assert (state.inner[new_carthage], state.ein[new_carthage]) == (1, 1) and _at(state, "New Carthage") == (1, 0)


def test_h89_h4_the_part_that_fits_inside_says_how_many_elephants() -> None:
    state = _saguntum_entered(2, 2)
    play(state, "garrison 0")
    assert state.stack[-2][0] in BATTLE_STEPS  # the battle begins: its steps skipped to the retreat
    saguntum = space(state, "Saguntum")
    state.b_win = ROME
    state.stack = (*state.stack[:-1], (Id.RETREAT, CARTHAGE))
    state.forget_legal()
    assert {a for a in legal(state) if a.startswith("retreat inside")} == {
        "retreat inside", "retreat inside with 1 elephant", "retreat inside with 2 elephants"}
    play(state, "retreat inside with 2 elephants")
    assert (state.inner[saguntum], state.ein[saguntum]) == (2, 2)


def test_h67_h4_a_landed_army_split_at_its_walls_says_how_many_elephants_go_in() -> None:
    state = ready(*READY, first="carthage")
    new_carthage = space(state, "New Carthage")
    state.gen_at[general(state, "Mago")] = new_carthage
    state.cu[CARTHAGE][new_carthage], state.eleph[new_carthage] = 4, 2
    state.cu[CARTHAGE][space(state, "Saguntum")], state.eleph[space(state, "Saguntum")] = 8, 0
    hispalis = space(state, "Hispalis")
    state.gen_at[general(state, "Marcellus")], state.cu[ROME][hispalis] = hispalis, 3
    play(state, "ops #9", "activate Mago", "take 4", "sail Gades", "no counter event", "no counter event")
    roll(state, 1)
    play(state, "intercept from Hispalis", "take 3")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 1)
    assert legal(state) == {"fight", "back up", "garrison 1", "garrison 1 with 1 elephant", "garrison 2",
                            "garrison 2 with 1 elephant", "garrison 2 with 2 elephants"}
    play(state, "garrison 2 with 2 elephants")
    roll(state, 1)  # H61: the way back, no effect
    gades = space(state, "Gades")
    assert (state.inner[gades], state.ein[gades]) == (2, 2) and _at(state, "New Carthage") == (2, 0)
    assert violations(state) == []


def test_h49_h84_a_pass_costs_the_army_its_own_elephants_not_those_where_it_arrives() -> None:
    state = _hannibal_to_take()
    druentia, taurini = space(state, "Druentia"), space(state, "Taurini")
    state.gen_at[general(state, "Hannibal")] = druentia
    state.cu[CARTHAGE][druentia], state.eleph[druentia] = 6, 0
    state.cu[CARTHAGE][taurini], state.eleph[taurini] = 3, 2
    state.cu[CARTHAGE][space(state, "Saguntum")], state.eleph[space(state, "Saguntum")] = 4, 0
    state.forget_legal()
    play(state, "take 6", "to Taurini")
    roll(state, 6)  # the Alps, 6 CUs: 2 lost, one an elephant if the army has one: it has none
    assert state.m_left == 4 and state.m_eleph == 0 and _at(state, "Taurini") == (7, 2)
    assert violations(state) == []


def test_h4_an_illegal_number_of_elephants_is_refused_with_the_valid_ones() -> None:
    state = _hannibal_to_take()
    with pytest.raises(IllegalActionError, match=r"8 CUs here may hold 0 to 2 elephants, not 3: 'take 8', "
                                                 r"'take 8 with 0 elephants', 'take 8 with 1 elephant'"):
        state.apply_action(state.game.actions.parse("take 8 with 3 elephants"))
    # the plain action's own number, typed, is the plain action; by its id it is refused saying so
    assert str(state.parse_action("take 8 with 2 elephants")) == "take 8"
    assert str(state.parse_action("Take 8 (1 elephant)")) == "take 8 with 1 elephant"
    with pytest.raises(IllegalActionError, match="here 'take 8' moves 8 CUs with 2 elephants: it is that action"):
        state.apply_action(state.game.actions.parse("take 8 with 2 elephants"))


def test_h4_the_menu_groups_the_cus_by_their_elephants_on_an_80_column_screen() -> None:
    state = _hannibal_to_take()
    actions = menu_order(state, state.legal_actions())
    lines = [line for block in action_lines(state, actions, 80, menu_keys(actions)) for line in block]
    plain = [line.replace("[cyan]", "").replace("[/cyan]", "") for line in lines]
    assert [line.split(":")[0] for line in plain] == ["take", "take (0 elephants)", "take (1 elephant)",
                                                      "take (2 elephants)"]
    assert plain[3].startswith("take (2 elephants):  s 2  t 3") and all(len(line) <= 80 for line in plain)


def test_h4_the_heuristic_takes_the_elephants_along_as_before() -> None:
    state = _hannibal_to_take()
    choice = HeuristicAgent(state.game).choose(state)
    assert str(choice) == "take 10" and state.describe(choice) == "take 10 (2 elephants)"


def test_h4_random_play_keeps_every_army_s_elephants_among_its_cus() -> None:
    game = ready(*READY).game
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            legal_now = state.legal_actions()
            state.apply_action(rng.choice(legal_now) if not state.is_chance_node() else legal_now[0])
            assert violations(state) == []


def test_h4_a_position_saved_before_the_army_kept_its_elephants_still_reads() -> None:
    state = _hannibal_to_take()
    play(state, "take 8", "to Dertosa")
    text = state.position()
    assert " m_eleph=2 " in text
    older = text.replace(" m_eleph=2 ", " ")  # as version 4 wrote it before: the engine's order, as many as go
    read = state.game.new_state_from(older)
    assert read.m_eleph == 2 and read.position() == text
