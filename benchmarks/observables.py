"""Hashes every observable of seeded fuzz games, so that a refactor or a speed-up can show that it
changed nothing a seat, a spectator, a shell or an agent can read (issues 34 and 35).

What the developers of issues 34 and 35 run after every step (from the repository root; the
files are main's at 608713a: seeds 0-699 of each game, and 0-19 of each for the agents):

    .venv/bin/python benchmarks/observables.py --check benchmarks/results/observables-608713a.json --games 50
        (a quick look, the file's first 50 seeds of each game: about 2 CPU minutes;
        --game hannibal: that game's alone)
    nice -n 10 .venv/bin/python benchmarks/observables.py --check benchmarks/results/observables-608713a.json
        (all 2,100 games: about 27 CPU minutes; --jobs 2 on an idle machine)
    nice -n 10 .venv/bin/python benchmarks/observables.py --check benchmarks/results/observables-agents-608713a.json
        (the agents' choices: about 2 CPU minutes)

``--check`` plays the file's seeds again, prints one digest a game and one of all, and names the
first seed whose digest differs; then it plays that seed again at the file's commit (its
``legatus/``, taken with ``git archive`` into a temporary folder, in a process of its own) and
here, and prints the first step and observable that differ, both values cut around where they
part. Exit code 1 on any difference, 0 when every seed matches. The files were made by

    nice -n 15 .venv/bin/python benchmarks/observables.py --games 700 --jobs 2 --commit 608713a \\
        --out benchmarks/results/observables-608713a.json
    nice -n 15 .venv/bin/python benchmarks/observables.py --agents --games 20 --commit 608713a \\
        --out benchmarks/results/observables-agents-608713a.json

(``--out`` keeps each seed as it is done in ``FILE.partial``: started again, a run goes on from
there, :func:`kept_seeds`.)
The harness reads the engine through the contract alone, plus ``legatus.core.fuzz`` (the
options and policy), ``session`` (``sample_outcome``, ``Session``'s undo), ``seatlog`` and
``agents``: a refactor that moves one of those names changes this file's imports, never what
it hashes.

Each game plays as ``legatus fuzz`` plays that seed (``legatus.core.fuzz``: its options drawn,
levels, variants, scenarios and 2 to 5 seats; its policy, half the games "eager"), and a
blake2b hash takes, first, the configuration (options, seats, utility, sizes, ``public_data``),
then at every step: the seat to move, the prompt and the replay mark; the legal actions
(notation, ids and ``describe``) and why one action not legal there is not
(``explain_illegal``), or the chance outcomes with their probabilities; ``view(seat)`` (JSON,
sorted keys) for the referee (None) and every seat; the position; each seat's
``information_state_string``, ``observation_string`` and ``observation_tensor`` (and the
referee's tensor); the screens (``to_text``, ``status_text``, and in a game with secrets
``view_text`` of every seat, whole and short); the action taken as ``describe``,
``action_to_string`` and ``log_string`` for every seat and the referee, its notation read back
(``parse_action``, ``parse_outcome``), ``reveals_information`` for a decision; then its
``log_outcome``, the new line of the seat log (:class:`legatus.core.seatlog.SeatLog`) of every
seat, the referee and the spectator, and whom undo may serve (``Session.can_undo``); the input
every seat's agent would be given (``resample``) where the fuzz draws it; at the end,
``returns()``, ``summary()``, the records (the referee's and every seat's) and the game's text
commands. Where a ``State`` offers no position or tensor (NotImplementedError) the hash takes
that fact. That is ``--mode full``; the default, ``--mode sampled``, takes the information
states at the end only and the observation strings, tensors and screens every 20 steps
(:data:`MODES` says what that may miss), for 13 (Hannibal) to 26 (VIAE) times less CPU.

``--agents`` hashes agents' choices instead (issue 35: the same choices on the same seeds): at
every few decisions (:data:`AGENT_EVERY`) of the first seeds' fuzz games, the choice of the game's
heuristic and of a small seeded search (:data:`AGENTS`), each given the seat's input as the
terminal gives it, and the reason it gives.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import partial
from pathlib import Path
from typing import Any

import legatus
from legatus.core.agent_types import decide
from legatus.core.agents import make_agent
from legatus.core.errors import LegatusError, OptionError
from legatus.core.fuzz import MAX_DRAWS, MAX_STEPS, RESAMPLE_SHARE, decision_kind
from legatus.core.game import Game, Information, State
from legatus.core.registry import game_class
from legatus.core.seatlog import SPECTATOR, SeatLog
from legatus.core.session import Session, sample_outcome

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("hispania", "viae", "hannibal")
AGENTS = {"hispania": ("heuristic", "mcts+heuristic:50"), "viae": ("heuristic", "ismcts+heuristic:50"),
          "hannibal": ("heuristic", "ismcts+heuristic:50")}
"""The agents whose choices ``--agents`` hashes: each game's heuristic and a small search."""
AGENT_EVERY = {"hispania": 3, "viae": 25, "hannibal": 40}
"""``--agents`` asks the agents at every this-many-th decision of a game (a fuzzed Hispania game
lasts some 20 decisions, a VIAE or Hannibal game hundreds)."""
SHORT = 160
"""The characters of a differing value a report shows, around where the two values part."""

