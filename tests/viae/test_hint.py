"""``hint`` at the terminal for VIAE: the core's hint path (terminal.TerminalPlay._hint) with the
game's hint agent, the guided IS-MCTS with heuristic rollouts, searching only what the seat may
know (V43).

The shipped budget (ViaeGame.HINT_AGENT, guided's 150 simulations) takes about a CPU second a
hint (docs/agents.md#viae); the tests use a smaller one through the same path."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from legatus.core.agents import make_agent
from legatus.core.mcts import Analysis
from legatus.core.session import Session
from legatus.games.viae.bots import GuidedAgent
from legatus.games.viae.game import ViaeGame
from legatus.games.viae.state import ViaeState
from legatus.terminal import TerminalPlay
from tests.viae.helpers import first_turn, swap_card

BUDGET = 6


@pytest.fixture(autouse=True)
def small_hint_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ViaeGame.HINT_AGENT == "guided"  # issue 36: the guided search, at its own budget
    monkeypatch.setattr(ViaeGame, "HINT_AGENT", f"guided:{BUDGET}")


def hint(state: ViaeState) -> str:
    """What the terminal says to ``hint`` at the person's decision (the other seat an agent)."""
    seat = state.current_player()
    agents = {s: make_agent(state.game, "heuristic", seed=s) for s in range(state.game.num_players()) if s != seat}
    out = io.StringIO()
    answers = iter(["hint", "quit"])
    TerminalPlay(Session(state, seed=1), console=Console(file=out, width=200), read=lambda p: next(answers),
                 agents=agents).run()
    return out.getvalue()


def test_hint_names_an_action_and_its_win_chance() -> None:
    state = first_turn(players=2)
    said = hint(state)
    lines = re.findall(rf"(Hint \(guided:{BUDGET}\):|  or:) (.+) — win chance \d+%, "
                       rf"estimated from the \d+ of {BUDGET} simulated games",
                       said)
    assert lines and lines[0][0].startswith("Hint ("), said  # the hint names its agent
    legal = {state.describe(a) for a in state.legal_actions()}  # as the menu reads them: roads with their ends
    assert all(action in legal for _, action in lines), (lines, legal)


def test_hint_does_not_read_another_seats_hand() -> None:  # V43: the search starts from a drawn state
    state = first_turn(players=3)
    other = swap_card(state, (state.current_player() + 1) % 3)
    assert other.hand != state.hand
    assert hint(other) == hint(state)


@pytest.mark.parametrize(("other", "note"), [(0.28, True), (0.27, False), (0.20, False)])
def test_a_hint_whose_figure_is_below_another_s_says_it_is_the_move_tried_most(
        monkeypatch: pytest.MonkeyPatch, other: float, note: bool) -> None:
    """Play review: at the first decision of a 3-player game the hint's move showed a win chance
    of 27%, an alternative below it 28%. The search recommends the move it tried most, whose
    figure rests on the most games; where another shows more, the hint says so."""
    state = first_turn(players=3)
    seat, legal = state.current_player(), state.legal_actions()

    def mean(chance: float) -> tuple[float, ...]:
        return tuple(chance if s == seat else 0.3 for s in range(3))

    def analyse(agent: GuidedAgent, _: ViaeState) -> list[Analysis]:
        agent.last_simulations = 150
        return [Analysis(legal[0], 80, mean(0.27)), Analysis(legal[1], 40, mean(other)),
                Analysis(legal[2], 30, mean(0.2))]

    monkeypatch.setattr(GuidedAgent, "analyse", analyse)
    said = " ".join(hint(state).split())  # however the console wrapped it
    tried = f"{state.describe(legal[0])} — win chance 27%, estimated from the 80 of 150 simulated games that tried it"
    assert f"Hint (guided:{BUDGET}): {tried}" in said
    assert (f"{tried}; chosen as the move tried most, the surest estimate or: " in said) == note, said
    assert f"or: {state.describe(legal[1])} — win chance {other:.0%}, estimated from the 40 of 150 " in said
