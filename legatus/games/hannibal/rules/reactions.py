"""Reactions of the non-active player (H62-H72): interception, Avoid Battle, and the mover's
pursuit. Each is decided by the non-active seat the moment the moving army enters a space.

H62: every attempt of an entry is declared (who leads it, how many CUs) before any die is rolled;
``roll the attempts`` then rolls them, the Avoid Battle attempt first, the interceptions in the
order declared. A declared attempt waits as its die's frame under the reaction's own, so that
ending the reaction rolls them. Rulings: an intercepting or avoiding army is its commander with
every General with him, or one subordinate alone (H66, H69), with up to 10 CUs (H64, H70), as
many of them elephants as Carthage says (H4, :mod:`.splits`); a force avoids into no space whose
army is declared to intercept that entry, nor does an army intercept from the space a force is
declared to avoid into (the declared forces are those that go: docs/hannibal/rulings.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure

from ..ids import Id
from . import base, splits, walls
from .base import ability, battle_rating, commander, generals_at, hostile_tribe, move_cus, other
from .splits import Choices

if TYPE_CHECKING:
    from ..state import HannibalState

TRIBAL_LANDS = ("Gallia Transalpinia", "Liguria")  # #7, #8
AVOID_TRIED = -2  # in st.tried: this entry's Avoid Battle was rolled


def interceptors(st: HannibalState) -> list[int]:
    """H63: adjacent enemy armies (by a plain connection) when the entered space holds no
    stationary CUs of the mover; none during a Truce (H131). H67: an army inside its walls
    only while no CU of the mover stands outside them."""
    here = st.gen_at[st.m_gen]
    side = st.m_side
    enemy = other(side)
    if st.truce or walls.total(st, side, here) > st.m_left:
        return []
    out = []
    avoiding_to = _declared(st, Id.R_AVOID)
    for s in st.board.land[here]:
        if s in st.tried or s in avoiding_to or not walls.total(st, enemy, s) \
                or commander(st, s, enemy, everywhere=True) < 0:
            continue
        if st.cu[enemy][s] and commander(st, s, enemy) >= 0 or not st.cu[side][s]:
            out.append(s)
    return out


def avoid_spaces(st: HannibalState) -> list[int]:
    """H69, H70: the non-active force in the entered space may avoid to an adjacent space (plain
    connection) without enemy CUs or PCs, not a hostile tribe, not where the enemy came from;
    H72: or, in its own city, into the walls (the entered space itself) when it fits."""
    here = st.gen_at[st.m_gen]
    side = st.m_side
    enemy = other(side)
    if AVOID_TRIED in st.tried:
        return []
    c = commander(st, here, enemy)
    if c < 0 or c in st.failed:
        return []
    intercepting = _declared(st, Id.R_INTERCEPT)
    out = [s for s in st.board.land[here] if s != st.m_from and not st.cu[side][s] and st.ctrl[s] != side
           and not hostile_tribe(st, s, enemy) and s not in intercepting]
    if walls.may_shelter(st, enemy, here) and _sizes(st, Id.R_AVOID, here)[0] <= walls.room(st, here):
        out.append(here)
    return out


def tribal_land(st: HannibalState) -> bool:
    """#7/#8 may strike an army with CUs (or the siege train, H133) entering Gallia Transalpinia or
    Liguria: the non-active player is then always asked (being asked must not tell whether he
    holds the card)."""
    here = st.gen_at[st.m_gen]
    return st.m_left + base.moving_train(st) > 0 and st.board.province_names[st.board.province[here]] in TRIBAL_LANDS


def options(st: HannibalState) -> bool:
    return bool(interceptors(st) or avoid_spaces(st)) or tribal_land(st)


def _waiting(st: HannibalState) -> int:
    """How many declared attempts wait under the reaction's frame (the top one): H62."""
    k = 0
    stack = st.stack
    if not stack or stack[-1][0] != Id.REACT:
        return 0
    while k + 2 <= len(stack) and stack[-2 - k][0] in (Id.R_AVOID, Id.R_INTERCEPT):
        k += 1
    return k


def _declared(st: HannibalState, purpose: int) -> list[int]:
    """The spaces of the attempts of ``purpose`` declared for this entry and not rolled yet (an
    interception's source, an Avoid Battle's destination)."""
    stack = st.stack
    return [f[1] for f in stack[len(stack) - 1 - _waiting(st):-1] if f[0] == purpose]


