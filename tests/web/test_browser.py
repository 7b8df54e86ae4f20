"""The page in a real browser (docs/web.md): a game made through the form and played by
clicking the board, a reload, two seats in two pages, the replay viewer, a phone's width.

a Chromium (Debian's in CI), driven by Playwright, against a real server (conftest.py)."""

from __future__ import annotations

import json
import random
import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

import legatus
import legatus.games.hispania.level
from legatus.core.session import sample_outcome
from tests.web.helpers import Server

NEW = {"game": "hispania", "options": {"level": "7-5-3-3-1"}, "players": {}}


# --- Helpers ---------------------------------------------------------------------------------
def seat_of(link: str) -> tuple[str, str]:
    """(game id, token) of a seat's link."""
    url = urlparse(link)
    return url.path.rsplit("/", 1)[-1], parse_qs(url.query)["token"][0]


def space_names(server: Server, game_id: str) -> list[str]:
    board = server.call(f"/api/games/{game_id}/public")["board"]
    return sorted((s["name"] for s in board["spaces"]), key=len, reverse=True)


def named(action: str, names: list[str]) -> list[str]:
    """The spaces an action's notation names, as the page reads them."""
    found = []
    for name in names:
        match = re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", action)
        if match:
            found.append((match.start(), name))
            action = action[:match.start()] + "#" * len(name) + action[match.end():]
    return [name for _, name in sorted(found)]


def active_spaces(page: Any) -> set[str]:
    return set(page.eval_on_selector_all(".hx-space.active", "els => els.map(e => e.dataset.space)"))


def wait_log(page: Any, length: int) -> None:
    expect(page.locator("#play")).to_have_attribute("data-log-length", str(length))


def click_action(page: Any, server: Server, game_id: str, token: str, action: str, names: list[str]) -> dict[str, Any]:
    """Plays ``action`` as a person would: a click on the first space it names, then its button
    in the list beside that space (or its button under the prompt if it names none). Returns
    the view the server then holds, after checking that the page shows it."""
    before = server.view(game_id, token)
    spaces = named(action, names)
    if spaces:
        page.click(f'.hx-space[data-space="{spaces[0]}"] .hx-hit')  # on its disc
        popover = page.locator("#popover")
        expect(popover).to_be_visible()
        expect(popover).to_have_attribute("data-space", spaces[0])
        popover.locator(f'button[data-action="{action}"]').click()
    else:
        page.locator(f'#buttons button[data-action="{action}"]').click()
    if page.locator("#confirm").is_visible():  # ending with denarii left: asked first
        page.click("#confirm-yes")
    expect(page.locator("#play")).not_to_have_attribute("data-log-length", str(before["log_length"]))
    after = server.view(game_id, token)
    assert after["log_length"] > before["log_length"], f"{action}: the server's log did not grow"
    wait_log(page, after["log_length"])
    expect(page.locator("#prompt")).to_have_text(after["view"]["prompt"])
    return after


def create_game(server: Server, **changes: Any) -> dict[str, Any]:
    return server.call("/api/games", {**NEW, **changes})


def finished_record(min_round: int = 3, **options: Any) -> dict[str, Any]:
    """A finished game that reaches ``min_round``: seeded random playouts (the first seed that does)."""
    options = options or {"level": "7-5-4-5-1"}
    for seed in range(200):
        rng = random.Random(seed)
        state = legatus.load("hispania", **options).new_initial_state()
        while not state.is_terminal():
            legal = None if state.is_chance_node() else state.legal_actions()
            state.apply_action(sample_outcome(state, rng) if legal is None else rng.choice(legal))
        if state.view(None)["round"] >= min_round:
            return legatus.to_record(state)
    raise AssertionError("no seeded random game reached the round wanted")


