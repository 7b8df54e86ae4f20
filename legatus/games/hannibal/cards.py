"""Hannibal's 64 strategy cards and 48 battle cards: loaded once from ``data/cards.toml`` and
checked by its validator (see docs/hannibal/cards.md).

>>> cards = load_cards()
>>> cards.strategy[63].name, cards.strategy[63].ops
('Truce', 2)
>>> len(cards.battle_deck)
48
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from legatus.core.datafile import choice, count, field, in_range, known_keys, load_data, shipped, top_level
from legatus.core.errors import BoardError

N_STRATEGY, N_BATTLE = 64, 48  # H7
SIDES = ("rome", "carthage", "either")  # H33
KINDS = ("event", "counter", "op_bonus", "campaign")  # H128
COUNTER_WHEN = ("battle", "movement")  # H129
BATTLE_KINDS = ("Frontal Assault", "Flank Left", "Flank Right", "Probe", "Double Envelopment", "Reserve")  # H7


@dataclass(frozen=True, slots=True)
class StrategyCard:
    number: int
    name: str
    ops: int
    side: str
    ship: bool
    kind: str
    counter_when: str | None
    generals: int  # Generals a campaign activates (H52); 0 otherwise
    force_march: int  # the highest SR a Force March moves (#61-63); 0 otherwise
    removed_after: int  # event uses after which it leaves the game (H130); 0 never
    breaks_truce: bool  # H131
    effect: str


@dataclass(frozen=True, eq=False)
class Cards:
    source: str
    strategy: tuple[StrategyCard, ...]  # index = number - 1
    battle_kinds: tuple[str, ...]
    battle_counts: tuple[int, ...]
    wild: int  # the battle-card kind that matches any other (H78)
    battle_deck: tuple[int, ...]  # one kind index per card, in kind order


@cache
def load_cards(path: str | None = None) -> Cards:
    """The cards in ``path`` (an owner's correction), or the shipped ones if None, validated."""
    source = str(path) if path is not None else str(shipped(__package__, "cards.toml"))
    return load_data(source, "cards", build_cards)


def _strategy(entry: Any, i: int) -> StrategyCard:
    number = field(entry, "number", int, f"strategy card {i + 1}")
    if number != i + 1:
        raise BoardError(f"strategy card {i + 1} is numbered {number}; cards must be numbered 1 to {N_STRATEGY} "
                         "in order (H7)")
    where = f"strategy card #{number}"
    known_keys(entry, ("number", "name", "ops", "side", "ship", "kind", "counter_when", "generals", "force_march",
                       "removed_after", "breaks_truce", "effect"), where)
    ops = in_range(entry, "ops", 1, 3, where)
    ship = field(entry, "ship", bool, where, False)
    if ship != (ops == 3):
        raise BoardError(f"{where}: 'ship' must be true exactly when it has 3 OPs (H128)")
    kind = choice(entry, "kind", KINDS, where)
    if ("counter_when" in entry) != (kind == "counter"):
        raise BoardError(f"{where}: a counter card, and only one, has 'counter_when' (H129)")
    counter_when = choice(entry, "counter_when", COUNTER_WHEN, where) if kind == "counter" else None
    if ("generals" in entry) != (kind == "campaign"):
        raise BoardError(f"{where}: a campaign card, and only one, has 'generals' (H52)")
    breaks_truce = field(entry, "breaks_truce", bool, where, False)
    if breaks_truce and kind in ("op_bonus", "campaign"):
        raise BoardError(f"{where}: an {kind} card never breaks a Truce (H131)")
    return StrategyCard(
        number, field(entry, "name", str, where), ops, choice(entry, "side", SIDES, where), ship, kind,
        counter_when, in_range(entry, "generals", 2, 3, where) if kind == "campaign" else 0,
        in_range(entry, "force_march", 1, 3, where) if "force_march" in entry else 0,
        in_range(entry, "removed_after", 1, 2, where) if "removed_after" in entry else 0,
        breaks_truce, field(entry, "effect", str, where))


def build_cards(data: dict[str, Any], source: str = "<data>") -> Cards:
    """Tables from parsed card data; a :class:`BoardError` names the first broken check."""
    top_level(data, ("strategy", "battle"))
    strategy = tuple(_strategy(entry, i) for i, entry in enumerate(data["strategy"]))
    count(len(strategy), N_STRATEGY, "strategy cards", "H7")

    kinds: list[str] = []
    counts: list[int] = []
    wild: list[int] = []
    for i, entry in enumerate(data["battle"]):
        name = choice(entry, "name", BATTLE_KINDS, f"battle card kind {i + 1}")
        where = f"battle card {name}"
        if name in kinds:
            raise BoardError(f"{where} is listed twice")
        known_keys(entry, ("name", "count", "wild"), where)
        if field(entry, "wild", bool, where, False):
            wild.append(i)
        kinds.append(name)
        counts.append(in_range(entry, "count", 1, N_BATTLE, where))
    count(len(kinds), len(BATTLE_KINDS), "kinds of battle card", "H7")
    count(sum(counts), N_BATTLE, "battle cards", "H7")
    if wild != [kinds.index("Reserve")]:
        raise BoardError("the Reserve, and only it, must be wild = true (H78)")
    return Cards(source, strategy, tuple(kinds), tuple(counts), wild[0],
                 tuple(k for k, n in enumerate(counts) for _ in range(n)))
