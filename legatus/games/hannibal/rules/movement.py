"""Command and movement (H37-H61): activating a General with his CUs, land moves through
passes and straits, naval moves with the Naval Combat Table, overruns, and the end of a move
(Hanno's ability, sieges). Reactions of the non-active player are in :mod:`.reactions`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure

from ..ids import Id
from ..map import ALPS_PASS
from ..notation import CARTHAGE, ROME
from . import base, battle, campaign, reactions, sieges, splits, walls
from .base import ability, country_of, generals_at, is_inside, lose_cus, move_cus, other
from .splits import Choices, span

if TYPE_CHECKING:
    from ..state import HannibalState

MODE_OPS, MODE_CAMPAIGN, MODE_FORCE = 1, 2, 3
PH_IDLE, PH_ENTER, PH_REACTED, PH_END, PH_NAVAL, PH_WEATHER = range(6)
BASE_MP, LONG_MP = 4, 6  # H45: a move's MP; on a Force March, or Nero's on a Campaign event
WEATHER_MP = 2  # #41 Bad Weather: the General's move stops before it spends a 3rd MP (H133)
DECLARED = -3  # in st.tried: the non-active player declared his units inside or outside (H62 step 1)
REGROUPED = -4  # in st.tried: CUs were dropped off or picked up here (once a space: no endless shuffling)
LEFT_HERE = -10  # in st.tried, LEFT_HERE - x: General x was dropped off here and may not rejoin here
SIDE = ("rome", "carthage")


def activatable(st: HannibalState, side: int) -> list[int]:
    """Generals on the map who may be activated: a consul leaving a two-consul army needs 10 CUs
    there, unless the other consul may march with him (H39, H42)."""
    return list(_activatable(st, side))


def can_activate(st: HannibalState, side: int) -> bool:
    """Whether one General may be activated (:func:`activatable`), found without the others."""
    return next(_activatable(st, side), -1) >= 0


def _activatable(st: HannibalState, side: int) -> Iterator[int]:
    g = st.game
    for gi, at in enumerate(st.gen_at):
        if at < 0 or g.general_side[gi] != side or gi in st.moved_gens or st.g_used[gi] >= campaign.USED_UP:
            continue
        if st.consul[gi] and _consuls_kept(st, gi, at, _may_join_any) and walls.total(st, side, at) < 10:
            continue
        if is_inside(st, gi) and st.cu[other(side)][at] and not st.inner[at]:
            continue  # H47: alone, he may not come out among the besiegers
        yield gi


def activate(st: HannibalState, side: int, g: int, card: int, mode: int) -> None:
    """H46 step 1: the General and (next) his CUs."""
    base.clear_move(st)
    st.m_side, st.m_gen, st.m_card, st.m_mode = side, g, card, mode
    info = st.game.cards.strategy[card - 1]
    st.m_mp = allowance(st)
    rules = st.game.tables.naval_rules
    if mode == MODE_CAMPAIGN:
        st.m_limit = rules["campaign_cus"] if not st.c_sea else -1
    elif info.ship:
        st.m_limit = rules["ops_cus"]
    else:
        st.m_limit = -1  # no sea move
    if side == ROME and st.naval_victory and mode != MODE_CAMPAIGN:
        st.m_limit = -1  # #29: Rome sails only on a Campaign card
    st.m_bonus = card if mode == MODE_OPS and info.kind == "op_bonus" and info.side in ("either", SIDE[side]) else 0
    st.moved_gens.append(g)
    st.m_used = [0] * campaign.SLOTS


def allowance(st: HannibalState) -> int:
    """H45: 4 MP; 6 on a Force March, and for Nero on a Campaign event (H122)."""
    if st.m_mode == MODE_FORCE or st.m_mode == MODE_CAMPAIGN and ability(st, st.m_gen, "campaign_moves"):
        return LONG_MP
    return BASE_MP


def _consuls_kept(st: HannibalState, g: int, at: int, joins: Callable[[HannibalState, int], bool]) -> bool:
    """H39, H42: whether a consul at ``at`` must stay when ``g`` leaves: one who may not join him
    (he outranks ``g``, or ``joins`` says no, or they are inside the walls, where the mover comes
    out alone). One who may join is picked up at the start or keeps his 5 CUs there
    (:func:`_stranded`)."""
    return any(st.consul[x] and (is_inside(st, x) or not joins(st, x) or base.rank(st, x) > base.rank(st, g))
               for x in generals_at(st, at, st.game.general_side[g], everywhere=True) if x != g)


def _may_join_any(st: HannibalState, x: int) -> bool:
    """Before the activation, whatever the card: one who may join any mover (:func:`_may_join`)."""
    return x not in st.moved_gens and st.g_used[x] < BASE_MP


def _stranded(st: HannibalState, here: int) -> bool:
    """H39: at the start of the move, a consul left behind with fewer than 5 CUs: the army must
    pick him up (or stop) before it steps out, so that the two consuls march together with up
    to 10 CUs whichever of them is activated, in any order of take and pick up."""
    side = st.m_side
    return len(st.path) == 1 and walls.total(st, side, here) - st.m_left < 5 and any(
        st.consul[x] for x in generals_at(st, here, side, everywhere=True) if x != st.m_gen and x not in st.m_group)


def take_range(st: HannibalState) -> tuple[int, int]:
    """H45, H39: up to 10 CUs; a consul takes at least 5 when he can, and a consul who must stay
    keeps 5 (H41); on a Campaign, only CUs with MP left (H52)."""
    g, side = st.m_gen, st.m_side
    at = st.gen_at[g]
    cus = walls.total(st, side, at)  # H51 (a): CUs inside come out as part of a move
    fresh = campaign.free(st, at, cus, allowance(st)) if st.m_mode == MODE_CAMPAIGN else cus
    hi = max(0, min(10, fresh))
    if _consuls_kept(st, g, at, _may_join):
        hi = min(hi, max(0, cus - 5))
    lo = min(5, hi) if st.consul[g] else 0
    if is_inside(st, g) and st.cu[other(side)][at]:
        lo = max(lo, min(1, st.inner[at], hi))  # H100: out among the besiegers, with CUs
    return lo, hi


def take_choices(st: HannibalState, kind: str, n: int) -> Choices:
    """H4, H46: how many elephants may be among the ``n`` CUs that go, those inside the walls
    too (:func:`walls.leaving`)."""
    g = st.m_gen
    return walls.leaving(st, st.m_side, st.gen_at[g], n, True, is_inside(st, g))


def take(st: HannibalState, action: int) -> None:
    """The army leaves the walls with the CUs it needs (a General inside takes the CUs inside
    first), as many elephants among them as Carthage says (H4). Out of a besieged city it meets
    the besiegers at once: a sortie (H100)."""
    g, side = st.m_gen, st.m_side
    at = st.gen_at[g]
    was_in = is_inside(st, g)
    _, n, elephants = splits.split(st, action, take_choices)
    if was_in and not n and st.cu[other(side)][at]:
        st.goto(Id.MOVE, side)  # H47: alone, he stays inside the besieged walls
        end_move(st)
        return
    out, out_elephants = walls.coming_out(st, side, at, n, elephants, was_in)
    walls.shift_inside(st, side, at, -out, -out_elephants)
    st.g_in[g] = -1
    if st.m_mode == MODE_CAMPAIGN:
        campaign.board(st, at, walls.total(st, side, at), n)
    st.m_left, st.m_eleph = n, elephants
    st.path = [at]
    st.goto(Id.MOVE, side)
    if (was_in or out) and st.cu[other(side)][at]:
        st.b_sortie = out
        fight(st)


def may_enter(st: HannibalState, here: int, there: int) -> bool:
    """H47, H53, H54, #57/#58: where the moving General may step."""
    side, g, generals = st.m_side, st.m_gen, st.game.generals
    enemy = 1 - side  # a hot path (every step's every neighbour): other() inlined
    if st.m_group or generals[g].restricted_to:  # most moves: one unrestricted General
        for x in (g, *st.m_group):
            restricted = generals[x].restricted_to
            if restricted and country_of(st, there) != restricted:
                return False
    theirs = st.cu[enemy][there]
    if st.m_left == 0 and theirs:
        return False  # H47: a General alone may not enter enemy CUs
    if st.truce and (theirs or st.ctrl[there] == enemy):
        return False  # H54
    if st.m_left and side == CARTHAGE and st.hanno_counsel and country_of(st, here) == "Africa" \
            and country_of(st, there) != "Africa":
        return False  # #57
    if st.m_left and side == ROME and st.cato_counsel and country_of(st, there) == "Africa" \
            and country_of(st, here) != "Africa":
        return False  # #58
    return True


