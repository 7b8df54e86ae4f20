"""Playing in the terminal: ``legatus.terminal.TerminalPlay`` driven by scripted input."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

import legatus
from legatus.cli import app
from legatus.core.session import Session, sample_outcome
from legatus.terminal import HELP, TerminalPlay, action_lines, menu_order
from tests.hispania.helpers import SETUP_EXAMPLE, act

SETUP_DICE, SETUP_DECISIONS = SETUP_EXAMPLE[:8], SETUP_EXAMPLE[8:]


class Script:
    """Input typed line by line; the end of the script is the end of input (EOFError).
    Each prompt is kept with the output printed before it."""

    def __init__(self, lines: Iterable[str], console: Console) -> None:
        self.lines = list(lines)
        self.console = console
        self.prompts: list[str] = []
        self.output_at_prompt: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.output_at_prompt.append(self.console.file.getvalue())
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


class Run:
    def __init__(self, lines: Iterable[str], state: legatus.State | None = None, dice: str = "manual",
                 seed: int = 1) -> None:
        state = state if state is not None else legatus.load("hispania").new_initial_state()
        self.console = Console(file=io.StringIO(), width=200, height=100, highlight=False)
        self.script = Script(lines, self.console)
        self.play = TerminalPlay(Session(state, seed=seed), dice=dice, console=self.console, read=self.script)
        self.code = self.play.run()
        self.output = self.console.file.getvalue()

    @property
    def state(self) -> legatus.State:
        return self.play.state

    @property
    def unread(self) -> list[str]:
        return self.script.lines

    def said_after(self, n: int) -> str:
        """What was printed between prompt ``n`` and prompt ``n + 1`` (0-based)."""
        at = self.script.output_at_prompt
        return (at[n + 1] if n + 1 < len(at) else self.output)[len(at[n]):]


def reference(*actions: str, **options: object) -> legatus.State:
    return act(legatus.load("hispania", **options).new_initial_state(), *actions)


# --- Choosing actions ----------------------------------------------------------------------
def test_choose_by_notation() -> None:
    run = Run(SETUP_EXAMPLE + ["move Corduba", "quit"])
    assert run.code == 0
    assert run.unread == []
    assert run.state.view() == reference(*SETUP_EXAMPLE, "move Corduba").view()
    assert "Goodbye." in run.output


def test_choose_by_number() -> None:
    after_dice = reference(*SETUP_DICE)
    listed = after_dice.legal_actions()
    run = Run(SETUP_DICE + ["1", "quit"])
    assert run.state.history()[-1] == listed[0]
    run = Run(SETUP_DICE + [str(len(listed)), "quit"])
    assert run.state.history()[-1] == listed[-1]


def listed_actions(screen: str) -> dict[int, str]:
    """The numbered actions a screen lists, each as ``state.describe`` writes it, read back from
    their groups: "move (1 denarius):  1 Corduba  3 Emerita" (continued on indented lines), and
    a last line of the actions alone in their kind ("29 garrison  30 end")."""
    listed: dict[int, str] = {}
    label = None
    for line in screen.splitlines():
        if re.match(r"^\S[^:]*:  \d", line):
            label, _, items = line.partition(":  ")
        elif re.match(r"^ {4,}\d", line) and label is not None:
            items = line.strip()
        elif re.match(r"^\d+ \S", line):
            label, items = "", line
        else:
            label = None
            continue
        for item in items.split("  "):
            number, _, text = item.strip().partition(" ")
            kind, _, note = label.partition(" ")
            listed[int(number)] = " ".join(w for w in (kind, text, note) if w)
    return listed


def test_actions_are_listed_numbered_with_their_cost_grouped_by_kind() -> None:
    run = Run(SETUP_EXAMPLE + ["quit"])
    state = reference(*SETUP_EXAMPLE)
    listed = run.said_after(len(SETUP_EXAMPLE) - 1)
    in_order = menu_order(state, state.legal_actions())
    assert listed_actions(listed) == {i + 1: state.describe(a) for i, a in enumerate(in_order)}
    assert re.search(r"^move \(1 denarius\):  1 Corduba  2 Mare Gaditanum", listed, re.M)
    assert state.prompt() in run.script.prompts[len(SETUP_EXAMPLE)]


def test_choose_by_notation_ignores_case() -> None:
    run = Run(SETUP_DICE + ["ROAD emerita - corduba", "quit"])
    assert run.state.history()[-1] == run.state.parse_action("road Corduba-Emerita")


@pytest.mark.parametrize("bad", ["0", "999"])
def test_invalid_number_gets_a_message_and_a_reprompt(bad: str) -> None:
    n = len(reference(*SETUP_DICE).legal_actions())
    run = Run(SETUP_DICE + [bad, "1", "quit"])
    assert f"{bad} is not in the list; type 1 to {n}" in run.said_after(len(SETUP_DICE))
    # The same question again, and the next line answers it.
    assert run.script.prompts[len(SETUP_DICE) + 1] == run.script.prompts[len(SETUP_DICE)]
    assert len(run.state.history()) == len(SETUP_DICE) + 1


def test_invalid_notation_gets_a_message_and_a_reprompt() -> None:
    run = Run(SETUP_EXAMPLE + ["mvoe Corduba", "move Corduba", "quit"])
    said = run.said_after(len(SETUP_EXAMPLE))
    assert "'mvoe Corduba' is not an action of this game; did you mean 'move Corduba'?" in said
    assert run.script.prompts[len(SETUP_EXAMPLE) + 1] == run.script.prompts[len(SETUP_EXAMPLE)]
    assert str(run.state.history()[-1]) == "move Corduba"


def test_illegal_action_gets_the_reason_and_a_reprompt() -> None:
    run = Run(SETUP_EXAMPLE + ["move Regina", "quit"])
    assert "'move Regina' is illegal: Regina is in revolt (R10)" in run.said_after(len(SETUP_EXAMPLE))
    assert run.state.view() == reference(*SETUP_EXAMPLE).view()


# --- Commands ------------------------------------------------------------------------------
def test_undo_takes_back_the_last_decision() -> None:
    run = Run(SETUP_EXAMPLE + ["move Corduba", "undo", "quit"])
    assert "Undone: move Corduba" in run.output
    assert run.state.view() == reference(*SETUP_EXAMPLE).view()
    assert run.state.history() == reference(*SETUP_EXAMPLE).history()


def test_undo_then_another_choice() -> None:
    run = Run(SETUP_EXAMPLE + ["move Corduba", "undo", "move Emerita", "quit"])
    assert run.state.view() == reference(*SETUP_EXAMPLE, "move Emerita").view()


def test_undo_at_the_dice_prompt_takes_back_the_decision_that_called_for_them() -> None:
    run = Run(SETUP_EXAMPLE + ["move Corduba", "besiege Regina 2", "undo", "quit"])
    assert "Undone: besiege Regina 2" in run.output
    assert run.state.view() == reference(*SETUP_EXAMPLE, "move Corduba").view()
    assert "Roll the Roman die for the siege of Regina" in run.script.prompts[-3]
    assert "has 5 denarii" in run.script.prompts[-2]  # back at the decision (then quit asks)


def test_undo_across_dice_legatus_rolled_is_refused() -> None:
    state = reference(*SETUP_EXAMPLE, "move Corduba")
    run = Run(["besiege Regina 2", "undo", "quit"], state=state, dice="auto")
    assert "nothing to undo" in run.output
    assert len(run.state.history()) == len(SETUP_EXAMPLE) + 3


def test_a_typed_roll_is_corrected_by_undo_before_the_next_decision() -> None:
    """Issue 15, point 3: a die typed at a real table is no secret; a typo in it is undone."""
    run = Run(SETUP_EXAMPLE + ["move Corduba", "besiege Regina 2", "roll IV", "undo", "roll II", "quit"])
    assert "Undone: roll IV" in run.output
    assert "Roll the Roman die for the siege of Regina" in run.script.prompts[len(SETUP_EXAMPLE) + 4]
    assert run.state.view() == reference(*SETUP_EXAMPLE, "move Corduba", "besiege Regina 2", "roll II").view()


def test_a_typed_roll_stands_once_a_decision_follows_it() -> None:
    run = Run(SETUP_EXAMPLE + ["move Corduba", "besiege Regina 2", "roll IV", "end", "undo", "undo", "quit"])
    assert "Undone: end" in run.output and "nothing to undo" in run.output  # the decision, not the die
    assert [str(a) for a in run.state.history()] == [*SETUP_EXAMPLE, "move Corduba", "besiege Regina 2", "roll IV"]


def test_only_the_last_typed_roll_is_corrected() -> None:
    """Two dice typed in a row: undo takes back the second, a second undo is refused."""
    run = Run(SETUP_DICE[:2] + ["undo", "undo", "quit"])
    assert "Undone: roll 5" in run.output and "nothing to undo" in run.output
    assert [str(a) for a in run.state.history()] == SETUP_DICE[:1]


def test_help_prints_the_help() -> None:
    run = Run(SETUP_EXAMPLE + ["help", "quit"])
    assert HELP.split("\n", 2)[2] in run.output
    assert "save FILE" in run.output and "undo" in run.output


def test_help_fits_80_columns_and_gives_the_game_s_own_examples() -> None:
    """Issue 32, point 6: the examples are this position's own actions, every line fits."""
    run = Run(SETUP_EXAMPLE + ["help", "quit"])
    said = run.said_after(len(SETUP_EXAMPLE))
    first = [str(a) for a in reference(*SETUP_EXAMPLE).legal_actions()[:2]]
    assert f'e.g. "{first[0]}" or "{first[1]}"' in said
    assert max(len(line) for line in said.splitlines()) <= 80


