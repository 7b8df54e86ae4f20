"""The pages as a person sees them (issue 33), each game at 1280×800, 1024×700 and 390×844
(tapped, on a touch screen): the board's text labels as rendered — no two overlap by more than a
fifth of the smaller, the smallest space name at least 10 px at 1280, Hannibal's names beside
their spaces, none under the map's buttons, nor any space's marker or army's box at any zoom and
pan — no panel beside the board wider than its column or cut off at its foot, no card of the hand
under the piles, every button that plays a card naming it, every card in the tray with its words
on its face, a decision made by clicking (tapping) a card's button and a space, and the index
page's buttons inside their cards.
The secrecy of the tray is checked with Hannibal's marker (#37 in Rome's hand): Carthage's page
never shows it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

import pytest
from playwright.sync_api import expect

import legatus
from legatus.core.record import to_record
from legatus.core.session import sample_outcome
from legatus.games.hannibal.bots import HeuristicAgent
from tests.web.hannibal_game import DECISIONS, MARKER, battle_to_fight, turn_one
from tests.web.helpers import Server

SIZES = [(1280, 800), (1024, 700), (390, 844)]
BOARDS = {"hannibal": (".hn-board", ".hn-label"), "viae": (".vi-board", ".vi-label"),
          "hispania": (".hx-board", ".hx-label")}

# The visible text of the board (inside its box, not hidden): each one's box and font size on screen.
LABELS = """([board, names]) => {
  const svg = document.querySelector(board);
  const frame = svg.getBoundingClientRect();
  const out = [];
  for (const t of svg.querySelectorAll('text')) {
    if (t.closest('[hidden]') || !t.textContent.trim()) continue;
    const r = t.getBoundingClientRect();
    const out_of_view = r.right < frame.left || r.left > frame.right || r.bottom < frame.top || r.top > frame.bottom;
    if (!r.width || out_of_view) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.abs(t.getScreenCTM().a);
    out.push({text: t.textContent, box: [r.left, r.top, r.right, r.bottom], px, name: t.matches(names)});
  }
  return out;
}"""


# Hannibal's space names: how far each lies from its space's marker, in pixels (its box's nearest point).
NAME_DISTANCES = """() => {
  const at = {};
  for (const g of document.querySelectorAll('.hn-space:not([hidden])')) {
    const r = g.querySelector('.hn-ring').getBoundingClientRect();
    at[g.dataset.space] = [r.x + r.width / 2, r.y + r.height / 2];
  }
  return [...document.querySelectorAll('.hn-label:not([hidden])')].filter((t) => at[t.textContent]).map((t) => {
    const [x, y] = at[t.textContent];
    const b = t.getBoundingClientRect();
    const [nx, ny] = [Math.max(b.left, Math.min(x, b.right)), Math.max(b.top, Math.min(y, b.bottom))];
    return [t.textContent, Math.hypot(nx - x, ny - y)];
  });
}"""


def overlaps(labels: list[dict[str, Any]]) -> list[tuple[str, str, float]]:
    """The pairs of labels whose boxes share more than a fifth of the smaller one's area."""
    found = []
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            (l1, t1, r1, b1), (l2, t2, r2, b2) = a["box"], b["box"]
            shared = max(0.0, min(r1, r2) - max(l1, l2)) * max(0.0, min(b1, b2) - max(t1, t2))
            smaller = min((r1 - l1) * (b1 - t1), (r2 - l2) * (b2 - t2))
            if smaller and shared / smaller > 0.2:
                found.append((a["text"], b["text"], round(shared / smaller, 2)))
    return found


# Every element of the panels beside the board (under it on a phone) inside its panel, and each
# panel inside the window: nothing cut off sideways.
TOO_WIDE = """() => {
  const page = document.documentElement.clientWidth;
  const out = [];
  for (const panel of document.querySelectorAll('.side > section:not([hidden])')) {
    const p = panel.getBoundingClientRect();
    if (p.left < -1 || p.right > page + 1) out.push(`${panel.className} is outside the window`);
    for (const e of panel.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (r.width && !e.closest('[hidden]') && (r.right > p.right + 1 || r.left < p.left - 1)) {
        out.push(`${e.tagName}.${e.className}: ${e.textContent.slice(0, 40)}`);
      }
    }
  }
  return out;
}"""


# The board's text (names, stacks; or those the selector picks) that lies under the buttons on the
# map's corners (zoom, the key).
UNDER_BUTTONS = """(selector) => {
  const buttons = [...document.querySelectorAll('.board-zoom, .hn-key > summary')]
    .map((b) => b.getBoundingClientRect());
  const meet = (r, b) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
  const frame = document.querySelector('#board svg').getBoundingClientRect();
  const out = [];
  for (const t of document.querySelectorAll(selector || '#board svg text')) {
    if (t.closest('[hidden]') || !t.textContent.trim()) continue;
    const r = t.getBoundingClientRect();
    if (r.width && meet(r, frame) && buttons.some((b) => meet(r, b))) out.push(t.textContent);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The server, allowed the games these tests make (more than a client's 30 in 10 minutes)."""
    running = Server(tmp_path_factory.mktemp("web") / "layout.db", "--max-new-games", "500")
    yield running
    running.stop()


def new_game(server: Any, game: str) -> dict[str, Any]:
    if game == "hannibal":  # the start of Rome's first card play: ops, event, discard
        return server.call("/api/import", {"record": to_record(turn_one(DECISIONS[:2]))})  # type: ignore[no-any-return]
    body = {"hispania": {"game": "hispania", "options": {"level": "6-4-3-4-2"}, "players": {}},
            "viae": {"game": "viae", "options": {"players": 2}, "players": {}}}[game]
    return server.call("/api/games", body)  # type: ignore[no-any-return]


def to_move(server: Any, created: dict[str, Any]) -> str:
    """The seat to move in the game ``created`` (its first seat's if none is)."""
    first = created["seats"][0]
    return server.view(created["id"], first["token"])["view"]["to_move"] or first["seat"]  # type: ignore[no-any-return]


