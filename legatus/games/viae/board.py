"""The VIAE map: loaded once from ``data/board.toml`` into immutable, index-based tables, and
checked against the rulebook's counts (C2, C8–C17) and the board design of shared/viae/BOARD.md.

Regions and cities are numbered in file order; Roma is the city ``roma``. ``roads`` are the
buildable roads; the ``spokes`` joining Roma to its neighbours are kept apart because they are
always built and never owned (C10, V34).

>>> board = load_board()
>>> len(board.cities), len(board.roads), board.city_names[board.roma]
(48, 66, 'Roma')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from legatus.core.datafile import field, header, known_keys, load_data, shipped, table_list
from legatus.core.errors import BoardError

ROMA = "roma"
CITY_VALUES = range(1, 5)  # I–IV (C13, V3)
ROAD_VALUES = range(1, 4)  # I–III (C11)
HOSTILITY_TOKENS = (7, 19, 9, 6)  # C2: tokens for values I..IV = non-SPQR cities of each value
MIN_START_CITIES = 5  # C14: one SPQR city besides Roma for each of 5 players
MIN_PROVINCES = 8  # C15: one region for each of the 8 Basilicas
MILESTONES = 20  # C1, per player


@dataclass(frozen=True, slots=True)
class Road:
    id: str
    a: int
    b: int
    value: int  # 0 for a spoke
    name: str


@dataclass(frozen=True, eq=False)
class Board:
    """The map as tables indexed by region, city and road number."""

    source: str
    reconstructed: bool
    region_ids: tuple[str, ...]
    region_names: tuple[str, ...]
    region_colours: tuple[str, ...]
    spqr: int  # the SPQR region (C8)
    region_cities: tuple[tuple[int, ...], ...]
    city_ids: tuple[str, ...]
    city_names: tuple[str, ...]
    city_region: tuple[int, ...]
    city_value: tuple[int, ...]  # 1..4; 0 for Roma (C9)
    harbor: tuple[bool, ...]
    lon: tuple[float, ...]
    lat: tuple[float, ...]
    roma: int
    roads: tuple[Road, ...]
    spokes: tuple[Road, ...]
    city_roads: tuple[tuple[int, ...], ...]  # per city: the buildable roads touching it
    neighbours: tuple[tuple[int, ...], ...]  # per city: cities joined by a road or spoke (C33, C37)
    harbors: tuple[int, ...]
    start_cities: tuple[int, ...]  # SPQR cities but Roma (C14)
    index: dict[str, int]  # city id -> city

    @property
    def cities(self) -> range:
        return range(len(self.city_ids))

    @cached_property
    def city_spokes(self) -> tuple[tuple[int, ...], ...]:
        """Per city: the cities a spoke joins it to (Roma's neighbours, Roma for them)."""
        return tuple(tuple(s.b if s.a == c else s.a for s in self.spokes if c in (s.a, s.b)) for c in self.cities)

    @cached_property
    def city_links(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per city: (the city at the other end, the road or -1 for a spoke) of each way out,
        spokes first (a Move's search, :func:`.rules.agere.paths`)."""
        def other(road: Road, c: int) -> int:
            return road.b if road.a == c else road.a
        return tuple(tuple((o, -1) for o in self.city_spokes[c]) +
                     tuple((other(self.roads[r], c), r) for r in self.city_roads[c]) for c in self.cities)

    def city(self, city_id: str) -> int:
        """The index of the city ``city_id``."""
        try:
            return self.index[city_id]
        except KeyError:
            raise KeyError(f"no city '{city_id}' on the board") from None

    def region(self, region_id: str) -> int:
        """The index of the region ``region_id``."""
        try:
            return self.region_ids.index(region_id)
        except ValueError:
            raise KeyError(f"no region '{region_id}' on the board") from None


def default_board_path() -> str:
    return str(shipped(__package__, "board.toml"))


@cache
def load_board(path: str | None = None) -> Board:
    """The board in ``path`` (the reconstructed board if None), validated."""
    source = default_board_path() if path is None else str(path)
    return load_data(source, "board", build_board)


def build_board(data: dict[str, Any], source: str = "<data>") -> Board:
    """Tables from parsed board data; a :class:`BoardError` names the first broken check."""
    reconstructed = header(data, {"regions", "cities", "spokes", "roads"})

    regions: dict[str, tuple[str, str, bool]] = {}
    for i, entry in enumerate(table_list(data, "regions")):
        rid = field(entry, "id", str, f"region {i + 1}")
        where = f"region '{rid}'"
        known_keys(entry, {"id", "name", "colour", "spqr"}, where)
        if rid in regions:
            raise BoardError(f"{where} is listed twice")
        regions[rid] = (field(entry, "name", str, where), field(entry, "colour", str, where),
                        field(entry, "spqr", bool, where))
    region_ids = tuple(regions)
    spqr_regions = [r for r, (_, _, spqr) in regions.items() if spqr]
    if len(spqr_regions) != 1:  # C8
        raise BoardError(f"exactly one region must have spqr = true (C8); found {len(spqr_regions)}")
    spqr = region_ids.index(spqr_regions[0])

    cities: list[tuple[str, str, int, bool, float, float]] = []
    region_of: list[int] = []
    index: dict[str, int] = {}
    for i, entry in enumerate(table_list(data, "cities")):
        cid = field(entry, "id", str, f"city {i + 1}")
        where = f"city '{cid}'"
        known_keys(entry, {"id", "name", "region", "value", "harbor", "lon", "lat"}, where)
        if cid in index:
            raise BoardError(f"{where} is listed twice")
        rid = field(entry, "region", str, where)
        if rid not in regions:
            raise BoardError(f"{where} is in an unknown region '{rid}' (regions: {', '.join(region_ids)})")
        if cid == ROMA:  # C9: Roma has no value and can't be controlled
            if "value" in entry:
                raise BoardError(f"{where} must have no value: Roma can't be controlled (C9)")
            if rid != spqr_regions[0]:
                raise BoardError(f"{where} must be in the SPQR region '{spqr_regions[0]}' (C8)")
            value = 0
        else:
            value = field(entry, "value", int, where)
            if value not in CITY_VALUES:
                raise BoardError(f"{where} has value {value}; a city's value is 1 to 4 (C13, V3)")
        index[cid] = len(cities)
        region_of.append(region_ids.index(rid))
        cities.append((cid, field(entry, "name", str, where), value, field(entry, "harbor", bool, where),
                       float(field(entry, "lon", float, where)), float(field(entry, "lat", float, where))))
    if ROMA not in index:
        raise BoardError(f"there is no city '{ROMA}' (Roma lies in SPQR, C8)")
    roma = index[ROMA]

    def ends(entry: Any, where: str) -> tuple[int, int]:
        found = []
        for end in ("a", "b"):
            cid = field(entry, end, str, where)
            if cid not in index:
                raise BoardError(f"{where} joins an unknown city '{cid}'")
            found.append(index[cid])
        if found[0] == found[1]:
            raise BoardError(f"{where} joins '{cities[found[0]][0]}' to itself")
        return found[0], found[1]

    pairs: dict[frozenset[int], str] = {}

    def new_pair(a: int, b: int, where: str) -> None:
        # roads are undirected: a-b and b-a are the same road
        pair = frozenset((a, b))
        if pair in pairs:
            raise BoardError(f"{where} joins {cities[a][0]} and {cities[b][0]}, as {pairs[pair]} does already")
        pairs[pair] = where

    ids: set[str] = set()

    def new_id(entry: Any, kind: str, i: int) -> tuple[str, str]:
        rid = field(entry, "id", str, f"{kind} {i + 1}")
        if rid in ids:
            raise BoardError(f"{kind} '{rid}': the id is used twice")
        ids.add(rid)
        return rid, f"{kind} '{rid}'"

    spokes: list[Road] = []
    for i, entry in enumerate(table_list(data, "spokes")):
        sid, where = new_id(entry, "spoke", i)
        known_keys(entry, {"id", "a", "b", "name"}, where)
        a, b = ends(entry, where)
        if a != roma:  # C10: spokes are the roads adjacent to Roma
            raise BoardError(f"{where} must start at a = '{ROMA}' (spokes are Roma's roads, C10)")
        if region_of[b] != spqr:
            raise BoardError(f"{where} must lead to an SPQR city (C14); '{cities[b][0]}' is not in SPQR")
        new_pair(a, b, where)
        spokes.append(Road(sid, a, b, 0, field(entry, "name", str, where)))

    roads: list[Road] = []
    for i, entry in enumerate(table_list(data, "roads")):
        rid, where = new_id(entry, "road", i)
        known_keys(entry, {"id", "a", "b", "value", "name"}, where)
        a, b = ends(entry, where)
        if roma in (a, b):  # V34: Roma's roads are spokes, never built
            raise BoardError(f"{where} touches Roma; roads at Roma are spokes (C10, V34)")
        value = field(entry, "value", int, where)
        if value not in ROAD_VALUES:
            raise BoardError(f"{where} has value {value}; a road's value is 1 to 3 (C11)")
        name = entry.get("name", "")
        if not isinstance(name, str):
            raise BoardError(f"{where}: 'name' must be a string (found {name!r})")
        new_pair(a, b, where)
        roads.append(Road(rid, a, b, value, name))

    n = len(cities)
    city_roads: list[list[int]] = [[] for _ in range(n)]
    neighbours: list[set[int]] = [set() for _ in range(n)]
    for ri, road in enumerate(roads):
        city_roads[road.a].append(ri)
        city_roads[road.b].append(ri)
    for road in roads + spokes:
        neighbours[road.a].add(road.b)
        neighbours[road.b].add(road.a)
    board = Board(
        source=source,
        reconstructed=reconstructed,
        region_ids=region_ids,
        region_names=tuple(v[0] for v in regions.values()),
        region_colours=tuple(v[1] for v in regions.values()),
        spqr=spqr,
        region_cities=tuple(tuple(c for c in range(n) if region_of[c] == r) for r in range(len(region_ids))),
        city_ids=tuple(c[0] for c in cities),
        city_names=tuple(c[1] for c in cities),
        city_region=tuple(region_of),
        city_value=tuple(c[2] for c in cities),
        harbor=tuple(c[3] for c in cities),
        lon=tuple(c[4] for c in cities),
        lat=tuple(c[5] for c in cities),
        roma=roma,
        roads=tuple(roads),
        spokes=tuple(spokes),
        city_roads=tuple(tuple(r) for r in city_roads),
        neighbours=tuple(tuple(sorted(s)) for s in neighbours),
        harbors=tuple(c for c in range(n) if cities[c][3]),
        start_cities=tuple(c for c in range(n) if region_of[c] == spqr and c != roma),
        index=index,
    )
    _check_counts(board)
    return board


def _check_counts(board: Board) -> None:
    """The checks of BOARD.md §6 that need the whole board."""
    for r, members in enumerate(board.region_cities):
        if not members:
            raise BoardError(f"region '{board.region_ids[r]}' has no city")
    provinces = len(board.region_ids) - 1
    if provinces < MIN_PROVINCES:  # C15
        raise BoardError(f"there are {provinces} regions besides SPQR; the 8 Basilicas need at least "
                         f"{MIN_PROVINCES} (C15)")
    if len(board.start_cities) < MIN_START_CITIES:  # C14
        raise BoardError(f"SPQR has {len(board.start_cities)} cities besides Roma; 5 players need at least "
                         f"{MIN_START_CITIES} (C14)")
    by_value = Counter(board.city_value[c] for c in board.cities if board.city_region[c] != board.spqr)
    found = tuple(by_value[v] for v in CITY_VALUES)
    if found != HOSTILITY_TOKENS:  # C2, V3
        raise BoardError(f"the cities outside SPQR by value I/II/III/IV are {'/'.join(map(str, found))}; the "
                         f"hostility tokens need {'/'.join(map(str, HOSTILITY_TOKENS))} (C2)")
    on_spoke = {s.b for s in board.spokes}
    for c in board.start_cities:
        where = f"SPQR city '{board.city_ids[c]}'"
        if c not in on_spoke:  # C14: players start "adjacent to Rome"
            raise BoardError(f"{where} has no spoke to Roma (C14)")
        if not board.city_roads[c]:  # C14: the setup milestone goes on a road next to it
            raise BoardError(f"{where} has no buildable road for the setup milestone (C14)")
    # V36: every start city but one has a road out of SPQR that no other start city touches, so
    # whoever sets up last still has a free road.
    lacking = [board.city_ids[c] for c in board.start_cities if not _own_exit(board, c)]
    if len(lacking) > 1:
        raise BoardError(f"SPQR cities {', '.join(lacking)} have no road out of SPQR of their own; all but one "
                         "must have one (V36)")
    if len(board.harbors) < 2:  # C12
        raise BoardError(f"there are {len(board.harbors)} harbors; Sail needs at least 2 (C12)")
    if not 2 * MILESTONES < len(board.roads) < 5 * MILESTONES:  # C1: 20 milestones a player
        raise BoardError(f"there are {len(board.roads)} roads; there must be more than 2 players' milestones "
                         f"({2 * MILESTONES}) and fewer than 5 players' ({5 * MILESTONES}) (C1)")
    reached = {board.roma}
    todo = [board.roma]
    while todo:
        for n in board.neighbours[todo.pop()]:
            if n not in reached:
                reached.add(n)
                todo.append(n)
    unreached = [board.city_ids[c] for c in board.cities if c not in reached]
    if unreached:
        raise BoardError(f"city '{unreached[0]}' can't be reached from Roma by road; every city must be")


def _own_exit(board: Board, city: int) -> bool:
    # a road out of SPQR ends outside it, so no other start city touches it
    return any(board.city_region[board.roads[ri].a] != board.spqr or board.city_region[board.roads[ri].b] != board.spqr
               for ri in board.city_roads[city])