# --- The tests -------------------------------------------------------------------------------
def test_create_a_game_through_the_form_and_play_it_by_clicking(server, context, page):
    page.goto(server.url + "/")
    page.select_option("#game-select", "hispania")  # one game among the shipped ones
    expect(page.locator("#seats [data-seat]")).to_have_count(1)
    # The level is one select per part; a refused combination says why and cannot be created.
    page.select_option('select[name="level.roads"]', "3")
    page.select_option("#opt-scenario", label="new-empire")
    expect(page.locator("#form-error")).to_contain_text("needs a level with exactly 5 roads")
    expect(page.locator("#create")).to_be_disabled()
    page.select_option("#opt-scenario", index=0)
    expect(page.locator("#form-error")).to_be_hidden()
    page.select_option("#opt-players", label="2")
    expect(page.locator("#seats [data-seat]")).to_have_count(2)
    page.select_option("#opt-players", label="1")
    expect(page.locator("#seats [data-seat]")).to_have_count(1)
    expect(page.locator('#seats select[name="player.rome"] option')).to_contain_text(["a person", "agent: random"])
    page.click("#create")

    links = page.locator("#created")
    expect(links.locator(".seat-link")).to_have_count(1)
    expect(links.locator('.link-row[data-label="spectators"] input')).to_have_value(re.compile(r"/play/\w+\?token="))
    seat_link = links.locator(".seat-link input").input_value()
    game_id, token = seat_of(seat_link)
    assert server.view(game_id, token)["view"]["options"]["level"] == "7-5-4-3-1"  # from the easiest
    with context.expect_page() as opened:
        links.locator(".seat-link a", has_text="open").click()
    play = opened.value
    expect(play.locator(".hx-board")).to_be_visible()
    expect(play.locator("#seat-badge")).to_have_text("you play rome")
    names = space_names(server, game_id)

    # Setup, roads: the highlighted spaces are exactly those the legal actions name.
    view = server.view(game_id, token)
    assert view["view"]["phase"] == "setup: roads"
    expect(play.locator("#prompt")).to_have_text(view["view"]["prompt"])
    expected = {name for action in view["view"]["legal_actions"] for name in named(action, names)}
    assert active_spaces(play) == expected
    idle = next(n for n in names if n.startswith("Mare") and n not in expected)
    play.click(f'.hx-space[data-space="{idle}"] .hx-sea-disc', force=True)
    expect(play.locator("#popover")).to_be_hidden()

    first_road = view["view"]["legal_actions"][0]
    roads_before = play.locator("[data-road]").count()
    view = click_action(play, server, game_id, token, first_road, names)
    assert "places a road" in view["view"]["log"][-1]
    expect(play.locator("[data-road]")).to_have_count(roads_before + 1)
    # Undo, shown when the rules allow it, takes the road back.
    expect(play.locator("#undo")).to_be_visible()
    play.click("#undo")
    expect(play.locator("[data-road]")).to_have_count(roads_before)
    undone = server.view(game_id, token)
    assert undone["view"]["phase"] == "setup: roads" and first_road in undone["view"]["legal_actions"]

    # The roads and the starting spaces, each by a click on a city.
    for _ in range(12):
        view = server.view(game_id, token)
        if not view["view"]["phase"].startswith("setup"):
            break
        action = view["view"]["legal_actions"][0]
        assert named(action, names), f"{action} names no space"
        view = click_action(play, server, game_id, token, action, names)
    assert view["view"]["phase"] == "Roman phase", view["view"]["prompt"]

    # The Roman phase: a move by a click on its city, then "end" by its button.
    buttons = play.eval_on_selector_all("#buttons button", "els => els.map(e => e.dataset.action)")
    assert "end" in buttons and not any(named(b, names) for b in buttons)
    move = next(a for a in view["view"]["legal_actions"] if a.startswith("move "))
    denarii = view["view"]["denarii"]
    view = click_action(play, server, game_id, token, move, names)
    assert view["view"]["denarii"] < denarii
    expect(play.locator(".hx-money .coin").first).to_have_text(str(view["view"]["denarii"]))
    general = view["view"]["general"]
    where = view["view"]["generals"][general]["space"]
    assert where == move.removeprefix("move ")
    expect(play.locator(f'.hx-space[data-space="{where}"] [data-general="{general}"]')).to_be_visible()
    view = click_action(play, server, game_id, token, "end", names)
    assert any("ends the Roman phase" in line for line in view["view"]["log"])
    expect(play.locator("#log")).to_contain_text("ends the Roman phase")


def test_the_form_starts_at_the_easiest_level_and_says_how_hard_each_measured(server, page):
    """Issue 15, point 11: named levels set every part; the measured win rate follows the choice."""
    page.goto(server.url + "/")
    first = next(g["name"] for g in server.call("/api/catalogue")["games"] if g["board"])
    expect(page.locator("#game-select")).to_have_value(first)  # a game the page draws opens first
    page.select_option("#game-select", "hispania")
    measured = page.locator("#measured-level")
    expect(measured).to_have_text(re.compile(r"^easiest: 37\.3% — the tuned agent's win rate"))
    page.click('[data-preset="hardest"]')
    parts = [page.locator(f'select[name="level.{p}"]').input_value()
             for p in ("denarii", "garrisons", "fleets", "roads", "armies")]
    assert "-".join(parts) == "5-3-2-3-3"
    rate = legatus.games.hispania.level.measured()["5-3-2-3-3"]
    bound = legatus.games.hispania.level.bounds()["5-3-2-3-3"]  # issue 36 point 3: beside it, the bound
    expect(measured).to_have_text(re.compile(
        rf"^hardest: {100 * rate:.1f}% — .*; at most {100 * bound.upper:.1f}% winnable — .*"
        rf"won {bound.wins} of {bound.games} games$"))
    page.select_option('select[name="level.armies"]', "2")
    rate = legatus.games.hispania.level.measured()["5-3-2-3-2"]
    assert "5-3-2-3-2" not in legatus.games.hispania.level.bounds()  # not in the sample: no bound said
    expect(measured).to_have_text(re.compile(rf"^{100 * rate:.1f}% — [^;]*$"))


