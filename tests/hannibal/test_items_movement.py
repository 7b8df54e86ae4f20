"""Command and movement (H37, H44, H46, H53-H55), naval interactions (H59, H60), interception
eligibility (H63) and what PCs do to movement (H103)."""

from __future__ import annotations

from legatus.games.hannibal.ids import Id
from legatus.games.hannibal.notation import CARTHAGE, ROME
from legatus.games.hannibal.rules import base, movement, sieges
from tests.hannibal.helpers import general, legal, play, ready, space

ROME_HAND = [1, 2, 3, 4, 5, 6, 7]
CARTHAGE_HAND = [8, 9, 10, 11, 12, 13, 14]


def test_h37_no_stacking_limit_and_one_commander_with_subordinates() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND)
    rome = space(state, "Rome")
    state.cu[ROME][rome] = 40
    for name in ("Marcellus", "Varro", "Fabius"):
        state.gen_at[general(state, name)] = rome
    assert base.commander(state, rome, ROME) == general(state, "P. Scipio")  # the consul (H38)
    play(state, "ops #1")
    # the subordinates may each be activated out of the holding box (H42), the commander too
    assert {"activate P. Scipio", "activate Marcellus", "activate Fabius"} <= legal(state)


def test_h44_one_army_a_card_and_the_same_army_again_on_a_later_card() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND)
    play(state, "ops #1", "activate P. Scipio", "take 5", "to Tarquini", "stop")
    assert state.stack[-1] == (Id.PLAY, CARTHAGE)  # the card's one activation is over
    play(state, "discard #8", "ops #2")
    assert "activate P. Scipio" in legal(state)


def test_h46_up_to_10_cus_go_and_the_army_moves_a_space_at_a_time() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND)
    state.cu[ROME][space(state, "Rome")] = 14
    play(state, "ops #1", "activate P. Scipio")
    assert legal(state) == {f"take {n}" for n in range(5, 11)}
    play(state, "take 10")
    steps = {a[3:] for a in legal(state) if a.startswith("to ")}
    assert steps == {state.board.names[s] for s in state.board.land[space(state, "Rome")]}  # adjacent only


def test_h46_a_battle_ends_the_move_with_no_siege_on_the_same_card() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND, first="carthage")
    tarentum, brundisium = space(state, "Tarentum"), space(state, "Brundisium")
    hannibal = general(state, "Hannibal")
    state.gen_at[general(state, "T. Longus")] = tarentum  # outside the walls of a Roman city
    state.cu[ROME][space(state, "Agrigentum")], state.cu[ROME][tarentum] = 0, 1
    state.cu[CARTHAGE][state.gen_at[hannibal]] = state.eleph[state.gen_at[hannibal]] = 0
    state.gen_at[hannibal], state.cu[CARTHAGE][brundisium] = brundisium, 10
    play(state, "ops #8", "activate Hannibal", "take 10", "to Tarentum")
    met = []
    while state.stack[-1][:2] != (Id.PLAY, ROME):  # the battle, played with the first choices
        met.append(state.stack[-1][0])
        if "no reaction" in legal(state):
            play(state, "no reaction")
        else:
            state.apply_action(state.legal_actions()[0])
    assert state.cu[CARTHAGE][tarentum] == 10 and state.cu[ROME][tarentum] == 0  # Carthage won
    assert sieges.can_siege(state, CARTHAGE, tarentum, hannibal)  # would be allowed on another card
    assert Id.SIEGE not in met and state.spts[tarentum] == 0


def test_h53_hanno_never_leaves_africa_and_fabius_never_leaves_italy() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND, first="carthage")
    play(state, "ops #9", "activate Hanno", "take 4")
    targets = [a.split(" ", 1)[1] for a in legal(state) if a.startswith(("to ", "sail "))]
    assert targets and all(base.country_of(state, space(state, t)) == "Africa" for t in targets)
    assert "sail Utica" in legal(state) and "sail Gades" not in legal(state)  # African ports only
    state = ready(ROME_HAND, CARTHAGE_HAND)
    fabius, rhegium = general(state, "Fabius"), space(state, "Rhegium")
    state.gen_at[fabius] = rhegium
    state.ctrl[space(state, "Messana")] = ROME
    play(state, "ops #1", "activate Fabius", "take 0")
    targets = [a.split(" ", 1)[1] for a in legal(state) if a.startswith(("to ", "sail "))]
    assert "Messana" not in targets and "Neapolis" in targets  # no strait to Sicily; Italian ports
    assert all(base.country_of(state, space(state, t)) == "Italy" for t in targets)