def test_log_prints_the_last_lines() -> None:
    run = Run(SETUP_EXAMPLE + ["log 2", "quit"])
    log = reference(*SETUP_EXAMPLE).view()["log"]
    said = run.said_after(len(SETUP_EXAMPLE))
    assert said.splitlines()[:2] == [f"  {line}" for line in log[-2:]]


def test_log_wraps_long_lines_indented_and_without_n_fits_the_window() -> None:
    """Issue 32: a log line wider than the screen goes on indented ("    "), never split into
    what reads as two lines; plain ``log`` prints the newest lines that fit above the prompt,
    wrapped rows counted, after a line saying how to read the rest."""
    from legatus.core.agents import make_agent

    game = legatus.load("hispania", variants=["hispano"], seed=4)
    state = game.new_initial_state()
    agents = [make_agent(game, "heuristic", seed=s) for s in range(game.num_players())]
    rng = random.Random(4)
    while (state.is_chance_node() or len(state.view()["log"]) < 40
           or max(len(line) for line in state.view()["log"][-15:]) <= 80):
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else
                           agents[state.current_player()].choose(state))
    console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
    script = Script(["log", "log 40"], console)
    TerminalPlay(Session(state), console=console, read=script).run()
    fits, asked = (script.output_at_prompt[i + 1][len(script.output_at_prompt[i]):] for i in (0, 1))
    prompt_rows = len(Text.from_markup(script.prompts[0]).wrap(console, 80))  # its "> " line too
    assert len(fits.splitlines()) + prompt_rows <= 24 and fits.startswith("  … ")
    lines = asked.splitlines()
    assert max(len(line) for line in lines) <= 80
    continued = [line for line in lines if not line.startswith("  ") or line.startswith("    ")]
    assert continued and all(line.startswith("    ") for line in continued)
    entries: list[list[str]] = []  # each log line's rows, put back together
    for line in lines:
        if line.startswith("    "):
            entries[-1].append(line.strip())
        else:
            entries.append([line.strip()])
    assert [" ".join(rows) for rows in entries] == [" ".join(line.split()) for line in state.view()["log"][-40:]]