def test_the_panel_shows_no_blocked_denarii_in_the_setup_and_only_this_turn_s_dice(server, page):
    """Issue 15, point 10: "0 denarii (3 blocked)" during the setup; the setup's roll shown on turn I."""
    created = create_game(server)
    seat = created["seats"][0]
    page.goto(server.url + seat["link"])
    expect(page.locator(".hx-money")).to_be_visible()
    expect(page.locator(".hx-money")).not_to_contain_text("blocked")
    view = play_setup(server, created)
    expect(page.locator("#prompt")).to_have_text(view["view"]["prompt"])
    expect(page.locator(".hx-dice")).to_contain_text("No dice rolled this turn yet.")


def play_setup(server: Server, created: dict[str, Any]) -> dict[str, Any]:
    """The setup played through the API (its first legal action each time): the seat's view after it."""
    seat = created["seats"][0]
    view = server.view(created["id"], seat["token"])
    while view["view"]["phase"].startswith("setup"):
        view = server.call(f"/api/games/{created['id']}/actions", {
            "token": seat["token"], "action": view["view"]["legal_actions"][0], "expect": view["log_length"]})
    return view


def test_ending_with_denarii_left_asks_first_a_hint_is_a_click_away_rule_ids_link_to_docs(server, page):
    """Issue 15, point 10: "end" with denarii left asks (they are lost, R9); the hint button; "(R9)" a link."""
    created = create_game(server)
    seat = created["seats"][0]
    view = play_setup(server, created)
    assert view["view"]["phase"] == "Roman phase" and view["view"]["denarii"] > 0
    page.goto(server.url + seat["link"])
    wait_log(page, view["log_length"])
    denarii = view["view"]["denarii"]
    end = page.locator('#buttons button[data-action="end"]')
    expect(end).to_have_text(f"end ({denarii} denarii unspent, lost (R9))")
    end.click()
    confirm = page.locator("#confirm")
    expect(confirm).to_contain_text(f"End the Roman phase with {denarii} denarii unspent? They are lost (R9).")
    link = confirm.locator("a.rule")
    expect(link).to_have_text("R9")
    docs = page.request.get(server.url + link.get_attribute("href"))
    assert docs.ok and "| R9 | the level's denarii" in docs.text()
    page.click("#confirm-no")
    expect(confirm).to_be_hidden()
    assert server.view(created["id"], seat["token"])["log_length"] == view["log_length"]  # nothing sent

    # The hint: the server's hint agent, for this position; its action is marked where it is offered.
    page.click("#hint-button")
    answer = page.locator("#hint-answer")
    expect(answer).to_contain_text("Hint: ", timeout=15000)
    text = answer.inner_text()
    hinted = [a for a, label in view["descriptions"].items() if text.startswith(f"Hint: {label} — ")]
    assert len(hinted) == 1, text
    if not named(hinted[0], space_names(server, created["id"])):
        expect(page.locator("#buttons button.hinted")).to_have_attribute("data-action", hinted[0])

    end.click()
    page.click("#confirm-yes")
    expect(page.locator("#log")).to_contain_text("ends the Roman phase")
    expect(answer).to_be_hidden()  # a hint is for the position it was asked in


