"""The ``legatus`` command."""

from __future__ import annotations

import csv
import enum
import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

import legatus
from legatus.core.errors import LegatusError, RecordError
from legatus.core.record import apply_text, new_game_state, read_record
from legatus.core.record import replay as replay_record

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="legatus plays, referees and analyses board games of the Roman conquest.")


class Dice(enum.StrEnum):
    auto = "auto"
    manual = "manual"


class Backend(enum.StrEnum):
    process = "process"
    serial = "serial"
    ray = "ray"


CORRUPT_RECORD = 1
"""The exit status of `play --load` and `replay` given a record they cannot replay."""


def fail(message: str, status: int = 2) -> NoReturn:
    typer.echo(f"legatus: {message}", err=True)
    raise typer.Exit(status)


# Options every game command shares (Hispania's, for now).
Level = Annotated[str | None, typer.Option(help="Hispania: denarii-garrisons-fleets-roads-armies")]
Variants = Annotated[str | None, typer.Option(help="Hispania: e.g. ingenivm,terror,hispano")]
Scenario = Annotated[str | None, typer.Option(help="Hispania: e.g. numantia")]
Players = Annotated[int | None, typer.Option(help="Hispania: Roman players, 1-3 (Hispano adds one)")]
Traitors = Annotated[bool, typer.Option("--traitors", help="Hispania, Terror: Rome does not pay traitors")]
BoardFile = Annotated[Path | None, typer.Option("--board", help="Hispania: a corrected board file")]
Seats = Annotated[str | None, typer.Option(help="agents by seat, e.g. rome=mcts,hispania=heuristic")]
Seed = Annotated[int | None, typer.Option(help="seed of the dice (and of the agents)")]


def game_options(level: str | None, variants: str | None, scenario: str | None, players: int | None,
                 traitors: bool, board: Path | None) -> dict[str, Any]:
    named = {"level": level, "variants": variants, "scenario": scenario, "players": players,
             "board": None if board is None else str(board), "traitors": traitors or None}
    return {k: v for k, v in named.items() if v is not None}


def parse_seats(text: str | None) -> dict[str, str]:
    """``rome=mcts,hispania=heuristic`` → {"rome": "mcts", "hispania": "heuristic"}."""
    if not text:
        return {}
    seats: dict[str, str] = {}
    for part in text.split(","):
        seat, sep, agent = part.partition("=")
        if not sep or not seat.strip() or not agent.strip():
            fail(f"--seats '{text}': write seat=agent pairs, e.g. rome=mcts,hispania=heuristic")
        seats[seat.strip()] = agent.strip()
    return seats


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="the game, e.g. hispania")] = None,
    level: Level = None, variants: Variants = None, scenario: Scenario = None, players: Players = None,
    traitors: Traitors = False, board: BoardFile = None,
    seats: Annotated[str | None, typer.Option(help="seats played by agents, e.g. hispania=heuristic")] = None,
    seed: Seed = None,
    dice: Annotated[Dice, typer.Option(help="auto: legatus rolls; manual: you type a real table's dice")] = Dice.auto,
    load: Annotated[Path | None, typer.Option(help="continue the game saved in this record")] = None,
) -> None:
    """Play a game in the terminal (the other seats at this screen, or agents)."""
    from legatus.core.agents import make_agent
    from legatus.terminal import TerminalPlay

    options = game_options(level, variants, scenario, players, traitors, board)
    try:
        if load is not None:
            if game is not None or options:
                fail("--load continues a saved game with its own options; give no game or game option")
            state = replay_record(read_record(load))
        else:
            if game is None:
                fail(f"name a game to play ({', '.join(legatus.game_names())}) or --load a saved one")
            state = legatus.load(game, seed=seed, **options).new_initial_state()
        chosen = parse_seats(seats)
        agents = {}
        for name, spec in chosen.items():
            if spec == "human":
                continue
            index = state.game.seat_index(name)
            agents[index] = make_agent(state.game, spec, None if seed is None else seed + index)
    except RecordError as exc:  # a corrupt saved game: the status `legatus replay` gives it
        fail(str(exc), CORRUPT_RECORD)
    except LegatusError as exc:
        fail(str(exc))
    session = legatus.Session(state, seed=seed)
    raise typer.Exit(TerminalPlay(session, dice=dice.value, agents=agents).run())


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
        fail(f"{record}: {exc}" if str(record) not in str(exc) else str(exc), CORRUPT_RECORD)
    if json_:
        typer.echo(json.dumps(state.view(None), indent=1, ensure_ascii=False))
    else:
        typer.echo(state.to_text())
        typer.echo(state.prompt())


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="the game, e.g. hispania")],
    games: Annotated[int, typer.Option(help="how many games")] = 1000,
    level: Level = None, variants: Variants = None, scenario: Scenario = None, players: Players = None,
    traitors: Traitors = False, board: BoardFile = None, seats: Seats = None,
    seat: Annotated[str | None, typer.Option(help="whose win rate (default: the first seat)")] = None,
    seed: Annotated[int, typer.Option(help="seed of the run; each game's seed derives from it")] = 1,
    jobs: Annotated[int, typer.Option(help="workers")] = 2,
    backend: Annotated[Backend, typer.Option(help="process (local), serial, or ray")] = Backend.process,
    out: Annotated[Path | None, typer.Option(help="per-game results: .csv or .jsonl")] = None,
) -> None:
    """Play many games of one configuration and report the win rate."""
    from rich.progress import Progress

    from legatus.core.agents import make_agent
    from legatus.sim.backends import make_executor
    from legatus.sim.runner import Config, run
    from legatus.sim.stats import summarise

    if games < 1:
        fail(f"--games {games} must be at least 1")
    if out is not None and out.suffix not in (".csv", ".jsonl"):
        fail(f"--out {out}: the results file is .csv or .jsonl")
    try:
        config = Config.make(game, game_options(level, variants, scenario, players, traitors, board),
                             parse_seats(seats), key="simulate")
        loaded = config.load_game()
        agents = config.seat_agents(loaded)
        for spec in agents:  # a bad agent name fails here, not in a worker
            make_agent(loaded, spec)
        seat_index = loaded.seat_index(seat) if seat else 0
        with make_executor(backend.value, jobs) as executor, Progress(transient=True) as bar:
            task = bar.add_task("games", total=games)
            results = run(config, games, seed, executor, progress=lambda n: bar.advance(task, n))
    except LegatusError as exc:
        fail(str(exc))
    summary = summarise(results, seat_index)
    who = ", ".join(f"{s}={a}" for s, a in zip(loaded.seats, agents, strict=True))
    typer.echo(f"{game} {loaded.options.get('level', '')} {', '.join(loaded.options.get('variants', ()))} "
               f"({who}): {games} games, seed {seed}")
    low, high = summary["interval"]
    typer.echo(f"{loaded.seats[seat_index]} win rate {summary['win_rate']:.1%} (95% interval {low:.1%}–{high:.1%})")
    rounds = f", {summary['mean_rounds']} rounds" if "mean_rounds" in summary else ""
    typer.echo(f"mean length {summary['mean_length']} actions{rounds}")
    typer.echo("outcomes: " + ", ".join(f"{k} {v}" for k, v in summary["outcomes"].items()))
    if out is not None:
        write_results(out, results)
        typer.echo(f"per-game results in {out}")


