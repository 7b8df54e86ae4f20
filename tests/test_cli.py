"""The ``legatus`` command (DESIGN, Errors: "Bad input from a person or a file ... gets one clear
sentence that names the input and what would be valid, and a non-zero exit; nothing already
saved is lost or changed")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import legatus
from legatus.cli import CORRUPT_RECORD, app
from legatus.core.record import replay as replay_record
from tests.hispania.helpers import SETUP_EXAMPLE

runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


def one_error_line(result: Any) -> str:
    """The run failed with exactly one line on stderr, prefixed by the program's name."""
    assert result.exit_code != 0, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("legatus: ")
    return lines[0]


def write(path: Path, record: Any) -> Path:
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def record_of(actions: list[str], **options: Any) -> dict[str, Any]:
    return {"game": "hispania", "version": 1, "options": options, "actions": actions}


# --- games ---------------------------------------------------------------------------------
def listed_games(stdout: str) -> list[str]:
    """The games named at the start of an unindented line ("hispania" or "hispania: Hispania")."""
    return [line.split(":")[0].strip() for line in stdout.splitlines() if line and not line[0].isspace()]


def test_games_lists_hispania() -> None:
    result = invoke("games")
    assert result.exit_code == 0
    assert "hispania" in listed_games(result.stdout)
    assert listed_games(result.stdout) == legatus.game_names()


