"""Hannibal at the terminal, drawn from a seat's view alone (the view is where secrets are
removed, so a screen shows nothing its seat may not see): the turn, the phase and whose
decision; the political points and each province's controller in one block; the armies of
both sides and the sieges; the seat's own hand, each card with its number, name and OPs; the
battle under way. The commands ``map``, ``near SPACE``, ``card N``, ``cards`` and ``forces``
show only what is public. Every line fits 80 columns.

>>> import legatus
>>> state = legatus.load("hannibal").new_initial_state()
>>> print(render(state.game, state.view(0), full=False).splitlines()[0])
Turn 1 (218 BC) · deal · dice to roll · you are rome
"""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING, Any

from legatus.core.errors import NotationError

from .cards import StrategyCard
from .map import ALPS_PASS, PASS, STRAIT
from .notation import SIDES
from .rules import base, walls

if TYPE_CHECKING:
    from .game import HannibalGame
    from .state import HannibalState

WIDTH = 80
ROWS = 16  # with the cards' texts at most: an 80×24 screen keeps rows for the plays (ops, event,
# discard), the news and the prompt
NBSP = "\u00a0"  # an army stays on one line
SIDE_WORDS = {"rome": "Rome only", "carthage": "Carthage only", "either": "either side"}
_CHOICE_CARD = re.compile(r"#\d+$")  # the card a choice names: "ops #5", "event #6"
KIND_WORDS = {"event": "an event", "counter": "a counter event, played in the other side's {when}",
              "op_bonus": "OPs with a bonus", "campaign": "a campaign: {generals} Generals move"}


def _bold(text: str, markup: bool) -> str:
    return f"[bold]{text}[/bold]" if markup else text


def _wrap(head: str, items: list[str]) -> list[str]:
    """``head`` then the items, " · " between them, wrapped at 80 columns and indented."""
    return textwrap.wrap(f"{head}{' · '.join(items) or 'none'}", WIDTH, subsequent_indent="  ",
                         break_on_hyphens=False)


def card_label(card: StrategyCard) -> str:
    """A card as every choice and hand shows it: "#16 Gallic Recruits (2 OPs)"."""
    return f"#{card.number} {card.name} ({card.ops} OP{'s' if card.ops > 1 else ''})"


def _label(game: HannibalGame, text: str) -> str:
    """A card of the view ("#16 Gallic Recruits") with its OPs."""
    return card_label(game.cards.strategy[int(text.split(" ", 1)[0][1:]) - 1])


def abbreviations(names: tuple[str, ...]) -> list[str]:
    """A short name a province, unique: its first four letters, the initials and a last word's
    start for two words, its consonants where four letters are shared, else its whole name.

    >>> abbreviations(("Apulia", "Gallia Cisalpinia", "Carthage", "Carthaginia"))
    ['Apul', 'GCis', 'Crthg', 'Crthgn']
    """
    short = [n[:4] if " " not in n else "".join(w[0] for w in n.split()[:-1]) + n.split()[-1][:3] for n in names]
    for shared in {s for s in short if short.count(s) > 1}:
        for j in [j for j, s in enumerate(short) if s == shared]:
            short[j] = names[j][0] + "".join(c for c in names[j][1:] if c.lower() not in "aeiou ")
    return [name if short.count(s) > 1 else s for name, s in zip(names, short, strict=True)]


def _controllers(game: HannibalGame, view: dict[str, Any]) -> list[str | None]:
    """Each province's controller (R19.1: the PCs it needs), from the view's spaces."""
    board = game.board
    out: list[str | None] = []
    for p, spaces in enumerate(board.province_spaces):
        held = [(view["spaces"].get(board.names[s]) or {}).get("control") for s in spaces]
        out.append(next((side for side in ("rome", "carthage") if held.count(side) >= board.control[p]), None))
    return out


