"""The four VIAE decks: loaded from ``data/cards.toml``, every effect parsed into steps of the small
effect vocabulary of docs/viae/cards.md, and checked (deck sizes C6 and V1, officer values C7,
Mandatum regions C17).

>>> cards = load_cards()
>>> len(cards.fortuna), len(cards.deceptio_deck(54)), len(cards.castra), len(cards.mandatum)
(27, 54, 18, 18)
>>> cards.fortuna[1].effect
(Step(verb='hostility', args=(('delta', 1), ('target', 'all_value4'))),)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from legatus.core.datafile import field, header, known_keys, load_data, shipped, table_list
from legatus.core.errors import BoardError

from .board import Board, load_board

DECK_SIZES = {"fortuna": 27, "deceptio": 54, "castra": 18, "mandatum": 18}  # C6
DECEPTIO_60 = 60  # V1: the 2022 print (option deceptio_deck=60)
INFLUENCE = range(1, 11)  # C18: an officer's requirement is a point of the influence track (C7)

WHENS = {
    "fortuna": ("now", "round"),
    "deceptio": ("now", "turn", "next_conquer", "next_recruit", "on_roll"),
    "castra": ("static", "activated"),  # C7: an ability is static or activated
}
LASTING = {"round", "turn", "next_conquer", "next_recruit", "static"}  # a `mod` lasts this long
ROLL_VERBS = {"reroll", "adjust_result"}  # act on a conquest roll just made
ROLL_WHENS = {"on_roll", "activated"}

Arg = int | str | tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Step:
    verb: str
    args: tuple[tuple[str, Arg], ...]  # in the order of the vocabulary, optional ones only if given

    def arg(self, name: str) -> Arg | None:
        return next((value for key, value in self.args if key == name), None)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    gloss: str
    when: str
    text: str
    effect: tuple[Step, ...]


@dataclass(frozen=True)
class DeceptioCard(Card):
    copies: int  # in the 54-card deck
    extra: int  # added by the 60-card print (V1)


@dataclass(frozen=True)
class Officer(Card):
    requirement: int
    cost: int
    power: int
    workforce: int


@dataclass(frozen=True)
class Mandatum:
    id: str
    name: str
    bonus: int
    regions: tuple[int, ...]  # board region indices, all to be conquered (V39, V40)


@dataclass(frozen=True, eq=False)
class Cards:
    source: str
    reconstructed: bool
    fortuna: tuple[Card, ...]
    deceptio: tuple[DeceptioCard, ...]
    castra: tuple[Officer, ...]
    mandatum: tuple[Mandatum, ...]

    def deceptio_deck(self, size: int) -> tuple[int, ...]:
        """The Deceptio deck of ``size`` (54, or 60 with V1) as card indices, one per copy."""
        return tuple(i for i, card in enumerate(self.deceptio)
                     for _ in range(card.copies + (card.extra if size == DECEPTIO_60 else 0)))


# ---------------------------------------------------------------- the effect vocabulary

def _pos(text: str) -> int | None:
    return int(text) if text.isdigit() and int(text) >= 1 else None


def _nonneg(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def _signed(text: str) -> int | None:
    return int(text) if re.fullmatch(r"[+-]?\d+", text) and int(text) != 0 else None


def _one_of(*words: str) -> Any:
    def check(text: str) -> str | None:
        return text if text in words else None
    check.__doc__ = " or ".join(words)
    return check


_pos.__doc__ = "an integer 1 or more"
_nonneg.__doc__ = "an integer 0 or more"
_signed.__doc__ = "a non-zero integer"
TARGETS = _one_of("chosen_near", "chosen_any", "all_value4", "all_aggressive")
ACTIONS = _one_of("build_road", "move", "recruit", "scout", "conquer", "build_basilica", "sail")  # C32 but Prepare
DELTA = _one_of("+1", "-1")

# verb: (positional (name, check), keyword {name: check}, required keywords)
VERBS: dict[str, tuple[tuple[tuple[str, Any], ...], dict[str, Any], set[str]]] = {
    "gain": ((), {"denar": _pos, "stone": _pos, "influence": _pos}, set()),
    "draw_deceptio": ((("n", _pos),), {"who": _one_of("self", "all")}, set()),
    "take_denar": ((("n", _pos),), {}, set()),
    "lose_influence": ((("n", _pos),), {}, set()),
    "discard_deceptio": ((("n", _pos), ("how", _one_of("random"))), {}, set()),
    "reveal_fortuna": ((("n", _pos),), {}, set()),
    "hostility": ((("delta", DELTA), ("target", TARGETS)), {}, set()),
    "kill_scouts": ((("target", TARGETS),), {}, set()),
    "recruit_legio": ((("n", _pos),), {"cost": _nonneg}, set()),
    "unassign_legio": ((("n", _pos),), {}, set()),
    "free_action": ((("action", ACTIONS),), {"max_value": _one_of("1", "2", "3"),
                                              "workforce": _one_of("0", "self"), "n": _pos}, set()),
    "castra_cycle": ((), {"cost": _nonneg}, set()),
    "reroll": ((), {}, set()),
    "adjust_result": ((), {"delta": _signed, "min": _nonneg}, {"delta"}),
    "mod": ((), {}, set()),  # parsed by _mod
    "objective": ((), {}, set()),  # parsed by _objective
}
YES_NO = _one_of("yes", "no")
# mod parameters: None = an integer 0 or more (any op), else the check of the only value (`=` only)
MOD_PARAMS: dict[str, Any] = {
    "actions": None, "hostility_rises": YES_NO, "road_stone": None, "toll": None, "sail_allowed": YES_NO,
    "sail_fee": None, "attacker_power": None, "city_power": None, "hostile_conquest_influence": None,
    "legio_cost": None, "legio_upkeep": None, "officer_cost": None, "officer_requirement": None,
    "buy_influence_cost": None, "buy_influence_steps": None, "deceptio_cost": None, "ordo_cost": None,
    "ordo_free_spot": _one_of("last", "any"), "road_income": None, "road_pair_bonus": None, "city_denar": None,
    "city_extra_denar": None, "city_extra_stone": None, "tax_per_2_cities": None, "basilica_stone": None,
    "basilica_denar": None, "move_cross_unbuilt": None, "scouts_die_on_failure": YES_NO,
}


def _split_args(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    last = text[start:].strip()
    return parts + [last] if last or parts else parts


def _value(check: Any, text: str, where: str) -> Arg:
    value = check(text)
    if value is None:
        raise BoardError(f"{where} must be {check.__doc__} (found '{text}')")
    return int(value) if isinstance(value, str) and re.fullmatch(r"[+-]?\d+", value) else value


def parse_effect(text: str, regions: dict[str, int], where: str) -> tuple[Step, ...]:
    """The steps of an effect; ``regions`` maps the board's region ids (for ``objective``)."""
    steps = []
    for part in text.split(";"):
        m = re.fullmatch(r"\s*([a-z_]+)\((.*)\)\s*", part)
        if not m:
            raise BoardError(f"{where}: '{part.strip()}' is not a step verb(args)")
        verb, args = m.group(1), _split_args(m.group(2))
        if verb not in VERBS:
            raise BoardError(f"{where}: unknown verb '{verb}' (known: {', '.join(VERBS)})")
        here = f"{where}: {verb}"
        if verb == "mod":
            steps.append(_mod(args, here))
        elif verb == "objective":
            steps.append(_objective(args, regions, here))
        else:
            steps.append(_step(verb, args, here))
    return tuple(steps)


