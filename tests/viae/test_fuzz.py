"""Random games over 2–5 players and the options: invariants after every action, every record
replays exactly (legatus.core.fuzz)."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.core import fuzz
from legatus.core.fuzz import fuzz_game


@pytest.mark.parametrize("batch", range(4))
def test_fuzzed_games_keep_the_invariants_and_replay(batch: int) -> None:
    for seed in range(batch * 30, batch * 30 + 30):
        result = fuzz_game("viae", seed)
        assert result["failure"] is None, result["failure"]


def test_the_fuzz_draws_the_movers_input_and_keeps_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    # What a server's agent is given (state.resample) is drawn at some decisions too: a draw that
    # fails is a failure of its own kind, its record replaying to the position; the game a seed
    # plays is the same with or without the draws.
    from legatus.games.viae.state import ViaeState

    def failing(self: ViaeState, seat: int, rng: object) -> ViaeState:
        raise RuntimeError("no world")

    played = fuzz_game("viae", 3)
    monkeypatch.setattr(ViaeState, "resample", failing)
    failed = fuzz_game("viae", 3)
    assert failed["failure"]["kind"] == "resample" and "no world" in failed["failure"]["message"]
    position = legatus.replay(failed["failure"]["record"])
    assert 0 < len(position.history()) < played["steps"]
    monkeypatch.undo()
    monkeypatch.setattr(fuzz, "RESAMPLE_SHARE", 0.0)  # fewer draws: the first of each kind only
    assert fuzz_game("viae", 3) == played


def test_the_fuzz_draws_the_input_of_the_seats_not_to_move_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 30, V43: the draws of the seats watching another's Mandatum claim went wrong while the
    # mover's were right. A draw that goes wrong only for a seat not to move is a failure too.
    from legatus.games.viae.state import ViaeState

    right = ViaeState.resample

    def wrong_for_watchers(self: ViaeState, seat: int, rng: random.Random) -> legatus.State:
        drawn = right(self, seat, rng)
        if seat != self.current_player():
            drawn.round += 1  # another position than the seat's
        return drawn

    monkeypatch.setattr(ViaeState, "resample", wrong_for_watchers)
    failure = fuzz_game("viae", 3)["failure"]
    assert failure["kind"] == "resample" and "shows it another view" in failure["message"]
    assert "to move)" in failure["message"] and "(to move)" not in failure["message"]


def test_the_fuzz_draws_every_seat_s_input_at_the_first_decision_of_each_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    # A rare step (a seat placing a completed Mandatum, V40) is drawn in every game that reaches
    # it, whatever the share of decisions drawn at random.
    from legatus.games.viae.state import ViaeState

    right = ViaeState.resample
    drawn: dict[str, set[int]] = {}

    def noted(self: ViaeState, seat: int, rng: random.Random) -> legatus.State:
        drawn.setdefault(fuzz.decision_kind(self.legal_actions()), set()).add(seat)
        return right(self, seat, rng)

    monkeypatch.setattr(ViaeState, "resample", noted)
    monkeypatch.setattr(fuzz, "RESAMPLE_SHARE", 0.0)
    result = fuzz_game("viae", 3)
    assert result["failure"] is None
    players = result["options"]["players"]
    assert {"end", "move", "conquer", "keep"} <= drawn.keys()
    assert all(seats == set(range(players)) for seats in drawn.values())
