"""The strategy cards' events (H128-H133), interpreted from one table.

Each implemented card has an :class:`Effect`: when it may be played (H33's ruling: only when
it would do something), what its player chooses (spaces, Generals or a Numidia, one at a time
through the Id.EVENT procedure) and what each choice does. Cards without an entry cannot be
played for their event (only for OPs or as a discard): the counter events #6, #20, #31, #32,
#41, #42, #59, #60, and #7/#8 used as counters, are played at their moment elsewhere (see
docs/hannibal/rules.md); as a normal play on one's own turn (H34) only #7/#8 have a moment to act
on (rulings.md says why the others do not).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, roll

from ..ids import Id
from ..notation import CARTHAGE, NUMIDIAS, ROME, SIDES
from . import base, movement
from .base import (
    NONE,
    battle_rating,
    commander,
    country_of,
    cus,
    generals_at,
    is_plain,
    is_walled,
    other,
    province_controller,
    set_control,
)

if TYPE_CHECKING:
    from ..state import HannibalState

SIDE_OF = {"rome": ROME, "carthage": CARTHAGE}

Targets = Callable[["HannibalState", int], list[int]]
Apply = Callable[["HannibalState", int, int], None]


@dataclass(frozen=True)
class Effect:
    """``targets(st, seat)`` lists the action ids to choose from (none: the effect is ``start``
    alone); ``apply(st, seat, choice)`` does one; ``count`` choices ("up to" when ``optional``)."""

    when: Callable[[HannibalState, int], bool]
    targets: Targets | None = None
    apply: Apply | None = None
    count: int = 1
    optional: bool = False
    start: Callable[[HannibalState, int], None] | None = None


# --- helpers --------------------------------------------------------------------------------------
def _province(st: HannibalState, name: str) -> int:
    return st.board.province_names.index(name)


def _spaces(st: HannibalState, *provinces: str) -> list[int]:
    return [s for p in provinces for s in st.board.province_spaces[_province(st, p)]]


def _choose(st: HannibalState, spaces: list[int]) -> list[int]:
    return [st.notation.SPACE["choose"] + s for s in spaces]


def _space(st: HannibalState, action: int) -> int:
    return action - st.notation.SPACE["choose"]


def _always(st: HannibalState, seat: int) -> bool:
    return True


def _controls(name: str, whose: str = "self") -> Callable[[HannibalState, int], bool]:
    def when(st: HannibalState, seat: int) -> bool:
        side = seat if whose == "self" else other(seat)
        return province_controller(st, _province(st, name)) == side
    return when


def _may_place(st: HannibalState, space: int) -> bool:
    """H18: never into a besieged walled city."""
    return not st.spts[space]


def _add_cus(st: HannibalState, seat: int, space: int, n: int, elephants: int = 0) -> None:
    st.cu[seat][space] += n
    if seat == CARTHAGE:
        st.eleph[space] += elephants
    for g in generals_at(st, space, other(seat)):  # H18: a lone enemy General is displaced
        if not st.cu[other(seat)][space]:
            base.displace(st, g)


def _general_spaces(st: HannibalState, seat: int, ok: Callable[[int], bool]) -> list[int]:
    g = st.game
    return sorted({at for gi, at in enumerate(st.gen_at) if at >= 0 and g.general_side[gi] == seat and ok(at)
                   and _may_place(st, at)})


# --- revolts (#1-#4) --------------------------------------------------------------------------------
def _revolt_spaces(st: HannibalState, seat: int, provinces: tuple[str, ...]) -> list[int]:
    enemy = other(seat)
    return [s for s in _spaces(st, *provinces) if st.ctrl[s] == enemy and is_plain(st, s) and not cus(st, enemy, s)]


def _revolt(province: str) -> Effect:
    def start(st: HannibalState, seat: int) -> None:
        for s in _revolt_spaces(st, seat, (province,)):
            st.ctrl[s] = NONE
    def when(st: HannibalState, seat: int) -> bool:
        return _controls(province, "enemy")(st, seat) and bool(_revolt_spaces(st, seat, (province,)))
    return Effect(when, start=start)


def _numidia_targets(st: HannibalState, seat: int) -> list[int]:
    return [st.notation.PROVINCE + i for i in range(2)]


def _numidia_revolt(st: HannibalState, seat: int, action: int) -> None:
    for s in _revolt_spaces(st, seat, (NUMIDIAS[action - st.notation.PROVINCE],)):
        st.ctrl[s] = NONE


# --- PCs (#22-#24, #27, #35/#36, #56) ----------------------------------------------------------------
def _pc_targets(provinces: tuple[str, ...]) -> Targets:
    def targets(st: HannibalState, seat: int) -> list[int]:
        enemy = other(seat)
        return _choose(st, [s for s in _spaces(st, *provinces) if not cus(st, enemy, s) and s not in st.path
                            and (st.ctrl[s] == NONE or st.ctrl[s] == enemy and is_plain(st, s))])
    return targets


def _place_pc(st: HannibalState, seat: int, action: int) -> None:
    s = _space(st, action)
    st.path.append(s)
    set_control(st, s, seat)


def _sophonisba_targets(st: HannibalState, seat: int) -> list[int]:
    if st.path:  # the Numidia is chosen: its spaces
        return _pc_targets((NUMIDIAS[st.path[0]],))(st, seat)
    return _numidia_targets(st, seat)


def _sophonisba(st: HannibalState, seat: int, action: int) -> None:
    if not st.path:
        st.path.append(action - st.notation.PROVINCE)  # the Numidia: not one of the 3 PCs
    else:
        _place_pc(st, seat, action)


def _flip_targets(provinces: tuple[str, ...] | None, need_no_cus: bool = True) -> Targets:
    def targets(st: HannibalState, seat: int) -> list[int]:
        enemy = other(seat)
        where = _spaces(st, *provinces) if provinces else range(st.board.n_spaces)
        ctrl = st.ctrl
        flips = [s for s in where if ctrl[s] == enemy and is_plain(st, s)]
        if need_no_cus:  # cus() inlined: a hot path (whether the event may be played, every card play)
            theirs, train = st.cu[enemy], base.train_space(st, enemy)
            flips = [s for s in flips if not (theirs[s] or s == train)]
        return _choose(st, flips)
    return targets


def _remove_pc(st: HannibalState, seat: int, action: int) -> None:
    st.ctrl[_space(st, action)] = NONE


def _hannibal_in_italy(st: HannibalState, seat: int) -> bool:
    at = st.gen_at[st.game.hannibal]
    return at >= 0 and country_of(st, at) == "Italy"


def _mutines(st: HannibalState, seat: int) -> list[int]:
    return _choose(st, [s for s in _spaces(st, "Sicilia") if not is_walled(st, s) and not st.cu[ROME][s]
                        and _may_place(st, s)])


def _mutines_apply(st: HannibalState, seat: int, action: int) -> None:
    s = _space(st, action)
    _add_cus(st, CARTHAGE, s, 1)
    set_control(st, s, CARTHAGE)


# --- CUs (#10-#16, #43-#48) ----------------------------------------------------------------------------
def _recruit(n: int, ok: Callable[[HannibalState, int, int], bool],
             when: Callable[[HannibalState, int], bool] = _always) -> Effect:
    def targets(st: HannibalState, seat: int) -> list[int]:
        return _choose(st, _general_spaces(st, seat, lambda s: ok(st, seat, s)))

    def apply(st: HannibalState, seat: int, action: int) -> None:
        _add_cus(st, seat, _space(st, action), n)
    return Effect(lambda st, seat: when(st, seat) and bool(targets(st, seat)), targets, apply)


def _in(*provinces: str) -> Callable[[HannibalState, int, int], bool]:
    def ok(st: HannibalState, seat: int, s: int) -> bool:
        return st.board.province_names[st.board.province[s]] in provinces
    return ok


def _spanish_controlled(st: HannibalState, seat: int, s: int) -> bool:
    return country_of(st, s) == "Spain" and province_controller(st, st.board.province[s]) == seat


def _auxiliaries(province: str) -> Effect:
    return _recruit(2, lambda st, seat, s: country_of(st, s) == "Italy", _controls(province))


def _volones_when(st: HannibalState, seat: int) -> bool:
    italy = sum(1 for p in base.ITALY6 if province_controller(st, _province(st, p)) == CARTHAGE)
    rome = st.game.rome_space
    return italy >= 3 and not any(cus(st, CARTHAGE, s) for s in _spaces(st, "Latium")) and st.ctrl[rome] == ROME \
        and _may_place(st, rome)


def _port_targets(countries: tuple[str, ...] | None) -> Targets:
    """A port with the seat's PC and no enemy CU, where a CU may be placed, in ``countries`` (None: any)."""
    def targets(st: HannibalState, seat: int) -> list[int]:
        return _choose(st, [p for p in st.board.ports if st.ctrl[p] == seat and not cus(st, other(seat), p)
                            and _may_place(st, p) and (countries is None or country_of(st, p) in countries)])
    return targets


