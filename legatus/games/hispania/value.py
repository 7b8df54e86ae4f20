"""An estimate of the Romans' chance of winning from a position, for search agents that stop
their rollouts early: a logistic model over a few features of the position, its weights
fitted on heuristic games (tools/train_hispania_value.py) and kept in data/value.toml."""

from __future__ import annotations

import math
import tomllib
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from .board import HISPANIC_PROVINCES
from .pieces import N_REVOLTS, OFF
from .rules import combat, end_of_round

if TYPE_CHECKING:
    from .state import HispaniaState

FEATURES = ("bias", "reserve", "time", "capitals", "calm_provinces", "nearest_province", "revolts",
            "roman_revolts", "armies", "largest_group", "garrisons_left", "generals_off", "denarii", "round_turn")


def features(st: HispaniaState) -> list[float]:
    board = st.board
    years, capacity = end_of_round.track(st)
    held = [bool(st.garrisons[board.capitals[p]]) for p in HISPANIC_PROVINCES]
    per_province = [sum(st.revolts[c] for c in board.province_cities[p]) for p in HISPANIC_PROVINCES]
    open_provinces = [n for n, h in zip(per_province, held, strict=True) if not h]
    armies = [s for s in st.army_at if s >= 0]
    largest = max((sum(st.revolts[c] for c in combat.group(st, s, garrisons=False)) for s in armies), default=0)
    return [
        1.0,
        st.revolt_reserve / N_REVOLTS,
        st.time / (len(years) * capacity),
        sum(held) / 6,
        sum(1 for n in per_province if n == 0) / 6,
        min(open_provinces, default=0) / 18,
        sum(per_province) / N_REVOLTS,
        float(any(st.revolts[c] for p in (6, 7) for c in board.province_cities[p])),
        len(armies) / 3,
        largest / N_REVOLTS,
        sum(st.garrison_reserve) / 15,
        sum(1 for s in st.general_at[:3] if s == OFF) / 3,
        (st.game.denarii - 5) / 2,
        st.turn / 2,
    ]


@cache
def weights() -> tuple[float, ...]:
    with resources.files(__package__).joinpath("data", "value.toml").open("rb") as fh:
        data = tomllib.load(fh)
    return tuple(float(data["weights"][name]) for name in FEATURES)


def roman_win_chance(st: HispaniaState) -> float:
    """The model's chance that the Romans win from ``st`` (the game over: 0 or 1)."""
    if st.winner is not None:
        return 1.0 if st.winner == "rome" else 0.0
    z = sum(w * x for w, x in zip(weights(), features(st), strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
