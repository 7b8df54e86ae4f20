"""Playing in the terminal: a game-agnostic loop over a :class:`~legatus.core.session.Session`.

Before each decision it draws one screen that fits the terminal (80×24 and up): the state that
matters now (``state.status_text``), the legal actions keyed and grouped by kind (numbers, or
letters where the choices are numbers themselves), what happened since the last screen right
above the prompt (a seat's actions in a row on one line, the newest if there is no room for
all, after a page of all of it first: nothing that happened hides behind ``log``). It reads a
key, a notation or a value, or a command (undo, hint, save FILE, board, more, log, help, quit,
and the game's own: map, near CITY…), and plays the dice itself, or asks for
the dice rolled at a real table with ``dice="manual"``. Seats given to agents play themselves,
each move with the agent's reason; a save keeps who sat where.

In a game with secrets the screen belongs to one seat: it shows that seat's view and its log
(each action as the seat saw it, an agent's once and without its reason), never the referee's.
With several people at one screen (hot seat) the screen goes blank between them: "Pass the
screen to seat2 and press Enter".
"""

from __future__ import annotations

import random
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from legatus.core.actions import Action, by_value, value_of
from legatus.core.agents import AGENT_TRIES, Agent, close, decide, warm
from legatus.core.errors import LegatusError, NotationError
from legatus.core.game import CHANCE, Information, State, view_lines
from legatus.core.hints import Hints
from legatus.core.pacing import pacing
from legatus.core.record import write_record
from legatus.core.session import Session

HELP = """\
Type an action's number (or letter), or its notation,
e.g. {examples}.
Commands:
  undo        take back your last decision (never across dice or to another
              player's), or the last die you typed, until the next decision
  hint        what the strongest agent would play here, and its chance to win
  save FILE   save the game as a record; continue: legatus play --load FILE
  board       draw the whole board
  more        the next page of a long text (map, news), else every legal
              action the screen had no room for
  Enter       draw the screen again
  log [N]     the last N lines of the game log (default: what fits)
  help        this text
  quit        leave (asks first if moves are not saved; so does Ctrl-C)"""
LETTERS = "abcdefghijklmnopqrstuvwxyz"

