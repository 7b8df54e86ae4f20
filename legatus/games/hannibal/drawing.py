"""What the web page needs to draw Hannibal that no view repeats (``game.public_data()``): the
map (spaces at their positions on the module's map image, connections with their kind,
provinces with what they need for control and whether they count for victory), the generals'
ratings, the turn track and the strategy cards' faces (number, name, OPs, who may play the
event, its effect in the project's words: the page names every card it shows). Everything
here is fixed for a game; the view holds what changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .map import CONNECTION_TYPES, LAND, PASS, STRAIT
from .notation import SPACE_VERBS

if TYPE_CHECKING:
    from .game import HannibalGame

MAP_SIZE = (2300, 1582)  # the module's map image, whose pixels the spaces' xy are in (map.toml)


def public_data(game: HannibalGame) -> dict[str, Any]:
    board, tables = game.board, game.tables
    spaces = []
    for s in range(board.n_spaces):
        x, y = board.xy[s]
        spaces.append({
            "name": board.names[s], "province": board.province_names[board.province[s]], "x": x, "y": y,
            "kind": board.kind[s],  # "pc", "walled" (H51) or "tribe" (H6)
            "port": board.port[s] is not None, "port_modifier": board.port[s],  # H58
            "siege_modifier": board.siege_modifier[s] if board.kind[s] == "walled" else None,
            "capacity": board.capacity[s] if board.kind[s] == "walled" else None,
            "allegiance": board.allegiance[s],
        })
    connections = [{
        "a": board.names[c.a], "b": board.names[c.b], "type": CONNECTION_TYPES[c.type],
        # H49: Alps and other passes; H50: straits, Messana's only with control of both ends
        "pass": c.type not in (LAND, STRAIT), "alps": c.type not in (LAND, PASS, STRAIT), "strait": c.type == STRAIT,
        "control_needed": c.control_needed,
    } for c in board.connections]
    provinces = [{
        "name": name, "country": board.country[p], "victory": board.victory[p],  # H8, H108
        "control": board.control[p],  # spaces needed to control it (H102)
        "spaces": [board.names[s] for s in board.province_spaces[p]],
    } for p, name in enumerate(board.province_names)]
    generals = [{"name": g.name, "side": g.side, "strategy": g.strategy, "battle": g.battle}
                for g in tables.generals]
    turns = [{"turn": t + 1, "years": years, "cards": cards}  # H9
             for t, (years, cards) in enumerate(zip(tables.turn_years, tables.turn_cards, strict=True))]
    cards = [{"number": c.number, "name": c.name, "ops": c.ops, "side": c.side, "kind": c.kind,  # H33-H35, H52
              "effect": c.effect} for c in game.cards.strategy]
    return {"map": {"size": list(MAP_SIZE), "spaces": spaces, "connections": connections, "provinces": provinces},
            "generals": generals, "turns": turns, "space_verbs": list(SPACE_VERBS), "cards": cards}