def test_board_draws_the_board_again() -> None:
    run = Run(SETUP_EXAMPLE + ["board", "quit"])
    said = run.said_after(len(SETUP_EXAMPLE))
    assert "Roads placed: " in said and "Emerita" in said.split("Roads placed: ")[1].splitlines()[0]
    assert "Round 1, turn I (praetor of Ulterior)" in said


def test_quit_exits_zero() -> None:
    run = Run(["quit", "roll 4"])
    assert run.code == 0
    assert run.unread == ["roll 4"]  # nothing read after quit
    assert run.state.history() == []
    assert run.output.rstrip().endswith("Goodbye.")


def test_end_of_input_exits_cleanly() -> None:
    run = Run(SETUP_DICE)
    assert run.code == 0
    assert len(run.state.history()) == len(SETUP_DICE)
    assert run.output.rstrip().endswith("Goodbye.")


def test_end_of_input_through_the_command() -> None:
    result = CliRunner().invoke(app, ["play", "hispania", "--seed", "2"], input="")
    assert result.exit_code == 0
    assert "Goodbye." in result.stdout


def test_save_then_load_continues_from_the_same_position(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run = Run(SETUP_EXAMPLE + ["move Corduba", f"save {path}", "quit"])
    assert f"Saved to {path}; continue with: legatus play --load {path}" in run.output
    saved = legatus.read_record(path)
    assert saved == legatus.to_record(run.state, players={})  # who sat where: one person
    # Continue it with the command; save it again from there: the same position.
    again = tmp_path / "again.json"
    result = CliRunner().invoke(app, ["play", "--load", str(path), "--dice", "manual"],
                                input=f"save {again}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "the praetor of Ulterior in Corduba has 5 denarii" in result.stdout
    assert legatus.replay(legatus.read_record(again)).view() == run.state.view()
    # And it goes on from there as the uninterrupted game would.
    loaded = Run(["besiege Regina 2", "roll VI", "quit"], state=legatus.replay(saved))
    going_on = Run(SETUP_EXAMPLE + ["move Corduba", "besiege Regina 2", "roll VI", "quit"])
    assert loaded.state.view() == going_on.state.view()


def test_save_at_a_dice_prompt(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run = Run(SETUP_EXAMPLE[:3] + [f"save {path}", "quit"])
    assert legatus.read_record(path)["actions"] == SETUP_EXAMPLE[:3]
    assert run.code == 0


def test_save_without_a_file_name() -> None:
    run = Run(SETUP_EXAMPLE + ["save", "quit"])
    assert "save needs a file name: save FILE" in run.output


def test_save_to_a_missing_folder_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "no" / "such" / "game.json"
    run = Run(SETUP_EXAMPLE + [f"save {path}", "quit"])
    assert f"cannot save to {path}" in run.output
    assert run.code == 0
    assert not path.exists()


def test_after_the_end_of_the_game(tmp_path: Path) -> None:
    rng = random.Random(0)
    state = legatus.load("hispania").new_initial_state()
    while not state.is_terminal():
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    path = tmp_path / "over.json"
    run = Run(["1", f"save {path}", "quit"], state=state)
    assert run.code == 0
    assert state.prompt() in run.output
    assert "type save FILE, log, board or quit" in run.output
    assert legatus.read_record(path) == legatus.to_record(state, players={})
    assert all("The game is over" in p for p in run.script.prompts)


# --- Manual dice ---------------------------------------------------------------------------
@pytest.mark.parametrize("hispanic", ["roll 4", "4", " Roll 4 "])
def test_manual_hispanic_die(hispanic: str) -> None:
    run = Run([hispanic, "quit"])
    assert [str(a) for a in run.state.history()] == ["roll 4"]


@pytest.mark.parametrize("roman, expected", [("roll II", "roll II"), ("II", "roll II"), ("ii", "roll II"),
                                             ("2", "roll II"), ("roll 5", "roll V")])
def test_manual_roman_die(roman: str, expected: str) -> None:
    run = Run(SETUP_DICE[:6] + [roman, "quit"])
    assert str(run.state.history()[-1]) == expected


@pytest.mark.parametrize("both", ["IV-3", "roll IV-3", "4-3", "4 3", "roll 4-3", "iv-3", " ROLL iv-3 "])
def test_manual_roman_and_hispanic_dice(both: str) -> None:
    # After the praetor of Ulterior ends his phase, the Hispanic revolt roll (R16) wants both dice.
    run = Run(SETUP_EXAMPLE + ["end", both, "quit"])
    assert str(run.state.history()[len(SETUP_EXAMPLE) + 1]) == "roll IV-3"


@pytest.mark.parametrize("impossible", ["7", "roll 7", "0", "roll VII", "IV", "move Corduba", ""])
def test_manual_hispanic_die_rejects_an_impossible_roll(impossible: str) -> None:
    run = Run([impossible, "roll 4", "quit"])
    said = run.said_after(0)
    assert f"'{impossible}' is not a roll here; type one of: roll 1, roll 2, roll 3, roll 4, roll 5, roll 6" in said
    assert run.script.prompts[1] == run.script.prompts[0]  # asked again
    assert [str(a) for a in run.state.history()] == ["roll 4"]


@pytest.mark.parametrize("both", ["roll IV - 3", "IV - 3", "4 - 3"])
def test_manual_dice_accept_spaces_around_the_dash(both: str) -> None:
    run = Run(SETUP_EXAMPLE + ["end", both, "quit"])
    assert str(run.state.history()[len(SETUP_EXAMPLE) + 1]) == "roll IV-3"


@pytest.mark.parametrize("impossible", ["IV-7", "7-3", "4", "roll IV", "roll 0-0", "3-"])
def test_manual_double_roll_rejects_an_impossible_roll(impossible: str) -> None:
    run = Run(SETUP_EXAMPLE + ["end", impossible, "quit"])
    assert f"'{impossible}' is not a roll here" in run.output
    assert len(run.state.history()) == len(SETUP_EXAMPLE) + 1


def test_impossible_roman_roll_lists_the_outcomes_in_notation() -> None:
    run = Run(SETUP_DICE[:6] + ["VII", "roll II", "quit"])
    assert "'VII' is not a roll here; type one of: roll I, roll II, roll III, roll IV, roll V, roll VI" in run.output


def _first_draw(game: str, kind: str) -> legatus.State:
    """The first chance node of a random game whose outcomes read ``kind …``."""
    state, rng = legatus.load(game).new_initial_state(), random.Random(1)
    while not (state.is_chance_node() and str(state.chance_outcomes()[0][0]).startswith(kind + " ")):
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game, kind, typed, expected", [
    ("hannibal", "roll", "6", "roll 6"), ("hannibal", "roll", " Roll 6", "roll 6"),
    ("hannibal", "draw", "16", "draw #16"), ("hannibal", "draw", "#16", "draw #16"),
    ("hannibal", "elect", "fabius", "elect Fabius"),
    ("viae", "die", "2", "die 2"), ("viae", "castra", "ca05", "castra CA05")])
def test_a_die_or_card_typed_alone_is_read_as_the_outcome_it_ends(game: str, kind: str, typed: str,
                                                                   expected: str) -> None:
    # A real table reads "6" off the die and "#16" off the card; "roll 6" was asked for.
    assert str(_first_draw(game, kind).parse_outcome(typed)) == expected


@pytest.mark.parametrize("typed", ["7", "roll", "", "#"])
def test_a_typed_word_no_outcome_ends_in_alone_is_refused_with_the_outcomes(typed: str) -> None:
    outcomes = "type one of: roll 1, roll 2, .*, roll 6 \\(or its last word alone\\)"
    with pytest.raises(legatus.NotationError, match=outcomes):
        _first_draw("hannibal", "roll").parse_outcome(typed)


def test_manual_dice_prompt_says_which_dice() -> None:
    run = Run(SETUP_EXAMPLE + ["move Corduba", "besiege Regina 2", "quit"])
    prompt = run.script.prompts[-2]
    assert "Roll the Roman die for the siege of Regina." in prompt
    assert "roll I, roll II, roll III" in prompt


# --- The log -------------------------------------------------------------------------------
def printed_log_lines(output: str, log: list[str]) -> list[str]:
    known = set(log)
    return [line[2:] for line in output.splitlines() if line.startswith("  ") and line[2:] in known]


def test_hispanic_phase_prints_one_log_line_per_step() -> None:
    # The revolt roll (R16), then the armies of Segobriga and Asturica move in turn (R18): the
    # one in Segobriga has one way, the one in Asturica two, so it waits for a Hispanic die.
    steps = ["end", "roll I-5", "roll 6"]
    run = Run(SETUP_EXAMPLE + ["end", "I-5", "6", "quit"])
    logs = [reference(*SETUP_EXAMPLE, *steps[:k]).view()["log"] for k in range(len(steps) + 1)]
    assert run.state.view() == reference(*SETUP_EXAMPLE, *steps).view()
    n = len(SETUP_EXAMPLE)
    for k in range(len(steps)):
        new_lines = logs[k + 1][len(logs[k]):]
        assert new_lines, steps[k]
        # Each step's lines are printed once, as soon as the step is played, before the next question.
        assert printed_log_lines(run.said_after(n + k), logs[-1]) == new_lines, steps[k]
    revolt_step = logs[2][len(logs[1]):]
    assert "Ilerda" in revolt_step[0]
    assert any("Segobriga" in line for line in revolt_step[1:])
    assert "Asturica" in run.script.prompts[n + 2] and "roll the Hispanic die" in run.script.prompts[n + 2]
    assert any("Lucus" in line for line in logs[3][len(logs[2]):])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_log_line_is_printed_once_in_order(seed: int) -> None:
    """With legatus rolling the dice, a few turns of 'end': the printed log is the game's log."""
    start = reference(*SETUP_EXAMPLE)
    run = Run(["end"] * 6 + ["quit"], state=start.clone(), dice="auto", seed=seed)
    log = run.state.view()["log"]
    assert len(log) > len(start.view()["log"]) + 6
    shown = printed_log_lines(run.output, log)
    first = max(0, len(start.view()["log"]) - 12)  # a game that is loaded shows its last 12 lines
    assert shown == log[first:]


def test_undone_log_lines_are_not_shown_twice() -> None:
    run = Run(SETUP_EXAMPLE + ["move Corduba", "undo", "move Corduba", "end", "I-5", "6", "quit"])
    log = run.state.view()["log"]
    shown = printed_log_lines(run.output, log)
    before, after = (reference(*SETUP_EXAMPLE, *m).view()["log"] for m in ([], ["move Corduba"]))
    [move_line] = after[len(before):]
    # The move is shown when played, and again when played again after the undo; nothing else twice.
    assert shown.count(move_line) == 2
    shown.remove(move_line)
    assert shown == log


# --- Agents at the table ------------------------------------------------------------------------
def test_a_seat_given_to_an_agent_plays_itself_and_says_why_once_with_the_move() -> None:
    """Issue 32: one line an agent's move, the game's own line for it with the agent's reason;
    never "hispania (AI) plays revolts Lucus — …" and then "Setup: the Hispano places Lucus"."""
    from legatus.core.agents import make_agent

    game = legatus.load("hispania", variants=["hispano"], seed=4)
    session = Session(game.new_initial_state(), seed=4)
    out = io.StringIO()
    answers = iter(["1"] * 400)

    def read(prompt: str) -> str:
        return "quit" if "The game is over" in prompt else next(answers, "quit")

    agent = make_agent(game, "heuristic", seed=1)
    reasons: list[str] = []
    choose = agent.choose

    def choosing(state: legatus.State) -> legatus.Action:
        action = choose(state)
        reasons.append(agent.reason)
        return action

    agent.choose = choosing  # type: ignore[method-assign]
    TerminalPlay(session, console=Console(file=out, width=1000, height=1000), read=read, agents={1: agent}).run()
    said = out.getvalue()
    log = session.state.view()["log"]
    moves = [line for line in said.splitlines() if " — AI: " in line]
    assert len(reasons) >= 5 and len(moves) == len(reasons), said
    assert [m.partition(" — AI: ")[2] for m in moves] == reasons
    assert all(m.removeprefix("  ").partition(" — AI: ")[0] in log for m in moves)  # the game's own line
    assert "(AI) plays" not in said



def test_an_agent_that_cannot_decide_is_asked_again_then_stops_the_game_saying_why() -> None:
    from legatus.core.agents import make_agent

    game = legatus.load("hispania", variants=["hispano"], seed=4)
    session = Session(game.new_initial_state(), seed=4)
    agent = make_agent(game, "heuristic", seed=1)
    calls: list[int] = []

    def failing(state: legatus.State) -> legatus.Action:
        calls.append(len(state.history()))
        raise RuntimeError("no input fits")

    agent.choose = failing  # type: ignore[method-assign]
    out = io.StringIO()
    answers = iter(["1"] * 400)
    play = TerminalPlay(session, console=Console(file=out, width=200), read=lambda _: next(answers, "quit"),
                        agents={1: agent})
    assert play.run() == 1
    said = out.getvalue()
    assert len(calls) == 3 and len(set(calls)) == 1  # AGENT_TRIES, at the same position
    assert "The agent of hispania could not decide (3 tries): no input fits." in said
    assert "Traceback" not in said and "nothing was saved" in said


def test_a_failing_agent_s_words_stay_off_the_screen_in_a_game_with_secrets() -> None:
    # The exception may name the cards the agent's seat holds: the screen gets its kind only.
    from legatus.core.agents import make_agent

    game = legatus.load("viae", players=2)
    agent = make_agent(game, "random", seed=1)

    def failing(state: legatus.State) -> legatus.Action:
        raise RuntimeError("it holds AQUILA")

    agent.choose = failing  # type: ignore[method-assign]
    out = io.StringIO()
    answers = iter(["1"] * 400)
    play = TerminalPlay(Session(game.new_initial_state(), seed=2), console=Console(file=out, width=200),
                        read=lambda _: next(answers, "quit"), agents={1: agent})
    assert play.run() == 1
    said = out.getvalue()
    assert "The agent of seat2 could not decide (3 tries): RuntimeError." in said and "AQUILA" not in said


def test_hint_shows_the_strongest_agent_s_move_and_win_chance() -> None:
    session = Session(act(legatus.load("hispania", seed=2).new_initial_state(), *SETUP_EXAMPLE), seed=2)
    out = io.StringIO()
    answers = iter(["hint", "quit"])
    TerminalPlay(session, console=Console(file=out, width=200), read=lambda p: next(answers)).run()
    said = out.getvalue()
    # Issue 15, point 5: the visit count is said to be a count of games, not a second chance.
    # The hint names the agent it asks (the game's HINT_AGENT).
    spec = re.escape(legatus.load("hispania").HINT_AGENT)
    assert re.search(rf"Hint \({spec}\): .+ — win chance \d+%, estimated from the \d+ of \d+ simulated games "
                     r"that tried it",
                     said), said


def test_a_hint_shared_among_two_workers_is_the_same_at_each_asking_and_its_workers_end_with_the_game() -> None:
    # Issue 35: --hint-workers 2; the workers are kept from one hint to the next, and seeded by
    # the position, so the same position gets the same hint.
    session = Session(act(legatus.load("hispania", seed=2).new_initial_state(), *SETUP_EXAMPLE), seed=2)
    out = io.StringIO()
    answers = iter(["hint", "hint", "quit"])
    play = TerminalPlay(session, console=Console(file=out, width=200), read=lambda p: next(answers), hint_workers=2)
    play.run()
    hints = [line for line in out.getvalue().splitlines() if line.startswith("Hint (")]
    assert len(hints) == 2 and hints[0] == hints[1] and "win chance" in hints[0], out.getvalue()
    kept = play.hints._kept
    assert kept is not None and kept.parallel._pool is None  # type: ignore[attr-defined]


def test_cli_play_with_seats(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "hispania", "--seed", "3", "--seats", "rome=heuristic"], input="quit\n")
    assert result.exit_code == 0
    assert "The game is over" in result.stdout  # every seat the agent's: it played to the end
    result = CliRunner().invoke(app, ["play", "hispania", "--seed", "3", "-o", "variants=hispano",
                                      "--seats", "hispania=heuristic"], input="quit\n")
    assert result.exit_code == 0
    assert " — AI: " in " ".join(result.stdout.split())  # its moves with its reasons, however wrapped
    bad = CliRunner().invoke(app, ["play", "hispania", "--seats", "rome=chess"])
    assert bad.exit_code == 2 and "unknown agent 'chess'" in bad.stderr


