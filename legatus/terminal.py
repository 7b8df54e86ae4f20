"""Playing in the terminal: a game-agnostic loop over a :class:`~legatus.core.session.Session`.

Before each decision it draws one screen that fits the terminal (80×24 and up): the state that
matters now (``state.status_text``), the legal actions numbered and grouped by kind, what just
happened (the last log lines) right above the prompt. It reads a number or a notation, or a
command (undo, hint, save FILE, board, more, log, help, quit, and the game's own: map, near
CITY…), and plays the dice itself, or asks for the dice rolled at a real table with
``dice="manual"``. Seats given to agents play themselves, each move with the agent's reason.

In a game with secrets the screen belongs to one seat: it shows that seat's view and its log
(each action as the seat saw it), never the referee's. With several people at one screen
(hot seat) the screen goes blank between them: "Pass the screen to seat2 and press Enter".
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from legatus.core.actions import Action
from legatus.core.agents import AGENT_TRIES, Agent, decide
from legatus.core.errors import LegatusError, NotationError
from legatus.core.game import CHANCE, Information, State
from legatus.core.hints import hints
from legatus.core.pacing import pacing
from legatus.core.record import write_record
from legatus.core.session import Session

HELP = """\
Type the number of an action, or its notation (e.g. "move Corduba", "besiege Salduba 2").
Commands:
  undo        take back your last decision (never across dice or to another player's),
              or the last die you typed, until the next decision
  hint        what the strongest agent would play here, and its chance of winning
  save FILE   save the game as a record; continue it with: legatus play --load FILE
  board       draw the whole board
  more        list every legal action (when the screen had no room for all)
  Enter       draw the screen again
  log [N]     the last N lines of the game log (default 20)
  help        this text
  quit        leave (asks first if moves are not saved; so does Ctrl-C)"""

SHOWN_ON_LOAD = 12
"""Log lines a loaded game shows of where it stands."""
RECENT = 4
"""At most this many of the newest log lines sit right above the prompt; older ones first."""
PACE_DRAW = random.SystemRandom()  # the moment an agent's move is shown: drawn from nothing in the game


class Quit(Exception):
    """The player typed quit (or the input ended)."""


class AgentFailed(Exception):
    """An agent could not decide, :data:`AGENT_TRIES` times."""


class TerminalPlay:
    """One game at one screen: every seat not given to an agent is played by the person (or
    the people, in turn) at the keyboard."""

    def __init__(self, session: Session, dice: str = "auto", console: Console | None = None,
                 read: Callable[[str], str] | None = None, agents: dict[int, Agent] | None = None,
                 saved: Path | None = None, agent_seconds: float | None = None) -> None:
        """``saved``: the record the game was loaded from, which holds it as it stands;
        ``agent_seconds``: the agents' bound, which paces their moves in a game with secrets."""
        self.session = session
        self.dice = dice
        self.agents = agents or {}
        self.paces = {seat: None if agent_seconds is None else pacing(session.state.game, agent, agent_seconds)
                      for seat, agent in self.agents.items()}
        self.console = console or Console(highlight=False)
        self._read = read or self.console.input
        game = session.state.game
        self.secret = game.information is Information.IMPERFECT
        self.humans = [s for s in range(game.num_players()) if s not in self.agents]
        self.hot_seat = self.secret and len(self.humans) > 1
        # Whose screen it is: the referee's (None) in a game without secrets or without people;
        # the one person's; in hot seat nobody's (blank) until the first one takes it.
        self.seat: int | None = self.humans[0] if self.secret and len(self.humans) == 1 else None
        self.blank = self.hot_seat
        watchers: list[int | None] = list(self.humans) if self.hot_seat else [self.seat]
        self._shown = {w: max(0, len(self._log(w)) - SHOWN_ON_LOAD) for w in watchers}
        self._saved_to = saved
        self._saved_history = list(session.state.history())  # as saved, or as it began
        self._hidden_actions: list[str] = []  # the action lines the last screen had no room for
        self._screened: dict[int | None, int] = {}  # per seat, the log's length at its last screen

    @property
    def state(self) -> State:
        return self.session.state

    def run(self) -> int:
        """Play until the game ends or the player quits; returns the exit status (0; 1 where an
        agent could not decide)."""
        try:
            while not self.state.is_terminal():
                player = self.state.current_player()
                if player == CHANCE:
                    self._chance()
                elif player in self.agents:
                    self._agent(self.agents[player])
                else:
                    self._decision()
            self._flush_log()
            self.console.print(f"[bold]{escape(self.state.prompt())}[/bold]")
            self._after_end()
        except Quit:
            self.console.print("Goodbye.")
        except KeyboardInterrupt:  # Ctrl-C while an agent thinks or the dice roll: nobody to ask
            self.console.print(f"Interrupted.{self._unsaved_note()}")
        except AgentFailed as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]{escape(self._unsaved_note())}")
            return 1
        return 0

    # --- The screen's seat ------------------------------------------------------------------
    def _hand_over(self, seat: int) -> None:
        """Blank the screen and wait for ``seat``'s player to take it (hot seat)."""
        self._flush_log()
        self._clear()
        self.blank = True
        name = self.state.seat_name(seat)
        if self._ask(f"Pass the screen to {name} and press Enter (the others look away)").strip().lower() == "quit":
            raise Quit
        self.seat, self.blank = seat, False
        self.console.print(f"[bold]{escape(name)}'s screen[/bold]")

    def _clear(self) -> None:
        if self.console.is_terminal:
            self.console.clear()
            self.console.file.write("\x1b[3J")  # the scrollback too: the last seat's hand is in it

    # --- Dice ----------------------------------------------------------------------------
    def _chance(self) -> None:
        if self.dice == "auto":
            self.session.roll()  # its outcome is shown by the next screen, right above the prompt
            return
        outcomes = [a for a, _ in self.state.chance_outcomes()]
        seers = [s for s in range(self.state.game.num_players())
                 if all(self.state.action_to_string(a, s) == str(a) for a in outcomes)] if self.secret else []
        private = self.secret and len(seers) < self.state.game.num_players()
        if private:
            # Only the seats that see the outcome may type it; nobody lists what is left to draw.
            typists = [s for s in seers if s in self.humans]
            if not typists:
                self.session.roll()  # an agent's private draw: nobody here may see it
                self._flush_log()
                return
            if self.hot_seat and self.seat not in typists:
                self._hand_over(typists[0])
        self._flush_log()
        examples = "" if private else f" (e.g. {', '.join(str(a) for a in outcomes[:3])}, …)"
        while True:
            text = self._ask(f"{self.state.prompt()} Type the outcome{examples}")
            at = len(self.state.history())
            if self._command(text):
                if len(self.state.history()) != at:
                    return  # undo took back the decision (or the typed die) that led here
                continue
            try:
                action = self.state.parse_outcome(text)
            except NotationError as exc:
                message = f"'{text}' is not an outcome here" if private else str(exc)
                self.console.print(f"[red]{escape(message)}[/red]")
                continue
            self.session.apply(action, typed=not private)  # a die everyone sees may be corrected
            return

    # --- Agents --------------------------------------------------------------------------
    def _agent(self, agent: Agent) -> None:
        self._flush_log()
        state = self.state
        seat = state.seat_name(state.current_player())
        started = time.perf_counter()
        for attempt in range(AGENT_TRIES):
            try:  # the first input as decide draws it (a game replays the same), then others
                action = decide(agent, state, random.Random(f"{len(state.history())} {attempt}") if attempt else None)
                break
            except Exception as exc:  # the agent's failure, whatever it is: said, never a traceback
                failure = exc
        else:
            why = type(failure).__name__ if self.secret else failure  # the words may name its hidden cards
            raise AgentFailed(f"The agent of {seat} could not decide ({AGENT_TRIES} tries): {why}.")
        pace = self.paces[state.current_player()]
        if pace is not None:  # shown when nothing of its hand tells (core.pacing, issue 30)
            time.sleep(pace.hold(time.perf_counter() - started, PACE_DRAW))
        if self.secret:
            # As the screen's seat sees it; an agent's reason may name the cards it holds.
            played = state.action_to_string(action, self.seat)
            reason = f" — {agent.reason}" if self.seat is None else ""
        else:
            played, reason = state.describe(action), f" — {agent.reason}"
        if not self.blank:
            self.console.print(f"  [magenta]{escape(seat)} (AI) plays {escape(played)}[/magenta]{escape(reason)}")
        self.session.apply(action)

    def _hint(self) -> None:
        state = self.state
        if state.is_terminal() or state.current_player() == CHANCE:
            self.console.print("[red]a hint is for a decision; the dice are due now[/red]")
            return
        spec = type(state.game).HINT_AGENT
        for i, (action, why) in enumerate(hints(state)):
            lead = f"Hint ({escape(spec)}):" if i == 0 else "  or:"
            self.console.print(f"{lead} {escape(state.describe(action))} — {escape(why)}")

    # --- Decisions -----------------------------------------------------------------------
    def _decision(self) -> None:
        player = self.state.current_player()
        if self.hot_seat and self.seat != player:
            self._hand_over(player)
        actions = self.state.legal_actions()
        seat = self.state.seat_name(player)
        prompt = f"[bold]{escape(self.state.prompt())}[/bold] ({escape(seat)})"
        self._screen(actions, prompt)
        while True:
            text = self._ask(prompt)
            if not text.strip():
                self._screen(actions, prompt)
                continue
            at = len(self.state.history())
            if self._command(text):
                if len(self.state.history()) != at:
                    return  # undo changed the position
                continue
            action = self._pick(text, actions)
            if action is not None:
                self.session.apply(action)
                return

    def _screen(self, actions: list[Action], prompt: str) -> None:
        """One screen for a decision, sized to the console: the state that matters, the
        actions (as many lines as there is room for; ``more`` lists the rest), the newest log
        lines, then (by the caller) the prompt."""
        width, height = self.console.width, self.console.height
        older, recent = self._news()
        status = self._status()
        blocks = action_lines(self.state, actions, width)
        prompt_rows = rows(Text.from_markup(prompt).plain, width) + 1  # and the "> " line
        status_rows = sum(rows(Text.from_markup(line).plain, width) for line in status)
        room = height - 1 - status_rows - prompt_rows - sum(rows(f"  {r}", width) for r in recent)
        # Whole groups, as many as there is room for (and a line saying how to see the rest).
        flat = [line for block in blocks for line in block]
        shown = flat
        if len(flat) > room:
            shown = []
            for block in blocks:
                if shown and len(shown) + len(block) > room - 1:
                    break
                shown += block
        self._hidden_actions = flat[len(shown):]
        for line in older:
            self.console.print(f"  {escape(line)}")
        self.console.print()
        for line in status:
            self.console.print(line)
        for line in shown:
            self.console.print(line, overflow="fold")
        if self._hidden_actions:
            self.console.print(f"[cyan]… {len(self._hidden_actions)} more lines of actions: type more[/cyan]")
        for line in recent:
            self.console.print(f"  [green]{escape(line)}[/green]")

    def _pick(self, text: str, actions: list[Action]) -> Action | None:
        text = text.strip()
        if text.isdigit():
            index = int(text) - 1
            if 0 <= index < len(actions):
                return actions[index]
            self.console.print(f"[red]{text} is not in the list; type 1 to {len(actions)}[/red]")
            return None
        try:
            action = self.state.parse_action(text)
        except NotationError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]")
            return None
        if action not in actions:
            reason = self.state.explain_illegal(action)
            self.console.print(f"[red]'{escape(str(action))}' is illegal: {escape(reason)}[/red]")
            return None
        return action

    # --- Commands ------------------------------------------------------------------------
    def _command(self, text: str) -> bool:
        """Runs a command; False if ``text`` is not one."""
        word, _, arg = text.strip().partition(" ")
        word = word.lower()
        own = {} if self.blank else self.state.text_commands()
        if word == "quit":
            self._quit()
        elif word == "help":
            self.console.print(escape(HELP))
            for command in own.values():
                self.console.print(escape(f"  {command.usage:<11} {command.help}"))
        elif word == "board":
            self._draw()
        elif word == "more":
            for line in self._hidden_actions or ["(every action is on the screen above)"]:
                self.console.print(line, overflow="fold")
        elif word == "hint":
            self._hint()
        elif word == "log" and not self.blank:
            n = int(arg) if arg.strip().isdigit() else 20
            for line in self._log(self.seat)[-n:]:
                self.console.print(f"  {escape(line)}")
        elif word == "save":
            self._save(arg.strip())
        elif word == "undo":
            try:
                undone = self.session.undo()
            except LegatusError as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red]")
            else:
                self.console.print(f"Undone: {escape(str(undone))}")
                shown = len(self._log(self.seat))
                self._shown[self.seat] = min(self._shown[self.seat], shown)  # the lines undone go
        elif word in own:
            try:
                self.console.print(escape(own[word].run(arg.strip())))
            except LegatusError as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red]")
        else:
            return False
        return True

    def _unsaved(self) -> bool:
        return list(self.state.history()) != self._saved_history

    def _unsaved_note(self) -> str:
        return " The moves since the last save are lost: nothing was saved." if self._unsaved() else ""

    def _quit(self) -> None:
        """Leave; with moves not saved, only once the player says so."""
        if not self._unsaved():
            raise Quit
        where = f" (last saved to {self._saved_to})" if self._saved_to else ""
        answer = self._ask(f"The game has moves not saved{where}. Leave without saving? "
                           "Type quit again to leave, save FILE to save first, anything else to stay",
                           interrupt="quit")
        if answer.strip().lower() in ("quit", "y", "yes"):
            raise Quit
        if answer.strip().lower().startswith("save"):
            self._command(answer)
            if not self._unsaved():
                raise Quit
        self.console.print("Staying in the game.")

    def _save(self, path: str) -> None:
        if not path:
            self.console.print("[red]save needs a file name: save FILE[/red]")
            return
        target = Path(path)
        if target.exists() and target != self._saved_to:
            answer = self._ask(f"{path} exists: replace it? Type y to replace, anything else to keep it",
                               interrupt="n")
            if answer.strip().lower() not in ("y", "yes"):
                self.console.print(f"Not saved: {escape(path)} is kept as it was.")
                return
        try:
            write_record(self.state, target)
        except OSError as exc:
            self.console.print(f"[red]cannot save to {escape(path)}: {escape(exc.strerror or str(exc))}[/red]")
        else:
            self._saved_to, self._saved_history = target, list(self.state.history())
            self.console.print(f"Saved to {escape(path)}; continue with: legatus play --load {escape(path)}")
            if self.secret:
                self.console.print("It is the full record, every seat's secrets in it (the referee's table): "
                                   "keep it from the players.")

    def _after_end(self) -> None:
        while True:
            text = self._ask("The game is over: save FILE, log, board or quit")
            if not self._command(text):
                self.console.print("[red]type save FILE, log, board or quit[/red]")

    # --- Output --------------------------------------------------------------------------
    def _ask(self, prompt: str, interrupt: str = "quit") -> str:
        """The line typed; Ctrl-C reads as ``interrupt`` (quit, which asks first if moves are
        not saved), the end of input as quit without asking (nobody is there to answer)."""
        try:
            return self._read(f"{prompt}\n> ")
        except KeyboardInterrupt:
            self.console.print()
            return interrupt
        except EOFError:
            if self._unsaved():
                self.console.print(f"The input ended.{self._unsaved_note()}")
            raise Quit from None

    def _log(self, seat: int | None) -> list[str]:
        """The game's log as ``seat`` may read it: the one its view keeps, else every action
        as the seat saw it (the session's seat log, kept as the actions are applied)."""
        view = self.state.view(seat)
        if "log" in view:
            return list(view["log"])
        if self.session.seen is not None:
            return self.session.seen.lines(seat)
        return [str(a) for a in self.state.history()]

    def _news(self) -> tuple[list[str], list[str]]:
        """For a decision's screen: the log lines not shown yet that have no room right above
        the prompt, and the newest ones since the last screen (at least the last line, at most
        :data:`RECENT`), which go there; those shown before (at a dice prompt) marked "· "."""
        if self.blank:
            return [], []
        log = self._log(self.seat)
        shown = self._shown[self.seat]
        screened = min(self._screened.get(self.seat, 0), len(log) - 1)
        start = max(screened, len(log) - RECENT, 0)
        older = log[shown:start]
        recent = [f"· {line}" if i < shown else line for i, line in enumerate(log[start:], start)]
        self._shown[self.seat] = self._screened[self.seat] = len(log)
        return older, recent

    def _unshown(self) -> list[str]:
        """The log lines the screen's seat has not been shown yet, now marked shown."""
        if self.blank:
            return []  # each seat reads the lines it missed when it takes the screen
        log = self._log(self.seat)
        new = log[self._shown[self.seat]:]
        self._shown[self.seat] = len(log)
        return new

    def _flush_log(self) -> None:
        for line in self._unshown():
            self.console.print(f"  {escape(line)}")

    def _status(self) -> list[str]:
        """The state that matters now, as markup lines: the game's own status, or the view of
        the screen's seat in a game with secrets."""
        if self.seat is None:
            return self.state.status_text(markup=True).split("\n")
        return self._seat_text(full=False).split("\n")

    def _draw(self) -> None:
        if self.blank:
            return
        self.console.print()
        if self.seat is None:
            self.console.print(self.state.to_text(markup=True))
        else:
            self.console.print(self._seat_text(full=True))

    def _seat_text(self, full: bool) -> str:
        """The view of the screen's seat as markup: the game's drawing of it, else its keys and values."""
        assert self.seat is not None
        drawn = self.state.view_text(self.seat, markup=True, full=full)
        return drawn if drawn is not None else escape(view_text(self.state.view(self.seat)))


