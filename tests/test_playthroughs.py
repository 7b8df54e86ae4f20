"""The recorded playthroughs (tests/playthroughs/) are regenerated and must be identical: an
unintended change to the rules shows as a diff. After an intended change, regenerate them
with ``python -m tests.playthroughs.make`` and review the diff."""

from __future__ import annotations

import difflib

import pytest

from tests.playthroughs.make import FAMILIES, path, playthrough


@pytest.mark.parametrize("family", list(FAMILIES))
def test_playthrough_is_unchanged(family):
    stored = path(family).read_text(encoding="utf-8").splitlines()
    fresh = playthrough(family)
    if fresh != stored:
        first = next(i for i, (a, b) in enumerate(zip(stored, fresh, strict=False)) if a != b) \
            if any(a != b for a, b in zip(stored, fresh, strict=False)) else min(len(stored), len(fresh))
        shown = "\n".join(difflib.unified_diff(stored[first:first + 1], fresh[first:first + 1], lineterm="", n=0))
        pytest.fail(f"playthrough {family} differs at line {first}:\n{shown[:2000]}")
