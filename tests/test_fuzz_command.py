"""``legatus fuzz`` (legatus.core.fuzz): random play over random options with the game's
invariants; a short run in CI, and each kind of failure caught and saved as a record."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import legatus
from legatus.cli import app
from legatus.core import fuzz
from legatus.games.hispania.game import HispaniaGame
from legatus.games.hispania.state import HispaniaState


def test_a_short_fuzz_run_finds_nothing(tmp_path):
    result = CliRunner().invoke(app, ["fuzz", "hispania", "--games", "300", "--seed", "11", "--backend", "serial",
                                      "--failures", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "hispania: 300 games" in result.stdout and "0 failures" in result.stdout
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("games", ["-1", "0"])
def test_fewer_than_one_game_is_refused(games):
    """Issue 32, point 6: ``--games -1`` was accepted and played nothing."""
    result = CliRunner().invoke(app, ["fuzz", "hannibal", "--games", games])
    assert result.exit_code == 2
    assert f"--games {games}: give how many games to play, 1 or more" in result.stderr


def test_fuzz_options_are_always_valid_and_varied():
    import random

    rng = random.Random(4)
    drawn = [HispaniaGame.fuzz_options(rng) for _ in range(200)]
    for options in drawn:
        legatus.load("hispania", **options)
    assert len({o["level"] for o in drawn}) > 50 and any("scenario" in o for o in drawn)
    assert any("hispano" in o["variants"] for o in drawn) and any(o["players"] == 3 for o in drawn)


@pytest.mark.parametrize("kind", ["invariant", "crash", "dead end", "loop"])
def test_failures_are_caught_and_kept_as_replayable_records(monkeypatch, tmp_path, kind):
    if kind == "invariant":
        monkeypatch.setattr(HispaniaGame, "invariants", lambda self, st: ["broken on purpose"] if st.round > 1 else [])
    elif kind == "crash":
        from legatus.games.hispania.rules import roman_phase

        original = roman_phase.apply

        def crashing(st, kind_, a, b, c):
            if st.round > 1:
                raise RuntimeError("crash on purpose")
            original(st, kind_, a, b, c)

        monkeypatch.setattr(roman_phase, "apply", crashing)
    elif kind == "loop":  # as if every decision from round 2 left the position as it was
        original_position = HispaniaState.position
        monkeypatch.setattr(HispaniaState, "position",
                            lambda self: "unchanged" if self.round > 1 else original_position(self))
    else:
        original_legal = HispaniaState.legal_ids

        def empty(self):
            return () if self.round > 1 and self.phase == 3 else original_legal(self)

        monkeypatch.setattr(HispaniaState, "legal_ids", empty)
        monkeypatch.setattr(HispaniaGame, "invariants", lambda self, st: [])  # they would see it first
    found = None
    for seed in range(200):
        result = fuzz.fuzz_game("hispania", seed)
        if result["failure"]:
            found = result["failure"]
            break
    assert found is not None and found["kind"] == kind
    record = found["record"]
    assert record["game"] == "hispania" and record["actions"]
    if kind != "crash":  # the record stops right where it failed and replays there
        state = legatus.replay(record)
        assert state.round > 1
    assert json.loads(json.dumps(record)) == record


def test_the_command_saves_failures_and_exits_non_zero(monkeypatch, tmp_path):
    monkeypatch.setattr(HispaniaGame, "invariants", lambda self, st: ["broken on purpose"] if st.round > 2 else [])
    result = CliRunner().invoke(app, ["fuzz", "hispania", "--games", "40", "--backend", "serial",
                                      "--failures", str(tmp_path)])
    assert result.exit_code == 1 and "invariant" in result.stdout
    saved = list(tmp_path.glob("hispania-*.json"))
    assert saved and legatus.read_record(saved[0])["game"] == "hispania"