def _add_one(n: int) -> Apply:
    def apply(st: HannibalState, seat: int, action: int) -> None:
        _add_cus(st, seat, _space(st, action), n)
    return apply


def _elephants(st: HannibalState, seat: int) -> None:
    """#12: two elephant CUs in Carthage, regular ones for elephants not available (H4)."""
    space = st.game.carthage_space
    e = min(2, st.game.tables.elephants - sum(st.eleph) - sum(st.ein))  # those inside walls too
    _add_cus(st, CARTHAGE, space, 2, elephants=e)


# --- sieges and cities (#17, #25, #26, #49, #53) --------------------------------------------------------
def _besieged(filter_: Callable[[HannibalState, int], bool]) -> Targets:
    def targets(st: HannibalState, seat: int) -> list[int]:
        return _choose(st, [s for s in st.game.siege_sites if st.spts[s] and filter_(st, s)])
    return targets


def _sortie(st: HannibalState, seat: int, action: int) -> None:
    st.spts[_space(st, action)] -= 1


def _lift(st: HannibalState, seat: int, action: int) -> None:
    st.spts[_space(st, action)] = 0


def _city(name: str) -> Callable[[HannibalState, int], None]:
    def start(st: HannibalState, seat: int) -> None:
        s = st.game.space_index(name)
        st.spts[s] = 0
        set_control(st, s, CARTHAGE)
    return start


