"""A seat's screen at the terminal, drawn from its view alone (V43: the view is where secrets
are removed, so this shows nothing the seat may not see): the round, every player's public
counts, the seat's own hand and personal Mandatum, a conquest under way; and on ``board`` the
cities by region with their owners, the roads built, the public Mandatum, the Castra and the
Fortuna in play. Every line fits 80 columns.

>>> import legatus
>>> state = legatus.load("viae", players=3).new_initial_state()
>>> print(render(state.game, state.view(0), full=False).splitlines()[0])
Round 1 · setup: first turn order · chance to move
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from legatus.core.errors import NotationError

from .cards import Officer

if TYPE_CHECKING:
    from .game import ViaeGame

WIDTH = 80
FEW_OTHERS = 3  # choices besides the cards' at a decision about the hand's cards
NUMERALS = ("", "I", "II", "III", "IV")
NBSP = "\u00a0"  # a city's marks stay on its line
HOSTILITY = {"peaceful": "", "vigilant": "!", "aggressive": "!!"}
COLUMNS = (("Den", "denar"), ("Stn", "stone"), ("Inf", "influence"), ("Leg", None), ("Frt", "forts"),
           ("Mil", "milestones"), ("Cty", None), ("Rd", None), ("Hnd", "hand_size"), ("Pts", None))
KEY = ("Den Denar · Stn Stone · Inf influence · Leg Legio/assigned · Frt forts left · Mil milestones left · "
       "Cty cities · Rd roads · Hnd cards in hand · Pts score")


def _bold(text: str, markup: bool) -> str:
    return f"[bold]{text}[/bold]" if markup else text


def _wrap(head: str, items: list[str]) -> list[str]:
    """``head`` then the items, " · " between them (the dot kept with the item before it: no line
    starts with one), wrapped at 80 columns and indented."""
    lines = textwrap.wrap(f"{head}{(NBSP + '· ').join(items) or 'none'}", WIDTH, subsequent_indent="  ",
                          break_on_hyphens=False)
    return [line.replace(NBSP + "·", " ·") for line in lines]


def _cards(game: ViaeGame, deck: str, ids: list[str]) -> list[str]:
    names = {c.id: c.name for c in getattr(game.cards, deck)}
    return [f"{i} {names.get(i, '')}".rstrip() for i in ids]


def _players(view: dict[str, Any], markup: bool) -> list[str]:
    """One line a player: its turn spot, then its counts under a short header."""
    cities = [c["owner"] for c in view["cities"].values()]
    roads = list(view["roads"].values())
    lines = [" seat     spot " + " ".join(f"{name:>4}" for name, _ in COLUMNS)]
    for i, p in enumerate(view["players"]):
        seat = p["seat"]
        values = {"Leg": f"{p['legio']}/{p['assigned']}", "Cty": cities.count(seat), "Rd": roads.count(seat),
                  "Pts": view["scores"][i]}
        cells = " ".join(f"{values[name] if key is None else p[key]!s:>4}" for name, key in COLUMNS)
        mover = "▸" if seat == view["to_move"] else " "
        line = f"{mover}{seat:<8} {p['spot'] or '–':>4} {cells}"
        lines.append(_bold(line, markup) if seat == view["seat"] else line)
    return lines


def _own(game: ViaeGame, view: dict[str, Any]) -> list[str]:
    """The seat's own secrets: only its own come in its view (the others' are null)."""
    me = next((p for p in view["players"] if p["hand"] is not None), None)
    if me is None:
        return []
    bonus = {m.id: m.bonus for m in game.cards.mandatum}
    mandatum = [f"{c} ({bonus[c.split(' ')[0]]})" for c in _cards(game, "mandatum", me["personal_mandatum"])]
    return [*_where(game, me), *_hand(game, view, me["hand"]), *_wrap("Your Mandatum: ", mandatum)]


def _where(game: ViaeGame, me: dict[str, Any]) -> list[str]:
    """The seat's Legio marker city and its officers by slot (an ability used: "used", V14)."""
    at = _name(game, me["marker"]) if me["marker"] else "not placed yet"
    officers = [f"{i + 1} {_cards(game, 'castra', [o])[0]}{' (used)' if used else ''}" if o else f"{i + 1} empty"
                for i, (o, used) in enumerate(zip(me["officers"], me["officers_used"], strict=True))]
    return _wrap(f"Your Legio: {at} · officers: ", officers if any(me["officers"]) else [])


POINTER = "card ID: its text"
"""Said after the hand where the menu plays or hires cards named by their ids alone."""


def cards_chosen(legal: list[str]) -> bool:
    """Whether a decision is about the hand's cards (play or discard one, or a few words such as
    none): its screen lists each card with its text, the menu the cards by id. Among a turn's
    many actions the hand stays one line of names (``card ID`` gives a text), so that every
    action keeps its row on an 80×24 screen."""
    cards = sum(1 for a in legal if a.startswith(("play D", "discard D")))
    return cards > 0 and len(legal) - cards <= FEW_OTHERS


