"""What must hold after every action (``game.invariants``): the components are all in one
place (64 strategy cards, 48 battle cards, 14 Generals, at most 4 elephants), counts are never
negative, hands fit the turn, markers stand where they may, one commander a side a space."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ids import Id
from .notation import CARTHAGE, ROME
from .rules import base

if TYPE_CHECKING:
    from .state import HannibalState


def violations(st: HannibalState) -> list[str]:
    out: list[str] = []
    board, game = st.board, st.game
    cards = sorted([*st.deck, *st.discard, *st.removed, *st.hands[0], *st.hands[1]])
    if cards != list(range(1, 65)):
        out.append(f"the 64 strategy cards are not each in one place: {cards}")
    limit = game.tables.turn_cards[min(st.turn, 9) - 1] + 1  # +1: a card taken by #55
    for seat in (ROME, CARTHAGE):
        if len(st.hands[seat]) > limit:
            out.append(f"hand {seat} holds {len(st.hands[seat])} cards, more than {limit}")
        if not set(st.known[seat]) <= set(st.hands[seat]):
            out.append(f"hand {seat}: known cards {st.known[seat]} are not all in it")
    for k in range(6):
        held = (st.bdeck[k], st.bhand[0][k], st.bhand[1][k], st.bplayed[k])
        if sum(held) != game.cards.battle_counts[k] or min(held) < 0:
            out.append(f"battle cards of kind {k} do not add up")
    for side in (ROME, CARTHAGE):
        if any(not 0 <= st.bshown[side][k] <= st.bhand[side][k] for k in range(6)):
            out.append(f"side {side}: more battle cards face up than in hand")
        if any(not 0 <= st.bknown[side][k] <= st.bhand[side][k] for k in range(6)):
            out.append(f"side {side}: more battle cards known to the other seat than in hand")
        if min(st.cu[side]) < 0:
            out.append(f"negative CUs for side {side}")
    elephants = sum(st.eleph) + sum(st.ein)
    if elephants > game.tables.elephants or min(st.eleph) < 0 or min(st.ein) < 0:
        out.append(f"{elephants} elephants (at most {game.tables.elephants})")
    win = game.tables.siege_rules["points_to_win"]
    carthage = st.cu[CARTHAGE]
    # one pass over plain lists: this runs after every fuzzed action
    for s, (eleph, ein, inner, capacity, tribal, ctrl, kind, spts) in enumerate(
        zip(st.eleph, st.ein, st.inner, board.capacity, st.tribal, st.ctrl, board.kind, st.spts, strict=True)
    ):
        if eleph > carthage[s]:
            out.append(f"{board.names[s]}: more elephants than Carthaginian CUs")
        if not 0 <= ein <= inner <= capacity:
            out.append(f"{board.names[s]}: {inner} CUs inside ({ein} elephants), capacity {capacity} (H51)")
        if ein and ctrl != CARTHAGE:
            out.append(f"{board.names[s]}: elephants inside a city Carthage does not own")
        if tribal and kind != "tribe":
            out.append(f"{board.names[s]}: a tribe marker on a space without a tribe")
        if ctrl == base.NEUTRAL and not tribal:
            out.append(f"{board.names[s]}: neutral control without a standing tribe")
        if kind == "walled" and ctrl not in (ROME, CARTHAGE):
            out.append(f"{board.names[s]}: a walled city without an owner")
        if spts and not 0 < spts < win:
            out.append(f"{board.names[s]}: {spts} siege points")
        if spts and not base.cus(st, st.sby[s], s):  # the siege train keeps a siege (H133)
            out.append(f"{board.names[s]}: siege points with no besieger")
    for i, at in enumerate(st.gen_at):
        if at >= board.n_spaces or at < base.AWAY:
            out.append(f"general {i} stands nowhere ({at})")
        if base.is_inside(st, i) and (not base.is_walled(st, at) or st.ctrl[at] != game.general_side[i]):
            out.append(f"general {game.generals[i].name} is inside walls his side does not own")
        if st.consul[i] and (game.general_side[i] != ROME or at < 0):
            out.append(f"general {game.generals[i].name} is a consul off the map or not Roman")
    if sum(st.consul) > 2:
        out.append(f"{sum(st.consul)} consuls")
    if st.siege_train >= 0 and st.gen_at[st.siege_train] < 0:
        out.append("the siege train is with a General off the map")
    out += _moving_elephants(st)
    if st.stack and st.winner >= 0:
        out.append("a winner while the game goes on")
    return out


def _moving_elephants(st: HannibalState) -> list[str]:
    """H4: a moving Carthaginian army's elephants are among its CUs and among those where it
    stands, and its regular CUs among the regular ones there (until a battle ends its move)."""
    if st.m_side != CARTHAGE or st.m_fought or st.m_gen < 0 or not any(f[0] == Id.MOVE for f in st.stack):
        return []
    here = st.gen_at[st.m_gen]
    if here < 0:
        return []
    regular = st.cu[CARTHAGE][here] - st.eleph[here]
    if not 0 <= st.m_eleph <= min(st.m_left, st.eleph[here]) or st.m_left - st.m_eleph > regular:
        return [f"the moving army: {st.m_left} CUs, {st.m_eleph} elephants, where {st.cu[CARTHAGE][here]} CUs "
                f"stand ({st.eleph[here]} elephants)"]
    return []
