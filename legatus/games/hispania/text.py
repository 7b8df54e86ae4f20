"""The position as text: per province its cities with their discs and meeples, the seas,
the reserves and the tracks; the prompt of the decision or roll due; actions with their cost.
With ``markup=True`` the text carries rich colour markup."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from legatus.core.errors import NotationError

from .board import CITERIOR, HISPANIC_PROVINCES, ULTERIOR
from .notation import END, ENTER_MOVE, FLEET, HAND_OVER, MOVE, MOVE_OTHER, ROAD
from .pieces import COLOURS, OFF, TITLES, TURN_NUMERALS
from .rules import end_of_round, movement, phases, turn
from .variants import HISPANO
from .variants import TITLES as VARIANT_TITLES

if TYPE_CHECKING:
    from .state import HispaniaState

SHORT = ("Ult", "Cit", "Cos", "Pro")
MEEPLE_COLOURS = ("red", "yellow", "blue", "white")
LEGEND = "● revolt   ■R ■Y ■B ■P garrison (bottom first)   ▲ army  ▲! special army   ♟ general   ═ road"
_WIDTH = 40
STATUS_WIDTH = 80


def count(n: int, one: str, many: str) -> str:
    """``n`` with its noun: "1 army", "2 armies", "1 denarius"."""
    return f"{n} {one if n == 1 else many}"


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
    out.append(f"Reserves: {count(st.revolt_reserve, 'revolt', 'revolts')}, "
               f"{count(st.armies_in_reserve(), 'army', 'armies')}; garrisons {reserve}")
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
    """Who decides what now, or which dice to roll (one sentence): the running procedure's."""
    if st.stack:
        return st.procedures.prompt(st)
    side = "Roman" if st.winner == "rome" else "Hispanic"
    return f"The game is over: {side} victory, {st.reason}."


def describe(st: HispaniaState, action: int) -> str:
    """The notation, with the cost of a move or a road, what ending a phase loses, what
    handing over means."""
    text = str(st.game.actions[action])
    kind, a, b, _ = st.notation.decode[action]
    cost = None
    if kind == HAND_OVER:
        other = st.game.seats[st.game.consul_seats[1]]
        return f"{text} (the {other} player goes on with the consul's turn; once a turn)"
    if kind == END and st.phase == phases.ROMAN and st.money > 0:
        return f"{text} ({count(st.money, 'denarius', 'denarii')} unspent, lost (R9))"
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



def status(st: HispaniaState, markup: bool = False) -> str:
    """The few lines of the position that matter at a decision (the terminal's screen; the
    whole board is :func:`render`): the turn, the reserves and the time, the generals, the
    six capitals the Romans must garrison."""
    board = st.board
    turn_line = _header(st).split("\n")[-2]  # round, turn, phase, denarii (and the result)
    out = [line.replace("[", "\\[") if markup else line
           for line in textwrap.wrap(turn_line, STATUS_WIDTH, subsequent_indent="  ")]
    years, capacity = end_of_round.track(st)
    kept = " ".join(_paint(f"■{COLOURS[g][0].upper()}{n}", COLOURS[g], markup) for g, n in
                    enumerate(st.garrison_reserve[:3]))
    out.append(f"Reserve: {count(st.revolt_reserve, 'revolt', 'revolts')}, "
               f"{count(st.armies_in_reserve(), 'army', 'armies')}, garrisons {kept} · time track {st.time} of "
               f"{len(years) * capacity}")
    generals = []
    for g, s in enumerate(st.general_at):
        if s >= 0:
            generals.append(_paint(f"♟{SHORT[g]}", MEEPLE_COLOURS[g], markup) + f" {board.names[s]}")
        elif s == OFF and st.phase not in _SETUP:
            generals.append(f"♟{SHORT[g]} off")
    out.append(f"Generals: {' · '.join(generals) or 'not yet placed'}")
    held = sum(1 for c in board.capitals if st.garrisons[c])
    line, width = f"Capitals {held}/6 garrisoned:", len(f"Capitals {held}/6 garrisoned:")
    for i, c in enumerate(board.capitals):  # filled into 80 columns, continued indented
        pieces = "●" * st.revolts[c] + "".join(_paint(f"■{COLOURS[g][0].upper()}", COLOURS[g], markup)
                                               for g in st.garrisons[c])
        sep = " ·" if i < len(board.capitals) - 1 else ""
        item = f"{board.names[c]} {pieces}".rstrip() + sep
        # The columns it takes on the screen: a revolt is one (●), a garrison two (■ and its letter).
        plain = len(f"{board.names[c]} {'●' * (st.revolts[c] + 2 * len(st.garrisons[c]))}".rstrip() + sep)
        if width + 1 + plain > STATUS_WIDTH:
            out.append(line)
            line, width = " ", 1
        line, width = f"{line} {item}", width + 1 + plain
    out.append(line)
    return "\n".join(out)


def _link_text(st: HispaniaState, li: int, other: int) -> str:
    """A link as seen from one end: "Corduba 1 road", "Numantia 2 river Durius"."""
    link = st.board.links[li]
    words = [st.board.names[other], str(link.segments)]
    if st.roads[li]:
        words.append("road")
    if link.river:
        words.append(f"river {link.river}")
    return " ".join(words)


def map_text(st: HispaniaState) -> str:
    """The links of every space, province by province, then the seas: the neighbour, its
    segments, "road" where a road runs and the river a link crosses."""
    board = st.board
    out = ["Links: neighbour, segments (a general pays 1 denarius a segment; a road run 1), road, river"]
    groups = [(board.province_label(p), board.province_cities[p]) for p in (*HISPANIC_PROVINCES, ULTERIOR, CITERIOR)]
    groups.append(("Seas", tuple(board.seas)))
    for label, spaces in groups:
        out.append(label)
        for s in spaces:
            links = ", ".join(_link_text(st, li, other) for other, _, li in board.adj[s])
            out.append(f"  {board.number[s]} {board.names[s]}: {links}")
    return "\n".join(out)


def near_text(st: HispaniaState, name: str) -> str:
    """A space's neighbours: segments, road, river, and what the general to move pays to get
    there now (revolts and generals in the way included)."""
    board = st.board
    try:
        space = board.space(name)
    except KeyError:
        raise NotationError(f"near '{name.strip()}': no space of that name; e.g. near Corduba "
                            "(map lists them all)") from None
    g = st.turn
    here = st.general_at[g] if g < len(st.general_at) else -1
    costs = movement.general_costs(st, g, here, _ANY_BUDGET) if here >= 0 else {}
    if here >= 0:
        origin = f"cost for the {TITLES[g]} from {board.names[here]}"
    else:
        origin = f"the {TITLES[g]} is not on the board"
    lines = [f"{board.names[space]} ({board.coordinate(space)}), {origin}: "
             f"{_cost_words(costs, space, here)}",
             "  neighbour, segments, road, river — what the general pays to get there"]
    for other, _, li in board.adj[space]:
        lines.append(f"  {_link_text(st, li, other)} — {_cost_words(costs, other, here)}")
    return "\n".join(lines)


_ANY_BUDGET = 99  # more than any path across the board costs


def _cost_words(costs: dict[int, int], space: int, here: int) -> str:
    if space == here:
        return "the general is here"
    if here < 0:
        return "—"
    cost = costs.get(space)
    return "no way (revolts, a general or no fleet)" if cost is None else count(cost, "denarius", "denarii")
