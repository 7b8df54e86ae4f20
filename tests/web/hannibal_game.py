"""A Hannibal game for the browser tests and the screenshot: turn 1 dealt with #37 Minor
Campaign planted in Rome's hand (the marker Carthage must never see while Rome holds it), played
to where P. Scipio, at sea range of New Carthage, may sail into Hasdrubal's army: the next
actions are a battle's (H74). As a record, which the server imports."""

from __future__ import annotations

import random
from typing import Any

from legatus.core.record import to_record
from tests.hannibal.helpers import deal, game, play

MARKER = "#37"
ROME_HAND = [37, 1, 2, 3, 4, 5, 6]
CARTHAGE_HAND = [14, 15, 16, 17, 18, 19, 20]
DECISIONS = ("no campaign opening", "rome first", "ops #6", "place pcs", "pc Druentia", "event #15", "choose Saguntum",
             "discard #3", "ops #18", "activate H. Gisgo", "take 8", "stop", "garrison 0", "ops #5", "place pcs",
             "done", "discard #16", "ops #1", "activate P. Scipio", "take 5")
ATTACK = "sail New Carthage"


def battle_record() -> dict[str, Any]:
    state = play(deal(game().new_initial_state(), ROME_HAND, CARTHAGE_HAND), *DECISIONS)
    assert ATTACK in {str(a) for a in state.legal_actions()} and 37 in state.hands[0]
    return to_record(state)


# Which decision a seat takes when it has a choice: keep the battle on and short.
PREFER = ("no reaction", "no counter event", "fight", "no roll for command", "no charge", "no pursuit", "siege")


def choose(legal: list[str], rng: random.Random) -> str:
    for word in PREFER:
        if word in legal:
            return word
    cards = [a for a in legal if " attacks " in a or " matches " in a]
    return rng.choice(cards or legal)