def _hand(game: ViaeGame, view: dict[str, Any], hand: list[str]) -> list[str]:
    """The hand on one line; where its cards are chosen (:func:`cards_chosen`), a card a line
    with what it does, trimmed to 80 columns (``card ID`` shows the whole text)."""
    if not cards_chosen(view["legal_actions"]):
        # the menu names the cards it plays or hires by id alone: where it has any, the way to
        # read their texts (play review: "hire CA05 slot 1 Medicus" said nothing of what he does)
        pointer = [POINTER] if any(a.startswith(("play D", "hire CA")) for a in view["legal_actions"]) else []
        return _wrap("Your hand: ", [*_cards(game, "deceptio", hand), *pointer])
    cards = {c.id: c for c in game.cards.deceptio}
    lines = []
    for i, card in enumerate(sorted(set(hand))):
        copies = f" ×{hand.count(card)}" if hand.count(card) > 1 else ""
        lines.append(_trim(f"{'Your hand: ' if i == 0 else ' ' * 11}{card} {cards[card].name}{copies}: "
                           f"{cards[card].text}"))
    return lines


def _trim(line: str) -> str:
    return line if len(line) <= WIDTH else line[:WIDTH - 1] + "…"


def _conquest(game: ViaeGame, view: dict[str, Any]) -> list[str]:
    c = view["conquest"]
    if not c:
        return []
    kept = f", kept {' '.join(map(str, c['kept']))}" if c["kept"] else ""
    return [f"Conquest of {_name(game, c['city'])}: dice {' '.join(map(str, c['dice'])) or '–'}{kept}"]


def _name(game: ViaeGame, city: str) -> str:
    """A city of the view (its id) by its name, as the board prints it: "carthago_nova", "Carthago Nova"."""
    b = game.board
    return b.city_names[b.city_ids.index(city)]


def _regions(game: ViaeGame, view: dict[str, Any]) -> list[str]:
    """Per region its cities: value, owner (sN), hostility (! vigilant, !! aggressive), scouts
    (+N), Legio markers (@N), basilica (⌂ and its kind)."""
    b = game.board
    markers: dict[str, list[str]] = {}
    for p in view["players"]:
        if p["marker"]:
            markers.setdefault(p["marker"], []).append(p["seat"].replace("seat", "@"))
    basilicas = {x["city"]: x["kind"] for x in view["basilicas"]}
    lines = []
    for r, name in enumerate(b.region_names):
        items = []
        for c, city in enumerate(b.city_ids):
            if b.city_region[c] != r:
                continue
            state = view["cities"].get(city)
            text = f"{b.city_names[c]} {NUMERALS[b.city_value[c]]}".rstrip()
            if state:
                owner = state["owner"]
                text += f" {owner.replace('seat', 's')}" if owner else ""
                text += HOSTILITY[state["hostility"]]
                text += "".join(f" +{s + 1}" * n for s, n in enumerate(state["scouts"]))
            text += "".join(f" {m}" for m in markers.get(city, []))
            text += f" ⌂{basilicas[city]}" if city in basilicas else ""
            items.append(text.replace(" ", NBSP))
        lines += _wrap(f"{name}: ", items)
    return lines


def render(game: ViaeGame, view: dict[str, Any], markup: bool = False, full: bool = True) -> str:
    """``view`` (a seat's) as text; ``full``: the whole board too, else what matters at a decision."""
    head = f"Round {view['round']} · {view['phase']}"
    head += f" · {view['to_move']} to move" if view["to_move"] else ""
    head += " · last round" if view["last_round"] else ""
    done = {m: p["seat"] for p in view["players"] for m in p["completed"]}
    public = [f"{c}{' — ' + done[c.split(' ')[0]] if c.split(' ')[0] in done else ''}"
              for c in _cards(game, "mandatum", view["public_mandatum"])]
    lines = [_bold(head, markup), *_players(view, markup), *_own(game, view), *_wrap("Public Mandatum: ", public),
             *_conquest(game, view)]
    if not full:
        return "\n".join(lines)
    fortuna = {c.id: c.text for c in game.cards.fortuna}
    by_seat: dict[str, list[str]] = {}
    for road, owner in view["roads"].items():
        by_seat.setdefault(owner, []).append(road)
    slots = [f"{i + 1}: {c} ({game.castra_costs[i]} Denar)" if c else f"{i + 1}: empty"
             for i, c in enumerate(_cards(game, "castra", [c or "" for c in view["castra"]]))]
    officers = [f"{p['seat']} " + ", ".join(_cards(game, "castra", [o for o in p["officers"] if o]))
                for p in view["players"] if any(p["officers"])]
    lines += [  # the keys last, above the prompt: at 80x24 the top of the board scrolls away
        *_regions(game, view),
        *_wrap("Roads built: ", [f"{seat} {' '.join(sorted(roads))}" for seat, roads in sorted(by_seat.items())]),
        *_wrap(f"Castra ({view['castra_pile']} in the pile): ", slots),
        *_wrap("Officers: ", officers),
        *_wrap("Fortuna: ", [f"{c} ({fortuna[c.split(' ')[0]].removesuffix('.')})"
                             for c in _cards(game, "fortuna", view["fortuna_active"])]),
        *_wrap(f"Deceptio: {view['deceptio_deck']} in the deck; discarded: ", view["deceptio_discard"]),
        *_wrap("", [KEY]),
        *_wrap("Cities: ", ["value, owner sN, ! vigilant, !! aggressive, +N a scout of seatN, @N its Legio marker, "
                            "⌂ a basilica"]),
    ]
    return "\n".join(line for line in lines if line)


