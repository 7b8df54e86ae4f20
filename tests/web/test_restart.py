"""A server killed mid-game (SIGKILL, no clean shutdown) and started again has every
acknowledged action (docs/web.md)."""

from __future__ import annotations

from tests.web.helpers import Server


def killed(server: Server) -> None:
    server.process.kill()  # SIGKILL: no shutdown code runs
    server.process.wait()
    server.stop()


def test_a_killed_server_keeps_every_acknowledged_action(tmp_path):
    db = tmp_path / "games.db"
    server = Server(db)
    try:
        created = server.call("/api/games", {"game": "hispania", "options": {"level": "7-5-4-5-1"}, "players": {}})
        gid, token = created["id"], created["seats"][0]["token"]
        acknowledged = []
        for _ in range(12):  # the setup's roads and starting spaces: the game cannot end in them
            action = server.view(gid, token)["view"]["legal_actions"][0]
            after = server.call(f"/api/games/{gid}/actions", {"token": token, "action": action})
            acknowledged.append(after["log_length"])
        record = server.call(f"/api/games/{gid}/record?token={token}")
    finally:
        killed(server)
    server = Server(db)
    try:
        again = server.view(gid, token)
        assert again["log_length"] == acknowledged[-1]
        assert server.call(f"/api/games/{gid}/record?token={token}") == record
        # and play goes on
        action = again["view"]["legal_actions"][0]
        assert server.call(f"/api/games/{gid}/actions", {"token": token, "action": action})["log_length"] > \
            acknowledged[-1]
    finally:
        server.stop()