def rows(text: str, width: int) -> int:
    """The terminal rows ``text`` (one line, no markup) takes at ``width`` columns."""
    return max(1, -(-cell_len(text) // width))


def action_lines(state: State, actions: list[Action], width: int) -> list[list[str]]:
    """The actions numbered as markup lines, grouped by kind: their first word and what the
    game adds to them (a cost), then the rest ("move (1 denarius):  3 Corduba  4 Emerita"),
    the actions alone in their kind together on the last lines, each line at most ``width`` wide;
    a block of lines a group."""
    groups: dict[tuple[str, str], list[tuple[int, str]]] = {}
    singles: list[tuple[int, str]] = []
    for i, action in enumerate(actions):
        notation, described = str(action), state.describe(action)
        if " " not in notation:  # one word ("end", "garrison"): nothing to group it by
            singles.append((i + 1, described))
            continue
        note = described[len(notation):].strip() if described.startswith(notation) else ""
        groups.setdefault((notation.split(" ", 1)[0], note), []).append((i + 1, notation))
    blocks: list[list[str]] = []
    for (_, note), members in groups.items():
        if len(members) == 1:
            number, notation = members[0]
            singles.append((number, f"{notation} {note}".rstrip()))
            continue
        kind = members[0][1].split(" ", 1)[0]
        label = kind + (f" {note}" if note else "") + ":"
        items = [(number, n.split(" ", 1)[1]) for number, n in members]
        blocks.append(_wrap(label, items, width))
    if singles:
        blocks.append(_wrap("", sorted(singles), width))
    return blocks


def _wrap(label: str, items: list[tuple[int, str]], width: int) -> list[str]:
    """``label`` then the numbered items, filled into lines of ``width`` columns (markup out);
    continued lines are indented."""
    lines: list[str] = []
    plain, marked = label, escape(label)
    for number, text in items:
        item_plain, item_marked = f"{number} {text}", f"[cyan]{number}[/cyan] {escape(text)}"
        gap = "  " if plain.strip() else ""
        if plain.strip() and cell_len(plain) + len(gap) + cell_len(item_plain) > width:
            lines.append(marked)
            plain, marked, gap = "    ", "    ", ""
        plain, marked = plain + gap + item_plain, marked + gap + item_marked
    lines.append(marked)
    return lines


def view_text(view: dict[str, Any]) -> str:
    """A seat's view drawn as lines of "key: value" (its log and legal actions are shown apart)."""
    return "\n".join(f"{key.replace('_', ' ')}: {_text(value)}" for key, value in view.items()
                     if key not in ("log", "legal_actions") and value is not None)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
