"""The registry of games: a name maps to the class that builds it, imported on first use
so that loading one game never imports the others.

Besides the games legatus ships, ``LEGATUS_GAMES`` (``name=package.module:Class``, comma
separated) registers games from elsewhere in every process that imports legatus: how the
tests drive their own small games through the command line and the web server.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

from .errors import UnknownGameError

if TYPE_CHECKING:
    from .game import Game

_GAMES: dict[str, str] = {}


def register(name: str, target: str) -> None:
    """Register ``name`` as the game class at ``target`` ("package.module:Class")."""
    _GAMES[name] = target


def unregister(name: str) -> None:
    """Forget the game ``name`` (a test game, once its tests are done)."""
    _GAMES.pop(name, None)


def register_from_environment() -> None:
    """Register the games named in ``LEGATUS_GAMES``; one clear error for a malformed entry."""
    for entry in filter(None, (e.strip() for e in os.environ.get("LEGATUS_GAMES", "").split(","))):
        name, _, target = entry.partition("=")
        if not name or ":" not in target:
            raise UnknownGameError(f"LEGATUS_GAMES entry '{entry}' must read name=package.module:Class")
        register(name.strip(), target.strip())


def targets() -> dict[str, str]:
    """Every registered game's target, by name: for a worker process to register the same games
    (:func:`register_all`), those registered at run time too."""
    return dict(_GAMES)


def register_all(games: dict[str, str]) -> None:
    """Registers ``games`` (:func:`targets` of another process)."""
    _GAMES.update(games)


def game_names() -> list[str]:
    """The games in the order they were registered: the project's own first, Hispania leading
    (the page's form opens on the first it draws)."""
    return list(_GAMES)


def game_class(name: str) -> type[Game]:
    try:
        target = _GAMES[name]
    except KeyError:
        valid = ", ".join(game_names()) or "none"
        raise UnknownGameError(f"unknown game '{name}'; games: {valid}") from None
    module, _, attr = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module), attr)
    return cls


def load(name: str, /, **options: Any) -> Game:
    """The game ``name`` configured by ``options``.

    >>> load("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    legatus.core.errors.UnknownGameError: unknown game 'chess'; games: ...
    """
    return game_class(name)(**options)