@contextmanager
def seat_page(browser: Any, server: Any, created: dict[str, Any], seat: str, width: int, height: int) -> Iterator[Any]:
    """The page of ``seat`` in the game ``created``, in a window of width×height (under 600 px a
    phone's: a touch screen), closed after."""
    phone = width < 600
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone)
    try:
        ctx.set_default_timeout(8000)
        page = ctx.new_page()
        page.goto(server.url + next(s["link"] for s in created["seats"] if s["seat"] == seat))
        yield page
    finally:
        ctx.close()


def press(target: Any, width: int) -> None:
    """Taps ``target`` on a phone's page (under 600 px wide), else clicks it."""
    target.tap() if width < 600 else target.click()


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("game", sorted(BOARDS))
def test_the_board_s_labels_are_apart_and_readable_and_the_panels_fit(browser: Any, server: Any, game: str,
                                                                      width: int, height: int) -> None:
    created = new_game(server, game)
    first = created["seats"][0]["seat"]
    with seat_page(browser, server, created, first, width, height) as page:
        board, names = BOARDS[game]
        page.wait_for_selector(f"{board} text", state="attached")
        page.wait_for_timeout(300)  # the labels are placed on the next frame
        labels = page.evaluate(LABELS, [board, names])
        spaces = [label for label in labels if label["name"]]
        assert len(spaces) >= 10, labels
        print(f"{game} {width}x{height}: {len(labels)} labels, space names from {min(s['px'] for s in spaces):.1f} px,"
              f" largest overlap {max([o[2] for o in overlaps(labels)], default=0)}")
        assert overlaps(labels) == [], overlaps(labels)
        if width == 1280:
            assert min(s["px"] for s in spaces) >= 10, sorted(spaces, key=lambda s: s["px"])[:3]
        if game == "hannibal":  # each name beside its space (Sicily, Campania: crowded; a phone's edges, play review)
            far = sorted(page.evaluate(NAME_DISTANCES), key=lambda d: -d[1])
            print(f"hannibal {width}x{height}: names at most {far[0][1]:.0f} px from their space ({far[0][0]})")
            assert far[0][1] <= 60, far[:5]
        if game == "hannibal":  # its names and stacks are placed in pixels, each frame
            assert page.evaluate(UNDER_BUTTONS) == []
        if game == "viae":  # its names lie on the map: one under the buttons is slid off, set aside or hidden
            assert page.evaluate(UNDER_BUTTONS, VIAE_NAMES) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.evaluate(TOO_WIDE) == []


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_hannibal_s_cards_are_named_and_a_card_is_played_by_clicking(browser: Any, server: Any,
                                                                     width: int, height: int) -> None:
    created = new_game(server, "hannibal")
    cards = {c["number"]: c for c in server.call(f"/api/games/{created['id']}/public")["cards"]}
    other = seat_page(browser, server, created, "carthage", width, height) if width == 1280 else nullcontext()
    with seat_page(browser, server, created, "rome", width, height) as rome, other as carthage:
        buttons = rome.locator("#buttons button[data-action*='#']")
        expect(buttons.first).to_be_visible()
        if width < 600:  # the choices compact: the map starts within the first screen, a tap away
            board = rome.locator(".hn-board").bounding_box()
            print(f"phone: the board's top at {board['y']:.0f} px")
            assert board["y"] + 300 <= height, board
        # each card on one row that names it, its three uses short buttons in it, each button's
        # accessible name the whole choice
        named = buttons.evaluate_all("""els => els.map(e => [e.dataset.action, e.getAttribute('aria-label'),
            e.closest('.action-row').querySelector('.row-title').textContent, e.textContent])""")
        assert len({row for _, _, row, _ in named}) == rome.locator("#buttons .action-row").count(), named
        for action, whole, row, text in named:
            card = cards[int(action.split("#")[1])]
            assert row == f"#{card['number']} {card['name']}" and whole.startswith(row), (action, row, whole)
            ops = f"{card['ops']} OP{'' if card['ops'] == 1 else 's'}"
            assert text == (ops if action.startswith("ops ") else action.split(" ")[0]), (action, text)
            if action.startswith("ops "):
                assert whole.endswith(f"· {ops}"), whole
        # the hand: each card's name, OPs and words on its face, in view without scrolling at 1024×700
        tile = rome.locator(f".hn-hand [data-card='{MARKER[1:]}']")
        expect(tile).to_contain_text(cards[37]["name"])
        expect(tile).to_contain_text(cards[37]["effect"][:30])
        if width >= 1024:
            box = tile.bounding_box()
            assert box["y"] + 40 <= height, box
        if width == 1280:  # the hint names the card it would play
            rome.locator("#hint-button").click()
            expect(rome.locator("#hint-answer")).to_contain_text("Hint: #", timeout=30_000)
            hinted = rome.locator("#buttons button.action.hinted").get_attribute("data-action") or ""
            expect(rome.locator("#hint-answer")).to_contain_text(cards[int(hinted.split("#")[1])]["name"])
        # the discard pile one click away
        rome.locator(".hn-discard summary").click()
        expect(rome.locator(".hn-discard")).to_have_attribute("open", "")
        if carthage is not None:  # the other seat's page never shows the marker, tray included
            expect(carthage.locator(".hn-hand [data-card]").first).to_be_visible()
            assert MARKER not in carthage.content()
            assert "Minor Campaign" not in carthage.locator("#tray").inner_text()
        # a card played by a click (a tap on the phone), then a space chosen on the map
        ops = rome.locator("#buttons button[data-action^='ops ']").first
        press(ops, width)
        expect(rome.locator("#buttons button[data-action='place pcs']")).to_be_visible()
        place = rome.locator("#buttons button[data-action='place pcs']")
        press(place, width)
        target = rome.locator(".hn-space.active .hn-hit").first
        expect(target).to_be_visible()
        press(target, width)
        choice = rome.locator("#popover button.action").first
        expect(choice).to_be_visible()
        before = rome.locator("#play").get_attribute("data-log-length")
        press(choice, width)
        expect(rome.locator("#play")).not_to_have_attribute("data-log-length", before or "")


@pytest.mark.parametrize(("game", "space"), [("viae", ".vi-city.active .vi-hit"),
                                             ("hispania", ".hx-space.active .hx-hit")])
