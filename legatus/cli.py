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
from legatus.core.game import CHANCE, Game, Information, Option
from legatus.core.parallel import MAX_WORKERS
from legatus.core.record import PERSON, apply_text, new_game_state, read_record
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
PLAY_AGENT_SECONDS = 2.0
"""The most an agent of a game with secrets thinks over a move in `legatus play` by default: its
moves are shown after about this long, whatever they were (legatus.core.pacing)."""


def fail(message: str, status: int = 2) -> NoReturn:
    typer.echo(f"legatus: {message}", err=True)
    raise typer.Exit(status)


PACE_HELP = ("in a game with secrets, show each agent move after a delay drawn apart from the game, so "
             "that how long an agent took tells no one what it holds (default); --no-pace shows them at once, "
             "for tests and quick games where no one would time them")


def check_agent_seconds(seconds: float) -> None:
    """An agent's bound, refused out of range with the valid ones."""
    if not 0 < seconds <= 60:
        fail(f"--agent-seconds {seconds:g} must be more than 0 and at most 60")


# Game options come from the game's own table (legatus options GAME): as ``-o KEY=VALUE``, or
# as ``--KEY VALUE`` (``--KEY`` alone for a yes/no option), which click passes through unparsed.
GAME_FLAGS = {"allow_extra_args": True, "ignore_unknown_options": True}
GameOptions = Annotated[list[str] | None, typer.Option(
    "-o", "--option", metavar="KEY=VALUE",
    help="a game option, repeatable (legatus options GAME lists them); also --KEY VALUE")]
Seats = Annotated[str | None, typer.Option(help="agents by seat, e.g. rome=mcts,carthage=heuristic")]
Seed = Annotated[int | None, typer.Option(help="seed of the dice (and of the agents)")]


def is_flag(spec: Option) -> bool:
    """A yes/no option: ``--KEY`` alone sets it."""
    return spec.form is not None and spec.form.get("kind") == "bool"


def option_spec(cls: type[Game], name: str, written: str) -> tuple[str, Option]:
    """The option ``name`` (or an alias the game declares) of ``cls``; else one line saying which are."""
    key = cls.OPTION_ALIASES.get(name, name)
    if key not in cls.OPTIONS:
        fail(f"unknown option '{written}' for {cls.name}; its options: {', '.join(cls.OPTIONS)} "
             f"(legatus options {cls.name})")
    return key, cls.OPTIONS[key]


def given_options(cls: type[Game], pairs: list[str] | None, extra: list[str]) -> list[tuple[str, str]]:
    """The game options on the command line, as (key, value): ``-o KEY=VALUE`` then ``--KEY VALUE``
    flags (the unparsed arguments ``extra``)."""
    given: list[tuple[str, str]] = []
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            fail(f"-o '{pair}': write KEY=VALUE, e.g. -o {next(iter(cls.OPTIONS))}=… (legatus options {cls.name})")
        key, _ = option_spec(cls, name.strip(), name.strip())
        given.append((key, value.strip()))
    args = list(extra)
    while args:
        token = args.pop(0)
        if not token.startswith("--") or token == "--":
            fail(f"unexpected argument '{token}'; game options are -o KEY=VALUE or --KEY VALUE")
        name, sep, value = token[2:].partition("=")
        key, spec = option_spec(cls, name, f"--{name}")
        if not sep:
            if is_flag(spec):
                value = "true"
            elif not args:
                fail(f"--{name} needs a value: {spec.help}")
            else:
                value = args.pop(0)
        given.append((key, value))
    return given


def parse_value(cls: type[Game], key: str, value: Any) -> Any:
    """``value`` as the game's table reads it; else one line from the game saying what would do."""
    try:
        return cls.OPTIONS[key].parse(value)
    except LegatusError as exc:
        fail(str(exc))


def game_options(cls: type[Game], pairs: list[str] | None, extra: list[str]) -> dict[str, Any]:
    """The game options given on the command line, each read by the game's table."""
    return {key: parse_value(cls, key, value) for key, value in given_options(cls, pairs, extra)}


