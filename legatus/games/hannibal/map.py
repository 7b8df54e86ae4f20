"""The Hannibal map: loaded once from ``data/map.toml`` into immutable, index-based tables and
checked by its validator (see docs/hannibal/board.md).

Spaces and provinces are numbered in the order of the file. Neighbours are precomputed by the
kind of connection because the rules treat each differently: passes and straits cost 2 MP and
forbid interception, retreat and more (H49, H50, H87), and isolation may not cross a pass (H104).

>>> board = load_map()
>>> board.space("Rome") in board.walled
True
>>> [board.names[s] for s in board.straits[board.space("Messana")]]
['Rhegium']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from legatus.core.datafile import (
    choice,
    count,
    edge_ends,
    field,
    in_range,
    known_keys,
    load_data,
    shipped,
    top_level,
)
from legatus.core.errors import BoardError

CONNECTION_TYPES = ("land", "alps_pass", "pass", "strait")
LAND, ALPS_PASS, PASS, STRAIT = range(4)
SIDES = ("rome", "carthage")
KINDS = ("pc", "walled", "tribe")
STARTS = ("rome", "carthage", "neutral", "none")
# H3: the countries whose provinces share allies (H76); "none" keeps them to their own province.
COUNTRIES = ("Italy", "Spain", "Africa", "Sicily", "Corsica Sardinia", "Balearic Islands", "none")
CONFIDENCE = ("high", "medium")

# H8 and H6: the counts every Valley map has.
N_SPACES, N_PROVINCES, N_VICTORY_PROVINCES = 96, 22, 18
N_WALLED, N_TRIBES, N_PORTS, N_CONNECTIONS = 13, 8, 34, 174
N_BY_TYPE = {"alps_pass": 4, "pass": 4, "strait": 2}
TRIBES_BY_ALLEGIANCE = {"carthage": 3, "neutral": 5}
NOT_VICTORY = ("Gallia Transalpinia", "Massilia", "Liguria", "Balearic Islands")  # H8
START_POINTS = {"rome": 9, "carthage": 7}  # H12, the worked example of R22.2


@dataclass(frozen=True, slots=True)
class Connection:
    a: int
    b: int
    type: int  # LAND, ALPS_PASS, PASS or STRAIT
    control_needed: bool  # the mover must control both ends (Strait of Messana, H50)
    medium: bool  # read from the map image with medium confidence


@dataclass(frozen=True, slots=True)
class SetupArmy:
    side: str
    space: int
    cus: int
    elephants: int
    generals: tuple[str, ...]  # the first commands (H11)


@dataclass(frozen=True, eq=False)
class HannibalMap:
    """The map as tables indexed by space, province and connection number."""

    source: str
    province_names: tuple[str, ...]
    country: tuple[str, ...]  # per province
    victory: tuple[bool, ...]  # per province: counts for political points (H108)
    control: tuple[int, ...]  # per province: spaces needed to control it (R19.1)
    allies: tuple[int, ...]  # per province: ally battle cards it gives (H76)
    province_spaces: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    province: tuple[int, ...]  # per space
    kind: tuple[str, ...]  # per space: "pc", "walled" or "tribe"
    siege_modifier: tuple[int, ...]  # per space; 0 unless walled
    capacity: tuple[int, ...]  # per space: CUs inside the walls; 0 unless walled (H51)
    allegiance: tuple[str | None, ...]  # per space: a tribe's "carthage" or "neutral"
    port: tuple[int | None, ...]  # per space: the naval port modifier, None if not a port
    start: tuple[str, ...]  # per space: "rome", "carthage", "neutral" or "none" (H12)
    xy: tuple[tuple[int, int], ...]
    connections: tuple[Connection, ...]
    connection_between: dict[tuple[int, int], int]
    land: tuple[tuple[int, ...], ...]  # per space, by plain connections
    passes: tuple[tuple[int, ...], ...]  # per space, by Alps and non-Alps passes
    straits: tuple[tuple[int, ...], ...]
    sea: tuple[tuple[int, ...], ...]  # per port: every other port (one sea move, H55)
    ports: tuple[int, ...]
    walled: tuple[int, ...]
    tribes: tuple[int, ...]
    setup: tuple[SetupArmy, ...]
    index: dict[str, int]  # lower-case name or alias -> space

    @property
    def n_spaces(self) -> int:
        return len(self.names)

    def space(self, name: str) -> int:
        """The index of the space called ``name`` or one of its aliases (any case)."""
        index = self.index.get(name.strip().lower())
        if index is None:
            raise KeyError(f"no space called '{name}' on the map")
        return index

    def connection(self, a: int, b: int) -> Connection | None:
        index = self.connection_between.get((a, b))
        return None if index is None else self.connections[index]


@cache
def load_map(path: str | None = None) -> HannibalMap:
    """The map in ``path`` (an owner's correction), or the shipped one if None, validated."""
    source = str(path) if path is not None else str(shipped(__package__, "map.toml"))
    return load_data(source, "map", build_map)


def build_map(data: dict[str, Any], source: str = "<data>") -> HannibalMap:
    """Tables from parsed map data; a :class:`BoardError` names the first broken check."""
    top_level(data, ("provinces", "spaces", "connections", "setup"))

    # Provinces (H8, R19.1)
    provinces: dict[str, int] = {}
    prov_rows: list[tuple[str, str, bool, int, int]] = []
    for i, entry in enumerate(data["provinces"]):
        name = field(entry, "name", str, f"province {i + 1}")
        where = f"province {name}"
        if name in provinces:
            raise BoardError(f"{where} is listed twice")
        known_keys(entry, ("name", "country", "victory", "control", "allies"), where)
        provinces[name] = len(prov_rows)
        prov_rows.append((name, choice(entry, "country", COUNTRIES, where), field(entry, "victory", bool, where),
                          field(entry, "control", int, where), in_range(entry, "allies", 1, 2, where, 1)))
    count(len(prov_rows), N_PROVINCES, "provinces", "H8")
    not_victory = tuple(row[0] for row in prov_rows if not row[2])
    count(len(prov_rows) - len(not_victory), N_VICTORY_PROVINCES, "provinces that count for victory", "H8")
    if sorted(not_victory) != sorted(NOT_VICTORY):
        raise BoardError(f"the provinces that do not count for victory must be {', '.join(NOT_VICTORY)} "
                         f"(found {', '.join(not_victory)}; H8)")

    # Spaces (H6, H8, H12)
    index: dict[str, int] = {}
    spaces: list[dict[str, Any]] = []
    for i, entry in enumerate(data["spaces"]):
        name = field(entry, "name", str, f"space {i + 1}")
        where = f"space {name}"
        kind = choice(entry, "kind", KINDS, where)
        keys = {"name", "province", "kind", "port", "start", "aliases", "xy"}
        keys |= {"siege", "capacity"} if kind == "walled" else {"allegiance"} if kind == "tribe" else set()
        known_keys(entry, keys, where)
        province = field(entry, "province", str, where)
        if province not in provinces:
            raise BoardError(f"{where}: unknown province '{province}' (provinces: {', '.join(provinces)})")
        start = choice(entry, "start", STARTS, where)
        allegiance = choice(entry, "allegiance", ("carthage", "neutral"), where) if kind == "tribe" else None
        if allegiance is not None and start != allegiance:
            raise BoardError(f"{where}: a {allegiance} tribe must start as '{allegiance}' (H12)")
        if start == "neutral" and allegiance != "neutral":
            raise BoardError(f"{where}: only a neutral tribe starts 'neutral' (H12)")
        xy = field(entry, "xy", list, where)
        if len(xy) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in xy):
            raise BoardError(f"{where}: 'xy' must be two whole numbers (found {xy!r})")
        aliases = field(entry, "aliases", list, where, [])
        for label in [name, *aliases]:
            if not isinstance(label, str):
                raise BoardError(f"{where}: 'aliases' must be a list of text (found {label!r})")
            if label.lower() in index:
                raise BoardError(f"the space name '{label}' is used twice")
            index[label.lower()] = i
        spaces.append({
            "name": name, "province": provinces[province], "kind": kind, "start": start,
            "allegiance": allegiance, "xy": (xy[0], xy[1]),
            "port": in_range(entry, "port", -2, 2, where) if "port" in entry else None,
            "siege": in_range(entry, "siege", -1, 0, where) if kind == "walled" else 0,
            "capacity": in_range(entry, "capacity", 1, 10, where) if kind == "walled" else 0,
        })
    count(len(spaces), N_SPACES, "spaces", "H8")
    count(sum(s["kind"] == "walled" for s in spaces), N_WALLED, "walled cities", "H8")
    count(sum(s["kind"] == "tribe" for s in spaces), N_TRIBES, "tribes", "H6")
    for allegiance, expected in TRIBES_BY_ALLEGIANCE.items():
        count(sum(s["allegiance"] == allegiance for s in spaces), expected, f"{allegiance} tribes", "H6")
    count(sum(s["port"] is not None for s in spaces), N_PORTS, "ports", "H8")
    province_spaces = tuple(tuple(i for i, s in enumerate(spaces) if s["province"] == p) for p in range(len(prov_rows)))
    for p, (name, _, _, control, _) in enumerate(prov_rows):
        n = len(province_spaces[p])
        if control != n // 2 + 1:  # H3: a strict majority
            raise BoardError(f"province {name}: 'control' is {control}; with {n} spaces it must be {n // 2 + 1} "
                             "(a strict majority, R19.1)")

    # Connections (H8, H49, H50)
    names = tuple(s["name"] for s in spaces)
    connections: list[Connection] = []
    between: dict[tuple[int, int], int] = {}
    for i, entry in enumerate(data["connections"]):
        a, b, where = edge_ends(entry, "connection", i + 1, index, names, between)
        known_keys(entry, ("a", "b", "type", "control_needed", "confidence"), where)
        ctype = CONNECTION_TYPES.index(choice(entry, "type", CONNECTION_TYPES, where, "land"))
        control_needed = field(entry, "control_needed", bool, where, False)
        if control_needed and ctype != STRAIT:
            raise BoardError(f"{where}: only a strait may have control_needed (H50)")
        medium = choice(entry, "confidence", CONFIDENCE, where, "high") == "medium"
        between[(a, b)] = between[(b, a)] = len(connections)
        connections.append(Connection(a, b, ctype, control_needed, medium))
    count(len(connections), N_CONNECTIONS, "connections", "H8")
    for type_name, expected in N_BY_TYPE.items():
        found = sum(c.type == CONNECTION_TYPES.index(type_name) for c in connections)
        count(found, expected, f"connections of type {type_name}", "H8")

    def by_type(*types: int) -> tuple[tuple[int, ...], ...]:
        out: list[list[int]] = [[] for _ in spaces]
        for c in connections:
            if c.type in types:
                out[c.a].append(c.b)
                out[c.b].append(c.a)
        return tuple(tuple(sorted(n)) for n in out)

    ports = tuple(i for i, s in enumerate(spaces) if s["port"] is not None)
    board = HannibalMap(
        source=source,
        province_names=tuple(row[0] for row in prov_rows),
        country=tuple(row[1] for row in prov_rows),
        victory=tuple(row[2] for row in prov_rows),
        control=tuple(row[3] for row in prov_rows),
        allies=tuple(row[4] for row in prov_rows),
        province_spaces=province_spaces,
        names=names,
        province=tuple(s["province"] for s in spaces),
        kind=tuple(s["kind"] for s in spaces),
        siege_modifier=tuple(s["siege"] for s in spaces),
        capacity=tuple(s["capacity"] for s in spaces),
        allegiance=tuple(s["allegiance"] for s in spaces),
        port=tuple(s["port"] for s in spaces),
        start=tuple(s["start"] for s in spaces),
        xy=tuple(s["xy"] for s in spaces),
        connections=tuple(connections),
        connection_between=between,
        land=by_type(LAND),
        passes=by_type(ALPS_PASS, PASS),
        straits=by_type(STRAIT),
        sea=tuple(tuple(p for p in ports if p != i) if i in ports else () for i in range(len(spaces))),
        ports=ports,
        walled=tuple(i for i, s in enumerate(spaces) if s["kind"] == "walled"),
        tribes=tuple(i for i, s in enumerate(spaces) if s["kind"] == "tribe"),
        setup=_setup(data["setup"], index, names),
        index=index,
    )
    _check_reachable(board)
    _check_start(board)
    return board