# --- A screen that fits (issue 15, point 1) ------------------------------------------------
class Window:
    """A console of ``width``×``height`` and a player who, at each decision, reads only the
    last ``height`` rows (the terminal's window) before typing: ``more`` when the screen says
    so, then a random legal action. Each decision's window is kept with what it should show."""

    def __init__(self, width: int, height: int, seed: int) -> None:
        self.console = Console(file=io.StringIO(), width=width, height=height, highlight=False)
        self.height = height
        self.rng = random.Random(seed)
        self.seen: list[tuple[str, dict[int, str], dict[int, str], str, str]] = []
        self.play: TerminalPlay | None = None
        self._more: str | None = None
        self.catch_ups: list[str] = []  # the pages of news before a decision, as the window showed them

    def __call__(self, prompt: str) -> str:
        self.console.print(prompt, end="")  # as console.input shows it
        assert self.play is not None
        state = self.play.state
        if len(self.seen) == 40 or state.current_player() < 0:  # enough, or the game is over
            raise EOFError
        rows = self.console.file.getvalue().split("\n")[-self.height:]
        blank = [i for i, row in enumerate(rows) if not row.strip()]  # a screen begins with one
        window = "\n".join(rows[blank[-1] if blank else 0:])
        if prompt.startswith("Press Enter for your decision"):  # the catch-up page: read, then on
            self.catch_ups.append(window)
            self.console.print("")
            return ""
        if self._more is None and "more lines of actions: type more" in window:
            self._more = window
            self.console.print("more")
            return "more"
        listed = {**listed_actions(self._more or ""), **listed_actions(window)}
        window, self._more = self._more or window, None  # the screen as it came, before "more"
        actions = menu_order(state, state.legal_actions())
        # the keys as the screen gave them: in order down the screen, then down ``more``
        expected = {int(key): state.describe(actions[j]) for j, key in enumerate(self.play._keys)}
        self.seen.append((window, listed, expected, state.prompt(), state.view()["log"][-1]))
        self.console.print("")
        return str(self.rng.randrange(len(expected)) + 1)