def _consul_short(st: HannibalState, here: int) -> int:
    """H41: the CUs a consular army the mover entered lacks of its 5 (0 if none)."""
    side, g = st.m_side, st.m_gen
    if st.consul[g] or len(st.path) < 2 or not any(st.consul[x] for x in generals_at(st, here, side)
                                                    if x != g and x not in st.m_group):
        return 0
    return max(0, 5 - (st.cu[side][here] - st.m_left))


def _drops(st: HannibalState, here: int, least: int = 1) -> list[int]:
    """H45: CUs dropped off along the path (not where the move starts), ``least`` of them at
    least; a consul keeps 5 (H39); as many of them elephants as Carthage says (H4)."""
    if len(st.path) < 2 or REGROUPED in st.tried:
        return []
    keep = 5 if st.consul[st.m_gen] else 0
    counts = range(least, st.m_left - keep + 1)
    if not st.m_eleph:  # the most moves: no elephant in the army
        return [st.notation.DROP + k - 1 for k in counts]
    return [a for k in counts for a in splits.actions(st, "drop", k, move_choices(st, "drop", k))]


def move_choices(st: HannibalState, kind: str, k: int) -> Choices:
    """H4, H42: the elephants among ``k`` CUs dropped off (the army's; the engine's order keeps
    its elephants) or picked up (those standing there; the engine's order takes theirs)."""
    if kind == "drop":
        regular = st.m_left - st.m_eleph
        return span(k, regular, st.m_eleph), max(0, k - regular)
    here = st.gen_at[st.m_gen]
    standing = st.eleph[here] - st.m_eleph if st.m_side == CARTHAGE else 0
    return span(k, st.cu[st.m_side][here] - st.m_left - standing, standing), min(k, standing)


