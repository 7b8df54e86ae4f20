"""VIAE's log lines (issue 32 item 3): each action as a seat saw it, its cards named, with what
it did: a conquest's dice, the die kept, power against defence and its result (C33-C37,
V22-V25), influence won or lost, hostility spread, a Mandatum completed (C48).

Read from the states before and after the action, only where a line is written (the seat
log), never in the rules or the search. Secrecy: the words added are about the public board
(influence, control, hostility, completed Mandatum, the dice and kept results, all public);
the action itself is the seat's own :meth:`~.state.ViaeState.action_to_string`, so a card is
named only where that string already shows it to the seat.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import effects
from .decks import CASTRA, DECEPTIO, MANDATUM
from .ids import F_BASILICA, F_MOVE, F_ROAD, F_SCOUT, Id
from .rules import agere, conquer
from .view import LEVELS

if TYPE_CHECKING:
    from .game import ViaeGame
    from .state import ViaeState

CARD_ID = re.compile(r"\b(D|CA|F|M)\d\d\b")
ROAD_ID = re.compile(r"\br\d\d\b")


def line(before: ViaeState, action: int, seat: int | None) -> str:
    """``action``, about to be applied to ``before``, as ``seat`` reads it in its log."""
    return named(before, _drawn(before, action, before.action_to_string(action, seat)))


def outcome(before: ViaeState, action: int, after: ViaeState) -> str:
    """What ``action`` (applied to ``before`` to give ``after``) did, in public words."""
    return "; ".join([*_action(before, action, after), *stocks(before, action, after), *changes(before, after)])


def _drawn(st: ViaeState, action: int, text: str) -> str:
    """A card drawn, where ``text`` (what the seat sees) shows it: who draws it, or where it goes."""
    if text != str(st.game.actions[action]) or not st.stack or st.frame()[0] != Id.DRAW:
        return text  # not a draw, or one the seat does not see ("seat2 draws a Deceptio card")
    deck, arg = st.draws[0]
    card = text.split()[1]
    if deck == DECEPTIO:
        return f"{st.game.seats[arg]} draws {card}"
    if deck == MANDATUM:
        return f"{card} is dealt to {st.game.seats[arg]}" if arg >= 0 else f"{card} is dealt face up"
    if deck == CASTRA:
        return f"{card} comes to the officers' market"
    text = next(c.text for c in st.game.cards.fortuna if c.id == card)
    return f"Fortuna: {card} ({text.removesuffix('.')})"  # its words: a face-up card (V43)


def named(st: ViaeState, text: str) -> str:
    """``text`` with each card id it shows followed by the card's name (``play D03 Lapides``) and
    each road by its ends (``road r01 Ostia–Pisae``)."""
    text = CARD_ID.sub(lambda m: f"{m.group(0)} {card_name(st, m.group(0))}", text)
    text = ROAD_ID.sub(lambda m: f"{m.group(0)} {road_ends(st, m.group(0))}", text)
    return CITY_ACTION.sub(lambda m: f"{m.group(1)} {city_name(st, m.group(2))}", text)


CITY_ACTION = re.compile(r"^(start|move|sail|scout|target|basilica [a-z]+) ([a-z_]+)\b")
"""An action that names a city by its id (``start ostia``, ``target emerita_augusta``,
``basilica forum alexandria``)."""


def city_name(st: ViaeState, city_id: str) -> str:
    """The city's name (``Emerita Augusta``), or the id if none has it."""
    board = st.game.board
    return board.city_names[board.city_ids.index(city_id)] if city_id in board.city_ids else city_id


def city_shown(st: ViaeState, notation: str) -> str:
    """``notation`` as a menu shows it: its city by name, ``_`` between its words, so that what
    is read types back (``target Emerita_Augusta``; the notation reads capitals alike)."""
    return CITY_ACTION.sub(lambda m: f"{m.group(1)} {city_name(st, m.group(2)).replace(' ', '_')}", notation)


def road_ends(st: ViaeState, road_id: str) -> str:
    board = st.game.board
    road = next((r for r in board.roads if r.id == road_id), None)
    return f"{board.city_names[road.a]}–{board.city_names[road.b]}" if road else "?"


def card_name(st: ViaeState, card_id: str) -> str:
    cards = st.game.cards
    decks = (cards.mandatum,) if card_id.startswith("M") else (cards.deceptio, cards.castra, cards.fortuna)
    return next((c.name for deck in decks for c in deck if c.id == card_id), "?")