def test_my_games_keeps_the_seats_this_browser_holds_and_leads_back_in(server, browser):
    """Issue 15, point 9: a seat opened (or created) in this browser is listed under "My games"
    on the index, in its storage only, with where it stands and a way back in; "forget" drops it."""
    created = create_game(server, options={"players": 2})
    ulterior = created["seats"][0]
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        expect(page.locator("#my-games")).to_contain_text("The seats you create or open in this browser")
        page.goto(server.url + ulterior["link"])
        expect(page.locator("#seat-badge")).to_have_text("you play ulterior")
        page.close()  # the tab is closed: the seat is not lost

        index = ctx.new_page()
        index.goto(server.url + "/")
        row = index.locator(f'#my-games tr[data-game="{created["id"]}"]')
        expect(row).to_have_count(1)
        expect(row).to_have_attribute("data-seat", "ulterior")
        expect(row.locator("td.now")).to_have_text("your turn")
        expect(row.locator("a.resume")).to_have_attribute("href", ulterior["link"])
        listed = index.locator(f'#games tr[data-game="{created["id"]}"] a.play-seat')
        expect(listed).to_have_attribute("href", ulterior["link"])  # the server's list leads back in too
        held = index.evaluate("JSON.parse(localStorage.getItem('legatus.seats'))")
        assert [(s["id"], s["seat"], s["token"]) for s in held] == [(created["id"], "ulterior", ulterior["token"])]
        row.locator("a.resume").click()
        expect(index.locator("#seat-badge")).to_have_text("you play ulterior")
        expect(index.locator("#prompt")).to_have_text(server.view(created["id"], ulterior["token"])["view"]["prompt"])

        # A game created by the form keeps every person's seat; "forget" drops one.
        index.goto(server.url + "/")
        index.click("#create")
        expect(index.locator("#created .seat-link")).to_have_count(1)
        mine = index.locator("#my-games tbody tr")
        expect(mine).to_have_count(2)
        new_id = index.locator("#created h3").inner_text().rsplit(" ", 1)[-1]
        expect(mine.first).to_have_attribute("data-game", new_id)  # the newest first
        mine.first.locator("button.forget").click()
        expect(mine).to_have_count(1)
        expect(mine.first).to_have_attribute("data-game", created["id"])
        # A seat whose game the server no longer has says so.
        index.evaluate("""() => { const held = JSON.parse(localStorage.getItem('legatus.seats'));
            held.push({...held[0], id: 'gone', token: 'x', link: '/play/gone?token=x'});
            localStorage.setItem('legatus.seats', JSON.stringify(held)); }""")
        index.reload()
        expect(index.locator('#my-games tr[data-game="gone"] td.now')).to_have_text("not on this server")
    finally:
        ctx.close()


def test_the_form_plays_the_hispano_with_6_denarii_and_says_why(server, page):
    """Issue 15, point 10 (R28): the first game's level has 7 denarii; with the Hispano it is offered with 6."""
    page.goto(server.url + "/")
    expect(page.locator('select[name="level.denarii"]')).to_have_value("7")
    page.check('#options input[name="variants"][value="hispano"]')
    expect(page.locator("#form-notes")).to_have_text(
        "R28: the Hispano variant gives the Romans 6 denarii, so level 7-5-4-5-1 is played as 6-5-4-5-1")
    expect(page.locator('select[name="level.denarii"]')).to_have_value("6")
    expect(page.locator("#form-error")).to_be_hidden()
    expect(page.locator("#seats [data-seat]")).to_have_count(2)
    expect(page.locator("#create")).to_be_enabled()


def test_a_reload_finds_the_same_position(server, page):
    created = create_game(server)
    game_id, token = seat_of(created["seats"][0]["link"])
    names = space_names(server, game_id)
    page.goto(server.url + created["seats"][0]["link"])
    for _ in range(3):
        action = server.view(game_id, token)["view"]["legal_actions"][-1]
        view = click_action(page, server, game_id, token, action, names)
    prompt = page.locator("#prompt").inner_text()
    log = page.locator("#log li").all_inner_texts()
    roads = sorted(page.eval_on_selector_all("[data-road]", "els => els.map(e => e.dataset.road)"))
    active = active_spaces(page)

    page.reload()
    wait_log(page, view["log_length"])
    expect(page.locator("#prompt")).to_have_text(prompt)
    assert page.locator("#log li").all_inner_texts() == log
    assert sorted(page.eval_on_selector_all("[data-road]", "els => els.map(e => e.dataset.road)")) == roads
    assert active_spaces(page) == active


