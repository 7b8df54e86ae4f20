"""A state consistent with what one seat has seen, drawn directly: from the state at hand
(:func:`redraw`, ``HannibalState.redraw``: what a search does at every simulation) or from a
seat's record (:func:`draw_consistent`, ``Game.consistent_state``).

From the state at hand (issue 13), without replaying the game: the state it starts from is
consistent with what the seat has seen (the true state, or an earlier draw), so only what the
seat cannot tell apart is drawn again:

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

From a record: the core's search would guess each hidden draw blindly and learn only turns
later, when the card is played.

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

from .ids import Id
from .notation import KINDS, RESHUFFLE, ROME, SIDES
from .rules.strategy import CAMPAIGNS

if TYPE_CHECKING:
    from .game import HannibalGame
    from .state import HannibalState


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


def draw_consistent(game: HannibalGame, seat: int, seen: Sequence[str], rng: random.Random) -> HannibalState:
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
    op_shown = [0] * 6  # battle cards of its that #20 turned face up for me
    in_deal = False
    for i, text in enumerate(seen):
        if text == RESHUFFLE:
            epoch += 1
        is_bdraw = text == hidden_battle or text.startswith("draw ") and text[5:] in KINDS
        if is_bdraw and not in_deal:
            battle += 1
            battle_draws = []
            op_taken = [0] * 6
            op_shown = [0] * 6
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
                op_shown[k] += 1  # known from now on: its later play needs no other draw
        elif text.startswith(("ally deserts with ", "take shown ")):  # #59: a battle card changes hands
            k = KINDS.index(text.split(" ", 2)[2].removeprefix("with "))
            if not mine_last:
                op_taken[k] += 1
            elif text.startswith("take shown "):  # one #20 showed me (H132)
                op_shown[k] -= 1
            elif op_taken[k]:  # a face-down one: one it took from me, where it holds one
                op_taken[k] -= 1
            else:
                _give(given, battle_draws, k, i, text, rng)
        elif (k := _kind(text, op)) >= 0:
            if op_shown[k]:  # a card of a kind shown is a face-up one (rulings.md, #20)
                op_shown[k] -= 1
            elif op_taken[k]:
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
        if frame[0] == Id.DEAL and frame[1] != seat:
            card = given.get(i)
            if card is None:
                later = {c for j, c in known.items() if j > i and epoch_of[j] == epoch_of[i] and _is_deal(seen[j])}
                free = [c for c in state.deck if c not in later]
                if not free:
                    raise RecordError(f"action {i} '{text}' cannot be replayed: no card is left to draw", i, text)
                card = rng.choice(free)
            action = n.DRAW + card - 1
        elif frame[0] == Id.BDEAL and frame[1] != seat:
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


# --- From the state at hand ------------------------------------------------------------------
MAX_TRIES = 1000
"""Draws of a hand tried before giving the work back to the replay (a hand that must hold a
Campaign card is drawn again until it does: ``_must_open``)."""


def redraw(st: HannibalState, seat: int, rng: random.Random) -> HannibalState | None:
    """A copy of ``st`` with the other seat's hidden cards drawn again for ``seat`` (None: this
    state needs the replay)."""
    if st.set_up_from is not None:  # its history does not hold the deals
        return None
    out = st.clone()
    history = out.history_ids  # rewritten by index, then chained again
    if not (_strategy(out, history, 1 - seat, rng) and _battle(out, history, 1 - seat, rng)):
        return None
    out.rewrite_history(history)
    return out


def _strategy(st: HannibalState, history: list[int], side: int, rng: random.Random) -> bool:
    hand = st.hands[side]
    hidden = [i for i, c in enumerate(hand) if c not in st.known[side]]
    if not hidden:
        return True
    slots = _deal_slots(st, history, [hand[i] for i in hidden])
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
        history[slot] = st.notation.DRAW + card - 1
    taken = set(drawn)
    st.deck = sorted(c for c in pool if c not in taken)
    return True


def _must_open(st: HannibalState, side: int) -> bool:
    """H27: Rome said it opens with a Campaign card and has not played it yet."""
    return side == ROME and bool(st.stack) and st.stack[-1][:2] == (Id.PLAY, ROME) and st.queue == (1,)


def _deal_slots(st: HannibalState, actions: list[int], cards: list[int]) -> list[int] | None:
    """Where in the history each of ``cards`` (in one hand) was dealt: the last deal of it, since
    the last reshuffle (None where one is not found there)."""
    draw, reshuffle = st.notation.DRAW, st.notation.SIMPLE[RESHUFFLE]
    want = {draw + c - 1 for c in cards}
    found: dict[int, int] = {}
    for i in range(len(actions) - 1, -1, -1):
        a = actions[i]
        if a in want and a not in found:
            found[a] = i
            if len(found) == len(want):
                return [found[draw + c - 1] for c in cards]
        elif a == reshuffle:
            return None
    return None


def _battle(st: HannibalState, history: list[int], side: int, rng: random.Random) -> bool:
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
    if _spied(st, history):
        return False
    pool = [d + f for d, f in zip(st.bdeck, free, strict=True)]
    drawn = [0] * 6
    for kind in rng.sample(range(6), count, counts=pool):
        drawn[kind] += 1
    change = [d - f for d, f in zip(drawn, free, strict=True)]
    first = st.notation.BDRAW
    slots = _battle_deal(st, history)[side]
    # the deals of kinds the hand now holds fewer of deal the kinds it holds more of
    given_back = [s for k in range(6) if change[k] < 0
                  for s in rng.sample([s for s in slots if history[s] - first == k], -change[k])]
    gained = [k for k in range(6) for _ in range(max(0, change[k]))]
    rng.shuffle(gained)
    for slot, kind in zip(given_back, gained, strict=True):
        history[slot] = first + kind
    for k in range(6):
        hand[k] += change[k]
        st.bdeck[k] -= change[k]
    return True


def _battle_deal(st: HannibalState, actions: list[int]) -> tuple[range, range]:
    """Where in the history each side's battle cards were dealt this battle: the last battle
    cards dealt, the original attacker's first (H74-H76: one deal a battle, before any play)."""
    first = st.notation.BDRAW
    end = len(actions)
    while not first <= actions[end - 1] < first + 6:
        end -= 1
    dealt = st.bdealt
    start = end - dealt[0] - dealt[1]
    middle = start + dealt[st.b_orig]
    deals = (range(start, middle), range(middle, end))
    return (deals[0], deals[1]) if st.b_orig == 0 else (deals[1], deals[0])


def _spied(st: HannibalState, actions: list[int]) -> bool:
    """#20 turned battle cards face up in this battle (after its deal)."""
    spy = st.notation.SPY
    start = min(deal.start for deal in _battle_deal(st, actions))
    return any(spy <= a < spy + 6 for a in actions[start:])