def _provinces(game: HannibalGame, view: dict[str, Any]) -> list[str]:
    """One block: each side's provinces by their short names, those not counted for points in
    brackets (H108)."""
    board, owners = game.board, _controllers(game, view)
    short = abbreviations(board.province_names)
    items = []
    for side, points in (("rome", view["points"][0]), ("carthage", view["points"][1]), (None, None)):
        names = [short[p] if board.victory[p] else f"({short[p]})" for p, o in enumerate(owners) if o == side]
        head = f"{side.capitalize()}{NBSP}{points}:" if side else "Neither:"
        items.append(NBSP.join([head, *names]) if names else f"{head}{NBSP}–")
    return textwrap.wrap("Provinces · " + "  ".join(items), WIDTH, subsequent_indent="  ",
                         break_on_hyphens=False)


def _armies(game: HannibalGame, view: dict[str, Any], side: str, every: bool = True) -> list[str]:
    """A side's armies: each space with its CUs (how many of them are elephants; w: more inside the walls) and Generals;
    not ``every``: those with a General, then how many spaces hold CUs alone."""
    step = view.get("announced")
    going = set(step["with"]) if step else set()
    here: dict[str, list[str]] = {}
    for g in game.tables.generals:
        at = view["generals"][g.name]["at"]
        if g.side == side and at.lower() in game.board.index and g.name not in going:
            here.setdefault(at, []).append(_general(view, g.name))
            if step and step["general"] == g.name:
                # the step the log has, not taken yet, on the moving General alone: the other
                # side is asked about #41 first (H34)
                cus = f"{step['cus']} CU{'s' if step['cus'] != 1 else ''}"
                army = ", ".join([cus, *(_general(view, h) for h in step["with"])])
                here[at][-1] += f" (with {army} bound for {step['to']}{' by sea' if step['by_sea'] else ''})"
    items = []
    alone = 0
    # a General alone in a space with no CUs nor control is not among the view's spaces
    empty = {"control": "none", "rome": 0, "carthage": 0, "elephants": 0, "inside": 0}
    for name in sorted(view["spaces"].keys() | here.keys(), key=lambda name: game.board.index[name.lower()]):
        info = view["spaces"].get(name, empty)
        mine = info[side] + (info["inside"] if info["control"] == side else 0)
        if mine and name not in here and not every:
            alone += 1
        elif mine or name in here:
            text = f"{name} {info[side]}"
            # H4: elephants are CUs among the count ("10 (2 eleph.)": 10 CUs, 2 of them elephants), Carthage's only
            text += f" ({info['elephants']} eleph.)" if info["elephants"] and side == "carthage" else ""
            text += f" ({info['inside']}w)" if info["inside"] and info["control"] == side else ""
            text += f" {', '.join(here.get(name, []))}".rstrip()
            items.append(text.replace(" ", NBSP))
    if alone:
        items.append(f"CUs alone in {alone} space{'s' if alone > 1 else ''} (forces)")
    return _wrap(f"{side.capitalize()}: ", items)


def _general(view: dict[str, Any], name: str) -> str:
    """A General by name, ``*`` if a proconsul."""
    return name + ("*" if view["generals"][name]["proconsul"] else "")


def _sieges(view: dict[str, Any]) -> list[str]:
    sieges = [f"{name} {info['siege']} pt{'s' if info['siege'] > 1 else ''}"
              for name, info in view["spaces"].items() if info["siege"]]
    return _wrap("Sieges: ", sieges) if sieges else []


def _battle(view: dict[str, Any]) -> list[str]:
    """The battle under way: where, who attacks, the round, the cards left, the card led."""
    b = view["battle"]
    if not b:
        return []
    led = f" · led: {b['card']}, the answer due" if b["card"] else ""
    lines = [f"Battle at {b['space']}: {b['attacker']} attacks · round {b['round']} · cards left rome "
             f"{b['hand_sizes'][0]}, carthage {b['hand_sizes'][1]}{led}"]
    if b["hand"]:
        lines += _wrap("Your battle cards: ", [f"{k} {n}" for k, n in b["hand"].items()])
    for side, shown in zip(SIDES, b["face_up"], strict=True):  # #20: known to both seats
        if shown:
            lines += _wrap(f"{side.capitalize()}'s cards face up (#20): ", [f"{k} {n}" for k, n in shown.items()])
    return [line for text in lines for line in textwrap.wrap(text, WIDTH, subsequent_indent="  ")]