def _step(verb: str, args: list[str], where: str) -> Step:
    positional, keywords, required = VERBS[verb]
    plain = [a for a in args if "=" not in a]
    if len(plain) != len(positional) or any("=" not in a for a in args[len(positional):]):
        names = ", ".join(n for n, _ in positional) or "none"
        raise BoardError(f"{where} takes {len(positional)} positional argument(s) first ({names}); "
                         f"found ({', '.join(args)})")
    out: list[tuple[str, Arg]] = [(n, _value(check, a, f"{where} argument {n}"))
                                  for (n, check), a in zip(positional, plain, strict=True)]
    given = set()
    for a in args[len(positional):]:
        key, _, text = (s.strip() for s in a.partition("="))
        if key not in keywords or key in given:
            valid = ", ".join(keywords) or "none"
            raise BoardError(f"{where} has an unknown or repeated argument '{key}' (valid: {valid})")
        given.add(key)
        out.append((key, _value(keywords[key], text, f"{where} argument {key}")))
    missing = sorted(required - given)
    if missing or verb == "gain" and not given:
        raise BoardError(f"{where} needs {missing[0] if missing else 'one of ' + ', '.join(keywords)}")
    return Step(verb, tuple(out))


def _mod(args: list[str], where: str) -> Step:
    m = re.fullmatch(r"([a-z_0-9]+)\s*(=|\+=|-=)\s*(\S+)", args[0]) if args else None
    if not m:
        raise BoardError(f"{where} must be mod(param op value[, min=m]) with op =, += or -=")
    param, op, text = m.groups()
    if param not in MOD_PARAMS:
        raise BoardError(f"{where}: unknown rule parameter '{param}' (known: {', '.join(MOD_PARAMS)})")
    check = MOD_PARAMS[param]
    if check is not None and (op != "=" or len(args) > 1):
        raise BoardError(f"{where}: '{param}' can only be set with = and takes no min")
    out: list[tuple[str, Arg]] = [("param", param), ("op", op),
                                  ("value", _value(check or _nonneg, text, f"{where} value of {param}"))]
    for extra in args[1:]:
        key, _, value = (s.strip() for s in extra.partition("="))
        if key != "min" or len(out) > 3:
            raise BoardError(f"{where} has an unknown or repeated argument '{key}' (valid: min)")
        out.append(("min", _value(_nonneg, value, f"{where} argument min")))
    return Step("mod", tuple(out))


