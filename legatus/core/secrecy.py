"""What a seat knows: its history, and full states consistent with it.

A game removes a secret in two places only: ``state.view(seat)`` (what the seat sees now) and
``state.action_to_string(action, seat)`` (how the seat saw each action: another seat's draw
reads "carthage draws a card"). Everything else a seat is given — its record, its log, an
agent's input, an adapter's information state — is derived here from those two.

A seat's history is a list of such strings. A state is *consistent* with it when replaying
from the start, each action is legal and reads, to that seat, as the next string. Finding
one is a search: at each redacted string any action that reads the same may have happened
(the cards the seat has not seen). :func:`consistent_state` walks it depth first, trying
those candidates in an order drawn with the caller's generator (chance outcomes by their
probability), and backs up when a later string rules a guess out (a card played that the
guessed hand does not hold). Games whose secrets make that search long override
``State.resample`` with a direct draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .errors import RecordError
from .information import Information

if TYPE_CHECKING:
    from .game import Game, State

Fits = Callable[["State"], bool]
"""Which states end at the decision a seat saw (its record's ``decision``): the test a drawn
state must pass where the seat's actions do not say it (VIAE's V40)."""


def at_decision(decision: str) -> Fits:
    """The states whose :meth:`~legatus.core.game.State.decision` is ``decision``."""
    return lambda state: state.decision() == decision


def at_prompt(prompt: str) -> Fits:
    """The states whose prompt is ``prompt``: a seat's record saved before records kept the
    decision's key (its words must not have changed since)."""
    return lambda state: state.prompt() == prompt


MAX_TRIES = 200_000
"""Actions the search may apply before it gives up (a corrupt seat record, or a game whose
secrets need a ``resample`` of its own)."""


def seat_actions(state: State, seat: int | None) -> list[str]:
    """Every action since the start as ``seat`` saw it (``None``: the referee, all of it)."""
    game = state.game
    history = state.history()
    if seat is None or game.information is Information.PERFECT:
        return [str(a) for a in history]
    replayed = start_of(state)
    seen = []
    for action in history:
        seen.append(replayed.action_to_string(action, seat))
        replayed.apply_action(action)
    return seen


def information_state(game: Game, seat: int, seen: Sequence[str]) -> str:
    """``State.information_state_string``: the seat, then ``seen``, its history as it saw it."""
    return f"{game.seats[seat]}: " + "; ".join(seen)


def start_of(state: State) -> State:
    """A fresh copy of the state ``state``'s history starts from: its position, else the
    game's initial state."""
    position = state.initial_position()
    return state.game.new_initial_state() if position is None else state.game.new_state_from(position)


def _candidates(state: State, seat: int, text: str, rng: random.Random | None) -> list[int]:
    """The actions legal in ``state`` that ``seat`` would see as ``text``, in the order to try."""
    if state.is_chance_node():
        outcomes = [(int(a), p) for a, p in state.chance_outcomes()]
    else:
        outcomes = [(int(a), 1.0) for a in state.legal_actions()]
    known = state.game.actions.lookup(text)
    if known is not None and any(a == known for a, _ in outcomes) and state.action_to_string(known, seat) == text:
        return [int(known)]  # seen as itself: no other action reads the same
    matching = [(a, p) for a, p in outcomes if state.action_to_string(a, seat) == text]
    if rng is None or len(matching) < 2:
        return [a for a, _ in matching]
    # weighted order without replacement (Efraimidis–Spirakis keys): likelier outcomes first
    keyed = sorted(matching, key=lambda ap: -(rng.random() ** (1.0 / ap[1])) if ap[1] > 0 else 0.0)
    return [a for a, _ in keyed]


def consistent_state(game: Game, seat: int, seen: Sequence[str], rng: random.Random | None = None,
                     start: State | None = None, fits: Fits | None = None) -> State:
    """A state reached by actions that ``seat`` would have seen as ``seen`` (from ``start``,
    else the game's initial state), its hidden choices drawn with ``rng`` (None: the first in
    table order), one that ``fits`` where the game's own draw can choose (``Game.consistent_state``),
    else :func:`search`. Raises :class:`RecordError` naming the first string no action can match."""
    return game.consistent_state(seat, seen, rng, start, fits)


def search(game: Game, seat: int, seen: Sequence[str], rng: random.Random | None = None,
           start: State | None = None) -> State:
    """:func:`consistent_state` by depth-first search: fine where secrets are few or never
    revealed later; a game whose later reveals rule out most guesses draws its own."""
    state = start.clone() if start is not None else game.new_initial_state()
    # Depth-first: a branch point keeps the state before it and the candidates left to try.
    branches: list[tuple[int, State, list[int]]] = []
    index = 0
    tries = 0
    deepest = 0
    while index < len(seen):
        tries += 1
        deepest = max(deepest, index)
        if tries > MAX_TRIES:
            raise RecordError(f"no state of {game.name} fits {game.seats[seat]}'s record within {MAX_TRIES} "
                              f"actions tried (stuck near action {deepest} '{seen[deepest]}')", deepest, seen[deepest])
        options = [] if state.is_terminal() else _candidates(state, seat, seen[index], rng)
        if not options:
            if not branches:
                reason = "the game is already over" if state.is_terminal() else \
                    f"no legal action here reads so to {game.seats[seat]}"
                raise RecordError(f"action {deepest} '{seen[deepest]}' cannot be replayed: {reason}",
                                  deepest, seen[deepest])
            index, before, left = branches.pop()
            state = before.clone()
            options = left
        if len(options) > 1:
            branches.append((index, state.clone(), options[1:]))
        state.apply_action(options[0])
        index += 1
    return state


def is_consistent(state: State, seat: int, other: State) -> bool:
    """Whether ``other`` shows ``seat`` exactly what ``state`` does (its history, its view and
    the decision at hand)."""
    return (seat_actions(state, seat) == seat_actions(other, seat) and state.view(seat) == other.view(seat)
            and state.decision() == other.decision())


def earlier_unseen_draw(free: list[int], index: int, seen: Sequence[str], name: str, rng: random.Random) -> int:
    """For a card ``name``'s seat reveals at action ``index`` (played, discarded): one of its
    unseen draws before it, taken from ``free`` (the indexes of those draws not yet given a card),
    at random: the draw that brought the card. Games' direct ``consistent_state`` use it."""
    before = [d for d in free if d < index]
    if not before:
        raise RecordError(f"action {index} '{seen[index]}' cannot be replayed: {name} never drew it unseen",
                          index, seen[index])
    draw = rng.choice(before)
    free.remove(draw)
    return draw
