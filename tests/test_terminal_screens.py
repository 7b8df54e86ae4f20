"""Each game at a real 80×24 terminal (issue 32): ``legatus play`` in a pseudo-terminal against
agents, a person picking the first action offered at each decision. No screen (all that is
printed between two prompts, the prompt included) is taller than the terminal, and no JSON
reaches it."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import struct
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

from legatus.games.hannibal.state import HannibalState

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
PROMPT = "\n> "
NBSP = "\u00a0"
LETTERED = re.compile(r"(^|:  |  )a \S", re.M)


class Terminal:
    """``legatus ARGS`` in a pseudo-terminal of ``width``×``height``; ``screens`` holds what was
    printed between prompts, each with the prompt that ends it."""

    def __init__(self, *args: str, width: int = 80, height: int = 24) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: legatus at the terminal
            os.chdir(ROOT)
            os.environ.update(COLUMNS=str(width), LINES=str(height), TERM="xterm")
            os.execv(sys.executable, [sys.executable, "-m", "legatus.cli", *args])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.pid, self.fd = pid, fd
        self.screens: list[str] = []
        self._buffer = ""

    def next_screen(self, timeout: float = 20) -> str | None:
        """What the program prints up to its next prompt; None if it ends first."""
        deadline = time.monotonic() + timeout
        while PROMPT not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                raise TimeoutError(f"no prompt in {timeout} s; the screen so far:\n{self._buffer[-2000:]}")
            try:
                chunk = os.read(self.fd, 65536).decode("utf-8", "replace")
            except OSError:  # the program ended
                return None
            if not chunk:
                return None
            self._buffer += ANSI.sub("", chunk)
        screen, _, self._buffer = self._buffer.partition(PROMPT)
        screen += PROMPT
        self.screens.append(screen)
        return screen

    def type(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def close(self) -> None:
        try:
            os.kill(self.pid, 9)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def first_key(screen: str) -> str:
    """The key of the first action the screen lists: "a" in a menu of letters, else "1"."""
    return "a" if LETTERED.search(screen) else "1"


def play(*args: str, decisions: int = 30) -> Terminal:
    term = Terminal("play", *args)
    try:
        done = 0
        echo = ""
        while done < decisions:
            screen = term.next_screen()
            assert screen is not None, "the game ended early"
            screen = screen.removeprefix(echo).removeprefix("\n")  # the answer typed, on the prompt's row
            term.screens[-1] = screen
            if "The game is over" in screen:
                break
            echo = first_key(screen)
            if "Pass the screen" in screen:
                echo = ""
            term.type(echo)
            done += 1
        assert done >= decisions or "The game is over" in term.screens[-1]
        term.type("quit")
        term.type("quit")
    finally:
        term.close()
    return term


def screen_rows(screen: str, width: int = 80) -> int:
    """The terminal rows a screen takes: each line's, a line wider than the terminal wrapping."""
    return sum(max(1, -(-cell_len(line) // width)) for line in screen.rstrip("\n").split("\n"))


def check(term: Terminal, height: int = 24) -> None:
    for screen in term.screens:  # the first with the banner (issue 32)
        assert screen_rows(screen) <= height, f"{screen_rows(screen)} rows:\n{screen}"
        assert not re.search(r'[{\[]"|": ', screen), f"JSON on the screen:\n{screen}"


FAST = ("--agent-seconds", "0.01", "--no-pace")  # the agents' moves shown at once: no one times them here
"""Agents of games with secrets bounded at 0.01 s: their paced moves (issue 30) shown in about
0.2 s each, not 0.7 s."""
GAMES = {
    "hispania": ("hispania", "-o", "variants=hispano", "--seed", "3", "--seats", "hispania=heuristic"),
    "viae": ("viae", "--players", "4", "--seed", "3", "--seats", "seat2=heuristic,seat3=heuristic,seat4=heuristic",
             *FAST),
    "hannibal": ("hannibal", "--seed", "3", "--seats", "carthage=heuristic", *FAST),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_thirty_decisions_against_agents_fit_80_by_24_with_no_json(game: str) -> None:
    term = play(*GAMES[game])
    assert len(term.screens) >= 30
    check(term)


def near_the_end(game: str, seed: int, before: int, person: int) -> dict[str, Any]:
    """The record of a game of heuristic agents in every seat, cut ``before`` decisions of seat
    ``person`` before its end, that seat then a person's and the others the agents'."""
    import random

    import legatus
    from legatus.core.agents import make_agent
    from legatus.core.record import to_record
    from legatus.core.session import sample_outcome

    g = legatus.load(game, **({"players": 4} if game == "viae" else {}))
    agents = [make_agent(g, "heuristic", seed + s) for s in range(g.num_players())]
    rng = random.Random(seed)
    state = g.new_initial_state()
    mine = []  # the person's decisions: how long the game was before each
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        if state.current_player() == person:
            mine.append(len(state.history()))
        state.apply_action(agents[state.current_player()].choose(state))
    cut = g.new_initial_state()
    for action in state.history()[:mine[-before]]:
        cut.apply_action(action)
    return to_record(cut, players={s: "heuristic" for s in range(g.num_players()) if s != person})


@pytest.mark.parametrize("game", ["viae", "hannibal"])
def test_a_game_s_last_turns_against_agents_fit_80_by_24_to_its_end(game: str, tmp_path: Path) -> None:
    """Issue 32, "Done when": a game to its end, its last screen (all the agents did at the end)
    included. The agents play it up to its last turns in this process, then it is loaded and
    finished at the terminal (paced moves would make a whole game there minutes long): VIAE's
    last round, and Carthage's last turn before Rome takes it (seed 11, turn 2)."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(near_the_end(game, 11, 12, 1 if game == "hannibal" else 0)))
    term = play("--load", str(path), "--seed", "11", *FAST, decisions=300)
    assert "The game is over" in term.screens[-1]
    assert ("Pts" if game == "viae" else "Provinces · Rome") in term.screens[-1]  # the final scores
    assert len(term.screens) >= 10
    check(term)


# --- The games' own commands, menus, records of who sat where ----------------------------------
def test_hannibal_commands_name_the_cards_and_the_links() -> None:
    import legatus

    state = legatus.load("hannibal").new_initial_state()
    commands = state.text_commands()
    assert commands["card"].run("16").startswith("#16 Gallic Recruits (2 OPs)\n  Event for Carthage only")
    near = commands["near"].run("rome")
    assert near.startswith("Rome (Latium, walled city):") and "  Capua: land, 1 MP" in near and "by sea" in near
    assert "Rhegium: strait, 2 MP (H50); only controlling both ends" in commands["near"].run("Messana")
    assert commands["near"].run("Dertosa").startswith("Dertosa (Idubeda, plain space):")  # not "pc", the map's code
    assert "Latium (rome): Rome RWP" in commands["map"].run("").replace(NBSP, " ")
    assert "Saguntum 10 (2 eleph.) Hannibal, Mago, H. Gisgo" in commands["forces"].run("").replace(NBSP, " ")
    assert commands["cards"].run("") == "Discarded: none\nRemoved: none"
    for bad, message in (("card 65", "1 to 64"), ("near Atlantis", "no space of that name")):
        with pytest.raises(legatus.LegatusError, match=message):
            commands[bad.split()[0]].run(bad.split()[1])


def test_viae_commands_show_roads_with_their_ends() -> None:
    import legatus

    state = legatus.load("viae", players=3).new_initial_state()
    commands = state.text_commands()
    assert "r06 Capua–Ostia (1): not built" in commands["near"].run("ostia")
    assert "harbour: sail to any of" in commands["near"].run("ostia")
    assert "r01 Ostia–Pisae (2)" in commands["map"].run("").replace(NBSP, " ")
    assert commands["card"].run("d02") == "D02 Lapides (Stones), deceptio, now: Gain 3 Stone."
    assert commands["card"].run("M01").startswith("M01 Gallia Cisalpina: done once every city of Gallia")
    with pytest.raises(legatus.LegatusError, match="no card of that id"):
        commands["card"].run("D99")


def test_viae_s_map_comes_a_page_at_a_time_each_heading_with_what_it_heads_at_80_by_24() -> None:
    """Found in a play review: ``map`` printed its 47 lines at once, and the roads' heading
    scrolled off the top of an 80×24 screen. It comes a page at a time (``more``: the next, as
    for the actions a screen had no room for), each page under the prompt asked again; the
    roads' heading comes with roads under it, and again on each page the roads go on."""
    term = Terminal("play", *GAMES["viae"])
    pages = []
    try:
        assert term.next_screen() is not None
        for typed in ("map", "more", "more", "more"):
            term.type(typed)
            screen = term.next_screen()
            assert screen is not None
            pages.append(screen.removeprefix(typed).removeprefix("\n").replace(NBSP, " "))
    finally:
        term.close()
    for screen in pages:
        assert screen_rows(screen) <= 24, f"{screen_rows(screen)} rows:\n{screen}"
    first, second, third, after = pages
    assert first.startswith("SPQR (Italia): Roma") and "Cities: value, owner sN" in first
    assert "Roads (id, ends, value, builder): r01 Ostia–Pisae (2)" in first and "\n  r03 Arretium" in first
    assert "more lines: type more" in first and "more lines: type more" in second
    assert second.startswith("Roads (id, ends, value, builder), continued:\n  ")
    assert third.startswith("Roads (id, ends, value, builder), continued:\n  ") and "type more" not in third
    roads = re.findall(r"\br(\d\d) ", first + second + third)
    assert roads == [f"{n:02}" for n in range(1, 67)]  # each once, in order
    assert "Roads" not in after  # then ``more`` is about the actions again


def test_viae_s_prompt_counts_one_action() -> None:
    """Found playing at 80×24 (issue 32): the prompt said "seat1: 1 actions left"."""
    import random

    import legatus
    from legatus.core.session import sample_outcome

    state = legatus.load("viae", players=4).new_initial_state()
    rng = random.Random(1)
    counted = set()
    while not state.is_terminal() and "1 action left." not in counted:
        if state.prompt().endswith(" left."):
            assert not state.prompt().endswith(" 1 actions left."), state.prompt()
            counted.add(state.prompt().split(": ")[1])
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else state.game.fuzz_choice(state, rng))
    assert "1 action left." in counted


def test_hispania_s_status_fits_80_columns() -> None:
    """Found playing at 80×24 (issue 32): the capitals' line ran past 80 columns and the
    terminal broke it unindented; now it goes on indented."""
    import random

    import legatus
    from legatus.core.session import sample_outcome

    wide = 0
    for seed in range(3):
        state = legatus.load("hispania", variants=["hispano"]).new_initial_state()
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_terminal():
                break
            lines = state.status_text(markup=False).splitlines()
            assert max(len(line) for line in lines) <= 80, lines
            wide += sum(line.startswith("  ") for line in lines)
            state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else
                               state.game.fuzz_choice(state, rng))
    assert wide  # the capitals' line did go on


def test_a_menu_of_numbers_has_letters_and_takes_the_value_typed() -> None:
    """Issue 32, point 4: at "take: a 0 … k 10" the letter and the value both work; a number
    that is no value is refused, never read as an index."""
    import io

    from rich.console import Console

    import legatus
    from legatus.core.session import Session, sample_outcome
    from legatus.terminal import TerminalPlay

    state = legatus.load("hannibal").new_initial_state()
    rng = __import__("random").Random(1)
    while not any(str(a).startswith("take ") and str(a)[5:].isdigit() for a in state.legal_actions()):
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else state.game.fuzz_choice(state, rng))
    takes = [str(a) for a in state.legal_actions()]
    out = io.StringIO()
    answers = ["", "99", takes[-1].split()[1]]  # Enter: the hot seat hands the screen over

    def read(_: str) -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    play = TerminalPlay(Session(state.clone()), console=Console(file=out, width=80, height=24), read=read)
    play.run()
    said = out.getvalue()
    assert f"take:  a {takes[0].split()[1]}" in said
    numbers = [int(t.split()[1]) for t in takes]
    assert f"99 is not in the list; type {min(numbers)} to {max(numbers)} or a letter a to " in said
    assert str(play.state.history()[len(state.history())]) == takes[-1]


def test_hannibal_s_verbs_of_two_words_head_their_group() -> None:
    """"pick up Mago" under "pick up:", not "pick:  up Mago"; one-word kinds as before."""
    import legatus
    from legatus.terminal import menu_groups

    state = legatus.load("hannibal").new_initial_state()
    actions = [state.parse_action(t) for t in ("pick up Mago", "pick up 3", "remove pc Acci", "remove pc Zama",
                                               "to Rome", "to Capua", "stop")]
    assert [(label, [t for _, t in items]) for label, items in menu_groups(state, actions)] == [
        ("pick up:", ["Mago", "3"]), ("remove pc:", ["Acci", "Zama"]), ("to:", ["Rome", "Capua"]), ("", ["stop"])]


def test_a_menu_text_in_other_words_of_its_kind_groups_by_its_note_in_brackets() -> None:
    """Hannibal's "take 8 with 1 elephant" reads "take 8 (1 elephant)" (H4): under "take (1
    elephant):" with the plain "take 1", whose own note is the same; "take 9", alone of its note,
    under "take:" with its note beside it."""
    from legatus.terminal import menu_groups
    from tests.hannibal.helpers import play, ready

    state = play(ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], first="carthage"), "ops #8",
                 "activate Hannibal")
    actions = [state.parse_action(t) for t in ("take 1", "take 9", "take 8 with 1 elephant")]
    assert [(label, [t for _, t in items]) for label, items in menu_groups(state, actions)] == [
        ("take (1 elephant):", ["1", "8"]), ("take:", ["9 (2 elephants)"])]