def test_a_phone_plays_viae_and_hispania_by_tapping(browser: Any, server: Any, game: str, space: str) -> None:
    """At 390×844 on a touch screen: a highlighted space tapped, then its action in the list."""
    created = new_game(server, game)
    mover = to_move(server, created)
    with seat_page(browser, server, created, mover, 390, 844) as page:
        expect(page.locator(space).first).to_be_attached()
        page.wait_for_timeout(300)  # the board brings the choices into view
        board = page.locator(BOARDS[game][0]).bounding_box()

        def shown(target: Any) -> bool:  # a target inside the part of the board shown
            box = target.bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            return bool(board["x"] < x < board["x"] + board["width"] and board["y"] < y < board["y"] + board["height"])

        target = next(t for t in page.locator(space).all() if shown(t))
        before = page.locator("#play").get_attribute("data-log-length")
        target.tap()
        choice = page.locator("#popover button.action").first
        expect(choice).to_be_visible()
        choice.tap()
        expect(page.locator("#play")).not_to_have_attribute("data-log-length", before or "")
        expect(page.locator("#log li").first).to_be_attached()
        page.locator("#log").scroll_into_view_if_needed()  # the log reachable under the board
        expect(page.locator("#log")).to_be_in_viewport()


def test_viae_s_buttons_name_every_card(browser: Any, server: Any) -> None:
    """Every card id an action names (``play D11``, ``hire CA03 slot 1``) is written with the
    card's name, by the page's own module."""
    created = new_game(server, "viae")
    public = server.call(f"/api/games/{created['id']}/public")
    with seat_page(browser, server, created, created["seats"][0]["seat"], 1280, 800) as page:
        page.wait_for_selector(".vi-board")
        actions = [f"play {c['id']}" for c in public["cards"]["deceptio"]] + \
            [f"hire {c['id']} slot 1" for c in public["cards"]["castra"]]
        labels = page.evaluate("""async ([actions, pub]) => {
            const mod = await import('/static/games/viae.js');
            return actions.map((a) => mod.label(a, a, pub));
        }""", [actions, public])
        names = [c["name"] for c in public["cards"]["deceptio"] + public["cards"]["castra"]]
        assert all(name in label for name, label in zip(names, labels, strict=True)), labels


VIAE_NAMES = "#board svg .vi-label, #board svg .vi-region-name"

# Whether VIAE's city name ``name`` is shown whole in the board's frame.
# VIAE's names cut by the map's edge: partly in its frame, partly out (a phone's "Colonia Agrippina"
# at its top, play review).
CUT_AT_EDGE = """() => {
  const frame = document.querySelector('.vi-board').getBoundingClientRect();
  const meet = (r, b) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
  return [...document.querySelectorAll('#board svg .vi-label, #board svg .vi-region-name')].filter((t) => {
    if (t.closest('[hidden]')) return false;
    const r = t.getBoundingClientRect();
    return r.width && meet(r, frame) && (r.left < frame.left - 1 || r.right > frame.right + 1 ||
      r.top < frame.top - 1 || r.bottom > frame.bottom + 1);
  }).map((t) => t.textContent);
}"""

NAME_SHOWN = """(name) => {
  const frame = document.querySelector('.vi-board').getBoundingClientRect();
  const t = [...document.querySelectorAll('.vi-label')].find((e) => e.textContent === name);
  const r = t.getBoundingClientRect();
  return !t.closest('[hidden]') && r.left >= frame.left && r.right <= frame.right && r.top >= frame.top &&
    r.bottom <= frame.bottom;
}"""


def test_viae_s_names_never_lie_under_the_zoom_buttons_of_a_phone_as_the_map_pans(browser: Any, server: Any) -> None:
    """Play review: at 390×844 "Augusta Vindelicum" lay under the map's + button, and "Colonia
    Agrippina" was cut by the map's top edge. The buttons now stand above the map, never over it;
    VIAE's names lie on the map and move with it: a name a pan or a zoom brings half out of the
    frame is slid into it, or set beside its city where it covers nothing, else hidden until it
    comes out again; none under the buttons nor cut by the frame's edge at any frame, none over
    another."""
    created = new_game(server, "viae")
    with seat_page(browser, server, created, created["seats"][0]["seat"], 390, 844) as page:
        page.wait_for_selector(".vi-board text", state="attached")
        page.wait_for_timeout(300)
        assert page.evaluate(UNDER_BUTTONS, VIAE_NAMES) == []
        assert page.evaluate(CUT_AT_EDGE) == []  # slid into the frame or hidden, none cut in half
        assert page.evaluate(NAME_SHOWN, "Augusta Vindelicum")  # shown whole, not hidden
        box = page.locator(".vi-board").bounding_box()
        start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        # drags that carry the north's names, then the east's, under the buttons, and back
        for dx, dy in [(-30, 25), (-30, 25), (-40, 0), (-40, 40), (60, -20), (80, -60), (60, 0)] * 2:
            page.mouse.move(*start)
            page.mouse.down()
            page.mouse.move(start[0] + dx, start[1] + dy, steps=4)
            page.mouse.up()
            page.wait_for_timeout(120)
            names = [label for label in page.evaluate(LABELS, list(BOARDS["viae"])) if label["name"]]
            assert page.evaluate(UNDER_BUTTONS, VIAE_NAMES) == [], (dx, dy)
            assert page.evaluate(CUT_AT_EDGE) == [], (dx, dy)
            assert overlaps(names) == [], (dx, dy, overlaps(names))


