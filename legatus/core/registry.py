"""The registry of games: a name maps to the class that builds it, imported on first use
so that loading one game never imports the others."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import UnknownGameError
from .game import Game

_GAMES: dict[str, str] = {}


def register(name: str, target: str) -> None:
    """Register ``name`` as the game class at ``target`` ("package.module:Class")."""
    _GAMES[name] = target


def game_names() -> list[str]:
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    try:
        target = _GAMES[name]
    except KeyError:
        valid = ", ".join(game_names()) or "none"
        raise UnknownGameError(f"unknown game '{name}'; games: {valid}") from None
    module, _, attr = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module), attr)
    return cls


def load(name: str, **options: Any) -> Game:
    """The game ``name`` configured by ``options``.

    >>> import legatus
    >>> legatus.load("hispania", level="7-5-4-5-1").options["level"]
    '7-5-4-5-1'
    """
    return game_class(name)(**options)