def road_label(game: ViaeGame, road: int) -> str:
    """A road as every choice shows it: "r05 Roma–Ostia (2)" (its ends and its value)."""
    b, r = game.board, game.board.roads[road]
    return f"{r.id} {b.city_names[r.a]}–{b.city_names[r.b]} ({r.value})"


def _city(game: ViaeGame, name: str, usage: str) -> int:
    b = game.board
    city = b.index.get(name.strip().lower())
    if city is None:
        raise NotationError(f"{usage} '{name.strip()}': no city of that name; e.g. {usage} roma (map lists them all)")
    return city


def map_text(game: ViaeGame, view: dict[str, Any]) -> str:
    """``map``: the cities by region (value, owner, hostility), their key right under them, then
    every road with its ends, value and builder (the terminal pages it: 47 lines at 80×24)."""
    roads = [f"{road_label(game, r)}{' ' + view['roads'][road.id] if road.id in view['roads'] else ''}"
             for r, road in enumerate(game.board.roads)]
    return "\n".join([*_regions(game, view),
                      *_wrap("Cities: ", ["value, owner sN, ! vigilant, !! aggressive, +N a scout of seatN, "
                                          "@N its Legio marker, ⌂ a basilica"]),
                      *_wrap("Roads (id, ends, value, builder): ", [r.replace(" ", NBSP) for r in roads])])


def near_text(game: ViaeGame, view: dict[str, Any], name: str) -> str:
    """``near CITY``: its roads and spokes, who built each and what moving along it costs, and
    its harbour (C38, C39, V18, V20); the costs before any card changes them."""
    b, costs = game.board, game.tracks.costs
    city = _city(game, name, "near")
    owner = (view["cities"].get(b.city_ids[city]) or {}).get("owner")
    lines = [f"{b.city_names[city]} ({b.region_names[b.city_region[city]]}, value {b.city_value[city]}"
             f"{', ' + owner if owner else ''}):"]
    for other in b.city_spokes[city]:
        lines.append(f"  to {b.city_names[other]}: a spoke of Roma, free (C10)")
    for r in b.city_roads[city]:
        builder = view["roads"].get(b.roads[r].id)
        cost = (f"built by {builder}: free for it, {costs['toll']} Denar toll to it for the others (C39)"
                if builder else "not built: a Move cannot cross it (V18), but one such road with CA11")
        lines.append(f"  {road_label(game, r)}: {cost}")
    if b.harbor[city]:
        lines.append(f"  harbour: sail to any of {len(b.harbors) - 1} others, {costs['sail_fee']} Denar at each end "
                     "you do not control, to its owner or the bank (C38, V20)")
    return "\n".join(line for text in lines for line in textwrap.wrap(text, WIDTH, subsequent_indent="    "))


def card_text(game: ViaeGame, name: str) -> str:
    """``card ID``: a card of any deck in the project's words (a Mandatum: its regions and bonus)."""
    wanted = name.strip().upper()
    cards = game.cards
    for m in cards.mandatum:
        if m.id == wanted:
            regions = ", ".join(game.board.region_names[r] for r in m.regions)
            return "\n".join(textwrap.wrap(
                f"{m.id} {m.name}: done once every city of {regions} is controlled, by anyone; worth {m.bonus} "
                "points (V39, V40)", WIDTH, subsequent_indent="  "))
    for deck, card in [(d, c) for d in ("deceptio", "castra", "fortuna") for c in getattr(cards, d)]:
        if card.id == wanted:
            head = f"{card.id} {card.name} ({card.gloss}), {deck}, {card.when}"
            if isinstance(card, Officer):
                head += f"; needs {card.requirement}, costs {card.cost}, power {card.power}, work {card.workforce}"
            return "\n".join(textwrap.wrap(f"{head}: {card.text}", WIDTH, subsequent_indent="  "))
    raise NotationError(f"card '{name.strip()}': no card of that id; e.g. card D02, card CA01, card F01, card M01")
