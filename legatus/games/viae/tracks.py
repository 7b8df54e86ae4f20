"""The VIAE tracks, Cohorte, conquest dice and supply: loaded from ``data/tracks.toml`` and checked.

The rulebook fixes most of these numbers; the validator refuses any other value for them (the
constraint id in :data:`RULEBOOK` says where). Four are reconstructions an owner may correct within
the rulebook's shapes: the red round spaces (V6), the turn-order spots (V7, C20), the Castra slot
costs (V10, C21) and the conquest die faces (V22).

>>> tracks = load_tracks()
>>> tracks.fortuna_rounds, tracks.ordo_costs, tracks.actions[4]
((3, 5, 7, 9, 11), (4, 3, 2, 1, 0, 0, 0, 0), 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from legatus.core.datafile import field, header, known_keys, load_data, shipped
from legatus.core.errors import BoardError

# (table, key): (the rulebook's value, constraint). V13 reads the 8 Legio slots from the 8 pawns.
RULEBOOK: dict[tuple[str, str], tuple[int | list[int], str]] = {
    ("rounds", "count"): (12, "C19"),
    ("rounds", "hostility_from"): (3, "C28"),
    ("rounds", "hostility_from_2_players"): (4, "C28"),
    ("castra", "cycle_cost"): (3, "C42"),
    ("conquest", "dice"): (4, "C4"),
    ("conquest", "scout_limit"): (3, "C33"),
    ("influence", "min"): (1, "C18"),
    ("influence", "max"): (10, "C18"),
    ("influence", "start"): (1, "C23"),
    ("influence", "deceptio_draws"): ([1, 1, 1, 1, 1, 2, 2, 2, 2, 3], "C31"),
    ("influence", "officer_slot_2"): (6, "C43"),
    ("turn", "actions"): ([5, 4, 4, 3], "C32"),
    ("turn", "prepare_denar"): (2, "C41"),
    ("cohorte", "legio_slots"): (8, "V13"),
    ("cohorte", "red_slots"): (5, "C22"),
    ("cohorte", "legio_cost"): (1, "C42"),
    ("cohorte", "legio_upkeep"): (1, "C46"),
    ("cohorte", "officer_upkeep"): ([2, 3], "C46"),
    ("costs", "toll"): (1, "C39"),
    ("costs", "sail_fee"): (3, "C38"),
    ("costs", "basilica_stone"): (3, "C40"),
    ("costs", "basilica_denar"): (3, "C40"),
    ("stipendium", "road_denar"): (1, "C31"),
    ("stipendium", "city_denar"): (2, "C31"),
    ("stipendium", "city_stone"): (1, "C31"),
    ("stipendium", "forum_influence"): (1, "C31"),
    ("stipendium", "temple_denar"): (5, "C31"),
    ("stipendium", "quarry_factor"): (2, "C31"),
    ("stipendium", "hand_limit"): (5, "C31"),
    ("setup", "denar"): (12, "C23"),
    ("setup", "stone"): (8, "C23"),
    ("setup", "legio"): (5, "C23"),
    ("setup", "deceptio"): (2, "C24"),
    ("setup", "deceptio_last_player"): (1, "C24"),
    ("setup", "public_mandatum_per_player"): (1, "C25"),
    ("setup", "personal_mandatum"): (2, "C25"),
    ("setup", "mandatum_to_end"): (2, "C49"),
    ("supply", "players"): ([2, 5], "C1"),
    ("supply", "markers"): (2, "C1"),
    ("supply", "legio"): (8, "C1"),
    ("supply", "officers"): (2, "C1"),
    ("supply", "milestones"): (20, "C1"),
    ("supply", "forts"): (12, "C1"),
    ("supply", "forum"): (2, "C3"),
    ("supply", "temple"): (3, "C3"),
    ("supply", "quarry"): (3, "C3"),
}
# The reconstructed values, each checked for its shape below.
RECONSTRUCTED = {("rounds", "fortuna"), ("ordo", "spots"), ("castra", "slot_costs"), ("conquest", "die")}
CASTRA_SLOTS = 3  # C21
FREE_SPOTS = 4  # C20
FIRST_SPOT = "VIII"  # C20: play starts at the spot marked VIII
DIE_FACES = 6  # V22


@dataclass(frozen=True)
class Tracks:
    source: str
    reconstructed: bool
    rounds: int
    fortuna_rounds: tuple[int, ...]
    hostility_from: tuple[int, int]  # 2 players, 3-5 players (C28)
    ordo_labels: tuple[str, ...]  # left to right: the first acts first
    ordo_costs: tuple[int, ...]
    castra_slot_costs: tuple[int, ...]
    cycle_cost: int
    conquest_die: tuple[int, ...]
    conquest_dice: int
    scout_limit: int
    influence_min: int
    influence_max: int
    influence_start: int
    deceptio_draws: tuple[int, ...]  # by influence 1..10
    officer_slot_2: int
    actions: Mapping[int, int]  # by player count
    prepare_denar: int
    legio_slots: int
    red_slots: int
    legio_cost: int
    legio_upkeep: int
    officer_upkeep: tuple[int, ...]  # slot 1, slot 2
    costs: Mapping[str, int]  # toll, sail_fee, basilica_stone, basilica_denar
    stipendium: Mapping[str, int]
    setup: Mapping[str, int]
    supply: Mapping[str, int]
    players: range


def default_tracks_path() -> str:
    return str(shipped(__package__, "tracks.toml"))


@cache
def load_tracks(path: str | None = None) -> Tracks:
    """The tracks in ``path`` (the shipped file if None), validated."""
    source = default_tracks_path() if path is None else str(path)
    return load_data(source, "tracks", build_tracks)


def _tables(data: dict[str, Any]) -> tuple[bool, dict[str, dict[str, Any]]]:
    keys: dict[str, set[str]] = {}
    for table, key in (*RULEBOOK, *RECONSTRUCTED):
        keys.setdefault(table, set()).add(key)
    reconstructed = header(data, set(keys))
    for table, expected in keys.items():
        entry = field(data, table, dict, "the file")
        known_keys(entry, expected, f"[{table}]")
        for key in sorted(expected):
            if key not in entry:
                raise BoardError(f"[{table}] has no '{key}'")
    return reconstructed, {table: data[table] for table in keys}


def _ints(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise BoardError(f"{where} must be a list of integers (found {value!r})")
    return tuple(value)


def build_tracks(data: dict[str, Any], source: str = "<data>") -> Tracks:
    """Tables from parsed tracks data; a :class:`BoardError` names the first broken check."""
    reconstructed, t = _tables(data)
    for (table, key), (expected, cid) in RULEBOOK.items():
        if t[table][key] != expected:
            raise BoardError(f"[{table}] {key} must be {expected}, as the rulebook says ({cid}); "
                             f"found {t[table][key]!r}")
    rounds = t["rounds"]["count"]
    fortuna = _ints(t["rounds"]["fortuna"], "[rounds] fortuna")
    if list(fortuna) != sorted(set(fortuna)) or not all(2 <= r <= rounds for r in fortuna):
        # C19: space 1 is green, so Fortuna comes on spaces 2..12
        raise BoardError(f"[rounds] fortuna must list distinct rounds 2 to {rounds} in order (C19); "
                         f"found {list(fortuna)}")

    spots = t["ordo"]["spots"]
    if not isinstance(spots, list):
        raise BoardError(f"[ordo] spots must be a list of {{ label, cost }} tables (found {spots!r})")
    labels, costs = [], []
    for i, spot in enumerate(spots):
        where = f"[ordo] spot {i + 1}"
        known_keys(spot if isinstance(spot, dict) else {}, {"label", "cost"}, where)
        labels.append(field(spot, "label", str, where))
        costs.append(field(spot, "cost", int, where))
    players = range(t["supply"]["players"][0], t["supply"]["players"][1] + 1)
    if len(spots) < players.stop - 1 or len(set(labels)) != len(labels):
        raise BoardError(f"[ordo] spots must have at least {players.stop - 1} distinct labels, one per player "
                         f"(C20); found {labels}")
    if labels[0] != FIRST_SPOT:
        raise BoardError(f"[ordo] the first spot must be labelled {FIRST_SPOT} (C20); found {labels[0]}")
    if costs != sorted(costs, reverse=True) or costs[-1] < 0:
        raise BoardError(f"[ordo] spot costs must not rise from left to right nor be negative (C20); found {costs}")
    if costs.count(0) != FREE_SPOTS:
        raise BoardError(f"[ordo] exactly {FREE_SPOTS} spots must be free (cost 0) (C20); found {costs.count(0)}")

    slot_costs = _ints(t["castra"]["slot_costs"], "[castra] slot_costs")
    if len(slot_costs) != CASTRA_SLOTS or min(slot_costs) < 0:
        raise BoardError(f"[castra] slot_costs must be {CASTRA_SLOTS} Denar costs of 0 or more (C21); "
                         f"found {list(slot_costs)}")
    die = _ints(t["conquest"]["die"], "[conquest] die")
    if len(die) != DIE_FACES or min(die) < 1:
        raise BoardError(f"[conquest] die must have {DIE_FACES} faces of 1 or more (V22); found {list(die)}")

    influence, cohorte = t["influence"], t["cohorte"]
    return Tracks(
        source=source,
        reconstructed=reconstructed,
        rounds=rounds,
        fortuna_rounds=fortuna,
        hostility_from=(t["rounds"]["hostility_from_2_players"], t["rounds"]["hostility_from"]),
        ordo_labels=tuple(labels),
        ordo_costs=tuple(costs),
        castra_slot_costs=slot_costs,
        cycle_cost=t["castra"]["cycle_cost"],
        conquest_die=die,
        conquest_dice=t["conquest"]["dice"],
        scout_limit=t["conquest"]["scout_limit"],
        influence_min=influence["min"],
        influence_max=influence["max"],
        influence_start=influence["start"],
        deceptio_draws=tuple(influence["deceptio_draws"]),
        officer_slot_2=influence["officer_slot_2"],
        actions=MappingProxyType(dict(zip(players, t["turn"]["actions"], strict=True))),
        prepare_denar=t["turn"]["prepare_denar"],
        legio_slots=cohorte["legio_slots"],
        red_slots=cohorte["red_slots"],
        legio_cost=cohorte["legio_cost"],
        legio_upkeep=cohorte["legio_upkeep"],
        officer_upkeep=tuple(cohorte["officer_upkeep"]),
        costs=MappingProxyType(dict(t["costs"])),
        stipendium=MappingProxyType(dict(t["stipendium"])),
        setup=MappingProxyType(dict(t["setup"])),
        supply=MappingProxyType({k: v for k, v in t["supply"].items() if k != "players"}),
        players=players,
    )
