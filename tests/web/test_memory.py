"""Issue 30, point 2: the server's memory stays flat. Requests that anyone may send without a
token (the catalogue, previews, new games) must not each keep memory for good: a server that
grows with them can be worn down by anyone (tests/test_caches.py finds the caches behind it)."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from legatus import game_names
from legatus.web.app import create_app

STATM = Path("/proc/self/statm")
CATALOGUES, PREVIEWS, GAMES = 2000, 500, 300  # the counts: previews of each game, games made and evicted
GROWTH = 0.10  # of the resident memory after warm-up


def resident_mb() -> float:
    """This process's resident memory, from Linux's /proc."""
    return int(STATM.read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.skipif(not STATM.exists(), reason="resident memory is read from Linux's /proc/self/statm")
def test_catalogues_previews_and_evicted_games_keep_no_memory(tmp_path):
    names = game_names()
    with TestClient(create_app(tmp_path / "games.db", max_live=4, max_new_games=10 * GAMES)) as client:

        def create(name: str) -> None:
            response = client.post("/api/games", json={"game": name})
            assert response.status_code == 201, response.text

        def preview(name: str) -> None:
            response = client.post("/api/preview", json={"game": name})
            assert response.status_code == 200, response.text

        for name in names:  # warm-up: every module imported, every data file loaded once
            client.get("/api/catalogue")
            preview(name)
            create(name)
        gc.collect()
        before = resident_mb()
        for _ in range(CATALOGUES):
            assert client.get("/api/catalogue").status_code == 200
        for name in names:
            for _ in range(PREVIEWS):
                preview(name)
        for i in range(GAMES):  # only 4 stay live: the others are evicted as they come
            create(names[i % len(names)])
        gc.collect()
        after = resident_mb()
    assert after < before * (1 + GROWTH), (
        f"resident memory grew from {before:.0f} MB to {after:.0f} MB over {CATALOGUES} catalogues, "
        f"{PREVIEWS} previews of each game and {GAMES} games made and evicted")