Observable = tuple[int, str, str]
"""One observable of a game: the step (actions applied so far), its label and its value."""


# --- Playing a seed as the fuzz does ---------------------------------------------------------

def fuzz_start(name: str, seed: int) -> tuple[random.Random, Game, bool]:
    """The generator, game and policy (eager or not) of ``legatus fuzz``'s game ``seed``: the
    generator is left where the fuzz's play starts, so that the same draws play the same game."""
    rng = random.Random(seed)
    cls = game_class(name)
    for _ in range(MAX_DRAWS):
        try:
            game = legatus.load(name, **cls.fuzz_options(rng))
        except OptionError:
            continue
        return rng, game, rng.random() < 0.5
    raise OptionError(f"no options of {name} drawn in {MAX_DRAWS} tries for seed {seed}")


def fuzz_action(state: State, game: Game, rng: random.Random, eager: bool) -> int:
    """The fuzz's next action: a chance outcome by its probability, else its policy's choice."""
    if state.is_chance_node():
        return sample_outcome(state, rng)
    return game.fuzz_choice(state, rng) if eager else rng.choice(state.legal_actions())


# --- What a seat, a shell or an agent can read ------------------------------------------------

def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True, separators=(",", ":"))


def _optional(read: Callable[[], Any]) -> str:
    """``read()`` as text, or the fact that the game does not offer it."""
    try:
        return _text(read())
    except NotImplementedError as exc:
        return f"not implemented: {exc}"


def _game_observables(game: Game) -> Iterator[Observable]:
    """What shells and adapters read of the configuration: seats, bounds, sizes, the map."""
    yield 0, "seats", _text([game.seats, game.num_players(), game.notes])
    yield 0, "utility", _text([game.information.value, game.utility.value, game.min_utility, game.max_utility,
                               game.utility_sum])
    yield 0, "sizes", _text([len(game.actions), game.max_chance_outcomes(), _optional(game.observation_size)])
    yield 0, "public data", _text(game.public_data())


