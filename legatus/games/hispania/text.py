"""The position as text: per province its cities with their discs and meeples, the seas,
the reserves and the tracks. With ``markup=True`` the text carries rich colour markup."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import CITERIOR, HISPANIC_PROVINCES, ULTERIOR
from .pieces import COLOURS, TIME_TRACK, TITLES, TURN_NUMERALS
from .rules import phases

if TYPE_CHECKING:
    from .state import HispaniaState

SHORT = ("Ult", "Cit", "Cos")
LEGEND = "● revolt   ■R ■Y ■B garrison (bottom first)   ▲ army   ♟ general   ═ road"
_WIDTH = 40


def _paint(text: str, colour: str, markup: bool) -> str:
    return f"[{colour}]{text}[/{colour}]" if markup else text


def _city(st: HispaniaState, c: int, markup: bool) -> tuple[str, int]:
    """A city's line and its printed width (markup does not count)."""
    board = st.board
    star = "★" if board.is_capital(c) else " "
    left = f" {board.number[c]}{star}{board.names[c]:<13}"
    pieces: list[tuple[str, str | None]] = [("●" * st.revolts[c], None)] if st.revolts[c] else []
    pieces += [(f"■{COLOURS[g][0].upper()}", COLOURS[g]) for g in st.garrisons[c]]
    if st.space_army[c] >= 0:
        pieces.append(("▲", None))
    g = st.space_general[c]
    if g >= 0:
        pieces.append((f"♟{SHORT[g]}", COLOURS[g]))
    plain = f"{left} {' '.join(t for t, _ in pieces)}".rstrip()
    body = " ".join(_paint(t, col, markup) if col else t for t, col in pieces)
    return f"{left} {body}".rstrip(), len(plain)


def _block(st: HispaniaState, province: int, markup: bool) -> list[tuple[str, int]]:
    board = st.board
    head = board.province_label(province)
    lines = [(_paint(head, "bold", markup), len(head))]
    lines += [_city(st, c, markup) for c in board.province_cities[province]]
    return lines


def render(st: HispaniaState, markup: bool = False) -> str:
    board = st.board
    order = [*HISPANIC_PROVINCES, ULTERIOR, CITERIOR]
    blocks = [_block(st, p, markup) for p in order]
    out = [_header(st).replace("[", "\\[") if markup else _header(st)]
    for left, right in zip(blocks[0::2], blocks[1::2], strict=True):
        out.append("")
        for i in range(max(len(left), len(right))):
            text, width = left[i] if i < len(left) else ("", 0)
            other = right[i][0] if i < len(right) else ""
            out.append(f"{text}{' ' * max(1, _WIDTH - width)}{other}".rstrip())
    seas = []
    for s in board.seas:
        g = st.space_general[s]
        mark = " fleet" if st.fleets[s] else ""
        if g >= 0:
            mark += " " + _paint(f"♟{SHORT[g]}", COLOURS[g], markup)
        if st.revolts[s]:
            mark += " " + "●" * st.revolts[s] + " pirates"
        seas.append(f"{board.number[s]} {board.names[s]}{mark}")
    out += ["", "Seas: " + " · ".join(seas)]
    placed = [f"{board.names[link.a]}═{board.names[link.b]}"
              for li, link in enumerate(board.links) if st.roads[li] and not link.road]
    out.append("Roads placed: " + (", ".join(placed) if placed else "none") + " (plus the 6 printed ones)")
    reserve = ", ".join(_paint(f"{COLOURS[g]} {n}", COLOURS[g], markup) for g, n in enumerate(st.garrison_reserve))
    out.append(f"Reserves: {st.revolt_reserve} revolts, {st.armies_in_reserve()} armies; garrisons {reserve}")
    off = [TITLES[g] for g, s in enumerate(st.general_at) if s < 0 and st.phase > phases.SETUP_START]
    if off:
        out.append(f"Off the board: {', '.join(off)} (each blocks a denarius)")
    out.append(LEGEND)
    return "\n".join(out)


