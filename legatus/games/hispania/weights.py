"""The numbers of the heuristic agent's Roman valuations (:mod:`.bots`) as named tables of
weights, kept in data/weights.toml: ``heuristic``, the values set by hand, and ``tuned``,
those found by ``tools/tune_hispania_heuristic.py`` (docs/agents.md, issue 16)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources

BASE_GAME = ("denarius", "revolt", "army", "defeat", "capital", "move_cost", "sea_revolt", "roman_province",
             "clearing", "pressure", "army_calm", "capital_second", "garrison_by_army", "garrison_by_revolt")
"""The weights the base game's choices use; the others weigh variants' actions only."""


@dataclass(frozen=True)
class Weights:
    """What each thing the Roman heuristic weighs is worth, in revolts removed."""

    denarius: float  # a denarius kept, when nothing is bought with it
    revolt: float  # a revolt back in the reserve
    army: float  # an army destroyed
    defeat: float  # a general lost after a failed attack
    capital: float  # a capital's first garrison (not the last one: that wins the game)
    move_cost: float  # a little against moving for nothing, per denarius of the move and one
    sea_revolt: float  # a revolt removed at sea
    roman_province: float  # added for a revolt in a Roman province (victory needs them calm)
    clearing: float  # added for a revolt of a province whose capital is open, over its revolts
    pressure: float  # the race against the reserve: values × (1 + pressure / (reserve + 2))
    army_calm: float  # added to an army for each calm city next to it (where it would spread)
    capital_second: float  # a capital's second garrison disc, an army next to it
    garrison_by_army: float  # a first garrison elsewhere, an army next to it
    garrison_by_revolt: float  # added for a first garrison next to a revolt
    other_general: float  # the share of another general's gain from moving him
    proconsul: float  # the proconsul brought in
    assassinate: float  # the special army's leader killed
    assassinate_miss: float  # traitors paid for nothing
    road: float  # a road built in the Roman phase

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    def as_dict(self) -> dict[str, float]:
        return {name: getattr(self, name) for name in self.names()}


def read_tables(text: str) -> dict[str, Weights]:
    """The tables of a weights file: every table must give every weight, and only those."""
    tables: dict[str, Weights] = {}
    for name, table in tomllib.loads(text).items():
        missing = [w for w in Weights.names() if w not in table]
        unknown = [w for w in table if w not in Weights.names()]
        if missing or unknown:
            raise ValueError(f"weights table [{name}]: missing {missing}, unknown {unknown}; "
                             f"the weights are {', '.join(Weights.names())}")
        tables[name] = Weights(**{w: float(table[w]) for w in Weights.names()})
    return tables


@cache
def table(name: str) -> Weights:
    """The weights table ``name`` of data/weights.toml."""
    text = resources.files(__package__).joinpath("data", "weights.toml").read_text()
    tables = read_tables(text)
    if name not in tables:
        raise KeyError(f"no weights table '{name}'; tables: {', '.join(tables)}")
    return tables[name]
