"""One game's agents cannot starve another's (issue 30, point 4): the agents' workers are handed
out fairly (a game with a person waiting first, then the games in the order they asked; games
between agents never hold the last thread), and a game between agents beyond the server's bound
is refused with a 503, nothing stored. The latencies are measured by benchmarks/web_fairness.py."""

from __future__ import annotations

import asyncio
import threading

import pytest
from starlette.testclient import TestClient

from legatus.web.app import create_app
from legatus.web.thinkers import Thinkers
from tests.web.pools import Held, threads

ALL_AGENTS = {"game": "hispania", "options": {"level": "7-5-4-5-1"}, "players": {"rome": "mcts:1.5s"}}


def test_workers_go_to_a_person_s_game_first_then_in_the_order_asked_and_never_all_to_agents() -> None:
    async def scenario() -> None:
        thinkers = Thinkers(2, threads)
        work = Held()
        started, release = work.started, work.release

        async def ask(name: str, person: bool) -> str:
            return (await thinkers.run(work, name, person=person))[0]

        first = asyncio.create_task(ask("agents 1", False))
        await asyncio.sleep(0.05)
        queued = [asyncio.create_task(ask(name, False)) for name in ("agents 2", "agents 3")]
        await asyncio.sleep(0.05)
        assert started == ["agents 1"]  # the second worker is kept for a person's game
        people = [asyncio.create_task(ask("person 1", True)),
                  asyncio.create_task(ask("person 2", True))]
        await asyncio.sleep(0.05)
        assert started == ["agents 1", "person 1"]  # at once, ahead of the games between agents
        await asyncio.sleep(0.05)
        release.set()
        await asyncio.gather(first, *people, *queued)
        thinkers.shutdown()
        assert thinkers.busy == thinkers.busy_agents_only == 0
        assert started.index("person 2") < started.index("agents 2") < started.index("agents 3")

    asyncio.run(scenario())


def test_a_game_that_stops_waiting_gives_its_turn_to_the_next() -> None:
    async def scenario() -> None:
        thinkers = Thinkers(2, threads)
        hold = threading.Event()
        busy = asyncio.create_task(thinkers.run(hold.wait, 5, person=False))
        await asyncio.sleep(0.05)
        waiting = asyncio.create_task(thinkers.run(str, "never", person=False))  # behind the first
        await asyncio.sleep(0.05)
        waiting.cancel()
        hold.set()
        await busy
        assert (await asyncio.wait_for(thinkers.run(str, "next", person=False), 2))[0] == "next"
        assert waiting.cancelled()
        thinkers.shutdown()
        assert thinkers.busy == 0

    asyncio.run(scenario())


def test_a_game_between_agents_beyond_the_bound_is_refused_and_nothing_is_stored(tmp_path) -> None:
    with TestClient(create_app(tmp_path / "games.db", agent_seconds=1.5, max_agent_games=1)) as client:
        assert client.post("/api/games", json=ALL_AGENTS).status_code == 201
        total = client.get("/api/games").json()["total"]
        refused = client.post("/api/games", json=ALL_AGENTS)
        assert refused.status_code == 503 and "games between agents" in refused.json()["error"]
        assert client.get("/api/games").json()["total"] == total  # nothing stored
        with_a_person = {**ALL_AGENTS, "players": {}}
        assert client.post("/api/games", json=with_a_person).status_code == 201


@pytest.mark.parametrize("workers", [0, 1])
def test_the_agents_need_a_worker_for_games_with_a_person(workers: int) -> None:
    with pytest.raises(ValueError, match="at least 2 workers"):
        Thinkers(workers)


def test_a_worker_kept_for_a_paced_move_is_held_until_given_back_and_never_lost() -> None:
    """Secrecy review: a game's agent answered at once or searched, by its hand, and its worker
    came free at once or later: other games' hints, timed, told which. A paced move keeps its
    worker until the move is shown (``keep``, then ``give_back``); a task that fails, or a game
    that stops waiting, never leaves a worker kept."""

    def fail() -> None:
        raise ValueError("the agent failed")

    async def scenario() -> None:
        thinkers = Thinkers(2, pool=threads)
        try:
            assert (await thinkers.run(str, 1, person=True, keep=True))[0] == "1"
            assert thinkers.busy == 1  # done, still the game's
            blocked = Held()
            loop = asyncio.get_running_loop()
            two = [loop.create_task(thinkers.run(blocked, name, person=True)) for name in ("a", "b")]
            await asyncio.sleep(0.1)
            assert blocked.started == ["a"]  # one worker left for the two
            thinkers.give_back(True)
            await asyncio.sleep(0.1)
            assert blocked.started == ["a", "b"]
            blocked.release.set()
            await asyncio.gather(*two)
            assert thinkers.busy == 0
            with pytest.raises(ValueError):
                await thinkers.run(fail, person=True, keep=True)
            await asyncio.sleep(0.01)
            assert thinkers.busy == 0  # a failed task's worker is given back at once
            held = Held()
            waiting = asyncio.get_running_loop().create_task(thinkers.run(held, "slow", person=True, keep=True))
            await asyncio.sleep(0.05)
            waiting.cancel()  # the game stops waiting mid-thought
            held.release.set()
            await asyncio.sleep(0.05)
            assert thinkers.busy == 0  # given back when the task ended, kept for no one
        finally:
            thinkers.shutdown()

    asyncio.run(scenario())
