"""Which CUs go where Carthage splits a stack (H4, H46): an elephant is a CU like any other but
in H77, H82 and H84, so the player says how many of the CUs that go are elephants, whether an
army takes them to a battle for the charge or leaves them behind.

Each place a stack splits (an army's CUs, those it drops off or picks up, a reacting force, the
inside of the walls, a retreat inside) keeps its plain action (``take 8``, ``drop 2``,
``garrison 2``, ``retreat inside``) for the engine's order of before: elephants go with an army
first, into the walls last, out of them first. So a record saved before replays as it did, and
the heuristic plays as it did. Every other number of elephants the stack allows is one more
action (``take 8 with 1 elephant``): no two actions of a decision do the same
(docs/hannibal/rulings.md, "Which CUs go").

Each chapter says, for its decisions, which numbers of elephants ``n`` CUs of a kind may hold
and which one the plain action moves (its ``SPLITS``, joined in :mod:`..procedures`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from ..notation import as_shown, elephants_word

if TYPE_CHECKING:
    from ..notation import Notation
    from ..state import HannibalState

Choices = tuple[range, int]
"""The numbers of elephants the CUs that go may hold, and the one the plain action moves."""
NONE: Choices = (range(1), 0)
Chooser = Callable[["HannibalState", str, int], Choices]
"""For a decision: the :data:`Choices` of ``n`` CUs of a kind ("take", "drop", …)."""


def span(n: int, regular: int, elephants: int) -> range:
    """The numbers of elephants ``n`` CUs taken among ``regular`` and ``elephants`` ones may hold.

    >>> list(span(8, 8, 2)), list(span(10, 8, 2)), list(span(3, 5, 0))
    ([0, 1, 2], [2], [0])
    """
    return range(max(0, n - regular), min(n, elephants) + 1)


def actions(st: HannibalState, kind: str, n: int, choices: Choices) -> list[int]:
    """The plain action of ``n`` CUs of ``kind``, then one for every other number of elephants."""
    allowed, default = choices
    first = plain_id(st.notation, kind, n)
    if len(allowed) <= 1:
        return [first]
    ids = st.notation.WITH[kind]
    return [first, *(ids[n, j] for j in allowed if j != default)]


def by_elephants(st: HannibalState, kind: str, lo: int, hi: int, choose: Chooser) -> tuple[int, ...]:
    """The actions of ``lo`` to ``hi`` CUs of ``kind``, the fewest elephants first, then the
    fewest CUs (the menu lists them so: "take (0 elephants): 1 2 3"; the plain ones keep their order)."""
    ranked = []
    for n in range(lo, hi + 1):
        allowed, default = choose(st, kind, n)
        ranked += [(j, n, a) for j, a in zip([default, *(j for j in allowed if j != default)],
                                             actions(st, kind, n, (allowed, default)), strict=True)]
    return tuple(a for _, _, a in sorted(ranked))


@cache
def _blocks(notation: Notation) -> tuple[tuple[str, int, int, int], ...]:
    """Each kind's plain actions: (kind, the id of its fewest CUs, those CUs, the most CUs)."""
    n = notation
    return (("take", n.TAKE, 0, 10), ("drop", n.DROP, 1, 10), ("pick up", n.PICK_UP, 1, 10),
            ("garrison", n.GARRISON, 0, 5), ("garrison with generals", n.GARRISON + 6, 0, 5),
            ("retreat inside", n.SIMPLE["retreat inside"], 0, 0))


def plain_id(notation: Notation, kind: str, n: int) -> int:
    """The plain action: ``take 8``, ``drop 2``, ``pick up 2``, ``garrison 2 (with generals)``,
    ``retreat inside``."""
    first, fewest = next((first, fewest) for k, first, fewest, _ in _blocks(notation) if k == kind)
    return first + n - fewest


def plain_of(notation: Notation, action: int) -> tuple[str, int] | None:
    """The kind and CUs of a plain action of :func:`plain_id`, else None."""
    for kind, first, fewest, most in _blocks(notation):
        if first <= action <= first + most - fewest:
            return kind, action - first + fewest
    return None


def chosen(notation: Notation, action: int) -> tuple[str, int, int] | None:
    """(kind, CUs, elephants) of an action that names its elephants, else None."""
    return notation.SPLIT.get(action) if action >= notation.SPLITS else None


def read(st: HannibalState, action: int, choose: Chooser) -> tuple[str, int, int] | None:
    """(kind, CUs, elephants) that ``action`` moves at the decision ``choose`` answers for (a
    plain action: the engine's order), else None."""
    named = chosen(st.notation, action)
    if named is not None:
        return named
    kind_n = plain_of(st.notation, action)
    if kind_n is None:
        return None
    kind, n = kind_n
    return kind, n, choose(st, kind, n)[1]


def split(st: HannibalState, action: int, choose: Chooser) -> tuple[str, int, int]:
    """:func:`read` of an action that splits a stack."""
    out = read(st, action, choose)
    assert out is not None, action
    return out


# --- What a person reads: the menu, the hint, an action refused ---------------------------------
def shown(st: HannibalState, action: int, choose: Chooser) -> str | None:
    """An action that splits a stack holding elephants, with how many go: ``take 8 (2 elephants)``
    (the plain one too: it says what the engine's order moves), else None."""
    split = read(st, action, choose)
    if split is None:
        return None
    kind, n, j = split
    return as_shown(kind, n, j) if choose(st, kind, n)[0][-1] else None


def same_as_plain(st: HannibalState, action: int, choose: Chooser, legal: tuple[int, ...]) -> int | None:
    """The plain action legal here that moves what ``action`` names (``take 8 with 2 elephants``
    where ``take 8`` takes 2), else None: a person may type either."""
    named = chosen(st.notation, action)
    if named is None or action in legal:
        return None
    kind, n, j = named
    first = plain_id(st.notation, kind, n)
    return first if first in legal and choose(st, kind, n)[1] == j else None


def refusal(st: HannibalState, action: int, choose: Chooser, legal: tuple[int, ...]) -> str | None:
    """Why ``action`` that names its elephants is refused, naming what is valid, else None."""
    named = chosen(st.notation, action)
    if named is None:
        return None
    kind, n, j = named
    first = plain_id(st.notation, kind, n)
    if first not in legal:
        return None
    allowed, default = choose(st, kind, n)
    cus = f"{n} CUs" if n else "the CUs that fit inside"
    if j == default:
        return f"here '{st.notation.table[first]}' moves {cus} with {elephants_word(j)}: it is that action"
    valid = ", ".join(f"'{st.notation.table[a]}'" for a in actions(st, kind, n, (allowed, default)))
    return (f"{cus} here may hold {allowed[0]} to {allowed[-1]} elephants, not {j}: {valid}" if len(allowed) > 1
            else f"{cus} here hold {elephants_word(allowed[0])}, no other number: {valid}")