def _pickups(st: HannibalState, here: int) -> list[int]:
    """H45: stationary CUs picked up along the path, up to 10 moving (a consul there keeps 5,
    H39; on a Campaign, only CUs with MP left, H52)."""
    side = st.m_side
    if len(st.path) < 2 or REGROUPED in st.tried:
        return []
    free = st.cu[side][here] - st.m_left
    if st.m_mode == MODE_CAMPAIGN:
        free = min(free, campaign.free(st, here, campaign.standing(st, here), allowance(st)))
    if any(st.consul[x] for x in generals_at(st, here, side, everywhere=True) if x != st.m_gen and x not in st.m_group):
        free = min(free, st.cu[side][here] - st.m_left - 5)
    most = min(free, 10 - st.m_left)
    if side != CARTHAGE or st.eleph[here] == st.m_eleph:  # no elephant standing there
        return [st.notation.PICK_UP + k - 1 for k in range(1, most + 1)]
    return [a for k in range(1, most + 1) for a in splits.actions(st, "pick up", k, move_choices(st, "pick up", k))]


def _subordinates(st: HannibalState, here: int) -> list[int]:
    """H42: pick up a General who does not outrank the mover (not one already moved on this card;
    on a Campaign, one with MP left, H52; not one dropped off here, which would undo nothing but
    the drop, for ever: found in a self-play game), or drop one of those moving with him (a
    consul with 5 CUs there, H39)."""
    n, side, g = st.notation, st.m_side, st.m_gen
    out = [n.PICK_UP_GENERAL + x for x in generals_at(st, here, side) if x != g and x not in st.m_group
           and _may_join(st, x) and base.rank(st, x) <= base.rank(st, g) and LEFT_HERE - x not in st.tried]
    out += [n.DROP_GENERAL + x for x in st.m_group if not st.consul[x] or st.cu[side][here] - st.m_left >= 5]
    return out


def _may_join(st: HannibalState, x: int) -> bool:
    if st.m_mode == MODE_CAMPAIGN:
        return st.g_used[x] < allowance(st)
    return x not in st.moved_gens


