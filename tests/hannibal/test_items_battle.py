"""Battle items not pinned elsewhere: withdrawal (H80), elephant losses (H84), the order of
resolution (H85), retreat penalties (H88), suing for peace after a battle (H92) and the
declaration of battle cards (H132)."""

from __future__ import annotations

from legatus.games.hannibal.ids import Id
from legatus.games.hannibal.notation import CARTHAGE, ROME
from legatus.games.hannibal.rules import base
from legatus.games.hannibal.state import HannibalState
from tests.hannibal.helpers import general, legal, play, ready, roll, space


def _battle_at_terventum(carthage_cus: int, rome: list[int] | None = None,
                         carthage: list[int] | None = None) -> HannibalState:
    """P. Scipio (BR 2) with 8 CUs attacks Mago (BR 2) in Terventum; Rome then holds 12 battle
    cards, Carthage 2 + its CUs."""
    state = ready(rome or [1, 2, 3, 4, 5, 6, 7], carthage or [8, 9, 10, 11, 12, 13, 14])
    state.gen_at[general(state, "Mago")] = space(state, "Terventum")
    state.cu[CARTHAGE][space(state, "Terventum")] = carthage_cus
    state.ctrl[space(state, "Praeneste")] = base.NONE
    play(state, "ops #1", "activate P. Scipio", "take 8", "to Praeneste", "no reaction", "to Terventum")
    return state


def _deal(state: HannibalState, rome: list[str], carthage: list[str]) -> None:
    for kind in rome + carthage:  # the attacker, Rome, is dealt first
        play(state, f"draw {kind}")


ROME_CARDS = ["flank left"] * 9 + ["flank right"] * 3


def test_h80_a_withdrawal_before_any_round_ends_the_battle_with_no_loss_and_no_winner() -> None:
    state = _battle_at_terventum(3)
    play(state, "no counter event", "no counter event")
    _deal(state, ROME_CARDS, ["frontal assault"] * 5)
    play(state, "withdraw")
    roll(state, 2)  # at most P. Scipio's BR 2
    assert legal(state) == {"cancel withdrawal", "allow withdrawal"}  # the defender may try to cancel
    play(state, "allow withdrawal")
    assert legal(state) == {"retreat to Praeneste"}  # the original attacker goes back (H90)
    play(state, "retreat to Praeneste")
    assert state.cu[ROME][space(state, "Praeneste")] == 8 and state.cu[CARTHAGE][space(state, "Terventum")] == 3
    assert state.stack[-1] == (Id.PLAY, CARTHAGE)  # no casualty roll (0 rounds), no Retreat Table, no PCs


def test_h80_a_failed_withdrawal_is_no_round_and_the_defender_may_take_the_initiative() -> None:
    state = _battle_at_terventum(3)
    play(state, "no counter event", "no counter event")
    _deal(state, ROME_CARDS, ["frontal assault"] * 5)
    play(state, "withdraw")
    roll(state, 5)
    assert legal(state) == {"take initiative", "keep defending"} and state.b_rounds == 0
    play(state, "take initiative")
    assert state.b_att == CARTHAGE and state.current_player() == CARTHAGE


def test_h84_the_first_retreat_table_loss_is_an_elephant() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    dertosa, saguntum = space(state, "Dertosa"), space(state, "Saguntum")
    state.gen_at[general(state, "P. Scipio")] = dertosa
    state.cu[ROME][dertosa], state.cu[ROME][space(state, "Rome")] = 10, 0
    play(state, "ops #1", "activate P. Scipio", "take 10", "to Saguntum", "garrison 0", "no reaction",
         "no counter event", "no counter event", "no charge")
    _deal(state, ["frontal assault"] * 12, ["flank left"] * 9 + ["flank right"] * 6 + ["probe"] * 2)
    play(state, "rome attacks frontal assault", "concede")
    roll(state, 2)  # casualties: 1 round, roll 2: none
    assert (state.cu[CARTHAGE][saguntum], state.eleph[saguntum]) == (10, 2)
    roll(state, 3)  # Retreat Table, 10 CUs: 3 lost, the first of them an elephant
    assert (state.cu[CARTHAGE][saguntum], state.eleph[saguntum]) == (7, 1)


def test_h85_a_loser_left_without_cus_by_the_casualties_retreats_alone() -> None:
    state = _battle_at_terventum(1)
    play(state, "no counter event", "no counter event")
    _deal(state, ROME_CARDS, ["frontal assault"] * 3)
    play(state, "rome attacks flank left", "concede")
    roll(state, 6)  # casualties 1e: Mago's last CU
    assert state.cu[CARTHAGE][space(state, "Terventum")] == 0
    assert legal(state) == {"retreat to Bruttium"}  # not displaced (H43): no Retreat Table roll either
    play(state, "retreat to Bruttium")
    assert state.gen_at[general(state, "Mago")] == space(state, "Bruttium")


def test_h88_a_retreat_loses_a_cu_for_each_enemy_pc_it_enters() -> None:
    state = _battle_at_terventum(6)
    play(state, "no counter event", "no counter event")
    _deal(state, ["probe"] * 8 + ["flank right"] * 4, ["frontal assault"] * 8)
    play(state, "rome attacks probe", "concede")
    roll(state, 1, 1)  # no casualties; Retreat Table 1 - 2 (Probe): 1 CU
    play(state, "retreat to Bruttium")  # 3 spaces, 2 of them Roman PCs on the way
    assert state.cu[CARTHAGE][space(state, "Bruttium")] == 3 and state.blost == [0, 3]
    assert state.stack[-1] == (Id.REMOVE_PC, CARTHAGE, 1)  # H91: 3 lost, 1 PC


def test_h86_friendly_cus_met_on_the_way_that_do_not_outnumber_the_force_join_it() -> None:
    state = _battle_at_terventum(6)
    heraclea = space(state, "Heraclea")  # on the way to Bruttium: Beneventum, Heraclea (Roman PCs)
    state.cu[CARTHAGE][heraclea] = 2
    play(state, "no counter event", "no counter event")
    _deal(state, ["probe"] * 8 + ["flank right"] * 4, ["frontal assault"] * 8)
    play(state, "rome attacks probe", "concede")
    roll(state, 1, 1)
    play(state, "retreat to Bruttium")
    assert state.cu[CARTHAGE][space(state, "Bruttium")] == 5 and state.cu[CARTHAGE][heraclea] == 0
    assert state.blost == [0, 3]  # the CUs that joined lost nothing


def test_h92_a_loser_without_pcs_to_remove_sues_for_peace() -> None:
    state = _battle_at_terventum(3)
    for s in base.own_plain_pcs(state, CARTHAGE):
        state.ctrl[s] = base.NONE
    play(state, "no counter event", "no counter event")
    _deal(state, ROME_CARDS, ["frontal assault"] * 5)
    play(state, "rome attacks flank left", "concede")
    roll(state, 6, 4)  # 1 CU each, then the Retreat Table takes the other 2: 3 lost, 1 PC owed
    assert state.is_terminal() and state.winner == ROME and state.reason == "carthage sues for peace"


def test_h132_the_attacker_declares_battle_cards_then_the_defender() -> None:
    state = _battle_at_terventum(3, carthage=[20, 8, 9, 10, 11, 12, 13])
    assert state.current_player() == ROME and legal(state) == {"no counter event"}  # asked all the same
    play(state, "no counter event")
    assert state.current_player() == CARTHAGE and legal(state) == {"event #20", "no counter event"}
    state = _battle_at_terventum(3, rome=[1, 20, 2, 3, 4, 5, 6])
    assert state.current_player() == ROME and legal(state) == {"event #20", "no counter event"}
