"""Hannibal in the browser (issue 13): two seats in two pages (two browser contexts) through a
turn in which a battle is fought card by card on the page, the reactions asked of the right
seat while the other is told it waits; Rome's planted #37 never reaches Carthage's page, in its
DOM or its WebSocket frames; undo; the board and the actions usable at 1024×700 and 390×844.

The game is imported from a record (tests/web/hannibal_game.py) so that the marker is dealt;
the server rolls every die after that."""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from legatus.core.record import to_record
from tests.hannibal.helpers import play, ready
from tests.web.hannibal_game import ATTACK, CROWDED, MARKER, Seat, battle_record, choose, turn_one
from tests.web.helpers import Server, watched_context


@pytest.fixture
def game(server: Server) -> dict[str, Any]:
    return server.call("/api/import", {"record": battle_record()})  # type: ignore[no-any-return]


@pytest.fixture
def seats(browser: Any, server: Server, game: dict[str, Any]) -> Iterator[dict[str, Seat]]:
    with watched_context(browser) as rome_ctx, watched_context(browser) as carthage_ctx:
        yield {"rome": Seat(rome_ctx, server, game, "rome"), "carthage": Seat(carthage_ctx, server, game, "carthage")}


def test_two_seats_play_a_turn_with_a_battle_and_carthage_never_sees_rome_hand(seats: dict[str, Seat]) -> None:
    rome, carthage = seats["rome"], seats["carthage"]
    rng = random.Random(13)
    # Rome sees its own hand, marker included; Carthage sees its size and is told it waits.
    expect(rome.page.locator(".hn-hand")).to_contain_text("#37 Minor Campaign")
    expect(carthage.page.locator(".hn-decision")).to_have_text("Waiting for Rome…")
    expect(carthage.page.locator(".hn-other-hand")).to_contain_text("Rome holds 3 cards")
    assert carthage.page.locator("#buttons button").count() == 0

    rome.act(ATTACK)
    asked = set()  # who was asked what, on the page
    cards_played = 0
    rounds = 0  # a round a card led (H77)
    reloaded = False
    fought = False
    over_shown = False
    for _ in range(400):
        views = {name: seat.view() for name, seat in seats.items()}
        view = views["rome"]["view"]
        holds = any(c.startswith(MARKER + " ") for c in view["hand"] or [])
        for seat in seats.values():
            seat.shows(views[seat.name]["log_length"])
        if holds:  # while Rome holds it, nothing of Carthage's may name it; Rome's page shows it
            assert MARKER in rome.page.content() and any(MARKER in f for f in rome.frames)
            assert MARKER not in carthage.page.content() and not any(MARKER in f for f in carthage.frames)
        if view["turn"] > 1 or view["winner"]:
            break
        mover = view["to_move"]
        legal = views[mover]["view"]["legal_actions"]
        waiting = seats["carthage" if mover == "rome" else "rome"]
        battle = view["battle"]
        if battle is None and fought and not over_shown:  # issue 33: the battle's end, on both pages
            lines = views["rome"]["seat_log"]["lines"]
            won = next(line for line in lines if "wins the battle at New Carthage" in line)
            winner = won.split(" — ")[1].split()[0]
            casualties = next(line for line in lines if "for battle casualties (H82)" in line)
            losses = [part for part in casualties.split("; ") if " loses " in part] or ["no CU lost"]
            for seat in seats.values():
                over = seat.page.locator(".hn-battle-over")
                expect(over).to_contain_text(f"Battle at New Carthage is over: {winner} wins")
                for loss in losses:
                    expect(over.locator(".hn-losses")).to_contain_text(loss)
            expect(rome.page.locator(".hn-battle-over li")).to_have_count(rounds)
            over_shown = True
        if battle is not None and battle["rounds"]:  # each round so far, told by the log
            expect(rome.page.locator(".hn-battle-box .hn-plays li")).to_have_count(battle["rounds"])
            if not reloaded:  # a reload in the middle of the battle shows its rounds as before
                rome.page.reload()
                rome.page.wait_for_selector(".hn-board [data-space='Rome']")
                expect(rome.page.locator(".hn-battle-box .hn-plays li")).to_have_count(battle["rounds"])
                expect(rome.page.locator(".hn-battle-box .hn-plays li").first).to_contain_text(" attacks ")
                reloaded = True
        if battle is not None or not fought:
            # the battle and its reactions: played on the page, the other page told it waits
            expect(waiting.page.locator(".hn-decision")).to_have_text(f"Waiting for {mover.capitalize()}…")
            expect(seats[mover].page.locator(".hn-decision")).to_have_text("Your decision.")
            action = choose(legal, rng)
            asked.add((mover, views[mover]["view"]["phase"]))
            if " attacks " in action or " matches " in action:
                cards_played += 1
                rounds += " attacks " in action
                # each page shows its own battle hand only
                mine = views[mover]["view"]["battle"]["hand"]
                assert mine and sum(mine.values()) == views[mover]["view"]["battle"]["hand_sizes"][
                    0 if mover == "rome" else 1]
                expect(seats[mover].page.locator(".hn-my-battle-hand")).to_be_visible()
            seats[mover].act(action)
            fought = fought or battle is not None
        else:  # the rest of the turn, through the API; Rome keeps the marker
            keep = [a for a in legal if MARKER not in a or mover != "rome"] or legal
            answer = rome.server.call(f"/api/games/{rome.id}/actions",
                                      {"token": seats[mover].token, "action": choose(keep, rng)})
            assert answer["log_length"] > views[mover]["log_length"]
    else:
        pytest.fail("the turn did not end in 400 decisions")

    assert fought and cards_played >= 1 and over_shown and reloaded, asked
    assert ("carthage", "reaction") in asked and ("rome", "counter event") in asked, asked  # H62-H71, H34
    assert carthage.frames and all(json.loads(f)["seat"] == "carthage" for f in carthage.frames)
    assert all(json.loads(f)["seat"] == "rome" for f in rome.frames)


