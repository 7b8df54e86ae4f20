"""A screenshot of a game in progress, from the real page: starts the server, makes a Hispania
game, plays a seeded sequence of legal actions through the API, opens the seat's page at
1280×800 in Chromium (tests/web/helpers.find_chromium), opens the actions of the highlighted
space nearest the middle, and saves docs/screenshot.png. The server rolls the dice from the
game's (random) id, so the position differs from run to run; a game that ends before the last
action is made again.

    python tests/web/screenshot.py [--out docs/screenshot.png] [--seed 3] [--actions 40]
    python tests/web/screenshot.py --width 1024 --height 700 --out docs/screenshot-1024.png   # a laptop
    python tests/web/screenshot.py --game hannibal --out docs/hannibal/screenshot.png   # a battle under way
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.web.helpers import Server, launch_chromium  # noqa: E402


def play_some(server: Server, game_id: str, token: str, seed: int, count: int) -> dict:
    """``count`` actions chosen by the seeded heuristic agent (on the game rebuilt from its
    record, the server's dice included), sent through the API as a person would."""
    import legatus
    from legatus.core.agents import make_agent

    view = server.view(game_id, token)
    agent = None
    for _ in range(count):
        if not view["view"]["legal_actions"] or view["view"]["to_move"] != view["seat"]:
            break
        state = legatus.replay(server.call(f"/api/games/{game_id}/record?token={token}"))
        agent = agent or make_agent(state.game, "heuristic", seed)
        action = agent.choose(state)
        view = server.call(f"/api/games/{game_id}/actions",
                           {"token": token, "action": str(action), "expect": view["log_length"]})
    return view


def hannibal_battle(server: Server, seed: int) -> tuple[dict, dict]:
    """A Hannibal game (tests/web/hannibal_game.py) played through the API to the first battle
    card to play: (the seat to play it, its view)."""
    import random

    from tests.web.hannibal_game import ATTACK, battle_record, choose

    created = server.call("/api/import", {"record": battle_record()})
    tokens = {s["seat"]: s for s in created["seats"]}
    server.call(f"/api/games/{created['id']}/actions", {"token": tokens["rome"]["token"], "action": ATTACK})
    rng = random.Random(seed)
    while True:
        mover = server.view(created["id"], tokens["rome"]["token"])["view"]["to_move"]
        seat = tokens[mover]
        view = server.view(created["id"], seat["token"])
        legal = view["view"]["legal_actions"]
        if view["view"]["battle"] and any(" attacks " in a for a in legal):
            return seat, view
        server.call(f"/api/games/{created['id']}/actions", {"token": seat["token"], "action": choose(legal, rng)})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    parser.add_argument("--game", choices=("hispania", "hannibal"), default="hispania")
    args = parser.parse_args()

    from playwright.sync_api import expect, sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "shot.db")
        try:
            for _ in range(10 if args.game == "hispania" else 0):
                created = server.call("/api/games", {"game": "hispania", "options": {"level": "6-4-3-4-2"},
                                                     "players": {}})
                seat = created["seats"][0]
                view = play_some(server, created["id"], seat["token"], args.seed, args.actions)
                if view["view"]["legal_actions"]:
                    break
            if args.game == "hannibal":
                seat, view = hannibal_battle(server, args.seed)
            with sync_playwright() as p:
                browser = launch_chromium(p)
                page = browser.new_page(viewport={"width": args.width, "height": args.height})
                page.on("pageerror", lambda exc: print(f"page error: {exc}", file=sys.stderr))
                page.on("console", lambda msg: msg.type == "error" and print(f"console: {msg.text}", file=sys.stderr))
                page.on("response", lambda r: r.status >= 400 and print(f"{r.status} {r.url}", file=sys.stderr))
                page.goto(server.url + seat["link"])
                page.wait_for_selector(".hx-board, .hn-board", timeout=5000)
                expect(page.locator("#play")).to_have_attribute("data-log-length", str(view["log_length"]))
                active = page.locator(".hx-space.active .hx-hit, .hn-space.active")
                if active.count():  # the one nearest the middle of the map: its list hides neither legend nor coast
                    board = page.locator(".hx-board, .hn-board").bounding_box()
                    middle = (board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)

                    def distance(i: int) -> float:
                        box = active.nth(i).bounding_box()
                        return float((box["x"] - middle[0]) ** 2 + (box["y"] - middle[1]) ** 2)

                    active.nth(min(range(active.count()), key=distance)).click()
                    page.wait_for_selector("#popover:not([hidden])")
                page.wait_for_timeout(300)
                args.out.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(args.out))
                browser.close()
        finally:
            server.stop()
    print(f"wrote {args.out}: {view['view']['prompt']}")


if __name__ == "__main__":
    main()