@pytest.mark.parametrize(("width", "height"), [(80, 24), (160, 48)])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_decision_fits_the_window(width: int, height: int, seed: int) -> None:
    """At each decision the window shows the prompt, the last thing that happened right above
    it and every legal action numbered (those the screen had no room for one ``more`` away)."""
    window = Window(width, height, seed)
    state = legatus.load("hispania", seed=seed).new_initial_state()
    window.play = TerminalPlay(Session(state, seed=seed), dice="auto", console=window.console, read=window)
    window.play.run()
    assert len(window.seen) >= 15  # the setup, turns and Hispanic phases: random play loses soon
    for shown, listed, expected, prompt, last in window.seen:
        lines = shown.split("\n")
        flat = " ".join(shown.split())
        assert " ".join(prompt.split()) in flat
        assert listed == expected
        # The last log line is among the few rows right above the prompt.
        above = " ".join(" ".join(lines[-12:]).split())
        assert " ".join(last.split()) in above, shown
    if height == 48:
        assert not any("type more" in shown for shown, *_ in window.seen)


@pytest.mark.parametrize("seed", [1, 2])
def test_news_taller_than_the_decision_s_rows_comes_first_whole_on_a_catch_up_page_at_80_by_24(seed: int) -> None:
    """Play review: at 80×24 a decision with many choices kept a row or two for the news, so a
    revolt's dice, an army's march, the end of a round hid behind "… N earlier lines: type log
    N". Where more happened than the decision's screen has rows for, a page of it comes first
    (``more`` for the next): every log line is on the screen once played, each page fits."""
    window = Window(80, 24, seed)
    state = legatus.load("hispania", seed=seed).new_initial_state()
    window.play = TerminalPlay(Session(state, seed=seed), dice="auto", console=window.console, read=window)
    window.play.run()
    log = window.play.state.view()["log"]
    last = max(i for i, line in enumerate(log) if line == window.seen[-1][4])  # the newest at the last decision
    printed = " ".join(window.console.file.getvalue().split())
    assert [line for line in log[:last + 1] if " ".join(line.split()) not in printed] == []
    assert window.catch_ups and all(page.lstrip("\n").startswith(("What happened since your last decision:",
                                                                   "What happened so far:"))
                                    for page in window.catch_ups)
    assert all(len(page.split("\n")) <= 24 for page in window.catch_ups)


