"""Playing in the terminal: a game-agnostic loop over a :class:`~legatus.core.session.Session`.

It draws the position before each decision, lists the legal actions numbered, reads a
number or a notation (or a command: undo, hint, save FILE, board, log, help, quit), and plays
the dice itself, or asks for the dice rolled at a real table with ``dice="manual"``. Seats
given to agents play themselves, each move with the agent's reason.

In a game with secrets the screen belongs to one seat: it shows that seat's view and its log
(each action as the seat saw it), never the referee's. With several people at one screen
(hot seat) the screen goes blank between them: "Pass the screen to seat2 and press Enter".
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape

from legatus.core.actions import Action
from legatus.core.agents import Agent, decide, make_agent, seat_input
from legatus.core.errors import LegatusError, NotationError
from legatus.core.game import CHANCE, Information, State
from legatus.core.mcts import Analysis, estimate
from legatus.core.record import write_record
from legatus.core.secrecy import seat_actions
from legatus.core.session import Session

HELP = """\
Type the number of an action, or its notation (e.g. "move Corduba", "besiege Salduba 2").
Commands:
  undo        take back your last decision (never across dice or to another player's)
  hint        what the strongest agent would play here, and its chance of winning
  save FILE   save the game as a record; continue it with: legatus play --load FILE
  board       draw the board again
  log [N]     the last N lines of the game log (default 20)
  help        this text
  quit        leave (save first: the game is not saved by itself)"""

SHOWN_ON_LOAD = 12
"""Log lines a loaded game shows of where it stands."""


class Quit(Exception):
    """The player typed quit (or the input ended)."""


@runtime_checkable
class Analyser(Protocol):
    """A search agent that can list the actions it weighed (for hints)."""

    last_simulations: int

    def analyse(self, state: State) -> list[Analysis]: ...


class TerminalPlay:
    """One game at one screen: every seat not given to an agent is played by the person (or
    the people, in turn) at the keyboard."""

    def __init__(self, session: Session, dice: str = "auto", console: Console | None = None,
                 read: Callable[[str], str] | None = None, agents: dict[int, Agent] | None = None) -> None:
        self.session = session
        self.dice = dice
        self.agents = agents or {}
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

    @property
    def state(self) -> State:
        return self.session.state

    def run(self) -> int:
        """Play until the game ends or the player quits; returns the exit status (0)."""
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
            self.session.roll()
            self._flush_log()
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
            if self._command(text):
                if self.state.current_player() != CHANCE:
                    return  # undo took back the decision that called for the dice
                continue
            try:
                action = self.state.parse_outcome(text)
            except NotationError as exc:
                message = f"'{text}' is not an outcome here" if private else str(exc)
                self.console.print(f"[red]{escape(message)}[/red]")
                continue
            self.session.apply(action)
            self._flush_log()
            return

    # --- Agents --------------------------------------------------------------------------
    def _agent(self, agent: Agent) -> None:
        self._flush_log()
        state = self.state
        seat = state.seat_name(state.current_player())
        action = decide(agent, state)
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
        agent = make_agent(state.game, type(state.game).HINT_AGENT, seed=len(state.history()))
        if not isinstance(agent, Analyser):
            action = decide(agent, state)
            self.console.print(f"Hint: {escape(state.describe(action))} — {escape(agent.reason)}")
            return
        seat = state.current_player()
        given = seat_input(state, random.Random(len(state.history())))  # only what the seat may know
        for i, option in enumerate(agent.analyse(given)[:3]):
            chance = state.game.win_chance(option.mean[seat])
            lead = "Hint:" if i == 0 else "  or:"
            self.console.print(f"{lead} {escape(state.describe(option.action))} — "
                               f"{estimate(chance, option.visits, agent.last_simulations)}")

    # --- Decisions -----------------------------------------------------------------------
    def _decision(self) -> None:
        player = self.state.current_player()
        if self.hot_seat and self.seat != player:
            self._hand_over(player)
        self._flush_log()
        self._draw()
        actions = self.state.legal_actions()
        seat = self.state.seat_name(player)
        while True:
            items = [f"[cyan]{i + 1:>2}[/cyan] {escape(self.state.describe(a))}" for i, a in enumerate(actions)]
            self.console.print(Columns(items, padding=(0, 2)))
            text = self._ask(f"[bold]{escape(self.state.prompt())}[/bold] ({escape(seat)})")
            if self._command(text):
                if self.state.current_player() == CHANCE or self.state.legal_actions() != actions:
                    return  # undo changed the position
                continue
            action = self._pick(text, actions)
            if action is not None:
                self.session.apply(action)
                return

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
        if word == "quit":
            raise Quit
        if word == "help":
            self.console.print(escape(HELP))
        elif word == "board":
            self._draw()
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
        else:
            return False
        return True

    def _save(self, path: str) -> None:
        if not path:
            self.console.print("[red]save needs a file name: save FILE[/red]")
            return
        try:
            write_record(self.state, Path(path))
        except OSError as exc:
            self.console.print(f"[red]cannot save to {escape(path)}: {escape(exc.strerror or str(exc))}[/red]")
        else:
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
    def _ask(self, prompt: str) -> str:
        try:
            return self._read(f"{prompt}\n> ")
        except EOFError:
            raise Quit from None

    def _log(self, seat: int | None) -> list[str]:
        """The game's log as ``seat`` may read it: the one its view keeps, else every action
        as the seat saw it."""
        view = self.state.view(seat)
        if "log" in view:
            return list(view["log"])
        return seat_actions(self.state, seat)

    def _flush_log(self) -> None:
        if self.blank:
            return  # each seat reads the lines it missed when it takes the screen
        log = self._log(self.seat)
        for line in log[self._shown[self.seat]:]:
            self.console.print(f"  {escape(line)}")
        self._shown[self.seat] = len(log)

    def _draw(self) -> None:
        if self.blank:
            return
        self.console.print()
        if self.seat is None:
            self.console.print(self.state.to_text(markup=True))
        else:
            self.console.print(escape(view_text(self.state.view(self.seat))))


def view_text(view: dict[str, Any]) -> str:
    """A seat's view drawn as lines of "key: value" (its log and legal actions are shown apart)."""
    return "\n".join(f"{key.replace('_', ' ')}: {_text(value)}" for key, value in view.items()
                     if key not in ("log", "legal_actions") and value is not None)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