def write_results(path: Path, results: list[dict[str, Any]]) -> None:
    if path.suffix == ".jsonl":
        path.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in results), encoding="utf-8")
        return
    fields = sorted({k for r in results for k in r})
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        for r in results:
            writer.writerow({k: json.dumps(v) if isinstance(v, list) else v for k, v in r.items()})


@app.command()
def sweep(
    game: Annotated[str, typer.Argument(help="the game (hispania)")],
    games: Annotated[int, typer.Option(help="games per level")] = 1000,
    variants: Annotated[str, typer.Option(help="sets of variants to sweep, ';' between sets, e.g. ';terror'")] = "",
    players: Players = None, board: BoardFile = None, seats: Seats = None,
    seed: Annotated[int, typer.Option(help="seed of the sweep")] = 1,
    jobs: Annotated[int, typer.Option(help="workers")] = 2,
    backend: Annotated[Backend, typer.Option(help="process (local), serial, or ray")] = Backend.process,
    out: Annotated[Path, typer.Option(help="the results file (JSON lines); an existing one is resumed")] = Path(
        "sweep.jsonl"),
    report: Annotated[Path | None, typer.Option(help="a folder for the report: table and heat map")] = None,
    levels: Annotated[str | None, typer.Option(help="only these levels (comma-separated)")] = None,
) -> None:
    """Play every level (× sets of variants) many times; resumable; a report at the end."""
    from rich.progress import Progress

    from legatus.sim import sweep as sweeping
    from legatus.sim.backends import make_executor

    if game != "hispania":
        fail(f"sweep knows the levels of hispania only, not '{game}'")
    from legatus.games.hispania.level import Level as HispaniaLevel
    from legatus.games.hispania.level import all_levels

    try:
        chosen = [str(HispaniaLevel.parse(x)) for x in levels.split(",")] if levels else [str(x) for x in all_levels()]
        sets = [tuple(v.strip() for v in part.split(",") if v.strip()) for part in variants.split(";")]
        options = game_options(None, None, None, players, False, board)
        points = [(lv, vs) for lv, vs in sweeping.points(chosen, sets) if "hispano" not in vs or lv.startswith("6-")]
        for lv, vs in points:  # every configuration is valid before any game is played
            legatus.load(game, level=lv, variants=list(vs), **options)
        agents = parse_seats(seats)
        with make_executor(backend.value, jobs) as executor, Progress() as bar:
            task = bar.add_task(f"{len(points)} levels × {games} games", total=len(points) * games)
            rows = sweeping.sweep(out, game, options, agents, games, seed, points, executor,
                                  progress=lambda n: bar.advance(task, n))
    except LegatusError as exc:
        fail(str(exc))
    typer.echo(f"{len(rows)} levels in {out}")
    if report is not None:
        write_report(rows, report, f"{game}: Roman win rate, {games} games a level")


