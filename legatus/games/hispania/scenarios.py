"""The five scenarios (rulebook "Scenarios"), read from ``data/scenarios.toml`` and checked
against the board and the level. Their special rules live in :mod:`.rules.scenarios`."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from legatus.core.errors import BoardError, OptionError

from .board import PROVINCE_KEYS, Board
from .level import PARAMETERS, Level
from .pieces import COLOURS, GENERALS, MAX_DISCS, TIME_TRACK, TURN_NUMERALS
from .variants import VARIANTS

DISPLAY_OF_POWER, LETHE, GUERILLA = "display-of-power", "lethe", "guerilla"
RULES = (DISPLAY_OF_POWER, LETHE, GUERILLA)


@dataclass(frozen=True)
class Piece:
    city: int
    revolts: int
    garrisons: tuple[int, ...]
    army: str | None  # "army" or "special"
    general: int | None


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    time: int  # revolts on the time track at the start
    track: tuple[int, ...]  # years BC of the time track's spaces
    capacity: int  # revolts a space of the track holds
    turn: int  # 0, 1, 2: turn I, II, III
    hispanic_start: bool  # the game starts in that turn's Hispanic phase
    pieces: tuple[Piece, ...]
    fleets: tuple[int, ...]  # seas that take the first fleets
    random_revolts: tuple[int, ...]  # provinces whose initial revolts are rolled
    revolt_numbers: dict[int, tuple[int, ...]]  # province -> the city numbers a roll may name
    no_army_in: frozenset[int]
    armies_in: tuple[tuple[int, str], ...]  # (province, "army" or "special") placed by a die
    level: dict[str, int]
    variants: tuple[str, ...]
    forbidden: tuple[str, ...]
    rules: frozenset[str]

    def check_level(self, level: Level) -> None:
        """An :class:`OptionError` naming the first constraint of the scenario ``level`` breaks."""
        for key, bound in self.level.items():
            name, _, kind = key.partition("_")
            value = getattr(level, name)
            if kind == "min" and value < bound or kind == "max" and value > bound or not kind and value != bound:
                need = {"min": f"at least {bound}", "max": f"at most {bound}", "": f"exactly {bound}"}[kind]
                raise OptionError(f"scenario '{self.key}' needs a level with {need} {name} "
                                  f"(level {level} has {value})")


def scenario_names() -> list[str]:
    return list(_data())


@cache
def _data() -> dict[str, Any]:
    with resources.files(__package__).joinpath("data", "scenarios.toml").open("rb") as fh:
        data = tomllib.load(fh)
    for key, raw in data.items():  # the data file names only rules and variants the code has
        for name in (*raw.get("variants", []), *raw.get("forbidden", [])):
            if name not in VARIANTS:
                raise ValueError(f"scenarios.toml: {key} names an unknown variant '{name}'")
        for name in raw.get("rules", []):
            if name not in RULES:
                raise ValueError(f"scenarios.toml: {key} names an unknown special rule '{name}'")
    return data


def parse_scenario(value: Any) -> str | None:
    if value is None:
        return None
    key = str(value).strip().lower().replace("_", "-").replace(" ", "-")
    if key not in _data():
        raise OptionError(f"unknown scenario '{value}'; scenarios: {', '.join(scenario_names())}")
    return key


@cache
def load_scenario(key: str, board: Board) -> Scenario:
    """The scenario ``key`` with its cities resolved on ``board``; a :class:`BoardError` if a
    corrected board cannot hold it."""
    raw = _data()[key]

    def space(name: str) -> int:
        try:
            city = board.space(name)
        except KeyError:
            raise BoardError(f"scenario '{key}' names '{name}', which the board lacks") from None
        if board.is_sea(city):
            raise BoardError(f"scenario '{key}' puts pieces in '{name}', which is a sea on this board")
        return city

    def province(name: str) -> int:
        return PROVINCE_KEYS.index(name)

    pieces = []
    for entry in raw.get("pieces", []):
        city = space(entry["city"])
        garrisons = tuple(COLOURS.index(c) for c in entry.get("garrisons", []))
        revolts = entry.get("revolts", 0)
        general = entry.get("general")
        if revolts and (garrisons or general) or revolts + len(garrisons) > MAX_DISCS:
            raise BoardError(f"scenario '{key}': {entry['city']} cannot hold those pieces")
        pieces.append(Piece(city, revolts, garrisons, entry.get("army"),
                            GENERALS.index(general) if general else None))
    track = tuple(raw.get("track", {}).get("years", TIME_TRACK))
    return Scenario(
        key=key,
        title=raw["title"],
        time=raw.get("time", 0),
        track=track,
        capacity=raw.get("track", {}).get("capacity", 1),
        turn=TURN_NUMERALS.index(raw["turn"]),
        hispanic_start=raw["start"] == "hispanic",
        pieces=tuple(pieces),
        fleets=tuple(board.space(s) for s in raw.get("fleets", [])),
        random_revolts=tuple(province(p) for p in raw["random_revolts"]),
        revolt_numbers={province(p): tuple(n) for p, n in raw.get("revolt_numbers", {}).items()},
        no_army_in=frozenset(province(p) for p in raw.get("no_army_in", [])),
        armies_in=tuple((province(a["province"]), a["army"]) for a in raw.get("armies_in", [])),
        level={k: v for k, v in raw.get("level", {}).items() if k.partition("_")[0] in PARAMETERS},
        variants=tuple(raw.get("variants", [])),
        forbidden=tuple(raw.get("forbidden", [])),
        rules=frozenset(raw.get("rules", [])),
    )

