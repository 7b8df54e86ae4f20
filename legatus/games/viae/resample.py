"""A state consistent with what one seat has seen, drawn directly (``Game.consistent_state``).

The core's search guesses each unseen draw blindly and learns only when a card is played, many
turns later: exponential. Here every card another seat reveals (``seat2: play D05``, a discard,
a card lost at random, a completed personal Mandatum) is first given to one of that seat's unseen
draws before it; the other unseen draws take cards left in the deck (those given to later draws
kept back). A personal Mandatum that would have come true unseen is ruled out and the draw begins
again. The replay checks every action; a world that fails is drawn anew, and after a few failures
the core's search decides.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from legatus.core.errors import RecordError
from legatus.core.game import State
from legatus.core.secrecy import earlier_unseen_draw, search

from .game import ViaeGame
from .rules import phases
from .state import ViaeState

TRIES = 30


def draw_consistent(game: ViaeGame, seat: int, seen: Sequence[str], rng: random.Random) -> State:
    names = game.seats
    cards = game.cards
    deceptio_ids = {c.id: k for k, c in enumerate(cards.deceptio)}
    mandatum_ids = {m.id: i for i, m in enumerate(cards.mandatum)}
    draws: dict[int, list[int]] = {s: [] for s in range(len(names))}  # unseen Deceptio draws by seat
    deals: dict[int, list[int]] = {s: [] for s in range(len(names))}  # unseen personal Mandatum
    reveals: dict[int, list[tuple[int, int]]] = {s: [] for s in range(len(names))}
    claims: dict[int, list[tuple[int, int]]] = {s: [] for s in range(len(names))}
    known_mandatum: set[int] = set()
    for i, text in enumerate(seen):
        who, _, rest = text.partition(": ")
        if rest and who in names:
            s = names.index(who)
            verb, _, card = rest.partition(" ")
            if verb == "complete":
                claims[s].append((i, mandatum_ids[card]))
                known_mandatum.add(mandatum_ids[card])
            elif s != seat:
                reveals[s].append((i, deceptio_ids[card]))
        elif text.endswith(" draws a Deceptio card"):
            draws[names.index(text.split(" ")[0])].append(i)
        elif text.endswith(" is dealt a Mandatum"):
            deals[names.index(text.split(" ")[0])].append(i)
        elif text.startswith("mandatum "):
            known_mandatum.add(mandatum_ids[text.split(" ")[1]])
    forbidden: set[int] = set()
    last = ""
    for _ in range(TRIES):
        given: dict[int, int] = {}
        for s in range(len(names)):
            if s == seat:
                continue
            free = list(draws[s])
            for i, k in reveals[s]:
                given[earlier_unseen_draw(free, i, seen, names[s], rng)] = game.notation["deceptio"] + k
            slots = list(deals[s])
            for i, m in claims[s]:
                before = [d for d in slots if d < i]
                if before:
                    slots.remove(before[0])
                    given[before[0]] = game.notation["mandatum"] + m
        state, failed = _replay(game, seat, seen, given, known_mandatum | forbidden, rng)
        if state is not None:
            return state
        if failed:
            forbidden |= failed
        last = "no world fits"
    try:
        return search(game, seat, seen, rng)
    except RecordError:
        raise RecordError(f"no state of {game.name} fits {names[seat]}'s record ({last})") from None


def _replay(game: ViaeGame, seat: int, seen: Sequence[str], given: dict[int, int], taken: set[int],
            rng: random.Random) -> tuple[ViaeState | None, set[int]]:
    """The replay of one drawn world: the state, or None and the personal Mandatum that came true
    unseen (to rule out)."""
    n = game.notation
    state = ViaeState(game)
    reserved = [0] * len(game.cards.deceptio)
    for a in given.values():
        if n["deceptio"] <= a < n["castra"]:
            reserved[a - n["deceptio"]] += 1
    pool_taken = set(taken) | {a - n["mandatum"] for a in given.values() if n["mandatum"] <= a < n["die"]}
    for i, text in enumerate(seen):
        legal = state._legal_ids()
        if i in given:
            action = given[i]
            if n["deceptio"] <= action < n["castra"]:
                reserved[action - n["deceptio"]] -= 1
        elif text.endswith(" draws a Deceptio card"):
            options = [(a, p) for a, p in state.chance_outcomes() if reserved[a - n["deceptio"]] == 0] or \
                state.chance_outcomes()
            action = _weighted(options, rng)
        elif text.endswith(" is dealt a Mandatum"):
            options = [(a, p) for a, p in state.chance_outcomes() if a - n["mandatum"] not in pool_taken]
            if not options:
                return None, set()
            action = _weighted(options, rng)
        else:
            who, _, rest = text.partition(": ")
            found = game.actions.lookup(rest if rest and who in game.seats else text)
            if found is None:
                return None, set()
            action = int(found)
        if action not in legal:
            if state.stack and state.frame()[0] == phases.CLAIM and state.frame()[1] != seat:
                return None, {state.frame()[2]}  # a personal card came true that the seat never saw
            return None, set()
        state.apply_action(action)
    if state.stack and state.frame()[0] == phases.CLAIM and state.frame()[1] != seat:
        return None, {state.frame()[2]}
    return state, set()


def _weighted(options: Sequence[tuple[int, float]], rng: random.Random) -> int:
    total = sum(p for _, p in options)
    x = rng.random() * total
    for a, p in options:
        x -= p
        if x <= 0:
            return int(a)
    return int(options[-1][0])