def _capua_when(st: HannibalState, seat: int) -> bool:
    italy = sum(1 for p in (*base.ITALY6, "Latium") if province_controller(st, _province(st, p)) == CARTHAGE)
    return italy >= 3 and st.ctrl[st.game.space_index("Capua")] == ROME


# --- attrition (#7/#8, #21, #51, #52) -----------------------------------------------------------------
def _forces(st: HannibalState, seat: int, ok: Callable[[int], bool]) -> list[int]:
    enemy = other(seat)
    theirs, train = st.cu[enemy], base.train_space(st, enemy)
    return _choose(st, [s for s, c in enumerate(theirs) if (c or s == train) and ok(s)])


def _tribal_lands(st: HannibalState, s: int) -> bool:
    return st.board.province_names[st.board.province[s]] in ("Gallia Transalpinia", "Liguria")


def _attrition(mod: int, column: int) -> Apply:
    def apply(st: HannibalState, seat: int, action: int) -> None:
        st.queue = (2,)  # the roll ends the event
        st.goto(Id.R_EVENT_ATTRITION, _space(st, action), other(seat), mod + 10, column)
    return apply


def event_attrition_roll(st: HannibalState, die: int, space: int, side: int, mod: int, column: int) -> None:
    base.attrition(st, side, space, die + mod - 10, st.cu[side][space], base.train_at(st, side, space), column)
    st.end()


def _mercenary_spaces(st: HannibalState) -> tuple[int, ...]:
    return tuple(s for s in range(st.board.n_spaces) if cus(st, CARTHAGE, s)
                 and not (is_walled(st, s) and st.ctrl[s] == CARTHAGE))


