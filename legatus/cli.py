"""The ``legatus`` command."""

from __future__ import annotations

import enum
import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

import legatus
from legatus.core.errors import LegatusError
from legatus.core.record import apply_text, new_game_state, read_record
from legatus.core.record import replay as replay_record

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="legatus plays, referees and analyses board games of the Roman conquest.")


class Dice(enum.StrEnum):
    auto = "auto"
    manual = "manual"


def fail(message: str, status: int = 2) -> NoReturn:
    typer.echo(f"legatus: {message}", err=True)
    raise typer.Exit(status)


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="the game, e.g. hispania")] = None,
    level: Annotated[str | None, typer.Option(help="Hispania: denarii-garrisons-fleets-roads-armies")] = None,
    variants: Annotated[str | None, typer.Option(help="Hispania: e.g. ingenivm,terror,hispano")] = None,
    scenario: Annotated[str | None, typer.Option(help="Hispania: e.g. numantia")] = None,
    players: Annotated[int | None, typer.Option(help="Hispania: Roman players, 1-3 (Hispano adds one)")] = None,
    traitors: Annotated[bool, typer.Option("--traitors", help="Hispania, Terror: Rome does not pay traitors")] = False,
    seed: Annotated[int | None, typer.Option(help="seed of the dice rolled by legatus")] = None,
    dice: Annotated[Dice, typer.Option(help="auto: legatus rolls; manual: you type a real table's dice")] = Dice.auto,
    board: Annotated[Path | None, typer.Option(help="Hispania: a corrected board file")] = None,
    load: Annotated[Path | None, typer.Option(help="continue the game saved in this record")] = None,
) -> None:
    """Play a game in the terminal (every seat at this screen)."""
    from legatus.terminal import TerminalPlay

    try:
        if load is not None:
            given = [level, variants, scenario, players, board]
            if game is not None or any(v is not None for v in given) or traitors:
                fail("--load continues a saved game with its own options; give no game or game option")
            state = replay_record(read_record(load))
        else:
            if game is None:
                fail(f"name a game to play ({', '.join(legatus.game_names())}) or --load a saved one")
            named = {"level": level, "variants": variants, "scenario": scenario, "players": players,
                     "board": None if board is None else str(board), "traitors": traitors or None}
            options: dict[str, Any] = {"seed": seed, **{k: v for k, v in named.items() if v is not None}}
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
    """List the games legatus plays, with their options."""
    from legatus.core.registry import game_class

    for name in legatus.game_names():
        cls = game_class(name)
        typer.echo(f"{name}: {cls.title}")
        for option, spec in cls.OPTIONS.items():
            typer.echo(f"  {option:<8} {spec.help} (default: {spec.default!r})")


def main() -> None:
    app(prog_name="legatus")


if __name__ == "__main__":
    main()