def test_viae_s_hire_buttons_say_the_card_the_slot_and_the_cost_once(browser: Any, server: Any) -> None:
    """Play review: a hire button read "hire CA03 Mensor slot 1 Mensor (2 Denar; your officer slot
    1, upkeep 2)", the officer named twice and the slot said twice: the server names the card after
    the whole notation, where the page's module did not look. Now each says the card by its name,
    the officer slot it takes and its cost once; the officer it would replace by name."""
    created = server.call("/api/import", {"record": viae_busy_record()})
    public = server.call(f"/api/games/{created['id']}/public")
    names = {c["id"]: c["name"] for c in public["cards"]["castra"]}
    token = next(s["token"] for s in created["seats"] if s["seat"] == "seat1")
    descriptions = server.view(created["id"], token)["descriptions"]
    hires = sorted(a for a in descriptions if a.startswith("hire ") and a != "hire none")
    assert hires
    with seat_page(browser, server, created, "seat1", 1280, 800) as page:
        for action in hires:
            _, card, _, slot = action.split()
            cost, upkeep = re.fullmatch(rf"{action} {names[card]} \((\d+ Denar|free); your officer slot {slot}, "
                                        r"(upkeep \d+)\)", descriptions[action]).groups()
            button = page.locator(f"#buttons button[data-action='{action}']")
            expect(button).to_have_text(f"hire {card} {names[card]} into your officer slot {slot} ({cost}, {upkeep})")
        mensor, quaestor = (next(i for i, n in names.items() if n == name) for name in ("Mensor", "Quaestor"))
        replaced = f"hire {quaestor} slot 2 Quaestor (5 Denar; replaces your {mensor})"
        cases = [[f"hire {quaestor} slot 2", replaced], ["play D11", "play D11 Auxilia (free)"],
                 ["play D11", "play D11"]]
        labels = page.evaluate("""async ([pub, cases]) => {
            const mod = await import('/static/games/viae.js');
            return cases.map(([a, d]) => mod.label(a, d, pub));
        }""", [public, cases])
        assert labels == [f"hire {quaestor} Quaestor into your officer slot 2 (5 Denar; replaces your {mensor} Mensor)",
                          "play D11 Auxilia (free)", "play D11 Auxilia"]


@pytest.mark.parametrize("game", ["hannibal", "viae"])
def test_the_board_pans_and_zooms_with_the_mouse_and_a_drag_chooses_nothing(browser: Any, server: Any,
                                                                             game: str) -> None:
    created = new_game(server, game)
    with seat_page(browser, server, created, created["seats"][0]["seat"], 1280, 800) as page:
        board = BOARDS[game][0]
        page.wait_for_selector(f"{board} text", state="attached")
        page.wait_for_timeout(300)
        view_box = lambda: [float(v) for v in page.locator(board).get_attribute("viewBox").split()]  # noqa: E731
        whole = view_box()
        box = page.locator(board).bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.wheel(0, -400)  # zoom in about the pointer
        page.wait_for_timeout(300)
        zoomed = view_box()
        assert zoomed[2] < whole[2] * 0.8, (whole, zoomed)
        if game == "hannibal":  # the names keep their size in pixels, the map grows under them
            sizes = {round(label["px"]) for label in page.evaluate(LABELS, list(BOARDS[game])) if label["name"]}
            assert sizes == {11}, sizes
        # a drag pans the map, and its end is no click on a space
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] / 2 + 120, box["y"] + box["height"] / 2 + 60, steps=6)
        page.mouse.up()
        page.wait_for_timeout(300)
        panned = view_box()
        assert panned[0] < zoomed[0] and panned[1] < zoomed[1], (zoomed, panned)
        assert page.locator("#popover").is_hidden()
        page.locator(".board-zoom button[aria-label='the whole map']").click()
        page.wait_for_timeout(300)
        assert view_box() == pytest.approx(whole, abs=1)


def viae_busy_record() -> dict[str, Any]:
    """A 2-player VIAE game where seat1 chooses among many actions that name no space (recruit 1–7,
    cycle, hire, conquer, prepare, play): a long list of buttons over the players' table."""
    import random

    import legatus

    state = legatus.load("viae", players=2).new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        if state.current_player() < 0:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        legal = [str(a) for a in state.legal_actions()]
        if state.current_player() == 0 and sum(a.startswith("recruit ") for a in legal) >= 4 \
                and any(a.startswith("play ") for a in legal) and any(a.startswith("hire ") for a in legal):
            return to_record(state)
        state.apply_action(state.parse_action(rng.choice(legal)))
    raise AssertionError("no such position in the seeded game")


# What of the panel beside the board (#info) is cut off: its own scrolled-away part, and each
# element outside its box; then, the panel scrolled into view, what lies outside the window.
CUT_OFF = """(selector) => {
  const info = document.querySelector('#info');
  const out = [];
  if (info.scrollHeight > info.clientHeight + 1) {
    out.push(`#info scrolls inside: ${info.scrollHeight} > ${info.clientHeight}`);
  }
  const box = info.getBoundingClientRect();
  for (const e of info.querySelectorAll(selector)) {
    const r = e.getBoundingClientRect();
    if (r.top < box.top - 1 || r.bottom > box.bottom + 1) out.push(`${e.textContent.slice(0, 30)} outside #info`);
  }
  return out;
}"""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1024, 768)])
@pytest.mark.parametrize("game", ["hannibal", "viae"])
def test_the_panel_beside_the_board_is_never_cut_off_by_a_long_prompt(browser: Any, server: Any, game: str,
                                                                    width: int, height: int) -> None:
    """Play review: at 1280 the side panel cut off Hannibal's score pills and VIAE's table of seats
    when the prompt's buttons were many (the panel squeezed, scrolling inside). The panel keeps its
    height; the panels scroll together, and scrolled to it, the whole of it is in the window."""
    if game == "hannibal":  # Rome's first card play: seven cards, a row each
        created = new_game(server, "hannibal")
        seat, selector = "rome", ".hn-chip"
    else:
        created = server.call("/api/import", {"record": viae_busy_record()})
        seat, selector = "seat1", ".vi-players tr"
    with seat_page(browser, server, created, seat, width, height) as page:
        expect(page.locator(f"#info {selector}").first).to_be_visible()
        expect(page.locator("#buttons button.action").nth(6)).to_be_attached()
        if game == "viae":  # the Legio one may recruit on one row, each button its whole choice
            row = page.locator("#buttons .action-row", has_text="Recruit Legio")
            expect(row.locator("button[data-action='recruit 3']")).to_have_text("3")
            assert "3 Legio" in (row.locator("button[data-action='recruit 3']").get_attribute("aria-label") or "")
        page.wait_for_timeout(300)
        assert page.evaluate(CUT_OFF, selector) == []
        page.locator("#info").scroll_into_view_if_needed()
        for item in page.locator(f"#info {selector}").all():
            box = item.bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1, (item.inner_text(), box)