def test_save_quit_and_load_against_an_agent_resume_at_the_person_s_screen(tmp_path: Path) -> None:
    """Issue 32, point 5: the record keeps who sat where; loaded, Carthage is the agent again
    and the person sees Rome's screen, never Carthage's hand."""
    import json

    import legatus

    path = tmp_path / "h.json"
    term = Terminal("play", *GAMES["hannibal"])
    try:
        for _ in range(4):
            screen = term.next_screen()
            assert screen is not None
            term.type(first_key(screen))
        term.next_screen()
        term.type(f"save {path}")
        term.next_screen()
        term.type("quit")
    finally:
        term.close()
    record = json.loads(path.read_text())
    assert record["players"] == {"rome": "person", "carthage": "heuristic"}
    state = legatus.replay(record)
    carthage_only = [c for c in state.view(1)["hand"] if c not in state.view(0)["known_in_other_hand"]]
    term = Terminal("play", "--load", str(path), *FAST)
    try:
        screen = term.next_screen()
        assert screen is not None
    finally:
        term.close()
    assert "Seats: rome person, carthage heuristic" in screen
    assert "you are rome" in screen or "your decision (rome)" in screen
    assert "Pass the screen" not in screen
    assert not any(f"{card} (" in screen for card in carthage_only)
    old = {k: v for k, v in record.items() if k != "players"}
    path.write_text(json.dumps(old))
    term = Terminal("play", "--load", str(path), *FAST)
    try:
        screen = term.next_screen()
    finally:
        term.close()
    assert screen is not None and "does not say who sat where" in screen and "Pass the screen to" in screen