def _objective(args: list[str], regions: dict[str, int], where: str) -> Step:
    m = re.fullmatch(r"conquer_regions\((.*)\)", args[0]) if len(args) == 1 else None
    if not m:
        raise BoardError(f"{where} must be objective(conquer_regions(region[, region]))")
    names = _split_args(m.group(1))
    if not names or len(set(names)) != len(names):
        raise BoardError(f"{where} must name one or more distinct regions (found {m.group(1)!r})")
    for name in names:
        if name not in regions:
            raise BoardError(f"{where} names an unknown region '{name}' (regions: {', '.join(regions)})")
    return Step("objective", (("regions", tuple(regions[n] for n in names)),))


# ---------------------------------------------------------------- loading and the checks

def default_cards_path() -> str:
    return str(shipped(__package__, "cards.toml"))


@cache
def load_cards(path: str | None = None, board: Board | None = None) -> Cards:
    """The cards in ``path`` (the shipped file if None), validated against ``board`` (the
    shipped board if None) for the Mandatum regions."""
    source = default_cards_path() if path is None else str(path)
    return load_data(source, "cards", lambda data, source: build_cards(data, board or load_board(), source))


def build_cards(data: dict[str, Any], board: Board, source: str = "<data>") -> Cards:
    """Tables from parsed card data; a :class:`BoardError` names the first broken check."""
    reconstructed = header(data, set(DECK_SIZES))
    # C17: SPQR holds Roma, which nobody controls, so no Mandatum can name it
    regions = {r: i for i, r in enumerate(board.region_ids) if i != board.spqr}
    ids: set[str] = set()
    names: set[str] = set()
    decks: dict[str, list[Any]] = {}
    for deck in DECK_SIZES:
        decks[deck] = []
        for i, entry in enumerate(table_list(data, deck)):
            cid = field(entry, "id", str, f"{deck} card {i + 1}")
            where = f"card '{cid}'"
            name = field(entry, "name", str, where)
            if cid in ids:
                raise BoardError(f"{where}: the id is used twice")
            if name in names:
                raise BoardError(f"{where}: the name '{name}' is used twice; names are unique across the decks")
            ids.add(cid)
            names.add(name)
            decks[deck].append(_mandatum(entry, regions, board, where) if deck == "mandatum"
                               else _card(deck, entry, regions, where))
    counts = {"fortuna": len(decks["fortuna"]), "castra": len(decks["castra"]),
              "mandatum": len(decks["mandatum"]), "deceptio": sum(c.copies for c in decks["deceptio"])}
    for deck, size in DECK_SIZES.items():
        if counts[deck] != size:  # C6
            raise BoardError(f"the {deck} deck has {counts[deck]} cards; the rulebook's has {size} (C6)")
    with_extra = sum(c.copies + c.extra for c in decks["deceptio"])
    if with_extra != DECEPTIO_60:  # V1
        raise BoardError(f"the deceptio deck with its extra copies has {with_extra} cards; the 2022 print's "
                         f"has {DECEPTIO_60} (V1)")
    return Cards(source, reconstructed, tuple(decks["fortuna"]), tuple(decks["deceptio"]),
                 tuple(decks["castra"]), tuple(decks["mandatum"]))


