"""The decks a queued draw comes from (``ViaeState.draws``: (deck, seat or slot))."""

DECEPTIO, CASTRA, FORTUNA, MANDATUM, CYCLE_BACK = range(5)
