"""The position as text: per province its cities with their discs and meeples, the seas,
the reserves and the tracks; the prompt of the decision or roll due; actions with their cost.
With ``markup=True`` the text carries rich colour markup."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import CITERIOR, HISPANIC_PROVINCES, ROMAN_NUMERALS, ULTERIOR
from .notation import ENTER_MOVE, FLEET, MOVE, MOVE_OTHER, ROAD, ROLL_R
from .pieces import COLOURS, CONSUL, OFF, TITLES, TURN_NUMERALS
from .rules import end_of_round, movement, phases, setup, turn
from .variants import HISPANO
from .variants import TITLES as VARIANT_TITLES

if TYPE_CHECKING:
    from .state import HispaniaState

SHORT = ("Ult", "Cit", "Cos", "Pro")
MEEPLE_COLOURS = ("red", "yellow", "blue", "white")
LEGEND = "● revolt   ■R ■Y ■B ■P garrison (bottom first)   ▲ army  ▲! special army   ♟ general   ═ road"
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
        pieces.append(("▲!" if st.space_army[c] == st.special else "▲", None))
    g = st.space_general[c]
    if g >= 0:
        pieces.append((f"♟{SHORT[g]}", MEEPLE_COLOURS[g]))
    plain = f"{left} {' '.join(t for t, _ in pieces)}".rstrip()
    body = " ".join(_paint(t, col, markup) if col else t for t, col in pieces)
    return f"{left} {body}".rstrip(), len(plain)


def _block(st: HispaniaState, province: int, markup: bool) -> list[tuple[str, int]]:
    head = st.board.province_label(province)
    return [(_paint(head, "bold", markup), len(head))] + [_city(st, c, markup)
                                                          for c in st.board.province_cities[province]]


def render(st: HispaniaState, markup: bool = False) -> str:
    board = st.board
    blocks = [_block(st, p, markup) for p in (*HISPANIC_PROVINCES, ULTERIOR, CITERIOR)]
    out = [_header(st).replace("[", "\\[") if markup else _header(st)]
    for left, right in zip(blocks[0::2], blocks[1::2], strict=True):
        out.append("")
        for i in range(max(len(left), len(right))):
            line, width = left[i] if i < len(left) else ("", 0)
            other = right[i][0] if i < len(right) else ""
            out.append(f"{line}{' ' * max(1, _WIDTH - width)}{other}".rstrip())
    seas = []
    for s in board.seas:
        g = st.space_general[s]
        mark = " fleet" if st.fleets[s] else ""
        if g >= 0:
            mark += " " + _paint(f"♟{SHORT[g]}", MEEPLE_COLOURS[g], markup)
        if st.revolts[s]:
            mark += " " + "●" * st.revolts[s] + " pirates"
        seas.append(f"{board.number[s]} {board.names[s]}{mark}")
    out += ["", "Seas: " + " · ".join(seas)]
    placed = [f"{board.names[link.a]}═{board.names[link.b]}"
              for li, link in enumerate(board.links) if st.roads[li] and not link.road]
    held = f"; {st.roads_held} kept back" if st.roads_held else ""
    out.append("Roads placed: " + (", ".join(placed) if placed else "none") + f" (plus the 6 printed ones){held}")
    reserve = ", ".join(_paint(f"{COLOURS[g]} {n}", COLOURS[g], markup) for g, n in enumerate(st.garrison_reserve))
    if st.purple >= 0:
        reserve += f"; Legio Hispana with the {TITLES[st.purple]}"
    out.append(f"Reserves: {st.revolt_reserve} revolts, {st.armies_in_reserve()} armies; garrisons {reserve}")
    off = [TITLES[g] for g, s in enumerate(st.general_at[:3]) if s == OFF and st.phase not in _SETUP]
    if off:
        out.append(f"Off the board: {', '.join(off)} (each blocks a denarius)")
    out.append(LEGEND)
    return "\n".join(out)


_SETUP = (phases.SETUP_ROADS, phases.SETUP_START)


def _header(st: HispaniaState) -> str:
    game = st.game
    years, capacity = end_of_round.track(st)
    marks = []
    for i, year in enumerate(years):
        on = min(capacity, max(0, st.time - i * capacity))
        marks.append(f"[{year}]" if on == capacity else f"{year}({on}/{capacity})" if on else str(year))
    extras = [VARIANT_TITLES[v] for v in game.options["variants"]]
    title = f"Hispania {st.level}" + (f" — {game.scenario.title}" if game.scenario else "")
    if extras:
        title += f" ({', '.join(extras)})"
    head = f"{title}\nRound {st.round}, turn {TURN_NUMERALS[st.turn]} ({TITLES[st.turn]}) — {st.phase_name()}"
    if st.phase == phases.ROMAN:
        head += f" — {st.money} denari{'us' if st.money == 1 else 'i'}"
    if HISPANO in game.variants:
        head += f" — Hispano {st.hispano_money} denari{'us' if st.hispano_money == 1 else 'i'}"
    if st.lethe:
        head += " — the Lethe road holds the Durius"
    if st.winner:
        head += f" — {'Roman' if st.winner == 'rome' else 'Hispanic'} victory: {st.reason}"
    return f"{head}\nTime track (BC, [covered]): {' '.join(marks)}"


def prompt(st: HispaniaState) -> str:
    """Who decides what now, or which dice to roll (one sentence)."""
    board = st.board
    names = board.names
    phase = st.phase
    title = TITLES[st.actor]
    if phase == phases.ROLL:
        return _roll_prompt(st)
    if phase == phases.HISPANO:
        return _hispano_prompt(st)
    if phase == phases.SETUP_ROADS:
        placed = st.level.roads - st.step + 1
        return (f"Setup: the {title} places road {placed} of {st.level.roads} "
                "(from the network, not to a revolt or capital).")
    if phase == phases.SETUP_START:
        where = "on a fleet" if st.actor == CONSUL else f"in a city of {board.province_names[6 + st.actor]}"
        return f"Setup: the {title} chooses where he starts, {where}."
    if phase == phases.ENTER:
        return f"Round {st.round}, turn {TURN_NUMERALS[st.turn]}: the {title} is off the board and enters it."
    if phase == phases.ROMAN:
        where = names[st.general_at[st.turn]]
        return (f"Round {st.round}, turn {TURN_NUMERALS[st.turn]}: the {title} in {where} has {st.money} "
                f"denari{'us' if st.money == 1 else 'i'}: move, fleet, garrison, besiege, attack or end.")
    if phase == phases.FREE_MOVE:
        return "Imperivm: the praetor of Ulterior may move one link for free, or end."
    side = "Roman" if st.winner == "rome" else "Hispanic"
    return f"The game is over: {side} victory, {st.reason}."


def _roll_prompt(st: HispaniaState) -> str:
    board = st.board
    names = board.names
    purpose = st.roll_for
    if purpose == phases.SETUP_REVOLT:
        return (f"Setup: roll the Hispanic die for {board.province_label(setup.revolt_provinces(st)[st.step])}: "
                "it names the city and how many revolts go there.")
    if purpose == phases.SETUP_ARMY:
        return f"Setup: roll the Roman die to choose the province of an army ({st.step} to place)."
    if purpose == phases.SCENARIO_ARMY:
        scenario = st.game.scenario
        assert scenario is not None  # this roll is asked only by a scenario
        province, kind = scenario.armies_in[st.count]
        what = "the special army" if kind == "special" else "an army"
        return f"Setup: roll the Hispanic die to place {what} on a revolt of {board.province_label(province)}."
    if purpose == phases.SPECIAL_ARMY:
        return f"Roll the Hispanic die: is the army placed in {names[st.target]} the special army?"
    if purpose == phases.BESIEGE:
        return f"Roll the Roman die for the siege of {names[st.target]}."
    if purpose == phases.ATTACK:
        return f"Roll the Roman die and the Hispanic die for the attack on the army in {names[st.target]}."
    if purpose == phases.REVOLT:
        return "Hispanic revolt: roll the Roman die (province) and the Hispanic die (city)."
    if purpose == phases.ASSASSINATION:
        return f"Roll the Hispanic die: {st.spent} or less and the traitors kill the special army's leader."
    if purpose == phases.ARMY_WAY:
        options = ", ".join(f"{names[c]} ({board.number[c]})" for c in st.candidates)
        return f"The army in {names[st.army_at[st.army]]} may move to {options}: roll the Hispanic die."
    if purpose == phases.DEFEND_GENERAL:
        g = st.space_general[st.target]
        return (f"The army in {names[st.army_at[st.army]]} attacks the {TITLES[g]} in {names[st.target]}: "
                "roll the Roman die (for him) and the Hispanic die (for the army).")
    if purpose == phases.DEFEND_CITY:
        return (f"The army in {names[st.army_at[st.army]]} attacks the garrison of {names[st.target]}: "
                "roll the Hispanic die.")
    die = "Roman" if st.roll_kind == ROLL_R else "Hispanic"
    return f"The Hispano has paid: roll the {die} die again."


def _hispano_prompt(st: HispaniaState) -> str:
    names = st.board.names
    purpose = st.hispano_for
    money = f"({st.hispano_money} denari{'us' if st.hispano_money == 1 else 'i'})"
    if purpose == phases.H_SETUP_REVOLTS:
        province = st.board.province_label(setup.revolt_provinces(st)[st.step])
        return f"Setup: the Hispano places {st.count} revolt{'s' if st.count > 1 else ''} in a city of {province}."
    if purpose == phases.H_SETUP_ARMY:
        return "Setup: the Hispano places an army on a city in revolt."
    if purpose == phases.H_REROLL:
        roman, hispanic = st.dice
        shown = f"{ROMAN_NUMERALS[roman - 1]}-{hispanic}" if roman and hispanic else str(hispanic or roman)
        return f"The dice show {shown}: the Hispano may pay 1 to roll a die again, or pass {money}."
    if purpose == phases.H_CHOOSE:
        options = ", ".join(names[c] for c in st.candidates)
        return (f"The army in {names[st.army_at[st.army]]} may move to {options}: the Hispano may pay 1 to choose, "
                f"or pass and roll {money}.")
    if purpose == phases.H_REINFORCE:
        return (f"The {TITLES[st.fighter]} fights {names[st.target]}: the Hispano may add 1-2 denarii to its "
                f"defence, or pass {money}.")
    when = "before" if st.window == 0 else "after"
    return f"Hispanic phase, {when} the armies move: the Hispano may attack with an army, or pass {money}."


def describe(st: HispaniaState, action: int) -> str:
    """The notation, with the cost of a move or a road."""
    text = str(st.notation.table[action])
    kind, a, b, _ = st.notation.decode[action]
    cost = None
    if st.phase == phases.ROMAN:
        if kind == MOVE:
            cost = movement.general_costs(st, st.turn, st.general_at[st.turn], st.money).get(a)
        elif kind == MOVE_OTHER:
            mover = a
            if st.general_at[mover] >= 0:
                cost = movement.general_costs(st, mover, st.general_at[mover], st.money).get(b)
        elif kind == FLEET:
            cost = dict(movement.fleet_moves(st, a, st.money)).get(b)
        elif kind == ROAD:
            cost = st.board.links[a].segments
    elif kind == ENTER_MOVE and st.phase == phases.ENTER:
        cost = movement.general_costs(st, st.actor, a, turn.money(st) + 1).get(b)
    return text if cost is None else f"{text} ({cost} denari{'us' if cost == 1 else 'i'})"

