"""The Strategy Phase (H25-H36): hands dealt as lazy draws, reshuffles, who plays first, and
each card play: OPs (move a General, place PCs, raise troops), the event, or a discard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, roll

from ..ids import Id
from ..notation import CARTHAGE, RESHUFFLE, ROME, SIDES
from . import base, campaign, events, movement
from .base import other, province_controller, strategy_rating

if TYPE_CHECKING:
    from ..state import HannibalState

CAMPAIGNS = frozenset((33, 34, 37, 38, 39, 40))
OPS_USE, EVENT_USE, DISCARD_USE = range(3)


def hand_size(st: HannibalState) -> int:
    return st.game.tables.turn_cards[st.turn - 1]


def needs_reshuffle(st: HannibalState) -> bool:
    """H26: the deck cannot give both players a full hand."""
    return len(st.deck) < 2 * hand_size(st)


def reshuffle(st: HannibalState) -> None:
    """H26: every card not removed from the game goes back into the deck; #57/#58 then lapse at
    the start of the next turn."""
    st.deck = sorted([*st.deck, *st.discard])
    st.discard = []
    st.hanno_counsel = 2 if st.hanno_counsel else 0
    st.cato_counsel = 2 if st.cato_counsel else 0
    st.end()


def deal(st: HannibalState, card: int) -> None:
    _, seat, left = st.stack[-1]
    st.deck.remove(card)
    st.hands[seat].append(card)
    if left > 1:
        st.goto(Id.DEAL, seat, left - 1)
    elif seat == ROME:
        st.goto(Id.DEAL, CARTHAGE, hand_size(st))
    else:
        st.end()


def start_deal(st: HannibalState) -> None:
    st.call(Id.DEAL, ROME, hand_size(st))
    if needs_reshuffle(st):
        st.call(Id.RESHUFFLE)


def opening(st: HannibalState) -> None:
    """H27: Carthage always asks whether Rome opens with a Campaign card (asking only when Rome
    holds one would tell Carthage so); if not, Carthage chooses."""
    st.call(Id.OPENING)


def opening_legal(st: HannibalState) -> tuple[int, ...]:
    words = ["no campaign opening"] + (["open with campaign"] if any(c in CAMPAIGNS for c in st.hands[ROME]) else [])
    return tuple(sorted(st.notation.SIMPLE[w] for w in words))


def answer_opening(st: HannibalState, opens: bool) -> None:
    if opens:
        st.to_play = ROME
        st.queue = (1,)  # the first play must be a Campaign card
        st.end()
    else:
        st.goto(Id.FIRST)


def choose_first(st: HannibalState, seat: int) -> None:
    st.to_play = seat
    st.end()


def next_play(st: HannibalState) -> bool:
    """H28: alternate plays; when one hand is empty the other plays out. False: both empty."""
    if st.debt:  # Hannibal's 5 PCs (H43), owed since the last play
        debt, st.debt = st.debt, 0
        base.demand_pcs(st, CARTHAGE, debt)
        return True
    hands = st.hands
    if not hands[ROME] and not hands[CARTHAGE]:
        return False
    seat = st.to_play if hands[st.to_play] else other(st.to_play)
    st.to_play = other(seat)
    st.sieged = []
    st.moved_gens = []
    campaign.clear(st)
    st.failed = []
    st.call(Id.PLAY, seat)
    return True


def play_legal(st: HannibalState) -> tuple[int, ...]:
    seat = st.stack[-1][1]
    n = st.notation
    out: list[int] = []
    must = st.queue == (1,)
    for c in sorted(st.hands[seat]):
        if must and c not in CAMPAIGNS:
            continue
        out.append(n.PLAY_OPS + c - 1)
        if events.can_play(st, seat, c):
            out.append(n.PLAY_EVENT + c - 1)
        if not must:
            out.append(n.PLAY_DISCARD + c - 1)
    return tuple(sorted(out))


def play(st: HannibalState, action: int) -> None:
    """H29: one card, one use. A card used for OPs or discarded goes to the discard pile."""
    n = st.notation
    seat = st.stack[-1][1]
    use, card = divmod(action - n.PLAY_OPS, 64)
    card += 1
    st.queue = ()
    st.hands[seat].remove(card)
    if card in st.known[seat]:
        st.known[seat].remove(card)
    if use == EVENT_USE:
        events.play(st, seat, card)
        return
    base.discard(st, card)
    if use == DISCARD_USE:
        st.end()
    else:
        st.goto(Id.OPS, seat, card)


def ops_value(st: HannibalState) -> int:
    return st.game.cards.strategy[st.stack[-1][2] - 1].ops


def raise_candidates(st: HannibalState, seat: int) -> list[int]:
    """H32: a General in a friendly space of a friendly province, not in a besieged city."""
    g = st.game
    return [gi for gi, at in enumerate(st.gen_at) if at >= 0 and g.general_side[gi] == seat
            and st.ctrl[at] == seat and province_controller(st, st.board.province[at]) == seat and not st.spts[at]]


def ops_legal(st: HannibalState) -> tuple[int, ...]:
    _, seat, card = st.stack[-1]
    n = st.notation
    ops = st.game.cards.strategy[card - 1].ops
    out = [n.ACTIVATE + gi for gi in movement.activatable(st, seat) if strategy_rating(st, gi) <= ops]
    out.append(n.SIMPLE["place pcs"])
    if ops == 3:
        out += [n.RAISE + gi for gi in raise_candidates(st, seat)]
    return tuple(sorted(out))


def use_ops(st: HannibalState, action: int) -> None:
    n = st.notation
    _, seat, card = st.stack[-1]
    if action == n.SIMPLE["place pcs"]:
        st.path = []
        st.goto(Id.PLACE_PC, seat, st.game.cards.strategy[card - 1].ops)
    elif action >= n.RAISE and action < n.RAISE + len(st.game.generals):
        gi = action - n.RAISE
        at = st.gen_at[gi]
        if base.is_inside(st, gi) and st.inner[at] < st.board.capacity[at]:
            st.inner[at] += 1  # the new CU stands with him inside the walls
        else:
            st.cu[seat][at] += 1
        st.end()
    else:
        movement.activate(st, seat, action - n.ACTIVATE, card, movement.MODE_OPS)
        st.goto(Id.TAKE, seat)


def pc_spaces(st: HannibalState, seat: int) -> list[int]:
    """H31: an empty space without enemy CUs; or an enemy plain PC with a friendly CU and no enemy
    CU (H31's ruling); one PC a space a card; none flipped during a Truce (H131)."""
    enemy = other(seat)
    theirs, their_train = st.cu[enemy], base.train_space(st, enemy)
    ctrl, path = st.ctrl, st.path
    out = []
    for s, c in enumerate(theirs):
        if c or s == their_train or s in path:
            continue
        if ctrl[s] == base.NONE or (ctrl[s] == enemy and base.is_plain(st, s) and base.cus(st, seat, s)
                                    and not st.truce):
            out.append(s)
    return out


def place_pc(st: HannibalState, action: int) -> None:
    _, seat, left = st.stack[-1]
    if action == st.notation.SIMPLE["done"]:
        st.end()
        return
    space = action - st.notation.SPACE["pc"]
    st.path.append(space)
    base.set_control(st, space, seat)
    if not st.stack:
        return
    if left > 1:
        st.goto(Id.PLACE_PC, seat, left - 1)
    else:
        st.end()


def _ops(n: int) -> str:
    return f"{n} OP{'s' if n != 1 else ''}"


# --- The table's entries of this chapter ----------------------------------------------------------
def _deal_legal(st: HannibalState) -> tuple[int, ...]:
    return tuple(map((st.notation.DRAW - 1).__add__, sorted(st.deck)))


def _deal_prompt(st: HannibalState) -> str:
    size = hand_size(st)
    return f"Deal {SIDES[st.stack[-1][1]]} card {size - st.stack[-1][2] + 1} of {size}."


P = Procedure
PROCEDURES: base.Entries = {
    Id.DEAL: roll("deal", _deal_prompt, _deal_legal, lambda st, a: deal(st, a - st.notation.DRAW + 1)),
    Id.RESHUFFLE: roll("reshuffle", lambda st: "Reshuffle the strategy cards (H26).",
                       base.words(RESHUFFLE), lambda st, a: reshuffle(st)),
    Id.OPENING: P("opening", base.fixed(ROME), lambda st: "Will Rome open with a Campaign card (H27)?", opening_legal,
                  lambda st, a: answer_opening(st, a == st.notation.SIMPLE["open with campaign"]), hides_legal=True),
    Id.FIRST: P("first player", base.fixed(CARTHAGE), lambda st: "Carthage chooses who plays first (H27).",
                base.words("rome first", "carthage first"),
                lambda st, a: choose_first(st, ROME if a == st.notation.SIMPLE["rome first"] else CARTHAGE)),
    Id.PLAY: P("card play", base.seat,
               lambda st: f"{base.side_word(st)} plays a card: OPs, event or discard (H29).", play_legal, play,
               hides_legal=True),
    Id.OPS: P("operations", base.seat, lambda st: f"{base.side_word(st)} uses {_ops(ops_value(st))} (H30-H32).",
              ops_legal, use_ops),
    Id.PLACE_PC: P("political control", base.seat,
                   lambda st: f"{base.side_word(st)} places a PC ({st.stack[-1][2]} left; H31).",
                   base.spaces("pc", lambda s: pc_spaces(s, s.stack[-1][1]), ("done",)), place_pc),
}
