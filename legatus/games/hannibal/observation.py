"""A Hannibal position as one seat sees it: a fixed-size vector of numbers in [0, 1], for game-AI
libraries (OpenSpiel's observation tensor, PettingZoo's and Gymnasium's observations).

It holds what ``state.view(seat)`` holds and no more (docs/hannibal/observation.md): the map,
the Generals, the cards face up, the seat's own strategy and battle hands, and of the other
seat's hands only their sizes and the strategy cards the seat has seen there (#55). The battle
deck goes in as a count only: its composition, with the seat's own hand and the cards played,
would give away the other seat's battle hand.

>>> import legatus
>>> game = legatus.load("hannibal")
>>> len(game.observation_tensor(game.new_initial_state(), 0)) == game.observation_size()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ids import DICE, Id
from .notation import CARTHAGE, KINDS, ROME
from .position import NUMBERED
from .rules import base

if TYPE_CHECKING:
    from .game import HannibalGame
    from .state import HannibalState

# control, tribe, CUs a side, elephants, CUs and elephants inside the walls, siege points, besieger, battle
PER_SPACE = 3 + 1 + 2 + 1 + 2 + 1 + 2 + 1
OFF_MAP = (base.OFF, base.DEAD, base.LATER, base.AWAY)
PER_GENERAL_EXTRA = len(OFF_MAP) + 3  # where off the map, consul, proconsul, inside the walls
PER_CARD = 4  # in my hand, seen in the other's hand, discarded, removed
KIND_BLOCKS = 4  # my battle hand, played this battle, face up (each side)
SCALARS = 2 + 4 + 2 + 3 + 4 + 2 + 2 + 1  # see ``tensor``: hand sizes to the battle's rounds
CUS = 20.0  # CUs of a side in a space (more read as 1)
HAND = 10.0  # cards in a hand
TURNS = 9
# where the game waits, one-hot as version 4 numbers it (the turn's and the battle's places stay 0)
_PLACE: dict[int, int] = {p: i for i, p in enumerate(NUMBERED) if isinstance(p, Id)}
_PLACE.update(dict.fromkeys(DICE, NUMBERED.index("roll")))


def size(game: HannibalGame) -> int:
    spaces, generals, cards = game.board.n_spaces, len(game.generals), len(game.cards.strategy)
    return (spaces * PER_SPACE + generals * (spaces + PER_GENERAL_EXTRA) + cards * PER_CARD
            + KIND_BLOCKS * len(KINDS) + SCALARS + len(NUMBERED) + 4)


def _part(count: float, whole: float) -> float:
    return min(1.0, count / whole)


def tensor(st: HannibalState, seat: int | None) -> list[float]:
    """``st`` as ``seat`` sees it (``None``: a spectator, who sees no hand)."""
    game, board = st.game, st.board
    n = board.n_spaces
    out: list[float] = []
    for s in range(n):
        control = st.ctrl[s]
        out += [float(control == ROME), float(control == CARTHAGE), float(control == base.NEUTRAL),
                float(st.tribal[s]), _part(st.cu[0][s], CUS), _part(st.cu[1][s], CUS), _part(st.eleph[s], CUS),
                _part(st.inner[s], CUS), _part(st.ein[s], CUS), _part(st.spts[s], 3),
                float(st.spts[s] > 0 and st.sby[s] == ROME), float(st.spts[s] > 0 and st.sby[s] == CARTHAGE),
                float(st.b_space == s)]
    for g in range(len(game.generals)):
        at = st.gen_at[g]
        where = [0.0] * n
        if at >= 0:
            where[at] = 1.0
        out += where
        out += [float(at == off) for off in OFF_MAP]
        out += [float(st.consul[g]), float(st.proconsul == g), float(base.is_inside(st, g))]
    mine = set(st.hands[seat]) if seat is not None else set()
    seen = set(st.known[1 - seat]) if seat is not None else set()
    discard, removed = set(st.discard), set(st.removed)
    for c in range(1, len(game.cards.strategy) + 1):
        out += [float(c in mine), float(c in seen), float(c in discard), float(c in removed)]
    own_battle = st.bhand[seat] if seat is not None else [0] * len(KINDS)
    out += [_part(k, HAND) for k in own_battle]
    out += [_part(k, HAND) for k in st.bplayed]
    for shown in st.bshown:
        out += [_part(k, HAND) for k in shown]
    strategy = len(game.cards.strategy)
    out += [_part(len(h), HAND) for h in st.hands]
    battle_cards = sum(game.cards.battle_counts)
    out += [_part(len(st.deck), strategy), _part(len(st.discard), strategy), _part(sum(st.bdeck), battle_cards),
            st.turn / TURNS]
    victory = sum(board.victory)
    out += [_part(base.points(st, 0), victory), _part(base.points(st, 1), victory)]
    out += [float(st.macedonia == m) for m in range(3)]
    out += [float(st.truce), float(st.naval_victory), float(st.siege_train >= 0), float(st.debt > 0)]
    out += [_part(sum(h), HAND) for h in st.bhand]  # battle hand sizes are public
    out += [float(st.b_space >= 0 and st.b_att == side) for side in (ROME, CARTHAGE)]
    out += [_part(st.b_rounds, HAND)]
    place = _PLACE[st.stack[-1][0]] if st.stack else -1
    out += [float(place == p) for p in range(len(NUMBERED))]
    player = st.current_player()
    out += [float(seat == side) for side in (0, 1)]
    out += [float(player == side) for side in (0, 1)]
    return out
