"""Resampling from the state at hand (``State.redraw``): the other seat's hidden cards drawn
again, without replaying the game (issue 13).

The state it starts from is consistent with what the seat has seen (the true state, or an
earlier draw), so only what the seat cannot tell apart is drawn again:

- the other seat's strategy hand, but for the cards the seat knows are in it (``known``: taken
  from it by #55): the deck is a set (lazy draws), and every card of the deck or of that part
  of the hand is unseen alike, so the hand's unknown part is a uniform draw from both together;
- the other seat's battle hand in a battle, by kind, but for the cards the seat knows are in
  it (``bknown``: taken from it by #59, one fewer for each card of that kind that leaves the
  hand), drawn from the battle deck's kinds and the hand's unknown part together. A battle
  spied by #20 Spy in Enemy Camp is left to the replay (the cards face up are known too).

The history is rewritten to match: the deal that brought a card now drawn away deals the new
one instead, so the copy replays from its record to itself and reads to the seat as the
state did (tests/hannibal/test_redraw.py replays every copy). A hand is dealt each turn and
played out within it (H25, H28), after any reshuffle (H26), so every card of the pool was in
the deck when each of those deals was made; battle cards are dealt once, before any is
played or taken (H74-H76, #59), and each known card kept is one the deal or a #59 needs
(see :func:`_battle`). Nothing is guessed: where a state does not fit (one set up from a
position, a spied battle), there is no redraw and ``resample`` replays the seat's history.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .notation import ROME
from .rules.base import PLAY
from .rules.strategy import CAMPAIGNS
from .secrets import RESHUFFLE

if TYPE_CHECKING:
    from .state import HannibalState

MAX_TRIES = 1000
"""Draws of a hand tried before giving the work back to the replay (a hand that must hold a
Campaign card is drawn again until it does: ``_must_open``)."""


def redraw(st: HannibalState, seat: int, rng: random.Random) -> HannibalState | None:
    """A copy of ``st`` with the other seat's hidden cards drawn again for ``seat`` (None: this
    state needs the replay)."""
    if st.set_up_from is not None:  # its history does not hold the deals
        return None
    out = st.clone()
    if not (_strategy(out, 1 - seat, rng) and _battle(out, 1 - seat, rng)):
        return None
    out._legal = None
    return out


def _strategy(st: HannibalState, side: int, rng: random.Random) -> bool:
    hand = st.hands[side]
    hidden = [i for i, c in enumerate(hand) if c not in st.known[side]]
    if not hidden:
        return True
    slots = _deal_slots(st, [hand[i] for i in hidden])
    if slots is None:
        return False
    pool = st.deck + [hand[i] for i in hidden]
    must_open = _must_open(st, side) and not any(c in CAMPAIGNS for c in st.known[side])
    for _ in range(MAX_TRIES):
        drawn = rng.sample(pool, len(hidden))
        if not must_open or any(c in CAMPAIGNS for c in drawn):
            break
    else:
        return False
    for i, slot, card in zip(hidden, slots, drawn, strict=True):
        hand[i] = card
        st.actions[slot] = st.n.DRAW + card - 1
    taken = set(drawn)
    st.deck = sorted(c for c in pool if c not in taken)
    return True


def _must_open(st: HannibalState, side: int) -> bool:
    """H27: Rome said it opens with a Campaign card and has not played it yet."""
    return side == ROME and bool(st.stack) and st.stack[-1][:2] == (PLAY, ROME) and st.queue == (1,)


def _deal_slots(st: HannibalState, cards: list[int]) -> list[int] | None:
    """Where in the history each of ``cards`` (in one hand) was dealt: the last deal of it, since
    the last reshuffle (None where one is not found there)."""
    draw, reshuffle = st.n.DRAW, st.n.SIMPLE[RESHUFFLE]
    want = {draw + c - 1 for c in cards}
    found: dict[int, int] = {}
    actions = st.actions
    for i in range(len(actions) - 1, -1, -1):
        a = actions[i]
        if a in want and a not in found:
            found[a] = i
            if len(found) == len(want):
                return [found[draw + c - 1] for c in cards]
        elif a == reshuffle:
            return None
    return None


def _battle(st: HannibalState, side: int, rng: random.Random) -> bool:
    """The unknown part of ``side``'s battle hand, by kind, drawn again from itself and the
    battle deck; the deal gives the new kinds in place of the old. It stays a deal: of each
    kind the hand has taken by #59 no more than it holds now and has played or lost since,
    because ``bknown`` counts the taken cards, less one for each card of the kind that left
    the hand after them, and the new hand keeps them."""
    hand = st.bhand[side]
    free = [h - k for h, k in zip(hand, st.bknown[side], strict=True)]
    count = sum(free)
    if not count:
        return True
    if _spied(st):
        return False
    pool = [d + f for d, f in zip(st.bdeck, free, strict=True)]
    drawn = [0] * 6
    for kind in rng.sample(range(6), count, counts=pool):
        drawn[kind] += 1
    change = [d - f for d, f in zip(drawn, free, strict=True)]
    first = st.n.BDRAW
    slots = _battle_deal(st)[side]
    # the deals of kinds the hand now holds fewer of deal the kinds it holds more of
    given_back = [s for k in range(6) if change[k] < 0
                  for s in rng.sample([s for s in slots if st.actions[s] - first == k], -change[k])]
    gained = [k for k in range(6) for _ in range(max(0, change[k]))]
    rng.shuffle(gained)
    for slot, kind in zip(given_back, gained, strict=True):
        st.actions[slot] = first + kind
    for k in range(6):
        hand[k] += change[k]
        st.bdeck[k] -= change[k]
    return True


def _battle_deal(st: HannibalState) -> tuple[range, range]:
    """Where in the history each side's battle cards were dealt this battle: the last battle
    cards dealt, the original attacker's first (H74-H76: one deal a battle, before any play)."""
    first, actions = st.n.BDRAW, st.actions
    end = len(actions)
    while not first <= actions[end - 1] < first + 6:
        end -= 1
    dealt = st.bdealt
    start = end - dealt[0] - dealt[1]
    middle = start + dealt[st.b_orig]
    deals = (range(start, middle), range(middle, end))
    return (deals[0], deals[1]) if st.b_orig == 0 else (deals[1], deals[0])


def _spied(st: HannibalState) -> bool:
    """#20 turned battle cards face up in this battle (after its deal)."""
    spy = st.n.SPY
    start = min(deal.start for deal in _battle_deal(st))
    return any(spy <= a < spy + 6 for a in st.actions[start:])