def test_h54_during_a_truce_no_unit_enters_enemy_cus() -> None:
    state = ready([64, 1, 2, 3, 4, 5, 6], CARTHAGE_HAND)
    play(state, "event #64")
    state.cu[ROME][space(state, "Dertosa")] = 2  # Roman CUs on a space with no PC
    state.ctrl[space(state, "Dertosa")] = base.NONE
    play(state, "ops #8", "activate Hannibal", "take 10")
    assert "to Dertosa" not in legal(state)


def test_h55_a_sea_move_costs_3_mp_after_a_land_move_and_a_general_may_sail_alone() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND, first="carthage")
    play(state, "ops #9", "activate Hasdrubal", "take 0", "to Dianium")
    assert state.m_mp == 3 and "sail Neapolis" in legal(state)  # Dianium is a port
    play(state, "sail Neapolis", "no counter event", "no counter event")
    assert state.m_mp == 0 and state.prompt() == "Roll a die for naval combat, rolled by Rome (H58)."


def test_h60_during_a_truce_carthage_sails_without_a_naval_roll() -> None:
    state = ready([64, 1, 2, 3, 4, 5, 6], [9, 8, 10, 11, 12, 13, 14])
    play(state, "event #64", "ops #9", "activate Hasdrubal", "take 2", "sail Baleares")
    while state.current_player() == ROME:
        play(state, "no counter event")  # #41 and #60 may still be asked (H131)
    assert state.gen_at[general(state, "Hasdrubal")] == space(state, "Baleares")
    assert "naval combat" not in state.prompt()


def test_h63_no_interception_across_a_pass_or_into_the_mover_s_stationary_cus() -> None:
    for stationary in (0, 1):
        state = ready(ROME_HAND, CARTHAGE_HAND, first="carthage")
        tolosa, emporiae = space(state, "Tolosa"), space(state, "Emporiae")
        state.gen_at[general(state, "P. Scipio")] = tolosa  # across the pass from Ilerda
        state.gen_at[general(state, "T. Longus")] = emporiae  # by road from Ilerda
        state.cu[ROME][tolosa] = state.cu[ROME][emporiae] = 5
        state.cu[CARTHAGE][space(state, "Ilerda")] = stationary
        play(state, "ops #8", "activate Hannibal", "take 8", "to Dertosa", "to Ilerda")
        reacts = {a for a in legal(state) if a.startswith("intercept")} if state.current_player() == ROME else set()
        assert reacts == (set() if stationary else {"intercept from Emporiae"})


def test_h103_enemy_pcs_never_stop_a_move() -> None:
    state = ready(ROME_HAND, CARTHAGE_HAND)
    play(state, "ops #1", "activate T. Longus", "take 5", "to Lilybaeum", "sail Hippo Regius")
    assert state.ctrl[space(state, "Hippo Regius")] == CARTHAGE
    while state.current_player() == CARTHAGE:
        play(state, "no reaction" if "no reaction" in legal(state) else "no counter event")
    assert state.view(0)["phase"] == "movement"


def test_h59_each_naval_modifier_box_takes_1_off_the_carthaginian_roll() -> None:
    state = ready(ROME_HAND, [9, 8, 10, 11, 12, 13, 14], first="carthage")
    play(state, "ops #9", "activate Hasdrubal", "take 2")
    new_carthage, neapolis = space(state, "New Carthage"), space(state, "Neapolis")
    plain = movement.naval_modifier(state, new_carthage, neapolis)
    state.macedonia = 1  # #9 in effect
    assert movement.naval_modifier(state, new_carthage, neapolis) == plain - 1
    state.ctrl[space(state, "Syracuse")] = CARTHAGE  # Syracuse allied
    assert movement.naval_modifier(state, new_carthage, neapolis) == plain - 2
    state.naval_victory = True  # #29, this turn
    assert movement.naval_modifier(state, new_carthage, neapolis) == plain - 3