def hannibal_decisions(seeds: int, steps: int, every: int) -> Iterator[tuple[int, int, HannibalState]]:
    """(seed, step, state) at every ``every``-th step that is a decision, in random games."""
    import random

    import legatus
    from legatus.core.session import sample_outcome

    for seed in range(seeds):
        state = legatus.load("hannibal").new_initial_state()
        assert isinstance(state, HannibalState)
        rng = random.Random(seed)
        for step in range(steps):
            if state.is_terminal():
                break
            if step % every == 0 and not state.is_chance_node():
                yield seed, step, state
            state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else
                               state.game.fuzz_choice(state, rng))


def test_no_hannibal_screen_shows_a_card_of_the_other_hand() -> None:
    """The screens come from the seat's view: a card in the other hand, unless known to be
    there (H46 spies and the like), never shows on a seat's screen, board or commands."""
    for seed, step, state in hannibal_decisions(3, 400, 25):
        for seat in (0, 1):
            view = state.view(seat)
            commands = state.text_commands()
            shown = state.view_text(seat, full=True) + "".join(commands[k].run("") for k in ("map", "forces", "cards"))
            public = {*view["hand"], *view["known_in_other_hand"], *view["discard"], *view["removed"]}
            for number in state.hands[1 - seat]:
                card = f"#{number} {state.game.cards.strategy[number - 1].name}"
                if card not in public:
                    assert f"#{number} " not in shown, (seed, step, card)


