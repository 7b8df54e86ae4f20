"""What happened in a game, newest last, as a chain of ``(earlier, item)`` pairs: appending
makes one pair and a clone shares all of it, so a state's history costs nothing to copy however
long the game (a list would be copied whole by every clone of a search)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeAlias

Chain: TypeAlias = "tuple[Chain, Any] | None"


def unchain(chain: Chain) -> list[Any]:
    """The items of ``chain``, oldest first."""
    items = []
    while chain is not None:
        chain, item = chain
        items.append(item)
    items.reverse()
    return items


def chain_of(items: Iterable[Any]) -> Chain:
    """The chain of ``items``, oldest first."""
    chain: Chain = None
    for item in items:
        chain = (chain, item)
    return chain
