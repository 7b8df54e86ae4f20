"""Hannibal's generals, printed tables and turn track: loaded once from ``data/tables.toml`` and
checked by its validator (see docs/hannibal/board.md).

A table row is read by the modified die roll, clamped to the printed ends (H2).

>>> tables = load_tables()
>>> tables.attrition_loss(roll=6, size=10), tables.attrition_elephant(roll=6, size=10)
(3, True)
>>> tables.retreat_loss(roll=9, began_with=5) is None  # "all"
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from legatus.core.datafile import choice, count, field, in_range, known_keys, load_data, shipped, top_level
from legatus.core.errors import BoardError

SIDES = ("rome", "carthage")
N_GENERALS, N_TURNS = 14, 9  # H5, H9
GENERALS_BY_SIDE = {"carthage": 5, "rome": 9}  # H5
N_CONSUL_POOL, N_START_CONSULS = 8, 2  # H5, H10
BATTLE_CARDS = ("Frontal Assault", "Flank Left", "Flank Right", "Probe", "Double Envelopment", "Reserve")
WHEN = ("original_attacker", "original_defender", "campaign_event", "force_march_event")
# H114-H127 in machine-readable form (H136.6): each key with its kind.
ABILITIES: dict[str, type] = {
    "intercept_max": int, "avoid_max": int, "pursuit_max": int, "cancels_withdrawal": bool,
    "counterattack_max": int, "counterattack_when": str, "naval_modifier": int, "siege_modifier": int,
    "siege_rolls": int, "siege_when": str, "campaign_moves": int, "strategy_in_spain": int, "probe_as": list,
    "removes_pc_after_move": bool, "outranks_all": bool, "eliminated_if_displaced": bool,
    "pcs_lost_if_displaced": int, "permanent_proconsul": bool,
}
ATTRITION_SHAPE, RETREAT_SHAPE, SIEGE_ROWS = (7, 7), (8, 2), 6  # H105, H83, H95
NAVAL_RESULTS = ("none", "return", "sunk")  # H58, rolls "1 or less", 2, "3 or more"


@dataclass(frozen=True, slots=True)
class General:
    name: str
    side: str
    strategy: int
    battle: int
    consul_pool: bool
    start_consul: bool
    arrives: int  # the turn he enters play (H19); 1 for all but Scipio Africanus
    restricted_to: str | None  # the country he may not leave (H53)
    ability: tuple[tuple[str, Any], ...]  # (key, value) pairs of ABILITIES
    aliases: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class Tables:
    source: str
    generals: tuple[General, ...]
    turn_cards: tuple[int, ...]  # per turn 1..9: strategy cards dealt to each player
    turn_years: tuple[str, ...]
    elephants: int
    siege_trains: int
    reinforcements: dict[str, int]
    attrition_columns: tuple[int, ...]  # the smallest force of each column
    attrition: tuple[tuple[tuple[int, bool], ...], ...]  # [roll 1..7][column]: (CUs lost, one an elephant)
    attrition_modifiers: dict[str, int]
    retreat_columns: tuple[int, ...]
    retreat: tuple[tuple[int | None, ...], ...]  # [roll 0..7][column]: CUs lost, None for all
    retreat_modifiers: dict[str, int]
    siege: tuple[tuple[int, int], ...]  # [roll 1..6]: (siege points, besieging CUs lost)
    siege_rules: dict[str, int]
    naval: tuple[str, ...]  # [roll 1..3]
    naval_rules: dict[str, int]

    def general(self, name: str) -> General:
        for g in self.generals:
            if name == g.name or name in g.aliases:
                return g
        raise KeyError(f"no general called '{name}'")

    @staticmethod
    def _column(columns: tuple[int, ...], size: int) -> int:
        return max(i for i, low in enumerate(columns) if size >= low or i == 0)

    def attrition_loss(self, roll: int, size: int) -> int:
        return self.attrition[min(max(roll, 1), 7) - 1][self._column(self.attrition_columns, size)][0]

    def attrition_elephant(self, roll: int, size: int) -> bool:
        return self.attrition[min(max(roll, 1), 7) - 1][self._column(self.attrition_columns, size)][1]

    def retreat_loss(self, roll: int, began_with: int) -> int | None:
        return self.retreat[min(max(roll, 0), 7)][self._column(self.retreat_columns, began_with)]

    def siege_result(self, roll: int) -> tuple[int, int]:
        return self.siege[min(max(roll, 1), 6) - 1]

    def naval_result(self, roll: int) -> str:
        return self.naval[min(max(roll, 1), 3) - 1]


@cache
def load_tables(path: str | None = None) -> Tables:
    """The tables in ``path`` (an owner's correction), or the shipped ones if None, validated."""
    source = str(path) if path is not None else str(shipped(__package__, "tables.toml"))
    return load_data(source, "tables", build_tables)


def _ints(table: Any, keys: tuple[str, ...], where: str) -> dict[str, int]:
    return {key: field(table, key, int, where) for key in keys}


def _rows(table: dict[str, Any], shape: tuple[int, int], where: str) -> list[list[str]]:
    rows: list[list[str]] = field(table, "rows", list, where)
    if len(rows) != shape[0] or not all(isinstance(r, list) and len(r) == shape[1] for r in rows):
        raise BoardError(f"{where}: 'rows' must be {shape[0]} rows of {shape[1]} entries")
    return rows


def _columns(table: dict[str, Any], n: int, where: str) -> tuple[int, ...]:
    columns = field(table, "columns", list, where)
    if len(columns) != n or columns[0] != 1 or columns != sorted(set(columns)):
        raise BoardError(f"{where}: 'columns' must be {n} increasing force sizes starting at 1 (found {columns!r})")
    return tuple(columns)


def _monotone(values: list[list[int]], where: str) -> None:
    """A higher roll or a bigger column never costs fewer CUs (a misread entry breaks this)."""
    for r, row in enumerate(values):
        for c, v in enumerate(row):
            if (r and v < values[r - 1][c]) or (c and v < row[c - 1]):
                raise BoardError(f"{where}: row {r + 1}, column {c + 1} is smaller than the entry above or to "
                                 "its left; losses must not fall as the roll or the force grows")


def _generals(entries: list[Any]) -> tuple[General, ...]:
    generals: list[General] = []
    for i, entry in enumerate(entries):
        name = field(entry, "name", str, f"general {i + 1}")
        where = f"general {name}"
        if any(g.name == name for g in generals):
            raise BoardError(f"{where} is listed twice")
        base = ("name", "side", "strategy", "battle", "consul_pool", "start_consul", "arrives", "restricted_to",
                "aliases")
        known_keys(entry, (*base, *ABILITIES), where)
        ability = []
        for key, kind in ABILITIES.items():
            if key in entry:
                value = field(entry, key, kind, where)
                if key.endswith("_when") and value not in WHEN:
                    raise BoardError(f"{where}: '{key}' is '{value}'; it must be one of {', '.join(WHEN)}")
                if key == "probe_as" and not set(value) <= set(BATTLE_CARDS):
                    raise BoardError(f"{where}: 'probe_as' must name battle cards ({', '.join(BATTLE_CARDS)})")
                ability.append((key, tuple(value) if isinstance(value, list) else value))
        generals.append(General(
            name, choice(entry, "side", SIDES, where), in_range(entry, "strategy", 1, 3, where),
            in_range(entry, "battle", 1, 4, where), field(entry, "consul_pool", bool, where, False),
            field(entry, "start_consul", bool, where, False), in_range(entry, "arrives", 1, N_TURNS, where, 1),
            choice(entry, "restricted_to", ("Italy", "Spain", "Africa"), where, "") if "restricted_to" in entry
            else None, tuple(ability), tuple(field(entry, "aliases", list, where, []))))
    count(len(generals), N_GENERALS, "generals", "H5")
    for side, expected in GENERALS_BY_SIDE.items():
        count(sum(g.side == side for g in generals), expected, f"{side} generals", "H5")
    for g in generals:
        if (g.consul_pool or g.start_consul) and g.side != "rome":
            raise BoardError(f"general {g.name}: only a Roman general may be a consul (H22)")
        if g.start_consul and not g.consul_pool:
            raise BoardError(f"general {g.name}: a starting consul must be in the consul pool (H5)")
    count(sum(g.consul_pool for g in generals), N_CONSUL_POOL, "generals in the consul pool", "H5")
    count(sum(g.start_consul for g in generals), N_START_CONSULS, "starting consuls", "H10")
    return tuple(generals)


def _loss(text: Any, where: str, allow_all: bool = False) -> tuple[int | None, bool]:
    """"-" none, "2" two CUs, "2e" two with an elephant, "all" (Retreat Table only)."""
    if allow_all and text == "all":
        return None, False
    if isinstance(text, str) and (text == "-" or text.rstrip("e").isdigit() and text.count("e") <= 1):
        return (0 if text == "-" else int(text.rstrip("e"))), text.endswith("e")
    valid = '"-", a number, a number with "e"' + (', "all"' if allow_all else "")
    raise BoardError(f"{where}: the entry {text!r} must be {valid}")


def build_tables(data: dict[str, Any], source: str = "<data>") -> Tables:
    """Tables from parsed data; a :class:`BoardError` names the first broken check."""
    top_level(data, ("generals", "turns"), ("limits", "reinforcements", "attrition", "retreat", "siege", "naval"))
    generals = _generals(data["generals"])

    turns = data["turns"]
    count(len(turns), N_TURNS, "turns", "H9")
    for i, entry in enumerate(turns):
        known_keys(entry, ("turn", "years", "cards"), f"turn {i + 1}")
        if field(entry, "turn", int, f"turn {i + 1}") != i + 1:
            raise BoardError(f"turn {i + 1} is numbered {entry['turn']}; turns must be numbered 1 to {N_TURNS} "
                             "in order")
        in_range(entry, "cards", 1, 12, f"turn {i + 1}")
        field(entry, "years", str, f"turn {i + 1}")

    limits, reinforcements = data["limits"], data["reinforcements"]
    known_keys(limits, ("elephants", "siege_trains"), "[limits]")
    keys = ("rome_cus", "rome_cus_in_italy", "africanus_cus")
    known_keys(reinforcements, keys, "[reinforcements]")

    attrition = data["attrition"]
    where = "[attrition]"
    known_keys(attrition, ("columns", "rows", "non_alps_pass", "hostile_tribes_column"), where)
    columns = _columns(attrition, ATTRITION_SHAPE[1], where)
    cells = [[_loss(v, where) for v in row] for row in _rows(attrition, ATTRITION_SHAPE, where)]
    _monotone([[n or 0 for n, _ in row] for row in cells], where)
    attrition_modifiers = _ints(attrition, ("non_alps_pass", "hostile_tribes_column"), where)
    if attrition_modifiers["hostile_tribes_column"] not in columns:
        raise BoardError(f"{where}: 'hostile_tribes_column' must be one of the columns {list(columns)}")

    retreat = data["retreat"]
    where = "[retreat]"
    known_keys(retreat, ("columns", "rows", "probe", "double_envelopment"), where)
    retreat_columns = _columns(retreat, RETREAT_SHAPE[1], where)
    retreat_rows = [[_loss(v, where, allow_all=True)[0] for v in row] for row in _rows(retreat, RETREAT_SHAPE, where)]
    _monotone([[99 if n is None else n for n in row] for row in retreat_rows], where)

    siege = data["siege"]
    where = "[siege]"
    known_keys(siege, ("rows", "points_to_win", "carthaginian"), where)
    siege_rows = field(siege, "rows", list, where)
    if len(siege_rows) != SIEGE_ROWS:
        raise BoardError(f"{where}: 'rows' must be {SIEGE_ROWS} results, for the rolls 1 or less to 6 or more")
    parsed: list[tuple[int, int]] = []
    for text in siege_rows:
        halves = text.split("/") if isinstance(text, str) else []
        if len(halves) != 2:
            raise BoardError(f"{where}: the entry {text!r} must be \"points/losses\", each a number or \"-\"")
        points, losses = (_loss(h, where)[0] or 0 for h in halves)
        parsed.append((points, losses))

    naval = data["naval"]
    where = "[naval]"
    naval_keys = ("move_cost", "small_force", "roman_port", "syracuse_allied", "macedonia_allied", "naval_victory",
                  "ops_cus", "campaign_cus")
    known_keys(naval, ("rows", *naval_keys), where)
    if field(naval, "rows", list, where) != list(NAVAL_RESULTS):
        raise BoardError(f"{where}: 'rows' must be {list(NAVAL_RESULTS)} (H58)")

    return Tables(
        source=source,
        generals=generals,
        turn_cards=tuple(t["cards"] for t in turns),
        turn_years=tuple(t["years"] for t in turns),
        elephants=field(limits, "elephants", int, "[limits]"),
        siege_trains=field(limits, "siege_trains", int, "[limits]"),
        reinforcements=_ints(reinforcements, keys, "[reinforcements]"),
        attrition_columns=columns,
        attrition=tuple(tuple((n or 0, e) for n, e in row) for row in cells),
        attrition_modifiers=attrition_modifiers,
        retreat_columns=retreat_columns,
        retreat=tuple(tuple(row) for row in retreat_rows),
        retreat_modifiers=_ints(retreat, ("probe", "double_envelopment"), where="[retreat]"),
        siege=tuple(parsed),
        siege_rules=_ints(siege, ("points_to_win", "carthaginian"), "[siege]"),
        naval=NAVAL_RESULTS,
        naval_rules=_ints(naval, naval_keys, where),
    )
