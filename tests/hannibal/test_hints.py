"""Hints for Hannibal (issue 13, "Hints in the terminal and the browser"): the game's hint agent,
IS-MCTS guided by the heuristic, answers the terminal's ``hint`` and the page's
POST /api/games/{id}/hint for the seat to move. A tiny budget keeps the tests short."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from starlette.testclient import TestClient

from legatus.core.agents import make_agent
from legatus.core.hints import hint_agent
from legatus.core.ismcts import NEAR, ISMCTSAgent
from legatus.core.session import Session
from legatus.games.hannibal.bots import HeuristicAgent
from legatus.games.hannibal.game import HannibalGame
from legatus.terminal import TerminalPlay
from legatus.web.app import create_app
from tests.hannibal.helpers import ready, recorded

TINY = "ismcts+heuristic:3"


@pytest.fixture(autouse=True)
def tiny_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HannibalGame, "HINT_AGENT", TINY)


def test_the_terminal_hint_names_a_legal_move_and_its_win_chance() -> None:
    state = ready([33, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    legal = {state.describe(a) for a in state.legal_actions()}
    out = io.StringIO()
    answers = iter(["", "hint", "quit"])  # Enter: Carthage takes the hot seat's screen
    TerminalPlay(Session(state, seed=1), console=Console(file=out, width=200),
                 read=lambda prompt: next(answers)).run()
    said = out.getvalue()
    hint = re.search(r"Hint \([^)]+\): (.+) — win chance \d+%, estimated from the \d+ of \d+ simulated games", said)
    assert hint and hint.group(1) in legal, said


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.db")) as c:
        yield c


def test_the_web_hint_answers_the_seat_to_move_only(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": "hannibal", "options": {}, "players": {}}).json()
    seat = {s["seat"]: s["token"] for s in created["seats"]}
    view = client.get(f"/api/games/{created['id']}?token={seat['rome']}").json()
    assert view["view"]["to_move"] == "rome", view["view"]["prompt"]
    path = f"/api/games/{created['id']}/hint"
    answer = client.post(path, json={"token": seat["rome"]})
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["action"] in view["view"]["legal_actions"]
    # Rome's first decision has one legal action, which IS-MCTS plays without a search
    forced = len(view["view"]["legal_actions"]) == 1
    assert hint["reason"] == "the only legal action" if forced else "win chance" in hint["reason"]
    assert client.post(path, json={"token": seat["carthage"]}).status_code == 409


def test_the_near_tie_rule_settles_a_tie_the_same_whatever_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36: at this position of the heuristic's self-play (the third of the 20 that
    benchmarks/hannibal_indicators.py's ``--hint`` tries) four seeds of the hint picked three
    different moves, the search's visits within its noise. IS-MCTS's ``near`` rule settles such
    ties by the heuristic's ranking; the plain search (the rule lost 27 of 32 paired games:
    legatus/core/hints.py), the hint before ``flat+heuristic:256``, still varies here."""
    monkeypatch.setattr(HannibalGame, "HINT_AGENT", "ismcts+heuristic:64")
    state = recorded("hint-near-tie")
    settled = set()
    for seed in range(4):
        agent = make_agent(state.game, HannibalGame.HINT_AGENT, seed=seed)
        assert isinstance(agent, ISMCTSAgent)
        agent.near = NEAR
        settled.add(str(agent.choose(state)))
    assert len(settled) == 1, settled
    plain = {str(hint_agent(state.game, seed).choose(state)) for seed in range(4)}
    assert len(plain) > 1, plain


def test_the_flat_search_s_near_ties_go_to_the_ranking_within_three_standard_errors(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36, seventh round: at Rome's first card of turn 2 (the third of the positions that
    benchmarks/hannibal_indicators.py's ``--hint`` tries, since the eighth round's heuristic)
    the hint's search within 1 standard error split between ``event #64`` and ``ops #5`` over
    four seeds; within 3 (``HeuristicAgent.tie``) every seed keeps the heuristic's favourite, as
    at 90 of 100 fresh positions (docs/hannibal/agents.md)."""
    state = recorded("hint-tie-three")
    spec = "flat+heuristic:256"  # the hint as shipped (the fixture above makes the others' tiny)
    assert HeuristicAgent.tie == 3.0
    assert len({str(make_agent(state.game, spec, seed=seed).choose(state)) for seed in range(4)}) == 1
    monkeypatch.setattr(HeuristicAgent, "tie", 1.0)
    assert len({str(make_agent(state.game, spec, seed=seed).choose(state)) for seed in range(4)}) > 1