def _position_observables(state: State, step: int, mode: str, seed: int) -> Iterator[Observable]:
    """What every seat, the referee and the shells read of ``state`` before its next action:
    all of it (``mode`` "full") or its costliest parts on the schedule of :data:`MODES`."""
    game = state.game
    seats = range(game.num_players())
    yield step, "player", str(state.current_player())
    yield step, "prompt", state.prompt()
    yield step, "replay mark", str(state.replay_mark())
    if state.is_chance_node():
        yield step, "outcomes", " | ".join(f"{a} {int(a)} {p!r}" for a, p in state.chance_outcomes())
    else:
        legal = state.legal_actions()
        yield step, "legal", " | ".join(f"{a} {int(a)}" for a in legal)
        yield step, "describe legal", " | ".join(state.describe(a) for a in legal)
        illegal = _an_illegal_action(state, step)
        if illegal is not None:
            yield step, f"explain illegal {illegal}", state.explain_illegal(illegal)
    for seat in (None, *seats):
        yield step, f"view {seat}", _text(state.view(seat))
    yield step, "position", _optional(state.position)
    if mode == "full" or state.is_terminal():
        for seat in seats:
            yield step, f"information state {seat}", state.information_state_string(seat)
    if not (mode == "full" or state.is_terminal() or (step + seed) % SAMPLE_EVERY == 0):
        return
    for seat in seats:
        yield step, f"observation {seat}", state.observation_string(seat)
    for seat in (None, *seats):
        yield step, f"tensor {seat}", _optional(partial(game.observation_tensor, state, seat))
    yield step, "to_text", state.to_text()
    yield step, "status_text", state.status_text()
    if game.information is not Information.PERFECT:
        for seat in seats:
            yield step, f"view_text {seat}", str(state.view_text(seat))
            yield step, f"view_text short {seat}", str(state.view_text(seat, full=False))


def _an_illegal_action(state: State, step: int) -> int | None:
    """One action not legal in ``state``, varying with the step (None: every action is legal)."""
    n = len(state.game.actions)
    legal = set(state.legal_actions())
    for k in range(n):
        action = (step * 7919 + k) % n
        if action not in legal:
            return action
    return None


def _action_observables(state: State, action: int, step: int) -> Iterator[Observable]:
    """``action``, about to be applied to ``state``, as each seat and the referee read it."""
    seats = range(state.game.num_players())
    yield step, "action", f"{state.game.actions[action]} {int(action)}"
    yield step, "describe action", state.describe(action)
    for seat in (None, *seats):
        yield step, f"action_to_string {seat}", state.action_to_string(action, seat)
        yield step, f"log_string {seat}", state.log_string(action, seat)
    if not state.is_chance_node():
        yield step, "reveals information", str(state.reveals_information(action))


def _input_observables(state: State, rng: random.Random, step: int) -> Iterator[Observable]:
    """The input every seat's agent would be given (``resample``), drawn with ``rng``."""
    for seat in range(state.game.num_players()):
        drawn = state.resample(seat, rng)
        yield step, f"resample {seat}", _optional(drawn.position) + " " + _text(drawn.view(None))


def _end_observables(state: State, step: int) -> Iterator[Observable]:
    game = state.game
    yield step, "returns", _text(state.returns())
    yield step, "summary", _text(state.summary())
    yield step, "record", _text(legatus.to_record(state))
    if game.information is not Information.PERFECT:
        for seat in range(game.num_players()):
            yield step, f"record {seat}", _text(legatus.to_record(state, seat))
    for word, command in sorted(state.text_commands().items()):
        try:
            shown = command.run("")
        except LegatusError as exc:
            shown = f"error: {exc}"
        yield step, f"command {word}", shown


MODES = ("full", "sampled")
"""``full``: every observable at every step. ``sampled``: every observable at every step but
three, too costly for 700 games. The information states only at the end: a seat's information
state is all it has seen, so each earlier one is the start of the last, and what each action
added to it (``action_to_string`` for the seat) is hashed at every step. The observation
strings, tensors and screens every ``SAMPLE_EVERY``-th step, at a phase that differs from seed
to seed, and at the end: they render what the views hashed at every step show, so only a change
in the rendering alone that appears at no sampled step of the 700 games of a game escapes."""
SAMPLE_EVERY = 20


