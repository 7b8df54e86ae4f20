"""What the seats of a game know: a leaf module, so that the secrecy and record helpers can name it
without importing :mod:`.game`, which uses them."""

from __future__ import annotations

import enum


class Information(enum.Enum):
    """What the seats know: everything (``PERFECT``) or not (``IMPERFECT``: hidden hands,
    private draws)."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"