# The log's box in view (its height within the window, in pixels) and the height of its one-line rows.
LOG_IN_VIEW = """() => {
  const box = document.querySelector('#log').getBoundingClientRect();
  const rows = [...document.querySelectorAll('#log li')].map((li) => li.getBoundingClientRect().height);
  return [Math.min(box.bottom, window.innerHeight) - box.top, Math.min(...rows)];
}"""


def test_at_1280_a_battle_s_choices_leave_the_log_a_turn_s_lines_with_cards_named(seats: dict[str, Seat]) -> None:
    """Issue 33: Rome to lead a battle card at 1280×800 (the battle cards' row under the prompt),
    its log still shows 8 lines (a turn's card and what it did) without scrolling the page, and Carthage's
    event is named in it (legatus/games/hannibal/log.py)."""
    rome = seats["rome"]
    rng = random.Random(5)
    rome.act(ATTACK)
    for _ in range(60):
        views = {name: seat.view() for name, seat in seats.items()}
        mover = views["rome"]["view"]["to_move"]
        legal = views[mover]["view"]["legal_actions"]
        if mover == "rome" and any(" attacks " in a for a in legal):
            break
        seats[mover].shows(views[mover]["log_length"])
        seats[mover].act(choose(legal, rng))
    else:
        pytest.fail("Rome never led a battle card")
    rome.shows(views["rome"]["log_length"])
    expect(rome.page.locator("#buttons .action-row .row-title").first).to_have_text("Attack with")
    event = rome.server.call(f"/api/games/{rome.id}/public")["cards"][14]
    expect(rome.page.locator("#log")).to_contain_text(f"carthage: event #15 {event['name']}")
    expect(rome.page.locator("#log")).to_contain_text("carthage: choose Saguntum — Carthage gains 2 CUs (Saguntum)")
    height, row = rome.page.evaluate(LOG_IN_VIEW)
    print(f"1280x800, a battle card to lead: the log {height:.0f} px high in view, {height / row:.1f} one-line rows")
    assert height >= 8 * row  # a card play and its consequences: some 8 lines


def test_undo_within_the_rules(seats: dict[str, Seat]) -> None:
    rome = seats["rome"]
    before = rome.view()
    expect(rome.page.locator("#undo")).to_be_visible()
    rome.page.locator("#undo").click()
    expect(rome.page.locator("#prompt")).to_contain_text("How many CUs go with P. Scipio")
    expect(rome.page.locator("#log li.newest")).to_have_text("rome: activate P. Scipio")  # its line is gone
    rome.act("take 5")
    rome.shows(before["log_length"] + 2)
    expect(rome.page.locator(".hn-space.active[data-space='New Carthage']")).to_be_visible()