def render(game: HannibalGame, view: dict[str, Any], markup: bool = False, full: bool = True) -> str:
    """``view`` (a seat's) as text: what matters at a decision; ``full`` adds the discard pile and
    the cards removed."""
    year = game.tables.turn_years[min(view["turn"], len(game.tables.turn_years)) - 1]
    head = f"Turn {view['turn']} ({year}) · {view['phase']} · "
    if view["seat"] and view["to_move"] == view["seat"]:
        head += f"your decision ({view['seat']})"
    else:
        head += f"{view['to_move']} to decide" if view["to_move"] else "dice to roll"
        head += f" · you are {view['seat']}" if view["seat"] else ""
    flags = [word for key, word in (("truce", "truce"), ("naval_victory", "naval victory")) if view[key]]
    flags += [f"siege train: {view['siege_train']}"] if view["siege_train"] else []
    state_line = (f"Deck {view['deck']} · hands rome {view['hand_sizes'][0]}, carthage {view['hand_sizes'][1]}"
                  + "".join(f" · {f}" for f in flags))
    sieges = _sieges(view)
    if len(sieges) == 1 and len(f"{state_line} · {sieges[0]}") <= WIDTH:  # a row saved for the hand
        state_line, sieges = f"{state_line} · {sieges[0][0].lower()}{sieges[0][1:]}", []
    lines = [*(_bold(line, markup) for line in textwrap.wrap(head, WIDTH, subsequent_indent="  ")),
             *_provinces(game, view), state_line,
             *_armies(game, view, "rome", full), *_armies(game, view, "carthage", full), *sieges, *_battle(view)]
    known = view["known_in_other_hand"]
    known_lines = _wrap("Known in the other hand: ", [_label(game, c) for c in known]) if known else []
    if view["hand"] is not None:
        lines += _hand(game, view, full, ROWS - len(lines) - len(known_lines))
    lines += known_lines
    if full:
        lines += cards_lines(view)
    return "\n".join(lines)


def walls_prompt(st: HannibalState, said: str) -> str:
    """The walls' question (``said``: "Carthage puts units inside the walls of New Carthage
    (H51).") with what its answers do: ``garrison N`` puts N of the side's CUs there inside the
    walls in all (as many as the city holds, H51), the rest stay outside (where the enemy army
    entering meets them, H62); ``with generals`` its Generals there go in too, else they stay
    outside; a consul keeps 5 CUs on his side of the walls (H39)."""
    _, side, mode, space = st.stack[-1]
    entering = mode == walls.DECLARE  # the owner, as the enemy enters (H62); else the mover at its move's end
    gens = base.generals_at(st, space, side, everywhere=True) if entering else [st.m_gen, *st.m_group]
    units = walls.total(st, side, space) if entering else st.inner[space] + st.m_left
    outside = f" to face {SIDES[st.m_side].capitalize()}'s army (H62)" if entering else ""
    names = [st.game.generals[g].name for g in gens]
    who = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    first = st.notation.GARRISON + walls.MAX_INSIDE + 1  # "garrison 0 with generals"
    with_them = any(first <= a <= first + walls.MAX_INSIDE for a in st.legal_actions())
    parts = []
    if units > 1:
        in_all = " in all" if st.inner[space] and st.ctrl[space] == side else ""
        parts.append(f"garrison N puts N of its {units} CUs inside{in_all} (room for {st.board.capacity[space]}), "
                     f"the rest stay outside{outside}")
    elif units:
        parts.append(f"garrison 1 puts its CU inside, garrison 0 leaves it outside{outside}")
    else:
        parts.append(f"garrison 0 leaves {who} outside{outside}")
    if with_them and units:
        go, stay = ("goes", "he stays") if len(names) == 1 else ("go", "they stay")
        parts.append(f"with generals, {who} {go} in too (else {stay} outside)")
    elif with_them:
        parts.append(f"garrison 0 with generals takes {who} inside")
    if any(st.consul[g] for g in gens):
        parts.append("a consul keeps 5 CUs on his side of the walls (H39)")
    if max(st.legal_ids()) >= st.notation.SPLITS:
        parts.append("with K elephants, K of those inside are elephants (else they go in last, H4)")
    return f"{said.removesuffix('.')}: {'; '.join(parts)}."