def react_legal(st: HannibalState) -> tuple[int, ...]:
    n = st.notation
    out = [n.SPACE["intercept from"] + s for s in interceptors(st)]
    out += [n.SPACE["avoid to"] + s for s in avoid_spaces(st)]
    if tribal_land(st):
        out += [n.PLAY_EVENT + c - 1 for c in (7, 8) if c in st.hands[other(st.m_side)]]
    out.append(n.ROLL_ATTEMPTS if _waiting(st) else n.SIMPLE["no reaction"])
    return tuple(sorted(out))


def react(st: HannibalState, action: int) -> None:
    n = st.notation
    if action in (n.SIMPLE["no reaction"], n.ROLL_ATTEMPTS):
        st.end()  # the attempts declared, waiting under it, are rolled (H62)
    elif n.PLAY_EVENT <= action < n.PLAY_EVENT + 64:
        base.play_counter(st, other(st.m_side), action - n.PLAY_EVENT + 1)
        st.call(Id.R_HOSTILE)
    elif action >= n.SPACE["avoid to"] and action < n.SPACE["avoid to"] + st.board.n_spaces:
        st.tried.append(AVOID_TRIED)
        _declare(st, Id.R_AVOID, action - n.SPACE["avoid to"])
    else:
        src = action - n.SPACE["intercept from"]
        st.tried.append(src)
        _declare(st, Id.R_INTERCEPT, src)


def _force(st: HannibalState, purpose: int, where: int) -> tuple[int, int, int, bool]:
    """The reacting army: its space, commander, CUs, and whether those inside the walls count
    (an interception from a city with no enemy CU outside, H67)."""
    side = other(st.m_side)
    if purpose == Id.R_INTERCEPT:
        everywhere = not st.cu[st.m_side][where]
        have = walls.total(st, side, where) if everywhere else st.cu[side][where]
        return where, commander(st, where, side, everywhere=everywhere), have, everywhere
    here = st.gen_at[st.m_gen]
    return here, commander(st, here, side), st.cu[side][here], False


def _sizes(st: HannibalState, purpose: int, where: int, leader: int = -1) -> tuple[int, int]:
    """H64, H66, H69, H70: how many CUs go (at most 10; an interception takes one at least, a
    consul 5 when he can, H39); into the walls (H72) no more than fit. A subordinate going alone
    (``leader``) leaves his commander 1 CU, a consul 5 (all he has when fewer)."""
    _, c, have, _ = _force(st, purpose, where)
    if leader >= 0:
        have -= min(have, 5 if st.consul[c] else 1)
        c = leader
    hi = min(10, have)
    if purpose == Id.R_AVOID and where == st.gen_at[st.m_gen]:
        hi = min(hi, walls.room(st, where))
    lo = min(5, hi) if c >= 0 and st.consul[c] else min(1, hi) if purpose == Id.R_INTERCEPT else 0
    return lo, hi


def leaders(st: HannibalState, purpose: int, where: int) -> list[int]:
    """H66, H69: the subordinates who may try alone with part of the army: an interception takes
    a CU at least, a consul 5 (two consuls part only with 10, H39); one who failed to intercept
    this mover does not avoid it (H68)."""
    at, c, _, everywhere = _force(st, purpose, where)
    out = []
    for g in generals_at(st, at, other(st.m_side), everywhere):
        if g == c or purpose == Id.R_AVOID and g in st.failed:
            continue
        hi = _sizes(st, purpose, where, g)[1]
        if hi >= (5 if st.consul[g] else 1 if purpose == Id.R_INTERCEPT else 0):
            out.append(g)
    return out


def _declare(st: HannibalState, purpose: int, where: int) -> None:
    """The force that tries: who leads it when a subordinate may go alone, then its size when
    there is a choice; then it waits for the roll (H62)."""
    if leaders(st, purpose, where):
        st.call(Id.REACT_LEADER, other(st.m_side), purpose, where)
    else:
        _size_then_wait(st, False, purpose, where, -1)


def _size_then_wait(st: HannibalState, asked: bool, purpose: int, where: int, leader: int) -> None:
    """``asked``: from the leader's decision, on top of the reaction's frame (which it gives way to)."""
    lo, hi = _sizes(st, purpose, where, leader)
    if lo == hi and len(_choices(st, purpose, where, hi)[0]) == 1:
        if asked:
            st.end()
        _wait(st, purpose, where, hi, leader)
    else:
        (st.goto if asked else st.call)(Id.REACT_SIZE, other(st.m_side), purpose, where, leader)


