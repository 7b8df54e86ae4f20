"""Actions: small integers whose ``str()`` is their notation.

A game builds one :class:`ActionTable` per configuration (board, variants). Every action of
that configuration, chance outcomes included, is an interned :class:`Action` whose integer
value is its index in the table, so adapters get an integer encoding for free and the
engine can index tables with it, while people read and type the notation.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence

from .errors import NotationError

_SPACES = re.compile(r"\s+")
_AROUND = re.compile(r"\s*([->])\s*")


def normalize(text: str) -> str:
    """The lookup key of a notation: lower case, single spaces, none around ``-`` and ``>``."""
    return _AROUND.sub(r"\1", _SPACES.sub(" ", text.strip().lower()))


def value_of(notation: str) -> str:
    """What an action's notation says after its first word, its kind: "8" in "take 8"."""
    return notation.partition(" ")[2]


def by_value(text: str, actions: Sequence[Action]) -> list[Action]:
    """The actions ``text`` names by its value alone, as a person reads it off a menu, a die or a
    card: "8" for "take 8", "16" or "#16" for "draw #16", "ca05" for "castra CA05"; else those
    whose notation ends with it ("Toletum" for "remove pc Toletum", "Scipio" for "elect P. Scipio")."""
    lowered = text.strip().lower()
    if not lowered:
        return []
    valued = [a for a in actions if value_of(str(a)).lower() in (lowered, f"#{lowered}")]
    return valued or [a for a in actions if str(a).lower().endswith(f" {lowered}")]


class Action(int):
    """An action of a game: an ``int`` whose ``str()`` is its notation.

    >>> table = ActionTable("demo", ["roll 1", "roll 2", "pass"])
    >>> action = table.parse("Roll  2")
    >>> str(action), action == 1, isinstance(action, int)
    ('roll 2', True, True)
    """

    __slots__ = ()
    _texts: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self._texts[self]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {int(self)} {self._texts[self]!r}>"

    def __reduce__(self) -> tuple[type, tuple[int]]:
        # The class is made per table, so it cannot be pickled by name; across processes an
        # action travels as its integer, which every state accepts.
        return (int, (int(self),))


class ActionTable:
    """All actions of one game configuration, indexable by id and parseable from text."""

    def __init__(self, game: str, texts: Iterable[str]) -> None:
        texts = tuple(texts)
        cls = type(f"{game.capitalize()}Action", (Action,), {"__slots__": (), "_texts": texts})
        self.actions: tuple[Action, ...] = tuple(cls(i) for i in range(len(texts)))
        self._by_key: dict[str, Action] = {}
        for action, text in zip(self.actions, texts, strict=True):
            key = normalize(text)
            if key in self._by_key:
                raise ValueError(f"two actions share the notation {text!r}")
            self._by_key[key] = action

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, index: int) -> Action:
        return self.actions[index]

    def alias(self, text: str, index: int) -> None:
        """Let ``text`` also be read as action ``index`` (its ``str()`` does not change)."""
        self._by_key.setdefault(normalize(text), self.actions[index])

    def lookup(self, text: str) -> Action | None:
        """The action written ``text``, or None."""
        return self._by_key.get(normalize(text))

    def parse(self, text: str, likely: Iterable[str] = ()) -> Action:
        """The action written ``text``; else a :class:`NotationError` suggesting close
        matches, taken first from ``likely`` (the legal actions), then from the whole table."""
        action = self.lookup(text)
        if action is not None:
            return action
        likely = list(likely)
        key = normalize(text)
        close = difflib.get_close_matches(key, [normalize(t) for t in likely], n=3, cutoff=0.75)
        close = close or difflib.get_close_matches(key, self._by_key, n=3, cutoff=0.75)
        if close:
            near = f"; did you mean {', '.join(repr(str(self._by_key[k])) for k in close)}?"
        elif likely:
            # Nothing is close: name the kinds of action legal here, not three unrelated ones.
            words = list(dict.fromkeys(t.split(" ", 1)[0] for t in likely))
            near = f"; the actions here begin with: {', '.join(words)}"
        else:
            near = ""
        raise NotationError(f"'{text.strip()}' is not an action of this game{near}")