def test_a_move_in_one_page_appears_in_the_other_without_reload(server, context):
    created = create_game(server, options={"players": 2})
    seats = {s["seat"]: s for s in created["seats"]}
    assert set(seats) == {"ulterior", "citerior"}
    pages = {}
    for name in seats:
        pages[name] = context.new_page()
        pages[name].goto(server.url + seats[name]["link"])
        expect(pages[name].locator(".hx-board")).to_be_visible()
    watcher = context.new_page()
    watcher.goto(server.url + created["watch"])
    expect(watcher.locator("#seat-badge")).to_have_text("you watch")

    game_id, token = seat_of(seats["ulterior"]["link"])
    view = server.view(game_id, token)
    assert view["view"]["to_move"] == "ulterior"
    # Only the seat to move is offered anything.
    assert active_spaces(pages["ulterior"])
    for other in (pages["citerior"], watcher):
        expect(other.locator("#hint")).to_be_visible()
        assert not active_spaces(other)
        expect(other.locator("#buttons button")).to_have_count(0)
    expect(pages["citerior"].locator("#hint")).to_have_text("Waiting for ulterior.")

    names = space_names(server, game_id)
    action = view["view"]["legal_actions"][0]
    after = click_action(pages["ulterior"], server, game_id, token, action, names)
    newest = after["view"]["log"][-1]
    for other in (pages["citerior"], watcher):  # pushed by the WebSocket, no reload
        wait_log(other, after["log_length"])
        expect(other.locator("#log li.newest")).to_have_text(newest)
        expect(other.locator("#prompt")).to_have_text(after["view"]["prompt"])
    a, b = sorted(named(action, names))
    expect(pages["citerior"].locator(f'.hx-road[data-road="{a}|{b}"]')).to_have_count(1)

    # A move made through the API arrives too; a page that missed it (its WebSocket cut off)
    # and acts on the old position is told so, and catches up.
    now = server.view(game_id, token)
    mover = now["view"]["to_move"]
    mover_id, mover_token = seat_of(seats[mover]["link"])
    legal = server.view(mover_id, mover_token)["view"]["legal_actions"]
    stale = context.new_page()
    stale.route_web_socket(re.compile(r"/ws/games/"), lambda ws: None)  # never reaches the server
    stale.goto(server.url + seats[mover]["link"])
    wait_log(stale, now["log_length"])
    moved = server.call(f"/api/games/{mover_id}/actions",
                        {"token": mover_token, "action": legal[0], "expect": now["log_length"]})
    for one in pages.values():
        wait_log(one, moved["log_length"])
        expect(one.locator("#log li.newest")).to_have_text(moved["view"]["log"][-1])
    wait_log(stale, now["log_length"])
    late = legal[1]
    stale.click(f'.hx-space[data-space="{named(late, names)[0]}"] .hx-hit')
    stale.locator(f'#popover button[data-action="{late}"]').click()
    expect(stale.locator("#error")).to_contain_text("the game has moved on")
    wait_log(stale, moved["log_length"])
    assert server.view(mover_id, mover_token)["log_length"] == moved["log_length"]


def test_the_replay_viewer_steps_through_an_imported_game(server, context, page):
    record = finished_record()
    page.goto(server.url + "/")
    page.fill("#import-text", json.dumps(record))
    page.click("#import-button")
    expect(page.locator("#imported .seat-link")).to_have_count(1)
    replay_link = page.locator('#imported .link-row[data-label="replay"] input').input_value()
    assert "/replay/" in replay_link

    page.goto(replay_link)
    length = len(record["actions"])
    main = page.locator("#replay")
    expect(main).to_have_attribute("data-step", "0")
    expect(page.locator("#length")).to_have_text(str(length))
    expect(page.locator("#log li")).to_have_count(0)
    page.click("#forward")
    expect(main).to_have_attribute("data-step", "1")
    expect(page.locator("#log li")).to_have_count(1)
    expect(page.locator("#last-action")).to_contain_text(record["actions"][0])
    stacks_early = page.locator(".hx-stack").count()

    # Jump to the rounds, by the marks.
    options = page.locator("#marks option").all_inner_texts()
    assert any(o.startswith("round 2") for o in options) and any(o.startswith("round 3") for o in options)
    page.select_option("#marks", label=next(o for o in options if o.startswith("round 2")))
    step = int(re.search(r"step (\d+)", next(o for o in options if o.startswith("round 2"))).group(1))
    expect(main).to_have_attribute("data-step", str(step))
    expect(page.locator(".hx-round")).to_have_text("2")
    assert page.locator(".hx-stack").count() > stacks_early
    page.click("#back")
    expect(main).to_have_attribute("data-step", str(step - 1))
    expect(page.locator(".hx-round")).to_have_text("1")

    # The end: the result; a seat's point of view; play from the start.
    page.click("#last")
    expect(main).to_have_attribute("data-step", str(length))
    expect(page.locator(".hx-result")).to_be_visible()
    expect(page.locator("#seat option")).to_have_text(["an observer", "rome"])
    page.select_option("#seat", "rome")
    expect(page).to_have_url(re.compile(r"seat=rome"))
    page.click("#first")
    expect(main).to_have_attribute("data-step", "0")
    page.select_option("#speed", "250")
    page.click("#play")
    # (a locator, not wait_for_function: the page's CSP forbids the eval that would need)
    expect(main).to_have_attribute("data-step", re.compile(r"^([3-9]|\d\d+)$"), timeout=5000)
    page.click("#play")  # pause
    paused = int(main.get_attribute("data-step"))
    page.wait_for_timeout(600)
    assert int(main.get_attribute("data-step")) == paused

    # Export: the record downloaded is the game's.
    with page.expect_download() as download:
        page.click("#export")
    exported = json.loads(open(download.value.path()).read())
    assert exported["actions"] == record["actions"] and exported["game"] == "hispania"


