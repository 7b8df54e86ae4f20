"""What a seat sees (V43): everything but the other seats' Deceptio hands and personal Mandatum
(until completed) and the decks' order. ``view(None)`` is a spectator's: no hand at all."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules import end, stipendium
from .rules.agere import BASILICA_KINDS

if TYPE_CHECKING:
    from .state import ViaeState

BASILICA_NAMES = ("forum", "temple", "quarry")
LEVELS = ("peaceful", "vigilant", "aggressive")


def view(st: ViaeState, seat: int | None) -> dict[str, Any]:
    g = st.game
    b, cards = g.board, g.cards
    n = g.num_players()
    cities = len(b.city_ids)
    player = st.current_player() if st.stack else None
    players = []
    for s in range(n):
        mine = seat == s
        players.append({
            "seat": g.seats[s], "denar": st.denar[s], "stone": st.stone[s], "influence": st.influence[s],
            "legio": st.legio[s], "assigned": st.assigned[s], "forts": st.forts[s], "milestones": st.milestones[s],
            "marker": b.city_ids[st.marker[s]] if st.marker[s] >= 0 else None,
            "spot": g.tracks.ordo_labels[st.spot[s]] if st.spot[s] >= 0 else None,
            "officers": [cards.castra[o].id if o >= 0 else None for o in st.officers[2 * s:2 * s + 2]],
            "officers_used": st.used[2 * s:2 * s + 2],
            "hand_size": st.hand_size(s),
            "hand": sorted(cards.deceptio[k].id for k, c in enumerate(st.hand_of(s)) for _ in range(c))
            if mine else None,
            "personal_mandatum": [cards.mandatum[m].id for m in st.personal[2 * s:2 * s + 2] if m >= 0]
            if mine else None,
            "completed": [cards.mandatum[m].id for m, who in enumerate(st.completed) if who == s],
            "played_this_round": st.played[s],
        })
    basilicas = []
    for r, v in enumerate(st.basilica):
        if v >= 0:
            kind, city = divmod(v, cities)
            basilicas.append({"region": b.region_ids[r], "kind": BASILICA_NAMES[kind], "city": b.city_ids[city]})
    assert len(BASILICA_NAMES) == BASILICA_KINDS
    return {
        "seat": g.seats[seat] if seat is not None else None,
        "round": st.round,
        "phase": st.procedures.running(st).name if st.stack else "over",
        "to_move": st.seat_name(player) if player is not None else None,
        "prompt": st.prompt(),
        "order": [g.seats[s] for s in st.order],
        "players": players,
        "cities": {b.city_ids[c]: {"owner": g.seats[st.control[c]] if st.control[c] >= 0 else None,
                                   "hostility": LEVELS[st.hostility[c]],
                                   "scouts": [st.scouts[s * cities + c] for s in range(n)]}
                   for c in b.cities if c != b.roma},
        "roads": {b.roads[r].id: g.seats[o] for r, o in enumerate(st.road_owner) if o >= 0},
        "basilicas": basilicas,
        "castra": [cards.castra[c].id if c >= 0 else None for c in st.castra],
        "castra_pile": sum(st.castra_pile),
        "deceptio_deck": sum(st.deck),
        "deceptio_discard": sorted(cards.deceptio[k].id for k, c in enumerate(st.discard) for _ in range(c)),
        "fortuna_active": [cards.fortuna[f].id for f in st.fortuna_active],
        "public_mandatum": [cards.mandatum[m].id for m in st.public],
        # copies: a view is a snapshot
        "conquest": {"city": b.city_ids[st.target], "dice": sorted(st.dice), "kept": list(st.kept)}
        if st.target >= 0 else None,
        "quarries": [b.region_ids[r] for r in range(len(b.region_ids)) if stipendium.basilica_type(st, r) == 2],
        "last_round": bool(st.last_round),
        "scores": end.scores(st),
        "legal_actions": [str(a) for a in st.legal_actions()] if seat is not None and seat == player else [],
        "returns": st.returns() if not st.stack else None,
        "standings": end.standings(st) if not st.stack else None,  # C50, V42: the final order
    }


def text(st: ViaeState) -> str:
    """The referee's position in a few lines."""
    v = view(st, None)
    lines = [f"round {v['round']} · {v['phase']} · {v['prompt']}"]
    for p, s in zip(v["players"], range(st.game.num_players()), strict=True):
        hand = " ".join(st.game.cards.deceptio[k].id for k, c in enumerate(st.hand_of(s)) for _ in range(c))
        lines.append(f"{p['seat']}: {p['denar']} Denar {p['stone']} Stone influence {p['influence']} "
                     f"Legio {p['legio']} at {p['marker']} cities {len(st.cities_of(s))} hand [{hand}]")
    return "\n".join(lines)
