"""How a game is played as a single-agent environment (:class:`SingleAgent`), which a game
declares (``Game.SINGLE_AGENT``) so that an adapter needs no knowledge of any one game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class SingleAgent:
    """The seat a single-agent environment plays (an index), the agent spec that plays every
    other seat, the options that make the game one seat's (set by default, refused otherwise),
    and the class name the adapter also serves the environment under (kept for its users).

    >>> SingleAgent(0, "heuristic", {"players": 1}, "RomanEnv").options["players"]
    1
    """

    seat: int
    opponent: str = "random"
    options: Mapping[str, Any] = field(default_factory=dict)
    alias: str | None = None
