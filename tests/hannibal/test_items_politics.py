"""Walled cities and tribes (H93, H94, H101), control and points (H102, H108) and the
attrition procedure (H107)."""

from __future__ import annotations

from legatus.core.tuples import put
from legatus.games.hannibal.ids import Id
from legatus.games.hannibal.notation import CARTHAGE, ROME
from legatus.games.hannibal.rules import base, politics, sieges, strategy
from legatus.games.hannibal.state import HannibalState
from tests.hannibal.helpers import general, legal, play, ready, roll, space


def _ready() -> HannibalState:
    return ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])


def _province(state: HannibalState, name: str) -> list[int]:
    return list(state.board.province_spaces[state.board.province_names.index(name)])


def test_h93_ops_pcs_never_take_a_walled_city_or_a_tribe() -> None:
    state = _ready()
    gades, bruttium, aquitani = space(state, "Gades"), space(state, "Bruttium"), space(state, "Aquitani")
    state.cu[ROME][gades] = state.cu[ROME][bruttium] = state.cu[ROME][aquitani] = 1
    state.cu[ROME][space(state, "Acci")] = 1
    spaces = strategy.pc_spaces(state, ROME)
    assert space(state, "Acci") in spaces  # a plain Carthaginian PC with a Roman CU flips (H31)
    assert gades not in spaces and bruttium not in spaces and aquitani not in spaces


def test_h93_pc_removal_events_spare_walled_cities_and_tribes() -> None:
    state = ready([35, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 14])
    play(state, "event #35")
    choices = {a[7:] for a in legal(state)}
    assert "Acci" in choices and not {"Gades", "Bruttium", "Insubrians", "New Carthage"} & choices


def test_h94_a_siege_needs_3_cus_and_one_attempt_a_site_a_card() -> None:
    state = _ready()
    gades = space(state, "Gades")
    scipio = general(state, "P. Scipio")
    state.cu[ROME][gades] = 2
    assert not sieges.can_siege(state, ROME, gades, scipio)
    state.cu[ROME][gades] = 3
    assert sieges.can_siege(state, ROME, gades, scipio)
    state.sieged.append(gades)
    assert not sieges.can_siege(state, ROME, gades, scipio)
    assert not sieges.can_siege(state, ROME, space(state, "Rome"), scipio)  # not his own city


def test_h94_rome_subjugates_carthaginian_and_neutral_tribes_carthage_neutral_ones() -> None:
    state = _ready()
    bruttium, allobroges = space(state, "Bruttium"), space(state, "Allobroges")
    hannibal, scipio = general(state, "Hannibal"), general(state, "P. Scipio")
    state.cu[ROME][bruttium] = state.cu[ROME][allobroges] = 3
    assert sieges.can_siege(state, ROME, bruttium, scipio) and sieges.can_siege(state, ROME, allobroges, scipio)
    state.cu[ROME][bruttium] = state.cu[ROME][allobroges] = 0
    state.cu[CARTHAGE][bruttium] = state.cu[CARTHAGE][allobroges] = 3
    assert sieges.can_siege(state, CARTHAGE, allobroges, hannibal)
    assert not sieges.can_siege(state, CARTHAGE, bruttium, hannibal)  # its own tribe


def test_h94_an_army_that_backed_up_onto_an_enemy_city_may_still_siege() -> None:
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    hannibal, tarentum = general(state, "Hannibal"), space(state, "Tarentum")
    state.gen_at[hannibal] = tarentum  # outside the walls of Roman Tarentum
    state.cu[CARTHAGE][tarentum] = 6
    state.gen_at[general(state, "Varro")] = space(state, "Apri")
    state.cu[ROME][space(state, "Apri")] = 3
    play(state, "ops #8", "activate Hannibal", "take 6", "to Cannae", "intercept from Apri", "take 3")
    play(state, "roll the attempts")  # H62: every attempt declared, then rolled
    roll(state, 1)
    play(state, "back up")  # H65
    assert state.gen_at[hannibal] == tarentum and legal(state) == {"siege", "no siege"}


