"""Hannibal's log lines (issue 32 item 3): each action as a seat saw it, its cards named, with
what it did: each die's purpose and result (with the roll needed and its modifier where the
rules compare it with a number: interception, Avoid Battle, naval combat, sieges), each battle
round, the battle's winner, CUs lost or gained, Generals leaving the map, PCs changing hands and
every change of political points, with the reason of a PC removal (H43, H91, H109).

Read from the states before and after the action, only where a line is written (the seat log),
never in the rules or the search. Secrecy: the words added are about the public board and the
dice; the action itself is the seat's own :meth:`~.state.HannibalState.action_to_string`, so a
card is named only where that string already shows it to the seat (a card drawn by the other
seat stays "carthage draws a card").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from .ids import BATTLE_STEPS, DICE, Id
from .notation import DE, SIDES
from .procedures import SPLITS
from .rules import base, battle, movement, reactions, sieges, splits
from .rules.base import AWAY, DEAD, OFF, points

if TYPE_CHECKING:
    from .state import HannibalState

_CARD = re.compile(r"#(\d+)")
_GONE = {DEAD: "is eliminated (H43)", AWAY: "leaves the map until the next Reinforcement Phase (H43)",
         OFF: "leaves the map"}
# the rolls that may cost CUs (a roll that costs none says so)
_LOSSES = (Id.R_PASS, Id.R_CASUALTIES, Id.R_WINTER, Id.R_EVENT_ATTRITION, Id.R_MERCENARIES, Id.R_RETREAT)
_ADJECTIVE = ("Roman", "Carthaginian")
_NAVAL = {"return": "the fleet turns back", "sunk": "sunk: the army is lost at sea"}


def line(before: HannibalState, action: int, seat: int | None) -> str:
    """``action``, about to be applied to ``before``, as ``seat`` reads it in its log."""
    text = before.action_to_string(action, seat)
    if before.stack and before.stack[-1][0] in (Id.DEAL, Id.BDEAL) and text == str(before.game.actions[action]):
        text = f"{SIDES[before.stack[-1][1]]} draws {text.split(' ', 1)[1]}"  # a draw this seat sees
    elif before.stack and before.stack[-1][0] == Id.RANDOM_CARD:  # #9 discards at random, #55 takes
        _, victim, taker = before.stack[-1]
        card = text.split(" ", 1)[1] if text == str(before.game.actions[action]) else "a card"  # as the seat sees it
        text = f"{SIDES[victim]} discards {card} at random" if taker < 0 else \
            f"{SIDES[taker]} takes {card} at random from {SIDES[victim]}'s hand"
    elif before.stack and before.stack[-1][0] in SPLITS:  # H4: "take 8 (2 elephants)", the plain one too
        text = splits.shown(before, action, SPLITS[before.stack[-1][0]]) or text
    return named(before, text)


def outcome(before: HannibalState, action: int, after: HannibalState) -> str:
    """What ``action`` (applied to ``before`` to give ``after``) did, in public words (not what
    the action says itself: ``reinforce Rome``, not "Rome gains 1 CU (Rome)"; only the card
    deals are hidden actions, and their notation says nothing of the board)."""
    return "; ".join([*_action(before, action, after), *changes(before, after, str(before.game.actions[action])),
                      *_no_retreat(before, action, after)])


def named(st: HannibalState, text: str) -> str:
    """``text`` with each strategy card it shows named (``event #1 Corsica and Sardinia Revolt``)."""
    cards = st.game.cards.strategy
    return _CARD.sub(lambda m: f"{m.group(0)} {cards[int(m.group(1)) - 1].name}", text)


def _action(before: HannibalState, action: int, after: HannibalState) -> list[str]:
    """What the action itself did: a die's purpose and result, a battle round, a PC removal's reason."""
    if not before.stack:
        return []
    frame = before.stack[-1]
    if frame[0] in DICE:
        return [_roll(before, action - before.notation.ROLL + 1, frame, after)]
    if frame[0] == Id.REMOVE_PC:
        left = frame[2] - 1
        return [f"{_side(frame[1])} pays for {_why_pcs(before)}, {left} more to remove" if left else
                f"{_side(frame[1])} pays for {_why_pcs(before)}"]
    out = _retreat_path(before, action) if frame[0] == Id.RETREAT else []
    if frame[0] == Id.COUNTER_EVENT and frame[2] == battle.WEATHER and \
            action != before.notation.SIMPLE["no counter event"]:
        out.append(_weather(before))
    if frame[0] == Id.GARRISON:
        out.append(_garrison(before, action, after))
    if _dealing_begins(before, after):
        out.append(_card_counts(after))
    step = movement.announced_step(after)
    if step is not None and movement.announced_step(before) is None:
        general, here = step[0], after.board.names[after.gen_at[step[0]]]
        other = _side(1 - after.game.general_side[general])
        out.append(f"{_general(after, general)} waits in {here}: {other} may stop a step past his 2nd MP with "
                   f"{named(after, '#41')} (H34)")
    if after.b_space >= 0 and after.b_rounds != before.b_rounds:
        out.append(f"battle round {after.b_rounds} at {before.board.names[after.b_space]}")
    if before.b_space >= 0 and after.b_win >= 0 > before.b_win:
        out.append(f"{_side(after.b_win)} wins the battle at {before.board.names[before.b_space]}")
    return out


def _weather(before: HannibalState) -> str:
    """#41 Bad Weather played against the step announced (H34, H133): the move ends where the
    General stands, before the step (a sea move never leaves its port)."""
    step = movement.announced_step(before)
    assert step is not None
    general, there, sail = step
    names = before.board.names
    here, to = names[before.gen_at[general]], names[there]
    step_words = f"his sea move to {to} is cancelled" if sail else f"he does not enter {to}"
    return f"{_general(before, general)}'s move stops in {here}, {step_words} (H133)"  # the action names #41


def _garrison(before: HannibalState, action: int, after: HannibalState) -> str:
    """``garrison k``: what stands inside the walls and outside after it (H51, H62)."""
    _, side, _, space = before.stack[-1]
    name = before.board.names[space]
    inside, outside = after.inner[space], after.cu[side][space]
    gens = [g for g in base.generals_at(after, space, side, everywhere=True) if base.is_inside(after, g)]
    who = f" with {' and '.join(_general(after, g) for g in gens)}" if gens else ""
    if not inside and not gens:
        return f"nothing goes inside the walls of {name}: {_cus_word(outside)} stay outside (H51)"
    return (f"inside the walls of {name}: {_cus_word(inside)}{who}; "
            f"outside: {_cus_word(outside)} (H51)")


def _cus_word(n: int) -> str:
    return "no CU" if not n else f"{n} CU{'s' if n > 1 else ''}"


def _dealing_begins(before: HannibalState, after: HannibalState) -> bool:
    """Whether the battle's cards began to be dealt during the action (H75): the step after the
    attacker's deal is reached, from a step before it or from no battle."""
    def step(st: HannibalState) -> int:
        steps = [f[0] for f in st.stack if f[0] in BATTLE_STEPS]
        return steps[-1] if steps and st.b_space >= 0 else -1

    return after.b_space >= 0 and step(before) < Id.B_DEAL_DEFENDER <= step(after) and after.b_rounds == 0


def _card_counts(st: HannibalState) -> str:
    """Each side's battle cards and how the count is made (H75, H76): BR, CUs, interception,
    allies, Latium's militia, a tribe; the cap of 20; the cards the charge or #42 cut (H77)."""
    out = []
    for side in (st.b_att, 1 - st.b_att):
        terms = battle.card_count_terms(st, side)
        raw = sum(n for _, n in terms)
        (br, rating), *rest = terms
        text = " ".join([f"{br} {rating}", *(f"{'+' if n >= 0 else '-'} {abs(n)} {what}" for what, n in rest)])
        if raw > battle.HAND_CAP:
            text += f", capped at {battle.HAND_CAP}"
        if st.bcut[side]:
            why = "for the elephant charge" if side == 0 else "for the charge that failed"
            text += f" - {st.bcut[side]} {why} (H77)"
        out.append(f"{_side(side)} {battle.card_count(st, side)} ({text})")
    return f"battle cards (H75): {'; '.join(out)}"


def _roll(before: HannibalState, die: int, frame: tuple[int, ...], after: HannibalState) -> str:
    """A die: what it was for, and where the rules compare it with a number, that number."""
    purpose = frame[0]
    said = before.prompt()[len("Roll a die "):-1]  # "for <purpose>", as the roll's prompt says
    if purpose == Id.R_INTERCEPT:
        general, target, mod = reactions.intercept_odds(before, frame[1], frame[3])
        plus = f" + 1 (into a PC of the moving side) = {die + mod}" if mod else ""
        result = "intercepts" if die + mod <= target else "fails"
        return f"{said}: {_general(before, general)} needs {target} or less, rolls {die}{plus}: {result}"
    if purpose == Id.R_AVOID:
        general, target = reactions.avoid_odds(before, frame[3])
        result = "avoids battle" if die <= target else "fails"  # from the die: the move may go on before the log reads
        return f"{said}: {_general(before, general)} needs {target} or less, rolls {die}: {result}"
    if purpose in (Id.R_NAVAL, Id.R_BACK_NAVAL):
        mods = movement.naval_modifiers(before, frame[1], frame[2])
        mod = sum(m for _, m in mods)
        result = before.game.tables.naval_result(die + mod)
        why = f" ({', '.join(f'{name} {m:+d}' for name, m in mods)})" if mods else ""
        return f"{said}: {_plus(die, mod)}{why}: {_NAVAL.get(result, 'no effect')}"
    if purpose == Id.R_SIEGE:
        return f"{said} at {before.board.names[frame[1]]}: {_siege(before, die, frame, after)}"
    if purpose == Id.R_COUNTER:
        general, target = battle.counterattack_odds(before)
        result = "takes" if after.b_att != before.b_att else "keeps"
        return (f"{said}: {_general(before, general)} needs {target} or less, rolls {die}: "
                f"{_side(after.b_att)} {result} the initiative")
    if purpose == Id.R_MERCENARIES and frame[2] == 0:
        general = base.commander(before, frame[1], 1)
        target = base.battle_rating(before, general)
        spared = "the force is spared" if die <= target else "the force rolls Attrition"
        return (f"{said} at {before.board.names[frame[1]]}: {_general(before, general)} needs {target} or less, "
                f"rolls {die}: {spared}")
    if purpose in _RESULTS:
        return f"{said}: {_RESULTS[purpose](before, after)}"
    if purpose == Id.R_WINTER:
        said += f" of {_side(frame[2])} at {before.board.names[frame[1]]}"
    if purpose == Id.R_CASUALTIES:
        said += f" after {before.b_rounds} round{'s' if before.b_rounds > 1 else ''}"
    if purpose in _TABLES:
        mod, mods, column = _TABLES[purpose](before, frame)
        said += f": {_plus(die, mod)}{_why(mods)} on the {column} column"
    if purpose in _LOSSES and not any(_cus(before, after, side, "") for side in (0, 1)):
        return f"{said}: no CU lost"
    return said


def _siege(before: HannibalState, die: int, frame: tuple[int, ...], after: HannibalState) -> str:
    """The Siege Table's roll (H95) and, where it changed nothing, that it did not."""
    space = frame[1]
    rolled = _plus(die, sieges.modifier(before, space, frame[2]))
    if changes(before, after, ""):
        return rolled  # the points, the CUs lost and the city taken follow
    return f"{rolled}: no effect, siege points at {before.board.names[space]} still {after.spts[space]}"


def _attrition_column(st: HannibalState, size: int) -> str:
    """The Attrition Table's column of a force of ``size`` CUs (or rounds): "5–6", "10+"."""
    return _column(st.game.tables.attrition_columns, size)


def _column(columns: tuple[int, ...], size: int) -> str:
    low = max(c for c in columns if c <= max(size, 1))
    higher = [c for c in columns if c > low]
    return f"{low}+" if not higher else str(low) if higher[0] == low + 1 else f"{low}–{higher[0] - 1}"


Modifiers = list[tuple[str, int]]  # each die modifier with what it is, as the log names it


def _why(mods: Modifiers) -> str:
    """The modifiers named after the sum: `` (a non-Alps pass -2)``, or nothing."""
    return f" ({', '.join(f'{name} {m:+d}' for name, m in mods)})" if mods else ""


def _pass(st: HannibalState, frame: tuple[int, ...]) -> tuple[int, Modifiers, str]:
    """H49: the pass's modifier, each part named (a non-Alps pass, #5 Native Guide), and the
    column of the CUs crossing."""
    mod = movement.pass_modifier(st, frame[1])
    guide = -3 if st.m_bonus == 5 else 0
    why = [("a non-Alps pass", mod - guide)] if mod - guide else []
    why += [(named(st, "#5"), guide)] if guide else []
    return mod, why, _attrition_column(st, st.m_left + base.moving_train(st))


def _force(st: HannibalState, frame: tuple[int, ...]) -> tuple[int, Modifiers, str]:
    """Winter attrition (H106) and Mercenaries Desert (#21): the force's size, no modifier."""
    side = frame[2] if frame[0] == Id.R_WINTER else 1
    return 0, [], _attrition_column(st, st.cu[side][frame[1]] + base.train_at(st, side, frame[1]))


def _event_attrition(st: HannibalState, frame: tuple[int, ...]) -> tuple[int, Modifiers, str]:
    """An event's attrition (#7/#8, #51, #52, #60): its modifier, named by the event just played
    (#52 Pestilence), and its column or the force's."""
    space, side, mod, column = frame[1:5]
    event = named(st, f"#{st.discard[-1]}") if st.discard else "the event"
    return mod - 10, [(event, mod - 10)] if mod - 10 else [], \
        _attrition_column(st, column or st.cu[side][space] + base.train_at(st, side, space))


def _casualties(st: HannibalState, frame: tuple[int, ...]) -> tuple[int, Modifiers, str]:
    return 0, [], _attrition_column(st, st.b_rounds)  # H82: the rounds' column


def _retreat(st: HannibalState, frame: tuple[int, ...]) -> tuple[int, Modifiers, str]:
    """H83: the winning card's modifier (a Double Envelopment, a Probe), named, and the loser's
    column, by the CUs it began the battle with."""
    began = st.bbegan[1 - st.b_win]
    mod = battle.retreat_modifier(st)
    card = "a Double Envelopment" if st.b_win_card == DE else "a Probe"
    why = [(f"{card} won the battle", mod)] if mod else []
    return mod, why, f"{_column(st.game.tables.retreat_columns, began)} CUs"


_TABLES: dict[int, Callable[[HannibalState, tuple[int, ...]], tuple[int, Modifiers, str]]] = {
    Id.R_PASS: _pass, Id.R_WINTER: _force, Id.R_MERCENARIES: _force, Id.R_EVENT_ATTRITION: _event_attrition,
    Id.R_CASUALTIES: _casualties, Id.R_RETREAT: _retreat}
"""The rolls on a table with columns: each one's modifier and column."""


def _pursuit(before: HannibalState, after: HannibalState) -> str:
    ended = all(frame[0] != Id.MOVE for frame in after.stack)
    return "the pursuit fails: the move ends" if ended else "the pursuit goes on"


def _command(before: HannibalState, after: HannibalState) -> str:
    return "the other consul commands" if after.stamp != before.stamp else "the command stays"


def _charge(before: HannibalState, after: HannibalState) -> str:
    cut = [after.bcut[side] - before.bcut[side] for side in (0, 1)]
    if cut[0]:
        return f"the charge succeeds: Rome gets {cut[0]} battle card{'s' if cut[0] > 1 else ''} fewer"
    return "the charge fails: Carthage gets a battle card fewer" if cut[1] else "the charge has no effect"


def _withdrawal(before: HannibalState, after: HannibalState) -> str:
    if after.b_withdrew:
        return "the withdrawal succeeds"
    if after.stack and after.stack[-1][0] == Id.CANCEL:
        return "the withdrawal succeeds unless the defender cancels it"
    return "the withdrawal fails: the defender may take the initiative"


def _cancel(before: HannibalState, after: HannibalState) -> str:
    return "the withdrawal stands" if after.b_withdrew else "the withdrawal is cancelled"


_RESULTS: dict[int, Callable[[HannibalState, HannibalState], str]] = {
            Id.R_PURSUIT: _pursuit, Id.R_COMMAND: _command, Id.R_CHARGE: _charge,
            Id.R_WITHDRAW: _withdrawal, Id.R_CANCEL: _cancel}


def _retreat_path(before: HannibalState, action: int) -> list[str]:
    """A retreat's way (H86, H88): the CUs it costs, space by space, and the friendly CUs that join it."""
    dst = action - before.notation.SPACE["retreat to"]
    side = before.stack[-1][1]
    paths = {} if before.b_withdrew else battle.retreat_paths(before, side)
    if dst not in paths:
        return []  # "retreat inside", or a withdrawal's step (H90: no loss)
    names, enemy = before.board.names, 1 - side
    out = []
    costs = []
    for s in paths[dst][1]:
        why = [f"a {_ADJECTIVE[enemy]} PC"] if before.ctrl[s] == enemy else ["a hostile tribe"] \
            if base.hostile_tribe(before, s, side) else []
        why += [f"{before.cu[enemy][s]} {_ADJECTIVE[enemy]} CU{'s' if before.cu[enemy][s] > 1 else ''}"] \
            if before.cu[enemy][s] else []
        if why:
            n = (before.ctrl[s] == enemy or base.hostile_tribe(before, s, side)) + before.cu[enemy][s]
            costs.append(f"{n} at {names[s]} ({', '.join(why)})")
    if costs:
        out.append(f"lost on the way (H88): {', '.join(costs)}")
    size = before.cu[side][before.b_space] - paths[dst][0]
    for s in paths[dst][1][:-1]:  # H86: friendly CUs met that do not outnumber the force join it
        if size and 0 < before.cu[side][s] <= size:
            out.append(f"{before.cu[side][s]} CU{'s' if before.cu[side][s] > 1 else ''} at {names[s]} join it (H86)")
            size += before.cu[side][s]
    return out


def _no_retreat(before: HannibalState, action: int, after: HannibalState) -> list[str]:
    """Why a battle's loser lost CUs beyond the dice (H85-H87, H90): where its retreat step ran
    in the action and found no way out, the CUs left (or its Generals alone) are eliminated."""
    if before.b_space < 0 or Id.RETREAT in (f[0] for f in after.stack):
        return []  # no battle, or the loser is to choose its way
    steps = [f[0] for f in before.stack if f[0] in BATTLE_STEPS]
    inside = before.stack[-1][0] == Id.RETREAT and action == before.notation.SIMPLE["retreat inside"]  # the rest
    # goes on as a retreat (H89)
    if not inside and (not steps or steps[-1] > Id.B_RETREAT):
        return []  # the retreat step was over before the action
    if any(f[0] in BATTLE_STEPS and f[0] <= Id.B_RETREAT for f in after.stack):
        return []  # nor has it come yet
    win = after.b_win if after.b_space >= 0 else before.b_win
    side = 1 - win if win >= 0 else before.b_att  # the loser, or the army that withdrew (H80)
    space = before.b_space

    def force(st: HannibalState) -> int:
        return st.cu[side][space] + (st.inner[space] if st.ctrl[space] == side else 0)

    tables, frame, die = before.game.tables, before.stack[-1], action - before.notation.ROLL + 1
    have = before.cu[side][space]
    own = 0  # what the action's own roll took, said by the roll
    if frame[0] == Id.R_CASUALTIES:
        own = min(have, tables.attrition_loss(die, before.b_rounds))
    elif frame[0] == Id.R_RETREAT:
        loss = tables.retreat_loss(die + battle.retreat_modifier(before), before.bbegan[side])
        own = have if loss is None else min(have, loss)
    eliminated = force(before) - force(after) - own
    if before.b_withdrew:
        why = "no space to withdraw to (H90)"
    elif before.b_sea and side == before.b_orig:
        why = "landed by sea on this card, it may not retreat (H87)"
        if after.inner[space] > before.inner[space]:
            why = "landed by sea on this card, it may retreat only inside the walls, and these do not fit (H87)"
    else:
        why = "no legal retreat within 4 spaces (H86, H87)"
    if eliminated > 0:
        table = f"the Retreat Table takes {own} CU{'s' if own != 1 else ''}; " if frame[0] == Id.R_RETREAT else ""
        left = f"the {eliminated} CU{'s' if eliminated > 1 else ''} left"
        return [f"{table}{left} {'are' if eliminated > 1 else 'is'} eliminated: {why}"]
    alone = [g for g in base.generals_at(before, space, side) if after.gen_at[g] < 0]
    if alone and not have - own and not (frame[0] == Id.R_RETREAT and have):  # H85: Generals without CUs
        return [f"{' and '.join(_general(before, g) for g in alone)} could not retreat: {why}"]
    return []


def _plus(die: int, mod: int) -> str:
    """A die and its modifier: ``4 - 1 = 3``, or the die alone."""
    return f"{die} {'+' if mod > 0 else '-'} {abs(mod)} = {die + mod}" if mod else str(die)


def _general(st: HannibalState, g: int) -> str:
    return st.game.generals[g].name if g >= 0 else "the force"


def _why_pcs(st: HannibalState) -> str:
    """Why a side removes PCs: a battle lost (H91), Hannibal lost (H43) or the Victory Check (H109)."""
    return {"battle": "the battle lost (H91)", "hannibal": "Hannibal's loss (H43)",
            "victory check": "fewer political points at the Victory Check (H109)"}[base.pc_removal_cause(st)]


def changes(before: HannibalState, after: HannibalState, text: str) -> list[str]:
    """The public board's changes: CUs lost or gained, Generals gone, PCs, political points, the
    end. ``text``: the action's notation (what a ``pc`` or ``reinforce`` says is not said again)."""
    out = []
    for side in (0, 1):
        out += _cus(before, after, side, text)
    out += [_gone(before, g, b) for g, (a, b) in enumerate(zip(before.gen_at, after.gen_at, strict=True)) if a >= 0 > b]
    if after.debt > before.debt:
        out.append(f"Carthage owes {after.debt} PCs for Hannibal (H43)")
    if before.ctrl != after.ctrl:  # the points follow control alone (H108)
        out += _control_changes(before, after, text)
    out += _siege_points(before, after) + _markers(before, after)
    if after.winner >= 0 > before.winner:
        out.append(f"{_side(after.winner)} wins the game: {after.reason}")
    return out


def _siege_points(before: HannibalState, after: HannibalState) -> list[str]:
    """Siege and subjugation points gained or lost (H95), where the space's control stays."""
    names = before.board.names
    pairs = enumerate(zip(before.spts, after.spts, strict=True))
    return [f"siege points at {names[s]} {a} → {b}" for s, (a, b) in pairs
            if a != b and before.ctrl[s] == after.ctrl[s]]


def _markers(before: HannibalState, after: HannibalState) -> list[str]:
    """The public markers an event or a battle sets: Truce, Naval Victory, Macedonia, the siege train."""
    out = []
    if after.truce and not before.truce:
        out.append("a Truce is in force")
    if after.naval_victory and not before.naval_victory:
        out.append("the Carthaginian Naval Victory holds this turn")
    if after.macedonia != before.macedonia:
        out.append("Macedonia is allied with Carthage" if after.macedonia == 1 else "the Macedonian alliance is over")
    if after.siege_train != before.siege_train:
        g = after.siege_train
        out.append(f"the siege train is with {after.game.generals[g].name}" if g >= 0 else "the siege train is lost")
    return out


def _control_changes(before: HannibalState, after: HannibalState, text: str) -> list[str]:
    """PCs changed (but the one a ``pc`` or ``remove pc`` names) and each side's points changed."""
    names = before.board.names
    out = []
    said = text.startswith(("pc ", "remove pc "))  # the action itself says its space's PC
    pcs = [f"{names[s]} {_control(b)}" for s, (a, b) in enumerate(zip(before.ctrl, after.ctrl, strict=True))
           if a != b and not (said and _names(text, names[s]))]
    if pcs:
        out.append(f"PCs: {', '.join(pcs)}{' (isolated, H104)' if _isolation(before, after) else ''}")
    for side in (0, 1):
        old, new = points(before, side), points(after, side)
        if old != new:
            out.append(f"{_side(side)}'s political points {old} → {new}")
    return out


def _cus(before: HannibalState, after: HannibalState, side: int, text: str) -> list[str]:
    """The side's CUs lost or gained on the map (outside and inside the walls), and where (unsaid
    where ``text`` says it: ``reinforce Rome``)."""
    if before.cu[side] == after.cu[side] and before.inner == after.inner:
        return []

    def total(st: HannibalState) -> list[int]:
        return [st.cu[side][s] + (st.inner[s] if st.ctrl[s] == side else 0) for s in range(st.board.n_spaces)]

    old, new = total(before), total(after)
    change = sum(new) - sum(old)
    if not change:
        return []
    where = [before.board.names[s] for s in range(len(old)) if (new[s] - old[s]) * change > 0]
    if text.startswith("retreat to ") and before.b_space >= 0:
        where = [before.board.names[before.b_space]]  # lost on the way; those met joined (H86, H88)
    if text.startswith("reinforce ") and change == 1 and _names(text, where[0]):
        return []  # the action itself says it
    verb = "loses" if change < 0 else "gains"
    return [f"{_side(side)} {verb} {abs(change)} CU{'s' if abs(change) > 1 else ''} ({', '.join(where)})"]


def _gone(st: HannibalState, g: int, where: int) -> str:
    """A General leaving the map: displaced, eliminated (Hannibal's PCs, H43) or out of office."""
    said = f"{st.game.generals[g].name} {_GONE.get(where, 'leaves the map')}"
    pcs = base.ability(st, g, "pcs_lost_if_displaced") if where == DEAD else 0
    return f"{said}: {_side(st.game.general_side[g])} must remove {pcs} PCs" if pcs else said


def _names(text: str, name: str) -> bool:
    """Whether ``text`` names the space ``name``."""
    return re.search(rf"\b{re.escape(name)}\b", text) is not None


def _isolation(before: HannibalState, after: HannibalState) -> bool:
    """Whether the turn's isolation step (H104) ran during the action."""
    def step(st: HannibalState) -> tuple[int, int]:
        return st.turn, st.stack[0][0] if st.stack else Id.S_END  # the bottom frame: the turn's step

    return step(before) <= (before.turn, Id.S_ISOLATION) < step(after)


def _side(side: int) -> str:
    return SIDES[side].capitalize()


def _control(side: int) -> str:
    return f"now {SIDES[side]}'s" if side in (0, 1) else "now nobody's" if side == base.NONE else "neutral"