def _chosen(view: dict[str, Any]) -> list[str]:
    """The cards of the seat's hand that its choices name ("ops #5": "#5 Native Guide")."""
    named = {m.group(0) for action in view["legal_actions"] for m in [_CHOICE_CARD.search(action)] if m}
    return [c for c in view["hand"] if c.split(" ", 1)[0] in named]


def _hand(game: HannibalGame, view: dict[str, Any], full: bool, room: int) -> list[str]:
    """The seat's hand. Where its cards are chosen (the menu names them by number alone), each
    card a line with what it does (and "event now" where its event is among the choices, which
    the terminal lists whole below), where ``room`` lines allow, with a title line of its own
    where a row is left after (the menu's rows come first); in a battle only those to choose,
    the others on ``board``."""
    hand, chosen = view["hand"], [] if full else _chosen(view)
    events = {action.split(" ")[1] for action in view["legal_actions"] if action.startswith("event #")}
    if view["battle"] and not full:  # room for the battle
        which = f", {len(chosen)} to choose (card N: the whole text)" if chosen else ""
        lines = [f"Your hand: {_cards(len(hand))} (board lists them){which}", *_texts(game, chosen, "  ", events)]
        return lines if len(lines) <= max(room, 1) else lines[:1]
    if chosen and len(hand) + 1 < room:
        return ["Your hand (card N: the whole text):", *_texts(game, hand, "  ", events)]
    if chosen and len(hand) <= room:
        lines = _texts(game, hand, " " * len("Hand: "), events)
        return ["Hand: " + lines[0].lstrip(), *lines[1:]]
    return _wrap("Your hand: ", [_label(game, c) for c in hand])


def _texts(game: HannibalGame, cards: list[str], indent: str, events: set[str]) -> list[str]:
    """Each card ("#5 Native Guide") on a line after ``indent``, with its OPs, whether its event
    is among the choices (``events``: "#5"), and its text, trimmed to 80 columns."""
    lines = []
    for text in cards:
        card = game.cards.strategy[int(text.split(" ", 1)[0][1:]) - 1]
        label = card_label(card)[:-1] + "; event now)" if f"#{card.number}" in events else card_label(card)
        line = f"{indent}{label}: {card.effect}"
        lines.append(line if len(line) <= WIDTH else line[:WIDTH - 1].rstrip() + "…")
    return lines


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def cards_lines(view: dict[str, Any]) -> list[str]:
    """The public cards: the discard pile, newest last, and those removed from the game (H130)."""
    return [*_wrap("Discarded: ", view["discard"]), *_wrap("Removed: ", view["removed"])]


