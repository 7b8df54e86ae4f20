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

if TYPE_CHECKING:
    from .game import ViaeGame

WIDTH = 80
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
    """``head`` then the items, " · " between them, wrapped at 80 columns and indented."""
    return textwrap.wrap(f"{head}{' · '.join(items) or 'none'}", WIDTH, subsequent_indent="  ",
                         break_on_hyphens=False)


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
    return [*_wrap("Your hand: ", _cards(game, "deceptio", me["hand"])), *_wrap("Your Mandatum: ", mandatum)]


def _conquest(view: dict[str, Any]) -> list[str]:
    c = view["conquest"]
    if not c:
        return []
    kept = f", kept {' '.join(map(str, c['kept']))}" if c["kept"] else ""
    return [f"Conquest of {c['city']}: dice {' '.join(map(str, c['dice'])) or '–'}{kept}"]


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
            text = f"{city} {NUMERALS[b.city_value[c]]}".rstrip()
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
    lines = [_bold(head, markup), *_players(view, markup), *_own(game, view), *_conquest(view)]
    if not full:
        return "\n".join(lines)
    by_seat: dict[str, list[str]] = {}
    for road, owner in view["roads"].items():
        by_seat.setdefault(owner, []).append(road)
    slots = [f"{i + 1}: {c} ({game.castra_costs[i]} Denar)" if c else f"{i + 1}: empty"
             for i, c in enumerate(_cards(game, "castra", [c or "" for c in view["castra"]]))]
    officers = [f"{p['seat']} " + ", ".join(_cards(game, "castra", [o for o in p["officers"] if o]))
                for p in view["players"] if any(p["officers"])]
    done = {m: p["seat"] for p in view["players"] for m in p["completed"]}
    public = [f"{c}{' — ' + done[c.split(' ')[0]] if c.split(' ')[0] in done else ''}"
              for c in _cards(game, "mandatum", view["public_mandatum"])]
    lines += [
        *_wrap("", [KEY]),
        *_regions(game, view),
        *_wrap("Roads built: ", [f"{seat} {' '.join(sorted(roads))}" for seat, roads in sorted(by_seat.items())]),
        *_wrap("Public Mandatum: ", public),
        *_wrap(f"Castra ({view['castra_pile']} in the pile): ", slots),
        *_wrap("Officers: ", officers),
        *_wrap("Fortuna: ", _cards(game, "fortuna", view["fortuna_active"])),
        *_wrap(f"Deceptio: {view['deceptio_deck']} in the deck; discarded: ", view["deceptio_discard"]),
        *_wrap("Cities: ", ["value, owner sN, ! vigilant, !! aggressive, +N a scout of seatN, @N its Legio marker, "
                            "⌂ a basilica"]),
    ]
    return "\n".join(line for line in lines if line)