def test_each_page_s_log_panel_shows_what_its_seat_saw(seats: dict[str, Seat]) -> None:
    """The view keeps no log: the panel shows the seat's own lines (legatus/core/seatlog.py),
    the other seat's public actions in them, its secret draws as draws."""
    rome, carthage = seats["rome"], seats["carthage"]
    expect(carthage.page.locator("#log li.newest")).to_have_text("rome: take 5")
    expect(carthage.page.locator("#log")).to_contain_text("rome draws a card")
    expect(rome.page.locator("#log")).to_contain_text(f"rome draws {MARKER} ")  # named, to its holder only
    assert MARKER not in carthage.page.locator("#log").inner_text()
    rome.act(ATTACK)
    # the step waits for Carthage's answer about #41 Bad Weather (H34), and the line says so
    waits = "P. Scipio waits in Rome: Carthage may stop a step past his 2nd MP with #41 Bad Weather (H34)"
    expect(carthage.page.locator("#log li.newest")).to_have_text(f"rome: {ATTACK} — {waits}")
    expect(carthage.page.locator("#log li.newest")).to_have_attribute("value", str(len(battle_record()["actions"]) + 1))
    assert MARKER not in carthage.page.locator("#log").inner_text()


@pytest.mark.parametrize(("width", "height"), [(1024, 700), (390, 844)])
def test_the_board_and_the_actions_fit_a_laptop_and_a_phone(browser: Any, server: Server, game: dict[str, Any],
                                                            width: int, height: int) -> None:
    with watched_context(browser, width, height) as ctx:
        rome = Seat(ctx, server, game, "rome")
        page = rome.page
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing cut off sideways
        board = page.locator(".hn-board").bounding_box()
        assert board["x"] >= 0 and board["x"] + board["width"] <= width and board["height"] > 200
        stop = page.locator("#buttons button[data-action='stop']")
        expect(stop).to_be_visible()
        box = stop.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        target = page.locator(".hn-space.active[data-space='New Carthage'] .hn-hit")
        target.scroll_into_view_if_needed()
        target.click()
        button = page.locator(f"#popover button[data-action='{ATTACK}']")
        expect(button).to_be_visible()
        pop = page.locator("#popover").bounding_box()
        assert pop["x"] >= 0 and pop["x"] + pop["width"] <= width
        button.click()
        expect(page.locator(".hn-decision")).to_have_text("Waiting for Carthage…")


def test_a_space_that_may_be_clicked_is_never_under_a_neighbour_s_pieces(context: Any, server: Server) -> None:
    """Hannibal's army at Bilbilis, its elephants' label over Iberus, where it may go next: the
    spaces a click may choose are drawn over the others, and Iberus takes the click."""
    state = turn_one(CROWDED)
    assert "to Iberus" in {str(a) for a in state.legal_actions()} and state.view(1)["spaces"]["Bilbilis"]["elephants"]
    carthage = Seat(context, server, server.call("/api/import", {"record": to_record(state)}), "carthage")
    assert carthage.covered_targets() == []
    carthage.act("to Iberus")
    assert carthage.view()["seat_log"]["lines"][-1] == ("carthage: to Iberus — Hannibal waits in Bilbilis: Rome may "
                                                        "stop a step past his 2nd MP with #41 Bad Weather (H34)")


def test_the_replay_draws_the_board_as_the_seat_saw_it(context: Any, server: Server, game: dict[str, Any]) -> None:
    seat = next(s for s in game["seats"] if s["seat"] == "carthage")
    page = context.new_page()
    page.goto(f"{server.url}/replay/{game['id']}?token={seat['token']}&seat=carthage")
    page.wait_for_selector(".hn-board [data-space='Rome']")
    page.locator("#last").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", str(len(battle_record()["actions"])))
    cus = server.view(game["id"], seat["token"])["view"]["spaces"]["Saguntum"]["carthage"]
    stack = page.locator("[data-space='Saguntum'] .hn-stack-carthage")  # Hannibal's army (H11)
    expect(stack).to_have_attribute("data-cus", str(cus))
    expect(stack).to_contain_text("Hannibal")
    # the panel beside the board: the piles a click away, not written "[object HTMLDetailsElement]"
    expect(page.locator("#info .hn-discard > summary")).to_be_visible()
    assert "[object" not in page.locator("#info").inner_text()
    # the log panel: Carthage's own lines up to the step, Rome's draws as draws
    expect(page.locator("#log li.newest")).to_have_text("rome: take 5")
    page.locator("#back").click()
    expect(page.locator("#log li.newest")).to_have_text("rome: activate P. Scipio")
    expect(page.locator("#log")).to_contain_text("rome draws a card")
    assert MARKER not in page.locator("#log").inner_text()
    expect(page.locator("[data-space='Druentia'] .hn-pc")).to_have_attribute("data-control", "rome")  # placed
    expect(page.locator(".hn-hand")).to_contain_text("#14")
    assert MARKER not in page.content()


