"""Seats: 1, 2 or 3 Roman players as the rulebook shares out the generals (Setup), the
Hispano seat, and the referee for a real table (every die typed in)."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import legatus
from legatus.core.session import Session
from legatus.terminal import TerminalPlay

from .helpers import act, legal, position


@pytest.mark.parametrize("players, seats", [
    (1, ("rome",)), (2, ("ulterior", "citerior")), (3, ("ulterior", "citerior", "consul")),
])
def test_the_generals_shared_out_by_the_number_of_players(players, seats):
    game = legatus.load("hispania", players=players)
    assert game.seats == seats
    with_hispano = legatus.load("hispania", players=players, variants=["hispano"])
    assert with_hispano.seats == seats + ("hispania",)


def test_two_players_share_the_consul_first_actions_then_last():
    st = position(players=2, turn=2)
    assert st.game.seats[st.current_player()] == "ulterior"  # praetor I decides first (R1)
    assert "hand over" in legal(st)
    act(st, "move Mare Balearicum", "hand over")
    assert st.game.seats[st.current_player()] == "citerior"
    assert "hand over" not in legal(st)
    view = st.view()
    assert view["generals"]["consul"]["seat"] == ["ulterior", "citerior"]
    assert view["legal_actions"] and st.view(0)["legal_actions"] == []  # the other seat only watches


def test_hand_over_and_end_say_what_they_do():
    """Issue 15, point 10: "hand over" is explained, and ending with denarii left says they are lost (R9)."""
    st = position(players=2, turn=2, money=3)
    hand_over = st.parse_action("hand over")
    assert st.describe(hand_over) == "hand over (the citerior player goes on with the consul's turn; once a turn)"
    assert st.describe(st.parse_action("end")) == "end (3 denarii unspent, lost (R9))"
    st.money = 1
    assert st.describe(st.parse_action("end")) == "end (1 denarius unspent, lost (R9))"
    st.money = 0
    assert st.describe(st.parse_action("end")) == "end"


def test_views_are_per_seat():
    st = position(players=3, turn=1)
    assert st.view(1)["legal_actions"] and not st.view(0)["legal_actions"] and not st.view(2)["legal_actions"]
    assert st.view(0)["cities"] == st.view(1)["cities"]  # no secrets in Hispania


def test_hotseat_terminal_says_whose_decision_it_is():
    session = Session(legatus.load("hispania", players=3, seed=2).new_initial_state())
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "quit" if len(prompts) > 12 else "1"

    TerminalPlay(session, console=Console(file=io.StringIO(), width=160), read=read).run()
    decisions = [p for p in prompts if p.rstrip("> \n").endswith(")")]
    assert any("(ulterior)" in p for p in decisions) and any("(citerior)" in p for p in decisions)
    assert any("(consul)" in p for p in decisions)


@pytest.mark.parametrize("options", [
    {}, {"variants": ["terror", "pirates", "hispano", "ingenivm"], "traitors": True},
    {"scenario": "new-empire", "level": "6-4-3-5-2"}, {"scenario": "numantia", "variants": ["hispano"]},
])
def test_referee_every_die_is_typed_in(options):
    """With --dice manual nothing is rolled behind the players' backs: every chance node is
    answered by the person at the table."""
    session = Session(legatus.load("hispania", seed=3, **options).new_initial_state())
    session.roll = lambda: pytest.fail("a die was rolled by legatus")  # type: ignore[method-assign]
    rng = random.Random(3)
    typed = 0

    def read(prompt: str) -> str:
        nonlocal typed
        state = session.state
        if state.is_terminal() or typed > 400:
            return "quit"
        if state.is_chance_node():
            typed += 1
            return str(rng.choice(state.chance_outcomes())[0]).removeprefix("roll ")
        return str(rng.randint(1, len(state.legal_actions())))

    TerminalPlay(session, dice="manual", console=Console(file=io.StringIO(), width=160), read=read).run()
    assert typed > 10
    assert len([a for a in session.state.history() if str(a).startswith("roll")]) == typed