SHOWN_ON_LOAD = 12
"""Log lines a loaded game shows of where it stands."""
MIN_ACTION_ROWS = 4
"""The rows a decision's screen keeps for its actions and news, however tall the position."""
NEWS_ROWS = 4
"""The rows a decision's screen keeps for what just happened where it cannot list every action."""
NEWS_MIN = 2
"""The rows the news keeps where every action is listed: its newest line, and a line saying
how to read the rest (``log N``)."""
SHORT_BLOCK = 2
"""The lines of a group of actions shown before any longer one, where not all fit."""
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
                 saved: Path | None = None, specs: dict[int, str] | None = None,
                 agent_seconds: float | None = None, banner: str = "", hint_workers: int = 1) -> None:
        """``saved``: the record the game was loaded from, which holds it as it stands;
        ``specs``: the agents' specs by seat, which a save keeps (who sat where);
        ``agent_seconds``: the agents' bound, which paces their moves in a game with secrets;
        ``banner``: what is played (or who plays it), shown above the first screen, which makes
        room for it; ``hint_workers``: the processes a hint's search is shared among (issue 35),
        kept from one hint to the next."""
        self.session = session
        self.dice = dice
        self.agents = agents or {}
        # Who sat where, for a save: known when every agent's spec is (always from the command line).
        self.specs = specs if specs is not None and set(specs) == set(self.agents) else None if self.agents else {}
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
        self._decided: set[int | None] = set()  # the watchers whose decision's screen came: the catch-up's title
        self._began = len(self._saved_history)  # a loaded game's recap (its last lines) is no news to catch up on
        self._hidden_actions: list[str] = []  # the action lines the last screen had no room for
        self._paged: list[str] = []  # the lines of a long text (map) not shown yet: ``more`` shows them
        self._keys: list[str] = []  # what to type for each action on the screen: numbers, or letters
        self._pending: list[str] = []  # what happened since the last screen, for the next one
        self.banner = banner
        self._asking = ""  # the question last asked, which a command's answer leaves room for
        self._spent = 0  # the rows printed above the next screen that it must leave room for
        self._titled = False  # a hand-over's title heads the next screen, in its blank row
        self.hints = Hints(game, hint_workers)

    @property
    def state(self) -> State:
        return self.session.state

    def run(self) -> int:
        """Play until the game ends or the player quits; returns the exit status (0; 1 where an
        agent could not decide)."""
        try:
            for agent in self.agents.values():  # an ``@N`` agent's workers start now, not in its first decision
                warm(agent)
            if self.banner:
                lines = [line for text in self.banner.split("\n")
                         for line in textwrap.wrap(text, self.console.width, subsequent_indent="  ") or [""]]
                self.console.print("\n".join(escape(line) for line in lines))
                self._spent = len(lines)
            while not self.state.is_terminal():
                player = self.state.current_player()
                if player == CHANCE:
                    self._chance()
                elif player in self.agents:
                    self._agent(self.agents[player])
                else:
                    self._decision()
            self._final_position()
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
        finally:  # the worker processes of the hint's search and of the agents' (``@N``)
            self.hints.close()
            for agent in self.agents.values():
                close(agent)
        return 0

    # --- The screen's seat ------------------------------------------------------------------
    def _hand_over(self, seat: int) -> None:
        """Blank the screen and wait for ``seat``'s player to take it (hot seat)."""
        self._flush_log()
        self._clear()
        self.blank = True
        name = self.state.seat_name(seat)
        while self._ask(f"Pass the screen to {name} and press Enter (the others look away)").strip().lower() == "quit":
            self._quit()  # leaves, asking first where moves are not saved; else the screen waits again
        self.seat, self.blank = seat, False
        self.console.print(f"[bold]{escape(name)}'s screen[/bold]")
        self._titled = True

    def _clear(self) -> None:
        self._spent = 0
        self._paged = []  # the last seat's news, never ``more`` to the next (hot seat)
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
        self._collect()  # the lines so far, in order, before this agent's own
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
        described = "" if self.secret else state.describe(action)  # before the move is applied
        self.session.apply(action)
        if not self.secret:
            # One line an action (issue 32): the game's own line for the move, the agent's reason
            # beside it. In a game with secrets the seat's log says what the agent did, once; its
            # reason may name the cards it holds.
            said = self._unshown() or [f"{seat} plays {described}"]
            why = f" — AI: {agent.reason}" if agent.reason else " (AI)"
            self._pending += [said[0] + why, *said[1:]]

    def _hint(self) -> None:
        state = self.state
        if state.is_terminal() or state.current_player() == CHANCE:
            self.console.print("[red]a hint is for a decision; the dice are due now[/red]")
            return
        spec = type(state.game).HINT_AGENT
        for i, (action, why) in enumerate(self.hints(state)):
            lead = f"Hint ({escape(spec)}):" if i == 0 else "  or:"
            self.console.print(f"{lead} {escape(state.describe(action))} — {escape(why)}")

    # --- Decisions -----------------------------------------------------------------------
    def _decision(self) -> None:
        player = self.state.current_player()
        if self.hot_seat and self.seat != player:
            self._hand_over(player)
        actions = menu_order(self.state, self.state.legal_actions())  # as listed: the keys run in order
        seat = self.state.seat_name(player)
        prompt = f"[bold]{escape(self.state.prompt())}[/bold] ({escape(seat)})"
        at = len(self.state.history())
        news, typed = self._catch_up(actions, prompt)
        self._decided.add(self.seat)
        if len(self.state.history()) != at:
            return  # undo, typed at the catch-up page, changed the position
        self._screen(actions, prompt, news)
        while True:
            text, typed = (typed, None) if typed is not None else (self._ask(prompt), None)
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

    def _screen(self, actions: list[Action], prompt: str, news: list[tuple[str, int]] | None = None) -> None:
        """One screen for a decision, sized to the console so that all of it stays in view: the
        state that matters, the actions (all of them where the news keeps a row or two, else as
        many of their groups as there is room for, the short ones first; ``more`` lists the rest,
        but never hides the one-word actions), what happened
        since the last screen (``news``, else read now; its newest lines, if there is no room for
        all: ``log`` has them, and the catch-up page showed them first), then (by the caller) the
        prompt."""
        width, height = self.console.width, self.console.height - self._spent
        self._spent = 0
        news = self._news() if news is None else news
        status, shown, left = self._layout(actions, prompt, news, height)
        if not self._titled:  # else the hand-over's title is in that row
            self.console.print()
        self._titled = False
        for line in status:
            self.console.print(line)
        for line in shown:
            self.console.print(line, overflow="fold")
        if self._hidden_actions:
            self.console.print(f"[cyan]… {len(self._hidden_actions)} more lines of actions: type more[/cyan]")
        for line in news_lines(news, width, left):
            self.console.print(f"[green]{escape(line)}[/green]")

    def _layout(self, actions: list[Action], prompt: str, news: list[tuple[str, int]],
                height: int) -> tuple[list[str], list[str], int]:
        """A decision's screen in ``height`` rows, as :meth:`_screen` draws it: the status lines,
        the action lines shown (their keys and the lines left for ``more`` kept on ``self``), and
        the rows left for the news."""
        width = self.console.width
        status = self._status()
        self._keys = menu_keys(actions)
        blocks = action_lines(self.state, actions, width, self._keys)  # the caller ordered them: keys in a row
        prompt_rows = rows(self.console, prompt) + 1  # and the "> " line
        status_rows = sum(rows(self.console, line) for line in status)
        if status_rows > height - 1 - prompt_rows - MIN_ACTION_ROWS:  # a rare tall status: its first lines
            while status and status_rows > height - 2 - prompt_rows - MIN_ACTION_ROWS:
                status_rows -= rows(self.console, status.pop())
            status.append("[cyan]… more of the position: type board[/cyan]")
            status_rows += 1
        room = height - 1 - status_rows - prompt_rows
        flat = [line for block in blocks for line in block]
        news_rows = len(news_lines(news, width, height))
        # The actions first: all of them where the news keeps its newest line (a decision's own
        # choices never wait behind ``more`` for the news, which ``log`` shows); else the news keeps
        # a few rows and the actions the rest. The news then has what the actions left.
        whole = len(flat) <= room - min(news_rows, NEWS_MIN)
        for_actions = len(flat) if whole else max(room - min(news_rows, NEWS_ROWS), 1)
        shown = flat
        if len(flat) > for_actions:
            last = blocks[-1] if any(" " not in str(a) for a in actions) else []  # the one-word actions
            body = blocks[:len(blocks) - bool(last)]
            kept: list[int] = []
            # The groups of a line or two first, in order, then the long ones (a ship's 13 ports) if room is left.
            for i in sorted(range(len(body)), key=lambda i: (len(body[i]) > SHORT_BLOCK, i)):
                if not kept or sum(len(body[k]) for k in kept) + len(body[i]) + len(last) <= for_actions - 1:
                    kept.append(i)
            # The keys run in order down the screen, then on down the lines ``more`` lists: the
            # groups kept, the one-word actions, then those hidden (the keys were those of the
            # whole list, so a screen read a-h, v-z, then ad; no key grows longer for it).
            groups = menu_groups(self.state, actions)
            hidden = [i for i in range(len(body)) if i not in kept]
            order = [j for b in (*sorted(kept), *range(len(body), len(blocks)), *hidden) for j, _ in groups[b][1]]
            ordered = menu_keys(actions)
            self._keys = [""] * len(actions)
            for position, j in enumerate(order):
                self._keys[j] = ordered[position]
            blocks = action_lines(self.state, actions, width, self._keys)
            body, last = blocks[:len(body)], blocks[-1] if last else []
            shown = [line for i in sorted(kept) for line in body[i]]
            self._hidden_actions = [line for i in hidden for line in body[i]]
            shown += last
        else:
            self._hidden_actions = []
        return status, shown, room - len(shown) - bool(self._hidden_actions)

    def _catch_up(self, actions: list[Action], prompt: str) -> tuple[list[tuple[str, int]], str | None]:
        """What happened since the last screen (the news, for the decision's screen) and, where
        more happened than that screen has rows for (a battle, an event, a winter, the agents'
        turns), a page of it first, whole, a page at a time (``more``), so that nothing of it hides
        behind "type log N". Enter goes on to the decision; a command (log, board, undo…) runs;
        a key goes on too (the screen that shows the keys comes next); anything else is the
        decision's answer typed ahead, a notation (returned)."""
        news = self._news()
        height = self.console.height - self._spent
        said = sum(n for _, n in news)  # the log lines the news says ("· …", the last line again: none)
        if not said or len(self.state.history()) == self._began:
            return news, None
        if len(news_lines(news, self.console.width, height)) <= self._layout(actions, prompt, news, height)[2]:
            return news, None  # the decision's screen has room for all of it
        width = self.console.width
        lines = [line for text, _ in news for line in textwrap.wrap(text, width, subsequent_indent="    ") or [""]]
        title = f"[bold]What happened {'since your last decision' if self.seat in self._decided else 'so far'}:[/bold]"
        question = "Press Enter for your decision (more: the next lines)"
        room = height - 1 - rows(self.console, title) - rows(self.console, question) - 1  # a blank row, the "> "
        shown, self._paged = page(lines, room, lambda line: rows(self.console, escape(line)))
        if not self._paged:
            question = "Press Enter for your decision"
        if not self._titled:
            self.console.print()
        self._titled = False
        self.console.print(title)
        for line in shown:
            self.console.print(f"[green]{escape(line)}[/green]")
        if self._paged:
            self.console.print(f"[cyan]… {len(self._paged)} more lines: type more[/cyan]")
        at = len(self.state.history())
        while True:
            text = self._ask(question)
            self._spent = 0  # the decision's screen comes whole below
            if not text.strip():
                return news, None
            if text.strip().lower() == "more" and not self._paged:  # not the actions: none shown yet
                self.console.print("(that was all: press Enter for your decision)")
                continue
            if self._command(text):
                if len(self.state.history()) != at:
                    return news, None  # undo: the caller sees the position changed
                continue
            key = text.strip().isdigit() or text.strip().isalpha() and len(text.strip()) <= 2
            return news, None if key else text  # a key means nothing before the screen shows the keys

    def _pick(self, text: str, actions: list[Action]) -> Action | None:
        """The action ``text`` names: its number or letter on the screen, its notation (before
        any value: "siege" is never "no siege"), or the value alone where one action has it ("8"
        for "take 8" in a menu of letters; "Toletum" for "remove pc Toletum")."""
        text = text.strip()
        lowered = text.lower()
        if lowered in self._keys:
            return actions[self._keys.index(lowered)]
        exact = [a for a in actions if str(a).lower() == lowered]
        if exact:
            return exact[0]
        valued = by_value(text, actions)
        if len(valued) == 1:
            return valued[0]
        if len(valued) > 1:
            self.console.print(f"[red]'{escape(text)}' could be {escape(' or '.join(map(str, valued)))}: "
                               f"type its {self._key_word()} or the whole notation[/red]")
            return None
        if text.isdigit() or (text.isalpha() and len(text) <= 2):  # a key that is not on the screen
            ordered = menu_keys(actions)  # the keys as they run down the screen and ``more``
            self.console.print(f"[red]{escape(text)} is not in the list; type {_numbers(actions)}{ordered[0]} to "
                               f"{ordered[-1]}, or the notation[/red]")
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

    def _key_word(self) -> str:
        return "a number" if self._keys and self._keys[0].isdigit() else "a letter"

    def _page(self, lines: list[str]) -> None:
        """A game's text (``map``) a page at a time: as much as fits above the question asked
        again, then a line saying that ``more`` shows the rest (as the actions a screen had no
        room for), so that a heading and what it heads stay in view at 80×24."""
        room = self.console.height - rows(self.console, self._asking) - 1  # and the "> " line
        shown, self._paged = page(lines, room, lambda line: rows(self.console, escape(line)))
        for line in shown:
            self.console.print(escape(line))
        if self._paged:
            self.console.print(f"[cyan]… {len(self._paged)} more lines: type more[/cyan]")

    # --- Commands ------------------------------------------------------------------------
    def _command(self, text: str) -> bool:
        """Runs a command; False if ``text`` is not one."""
        word, _, arg = text.strip().partition(" ")
        word = word.lower()
        own = {} if self.blank else self.state.text_commands()
        if word != "more":
            self._paged = []  # ``more`` goes on with the text last paged, none other
        if word == "quit":
            self._quit()
        elif word == "help":
            examples = [str(a) for a in self.state.legal_actions()[:2]] if self.state.current_player() >= 0 else []
            self.console.print(escape(HELP.format(examples=" or ".join(f'"{e}"' for e in examples) or '"save FILE"')))
            for command in own.values():
                self.console.print(escape(textwrap.fill(f"  {command.usage:<11} {command.help}", 80,
                                                        subsequent_indent=" " * 14)))
        elif word == "board":
            self._draw()
        elif word == "more" and self._paged:
            self._page(self._paged)
        elif word == "more":
            for line in self._hidden_actions or ["(every action is on the screen above)"]:
                self.console.print(line, overflow="fold")
        elif word == "hint":
            self._hint()
        elif word == "log" and not self.blank:
            # Wrapped as the news is; without N, the newest lines that fit above the prompt.
            log = self._log(self.seat)
            if arg.strip().isdigit():
                log, room = log[-int(arg):], sys.maxsize
            else:
                room = self.console.height - rows(self.console, self._asking) - 1  # and the "> " line
            for line in news_lines([(line, 1) for line in log], self.console.width, room):
                self.console.print(escape(line))
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
                self._page(own[word].run(arg.strip()).split("\n"))
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
        if answer.strip().lower() == "quit":  # as the question says: nothing else leaves
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
            write_record(self.state, target, players=self.specs)
        except OSError as exc:
            self.console.print(f"[red]cannot save to {escape(path)}: {escape(exc.strerror or str(exc))}[/red]")
        else:
            self._saved_to, self._saved_history = target, list(self.state.history())
            self.console.print(f"Saved to {escape(path)}; continue with: legatus play --load {escape(path)}")
            if self.secret:
                self.console.print("It is the full record, every seat's secrets in it (the referee's table): "
                                   "keep it from the players.")

    def _final_position(self) -> None:
        """Where the game ended (the scores), above its last news; not at a hot seat's screen,
        where the last seat's hand would show to whoever looks."""
        if self.hot_seat or self.blank:
            return
        self.console.print()
        status = self._status()
        for line in status:
            self.console.print(line)
        self._spent += 1 + sum(rows(self.console, line) for line in status)

    def _after_end(self) -> None:
        while True:
            text = self._ask("The game is over: save FILE, log, board or quit")
            if not self._command(text):
                self.console.print("[red]type save FILE, log, board or quit[/red]")

    # --- Output --------------------------------------------------------------------------
    def _ask(self, prompt: str, interrupt: str = "quit") -> str:
        """The line typed; Ctrl-C reads as ``interrupt`` (quit, which asks first if moves are
        not saved), and so does Ctrl-D at a terminal (a stray key, a second one leaves); the end
        of input piped in as quit without asking (nobody is there to answer)."""
        self._asking = prompt
        self._titled = False  # a question came between the title and the next screen
        try:
            return self._read(f"{prompt}\n> ")
        except KeyboardInterrupt:
            self.console.print()
            return interrupt
        except EOFError:
            if sys.stdin.isatty():
                self.console.print()
                return interrupt
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

    def _news(self) -> list[tuple[str, int]]:
        """For a decision's screen: what happened since the last screen (each line with how
        many log lines it says), or, if nothing did, the last log line again, marked "· "."""
        if self.blank:
            return []
        self._collect()
        news, self._pending = self._pending, []
        log = self._log(self.seat)
        return merge_runs(news, self.state.game.seats) or [(f"· {line}", 0) for line in log[-1:]]

    def _collect(self) -> None:
        """The log lines not shown yet, kept in order for the next screen."""
        self._pending += self._unshown()

    def _unshown(self) -> list[str]:
        """The log lines the screen's seat has not been shown yet, now marked shown."""
        if self.blank:
            return []  # each seat reads the lines it missed when it takes the screen
        log = self._log(self.seat)
        new = log[self._shown[self.seat]:]
        self._shown[self.seat] = len(log)
        return new

    def _flush_log(self) -> None:
        """What happened since the last screen, before a question that draws none (the dice,
        the end), in the rows a screen has for it."""
        self._collect()
        news = merge_runs(self._pending, self.state.game.seats)
        room = self.console.height - self._spent - MIN_ACTION_ROWS
        lines = news_lines(news, self.console.width, sys.maxsize)
        if len(lines) > room:  # a page of it, ``more`` for the next: none of it hides behind "type log N"
            texts = [f"  {text}" for text, _ in news]
            lines, self._paged = page(texts, room - 1, lambda line: len(news_lines([(line[2:], 1)], self.console.width,
                                                                                   sys.maxsize)))
            lines = news_lines([(line[2:], 1) for line in lines], self.console.width, sys.maxsize)
        for line in lines:
            self.console.print(escape(line))
        if self._paged:
            self.console.print(f"[cyan]… {len(self._paged)} more lines: type more[/cyan]")
        self._pending, self._spent = [], 0

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
        return drawn if drawn is not None else escape(view_lines(self.state.view(self.seat)))