def _action(before: ViaeState, action: int, after: ViaeState) -> list[str]:
    """What the action itself did: the turn order drawn, a conquest's roll or result."""
    if not before.stack:
        return []
    g = before.game
    n = g.notation
    proc = before.frame()[0]
    cities = g.board.city_names
    if n["play"] <= action < n["play"] + len(g.cards.deceptio):
        return _deceptio_cost(before)
    if proc == Id.ORDER:
        return [f"{g.seats[action - n['order']]} takes place {len(before.order) + 1} of the turn order"]
    if proc == Id.DIE:
        p = agere.seat(before)
        count = conquer.dice_count(before, p)
        return [f"{cities[before.target]}'s defence die {len(before.dice) + 1} of {count}"]
    if proc == Id.FREE and action == n["skip"]:
        return [_skipped(before)]
    if proc == Id.TARGET_CITY and before.hostility == after.hostility:
        return [f"no effect: {_unmoved(before, action - n['target_city'])}"]
    kept = proc == Id.KEEP and n["keep"] <= action <= n["keep"] + max(g.die)  # not a free action
    if kept and after.target < 0:
        return [_conquest(before, before.target, after)]
    if kept:
        return [f"{cities[before.target]} keeps {after.kept[-1]}, {_count(after.rolls_left, 'roll')} to go"]
    if action == n["conquer"]:
        p = agere.seat(before)
        city = before.marker[p]
        if after.target < 0:
            return [_conquest(before, city, after)]
        rolls, dice = after.rolls_left, conquer.dice_count(after, p)
        return [f"{cities[city]} is {LEVELS[before.hostility[city]]}: {_count(rolls, 'roll')} of "
                f"{_count(dice, 'die', 'dice')}, one die a roll kept for its defence (C34, V22)"]
    return []


_FREE_WORDS = {F_MOVE: "Move", F_ROAD: "Build a Road", F_SCOUT: "Scout", F_BASILICA: "Build a Basilica"}


def _skipped(before: ViaeState) -> str:
    """``skip`` at a free action a card or an officer grants (CARDS.md ``free_action``): which
    action is not taken, and whose card it was (the last played or used in the log)."""
    kind, left = before.frame()[1], before.frame()[4]
    what = f"the free {_FREE_WORDS[kind]}"
    if kind == F_SCOUT and left > 1:
        what = f"the {left} free Scouts left"
    source = next((str(a).split()[1] for a in reversed(before.history()[-8:])
                   if str(a).startswith(("play D", "ability CA"))), None)
    of = f" of {source} {card_name(before, source)}" if source else ""
    return f"{what}{of} is not taken"


def _deceptio_cost(before: ViaeState) -> list[str]:
    """A Deceptio card's price in influence (C44: the n-th card of a round costs n-1), and the
    cards in force that change it (V44: F23 Dies Nefasti, CA14 Haruspex); nothing for a free
    first card."""
    g = before.game
    p = before.current_player()
    cost, nth = agere.deceptio_cost(before, p), before.played[p] + 1
    fortuna, castra, deceptio = g.mod_tables
    officers = [o for o in before.officers[2 * p:2 * p + 2] if o >= 0]
    changing = [*(g.cards.fortuna[f] for f in before.fortuna_active if "deceptio_cost" in fortuna[f]),
                *(g.cards.castra[o] for o in officers if "deceptio_cost" in castra[o]),
                *(g.cards.deceptio[k] for owner, k in before.dmods if owner == p and "deceptio_cost" in deceptio[k])]
    if not cost and not changing and nth == 1:
        return []
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(nth if nth < 20 else nth % 10, "th")
    why = f"the {nth}{suffix} Deceptio card it plays this round (C44)"
    if changing:
        why += f", its cost changed by {', '.join(f'{c.id} {c.name}' for c in changing)} (V44)"
    return [f"{g.seats[p]} pays {cost} influence: {why}" if cost else f"free: {why}"]


def _unmoved(st: ViaeState, city: int) -> str:
    """Why a card's chosen city kept its hostility (C16, C28, V35; CARDS.md hostility)."""
    return unchanged(st, city) or f"{st.game.board.city_names[city]} is already {LEVELS[st.hostility[city]]}"


def unchanged(st: ViaeState, city: int) -> str:
    """At a card's choice of a city (Pacatio, Instigatio), why choosing ``city`` would leave its
    hostility as it is, or "" where the card changes it: the menu says so beside the choice,
    the log after it (C16, C28, V25, V38; CARDS.md hostility; F01)."""
    if st.frame()[1] < 0:
        return "" if st.control[city] < 0 and st.hostility[city] > 0 else \
            f"{st.game.board.city_names[city]} is already {LEVELS[st.hostility[city]]}"
    if not effects.can_turn_hostile(st, city):
        return "a controlled or SPQR city never turns hostile (C16)"
    return none_rises(st, agere.seat(st)) or \
        (f"{st.game.board.city_names[city]} is already {LEVELS[2]}" if st.hostility[city] == 2 else "")


def none_rises(st: ViaeState, seat: int) -> str:
    """Why no city may become more hostile now by ``seat``'s doing, or "" (C28, V25; F01): said
    beside a card that only raises hostility, before its cost is paid, and beside its cities."""
    if not effects.hostility_begun(st):
        return f"hostility begins in round {st.game.hostility_from} (C28)"
    if not effects.yes(st, seat, "hostility_rises"):
        return "no city may become more hostile this round"
    return ""


