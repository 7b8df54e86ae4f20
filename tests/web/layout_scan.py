"""Hannibal's army boxes over many positions, as the page first frames them (the whole map; a
phone's, part of it): each box that runs past the frame by more than a pixel, lies further than
STACK_REACH from its space, or comes within STACK_CLEAR of another space's marker (the measures of
tests/web/test_layout.py), counted over the positions of the heuristic's self-play (one every
``--every`` decisions of games ``--seeds``) at each size, with a screenshot of each position
found wanting. A measure for changing the placing (hannibal.js, labels.js), not a test.

    python tests/web/layout_scan.py --seeds 6:12 [--every 40] [--shots /tmp/scan]

At f0b62bb (2026-12-07), seeds 6-11 every 40 decisions, 108 positions at 1280x800 and at
1024x768: 38 of the 216 had a box past the frame (at most 33 px: armies at the map's edges, in
Gallia Cisalpina above all), 12 one touching a marker (within 2 px), none too far. Tried and
not kept (a scan of the same kind): a wider margin round the map (MARGIN 120, seeds 0-5: 9 of
246 past, but at 1280 a name 65 px off its space, past the test's 60; at 90 or 100, 128 px),
and a last place within 110 px inside the frame (seeds 6-11: 5 of 216 past, but 38 boxes
76-102 px off, read as other spaces'). Kept since (hannibal.js: HEADROOM, 30 map units above the
top row, the map 2% smaller at 1280; a box that whole would run past the frame or by a marker
drawn brief): seeds 6-11, 0 of 216 past, 0 touching; seeds 12-17, not looked at while choosing
(before: 37 of 224 past, 13 touching), 3 past (at most 19 px: a small board's brief box at
Brundisium, which has no briefer form) and 4 touching. On a phone (``--sizes 390x844``, where
the frame shows part of the map and boxes at its edges are cut as a pan would bring them in),
seeds 6-8: the moving army's box past the frame in 6 of 53 positions, 0 once the page keeps the
moving army (the view's ``moving``) 90 px inside its frame (hannibal.js: MOVING_ROOM); boxes of
any army past the frame 19, then 12.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import legatus  # noqa: E402
from legatus.core.record import to_record  # noqa: E402
from legatus.core.session import sample_outcome  # noqa: E402
from legatus.games.hannibal.bots import HeuristicAgent  # noqa: E402
from tests.web.helpers import Server, launch_chromium  # noqa: E402
from tests.web.test_layout import PAST_THE_FRAME, STACK_CLEAR, STACK_PLACES, STACK_REACH  # noqa: E402

SIZES = [(1280, 800), (1024, 768)]


def positions(seeds: range, every: int) -> list[tuple[int, int, dict[str, Any], str | None]]:
    """(seed, decisions made, record, the moving army's space or None) of the heuristic's
    self-play, one every ``every`` decisions."""
    game = legatus.load("hannibal")
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        agents = [HeuristicAgent(game, seed), HeuristicAgent(game, seed + 1)]
        state = game.new_initial_state()
        made = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
                continue
            if made and made % every == 0:
                moving = state.view(None)["moving"]
                out.append((seed, made, to_record(state), moving and moving["at"]))
            state.apply_action(agents[state.current_player()].choose(state))
            made += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0:6", help="games of the heuristic's self-play, FIRST:END")
    parser.add_argument("--every", type=int, default=40, help="a position every so many decisions")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES),
                        help="viewports, WIDTHxHEIGHT,... (a phone's, 390x844, frames part of the map)")
    parser.add_argument("--shots", type=Path, default=None, help="a folder for the screenshots of those wanting")
    args = parser.parse_args()
    first, end = (int(x) for x in args.seeds.split(":"))
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    found = positions(range(first, end), args.every)
    from playwright.sync_api import sync_playwright

    counts = {"past": 0, "far": 0, "near": 0, "moving": 0}
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "scan.db", "--max-new-games", str(len(found) + 10))
        try:
            with sync_playwright() as p:
                browser = launch_chromium(p)
                for seed, made, record, moving in found:
                    created = server.call("/api/import", {"record": record})
                    for width, height in sizes:
                        ctx = browser.new_context(viewport={"width": width, "height": height})
                        page = ctx.new_page()
                        page.goto(server.url + created["seats"][0]["link"])
                        page.wait_for_selector(".hn-board .hn-stack", state="attached")
                        page.wait_for_timeout(200)
                        past = [(s, round(out)) for s, out in page.evaluate(PAST_THE_FRAME) if out > 1]
                        places = page.evaluate(STACK_PLACES, STACK_CLEAR)
                        wanting = {
                            "past": past,
                            "far": [(s, round(d)) for s, d, _ in places if d > STACK_REACH],
                            "near": [(s, near) for s, _, near in places if near],
                            "moving": [(s, out) for s, out in past if s == moving]}
                        if any(wanting.values()):
                            print(f"seed {seed}, decision {made}, {width}x{height}:",
                                  {k: v for k, v in wanting.items() if v}, flush=True)
                            if args.shots:
                                args.shots.mkdir(parents=True, exist_ok=True)
                                page.screenshot(path=str(args.shots / f"{seed}-{made}-{width}.png"))
                        for k, v in wanting.items():
                            counts[k] += bool(v)
                        ctx.close()
                browser.close()
        finally:
            server.stop()
    print(f"{len(found) * len(sizes)} positions and sizes: a box past the frame in {counts['past']} "
          f"(the moving army's in {counts['moving']}), too far in {counts['far']}, "
          f"touching a marker in {counts['near']}")


if __name__ == "__main__":
    main()