def game_class_named(game: str) -> type[Game]:
    from legatus.core.registry import game_class

    if game.startswith("-"):
        fail(f"name the game before its options, e.g. legatus play {legatus.game_names()[0]} --KEY VALUE")
    try:
        return game_class(game)
    except LegatusError as exc:
        fail(str(exc))


def parse_seats(text: str | None) -> dict[str, str]:
    """``rome=mcts,carthage=heuristic`` → {"rome": "mcts", "carthage": "heuristic"}."""
    if not text:
        return {}
    seats: dict[str, str] = {}
    for part in text.split(","):
        seat, sep, agent = part.partition("=")
        if not sep or not seat.strip() or not agent.strip():
            fail(f"--seats '{text}': write seat=agent pairs, e.g. rome=mcts,carthage=heuristic")
        seats[seat.strip()] = agent.strip()
    return seats


@app.command(context_settings=GAME_FLAGS)
def play(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(help="the game (`legatus games` lists them)")] = None,
    option: GameOptions = None,
    seats: Annotated[str | None, typer.Option(
        help="seats played by agents, e.g. rome=heuristic (with --load: over the record's; seat=human "
             "for a person)")] = None,
    seed: Seed = None,
    dice: Annotated[Dice, typer.Option(help="auto: legatus rolls; manual: you type a real table's dice")] = Dice.auto,
    load: Annotated[Path | None, typer.Option(help="continue the game saved in this record")] = None,
    position: Annotated[str | None, typer.Option(
        "--position", "-p", help="start from this position (as state.position() writes it)")] = None,
    agent_seconds: Annotated[float, typer.Option(
        help="in a game with secrets, the most an agent thinks over a move; each of its moves is shown "
             "after about this long, whatever it was")] = PLAY_AGENT_SECONDS,
    hint_workers: Annotated[int, typer.Option(
        help="worker processes the hint's search is shared among, started with the first hint (an agent's "
             f"search takes them in its spec: mcts+heuristic:400@2); 1 to {MAX_WORKERS}")] = 1,
    pace: Annotated[bool, typer.Option(help=PACE_HELP)] = True,
) -> None:
    """Play a game in the terminal (the other seats at this screen, or agents)."""
    from legatus.core.agents import make_agent
    from legatus.terminal import TerminalPlay

    check_agent_seconds(agent_seconds)
    if not 1 <= hint_workers <= MAX_WORKERS:
        fail(f"--hint-workers {hint_workers} must be from 1 to {MAX_WORKERS}")
    banner = ""  # what is played, for a new game; for a loaded one, who plays it
    saved_players: dict[str, str] = {}
    try:
        if load is not None:
            if game is not None or option or ctx.args or position is not None:
                fail("--load continues a saved game with its own options; give no game, game option or --position")
            record = read_record(load)
            state = replay_record(record)
            saved_players = {k: v for k, v in record.get("players", {}).items() if v != PERSON}
            if "players" not in record and seats is None:
                banner = ("This record does not say who sat where (saved before legatus kept it): every seat is "
                          "played here. Give --seats to hand seats to agents, e.g. --seats "
                          f"{state.game.seats[-1]}=heuristic.")
        else:
            if game is None:
                fail(f"name a game to play ({', '.join(legatus.game_names())}) or --load a saved one")
            cls = game_class_named(game)
            options = game_options(cls, option, ctx.args)
            first: dict[str, Any] = {}
            if position is None:  # a position is of the configuration given, defaults and all
                first = {k: v for k, v in cls.FIRST_GAME.items() if k not in options}
                options.update((k, parse_value(cls, k, v)) for k, v in first.items())
            configured = legatus.load(game, **{"seed": seed, **options})
            given = ", ".join(f"{k} {value_text(spec, configured.options[k])}"
                              + (f" ({first[k]})" if k in first else "") for k, spec in cls.OPTIONS.items()
                              if spec.in_record and configured.options[k] != spec.default)
            banner = (f"{cls.title}{': ' + given if given else ''}"
                      + (f" — as for a first game; choose with --{' --'.join(first)} (legatus options {game})"
                         if first else "") + "".join(f"\n{note}" for note in configured.notes))
            state = configured.new_initial_state() if position is None else configured.new_state_from(position)
        chosen = {**saved_players, **parse_seats(seats)}  # --seats overrides the record's
        agents, specs = {}, {}
        for name, spec in chosen.items():
            index = state.game.seat_index(name)
            if spec in ("human", PERSON):
                continue
            agents[index] = make_agent(state.game, spec, None if seed is None else seed + index,
                                       max_seconds=agent_seconds if state.game.information is Information.IMPERFECT
                                       else None)  # bounded where they are paced (issue 30)
            specs[index] = spec
        if load is not None and chosen:
            banner = "Seats: " + ", ".join(f"{name} {chosen.get(name, PERSON)}" for name in state.game.seats)
    except RecordError as exc:  # a corrupt saved game: the line and status `legatus replay` gives it
        fail(f"{load}: {exc}" if load is not None and str(load) not in str(exc) else str(exc), CORRUPT_RECORD)
    except LegatusError as exc:
        fail(str(exc))
    session = legatus.Session(state, seed=seed)
    raise typer.Exit(TerminalPlay(session, dice=dice.value, agents=agents, saved=load, specs=specs,
                                  agent_seconds=agent_seconds if pace else None, banner=banner,
                                  hint_workers=hint_workers).run())


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="a record (JSON) saved by legatus")],
    json_: Annotated[bool, typer.Option("--json", help="print the final view as JSON")] = False,
    moves: Annotated[bool, typer.Option("--moves", help="print every action as it is replayed, numbered")] = False,
) -> None:
    """Replay a record and print the position it reaches (with --moves, every action on the way)."""
    try:
        data = read_record(record)
        state = new_game_state(data)
        for index, text in enumerate(data["actions"]):
            actor = state.current_player()
            said = describe_text(state, text) if moves else text
            apply_text(state, index, text)
            if moves:
                who = "dice" if actor == CHANCE else state.seat_name(actor)
                typer.echo(f"{index + 1:>4} {who}: {said}")
    except LegatusError as exc:
        fail(f"{record}: {exc}" if str(record) not in str(exc) else str(exc), CORRUPT_RECORD)
    if json_:
        typer.echo(json.dumps(state.view(None), indent=1, ensure_ascii=False))
    else:
        typer.echo(state.to_text())
        typer.echo(state.prompt())