def move_legal(st: HannibalState) -> tuple[int, ...]:
    n, board = st.notation, st.board
    here = st.gen_at[st.m_gen]
    short = _consul_short(st, here)
    if short:  # H41: stop with the consular army, or drop off enough CUs to restore its 5
        return tuple(sorted([n.SIMPLE["stop"], *_drops(st, here, short)]))
    mp = st.m_mp
    if st.m_mode == MODE_CAMPAIGN:  # H52: no CU or General beyond its allowance on the card
        mp = min(mp, campaign.room(st, allowance(st)))
    to = n.SPACE["to"]
    ways: list[int] = []  # the steps out of here
    if mp >= 1:
        ways += [to + s for s in board.land[here] if may_enter(st, here, s)]
    if mp >= 2:
        ways += [to + s for s in board.passes[here] if may_enter(st, here, s)]  # the train left, at an Alps pass
        for s in board.straits[here]:
            c = board.connection(here, s)
            assert c is not None
            if c.control_needed and not (st.ctrl[here] == st.m_side and st.ctrl[s] == st.m_side):
                continue  # H50: Messana
            if may_enter(st, here, s):
                ways.append(to + s)
    if mp >= 3 and st.m_limit >= st.m_left and board.port[here] is not None and st.m_sea_used < _sea_moves(st):
        ways += [n.SPACE["sail"] + s for s in board.sea[here] if may_enter(st, here, s)]
    if _stranded(st, here):
        ways = []  # H39: not without the consul left short of 5
    out = _drops(st, here) + _pickups(st, here) + _subordinates(st, here) + ways
    if not ways or not _lone_among_lone(st, here):  # H47: he may pass through, so stop where he cannot
        out.append(n.SIMPLE["stop"])
    return tuple(sorted(set(out)))


def _sea_moves(st: HannibalState) -> int:
    """H56, H122: two sea moves for Nero on a Campaign event or a Force March #63."""
    if st.m_mode == MODE_FORCE or st.m_mode == MODE_CAMPAIGN and ability(st, st.m_gen, "campaign_moves"):
        return 2
    return 1


def _lone_among_lone(st: HannibalState, here: int) -> bool:
    """H47: a General without CUs may not stop where an enemy General without CUs stands; he may
    pass through it. One who cannot step out (no MP, no way) stops there all the same: else
    picking up and dropping a subordinate would be all he could do, for ever (found by the fuzz)."""
    enemy = other(st.m_side)
    return st.m_left == 0 and st.cu[enemy][here] == 0 and bool(generals_at(st, here, enemy)) and len(st.path) > 1


def apply_move(st: HannibalState, action: int) -> None:
    n, board = st.notation, st.board
    if action == n.SIMPLE["stop"]:
        end_move(st)
        return
    if n.DROP <= action < n.PICK_UP + 10 or action >= n.SPLITS:  # CUs dropped off or picked up (H45)
        kind, k, elephants = splits.split(st, action, move_choices)
        here = st.gen_at[st.m_gen]
        if kind == "drop":
            if st.m_mode == MODE_CAMPAIGN:  # H52: the most worn stay
                campaign.leave(st, here, campaign.standing(st, here), k)
            st.m_left, st.m_eleph = st.m_left - k, st.m_eleph - elephants
        else:
            if st.m_mode == MODE_CAMPAIGN:  # H52: the least worn come
                campaign.board(st, here, campaign.standing(st, here), k)
            st.m_left, st.m_eleph = st.m_left + k, st.m_eleph + elephants
        st.tried.append(REGROUPED)
        return
    if n.PICK_UP_GENERAL <= action < n.PICK_UP_GENERAL + len(st.gen_at):
        st.m_group.append(action - n.PICK_UP_GENERAL)
        if st.m_mode != MODE_CAMPAIGN:  # on a Campaign he may still be activated (H52)
            st.moved_gens.append(action - n.PICK_UP_GENERAL)
        return
    if n.DROP_GENERAL <= action < n.DROP_GENERAL + len(st.gen_at):
        dropped = action - n.DROP_GENERAL
        st.m_group.remove(dropped)
        st.tried.append(LEFT_HERE - dropped)
        return
    sail = action >= n.SPACE["sail"] and action < n.SPACE["sail"] + board.n_spaces
    there = action - (n.SPACE["sail"] if sail else n.SPACE["to"])
    here = st.gen_at[st.m_gen]
    c = board.connection(here, there)
    cost = 3 if sail else (1 if c is not None and c.type == 0 else 2)
    if not st.m_weather and allowance(st) - st.m_mp + cost > WEATHER_MP:
        # #41 may stop the move here, before any pass, naval roll or battle; the other seat is
        # asked whether he holds the card or not, so that the question tells nothing (H34)
        st.m_weather, st.m_pending, st.m_phase = 1, action, PH_WEATHER
        st.call(Id.COUNTER_EVENT, other(st.m_side), battle.WEATHER)
        return
    st.m_mp -= cost
    if st.m_mode == MODE_CAMPAIGN:
        campaign.spend(st, cost)
    if leaves_the_train(st, action):
        st.siege_train = -1  # H133: it may not go by sea nor over the Alps; left behind, it is lost (ruling)
    _shift(st, here, there)
    st.m_from = here
    st.m_intercepted = st.m_avoided = False
    st.tried = []
    if sail:
        st.m_sea_used += 1
        st.m_sailed = there
        if st.m_mode == MODE_CAMPAIGN:
            st.c_sea = 1
        # #60 may come first, asked at every sea move: either side's card against the other's
        # (H60, H128; a Roman army rolls its attrition too, though no naval roll, H58)
        st.m_phase = PH_NAVAL
        st.call(Id.COUNTER_EVENT, other(st.m_side), battle.STORMS)
        return
    elif c is not None and c.type in (1, 2) and st.m_left + base.moving_train(st):
        st.m_phase = PH_ENTER
        st.call(Id.R_PASS, c.type)
        return
    enter(st)