def test_h101_carthaginian_tribes_are_carthaginian_pcs_and_give_a_battle_card() -> None:
    state = _ready()
    lucania = state.board.province_names.index("Lucania")
    for s in _province(state, "Lucania"):
        state.ctrl[s] = base.NONE
    state.ctrl[space(state, "Bruttium")] = CARTHAGE
    for name in ("Heraclea", "Croton"):
        state.ctrl[space(state, name)] = CARTHAGE
    assert base.province_controller(state, lucania) == CARTHAGE  # the tribe is the 3rd of 5
    assert politics.winter_forces(state) == []
    state.cu[CARTHAGE][space(state, "Allobroges")] = 2  # a neutral tribe: hostile to both (H106)
    state.cu[ROME][space(state, "Aquitani")] = 2
    forces = politics.winter_forces(state)
    assert [space(state, "Allobroges"), CARTHAGE] == forces[forces.index(space(state, "Allobroges")):][:2]
    assert space(state, "Aquitani") in forces[::2]


def test_h101_a_neutral_tribe_counts_for_nobody() -> None:
    state = _ready()
    liguria = state.board.province_names.index("Liguria")
    assert [state.ctrl[s] for s in _province(state, "Liguria")] == [base.NEUTRAL, base.NEUTRAL]
    assert base.province_controller(state, liguria) == base.NONE


def test_h102_a_province_needs_a_strict_majority_of_its_spaces() -> None:
    state = _ready()
    idubeda = state.board.province_names.index("Idubeda")
    spaces = _province(state, "Idubeda")
    assert len(spaces) == 7 and base.province_controller(state, idubeda) == base.NONE
    for s in spaces[:3]:
        state.ctrl[s] = ROME
    for s in spaces[3:5]:
        state.ctrl[s] = CARTHAGE
    assert base.province_controller(state, idubeda) == base.NONE  # 3 of 7, more than Carthage: not enough
    state.ctrl[spaces[5]] = ROME
    assert base.province_controller(state, idubeda) == ROME  # 4 of 7


def test_h107_a_general_is_not_displaced_when_attrition_kills_his_last_cu() -> None:
    state = _ready()
    acci, scipio = space(state, "Acci"), general(state, "P. Scipio")
    state.gen_at[scipio] = acci
    state.cu[ROME][acci] = 1
    state.call(Id.R_WINTER, acci, ROME)
    roll(state, 6)  # 1 CU, roll 6: it dies
    assert state.cu[ROME][acci] == 0 and state.gen_at[scipio] == acci


def test_h108_points_count_the_18_victory_provinces_only() -> None:
    state = _ready()
    before = base.points(state, CARTHAGE)
    for name in ("Massilia", "Gallia Transalpinia", "Liguria"):
        for s in _province(state, name):
            state.ctrl[s] = CARTHAGE
            state.tribal = put(state.tribal, s, False)
    assert base.points(state, CARTHAGE) == before  # provinces that do not count (H8)
    for s in _province(state, "Idubeda"):
        state.ctrl[s] = CARTHAGE
    assert base.points(state, CARTHAGE) == before + 1


def test_h3_countries_and_islands_group_the_provinces() -> None:
    state = _ready()
    board = state.board
    countries: dict[str, set[str]] = {}
    for p, name in enumerate(board.province_names):
        countries.setdefault(board.country[p], set()).add(name)
    assert countries["Italy"] == {"Gallia Cisalpinia", "Etruria", "Latium", "Samnium", "Campania", "Apulia", "Lucania"}
    assert countries["Spain"] == {"Baetica", "Celtiberia", "Orospeda", "Idubeda"}
    assert countries["Africa"] == {"Western Numidia", "Eastern Numidia", "Carthaginia", "Carthage"}
    assert countries["Sicily"] == {"Sicilia", "Syracuse"}  # one island
    assert countries["none"] == {"Gallia Transalpinia", "Massilia", "Liguria"}