@app.command(name="report")
def report_command(
    results: Annotated[Path, typer.Argument(help="a sweep's results file")],
    out: Annotated[Path, typer.Option(help="the report's folder")] = Path("sweep-report"),
) -> None:
    """Write the table and the heat map of a sweep's results."""
    try:
        lines = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, json.JSONDecodeError) as exc:
        fail(f"cannot read sweep results {results}: {exc}")
    if not lines or "sweep" not in lines[0]:
        fail(f"{results} is not a sweep's results file")
    head = lines[0]
    write_report(lines[1:], out, f"{head['game']}: Roman win rate, {head['games']} games a level")


def write_report(rows: list[dict[str, Any]], folder: Path, title: str) -> None:
    from legatus.sim.report import heatmap, table

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "table.md").write_text(table(rows) + "\n", encoding="utf-8")
    try:
        pictures = heatmap(rows, folder / "heatmap", title)
    except LegatusError as exc:
        fail(str(exc))
    typer.echo(f"report: {folder / 'table.md'}, {', '.join(str(p) for p in pictures)}")


@app.command()
def fuzz(
    game: Annotated[str, typer.Argument(help="the game, e.g. hispania")],
    games: Annotated[int, typer.Option(help="how many games")] = 1000,
    seed: Annotated[int, typer.Option(help="seed of the run")] = 1,
    jobs: Annotated[int, typer.Option(help="workers")] = 2,
    backend: Annotated[Backend, typer.Option(help="process (local), serial, or ray")] = Backend.process,
    failures: Annotated[Path, typer.Option(help="where each failure's record is saved")] = Path("fuzz-failures"),
) -> None:
    """Random legal play over random options, every invariant checked after every action."""
    from collections import Counter
    from concurrent.futures import as_completed

    from rich.progress import Progress

    from legatus.core.fuzz import fuzz_batch
    from legatus.sim.backends import make_executor
    from legatus.sim.runner import batches, derive_seed

    if game not in legatus.game_names():
        fail(f"unknown game '{game}'; games: {', '.join(legatus.game_names())}")
    seeds = [derive_seed(seed, "fuzz", i) for i in range(games)]
    steps = 0
    found: list[dict[str, Any]] = []
    try:
        with make_executor(backend.value, jobs) as executor, Progress(transient=True) as bar:
            task = bar.add_task("games", total=games)
            futures = [executor.submit(fuzz_batch, game, batch) for batch in batches(seeds, 200)]
            for future in as_completed(futures):
                for result in future.result():
                    steps += result["steps"]
                    if result["failure"]:
                        found.append(result)
                bar.advance(task, 200)
    except LegatusError as exc:
        fail(str(exc))
    kinds = Counter(r["failure"]["kind"] for r in found)
    typer.echo(f"{game}: {games} games, {steps:,} actions, seed {seed}: {len(found)} failures"
               + (f" ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))})" if found else ""))
    if found:
        failures.mkdir(parents=True, exist_ok=True)
        for result in sorted(found, key=lambda r: r["seed"]):
            path = failures / f"{game}-{result['seed']}.json"
            path.write_text(json.dumps(result["failure"]["record"], indent=1) + "\n", encoding="utf-8")
            typer.echo(f"  {result['failure']['kind']}: {result['failure']['message'].splitlines()[-1]} — {path}")
        raise typer.Exit(1)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="the port")] = 8000,
    db: Annotated[Path, typer.Option(help="the SQLite file that keeps the games")] = Path("legatus.db"),
    agent_seconds: Annotated[float, typer.Option(help="the most an agent may think over one move, in seconds")] = 2.0,
    allow_origin: Annotated[list[str] | None, typer.Option(
        help="a site whose pages may use this server besides its own, e.g. https://games.example "
             "(the address a reverse proxy serves it at); repeatable")] = None,
) -> None:
    """Serve the games in the browser (docs/web.md)."""
    import uvicorn

    from legatus.web.app import create_app
    from legatus.web.guard import own_origins

    if not 0 < agent_seconds <= 60:
        fail(f"--agent-seconds {agent_seconds:g} must be more than 0 and at most 60")
    try:
        own_origins(allow_origin or ())
    except ValueError as exc:
        fail(str(exc))
    typer.echo(f"legatus: http://{host}:{port}/  (games in {db})")
    # Connections still open at a stop get a few seconds; a thinking agent ends within its budget.
    uvicorn.run(create_app(db, agent_seconds=agent_seconds, allow_origins=allow_origin or ()), host=host, port=port,
                log_level="warning", timeout_graceful_shutdown=2)


@app.command()
def games() -> None:
    """List the games legatus plays, with their options and agents."""
    from legatus.core.agents import agent_names
    from legatus.core.registry import game_class

    for name in legatus.game_names():
        cls = game_class(name)
        typer.echo(f"{name}: {cls.title}")
        for option, spec in cls.OPTIONS.items():
            typer.echo(f"  {option:<8} {spec.help} (default: {spec.default!r})")
        typer.echo(f"  agents: {', '.join(agent_names(legatus.load(name)))}")


def main() -> None:
    app(prog_name="legatus")


if __name__ == "__main__":
    main()
