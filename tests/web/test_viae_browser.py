"""VIAE's page in a real browser (issue 11, the "Play" points; docs/web.md): the board drawn
by static/games/viae.js, two people in two browser contexts playing by clicking, and the
secret of a hand (V43): a marker card — the single Aedilis, D20 — dealt to seat1 through an
imported record never reaches seat2's page, neither its DOM nor any WebSocket frame, while
seat1's page shows it. And a four-player game made through the form, agents in three seats."""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import parse_qs, urlparse

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


def seat_link(created: dict[str, Any], seat: str) -> tuple[str, str]:
    found = next(s for s in created["seats"] if s["seat"] == seat)
    return found["link"], found["token"]


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


def test_a_four_player_game_with_three_agents_is_made_in_the_form_and_played(server, context, page):
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
    public = server.call(f"/api/games/{game_id}/public")
    expect(play.locator(".vi-board")).to_be_visible()
    expect(play.locator("#seat-badge")).to_have_text("you play seat1")
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
