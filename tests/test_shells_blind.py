"""The shells know no single game: Blind Hand (tests/games/blind.py, hidden hands, private
draws, face-down discards), registered from this folder alone, driven through ``legatus
play``, ``options``, ``simulate``, ``sweep`` and ``fuzz``; and the secrecy of the terminal:
the marker card ``aquila`` is planted in one hand and searched for on every screen shown to
another seat (issue 10, points 5 and 7)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import legatus
from legatus.cli import app
from legatus.core.agents import make_agent
from legatus.core.errors import NotationError
from legatus.core.session import Session
from legatus.sim.stats import summarise
from legatus.terminal import TerminalPlay, menu_keys
from tests.games import TEST_GAMES, registered
from tests.games.blind import MARKER, BlindState

ROOT = Path(__file__).resolve().parent.parent
TARGET = TEST_GAMES["blind"]
PASS = "Pass the screen to "
FIRST = "<first>"  # typed as the first action's key


@pytest.fixture(autouse=True)
def blind() -> Iterator[None]:
    """Blind Hand registered in this process only (the process pool's workers fork from it)."""
    with registered():
        yield


def invoke(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(app, list(args), input=input)


def one_error_line(result: Any) -> str:
    assert result.exit_code == 2, result.output
    lines: list[str] = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("legatus: "), result.stderr
    return lines[0]


def subprocess_legatus(*args: str, input: str = "") -> subprocess.CompletedProcess[str]:
    """``legatus`` in a fresh process that knows Blind Hand from LEGATUS_GAMES alone."""
    env = {**os.environ, "LEGATUS_GAMES": f"blind={TARGET}", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "legatus.cli", *args], input=input, capture_output=True,
                          text=True, timeout=120, env=env, cwd=ROOT)


# --- The screens of a game at the terminal --------------------------------------------------
class Table:
    """A scripted game at one screen. Each prompt is kept with the output printed since the
    one before; a screen belongs to the seat the last "Pass the screen" prompt called."""

    def __init__(self, state: legatus.State, answer: Callable[[str], str], agents: dict[str, str] | None = None,
                 dice: str = "auto", seed: int = 1) -> None:
        self.out = io.StringIO()
        self.console = Console(file=self.out, width=200, highlight=False)
        self.prompts: list[str] = []
        self.said: list[str] = []  # said[i]: printed between prompt i - 1 and prompt i
        self._at = 0

        def read(prompt: str) -> str:
            text = self.out.getvalue()
            self.said.append(text[self._at:])
            self._at = len(text)
            self.prompts.append(prompt)
            if len(self.prompts) > 2000:
                raise EOFError
            reply = answer(prompt)
            if reply == FIRST:  # the key the screen gives the first action: a number, or a letter
                reply = (menu_keys(self.play.state.legal_actions()) or ["1"])[0]
            return reply

        game = state.game
        self.play = TerminalPlay(Session(state, seed=seed), dice=dice, console=self.console, read=read,
                                 agents={game.seat_index(s): make_agent(game, a, seed) for s, a in
                                         (agents or {}).items()})
        self.code = self.play.run()
        self.said.append(self.out.getvalue()[self._at:])

    @property
    def state(self) -> BlindState:
        assert isinstance(self.play.state, BlindState)
        return self.play.state

    def screens(self) -> Iterator[tuple[str | None, str]]:
        """(the seat whose screen it is, all it showed: output and prompts); None before the
        first seat takes the screen."""
        owner: str | None = None
        for i, prompt in enumerate(self.prompts):
            yield owner, self.said[i]
            if prompt.startswith(PASS):
                owner = prompt[len(PASS):].split(" ", 1)[0]
            yield owner, prompt
        yield owner, self.said[-1]

    def seen_by(self, seat: str | None) -> str:
        return "".join(text for owner, text in self.screens() if owner == seat)


def holder(state: BlindState, card: str = MARKER) -> str | None:
    """The seat whose hand or face-down discards hold ``card``."""
    index = state.game.cards.index(card)
    for s, name in enumerate(state.game.seats):
        if index in state.hands[s] or index in state.discards[s]:
            return name
    return None


def planted(players: int = 3, to: int = 1, **options: Any) -> BlindState:
    """A game just dealt, ``aquila`` in the hand of seat index ``to``."""
    state = legatus.load("blind", players=players, **options).new_initial_state()
    assert isinstance(state, BlindState)
    cards = [MARKER if s == to and r == 0 else str(1 + r * players + s) for r in range(2) for s in range(players)]
    for card in cards:
        state.apply_action(state.parse_action(f"deal {card}"))
    return state


def answers(*at_decision: str) -> Callable[[str], str]:
    """Enter at each hand-over; at each decision the given commands in turn, then the first
    listed action; after the end, look at the log and the board and quit."""
    queue: list[str] = []

    def answer(prompt: str) -> str:
        if prompt.startswith(PASS):
            return ""
        if "The game is over" in prompt:
            queue.extend(["log", "board", "quit"] if not queue else [])
            return queue.pop(0)
        if not queue:
            queue.extend([*at_decision, FIRST])
        return queue.pop(0)

    return answer


def test_hot_seat_hides_each_hand_from_the_others() -> None:
    table = Table(planted(to=1), answers("board", "log 40", "hint"), agents={"seat3": "random"})
    assert table.code == 0 and table.state.is_terminal()
    assert holder(table.state) == "seat2"
    assert MARKER in table.seen_by("seat2")  # its holder sees it: the search below can find it
    assert MARKER not in table.seen_by("seat1")
    assert MARKER not in "".join(text for owner, text in table.screens() if owner is None)
    # Every decision of a person is asked on that person's screen, after a hand-over.
    decisions = 0
    for owner, text in table.screens():
        if text.rstrip().endswith(("(seat1)\n>", "(seat2)\n>")):
            decisions += 1
            assert text.rstrip().endswith(f"({owner})\n>"), (owner, text)
    assert decisions >= 4
    assert sum(p.startswith(PASS) for p in table.prompts) >= 4
    assert "\n  seat3: " in table.seen_by("seat2")  # seat3 plays after seat2, on its screen


def test_each_seat_reads_the_log_as_it_saw_it() -> None:
    table = Table(planted(to=0, players=2), answers())
    seat1, seat2 = table.seen_by("seat1"), table.seen_by("seat2")
    assert f"deal {MARKER}" in seat1 and f"deal {MARKER}" not in seat2
    assert "seat1 draws a card" in seat2 and "seat2 draws a card" in seat1
    # seat1 plays its one card face up and then has only the marker: it discards it face down.
    assert f"discard {MARKER}" in seat1 and "seat1 discards a card face down" in seat2
    assert MARKER not in seat2


def test_a_decision_s_screen_ends_with_what_the_other_seat_just_did() -> None:
    """Right above each prompt (issue 15, point 1), the seat's own log since its last decision
    (legatus/core/seatlog.py): the other seat's moves as this seat saw them."""
    table = Table(planted(to=1, players=2, turns=3), answers())
    screens = list(table.screens())
    recent: dict[str, list[list[str]]] = {"seat1": [], "seat2": []}
    for k, (owner, text) in enumerate(screens):
        if owner in recent and text.rstrip().endswith(f"({owner})\n>"):
            before = screens[k - 1][1].rstrip("\n").split("\n")
            recent[owner].append([line.strip() for line in before[-2:]])
    assert len(recent["seat1"]) >= 3 and len(recent["seat2"]) >= 3
    for seat, other in (("seat1", "seat2"), ("seat2", "seat1")):
        for lines in recent[seat][1:]:
            assert lines[-1].startswith(other), (seat, lines)  # "seat2: play 4", "seat2 draws a card", …
    assert recent["seat2"][0][-1] == "seat1: play 1" and f"deal {MARKER}" in table.seen_by("seat2")
    assert not any(MARKER in line for lines in recent["seat1"] for line in lines)


@pytest.mark.parametrize("seed", range(6))
def test_no_screen_of_another_seat_shows_the_marker(seed: int) -> None:
    """Random deals and play, agents in some seats: wherever the marker goes, only its
    holder's screen shows it."""
    game = legatus.load("blind", players=3, cards=6, turns=3)
    table = Table(game.new_initial_state(), answers("log", "board"), agents={"seat2": "ismcts:20"}, seed=seed)
    assert table.state.is_terminal()
    for seat in ("seat1", "seat3"):
        if holder(table.state) != seat:
            assert MARKER not in table.seen_by(seat), (seed, seat)


def test_one_person_against_agents_sees_its_own_screen_only() -> None:
    table = Table(planted(to=1, players=2), answers("board"), agents={"seat2": "random"})
    assert not any(p.startswith(PASS) for p in table.prompts)  # nobody to hide from
    said = table.seen_by(None)
    assert MARKER not in "".join(table.said) + "".join(table.prompts)
    # The agent's move is said once, by the seat's log, without its reason (which may name its cards).
    assert "hand:" in said and "seat2 (AI) plays" not in said
    agent_lines = [line for line in said.splitlines() if line.startswith("  seat2")]
    assert agent_lines and not any(" — " in line for line in agent_lines)


def test_manual_draws_are_typed_on_the_drawer_s_screen() -> None:
    state = legatus.load("blind", players=2).new_initial_state()
    deal = iter(["deal 99", "deal 1", f"deal {MARKER}", "deal 2", "deal 3"])

    def answer(prompt: str) -> str:
        if prompt.startswith(PASS):
            return ""
        if "Type the outcome" in prompt:
            return next(deal)
        return "quit"

    table = Table(state, answer, dice="manual")
    assert [str(a) for a in table.state.history()] == ["deal 1", f"deal {MARKER}", "deal 2", "deal 3"]
    assert "'deal 99' is not an outcome here" in table.seen_by("seat1")
    # Each deal was asked on its drawer's screen, and what is left in the deck never listed.
    for owner, text in table.screens():
        if "Type the outcome" in text:
            assert owner in ("seat1", "seat2") and "(e.g." not in text
    assert [p[len(PASS):].split(" ")[0] for p in table.prompts if p.startswith(PASS)][:4] == \
        ["seat1", "seat2", "seat1", "seat2"]
    assert MARKER not in table.seen_by("seat1")


def test_save_in_a_game_with_secrets_saves_the_referee_s_record(tmp_path: Path) -> None:
    path = tmp_path / "blind.json"
    table = Table(planted(to=1, players=2), lambda p: "" if p.startswith(PASS) else
                  (f"save {path}" if not path.exists() else "quit"))
    assert "the full record, every seat's secrets in it" in table.seen_by("seat1")
    assert f"deal {MARKER}" in legatus.read_record(path)["actions"]
    assert legatus.replay(legatus.read_record(path)).view(0) == table.state.view(0)


def test_typed_outcomes_are_read_by_the_game_s_notation() -> None:
    state = legatus.load("blind").new_initial_state()
    assert str(state.parse_outcome(" Deal  3 ")) == "deal 3"
    assert str(state.parse_outcome(" 3")) == "deal 3"  # the card as a real table reads it
    for wrong in ("play 3", "99", "deal"):
        with pytest.raises(NotationError, match=f"'{wrong}' is not a chance outcome here; type one of: deal 1, deal 2.*"
                                                r" \(or its last word alone\)"):
            state.parse_outcome(wrong)


# --- The commands -------------------------------------------------------------------------
def test_options_lists_the_game_s_table() -> None:
    result = invoke("options", "blind")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    players = next(i for i, line in enumerate(lines) if line.split()[:1] == ["players"])
    assert "default 2" in lines[players] and "seats: 2 to 4" in lines[players]
    assert lines[players + 1].split() == ["values:", "2,", "3,", "4"]
    assert any(line.split()[:3] == ["marker", "default", "true"] for line in lines)
    assert "players (2 values) × turns (2 values)" in result.stdout


def test_options_of_hispania_show_the_level_s_parts_and_the_alias() -> None:
    result = invoke("options", "hispania")
    assert "denarii 7|6|5 - garrisons 5|4|3" in result.stdout and "(also --levels)" in result.stdout


@pytest.mark.parametrize("args, words", [
    (["-o", "colour=red"], "unknown option 'colour' for blind; its options: seed, players, cards, turns, marker"),
    (["--colour", "red"], "unknown option '--colour' for blind"),
    (["-o", "players=7"], "players '7' must be a whole number from 2 to 4"),
    (["--players", "two"], "players 'two' must be a whole number from 2 to 4"),
    (["-o", "players"], "-o 'players': write KEY=VALUE"),
    (["--cards"], "--cards needs a value"),
    (["-o", "marker=maybe"], "marker 'maybe' must be true or false"),
    (["-o", "players=4", "-o", "cards=5"], "cards 5 are too few to deal 2 to each of 4 seats"),
    (["stray"], "unexpected argument 'stray'"),
])
def test_play_with_a_bad_option(args: list[str], words: str) -> None:
    assert words in one_error_line(invoke("play", "blind", *args))


def test_options_given_as_flags_and_with_o_are_the_same() -> None:
    by_o = invoke("play", "blind", "-o", "players=3", "-o", "marker=false", "--seed", "2", input="quit\n")
    by_flags = invoke("play", "blind", "--players", "3", "--seed", "2", "-o", "marker=no", input="quit\n")
    assert by_o.exit_code == by_flags.exit_code == 0
    assert by_o.stdout == by_flags.stdout and "Pass the screen to seat1" in by_o.stdout


def test_play_in_a_fresh_process_knows_the_game_from_the_environment() -> None:
    done = subprocess_legatus("play", "blind", "--seats", "seat2=random", "--seed", "4", "-o", "turns=3",
                              input="a\n1\n" * 12 + "quit\n")  # a letter where the cards are listed, else 1
    assert done.returncode == 0, done.stderr
    assert "The game is over: " in done.stdout and "  seat2: " in done.stdout
    assert PASS not in done.stdout and "Goodbye." in done.stdout


def test_options_and_simulate_in_a_fresh_process() -> None:
    assert "cards" in subprocess_legatus("options", "blind").stdout
    done = subprocess_legatus("simulate", "blind", "--games", "12", "--jobs", "2", "--players", "3",
                              "--seats", "seat1=ismcts:10")
    assert done.returncode == 0, done.stderr
    assert "blind players=3 (seat1=ismcts:10, seat2=random, seat3=random): 12 games" in done.stdout
    assert "outcomes: highest score 12" in done.stdout


def test_simulate_counts_first_places(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = invoke("simulate", "blind", "--games", "30", "--backend", "serial", "-o", "players=3", "--seat", "seat2",
                    "--out", str(out))
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    wins = sum("seat2" in r["winners"] for r in rows)
    assert 0 < wins < 30
    assert f"seat2 win rate {wins / 30:.1%}" in result.stdout
    assert "rounds" not in result.stdout  # Blind Hand measures nothing but its length


def test_a_win_is_a_first_place_not_a_positive_return() -> None:
    """A general-sum game may pay the second place too: it did not win."""
    results = [{"returns": [0.3, 0.7], "winners": ["b"], "length": 5, "outcome": "over", "score": 3},
               {"returns": [0.6, 0.4], "winners": ["a"], "length": 7, "outcome": "over", "score": 5}]
    assert summarise(results, "a")["wins"] == 1 and summarise(results, "b")["wins"] == 1
    assert summarise(results, "a")["mean_score"] == 4


def test_sweep_plays_the_game_s_own_grid(tmp_path: Path) -> None:
    out, report = tmp_path / "sweep.jsonl", tmp_path / "report"
    result = invoke("sweep", "blind", "--games", "6", "--backend", "serial", "--out", str(out), "--report", str(report))
    assert result.exit_code == 0, result.output
    head, *rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert head["points"] == [{"players": 2, "turns": 1}, {"players": 2, "turns": 2},
                              {"players": 3, "turns": 1}, {"players": 3, "turns": 2}]
    assert [(r["players"], r["turns"], r["games"]) for r in rows] == [(2, 1, 6), (2, 2, 6), (3, 1, 6), (3, 2, 6)]
    table = (report / "table.md").read_text()
    assert table.splitlines()[0] == "| players | turns | win rate | 95% interval | highest score |"
    assert len(table.splitlines()) == 2 + 4
    assert (report / "heatmap.png").stat().st_size > 1000
    again = invoke("report", str(out), "--out", str(tmp_path / "again"))
    assert again.exit_code == 0 and (tmp_path / "again" / "table.md").read_text() == table


def test_sweep_grid_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "sweep.jsonl"
    result = invoke("sweep", "blind", "--games", "2", "--backend", "serial", "--out", str(out),
                    "--turns", "1", "--grid", "cards=4,8", "-o", "marker=false")
    assert result.exit_code == 0, result.output
    head = json.loads(out.read_text().splitlines()[0])
    assert head["options"] == {"marker": False}
    # players 3 with 4 cards cannot be dealt: that point is left out, and said so.
    assert head["points"] == [{"players": 2, "turns": 1, "cards": 4}, {"players": 2, "turns": 1, "cards": 8},
                              {"players": 3, "turns": 1, "cards": 8}]
    assert "1 point of the grid cannot be played" in result.stdout


@pytest.mark.parametrize("args, words", [
    (["--grid", "cards"], "--grid 'cards': write KEY=V1,V2"),
    (["--grid", "colour=1,2"], "unknown option 'colour' for blind"),
    (["--turns", "1,9"], "turns '9' must be a whole number from 1 to 5"),
    (["-o", "players=4", "-o", "cards=4"], "no point of the grid can be played"),
])
def test_sweep_with_a_bad_grid(tmp_path: Path, args: list[str], words: str) -> None:
    result = invoke("sweep", "blind", "--games", "2", "--backend", "serial", "--out", str(tmp_path / "s.jsonl"), *args)
    assert words in one_error_line(result)


def test_fuzz_with_a_fixed_option(tmp_path: Path) -> None:
    result = invoke("fuzz", "blind", "--games", "40", "--backend", "serial", "-o", "players=4",
                    "--failures", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "blind: 40 games" in result.stdout and "0 failures" in result.stdout
    from legatus.core.fuzz import fuzz_game

    assert fuzz_game("blind", 3, {"players": 4})["options"]["players"] == 4


def test_a_grid_overrides_the_same_option_fixed(tmp_path: Path) -> None:
    out = tmp_path / "sweep.jsonl"
    result = invoke("sweep", "blind", "--games", "2", "--backend", "serial", "--out", str(out),
                    "-o", "cards=8", "-o", "players=2", "--grid", "cards=5,6")
    assert result.exit_code == 0, result.output
    head = json.loads(out.read_text().splitlines()[0])
    assert head["options"] == {"players": 2}
    assert [p["cards"] for p in head["points"]] == [5, 6, 5, 6]
