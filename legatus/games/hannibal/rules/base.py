"""What every part of the rules shares: the makings of the chapters' table entries (who decides,
the die, the steps), control of spaces and provinces (H3, H102), commanders and rank (H37, H38),
losses (H84) and the end of the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, roll, step
from legatus.core.tuples import put

from ..ids import BATTLE_STEPS, Id
from ..notation import CARTHAGE, ROME, SIDES

if TYPE_CHECKING:
    from ..map import HannibalMap
    from ..state import HannibalState


NONE, NEUTRAL = -1, 2  # ctrl[] besides ROME and CARTHAGE
OFF, DEAD, LATER, AWAY = -1, -2, -3, -4  # gen_at[] when not on the map
TRUCE = 64  # the card whose use, however made, reshuffles the deck at the end of the turn (H26)
ITALY6 = ("Gallia Cisalpinia", "Etruria", "Samnium", "Campania", "Apulia", "Lucania")  # H110


def other(side: int) -> int:
    return 1 - side


def country_of(st: HannibalState, space: int) -> str:
    board = st.board
    return board.country[board.province[space]]


@cache
def _markers_of(board: HannibalMap) -> tuple[Callable[[Sequence[int]], Sequence[int]], ...]:
    """Per province, what reads the markers of its spaces at once, in C (a one-space province's
    as a slice of one)."""
    return tuple(itemgetter(*spaces) if len(spaces) > 1 else itemgetter(slice(spaces[0], spaces[0] + 1))
                 for spaces in board.province_spaces)


def province_controller(st: HannibalState, province: int) -> int:
    """H102: the side controlling a strict majority of the province's spaces, else NONE."""
    board = st.board
    need = board.control[province]
    owners = _markers_of(board)[province](st.ctrl)  # read and counted in C, side by side
    for side in (ROME, CARTHAGE):
        if owners.count(side) >= need:
            return side
    return NONE


def points(st: HannibalState, side: int) -> int:
    """H108: victory provinces controlled."""
    board = st.board
    return sum(1 for p in range(len(board.province_names)) if board.victory[p] and province_controller(st, p) == side)


def is_plain(st: HannibalState, space: int) -> bool:
    """A space whose marker is an ordinary PC (never a walled city or a standing tribe, H93)."""
    kind = st.board.kind[space]
    return kind == "pc" or (kind == "tribe" and not st.tribal[space])


def is_walled(st: HannibalState, space: int) -> bool:
    return st.board.kind[space] == "walled"


def hostile_tribe(st: HannibalState, space: int, side: int) -> bool:
    """H101: a standing tribe that is not the side's own (neutral ones are hostile to both)."""
    return st.tribal[space] and st.ctrl[space] != side


def generals_at(st: HannibalState, space: int, side: int, everywhere: bool = False) -> list[int]:
    """The side's Generals in ``space`` outside the walls (H51: those inside take no part in
    what happens outside), or ``everywhere`` in it."""
    sides, g_in, gen_at = st.game.general_side, st.g_in, st.gen_at
    out = []
    g = -1
    for _ in range(gen_at.count(space)):  # the Generals there found in C, in order
        g = gen_at.index(space, g + 1)
        if sides[g] == side and (everywhere or g_in[g] != space):
            out.append(g)
    return out


def is_inside(st: HannibalState, g: int) -> bool:
    return st.g_in[g] == st.gen_at[g] >= 0


def rank(st: HannibalState, g: int) -> int:
    """H38: Hannibal outranks all; consuls outrank Proconsuls and everyone else."""
    if st.game.outranks_all[g]:
        return 2
    return 1 if st.consul[g] else 0


def commander(st: HannibalState, space: int, side: int, everywhere: bool = False) -> int:
    """The General commanding the side's units outside the walls of ``space`` (or ``everywhere``
    in it) (H37, H38, H42: the last to arrive commands among equals), or -1."""
    best, key = -1, (-1, -1)
    for g in generals_at(st, space, side, everywhere):
        k = (rank(st, g), st.stamp[g])
        if k > key:
            best, key = g, k
    return best


def battle_rating(st: HannibalState, g: int) -> int:
    return 0 if g < 0 else st.game.generals[g].battle


def ability(st: HannibalState, g: int, key: str, default: int = 0) -> int:
    if g < 0:
        return default
    value = st.game.abilities[g].get(key, default)
    return int(value)


def strategy_rating(st: HannibalState, g: int) -> int:
    """H30, H121: P. Scipio's SR is 2 while he stands in Spain."""
    rating = st.game.generals[g].strategy
    spain = ability(st, g, "strategy_in_spain")
    if spain and country_of(st, st.gen_at[g]) == "Spain":
        rating = min(rating, spain)
    return rating