def _setup(entries: list[Any], index: dict[str, int], names: tuple[str, ...]) -> tuple[SetupArmy, ...]:
    armies: list[SetupArmy] = []
    for i, entry in enumerate(entries):
        where = f"setup army {i + 1}"
        known_keys(entry, ("side", "space", "cus", "elephants", "generals"), where)
        side = choice(entry, "side", SIDES, where)
        label = field(entry, "space", str, where)
        if label.lower() not in index:
            raise BoardError(f"{where} stands on an unknown space '{label}'")
        space = index[label.lower()]
        where = f"setup army in {names[space]}"
        cus = in_range(entry, "cus", 0, 99, where)
        elephants = in_range(entry, "elephants", 0, cus, where, 0)
        generals = field(entry, "generals", list, where)
        if not generals or not all(isinstance(g, str) for g in generals):
            raise BoardError(f"{where}: 'generals' must list one or more generals' names (found {generals!r})")
        armies.append(SetupArmy(side, space, cus, elephants, tuple(generals)))
    return tuple(armies)


def _check_reachable(board: HannibalMap) -> None:
    """Every space can be reached from Rome by land, pass, strait or sea (H55)."""
    start = board.index.get("rome")
    if start is None:
        raise BoardError("the map has no space called Rome")
    seen = {start}
    todo = [start]
    while todo:
        s = todo.pop()
        for n in (*board.land[s], *board.passes[s], *board.straits[s], *board.sea[s]):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) < board.n_spaces:
        lost = min(set(range(board.n_spaces)) - seen)
        raise BoardError(f"space {board.names[lost]} cannot be reached from Rome by any connection or by sea "
                         "(connect it, or make a space of its island a port)")


def _check_start(board: HannibalMap) -> None:
    """The starting control gives the political points of R22.2's example, and armies stand on
    their own side's spaces (H10-H12)."""
    for side, points in START_POINTS.items():
        found = sum(1 for p, spaces in enumerate(board.province_spaces) if board.victory[p]
                    and sum(board.start[s] == side for s in spaces) >= board.control[p])
        if found != points:
            raise BoardError(f"at the start {side} controls {found} victory provinces; it must control {points} "
                             "(H12, the example of R22.2)")
    for army in board.setup:
        if board.start[army.space] != army.side:
            raise BoardError(f"setup army in {board.names[army.space]}: a {army.side} army must start on a space "
                             f"its side controls (it is '{board.start[army.space]}'; H10, H11)")