# Each card of the hand against the piles' and the generals' summaries: the pairs that overlap.
UNDER_PILES = """() => {
  const piles = [...document.querySelectorAll('#tray .hn-pile > summary, #tray .hn-generals > summary')]
    .map((p) => [p.textContent, p.getBoundingClientRect()]);
  const out = [];
  for (const card of document.querySelectorAll('#tray .hn-hand [data-card]')) {
    const r = card.getBoundingClientRect();
    for (const [name, p] of piles) {
      if (r.left < p.right && r.right > p.left && r.top < p.bottom && r.bottom > p.top) {
        out.push([card.dataset.card, name]);
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_no_card_of_hannibal_s_hand_lies_under_the_piles(browser: Any, server: Any, width: int, height: int) -> None:
    """Play review: the hand's 4th card sat under the discard pile (the piles beside the hand, the
    hand scrolling under them). The piles are on the hand's heading line; one opened is drawn under
    that line, its summary still there to close it."""
    created = new_game(server, "hannibal")
    with seat_page(browser, server, created, "rome", width, height) as page:
        expect(page.locator(".hn-hand [data-card]")).to_have_count(7)
        page.wait_for_timeout(300)
        assert page.evaluate(UNDER_PILES) == []
        first = page.locator(".hn-hand [data-card]").first.bounding_box()
        assert first["x"] >= page.locator("#tray").bounding_box()["x"] - 1, first
        summary = page.locator(".hn-discard > summary")
        press(summary, width)
        expect(page.locator(".hn-discard")).to_have_attribute("open", "")
        opened = page.locator(".hn-discard > :not(summary)").bounding_box()
        for other in page.locator("#tray .hn-pile > summary, #tray .hn-generals > summary").all():
            box = other.bounding_box()
            assert box["y"] + box["height"] <= opened["y"] + 1, (other.inner_text(), box, opened)
        press(summary, width)
        expect(page.locator(".hn-discard")).not_to_have_attribute("open", "")


# The index page's buttons and links outside their cards (a games table wider than its card).
OUTSIDE_CARDS = """() => {
  const out = [];
  for (const card of document.querySelectorAll('main .card')) {
    const c = card.getBoundingClientRect();
    for (const e of card.querySelectorAll('a.button, button, table')) {
      const r = e.getBoundingClientRect();
      if (r.width && (r.right > c.right + 1 || r.left < c.left - 1)) {
        out.push(`${card.id}: ${e.tagName} ${e.textContent.slice(0, 30)}`);
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_index_page_s_buttons_stay_in_their_cards(browser: Any, server: Any, width: int, height: int) -> None:
    """Play review: a games table with Hannibal's long option name (carthage_subjugation_penalty)
    ran wider than its card at 1024, the replay buttons outside it."""
    new_game(server, "hannibal")
    server.call("/api/games", {"game": "hannibal", "options": {}, "players": {}})
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    try:
        page.goto(server.url + "/")
        expect(page.locator("#games a.button", has_text="replay").first).to_be_visible()
        page.locator("#create").click()  # a seat held: its row has a third button (play …)
        expect(page.locator("#created")).to_be_visible()
        expect(page.locator("#games a.play-seat").first).to_be_attached()
        assert page.evaluate(OUTSIDE_CARDS) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        ctx.close()


# Hannibal's battle panel: its text that runs out sideways of a box that clips it (the panel, or a
# part of it that scrolls), and the seat's own battle cards where the panel does not show them
# whole without scrolling (or the window, ``window``: a laptop's, whose page does not scroll).
BATTLE_PANEL = """(window) => {
  const box = document.querySelector('#tray .hn-battle-box');
  const clips = (a) => getComputedStyle(a).overflowX !== 'visible' || getComputedStyle(a).overflowY !== 'visible';
  const cut = [];
  for (const e of [box, ...box.querySelectorAll('*')]) {
    if (clips(e) && e.scrollWidth > e.clientWidth + 1) cut.push(`${e.className} scrolls sideways`);
    const r = e.getBoundingClientRect();
    if (!r.width) continue;
    for (let a = e.parentElement; a && box.contains(a); a = a.parentElement) {
      const c = a.getBoundingClientRect();
      if (clips(a) && (r.left < c.left - 1 || r.right > c.right + 1)) {
        cut.push(`${e.tagName}: ${e.textContent.slice(0, 30)}`);
      }
    }
  }
  const mine = box.querySelector('.hn-my-battle-hand');
  const m = mine ? mine.getBoundingClientRect() : null;
  const hidden = !m ? ['no battle cards shown'] : [];
  for (let a = mine && mine.parentElement; a && box.contains(a); a = a.parentElement) {
    const c = a.getBoundingClientRect();
    if (clips(a) && (m.top < c.top - 1 || m.bottom > c.bottom + 1)) hidden.push(`under ${a.className}'s fold`);
  }
  if (m && window && (m.top < 0 || m.bottom > innerHeight)) hidden.push('out of the window');
  return { cut, hidden };
}"""

# Each of Hannibal's stacks (an army's box): its space, how far it lies from the space's marker (its
# box's nearest point, in pixels) and the other spaces' markers it comes nearer than STACK_CLEAR
# pixels to, with how near (0: over it). A marker as drawn: every shape of the space painted (its
# political control marker, its rings: a plain space's dark one, a port's blue one, the gold one
# of a space to choose), strokes included.
STACK_PLACES = """(clear) => {
  const drawn = (g) => {
    const boxes = [];
    for (const e of g.querySelectorAll('circle, rect, path')) {
      const style = getComputedStyle(e);
      const stroked = style.stroke !== 'none' && parseFloat(style.strokeWidth) > 0;
      const filled = style.fill !== 'none' && !/^rgba\\(.*, 0\\)$/.test(style.fill);
      if (!stroked && !filled) continue;
      const r = e.getBoundingClientRect();
      const half = stroked ? parseFloat(style.strokeWidth) * Math.abs(e.getScreenCTM().a) / 2 : 0;
      boxes.push([r.left - half, r.top - half, r.right + half, r.bottom + half]);
    }
    return [0, 1, 2, 3].map((i) => (i < 2 ? Math.min : Math.max)(...boxes.map((b) => b[i])));
  };
  const at = {};
  const markers = {};
  for (const g of document.querySelectorAll('.hn-space:not([hidden])')) {
    const r = g.querySelector('.hn-ring').getBoundingClientRect();
    at[g.dataset.space] = [r.x + r.width / 2, r.y + r.height / 2];
    markers[g.dataset.space] = drawn(g);
  }
  return [...document.querySelectorAll('.hn-stackset:not([hidden]) .hn-stack')].map((s) => {
    const space = s.parentNode.dataset.space;
    const [x, y] = at[space];
    const b = s.getBoundingClientRect();
    const [nx, ny] = [Math.max(b.left, Math.min(x, b.right)), Math.max(b.top, Math.min(y, b.bottom))];
    const near = Object.entries(markers).filter(([other]) => other !== space).map(([other, m]) => {
      const [dx, dy] = [Math.max(m[0] - b.right, b.left - m[2], 0), Math.max(m[1] - b.bottom, b.top - m[3], 0)];
      return [other, Math.round(Math.hypot(dx, dy) * 10) / 10];
    }).filter(([, gap]) => gap < clear);
    return [space, Math.hypot(nx - x, ny - y), near];
  });
}"""

# An army's box this far (pixels) from its space at most: it reads as the space's (play review: at
# 1024 Hannibal's box at Saguntum sat 102 px off, under New Carthage's name, and P. Scipio's at Rome
# by Verona, 129 px off).
STACK_REACH = 72
# And at least this far from every other space's marker as drawn: over none, touching none (play
# review: at 390 px an army's box hid behind a neighbour's marker; at 1024 Hannibal's, at Saguntum,
# touched Dianium's).
STACK_CLEAR = 2


def assert_stacks_near(page: Any, width: int, height: int) -> None:
    stacks = page.evaluate(STACK_PLACES, STACK_CLEAR)
    assert stacks, "no army on the map"
    print(f"hannibal {width}x{height}: armies at most {max(d for _, d, _ in stacks):.0f} px from their space")
    assert [(space, round(d)) for space, d, _ in stacks if d > STACK_REACH] == [], stacks
    assert [(space, near) for space, _, near in stacks if near] == [], stacks


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1024, 768), (1024, 700), (390, 844)])
def test_hannibal_s_armies_stand_beside_their_spaces(browser: Any, server: Any, width: int, height: int) -> None:
    """Play review: at 1024 the armies' boxes were set wherever the names left room, Hannibal's
    (at Saguntum) under New Carthage, its leader line through that name, P. Scipio's (at Rome) by
    Verona. Each box now lies near its space, over no other space's marker; a small board draws
    it brief ("Hannibal +2"); the names still near theirs."""
    created = new_game(server, "hannibal")  # Hannibal's 10 CUs at Saguntum, P. Scipio's 8 at Rome
    with seat_page(browser, server, created, "carthage", width, height) as page:
        page.wait_for_selector(".hn-board .hn-stack", state="attached")
        page.wait_for_timeout(300)
        assert_stacks_near(page, width, height)
        far = sorted(page.evaluate(NAME_DISTANCES), key=lambda d: -d[1])
        assert far[0][1] <= 60, far[:5]
        if width == 1024:  # the small board's brief boxes
            expect(page.locator("[data-space='Saguntum'] .hn-stack-carthage .hn-general")).to_have_text("Hannibal +2")


def test_hannibal_s_armies_hide_behind_no_marker_as_a_phone_pans(browser: Any, server: Any) -> None:
    """Play review: on a phone, zoomed in and panned, Hannibal's box (at Saguntum, near the frame's
    edge) lay under Dianium's marker, drawn over it. At every frame each box is clear of every
    other space's marker, past the frame's edge rather than over one, and near its space."""
    record, _ = battle_to_fight(rounds=1)
    created = server.call("/api/import", {"record": record})
    with seat_page(browser, server, created, "carthage", 390, 844) as page:
        page.wait_for_selector(".hn-board .hn-stack", state="attached")
        page.locator(".board-zoom button").first.click()  # +
        page.wait_for_timeout(300)
        assert_stacks_near(page, 390, 844)
        box = page.locator(".hn-board").bounding_box()
        start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        for dx, dy in [(150, 0), (150, 0), (0, 150), (-150, 0)]:  # west to Iberia, then south
            page.mouse.move(*start)
            page.mouse.down()
            page.mouse.move(start[0] + dx, start[1] + dy, steps=4)
            page.mouse.up()
            page.wait_for_timeout(150)
            assert_stacks_near(page, 390, 844)


# Hannibal's army boxes that run past the board's frame: [space, by how many pixels].
PAST_THE_FRAME = """() => {
  const f = document.querySelector('.hn-board').getBoundingClientRect();
  return [...document.querySelectorAll('.hn-stackset:not([hidden]) .hn-stack')].map((s) => {
    const b = s.getBoundingClientRect();
    const out = Math.max(0, f.left - b.left, b.right - f.right, f.top - b.top, b.bottom - f.bottom);
    return [s.parentNode.dataset.space, out];
  }).filter(([, out]) => out > 0.5);
}"""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1024, 768)])
def test_an_army_in_the_map_s_top_row_stays_inside_the_frame_brief_where_whole_it_finds_no_room(
        browser: Any, server: Any, width: int, height: int) -> None:
    """A scan of the heuristic's self-play (tests/web/layout_scan.py) found the boxes of armies in
    the map's top row past the frame's top edge at the whole-map view: at 1280 the box of
    Flaminius and Fabius at the Insubrians by 19 px, its count cut off. The map keeps more room
    above its top row (HEADROOM), and a box that whole would run past the frame is drawn brief
    (the count, the first General and how many more), as a small board draws every box."""
    created = server.call("/api/import", {"record": self_play_position(7, 480)})
    with seat_page(browser, server, created, "rome", width, height) as page:
        box = page.locator("[data-space='Insubrians'] .hn-stack-rome")
        expect(box.locator(".hn-count")).to_have_text("9 CU")
        expect(box.locator(".hn-general")).to_have_text(["Flaminius +1"])
        page.wait_for_timeout(200)
        assert page.evaluate(PAST_THE_FRAME) == []
        assert_stacks_near(page, width, height)


