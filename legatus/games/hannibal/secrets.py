"""A direct draw of what a seat has not seen (``Game.consistent_state``): the core's search
would guess each hidden draw blindly and learn only turns later, when the card is played.

Every strategy card is unique and every hand is played out each turn (H28), so each card the
other seat plays, discards or loses at random came from one of its hidden draws: pass 1 gives
each such card to one of its hidden draws made before. Battle cards go the same way by kind,
battle by battle. Pass 2 replays the game: a hidden draw takes its given card, or else a card
(a kind) that no later known draw of the same shuffle (battle) still needs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from legatus.core.errors import RecordError

from .notation import KINDS, SIDES
from .rules import base

if TYPE_CHECKING:
    from .game import HannibalGame
    from .state import HannibalState

RESHUFFLE = "reshuffle strategy cards"


def _card(text: str, *prefixes: str) -> int:
    for prefix in prefixes:
        if text.startswith(prefix + " #"):
            return int(text[len(prefix) + 2:])
    return 0


def _kind(text: str, side: str) -> int:
    """The kind of battle card ``side`` played in ``text`` (-1: none)."""
    for verb in ("attacks probe as ", "matches with probe"):
        if text.startswith(f"{side} {verb}"):
            return KINDS.index("probe")
    for verb in ("attacks reserve as ", "matches with reserve"):
        if text.startswith(f"{side} {verb}"):
            return KINDS.index("reserve")
    for verb in ("attacks ", "matches "):
        if text.startswith(f"{side} {verb}"):
            return KINDS.index(text[len(side) + len(verb) + 1:])
    return -1


def consistent_state(game: HannibalGame, seat: int, seen: Sequence[str], rng: random.Random) -> HannibalState:
    op = SIDES[1 - seat]
    hidden_draw, hidden_battle = f"{op} draws a card", f"{op} draws a battle card"
    mine: set[int] = set()  # cards in my hand
    op_known: set[int] = set()  # cards in its hand that I know (taken from me)
    op_draws: list[int] = []  # indices of its hidden draws not yet given a card
    given: dict[int, int] = {}  # index of a hidden draw -> card (or kind)
    epoch_of: list[int] = []
    battle_of: list[int] = []
    epoch = battle = 0
    battle_draws: list[int] = []
    last_event = 0
    mine_last = False  # the last event card played was mine
    spy_mine = False  # #20 was played by me
    op_taken = [0] * 6  # battle cards of mine the other seat holds (#59)
    in_deal = False
    for i, text in enumerate(seen):
        if text == RESHUFFLE:
            epoch += 1
        is_bdraw = text == hidden_battle or text.startswith("draw ") and text[5:] in KINDS
        if is_bdraw and not in_deal:
            battle += 1
            battle_draws = []
            op_taken = [0] * 6
        in_deal = is_bdraw
        epoch_of.append(epoch)
        battle_of.append(battle)
        if text == hidden_draw:
            op_draws.append(i)
        elif text == hidden_battle:
            battle_draws.append(i)
        elif (c := _card(text, "draw")) and not is_bdraw:
            mine.add(c)
        elif c := _card(text, "ops", "event", "discard"):
            last_event = c if text.startswith("event") else 0
            mine_last = c in mine
            if c == 20 and text.startswith("event"):
                spy_mine = mine_last
            if c in mine:
                mine.discard(c)
            elif c in op_known:
                op_known.discard(c)
            else:
                _give(given, op_draws, c, i, text, rng)
        elif c := _card(text, "take"):
            if c in mine:
                mine.discard(c)
                if last_event == 55:
                    op_known.add(c)
            else:
                if c in op_known:
                    op_known.discard(c)
                else:
                    _give(given, op_draws, c, i, text, rng)
                if last_event == 55:
                    mine.add(c)
        elif text.startswith("spy sees "):  # #20: a card of the spied hand face up
            k = KINDS.index(text[len("spy sees "):])
            if spy_mine:
                _give(given, battle_draws, k, i, text, rng)
                op_taken[k] += 1  # known from now on: its later play needs no other draw
        elif text.startswith("ally deserts with "):  # #59: a battle card changes hands
            k = KINDS.index(text[len("ally deserts with "):])
            if not mine_last:
                op_taken[k] += 1
            elif op_taken[k]:  # a card of a kind I know it holds (spied by #20: taken face up first)
                op_taken[k] -= 1
            else:
                _give(given, battle_draws, k, i, text, rng)
        elif (k := _kind(text, op)) >= 0:
            if op_taken[k]:
                op_taken[k] -= 1
            else:
                _give(given, battle_draws, k, i, text, rng)
    return _replay(game, seat, seen, given, epoch_of, battle_of, rng)


def _give(given: dict[int, int], draws: list[int], card: int, i: int, text: str, rng: random.Random) -> None:
    if not draws:
        raise RecordError(f"action {i} '{text}' cannot be replayed: no hidden draw could have given that card", i, text)
    d = draws.pop(rng.randrange(len(draws)))
    given[d] = card


def _replay(game: HannibalGame, seat: int, seen: Sequence[str], given: dict[int, int], epoch_of: list[int],
            battle_of: list[int], rng: random.Random) -> HannibalState:
    n = game.notation
    # every known draw (mine as seen, the other's as given), by shuffle and by battle
    known: dict[int, int] = dict(given)
    for i, text in enumerate(seen):
        c = _card(text, "draw")
        if c:
            known[i] = c
        elif text.startswith("draw ") and text[5:] in KINDS:
            known[i] = KINDS.index(text[5:])
    state = game.new_initial_state()
    for i, text in enumerate(seen):
        frame = state.stack[-1] if state.stack else (-1,)
        if frame[0] == base.DEAL and frame[1] != seat:
            card = given.get(i)
            if card is None:
                later = {c for j, c in known.items() if j > i and epoch_of[j] == epoch_of[i] and _is_deal(seen[j])}
                free = [c for c in state.deck if c not in later]
                if not free:
                    raise RecordError(f"action {i} '{text}' cannot be replayed: no card is left to draw", i, text)
                card = rng.choice(free)
            action = n.DRAW + card - 1
        elif frame[0] == base.BDEAL and frame[1] != seat:
            kind = given.get(i)
            if kind is None:
                need = [0] * 6
                for j, k in known.items():
                    if j > i and battle_of[j] == battle_of[i] and not _is_deal(seen[j]):
                        need[k] += 1
                weights = [max(0, state.bdeck[k] - need[k]) for k in range(6)]
                if not sum(weights):
                    raise RecordError(f"action {i} '{text}' cannot be replayed: no battle card is left", i, text)
                kind = rng.choices(range(6), weights)[0]
            action = n.BDRAW + kind
        else:
            found = game.actions.lookup(text)
            if found is None:
                raise RecordError(f"action {i} '{text}' is not an action of hannibal", i, text)
            action = int(found)
        state.apply_action(action)
    return state


def _is_deal(text: str) -> bool:
    """A strategy-card deal (mine, or the other's hidden one), as opposed to a battle card."""
    return bool(_card(text, "draw")) or text.endswith("draws a card")
