"""benchmarks/observables.py, the invariance harness of issues 34 and 35: it plays the fuzz's
games, the same seed gives the same digest, and a change of one observable at one step is found
at that seed, that step and that observable."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from legatus.core.fuzz import fuzz_game
from legatus.games.hispania.state import HispaniaState

ROOT = Path(__file__).resolve().parent.parent


def _load_harness() -> Any:
    spec = importlib.util.spec_from_file_location("observables", ROOT / "benchmarks" / "observables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["observables"] = module  # its worker processes find it by name
    spec.loader.exec_module(module)
    return module


harness = _load_harness()
CHANGED_STEP = 10


def change_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hispania's view as a careless refactor might leave it: one key more after 10 actions."""
    view = HispaniaState.view

    def changed(self: HispaniaState, seat: int | None = None) -> dict[str, Any]:
        shown = view(self, seat)
        return {**shown, "extra": True} if len(self.history()) == CHANGED_STEP else shown

    monkeypatch.setattr(HispaniaState, "view", changed)


@pytest.mark.parametrize("name", ["hispania", "viae"])
def test_it_plays_the_fuzz_games(name: str) -> None:
    """The seed's game is the fuzz's: as many steps (the options and the policy drawn alike)."""
    seed = {"hispania": 0, "viae": 2}[name]
    assert harness.hash_stream("observables", name, seed, "sampled")["steps"] == fuzz_game(name, seed)["steps"]


def test_the_same_seed_gives_the_same_digest() -> None:
    first = [harness.hash_stream("observables", "hispania", seed, "full") for seed in (0, 1)]
    again = [harness.hash_stream("observables", "hispania", seed, "full") for seed in (0, 1)]
    assert first == again
    assert first[0]["digest"] != first[1]["digest"]


def test_the_agents_choose_alike_on_the_same_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(harness.AGENT_EVERY, "hispania", 10)  # two decisions of the game's 20
    first = list(harness.agent_observables("hispania", 0))
    assert [label for _, label, _ in first[:2]] == list(harness.AGENTS["hispania"])
    assert list(harness.agent_observables("hispania", 0)) == first


def test_a_changed_view_is_found_at_its_step(monkeypatch: pytest.MonkeyPatch) -> None:
    before = list(harness.observables("hispania", 0, "full"))
    change_view(monkeypatch)
    found = harness.first_difference(harness.observables("hispania", 0, "full"), before)
    assert found is not None
    where, ours, theirs = found
    assert where == f"step {CHANGED_STEP}, view None"
    assert '"extra":true' in ours and '"extra"' not in theirs


def test_check_names_the_first_seed_that_differs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """``--check`` on a file made before the change: exit code 1 at the seed that differs.
    (Seed 0 of Hispania lasts 30 actions and changes; the file is made with the view as it was.)"""
    path = tmp_path / "observables.json"
    assert harness.main(["--game", "hispania", "--games", "2", "--mode", "full", "--out", str(path)]) == 0
    assert json.loads(path.read_text())["games"]["hispania"]["0"]["steps"] == fuzz_game("hispania", 0)["steps"]
    assert harness.check(path, None, 1) == 0
    explained: list[tuple[Any, ...]] = []
    monkeypatch.setattr(harness, "explain", lambda *args: explained.append(args))
    change_view(monkeypatch)
    assert harness.check(path, None, 1) == 1
    assert "DIFFERENT: hispania seed 0" in capsys.readouterr().out
    assert explained and explained[0][:3] == ("observables", "hispania", 0)


def test_the_stream_of_another_tree_reads_back_and_compares(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``--check`` compares with: the stream of a ``legatus/`` in a folder (here the working
    tree's own), played in a process of its own; the view changed here is found against it."""
    theirs = harness.stream_at(str(ROOT), "observables", "hispania", 0, "sampled")
    assert harness.first_difference(harness.observables("hispania", 0, "sampled"), theirs) is None
    change_view(monkeypatch)
    found = harness.first_difference(harness.observables("hispania", 0, "sampled"), theirs)
    assert found is not None and found[0] == f"step {CHANGED_STEP}, view None"


HEADER = {"what": "observables", "mode": "sampled"}


def fake_job(played: list[tuple[Any, ...]]) -> Any:
    """A seed's job that records what it plays and gives a digest made of the seed."""
    def job(args: tuple[str, str, int, str]) -> tuple[str, int, dict[str, Any]]:
        played.append(args)
        return args[1], args[2], {"digest": f"d{args[2]}", "steps": 1, "cpu": 0.0}
    return job


def test_a_run_stopped_mid_line_goes_on_from_its_partial_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The seeds a stopped ``--out`` run kept are not played again; the line the stop cut is
    dropped (its seed played again), so that the lines appended after it stay whole."""
    kept = tmp_path / "observables.json.partial"
    done = {"game": "hispania", "seed": 0, "digest": "d0", "steps": 3, "cpu": 0.5}
    kept.write_text(f"{json.dumps(HEADER)}\n{json.dumps(done)}\n" + '{"game": "hispania", "seed": 1, "dig')
    played: list[tuple[Any, ...]] = []
    monkeypatch.setattr(harness, "_job", fake_job(played))
    results = harness.run("observables", {"hispania": [0, 1, 2]}, "sampled", 1, kept)
    assert played == [("observables", "hispania", seed, "sampled") for seed in (1, 2)]
    assert [r["digest"] for r in results["hispania"].values()] == ["d0", "d1", "d2"]
    lines = [json.loads(line) for line in kept.read_text().splitlines()]
    assert lines[:2] == [HEADER, done] and [line["seed"] for line in lines[2:]] == [1, 2]


@pytest.mark.parametrize("text, refused", [
    (f'{json.dumps({"what": "agents", "mode": "sampled"})}\n', "holds seeds of another run"),
    (f'{json.dumps(HEADER)}\n{{"game": "hisp\n{{"game": "viae"}}\n', "line 2 is not JSON"),
])
def test_a_partial_file_of_another_run_or_broken_inside_is_refused(tmp_path: Path, text: str, refused: str) -> None:
    kept = tmp_path / "observables.json.partial"
    kept.write_text(text)
    with pytest.raises(SystemExit, match=refused):
        harness.kept_seeds(kept, HEADER)


def test_a_new_partial_file_starts_with_its_header(tmp_path: Path) -> None:
    kept = tmp_path / "observables.json.partial"
    assert harness.kept_seeds(kept, HEADER) == []
    assert kept.read_text() == json.dumps(HEADER) + "\n"