def test_hannibal_s_armies_stay_inside_a_phone_s_frame(browser: Any, server: Any) -> None:
    """Play review: at 390×844, the battle at New Carthage framed, Rome's box ("9 CU" over
    "T. Longus (C) +1") ran 29 px past the frame's right edge, its spaces' markers leaving it no
    room inside. A brief box names the first of several Generals without his title ("T. Longus
    +1"): it finds room inside, clear of the markers."""
    record, _ = battle_to_fight()
    created = server.call("/api/import", {"record": record})
    with seat_page(browser, server, created, "rome", 390, 844) as page:
        page.wait_for_selector(".hn-board .hn-stack", state="attached")
        page.wait_for_timeout(300)
        assert page.evaluate(PAST_THE_FRAME) == []
        expect(page.locator("[data-space='Rome'] .hn-stack-rome .hn-general")).to_have_text("T. Longus +1")
        assert_stacks_near(page, 390, 844)


def test_a_phone_keeps_the_moving_army_s_box_inside_its_frame(browser: Any, server: Any) -> None:
    """Play review: at 390×844, asked how many CUs go with Flaminius (H45), his box at the
    Insubrians ran past the frame's right edge, the count and his name cut: the frame showed the
    part of the map it had before, nothing to choose on the map. The page frames the moving army
    (the view's `moving`) with room for its box."""
    created = server.call("/api/import", {"record": self_play_position(7, 480)})
    with seat_page(browser, server, created, "rome", 390, 844) as page:
        expect(page.get_by_role("button", name="take 9")).to_be_visible()
        box = page.locator("[data-space='Insubrians'] .hn-stack-rome")
        expect(box.locator(".hn-general")).to_have_text(["Flaminius +1"])
        page.wait_for_timeout(300)
        assert "Insubrians" not in [space for space, _ in page.evaluate(PAST_THE_FRAME)]
        assert_stacks_near(page, 390, 844)


