"""Battle (H73-H85) and its aftermath (H86-H92): battle cards dealt from CUs, Generals and
allies, the elephant charge, attack and counterattack, matching, withdrawal, casualties, the
Retreat Table, retreats, political consequences and displaced Generals.

The battle is a chain of steps that need no decision (``B_*``, in H74 and H85's order, joined by
goto), each calling what waits or going on at once. Battle cards are dealt as lazy
draws by kind (each kind weighted by its cards left in the 48-card deck), a secret of the
drawing seat; all of them go back after the battle (H75).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, roll

from ..ids import Id
from ..notation import CARTHAGE, DE, KINDS, NUMIDIAS, PROBE, PROBE_AS, RESERVE, ROME, SIDES
from . import base, splits, walls
from .base import (
    ability,
    auto,
    battle_rating,
    commander,
    generals_at,
    hostile_tribe,
    lose_cus,
    other,
    province_controller,
)

if TYPE_CHECKING:
    from ..map import HannibalMap
    from ..state import HannibalState

DECLARE, FRIGHT, STORMS, WEATHER = range(4)  # the moments of Id.COUNTER_EVENT
HAND_CAP = 20  # H75


def begin(st: HannibalState, space: int, attacker: int, came_from: int, by_sea: bool) -> None:
    """H73: the active player attacks; every unit of both sides outside the walls fights (and
    the units inside a besieged city of the attacker's if they sortie, H100)."""
    st.b_space, st.b_att, st.b_orig, st.b_from, st.b_sea = space, attacker, attacker, came_from, by_sea
    st.b_rounds = 0
    st.b_probe = st.b_marharbal = False
    st.b_card = st.b_win = st.b_win_card = -1
    st.b_withdrew = False
    st.bbegan = [st.cu[ROME][space], st.cu[CARTHAGE][space]]
    st.blost = [0, 0]
    st.bcut = [0, 0]
    st.b_bonus = 1 if st.m_intercepted and attacker == st.m_side else 0
    st.call(Id.B_SORTIE)
    st.settle()


@cache
def _allied_provinces(board: HannibalMap) -> tuple[tuple[int, ...], ...]:
    """Per province, those whose allies fight in it (H76): itself, and the others of its country
    or island, in order."""
    country = board.country
    return tuple(tuple(p for p in range(len(board.province_names))
                       if p == where or country[where] != "none" and country[p] == country[where])
                 for where in range(len(board.province_names)))


def allies(st: HannibalState, side: int, space: int) -> int:
    """H76: each controlled province gives its allies for battles in it, or anywhere in its
    country (Italy, Spain, Africa) or island; Rome gets at most 2 in Italy and never Latium."""
    board = st.board
    where = board.province[space]
    country = board.country[where]
    total = 0
    for p in _allied_provinces(board)[where]:
        if province_controller(st, p) != side:
            continue
        if st.bdesert[side] & 1 and board.country[p] == "Spain" or \
                st.bdesert[side] & 2 and board.province_names[p] in NUMIDIAS:
            continue  # #31, #32
        if country == "Italy" and board.province_names[p] == "Latium":
            continue
        total += board.allies[p]
    if side == ROME and country == "Italy":
        total = min(total, 2)
    return total


def card_count(st: HannibalState, side: int) -> int:
    """H75: the sum of :func:`card_count_terms`, capped at 20, then the cards the charge cut."""
    return max(0, min(sum(n for _, n in card_count_terms(st, side)), HAND_CAP) - st.bcut[side])


def card_count_terms(st: HannibalState, side: int) -> list[tuple[str, int]]:
    """The battle cards ``side`` is dealt, term by term, each with what it is (H75, H76; the log
    says them): the commander's BR, the CUs, +1 for the interceptor, -1 after a failed Avoid
    Battle, allies (with a General), Latium's militia (Rome), a Carthaginian tribe."""
    space = st.b_space
    board = st.board
    c = commander(st, space, side)
    terms = [(f"{st.game.generals[c].name}'s BR" if c >= 0 else "no General's BR", battle_rating(st, c)),
             ("CUs", st.cu[side][space])]
    if st.b_bonus and side != st.b_orig:
        terms.append(("interception (H75)", 1))
    if st.b_penalty and side != st.b_orig:
        terms.append(("a failed Avoid Battle (H75)", -1))
    if c >= 0 and allies(st, side, space):
        terms.append(("allies (H76)", allies(st, side, space)))
    if side == ROME and board.province_names[board.province[space]] == "Latium":
        terms.append(("Latium's militia (H75)", 2))
    if side == CARTHAGE and st.tribal[space] and st.ctrl[space] == CARTHAGE:
        terms.append(("a Carthaginian tribe (H75)", 1))
    return terms


# --- H74, H85 the battle's steps --------------------------------------------------------------
def _sortie_step(st: HannibalState) -> None:
    st.goto(Id.B_COMMAND)
    if walls.sortie_force(st, st.b_att, st.b_space):
        st.call(Id.SORTIE, st.b_att)


def _command_step(st: HannibalState) -> None:
    st.goto(Id.B_DECLARE_ATTACKER)
    if len([g for g in generals_at(st, st.b_space, ROME) if st.consul[g]]) == 2:
        if st.b_orig == ROME:
            st.call(Id.COMMAND, CARTHAGE)  # H40: Carthage may roll
        else:
            st.call(Id.R_COMMAND)  # H40: Carthage attacks: it must roll


def _declare_attacker(st: HannibalState) -> None:
    st.goto(Id.B_DECLARE_DEFENDER)  # H74 steps 2-3: always asked, so that the question tells nothing
    st.call(Id.COUNTER_EVENT, st.b_att, DECLARE)


def _declare_defender(st: HannibalState) -> None:
    st.goto(Id.B_CHARGE)
    st.call(Id.COUNTER_EVENT, other(st.b_att), DECLARE)


def _charge_step(st: HannibalState) -> None:
    st.goto(Id.B_DEAL_ATTACKER)
    if st.eleph[st.b_space] and st.cu[ROME][st.b_space]:
        st.call(Id.CHARGE, CARTHAGE)


def _deal_attacker(st: HannibalState) -> None:
    st.goto(Id.B_DEAL_DEFENDER)
    n = card_count(st, st.b_att)
    if n:
        st.call(Id.BDEAL, st.b_att, n)


def _deal_defender(st: HannibalState) -> None:
    st.goto(Id.B_ROUNDS)
    n = card_count(st, other(st.b_att))
    if n:
        st.call(Id.BDEAL, other(st.b_att), n)


def _rounds(st: HannibalState) -> None:
    if st.b_spy >= 0:  # #20: half the spied hand, face up
        side, st.b_spy = st.b_spy, -1
        if sum(st.bhand[side]) >= 2:
            st.call(Id.SPY, side, sum(st.bhand[side]) // 2)
            return
    if st.b_win < 0 and not st.b_withdrew:
        if _may_attack(st):
            st.call(Id.ATTACK, st.b_att)
            return
        st.b_win, st.b_win_card = other(st.b_att), -1  # H81: the attacker has no card left
    st.goto(Id.B_CASUALTIES)


def _casualties(st: HannibalState) -> None:
    st.goto(Id.B_RETREAT_TABLE)
    if st.b_rounds:  # H80's ruling: no casualty roll after 0 rounds
        st.call(Id.R_CASUALTIES)


def _retreat_table(st: HannibalState) -> None:
    st.goto(Id.B_RETREAT)
    if st.b_win >= 0 and st.cu[other(st.b_win)][st.b_space]:
        st.call(Id.R_RETREAT)


def _retreat_step(st: HannibalState) -> None:
    st.goto(Id.B_POLITICS)
    if st.b_win >= 0 or st.b_withdrew:
        _start_retreat(st, other(st.b_win) if st.b_win >= 0 else st.b_att)


def _politics(st: HannibalState) -> None:
    st.goto(Id.B_DONE)
    if st.b_win >= 0:
        loser = other(st.b_win)
        base.demand_pcs(st, loser, st.blost[loser] // 2)  # H91


def _done(st: HannibalState) -> None:
    """H75: every battle card goes back to the deck."""
    st.bdeck = list(st.game.cards.battle_counts)
    st.bhand = [[0] * 6, [0] * 6]
    st.bplayed = [0] * 6
    base.clear_battle(st)
    st.end()


def sortie(st: HannibalState, action: int) -> None:
    """H100: a relief army's attack may count the CUs inside the besieged city."""
    if action == st.notation.SIMPLE["sortie"]:
        walls.sortie(st, st.b_att, st.b_space)
        st.bbegan[st.b_att] = st.cu[st.b_att][st.b_space]
    st.end()


def deal(st: HannibalState, action: int) -> None:
    _, side, left = st.stack[-1]
    kind = action - st.notation.BDRAW
    st.bdeck[kind] -= 1
    st.bhand[side][kind] += 1
    st.bdealt[side] += 1
    if left > 1:
        st.goto(Id.BDEAL, side, left - 1)
    else:
        st.end()


# --- H40 change of command -------------------------------------------------------------------
def command(st: HannibalState, action: int) -> None:
    if action == st.notation.SIMPLE["roll for command"]:
        st.goto(Id.R_COMMAND)
    else:
        st.end()


def command_roll(st: HannibalState, die: int) -> None:
    """H40: on 4-6 the other consul commands this battle."""
    if die >= 4:
        a, b = (g for g in generals_at(st, st.b_space, ROME) if st.consul[g])
        st.stamp[a], st.stamp[b] = st.stamp[b], st.stamp[a]
    st.end()


def hannibal_probe(st: HannibalState, side: int) -> bool:
    """H114: Hannibal, commanding, may once a battle play a Probe as another card."""
    return side == CARTHAGE and not st.b_probe and bool(st.bhand[side][PROBE]) \
        and commander(st, st.b_space, side) == st.game.hannibal


# --- H77 elephant charge ----------------------------------------------------------------------
def charge(st: HannibalState, action: int) -> None:
    if action == st.notation.SIMPLE["charge"]:
        st.goto(Id.COUNTER_EVENT, ROME, FRIGHT)  # #42 comes before the roll
    else:
        st.end()


def charge_roll(st: HannibalState, die: int) -> None:
    """H77: the charge succeeds on a roll above the Roman commander's BR (without one, on 2-6):
    Rome gets a card fewer per charging elephant; a 1 fails and costs Carthage a card."""
    space = st.b_space
    if die == 1:
        st.bcut[CARTHAGE] += 1
    elif die > battle_rating(st, commander(st, space, ROME)):
        st.bcut[ROME] += st.eleph[space]
    st.end()


# --- H78-H81 rounds -----------------------------------------------------------------------------
def _may_attack(st: HannibalState) -> bool:
    """H81: the attacker needs a battle card; Carthage is always asked, since #6 may still be
    played (and being asked must not tell Rome whether Carthage holds it)."""
    return bool(sum(st.bhand[st.b_att])) or st.b_att == CARTHAGE


def _next_round(st: HannibalState) -> None:
    """H81: the defender wins when the attacker has no battle card at the start of a round."""
    if _may_attack(st):
        st.goto(Id.ATTACK, st.b_att)
    else:
        st.b_win, st.b_win_card = other(st.b_att), -1
        st.end()


def attack_legal(st: HannibalState) -> tuple[int, ...]:
    side = st.b_att
    n = st.notation
    hand = st.bhand[side]
    out = [n.ATTACK + 5 * side + k for k in range(5) if hand[k]]
    if hand[RESERVE]:
        out += [n.RESERVE_AS + 5 * side + k for k in range(5)]
    if hannibal_probe(st, side):
        out += [n.PROBE + i for i in range(3)]
    if sum(hand) and commander(st, st.b_space, side) >= 0 and (withdraw_spaces(st, side) or st.b_sortie > 0
                                                                and may_go_inside(st, side)):
        out.append(n.SIMPLE["withdraw"])  # H81: out of cards, the attacker has lost already
    out += _battle_counters(st, side)
    if not sum(hand):
        out.append(n.SIMPLE["concede"])  # Carthage out of cards (see _may_attack)
    return tuple(sorted(out))


def _battle_counters(st: HannibalState, side: int) -> list[int]:
    """#6 (Carthage, as a Double Envelopment) and #59 (take a card of the other hand)."""
    event = st.notation.PLAY_EVENT - 1
    out: list[int] = []
    if side == CARTHAGE and 6 in st.hands[side] and (side == st.b_att or st.b_card == DE):
        out.append(event + 6)
    if 59 in st.hands[side] and sum(st.bhand[other(side)]) > 0:
        out.append(event + 59)
    return out


def _play_battle_counter(st: HannibalState, side: int, action: int) -> bool:
    """Plays #6 or #59 if ``action`` is one; True when it was."""
    card = action - st.notation.PLAY_EVENT + 1
    if action < st.notation.PLAY_EVENT or card not in (6, 59):
        return False
    base.play_counter(st, side, card)
    if card == 59:
        if any(st.bshown[other(side)]):  # H132: with cards face up by #20, the taker chooses
            st.call(Id.DESERT, side, other(side))
        else:
            st.call(Id.STEAL, other(side), side)
    return True


def spy(st: HannibalState, action: int) -> None:
    """#20 Spy in Enemy Camp: one more card of the spied hand face up for the whole battle."""
    _, side, left = st.stack[-1]
    st.bshown[side][action - st.notation.SPY] += 1
    if left > 1:
        st.goto(Id.SPY, side, left - 1)
    else:
        st.end()


def _spend(st: HannibalState, side: int, kind: int) -> None:
    """A battle card played face up: one shown by #20, where the hand shows one of its kind (the
    ruling on #20: the card played tells the other seat nothing the view has not told it)."""
    st.bhand[side][kind] -= 1
    st.bplayed[kind] += 1
    if st.bshown[side][kind]:
        st.bshown[side][kind] -= 1
    _forget(st, side, kind)


def _forget(st: HannibalState, side: int, kind: int) -> None:
    """A card of ``kind`` left ``side``'s hand: the other seat cannot tell whether it was the
    one it knew of (``bknown``: taken from it by #59), so it knows one fewer."""
    if st.bknown[side][kind]:
        st.bknown[side][kind] -= 1


def desert(st: HannibalState, action: int) -> None:
    """H132: #59 where #20 turned cards of the victim's face up: the taker takes one of them, or
    draws one of the others at random (:func:`steal`)."""
    _, taker, victim = st.stack[-1]
    kind = action - st.notation.DESERT
    if kind == len(KINDS):  # HIDDEN
        st.goto(Id.STEAL, victim, taker)
        return
    st.bshown[victim][kind] -= 1
    _change_hands(st, victim, taker, kind)
    st.end()


def steal(st: HannibalState, action: int) -> None:
    """#59 Ally Deserts: a battle card of the victim's, at random among those not face up (H132),
    joins the taker's hand."""
    _, victim, taker = st.stack[-1]
    _change_hands(st, victim, taker, action - st.notation.STEAL)
    st.end()


def _change_hands(st: HannibalState, victim: int, taker: int, kind: int) -> None:
    st.bhand[victim][kind] -= 1
    _forget(st, victim, kind)
    st.bhand[taker][kind] += 1
    st.bknown[taker][kind] += 1  # the victim knows where its card went


def attack(st: HannibalState, action: int) -> None:
    n = st.notation
    side = st.b_att
    if action == n.SIMPLE["withdraw"]:
        st.goto(Id.R_WITHDRAW)
        return
    if action == n.SIMPLE["concede"]:
        st.b_win, st.b_win_card = other(side), -1
        st.end()
        return
    if _play_battle_counter(st, side, action):
        if action - n.PLAY_EVENT + 1 == 6:  # #6: a Double Envelopment that gives no initiative
            st.b_card, st.b_marharbal = DE, True
            st.b_rounds += 1
            st.goto(Id.MATCH, other(side))
        return
    st.b_marharbal = False
    if n.PROBE <= action < n.PROBE + 3:
        kind = PROBE_AS[action - n.PROBE]
        _spend(st, side, PROBE)
        st.b_probe = True
    elif action >= n.RESERVE_AS:
        kind = (action - n.RESERVE_AS) % 5
        _spend(st, side, RESERVE)
    else:
        kind = (action - n.ATTACK) % 5
        _spend(st, side, kind)
    st.b_card = kind
    st.b_rounds += 1
    st.goto(Id.MATCH, other(side))


def match_legal(st: HannibalState) -> tuple[int, ...]:
    side = other(st.b_att)
    n = st.notation
    out = [n.SIMPLE["concede"]]
    if st.bhand[side][st.b_card]:
        out.append(n.MATCH + 6 * side + st.b_card)
    if st.bhand[side][RESERVE]:
        out.append(n.MATCH + 6 * side + 5)
    if st.b_card in PROBE_AS and hannibal_probe(st, side):
        out.append(n.PROBE + 3)
    out += _battle_counters(st, side)
    return tuple(sorted(out))


def match(st: HannibalState, action: int) -> None:
    """H78: the defender answers with the same kind (or a Reserve), or the attacker wins."""
    n = st.notation
    side = other(st.b_att)
    if action == n.SIMPLE["concede"]:
        st.b_win, st.b_win_card = st.b_att, st.b_card
        st.end()
        return
    if _play_battle_counter(st, side, action):
        if action - n.PLAY_EVENT + 1 == 6:  # #6 matches the Double Envelopment (the ruling)
            st.goto(Id.COUNTER, side)
        return
    if action == n.PROBE + 3:
        kind = PROBE
        st.b_probe = True
    else:
        kind = (action - n.MATCH) % 6
    _spend(st, side, kind)
    st.goto(Id.COUNTER, side)


def counter_legal(st: HannibalState) -> tuple[int, ...]:
    """H79: after a match the defender may roll to counterattack; a matched Double Envelopment
    lets him take the initiative; after a failed withdrawal he may take it at once (H80)."""
    n = st.notation
    side = other(st.b_att)
    out = [n.SIMPLE["keep defending"]]
    if st.b_card == DE and not st.b_marharbal or st.b_card == -2:
        out.append(n.SIMPLE["take initiative"])
    elif commander(st, st.b_space, side) >= 0:
        out.append(n.SIMPLE["counterattack"])
    return tuple(sorted(out))


def counter(st: HannibalState, action: int) -> None:
    n = st.notation
    if action == n.SIMPLE["counterattack"]:
        st.goto(Id.R_COUNTER)
        return
    if action == n.SIMPLE["take initiative"]:
        st.b_att = other(st.b_att)
    _next_round(st)


def counter_roll(st: HannibalState, die: int) -> None:
    if die <= counterattack_odds(st)[1]:
        st.b_att = other(st.b_att)
    _next_round(st)


def counterattack_odds(st: HannibalState) -> tuple[int, int]:
    """H79, H123, H125: the defender's commander and the most his counterattack may roll: his
    BR (Longus 2 as the original attacker, Paulus 3 as the original defender)."""
    side = other(st.b_att)
    c = commander(st, st.b_space, side)
    target = battle_rating(st, c)
    when = st.game.abilities[c].get("counterattack_when") if c >= 0 else None
    if when == "original_attacker" and side == st.b_orig or when == "original_defender" and side != st.b_orig:
        target = ability(st, c, "counterattack_max")
    return c, target


# --- H80 withdrawal -----------------------------------------------------------------------------
def withdraw_spaces(st: HannibalState, side: int) -> list[int]:
    """H90: an adjacent space by a plain connection, without enemy CUs or PCs, not a hostile
    tribe, not where the enemy came from; the original attacker only back where it came from."""
    space, enemy = st.b_space, other(side)
    if side == st.b_orig:
        if st.b_sea:
            return []
        candidates: tuple[int, ...] = (st.b_from,) if st.b_from in st.board.land[space] else ()
    else:
        candidates = tuple(s for s in st.board.land[space] if s != st.b_from)
    return [s for s in candidates if not st.cu[enemy][s] and st.ctrl[s] != enemy and not hostile_tribe(st, s, side)]


def withdraw_roll(st: HannibalState, die: int) -> None:
    side = st.b_att
    if die <= battle_rating(st, commander(st, st.b_space, side)):
        defender = commander(st, st.b_space, other(side))
        if defender >= 0:
            st.goto(Id.CANCEL, other(side))
        else:
            st.b_withdrew = True
            st.end()
    else:
        st.b_card = -2  # a failed withdrawal: the defender may take the initiative
        st.goto(Id.COUNTER, other(side))


def cancel(st: HannibalState, action: int) -> None:
    if action == st.notation.SIMPLE["cancel withdrawal"]:
        st.goto(Id.R_CANCEL)
    else:
        st.b_withdrew = True
        st.end()


def cancel_target(st: HannibalState, c: int) -> int:
    """The roll that cancels a withdrawal: the BR; Flaminius 4 (H116's ruling, an option)."""
    target = battle_rating(st, c)
    if ability(st, c, "cancels_withdrawal") and st.game.options["flaminius_cancels"]:
        target = max(target, ability(st, c, "pursuit_max"))
    return target


def cancel_roll(st: HannibalState, die: int) -> None:
    """H80, H116: the defender cancels on a roll at most his BR (Flaminius 4, the ruling)."""
    if die <= cancel_target(st, commander(st, st.b_space, other(st.b_att))):
        st.b_card = -2
        st.goto(Id.COUNTER, other(st.b_att))
    else:
        st.b_withdrew = True
        st.end()


# --- H82-H84 losses -----------------------------------------------------------------------------
def casualties_roll(st: HannibalState, die: int) -> None:
    """H82: one roll on the Attrition Table, column = rounds; both sides lose the result."""
    tables = st.game.tables
    loss = tables.attrition_loss(die, st.b_rounds)
    elephant = tables.attrition_elephant(die, st.b_rounds)
    for side in (ROME, CARTHAGE):
        st.blost[side] += lose_cus(st, side, st.b_space, loss, elephant=elephant)
    st.end()


def retreat_roll(st: HannibalState, die: int) -> None:
    """H83, H84: the loser's Retreat Table loss; the first CU lost is an elephant if it has any."""
    loser = other(st.b_win)
    loss = st.game.tables.retreat_loss(die + retreat_modifier(st), st.bbegan[loser])
    have = st.cu[loser][st.b_space]
    st.blost[loser] += lose_cus(st, loser, st.b_space, have if loss is None else loss, elephants_first=True)
    if have and not st.cu[loser][st.b_space]:
        for g in generals_at(st, st.b_space, loser):  # H43 (b)
            base.displace(st, g)
    st.end()


def retreat_modifier(st: HannibalState) -> int:
    """H83: +2 after a Double Envelopment won the battle, -2 after a Probe."""
    mods = st.game.tables.retreat_modifiers
    return {DE: mods["double_envelopment"], PROBE: mods["probe"]}.get(st.b_win_card, 0)


# --- H86-H90 retreat and withdrawal ------------------------------------------------------------
def retreat_options(st: HannibalState, side: int) -> dict[int, int]:
    """H86-H88: destinations within 4 spaces (plain connections) with their least loss: the
    closest ones, and farther ones only where they cost fewer CUs."""
    return {s: loss for s, (loss, _) in retreat_paths(st, side).items()}


def retreat_paths(st: HannibalState, side: int) -> dict[int, tuple[int, tuple[int, ...]]]:
    """``retreat_options``' destinations, each with its least loss and the shortest path that
    costs it (the spaces entered, the destination last)."""
    board = st.board
    enemy = other(side)
    space = st.b_space
    size = st.cu[side][space]
    best: dict[int, tuple[int, int, tuple[int, ...]]] = {}  # destination -> (distance, loss, path)

    def ok_end(s: int) -> bool:
        return not st.cu[enemy][s] and (st.ctrl[s] == side or st.cu[side][s] > size)

    def walk(s: int, depth: int, loss: int, seen: tuple[int, ...]) -> None:
        if depth and ok_end(s):
            d, old, path = best.get(s, (99, 99, ()))
            shorter = (loss, depth) < (old, len(path))  # the least loss, then the fewest spaces
            best[s] = (min(d, depth), *((loss, seen[1:]) if shorter else (old, path)))
        if depth == 4:
            return
        for t in board.land[s]:
            if t in seen or t == space:
                continue
            if depth == 0 and side == st.b_orig and t != st.b_from:
                continue  # H87: the original attacker goes back the way it came
            if side != st.b_orig and t == st.b_from:
                continue
            cost = (1 if st.ctrl[t] == enemy or hostile_tribe(st, t, side) else 0) + st.cu[enemy][t]
            walk(t, depth + 1, loss + cost, (*seen, t))

    walk(space, 0, 0, (space,))
    if not best:
        return {}
    closest = min(d for d, _, _ in best.values())
    floor = min(loss for d, loss, _ in best.values() if d == closest)
    return {s: (loss, path) for s, (d, loss, path) in best.items() if d == closest or loss < floor}


def may_go_inside(st: HannibalState, side: int) -> bool:
    """H89, H90, H100: into the walls of a friendly city not besieged (not after a withdrawal),
    or back into a besieged one for the units that sortied from it."""
    space = st.b_space
    if not base.is_walled(st, space) or st.ctrl[space] != side or walls.room(st, space) <= 0:
        return False
    return st.b_sortie > 0 or not st.b_withdrew and not walls.is_besieged(st, space)


def _start_retreat(st: HannibalState, side: int) -> bool:
    """H87: a force landed by sea is eliminated, or goes inside its own city (the excess is
    eliminated); a force with no legal retreat is eliminated too."""
    space = st.b_space
    if not st.cu[side][space] and not generals_at(st, space, side):
        return False
    if st.b_sea and side == st.b_orig and base.is_walled(st, space) and st.ctrl[space] == side \
            and not walls.is_besieged(st, space):
        walls.retreat_inside(st, side, space, st.cu[side][space])
    if not st.cu[side][space] and not generals_at(st, space, side):
        return False
    if may_go_inside(st, side):
        st.call(Id.RETREAT, side)
        return True
    if st.b_withdrew:
        options = withdraw_spaces(st, side)
    elif st.b_sea and side == st.b_orig:
        options = []
    else:
        options = list(retreat_options(st, side))
    if not options:
        st.blost[side] += lose_cus(st, side, space, st.cu[side][space])
        for g in generals_at(st, space, side):
            base.displace(st, g)
        return False
    st.call(Id.RETREAT, side)
    return True


def retreat_legal(st: HannibalState) -> tuple[int, ...]:
    side = st.stack[-1][1]
    options = withdraw_spaces(st, side) if st.b_withdrew else list(retreat_options(st, side))
    out = [st.notation.SPACE["retreat to"] + s for s in sorted(options)]
    if may_go_inside(st, side):
        out += splits.actions(st, "retreat inside", 0, inside_choices(st, "retreat inside", 0))
    return tuple(out)


def inside_choices(st: HannibalState, kind: str, n: int) -> splits.Choices:
    """H89, H4: the loser's part that fits inside may hold this many elephants (the engine's
    order: the last to go in). A sortie force goes back in by the engine's order: the CUs are
    not told apart, so which of them sortied is not known (H100)."""
    side, space = st.stack[-1][1], st.b_space
    if side != CARTHAGE or st.b_sortie > 0 or not st.eleph[space]:
        return splits.NONE
    fits, regular = min(st.cu[side][space], walls.room(st, space)), st.cu[side][space] - st.eleph[space]
    allowed = splits.span(fits, regular, st.eleph[space])
    return allowed, allowed.start


def _retreat_inside(st: HannibalState, side: int, action: int) -> None:
    """H89: the part that fits goes inside with the Generals (the sortie force: only its own
    CUs, H100), as many elephants among it as Carthage says (H4); the rest retreats as usual,
    or is eliminated if it cannot."""
    space = st.b_space
    n = st.cu[side][space] if st.b_sortie <= 0 else min(st.b_sortie, st.cu[side][space])
    named = splits.chosen(st.notation, action)
    walls.retreat_inside(st, side, space, n, named[2] if named else None)
    st.b_sortie = 0
    st.end()
    if st.stack and st.cu[side][space]:  # unless the battle's end ended the game (H112)
        _start_retreat(st, side)


def retreat(st: HannibalState, action: int) -> None:
    side = st.stack[-1][1]
    if action == st.notation.SIMPLE["retreat inside"] or action >= st.notation.SPLITS:
        _retreat_inside(st, side, action)
        return
    dst = action - st.notation.SPACE["retreat to"]
    space = st.b_space
    loss, path = (0, ()) if st.b_withdrew else retreat_paths(st, side)[dst]
    lost = lose_cus(st, side, space, loss)
    if not st.b_withdrew:
        st.blost[side] += lost
    remaining = st.cu[side][space]
    base.move_cus(st, side, space, dst, remaining)
    for s in path[:-1]:  # H86: friendly CUs met on the way that do not outnumber the force join it
        if remaining and 0 < st.cu[side][s] <= remaining:
            remaining += st.cu[side][s]
            base.move_cus(st, side, s, dst, st.cu[side][s])
    for g in generals_at(st, space, side):
        if lost and not remaining:  # H43 (b): every CU lost on the retreat
            base.displace(st, g)
        else:
            st.gen_at[g] = dst
    if side == CARTHAGE and st.siege_train >= 0 and not st.b_withdrew and st.gen_at[st.siege_train] == dst:
        st.siege_train = -1  # H133: lost when its army must retreat
    st.end()



# --- H34, H129 counter events (#31, #32, #42, #60) -------------------------------------------------
def counter_cards(st: HannibalState, side: int, moment: int) -> list[int]:
    """The counter events ``side`` may play now: #31/#32 as a battle in Spain/Africa starts,
    #42 (Rome) against an elephant charge, #60 against an opposing sea move (H128), #41 against a
    General's move about to spend its 3rd MP."""
    hand = st.hands[side]
    if moment == DECLARE:
        country = base.country_of(st, st.b_space)
        return [c for c in hand if c == 31 and country == "Spain" or c == 32 and country == "Africa" or c == 20]
    if moment == FRIGHT:
        return [42] if 42 in hand and side == ROME else []
    if moment == WEATHER:
        return [41] if 41 in hand else []
    return [60] if 60 in hand else []


def counter_event_legal(st: HannibalState) -> tuple[int, ...]:
    _, side, moment = st.stack[-1]
    n = st.notation
    cards = counter_cards(st, side, moment)
    return tuple(sorted([n.SIMPLE["no counter event"], *(n.PLAY_EVENT + c - 1 for c in cards)]))


def counter_event(st: HannibalState, action: int) -> None:
    _, side, moment = st.stack[-1]
    n = st.notation
    if action == n.SIMPLE["no counter event"]:
        if moment == FRIGHT:
            st.goto(Id.R_CHARGE)
        else:
            st.end()
        return
    card = action - n.PLAY_EVENT + 1
    base.play_counter(st, side, card)
    if card == 31:
        st.bdesert[other(side)] |= 1
    elif card == 32:
        st.bdesert[other(side)] |= 2
    elif card == 42:
        st.bcut[CARTHAGE] += 2  # the charge has no effect and costs Carthage 2 cards
    elif card == 20:
        st.b_spy = other(side)
    elif card == 41:
        st.m_weather = 2  # #41 Bad Weather (H133): the move stops
    else:
        st.goto(Id.R_STORMS)
        return
    st.end()



def storms_roll(st: HannibalState, die: int) -> None:
    """#60 Storms at Sea: the moving CUs roll Attrition at +2 before the naval roll."""
    base.army_attrition(st, die + 2, train=False)  # no train at sea
    st.end()


# --- The table's entries of this chapter ----------------------------------------------------------
def _bdeal_legal(st: HannibalState) -> tuple[int, ...]:
    return tuple(st.notation.BDRAW + k for k in range(6) if st.bdeck[k])


def _bdeal_weights(st: HannibalState, legal: tuple[int, ...]) -> list[int]:
    """Battle cards are drawn by kind, weighted by the kind's cards left in the deck (H75)."""
    first = st.notation.BDRAW
    return [st.bdeck[a - first] for a in legal]


def _face_down(st: HannibalState, side: int) -> list[int]:
    """``side``'s battle cards that #20 has not turned face up, by kind."""
    return [h - s for h, s in zip(st.bhand[side], st.bshown[side], strict=True)]


def _steal_legal(st: HannibalState) -> tuple[int, ...]:
    return tuple(st.notation.STEAL + k for k, n in enumerate(_face_down(st, st.stack[-1][1])) if n)


def _steal_weights(st: HannibalState, legal: tuple[int, ...]) -> list[int]:
    """#59: a card of the victim's hand at random, among those face down (H132)."""
    down = _face_down(st, st.stack[-1][1])
    return [down[a - st.notation.STEAL] for a in legal]


def _desert_legal(st: HannibalState) -> tuple[int, ...]:
    """H132: a card of each kind #20 shows, and a hidden one where any is left."""
    victim, first = st.stack[-1][2], st.notation.DESERT
    shown = [first + k for k, n in enumerate(st.bshown[victim]) if n]
    return tuple(shown + [first + len(KINDS)] * any(_face_down(st, victim)))


def _spy_legal(st: HannibalState) -> tuple[int, ...]:
    hand, shown = st.bhand[st.stack[-1][1]], st.bshown[st.stack[-1][1]]
    return tuple(st.notation.SPY + k for k in range(6) if hand[k] > shown[k])


def _spy_weights(st: HannibalState, legal: tuple[int, ...]) -> list[int]:
    """#20: a card not yet face up, at random."""
    side = st.stack[-1][1]
    return [st.bhand[side][a - st.notation.SPY] - st.bshown[side][a - st.notation.SPY] for a in legal]


def _attacker_word(st: HannibalState) -> str:
    return SIDES[st.b_att].capitalize()


def _defender_word(st: HannibalState) -> str:
    return SIDES[other(st.b_att)].capitalize()


def _defender(st: HannibalState) -> int:
    return other(st.b_att)


P = Procedure
PROCEDURES: base.Entries = {
    Id.B_SORTIE: auto("battle: sortie", _sortie_step),
    Id.B_COMMAND: auto("battle: command", _command_step),
    Id.B_DECLARE_ATTACKER: auto("battle: the attacker's counter events", _declare_attacker),
    Id.B_DECLARE_DEFENDER: auto("battle: the defender's counter events", _declare_defender),
    Id.B_CHARGE: auto("battle: elephants", _charge_step),
    Id.B_DEAL_ATTACKER: auto("battle: the attacker's cards", _deal_attacker),
    Id.B_DEAL_DEFENDER: auto("battle: the defender's cards", _deal_defender),
    Id.B_ROUNDS: auto("battle: rounds", _rounds),
    Id.B_CASUALTIES: auto("battle: casualties", _casualties),
    Id.B_RETREAT_TABLE: auto("battle: the Retreat Table", _retreat_table),
    Id.B_RETREAT: auto("battle: retreat", _retreat_step),
    Id.B_POLITICS: auto("battle: political consequences", _politics),
    Id.B_DONE: auto("battle: over", _done),
    Id.SORTIE: P("sortie", base.seat,
                 lambda st: f"{base.side_word(st)} may sortie from {st.board.names[st.b_space]} (H100).",
                 base.words("sortie", "no sortie"), sortie),
    Id.COMMAND: P("change of command", base.fixed(CARTHAGE),
                  lambda st: "Carthage may roll for the Roman change of command (H40).",
                  base.words("roll for command", "no roll for command"), command),
    Id.COUNTER_EVENT: P("counter event", base.seat, lambda st: f"{base.side_word(st)} may play a counter event (H34).",
                        counter_event_legal, counter_event, hides_legal=True),
    Id.CHARGE: P("elephant charge", base.fixed(CARTHAGE), lambda st: "Carthage may charge with its elephants (H77).",
                 base.words("charge", "no charge"), charge),
    Id.BDEAL: roll("battle deal", lambda st: f"Deal {SIDES[st.stack[-1][1]]} a battle card ({st.stack[-1][2]} to go).",
                   _bdeal_legal, deal, _bdeal_weights),
    Id.SPY: roll("spy in enemy camp",
                 lambda st: f"Turn a battle card of {SIDES[st.stack[-1][1]]}'s face up at random (#20).",
                 _spy_legal, spy, _spy_weights),
    Id.STEAL: roll("ally deserts",
                   lambda st: f"Pick a battle card at random from {SIDES[st.stack[-1][1]]}'s hand (#59).",
                   _steal_legal, steal, _steal_weights),
    Id.DESERT: P("ally deserts", base.seat,
                 lambda st: f"{base.side_word(st)} takes a card {SIDES[st.stack[-1][2]].capitalize()} shows, or one "
                            "of its hidden cards at random (#59, H132).",
                 _desert_legal, desert),
    Id.ATTACK: P("attack", lambda st: st.b_att,
                 lambda st: f"{_attacker_word(st)} attacks with a battle card or withdraws (H78).",
                 attack_legal, attack, hides_legal=True),
    Id.MATCH: P("defence", _defender,
                lambda st: f"{_defender_word(st)} matches {KINDS[st.b_card]} or concedes (H78).",
                match_legal, match, hides_legal=True),
    Id.COUNTER: P("counterattack", _defender,
                  lambda st: f"{_defender_word(st)} may take the initiative (H79, H80).", counter_legal, counter),
    Id.CANCEL: P("cancel withdrawal", _defender,
                 lambda st: f"{_defender_word(st)} may try to cancel the withdrawal (H80).",
                 base.words("cancel withdrawal", "allow withdrawal"), cancel),
    Id.RETREAT: P("retreat", base.seat, lambda st: f"{base.side_word(st)} retreats (H86-H90).", retreat_legal, retreat),
    Id.R_COMMAND: base.die("the change of command (H40)", command_roll),
    Id.R_STORMS: base.die("Storms at Sea (#60)", storms_roll),
    Id.R_CHARGE: base.die("the elephant charge (H77)", charge_roll),
    Id.R_COUNTER: base.die("the counterattack (H79)", counter_roll),
    Id.R_WITHDRAW: base.die("the withdrawal (H80)", withdraw_roll),
    Id.R_CANCEL: base.die("cancelling the withdrawal (H80)", cancel_roll),
    Id.R_CASUALTIES: base.die("battle casualties (H82)", casualties_roll),
    Id.R_RETREAT: base.die("the Retreat Table (H83)", retreat_roll),
}
SPLITS: dict[int, splits.Chooser] = {Id.RETREAT: inside_choices}
"""The decisions of this chapter that split a stack (:mod:`.splits`)."""
