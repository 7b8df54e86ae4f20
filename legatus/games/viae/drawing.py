"""What the web page needs to draw VIAE that no view repeats (``game.public_data()``): the map
(regions, cities with values and harbors, roads, spokes), the tracks (turn order spots with
their costs, rounds with their Fortuna rounds, influence, Castra slot costs), and the cards'
faces (every card of each deck, public: who holds one is the secret). Everything here is fixed
for a game; the view holds what changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import ViaeGame


def public_data(game: ViaeGame) -> dict[str, Any]:
    b, t, cards = game.board, game.tracks, game.cards
    return {"board": {
        "regions": [{"id": r, "name": b.region_names[i], "colour": b.region_colours[i]}
                    for i, r in enumerate(b.region_ids)],
        "cities": [{"id": c, "name": b.city_names[i], "region": b.region_ids[b.city_region[i]],
                    "value": b.city_value[i] or None, "harbor": b.harbor[i], "lon": b.lon[i], "lat": b.lat[i]}
                   for i, c in enumerate(b.city_ids)],
        "roads": [{"id": r.id, "a": b.city_ids[r.a], "b": b.city_ids[r.b], "value": r.value} for r in b.roads],
        "spokes": [{"id": r.id, "a": b.city_ids[r.a], "b": b.city_ids[r.b]} for r in b.spokes],
        "ordo": [{"label": label, "cost": cost} for label, cost in zip(game.tracks.ordo_labels, game.ordo_costs,
                                                                      strict=True)],
        "rounds": {"count": t.rounds, "fortuna": sorted(game.fortuna_rounds)},
        "influence": {"min": t.influence_min, "max": t.influence_max},
        "castra_slots": list(game.castra_costs),
        "reconstructed": b.reconstructed,
    }, "cards": {
        "deceptio": [{"id": c.id, "name": c.name, "when": c.when, "text": c.text} for c in cards.deceptio],
        "fortuna": [{"id": c.id, "name": c.name, "when": c.when, "text": c.text} for c in cards.fortuna],
        "castra": [{"id": c.id, "name": c.name, "requirement": c.requirement, "cost": c.cost, "power": c.power,
                    "workforce": c.workforce, "when": c.when, "text": c.text} for c in cards.castra],
        "mandatum": [{"id": m.id, "name": m.name, "bonus": m.bonus,
                      "regions": [b.region_ids[r] for r in m.regions]} for m in cards.mandatum],
    }}