def test_news_before_the_dice_or_the_end_that_the_rows_cannot_hold_comes_a_page_at_a_time() -> None:
    """Play review: before typed dice and at the game's end the news kept its newest lines only;
    now its first page, ``more`` for the next, every line once."""
    console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
    play = TerminalPlay(Session(reference(*SETUP_EXAMPLE), seed=1), console=console, read=lambda prompt: "")
    news = [f"event {i}: something that happened in the game, told at some length to wrap it" for i in range(30)]
    play._pending = list(news)
    play._flush_log()
    first = console.file.getvalue().splitlines()
    assert len(first) <= 24 - 4 and first[-1].startswith("… ") and first[-1].endswith("more lines: type more")
    assert play._command("more")
    printed = " ".join(console.file.getvalue().split())
    assert all(f"{line} " in printed or printed.endswith(line) for line in news)
    assert "type log" not in printed


# --- The map (issue 15, point 2) -----------------------------------------------------------
def test_map_lists_every_link_with_segments_and_roads() -> None:
    run = Run(SETUP_EXAMPLE + ["map", "quit"])
    said = run.said_after(len(SETUP_EXAMPLE))
    assert "  1 Gades: " in said and "Corduba 1 road" in said  # a printed road
    assert "Emerita 3 road" in said  # the road placed in the setup example (R7)
    state = reference(*SETUP_EXAMPLE)
    assert sum(line.count(",") + 1 for line in said.splitlines() if re.match(r"^  \d \w", line)) \
        == 2 * len(state.game.board.links)  # every link, from both ends


