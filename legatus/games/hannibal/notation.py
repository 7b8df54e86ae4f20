"""Hannibal's notation: every action of the game, chance outcomes included, in one table.

Spaces and generals are written by name; cards by number (``ops #12``). An action's id is its
index in the table, so the rules can index by kind: ``TO + space`` is a move into ``space``.

>>> n = notation()
>>> str(n.table[n.TO + n.board.space("Rome")]), str(n.table[n.PLAY_OPS + 11])
('to Rome', 'ops #12')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from legatus.core.actions import ActionTable

from .components import Components, load_components
from .map import HannibalMap

SIDES = ("rome", "carthage")
ROME, CARTHAGE = 0, 1
KINDS = ("frontal assault", "flank left", "flank right", "probe", "double envelopment", "reserve")
FA, FL, FR, PROBE, DE, RESERVE = range(6)
NUMIDIAS = ("Western Numidia", "Eastern Numidia")
RESHUFFLE = "reshuffle strategy cards"  # the deck reshuffled, a chance node (H26)
HIDDEN = "take a hidden card"  # H132: #59's card drawn at random among those #20 left face down
ROLL_ATTEMPTS = "roll the attempts"  # H62: the reactions declared for an entry, then rolled
SPACE_VERBS = ("to", "sail", "pc", "remove pc", "reinforce", "intercept from", "avoid to", "retreat to", "consul",
               "place", "choose")
SIMPLE = ("stop", "done", "forgo", "place pcs", "fight", "back up", "pursue", "no pursuit", "siege", "no siege",
          "charge", "no charge", "withdraw", "concede", "counterattack", "take initiative", "keep defending",
          "cancel withdrawal", "allow withdrawal", "no reaction", "open with campaign", "no campaign opening",
          "rome first", "carthage first", "no proconsul", RESHUFFLE, "end campaign",
          "roll for command", "no roll for command", "no counter event", "sortie", "no sortie", "retreat inside",
          "go inside")
VERBS = tuple(sorted({*(v for v in SPACE_VERBS if " " in v), "pick up", "ally deserts with", "spy sees", "take shown",
                     *(f"{side} {verb}" for side in SIDES for verb in ("attacks", "matches"))}, key=len, reverse=True))
"""The verbs of several words, longest first: a menu's kinds ("pick up": Mago, 3)."""
PROBE_AS = (FL, FR, DE)  # H114: what Hannibal's Probe may stand for


@dataclass(frozen=True, eq=False)
class Notation:
    board: HannibalMap
    table: ActionTable
    ROLL: int  # "roll 1".."roll 6"
    DRAW: int  # "draw #1".."draw #64": a strategy card dealt
    BDRAW: int  # "draw <kind>": a battle card dealt
    ELECT: int  # "elect <general>"
    TAKE_CARD: int  # "take #N": a card taken or discarded at random from a hand
    PLAY_OPS: int
    PLAY_EVENT: int
    PLAY_DISCARD: int
    ACTIVATE: int  # "activate <general>"
    RAISE: int  # "raise <general>"
    PROCONSUL: int  # "proconsul <general>"
    CHOOSE_GENERAL: int  # "choose <general>"
    TAKE: int  # "take 0".."take 10" CUs
    ATTACK: int  # "<side> attacks <kind>" (6 per side: reserve as itself never; see RESERVE_AS)
    RESERVE_AS: int  # "<side> attacks reserve as <kind>" (5 per side)
    MATCH: int  # "<side> matches <kind>" (5 per side) then "<side> matches with reserve"
    PROBE: int  # H114: "carthage attacks probe as <kind>" (3), then "carthage matches with probe"
    STEAL: int  # #59: "ally deserts with <kind>"
    SPY: int  # #20: "spy sees <kind>"
    DESERT: int  # H132: #59 with #20: "take shown <kind>" (6), then "take a hidden card"
    ROLL_ATTEMPTS: int  # H62: "roll the attempts" declared for an entry
    GARRISON: int  # H51: "garrison <k>" (6), then "garrison <k> with generals" (6): CUs inside the walls
    DROP: int  # H45: "drop 1".."drop 10": CUs left along the path
    PICK_UP: int  # H45: "pick up 1".."pick up 10"
    PICK_UP_GENERAL: int  # H42: "pick up <general>": a subordinate joins the move
    DROP_GENERAL: int  # H42: "drop <general>": a subordinate stays where the army is
    WITH: dict[str, dict[tuple[int, int], int]]  # H4: kind -> (CUs, elephants among them) -> "take 8 with 1 elephant"
    SPLIT: dict[int, tuple[str, int, int]]  # the same, by id: (kind, CUs, elephants)
    SPLITS: int  # the first id of WITH's blocks (the table's last): ids from here say how many elephants go
    PROVINCE: int  # "choose Western Numidia", "choose Eastern Numidia"
    SPACE: dict[str, int]  # verb -> first id
    SIMPLE: dict[str, int]

    @property
    def TO(self) -> int:  # noqa: N802 - a table offset, named like the others
        return self.SPACE["to"]


