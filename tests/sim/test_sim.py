"""Simulation: seeds per game, identical results on every backend, the sweep's resumable
results file, statistics, and the commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from legatus.cli import app
from legatus.sim import runner
from legatus.sim import sweep as sweeping
from legatus.sim.backends import SerialExecutor, make_executor
from legatus.sim.runner import MAX_BATCH, TASKS_PER_WORKER, Config, derive_seed, games_per_task, play_game, run
from legatus.sim.stats import share_test, sign_test, summarise, wilson

CONFIG = Config.make("hispania", {"level": "5-3-2-3-3"}, {"rome": "heuristic"}, key="test")


def test_seeds_derive_from_the_run_and_the_game_not_the_batch():
    assert derive_seed(1, "a", 0) == derive_seed(1, "a", 0) != derive_seed(1, "a", 1) != derive_seed(2, "a", 1)
    with SerialExecutor() as ex:
        small = run(CONFIG, 12, 7, ex, batch_size=1)
        large = run(CONFIG, 12, 7, ex, batch_size=12)
    assert small == large


def test_tasks_are_sized_so_that_every_worker_gets_several():
    assert games_per_task([CONFIG], 24, 2) == 24 // (2 * TASKS_PER_WORKER)  # not one task of 25 for one worker
    assert games_per_task([CONFIG], 5, 2) == 1
    assert games_per_task([CONFIG], 100_000, 2) == MAX_BATCH
    search = Config.make("hispania", {}, {"rome": "mcts+heuristic:50"})
    assert games_per_task([CONFIG, search], 1000, 2) == 1  # a search's games go one at a time
    planner = Config.make("hispania", {}, {"rome": "planner:2s"})
    assert games_per_task([planner], 1000, 2) == 1  # so do those of a game's own search
    shared = Config.make("hispania", {}, {"rome": "mcts@2"})
    assert games_per_task([shared], 1000, 2) == 1  # a search on worker processes is a search


def test_progress_moves_a_task_at_a_time_and_the_results_do_not_depend_on_the_workers():
    steps: list[int] = []
    with SerialExecutor() as ex:
        two = run(CONFIG, 24, 5, ex, 2, progress=steps.append)
        one = run(CONFIG, 24, 5, ex, 1)
    assert steps == [24 // (2 * TASKS_PER_WORKER)] * 2 * TASKS_PER_WORKER
    assert one == two


def test_serial_process_and_ray_backends_give_identical_results():
    with make_executor("serial", 1) as ex:
        serial = run(CONFIG, 16, 3, ex, batch_size=4)
    with make_executor("process", 2) as ex:
        pool = run(CONFIG, 16, 3, ex, 2)
    with make_executor("ray", 2) as ex:
        ray = run(CONFIG, 16, 3, ex, batch_size=5)
    assert serial == pool == ray
    assert [r["index"] for r in serial] == list(range(16))


def test_bad_backend_and_jobs():
    from legatus import OptionError

    with pytest.raises(OptionError, match="unknown backend 'gpu'"):
        make_executor("gpu", 1)
    with pytest.raises(OptionError, match="jobs 0"):
        make_executor("process", 0)


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 0) == (0.0, 1.0)


def test_sign_test_against_binomial_tables():
    # Exact two-sided binomial tails with p = 1/2: 10-0 is 2/1024, 9-1 is 22/1024, 8-2 is 112/1024.
    assert sign_test(10, 0) == sign_test(0, 10) == 2 / 1024
    assert sign_test(9, 1) == 22 / 1024
    assert sign_test(8, 2) == 112 / 1024
    assert sign_test(5, 5) == sign_test(6, 5) == sign_test(0, 0) == 1.0  # capped at 1, and no evidence
    assert abs(sign_test(71, 17) - 5.1539546966e-09) < 1e-17  # the agents page's easiest-level figure


def test_share_test_is_the_poisson_binomial_tail():
    # Equal shares give the binomial tail: P(X >= 2) of 3 games at 1/2 is 4/8.
    assert abs(share_test([0.5] * 3, 2) - 0.5) < 1e-12
    # Mixed shares, by hand: wins of both games at 1/4 and 1/3 is 1/12; at least one, 1 - 3/4 * 2/3 = 1/2.
    assert abs(share_test([0.25, 1 / 3], 2) - 1 / 12) < 1e-12
    assert abs(share_test([0.25, 1 / 3], 1) - 0.5) < 1e-12
    assert share_test([0.25, 1 / 3], 0) == 1.0 and share_test([0.25], 2) == 0.0


def test_summary_counts_wins_lengths_and_outcomes():
    results = [{"returns": [1.0], "winners": ["rome"], "length": 10, "outcome": "six capitals", "rounds": 4},
               {"returns": [-1.0], "winners": [], "length": 20, "outcome": "revolts ran out", "rounds": 2}]
    summary = summarise(results, "rome")
    assert summary["wins"] == 1 and summary["win_rate"] == 0.5 and summary["mean_length"] == 15
    assert summary["outcomes"] == {"revolts ran out": 1, "six capitals": 1} and summary["mean_rounds"] == 3


POINTS = sweeping.points({"variants": [(), ("terror",)], "level": ["5-3-2-3-3", "5-3-2-3-2", "6-4-3-4-2"]})


def do_sweep(path: Path, stop_after: int | None = None) -> None:
    done = 0

    def progress(n: int) -> None:
        nonlocal done
        done += n
        if stop_after is not None and done >= stop_after:
            raise KeyboardInterrupt

    with SerialExecutor() as ex:
        sweeping.sweep(path, "hispania", {}, {}, 6, 1, POINTS, ex, batch_size=2, progress=progress)


def test_an_interrupted_sweep_resumes_to_the_same_file(tmp_path):
    straight = tmp_path / "straight.jsonl"
    do_sweep(straight)
    resumed = tmp_path / "resumed.jsonl"
    with pytest.raises(KeyboardInterrupt):
        do_sweep(resumed, stop_after=15)
    lines = resumed.read_text().splitlines()
    assert 1 < len(lines) < 7
    with open(resumed, "a") as fh:  # an interruption in the middle of writing a line
        fh.write('{"level": "6-4')
    do_sweep(resumed)
    assert resumed.read_text() == straight.read_text()
    assert len(straight.read_text().splitlines()) == 1 + len(POINTS)


def test_a_sweep_file_with_other_settings_is_not_resumed(tmp_path):
    path = tmp_path / "s.jsonl"
    do_sweep(path)
    from legatus import OptionError

    with pytest.raises(OptionError, match="other settings"), SerialExecutor() as ex:
        sweeping.sweep(path, "hispania", {}, {}, 7, 1, POINTS, ex)


def test_simulate_command(tmp_path):
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(app, ["simulate", "hispania", "--games", "8", "--level", "5-3-2-3-3",
                                      "--backend", "serial", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "rome win rate" in result.stdout and "95% interval" in result.stdout and "outcomes:" in result.stdout
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["index"] for r in rows] == list(range(8))
    csv = tmp_path / "games.csv"
    assert CliRunner().invoke(app, ["simulate", "hispania", "--games", "3", "--backend", "serial",
                                    "--out", str(csv)]).exit_code == 0
    assert csv.read_text().startswith("index,length,outcome,returns,rounds,seed")


@pytest.mark.parametrize("args, words", [
    (["--seats", "rome=chess"], "unknown agent 'chess'"), (["--seats", "roma=random"], "unknown seat 'roma'"),
    (["--games", "0"], "--games 0"), (["--out", "x.txt"], ".csv or .jsonl"), (["--level", "9"], "level '9'"),
])
def test_simulate_bad_input(args, words):
    result = CliRunner().invoke(app, ["simulate", "hispania", "--backend", "serial", *args])
    assert result.exit_code != 0 and words in result.stderr


def test_sweep_and_report_commands(tmp_path):
    out = tmp_path / "sweep.jsonl"
    report = tmp_path / "report"
    args = ["sweep", "hispania", "--games", "4", "--levels", "5-3-2-3-3,6-4-3-4-2", "--backend", "serial",
            "--out", str(out), "--report", str(report)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert (report / "table.md").read_text().count("| base |") == 2
    assert (report / "heatmap.png").stat().st_size > 1000 and (report / "heatmap.svg").exists()
    again = CliRunner().invoke(app, ["report", str(out), "--out", str(tmp_path / "r2")])
    assert again.exit_code == 0 and (tmp_path / "r2" / "table.md").read_text() == (report / "table.md").read_text()


def test_report_compares_sweeps_of_other_agents_and_options_side_by_side(tmp_path):
    def sweep(name, *args):
        out = tmp_path / f"{name}.jsonl"
        result = CliRunner().invoke(app, ["sweep", "hispania", "--games", "3", "--backend", "serial",
                                          "--out", str(out), *args])
        assert result.exit_code == 0, result.output
        return str(out)

    levels = ["--levels", "easiest,hardest"]
    plain = sweep("random", *levels, "--seats", "rome=random")
    heuristic = sweep("heuristic", *levels)  # no agent given: the game's heuristic
    scenario = sweep("numantia", "--levels", "easiest", "-o", "scenario=numantia")
    result = CliRunner().invoke(app, ["report", plain, heuristic, scenario, "--out", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    lines = (tmp_path / "r" / "table.md").read_text().splitlines()
    assert lines[0] == ("| scenario | variants | level | rome=random: win rate (95% interval) | "
                        "heuristic for every seat: win rate (95% interval) | difference |")
    assert lines[-1].startswith("Of the 2 configurations both played, heuristic for every seat won a greater share at ")
    rows = {tuple(cell.strip() for cell in line.split("|")[1:4]): line for line in lines[2:] if line.startswith("|")}
    assert list(rows) == [("none", "base", "5-3-2-3-3"), ("none", "base", "7-5-4-5-1"),  # hardest first
                          ("numantia", "base", "7-5-4-5-1")]
    assert rows["none", "base", "7-5-4-5-1"].endswith(" points |")
    assert rows["numantia", "base", "7-5-4-5-1"].split("|")[4].strip() == "–"  # random play did not play Numantia
    assert not (tmp_path / "r" / "heatmap.png").exists()


@pytest.mark.parametrize("case, words", [("twice", "both played"), ("other game", "of one game"),
                                         ("not a sweep", "is not a sweep's results file"),
                                         ("corrupt row", "line 2 is not a point's results")])
def test_report_refuses_sweeps_it_cannot_compare(tmp_path, case, words):
    first = tmp_path / "a.jsonl"
    args = ["sweep", "hispania", "--games", "2", "--levels", "hardest", "--backend", "serial"]
    assert CliRunner().invoke(app, [*args, "--out", str(first)]).exit_code == 0
    second = tmp_path / "b.jsonl"
    if case == "twice":
        assert CliRunner().invoke(app, [*args, "--seed", "2", "--out", str(second)]).exit_code == 0
    elif case == "other game":
        head = json.loads(first.read_text().splitlines()[0])
        second.write_text(json.dumps({**head, "game": "viae"}) + "\n")
    elif case == "corrupt row":
        head = first.read_text().splitlines()[0]
        second.write_text(head + '\n{"level": "5-3-2-3-3", "wins": 1}\n')
    else:
        second.write_text('{"games": 3}\n')
    result = CliRunner().invoke(app, ["report", str(first), str(second), "--out", str(tmp_path / "r")])
    assert result.exit_code != 0 and words in result.stderr
    assert not (tmp_path / "r").exists()


def test_sweep_says_which_points_the_game_plays_otherwise_than_asked(tmp_path):
    """R28: with a Hispano player the Romans have 6 denarii, whatever the level asked."""
    out = tmp_path / "sweep.jsonl"
    result = CliRunner().invoke(app, ["sweep", "hispania", "--games", "1", "--levels", "easiest,default",
                                      "--variants", "hispano", "--backend", "serial", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert ("1 point of the grid is played otherwise than asked, as the game notes (e.g. {'variants': ['hispano'], "
            "'level': '7-5-4-5-1'}: R28: the Hispano variant gives the Romans 6 denarii, so level 7-5-4-5-1 is "
            "played as 6-5-4-5-1)") in result.stdout


def test_a_games_agents_are_closed_when_it_ends_even_by_a_failure(monkeypatch):
    closed: list[object] = []
    monkeypatch.setattr(runner, "close", closed.append)  # an @N agent's close ends its worker processes

    def failing(agent, state):
        raise RuntimeError("an agent failed")

    play_game(CONFIG, 7, 0)
    assert len(closed) == len(CONFIG.seat_agents(CONFIG.load_game()))
    monkeypatch.setattr(runner, "decide", failing)
    with pytest.raises(RuntimeError, match="an agent failed"):
        play_game(CONFIG, 7, 1)
    assert len(closed) == 2 * len(CONFIG.seat_agents(CONFIG.load_game()))