def describe_text(state: legatus.State, text: str) -> str:
    """A record's action as a person reads it (a card with its name), or as written if it
    cannot be read (replaying it then says why)."""
    try:
        return state.describe(state.parse_action(text))
    except LegatusError:
        return text


@app.command(context_settings=GAME_FLAGS)
def simulate(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="the game (`legatus games` lists them)")],
    games: Annotated[int, typer.Option(help="how many games")] = 1000,
    option: GameOptions = None, seats: Seats = None,
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

    options = game_options(game_class_named(game), option, ctx.args)
    if games < 1:
        fail(f"--games {games} must be at least 1")
    if out is not None and out.suffix not in (".csv", ".jsonl"):
        fail(f"--out {out}: the results file is .csv or .jsonl")
    try:
        config = Config.make(game, options, parse_seats(seats), key="simulate")
        loaded = config.load_game()
        agents = config.seat_agents(loaded)
        for spec in agents:  # a bad agent name fails here, not in a worker
            make_agent(loaded, spec)
        seat_index = loaded.seat_index(seat) if seat else 0
        with make_executor(backend.value, jobs) as executor, Progress(transient=True) as bar:
            task = bar.add_task("games", total=games)
            results = run(config, games, seed, executor, jobs, progress=lambda n: bar.advance(task, n))
    except LegatusError as exc:
        fail(str(exc))
    summary = summarise(results, loaded.seats[seat_index])
    who = ", ".join(f"{s}={a}" for s, a in zip(loaded.seats, agents, strict=True))
    given = "".join(f" {k}={value_text(spec, loaded.options[k])}" for k, spec in type(loaded).OPTIONS.items()
                    if spec.in_record and loaded.options[k] != spec.default)
    typer.echo(f"{game}{given} ({who}): {games} games, seed {seed}")
    low, high = summary["interval"]
    typer.echo(f"{loaded.seats[seat_index]} win rate {summary['win_rate']:.1%} (95% interval {low:.1%}–{high:.1%})")
    measured = "".join(f", {v} {k.removeprefix('mean_')}" for k, v in summary.items()
                       if k.startswith("mean_") and k != "mean_length")
    typer.echo(f"mean length {summary['mean_length']} actions{measured}")
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


