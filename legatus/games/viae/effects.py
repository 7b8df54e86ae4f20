"""The effect engine: the cards' parsed steps (:class:`.cards.Step`) interpreted, one function a
verb, no function a card (CARDS.md §1).

:func:`param` reads a rule parameter through the modifiers in force (V44): the rulebook value,
then Fortuna's ``round`` cards (reveal order, every seat), then the seat's ``static`` officers,
then its Deceptio (play order); ``=`` replaces, ``+=``/``-=`` adjust, minimums apply last.
:func:`run` resolves the other verbs; a verb that needs a choice calls a procedure, one that needs
chance queues draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.tuples import put

from .cards import Arg, Card, Cards, Step
from .decks import CASTRA, CYCLE_BACK, DECEPTIO, FORTUNA
from .ids import FREE_KINDS, V_DISCARD, V_LOSE_INFLUENCE, V_TAKE_DENAR, Id
from .rules import chance

if TYPE_CHECKING:
    from .state import ViaeState

Mod = tuple[Arg | None, Arg | None, Arg | None]  # a modifier's op, value and min
Mods = tuple[dict[str, tuple[Mod, ...]], ...]  # by card: the modifiers of each parameter it changes


def mod_tables(cards: Cards) -> tuple[Mods, Mods, Mods]:
    """Each card's modifiers by parameter, read once: a Fortuna's ``mod`` steps if it lasts the
    round, an officer's steps if its ability is ``static``, a Deceptio's ``mod`` steps (its
    lasting is its place in the modifiers played). :func:`param` is on the legal lists' path,
    where reading the steps anew was a fifth of a random game."""
    def table(deck: tuple[Card, ...], when: str | None) -> Mods:
        out = []
        for card in deck:
            mods: dict[str, tuple[Mod, ...]] = {}
            for s in card.effect if when in (None, card.when) else ():
                if (s.verb == "mod" or when == "static") and s.arg("param") is not None:
                    name = str(s.arg("param"))
                    mods[name] = (*mods.get(name, ()), (s.arg("op"), s.arg("value"), s.arg("min")))
            out.append(mods)
        return tuple(out)
    return table(cards.fortuna, "round"), table(cards.castra, "static"), table(cards.deceptio, None)


def mods_of(st: ViaeState, seat: int, name: str) -> tuple[Mod, ...]:
    """The modifiers of the parameter ``name`` in force for ``seat`` (-1: a rule for all), in the
    order V44 applies them: Fortuna's ``round`` cards (reveal order), the seat's ``static``
    officers, its Deceptio (play order). Every parameter's are gathered at once for a seat and
    kept on the state (:attr:`ViaeState.mods_memo`, shared by clones) while the three tuples
    they come from stay the same objects: a legal list asks a dozen parameters."""
    memo = st.mods_memo
    if memo is not None and memo[0] is st.fortuna_active and memo[1] is st.officers and memo[2] is st.dmods \
            and memo[3] == seat:
        return memo[4].get(name, ())
    table = in_force(st, seat)
    st.mods_memo = (st.fortuna_active, st.officers, st.dmods, seat, table)
    return table.get(name, ())


ModsMemo = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...], int, dict[str, tuple[Mod, ...]]]
"""The modifiers of every parameter for a seat (:func:`in_force`) with what they were read from."""


def in_force(st: ViaeState, seat: int) -> dict[str, tuple[Mod, ...]]:
    """Every parameter's modifiers for ``seat`` (:func:`mods_of`), each in V44's order."""
    fortuna, castra, deceptio = st.game.mod_tables
    cards = [fortuna[f] for f in st.fortuna_active]
    if seat >= 0:
        cards += [castra[o] for o in st.officers[2 * seat:2 * seat + 2] if o >= 0]
        cards += [deceptio[k] for owner, k in st.dmods if owner == seat]
    out: dict[str, tuple[Mod, ...]] = {}
    for mods in cards:
        for name, steps in mods.items():
            out[name] = out.get(name, ()) + steps
    return out


def modified(mods: tuple[Mod, ...], base: Arg) -> Arg:
    """``base`` through ``mods`` (:func:`mods_of`): ``=`` replaces, ``+=``/``-=`` adjust, minimums apply last."""
    value, floor = base, None
    for op, v, m in mods:
        if op == "=":
            value = v  # type: ignore[assignment]
        else:
            assert isinstance(value, int) and isinstance(v, int)
            value = value + v if op == "+=" else value - v
        if isinstance(m, int):
            floor = m if floor is None else max(floor, m)
    if floor is not None and isinstance(value, int):
        value = max(value, floor)
    return value


def param(st: ViaeState, seat: int, name: str, base: Arg) -> Arg:
    """The rule parameter ``name`` for ``seat`` (-1: a rule for all), from the rulebook's ``base``."""
    mods = mods_of(st, seat, name)
    return modified(mods, base) if mods else base


def num(step: Step, name: str, default: int) -> int:
    """A step's integer argument (``default`` if absent)."""
    value = step.arg(name)
    if isinstance(value, int):
        return value
    return int(value) if isinstance(value, str) and value.lstrip("+-").isdigit() else default


def number(st: ViaeState, seat: int, name: str, base: int) -> int:
    """A numeric rule parameter (:func:`param`)."""
    return modified_number(mods_of(st, seat, name), base)


def modified_number(mods: tuple[Mod, ...], base: int) -> int:
    """A number through ``mods`` (:func:`modified`)."""
    if not mods:
        return base
    value = modified(mods, base)
    assert isinstance(value, int)
    return value



def yes(st: ViaeState, seat: int, name: str) -> bool:
    return param(st, seat, name, "yes") == "yes"


# --- influence (C18, V31, V15) ------------------------------------------------------------------

def gain_influence(st: ViaeState, seat: int, n: int) -> None:
    t = st.game.tracks
    st.influence[seat] = min(t.influence_max, st.influence[seat] + n)


def lose_influence(st: ViaeState, seat: int, n: int) -> None:
    t = st.game.tracks
    st.influence[seat] = max(t.influence_min, st.influence[seat] - n)
    if st.influence[seat] < t.officer_slot_2 and st.officers[2 * seat + 1] >= 0:  # C43, V15
        discard_officer(st, 2 * seat + 1)


def discard_officer(st: ViaeState, slot: int) -> None:
    """V11: back into the Castra pile; its pawn to the supply."""
    st.castra_pile = put(st.castra_pile, st.officers[slot], 1)
    st.officers = put(st.officers, slot, -1)
    st.used[slot] = 0


# --- hostility (C16, C37, V21, V25) -------------------------------------------------------------

def can_turn_hostile(st: ViaeState, city: int) -> bool:
    """C16, V35: never a controlled city, Roma or an SPQR city (unclaimed ones stay peaceful)."""
    b = st.game.board
    return st.control[city] < 0 and b.city_region[city] != b.spqr and city != b.roma


def hostility_begun(st: ViaeState) -> bool:
    """C28: cities can turn hostile from round 3 (round 4 with 2 players)."""
    return st.round >= st.game.hostility_from


def raise_hostility(st: ViaeState, seat: int, city: int) -> None:
    if can_turn_hostile(st, city) and hostility_begun(st) and yes(st, seat, "hostility_rises"):
        st.hostility[city] = min(2, st.hostility[city] + 1)


def lower_hostility(st: ViaeState, city: int) -> None:
    if st.control[city] < 0 and st.hostility[city] > 0:
        st.hostility[city] -= 1
        if st.hostility[city] == 0:  # V21: scouts go home, no influence
            cities = len(st.game.board.city_ids)
            for p in range(st.game.num_players()):
                st.scouts[p * cities + city] = 0


def kill_scouts(st: ViaeState, city: int, seat: int | None = None) -> None:
    """Scouts on ``city`` die (back beside their Cohorte, V13); only ``seat``'s if given."""
    cities = len(st.game.board.city_ids)
    for p in range(st.game.num_players()):
        if seat is None or p == seat:
            st.legio[p] -= st.scouts[p * cities + city]
            st.scouts[p * cities + city] = 0


def targets(st: ViaeState, seat: int, target: str, delta: int) -> list[int]:
    """The cities a card's ``target`` names (CARDS.md §1)."""
    b = st.game.board
    if target == "all_value4":
        return [c for c in b.cities if can_turn_hostile(st, c) and b.city_value[c] == 4]
    if target == "all_aggressive":
        return [c for c in b.cities if st.hostility[c] == 2]
    near = b.cities if target == "chosen_any" else (st.marker[seat], *b.neighbours[st.marker[seat]])
    return [c for c in near if can_turn_hostile(st, c) and (st.hostility[c] > 0 if delta < 0 else st.hostility[c] < 2)]


# --- the verbs --------------------------------------------------------------------------------

def run(st: ViaeState, seat: int, steps: tuple[Step, ...]) -> None:
    """Resolve ``steps`` for ``seat`` (-1: Fortuna, every seat). ``mod`` steps act through
    :func:`param` for as long as their card lasts; here they do nothing."""
    for step in steps:
        verb, a = step.verb, step.arg
        if verb == "gain":
            st.denar[seat] += num(step, "denar", 0)
            st.stone[seat] += num(step, "stone", 0)
            gain_influence(st, seat, num(step, "influence", 0))
        elif verb == "draw_deceptio":
            who = st.order if a("who") == "all" else [seat]
            for _ in range(num(step, "n", 1)):
                st.draws.extend((DECEPTIO, s) for s in who)
        elif verb == "reveal_fortuna":
            st.draws.extend((FORTUNA, -1) for _ in range(num(step, "n", 1)))
        elif verb == "hostility":
            delta, target = num(step, "delta", 0), str(a("target"))
            found = targets(st, seat, target, delta)
            if target.startswith("chosen"):
                if found:
                    st.call(Id.TARGET_CITY, delta)
            else:
                for c in found:
                    raise_hostility(st, seat, c) if delta > 0 else lower_hostility(st, c)
        elif verb == "kill_scouts":
            for c in targets(st, seat, str(a("target")), 0):
                kill_scouts(st, c)
        elif verb in ("take_denar", "lose_influence", "discard_deceptio"):
            code = {"take_denar": V_TAKE_DENAR, "lose_influence": V_LOSE_INFLUENCE,
                    "discard_deceptio": V_DISCARD}[verb]
            st.call(Id.TARGET_SEAT, code, num(step, "n", 1))
        elif verb == "recruit_legio":
            st.call(Id.TAKE, num(step, "n", 1), num(step, "cost", 0))
        elif verb == "unassign_legio":
            st.assigned[seat] -= min(num(step, "n", 0), st.assigned[seat])
        elif verb == "free_action":
            kind = FREE_KINDS[str(a("action"))]
            max_value = num(step, "max_value", 3)
            no_workforce = int(a("workforce") in ("0", 0, "self"))
            st.call(Id.FREE, kind, max_value, no_workforce, num(step, "n", 1))
        elif verb == "castra_cycle":
            cost = num(step, "cost", 0)
            if seat >= 0:
                st.denar[seat] -= min(cost, st.denar[seat])
            cycle(st)
        elif verb == "reroll":
            st.dice = ()
            st.goto(Id.DIE)
        elif verb == "adjust_result":
            st.adjust += num(step, "delta", 0)
        elif verb == "mod":
            pass  # acts through param() while its card lasts (Fortuna active, officer held, dmods)
        else:  # the validator knows every verb; a new one must be taught here
            raise NotImplementedError(f"the effect verb '{verb}' is not implemented")
    chance.after_effects(st)


def cycle(st: ViaeState) -> None:
    """C42, V10: the three cards out, three new ones drawn left to right, then the old ones back."""
    st.cycle_out = tuple(c for c in st.castra if c >= 0)
    st.castra = (-1, -1, -1)
    st.draws.extend((CASTRA, slot) for slot in range(3))
    st.draws.append((CYCLE_BACK, 0))