def _mercenaries(st: HannibalState, seat: int) -> None:
    st.queue = _mercenary_spaces(st)
    _next_mercenaries(st)


def _next_mercenaries(st: HannibalState) -> None:
    if not st.queue:
        st.end()
        return
    space, st.queue = st.queue[0], st.queue[1:]
    st.goto(Id.R_MERCENARIES, space, 0 if commander(st, space, CARTHAGE) >= 0 else 1)


def mercenaries_roll(st: HannibalState, die: int, space: int, stage: int) -> None:
    """#21: a force with a General is exempt on a roll at most its commander's BR; else attrition."""
    if stage == 0:
        if die > battle_rating(st, commander(st, space, CARTHAGE)):
            st.goto(Id.R_MERCENARIES, space, 1)
            return
    else:
        base.attrition(st, CARTHAGE, space, die, st.cu[CARTHAGE][space], base.train_at(st, CARTHAGE, space))
    _next_mercenaries(st)


# --- cards, flags, Generals (#9, #19, #29, #30, #55, #57, #58, #64) ---------------------------------------
def _macedonia_when(st: HannibalState, seat: int) -> bool:
    return st.macedonia == 0 and seat == CARTHAGE or st.macedonia == 1 and seat == ROME


def _macedonia(st: HannibalState, seat: int) -> None:
    """#9 (H130's ruling): Carthage first, then Rome; each time the opponent discards at random."""
    st.macedonia += 1
    if st.hands[other(seat)]:
        st.queue = (2,)
        st.goto(Id.RANDOM_CARD, other(seat), -1)


def _messenger(st: HannibalState, seat: int) -> None:
    if st.hands[other(seat)]:
        st.queue = (2,)
        st.goto(Id.RANDOM_CARD, other(seat), seat)


def random_card(st: HannibalState, action: int) -> None:
    """A card taken (#55) or discarded (#9) at random from a hand; both seats see which."""
    _, victim, taker = st.stack[-1]
    card = action - st.notation.TAKE_CARD + 1
    st.hands[victim].remove(card)
    if card in st.known[victim]:
        st.known[victim].remove(card)
    if taker >= 0:
        st.hands[taker].append(card)
        st.known[taker].append(card)
    else:
        base.discard(st, card)
    st.end()


def _flag(name: str) -> Callable[[HannibalState, int], None]:
    def start(st: HannibalState, seat: int) -> None:
        setattr(st, name, 1 if name.endswith("counsel") else True)
    return start


def _proconsul_when(st: HannibalState, seat: int) -> bool:
    return st.proconsul >= 0 and st.gen_at[st.proconsul] >= 0 and bool(_unused_romans(st))


def _unused_romans(st: HannibalState) -> list[int]:
    return [gi for gi, gen in enumerate(st.game.generals) if gen.consul_pool and st.gen_at[gi] == base.OFF]


def _replace_proconsul(st: HannibalState, seat: int, action: int) -> None:
    """#19 (its ruling): the new General takes the old one's place and is the Proconsul."""
    new = action - st.notation.CHOOSE_GENERAL
    old = st.proconsul
    st.gen_at[new] = st.gen_at[old]
    st.stamp[new] = st.stamp[old]
    st.gen_at[old] = base.OFF
    st.proconsul = new


def _carthaginian_generals(st: HannibalState, seat: int) -> list[int]:
    g = st.game
    first = st.notation.CHOOSE_GENERAL
    return [first + gi for gi, at in enumerate(st.gen_at) if at >= 0 and g.general_side[gi] == CARTHAGE]


def _siege_train(st: HannibalState, seat: int, action: int) -> None:
    st.siege_train = action - st.notation.CHOOSE_GENERAL


# --- movement events (#33-#40, #61-#63) ---------------------------------------------------------------
def _campaign(st: HannibalState, seat: int) -> None:
    card = st.stack[-1][2] if len(st.stack[-1]) > 2 else 0
    st.c_sea = 0
    st.goto(Id.CAMPAIGN, seat, card, st.game.cards.strategy[card - 1].generals)