def merge_runs(lines: list[str], seats: Sequence[str]) -> list[tuple[str, int]]:
    """Lines in a row said by one seat ("seat2: recruit 3", "seat2: end turn") as one line,
    "seat2: recruit 3 · end turn", and so a seat's deeds of one kind ("rome draws #16 …",
    "rome draws #36 …": "rome draws #16 … · #36 …"), and the same line in a row once,
    "carthage draws a card (×7)", so that a screen has room for what every agent did; each
    with how many lines it joins."""
    merged: list[tuple[str, int]] = []
    prev, times = None, 0  # the line before, and how many times in a row it came
    for line in lines:
        who, sep, what = line.partition(": ")
        if line == prev:
            times += 1
            text = merged[-1][0].removesuffix(f" (×{times - 1})")
            merged[-1] = (f"{text} (×{times})", merged[-1][1] + 1)
            continue
        times = 1
        seat, verb, told = (line.split(" ", 2) + ["", ""])[:3]  # "rome draws #16 …": a seat's deed
        if sep and who in seats and prev is not None and prev.startswith(f"{who}: "):
            merged[-1] = (f"{merged[-1][0]} · {what}", merged[-1][1] + 1)
        elif not sep and told and seat in seats and prev is not None and prev.startswith(f"{seat} {verb} "):
            merged[-1] = (f"{merged[-1][0]} · {told}", merged[-1][1] + 1)
        else:
            merged.append((line, 1))
        prev = line
    return merged