def card_text(game: HannibalGame, text: str) -> str:
    """``card N``: the card in the project's words: OPs, who may play its event, what it does,
    and whether it leaves the game after (H33, H128, H130)."""
    number = text.strip().lstrip("#")
    if not number.isdigit() or not 1 <= int(number) <= len(game.cards.strategy):
        raise NotationError(f"card '{text.strip()}': give a card's number, 1 to {len(game.cards.strategy)} "
                            "(e.g. card 16)")
    c = game.cards.strategy[int(number) - 1]
    kind = KIND_WORDS[c.kind].format(when=c.counter_when, generals=c.generals)
    after = (f"removed from the game after {'its first' if c.removed_after == 1 else 'a second'} use as an event"
             if c.removed_after else "discarded after use")
    lines = [card_label(c), *(line for text in (f"Event for {SIDE_WORDS[c.side]}: {kind}; {after} (H33, H130).",
                                                c.effect)
                              for line in textwrap.wrap(text, WIDTH, initial_indent="  ", subsequent_indent="  "))]
    if c.ship:
        lines.append("  3 OPs: may move a General by sea (H55).")
    if c.breaks_truce:
        lines.append("  Its event ends a Truce (H131).")
    return "\n".join(lines)


def map_text(st: HannibalState) -> str:
    """``map``: the spaces province by province: control (R rome, C carthage, – none), walls
    (W), tribe (T), port (P), and the CUs of each side there."""
    view, board = st.view(None), st.board
    owners = _controllers(st.game, view)
    lines = ["Spaces: control R/C/N (– none); W walls, T tribe, P port; CUs rome/carthage"]
    for p, name in enumerate(board.province_names):
        items = []
        for s in board.province_spaces[p]:
            info = view["spaces"].get(board.names[s]) or {}
            control = {"rome": "R", "carthage": "C", "neutral": "N"}.get(info.get("control") or "", "–")
            marks = ("W" if board.kind[s] == "walled" else "T" if board.kind[s] == "tribe" else "")
            marks += "P" if board.port[s] is not None else ""
            cus = f" {info['rome']}/{info['carthage']}" if info.get("rome") or info.get("carthage") else ""
            items.append(f"{board.names[s]} {control}{marks}{cus}".replace(" ", NBSP))
        owner = owners[p] or "nobody"
        lines += _wrap(f"{name} ({owner}{'' if board.victory[p] else ', no points'}): ", items)
    return "\n".join(lines)


def near_text(st: HannibalState, name: str) -> str:
    """``near SPACE``: its links by kind and what crossing each costs a moving army (H44, H49,
    H50, H55)."""
    board = st.board
    try:
        space = board.space(name)
    except KeyError:
        raise NotationError(f"near '{name.strip()}': no space of that name; e.g. near Rome (map lists them all)") \
            from None
    kinds = {STRAIT: "strait, 2 MP (H50)", PASS: "pass, 2 MP and an attrition roll (H49)",
             ALPS_PASS: "Alps pass, 2 MP and an attrition roll (H49)"}
    kind = {"pc": "plain space", "walled": "walled city", "tribe": "tribe"}[board.kind[space]]  # not the map's codes
    lines = [f"{board.names[space]} ({board.province_names[board.province[space]]}, {kind}):"]
    for other in (*board.land[space], *board.passes[space], *board.straits[space]):
        link = board.connection(space, other)
        assert link is not None
        words = kinds.get(link.type, "land, 1 MP")
        if link.control_needed:
            words += "; only controlling both ends"
        lines.append(f"  {board.names[other]}: {words}")
    if board.port[space] is not None:
        lines.append(f"  by sea: to any of the {len(board.sea[space])} other ports, 3 MP and a naval roll (H55)")
    return "\n".join(lines)


def forces_text(st: HannibalState) -> str:
    """``forces``: both sides' armies, the sieges, and the Generals off the map."""
    game, view = st.game, st.view(None)
    off = [f"{g} ({info['at']})" for g, info in view["generals"].items() if info["at"].lower() not in game.board.index]
    return "\n".join([*_armies(game, view, "rome"), *_armies(game, view, "carthage"), *_sieges(view),
                      *_wrap("Off the map: ", off),
                      "(N CUs, (N eleph.) of them elephants, (Nw) more inside the walls, * proconsul)"])


def cards_text(st: HannibalState) -> str:
    """``cards``: the public cards, each with its OPs."""
    view = st.view(None)
    return "\n".join(cards_lines({k: [_label(st.game, c) for c in view[k]] for k in ("discard", "removed")}))