def _force_targets(st: HannibalState, seat: int) -> list[int]:
    card = st.stack[-1][2]
    top = st.game.cards.strategy[card - 1].force_march
    return [st.notation.ACTIVATE + gi for gi in movement.activatable(st, seat) if base.strategy_rating(st, gi) <= top]


def _force_march(st: HannibalState, seat: int, action: int) -> None:
    card = st.stack[-1][2]
    movement.activate(st, seat, action - st.notation.ACTIVATE, card, movement.MODE_FORCE)
    st.queue = (3,)  # the General moves: the event's choices are over
    st.goto(Id.TAKE, seat)


def _truce(st: HannibalState, seat: int) -> None:
    st.truce = True


def _choice(targets: Targets, apply: Apply, count: int = 1, optional: bool = False,
            also: Callable[[HannibalState, int], bool] = _always) -> Effect:
    """An event that chooses among ``targets``: playable when ``also`` holds and one exists."""
    return Effect(lambda st, seat: also(st, seat) and bool(targets(st, seat)), targets, apply, count, optional)


def _enemy_forces(ok: Callable[[HannibalState, int, int], bool]) -> Targets:
    return lambda st, seat: _forces(st, seat, lambda s: ok(st, seat, s))


_ANY_SIEGE = _besieged(lambda st, s: True)
_PORT_SIEGE = _besieged(lambda st, s: st.board.port[s] is not None and is_walled(st, s))
_TRIBE_SIEGE = _besieged(lambda st, s: bool(st.tribal[s]))
_ITALY = (*base.ITALY6, "Latium")

EFFECTS: dict[int, Effect] = {
    1: _revolt("Corsica Sardinia"), 2: _revolt("Sicilia"), 4: _revolt("Celtiberia"),
    3: Effect(_always, _numidia_targets, _numidia_revolt),
    7: _choice(_enemy_forces(lambda st, seat, s: _tribal_lands(st, s)), _attrition(0, 5)),
    9: Effect(_macedonia_when, start=_macedonia),
    10: _choice(_port_targets(("Africa", "Italy")), _add_one(2), also=lambda st, seat: st.macedonia == 1),
    11: _choice(_port_targets(None), _add_one(1), also=_controls("Balearic Islands")),
    12: Effect(lambda st, seat: st.ctrl[st.game.carthage_space] == CARTHAGE and _may_place(st, st.game.carthage_space),
               start=_elephants),
    13: _recruit(2, _in("Lucania")),
    14: _recruit(2, _in("Liguria", "Gallia Cisalpinia", "Etruria")),
    15: _recruit(2, _spanish_controlled),
    16: _recruit(2, _in("Gallia Transalpinia", "Gallia Cisalpinia")),
    17: _choice(_ANY_SIEGE, _sortie),
    19: _choice(lambda st, seat: [st.notation.CHOOSE_GENERAL + g for g in _unused_romans(st)], _replace_proconsul,
                also=_proconsul_when),
    21: Effect(lambda st, seat: bool(_mercenary_spaces(st)), start=_mercenaries),
    22: _choice(_mutines, _mutines_apply),
    23: _choice(_pc_targets(("Eastern Numidia",)), _place_pc, 3, True),
    24: Effect(_always, _sophonisba_targets, _sophonisba, 3, True),
    25: Effect(_capua_when, start=_city("Capua")),
    26: Effect(lambda st, seat: st.ctrl[st.game.space_index("Syracuse")] == ROME, start=_city("Syracuse")),
    27: _choice(_flip_targets(_ITALY), _place_pc, 2, True, also=_hannibal_in_italy),
    29: Effect(_always, start=_flag("naval_victory")),
    30: _choice(_carthaginian_generals, _siege_train),
    35: _choice(_flip_targets(None), _place_pc),
    43: Effect(_volones_when, start=lambda st, seat: _add_cus(st, ROME, st.game.rome_space, 4)),
    44: _auxiliaries("Apulia"), 45: _auxiliaries("Etruria"), 46: _auxiliaries("Samnium"),
    47: _auxiliaries("Lucania"), 48: _auxiliaries("Campania"),
    49: _choice(_PORT_SIEGE, _lift),
    51: _choice(_enemy_forces(lambda st, seat, s: True), _attrition(0, 0)),
    52: _choice(_enemy_forces(lambda st, seat, s: st.spts[s] > 0 and st.sby[s] == other(seat) and is_walled(st, s)),
                _attrition(1, 0)),
    53: _choice(_TRIBE_SIEGE, _lift),
    55: Effect(lambda st, seat: bool(st.hands[other(seat)]), start=_messenger),
    56: _choice(_flip_targets(None, False), _remove_pc, 3, True, also=_controls("Sicilia")),
    57: Effect(_always, start=_flag("hanno_counsel")), 58: Effect(_always, start=_flag("cato_counsel")),
    61: _choice(_force_targets, _force_march),
    64: Effect(_always, start=_truce),
}
EFFECTS[8] = EFFECTS[7]
EFFECTS[36] = EFFECTS[35]
EFFECTS[62] = EFFECTS[63] = EFFECTS[61]
for _card in (33, 34, 37, 38, 39, 40):
    EFFECTS[_card] = Effect(lambda st, seat: movement.can_activate(st, seat), start=_campaign)


