"""A screenshot of a game in progress, from the real page: starts the server, makes a game
(Hispania, VIAE with agents in three seats, or Hannibal at its first battle), plays a seeded
sequence of legal actions through the API, opens the seat's page at 1280×800 in Chromium
(tests/web/helpers.find_chromium), opens the actions of the highlighted space nearest the
middle, and saves the picture. The server rolls the dice from the game's (random) id, so the
position differs from run to run; a game that ends before the last action is made again.

    python tests/web/screenshot.py [--out docs/screenshot.png] [--seed 3] [--actions 40]
    python tests/web/screenshot.py --width 1024 --height 700 --out docs/screenshot-1024.png   # a laptop
    python tests/web/screenshot.py --game hannibal --out docs/hannibal/screenshot.png   # a battle under way
    python tests/web/screenshot.py --game viae --out docs/viae/screenshot.png --actions 30
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.web.helpers import Server, launch_chromium  # noqa: E402

GAMES = {
    "hispania": ({"game": "hispania", "options": {"level": "6-4-3-4-2"}, "players": {}},
                 ".hx-board", ".hx-space.active .hx-hit"),
    "hannibal": (None, ".hn-board", ".hn-space.active"),  # made by hannibal_battle
    "viae": ({"game": "viae", "options": {"players": 4},
              "players": {"seat2": "heuristic", "seat3": "heuristic", "seat4": "heuristic"}},
             ".vi-board", None),  # a list beside a city would hide crowded Italy
}


def play_some(server: Server, game_id: str, token: str, seed: int, count: int) -> dict:
    """``count`` actions of the seat, sent through the API as a person would: chosen by the
    seeded heuristic agent on the game rebuilt from its record (the server's dice included) in
    a game without secrets; else at random among the legal ones, busy ones first (the seat's
    record hides the others' cards), waiting while the agents play."""
    import legatus
    from legatus.core.agents import make_agent

    view = server.view(game_id, token)
    agent = None
    rng = random.Random(seed)
    deadline = time.monotonic() + 60

    def turn(view: dict) -> dict:
        while not view["view"]["legal_actions"] and view["view"].get("returns") is None \
                and view["view"].get("result") is None and time.monotonic() < deadline:
            time.sleep(0.1)
            view = server.view(game_id, token)
        return view

    for _ in range(count):
        view = turn(view)
        if not view["view"]["legal_actions"]:
            break
        record = server.call(f"/api/games/{game_id}/record?token={token}")
        if "seat" in record:  # a seat's record of a game with secrets
            legal = view["view"]["legal_actions"]
            game = legatus.load(record["game"], **record["options"])
            busy = [a for a in legal if a.split(" ", 1)[0] in game.BUSY]
            action = rng.choice(busy or legal)
        else:
            state = legatus.replay(record)
            agent = agent or make_agent(state.game, "heuristic", seed)
            action = str(agent.choose(state))
        view = server.call(f"/api/games/{game_id}/actions",
                           {"token": token, "action": action, "expect": view["log_length"]})
    return turn(view)


def hannibal_battle(server: Server, seed: int, rounds: int = 2) -> tuple[dict, dict]:
    """A Hannibal game (tests/web/hannibal_game.py) played through the API to a battle card to
    play after ``rounds`` rounds (the battle panel telling them): (the seat to play it, its view).
    A battle over sooner is fought again from a new import, the seed one more."""
    from tests.web.hannibal_game import ATTACK, battle_record, choose

    for tried in range(20):
        created = server.call("/api/import", {"record": battle_record()})
        tokens = {s["seat"]: s for s in created["seats"]}
        server.call(f"/api/games/{created['id']}/actions", {"token": tokens["rome"]["token"], "action": ATTACK})
        rng = random.Random(seed + tried)
        fought = False
        while True:
            mover = server.view(created["id"], tokens["rome"]["token"])["view"]["to_move"]
            if mover not in tokens:  # the game over, or the dice still rolling: fought again
                break
            seat = tokens[mover]
            view = server.view(created["id"], seat["token"])
            legal, battle = view["view"]["legal_actions"], view["view"]["battle"]
            if battle and battle["rounds"] >= rounds and any(" attacks " in a or " matches " in a for a in legal):
                return seat, view
            if fought and not battle:
                break
            fought = fought or bool(battle)
            server.call(f"/api/games/{created['id']}/actions", {"token": seat["token"], "action": choose(legal, rng)})
    raise SystemExit(f"no battle lasted {rounds} rounds in 20 tries")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="hispania")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    args = parser.parse_args()

    from playwright.sync_api import expect, sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "shot.db")
        try:
            new, board, active_space = GAMES[args.game]
            for _ in range(10 if new else 0):
                created = server.call("/api/games", new)
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
                page.wait_for_selector(board, timeout=5000)
                expect(page.locator("#play")).to_have_attribute("data-log-length", str(view["log_length"]))
                active = page.locator(active_space or "no-such-element")
                if active.count():  # the one nearest the middle of the map: its list hides neither legend nor coast
                    box = page.locator(board).bounding_box()
                    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

                    def distance(i: int) -> float:
                        space = active.nth(i).bounding_box()
                        return float((space["x"] - middle[0]) ** 2 + (space["y"] - middle[1]) ** 2)

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