def _header(st: HispaniaState) -> str:
    track = " ".join(f"[{y}]" if i < st.time else str(y) for i, y in enumerate(TIME_TRACK))
    head = f"Hispania {st.level} — round {st.round}, turn {TURN_NUMERALS[st.turn]} ({TITLES[st.turn]}) — " \
           f"{phases.NAMES[st.phase]}"
    if st.phase == phases.ROMAN:
        head += f" — {st.money} denari{'us' if st.money == 1 else 'i'}"
    if st.winner:
        head += f" — {'Roman' if st.winner == 'rome' else 'Hispanic'} victory: {st.reason}"
    return f"{head}\nTime track (BC, [covered]): {track}"


def prompt(st: HispaniaState) -> str:
    """Who decides what now, or which dice to roll (one sentence)."""
    board = st.board
    names = board.names
    phase = st.phase
    title = TITLES[st.actor]
    if phase == phases.SETUP_REVOLTS:
        return (f"Setup: roll the Hispanic die for {board.province_label(st.step)}: "
                "it names the city and how many revolts go there.")
    if phase == phases.SETUP_ARMIES:
        return f"Setup: roll the Roman die to choose the province of an army ({st.step} to place)."
    if phase == phases.SETUP_ROADS:
        placed = st.level.roads - st.step + 1
        return (f"Setup: the {title} places road {placed} of {st.level.roads} "
                "(from the network, not to a revolt or capital).")
    if phase == phases.SETUP_START:
        where = "on a fleet" if st.actor == 2 else f"in a city of {board.province_names[6 + st.actor]}"
        return f"Setup: the {title} chooses where he starts, {where}."
    if phase == phases.ENTER:
        return f"Round {st.round}, turn {TURN_NUMERALS[st.turn]}: the {title} is off the board and enters it."
    if phase == phases.ROMAN:
        where = names[st.general_at[st.turn]]
        return (f"Round {st.round}, turn {TURN_NUMERALS[st.turn]}: the {title} in {where} has {st.money} "
                f"denari{'us' if st.money == 1 else 'i'}: move, fleet, garrison, besiege, attack or end.")
    if phase == phases.BESIEGE_ROLL:
        return f"Roll the Roman die for the siege of {names[st.target]}."
    if phase == phases.ATTACK_ROLL:
        return f"Roll the Roman die and the Hispanic die for the attack on the army in {names[st.target]}."
    if phase == phases.REVOLT_ROLL:
        return "Hispanic revolt: roll the Roman die (province) and the Hispanic die (city)."
    if phase == phases.ARMY_ROLL:
        options = ", ".join(f"{names[c]} ({board.number[c]})" for c in st.candidates)
        return f"The army in {names[st.army_at[st.army]]} may move to {options}: roll the Hispanic die."
    if phase == phases.DEFEND_GENERAL_ROLL:
        g = st.space_general[st.target]
        return (f"The army in {names[st.army_at[st.army]]} attacks the {TITLES[g]} in {names[st.target]}: "
                "roll the Roman die (for him) and the Hispanic die (for the army).")
    if phase == phases.DEFEND_CITY_ROLL:
        return (f"The army in {names[st.army_at[st.army]]} attacks the garrison of {names[st.target]}: "
                "roll the Hispanic die.")
    side = "Roman" if st.winner == "rome" else "Hispanic"
    return f"The game is over: {side} victory, {st.reason}."


def describe(st: HispaniaState, action: int) -> str:
    """The notation, with the cost of a move."""
    from .notation import ENTER_MOVE, FLEET, MOVE
    from .rules import movement, turn

    text = str(st.notation.table[action])
    kind, a, b = st.notation.decode[action]
    if kind == MOVE and st.phase == phases.ROMAN:
        cost = movement.path_costs(st, st.general_at[st.turn], st.money).get(a)
    elif kind == FLEET and st.phase == phases.ROMAN:
        cost = dict(movement.fleet_moves(st, a, st.money)).get(b)
    elif kind == ENTER_MOVE and st.phase == phases.ENTER:
        cost = movement.path_costs(st, a, turn.money(st) + 1).get(b)
    else:
        return text
    return text if cost is None else f"{text} ({cost} denari{'us' if cost == 1 else 'i'})"