def bad_weather_asked() -> dict[str, Any]:
    """P. Scipio's step to Terventum announced past his 2nd MP, Carthage asked about #41 Bad
    Weather first (H34): the log has the step, the map not yet (tests/hannibal/test_text.py)."""
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    play(state, "ops #1", "activate P. Scipio", "take 5", "to Praeneste", "to Sena", "to Terventum")
    assert state.prompt() == "Carthage may play a counter event (H34)."
    assert state.view(1)["announced"] == {"general": "P. Scipio", "from": "Sena", "to": "Terventum", "by_sea": False,
                                          "cus": 5, "with": []}
    return to_record(state)


# Where the arrow of the step announced points (its head's first point) and the rings of its two
# spaces' centres, in page pixels.
BOUND_ARROW = """() => {
  const arrow = document.querySelector('.hn-bound');
  const centre = (name) => {
    const r = document.querySelector(`.hn-space[data-space='${name}'] .hn-ring`).getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2, r.width / 2];
  };
  const head = arrow.querySelector('.hn-bound-head');
  const m = head.getCTM();
  const d = head.getAttribute('d').match(/-?[\\d.]+/g).map(Number);
  const p = new DOMPoint(d[0], d[1]).matrixTransform(m);
  const svg = head.ownerSVGElement.getBoundingClientRect();
  return {tip: [p.x + svg.x, p.y + svg.y], from: centre(arrow.dataset.from), to: centre(arrow.dataset.to),
          board: [svg.x, svg.y, svg.right, svg.bottom]};
}"""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_h34_while_bad_weather_is_asked_the_page_shows_where_the_army_is_bound(browser: Any, server: Server,
                                                                              width: int, height: int) -> None:
    """Play review: the log said "to Terventum", the page still showed P. Scipio's army in Sena
    with nothing to say it was leaving: the step waits for Carthage's answer about #41 Bad Weather
    (H34). Both pages now show it, in the panel, on the army's badge and as an arrow from Sena to
    Terventum (both in the frame, a phone's too); once answered the army stands in Terventum."""
    game = server.call("/api/import", {"record": bad_weather_asked()})
    with watched_context(browser, width, height) as rome_ctx, watched_context(browser, width, height) as carthage_ctx:
        seats = {"rome": Seat(rome_ctx, server, game, "rome"), "carthage": Seat(carthage_ctx, server, game, "carthage")}
        for seat in seats.values():
            page = seat.page
            expect(page.locator(".hn-announced")).to_contain_text("P. Scipio is bound for Terventum from Sena")
            expect(page.locator(".hn-announced")).to_contain_text("#41 Bad Weather")
            expect(page.locator("[data-space='Sena'] .hn-stack-rome .hn-bound-for")).to_have_text("→ Terventum")
            expect(page.locator(".hn-space[data-space='Terventum']")).to_have_class(re.compile(r"\bhn-bound-to\b"))
            arrow = page.locator(".hn-bound")
            expect(arrow).to_have_count(1)
            expect(arrow).to_have_attribute("data-from", "Sena")
            expect(arrow).to_have_attribute("data-to", "Terventum")
            where = page.evaluate(BOUND_ARROW)
            left, top, right, bottom = where["board"]
            for x, y, _ in (where["from"], where["to"]):  # both ends in the frame
                assert left <= x <= right and top <= y <= bottom, (seat.name, where)
            tx, ty = where["tip"]
            x, y, r = where["to"]
            assert math.hypot(tx - x, ty - y) <= r + 2, (seat.name, where)  # it points at Terventum's ring
        seats["carthage"].act("no counter event")
        for seat in seats.values():
            seat.shows(seat.view()["log_length"])
            expect(seat.page.locator(".hn-bound")).to_have_count(0)
            expect(seat.page.locator(".hn-announced")).to_have_count(0)
            expect(seat.page.locator(".hn-bound-to")).to_have_count(0)
            expect(seat.page.locator("[data-space='Terventum'] .hn-stack-rome")).to_contain_text("P. Scipio")
            expect(seat.page.locator("[data-space='Sena'] .hn-stack-rome")).to_have_count(0)
