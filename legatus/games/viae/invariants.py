"""The rules of the components every position keeps (C1, C2, C3, C5, C18, C22, C33, C43, V5,
V13), checked after every action by the fuzzer and the tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import ViaeState


def violations(st: ViaeState) -> list[str]:
    g = st.game
    t, b, cards = g.tracks, g.board, g.cards
    n = g.num_players()
    cities = len(b.city_ids)
    out = []
    for s in range(n):
        name = g.seats[s]
        if not t.influence_min <= st.influence[s] <= t.influence_max:  # C18, V31
            out.append(f"{name}'s influence {st.influence[s]} is off the track 1–10 (C18)")
        if st.denar[s] < 0 or st.stone[s] < 0:  # V5
            out.append(f"{name} has {st.denar[s]} Denar and {st.stone[s]} Stone")
        if not 0 <= st.legio[s] <= t.legio_slots:  # C1, V13
            out.append(f"{name} has {st.legio[s]} Legio; there are {t.legio_slots}")
        if st.free_legio(s) < 0 or st.assigned[s] < 0:
            out.append(f"{name} has assigned or sent more Legio than it has")
        if min(st.forts[s], st.milestones[s]) < 0:  # V5: a player's own pieces are hard limits
            out.append(f"{name} has placed more forts or milestones than it has (V5)")
        if len(st.cities_of(s)) + st.forts[s] != t.supply["forts"]:  # C1
            out.append(f"{name}'s forts on the board and in supply are not {t.supply['forts']}")
        if st.roads_of(s) + st.milestones[s] != t.supply["milestones"]:  # C1
            out.append(f"{name}'s milestones on the board and in supply are not {t.supply['milestones']}")
        if st.officers[2 * s + 1] >= 0 and st.influence[s] < t.officer_slot_2:  # C43
            out.append(f"{name} keeps an officer in slot 2 at influence {st.influence[s]} (C43)")
        if min(st.hand_of(s)) < 0:
            out.append(f"{name} holds a negative number of a card")
    per_seat = [st.scouts[p * cities:(p + 1) * cities] for p in range(len(st.scouts) // cities)]
    for c, scouts in zip(b.cities, map(sum, zip(*per_seat, strict=True)), strict=True):
        if scouts > t.scout_limit:  # C33
            out.append(f"{b.city_ids[c]} has {scouts} scouts; at most {t.scout_limit} (C33)")
        if scouts and (st.hostility[c] == 0 or st.control[c] >= 0):
            out.append(f"scouts stay on {b.city_ids[c]}, which is not a hostile uncontrolled city (C33)")
        if st.hostility[c] and (st.control[c] >= 0 or b.city_region[c] == b.spqr):  # C16
            out.append(f"{b.city_ids[c]} is hostile but controlled or in SPQR (C16)")
    if st.control[b.roma] >= 0:  # C9
        out.append("Roma is controlled (C9)")
    # every card is in exactly one place (C6)
    held = [a + b_ for a, b_ in zip(st.deck, st.discard, strict=True)]
    for s in range(n):
        held = [a + b_ for a, b_ in zip(held, st.hand_of(s), strict=True)]
    if held != list(g.deceptio_counts):
        out.append("the Deceptio cards are not all in deck, discard pile and hands (C6)")
    castra = [st.castra_pile[i] + st.castra.count(i) + st.officers.count(i) + st.cycle_out.count(i)
              for i in range(len(cards.castra))]
    if castra != [1] * len(cards.castra):
        out.append("each Castra card is not in exactly one place (C6)")
    fortuna = [st.fortuna_pile[i] + st.fortuna_discard[i] + st.fortuna_active.count(i)
               for i in range(len(cards.fortuna))]
    if fortuna != [1] * len(cards.fortuna):
        out.append("each Fortuna card is not in exactly one place (C6)")
    kinds = [st.basilica.count(-1)] + [sum(1 for v in st.basilica if v >= 0 and v // cities == k) for k in range(3)]
    supply = (t.supply["forum"], t.supply["temple"], t.supply["quarry"])
    if min(st.basilicas_left) < 0 or \
            any(kinds[k + 1] + st.basilicas_left[k] != supply[k] for k in range(3)):  # C3, V5
        out.append("Basilicas on the board and in supply are not 2 Forum, 3 Temple, 3 Quarry (C3)")
    if st.basilica[b.spqr] >= 0:  # C15
        out.append("a Basilica stands in SPQR (C15)")
    return out