def observables(name: str, seed: int, mode: str = "full") -> Iterator[Observable]:
    """Every observable of the fuzz's game ``seed`` of ``name``, in order."""
    rng, game, eager = fuzz_start(name, seed)
    yield 0, "options", _text(game.record_options())
    yield from _game_observables(game)
    session = Session(game.new_initial_state())  # what shells drive: its undo is observable
    state = session.state
    log = SeatLog(state)
    columns = (None, SPECTATOR, *range(game.num_players()))
    # The agents' inputs are drawn where the fuzz draws them, with a generator of their own.
    inputs = random.Random(f"inputs {seed}") if game.information is not Information.PERFECT else None
    kinds: set[str] = set()
    step = 0
    while not state.is_terminal() and step < MAX_STEPS:
        yield from _position_observables(state, step, mode, seed)
        if inputs is not None and not state.is_chance_node():
            kind = decision_kind(state.legal_actions())
            first = kind not in kinds
            kinds.add(kind)
            if first or inputs.random() < RESAMPLE_SHARE:
                yield from _input_observables(state, inputs, step)
        action = fuzz_action(state, game, rng, eager)
        yield from _action_observables(state, action, step)
        written = str(state.game.actions[action])
        yield step, "parse action", str(int(state.parse_outcome(written) if state.is_chance_node()
                                            else state.parse_action(written)))
        before = state.clone()
        session.apply(action)
        log.add(before, action, state)
        yield step, "can undo", " ".join(str(session.can_undo(seat)) for seat in (None, *range(game.num_players())))
        yield step, "log_outcome", before.log_outcome(action, state)
        for column in columns:
            yield step, f"seat log {column}", log.lines(column, step)[0]
        step += 1
    yield from _position_observables(state, step, mode, seed)
    yield from _end_observables(state, step)


def first_difference(ours: Iterable[Observable], theirs: Iterable[Observable]) -> tuple[str, str, str] | None:
    """The first observable that differs in two streams: where it is (step and label) and both
    values shortened; None when the streams are equal."""
    ours, theirs = iter(ours), iter(theirs)
    while True:
        a, b = next(ours, None), next(theirs, None)
        if a == b:
            if a is None:
                return None
            continue
        if a is None or b is None:
            ended, going = ("this one", b) if a is None else ("the other", a)
            assert going is not None
            return f"step {going[0]}: {ended} ended", "", ""
        where = f"step {a[0]}, {a[1]}" if a[:2] == b[:2] else f"step {a[0]}, {a[1]} / step {b[0]}, {b[1]}"
        return (where, *shorten(a[2], b[2]))