def lose_cus(st: HannibalState, side: int, space: int, n: int, elephant: bool = False,
             elephants_first: bool = False, force: tuple[int, int] | None = None) -> int:
    """Removes up to ``n`` CUs of ``side`` in ``space``; returns how many went. Carthage keeps
    its elephants unless one must go (an "e" result, or the Retreat Table's first loss, H84).
    ``force``: the CUs and elephants of the part of the stack that loses them (a moving army,
    H4: its own elephants, not those standing where it is), else the whole stack outside."""
    n = min(n, st.cu[side][space])
    if n <= 0:
        return 0
    if side == CARTHAGE:
        size, eleph = force or (st.cu[side][space], st.eleph[space])
        forced = 1 if (elephant or elephants_first) and eleph else 0
        from_regular = min(n - forced, size - eleph)
        st.eleph[space] -= n - from_regular
    st.cu[side][space] -= n
    return n


def train_at(st: HannibalState, side: int, space: int) -> int:
    """1 where the siege train stands outside the walls of ``space`` with its Carthaginian General,
    else 0: it counts as a CU for everything but battle (H133)."""
    g = st.siege_train
    return int(side == CARTHAGE and g >= 0 and st.gen_at[g] == space and st.g_in[g] != space)


def train_space(st: HannibalState, side: int) -> int:
    """Where the side's siege train counts as a CU (see :func:`train_at`), else -1: a loop over the
    spaces reads ``cu[side][s] + (s == train)`` for :func:`cus`."""
    g = st.siege_train
    if g < 0 or side != CARTHAGE or st.g_in[g] == st.gen_at[g]:
        return -1
    return st.gen_at[g]


def cus(st: HannibalState, side: int, space: int) -> int:
    """The side's CUs outside the walls of ``space`` and the siege train there (H133): what
    sieges, overruns, isolation, PC placement, events and attrition count (never a battle)."""
    g = st.siege_train  # train_at inlined: a hot path (every space of many legal lists)
    if g < 0 or side != CARTHAGE:
        return st.cu[side][space]
    return st.cu[side][space] + (st.gen_at[g] == space and st.g_in[g] != space)


def moving_train(st: HannibalState) -> int:
    """1 if the siege train goes with the moving army (its commander or a subordinate), else 0."""
    return int(st.siege_train >= 0 and (st.siege_train == st.m_gen or st.siege_train in st.m_group))


def attrition(st: HannibalState, side: int, space: int, roll: int, n: int, train: int, column: int = 0,
              elephants: int = -1) -> int:
    """H105-H107: a force of ``n`` CUs in ``space`` (``elephants`` of them: a moving army's, else
    the stack's) and the siege train if ``train`` rolls ``roll`` on the Attrition Table, on
    ``column`` or its size; the train counts as a CU there and is the last lost (H133). Returns
    the CUs lost besides the train."""
    tables = st.game.tables
    size = column or n + train
    loss = tables.attrition_loss(roll, size)
    lost = lose_cus(st, side, space, min(loss, n), elephant=tables.attrition_elephant(roll, size),
                    force=(n, elephants) if elephants >= 0 else None)
    if train and loss > lost:
        st.siege_train = -1
    return lost


def army_attrition(st: HannibalState, roll: int, column: int = 0, train: bool = True) -> None:
    """The moving army rolls on the Attrition Table (a pass H49, #7/#8, #60 at sea): it loses
    its own CUs, its elephants as H84 says."""
    here = st.gen_at[st.m_gen]
    before = st.eleph[here]
    st.m_left -= attrition(st, st.m_side, here, roll, st.m_left, moving_train(st) if train else 0, column,
                           st.m_eleph if st.m_side == CARTHAGE else -1)
    st.m_eleph -= before - st.eleph[here]


def move_cus(st: HannibalState, side: int, src: int, dst: int, n: int, elephants: int = -1) -> None:
    """Moves ``n`` CUs, ``elephants`` of them (-1: as many as there are, for a whole stack or a
    plain split: elephants go with an army first, H4, H46 and docs/hannibal/rulings.md)."""
    st.cu[side][src] -= n
    st.cu[side][dst] += n
    if side == CARTHAGE and st.eleph[src]:
        e = min(st.eleph[src], n) if elephants < 0 else elephants
        st.eleph[src] -= e
        st.eleph[dst] += e


def finish(st: HannibalState, winner: int, reason: str) -> None:
    """The game is over (H110-H112)."""
    st.winner = winner
    st.reason = reason
    st.stop()


