"""What the web page needs to draw Hispania that no view repeats (``game.public_data()``): the
board's map (provinces with their colours, cities and seas at their longitude and latitude,
links with their segments, printed roads and rivers). Everything here is fixed for a game;
the view holds what changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import PROVINCE_KEYS

if TYPE_CHECKING:
    from .game import HispaniaGame


def public_data(game: HispaniaGame) -> dict[str, Any]:
    """The board's map for drawing: provinces, cities, seas, links."""
    board = game.board
    return {"board": {
        "provinces": [{"key": key, "name": board.province_names[p], "colour": board.province_colours[p]}
                      for p, key in enumerate(PROVINCE_KEYS)],
        "spaces": [{"name": board.names[s], "sea": board.is_sea(s),
                    "province": PROVINCE_KEYS[board.province[s]] if not board.is_sea(s) else None,
                    "number": board.number[s], "capital": board.is_capital(s),
                    "lon": board.lon[s], "lat": board.lat[s]} for s in range(board.n_spaces)],
        "links": [{"a": board.names[link.a], "b": board.names[link.b], "segments": link.segments,
                   "printed_road": link.road, "river": link.river} for link in board.links],
    }}
