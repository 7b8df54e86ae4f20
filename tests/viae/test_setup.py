"""Set Up (C23–C26, V9, V36) for every player count, and the options."""

from __future__ import annotations

import pytest

import legatus
from legatus.core.errors import LegatusError
from legatus.games.viae.ids import Id
from tests.viae.helpers import first_turn


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_C23_C24_C25_C26_setup(players: int) -> None:
    st = first_turn(players)
    g = st.game
    assert st.round == 1 and len(st.order) == players  # C23: round 1, a random first order
    assert sorted(st.spot) == list(range(players))  # V9: spots VIII, VII, … unpaid
    assert st.influence == [1] * players and st.legio == [5] * players  # C23
    # C24: 2 Deceptio each, 1 more for the last; then the round-1 Stipendium draw of 1 (C31)
    sizes = [st.hand_size(s) for s in range(players)]
    assert sizes == [4 if s == st.order[-1] else 3 for s in range(players)]
    assert len(st.public) == players  # C25, V4
    assert all(m >= 0 for m in st.personal)  # C25: 2 personal each
    assert all(c >= 0 for c in st.castra)  # Set Up VIII
    starts = [st.marker[s] for s in range(players)]
    assert len(set(starts)) == players and all(c in g.board.start_cities for c in starts)  # C26, V36
    assert all(st.control[c] == s for s, c in enumerate(starts))
    assert all(st.roads_of(s) == 1 for s in range(players))  # C26: one milestone each
    assert st.frame()[0] == Id.TURN and st.turn_seat() == st.order[0]


def test_C32_actions_per_player_count() -> None:
    assert [legatus.load("viae", players=p).actions_per_turn for p in (2, 3, 4, 5)] == [5, 4, 4, 3]


def test_V4_public_mandatum_option() -> None:
    st = first_turn(3, public_mandatum="players+2")
    assert len(st.public) == 5


def test_V1_deceptio_deck_option() -> None:
    assert sum(legatus.load("viae", deceptio_deck=60).deceptio_counts) == 60
    assert sum(legatus.load("viae").deceptio_counts) == 54


@pytest.mark.parametrize(("options", "words"), [
    ({"players": 6}, "players 6 must be one of 2, 3, 4, 5"),
    ({"deceptio_deck": 55}, "deceptio_deck 55"),
    ({"fortuna_rounds": "13"}, "fortuna_rounds"),
    ({"ordo_costs": "1,2,3"}, "ordo_costs"),
    ({"castra_slot_costs": "1,1"}, "castra_slot_costs"),
    ({"conquest_die": "d8"}, "conquest_die"),
    ({"board": "/nonexistent.toml"}, "cannot read board file"),
])
def test_bad_options_get_one_clear_error(options: dict[str, object], words: str) -> None:
    with pytest.raises(LegatusError, match=words):
        legatus.load("viae", **options)


def test_V6_fortuna_rounds_option() -> None:
    assert legatus.load("viae").fortuna_rounds == frozenset({3, 5, 7, 9, 11})
    assert legatus.load("viae", fortuna_rounds="all").fortuna_rounds == frozenset(range(1, 13))
    assert legatus.load("viae", fortuna_rounds="2,4").fortuna_rounds == frozenset({2, 4})