def _wait(st: HannibalState, purpose: int, *args: int) -> None:
    """The attempt declared waits under the reaction's frame, the top one, for ``roll the
    attempts`` (H62): an Avoid Battle first, the interceptions after it in the order declared."""
    stack = st.stack
    at = len(stack) - 1 if purpose == Id.R_AVOID else len(stack) - 1 - _waiting(st)
    st.stack = (*stack[:at], (purpose, *args), *stack[at:])


def reacting_commander(st: HannibalState) -> int:
    """The General commanding the army that may react, at a ``choose <general>`` decision (H66, H69)."""
    _, _, purpose, where = st.stack[-1]
    return _force(st, purpose, where)[1]


def leader_legal(st: HannibalState) -> tuple[int, ...]:
    """``choose <commander>``: he goes with every General of the army; ``choose <subordinate>``:
    that General alone (H66, H69)."""
    _, _, purpose, where = st.stack[-1]
    c = reacting_commander(st)
    return tuple(sorted(st.notation.CHOOSE_GENERAL + g for g in (c, *leaders(st, purpose, where))))


def leader(st: HannibalState, action: int) -> None:
    _, _, purpose, where = st.stack[-1]
    g = action - st.notation.CHOOSE_GENERAL
    _size_then_wait(st, True, purpose, where, -1 if g == reacting_commander(st) else g)


def size_legal(st: HannibalState) -> tuple[int, ...]:
    _, _, purpose, where, g = st.stack[-1]
    return splits.by_elephants(st, "take", *_sizes(st, purpose, where, g), size_choices)


def _choices(st: HannibalState, purpose: int, where: int, n: int) -> Choices:
    """H4: the elephants among the ``n`` CUs that try; the engine's order takes them first, and
    last into the walls (H72)."""
    at, _, _, everywhere = _force(st, purpose, where)
    allowed, default = walls.leaving(st, other(st.m_side), at, n, everywhere)
    return (allowed, allowed.start) if purpose == Id.R_AVOID and where == at else (allowed, default)


def size_choices(st: HannibalState, kind: str, n: int) -> Choices:
    _, _, purpose, where, _ = st.stack[-1]
    return _choices(st, purpose, where, n)


def size(st: HannibalState, action: int) -> None:
    _, _, purpose, where, g = st.stack[-1]
    _, n, elephants = splits.split(st, action, size_choices)
    st.end()
    _wait(st, purpose, where, n, g, elephants)


def _group(st: HannibalState, side: int, src: int, dst: int, n: int, leader: int, everywhere: bool = False,
           elephants: int = -1) -> None:
    """Moves the commander with every General with him, or the ``leader`` alone (H66, H69), and
    ``n`` CUs, ``elephants`` of them (-1: the engine's order) (``everywhere``: also those inside
    the walls, which come out if the army outside is too small, H67); the CUs left behind stay
    without a General (H66, H70)."""
    if everywhere:
        out, out_elephants = walls.coming_out(st, side, src, n, elephants, False)
        walls.shift_inside(st, side, src, -out, -out_elephants)
    move_cus(st, side, src, dst, n, elephants)
    for g in [leader] if leader >= 0 else generals_at(st, src, side, everywhere):
        st.gen_at[g] = dst
        st.stamp[g] = st.stamp_next
        st.stamp_next += 1


def intercept_roll(st: HannibalState, die: int, src: int, n: int, leader: int, elephants: int = -1) -> None:
    """H64: success on a roll at most the leader's BR (Varro 4, Gisgo 3), +1 into an enemy PC
    without friendly CUs; the winner gets a battle card (H75). ``elephants`` among the ``n`` CUs
    (-1: the engine's order, as a position saved before says nothing)."""
    here = st.gen_at[st.m_gen]
    side = other(st.m_side)
    c, target, mod = intercept_odds(st, src, leader)
    if die + mod <= target:
        _group(st, side, src, here, n, leader, not st.cu[st.m_side][src], elephants)
        st.m_intercepted = True
    else:
        st.failed.append(c)  # H68
    st.end()