@app.command(context_settings=GAME_FLAGS)
def sweep(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="the game (`legatus games` lists them)")],
    games: Annotated[int, typer.Option(help="games per point")] = 1000,
    option: Annotated[list[str] | None, typer.Option(
        "-o", "--option", metavar="KEY=VALUE", help="a game option the same at every point, repeatable")] = None,
    grid: Annotated[list[str] | None, typer.Option(
        metavar="KEY=V1,V2", help="sweep this option over these values (';' between values that hold commas); "
                                  "also --KEY V1,V2; the game's own grid by default (legatus options GAME)")] = None,
    seats: Seats = None,
    seed: Annotated[int, typer.Option(help="seed of the sweep")] = 1,
    jobs: Annotated[int, typer.Option(help="workers")] = 2,
    backend: Annotated[Backend, typer.Option(help="process (local), serial, or ray")] = Backend.process,
    out: Annotated[Path, typer.Option(help="the results file (JSON lines); an existing one is resumed")] = Path(
        "sweep.jsonl"),
    report: Annotated[Path | None, typer.Option(help="a folder for the report: table and heat map")] = None,
) -> None:
    """Play every point of the game's grid of options many times; resumable; a report at the end."""
    from rich.progress import Progress

    from legatus.sim import sweep as sweeping
    from legatus.sim.backends import make_executor

    cls = game_class_named(game)
    fixed = game_options(cls, option, [])
    axes: dict[str, list[Any]] = {k: list(v) for k, v in cls.SWEEP.items() if k not in fixed}
    # --KEY VALUES sweeps an option the game sweeps, and fixes any other; --grid always sweeps.
    flags = given_options(cls, None, ctx.args)
    swept = [(k, v) for k, v in flags if k in axes]
    fixed.update((k, parse_value(cls, k, v)) for k, v in flags if k not in axes)
    for pair in grid or []:
        name, sep, values = pair.partition("=")
        if not sep or not values.strip():
            fail(f"--grid '{pair}': write KEY=V1,V2, e.g. --grid {next(iter(cls.SWEEP or cls.OPTIONS))}=…")
        swept.append((option_spec(cls, name.strip(), name.strip())[0], values))
    for key, values in swept:
        fixed.pop(key, None)  # swept, not fixed
        axes[key] = [parse_value(cls, key, v) for v in grid_values(cls.OPTIONS[key], values)]
    axes = {k: axes[k] for k in sweeping.axes(cls, axes)}  # the game's order, then others by name
    if not axes:
        fail(f"{game} has no grid of its own to sweep; give one with --grid KEY=V1,V2 (legatus options {game})")
    try:
        points, left_out, changed = [], [], []
        for point in sweeping.points(axes):  # every configuration is checked before any game is played
            try:
                notes = legatus.load(game, **fixed, **point).notes
            except LegatusError as exc:
                left_out.append(f"{point}: {exc}")
            else:
                points.append(point)
                changed += [f"{point}: {notes[0]}"] if notes else []
        if not points:
            fail(f"no point of the grid can be played: {left_out[0]}")
        if left_out:
            typer.echo(f"{len(left_out)} point{'s' * (len(left_out) != 1)} of the grid cannot be played, "
                       f"left out (e.g. {left_out[0]})")
        if changed:  # the game plays such a point as another, and its notes say how
            many = len(changed) != 1
            typer.echo(f"{len(changed)} point{'s' * many} of the grid {'are' if many else 'is'} played otherwise "
                       f"than asked, as the game notes (e.g. {changed[0]})")
        agents = parse_seats(seats)
        with make_executor(backend.value, jobs) as executor, Progress() as bar:
            task = bar.add_task(f"{len(points)} points × {games} games", total=len(points) * games)
            rows = sweeping.sweep(out, game, {k: sweeping.to_json(v) for k, v in fixed.items()}, agents, games,
                                  seed, points, executor, jobs, progress=lambda n: bar.advance(task, n))
    except LegatusError as exc:
        fail(str(exc))
    typer.echo(f"{len(rows)} points in {out}")
    if report is not None:
        write_report(rows, cls, sweeping.axes(cls, points[0]), report,
                     report_title(cls, legatus.load(game, **fixed, **points[0]).seats[0], agents, games))