def _texts(parts: Components) -> tuple[list[str], dict[str, int]]:
    board, generals = parts.map, parts.tables.generals
    texts: list[str] = []
    base: dict[str, int] = {}

    def block(key: str, items: list[str]) -> None:
        base[key] = len(texts)
        texts.extend(items)

    block("roll", [f"roll {d}" for d in range(1, 7)])
    block("draw", [f"draw #{c}" for c in range(1, 65)])
    block("bdraw", [f"draw {k}" for k in KINDS])
    block("elect", [f"elect {g.name}" for g in generals])
    block("take_card", [f"take #{c}" for c in range(1, 65)])
    block("ops", [f"ops #{c}" for c in range(1, 65)])
    block("event", [f"event #{c}" for c in range(1, 65)])
    block("discard", [f"discard #{c}" for c in range(1, 65)])
    block("activate", [f"activate {g.name}" for g in generals])
    block("raise", [f"raise {g.name}" for g in generals])
    block("proconsul", [f"proconsul {g.name}" for g in generals])
    block("choose_general", [f"choose {g.name}" for g in generals])
    block("take", [f"take {n}" for n in range(11)])
    block("attack", [f"{s} attacks {k}" for s in SIDES for k in KINDS[:5]])
    block("reserve_as", [f"{s} attacks reserve as {k}" for s in SIDES for k in KINDS[:5]])
    block("match", [f"{s} matches {k}" for s in SIDES for k in (*KINDS[:5], "with reserve")])
    block("province", [f"choose {p}" for p in NUMIDIAS])
    block("probe", [f"carthage attacks probe as {KINDS[k]}" for k in PROBE_AS] + ["carthage matches with probe"])
    block("steal", [f"ally deserts with {k}" for k in KINDS])
    block("spy", [f"spy sees {k}" for k in KINDS])
    for verb in SPACE_VERBS:
        block("space:" + verb, [f"{verb} {name}" for name in board.names])
    for word in SIMPLE:
        block("simple:" + word, [word])
    block("garrison", [f"garrison {k}{g}" for g in ("", " with generals") for k in range(6)])
    block("drop", [f"drop {k}" for k in range(1, 11)])
    block("pick_up", [f"pick up {k}" for k in range(1, 11)])
    block("pick_up_general", [f"pick up {g.name}" for g in generals])
    block("drop_general", [f"drop {g.name}" for g in generals])
    block("desert", [f"take shown {k}" for k in KINDS] + [HIDDEN])
    block("roll_attempts", [ROLL_ATTEMPTS])
    for kind, counts in splits(parts.tables.elephants):  # last: the ids above keep their numbers
        block("with:" + kind, [with_elephants(kind, n, j) for n, j in counts])
    return texts, base


SPLIT_KINDS = (("take", 10), ("drop", 10), ("pick up", 10), ("garrison", 5), ("garrison with generals", 5),
               ("retreat inside", 0))
"""H4, H46: the actions that split a stack, with the most CUs they move (the walls hold 5; a
retreat inside names none): each also says how many elephants go (:func:`with_elephants`)."""


def splits(elephants: int) -> list[tuple[str, list[tuple[int, int]]]]:
    """Each kind of :data:`SPLIT_KINDS` and its (CUs, elephants) pairs: every count of CUs (a
    retreat inside: 0, all that fit) with every count of elephants up to it."""
    out = []
    for kind, most in SPLIT_KINDS:
        counts = range(1, most + 1) if most else (0,)
        out.append((kind, [(n, j) for n in counts for j in range(min(n or elephants, elephants) + 1)]))
    return out


def plain(kind: str, n: int) -> str:
    """The action that leaves the elephants to the engine's order: ``take 8``, ``garrison 2 with
    generals``, ``retreat inside``."""
    if kind == "garrison with generals":
        return f"garrison {n} with generals"
    return f"{kind} {n}" if n else kind


def elephants_word(j: int) -> str:
    return f"{j} elephant{'' if j == 1 else 's'}"


def with_elephants(kind: str, n: int, j: int) -> str:
    """``take 8 with 1 elephant``, ``garrison 2 with generals and 0 elephants``, ``retreat inside with 2 elephants``."""
    return f"{plain(kind, n)} {'and' if kind.endswith('generals') else 'with'} {elephants_word(j)}"


def as_shown(kind: str, n: int, j: int) -> str:
    """How the menu and the hint write any of them, the plain one too: ``take 8 (2 elephants)``."""
    return f"{plain(kind, n)} ({elephants_word(j)})"


@cache
def notation(parts: Components | None = None) -> Notation:
    parts = parts or load_components()
    texts, base = _texts(parts)
    table = ActionTable("hannibal", texts)
    with_ids: dict[str, dict[tuple[int, int], int]] = {}
    for kind, counts in splits(parts.tables.elephants):
        with_ids[kind] = {pair: base["with:" + kind] + i for i, pair in enumerate(counts)}
        for (n, j), i in with_ids[kind].items():  # typed as the menu writes them too
            table.alias(as_shown(kind, n, j), i)
    return Notation(
        board=parts.map, table=table, ROLL=base["roll"], DRAW=base["draw"], BDRAW=base["bdraw"],
        ELECT=base["elect"], TAKE_CARD=base["take_card"], PLAY_OPS=base["ops"], PLAY_EVENT=base["event"],
        PLAY_DISCARD=base["discard"], ACTIVATE=base["activate"], RAISE=base["raise"],
        PROCONSUL=base["proconsul"], CHOOSE_GENERAL=base["choose_general"], TAKE=base["take"],
        ATTACK=base["attack"], RESERVE_AS=base["reserve_as"], MATCH=base["match"], PROVINCE=base["province"],
        PROBE=base["probe"], STEAL=base["steal"], SPY=base["spy"], DESERT=base["desert"],
        ROLL_ATTEMPTS=base["roll_attempts"], GARRISON=base["garrison"],
        DROP=base["drop"], PICK_UP=base["pick_up"], PICK_UP_GENERAL=base["pick_up_general"],
        DROP_GENERAL=base["drop_general"], WITH=with_ids,
        SPLIT={i: (kind, n, j) for kind, pairs in with_ids.items() for (n, j), i in pairs.items()},
        SPLITS=base["with:take"],
        SPACE={v: base["space:" + v] for v in SPACE_VERBS}, SIMPLE={w: base["simple:" + w] for w in SIMPLE})
