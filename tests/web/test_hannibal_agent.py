"""Hannibal in the browser against the strongest agent (issue 13, "Done when"): from the page's
form, a person plays Carthage and Rome is ``flat+heuristic:256`` (the game's HINT_AGENT, which
the form names "the strongest"). The person plays through the page's own controls — a seeded
choice among the actions offered, clicked as buttons or on the board — while the page says it
waits for Rome as the agent thinks and shows the agent's moves in Carthage's log. No card Rome
holds unseen ever reaches Carthage's page, in its DOM or its WebSocket frames.

For speed the server runs with ``--agent-seconds 0.1``: the form's agent keeps its spec (256
futures) and the server cuts each of its decisions at 0.1 s (at least one simulation). The test
plays turn 1; ``LEGATUS_HANNIBAL_TURNS=9`` plays the whole game (a few minutes: a measure, not CI)."""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from legatus.games.hannibal.game import HannibalGame
from legatus.web.live import LiveGame
from legatus.web.store import Store
from tests.web.hannibal_game import Seat, choose
from tests.web.helpers import Server

STRONGEST = HannibalGame.HINT_AGENT
AGENT_SECONDS = "0.1"
CARD = re.compile(r"(?<![\w#])#(\d{1,2})(?!\w)")  # a strategy card's number, as the view writes it ("#37 …")
# A card named whoever holds it: by another card's text (#9 "enables #10") or by the rule that
# asks the other side about #41 at every step past the 2nd MP (H34), held or not.
GENERIC = re.compile(r'<p class="hn-tile-text">.*?</p>|(?:with|whether|about) #41 Bad Weather')
REACTIONS = ("intercept from ", "avoid to ", "no reaction")
SEATS = ("rome: ", "carthage: ")
CARTHAGE_BEFORE_REACTING = ("carthage: no counter event", "carthage: garrison ", "carthage: choose ", "carthage: take ",
                            *(f"carthage: {r}" for r in REACTIONS))
TURNS = int(os.environ.get("LEGATUS_HANNIBAL_TURNS", "1"))  # the turns played (9: a whole game, for a measure)


@pytest.fixture(scope="module")
def agent_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("web") / "agent.db", "--agent-seconds", AGENT_SECONDS)
    yield running
    running.stop()


def cards_in(texts: list[str]) -> set[str]:
    return {f"#{n}" for text in texts for n in CARD.findall(GENERIC.sub("", text))}


def number(card: str) -> str:
    return card.split(" ", 1)[0]  # "#37 Minor Campaign" -> "#37"


def steps_to_rome(view: dict[str, Any], connections: list[dict[str, Any]]) -> dict[str, int]:
    """Each space's number of steps (by land or strait) to the nearest Roman army."""
    near: dict[str, list[str]] = {}
    for c in connections:
        near.setdefault(c["a"], []).append(c["b"])
        near.setdefault(c["b"], []).append(c["a"])
    steps = {name: 0 for name, space in view["spaces"].items() if space["rome"]}
    ring = list(steps)
    while ring:
        ahead = []
        for space in ring:
            for n in near.get(space, []):
                if n not in steps:
                    steps[n] = steps[space] + 1
                    ahead.append(n)
        ring = ahead
    return steps


def carthage_choice(legal: list[str], view: dict[str, Any], connections: list[dict[str, Any]],
                    rng: random.Random) -> str:
    """Carthage's seeded choice among the actions offered: it plays its cards for OPs and moves
    its armies, most often towards Rome's (so that a turn has moves and the battles they bring),
    reacts at random to Rome's moves, and otherwise takes what keeps a battle short
    (hannibal_game.choose)."""
    for prefix in ("ops #", "activate "):
        picks = [a for a in legal if a.startswith(prefix)]
        if picks:
            return rng.choice(picks)
    if any(a.startswith(REACTIONS) for a in legal):
        return rng.choice(legal)
    takes = [a for a in legal if a.startswith("take ") and a.split()[1].isdigit()]  # CUs, not "take initiative"
    if takes:
        return max(takes, key=lambda a: int(a.split()[1]))
    moves = [a for a in legal if a.startswith(("to ", "sail "))]
    if moves and rng.random() < 0.8:
        steps = steps_to_rome(view, connections)
        return min(moves, key=lambda a: (steps.get(a.split(" ", 1)[1], 99), rng.random()))
    return choose(legal, rng)