def grid_values(spec: Option, text: str) -> list[str]:
    """The values of a grid given as text: split at commas, or at ';' for an option whose one
    value is already a comma-separated list (a set of variants)."""
    separator = ";" if spec.form is not None and spec.form.get("kind") == "multi" else ","
    return [v.strip() for v in text.split(separator)]


@app.command(name="report")
def report_command(
    results: Annotated[list[Path], typer.Argument(help="a sweep's results file; several: compared side by side")],
    out: Annotated[Path, typer.Option(help="the report's folder")] = Path("sweep-report"),
) -> None:
    """Write the table and the heat map of a sweep's results, or one table comparing several
    sweeps of a game (other agents, other fixed options)."""
    from legatus.sim.report import compare
    from legatus.sim.sweep import axes, read_results

    try:
        sweeps = [read_results(path) for path in results]
    except LegatusError as exc:
        fail(str(exc))
    games = {head["game"] for head, _ in sweeps}
    if len(games) > 1:
        fail(f"the sweeps compared must be of one game; these are of {', '.join(sorted(games))}")
    head, rows = sweeps[0]
    cls = game_class_named(head["game"])
    if len(sweeps) > 1:
        try:
            text = compare(sweeps, cls)
        except LegatusError as exc:
            fail(str(exc))
        out.mkdir(parents=True, exist_ok=True)
        (out / "table.md").write_text(text + "\n", encoding="utf-8")
        typer.echo(f"report: {out / 'table.md'} ({len(sweeps)} sweeps compared; a heat map is drawn of one sweep)")
        return
    try:
        seat = legatus.load(head["game"], **head["options"], **head["points"][0]).seats[0]
    except LegatusError as exc:
        fail(f"{results[0]}: {exc}")
    write_report(rows, cls, axes(cls, head["points"][0]), out, report_title(cls, seat, head["agents"], head["games"]))


def report_title(cls: type[Game], seat: str, agents: dict[str, str], games: int) -> str:
    from legatus.sim.report import agents_label

    return f"{cls.name}: {seat} win rate ({agents_label(agents, cls)}), {games} games a point"


def write_report(rows: list[dict[str, Any]], cls: type[Game], axes: list[str], folder: Path, title: str) -> None:
    from legatus.sim.report import heatmap, table

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "table.md").write_text(table(rows, cls, axes) + "\n", encoding="utf-8")
    try:
        pictures = heatmap(rows, cls, axes, folder / "heatmap", title)
    except LegatusError as exc:
        fail(str(exc))
    typer.echo(f"report: {folder / 'table.md'}, {', '.join(str(p) for p in pictures)}")