def announced_step(st: HannibalState) -> tuple[int, int, bool] | None:
    """The step announced by the moving army and not taken yet, while the other side is asked
    about #41 Bad Weather (H34, H133): (its General, the space it would enter, by sea), else None."""
    if st.m_phase != PH_WEATHER or not st.stack or st.stack[-1][0] != Id.COUNTER_EVENT:
        return None
    n = st.notation
    sail = n.SPACE["sail"] <= st.m_pending < n.SPACE["sail"] + st.board.n_spaces
    return st.m_gen, st.m_pending - (n.SPACE["sail"] if sail else n.SPACE["to"]), sail


def leaves_the_train(st: HannibalState, action: int) -> bool:
    """Whether ``action``, a step of the moving army, leaves its siege train behind: a sea move
    or an Alps pass, which the train may not take (H133; docs/hannibal/rulings.md)."""
    if not st.stack or st.stack[-1][0] != Id.MOVE or not base.moving_train(st):
        return False
    n = st.notation
    if n.SPACE["sail"] <= action < n.SPACE["sail"] + st.board.n_spaces:
        return True
    if not n.SPACE["to"] <= action < n.SPACE["to"] + st.board.n_spaces:
        return False
    c = st.board.connection(st.gen_at[st.m_gen], action - n.SPACE["to"])
    return c is not None and c.type == ALPS_PASS


def _pirates(st: HannibalState, here: int, there: int) -> bool:
    """#50 Adriatic Pirates: no naval roll for up to 3 CUs through Brundisium, Croton or Tarentum."""
    names = {st.board.names[here], st.board.names[there]}
    return st.m_bonus == 50 and st.m_left <= 3 and bool(names & {"Brundisium", "Croton", "Tarentum"})


def _shift(st: HannibalState, here: int, there: int) -> None:
    move_cus(st, st.m_side, here, there, st.m_left, st.m_eleph)
    for x in st.m_group:
        st.gen_at[x] = there
    st.gen_at[st.m_gen] = there
    st.stamp[st.m_gen] = st.stamp_next
    st.stamp_next += 1
    st.path.append(there)


def pass_attrition(st: HannibalState, die: int, kind: int) -> None:
    """H49: CUs crossing a pass roll on the Attrition Table."""
    base.army_attrition(st, die + pass_modifier(st, kind))
    st.end()


def pass_modifier(st: HannibalState, kind: int) -> int:
    """H49: -2 for a non-Alps pass, -3 more with Native Guide (#5)."""
    mod = 0 if kind == ALPS_PASS else st.game.tables.attrition_modifiers["non_alps_pass"]
    return mod - 3 if st.m_bonus == 5 else mod


def naval_modifier(st: HannibalState, src: int, dst: int) -> int:
    """H58, H59: the sum of :func:`naval_modifiers`."""
    return sum(mod for _, mod in naval_modifiers(st, src, dst))