def shorten(ours: str, theirs: str) -> tuple[str, str]:
    """Both values cut to :data:`SHORT` characters around where they first differ."""
    at = next((i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), min(len(ours), len(theirs)))
    start = max(0, at - SHORT // 3)

    def cut(text: str) -> str:
        end = start + SHORT
        more = "…" if end < len(text) else ""
        return f"{'…' if start else ''}{text[start:end]}{more} ({len(text)} characters)"

    return cut(ours), cut(theirs)


# --- Agents' choices (issue 35) --------------------------------------------------------------

def agent_observables(name: str, seed: int, mode: str = "full") -> Iterator[Observable]:
    """The choices of :data:`AGENTS`, seeded, with the reason each gives, at every
    :data:`AGENT_EVERY`-th decision of the fuzz's game ``seed`` (which goes on with the fuzz's
    own choice); each is given the seat's input as the terminal gives it (``decide``)."""
    rng, game, eager = fuzz_start(name, seed)
    agents = [(spec, make_agent(game, spec, seed=seed)) for spec in AGENTS[name]]
    state = game.new_initial_state()
    step = decisions = 0
    while not state.is_terminal() and step < MAX_STEPS:
        if not state.is_chance_node():
            if decisions % AGENT_EVERY[name] == 0:
                for spec, agent in agents:
                    choice = decide(agent, state, random.Random(f"input {seed} {step}"))
                    yield step, spec, f"{choice} ({getattr(agent, 'reason', '')})"
            decisions += 1
        state.apply_action(fuzz_action(state, game, rng, eager))
        step += 1
    yield step, "returns", _text(state.returns())


STREAMS: dict[str, Callable[[str, int, str], Iterator[Observable]]] = {
    "observables": observables, "agents": agent_observables}


def hash_stream(kind: str, name: str, seed: int, mode: str) -> dict[str, Any]:
    h = hashlib.blake2b(digest_size=16)
    last = 0  # the step of the last observable: the game's length
    for step, label, value in STREAMS[kind](name, seed, mode):
        h.update(label.encode() + b"\x1f" + value.encode() + b"\x1e")
        last = step
    return {"digest": h.hexdigest(), "steps": last}


# --- Running seeds, files and checks ----------------------------------------------------------

def _job(args: tuple[str, str, int, str]) -> tuple[str, int, dict[str, Any]]:
    kind, name, seed, mode = args
    start = time.process_time()
    try:
        result = hash_stream(kind, name, seed, mode)
    except Exception as exc:  # a seed that fails must fail alike after a change: its digest says how
        result = {"digest": f"failed: {type(exc).__name__}: {exc}"[:200], "steps": -1}
    result["cpu"] = round(time.process_time() - start, 3)
    return name, seed, result


def run(kind: str, seeds: Mapping[str, Sequence[int]], mode: str, jobs: int,
        kept: Path | None = None) -> dict[str, dict[int, dict[str, Any]]]:
    """Every seed of every game hashed, in worker processes when ``jobs`` > 1, the games taken
    in turn (seed 0 of each, then seed 1…). ``kept``: a file that gets a line a seed as it is
    done, and whose seeds a run started again does not play again."""
    results: dict[str, dict[int, dict[str, Any]]] = {name: {} for name in seeds}
    if kept is not None:
        for line in kept_seeds(kept, {"what": kind, "mode": mode}):
            if line["game"] in results:
                results[line["game"]][line["seed"]] = line
    longest = max(map(len, seeds.values()), default=0)
    work = [(kind, name, some[i], mode) for i in range(longest) for name, some in seeds.items()
            if i < len(some) and some[i] not in results[name]]
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        done: Iterable[tuple[str, int, dict[str, Any]]] = map(_job, work) if pool is None else \
            (future.result() for future in as_completed([pool.submit(_job, w) for w in work]))
        for name, seed, result in done:
            results[name][seed] = result
            if kept is not None:
                with kept.open("a") as file:
                    file.write(json.dumps({"game": name, "seed": seed, **result}) + "\n")
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return {name: dict(sorted(some.items())) for name, some in results.items()}


def kept_seeds(kept: Path, header: dict[str, str]) -> list[dict[str, Any]]:
    """The seeds a stopped run wrote in ``kept`` (``--out``'s ``.partial``: ``header``, then a
    line a seed), with the file made ready for a run that goes on: a last line cut by the stop
    (no newline at its end) is dropped from it; a new file gets the header. Exits on a file of
    another run or a line that is not JSON before the last."""
    lines = kept.read_text().splitlines(keepends=True) if kept.exists() else []
    if lines and not lines[-1].endswith("\n"):  # cut while being written: its seed is played again
        lines.pop()
    if not lines:
        lines = [json.dumps(header) + "\n"]
    kept.write_text("".join(lines))
    read = []
    for number, line in enumerate(lines, 1):
        try:
            read.append(json.loads(line))
        except ValueError:
            sys.exit(f"{kept}: line {number} is not JSON: remove the file or give another --out")
    if read[0] != header:
        sys.exit(f"{kept} holds seeds of another run than {header}: remove it or give another --out")
    return read[1:]


def combined(results: dict[str, dict[int, dict[str, Any]]]) -> dict[str, str]:
    """One digest a game (of its seeds' digests in order) and one of all."""
    games = {}
    for name, seeds in results.items():
        h = hashlib.blake2b(digest_size=16)
        for seed in sorted(seeds):
            h.update(f"{seed} {seeds[seed]['digest']};".encode())
        games[name] = h.hexdigest()
    every = hashlib.blake2b(digest_size=16)
    for name in sorted(games):
        every.update(f"{name} {games[name]};".encode())
    return {**games, "all": every.hexdigest()}


def commit(given: str | None) -> str:
    """The commit whose ``legatus/`` made the digests: ``given`` (checked to hold the same
    ``legatus/`` as the working tree), else HEAD, marked "+changes" if ``legatus/`` has changed."""
    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)

    if given is not None:
        if git("diff", "--quiet", given, "--", "legatus").returncode:
            sys.exit(f"--commit {given}: its legatus/ is not the working tree's (git diff {given} -- legatus)")
        return given
    dirty = git("status", "--porcelain", "legatus").stdout.strip()
    return git("rev-parse", "--short", "HEAD").stdout.strip() + ("+changes" if dirty else "")


