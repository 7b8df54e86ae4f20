"""Difficulty levels: five parameters, three values each, 3⁵ = 243 levels (rulebook, Setup).

A level is written denarii-garrisons-fleets-roads-armies, easiest first in each table row:
``7-5-4-5-1`` is the easiest, ``5-3-2-3-3`` the hardest, ``6-4-3-4-2`` the medium level, also
named ``easiest``, ``hardest`` and ``default``.
"""

from __future__ import annotations

import itertools
import tomllib
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

from legatus.core.errors import OptionError

PARAMETERS = ("denarii", "garrisons", "fleets", "roads", "armies")
VALUES = ((7, 6, 5), (5, 4, 3), (4, 3, 2), (5, 4, 3), (1, 2, 3))  # low, medium, high difficulty
MEDIUM = "6-4-3-4-2"
NAMES = {"easiest": "7-5-4-5-1", "default": MEDIUM, "hardest": "5-3-2-3-3"}
MEASURED_BY = "the tuned agent's win rate over 1,000 games (docs/hispania/levels.md)"
BOUND_BY = "the upper end of the 95% interval of a search that sees every future die (docs/hispania/levels.md)"


class Level(NamedTuple):
    denarii: int
    garrisons: int
    fleets: int
    roads: int
    armies: int

    def __str__(self) -> str:
        return "-".join(str(v) for v in self)

    @property
    def difficulty(self) -> tuple[int, ...]:
        """Each parameter's column in the rulebook's table: 0 low, 1 medium, 2 high."""
        return tuple(VALUES[i].index(v) for i, v in enumerate(self))

    @classmethod
    def parse(cls, text: object) -> Level:
        """The level written ``text``; an :class:`OptionError` saying what is wrong.

        >>> Level.parse("6-4-3-4-2").fleets
        3
        """
        if isinstance(text, Level):
            return text
        named = NAMES.get(str(text).strip().lower())
        parts = (named or str(text)).strip().replace("|", "-").split("-")
        example = f"five values {'-'.join(PARAMETERS)}, e.g. {MEDIUM}, or {', '.join(NAMES)}"
        if len(parts) != 5 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            raise OptionError(f"level '{text}' must be {example}")
        values = [int(p) for p in parts]
        for name, value, allowed in zip(PARAMETERS, values, VALUES, strict=True):
            if value not in allowed:
                choices = ", ".join(str(a) for a in allowed)
                raise OptionError(f"level '{text}': {name} is {value}, it must be one of {choices}")
        return cls(*values)


def all_levels() -> list[Level]:
    """The 243 levels, easiest first in lexicographic order of difficulty."""
    return [Level(*(VALUES[i][d] for i, d in enumerate(ds))) for ds in itertools.product(range(3), repeat=5)]


class Bound(NamedTuple):
    """The clairvoyant bound at a level (:data:`BOUND_BY`): at most ``upper`` winnable."""

    games: int
    wins: int
    upper: float


def _data(name: str) -> dict[str, Any]:
    text = resources.files("legatus.games.hispania").joinpath(f"data/{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def measured() -> dict[str, float]:
    """Each level's measured Roman win rate (:data:`MEASURED_BY`), by its written form."""
    return {level: float(rate) for level, rate in _data("levels")["win_rate"].items()}


@cache
def bounds() -> dict[str, Bound]:
    """The clairvoyant bound at each level measured so far (issue 36 point 3), by its written
    form: drawn from the raw results by benchmarks/hispania_bound.py."""
    return {level: Bound(int(b["games"]), int(b["wins"]), float(b["upper"]))
            for level, b in _data("bounds")["bound"].items()}