def naval_modifiers(st: HannibalState, src: int, dst: int) -> list[tuple[str, int]]:
    """H58, H59, each modifier that applies with what it is (the log names them): both port
    modifiers, +1 a Roman port, -1 a small force, Syracuse, Macedonia, Naval Victory, Mago."""
    board, rules = st.board, st.game.tables.naval_rules
    names = board.names
    out = [(f"the port of {names[p]}", board.port[p] or 0) for p in (src, dst)]
    out += [(f"{names[p]} Roman", rules["roman_port"]) for p in (src, dst) if st.ctrl[p] == ROME]
    if st.m_left <= 1:
        out.append(("a small force", rules["small_force"]))
    if st.ctrl[st.game.space_index("Syracuse")] == CARTHAGE:
        out.append(("Syracuse allied", rules["syracuse_allied"]))
    if st.macedonia == 1:
        out.append(("Macedonia allied", rules["macedonia_allied"]))
    if st.naval_victory:
        out.append(("the Naval Victory", rules["naval_victory"]))
    out.append((st.game.generals[st.m_gen].name, ability(st, st.m_gen, "naval_modifier")))
    return [(name, mod) for name, mod in out if mod]


def naval_roll(st: HannibalState, die: int, src: int, dst: int) -> None:
    """H58: the Roman rolls for every Carthaginian sea move: no effect, Return, or Sunk."""
    result = st.game.tables.naval_result(die + naval_modifier(st, src, dst))
    at = st.gen_at[st.m_gen]
    if result == "return":
        _shift(st, at, src)
        st.m_mp = 0
        st.m_phase = PH_END
    elif result == "sunk":
        lose_cus(st, st.m_side, at, st.m_left, force=(st.m_left, st.m_eleph))  # lost at sea: no political
        st.m_left = st.m_eleph = 0  # consequence (H58)
        for x in (st.m_gen, *st.m_group):
            base.displace(st, x)
        st.m_phase = PH_END
    st.end()


def back_naval_roll(st: HannibalState, die: int, src: int, dst: int) -> None:
    """H61: a Carthaginian army backing up by sea: no effect, it sails back to its embarkation
    port; Return, it may not back up and faces the interception; Sunk, as H58."""
    result = st.game.tables.naval_result(die + naval_modifier(st, src, dst))
    if result == "return":
        st.m_phase = PH_IDLE  # the move does not end with the roll: the battle comes first
        st.end()
        fight(st)
        return
    if result == "sunk":
        lose_cus(st, st.m_side, src, st.m_left, force=(st.m_left, st.m_eleph))
        st.m_left = st.m_eleph = 0
        for x in (st.m_gen, *st.m_group):
            base.displace(st, x)
    else:
        _shift(st, src, dst)
        st.m_mp = 0
    st.end()  # the move ends (PH_END), as after naval_roll: after the army is where it ends


def enter(st: HannibalState) -> None:
    """H62: each entry gives the non-active player his reactions (first, in a walled city of
    his, declaring his units inside or outside), then the army arrives."""
    st.m_phase = PH_IDLE
    if DECLARED not in st.tried and walls.must_declare(st):
        st.tried.append(DECLARED)
        st.m_phase = PH_ENTER
        st.call(Id.GARRISON, other(st.m_side), walls.DECLARE, st.gen_at[st.m_gen])
        return
    if reactions.options(st):
        st.m_phase = PH_REACTED
        st.call(Id.REACT, other(st.m_side))
        return
    arrive(st)


def arrive(st: HannibalState) -> None:
    """After the reactions: pursuit, a battle, an overrun (H48) or displacing lone Generals."""
    st.m_phase = PH_IDLE
    side, g = st.m_side, st.m_gen
    if st.gen_at[g] < 0:
        end_move(st)
        return
    here = st.gen_at[g]
    enemy = other(side)
    if st.cu[enemy][here]:
        if st.m_intercepted:
            st.call(Id.INTERCEPTED, side)
            return
        if st.cu[enemy][here] == 1 and not generals_at(st, here, enemy) and st.m_left + base.moving_train(st) >= 5:
            lose_cus(st, enemy, here, 1)  # H48: overrun, movement goes on
        else:
            fight(st)
            return
    elif st.m_avoided:
        st.m_avoided = False
        if st.m_mp > 0:
            st.call(Id.PURSUE, side)
            return
        st.m_mp = 0
    if st.m_left:
        for e in generals_at(st, here, enemy):
            base.displace(st, e)
    _charms(st, here)