def own_plain_pcs(st: HannibalState, side: int) -> list[int]:
    """The side's PCs that a forced removal may take (never walled cities or tribes, H91)."""
    return [s for s, c in enumerate(st.ctrl) if c == side and is_plain(st, s)]


def set_control(st: HannibalState, space: int, side: int) -> None:
    """A PC of ``side`` (or none) on ``space``; a subjugated tribe is a plain space from then on.
    A walled city that changes hands loses the units inside: its CUs are eliminated and its
    Generals displaced (H96, #18, #25, #26)."""
    old = st.ctrl[space]
    if old != side and old in (ROME, CARTHAGE):
        st.inner[space] = 0
        if st.ein[space]:
            st.ein = put(st.ein, space, 0)
        for g in generals_at(st, space, old, everywhere=True):
            if is_inside(st, g):
                displace(st, g)
    st.ctrl[space] = side
    check_capitals(st)


def check_capitals(st: HannibalState) -> None:
    """H110: control of Rome or Carthage by the enemy ends the game at once."""
    if not st.stack:
        return
    g = st.game
    if st.ctrl[g.rome_space] == CARTHAGE:
        finish(st, CARTHAGE, "sudden death: Carthage controls Rome")
    elif st.ctrl[g.carthage_space] == ROME:
        finish(st, ROME, "sudden death: Rome controls Carthage")


def clear_move(st: HannibalState) -> None:
    st.m_side = st.m_gen = st.m_card = st.m_from = -1
    st.m_mode = st.m_mp = st.m_phase = st.m_limit = st.m_sea_used = st.m_left = st.m_eleph = st.m_bonus = 0
    st.m_weather = st.m_pending = 0
    st.m_intercepted = st.m_avoided = st.m_fought = st.m_all = False
    st.m_sailed = -1
    st.b_penalty = 0
    st.path = []
    st.tried = []
    st.m_group = []


def clear_battle(st: HannibalState) -> None:
    st.b_space = st.b_att = st.b_orig = st.b_from = st.b_card = st.b_win = st.b_win_card = -1
    st.b_rounds = st.b_penalty = st.b_bonus = 0
    st.bbegan, st.blost, st.bcut, st.bdesert = [0, 0], [0, 0], [0, 0], [0, 0]
    st.bshown = [[0] * 6, [0] * 6]
    st.bknown = [[0] * 6, [0] * 6]
    st.bdealt = [0, 0]
    st.b_spy = -1
    st.b_withdrew = st.b_sea = st.b_probe = st.b_marharbal = False
    st.b_sortie = 0


def tidy(st: HannibalState) -> None:
    """After every action: siege points go the moment no besieging CU is left (H98); a General
    who left his city is outside (``g_in`` names a city only while he stands in it)."""
    spts = st.spts
    if any(spts):  # most positions have no siege: any() in C, not a loop over the sites
        for s in st.game.siege_sites:
            if spts[s] and cus(st, st.sby[s], s) == 0:
                spts[s] = 0
                st.sby[s] = NONE
    g_in, gen_at = st.g_in, st.gen_at
    if max(g_in) < 0:  # no General inside a city: the common case, after every action
        return
    for g, at in enumerate(g_in):
        if at >= 0 and gen_at[g] != at:
            g_in[g] = -1


def discard(st: HannibalState, card: int) -> None:
    """``card`` goes to the discard pile, whichever rule puts it there: the Truce marks the deck
    for a reshuffle at the end of the turn (H26, H36, and H26's ruling on a discard at random)."""
    st.discard.append(card)
    if card == TRUCE:
        st.truce_played = True


def play_counter(st: HannibalState, side: int, card: int) -> None:
    """H34: a counter event is not a play: the card leaves the hand for the discard pile."""
    st.hands[side].remove(card)
    if card in st.known[side]:
        st.known[side].remove(card)
    discard(st, card)


def demand_pcs(st: HannibalState, side: int, n: int) -> None:
    """``side`` removes ``n`` of its plain PCs, chosen one by one; if it has too few it sues for
    peace and loses at once (H92, H112)."""
    if n <= 0:
        return
    if len(own_plain_pcs(st, side)) < n:
        finish(st, other(side), f"{('rome', 'carthage')[side]} sues for peace")
        return
    st.call(Id.REMOVE_PC, side, n)


def remove_pc(st: HannibalState, space: int) -> None:
    _, side, n = st.stack[-1]
    st.ctrl[space] = NONE
    if n > 1:
        st.goto(Id.REMOVE_PC, side, n - 1)
    else:
        st.end()


