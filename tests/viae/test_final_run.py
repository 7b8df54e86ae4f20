"""benchmarks/viae_agents.py's final run (issue 36): its report reads the raw file, counts a
tie as a loss in the test (conservative) and its share in the mean return, and names the counts
under the even share."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent


def _load() -> Any:
    sys.path.insert(0, str(ROOT / "benchmarks"))  # its own import of the harness
    spec = importlib.util.spec_from_file_location("viae_agents", ROOT / "benchmarks" / "viae_agents.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


viae_agents = _load()


def line(players: int, seed: int, hero_return: float, hero: str = "guided") -> dict[str, object]:
    return {"players": players, "hero": hero, "others": "heuristic", "hero_seat": 0, "seed": seed, "game": seed,
            "hero_return": hero_return, "returns": [hero_return, 1 - hero_return], "cpu": 60.0, "decisions": 2,
            "decision_median": 0.5, "decision_max": 2.0, "decision_cpu": [0.5, 2.0], "forced": 0}


def test_the_final_report_tests_sole_wins_and_names_the_counts_below_the_even_share(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    games = [line(2, s, 1.0) for s in range(8)] + [line(2, 8, 0.5), line(2, 9, 0.0)]  # 8 wins, a tie, a loss
    games += [line(3, s, 0.0) for s in range(3)] + [line(3, 9, 1.0, hero="ismcts+heuristic")]  # another run's
    out.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    text = viae_agents.report(out, "guided", "heuristic", looks=4)
    assert "| 2 | 10 | 85.0% |" in text  # the tie's half counts in the mean return
    assert "| 3 | 3 | 0.0% |" in text  # the other hero's game left out
    # 8 sole wins in 13 games with chances 1/2 (10) and 1/3 (3): the tie is no win.
    expected = viae_agents.share_test([1 / 2] * 10 + [1 / 3] * 3, 8)
    assert f"8 sole wins in 13 games where an even share expects 6.0: p = {expected:.3g}" in text
    assert "0.01 / 4 looks = 0.0025" in text
    assert "under the even share at 3 players" in text
    assert "| 1.25 / 2.00 s |" in text  # over every decision of the count
