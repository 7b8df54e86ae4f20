"""Playing in the terminal: a game-agnostic loop over a :class:`~legatus.core.session.Session`.

It draws the position before each decision, lists the legal actions numbered, reads a
number or a notation (or a command: undo, hint, save FILE, board, log, help, quit), and plays
the dice itself, or asks for the dice rolled at a real table with ``dice="manual"``. Seats
given to agents play themselves, each move with the agent's reason.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape

from legatus.core.actions import Action, normalize
from legatus.core.agents import Agent, make_agent
from legatus.core.errors import LegatusError, NotationError
from legatus.core.game import CHANCE, State
from legatus.core.record import write_record
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


class Quit(Exception):
    """The player typed quit (or the input ended)."""


class TerminalPlay:
    """One game at one screen: every seat is played by the person at the keyboard."""

    def __init__(self, session: Session, dice: str = "auto", console: Console | None = None,
                 read: Callable[[str], str] | None = None, agents: dict[int, Agent] | None = None) -> None:
        self.session = session
        self.dice = dice
        self.agents = agents or {}
        self.console = console or Console(highlight=False)
        self._read = read or self.console.input
        self._shown = max(0, len(self._log()) - 12)  # a loaded game shows where it stands

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

    # --- Dice ----------------------------------------------------------------------------
    def _chance(self) -> None:
        if self.dice == "auto":
            self.session.roll()
            self._flush_log()
            return
        self._flush_log()
        outcomes = ", ".join(str(a) for a, _ in self.state.chance_outcomes()[:3])
        while True:
            text = self._ask(f"{self.state.prompt()} Type the roll (e.g. {outcomes}, …)")
            if self._command(text):
                if self.state.current_player() != CHANCE:
                    return  # undo took back the decision that called for the dice
                continue
            action = self._parse_roll(text)
            if action is not None:
                self.session.apply(action)
                self._flush_log()
                return

    def _parse_roll(self, text: str) -> Action | None:
        """A roll as the notation wants it ("roll IV-3"), or bare ("IV-3", "4-3", "4 3")."""
        outcomes = [a for a, _ in self.state.chance_outcomes()]
        legal = {normalize(str(a)): a for a in outcomes}
        words = normalize(text).removeprefix("roll").strip().replace(" ", "-")
        for candidate in (words, _arabic_to_roman_first(words)):
            action = legal.get(f"roll {candidate}")
            if action is not None:
                return action
        self.console.print(f"[red]'{escape(text)}' is not a roll here; type one of: "
                           f"{escape(', '.join(str(a) for a in outcomes))}[/red]")
        return None

    # --- Agents --------------------------------------------------------------------------
    def _agent(self, agent: Agent) -> None:
        self._flush_log()
        state = self.state
        seat = state.seat_name(state.current_player())
        action = agent.choose(state)
        self.console.print(f"  [magenta]{escape(seat)} (AI) plays {escape(state.describe(action))}[/magenta]"
                           f" — {escape(agent.reason)}")
        self.session.apply(action)

    def _hint(self) -> None:
        state = self.state
        if state.is_terminal() or state.current_player() == CHANCE:
            self.console.print("[red]a hint is for a decision; the dice are due now[/red]")
            return
        agent = make_agent(state.game, type(state.game).HINT_AGENT, seed=len(state.history()))
        analysis = getattr(agent, "analyse", None)
        if analysis is None:
            action = agent.choose(state)
            self.console.print(f"Hint: {escape(state.describe(action))} — {escape(agent.reason)}")
            return
        seat = state.current_player()
        for i, option in enumerate(analysis(state)[:3]):
            chance = (option.mean[seat] + 1) / 2
            lead = "Hint:" if i == 0 else "  or:"
            self.console.print(f"{lead} {escape(state.describe(option.action))} — win chance {chance:.0%} "
                               f"({option.visits} of {getattr(agent, 'last_simulations', '?')} simulated games)")

    # --- Decisions -----------------------------------------------------------------------
    def _decision(self) -> None:
        self._flush_log()
        self._draw()
        actions = self.state.legal_actions()
        seat = self.state.seat_name(self.state.current_player())
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
        elif word == "log":
            n = int(arg) if arg.strip().isdigit() else 20
            for line in self._log()[-n:]:
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

    def _log(self) -> list[str]:
        return list(self.state.view().get("log", []))

    def _flush_log(self) -> None:
        log = self._log()
        for line in log[self._shown:]:
            self.console.print(f"  {escape(line)}")
        self._shown = len(log)

    def _draw(self) -> None:
        self.console.print()
        self.console.print(self.state.to_text(markup=True))


def _arabic_to_roman_first(words: str) -> str:
    """"4-3" → "iv-3" and "4" → "iv": a Roman die typed with digits."""
    numerals = ("i", "ii", "iii", "iv", "v", "vi")
    first, sep, rest = words.partition("-")
    if first.isdigit() and 1 <= int(first) <= 6:
        return numerals[int(first) - 1] + sep + rest
    return words