def news_lines(news: list[tuple[str, int]], width: int, room: int) -> list[str]:
    """The news (each line with how many log lines it says) wrapped at ``width``, indented; if
    taller than ``room`` rows, the newest that fit after a line saying how to read the rest."""
    wrapped = [(textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="    ") or [""], n)
               for text, n in news]
    if sum(len(lines) for lines, _ in wrapped) > room:
        kept: list[tuple[list[str], int]] = []
        while wrapped and len(wrapped[-1][0]) + sum(len(lines) for lines, _ in kept) <= room - 1:
            kept.insert(0, wrapped.pop())
        hidden = sum(n for _, n in wrapped)
        noun = "line" if hidden == 1 else "lines"
        wrapped = [([f"  … {hidden} earlier {noun}: type log {hidden + sum(n for _, n in kept)}"], hidden), *kept]
    return [line for lines, _ in wrapped for line in lines]


def page(lines: list[str], room: int, height: Callable[[str], int]) -> tuple[list[str], list[str]]:
    """The first page of ``lines`` in ``room`` rows (a line ``height`` rows), and the rest. A
    page that cannot hold them all keeps its last row for the line pointing to the rest, and
    ends before a block (a line not indented and those indented under it) that fits a page of
    its own, or whose heading alone would end it; the rest goes on inside a block with its
    heading again ("Roads …, continued:").

    >>> page(["A: 1 ·", "  2", "B: 3 ·", "  4 ·", "  5"], 4, lambda line: 1)
    (['A: 1 ·', '  2'], ['B: 3 ·', '  4 ·', '  5'])
    >>> page(["B: 3 ·", "  4 ·", "  5 ·", "  6"], 3, lambda line: 1)
    (['B: 3 ·', '  4 ·'], ['B, continued:', '  5 ·', '  6'])
    """
    if sum(map(height, lines)) <= room:
        return lines, []
    cut, used = 0, 0
    while cut < len(lines) and used + height(lines[cut]) <= room - 1:
        used += height(lines[cut])
        cut += 1
    if cut < 2 and len(lines) > 1 and lines[1].startswith(" "):  # never a heading alone
        cut = 2
    cut = max(cut, 1)  # nor a page without a line
    if cut < len(lines) and lines[cut].startswith(" "):  # inside a block: before it, if it fits a page
        head = max((i for i in range(cut) if not lines[i].startswith(" ")), default=0)
        end = next((i for i in range(cut, len(lines)) if not lines[i].startswith(" ")), len(lines))
        if head > 0 and (head == cut - 1 or sum(map(height, lines[head:end])) <= room - 1):
            cut = head
    rest = lines[cut:]
    heading = next((line for line in reversed(lines[:cut]) if not line.startswith(" ")), None)
    if rest and rest[0].startswith(" ") and heading is not None:
        title, colon, _ = heading.partition(": ")
        title = title.rstrip(":").removesuffix(", continued")
        rest = [f"{title}, continued{':' if colon or heading.endswith(':') else ''}", *rest]
    return lines[:cut], rest