def test_the_board_draws_the_pieces_of_every_variant(server, context, page):
    """A game with every variant and the Hispano, round by round: the pieces on the board are
    those of the view (the special army, purple garrisons, pirates, the proconsul)."""
    record = finished_record(2, variants=["ingenivm", "imperivm", "proconsvl", "legio-hispana", "pirates", "terror",
                                          "hispano"])
    created = server.call("/api/import", {"record": record})
    token = created["watch_token"]
    page.goto(f"{server.url}/replay/{created['id']}?token={token}")
    marks = server.call(f"/api/games/{created['id']}/replay?token={token}")["marks"]
    main = page.locator("#replay")
    for index, mark in enumerate(marks + [{"n": len(record["actions"])}]):
        if index < len(marks):
            page.select_option("#marks", str(index))
        else:
            page.click("#last")
        expect(main).to_have_attribute("data-step", str(mark["n"]))
        view = server.call(f"/api/games/{created['id']}/replay/{mark['n']}?token={token}")["view"]
        armies = sorted(a for a in view["armies"].values() if a)
        assert sorted(page.eval_on_selector_all(
            "[data-army]", "els => els.map(e => e.closest('[data-space]').dataset.space)")) == armies
        generals = {k: g["space"] for k, g in view["generals"].items() if g["space"]}
        where = "els => els.map(e => [e.dataset.general, e.closest('[data-space]').dataset.space])"
        assert dict(page.eval_on_selector_all(".hx-spaces [data-general]", where)) == generals
        discs = sum(c["revolts"] + len(c["garrisons"]) for c in view["cities"].values())
        discs += sum(s["pirates"] for s in view["seas"].values())
        counts = page.eval_on_selector_all(".hx-spaces .hx-stack", "els => els.map(e => Number(e.dataset.count))")
        assert sum(counts) == discs  # each count as the badge or the stack shows it
        garrisons = sum(len(c["garrisons"]) for c in view["cities"].values())
        assert page.locator(".hx-spaces .hx-garrisons .hx-disc").count() == garrisons
    expect(page.locator("#seat option")).to_have_count(len(record_seats(record)) + 1)


BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const space = (e) => e.closest('[data-space]').dataset.space;
  return {
    labels: [...document.querySelectorAll('.hx-label')].map((e) => [space(e), box(e)]),
    discs: [...document.querySelectorAll('.hx-city-disc, .hx-sea-disc')].filter((e) => e.closest('[data-space]'))
      .map((e) => [space(e), box(e)]),
    rings: Object.fromEntries([...document.querySelectorAll('.hx-space .hx-ring')].map((e) => [space(e), box(e)])),
    pieces: [...document.querySelectorAll('.hx-spaces .hx-stack, .hx-spaces .hx-army, .hx-spaces .hx-general-disc, '
      + '.hx-spaces .hx-fleet')].map((e) => [space(e), box(e)]),
    legend: box(document.querySelector('.hx-legend-box')),
    items: [...document.querySelectorAll('.hx-legend-item')].map((e) => e.dataset.legend),
  };
}"""


def overlap(a: list[float], b: list[float]) -> float:
    """The area two boxes (left, top, right, bottom) share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def check_board_readable(page: Any) -> dict[str, Any]:
    """Issue 15, point 7, measured in the page: no name overlaps another name, another space's disc,
    a piece or the legend; every piece touches its own space's ring."""
    found = page.evaluate(BOXES)
    labels = found["labels"]
    for i, (name, box) in enumerate(labels):
        for other, other_box in labels[i + 1:]:
            assert overlap(box, other_box) < 1, f"the names {name} and {other} overlap"
        for other, disc in found["discs"]:
            assert other == name or overlap(box, disc) < 1, f"the name {name} covers the space {other}"
        for other, piece in found["pieces"]:
            assert overlap(box, piece) < 1, f"the name {name} covers a piece in {other}"
        assert overlap(box, found["legend"]) < 1, f"the name {name} is under the legend"
    for name, piece in found["pieces"]:
        assert overlap(piece, found["rings"][name]) > 0, f"a piece of {name} is off its space"
    return found