def _charms(st: HannibalState, here: int) -> None:
    """#28 Hannibal Charms Italy: each Italian space Hannibal enters loses its Roman plain PC."""
    if st.m_bonus == 28 and st.game.outranks_all[st.m_gen] and country_of(st, here) == "Italy" \
            and st.ctrl[here] == ROME and base.is_plain(st, here) and not st.cu[ROME][here]:
        st.ctrl[here] = base.NONE


def fight(st: HannibalState) -> None:
    st.m_fought = True
    st.m_phase = PH_END
    here = st.gen_at[st.m_gen]
    battle.begin(st, here, st.m_side, st.m_from, st.m_sailed == here)


def intercepted(st: HannibalState, action: int) -> None:
    """H65: fight, or back up to the space it came from and end the move (a pass: attrition
    again; a sea move: the Roman rolls again). H67: landed by sea at its own city, it may go
    inside, or put ``garrison k`` CUs inside and back up with the rest and its Generals."""
    st.end()
    if action == st.notation.SIMPLE["fight"]:
        fight(st)
        return
    here = st.gen_at[st.m_gen]
    if st.notation.GARRISON <= action <= st.notation.GARRISON + walls.MAX_INSIDE or action >= st.notation.SPLITS:
        _, k, elephants = splits.split(st, action, intercepted_choices)
        if st.m_mode == MODE_CAMPAIGN:  # these end their move inside (H52)
            campaign.leave(st, here, campaign.standing(st, here), k)
        walls.shift_inside(st, st.m_side, here, k, elephants)
        st.m_left, st.m_eleph = st.m_left - k, st.m_eleph - elephants
    if action == st.notation.SIMPLE["go inside"]:  # H67: landed by sea at its own city
        walls.shift_inside(st, st.m_side, here, st.m_left, st.m_eleph)
        _mark_moved(st)
        st.m_left = st.m_eleph = 0
        for x in (st.m_gen, *st.m_group):
            st.g_in[x] = here
        end_move(st)
        return
    back = st.m_from
    st.m_phase = PH_END
    st.m_all = True  # H52: backing up uses up the army's movement on a Campaign
    if st.m_sailed == here and st.m_side == CARTHAGE and not st.truce and not _pirates(st, here, back):
        st.call(Id.R_BACK_NAVAL, here, back)  # H61: backing up by sea, the Roman rolls again
        return
    _shift(st, here, back)
    st.m_mp = 0
    c = st.board.connection(here, back)
    if c is not None and c.type in (1, 2) and st.m_left + base.moving_train(st):
        st.call(Id.R_PASS, c.type)
    else:
        end_move(st)


def pursue(st: HannibalState, action: int) -> None:
    st.end()
    if action == st.notation.SIMPLE["pursue"]:
        st.call(Id.R_PURSUIT)
    else:
        end_move(st)


def move_resume(st: HannibalState) -> None:
    phase = st.m_phase
    if phase == PH_WEATHER:
        st.m_phase = PH_IDLE
        if st.m_weather == 2:  # #41 played: the move ends where it is (a sea move never starts)
            end_move(st)
        else:
            apply_move(st, st.m_pending)
    elif phase == PH_NAVAL:
        here = st.gen_at[st.m_gen]
        st.m_phase = PH_ENTER
        if st.m_side == CARTHAGE and not st.truce and not _pirates(st, st.m_from, here):  # H58
            st.call(Id.R_NAVAL, st.m_from, here)
        else:
            enter(st)
    elif phase == PH_ENTER:
        if st.gen_at[st.m_gen] < 0:
            end_move(st)
        else:
            enter(st)
    elif phase == PH_REACTED:
        arrive(st)
    elif phase == PH_END:
        end_move(st)


def _mark_moved(st: HannibalState) -> None:
    """H52: on a Campaign the army's CUs and Generals keep what they spent (all of it once it
    battled, backed up or failed a pursuit) for the card's other Generals."""
    if st.m_mode == MODE_CAMPAIGN:
        campaign.finish(st, st.m_fought or st.m_all)