def write(path: Path, kind: str, mode: str, results: dict[str, dict[int, dict[str, Any]]], made_at: str) -> None:
    data = {
        "what": kind, "mode": mode, "commit": made_at, "digests": combined(results),
        "games": {name: {str(seed): {"digest": r["digest"], "steps": r["steps"]} for seed, r in sorted(seeds.items())}
                  for name, seeds in results.items()},
        "cpu_seconds": {name: round(sum(r["cpu"] for r in seeds.values()), 1) for name, seeds in results.items()},
    }
    text = json.dumps(data, indent=1)  # a seed a line:
    text = re.sub(r'\{\n\s+"digest": ("[^"]+"),\n\s+"steps": (-?\d+)\n\s+\}', r'{"digest": \1, "steps": \2}', text)
    path.write_text(text + "\n")


def report(results: dict[str, dict[int, dict[str, Any]]]) -> list[str]:
    """Prints one digest a game and one of all; returns the seeds that raised, named."""
    digests = combined(results)
    failed = [f"{name} seed {seed}: {r['digest']}" for name, seeds in results.items()
              for seed, r in sorted(seeds.items()) if r["steps"] < 0]
    for name, seeds in results.items():
        cpu = sum(r["cpu"] for r in seeds.values())
        steps = sum(max(r["steps"], 0) for r in seeds.values())
        print(f"{name:9} {digests[name]}  {len(seeds)} games, {steps:,} steps, "
              f"{cpu:.1f} CPU s ({cpu / max(len(seeds), 1):.2f} s a game)")
    print(f"{'all':9} {digests['all']}")
    for line in failed:
        print(f"FAILED: {line}")
    return failed


def check(path: Path, games: int | None, jobs: int, names: Sequence[str] = GAMES) -> int:
    """Plays the file's seeds of the games ``names`` again (its first ``games`` seeds of each, if
    given); reports the first seed that differs, and where. Returns the exit code."""
    try:
        data = json.loads(path.read_text())
        kind, mode, stored = data["what"], data["mode"], data["games"]
    except (OSError, ValueError, KeyError) as exc:
        sys.exit(f"--check {path}: not a file written by --out ({exc})")
    seeds = {name: sorted(int(s) for s in seeds)[:games] for name, seeds in stored.items() if name in names}
    results = run(kind, seeds, mode, jobs)
    report(results)
    for name, some in seeds.items():
        for seed in some:
            if results[name][seed]["digest"] != stored[name][str(seed)]["digest"]:
                print(f"DIFFERENT: {name} seed {seed} ({results[name][seed]['steps']} steps here, "
                      f"{stored[name][str(seed)]['steps']} at {data['commit']})")
                explain(kind, name, seed, mode, data["commit"])
                return 1
    print(f"the same as {path} ({data['commit']}): {sum(map(len, seeds.values()))} games")
    return 0