def test_the_board_s_names_never_overlap_and_its_pieces_sit_on_their_spaces(server, page):
    """Issue 15, point 7: measured on the real page, at each mark of a game with every variant."""
    record = finished_record(2, variants=["proconsvl", "legio-hispana", "pirates", "terror"])
    created = server.call("/api/import", {"record": record})
    token = created["watch_token"]
    page.goto(f"{server.url}/replay/{created['id']}?token={token}")
    expect(page.locator(".hx-board")).to_be_visible()
    marks = server.call(f"/api/games/{created['id']}/replay?token={token}")["marks"]
    main = page.locator("#replay")
    for index in range(0, len(marks), 3):
        page.select_option("#marks", str(index))
        expect(main).to_have_attribute("data-step", str(marks[index]["n"]))
        found = check_board_readable(page)
    assert len(found["pieces"]) > 10
    # A legend for every piece.
    for piece in ("general: U, C, Co", "garrisons (bottom first)", "revolts (their count)", "army", "special army",
                  "fleet", "pirates (their count)", "capital"):
        assert piece in found["items"], piece


def record_seats(record: dict[str, Any]) -> list[str]:
    return list(legatus.replay(record).game.seats)


def test_the_pages_work_at_a_phone_width(server, browser):
    created = create_game(server)
    phone = browser.new_context(viewport={"width": 375, "height": 800}, device_scale_factor=2, is_mobile=True,
                                has_touch=True)
    try:
        page = phone.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        for path in (created["seats"][0]["link"], "/", created["watch"].replace("/play/", "/replay/")):
            page.goto(server.url + path)
            page.wait_for_load_state("networkidle")
            width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
            assert width <= 375, f"{path}: the page is {width} px wide"
        page.goto(server.url + created["seats"][0]["link"])
        board = page.locator(".hx-board")
        expect(board).to_be_visible()
        box = board.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375 and box["width"] > 320 and box["height"] > 250
        # The panels stack: the prompt above the board, the log below it.
        prompt = page.locator("#prompt").bounding_box()
        log = page.locator("#log").bounding_box()
        assert prompt["y"] < box["y"] < log["y"]
        # Zoomed, the board scrolls inside its box, not the page.
        page.click("#zoom")
        expect(page.locator("#board")).to_have_class(re.compile("zoomed"))
        assert page.evaluate("(b => b.scrollWidth > b.clientWidth + 100)(document.querySelector('#board'))")
        assert page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)") <= 375
        page.click("#zoom")
        expect(page.locator("#board")).not_to_have_class(re.compile("zoomed"))
        # A tap on a highlighted space opens its actions, inside the screen.
        space = page.locator(".hx-space.active .hx-hit").first
        space.tap()
        popover = page.locator("#popover")
        expect(popover).to_be_visible()
        pop = popover.bounding_box()
        assert pop["x"] >= 0 and pop["x"] + pop["width"] <= 375
        assert not errors, errors
    finally:
        phone.close()