def can_play(st: HannibalState, seat: int, card: int) -> bool:
    """H33: the event is the playing side's (by the card's colour) and would do something."""
    effect = EFFECTS.get(card)
    if effect is None:
        return False
    info = st.game.cards.strategy[card - 1]
    if info.side != "either" and SIDE_OF[info.side] != seat or info.kind == "op_bonus":
        return False
    if effect.when is _always:  # no query to make (and no frame to push for it)
        return True
    st.stack = (*st.stack, (Id.EVENT, seat, card, 0))  # the effect's queries read the card from the top frame
    try:
        return effect.when(st, seat)
    finally:
        st.stack = st.stack[:-1]


def play(st: HannibalState, seat: int, card: int) -> None:
    """The event: the card is discarded (or leaves the game, H130), a Truce ends if the event
    breaks it (H131), then the effect."""
    info = st.game.cards.strategy[card - 1]
    if info.removed_after and (card != 9 or st.macedonia == 1):
        st.removed.append(card)
    else:
        base.discard(st, card)
    if st.truce and info.breaks_truce:
        st.truce = False
    effect = EFFECTS[card]
    st.path = []
    st.queue = ()
    st.goto(Id.EVENT, seat, card, effect.count)
    if effect.start is not None:
        effect.start(st, seat)
        if st.stack and st.stack[-1][0] == Id.EVENT and effect.targets is None:
            st.end()


def event_legal(st: HannibalState) -> tuple[int, ...]:
    _, seat, card, left = st.stack[-1]
    effect = EFFECTS[card]
    assert effect.targets is not None
    out = effect.targets(st, seat)
    if effect.optional or not out:
        out.append(st.notation.SIMPLE["done"])
    return tuple(sorted(set(out)))


def event_choice(st: HannibalState, action: int) -> None:
    _, seat, card, left = st.stack[-1]
    effect = EFFECTS[card]
    if action == st.notation.SIMPLE["done"]:
        st.end()
        return
    assert effect.apply is not None
    st.queue = ()
    effect.apply(st, seat, action)
    if not st.stack or st.queue:  # the game ended, or the effect moved on to a roll or a move
        st.queue = ()
        return
    if card == 24 and len(st.path) == 1:
        return  # Sophonisba's Numidia chosen: the 3 PCs follow
    if left > 1:
        st.goto(Id.EVENT, seat, card, left - 1)
    else:
        st.end()


def campaign_legal(st: HannibalState) -> tuple[int, ...]:
    _, seat, card, left = st.stack[-1]
    out = [st.notation.ACTIVATE + gi for gi in movement.activatable(st, seat)] if left else []
    return tuple(sorted([*out, st.notation.SIMPLE["end campaign"]]))