def test_near_lists_the_neighbours_with_the_cost_from_the_general() -> None:
    run = Run(SETUP_EXAMPLE + ["near corduba", "near Cordova", "quit"])
    said = run.said_after(len(SETUP_EXAMPLE))
    assert "Corduba (Ulterior-2), cost for the praetor of Ulterior from Gades: 1 denarius" in said
    assert "  neighbour, segments, road, river — what the general pays to get there" in said
    assert "  Gades 1 road — the general is here" in said
    assert "  Regina 3 — no way" in said  # Regina is in revolt (R10)
    assert "near 'Cordova': no space of that name" in run.said_after(len(SETUP_EXAMPLE) + 1)


def test_help_lists_the_game_s_own_commands() -> None:
    run = Run(SETUP_EXAMPLE + ["help", "quit"])
    assert "near CITY" in run.output and "map" in run.output


# --- Saving (issue 15, point 4) ------------------------------------------------------------
def test_save_asks_before_replacing_a_file(tmp_path: Path) -> None:
    path = tmp_path / "game1.json"
    path.write_text("precious", encoding="utf-8")
    run = Run(SETUP_EXAMPLE + [f"save {path}", "n", f"save {path}", "y", "quit"])
    assert f"{path} exists: replace it?" in run.script.prompts[len(SETUP_EXAMPLE) + 1]
    assert f"Not saved: {path} is kept as it was." in run.output
    assert legatus.read_record(path)["actions"] == SETUP_EXAMPLE
    assert run.script.prompts[-1].startswith("[bold]Round 1")  # quit after the save asks nothing


def test_saving_again_to_the_same_file_asks_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run = Run(SETUP_EXAMPLE + [f"save {path}", "move Corduba", f"save {path}", "quit"])
    assert not any("replace it?" in p for p in run.script.prompts)
    assert legatus.read_record(path)["actions"] == [*SETUP_EXAMPLE, "move Corduba"]


def test_quit_with_moves_not_saved_asks_first() -> None:
    run = Run(SETUP_EXAMPLE + ["quit", "no", "move Corduba", "quit", "quit"])
    assert "Leave without saving?" in run.script.prompts[len(SETUP_EXAMPLE) + 1]
    assert "Staying in the game." in run.output
    assert str(run.state.history()[-1]) == "move Corduba"
    assert run.unread == [] and "Goodbye." in run.output


@pytest.mark.parametrize("answer", ["y", "yes"])
def test_only_quit_again_leaves(answer: str) -> None:
    """Issue 32, point 6: the question says "Type quit again to leave, anything else to stay"."""
    run = Run(SETUP_EXAMPLE + ["move Corduba", "quit", answer, "end", "quit", "quit"])
    assert "Staying in the game." in run.output
    assert str(run.state.history()[len(SETUP_EXAMPLE) + 1]) == "end"