def test_module_runs_as_a_program() -> None:
    done = subprocess.run([sys.executable, "-m", "legatus.cli", "games"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "hispania" in listed_games(done.stdout)


def test_no_command_prints_usage_and_fails() -> None:
    result = invoke()
    assert result.exit_code != 0
    assert "play" in result.output and "replay" in result.output


# --- play: bad input -----------------------------------------------------------------------
@pytest.mark.parametrize("level, words", [
    ("9-9", "level '9-9' must be five values denarii-garrisons-fleets-roads-armies, e.g. 6-4-3-4-2"),
    ("6-4-3-4", "level '6-4-3-4' must be five values"),
    ("six", "level 'six' must be five values"),
    ("6-4-3-4-9", "level '6-4-3-4-9': armies is 9, it must be one of 1, 2, 3"),
])
def test_play_with_a_malformed_level(level: str, words: str) -> None:
    assert words in one_error_line(invoke("play", "hispania", "--level", level))


def test_play_an_unknown_game() -> None:
    line = one_error_line(invoke("play", "chess"))
    assert "unknown game 'chess'" in line
    assert "hispania" in line  # what would be valid


def test_play_without_a_game() -> None:
    line = one_error_line(invoke("play"))
    assert "name a game" in line and "hispania" in line and "--load" in line


def test_play_with_a_missing_board_file(tmp_path: Path) -> None:
    board = tmp_path / "board.toml"
    line = one_error_line(invoke("play", "hispania", "--board", str(board)))
    assert str(board) in line


def test_play_load_of_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.json"
    line = one_error_line(invoke("play", "--load", str(path)))
    assert str(path) in line
    assert "cannot read record" in line


@pytest.mark.parametrize("text, words", [
    ("not json at all", "is not valid JSON"),
    ("[]", "must be a JSON object"),
    ('{"game": "hispania"}', "no 'version' key"),
])
def test_play_load_of_a_corrupt_file(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "corrupt.json"
    path.write_text(text, encoding="utf-8")
    line = one_error_line(invoke("play", "--load", str(path)))
    assert str(path) in line
    assert words in line
    assert path.read_text(encoding="utf-8") == text  # nothing saved is changed


def test_play_load_of_a_record_with_an_illegal_action(tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", record_of(SETUP_EXAMPLE + ["move Regina"]))
    before = path.read_bytes()
    line = one_error_line(invoke("play", "--load", str(path)))
    assert f"action {len(SETUP_EXAMPLE)} 'move Regina' is illegal: Regina is in revolt (R10)" in line
    assert path.read_bytes() == before


def test_play_load_with_a_game_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", record_of(["roll 4"]))
    line = one_error_line(invoke("play", "hispania", "--load", str(path)))
    assert "--load" in line


def test_play_load_of_a_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x01")
    assert str(path) in one_error_line(invoke("play", "--load", str(path)))


# --- play: good input ----------------------------------------------------------------------
def test_play_from_a_position_saves_it_in_the_record(tmp_path: Path) -> None:
    state = legatus.load("hispania", players=2).new_initial_state()
    for text in SETUP_EXAMPLE[:9]:
        state.apply_action(state.parse_action(text))
    saved = tmp_path / "from-position.json"
    result = invoke("play", "hispania", "--players", "2", "-p", state.position(), input=f"save {saved}\nquit\n")
    assert result.exit_code == 0, result.output
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["position"] == state.position() and record["actions"] == []
    assert replay_record(record).position() == state.position()


def test_play_from_a_position_of_another_configuration_is_refused() -> None:
    line = legatus.load("hispania", level="7-5-4-5-1").new_initial_state().position()
    assert "the position is for the configuration '7-5-4-5-1,1p', not this game's '6-4-3-4-2,1p'" in \
        one_error_line(invoke("play", "hispania", "--position", line))
    assert "give no game, game option or --position" in one_error_line(invoke("play", "--load", "x.json", "-p", line))


def test_play_quit_exits_zero() -> None:
    result = invoke("play", "hispania", "--seed", "3", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Goodbye." in result.stdout
    assert result.stderr == ""


def test_play_with_a_level_shows_it() -> None:
    result = invoke("play", "hispania", "--seed", "3", "--level", "5-3-2-3-3", input="quit\n")
    assert result.exit_code == 0
    assert result.stdout.startswith("Hispania: level 5-3-2-3-3\n")


def test_play_without_a_level_starts_a_first_game_at_the_easiest(tmp_path: Path) -> None:
    """Issue 15, point 11: the default level is won 1-3% of the time; a first game starts easiest.
    The record keeps the level played, so records of the default level replay as before."""
    path = tmp_path / "first.json"
    result = invoke("play", "hispania", "--seed", "3", input=f"save {path}\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Hispania: level 7-5-4-5-1 (easiest) — as for a first game; choose with --level")
    assert legatus.read_record(path)["options"]["level"] == "7-5-4-5-1"
    assert replay_record(record_of(SETUP_EXAMPLE)).game.options["level"] == "6-4-3-4-2"


def test_play_a_first_game_with_the_hispano_is_played_with_6_denarii(tmp_path: Path) -> None:
    """Issue 15, point 10 (R28): the easiest level has 7 denarii; with the Hispano the game
    plays it with 6 and says so, instead of refusing the first game."""
    path = tmp_path / "hispano.json"
    result = invoke("play", "hispania", "--seed", "3", "-o", "variants=hispano", "--seats", "hispania=random",
                    input=f"save {path}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "R28: the Hispano variant gives the Romans 6 denarii, so level 7-5-4-5-1 is played as 6-5-4-5-1" \
        in " ".join(result.stdout.split())  # wrapped at the terminal's width
    assert legatus.read_record(path)["options"]["level"] == "6-5-4-5-1"


@pytest.mark.parametrize(("name", "level"), [("easiest", "7-5-4-5-1"), ("Default", "6-4-3-4-2"),
                                             ("hardest", "5-3-2-3-3")])
def test_play_with_a_named_level(tmp_path: Path, name: str, level: str) -> None:
    path = tmp_path / "named.json"
    result = invoke("play", "hispania", "--level", name, input=f"save {path}\nquit\n")
    assert result.exit_code == 0, result.output
    assert legatus.read_record(path)["options"]["level"] == level


def test_play_load_continues_the_record(tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", record_of(SETUP_EXAMPLE + ["move Corduba"]))
    again = tmp_path / "again.json"
    result = invoke("play", "--load", str(path), input=f"save {again}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "the praetor of Ulterior in Corduba has 5 denarii" in result.stdout
    assert legatus.read_record(again)["actions"] == legatus.read_record(path)["actions"]
    assert replay_record(legatus.read_record(again)).view() == replay_record(legatus.read_record(path)).view()


# --- replay --------------------------------------------------------------------------------
def test_replay_prints_the_board(tmp_path: Path) -> None:
    record = record_of(SETUP_EXAMPLE + ["move Corduba"])
    path = write(tmp_path / "game.json", record)
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.output
    state = replay_record(record)
    assert state.to_text() in result.stdout
    assert state.prompt() in result.stdout
    assert "Round 1, turn I (praetor of Ulterior)" in result.stdout
    assert result.stderr == ""


def test_replay_moves_lists_every_action_numbered_with_who_played_it(tmp_path: Path) -> None:
    """Issue 15, point 6: replay printed only the final position."""
    path = write(tmp_path / "game.json", record_of(SETUP_EXAMPLE + ["move Corduba"]))
    result = invoke("replay", "--moves", str(path))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "   1 dice: roll 4"
    assert lines[len(SETUP_EXAMPLE)] == f"{len(SETUP_EXAMPLE) + 1:>4} rome: move Corduba (1 denarius)"
    assert replay_record(record_of(SETUP_EXAMPLE + ["move Corduba"])).to_text() in result.stdout


def test_replay_moves_names_the_cards(tmp_path: Path) -> None:
    """Issue 32: ``replay --moves`` said "dice: draw #29"; a card is shown with its name."""
    path = tmp_path / "hannibal.json"
    path.write_text(json.dumps({"game": "hannibal", "version": legatus.load("hannibal").version, "options": {},
                                "actions": ["draw #29"]}))
    result = invoke("replay", "--moves", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "   1 dice: draw #29 Carthaginian Naval Victory (2 OPs)"


def test_a_record_with_a_utf8_byte_order_mark_is_read(tmp_path: Path) -> None:
    """Issue 15, point 6: some editors save JSON with a BOM."""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record_of(SETUP_EXAMPLE)).encode())
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.output
    assert replay_record(record_of(SETUP_EXAMPLE)).prompt() in result.stdout


@pytest.mark.parametrize("text", ["not json", "[]", '{"game": "hispania"}',
                                  json.dumps(record_of(SETUP_EXAMPLE + ["move Regina"]))])
def test_play_load_and_replay_fail_alike_on_one_corrupt_file(tmp_path: Path, text: str) -> None:
    """Issue 15, point 6: one corrupt record, one exit status (1) from both commands."""
    path = tmp_path / "corrupt.json"
    path.write_text(text, encoding="utf-8")
    loaded, replayed = invoke("play", "--load", str(path)), invoke("replay", str(path))
    assert loaded.exit_code == replayed.exit_code == 1
    assert one_error_line(loaded).removeprefix(f"legatus: {path}: ") == one_error_line(replayed).removeprefix(
        f"legatus: {path}: ")


def test_replay_json_is_the_view(tmp_path: Path) -> None:
    record = record_of(SETUP_EXAMPLE + ["move Corduba", "besiege Regina 2"], level="7-5-4-4-2")
    path = write(tmp_path / "game.json", record)
    result = invoke("replay", str(path), "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    view = replay_record(record).view(None)
    assert shown == json.loads(json.dumps(view))
    assert shown["pending"] == {"combat": "besiege", "by": "ulterior", "target": "Regina", "denarii": 2}
    assert shown["options"]["level"] == "7-5-4-4-2"


def test_replay_of_a_saved_random_game(tmp_path: Path) -> None:
    from tests.hispania.test_records import random_game

    state = random_game(5)
    path = tmp_path / "game.json"
    legatus.write_record(state, path)
    result = invoke("replay", str(path), "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == json.loads(json.dumps(state.view(None)))
    assert "victory" in invoke("replay", str(path)).stdout


@pytest.mark.parametrize("n", [0, 1, 6, 8, 12, len(SETUP_EXAMPLE)])
def test_replay_of_a_prefix(tmp_path: Path, n: int) -> None:
    record = record_of(SETUP_EXAMPLE[:n])
    path = write(tmp_path / "prefix.json", record)
    result = invoke("replay", str(path), "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown == json.loads(json.dumps(replay_record(record).view(None)))
    assert len(shown["log"]) == n + (1 if n == len(SETUP_EXAMPLE) else 0)
    text = invoke("replay", str(path))
    assert text.exit_code == 0
    assert replay_record(record).prompt() in text.stdout


def test_replay_of_an_illegal_action(tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", record_of(SETUP_EXAMPLE + ["move Regina", "end"]))
    before = path.read_bytes()
    line = one_error_line(invoke("replay", str(path)))
    assert str(path) in line
    assert f"action {len(SETUP_EXAMPLE)} 'move Regina' is illegal: Regina is in revolt (R10)" in line
    assert path.read_bytes() == before
    assert one_error_line(invoke("replay", str(path), "--json")) == line


def test_replay_of_a_roll_of_the_wrong_die(tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", record_of(SETUP_EXAMPLE[:6] + ["roll 4"]))
    line = one_error_line(invoke("replay", str(path)))
    assert "action 6 'roll 4' is illegal: the game waits for a roll of the Roman die, e.g. 'roll IV'" in line


def test_replay_of_an_unreadable_action(tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", record_of(["roll 4", "fly"]))
    line = one_error_line(invoke("replay", str(path)))
    assert "action 1 'fly' cannot be read" in line


@pytest.mark.parametrize("record, words", [
    ({"game": "chess", "version": 1, "options": {}, "actions": []}, "unknown game 'chess'"),
    ({"game": "hispania", "version": 7, "options": {}, "actions": []}, "version 7"),
    ({"game": "hispania", "version": 1, "options": {"level": "1-1"}, "actions": []}, "level '1-1'"),
    ({"game": "hispania", "version": 1, "options": {}, "actions": [], "extra": 1}, "unknown key 'extra'"),
])
def test_replay_of_a_corrupt_record(tmp_path: Path, record: Any, words: str) -> None:
    path = write(tmp_path / "game.json", record)
    line = one_error_line(invoke("replay", str(path)))
    assert str(path) in line
    assert words in line


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.json"
    line = one_error_line(invoke("replay", str(path)))
    assert str(path) in line


def test_replay_of_a_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x01")
    assert str(path) in one_error_line(invoke("replay", str(path)))


@pytest.mark.parametrize("text, words", [
    ("[" * 30000 + "]" * 30000, "nests its JSON too deeply to be a record"),  # past the JSON parser's own bound
    ('{"game": "hispania", "version": 1, "options": {"level": ' + "[" * 500 + "]" * 500 + '}, "actions": []}',
     "nests more than 16 levels deep"),
])
def test_deep_json_records_fail_in_one_line_with_one_status(tmp_path: Path, text: str, words: str) -> None:
    # Issue 9, point 6: no traceback; `replay` and `play --load` fail alike on a corrupt file.
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")
    replayed, loaded = invoke("replay", str(path)), invoke("play", "--load", str(path))
    for result in (replayed, loaded):
        line = one_error_line(result)
        assert str(path) in line and words in line
    assert replayed.exit_code == loaded.exit_code == 1


def test_replay_in_a_subprocess_reports_on_stderr(tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", record_of(SETUP_EXAMPLE[:6] + ["roll 4"]))
    done = subprocess.run([sys.executable, "-m", "legatus.cli", "replay", str(path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "action 6 'roll 4' is illegal" in done.stderr


@pytest.mark.parametrize(("players", "code", "message"), [
    ({"rome": 3}, CORRUPT_RECORD, "the record's 'players' must be an object of seat names and players"),
    ({"carthage": "heuristic"}, 2, "unknown seat 'carthage'"),
    ({"rome": "chess"}, 2, "unknown agent 'chess'"),
])
def test_a_record_s_players_are_checked_on_load(tmp_path: Path, players: dict[str, Any], code: int,
                                                message: str) -> None:
    """Issue 32, point 5: who sat where, read back from a record, gets one clear message."""
    path = write(tmp_path / "game.json", {**record_of(SETUP_EXAMPLE), "players": players})
    result = invoke("play", "--load", str(path), input="quit\n")
    assert result.exit_code == code and message in result.stderr, result.output


@pytest.mark.parametrize(("args", "words"), [
    (["--max-agent-games", "-1"], "--max-agent-games -1 must be from 0 to 1000"),
    (["--max-connections", "0"], "--max-connections 0 must be from 1 to 100000"),
    (["--request-seconds", "0"], "--request-seconds 0 must be more than 0 and at most 300"),
    (["--agent-workers", "1"], "--agent-workers 1 must be from 2 to 64 (one worker is kept for games with a person)"),
])
def test_serve_refuses_bounds_out_of_range_naming_the_valid_ones(args: list[str], words: str) -> None:
    """Issue 30, points 4 and 5: the server's bounds are checked before it starts."""
    assert words in one_error_line(invoke("serve", *args))


@pytest.mark.parametrize("workers", ["0", "x", "3", "-1", "1.5", "\u0662"])
def test_serve_refuses_a_hint_worker_count_beyond_the_agents_workers_naming_the_range(workers: str) -> None:
    """Issue 35: a web hint's search is shared among 1 to --agent-workers of the agents' workers."""
    assert one_error_line(invoke("serve", "--agent-workers", "2", "--hint-workers", workers)) == (
        f"legatus: --hint-workers {workers} must be a whole number from 1 to 2 "
        "(the agents' worker processes, --agent-workers)")


@pytest.mark.parametrize("workers", ["0", "65"])
def test_play_refuses_a_hint_worker_count_out_of_range(workers: str) -> None:
    """Issue 35: the processes a hint's search is shared among, checked before play."""
    assert f"--hint-workers {workers} must be from 1 to 64" in one_error_line(
        invoke("play", "hispania", "--hint-workers", workers))


def test_play_refuses_an_agent_bound_out_of_range() -> None:
    """Issue 30: the bound that paces agents' moves in the terminal is checked before play."""
    assert "--agent-seconds 0 must be more than 0 and at most 60" in one_error_line(
        invoke("play", "viae", "--agent-seconds", "0"))


@pytest.mark.parametrize("game", ["viae", "hannibal", "hispania"])
def test_options_keep_their_columns_whatever_the_names_length(game: str) -> None:
    result = CliRunner().invoke(app, ["options", game])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line.startswith("  ")]
    assert len({line.index(" default ") for line in lines if " default " in line}) == 1  # one column of defaults
    assert len({line.index("values: ") for line in lines if line.lstrip().startswith("values: ")}) == 1
    assert len({_meaning_at(line) for line in lines if " default " in line}) == 1  # and of meanings


def _meaning_at(line: str) -> int:
    """Where an option's meaning begins, after its default."""
    rest = line[line.index(" default ") + len(" default "):]
    after_value = rest[len(rest.split(" ", 1)[0]):]
    return len(line) - len(after_value.lstrip())
