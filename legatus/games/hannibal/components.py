"""All of Hannibal's data, loaded and checked against each other: the setup's generals exist
and stand with their own side (H10, H11), and no more elephants start than exist (H4).

>>> parts = load_components()
>>> len(parts.map.names), len(parts.tables.generals), len(parts.cards.strategy)
(96, 14, 64)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from legatus.core.errors import BoardError

from .cards import Cards, load_cards
from .map import HannibalMap, load_map
from .tables import Tables, load_tables


@dataclass(frozen=True, eq=False)
class Components:
    map: HannibalMap
    tables: Tables
    cards: Cards


@cache
def load_components(map_path: str | None = None, tables_path: str | None = None,
                    cards_path: str | None = None) -> Components:
    """The three data files (each an owner's correction or the shipped one), validated; loaded
    once a process, so that the caches keyed by them (:func:`.notation.notation`) hold one entry
    for every game, not one a game (issue 30)."""
    board, tables = load_map(map_path), load_tables(tables_path)
    placed: set[str] = set()
    for army in board.setup:
        where = f"map file {board.source}: setup army in {board.names[army.space]}"
        for name in army.generals:
            try:
                general = tables.general(name)
            except KeyError:
                valid = ", ".join(g.name for g in tables.generals if g.side == army.side)
                raise BoardError(f"{where}: unknown general '{name}' (the {army.side} generals: {valid})") from None
            if general.side != army.side:
                raise BoardError(f"{where}: {general.name} is a {general.side} general, not {army.side}")
            if general.name in placed:
                raise BoardError(f"{where}: {general.name} already starts in another army")
            placed.add(general.name)
    elephants = sum(army.elephants for army in board.setup)
    if elephants > tables.elephants:
        raise BoardError(f"map file {board.source}: the setup has {elephants} elephant CUs; Carthage has only "
                         f"{tables.elephants} (H4)")
    return Components(board, tables, load_cards(cards_path))