def test_a_seat_s_lines_in_a_row_share_one_line_on_the_screen() -> None:
    """After agent turns the screen keeps short: one line a seat's run of actions."""
    from legatus.terminal import merge_runs

    lines = ["seat2: recruit 3", "seat2: end turn", "Round 2", "seat3: conquer", "Setup: a", "Setup: b",
             "seat1 draws a card", "seat1 draws a card", "seat1 draws a card", "seat2: skip", "seat2: skip",
             "seat2: scout b", "seat2: scout b", "seat1 draws #16 Gallic Recruits", "seat1 draws #36 Diplomacy",
             "seat3 draws #2 Sicilia", "seat3 plays #5 X"]
    assert merge_runs(lines, ["seat1", "seat2", "seat3"]) == [
        ("seat2: recruit 3 · end turn", 2), ("Round 2", 1), ("seat3: conquer", 1), ("Setup: a", 1), ("Setup: b", 1),
        ("seat1 draws a card (×3)", 3), ("seat2: skip (×2) · scout b (×2)", 4),
        ("seat1 draws #16 Gallic Recruits · #36 Diplomacy", 2), ("seat3 draws #2 Sicilia", 1),
        ("seat3 plays #5 X", 1)]


def test_hannibal_s_screen_leaves_room_for_the_actions_in_any_position() -> None:
    """At most 17 rows of 80 columns, so that an 80×24 screen keeps rows for the actions and the
    prompt: Generals' armies named, the CUs alone counted; during a battle the hand counted."""
    for seed, step, state in hannibal_decisions(3, 2500, 7):
        for seat in (0, 1):
            lines = state.view_text(seat, full=False).splitlines()
            assert len(lines) <= 17 and max(len(line) for line in lines) <= 80, (seed, step, lines)


