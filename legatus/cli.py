"""The ``legatus`` command."""

from __future__ import annotations

import enum
import json
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

import legatus
from legatus.core.errors import LegatusError
from legatus.core.record import new_game_state, read_record, replay as replay_record, apply_text

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="legatus plays, referees and analyses board games of the Roman conquest.")


class Dice(str, enum.Enum):
    auto = "auto"
    manual = "manual"


def fail(message: str, status: int = 2) -> None:
    typer.echo(f"legatus: {message}", err=True)
    raise typer.Exit(status)


@app.command()
def play(
    game: Annotated[Optional[str], typer.Argument(help="the game, e.g. hispania")] = None,
    level: Annotated[Optional[str], typer.Option(help="Hispania: denarii-garrisons-fleets-roads-armies")] = None,
    seed: Annotated[Optional[int], typer.Option(help="seed of the dice rolled by legatus")] = None,
    dice: Annotated[Dice, typer.Option(help="auto: legatus rolls; manual: you type the dice of a real table")] = Dice.auto,
    board: Annotated[Optional[Path], typer.Option(help="Hispania: a corrected board file")] = None,
    load: Annotated[Optional[Path], typer.Option(help="continue the game saved in this record")] = None,
) -> None:
    """Play a game in the terminal (every seat at this screen)."""
    from legatus.terminal import TerminalPlay

    try:
        if load is not None:
            if game is not None or level is not None or board is not None:
                fail("--load continues a saved game with its own options; give no game, --level or --board")
            state = replay_record(read_record(load))
        else:
            if game is None:
                fail(f"name a game to play ({', '.join(legatus.game_names())}) or --load a saved one")
            options: dict[str, Any] = {"seed": seed}
            if level is not None:
                options["level"] = level
            if board is not None:
                options["board"] = str(board)
            state = legatus.load(game, **options).new_initial_state()
    except LegatusError as exc:
        fail(str(exc))
    session = legatus.Session(state, seed=seed)
    raise typer.Exit(TerminalPlay(session, dice=dice.value).run())


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="a record (JSON) saved by legatus")],
    json_: Annotated[bool, typer.Option("--json", help="print the final view as JSON")] = False,
) -> None:
    """Replay a record and print the position it reaches."""
    try:
        data = read_record(record)
        state = new_game_state(data)
        for index, text in enumerate(data["actions"]):
            apply_text(state, index, text)
    except LegatusError as exc:
        fail(f"{record}: {exc}" if str(record) not in str(exc) else str(exc), 1)
    if json_:
        typer.echo(json.dumps(state.view(None), indent=1, ensure_ascii=False))
    else:
        typer.echo(state.to_text())
        typer.echo(state.prompt())


@app.command()
def games() -> None:
    """List the games legatus plays."""
    for name in legatus.game_names():
        typer.echo(name)


def main() -> None:
    app(prog_name="legatus")


if __name__ == "__main__":
    sys.exit(main())
