"""The code stays typed (mypy --strict) and linted (ruff): DESIGN.md, "Style to follow"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_mypy_strict_is_clean():
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_is_clean():
    result = run("ruff", "check", "legatus", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr
