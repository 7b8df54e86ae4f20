"""What a seat sees (``state.view(seat)``): the map, the armies, the decks' sizes and the
cards played; a hand only for its own seat, never for the other or a spectator (``None``).
Battle hands likewise: each seat sees its own, the other's only as a count."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .ids import Id
from .notation import KINDS, SIDES
from .rules import base, movement

if TYPE_CHECKING:
    from .state import HannibalState

CONTROL = {base.NONE: None, 0: "rome", 1: "carthage", base.NEUTRAL: "neutral"}


def _where(st: HannibalState, at: int) -> str:
    if at >= 0:
        return st.board.names[at]
    return {base.OFF: "pool", base.DEAD: "eliminated", base.LATER: "not yet arrived", base.AWAY: "displaced"}[at]


def card(st: HannibalState, number: int) -> str:
    return f"#{number} {st.game.cards.strategy[number - 1].name}"


def _answer_due(st: HannibalState) -> bool:
    """Whether the defender is still to match the card led (H78): once matched, the card stays
    in the battle's state (``b_card``) but no answer is due."""
    return any(frame[0] == Id.MATCH for frame in st.stack)


def _announced(st: HannibalState) -> dict[str, Any] | None:
    """The moving army's step announced but not taken yet (the log has it) while the other side
    is asked about #41 Bad Weather (H34, H133): its General, where he stands, where he would go,
    the CUs he takes and the Generals he picked up (H42, H46)."""
    step = movement.announced_step(st)
    if step is None:
        return None
    g, there, sail = step
    return {"general": st.game.generals[g].name, "from": st.board.names[st.gen_at[g]],
            "to": st.board.names[there], "by_sea": sail, "cus": st.m_left,
            "with": [st.game.generals[h].name for h in st.m_group]}


def _moving(st: HannibalState) -> dict[str, str] | None:
    """The General whose activation is under way and where he stands (public: the board shows
    him move), so that a page framing part of the map keeps his army in view."""
    if st.m_gen < 0 or st.gen_at[st.m_gen] < 0 or not any(frame[0] in (Id.TAKE, Id.MOVE) for frame in st.stack):
        return None
    return {"general": st.game.generals[st.m_gen].name, "at": st.board.names[st.gen_at[st.m_gen]]}


def _round(st: HannibalState) -> int:
    """The battle's round as the log numbers it ("battle round N", H78): the one under way from
    the card led until the next card (its answer, the counterattack), the one to come while the
    attacker is to lead (or tries to withdraw instead, H80: no round), the last one fought once the
    battle is decided."""
    under_way = st.b_card != -2 and any(frame[0] in (Id.MATCH, Id.COUNTER, Id.R_COUNTER) for frame in st.stack)
    decided = st.b_win >= 0 or st.b_withdrew
    return st.b_rounds if under_way or decided else st.b_rounds + 1


def view(st: HannibalState, seat: int | None) -> dict[str, Any]:
    board, game = st.board, st.game
    spaces = {}
    for s in range(board.n_spaces):
        if not (st.ctrl[s] != base.NONE or st.cu[0][s] or st.cu[1][s] or st.spts[s]):
            continue
        spaces[board.names[s]] = {"control": CONTROL[st.ctrl[s]], "tribe": st.tribal[s], "rome": st.cu[0][s],
                                  "carthage": st.cu[1][s], "elephants": st.eleph[s], "siege": st.spts[s],
                                  "inside": st.inner[s], "elephants_inside": st.ein[s]}
    player = st.current_player()
    battle = None
    if st.b_space >= 0:
        battle = {"space": board.names[st.b_space], "attacker": SIDES[st.b_att], "rounds": st.b_rounds,
                  "round": _round(st),
                  "card": KINDS[st.b_card] if st.b_card >= 0 and _answer_due(st) else None,
                  "hand_sizes": [sum(h) for h in st.bhand],
                  "played": {KINDS[k]: st.bplayed[k] for k in range(6) if st.bplayed[k]},
                  "face_up": [{KINDS[k]: c for k, c in enumerate(shown) if c} for shown in st.bshown],
                  "hand": None if seat is None else {KINDS[k]: c for k, c in enumerate(st.bhand[seat]) if c}}
    return {
        "seat": None if seat is None else SIDES[seat],
        "turn": st.turn,
        "phase": st.procedures.running(st).name if st.stack else "over",
        "prompt": st.prompt(),
        "to_move": None if not st.stack or player < 0 else SIDES[player],
        "spaces": spaces,
        "generals": {g.name: {"at": _where(st, st.gen_at[i]), "consul": st.consul[i],
                              "proconsul": st.proconsul == i, "inside": base.is_inside(st, i)}
                     for i, g in enumerate(game.generals)},
        "hand": None if seat is None else [card(st, c) for c in sorted(st.hands[seat])],
        "known_in_other_hand": None if seat is None else [card(st, c) for c in sorted(st.known[1 - seat])],
        "hand_sizes": [len(h) for h in st.hands],
        "deck": len(st.deck),
        "discard": [card(st, c) for c in st.discard],
        "removed": [card(st, c) for c in st.removed],
        "points": [base.points(st, 0), base.points(st, 1)],
        "truce": st.truce, "naval_victory": st.naval_victory, "macedonia": st.macedonia,
        "siege_train": None if st.siege_train < 0 else game.generals[st.siege_train].name,
        "battle": battle,
        "announced": _announced(st),
        "moving": _moving(st),
        "legal_actions": [] if not st.stack or player < 0 or seat != player
        else [str(a) for a in st.legal_actions()],
        "winner": SIDES[st.winner] if st.winner >= 0 else None,
        "reason": st.reason or None,
    }


def text(st: HannibalState) -> str:
    """The position in a few lines: public facts only (the terminal prints it to every seat;
    a seat's hand shows in its own legal actions and view)."""
    board = st.board
    lines = [f"turn {st.turn}; points rome {base.points(st, 0)}, carthage {base.points(st, 1)}; {st.prompt()}"]
    for s in range(board.n_spaces):
        if st.cu[0][s] or st.cu[1][s] or st.inner[s]:
            gens = ", ".join(g.name + (" (inside)" if base.is_inside(st, i) else "")
                             for i, g in enumerate(st.game.generals) if st.gen_at[i] == s)
            walls = f", {st.inner[s]} inside the walls" if st.inner[s] else ""
            lines.append(f"  {board.names[s]}: rome {st.cu[0][s]}, carthage {st.cu[1][s]}{walls} {gens}")
    lines.append(f"hands: rome {len(st.hands[0])}, carthage {len(st.hands[1])} cards; deck {len(st.deck)}")
    return "\n".join(lines)