def self_play_position(seed: int, decisions: int) -> dict[str, Any]:
    """The record of the heuristic's self-play game ``seed`` at its ``decisions``-th decision."""
    game = legatus.load("hannibal")
    rng = random.Random(seed)
    agents = [HeuristicAgent(game, seed), HeuristicAgent(game, seed + 1)]
    state = game.new_initial_state()
    while decisions:
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        decisions -= 1
        state.apply_action(agents[state.current_player()].choose(state))
    return to_record(state)


@pytest.mark.parametrize(("width", "height", "generals", "bound"), [
    (1920, 1080, ["Scipio Africanus", "T. Longus (C)", "Marcellus (C)"], "→ New Carthage by sea"),
    (1280, 800, ["Scipio Africanus +2"], "→ New Carthage"),  # whole, no clear place by Brundisium: brief
    (1024, 768, ["Scipio Africanus +2"], "→ New Carthage")])
def test_h34_an_army_bound_names_its_general_first_and_a_small_board_only_where(
        browser: Any, server: Any, width: int, height: int, generals: list[str], bound: str) -> None:
    """Play review (a scan of the heuristic's self-play): at 1024 the box at Brundisium, its army
    bound for New Carthage by sea while Carthage is asked about #41 Bad Weather (H34), read
    "T. Longus +2" over "→ New Carthage by sea", while the panel said Scipio Africanus was bound,
    and ran 40 px past the map's right edge. The General bound comes first, and a small board's
    brief box names the space alone (the panel says how, the arrow shows where)."""
    created = server.call("/api/import", {"record": self_play_position(2, 519)})
    with seat_page(browser, server, created, "rome", width, height) as page:
        announced = "Scipio Africanus is bound for New Carthage by sea from Brundisium"
        expect(page.locator(".hn-announced")).to_contain_text(announced)
        box = page.locator("[data-space='Brundisium'] .hn-stack-rome")
        expect(box.locator(".hn-general:not(.hn-bound-for)")).to_have_text(generals)
        expect(box.locator(".hn-bound-for")).to_have_text(bound)


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1024, 768), (1024, 700), (390, 844)])
def test_hannibal_s_battle_panel_shows_its_text_whole_and_the_seat_s_battle_cards(browser: Any, server: Any,
                                                                                  width: int, height: int) -> None:
    """Play review: at 1024 the battle panel cut its Carthage column ("Carthag…", "10 CUs (2 /
    eleph.) · 0"); at 1280 the seat's battle cards, which it plays from when asked to attack or
    match, lay below the panel's fold; the tray's heading took three lines. The sides now run across
    the panel, the seat's cards under them, nothing cut off sideways; the heading is one line at
    1280; the armies near their spaces."""
    record, seat = battle_to_fight(rounds=1)  # Carthage to match, holding all six kinds (H78)
    created = server.call("/api/import", {"record": record})
    with seat_page(browser, server, created, seat, width, height) as page:
        expect(page.locator("#buttons button[data-action*=' matches ']").first).to_be_visible()
        expect(page.locator("#tray .hn-battle-box .hn-my-battle-hand")).to_contain_text("reserve")
        page.wait_for_timeout(300)
        found = page.evaluate(BATTLE_PANEL, width > 820)
        assert found == {"cut": [], "hidden": []}, found
        if width == 1280:
            tops = [round(b["y"]) for b in (e.bounding_box() for e in page.locator(".hn-tray-head > *").all())]
            assert max(tops) - min(tops) <= 4, tops  # one line
        assert_stacks_near(page, width, height)


def test_viae_s_tracks_are_readable_at_1024(browser: Any, server: Any) -> None:
    """Play review: at 1024×768 the round, turn order and influence tracks under VIAE's map were
    written 5–8 px high. Each of their words is now at least 9 px."""
    created = new_game(server, "viae")
    with seat_page(browser, server, created, created["seats"][0]["seat"], 1024, 768) as page:
        page.wait_for_selector(".vi-tracks text", state="attached")
        page.wait_for_timeout(300)
        sizes = page.evaluate("""() => [...document.querySelectorAll('.vi-tracks text')].map((t) =>
            [t.textContent, parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a])""")
        print(f"viae 1024x768: the tracks' words from {min(px for _, px in sizes):.1f} px")
        assert len(sizes) >= 30 and min(px for _, px in sizes) >= 9, sorted(sizes, key=lambda s: s[1])[:3]


