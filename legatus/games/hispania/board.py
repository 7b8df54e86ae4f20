"""The Hispania board: loaded once from a TOML data file into immutable, index-based tables,
and checked against every fact of the rulebook (see docs/hispania/board.md).

Spaces are numbered cities first (provinces in army-movement order I…VI, Ulterior,
Citerior; cities by number), then seas by number. Provinces are numbered the same way:
0–5 are the Hispanic provinces I–VI (the Roman die), 6 Ulterior, 7 Citerior.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import compress
from pathlib import Path
from typing import Any

from legatus.core.datafile import edge_ends, field, known_keys, load_data, shipped, top_level
from legatus.core.errors import BoardError

PROVINCE_KEYS = ("I", "II", "III", "IV", "V", "VI", "ulterior", "citerior")
ULTERIOR, CITERIOR = 6, 7
HISPANIC_PROVINCES = range(6)
ROMAN_NUMERALS = ("I", "II", "III", "IV", "V", "VI")
CITIES_PER_PROVINCE = (6, 6, 6, 6, 6, 6, 4, 4)
N_SEAS = 5

# Facts the rulebook states (BOARD.md): they hold on any corrected board too.
KNOWN_NUMBERS = {
    "Salduba": ("I", 4), "Ilerda": ("I", 5), "Segobriga": ("II", 5), "Regina": ("III", 2),
    "Conimbriga": ("IV", 4), "Asturica": ("V", 3), "Flaviobriga": ("VI", 6),
}
DERTOSA_LINKS = {"Valentia", "Salduba", "Tarraco", "Mare Balearicum"}
NOT_CAPITALS = ("Emerita", "Capara", "Ilerda", "Basti")
# Named seas, with the highest number each may have: a fleet is in Mare Ibericum at the medium
# level and in Mare Balearicum at every level (Proconsvl); the other two are only named.
SEA_FACTS = {"Mare Balearicum": 2, "Mare Ibericum": 3, "Mare Atlanticum": 5, "Mare Cantabricum": 5}
SETUP_EXAMPLE_REVOLTS = ("Salduba", "Segobriga", "Regina", "Conimbriga", "Asturica", "Flaviobriga")
# Scenario texts name these cities (and the province where that matters).
SCENARIO_CITIES = {
    "Corduba": None, "Valentia": None, "Baecula": None, "Gerunda": None, "Segobriga": None,
    "Toletum": None, "Puciala": None, "Castulo": None, "Regina": None, "Osca": None,
    "Salduba": None, "Calagurris": None, "Numantia": None, "Abula": None, "Olisipo": None,
    "Conimbriga": None, "Salmantica": None, "Talabriga": None, "Asturica": "V", "Pallantia": "VI",
    "Lucus": "V", "Bracara": None, "Pompaelo": None, "Deobriga": None, "Cauca": None,
    "Lancia": "V", "Noega": "V", "Aracillum": "VI", "Flaviobriga": "VI",
}
NORTH_OF_DURIUS = ("V", "Pallantia", "Aracillum")  # The River of Oblivion
SCENARIO_ARMIES = (("Puciala", "Castulo"),)  # The First Repression: armies in two provinces
# The Siege of Numantia: setup revolts in Carpetania only on its cities 1-3-5, which must
# therefore not be where the scenario puts Roman pieces.
NUMANTIA_ROMAN_CITIES = ("Regina", "Toletum")


@dataclass(frozen=True, slots=True)
class Link:
    a: int
    b: int
    segments: int
    road: bool  # printed on the board
    river: str | None


Step = tuple[int, int, int]
"""A step of the path search (:func:`.rules.movement.path_costs`): (neighbour, cost, neighbour's key)."""
SpaceSteps = tuple[tuple[Step, ...], tuple[Step, ...]]
"""A space's steps off a road run and on one."""
Steps = tuple[tuple[Step, ...], ...]
"""Per key of the path search (``space * 2``, + 1 on a road run): its steps, given the roads built
(a road link costs 1 to start a run, 0 to go on one)."""


@dataclass(frozen=True, eq=False)
class Board:
    """The board as tables indexed by space, province and link number."""

    source: str
    names: tuple[str, ...]
    n_cities: int
    province: tuple[int, ...]  # per space; -1 for a sea
    number: tuple[int, ...]  # per space: the shield value (R2)
    lon: tuple[float, ...]
    lat: tuple[float, ...]
    province_names: tuple[str, ...]
    province_colours: tuple[str | None, ...]
    province_cities: tuple[tuple[int, ...], ...]  # by number
    capitals: tuple[int, ...]  # by Hispanic province
    links: tuple[Link, ...]
    adj: tuple[tuple[tuple[int, int, int], ...], ...]  # per space: (neighbour, segments, link)
    neighbours: tuple[tuple[int, ...], ...]  # per space, any link (R3)
    land: tuple[tuple[int, ...], ...]  # per space: the cities linked to it
    link_between: dict[tuple[int, int], int]
    near_province: tuple[frozenset[int], ...]  # per province: its cities and the spaces linked to them
    road_candidates: tuple[int, ...]  # links that may ever take a road: city-city, no capital (R7)
    index: dict[str, int]  # lower-case name -> space
    north_of_durius: frozenset[int]  # Gallaecia, Pallantia, Aracillum (The River of Oblivion)

    # Cached: the rules read these at every step (an immutable board).
    @cached_property
    def n_spaces(self) -> int:
        return len(self.names)

    @cached_property
    def seas(self) -> range:
        return range(self.n_cities, self.n_spaces)

    @cached_property
    def cities(self) -> range:
        return range(self.n_cities)

    def is_sea(self, space: int) -> bool:
        return space >= self.n_cities

    def is_capital(self, space: int) -> bool:
        return space < self.n_cities and self.province[space] < 6 and self.number[space] == 6

    def space(self, name: str) -> int:
        """The index of the space called ``name`` (any case)."""
        index = self.index.get(name.strip().lower())
        if index is None:
            raise KeyError(f"no space called '{name}' on the board")
        return index

    def city(self, province: int, number: int) -> int:
        return self.province_cities[province][number - 1]

    def sea(self, number: int) -> int:
        return self.n_cities + number - 1

    def link(self, a: int, b: int) -> int | None:
        return self.link_between.get((a, b))

    @cached_property
    def link_ends(self) -> tuple[tuple[int, int], ...]:
        """Per link, its two spaces (the hot path reads these, not the Link objects)."""
        return tuple((link.a, link.b) for link in self.links)

    @cached_property
    def capital_set(self) -> frozenset[int]:
        """The capitals (:meth:`is_capital`), for the legal lists' membership tests."""
        return frozenset(self.capitals)

    @cached_property
    def space_links(self) -> tuple[tuple[int, ...], ...]:
        """Per space, its links in the order of ``adj``."""
        return tuple(tuple(link for _, _, link in a) for a in self.adj)

    @cached_property
    def steps_memo(self) -> dict[tuple[int, tuple[int, ...]], SpaceSteps]:
        """The path search's steps of a space by the roads on its links, built as asked
        (:func:`.rules.movement.space_steps`): a space has a few such sets in all its games."""
        return {}

    @cached_property
    def land_within(self) -> tuple[tuple[int, ...], ...]:
        """Per space, the cities of ``land`` in its own province (an army's first candidates, R18)."""
        return tuple(tuple(c for c in land if self.province[c] == self.province[s]) for s, land in enumerate(self.land))

    @cached_property
    def neighbour_sets(self) -> tuple[frozenset[int], ...]:
        """``neighbours`` as sets, for the heuristic's many membership tests."""
        return tuple(frozenset(n) for n in self.neighbours)

    @cached_property
    def road_candidate_ends(self) -> tuple[tuple[int, int, int], ...]:
        """``(link, a, b)`` of each of the road candidates, in order."""
        return tuple((li, self.links[li].a, self.links[li].b) for li in self.road_candidates)

    @cached_property
    def sea_order(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per sea, every other sea with its distance over seas, in breadth-first order (by
        distance, then through the neighbours in order): a fleet's moves without pirates, read
        off instead of searched (:func:`.rules.movement.fleet_moves`)."""
        n = self.n_cities
        order: list[tuple[tuple[int, int], ...]] = [()] * n
        for src in self.seas:
            seen, frontier, found, cost = {src}, [src], [], 0
            while frontier:
                cost += 1
                nxt_frontier = []
                for sea in frontier:
                    for nxt in self.neighbours[sea]:
                        if nxt >= n and nxt not in seen:
                            seen.add(nxt)
                            nxt_frontier.append(nxt)
                            found.append((nxt, cost))
                frontier = nxt_frontier
            order.append(tuple(found))
        return tuple(order)

    def province_label(self, province: int) -> str:
        """"I Ilergetia" for a Hispanic province, "Ulterior" for a Roman one."""
        name = self.province_names[province]
        return f"{ROMAN_NUMERALS[province]} {name}" if province < 6 else name

    def coordinate(self, space: int) -> str:
        """The rulebook's name of a city: "I-5" (Ilerda), "Ulterior-2"; "sea 1" for a sea."""
        if self.is_sea(space):
            return f"sea {self.number[space]}"
        p = self.province[space]
        label = ROMAN_NUMERALS[p] if p < 6 else self.province_names[p]
        return f"{label}-{self.number[space]}"


def default_board_path() -> Path:
    return shipped(__package__, "board.toml")


@cache
def load_board(path: str | None = None) -> Board:
    """The board in ``path`` (the reconstructed board if None), validated."""
    source = str(path) if path is not None else str(default_board_path())
    return load_data(source, "board", build_board)


def build_board(data: dict[str, Any], source: str = "<data>") -> Board:
    """Tables from parsed board data; a :class:`BoardError` names the first broken check."""
    top_level(data, ("provinces", "cities", "seas", "links"))

    # Provinces
    prov_names: dict[str, str] = {}
    prov_colours: dict[str, str | None] = {}
    for i, entry in enumerate(data["provinces"]):
        key = field(entry, "key", str, f"province {i + 1}")
        if key not in PROVINCE_KEYS:
            raise BoardError(f"province key '{key}' is not one of {', '.join(PROVINCE_KEYS)}")
        if key in prov_names:
            raise BoardError(f"province '{key}' is listed twice")
        prov_names[key] = field(entry, "name", str, f"province {key}")
        known_keys(entry, {"key", "name", "colour"}, f"province {key}")
        prov_colours[key] = entry.get("colour")
    missing = [k for k in PROVINCE_KEYS if k not in prov_names]
    if missing:
        raise BoardError(f"province '{missing[0]}' is missing (there are 8: {', '.join(PROVINCE_KEYS)})")

    # Cities, in province order then by number
    raw_cities: list[tuple[int, int, str, float, float]] = []
    seen: set[str] = set()
    for i, entry in enumerate(data["cities"]):
        name = field(entry, "name", str, f"city {i + 1}")
        where = f"city {name}"
        pkey = field(entry, "province", str, where)
        if pkey not in prov_names:
            raise BoardError(f"{where}: unknown province '{pkey}'")
        number = field(entry, "number", int, where)
        lon = float(field(entry, "lon", float, where))
        lat = float(field(entry, "lat", float, where))
        known_keys(entry, {"name", "province", "number", "lon", "lat"}, where)
        if name.lower() in seen:
            raise BoardError(f"the space name '{name}' is used twice")
        seen.add(name.lower())
        raw_cities.append((PROVINCE_KEYS.index(pkey), number, name, lon, lat))
    raw_cities.sort()
    for p, expected in enumerate(CITIES_PER_PROVINCE):
        numbers = sorted(c[1] for c in raw_cities if c[0] == p)
        label = prov_names[PROVINCE_KEYS[p]]
        if len(numbers) != expected:
            raise BoardError(f"{label} has {len(numbers)} cities; it must have {expected}")
        if numbers != list(range(1, expected + 1)):
            raise BoardError(f"the cities of {label} must be numbered 1 to {expected} once each (found {numbers})")

    # Seas
    raw_seas: list[tuple[int, str, float, float]] = []
    for i, entry in enumerate(data["seas"]):
        name = field(entry, "name", str, f"sea {i + 1}")
        number = field(entry, "number", int, f"sea {name}")
        lon = float(field(entry, "lon", float, f"sea {name}"))
        lat = float(field(entry, "lat", float, f"sea {name}"))
        known_keys(entry, {"name", "number", "lon", "lat"}, f"sea {name}")
        if name.lower() in seen:
            raise BoardError(f"the space name '{name}' is used twice")
        seen.add(name.lower())
        raw_seas.append((number, name, lon, lat))
    raw_seas.sort()
    if [s[0] for s in raw_seas] != list(range(1, N_SEAS + 1)):
        raise BoardError(f"there must be {N_SEAS} seas numbered 1 to {N_SEAS} (found {[s[0] for s in raw_seas]})")

    names = tuple(c[2] for c in raw_cities) + tuple(s[1] for s in raw_seas)
    n_cities = len(raw_cities)
    index = {n.lower(): i for i, n in enumerate(names)}
    province = tuple(c[0] for c in raw_cities) + (-1,) * N_SEAS
    number = tuple(c[1] for c in raw_cities) + tuple(s[0] for s in raw_seas)
    province_cities = tuple(tuple(i for i in range(n_cities) if province[i] == p) for p in range(8))

    # Links
    links: list[Link] = []
    link_between: dict[tuple[int, int], int] = {}
    for i, entry in enumerate(data["links"]):
        a, b, where = edge_ends(entry, "link", i + 1, index, names, link_between)
        segments = field(entry, "segments", int, where)
        if not 1 <= segments <= 3:
            raise BoardError(f"{where} has {segments} segments; a link has 1, 2 (river) or 3 (mountain)")
        road = bool(entry.get("road", False))
        if road and (a >= n_cities or b >= n_cities):
            raise BoardError(f"{where} has a road but roads join two cities")
        river = entry.get("river")
        known_keys(entry, {"a", "b", "segments", "road", "river"}, where)
        link_between[(a, b)] = link_between[(b, a)] = len(links)
        links.append(Link(a, b, segments, road, river))

    adj: list[list[tuple[int, int, int]]] = [[] for _ in names]
    for li, link in enumerate(links):
        adj[link.a].append((link.b, link.segments, li))
        adj[link.b].append((link.a, link.segments, li))
    board = Board(
        source=source,
        names=names,
        n_cities=n_cities,
        province=province,
        number=number,
        lon=tuple(c[3] for c in raw_cities) + tuple(s[2] for s in raw_seas),
        lat=tuple(c[4] for c in raw_cities) + tuple(s[3] for s in raw_seas),
        province_names=tuple(prov_names[k] for k in PROVINCE_KEYS),
        province_colours=tuple(prov_colours[k] for k in PROVINCE_KEYS),
        province_cities=province_cities,
        capitals=tuple(province_cities[p][5] for p in HISPANIC_PROVINCES),
        links=tuple(links),
        adj=tuple(tuple(sorted(a)) for a in adj),
        neighbours=tuple(tuple(sorted(n for n, _, _ in a)) for a in adj),
        land=tuple(tuple(sorted(n for n, _, _ in a if n < n_cities)) for a in adj),
        link_between=link_between,
        road_candidates=tuple(
            li for li, link in enumerate(links)
            if max(link.a, link.b) < n_cities and not any(province[e] < 6 and number[e] == 6 for e in (link.a, link.b))
        ),
        index=index,
        north_of_durius=frozenset(i for i in range(n_cities) if PROVINCE_KEYS[province[i]] == "V")
        | {index[n.lower()] for n in NORTH_OF_DURIUS[1:] if n.lower() in index},
        near_province=tuple(
            frozenset(cities) | {x for c in cities for x, _, _ in adj[c]} for cities in province_cities
        ),
    )
    _check_topology(board)
    _check_facts(board)
    return board


def _connected(members: Sequence[int], neighbours: Sequence[Sequence[int]]) -> bool:
    members_set = set(members)
    seen = {members[0]}
    todo = [members[0]]
    while todo:
        for n in neighbours[todo.pop()]:
            if n in members_set and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == members_set


def _check_topology(board: Board) -> None:
    for space in range(board.n_spaces):
        if not board.adj[space]:
            raise BoardError(f"{board.names[space]} has no link")
    for p, cities in enumerate(board.province_cities):
        if not _connected(cities, board.land):
            raise BoardError(f"the cities of {board.province_names[p]} are not connected by their own links")
    if not _connected(list(board.seas), board.neighbours):
        raise BoardError("the seas are not connected to each other")
    for p in (ULTERIOR, CITERIOR):
        roads = [link for link in board.links if link.road and board.province[link.a] == p == board.province[link.b]]
        if len(roads) != 3:
            raise BoardError(f"{board.province_names[p]} must have 3 printed roads inside it (found {len(roads)})")
    if sum(link.road for link in board.links) != 6:
        raise BoardError("printed roads must lie inside the Roman provinces, 3 in each")


def _check_facts(board: Board) -> None:
    def need(name: str) -> int:
        try:
            return board.space(name)
        except KeyError:
            raise BoardError(f"the rulebook names '{name}', which the board lacks") from None

    for name, (pkey, num) in KNOWN_NUMBERS.items():
        s = need(name)
        if (PROVINCE_KEYS[board.province[s]], board.number[s]) != (pkey, num):
            raise BoardError(f"{name} must be city {pkey}-{num} (rulebook setup example)")
    dertosa = need("Dertosa")
    linked = {board.names[n] for n in board.neighbours[dertosa]}
    if linked != DERTOSA_LINKS:
        raise BoardError(f"Dertosa must be linked to exactly {', '.join(sorted(DERTOSA_LINKS))} "
                         f"(found {', '.join(sorted(linked))})")
    for name in NOT_CAPITALS:
        if board.is_capital(need(name)):
            raise BoardError(f"{name} cannot be a capital (a road reaches it in the setup example)")
    for name, most in SEA_FACTS.items():
        s = need(name)
        if not board.is_sea(s) or board.number[s] > most:
            raise BoardError(f"{name} must be a sea numbered at most {most}")
    for name, province_key in SCENARIO_CITIES.items():
        s = need(name)
        if board.is_sea(s):
            raise BoardError(f"{name} must be a city (scenario setup)")
        if province_key is not None and PROVINCE_KEYS[board.province[s]] != province_key:
            raise BoardError(f"{name} must be in province {province_key} (scenario setup)")
    for names in SCENARIO_ARMIES:
        if len({board.province[need(n)] for n in names}) < len(names):
            raise BoardError(f"{' and '.join(names)} must be in different provinces (a scenario puts an army in each)")
    for name in NUMANTIA_ROMAN_CITIES:
        s = need(name)
        if PROVINCE_KEYS[board.province[s]] == "III" and board.number[s] % 2:
            raise BoardError(f"{name} must not be city 1, 3 or 5 of Carpetania (The Siege of Numantia puts Roman "
                             "pieces there and revolts only on those)")
    _check_setup_example_roads(board)
    _check_durius(board)


def legal_roads(board: Board, roads: Sequence[int | bool], revolts: Sequence[int]) -> list[int]:
    """R7: the links that can take a road: city–city links without one, touching a city that
    has a road, neither of whose cities holds a revolt or is a capital."""
    with_road = [False] * board.n_spaces
    for a, b in compress(board.link_ends, roads):
        with_road[a] = with_road[b] = True
    # Touching the network first: most candidates fail there (a setup's legal list holds about 8 of 51).
    return [li for li, a, b in board.road_candidate_ends
            if (with_road[a] or with_road[b]) and not roads[li] and not revolts[a] and not revolts[b]]


def _check_setup_example_roads(board: Board) -> None:
    """The rulebook's example places roads towards Emerita, then Capara, towards Ilerda, and
    between Basti and Carthago Nova, legally (R7), around its six revolt cities."""
    roads = [link.road for link in board.links]
    revolts = [0] * board.n_spaces
    for name in SETUP_EXAMPLE_REVOLTS:
        revolts[board.space(name)] = 1
    emerita, capara = board.space("Emerita"), board.space("Capara")
    steps = [("towards Emerita", emerita, None), ("Emerita-Capara", emerita, capara),
             ("towards Ilerda", board.space("Ilerda"), None),
             ("Basti-Carthago Nova", board.space("Basti"), board.space("Carthago Nova"))]
    for label, end, other in steps:
        options = [li for li, link in enumerate(board.links)
                   if end in (link.a, link.b) and (other is None or other in (link.a, link.b))
                   and li in legal_roads(board, roads, revolts)]
        if not options:
            raise BoardError(f"the setup example's road {label} cannot be placed legally (R7)")
        roads[options[0]] = True


def _check_durius(board: Board) -> None:
    """Every link from the north of the Durius (Gallaecia, Pallantia, Aracillum) to the rest of
    the land crosses the Durius, and every link marked Durius does (The River of Oblivion)."""
    north = board.north_of_durius
    for link in board.links:
        crosses = (link.a in north) != (link.b in north) and not (board.is_sea(link.a) or board.is_sea(link.b))
        if crosses != (link.river == "Durius"):
            name = f"{board.names[link.a]}-{board.names[link.b]}"
            raise BoardError(f"link {name} must {'' if crosses else 'not '}be marked river = \"Durius\"")
