"""Adapters to the libraries game-AI research already uses, each a thin layer over the core
contract that reads everything game-specific from the game: OpenSpiel (:mod:`.openspiel`),
PettingZoo (:mod:`.pettingzoo`), Gymnasium (:mod:`.gymnasium`). Each needs its extra:
``pip install 'legatus[openspiel]'`` and so on."""

from __future__ import annotations

from legatus.core.errors import OptionError
from legatus.core.game import Game, Information, State, view_lines


def observation_size(game: Game, environment: str) -> int:
    """The length of ``game``'s observation tensor, which ``environment`` observes each seat
    through; an :class:`OptionError` naming the game if it has none."""
    try:
        return game.observation_size()
    except NotImplementedError:
        raise OptionError(f"{game.name} has no observation tensor (Game.observation_size and observation_tensor), "
                          f"which the {environment} environment observes each seat through") from None


def seat_of(game: Game, seat: int | str) -> int:
    """A seat of ``game`` given by index or name; an :class:`OptionError` listing the seats."""
    if isinstance(seat, str):
        return game.seat_index(seat)
    if not 0 <= seat < game.num_players():
        raise OptionError(f"seat {seat} is not a seat of {game.name}; seats: "
                          + ", ".join(f"{i} ({name})" for i, name in enumerate(game.seats)))
    return seat


def seat_text(state: State, seat: int) -> str:
    """What ``render`` shows a seat: in a game with secrets its own screen (``view_text``, else
    its view's keys and values), never the referee's ``to_text``, which holds every hand."""
    if state.game.information is Information.PERFECT:
        return state.to_text()
    own = state.view_text(seat)
    return own if own is not None else view_lines(state.view(seat))
