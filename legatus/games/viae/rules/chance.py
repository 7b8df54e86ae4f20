"""The lazy draws and the dice: every shuffle is a series of draws, each a chance node over the
cards left (DESIGN: hidden information). Rules queue draws in ``st.draws`` and start them with
:func:`begin_draws`; the hand limit (C31, V29) is checked when a series ends. A Deceptio draw and a
personal Mandatum are shown only to their seat (:func:`redact`). A Fortuna card drawn takes effect
before the draws go on (:data:`.ids.Id.REVEAL`, declared by :mod:`.fortuna`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, roll
from legatus.core.tuples import put

from ..decks import CASTRA, CYCLE_BACK, DECEPTIO, FORTUNA, MANDATUM
from ..ids import Id

if TYPE_CHECKING:
    from ..state import ViaeState


def begin_draws(st: ViaeState) -> None:
    """Run the queued draws on top of the running procedure (a handler's last call)."""
    st.call(Id.DRAW)
    settle_draws(st)


def after_effects(st: ViaeState) -> None:
    """Start the draws an effect queued (inside a draw series they simply join it)."""
    if st.draws and st.stack[-1][0] != Id.DRAW:
        begin_draws(st)


def settle_draws(st: ViaeState) -> None:
    """Resolve what needs no chance at the head of the queue; when it is empty, the hand limit,
    then back to the caller."""
    while st.draws:
        deck, arg = st.draws[0]
        if deck == CYCLE_BACK:  # V10: the discarded cards go back after the new ones are drawn
            out = st.cycle_out
            st.castra_pile = tuple(1 if c in out else n for c, n in enumerate(st.castra_pile))
            st.cycle_out = ()
        elif deck == DECEPTIO and not any(st.deck):
            if not any(st.discard):  # V29: nothing to draw
                st.draws.pop(0)
                continue
            st.deck = [a + b for a, b in zip(st.deck, st.discard, strict=True)]  # V29: reshuffle
            st.discard = [0] * len(st.discard)
            return
        elif deck == FORTUNA and not any(st.fortuna_pile):
            if not any(st.fortuna_discard):
                st.draws.pop(0)
                continue
            st.fortuna_pile, st.fortuna_discard = st.fortuna_discard, (0,) * len(st.fortuna_discard)  # V38
            return
        elif deck == CASTRA and not any(st.castra_pile) or deck == MANDATUM and not any(st.mandatum_pool):
            pass  # V10: an empty pile leaves the slot empty
        else:
            return
        st.draws.pop(0)
    over = over_limit(st)
    if over >= 0:
        st.goto(Id.DISCARD)
    else:
        st.end()


def over_limit(st: ViaeState) -> int:
    limit = st.game.tracks.stipendium["hand_limit"]
    for seat in st.order:
        if st.hand_size(seat) > limit:
            return seat
    return -1


_PILES = {CASTRA: "castra", FORTUNA: "fortuna", MANDATUM: "mandatum"}


def _pile(st: ViaeState, deck: int) -> tuple[int, ...]:
    return st.castra_pile if deck == CASTRA else st.fortuna_pile if deck == FORTUNA else st.mandatum_pool


def draw_outcomes(st: ViaeState) -> tuple[int, ...]:
    """The cards the queued draw may give: a Deceptio card with a copy left, a card of a pile."""
    g = st.game
    deck = st.draws[0][0]
    if deck == DECEPTIO:
        base = g.notation.base["deceptio"]
        return tuple(base + k for k, n in enumerate(st.deck) if n)
    base = g.notation[_PILES[deck]]
    return tuple(base + i for i, left in enumerate(_pile(st, deck)) if left)


def draw_weights(st: ViaeState, outcomes: tuple[int, ...]) -> Sequence[int]:
    """A Deceptio card by its copies left; every card of a pile as likely."""
    if st.draws[0][0] == DECEPTIO:
        deck, base = st.deck, st.game.notation.base["deceptio"]
        return [deck[a - base] for a in outcomes]
    return [1] * len(outcomes)


def apply_draw(st: ViaeState, action: int) -> None:
    """The card drawn goes where its draw said; a Fortuna card takes effect (:data:`Id.REVEAL`),
    then the draws go on (:func:`settle_draws`)."""
    g = st.game
    deck, arg = st.draws.pop(0)
    if deck == DECEPTIO:
        k = action - g.notation.base["deceptio"]
        st.deck[k] -= 1
        st.hand[arg * len(g.cards.deceptio) + k] += 1
    elif deck == CASTRA:
        card = action - g.notation.base["castra"]
        st.castra_pile = put(st.castra_pile, card, 0)
        st.castra = put(st.castra, arg, card)
    elif deck == MANDATUM:
        card = action - g.notation.base["mandatum"]
        st.mandatum_pool = put(st.mandatum_pool, card, 0)
        if arg < 0:
            st.public += (card,)
        else:
            st.personal = put(st.personal, 2 * arg + (1 if st.personal[2 * arg] >= 0 else 0), card)
    else:
        card = action - g.notation.base["fortuna"]
        st.fortuna_pile = put(st.fortuna_pile, card, 0)
        st.fortuna_active += (card,)
        st.call(Id.REVEAL, card)
        return
    settle_draws(st)


def discard_seat(st: ViaeState) -> int:
    return over_limit(st)


def discard_legal(st: ViaeState) -> tuple[int, ...]:
    seat = over_limit(st)
    base = st.game.notation.base["discard"]
    return tuple(base + k for k, n in enumerate(st.hand_of(seat)) if n)


def apply_discard(st: ViaeState, action: int) -> None:
    """V29: the player chooses the discards; they are public."""
    seat = over_limit(st)
    g = st.game
    k = action - g.notation.base["discard"]
    st.hand[seat * len(g.cards.deceptio) + k] -= 1
    st.discard[k] += 1
    if over_limit(st) < 0:
        st.end()


def redact(st: ViaeState, action: int, seat: int | None) -> str:
    """``action`` as ``seat`` sees it: another seat's Deceptio draw or personal Mandatum is hidden."""
    g = st.game
    text = str(g.actions[action])
    if seat is None or not st.stack:
        return text
    n = g.notation.base
    proc = st.stack[-1][0]
    if proc == Id.LOSE:  # whose hand a card leaves is said, for every seat
        return f"{g.seats[st.frame()[1]]}: {text}"
    if proc == Id.DISCARD or proc in (Id.TURN, Id.KEEP) and n["play"] <= action < n["buy"] or proc == Id.CLAIM:
        return f"{g.seats[st.current_player()]}: {text}"
    if proc != Id.DRAW or not st.draws:
        return text
    deck, arg = st.draws[0]
    if deck == DECEPTIO and arg != seat and g.notation.base["deceptio"] <= action < g.notation.base["castra"]:
        return f"{g.seats[arg]} draws a Deceptio card"
    if deck == MANDATUM and arg >= 0 and arg != seat and g.notation.base["mandatum"] <= action < g.notation.base["die"]:
        return f"{g.seats[arg]} is dealt a Mandatum"
    return text


PROCEDURES: dict[int, Procedure[ViaeState]] = {
    Id.DRAW: roll("a draw", lambda st: "Draw the next card.", draw_outcomes, apply_draw, draw_weights),
    Id.DISCARD: Procedure("hand limit", discard_seat,
                          lambda st: f"{st.game.seats[over_limit(st)]}: discard down to 5 Deceptio.",
                          discard_legal, apply_discard, hides_legal=True),  # the hand
}