def intercept_odds(st: HannibalState, src: int, leader: int) -> tuple[int, int, int]:
    """H64: the intercepting General from ``src``, the highest roll that succeeds and the
    modifier added to the die (the log says them too)."""
    here = st.gen_at[st.m_gen]
    side = other(st.m_side)
    c = leader if leader >= 0 else commander(st, src, side, everywhere=not st.cu[st.m_side][src])
    mod = 1 if st.ctrl[here] == st.m_side and not st.cu[side][here] else 0
    return c, ability(st, c, "intercept_max") or battle_rating(st, c), mod


def avoid_odds(st: HannibalState, leader: int) -> tuple[int, int]:
    """H69: the General avoiding battle and the highest roll that succeeds."""
    c = leader if leader >= 0 else commander(st, st.gen_at[st.m_gen], other(st.m_side))
    return c, ability(st, c, "avoid_max") or battle_rating(st, c)


def avoid_roll(st: HannibalState, die: int, dst: int, n: int, leader: int, elephants: int = -1) -> None:
    """H69: success on a roll at most the leader's BR (Fabius 5, Gisgo 3); failure costs a
    battle card, and lone Generals who fail are displaced."""
    here = st.gen_at[st.m_gen]
    side = other(st.m_side)
    if die <= avoid_odds(st, leader)[1]:
        if dst == here:  # H72: into the walls
            walls.shift_inside(st, side, here, n, None if elephants < 0 else elephants)
            for g in [leader] if leader >= 0 else generals_at(st, here, side):
                st.g_in[g] = here
        else:
            _group(st, side, here, dst, n, leader, elephants=elephants)
        st.m_avoided = True
    else:
        st.b_penalty = 1
        if not st.cu[side][here] and st.m_left:
            for g in generals_at(st, here, side):
                base.displace(st, g)
    st.end()


def pursuit_roll(st: HannibalState, die: int) -> None:
    """H71: the mover goes on only if its commander rolls at most his BR (Flaminius 4)."""
    g = st.m_gen
    target = ability(st, g, "pursuit_max") or battle_rating(st, g)
    if die > target:
        st.m_phase = 3  # movement.PH_END
        st.m_all = True  # H52: a failed pursuit uses up the army's movement on a Campaign
    st.end()



def hostile_roll(st: HannibalState, die: int) -> None:
    """#7/#8 Hostile Tribes: the entering force rolls Attrition on the 5-6 column."""
    column = st.game.tables.attrition_modifiers["hostile_tribes_column"]
    base.army_attrition(st, die, column)
    st.end()


def _react_prompt(st: HannibalState) -> str:
    if _waiting(st):
        return f"{base.side_word(st)} may declare another attempt, or roll those declared (H62)."
    return f"{base.side_word(st)} may intercept or avoid battle (H62)."


def _size_prompt(st: HannibalState) -> str:
    _, _, purpose, where, g = st.stack[-1]
    lo, hi = _sizes(st, purpose, where, g)
    if any(len(_choices(st, purpose, where, k)[0]) > 1 for k in range(lo, hi + 1)):
        return f"{base.side_word(st)} says how many CUs try, and how many elephants (H64, H69, H70, H4)."
    return f"{base.side_word(st)} says how many CUs try (H64, H69, H70)."


# --- The table's entries of this chapter ----------------------------------------------------------
P = Procedure
PROCEDURES: base.Entries = {
    Id.REACT: P("reaction", base.seat, _react_prompt, react_legal, react, hides_legal=True),
    Id.REACT_SIZE: P("reacting force", base.seat,
                     _size_prompt, size_legal, size),
    Id.REACT_LEADER: P("reacting General", base.seat,
                       lambda st: f"{base.side_word(st)} says who leads the attempt: the commander with every "
                       "General, or a subordinate alone (H66, H69).", leader_legal, leader),
    Id.R_INTERCEPT: base.die("interception (H64)", intercept_roll),
    Id.R_AVOID: base.die("Avoid Battle (H69)", avoid_roll),
    Id.R_PURSUIT: base.die("pursuit (H71)", pursuit_roll),
    Id.R_HOSTILE: base.die("Hostile Tribes (#7, #8)", hostile_roll),
}
SPLITS: dict[int, splits.Chooser] = {Id.REACT_SIZE: size_choices}
"""The decisions of this chapter that split a stack (:mod:`.splits`)."""