@app.command(context_settings=GAME_FLAGS)
def fuzz(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="the game (`legatus games` lists them)")],
    games: Annotated[int, typer.Option(help="how many games")] = 1000,
    option: Annotated[list[str] | None, typer.Option(
        "-o", "--option", metavar="KEY=VALUE", help="a game option fixed in every game (the others are drawn), "
                                                    "repeatable; also --KEY VALUE")] = None,
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

    if games < 1:
        fail(f"--games {games}: give how many games to play, 1 or more")
    fixed = game_options(game_class_named(game), option, ctx.args)
    seeds = [derive_seed(seed, "fuzz", i) for i in range(games)]
    steps = 0
    found: list[dict[str, Any]] = []
    endings: Counter[str] = Counter()
    try:
        with make_executor(backend.value, jobs) as executor, Progress(transient=True) as bar:
            task = bar.add_task("games", total=games)
            futures = [executor.submit(fuzz_batch, game, batch, fixed) for batch in batches(seeds, 200)]
            for future in as_completed(futures):
                for result in future.result():
                    steps += result["steps"]
                    endings[result["outcome"]] += 1
                    if result["failure"]:
                        found.append(result)
                bar.advance(task, 200)
    except LegatusError as exc:
        fail(str(exc))
    kinds = Counter(r["failure"]["kind"] for r in found)
    typer.echo(f"{game}: {games} games, {steps:,} actions, seed {seed}: {len(found)} failures"
               + (f" ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))})" if found else ""))
    typer.echo("endings: " + ", ".join(f"{n} {outcome}" for outcome, n in endings.most_common()))
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
    max_agent_games: Annotated[int, typer.Option(
        help="games between agents played at once; a new one beyond is refused (503)")] = 4,
    agent_workers: Annotated[int | None, typer.Option(
        help="worker processes the agents think in, shared fairly by the games (one kept for games with "
             "a person); default: one a core, at least 2")] = None,
    max_connections: Annotated[int | None, typer.Option(
        help="connections served at once; more are answered 503 (default: half the open-file limit, "
             "at most 1000)")] = None,
    request_seconds: Annotated[float, typer.Option(
        help="a request's head, then its body, must each arrive within this many seconds")] = 10.0,
    hint_workers: Annotated[str | None, typer.Option(
        help="of the agents' worker processes, how many a hint's search is shared among (each share "
             "served in the pool's fair order); 1 to --agent-workers; default 1 (an @N search's "
             "choices are not one process's, whose strength is the one measured)")] = None,
    pace: Annotated[bool, typer.Option(help=PACE_HELP)] = True,
    max_new_games: Annotated[int, typer.Option(
        help="games a client (an address; an IPv6 one by its /64) may start or import in 10 minutes, all "
             "clients together ten times as many; more are refused (429). Behind a reverse proxy all clients "
             "share its address: raise this, or let the proxy count")] = 30,
) -> None:
    """Serve the games in the browser (docs/web.md)."""
    import uvicorn

    from legatus.web.app import create_app
    from legatus.web.connections import WS_MAX_BYTES, connection_limit, guarded_protocol
    from legatus.web.games import MAX_AGENT_WORKERS, default_workers
    from legatus.web.guard import own_origins

    check_agent_seconds(agent_seconds)
    if not 0 <= max_agent_games <= 1000:
        fail(f"--max-agent-games {max_agent_games} must be from 0 to 1000")
    if agent_workers is not None and not 2 <= agent_workers <= MAX_AGENT_WORKERS:
        fail(f"--agent-workers {agent_workers} must be from 2 to {MAX_AGENT_WORKERS} "
             "(one worker is kept for games with a person)")
    pool = default_workers() if agent_workers is None else agent_workers
    if hint_workers is not None and not (hint_workers.isascii() and hint_workers.isdigit()
                                         and 1 <= int(hint_workers) <= pool):
        fail(f"--hint-workers {hint_workers[:20]} must be a whole number from 1 to {pool} "
             "(the agents' worker processes, --agent-workers)")
    hints = 1 if hint_workers is None else int(hint_workers)
    if not 1 <= max_new_games <= 100_000:
        fail(f"--max-new-games {max_new_games} must be from 1 to 100000")
    limit = connection_limit() if max_connections is None else max_connections
    if not 1 <= limit <= 100_000:
        fail(f"--max-connections {limit} must be from 1 to 100000")
    if not 0 < request_seconds <= 300:
        fail(f"--request-seconds {request_seconds:g} must be more than 0 and at most 300")
    try:
        own_origins(allow_origin or ())
    except ValueError as exc:
        fail(str(exc))
    typer.echo(f"legatus: http://{host}:{port}/  (games in {db})")
    # Connections still open at a stop get a few seconds; a thinking agent ends within its budget.
    # Idle keep-alive connections close after 5 s; slow or surplus ones as legatus.web.connections says
    # (its guard admits `limit` connections; uvicorn's own limit, one above, never answers one of them 503).
    uvicorn.run(create_app(db, agent_seconds=agent_seconds, allow_origins=allow_origin or (),
                           max_agent_games=max_agent_games, request_seconds=request_seconds,
                           agent_workers=agent_workers, hint_workers=hints, max_new_games=max_new_games,
                           pace_agents=pace),
                host=host, port=port,
                log_level="warning", timeout_graceful_shutdown=2, timeout_keep_alive=5, limit_concurrency=limit + 1,
                http=guarded_protocol(limit, request_seconds),
                # a page sends only short pings: a WebSocket message is bounded (1009 beyond) as its rate is (routes)
                ws_max_size=WS_MAX_BYTES, ws_max_queue=4)


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


