"""VIAE's notation: one action table per configuration (players, decks, die), every chance
outcome and every decision a short English phrase.

Chance outcomes: ``order seat2`` (the random first turn order, Set Up V), ``deceptio D04`` (a
private draw), ``castra CA05``, ``fortuna F12``, ``mandatum M03`` (a public card, or a private
personal deal), ``die 2`` (one conquest die), ``loses D05`` (a card discarded at random).
Decisions: see docs/viae/notation.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from legatus.core.actions import ActionTable

from .board import Board
from .cards import Cards

BASILICAS = ("forum", "temple", "quarry")  # C3
MAX_RECRUIT = 8  # V13: Legio slots
MAX_CITIES = 12  # C1: forts a player


@dataclass(frozen=True, eq=False)
class Notation:
    """The action table and the first id of each kind of action."""

    table: ActionTable
    base: dict[str, int]
    chance_end: int  # every chance outcome has an id below this

    def __getitem__(self, kind: str) -> int:
        return self.base[kind]


def build_notation(board: Board, cards: Cards, seats: tuple[str, ...], faces: tuple[int, ...],
                   spots: tuple[str, ...]) -> Notation:
    texts: list[str] = []
    base: dict[str, int] = {}

    def kind(name: str, items: list[str]) -> None:
        base[name] = len(texts)
        texts.extend(items)

    deceptio = [c.id for c in cards.deceptio]
    castra = [c.id for c in cards.castra]
    cities = list(board.city_ids)
    roads = [r.id for r in board.roads]
    # chance outcomes first, so that max_chance_outcomes is one id
    kind("order", [f"order {s}" for s in seats])
    kind("deceptio", [f"deceptio {d}" for d in deceptio])
    kind("castra", [f"castra {c}" for c in castra])
    kind("fortuna", [f"fortuna {c.id}" for c in cards.fortuna])
    kind("mandatum", [f"mandatum {m.id}" for m in cards.mandatum])
    kind("die", [f"die {v}" for v in range(1, max(faces) + 1)])
    kind("loses", [f"loses {d}" for d in deceptio])
    chance_end = len(texts)
    kind("start", [f"start {c}" for c in cities])
    kind("milestone", [f"milestone {r}" for r in roads])
    kind("ordo", ["ordo free"])
    kind("spot", [f"ordo {label}" for label in spots])
    kind("stone", [f"stone {k}" for k in range(MAX_CITIES + 1)])
    kind("discard", [f"discard {d}" for d in deceptio])
    kind("road", [f"road {r}" for r in roads])
    kind("road_go", [f"road {r} go" for r in roads])
    kind("move", [f"move {c}" for c in cities])
    kind("sail", [f"sail {c}" for c in cities])
    kind("scout", [f"scout {c}" for c in cities])
    kind("recruit", [f"recruit {n}" for n in range(1, MAX_RECRUIT + 1)])
    kind("cycle", ["cycle"])
    kind("hire", [f"hire {c} slot {s}" for c in castra for s in (1, 2)])
    kind("hire_none", ["hire none"])
    kind("conquer", ["conquer"])
    kind("keep", [f"keep {v}" for v in range(0, max(faces) + 1)])
    kind("basilica", [f"basilica {b} {c}" for b in BASILICAS for c in cities])
    kind("prepare", ["prepare"])
    kind("end", ["end turn"])
    kind("play", [f"play {d}" for d in deceptio])
    kind("buy", ["buy influence"])
    kind("ability", [f"ability {c}" for c in castra])
    kind("target_seat", [f"target {s}" for s in seats])
    kind("target_city", [f"target {c}" for c in cities])
    kind("done", ["done"])
    kind("skip", ["skip"])
    kind("take", [f"take {k}" for k in range(0, MAX_RECRUIT + 1)])
    kind("complete", [f"complete {m.id}" for m in cards.mandatum])
    return Notation(ActionTable("viae", texts), base, chance_end)

