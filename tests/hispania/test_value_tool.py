"""The value model's training tool (tools/train_hispania_value.py; issue 16): its measures of
how well a model ranks positions, and a run that reports without writing."""

from __future__ import annotations

import itertools
import subprocess
import sys
from types import ModuleType

import numpy as np  # the tool's own dependency; the test extra installs it
import pytest

from .helpers import ROOT, TOOLS_ENV, tool

TOOL = ROOT / "tools" / "train_hispania_value.py"
MODEL = ROOT / "legatus" / "games" / "hispania" / "data" / "value.toml"


def train() -> ModuleType:
    return tool("train_hispania_value")


def test_auc_is_the_chance_a_won_position_is_rated_above_a_lost_one():
    rng = np.random.default_rng(3)
    p = rng.integers(0, 6, 40).astype(float)  # many ties
    y = (rng.random(40) < 0.4).astype(float)
    pairs = [(a, b) for a, b in itertools.product(p[y > 0.5], p[y < 0.5])]
    expected = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a, b in pairs) / len(pairs)
    assert train().auc(p, y) == pytest.approx(expected)
    assert train().auc(np.array([0.1, 0.9]), np.array([0.0, 1.0])) == 1.0


def test_auc_at_the_same_time_compares_positions_of_one_moment_only():
    t = train()
    # within each time a perfect ranking, across times the reverse: the pooled AUC is poor
    time = np.repeat([0.0, 0.5], 10)
    y = np.tile([0.0] * 5 + [1.0] * 5, 2)
    p = np.concatenate([np.arange(10) + 100, np.arange(10)]).astype(float)
    assert t.auc_at_same_time(p, y, time) == 1.0
    assert t.auc(p, y) < 0.8
    assert np.isnan(t.auc_at_same_time(p[:6], y[:6], time[:6]))  # fewer than 5 wins: no measure


def test_a_report_only_run_leaves_the_model_as_it_is():
    before = MODEL.read_bytes()
    done = subprocess.run([sys.executable, str(TOOL), "--games", "40", "--agent", "tuned", "--levels",
                           "easiest,default", "--no-write"], cwd=ROOT, env=TOOLS_ENV, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "games of tuned" in done.stdout and "7-5-4-5-1:" in done.stdout and "6-4-3-4-2:" in done.stdout
    assert "shipped" in done.stdout and "refit" in done.stdout and "at the same time" in done.stdout
    assert MODEL.read_bytes() == before


def test_an_unknown_level_is_named():
    done = subprocess.run([sys.executable, str(TOOL), "--levels", "easiest,9-9-9-9-9", "--no-write"], cwd=ROOT,
                          env=TOOLS_ENV, capture_output=True, text=True)
    assert done.returncode == 2 and "--levels: level '9-9-9-9-9'" in done.stderr
    assert "Traceback" not in done.stderr