def test_quit_may_save_first(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run = Run(SETUP_EXAMPLE + ["quit", f"save {path}"])
    assert legatus.read_record(path)["actions"] == SETUP_EXAMPLE
    assert "Goodbye." in run.output


def test_ctrl_c_at_a_prompt_asks_like_quit() -> None:
    lines = iter(SETUP_EXAMPLE)

    def read(prompt: str) -> str:
        line = next(lines, None)
        if line is None:
            raise KeyboardInterrupt
        return line

    prompts: list[str] = []
    console = Console(file=io.StringIO(), width=200, height=100)
    TerminalPlay(Session(legatus.load("hispania").new_initial_state()), dice="manual", console=console,
                 read=lambda p: prompts.append(p) or read(p)).run()
    assert "Leave without saving?" in prompts[-1]  # the first Ctrl-C asked, the second left
    assert "Goodbye." in console.file.getvalue()


def test_a_loaded_game_is_saved_as_it_stands(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    legatus.write_record(reference(*SETUP_EXAMPLE), path)
    state = legatus.replay(legatus.read_record(path))
    prompts: list[str] = []
    answers = iter(["quit"])
    TerminalPlay(Session(state), console=Console(file=io.StringIO(), width=200, height=100),
                 read=lambda p: prompts.append(p) or next(answers), saved=path).run()
    assert len(prompts) == 1  # quit asked nothing: nothing to lose


def test_the_prompt_names_only_the_kinds_of_action_open_now() -> None:
    """Issue 32, point 6: at Gades in the setup example nothing can be besieged or attacked."""
    state = reference(*SETUP_EXAMPLE)
    kinds = {str(a).split()[0] for a in state.legal_actions()}
    assert "besiege" not in kinds and "attack" not in kinds
    assert state.prompt().endswith("has 6 denarii: move, fleet, garrison or end.")


def test_a_lone_cost_stays_with_its_kind_in_order_and_one_word_actions_are_never_hidden() -> None:
    """Issue 32, point 6: a move of a cost no other move has is listed among the moves (it was
    moved to the last line, the numbers jumping), and "garrison" and "end" stay on the screen
    however little room the actions have (they hid behind ``more``)."""
    state = reference(*SETUP_EXAMPLE)
    in_order = menu_order(state, state.legal_actions())
    lines = [Text.from_markup(line).plain for block in action_lines(state, in_order, 80) for line in block]
    assert "move:  7 Basti (2 denarii)  8 Termes (6 denarii)" in lines
    numbers = [int(n) for line in lines for n in re.findall(r"(?:^|  |:  )(\d+) ", line)]
    assert numbers == list(range(1, len(in_order) + 1))  # in order, none left out
    assert lines[-1].startswith(f"{len(in_order) - 1} garrison  {len(in_order)} end")
    window = Console(file=io.StringIO(), width=80, height=12, highlight=False)
    answers = iter(["quit", "quit"])
    TerminalPlay(Session(state.clone()), console=window, read=lambda _: next(answers)).run()
    screen = window.file.getvalue()
    assert "more lines of actions: type more" in screen
    assert re.search(r"\d+ garrison  \d+ end", screen)


def test_an_action_of_one_word_beside_longer_ones_of_its_kind() -> None:
    """"garrison" and "garrison purple" (Legio Hispana) both listed: the word alone has no group."""
    game = legatus.load("hispania")
    fake = SimpleNamespace(menu_text=str, action_kind=lambda notation: notation.split(" ", 1)[0])
    actions = [game.actions[i] for i in range(len(game.actions))
               if str(game.actions[i]) in ("garrison", "garrison purple", "end", "move Corduba", "move Gades")]
    lines = [Text.from_markup(line).plain for block in action_lines(fake, actions, 80) for line in block]
    listed = listed_actions("\n".join(lines))
    assert listed == {i + 1: str(a) for i, a in enumerate(actions)}


def test_a_short_labels_continued_lines_start_under_its_first_action() -> None:
    """Play review: "stone:  a 0 (…)" went on at column 4 ("    b 1 (…)"), out of the keys'
    column; a long label, or an item too wide for its column, still goes on at 4."""
    game = legatus.load("hispania")
    fake = SimpleNamespace(menu_text=str, action_kind=lambda notation: notation.split(" ", 1)[0])
    moves = [a for a in (game.actions[i] for i in range(len(game.actions))) if str(a).startswith("move ")][:12]
    lines = [Text.from_markup(line).plain for block in action_lines(fake, moves, 80) for line in block]
    assert lines[0].startswith("move:  1 ") and len(lines) > 1
    assert all(line.startswith(" " * 7) and line[7].isdigit() for line in lines[1:])
    fake.action_kind = lambda notation: "a kind of long name"
    lines = [Text.from_markup(line).plain for block in action_lines(fake, moves, 80) for line in block]
    assert lines[0].startswith("a kind of long name:  1 ")
    assert all(line.startswith("    ") and line[4].isdigit() for line in lines[1:])


def test_an_agents_worker_processes_start_when_the_game_starts_not_in_its_first_decision() -> None:
    from legatus.core.agents import make_agent

    game = legatus.load("hispania", variants=["hispano"], seed=4)
    session = Session(game.new_initial_state(), seed=4)
    agent = make_agent(game, "mcts:20@2", seed=1)
    started: list[int] = []
    agent.parallel.warm = lambda: started.append(len(session.state.history()))  # type: ignore[union-attr]
    play = TerminalPlay(session, console=Console(file=io.StringIO(), width=200), read=lambda _: "quit",
                        agents={1: agent})
    play.run()
    assert started == [0]  # before any decision, once


@pytest.mark.parametrize("at_a_terminal", [True, False])
def test_ctrl_d_at_a_terminal_asks_like_quit_and_input_piped_in_ends_the_game(monkeypatch, at_a_terminal) -> None:
    """Ctrl-D typed at a terminal is a stray key: it asks first, as quit and Ctrl-C do (a second
    one leaves); input piped in that ends leaves at once, saying what was not saved."""
    monkeypatch.setattr("sys.stdin.isatty", lambda: at_a_terminal)
    run = Run(SETUP_EXAMPLE)  # then the end of input, again and again
    asked = any("Leave without saving?" in p for p in run.script.prompts)
    assert asked is at_a_terminal and "Goodbye." in run.output
    assert ("nothing was saved" in run.output) is not at_a_terminal



def test_quit_at_a_hot_seat_s_hand_over_asks_first_where_moves_are_not_saved() -> None:
    """Quit (or Ctrl-D at a terminal) typed where the screen passes to the next player asks as
    quit does elsewhere; staying, the screen waits for that player again."""
    from tests.test_shells_blind import FIRST, PASS, Table

    passes: list[str] = []

    def answer(prompt: str) -> str:
        if prompt.startswith(PASS):
            passes.append(prompt)
            return "" if len(passes) < 3 else "quit"
        if "Leave without saving?" in prompt:
            return "stay" if len(passes) == 3 else "quit"
        return FIRST

    table = Table(legatus.load("viae", players=2).new_initial_state(), answer)
    asked = [p for p in table.prompts if "Leave without saving?" in p]
    assert len(asked) == 2 and len(passes) == 4 and passes[2] == passes[3]  # asked twice; the same seat waited
    assert "Staying in the game." in table.out.getvalue()




def hannibal_until(found: Callable[[set[str]], bool]) -> legatus.State:
    """The first position of seeded random Hannibal games whose legal actions ``found`` accepts."""
    for seed in range(50):
        rng = random.Random(seed)
        state = legatus.load("hannibal").new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node() and found({str(a) for a in state.legal_actions()}):
                return state
            state.apply_action(sample_outcome(state, rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
    raise AssertionError("no such position in 50 games")


def test_an_action_s_whole_notation_is_never_taken_for_another_s_value() -> None:
    """Play review: at "1 no siege, 2 siege" typing ``siege`` played ``no siege`` ("siege" is the
    value of "no siege"): a notation typed whole is that action; a space's name alone is the
    one action naming it ("Toletum" for "remove pc Toletum", which had been refused)."""
    siege = hannibal_until(lambda legal: legal == {"siege", "no siege"})
    assert str(Run(["", "siege", "quit"], state=siege).state.history()[-1]) == "siege"  # Enter: the hot seat
    paying = hannibal_until(lambda legal: any(a.startswith("remove pc ") for a in legal))
    target = next(str(a) for a in paying.legal_actions() if str(a).startswith("remove pc "))
    assert str(Run(["", target.removeprefix("remove pc "), "quit"], state=paying).state.history()[-1]) == target


def test_the_news_line_that_points_to_the_log_counts_in_words() -> None:
    """Play review: "… 1 earlier lines"."""
    from legatus.terminal import news_lines
    assert news_lines([("a " * 50, 1), ("b", 1)], 80, 2) == ["  … 1 earlier line: type log 2", "  b"]  # "a" wraps
    assert news_lines([("a", 1), ("b", 1), ("c", 1)], 80, 2)[0] == "  … 2 earlier lines: type log 3"
