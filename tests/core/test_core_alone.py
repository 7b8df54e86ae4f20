"""legatus/core is tested without loading Hispania (issue 10): its tests and doctests run on
the test games alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK = """
import sys, pytest
code = pytest.main(["-q", "-p", "no:cacheprovider", "-x", "tests/core", "legatus/core",
                    "--deselect", "tests/core/test_core_alone.py::test_the_core_is_tested_without_any_game_of_legatus"])
games = sorted(m for m in sys.modules if m.startswith("legatus.games."))
print("GAMES", games)
sys.exit(code or (3 if games else 0))
"""


def test_the_core_is_tested_without_any_game_of_legatus() -> None:
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "GAMES []" in done.stdout