def rows(console: Console, markup: str) -> int:
    """The terminal rows a line of ``markup`` takes on ``console``, wrapped as it prints it."""
    return max(1, len(Text.from_markup(markup).wrap(console, console.width)))


def _numbers(actions: list[Action]) -> str:
    """The numbers that the actions are ("take 0" to "take 10": "0 to 10 or a letter "), else ""."""
    numbers = sorted({int(value_of(str(a))) for a in actions if value_of(str(a)).isdigit()})
    if not numbers:
        return ""
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]} or a letter "
    return f"one of {', '.join(map(str, numbers))} or a letter "


def menu_keys(actions: list[Action]) -> list[str]:
    """What to type for each action: its number, or a letter (a…z, then aa, ab…) in a menu
    whose choices are themselves numbers ("take 8", "ops #16"), so an index is never taken
    for a value."""
    if not any(value_of(str(a))[:1].isdigit() or value_of(str(a))[:2].lstrip("#").isdigit() for a in actions):
        return [str(i + 1) for i in range(len(actions))]
    n = len(LETTERS)
    return [LETTERS[i] if i < n else LETTERS[i // n - 1] + LETTERS[i % n] for i in range(len(actions))]


def menu_groups(state: State, actions: list[Action]) -> list[tuple[str, list[tuple[int, str]]]]:
    """The actions grouped as the screen lists them: (label, [(index in ``actions``, text)]).
    A group is a kind (``action_kind``: the first word, or the game's verb of several words) and
    what the game's ``menu_text`` adds to all its actions (a cost):
    "move (1 denarius)", its items the rest ("Corduba"); an action whose addition no other of
    its kind shares goes with its kind's own group, its note beside it ("move": "Emerita (2
    denarii)"); actions alone in their kind, in a row, share a group without a label, whole;
    the one-word actions ("end") come last, together. The groups come in the order of their
    first action. Where ``menu_text`` writes the notation with other capitals ("start Ostia"
    for "start ostia": a city's name), the menu shows them: typed either way, it parses. Where it
    writes the action in other words of its kind, a note in brackets at their end ("take 8 (1
    elephant)" for "take 8 with 1 elephant"), it goes with the others of that note."""
    groups: dict[tuple[str, str], list[tuple[int, str]]] = {}
    singles: list[tuple[int, str]] = []
    for i, action in enumerate(actions):
        notation, described = str(action), state.menu_text(action)
        if " " not in notation:  # one word ("end", "garrison"): nothing to group it by
            singles.append((i, described))
            continue
        kind = state.action_kind(notation)
        if described[:len(notation)].lower() == notation.lower():
            text, note = described[:len(notation)], described[len(notation):].strip()
        elif described.startswith(f"{kind} ") and described.endswith(")") and " (" in described:
            cut = described.rindex(" (")
            text, note = described[:cut], described[cut:].strip()
        else:
            text, note = notation, ""
        groups.setdefault((kind, note), []).append((i, text))
    grouped: dict[str, list[tuple[int, str]]] = {}
    kinds = [kind for kind, _ in groups]
    for (kind, note), members in groups.items():
        if kinds.count(kind) == 1 and len(members) == 1:  # alone of its kind: whole, among the lone ones
            grouped.setdefault(f" {members[0][0]}", []).append((members[0][0], f"{members[0][1]} {note}".rstrip()))
        elif len(members) == 1:  # with the others of its kind, its note beside it
            grouped.setdefault(kind, []).append((members[0][0], f"{members[0][1][len(kind) + 1:]} {note}".rstrip()))
        else:
            grouped[kind + (f" {note}" if note else "")] = [(i, n[len(kind) + 1:]) for i, n in members]
    out: list[tuple[str, list[tuple[int, str]]]] = []
    for label, items in sorted(grouped.items(), key=lambda group: min(group[1])):
        if label.startswith(" ") and out and out[-1][0] == "":
            out[-1][1].extend(items)
        else:
            out.append(("" if label.startswith(" ") else f"{label}:", sorted(items)))
    if singles:
        out.append(("", singles))
    return out


def menu_order(state: State, actions: list[Action]) -> list[Action]:
    """The actions in the order the screen lists them, so that their keys run in order."""
    return [actions[i] for _, items in menu_groups(state, actions) for i, _ in items]


def action_lines(state: State, actions: list[Action], width: int, keys: list[str] | None = None) -> list[list[str]]:
    """The actions keyed (``keys``, else numbered) as markup lines, grouped as
    :func:`menu_groups` says, each line at most ``width`` wide; a block of lines a group. The
    keys run in order where ``actions`` come in :func:`menu_order`."""
    keys = keys or [str(i + 1) for i in range(len(actions))]
    return [_wrap(label, [(keys[i], text) for i, text in items], width) for label, items in menu_groups(state, actions)]


LABEL_COLUMN = 12
"""The widest label of a group of actions whose continued lines start under its first item."""


def _wrap(label: str, items: list[tuple[str, str]], width: int) -> list[str]:
    """``label`` then the keyed items, filled into lines of ``width`` columns (markup out);
    continued lines are indented: under the first item where the label is short and every item
    fits there (a column of keys), else by 4."""
    lines: list[str] = []
    plain, marked = label, escape(label)
    column = cell_len(label) + 2
    widest = max((cell_len(f"{key} {text}") for key, text in items), default=0)
    indent = " " * (column if label and column <= LABEL_COLUMN + 2 and column + widest <= width else 4)
    for key, text in items:
        item_plain, item_marked = f"{key} {text}", f"[cyan]{key}[/cyan] {escape(text)}"
        gap = "  " if plain.strip() else ""
        if plain.strip() and cell_len(plain) + len(gap) + cell_len(item_plain) > width:
            lines.append(marked)
            plain, marked, gap = indent, indent, ""
        plain, marked = plain + gap + item_plain, marked + gap + item_marked
    lines.append(marked)
    return lines