def displace(st: HannibalState, g: int) -> None:
    """H43: a displaced General leaves the map: Scipio Africanus and Hannibal for good (Hannibal
    costs Carthage 5 PCs, paid after the play), a Carthaginian until the next Reinforcement
    Phase, a Roman back to the consul pool."""
    game = st.game
    st.g_in[g] = -1
    if st.siege_train == g:
        st.siege_train = -1
    if st.proconsul == g:
        st.proconsul = -1
    st.consul[g] = False
    if ability(st, g, "eliminated_if_displaced"):
        st.gen_at[g] = DEAD
        st.debt += ability(st, g, "pcs_lost_if_displaced")
    elif game.general_side[g] == CARTHAGE:
        st.gen_at[g] = AWAY
    else:
        st.gen_at[g] = OFF


# --- The makings of the table's entries (each chapter declares its own) ------------------------
Entries = dict[int, Procedure["HannibalState"]]
"""A chapter's entries of the table, by procedure id (joined in :mod:`..procedures`)."""


def seat(st: HannibalState) -> int:
    """Who decides: the side the running procedure's frame names."""
    return st.stack[-1][1]


def fixed(side: int) -> Callable[[HannibalState], int]:
    return lambda st: side


def side_word(st: HannibalState) -> str:
    return SIDES[st.stack[-1][1]].capitalize()


def words(*names: str) -> Callable[[HannibalState], tuple[int, ...]]:
    """The legal actions: these simple words."""
    return lambda st: tuple(sorted(st.notation.SIMPLE[w] for w in names))


def spaces(verb: str, where: Callable[[HannibalState], list[int]],
           extra: tuple[str, ...] = ()) -> Callable[[HannibalState], tuple[int, ...]]:
    """The legal actions: ``verb`` each space of ``where``, and the simple words of ``extra``."""
    def legal(st: HannibalState) -> tuple[int, ...]:
        first = st.notation.SPACE[verb]
        return tuple(sorted([first + s for s in where(st)] + [st.notation.SIMPLE[w] for w in extra]))
    return legal


def die(purpose: str, resolve: Callable[..., None]) -> Procedure[HannibalState]:
    """A die rolled for ``purpose`` (one procedure a purpose): ``resolve(st, die, *args)`` gets the
    face and the frame's arguments."""
    return roll("roll", lambda st: f"Roll a die for {purpose}.", _faces,
                lambda st, a: resolve(st, a - st.notation.ROLL + 1, *st.stack[-1][1:]))


def _faces(st: HannibalState) -> tuple[int, ...]:
    return tuple(range(st.notation.ROLL, st.notation.ROLL + 6))


def auto(name: str, run: Callable[[HannibalState], None]) -> Procedure[HannibalState]:
    """A step that needs no decision (the core's ``step``); it also goes on at once when what it
    called ends, inside the handler that ended it, since the handlers expect what follows their
    ``end()`` to see the game moved on (a retreat inside the walls, then the rest retreating)."""
    return replace(step(name, run), resume=_go_on)


def _go_on(st: HannibalState) -> None:
    st.settle()


_REMOVAL_PROMPTS = {"battle": "The battle lost: {removes} (H91).", "hannibal": "Hannibal eliminated: {removes} (H43).",
                    "victory check": "Victory Check: Rome {rome} political points, Carthage {carthage} — "
                                     "{removes} (H109)."}


def _remove_pc_prompt(st: HannibalState) -> str:
    """The cause first, then how many PCs are still to go."""
    n = st.stack[-1][2]
    return _REMOVAL_PROMPTS[pc_removal_cause(st)].format(
        removes=f"{side_word(st)} removes {n} PC{'s' if n > 1 else ''}", rome=points(st, ROME),
        carthage=points(st, CARTHAGE))


def pc_removal_cause(st: HannibalState) -> str:
    """Why the side to move removes PCs: "battle" (a battle lost, H91), "hannibal" (Hannibal
    eliminated, H43) or "victory check" (fewer political points, H109)."""
    if any(frame[0] in BATTLE_STEPS for frame in st.stack):
        return "battle"
    return "hannibal" if st.stack and st.stack[0][0] == Id.S_PLAY else "victory check"


PROCEDURES: Entries = {
    Id.REMOVE_PC: Procedure("PC removal", seat, _remove_pc_prompt,
                            spaces("remove pc", lambda s: own_plain_pcs(s, s.stack[-1][1])),
                            lambda st, a: remove_pc(st, a - st.notation.SPACE["remove pc"])),
}
