"""A state consistent with what one seat has seen, drawn directly: from a state (:func:`redraw`,
``ViaeState.resample``: what a search does at every simulation) or from a seat's record
(:func:`draw_consistent`, ``Game.consistent_state``).

:func:`redraw` replays nothing. The state notes, action by action, who drew, played, discarded or
lost each Deceptio card and who was dealt or claimed each Mandatum (``ViaeState.secret_log``);
one pass over those notes follows the deck's counts (through the reshuffles, V29, C47) and gives
another seat's unseen draws new cards as they come, each from the deck as it was then (the
seat's own later draws of the same shuffle kept back), steered so that every card that seat
reveals later is in its hand by then: a draw takes one of the cards it will be short of when
just enough draws are left to bring them, and with the chance of a random slot before that.
The unseen personal Mandatum are drawn among the cards the seat has not seen that have not come
true (a Mandatum that came true is claimed at once, and conquered cities stay conquered, so one
true now would have been claimed). While the claims of a conquest are under way (V40, V43:
``complete Mxx``, one frame a card, the first slot on top), the seat knows whose claim is on top
and nothing of the cards below it: the seats before that claimant hold no card that came true,
the claimant holds at least one that this conquest made true, the seats after it may, and the
claims are stacked anew from the cards drawn. The history's hidden draws are rewritten to match,
so the state replays to itself. A world that fails is drawn anew; after many failures the
state's replayed draw decides.

From a record:

The core's search guesses each unseen draw blindly and learns only when a card is played, many
turns later: exponential. Here every card another seat reveals (``seat2: play D05``, a discard,
a card lost at random, a completed personal Mandatum) is first given to one of that seat's unseen
draws before it; the other unseen draws take cards left in the deck (those given to later draws
kept back). A personal Mandatum that would have come true unseen is ruled out and the draw begins
again. A record saved while a seat places a personal Mandatum (V40) says so only in its decision
(``fits``): a world that ends elsewhere shows the cards true now, and the next worlds give the
claimant the decision names one of them. The replay checks every action; a world that fails is drawn anew, and
after a few failures the core's search decides.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from itertools import permutations
from typing import TYPE_CHECKING, cast

from legatus.core.chain import Chain
from legatus.core.errors import RecordError
from legatus.core.game import State
from legatus.core.procedures import Frame
from legatus.core.secrecy import Fits, earlier_unseen_draw, search

from .ids import Id
from .rules import agere, mandatum
from .secret_log import read_entry

if TYPE_CHECKING:
    from .game import ViaeGame
    from .state import ViaeState

TRIES = 30  # worlds replayed from a record before the core's search decides
DRAWS = 100  # direct draws before the replay decides: each is one pass over the secret log


def draw_consistent(game: ViaeGame, seat: int, seen: Sequence[str], rng: random.Random,
                    fits: Fits | None = None) -> State:
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
    pending: list[int] = []  # the cards that may be the claim under way at the end (V40)
    claimant = -1  # whose claim the decision says is on top
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
            true_now = [m for m in pending if m not in forbidden]
            if s == claimant and slots and true_now:
                given[rng.choice(slots)] = game.notation["mandatum"] + rng.choice(true_now)
        state, failed = _replay(game, seat, seen, given, known_mandatum | forbidden, rng, fits)
        if state is not None and (fits is None or fits(state)):
            return state
        if state is not None and fits is not None and claimant < 0:
            # the decision asks a seat to place a personal card this last conquest made true: one true now
            claimant = next((s for s in range(len(names)) if s != seat and fits(_claiming(state, s))), seat)
            pending = [m for m in range(len(game.cards.mandatum)) if m not in known_mandatum
                       and state.completed[m] < 0 and mandatum.is_true(state, m)]
        if state is not None and claimant == seat and state.stack and state.frame()[0] == Id.CLAIM:
            failed = {state.frame()[2]}  # no claim under way: a personal card came true unseen
        forbidden |= failed
        last = "no world fits"
    try:
        return search(game, seat, seen, rng)
    except RecordError:
        raise RecordError(f"no state of {game.name} fits {names[seat]}'s record ({last})") from None


def _replay(game: ViaeGame, seat: int, seen: Sequence[str], given: dict[int, int], taken: set[int],
            rng: random.Random, fits: Fits | None) -> tuple[ViaeState | None, set[int]]:
    """The replay of one drawn world: the state, or None and the personal Mandatum that came true
    unseen (to rule out). A claim under way at the end is the caller's to judge where it knows the
    decision the seat saw (a card true now may be that claimant's), else it is ruled out."""
    n = game.notation
    state = cast("ViaeState", game.new_initial_state())
    reserved = [0] * len(game.cards.deceptio)
    for a in given.values():
        if n["deceptio"] <= a < n["castra"]:
            reserved[a - n["deceptio"]] += 1
    pool_taken = set(taken) | {a - n["mandatum"] for a in given.values() if n["mandatum"] <= a < n["die"]}
    for i, text in enumerate(seen):
        legal = state.legal_ids()
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
            if state.stack and state.frame()[0] == Id.CLAIM and state.frame()[1] != seat:
                return None, {state.frame()[2]}  # a personal card came true that the seat never saw
            return None, set()
        state.apply_action(action)
    if state.stack and state.frame()[0] == Id.CLAIM and state.frame()[1] != seat and fits is None:
        return None, {state.frame()[2]}
    return state, set()


def _claiming(st: ViaeState, claimant: int) -> ViaeState:
    """``st`` with ``claimant`` placing a personal Mandatum (V40)."""
    asked = st.clone()
    asked.stack = st.stack + ((Id.CLAIM, claimant, 0),)
    return asked


def _weighted(options: Sequence[tuple[int, float]], rng: random.Random) -> int:
    total = sum(p for _, p in options)
    x = rng.random() * total
    for a, p in options:
        x -= p
        if x <= 0:
            return int(a)
    return int(options[-1][0])


def redraw(st: ViaeState, seat: int, rng: random.Random) -> ViaeState | None:
    """A state ``seat`` cannot tell from ``st``, the other seats' unseen cards drawn anew; None
    where this draw cannot decide (the caller replays). The pass over the secret log is kept on
    ``st`` (:data:`PlanMemo`) while its history, secret log and stack stay the same."""
    memo = st.plan_memo
    if memo is not None and memo[0] is st.history_chain and memo[1] is st.secret_chain and memo[2] is st.stack \
            and memo[3] == seat:
        plan = memo[4]
    else:
        plan = _Plan(st, seat)
        st.plan_memo = (st.history_chain, st.secret_chain, st.stack, seat, plan)
    if plan.too_many_deals:
        return None
    for _ in range(DRAWS):
        drawn = plan.draw(st, rng)
        if drawn is not None:
            return drawn
    return None


PlanMemo = tuple[Chain, Chain, tuple[Frame, ...], int, "_Plan"]
"""A state's last redraw plan (:attr:`ViaeState.plan_memo`) with what it was made from: the
history (a new object after each action), the secret log and the stack as a guard, and the seat. An IS-MCTS
search redraws its root once a simulation: the plan is made once a decision."""


class _Plan:
    """One pass over the state's secret log: who moved which card when, and the shuffles."""

    def __init__(self, st: ViaeState, seat: int) -> None:
        g = st.game
        n = g.notation
        self.seat = seat
        players, kinds = g.num_players(), len(g.cards.deceptio)
        self.kinds = kinds
        self.d0, self.m0 = n["deceptio"], n["mandatum"]
        reveal_bases = (n["loses"], n["discard"], n["play"])
        self.entries: list[tuple[int, int, int, int]] = []  # (index, round, seat, what) in order
        self.draws: list[list[int]] = [[] for _ in range(players)]  # unseen Deceptio draws by seat
        self.reveals: list[list[tuple[int, int]]] = [[] for _ in range(players)]  # (index, kind)
        self.deals: list[list[int]] = [[] for _ in range(players)]  # unseen personal Mandatum
        self.claims: list[list[tuple[int, int]]] = [[] for _ in range(players)]  # (index, card)
        self.known: set[int] = set()  # Mandatum the seat has seen
        self.epoch_of: dict[int, int] = {}
        self.epochs = 0
        deck, discard, rnd = sum(g.deceptio_counts), 0, 1
        self.history = history = st.history_ids  # unchained once, a copy for each draw
        for entry in st.secret_log:
            i, r, s = read_entry(entry)
            a = history[i]
            while rnd < r:  # C47: the discards go back into the deck at the round's end
                deck, discard, rnd, self.epochs = deck + discard, 0, rnd + 1, self.epochs + 1
            if self.d0 <= a < self.d0 + kinds:
                if deck == 0:  # V29: the discards reshuffled
                    deck, discard, self.epochs = discard, 0, self.epochs + 1
                deck -= 1
                self.epoch_of[i] = self.epochs
                self.entries.append((i, r, s, _DRAW))
                if s != seat:
                    self.draws[s].append(i)
            elif any(b <= a < b + kinds for b in reveal_bases):
                k = next(a - b for b in reveal_bases if b <= a < b + kinds)
                discard += 1
                self.entries.append((i, r, s, _REVEAL + k))
                if s != seat:
                    self.reveals[s].append((i, k))
            elif self.m0 <= a < self.m0 + len(g.cards.mandatum):
                if s < 0 or s == seat:
                    self.known.add(a - self.m0)
                else:
                    self.deals[s].append(i)
            else:  # a claim: ``complete Mxx``
                card = a - n["complete"]
                self.known.add(card)
                if s != seat:
                    self.claims[s].append((i, card))
        self.too_many_deals = any(len(d) > 2 for d in self.deals)  # two slots a seat (personal)
        claiming = bool(st.stack) and st.frame()[0] == Id.CLAIM
        self.claimant = st.frame()[1] if claiming else -1  # whose claim the seat sees on top (V40)
        self.fresh = _came_true(st) if claiming else frozenset()

    def draw(self, st: ViaeState, rng: random.Random) -> ViaeState | None:
        """A redraw of ``st``, the state this plan was made from."""
        g = st.game
        cards = self._deal_mandatum(st, rng)
        if cards is None:
            return None
        drawn = self._follow_deck(st, rng)
        if drawn is None:
            return None
        history, hands, deck = drawn
        other = st.clone()
        for i, card in cards.items():
            history[i] = self.m0 + card
        kinds = self.kinds
        for s, hand in enumerate(hands):
            if s != self.seat:
                other.hand[s * kinds:(s + 1) * kinds] = hand
        other.deck = deck
        personal = list(other.personal)
        for s, deals in enumerate(self.deals):
            for slot, i in enumerate(deals):
                personal[2 * s + slot] = cards[i]
        other.personal = tuple(personal)
        dealt = set(self.known) | set(cards.values()) | {m for m in other.personal if m >= 0}
        other.mandatum_pool = tuple(0 if m in dealt else 1 for m in range(len(g.cards.mandatum)))
        if self.claimant >= 0:
            other.stack = _claims_stacked(other)
        other.rewrite_history(history)
        return other

    def _deal_mandatum(self, st: ViaeState, rng: random.Random) -> dict[int, int] | None:
        """A card for each unseen personal deal: a claimed one to a deal before its claim, the
        others among the cards the seat has not seen that are not true now; while claims are
        under way, those of the claimant on top and of the seats after it among the cards that
        this conquest made true too, the claimant's with one of those at least (V40)."""
        cards: dict[int, int] = {}
        for s, claims in enumerate(self.claims):
            slots = list(self.deals[s])
            for i, card in claims:
                before = [d for d in slots if d < i]
                if not before:
                    return None
                pick = rng.choice(before)
                slots.remove(pick)
                cards[pick] = card
        first = self.claimant if self.claimant >= 0 else len(self.deals)
        unseen = [m for m in range(len(st.game.cards.mandatum)) if m not in self.known]
        never = [m for m in unseen if not mandatum.is_true(st, m)]
        before = [i for deals in self.deals[:first] for i in deals if i not in cards]
        if len(never) < len(before):
            return None
        cards.update(zip(before, rng.sample(never, len(before)), strict=True))
        if first == len(self.deals):
            return cards
        taken = set(cards.values())
        pool = [m for m in unseen if m in self.fresh or m in never and m not in taken]
        theirs = [i for i in self.deals[first] if i not in cards]  # the claimant's: none if it is the seat
        if theirs:
            picks = [p for p in permutations(pool, len(theirs)) if not self.fresh.isdisjoint(p)]
            if not picks:
                return None
            cards.update(zip(theirs, rng.choice(picks), strict=True))
            pool = [m for m in pool if m not in cards.values()]
        after = [i for deals in self.deals[first + 1:] for i in deals if i not in cards]
        if len(pool) < len(after):
            return None
        cards.update(zip(after, rng.sample(pool, len(after)), strict=True))
        return cards

    def _follow_deck(self, st: ViaeState, rng: random.Random) -> tuple[list[int], list[list[int]], list[int]] | None:
        """The Deceptio draws replayed on the deck's counts alone, each unseen draw given a card as
        it comes (:meth:`_unseen_card`): the history with those cards, each seat's hand and the
        deck; None where a card is missing."""
        seat, d0, kinds = self.seat, self.d0, self.kinds
        history = self.history[:]
        kept = [[0] * kinds for _ in range(self.epochs + 1)]  # the seat's own later draws, by shuffle
        for i, _, s, what in self.entries:
            if what == _DRAW and s == seat:
                kept[self.epoch_of[i]][history[i] - d0] += 1
        deck, discard = list(st.game.deceptio_counts), [0] * kinds
        hands = [[0] * kinds for _ in range(st.game.num_players())]
        rnd, epoch = 1, 0
        for i, r, s, what in self.entries:
            while rnd < r:
                deck, discard, rnd, epoch = [a + b for a, b in zip(deck, discard, strict=True)], [0] * kinds, \
                    rnd + 1, epoch + 1
            if what == _DRAW:
                if not any(deck):
                    deck, discard, epoch = discard, [0] * kinds, epoch + 1
                if not any(deck):
                    return None
                if s == seat:
                    k = history[i] - d0
                    kept[epoch][k] -= 1
                else:
                    row = kept[epoch]  # the seat's own draws still to come: not the others' to draw
                    free = [max(0, n - m) for n, m in zip(deck, row, strict=True)] if any(row) else deck
                    found = self._unseen_card(s, i, hands[s], free if any(free) else deck, rng)
                    if found is None:
                        return None
                    k = found
                history[i] = d0 + k
                if deck[k] == 0:
                    return None
                deck[k] -= 1
                hands[s][k] += 1
            else:
                k = what - _REVEAL
                if hands[s][k] == 0:
                    return None
                hands[s][k] -= 1
                discard[k] += 1
        while rnd < st.round:
            deck, discard, rnd = [a + b for a, b in zip(deck, discard, strict=True)], [0] * kinds, rnd + 1
        if discard != st.discard or hands[seat] != st.hand_of(seat):
            return None  # not the state's own counts: a move of cards this pass does not know
        return history, hands, deck

    def _unseen_card(self, s: int, i: int, hand: list[int], weights: list[int], rng: random.Random) -> int | None:
        """The card for another seat's unseen draw at history index ``i``, drawn with ``weights``
        (the deck's counts) so that the cards the seat reveals later can still be in its hand
        then. The reveals its hand does not cover are ``short``; each needs one of its unseen
        draws from this one on before it. Where one of them has just enough such draws left, this
        draw takes one of the cards short up to it; else it takes one of the cards short with the
        chance a draw has of being one of them (their number over the draws left before the last),
        otherwise a card as the deck gives it. None where the cards needed are not in the deck."""
        spare = hand[:]
        short: list[tuple[int, int]] = []  # (index, kind) of the reveals not covered
        reveals = self.reveals[s]
        for j, k in reveals[bisect.bisect_right(reveals, (i, len(spare))):]:  # those after index i
            if spare[k]:
                spare[k] -= 1
            else:
                short.append((j, k))
        if short:
            draws = self.draws[s]
            first = bisect.bisect_left(draws, i)
            tight = None
            for n, (j, _) in enumerate(short):
                room = bisect.bisect_left(draws, j) - first - (n + 1)
                if room < 0:
                    return None
                if room == 0 and tight is None:
                    tight = n
            wanted = {k for _, k in (short[:tight + 1] if tight is not None else short)}
            needed = [w if k in wanted else 0 for k, w in enumerate(weights)]
            left = bisect.bisect_left(draws, short[-1][0]) - first
            if tight is not None or rng.random() * left < len(short):
                if not any(needed):
                    return None if tight is not None else rng.choices(range(len(weights)), weights)[0]
                return rng.choices(range(len(weights)), needed)[0]
        return rng.choices(range(len(weights)), weights)[0]


def _came_true(st: ViaeState) -> frozenset[int]:
    """The Mandatum that the conquest whose claims are under way made true: those true now that
    need the region of the city just taken (the one under the Agere player's marker, V19); any
    other true now was true before, and claimed then if a seat held it."""
    region = st.game.board.city_region[st.marker[agere.seat(st)]]
    cards = st.game.cards.mandatum
    return frozenset(m for m, card in enumerate(cards) if region in card.regions and mandatum.is_true(st, m))


def _claims_stacked(st: ViaeState) -> tuple[tuple[int, ...], ...]:
    """``st``'s stack with the claims under way stacked anew from its personal cards, as the
    conquest stacks them (:func:`.rules.mandatum.check`): one for each card true and not yet
    completed, the first slot on top."""
    stack = st.stack
    while stack and stack[-1][0] == Id.CLAIM:
        stack = stack[:-1]
    pending = [(i // 2, m) for i, m in enumerate(st.personal) if m >= 0 and st.completed[m] < 0
               and mandatum.is_true(st, m)]
    return stack + tuple((Id.CLAIM, s, m) for s, m in reversed(pending))


_DRAW, _REVEAL = -1, 0  # an entry's ``what``: a draw, or _REVEAL + the kind revealed
