"""Setup (H9-H13): the starting control, armies and decks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ids import Id
from ..notation import CARTHAGE, ROME, SIDES
from . import base, campaign
from .base import LATER, NEUTRAL, NONE, OFF

if TYPE_CHECKING:
    from ..state import HannibalState

START = {"rome": ROME, "carthage": CARTHAGE, "neutral": NEUTRAL, "none": NONE}


def begin(st: HannibalState) -> None:
    """H10-H13: Roman and Carthaginian armies, PCs, walled cities and tribes as printed; all CUs
    start outside the walls (H12's ruling); both decks shuffled (lazily: each deal is a draw)."""
    g, board = st.game, st.board
    n = board.n_spaces
    st.ctrl = [START[board.start[s]] for s in range(n)]
    st.tribal = tuple(board.kind[s] == "tribe" for s in range(n))
    st.cu = [[0] * n, [0] * n]
    st.eleph = [0] * n
    st.inner = [0] * n
    st.ein = (0,) * n
    st.spts = [0] * n
    st.sby = [NONE] * n
    st.gen_at = [LATER if gen.arrives > 1 else OFF for gen in g.generals]
    st.g_in = [-1] * len(g.generals)
    st.consul = [False] * len(g.generals)
    st.stamp = [0] * len(g.generals)
    st.stamp_next = 1
    for army in board.setup:
        side = SIDES.index(army.side)
        st.cu[side][army.space] += army.cus
        if side == CARTHAGE:
            st.eleph[army.space] += army.elephants
        for i, name in enumerate(army.generals):
            gi = g.general_index[name]
            st.gen_at[gi] = army.space
            st.stamp[gi] = 0 if i else st.stamp_next  # the first named commands (H11)
            st.stamp_next += 1
            st.consul[gi] = g.generals[gi].start_consul
    st.proconsul = -1
    st.deck = list(range(1, 65))
    st.discard, st.removed = [], []
    st.hands = [[], []]
    st.known = [[], []]  # cards of each hand the other seat has seen (taken by #55)
    st.bdeck = list(g.cards.battle_counts)
    st.bhand = [[0] * 6, [0] * 6]
    st.bplayed = [0] * 6  # battle cards played face up in this battle
    st.turn, st.to_play = 1, ROME
    st.truce = st.truce_played = st.naval_victory = False
    st.macedonia = 0
    st.hanno_counsel = st.cato_counsel = 0
    st.siege_train = -1
    st.winner, st.reason = -1, ""
    st.path, st.tried, st.sieged, st.moved_gens, st.failed = [], [], [], [], []
    campaign.clear(st)
    st.m_group = []
    st.debt = st.c_sea = 0
    st.queue = ()
    base.clear_move(st)
    base.clear_battle(st)
    st.call(Id.S_START)
    st.settle()