def _conquest(before: ViaeState, city: int, after: ViaeState) -> str:
    """C35/C36: the attacker's power against the city's defence (its value and the dice kept)."""
    p = agere.seat(before)
    probe = before.clone()
    probe.target, probe.kept = city, after.kept  # none kept where the city was peaceful
    attack, defence = conquer.attack_power(probe, p), conquer.city_power(probe, p)
    kept = f" + kept {'+'.join(map(str, probe.kept))}" if probe.kept else ""
    result = "conquered (C35)" if after.control[city] == p else "failed (C36)"
    return f"{before.game.seats[p]} attacks {before.game.board.city_names[city]}: power {attack} against " \
           f"defence {defence} (value {before.game.board.city_value[city]}{kept}): {result}"


def _count(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def stocks(before: ViaeState, action: int, after: ViaeState) -> list[str]:
    """Each seat's public stock that changed (every seat's counts are in every view, V43): Denar,
    Stone, Legio (in the Cohorte / assigned, as the table's Leg), officers hired or discarded; for
    the seat whose turn ``action`` ends, what it earned by preparing (C41) and paid in upkeep (C46),
    and what left unpaid (V33)."""
    g = before.game
    ending = _ending(before, action)
    n = g.notation
    moving = n["move"] <= action < n["move"] + len(g.board.city_ids)
    out = []
    for s, seat in enumerate(g.seats):
        parts = _upkeep(before, action, after) if s == ending else []
        toll = " (tolls, C39)" if moving and after.denar[s] > before.denar[s] else ""  # its roads crossed
        parts += [f"{name} {a} → {b}{why}" for name, a, b, why in (
            ("Denar", before.denar[s], after.denar[s], toll), ("Stone", before.stone[s], after.stone[s], "")) if a != b]
        old, new = (before.legio[s], before.assigned[s]), (after.legio[s], after.assigned[s])
        if old != new:
            unpaid = f", {old[0] - new[0]} unpaid (V33)" if s == ending and new[0] < old[0] else ""
            parts.append(f"Legio {old[0]}/{old[1]} → {new[0]}/{new[1]}{unpaid}")
        why = ", unpaid (V33)" if s == ending else ""
        for slot in (2 * s, 2 * s + 1):
            was, now = before.officers[slot], after.officers[slot]
            if was != now and was >= 0:
                parts.append(f"{_officer(g, was)} discarded{why}")
            if was != now and now >= 0:
                parts.append(f"{_officer(g, now)} hired")
        if parts:
            out.append(f"{seat} {', '.join(parts)}")
    return out


def _ending(before: ViaeState, action: int) -> int:
    """The seat whose turn ``action`` ends (Prepare, or end turn: C41, C46), else -1."""
    n = before.game.notation
    ends = before.stack and before.frame()[0] == Id.TURN and action in (n["prepare"], n["end"])
    return agere.seat(before) if ends else -1


def _upkeep(before: ViaeState, action: int, after: ViaeState) -> list[str]:
    """A turn's end: the Denar a Prepare earned (C41), then the upkeep paid (C46)."""
    g = before.game
    p = agere.seat(before)
    earned = agere.prepare_earnings(before) if action == g.notation["prepare"] else 0
    paid = before.denar[p] + earned - after.denar[p]
    return [*([f"prepare +{earned} Denar (C41)"] if action == g.notation["prepare"] else []),
            f"upkeep {paid} Denar (C46)"]


def _officer(game: ViaeGame, card: int) -> str:
    officer = game.cards.castra[card]
    return f"{officer.id} {officer.name}"


def changes(before: ViaeState, after: ViaeState) -> list[str]:
    """The public board's changes: influence, control, hostility, completed Mandatum."""
    g = before.game
    seats, cities = g.seats, g.board.city_names
    out = [f"{seats[s]} influence {a} → {b}" for s, a, b in _changed(before.influence, after.influence)]
    out += [f"{cities[c]} now {_owner(seats, b)}"
            for c, _, b in _changed(before.control, after.control)]
    hostility = _changed(before.hostility, after.hostility)
    hostile = [f"{cities[c]} {LEVELS[b]}" for c, a, b in hostility if a < b]
    if hostile:
        out.append(f"hostility spreads: {', '.join(hostile)} (C37, V25)")
    calmed = [cities[c] for c, a, b in hostility if a > b and before.control[c] == after.control[c]]
    if calmed:
        out.append(f"hostility falls: {', '.join(calmed)}")
    mandatum = g.cards.mandatum
    out += [f"Mandatum {mandatum[m].id} {mandatum[m].name} completed by {seats[b]} (C48)"
            for m, _, b in _changed(before.completed, after.completed) if b >= 0]
    if after.last_round and not before.last_round:
        out.append("this is the last round (C49)")
    return out


def _changed(old: Sequence[int], new: Sequence[int]) -> list[tuple[int, int, int]]:
    """(index, old value, new value) where the two differ."""
    return [(i, a, b) for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]


def _owner(seats: tuple[str, ...], seat: int) -> str:
    return f"{seats[seat]}'s" if seat >= 0 else "nobody's"