def test_a_position_taller_than_the_window_is_cut_with_a_pointer_to_board() -> None:
    import io

    from rich.console import Console

    import legatus
    from legatus.core.session import Session
    from legatus.terminal import TerminalPlay
    from tests.hispania.helpers import SETUP_EXAMPLE, act

    state = act(legatus.load("hispania").new_initial_state(), *SETUP_EXAMPLE)
    out = io.StringIO()
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(out.getvalue())
        raise EOFError

    TerminalPlay(Session(state), console=Console(file=out, width=80, height=12), read=read).run()
    screen = prompts[0].rstrip("\n").split("\n")
    assert len(screen) + 2 <= 12 and "… more of the position: type board" in prompts[0]


def hot_seat_screen(state: HannibalState) -> str:
    """The screen of the seat to decide at ``state`` in a hot-seat game at 80×24, from its
    title (the hand-over) to its prompt; its news, the last 12 lines of the log."""
    import io

    from rich.console import Console

    from legatus.core.session import Session
    from legatus.terminal import TerminalPlay

    out = io.StringIO()
    screens: list[str] = []

    def read(prompt: str) -> str:
        screens.append(out.getvalue() + prompt)
        out.seek(0)
        out.truncate()
        if len(screens) > 1:
            raise EOFError
        return ""  # Enter: the hot seat hands the screen over

    TerminalPlay(Session(state.clone()), console=Console(file=out, width=80, height=24), read=read).run()
    return screens[1]


def test_hannibal_s_card_play_shows_each_card_s_text_and_every_choice_before_the_news_at_80_by_24() -> None:
    """Seven cards with their texts, then every choice: OPs, events, discards (a play review
    found the events and the discards behind ``more``, 4 rows kept for the news); the news keeps
    what the choices leave, its newest line at least (``log`` has the rest). The hand-over's
    title takes the screen's blank first row: with it the screen was a row too tall."""
    from tests.hannibal.helpers import ready

    screen = hot_seat_screen(ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]))
    assert screen_rows(screen) <= 24, screen
    lines = screen.split("\n")
    assert lines[0] == "rome's screen" and lines[1].startswith("Turn 1 (218 BC)")
    assert "Hand: #1 Corsica and Sardinia Revolt (3 OPs): Only if the opponent controls Cor…" in lines
    assert "      #3 Numidia Revolts (3 OPs; event now): Choose Western or Eastern Numidia:…" in lines
    choices = ["ops:  a #1  b #2  c #3  d #4  e #5  f #6  g #7", "event:  h #3  i #4",
               "discard:  j #1  k #2  l #3  m #4  n #5  o #6  p #7"]
    at = lines.index(choices[0])
    assert lines[at:at + 3] == choices and "type more" not in screen
    assert lines[at + 3] == "  … 10 earlier lines: type log 12" and lines[-3] == "  carthage: rome first"


def test_no_hannibal_card_play_hides_a_choice_behind_more_at_80_by_24() -> None:
    """Every card play of three random games, at a hot seat's screen (its title row and the news
    of 12 log lines): every choice listed, in 24 rows (151 of 252 such screens of six games hid
    some behind ``more``, or ran a row too tall, before)."""
    plays = 0
    for seed, step, state in hannibal_decisions(3, 2500, 3):
        if any(str(a).startswith("ops #") for a in state.legal_actions()):
            plays += 1
            screen = hot_seat_screen(state)
            assert "type more" not in screen and screen_rows(screen) <= 24, (seed, step, screen)
    assert plays > 100
