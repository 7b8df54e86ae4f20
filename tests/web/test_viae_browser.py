"""VIAE's page in a real browser (issue 11, the "Play" points; docs/web.md): the board drawn
by static/games/viae.js, two people in two browser contexts playing by clicking, and the
secret of a hand (V43): a marker card — the single Aedilis, D20 — dealt to seat1 through an
imported record never reaches seat2's page, neither its DOM nor any WebSocket frame, while
seat1's page shows it. And a four-player game made through the form, agents in three seats."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

import legatus
from legatus.core.record import to_record
from legatus.games.viae.state import ViaeState
from tests.viae.helpers import deal_to
from tests.web.helpers import Server, watched_context

MARKER = "D20"  # the one copy of Aedilis in the 54-card deck
MARKER_NAME = "Aedilis"


def dealt_to_seat1() -> dict[str, Any]:
    """The record of a 2-player game just begun whose first Deceptio card for seat1 is the marker."""
    state = legatus.load("viae", players=2).new_initial_state()
    assert isinstance(state, ViaeState)
    return to_record(deal_to(state, MARKER, 0))


def targets(action: str, public: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The cities and roads an action names, as the page reads them (its words that are ids)."""
    cities = {c["id"] for c in public["board"]["cities"]}
    roads = {r["id"] for r in public["board"]["roads"]}
    words = action.split()
    return [w for w in words if w in cities], [w for w in words if w in roads]


def click_action(page: Any, server: Server, game_id: str, token: str, action: str,
                 public: dict[str, Any]) -> dict[str, Any]:
    """Plays ``action`` as a person would: a click on the city (or road) it names, then its
    button in the list beside it; or its button under the prompt. Returns the server's view
    after checking that the page shows it."""
    before = server.view(game_id, token)
    cities, roads = targets(action, public)
    if cities or roads:
        page.click(f'.vi-city[data-space="{cities[0]}"] .vi-disc' if cities
                   else f'.vi-road[data-road="{roads[0]}"] .vi-road-badge')
        popover = page.locator("#popover")
        expect(popover).to_be_visible()
        named_buttons(popover)
        popover.locator(f'button[data-action="{action}"]').click()
    else:
        page.locator(f'#buttons button[data-action="{action}"]').click()
    after = server.view(game_id, token)
    for _ in range(50):
        if after["log_length"] > before["log_length"]:
            break
        page.wait_for_timeout(50)
        after = server.view(game_id, token)
    assert after["log_length"] > before["log_length"], f"{action}: the server's log did not grow"
    expect(page.locator("#play")).not_to_have_attribute("data-log-length", str(before["log_length"]))
    return after


def named_buttons(popover: Any) -> None:
    """Each button beside a space names its action (a play review found every one but the first
    labelled with its place in the list: "1" for ``road r12 go``)."""
    for button in popover.locator("button.action").all():
        text = button.inner_text().strip()
        assert text and not text.isdigit() and text.split()[0] == button.get_attribute("data-action").split()[0]


