"""A Hannibal game for the browser tests and the screenshot: turn 1 dealt with #37 Minor
Campaign planted in Rome's hand (the marker Carthage must never see while Rome holds it), played
to where P. Scipio, at sea range of New Carthage, may sail into Hasdrubal's army: the next
actions are a battle's (H74). As a record, which the server imports. And a seat's page that
plays by clicking (:class:`Seat`)."""

from __future__ import annotations

import random
import time
from typing import Any

from playwright.sync_api import expect

from legatus.core.record import to_record
from legatus.core.session import sample_outcome
from legatus.games.hannibal.state import HannibalState
from tests.hannibal.helpers import deal, game, play
from tests.web.helpers import Server

MARKER = "#37"
ROME_HAND = [37, 1, 2, 3, 4, 5, 6]
CARTHAGE_HAND = [14, 15, 16, 17, 18, 19, 20]
DECISIONS = ("no campaign opening", "rome first", "ops #6", "place pcs", "pc Druentia", "event #15", "choose Saguntum",
             "discard #3", "ops #18", "activate H. Gisgo", "take 8", "stop", "garrison 0", "ops #5", "place pcs",
             "done", "discard #16", "ops #1", "activate P. Scipio", "take 5")
ATTACK = "sail New Carthage"


# Hannibal's army (10 CUs, 2 elephants) marched to Bilbilis: the elephants' label lies over
# Iberus, where it may go next.
CROWDED = (*DECISIONS[:8], "ops #18", "activate Hannibal", "take 10", "to Segobriga", "to Bilbilis")


def turn_one(decisions: tuple[str, ...]) -> HannibalState:
    """Turn 1 dealt with the marker in Rome's hand, played through ``decisions``."""
    return play(deal(game().new_initial_state(), ROME_HAND, CARTHAGE_HAND), *decisions)


def battle_record() -> dict[str, Any]:
    state = turn_one(DECISIONS)
    assert ATTACK in {str(a) for a in state.legal_actions()} and 37 in state.hands[0]
    return to_record(state)


# Which decision a seat takes when it has a choice: keep the battle on and short.
PREFER = ("no reaction", "no counter event", "fight", "no roll for command", "no charge", "no pursuit", "siege")


def choose(legal: list[str], rng: random.Random) -> str:
    for word in PREFER:
        if word in legal:
            return word
    cards = [a for a in legal if " attacks " in a or " matches " in a]
    # never "withdraw": a battle ended by a withdrawal has no winner for the tests to read (H80);
    # the plain actions only, not their other numbers of elephants (H4), so that the games stay
    # those the tests were written on
    plain = [a for a in legal if a != "withdraw" and " elephant" not in a]
    return rng.choice(cards or plain or legal)


def battle_to_fight(rounds: int = 0) -> tuple[dict[str, Any], str]:
    """The battle at New Carthage (ATTACK) played on with seeded dice and :func:`choose` to where
    a seat is to attack or to match with a battle card after ``rounds`` rounds (H77, H78): (its
    record, that seat). Deterministic: the first seed whose battle lasts so long."""
    for seed in range(40):
        rng = random.Random(seed)
        state = play(turn_one(DECISIONS), ATTACK)
        fought = False
        for _ in range(300):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
                continue
            view = state.view(None)
            if fought and not view["battle"]:  # over sooner: the next seed
                break
            fought = fought or bool(view["battle"])
            legal = [str(a) for a in state.legal_actions()]
            card = any(" attacks " in a or " matches " in a for a in legal)
            if view["battle"] and view["battle"]["rounds"] >= rounds and card:
                return to_record(state), view["to_move"]
            play(state, choose(legal, rng))
    raise AssertionError(f"no battle lasted {rounds} rounds")


class Seat:
    """One seat's page in its own browser context, with every WebSocket frame it receives."""

    def __init__(self, ctx: Any, server: Server, created: dict[str, Any], name: str) -> None:
        seat = next(s for s in created["seats"] if s["seat"] == name)
        self.name, self.token, self.server, self.id = name, seat["token"], server, created["id"]
        self.frames: list[str] = []
        self.page = ctx.new_page()
        self.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: self.frames.append(str(payload))))
        self.page.goto(server.url + seat["link"])
        self.page.wait_for_selector(".hn-board [data-space='Rome']")

    def view(self) -> dict[str, Any]:
        return self.server.view(self.id, self.token)

    def shows(self, log_length: int) -> None:
        expect(self.page.locator("#play")).to_have_attribute("data-log-length", str(log_length))

    def covered_targets(self) -> list[str]:
        """The highlighted spaces whose marker's centre another thing on the board covers (a
        click there would not reach them)."""
        return self.page.evaluate("""() => [...document.querySelectorAll('.hn-space.active')].filter((g) => {
            const ring = g.querySelector('.hn-ring').getBoundingClientRect();
            const hit = document.elementFromPoint(ring.x + ring.width / 2, ring.y + ring.height / 2);
            return !hit || hit.closest('[data-space]') !== g;
        }).map((g) => g.dataset.space)""")  # type: ignore[no-any-return]

    def act(self, action: str) -> None:
        """Clicks ``action``: its button under the prompt, or its space on the board, then its
        button beside that space."""
        page = self.page
        button = page.locator(f"#buttons button[data-action='{action}']")
        if not button.count():
            space = action.split(" ", 1)[1] if " " in action else action
            for verb in ("intercept from", "avoid to", "retreat to", "remove pc"):
                if action.startswith(verb + " "):
                    space = action[len(verb) + 1:]
            # its disc, as a person clicks: the group's box also holds its label, over the province beneath
            page.locator(f".hn-space.active[data-space='{space}'] .hn-hit").click()
            for other in page.locator("#popover button.action").all():  # each names its action, not its place
                text = other.inner_text().strip()
                assert text and not text.isdigit() and text.split()[0] == other.get_attribute("data-action").split()[0]
            button = page.locator(f"#popover button[data-action='{action}']")
        elif not button.is_visible():  # in a folded row (a reserve played as another kind): opened first
            button.locator("xpath=ancestor::details[1]/summary").click()
        before = self.view()["log_length"]
        button.click()
        deadline = time.monotonic() + 8
        while self.view()["log_length"] == before:  # the click's request reached the server
            assert time.monotonic() < deadline, f"{self.name}'s click on {action!r} changed nothing"
            time.sleep(0.02)