class RomeHand:
    """The cards Rome holds that Carthage has not seen: each from when Rome's view first shows it
    (if Carthage's page has never named it) until it leaves Rome's hand or Carthage is shown it
    (#55, ``known_in_other_hand``)."""

    def __init__(self) -> None:
        self.secret: set[str] = set()
        self.in_frames: set[str] = set()  # the cards named in the frames read so far
        self.read = 0  # frames read
        self.checked = 0  # snapshots in which a secret card was searched for

    def check(self, html: str, frames: list[str], rome: dict[str, Any], carthage: dict[str, Any]) -> None:
        """Carthage's DOM (``html``) and ``frames`` were taken before the two seats' views."""
        self.in_frames |= cards_in(frames[self.read:])
        self.read = len(frames)
        shown = self.in_frames | cards_in([html])
        held = {number(c) for c in rome["view"]["hand"]}
        known = {number(c) for c in carthage["view"]["known_in_other_hand"] or []}
        self.secret = {c for c in self.secret if c in held and c not in known}
        leaked = self.secret & shown
        assert not leaked, f"Carthage's page names {sorted(leaked)}, which Rome holds unseen"
        self.secret |= held - known - shown
        self.checked += bool(self.secret)


def create_through_the_form(page: Any, server: Server) -> dict[str, Any]:
    """The new game form: Hannibal, Rome the strongest agent, Carthage a person; the game as
    ``POST /api/games`` answers it, read from the links the page shows."""
    page.goto(server.url + "/")
    page.select_option("#game-select", "hannibal")
    expect(page.locator("#seats [data-seat]")).to_have_count(2)
    rome = page.locator('#seats select[name="player.rome"]')
    strongest = f"agent: the strongest ({STRONGEST})"
    expect(rome.locator("option").nth(1)).to_have_text(strongest)  # first among the agents
    expect(page.locator("#agent-bound")).to_have_text(f"An agent thinks at most {AGENT_SECONDS} s over a move "
                                                      "on this server.")
    rome.select_option(label=strongest)
    expect(page.locator('#seats select[name="player.carthage"]')).to_have_value("person")
    page.click("#create")
    rows = page.locator("#created .seat-link")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text(f"(agent: {STRONGEST})")
    expect(rows.nth(0).locator("input")).to_have_count(0)  # an agent's seat has no link (issue 30, point 3)
    link = rows.nth(1).locator("input").input_value().removeprefix(server.url)
    seats = [{"seat": "rome"}, {"seat": "carthage", "token": rows.nth(1).get_attribute("data-token"), "link": link}]
    game_id = re.search(r"/play/(\w+)\?", link)[1]  # type: ignore[index]
    return {"id": game_id, "seats": seats}


def rome_sees(server: Server, game_id: str) -> dict[str, Any]:
    """Rome's view, rebuilt from the server's store: no token reads an agent's seat (issue 30)."""
    store = Store(server.db)
    try:
        row = store.game(game_id)
        assert row is not None
        return LiveGame.load(row, store, 1.0).view(0)
    finally:
        store.close()


def page_now(seat: Seat) -> dict[str, Any]:
    """What Carthage's page shows, read at one instant: whose move, the panels' lines, the whole DOM."""
    return seat.page.evaluate("""() => ({
        toMove: document.querySelector('#play').dataset.toMove,
        decision: document.querySelector('.hn-decision')?.textContent ?? null,
        hint: document.querySelector('#hint').hidden ? '' : document.querySelector('#hint').textContent,
        buttons: document.querySelectorAll('#buttons button, .hn-space.active').length,
        html: document.documentElement.outerHTML,
    })""")