def page_width(page: Any) -> int:
    return int(page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"))


def label_height(page: Any) -> float:
    """The smallest height a city's name is drawn at, in screen pixels."""
    return float(page.evaluate("Math.min(...[...document.querySelectorAll('.hx-city .hx-label')]"
                               ".map((e) => e.getBoundingClientRect().height))"))


def test_the_game_page_at_a_laptop_s_1024_by_700(server, browser):
    """Issue 15, point 8: at 1024×700 the names are readable, none overlaps, the prompt is in view
    and no panel is cut off (the side panels scroll together)."""
    created = create_game(server)
    view = play_setup(server, created)
    laptop = browser.new_context(viewport={"width": 1024, "height": 700})
    try:
        page = laptop.new_page()
        page.goto(server.url + created["seats"][0]["link"])
        wait_log(page, view["log_length"])
        assert page_width(page) <= 1024
        board = page.locator(".hx-board").bounding_box()
        assert board["width"] >= 640 and board["y"] + board["height"] <= 700
        assert label_height(page) >= 10.5, "the names are too small to read"
        check_board_readable(page)
        card = page.locator("#prompt-card").bounding_box()
        assert card["y"] + card["height"] <= 700, "the prompt card is cut off"
        for card in ("#info", "#prompt-card"):  # nothing inside a card is clipped
            assert page.evaluate(f"(e => e.scrollHeight <= e.clientHeight + 1)(document.querySelector('{card}'))"), card
        generals = page.locator(".hx-generals li").last
        generals.scroll_into_view_if_needed()
        box = generals.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= 700, "the status card cannot be read whole"
        assert page.locator(".hx-board").bounding_box()["y"] == board["y"]  # the board stays where it was
    finally:
        laptop.close()


# The most a city's pieces reach from its centre, in the board's units (hispania.js: PIECE_BOXES'
# general's top, revolts' left, three garrisons' right and bottom).
PIECES_REACH = (-25, -26, 22, 11.5)
SEAS_AND_CITIES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const discs = [...document.querySelectorAll('.hx-city-disc')].filter((e) => e.closest('[data-space]'));
  return {
    seas: [...document.querySelectorAll('.hx-sea-label')].map((e) => [e.textContent, box(e)]),
    cities: discs.map((e) => [e.closest('[data-space]').dataset.space, box(e)]),
    scale: discs[0].ownerSVGElement.getScreenCTM().a,
  };
}"""


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_no_sea_s_name_covers_the_pieces_a_city_beside_it_may_hold(server, browser, width, height):
    # A CI run's phone page: the setup put an army at Noega, under "Mare Cantabricum"; a general
    # there reached further. Sea names are fixed under their discs: the board's data keeps them clear.
    created = create_game(server)
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(server.url + created["seats"][0]["link"])
        expect(page.locator(".hx-board")).to_be_visible()
        found = page.evaluate(SEAS_AND_CITIES)
        assert len(found["seas"]) == 5 and len(found["cities"]) > 40
        k = found["scale"]
        for city, disc in found["cities"]:
            x, y = (disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2
            reach = [x + k * PIECES_REACH[0], y + k * PIECES_REACH[1], x + k * PIECES_REACH[2], y + k * PIECES_REACH[3]]
            for sea, label in found["seas"]:
                assert overlap(label, reach) < 1, f"the name {sea} may cover pieces in {city}"
    finally:
        context.close()


def test_the_game_page_on_a_390_by_844_phone(server, browser):
    """Issue 15, point 8: on a phone the page is no wider than the screen, the prompt comes first,
    the board fits, and zoomed it writes its names large enough to read, none overlapping."""
    created = create_game(server)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True,
                                has_touch=True)
    try:
        page = phone.new_page()
        page.goto(server.url + created["seats"][0]["link"])
        expect(page.locator(".hx-board")).to_be_visible()
        assert page_width(page) <= 390
        board = page.locator(".hx-board").bounding_box()
        assert board["x"] >= 0 and board["x"] + board["width"] <= 390 and board["width"] > 350
        assert page.locator("#prompt").bounding_box()["y"] < board["y"]
        check_board_readable(page)
        page.click("#zoom")
        expect(page.locator("#board")).to_have_class(re.compile("zoomed"))
        assert label_height(page) >= 10, "zoomed, the names are still too small to read"
        check_board_readable(page)
        assert page_width(page) <= 390
        page.click("#zoom")
        space = page.locator(".hx-space.active .hx-hit").first
        space.tap()
        pop = page.locator("#popover")
        expect(pop).to_be_visible()
        box = pop.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        for path in ("/", created["watch"].replace("/play/", "/replay/")):
            page.goto(server.url + path)
            page.wait_for_load_state("networkidle")
            assert page_width(page) <= 390, path
    finally:
        phone.close()


def test_the_hint_button_asks_the_strongest_agent_for_the_seat_to_move(server, context):
    """VIAE's hint agent is IS-MCTS: the server searches what the seat may know (V43), within
    its agents' time budget, and the page shows its choice with its win chance."""
    created = create_game(server, game="viae", options={"players": 2})
    pages = {}
    for seat in created["seats"]:
        game_id, token = seat_of(seat["link"])
        pages[seat["seat"]] = (context.new_page(), token)
        pages[seat["seat"]][0].goto(server.url + seat["link"])
    mover = server.view(game_id, pages["seat1"][1])["view"]["to_move"]
    page, token = pages[mover]
    waiting = pages[next(s for s in pages if s != mover)][0]
    expect(page.locator("#hint-button")).to_be_visible()
    expect(waiting.locator("#hint-button")).to_be_hidden()  # a hint is for the seat to move
    page.click("#hint-button")
    answer = page.locator("#hint-answer")
    expect(answer).to_contain_text("Hint:", timeout=30_000)
    expect(answer).to_contain_text("win chance")
    legal = server.view(game_id, token)["view"]["legal_actions"]
    hinted = page.locator("button.action.hinted")
    if hinted.count():  # an action with a button of its own (the others are a board's spaces)
        assert hinted.first.get_attribute("data-action") in legal
