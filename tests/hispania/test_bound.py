"""benchmarks/hispania_bound.py, the clairvoyant bound in the atlas (issue 36 point 3): the table
and the game form's data drawn from small fixture files, and the shipped ones drawn from the raw files."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest

from legatus.games.hispania.level import bounds
from legatus.sim.stats import wilson

from .helpers import ROOT, script

bound = script("benchmarks", "hispania_bound")


def write(path: Path, games: list[tuple[str, str, int, bool]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps({"agent": a, "level": lv, "index": i, "won": w, "outcome": "x"}) + "\n"
                            for a, lv, i, w in games))


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A repository with small raw files: the named run (3 hardest games, one of them also in the
    sample's file under the level's written form), the sample's (2 games at 7-3-4-3-1, one at a
    level outside the plan), and the flat search's."""
    clair = bound.AGENT
    write(tmp_path / bound.NAMED_RAW, [(clair, "hardest", 0, True), (clair, "hardest", 1, False),
                                       (clair, "hardest", 2, False), ("other", "hardest", 3, True)])
    write(tmp_path / bound.RAW, [(clair, "7-3-4-3-1", 0, True), (clair, "7-3-4-3-1", 1, False),
                                 (clair, "5-3-2-3-3", 0, True), (clair, "5-5-4-5-2", 0, True)])
    write(tmp_path / bound.FLAT_RAW, [(bound.FLAT, "hardest", 0, False), ("mcts+heuristic:48", "hardest", 1, True)])
    return tmp_path


def test_a_game_is_counted_once_whatever_file_or_name_holds_it(root: Path) -> None:
    assert bound.tally([root / bound.NAMED_RAW, root / bound.RAW], bound.AGENT) == {
        "5-3-2-3-3": (1, 3), "7-3-4-3-1": (1, 2), "5-5-4-5-2": (1, 1)}


def test_the_table_gives_at_most_the_upper_end_beside_the_agents_rates(root: Path) -> None:
    table, _ = bound.draw(root)
    rows = {line.split(" | ")[0].removeprefix("| "): line for line in table.splitlines()[2:]}
    assert set(rows) == {lv if lv not in bound.NAMES.values() else
                         f"{lv} ({next(k for k, v in bound.NAMES.items() if v == lv)})" for lv in bound.PLANNED}
    hardest = rows["5-3-2-3-3 (hardest)"]
    assert f"**{wilson(1, 3)[1]:.1%}**" in hardest and "1 / 3 = 33.3%" in hardest and "3 (100)" in hardest
    assert "0 / 1 = 0.0%" in hardest  # the flat search's one game, the other agent's left out
    assert f"**{wilson(1, 2)[1]:.1%}** |" in rows["7-3-4-3-1"] and "2 (24)" in rows["7-3-4-3-1"]
    assert rows["5-4-3-4-2"].endswith("| not measured | 0 (24) | – | – |")  # no game yet: no bound
    assert "5-5-4-5-2" not in table  # outside the plan


def test_the_form_s_data_holds_each_fully_measured_level_s_games_wins_and_upper_end(
        root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bound.PLANNED, "7-3-4-3-1", 2)  # its 2 games all played; the hardest's 3 of 100 not
    _, data = bound.draw(root)
    assert tomllib.loads(data)["bound"] == {"7-3-4-3-1": {"games": 2, "wins": 1, "upper": round(wilson(1, 2)[1], 3)}}


def test_redrawing_replaces_only_the_table_and_says_where_it_goes() -> None:
    doc = f"before\n{bound.BEGIN}\nold\n{bound.END}\nafter\n"
    assert bound.redraw(doc, "new\n") == f"before\n{bound.BEGIN}\nnew\n{bound.END}\nafter\n"
    with pytest.raises(SystemExit, match="the table goes between one line"):
        bound.redraw("before\nafter\n", "new\n")


def test_play_refuses_a_level_outside_the_sample(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["hispania_bound.py", "--play", "--levels", "6-4-3-4-2"])
    with pytest.raises(SystemExit):
        bound.main()
    assert "--levels 6-4-3-4-2: not in the sample; it holds 7-3-4-3-1" in capsys.readouterr().err


def test_the_shipped_table_and_form_data_are_drawn_from_the_raw_files() -> None:
    """After new lines in a raw file: `python benchmarks/hispania_bound.py` redraws both."""
    table, data = bound.draw(ROOT)
    assert (ROOT / bound.DATA).read_text() == data
    doc = (ROOT / bound.DOC).read_text()
    assert bound.redraw(doc, table) == doc
    assert bounds()["5-3-2-3-3"].games >= 100  # the package reads what the script wrote
