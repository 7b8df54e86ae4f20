"""``state.view(seat)``: the position as JSON (documented in docs/hispania/view.md).

Hispania has no secrets: every seat sees the whole board. ``legal_actions`` lists the
actions of the seat to move (the dice outcomes at a chance node) when the view is for that
seat or for an observer (``seat=None``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from legatus.core.game import CHANCE, TERMINAL

from .board import PROVINCE_KEYS, ROMAN_NUMERALS
from .pieces import COLOURS, CONSUL, DEAD, GENERALS, NOT_IN_GAME, OFF, PROCONSUL, TITLES, TURN_NUMERALS
from .rules import end_of_round, phases
from .variants import PROCONSVL

if TYPE_CHECKING:
    from .state import HispaniaState

_STATUS = {OFF: "off the board", NOT_IN_GAME: "not in the game", DEAD: "dead"}


def army_id(st: HispaniaState, k: int) -> str:
    return "special" if k == st.special else f"army{k + 1}"


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
            "army": army_id(st, st.space_army[c]) if st.space_army[c] >= 0 else None,
            "general": general_of(c),
        }
        for c in board.cities
    }
    seas = {
        names[s]: {"number": board.number[s], "fleet": bool(st.fleets[s]), "general": general_of(s),
                   "pirates": st.revolts[s]}
        for s in board.seas
    }
    generals = {}
    for g, s in enumerate(st.general_at):
        if g == PROCONSUL and PROCONSVL not in game.variants:
            continue
        seats = _general_seats(st, g)
        generals[GENERALS[g]] = {
            "title": TITLES[g],
            "colour": COLOURS[g] if g < PROCONSUL else "white",
            "seat": seats,
            "space": names[s] if s >= 0 else None,
            "status": "on the board" if s >= 0 else _STATUS[s],
            "garrisons_in_reserve": st.garrison_reserve[g] if g < PROCONSUL else 0,
        }
    roads = [{"link": [names[link.a], names[link.b]], "printed": link.road}
             for li, link in enumerate(board.links) if st.roads[li]]
    if mover == CHANCE:
        legal = [str(a) for a, _ in st.chance_outcomes()]
    elif mover != TERMINAL and seat in (None, mover):
        legal = [str(a) for a in st.legal_actions()]
    else:
        legal = []
    years, capacity = end_of_round.track(st)
    return {
        "game": game.name,
        "options": game.record_options(),
        "variants": list(game.options["variants"]),
        "scenario": game.scenario.title if game.scenario else None,
        "seats": list(game.seats),
        "round": st.round,
        "turn": TURN_NUMERALS[st.turn],
        "general": GENERALS[st.turn],
        "phase": st.phase_name(),
        "to_move": st.seat_name(mover),
        "prompt": st.prompt(),
        "denarii": st.money if st.phase in (phases.ROMAN, phases.ROLL, phases.HISPANO) else 0,
        "blocked_denarii": sum(1 for s in st.general_at[:3] if s == OFF),
        "hispano_denarii": st.hispano_money if game.hispano_seat >= 0 else None,
        "time_track": {
            "years": list(years),
            "capacity": capacity,
            "covered": st.time // capacity,
            "revolts": st.time,
            "next": years[st.time // capacity] if st.time < len(years) * capacity else None,
        },
        "reserves": {
            "revolts": st.revolt_reserve,
            "armies": st.armies_in_reserve(),
            "garrisons": {COLOURS[g]: st.garrison_reserve[g] for g in range(3)},
            "legio_hispana": GENERALS[st.purple] if st.purple >= 0 else None,
            "roads": st.roads_held,
        },
        "cities": cities,
        "seas": seas,
        "generals": generals,
        "armies": {army_id(st, k): names[s] if s >= 0 else None for k, s in enumerate(st.army_at)},
        "roads": roads,
        "lethe": st.lethe,
        "pending": _pending(st),
        "result": {"winner": st.winner, "reason": st.reason} if st.winner else None,
        "returns": st.returns(),
        "log": list(st.events),
        "legal_actions": legal,
    }


def _general_seats(st: HispaniaState, g: int) -> str | list[str]:
    game = st.game
    if g == PROCONSUL:  # played by whoever's turn it is
        return sorted(set(game.seats) - ({game.seats[game.hispano_seat]} if game.hispano_seat >= 0 else set()))
    if g == CONSUL:
        first, last = game.consul_seats
        return game.seats[first] if first == last else [game.seats[first], game.seats[last]]
    return game.seats[game.praetor_seats[g]]


def _pending(st: HispaniaState) -> dict[str, Any] | None:
    """What the pending roll or Hispano decision is about."""
    names = st.board.names
    purpose: int | None
    if st.phase == phases.ROLL:
        asking = None
        purpose = st.stack[-1][2] if st.roll_for == phases.REROLL else st.roll_for  # (REROLL, die, purpose)
    elif st.phase == phases.HISPANO:
        asking = st.hispano_for
        purpose = st.roll_for if asking == phases.H_REROLL else None
    else:
        return None
    pending: dict[str, Any] = {}
    if asking == phases.H_REROLL or st.phase == phases.ROLL and st.roll_for == phases.REROLL:
        roman, hispanic = st.dice
        pending["dice"] = {"roman": ROMAN_NUMERALS[roman - 1] if roman else None, "hispanic": hispanic or None}
    if purpose in (phases.BESIEGE, phases.ATTACK) or asking == phases.H_REINFORCE:
        pending.update(combat="attack" if st.space_army[st.target] >= 0 else "besiege", by=GENERALS[st.fighter],
                       target=names[st.target], denarii=st.spent)
    if purpose == phases.ARMY_WAY or asking == phases.H_CHOOSE:
        pending.update(army=army_id(st, st.army), source=names[st.army_at[st.army]],
                       candidates=[names[c] for c in st.candidates])
    if purpose in (phases.DEFEND_GENERAL, phases.DEFEND_CITY):
        pending.update(army=army_id(st, st.army), source=names[st.army_at[st.army]], attacks=names[st.target])
    return pending or None