def explain(kind: str, name: str, seed: int, mode: str, base: str) -> None:
    """Plays ``seed`` at commit ``base`` and here and prints the first observable that differs."""
    revision = base.removesuffix("+changes")
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "archive", revision, "legatus"], cwd=ROOT, capture_output=True)
        if archive.returncode:
            print(f"(cannot take legatus/ at {revision} to say where: {archive.stderr.decode().strip()})")
            return
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        try:
            theirs = stream_at(folder, kind, name, seed, mode)
        except RuntimeError as exc:
            print(f"(seed {seed} fails at {revision}: {exc})")
            return
    found = first_difference(STREAMS[kind](name, seed, mode), theirs)
    if found is None:
        print(f"(seed {seed} plays the same here and at {revision}: the file was made by other code)")
        return
    where, ours, theirs_value = found
    print(f"first difference: {where}\n  here:   {ours}\n  {revision}: {theirs_value}")


def stream_at(folder: str, kind: str, name: str, seed: int, mode: str) -> list[Observable]:
    """The seed's observables as the ``legatus`` package in ``folder`` gives them (a process of
    its own runs ``--dump``); a RuntimeError with the end of its error if it fails."""
    env = {**os.environ, "PYTHONPATH": folder}
    done = subprocess.run([sys.executable, __file__, "--dump", kind, name, str(seed), mode, folder],
                          env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(done.stderr.strip()[-500:])
    return [(step, label, value) for step, label, value in map(json.loads, done.stdout.splitlines())]


def dump(kind: str, name: str, seed: int, mode: str, folder: str) -> None:
    """Writes the seed's observables as JSON lines (``--check`` runs this at the file's commit)."""
    if not Path(legatus.__file__).resolve().is_relative_to(Path(folder).resolve()):
        sys.exit(f"legatus was imported from {legatus.__file__}, not from {folder}")
    for item in STREAMS[kind](name, seed, mode):
        sys.stdout.write(json.dumps(item) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", nargs="+", choices=GAMES, default=list(GAMES),
                        help="the games to play (with --check: of the file's; default: all)")
    parser.add_argument("--games", type=int, help="seeds 0 to N-1 of each game (with --check: its first N)")
    parser.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--mode", choices=MODES, default="sampled", help=
                        "full: every observable at every step; sampled (the baseline's): the costliest at the end "
                        "and every 20 steps (MODES in the source)")
    parser.add_argument("--agents", action="store_true", help="hash agents' choices instead (issue 35)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--out", type=Path, help="write the digests as JSON to this file")
    parser.add_argument("--commit", help="with --out: the commit whose legatus/ the working tree holds "
                        "(default: HEAD); --check plays a differing seed there")
    parser.add_argument("--check", type=Path, help="play the seeds of this file again and compare")
    parser.add_argument("--dump", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.dump:
        kind, name, seed, mode, folder = args.dump
        dump(kind, name, int(seed), mode, folder)
        return 0
    if args.jobs < 1:
        parser.error(f"--jobs {args.jobs} must be 1 or more")
    if args.first < 0:
        parser.error(f"--first {args.first} must be 0 or more")
    if args.games is not None and args.games < 1:
        parser.error(f"--games {args.games} must be 1 or more")
    if args.check:
        return check(args.check, args.games, args.jobs, args.game)
    kind = "agents" if args.agents else "observables"
    made_at = commit(args.commit) if args.out else ""
    seeds = {name: range(args.first, args.first + (args.games or 20)) for name in args.game}
    kept = None if args.out is None else args.out.with_name(args.out.name + ".partial")
    results = run(kind, seeds, args.mode, args.jobs, kept)
    if report(results) and args.out:  # a failure is a bug to fix, never a digest to keep
        sys.exit(f"--out {args.out}: not written, seeds failed (kept in {kept})")
    if args.out:
        write(args.out, kind, args.mode, results, made_at)
        assert kept is not None
        kept.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