def seat_link(created: dict[str, Any], seat: str) -> tuple[str, str]:
    found = next(s for s in created["seats"] if s["seat"] == seat)
    return found["link"], found["token"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The server with agents bounded at 0.05 s: in a game with secrets every agent move is
    shown after its paced delay (legatus.core.pacing), here 0.16–0.26 s, not 0.7 s and more."""
    running = Server(tmp_path_factory.mktemp("web") / "viae.db", "--agent-seconds", "0.05", "--no-pace")
    yield running
    running.stop()


def test_two_people_play_viae_in_two_contexts_and_one_hand_stays_secret(server, browser):
    created = server.call("/api/import", {"record": dealt_to_seat1()})
    game_id = created["id"]
    public = server.call(f"/api/games/{game_id}/public")
    pages: dict[str, Any] = {}
    frames: dict[str, list[str]] = {"seat1": [], "seat2": []}
    with watched_context(browser) as one, watched_context(browser) as two:
        for seat, ctx in (("seat1", one), ("seat2", two)):
            page = ctx.new_page()
            page.on("websocket", lambda ws, seat=seat: ws.on(
                "framereceived", lambda payload, seat=seat: frames[seat].append(str(payload))))
            page.goto(server.url + seat_link(created, seat)[0])
            expect(page.locator(".vi-board")).to_be_visible()
            expect(page.locator(".vi-city[data-space]")).to_have_count(len(public["board"]["cities"]))
            expect(page.locator(".vi-road[data-road]")).to_have_count(len(public["board"]["roads"]))
            pages[seat] = page
        tokens = {seat: seat_link(created, seat)[1] for seat in pages}
        expect(pages["seat1"].locator(f'.vi-hand [data-card="{MARKER}"]')).to_contain_text(MARKER_NAME)
        expect(pages["seat2"].locator(".vi-hand")).to_be_visible()  # its own hand, without the marker
        names = {r["id"]: r["name"] for r in public["board"]["regions"]}
        mandatum = pages["seat1"].locator(".vi-personal .vi-tile-text").first.inner_text()
        assert re.search(r"\d+ points: ", mandatum) and "_" not in mandatum  # regions by name, not id
        assert any(name in mandatum for name in names.values()), mandatum

        played = {"seat1": 0, "seat2": 0}
        rng = random.Random(3)
        for _ in range(16):
            view = server.view(game_id, tokens["seat1"])["view"]
            mover = view["to_move"]
            if mover not in pages:
                pages["seat1"].wait_for_timeout(100)  # the server rolls the dice
                continue
            legal = server.view(game_id, tokens[mover])["view"]["legal_actions"]
            # Neither the marker's owner shows it (play, discard) nor seat2 makes seat1 lose it.
            choices = [a for a in legal if MARKER not in a and not a.startswith("play ")]
            named = [a for a in choices if any(targets(a, public))]
            if any(targets(a, public)[1] for a in legal):  # a road to click: the page says so (a milestone too)
                expect(pages[mover].locator("#hint")).to_contain_text("a highlighted road")
            action = rng.choice(named or choices)
            click_action(pages[mover], server, game_id, tokens[mover], action, public)
            played[mover] += 1
            content = pages["seat2"].content()
            assert MARKER not in content and MARKER_NAME not in content, f"after {action}"
        assert played["seat1"] >= 2 and played["seat2"] >= 2, played

        # seat1 still holds it, and shows it; seat2 never received it.
        assert MARKER in server.view(game_id, tokens["seat1"])["view"]["players"][0]["hand"]
        expect(pages["seat1"].locator(f'.vi-hand [data-card="{MARKER}"]')).to_be_visible()
        log_length = server.view(game_id, tokens["seat1"])["log_length"]
        for page in pages.values():
            expect(page.locator("#play")).to_have_attribute("data-log-length", str(log_length))
        assert frames["seat2"] and frames["seat1"]
        assert not [f for f in frames["seat2"] if MARKER in f or MARKER_NAME in f]
        # seat2's log panel: its own lines (the view keeps none), seat1's moves among them, newest first
        lines = server.view(game_id, tokens["seat2"])["seat_log"]["lines"]
        assert any(line.startswith("seat1: ") for line in lines) and not any(MARKER in line for line in lines)
        expect(pages["seat2"].locator("#log li")).to_have_text(lines[::-1])
        assert any(MARKER in f for f in frames["seat1"])  # the search can find it
        content = pages["seat2"].content()
        assert MARKER not in content and MARKER_NAME not in content


def made_in_the_form(server: Server, context: Any, page: Any) -> tuple[Any, str, str]:
    """A 4-player VIAE game made in the index page's form, a person in seat1 and the heuristic
    agent in the three others, and seat1's page opened from its link: (that page, id, token)."""
    page.goto(server.url + "/")
    page.select_option("#game-select", "viae")
    page.select_option("#opt-players", label="4")
    expect(page.locator("#seats [data-seat]")).to_have_count(4)
    for seat in ("seat2", "seat3", "seat4"):
        page.select_option(f'select[name="player.{seat}"]', label="agent: heuristic")
    page.click("#create")
    links = page.locator("#created")
    expect(links.locator(".seat-link")).to_have_count(4)
    expect(links.locator('.seat-link[data-label="seat4"]')).to_contain_text("agent: heuristic")
    mine = links.locator('.seat-link[data-label="seat1"]')
    url = urlparse(mine.locator("input").input_value())
    game_id, token = url.path.rsplit("/", 1)[-1], parse_qs(url.query)["token"][0]
    with context.expect_page() as opened:
        mine.locator("a", has_text="open").click()
    play = opened.value
    expect(play.locator(".vi-board")).to_be_visible()
    expect(play.locator("#seat-badge")).to_have_text("you play seat1")
    return play, game_id, token


def test_a_four_player_game_with_three_agents_is_made_in_the_form_and_played(server, context, page):
    play, game_id, token = made_in_the_form(server, context, page)
    public = server.call(f"/api/games/{game_id}/public")
    expect(play.locator(".vi-players tbody tr")).to_have_count(4)
    expect(play.locator(".vi-track-cell")).to_have_count(12 + 8 + 10)  # rounds, turn order, influence

    # The agents play until it is seat1's turn; its highlighted cities are those its actions name.
    view = server.view(game_id, token)
    for _ in range(100):
        if view["view"]["legal_actions"]:
            break
        play.wait_for_timeout(100)
        view = server.view(game_id, token)
    legal = view["view"]["legal_actions"]
    assert legal, view["view"]["prompt"]
    expect(play.locator("#play")).to_have_attribute("data-log-length", str(view["log_length"]))
    named = {c for a in legal for c in targets(a, public)[0]}
    active = set(play.eval_on_selector_all(".vi-city.active", "els => els.map(e => e.dataset.space)"))
    assert active == named
    action = next((a for a in legal if targets(a, public)[0]), legal[0])
    after = click_action(play, server, game_id, token, action, public)
    assert after["log_length"] > view["log_length"]
    expect(play.locator(".vi-hand")).to_be_visible()

    # The replay page draws it with the same module.
    play.goto(f"{server.url}/replay/{game_id}?token={token}&seat=seat1")
    expect(play.locator(".vi-board")).to_be_visible()
    play.locator("#last").click()
    expect(play.locator(".vi-players tbody tr")).to_have_count(4)
    expect(play.locator(".vi-hand")).to_be_visible()
    castra = public["cards"]["castra"]
    first = play.locator(".vi-castra li").first  # named from the public data here too
    expect(first).to_contain_text(f"slot 1: {public['board']['castra_slots'][0]} Denar")
    assert any(c["name"] in first.inner_text() for c in castra)


# The page is ready for seat1's next click (its turn, drawn, no request in flight), shows the end,
# or shows an error (an agent that could not decide: the test then fails with its words).
READY = """() => document.querySelector('#prompt').classList.contains('over')
  || document.querySelector('#play').classList.contains('my-turn')
  || !document.querySelector('#error').hidden"""
SECRET_IDS = re.compile(r"\b[DM]\d\d\b")  # Deceptio and Mandatum cards' ids


def click_a_choice(play: Any, rng: random.Random) -> str:
    """Clicks one of the choices the page offers, drawn with ``rng``: a button under the prompt,
    or a highlighted city or road and then a button of its list. Returns the action clicked."""
    offered = [*(f'#buttons button[data-action="{a}"]' for a in
                 play.eval_on_selector_all("#buttons button[data-action]", "els => els.map(e => e.dataset.action)")),
               *(f'.vi-city[data-space="{c}"] .vi-disc' for c in
                 play.eval_on_selector_all(".vi-city.active", "els => els.map(e => e.dataset.space)")),
               *(f'.vi-road[data-road="{r}"] .vi-road-badge' for r in
                 play.eval_on_selector_all(".vi-road.active", "els => els.map(e => e.dataset.road)"))]
    assert offered, "seat1's turn, and the page offers nothing to click"
    hidden = play.evaluate("""sels => sels.filter(sel => {
        const el = document.querySelector(sel), box = el.getBoundingClientRect();
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;  // scrolled away: not judged
        const top = document.elementFromPoint(x, y);
        return !top || top.closest(".vi-city, .vi-road") !== el.closest(".vi-city, .vi-road");
      })""", [sel for sel in offered if not sel.startswith("#buttons")])
    assert not hidden, f"offered but covered at its centre: {hidden}"
    chosen = rng.choice(sorted(offered))
    if chosen.startswith("#buttons"):
        action = chosen.split('"')[1]
        play.click(chosen)
        return action
    play.click(chosen)
    popover = play.locator("#popover")
    expect(popover).to_be_visible()
    actions = popover.locator("button[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    action = rng.choice(sorted(actions))
    popover.locator(f'button[data-action="{action}"]').click()
    return action


def seen_by_seat1(record: dict[str, Any]) -> dict[int, tuple[list[str], set[str]]]:
    """For each log length at which seat1 decided, from the referee's record of the finished
    game: seat1's hand then, and the Deceptio and Mandatum cards the other seats held (hands,
    personal Mandatum) that seat1 could not see (no copy of its own, none public)."""
    state = legatus.load("viae", **record["options"]).new_initial_state()
    seen: dict[int, tuple[list[str], set[str]]] = {}
    for n in range(len(record["actions"]) + 1):
        if not state.is_terminal() and state.current_player() == 0:
            views = [state.view(s) for s in range(4)]
            theirs = {card for s in range(1, 4) for key in ("hand", "personal_mandatum")
                      for card in views[s]["players"][s][key]}
            seen[n] = views[0]["players"][0]["hand"], theirs - set(SECRET_IDS.findall(json.dumps(views[0])))
        if n < len(record["actions"]):
            state.apply_action(state.parse_action(record["actions"][n]))
    return seen


def test_a_person_plays_a_four_player_game_to_the_end_in_the_page_against_three_agents(server, context, page):
    """Issue 11, "Done when": the game made in the form, seat1 played by clicking what the page
    offers (a seeded draw among its buttons, highlighted cities and roads) until the page shows
    the end, the winner and every seat's score; at every step its hand on the page is its own and
    no card the other seats hold unseen shows anywhere but the log (V43)."""
    play, game_id, token = made_in_the_form(server, context, page)
    rng = random.Random(11)
    shown: dict[int, tuple[list[str], str]] = {}  # log length: (the hand on the page, the page's text)
    clicks = 0
    while True:
        play.wait_for_function(READY, timeout=90_000, polling=100)  # the agents play the other seats meanwhile
        assert play.locator("#error").is_hidden(), play.inner_text("#error")
        if "over" in (play.locator("#prompt").get_attribute("class") or ""):
            break
        before = play.locator("#play").get_attribute("data-log-length")
        assert before is not None
        shown[int(before)] = (play.eval_on_selector_all(".vi-hand [data-card]", "els => els.map(e => e.dataset.card)"),
                              play.inner_text("#prompt-card") + play.inner_text("#info") + play.inner_text("#board"))
        click_a_choice(play, rng)
        clicks += 1
        expect(play.locator("#play")).not_to_have_attribute("data-log-length", before)
    final = server.view(game_id, token)
    view = final["view"]
    assert final["over"] and not view["legal_actions"], view["prompt"]
    assert re.fullmatch(r"The game is over: seat\d( and seat\d)* (wins|share the win)\.", view["prompt"])
    expect(play.locator("#play")).to_have_attribute("data-log-length", str(final["log_length"]))
    expect(play.locator("#prompt")).to_have_text(view["prompt"])
    expect(play.locator("#hint")).to_have_text("The game is over.")
    # The final standings (C50, V42): every seat's place, score and tie-breakers.
    rows = play.locator(".vi-standings li")
    expect(rows).to_have_count(4)
    for i, standing in enumerate(view["standings"]):
        row = rows.nth(i)
        expect(row).to_have_attribute("data-seat", standing["seat"])
        expect(row).to_contain_text(f'{standing["seat"]} {standing["score"]} points')
        expect(row.locator(".vi-tie")).to_contain_text(f'cities {standing["cities"]}, Denar {standing["denar"]}')
    first = [s["seat"] for s in view["standings"] if s["place"] == 1]
    expect(play.locator(".vi-result strong").first).to_have_text(
        f"{' and '.join(first)} {'wins' if len(first) == 1 else 'share the win'}")

    # The referee's record, now that the game is over: what seat1 held, and what the others held
    # unseen, at each of its decisions.
    record = server.call(f"/api/games/{game_id}/record?token={token}")
    seen = seen_by_seat1(record)
    assert len(shown) == clicks and set(shown) == set(seen)  # every decision of seat1 was a click on the page
    for n, (hand, hidden) in sorted(seen.items()):
        on_page, text = shown[n]
        assert on_page == hand, f"at log length {n} the page shows the hand {on_page}, seat1 held {hand}"
        leaked = hidden & set(SECRET_IDS.findall(text))
        assert not leaked, f"at log length {n} seat1's page shows {sorted(leaked)}, held unseen by another seat"