# The road values (discs) drawn under the map's zoom buttons (as much of each as the frame shows).
VALUES_UNDER_BUTTONS = """() => {
  const zoom = document.querySelector('.board-zoom').getBoundingClientRect();
  const frame = document.querySelector('.vi-board').getBoundingClientRect();
  const meet = (r, b) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
  const shown = (r) => ({left: Math.max(r.left, frame.left), top: Math.max(r.top, frame.top),
    right: Math.min(r.right, frame.right), bottom: Math.min(r.bottom, frame.bottom)});
  return [...document.querySelectorAll('.vi-road-badge')].filter((c) => getComputedStyle(c).visibility !== 'hidden')
    .filter((c) => { const r = c.getBoundingClientRect(); return meet(r, frame) && meet(shown(r), zoom); })
    .map((c) => c.closest('.vi-road').dataset.road);
}"""


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (390, 844)])
def test_viae_s_road_values_never_lie_under_the_zoom_buttons(browser: Any, server: Any,
                                                             width: int, height: int) -> None:
    """Play review: zoomed in, a road's value lay under the − button. The buttons now stand beside
    the map (a column at its right, or a row above it), never over a value."""
    created = new_game(server, "viae")
    with seat_page(browser, server, created, created["seats"][0]["seat"], width, height) as page:
        page.wait_for_selector(".vi-board .vi-road-badge", state="attached")
        page.wait_for_timeout(300)
        assert page.evaluate(VALUES_UNDER_BUTTONS) == []
        for step, button in enumerate(["zoom in"] * 5 + ["zoom out"] * 3):
            control = page.get_by_role("button", name=button, exact=True)
            press(control, width)
            page.wait_for_timeout(150)
            assert page.evaluate(VALUES_UNDER_BUTTONS) == [], (step, button)
            assert page.evaluate(UNDER_BUTTONS, VIAE_NAMES) == [], (step, button)


# What no control of the map (its zoom buttons, Hannibal's key) may cover, by game: the board, and
# its marks, each a space's clickable disc or an army's box (those highlighted to choose marked *).
MARKS = {"viae": (".vi-board", ".vi-city[data-space] .vi-hit"),
         "hannibal": (".hn-board", ".hn-space:not([hidden]) .hn-hit, .hn-stackset:not([hidden]) .hn-stack")}
CONTROLS = ".board-zoom button, .hn-key > summary"

# The marks (as much of each as the board's frame shows) that a control covers, the marks in the
# frame counted, and whether the controls are there (three zoom buttons at least), all in the window.
UNDER_CONTROLS = """([board, marks, controls]) => {
  const meet = (r, b) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
  const buttons = [...document.querySelectorAll(controls)].map((b) => b.getBoundingClientRect());
  const frame = document.querySelector(board).getBoundingClientRect();
  const shown = (r) => ({left: Math.max(r.left, frame.left), top: Math.max(r.top, frame.top),
    right: Math.min(r.right, frame.right), bottom: Math.min(r.bottom, frame.bottom)});
  const [w, h] = [document.documentElement.clientWidth, window.innerHeight];
  const found = [...document.querySelectorAll(marks)].map((e) => [e, e.getBoundingClientRect()])
    .filter(([, r]) => meet(r, frame));
  return {
    under: found.filter(([, r]) => buttons.some((b) => meet(shown(r), b))).map(([e]) =>
      `${e.closest('[data-space]').dataset.space} ${e.getAttribute('class')}${e.closest('.active') ? '*' : ''}`),
    shown: found.length,
    buttons: buttons.length >= 3 && buttons.every((b) => b.width && b.left >= 0 && b.right <= w && b.top >= 0),
  };
}"""


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("game", sorted(MARKS))
def test_no_space_nor_army_lies_under_the_map_s_controls_at_any_zoom_and_pan(browser: Any, server: Any, game: str,
                                                                           width: int, height: int) -> None:
    """Play review: zoomed in, a VIAE city's disc lay under the map's zoom buttons, where it could be
    neither clicked nor read; Hannibal's buttons and its key's button floated over the map's
    corners too. At every zoom level the buttons give, the map panned to each of its corners, no
    space's disc (highlighted ones included: VIAE's start cities) nor Hannibal's army box meets a
    control: they stand beside the map. Hannibal's key still opens and closes."""
    created = new_game(server, game)
    mover = to_move(server, created)
    board, marks = MARKS[game]
    with seat_page(browser, server, created, mover, width, height) as page:
        page.wait_for_selector(f"{board} :is({marks.split(', ')[-1]})", state="attached")
        page.wait_for_timeout(300)
        view_box = lambda: page.locator(board).get_attribute("viewBox")  # noqa: E731

        def button(name: str) -> None:
            press(page.get_by_role("button", name=name, exact=True), width)
            page.wait_for_timeout(100)

        def pan(dx: int, dy: int) -> None:  # drags the map until it goes no further (its edge in the frame)
            box = page.locator(board).bounding_box()
            x, y = box["x"] + box["width"] * (1 - dx * 0.8) / 2, box["y"] + box["height"] * (1 - dy * 0.8) / 2
            for _ in range(10):
                before = view_box()
                page.mouse.move(x, y)
                page.mouse.down()
                page.mouse.move(x + dx * box["width"] * 0.8, y + dy * box["height"] * 0.8, steps=3)
                page.mouse.up()
                page.wait_for_timeout(60)
                if view_box() == before:
                    break

        seen = []  # the number of marks in each frame

        def check(where: str) -> None:
            found = page.evaluate(UNDER_CONTROLS, [board, marks, CONTROLS])
            assert found["buttons"], (where, found)
            assert found["under"] == [], (where, view_box(), found["under"])
            seen.append(found["shown"])

        check("at rest")
        for level in range(1, 6):  # 1.5× a press, up to the camera's most (6×)
            button("the whole map")
            for _ in range(level):
                button("zoom in")
            check(f"zoom {level}, middle")
            for name, (dx, dy) in {"north-west": (1, 1), "north-east": (-1, 1), "south-east": (-1, -1),
                                   "south-west": (1, -1)}.items():
                pan(dx, dy)
                check(f"zoom {level}, {name}")
        assert min(seen[:2]) >= 10 and sum(seen) >= 100, seen  # the map and its spaces were in the frames
        if game == "hannibal":  # the key, a popup over the map, opens and closes
            key = page.locator(".hn-key > summary")
            press(key, width)
            expect(page.locator(".hn-key ul")).to_be_visible()
            press(key, width)
            expect(page.locator(".hn-key ul")).to_be_hidden()