CARD_KEYS = {"id", "name", "gloss", "when", "text", "effect"}
EXTRA_KEYS = {"fortuna": set(), "deceptio": {"copies", "extra"},
              "castra": {"requirement", "cost", "power", "workforce"}}


def _card(deck: str, entry: dict[str, Any], regions: dict[str, int], where: str) -> Card:
    known_keys(entry, CARD_KEYS | EXTRA_KEYS[deck], where)
    when = field(entry, "when", str, where)
    if when not in WHENS[deck]:
        raise BoardError(f"{where}: when '{when}' is not one of {', '.join(WHENS[deck])} ({deck})")
    effect = parse_effect(field(entry, "effect", str, where), regions, where)
    verbs = [step.verb for step in effect]
    if "objective" in verbs:
        raise BoardError(f"{where}: only Mandatum cards have an objective")
    has_mod = "mod" in verbs
    if has_mod != (when in LASTING):
        raise BoardError(f"{where}: a card with when '{when}' must {'' if when in LASTING else 'not '}have a mod "
                         f"step (a mod lasts for {', '.join(sorted(LASTING))})")
    if when == "static" and set(verbs) != {"mod"}:  # a static ability is a standing modifier (V14)
        raise BoardError(f"{where}: a static ability has only mod steps")
    if set(verbs) & ROLL_VERBS and when not in ROLL_WHENS or when == "on_roll" and not set(verbs) <= ROLL_VERBS:
        raise BoardError(f"{where}: reroll and adjust_result act on a conquest roll: when must be on_roll or "
                         "activated, and an on_roll card has only those steps")
    gloss = entry.get("gloss", "")
    if not isinstance(gloss, str):
        raise BoardError(f"{where}: 'gloss' must be a string (found {gloss!r})")
    base = (str(entry["id"]), str(entry["name"]), gloss, when, field(entry, "text", str, where), effect)
    if deck == "deceptio":
        copies = field(entry, "copies", int, where)
        extra = entry.get("extra", 0)
        if copies < 0 or not isinstance(extra, int) or isinstance(extra, bool) or extra < 0 or copies + extra < 1:
            raise BoardError(f"{where}: copies and extra must be integers 0 or more, together at least 1 "
                             f"(found copies = {copies}, extra = {extra!r})")
        return DeceptioCard(*base, copies=copies, extra=extra)
    if deck == "castra":
        numbers = {k: field(entry, k, int, where) for k in ("requirement", "cost", "power", "workforce")}
        if numbers["requirement"] not in INFLUENCE:
            raise BoardError(f"{where}: requirement {numbers['requirement']} is not an influence 1 to 10 (C7, C18)")
        negative = [k for k in ("cost", "power", "workforce") if numbers[k] < 0]
        if negative:
            raise BoardError(f"{where}: {negative[0]} must be 0 or more (C7)")
        return Officer(*base, **numbers)
    return Card(*base)


def _mandatum(entry: dict[str, Any], regions: dict[str, int], board: Board, where: str) -> Mandatum:
    known_keys(entry, {"id", "name", "bonus", "effect"}, where)
    bonus = field(entry, "bonus", int, where)
    if bonus < 0:
        raise BoardError(f"{where}: bonus must be 0 or more (found {bonus})")
    text = field(entry, "effect", str, where)
    spqr_id = board.region_ids[board.spqr]
    if re.search(rf"\b{spqr_id}\b", text):  # C17, named apart from an unknown region for a clear message
        raise BoardError(f"{where} names SPQR ('{spqr_id}'), which can never be conquered (C17)")
    effect = parse_effect(text, regions, where)
    if [step.verb for step in effect] != ["objective"]:
        raise BoardError(f"{where}: a Mandatum's effect is one objective(...) step (C48)")
    conquer = effect[0].arg("regions")
    assert isinstance(conquer, tuple)
    return Mandatum(str(entry["id"]), str(entry["name"]), bonus, conquer)