def campaign(st: HannibalState, action: int) -> None:
    """H52: up to 2 or 3 different Generals, one after the other; one army may sail."""
    _, seat, card, left = st.stack[-1]
    if action == st.notation.SIMPLE["end campaign"]:
        st.end()
        return
    st.stack = (*st.stack[:-1], (Id.CAMPAIGN, seat, card, left - 1))
    sea = st.c_sea
    movement.activate(st, seat, action - st.notation.ACTIVATE, card, movement.MODE_CAMPAIGN)
    st.c_sea = sea
    st.call(Id.TAKE, seat)


def campaign_resume(st: HannibalState) -> None:
    _, seat, card, left = st.stack[-1]
    if not left or not movement.can_activate(st, seat):
        st.end()


# --- The table's entries of this chapter ----------------------------------------------------------
def _random_legal(st: HannibalState) -> tuple[int, ...]:
    return tuple(st.notation.TAKE_CARD + c - 1 for c in sorted(st.hands[st.stack[-1][1]]))


_RECRUITS = "where its 2 CUs go, with a General {where}"
_QUESTIONS: dict[int, str] = {
    3: "which Numidia revolts", 7: "the enemy force in Gallia Transalpinia or Liguria that rolls Attrition",
    10: "the port where its 2 CUs land", 11: "the port where its CU lands",
    13: _RECRUITS.format(where="in Lucania"), 14: _RECRUITS.format(where="in Liguria, Gallia Cisalpinia or Etruria"),
    15: _RECRUITS.format(where="in a Spanish province it controls"),
    16: _RECRUITS.format(where="in Gallia Transalpinia or Gallia Cisalpinia"),
    17: "the besieged city that loses a siege point", 19: "the General who takes the dismissed Proconsul's place",
    22: "the space of Sicilia for its CU and PC", 23: "a space of Eastern Numidia for a PC",
    27: "a Roman PC in Italy to make Carthaginian", 30: "the General who gets the siege train",
    35: "the enemy PC to flip", 44: _RECRUITS.format(where="in Italy"),
    49: "the besieged port whose siege points are all removed", 51: "the enemy force that rolls Attrition",
    52: "the besieging enemy force that rolls Attrition at +1", 53: "the tribe whose subjugation points are removed",
    56: "a Roman PC to remove", 61: "the General who marches up to 6 spaces",
}
for _same, _as in ((8, 7), (36, 35), (45, 44), (46, 44), (47, 44), (48, 44), (62, 61), (63, 61)):
    _QUESTIONS[_same] = _QUESTIONS[_as]


def _event_prompt(st: HannibalState) -> str:
    """What the event's choice is: where its CUs go, which force rolls, which General marches;
    with how many more where it chooses several (up to 3 PCs) (H33, H128)."""
    _, seat, card, left = st.stack[-1]
    info = st.game.cards.strategy[card - 1]
    question = _QUESTIONS.get(card, "its target")
    if card == 24:
        question = f"a space of {NUMIDIAS[st.path[0]]} for a PC" if st.path else "the Numidia where its PCs go"
    if card in (61, 62, 63) and info.force_march < 3:
        question += f" (SR {info.force_march}{' or less' if info.force_march > 1 else ''})"
    more = EFFECTS[card].count > 1 and (card != 24 or st.path)
    if more:
        question += f", up to {left} more" if left < EFFECTS[card].count else f", up to {left}"
        question += ", or done" if EFFECTS[card].optional else ""
    return f"{base.side_word(st)} chooses for #{card} {info.name}: {question} (H128)."


P = Procedure
PROCEDURES: base.Entries = {
    Id.EVENT: P("event", base.seat, _event_prompt, event_legal, event_choice),
    Id.RANDOM_CARD: roll("random card", lambda st: f"Pick a card at random from {SIDES[st.stack[-1][1]]}'s hand.",
                         _random_legal, random_card),
    Id.CAMPAIGN: P("campaign", base.seat, lambda st: f"{base.side_word(st)} activates the next General (H52).",
                   campaign_legal, campaign, resume=campaign_resume),
    Id.R_EVENT_ATTRITION: base.die("the event's attrition", event_attrition_roll),
    Id.R_MERCENARIES: base.die("Mercenaries Desert (#21)", mercenaries_roll),
}