@app.command()
def options(game: Annotated[str, typer.Argument(help="the game (`legatus games` lists them)")]) -> None:
    """List a game's options: name, default, what it means, the values it takes."""
    cls = game_class_named(game)
    typer.echo(f"{game} ({cls.title}): -o KEY=VALUE, or --KEY VALUE (--KEY alone for a yes/no option)")
    key_width = max(len(key) for key in cls.OPTIONS)  # columns as wide as the longest name and default
    default_width = max(len(value_text(spec, spec.default)) for spec in cls.OPTIONS.values())
    for key, spec in cls.OPTIONS.items():
        aliases = [f"--{a}" for a, k in cls.OPTION_ALIASES.items() if k == key]
        typer.echo(f"  {key:<{key_width}} default {value_text(spec, spec.default):<{default_width}} {spec.help}"
                   + (f" (also {', '.join(aliases)})" if aliases else ""))
        values = valid_values(spec)
        if values:
            typer.echo(f"  {'':<{key_width}} values: {values}")
    if cls.SWEEP:
        typer.echo("legatus sweep plays by default: " + " × ".join(
            f"{k} ({len(v)} value{'s' * (len(v) != 1)})" for k, v in cls.SWEEP.items()))


def value_text(spec: Option, value: Any) -> str:
    """An option's value as a person types it."""
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value)) or str((spec.form or {}).get("none", "none"))
    if isinstance(value, bool):
        return str(value).lower()
    return "none" if value is None else str(value)


def valid_values(spec: Option) -> str:
    """The values an option takes, from how a form asks for it ("" when it does not say)."""
    form = spec.form or {}
    kind = form.get("kind")
    if kind == "choice":
        return ", ".join(value_text(spec, c) for c in form["choices"])
    if kind == "multi":
        return f"any of {', '.join(form['choices'])}, comma-separated"
    if kind == "parts":
        named = f", or {', '.join(form['named'])}" if form.get("named") else ""
        return " - ".join(f"{name} {'|'.join(map(str, values))}" for name, values in form["parts"]) + named
    if kind == "bool":
        return "true or false"
    if kind == "int":
        return "a whole number"
    return ""


def main() -> None:
    app(prog_name="legatus")


if __name__ == "__main__":
    main()
