"""``state.view(seat)``: the position as JSON (documented in docs/hispania/view.md).

Hispania has no secrets: every seat sees the whole board. ``legal_actions`` lists the
actions of the seat to move (the dice outcomes at a chance node) when the view is for that
seat or for an observer (``seat=None``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from legatus.core.game import CHANCE, TERMINAL

from .board import PROVINCE_KEYS
from .pieces import COLOURS, GENERALS, TIME_TRACK, TITLES, TURN_NUMERALS
from .rules import phases

if TYPE_CHECKING:
    from .state import HispaniaState


def army_id(k: int) -> str:
    return f"army{k + 1}"


def view(st: HispaniaState, seat: int | None) -> dict[str, Any]:
    board = st.board
    names = board.names
    game = st.game
    mover = st.current_player()

    def general_of(space: int) -> str | None:
        g = st.space_general[space]
        return GENERALS[g] if g >= 0 else None

    cities = {
        names[c]: {
            "province": PROVINCE_KEYS[board.province[c]],
            "number": board.number[c],
            "capital": board.is_capital(c),
            "revolts": st.revolts[c],
            "garrisons": [COLOURS[g] for g in st.garrisons[c]],
            "army": army_id(st.space_army[c]) if st.space_army[c] >= 0 else None,
            "general": general_of(c),
        }
        for c in board.cities
    }
    seas = {
        names[s]: {"number": board.number[s], "fleet": bool(st.fleets[s]), "general": general_of(s),
                   "pirates": st.revolts[s]}
        for s in board.seas
    }
    generals = {
        GENERALS[g]: {
            "title": TITLES[g],
            "colour": COLOURS[g],
            "seat": game.seats[game.general_seat[g]],
            "space": names[s] if s >= 0 else None,
            "garrisons_in_reserve": st.garrison_reserve[g],
        }
        for g, s in enumerate(st.general_at)
    }
    roads = [{"link": [names[link.a], names[link.b]], "printed": link.road}
             for li, link in enumerate(board.links) if st.roads[li]]
    if mover == CHANCE:
        legal = [str(a) for a, _ in st.chance_outcomes()]
    elif mover != TERMINAL and seat in (None, mover):
        legal = [str(a) for a in st.legal_actions()]
    else:
        legal = []
    in_roman_phase = st.phase == phases.ROMAN
    return {
        "game": game.name,
        "options": game.record_options(),
        "round": st.round,
        "turn": TURN_NUMERALS[st.turn],
        "general": GENERALS[st.turn],
        "phase": phases.NAMES[st.phase],
        "to_move": st.seat_name(mover),
        "denarii": st.money if in_roman_phase else 0,
        "blocked_denarii": sum(1 for s in st.general_at if s < 0),
        "time_track": {
            "years": list(TIME_TRACK),
            "covered": st.time,
            "next": TIME_TRACK[st.time] if st.time < len(TIME_TRACK) else None,
        },
        "reserves": {
            "revolts": st.revolt_reserve,
            "armies": st.armies_in_reserve(),
            "garrisons": {COLOURS[g]: st.garrison_reserve[g] for g in range(3)},
        },
        "cities": cities,
        "seas": seas,
        "generals": generals,
        "armies": {army_id(k): names[s] if s >= 0 else None for k, s in enumerate(st.army_at)},
        "roads": roads,
        "pending": _pending(st),
        "result": {"winner": st.winner, "reason": st.reason} if st.winner else None,
        "returns": st.returns(),
        "log": list(st.events),
        "legal_actions": legal,
    }


def _pending(st: HispaniaState) -> dict[str, Any] | None:
    """What a pending die decides."""
    names = st.board.names
    phase = st.phase
    if phase in (phases.BESIEGE_ROLL, phases.ATTACK_ROLL):
        return {"combat": "besiege" if phase == phases.BESIEGE_ROLL else "attack",
                "target": names[st.target], "denarii": st.spent}
    if phase == phases.ARMY_ROLL:
        return {"army": army_id(st.army), "from": names[st.army_at[st.army]],
                "candidates": [names[c] for c in st.candidates]}
    if phase in (phases.DEFEND_GENERAL_ROLL, phases.DEFEND_CITY_ROLL):
        return {"army": army_id(st.army), "from": names[st.army_at[st.army]], "attacks": names[st.target]}
    return None