def end_move(st: HannibalState) -> None:
    """H46 step 7, H117: Hanno may take a Roman PC where he stops; then one siege or subjugation
    (H94) unless the army fought on this card."""
    st.m_phase = PH_IDLE
    g = st.m_gen
    here = st.gen_at[g]
    sieging = here >= 0 and not st.m_fought and sieges.can_siege(st, st.m_side, here, g)
    if not sieging:  # else after the siege, which uses the army's movement up (H52)
        _mark_moved(st)
    if here >= 0 and not st.m_fought and ability(st, g, "removes_pc_after_move") and st.ctrl[here] == ROME \
            and base.is_plain(st, here):
        st.ctrl[here] = base.NONE
    if here >= 0 and not st.m_fought and not is_inside(st, g) and walls.may_shelter(st, st.m_side, here) \
            and not st.cu[other(st.m_side)][here]:
        st.goto(Id.GARRISON, st.m_side, walls.MOVER, here)  # H51 (a): going inside ends the move
        return
    if sieging:
        st.goto(Id.SIEGE, st.m_side)
        return
    st.end()


def intercepted_legal(st: HannibalState) -> tuple[int, ...]:
    """H65, H67: fight or back up; an army that landed by sea at its own city may go inside when
    it all fits, or split: ``garrison k`` CUs inside (as many as fit), the rest and its Generals
    back (no CU left outside; at least one goes back with them)."""
    n = st.notation
    out = [n.SIMPLE["fight"], n.SIMPLE["back up"]]
    here = st.gen_at[st.m_gen]
    if st.m_sailed == here and walls.may_shelter(st, st.m_side, here):
        if st.m_left <= walls.room(st, here):
            out.append(n.SIMPLE["go inside"])
        for k in range(1, min(walls.room(st, here), st.m_left - 1) + 1):
            out += splits.actions(st, "garrison", k, intercepted_choices(st, "garrison", k))
    return tuple(sorted(out))


def intercepted_choices(st: HannibalState, kind: str, k: int) -> Choices:
    """H4, H67: the elephants among the army's ``k`` CUs that go inside (the engine's order: last)."""
    regular = st.m_left - st.m_eleph
    return span(k, regular, st.m_eleph), max(0, k - regular)


def take_legal(st: HannibalState) -> tuple[int, ...]:
    return splits.by_elephants(st, "take", *take_range(st), take_choices)


def _take_prompt(st: HannibalState) -> str:
    name = st.game.generals[st.m_gen].name
    lo, hi = take_range(st)
    if any(len(take_choices(st, "take", k)[0]) > 1 for k in range(lo, hi + 1)):  # H4
        return f"How many CUs go with {name}, and how many elephants (H45, H4)?"
    return f"How many CUs go with {name} (H45)?"


def _move_prompt(st: HannibalState) -> str:
    elephants = f", {st.m_eleph} of them elephants" if st.m_eleph else ""
    return f"{st.game.generals[st.m_gen].name} moves ({st.m_mp} MP left, {st.m_left} CUs{elephants})."


# --- The table's entries of this chapter ----------------------------------------------------------
P = Procedure
PROCEDURES: base.Entries = {
    Id.TAKE: P("command", base.seat, _take_prompt, take_legal, take),
    Id.MOVE: P("movement", base.seat, _move_prompt, move_legal, apply_move, resume=move_resume),
    Id.INTERCEPTED: P("intercepted", base.seat, lambda st: f"{base.side_word(st)} fights or backs up (H65).",
                      intercepted_legal, intercepted),
    Id.PURSUE: P("pursuit", base.seat, lambda st: f"{base.side_word(st)} may pursue (H71).",
                 base.words("pursue", "no pursuit"), pursue),
    Id.R_PASS: base.die("pass attrition (H49)", pass_attrition),
    Id.R_NAVAL: base.die("naval combat, rolled by Rome (H58)", naval_roll),
    Id.R_BACK_NAVAL: base.die("naval combat backing up by sea (H61)", back_naval_roll),
}
SPLITS: dict[int, splits.Chooser] = {Id.TAKE: take_choices, Id.MOVE: move_choices, Id.INTERCEPTED: intercepted_choices}
"""The decisions of this chapter that split a stack (:mod:`.splits`)."""
