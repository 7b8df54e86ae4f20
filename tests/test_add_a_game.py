"""docs/api.md, "How to add a game" (issue 34, point 5): the test game Tally (tests/games/tally)
is laid out as the guide says, registers through the documented path, and every shell serves
it with no word of its own: the web server (create, play to the end), the terminal (play to the
end against an agent), the Gymnasium environment (the seat the game names)."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from gymnasium.utils.env_checker import check_env
from starlette.testclient import TestClient
from typer.testing import CliRunner

import legatus
from legatus.adapters.gymnasium import GameEnv
from legatus.cli import app
from legatus.core.game import Information
from legatus.core.registry import register, unregister
from legatus.web.app import create_app

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "api.md").read_text()
TALLY = ROOT / "tests" / "games" / "tally"
TARGET = "tests.games.tally.game:TallyGame"  # the registry line: name and "package.module:Class"


@pytest.fixture
def tally() -> Iterator[None]:
    register("tally", TARGET)
    try:
        yield
    finally:
        unregister("tally")


def guide_rooms() -> list[str]:
    """The modules the guide's table of rooms names (the first column, ``name.py`` or ``name/``)."""
    section = GUIDE[GUIDE.index("## How to add a game"):]
    section = section[:section.index("\n## ", 1)] if "\n## " in section[1:] else section
    return re.findall(r"^\| `([a-z_]+(?:\.py|/))`", section, re.MULTILINE)


def test_the_test_game_has_the_rooms_the_guide_names_that_it_needs() -> None:
    rooms = guide_rooms()
    assert {"game.py", "state.py", "ids.py", "procedures.py", "rules/", "notation.py", "view.py", "text.py",
            "observation.py", "drawing.py", "bots.py", "resample.py", "invariants.py", "explain.py"} <= set(rooms)
    needed = ["game.py", "state.py", "ids.py", "procedures.py", "rules/", "notation.py", "view.py", "text.py",
              "observation.py"]  # a game with no secrets, no board to draw, no bots of its own
    for room in needed:
        assert (TALLY / room).exists(), f"tests/games/tally has no {room}, which the guide names"
    assert "tally" not in legatus.game_names()  # until it is registered


@pytest.mark.parametrize("name", legatus.game_names())
def test_every_game_of_legatus_has_the_same_rooms(name: str) -> None:
    """Issue 34, point 5: the same module names for the same roles in every game (a game with
    secrets has its resample room; Hispania alone has rules whose refusals need explain.py)."""
    folder = ROOT / "legatus" / "games" / name
    needed = ["game.py", "state.py", "ids.py", "procedures.py", "rules/", "notation.py", "view.py", "text.py",
              "observation.py", "drawing.py", "bots.py", "invariants.py"]
    if legatus.load(name).information is not Information.PERFECT:
        needed.append("resample.py")
    assert set(needed) <= set(guide_rooms())
    for room in needed:
        assert (folder / room).exists(), f"legatus/games/{name} has no {room}, which the guide names"


def test_the_web_server_creates_and_plays_the_new_game_to_the_end(tally: None, tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "games.db", agent_seconds=0.05)) as client:
        catalogue = {g["name"]: g for g in client.get("/api/catalogue").json()["games"]}
        assert catalogue["tally"]["title"] == "Tally" and not catalogue["tally"]["board"]  # played from buttons
        created = client.post("/api/games", json={"game": "tally", "options": {"target": 8},
                                                  "players": {"second": "random"}})
        assert created.status_code == 201, created.text
        gid, token = created.json()["id"], created.json()["seats"][0]["token"]
        rng = random.Random(4)
        deadline = time.monotonic() + 120  # the agent thinks in a worker process: its wall time varies
        while time.monotonic() < deadline:
            seen = client.get(f"/api/games/{gid}?token={token}").json()
            if seen["over"]:
                break
            if seen["view"]["legal_actions"]:
                answer = client.post(f"/api/games/{gid}/actions",
                                     json={"token": token, "action": rng.choice(seen["view"]["legal_actions"])})
                assert answer.status_code == 200, answer.text
            else:
                time.sleep(0.02)  # the agent's turn
        assert seen["over"] and sorted(seen["view"]["returns"]) == [-1.0, 1.0]


def test_the_terminal_plays_the_new_game_to_the_end(tally: None) -> None:
    result = CliRunner().invoke(app, ["play", "tally", "--seed", "3", "--seats", "second=random"],
                                input="add 2\n" * 40 + "quit\n")
    assert result.exit_code == 0, result.output
    assert "The game is over" in result.stdout and "Tally to 10" in result.stdout


def test_the_gymnasium_environment_plays_the_seat_the_new_game_names(tally: None) -> None:
    env = GameEnv("tally")
    assert env.seat == 0 and env.game.title == "Tally"
    check_env(env)
