"""A VIAE position as one seat sees it, as a fixed-size vector of numbers in [0, 1], for
game-AI libraries (OpenSpiel's observation tensor, PettingZoo's and Gymnasium's observations).

It is read from ``state.view(seat)`` and nothing else, so it holds exactly what the seat may
see (V43): its own hand and personal Mandatum, the public board, the sizes of the others'
hands. Seats are numbered from the observer's (slot 0 is the observer, then the seats after it
in seat order), so one learner can play any seat; five slots whatever the number of players,
so the length is the same for 2 to 5 players (a slot of an absent seat is all zeros). The
layout, block by block, is in docs/viae/observation.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .procedures import TABLE
from .view import BASILICA_NAMES, LEVELS

if TYPE_CHECKING:
    from .game import ViaeGame
    from .state import ViaeState

SLOTS = 5  # the most players (C1)
FACES = 6  # conquest die faces 1..6 (V22)
# Caps that scale a count into [0, 1]; a larger count reads as 1.
DENAR, STONE, PIECES, HAND, PLAYED, SCORE, COPIES, DICE, KEPT = 30, 20, 20, 10, 3, 60, 4, 10, 3


@dataclass(frozen=True)
class Layout:
    """The index of every named component, and the blocks' sizes, of one game's data."""

    cities: dict[str, int]
    roads: dict[str, int]
    regions: dict[str, int]
    deceptio: dict[str, int]
    castra: dict[str, int]
    fortuna: dict[str, int]
    mandatum: dict[str, int]
    spots: dict[str, int]
    phases: dict[str, int]
    influence: int
    legio: int
    deck: int

    def per_seat(self) -> int:
        return 2 + SLOTS + 10 + len(self.spots) + 1 + 2 * len(self.castra) + 2 + len(self.cities) + 1

    def size(self) -> int:
        c, m = len(self.cities), len(self.mandatum)
        return (SLOTS * self.per_seat()
                + c * (SLOTS + 1 + len(LEVELS) + SLOTS + 1)
                + len(self.roads) * SLOTS
                + len(self.regions) * (len(BASILICA_NAMES) + 1)
                + 3 * len(self.castra) + 1
                + 2 * len(self.deceptio) + 1
                + len(self.fortuna) + 2 * m + m * SLOTS
                + 1 + c + FACES + 2
                + 3 + len(self.phases) + 1 + SLOTS)


def layout(game: ViaeGame) -> Layout:
    b, cards, t = game.board, game.cards, game.tracks

    def index(ids: Sequence[str]) -> dict[str, int]:
        return {name: i for i, name in enumerate(ids)}

    # The phases: "round" (the slot of the round's automatic steps, which never wait: always 0, kept
    # so that the layout stays as it was), the names of the procedures that wait, then "over".
    names = list(dict.fromkeys(["round", *(p.name for p in TABLE.by_id if p.run is None)]))
    return Layout(index(b.city_ids), index([r.id for r in b.roads]), index(b.region_ids),
                  index([c.id for c in cards.deceptio]), index([c.id for c in cards.castra]),
                  index([c.id for c in cards.fortuna]), index([m.id for m in cards.mandatum]),
                  index(t.ordo_labels), index([*names, "over"]), t.influence_max, t.legio_slots,
                  max(sum(game.deceptio_counts), 1))


def _one_hot(index: int | None, size: int) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def _counts(ids: Sequence[str], where: dict[str, int], cap: int) -> list[float]:
    out = [0.0] * len(where)
    for i in ids:
        out[where[i]] = min(1.0, out[where[i]] + 1 / cap)
    return out


def _scaled(value: float, cap: float) -> float:
    return min(1.0, max(0.0, value / cap))


def tensor(st: ViaeState, seat: int | None) -> list[float]:
    """``st`` as ``seat`` sees it (``None``: a spectator, slot 0 then being the first seat)."""
    lay = st.game.observation_layout
    v = st.view(seat)
    names = st.game.seats
    n = len(names)
    me = 0 if seat is None else seat

    def slot(name: str | None) -> int | None:
        return None if name is None or name not in names else (names.index(name) - me) % n

    out: list[float] = []
    by_slot = {(s - me) % n: p for s, p in enumerate(v["players"])}
    for k in range(SLOTS):
        if k >= n:
            out += [0.0] * lay.per_seat()
            continue
        p = by_slot[k]
        officers = [_one_hot(None if o is None else lay.castra[o], len(lay.castra)) for o in p["officers"]]
        turn = v["order"].index(p["seat"]) if p["seat"] in v["order"] else None  # none yet during set-up
        out += [1.0, float(v["to_move"] == p["seat"]), *_one_hot(turn, SLOTS),
                _scaled(p["denar"], DENAR), _scaled(p["stone"], STONE), _scaled(p["influence"], lay.influence),
                _scaled(p["legio"], lay.legio), _scaled(p["assigned"], lay.legio), _scaled(p["forts"], PIECES),
                _scaled(p["milestones"], PIECES), _scaled(p["hand_size"], HAND),
                _scaled(p["played_this_round"], PLAYED), _scaled(v["scores"][names.index(p["seat"])], SCORE),
                *_one_hot(lay.spots[p["spot"]] if p["spot"] is not None else len(lay.spots), len(lay.spots) + 1),
                *officers[0], *officers[1], *(float(u) for u in p["officers_used"]),
                *_one_hot(lay.cities[p["marker"]] if p["marker"] is not None else len(lay.cities),
                          len(lay.cities) + 1)]
    basilica_at = {b["city"] for b in v["basilicas"]}
    for city in lay.cities:
        c: dict[str, Any] | None = v["cities"].get(city)  # Roma is no one's to hold
        if c is None:
            out += [0.0] * (SLOTS + 1 + len(LEVELS) + SLOTS + 1)
            continue
        owner = slot(c["owner"])
        scouts = [0.0] * SLOTS
        for s, count in enumerate(c["scouts"]):
            if count:
                scouts[(s - me) % n] = _scaled(count, st.game.tracks.scout_limit)
        out += [*_one_hot(SLOTS if owner is None else owner, SLOTS + 1),
                *_one_hot(LEVELS.index(c["hostility"]), len(LEVELS)), *scouts, float(city in basilica_at)]
    for road in lay.roads:
        out += _one_hot(slot(v["roads"].get(road)), SLOTS)
    kinds = {b["region"]: BASILICA_NAMES.index(b["kind"]) for b in v["basilicas"]}
    for region in lay.regions:
        out += [*_one_hot(kinds.get(region), len(BASILICA_NAMES)), float(region in v["quarries"])]
    for card in v["castra"]:
        out += _one_hot(None if card is None else lay.castra[card], len(lay.castra))
    out += [_scaled(v["castra_pile"], len(lay.castra))]
    mine = by_slot[0]
    out += [*_counts(mine["hand"] or [], lay.deceptio, COPIES), *_counts(v["deceptio_discard"], lay.deceptio, COPIES),
            _scaled(v["deceptio_deck"], lay.deck)]
    out += _counts(v["fortuna_active"], lay.fortuna, 1)
    out += _counts(v["public_mandatum"], lay.mandatum, 1)
    out += _counts(mine["personal_mandatum"] or [], lay.mandatum, 1)
    completed = [0.0] * (len(lay.mandatum) * SLOTS)
    for k in range(n):
        for m in by_slot[k]["completed"]:
            completed[lay.mandatum[m] * SLOTS + k] = 1.0
    out += completed
    conquest = v["conquest"]
    kept = conquest["kept"] if conquest else []
    out += [float(conquest is not None),
            *_one_hot(lay.cities[conquest["city"]] if conquest else None, len(lay.cities)),
            *_faces(conquest["dice"] if conquest else []), _scaled(len(kept), KEPT), _scaled(sum(kept), DICE)]
    out += [_scaled(v["round"], st.game.tracks.rounds), float(v["last_round"]), float(v["to_move"] == "chance"),
            *_one_hot(lay.phases[v["phase"]], len(lay.phases)), float(seat is None)]
    returns = v["returns"] or []
    out += [float(returns[(k + me) % n]) if k < n and returns else 0.0 for k in range(SLOTS)]
    return out


def _faces(dice: Sequence[int]) -> list[float]:
    out = [0.0] * FACES
    for d in dice:
        face = min(max(d, 1), FACES) - 1
        out[face] = min(1.0, out[face] + 1 / DICE)
    return out