def test_a_person_plays_carthage_against_the_strongest_agent_from_the_form(context: Any, agent_server: Server) -> None:
    server = agent_server
    created = create_through_the_form(context.new_page(), server)
    assert rome_sees(server, created["id"])["players"] == {"rome": STRONGEST, "carthage": "person"}
    hand = RomeHand()  # Rome's first hand, before Carthage's page opens
    hand.check("", [], rome_sees(server, created["id"]), server.view(created["id"], created["seats"][1]["token"]))
    carthage = Seat(context, server, created, "carthage")
    connections = server.call(f"/api/games/{created['id']}/public")["map"]["connections"]
    rng = random.Random(13)
    asked: list[tuple[str, str, str]] = []  # (phase, action chosen, the newest seat's line before it)
    waited = 0  # times the page was seen waiting on the agent
    deadline = time.monotonic() + 120 * TURNS
    while True:
        now = page_now(carthage)
        frames = list(carthage.frames)
        rome_view, mine = rome_sees(server, created["id"]), carthage.view()
        hand.check(now["html"], frames, rome_view, mine)
        view = mine["view"]
        if view["winner"] or view["turn"] > TURNS:
            break
        assert time.monotonic() < deadline, f"{TURNS} turn(s) took too long; Carthage was asked {asked[-5:]}"
        if now["toMove"] == "rome":  # the agent thinks: the page says so, with nothing to press
            assert (now["decision"], now["hint"], now["buttons"]) == \
                ("Waiting for Rome…", f"The agent ({STRONGEST}) plays rome…", 0), now
            waited += 1
        if view["to_move"] != "carthage":
            time.sleep(0.02)
            continue
        carthage.shows(mine["log_length"])
        expect(carthage.page.locator(".hn-decision")).to_have_text("Your decision.")
        assert not carthage.covered_targets()  # every highlighted space takes a click
        action = carthage_choice(view["legal_actions"], view, connections, rng)
        if " matches " in action:  # the battle card to match is on Carthage's page
            expect(carthage.page.locator(".hn-to-match")).to_contain_text(view["battle"]["card"])
        # the newest seat's line, past what Carthage may answer between Rome's move and this reaction:
        # declining a counter event (H34), units inside its walls as the army enters (H51, H62 step 1),
        # and the other reactions declared for the same entry, each with its General and CUs (H62 step 2, H64, H66)
        newest = next((line for line in reversed(mine["seat_log"]["lines"]) if line.startswith(SEATS)
                       and not line.startswith(CARTHAGE_BEFORE_REACTING)), "")
        asked.append((view["phase"], action, newest))
        carthage.act(action)

    chosen = [a for _, a, _ in asked]
    assert any(a.startswith("ops #") for a in chosen) and any(a.startswith(("to ", "sail ")) for a in chosen), chosen
    # Interception and Avoid Battle are asked of Carthage after Rome's own move (H62-H71); a
    # counter event may come in either side's play (H34).
    for phase, action, newest in asked:
        if action.startswith(REACTIONS):
            assert newest.startswith("rome: "), (phase, action, newest)
    assert waited and hand.checked, (waited, hand.checked)
    # Carthage's log panel shows the agent's moves, as Carthage's seat log has them (once the
    # agent has played up to Carthage's next decision).
    while (last := carthage.view())["view"]["to_move"] == "rome":
        assert time.monotonic() < deadline + 30, "the agent never came back to Carthage"
        time.sleep(0.05)
    carthage.shows(last["log_length"])
    lines = last["seat_log"]["lines"]
    assert carthage.page.locator("#log li").all_inner_texts() == list(reversed(lines))
    assert any(line.startswith("rome: ") for line in lines)
    print(f"Carthage's decisions {len(asked)}, asked in {sorted({p for p, _, _ in asked})}; page seen waiting "
          f"on the agent {waited} times; Rome's unseen cards searched for in {hand.checked} snapshots")
