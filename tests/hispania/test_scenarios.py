"""The five scenarios (rulebook "Scenarios"): setups exactly as written, their constraints,
and their special rules: Display of Power, Lethe River, Guerilla, The New Empire's time."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.core.session import sample_outcome
from legatus.games.hispania.rules import phases
from legatus.games.hispania.scenarios import scenario_names

from .helpers import act, finish_setup, legal, play_randomly, position, waits_for

# The fixed setup of each scenario, transcribed from the rulebook: city -> pieces.
TEXT = {
    "first-repression": {
        "Corduba": {"general": "ulterior"}, "Valentia": {"general": "citerior"},
        "Baecula": {"garrisons": ["blue"], "general": "consul"}, "Gerunda": {"revolts": 3},
        "Segobriga": {"revolts": 1}, "Toletum": {"revolts": 1}, "Puciala": {"revolts": 2, "army": True},
        "Castulo": {"revolts": 2, "army": True},
    },
    "numantia": {
        "Regina": {"garrisons": ["red"], "general": "ulterior"}, "Osca": {"garrisons": ["yellow"]},
        "Salduba": {"general": "citerior"}, "Segobriga": {"garrisons": ["blue"]}, "Toletum": {"general": "consul"},
        "Calagurris": {"revolts": 1}, "Numantia": {"revolts": 3, "army": True},
    },
    "terror-of-rome": {
        "Corduba": {"general": "ulterior"}, "Osca": {"garrisons": ["yellow"]}, "Salduba": {"general": "citerior"},
        "Segobriga": {"garrisons": ["blue"]}, "Baecula": {"general": "consul"}, "Calagurris": {"revolts": 1},
        "Numantia": {"revolts": 2}, "Abula": {"revolts": 3, "army": "special"},
    },
    "river-of-oblivion": {
        "Olisipo": {"garrisons": ["red"]}, "Conimbriga": {"garrisons": ["red"], "general": "ulterior"},
        "Osca": {"garrisons": ["yellow"]}, "Salduba": {"general": "citerior"}, "Segobriga": {"garrisons": ["blue"]},
        "Abula": {"general": "consul"}, "Calagurris": {"revolts": 1}, "Numantia": {"revolts": 2},
        "Salmantica": {"revolts": 1}, "Talabriga": {"revolts": 1}, "Asturica": {"revolts": 1},
        "Pallantia": {"revolts": 2}, "Lucus": {"revolts": 1, "army": True},
    },
    "new-empire": {
        "Asturica": {"revolts": 1}, "Lancia": {"revolts": 1}, "Noega": {"revolts": 1}, "Pallantia": {"revolts": 1},
        "Aracillum": {"revolts": 1}, "Flaviobriga": {"revolts": 1}, "Olisipo": {"garrisons": ["red"]},
        "Bracara": {"garrisons": ["red"]}, "Talabriga": {"general": "ulterior"}, "Osca": {"garrisons": ["yellow"]},
        "Pompaelo": {"garrisons": ["yellow"]}, "Deobriga": {"general": "citerior"},
        "Toletum": {"garrisons": ["blue"]}, "Numantia": {"garrisons": ["blue"]}, "Cauca": {"general": "consul"},
    },
}
# Levels each scenario accepts.
LEVEL = {"first-repression": "6-4-3-4-2", "numantia": "6-4-3-4-2", "terror-of-rome": "6-4-3-4-2",
         "river-of-oblivion": "6-4-3-4-2", "new-empire": "6-4-3-5-2"}


def start(name: str, level: str | None = None, **options: object) -> legatus.State:
    return legatus.load("hispania", scenario=name, level=level or LEVEL[name], **options).new_initial_state()


def test_scenario_names_are_documented():
    assert scenario_names() == ["first-repression", "numantia", "terror-of-rome", "river-of-oblivion", "new-empire"]
    with pytest.raises(legatus.OptionError, match="unknown scenario 'rome'.*numantia"):
        legatus.load("hispania", scenario="rome")


@pytest.mark.parametrize("name", list(TEXT))
def test_fixed_setup_matches_the_text(name):
    view = start(name).view()
    for city, pieces in TEXT[name].items():
        got = view["cities"][city]
        assert got["revolts"] == pieces.get("revolts", 0), city
        assert got["garrisons"] == pieces.get("garrisons", []), city
        assert got["general"] == pieces.get("general"), city
        army = pieces.get("army")
        assert (got["army"] is not None) == bool(army), city
        if army == "special":
            assert got["army"] == "special"
    # nothing else is placed yet but the scenario's own pieces (the rolls come next)
    others = {c: v for c, v in view["cities"].items() if c not in TEXT[name]}
    assert not any(v["garrisons"] or v["general"] or v["army"] for v in others.values())


def test_first_repression_time_turn_and_random_revolts_in_IV_V_VI_only():
    st = start("first-repression")
    rolled = []
    while waits_for(st, phases.SETUP_REVOLT):
        rolled.append(st.prompt())
        act(st, "roll 6")
    assert [p.split(" for ")[1].split(":")[0] for p in rolled] == ["IV Lusitania", "V Gallaecia", "VI Cantabria"]
    assert st.time == 0
    finish_setup(st)
    assert st.turn == 2 and st.phase == phases.ROMAN  # the consul's turn (Cato) begins


def test_first_repression_needs_two_armies():
    with pytest.raises(legatus.OptionError, match="at least 2 armies.*has 1"):
        start("first-repression", level="6-4-3-4-1")


def test_numantia_time_and_carpetania_cities_1_3_5():
    st = start("numantia")
    assert st.time == 2 and st.view()["time_track"]["next"] == 162  # 198 and 180 are covered
    assert "III Carpetania" in st.prompt()
    act(st, "roll 2")  # Regina is not 1-3-5: roll again
    assert "roll again" in st.events[-1] and "III Carpetania" in st.prompt()
    act(st, "roll 3")
    assert st.view()["cities"]["Puciala"]["revolts"] == 2


def test_numantia_no_initial_army_in_ilergetia():
    st = start("numantia", level="6-4-3-4-3")
    act(st, "roll 1", "roll 1", "roll 1", "roll 1")  # III-1, IV-1, V-1, VI-1
    act(st, "roll I")
    assert "cannot take an army: roll again" in st.events[-1]
    act(st, "roll II")  # Celtiberia has its army already
    assert "roll again" in st.events[-1]
    act(st, "roll IV", "roll V")
    assert st.phase == phases.SETUP_ROADS


def test_terror_of_rome_imposes_terror_and_starts_in_the_hispanic_phase():
    game = legatus.load("hispania", scenario="terror-of-rome")
    assert "terror" in game.variants and game.options["variants"] == ("terror",)
    st = game.new_initial_state()
    finish_setup(st)
    assert st.time == 3 and st.turn == 0 and waits_for(st, phases.REVOLT)


def test_river_of_oblivion_level_limits_and_pirates():
    with pytest.raises(legatus.OptionError, match="at least 3 fleets"):
        start("river-of-oblivion", level="6-4-2-4-2")
    with pytest.raises(legatus.OptionError, match="at most 4 roads"):
        start("river-of-oblivion", level="6-4-3-5-2")
    st = start("river-of-oblivion")
    assert st.game.variants >= {"pirates"}
    assert st.view()["seas"]["Mare Atlanticum"]["pirates"] == 1 and st.view()["seas"]["Mare Cantabricum"]["pirates"]
    assert st.time == 3 and st.lethe


def test_river_of_oblivion_no_other_revolts_and_armies_not_in_I_III_IV():
    st = start("river-of-oblivion", level="6-4-3-4-3")
    assert waits_for(st, phases.SETUP_ARMY)  # no revolt roll at all
    for roll in ("I", "III", "IV", "V"):
        act(st, f"roll {roll}")
        assert "roll again" in st.events[-1]
    act(st, "roll II", "roll VI")
    assert st.phase == phases.SETUP_ROADS


def test_new_empire_setup_time_and_constraints():
    with pytest.raises(legatus.OptionError, match="exactly 2 armies"):
        start("new-empire", level="6-4-3-5-3")
    with pytest.raises(legatus.OptionError, match="Pirates"):
        start("new-empire", variants=["pirates"])
    st = start("new-empire")
    assert set(st.game.variants) >= {"imperivm", "legio-hispana", "terror"}
    seas = st.view()["seas"]
    assert seas["Mare Atlanticum"]["fleet"] and seas["Mare Cantabricum"]["fleet"] and seas["Mare Balearicum"]["fleet"]
    assert st.view()["time_track"] == {"years": [54, 36, 18], "capacity": 3, "covered": 1, "revolts": 3, "next": 36}
    # The Hispanic die places an army on a Gallaecian revolt, the special army on a Cantabrian one.
    act(st, "roll 1")  # Bracara: no revolt, roll again
    act(st, "roll 4")  # Lancia
    act(st, "roll 6")  # Flaviobriga
    view = st.view()
    assert view["cities"]["Lancia"]["army"] == "army1" and view["cities"]["Flaviobriga"]["army"] == "special"
    assert st.phase == phases.SETUP_ROADS


def test_new_empire_time_passes_three_times_slower():
    st = start("new-empire")
    finish_setup(st)
    assert st.turn == 2  # Caesar Augustus
    st.revolt_reserve += 100  # a bottomless reserve isolates the time track (the count check is off here)
    rng = random.Random(1)
    while not st.is_terminal():
        st.apply_action(act_end(st, rng))
    ends = [e.split(" goes on ")[1].split(" BC")[0] for e in st.events if e.startswith("End of round")]
    assert ends == ["36", "36", "36", "18", "18", "18"]
    assert st.winner == "hispania" and "18 BC" in st.reason


def test_guerilla_roman_die_names_gallaecia_or_cantabria():
    st = start("new-empire")
    act(st, "roll 4", "roll 6")
    finish_setup(st)
    act(st, "end", "roll III-1")  # odd: Gallaecia, city 1 = Bracara
    assert any("Roman die III (Gallaecia), Hispanic die 1 → Bracara" in e for e in st.events)


def test_display_of_power_the_consul_s_first_turn():
    st = start("first-repression")
    act(st, "roll 6", "roll 6", "roll 6")
    finish_setup(st)
    # The consul in Baecula; the army in Castulo (2 revolts, group Castulo-Baecula? no: Baecula
    # holds a garrison) is worth the die alone.
    act(st, "attack Castulo 1", "roll I-6")  # 1 + 1 + 1 blue garrison = 3 against die 6 alone
    assert any("die 6 (Display of Power) = 6" in e for e in st.events)
    assert st.view()["generals"]["consul"]["space"] is None


def test_display_of_power_ends_with_the_consul_s_first_turn():
    st = start("first-repression")
    act(st, "roll 6", "roll 6", "roll 6")
    finish_setup(st)
    assert st.power
    act(st, "end")
    rng = random.Random(0)
    while st.turn == 2 and not st.is_terminal():
        st.apply_action(act_end(st, rng))
    assert not st.power


def act_end(st: legatus.State, rng: random.Random) -> legatus.Action:
    """End every Roman phase at once; draw the dice; decide the rest at random."""
    if st.is_chance_node():
        return sample_outcome(st, rng)
    if st.phase == phases.ROMAN:
        return st.parse_action("end")
    return rng.choice(st.legal_actions())


def lethe_game() -> legatus.State:
    return finish_setup(start("river-of-oblivion"))


def test_lethe_keeps_the_romans_out_of_the_north():
    st = lethe_game()
    assert st.turn == 0 and st.phase == phases.ROMAN  # Brutus (the praetor of Ulterior) begins
    # The consul in Abula cannot enter Pallantia's side of the river; Brutus can cross.
    assert not any(m in legal(st) for m in ("move Lancia", "move Aracillum"))
    act(st, "end")
    rng = random.Random(0)
    while st.phase != phases.ROMAN and not st.is_terminal():
        st.apply_action(act_end(st, rng))
    if st.turn == 2 and st.general_at[2] >= 0:
        assert not any(st.board.space(m.split("move ")[1]) in st.board.north_of_durius
                       for m in legal(st) if m.startswith("move "))


def test_lethe_garrisons_add_nothing_towards_the_north():
    st = lethe_game()
    from legatus.games.hispania.rules import combat

    # Brutus in Conimbriga with a red garrison there; towards Talabriga (south) it counts,
    # towards Bracara (north) it does not.
    here = st.board.space("Conimbriga")
    south = combat.roman_value(st, 0, here, st.board.space("Talabriga"), 1, 1)[0]
    north = combat.roman_value(st, 0, here, st.board.space("Bracara"), 1, 1)[0]
    assert south > north == 2


def lethe_position(**pieces: object) -> legatus.State:
    st = position(**pieces)
    st.lethe = True
    st.forget_legal()
    return st


def test_lethe_only_brutus_crosses_and_then_the_north_is_open():
    # The consul in Cauca cannot cross to Pallantia; Brutus in Cauca can, which removes the road.
    st = lethe_position(generals={"consul": "Cauca", "ulterior": "Gades"}, turn=2)
    assert "move Pallantia" not in legal(st)
    with pytest.raises(legatus.IllegalActionError, match="Lethe road"):
        act(st, "move Pallantia")
    st = lethe_position(generals={"ulterior": "Cauca"})
    assert "move Pallantia" in legal(st)
    act(st, "move Pallantia")
    assert not st.lethe and "Lethe road is removed" in st.events[-1]


def test_lethe_brutus_does_not_land_north_from_the_sea():
    st = lethe_position(generals={"ulterior": "Mare Atlanticum"},
                        fleets=("Mare Balearicum", "Mare Ibericum", "Mare Atlanticum"))
    # Bracara is reached by landing at Talabriga and crossing the river (3), not from the sea (1).
    assert st.describe(st.parse_action("move Bracara")) == "move Bracara (3 denarii)"
    act(st, "move Bracara")
    assert not st.lethe


def test_lethe_a_move_that_need_not_cross_keeps_the_road():
    st = lethe_position(generals={"ulterior": "Cauca"})
    act(st, "move Termes")
    assert st.lethe


@pytest.mark.parametrize("name", list(TEXT))
def test_every_scenario_plays_to_the_end(name):
    for seed in range(3):
        st = play_randomly(start(name), random.Random(seed))
        assert st.is_terminal()
        assert legatus.replay(legatus.to_record(st)).view() == st.view()
