"""Hannibal: what a wargamer would call blunders, counted over games' records (issue 36).

    nice -n 10 python benchmarks/hannibal_indicators.py play --games 200 --out FILE
        [--rome heuristic] [--carthage heuristic] [--first 0]
    python benchmarks/hannibal_indicators.py report FILE... [--search SPEC [--side rome|carthage]] [--hint 20]
        [--hint-seeds 4]
        [--hint-also SPEC]

``play`` plays game ``s`` (``s`` from ``--first``) on ``random.Random(s)``, the agents seeded ``s``
(Rome) and ``s + 1`` (Carthage), as benchmarks/hannibal_endings.py does; an agent is any spec
``make_agent`` takes, or ``heuristic@COMMIT``, the heuristic of bots.py at that commit loaded
beside today's (benchmarks/heuristic_ab.py: the same rules engine), or an ismcts spec ending in
``/near`` or ``/plain``: the search with or without its near-tie rule (issue 36), or a flat spec
ending in ``/plain``: the flat search without the near-tie rule it takes from the heuristic
(``HeuristicAgent.tie``). It adds one JSON line a game to FILE as it ends: ``seed``, ``rome``, ``carthage`` (the
agents' specs), ``winner``, ``reason``, ``turn``, ``cpu`` (CPU seconds) and ``record`` (the
referee's record, every action).
A run plays only the seeds FILE does not hold yet, so it may be stopped and started again.

``report`` replays every record of the files and counts, per game or per decision:

- Hannibal sails: the games where an activated Hannibal takes a sea move (H56);
- Hannibal eliminated by the end of turn 3 (displaced for good, H43);
- Hannibal's army in Italy by the end of turn 3: at some moment of turns 1-3, Hannibal on a
  space of Italy with 5 or more Carthaginian CUs;
- Carthage's defenders inside: each time a Roman army enters Carthage with at least twice the
  Carthaginian CUs there (H62 step 1), whether Carthage puts as many CUs inside as may go (H51);
- Rome takes Carthage (H110);
- wasted activations: a General activated who neither moves, fights, sorties nor besieges
  before the next activation or card, a side a turn;
- steps straight back: within one activation, a move into the space the army just left;
- small forces shipped: sea moves with 2 CUs or fewer; outnumbered attacks: battles the moving
  army begins with fewer CUs, with those inside its city that may sortie (H100), than the
  enemy's outside the walls;
- the decisions the heuristic leaves to its one step of lookahead on the static value, by kind,
  and how many of them that value cannot tell apart (every choice alike: it takes the first
  legal one), at every position of the games whoever played them (issue 36, sixth round);
- the hint's agreement (``--hint N``): at N positions of heuristic games (every 25th choice,
  as benchmarks/hannibal_agents.py times them), the share where the hint as shipped
  (``legatus.core.hints``'s ``hint_agent``: ``HannibalGame.HINT_AGENT``) with ``--hint-seeds``
  different seeds picks the same action every time; ``--hint-also SPEC`` measures another agent
  the same way (``ismcts+heuristic:64/near``: IS-MCTS with the near-tie rule of
  ``legatus/core/ismcts.py``'s ``NEAR``).

``--search SPEC`` counts only the games of that search against another agent (a line's
``search``, which ``play`` writes where one side searches, with ``against``, ``search_side`` and
each side's CPU seconds a decision, ``decision_cpu``); with ``--side`` only those where it plays
that side (the docs' columns by side).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hannibal_agents import positions as heuristic_positions
from heuristic_ab import bots_at

import legatus
from legatus.core.agents import SEARCHES, make_agent
from legatus.core.errors import LegatusError
from legatus.core.flat import FlatAgent
from legatus.core.hints import hint_agent
from legatus.core.ismcts import NEAR, ISMCTSAgent
from legatus.core.record import check_record, new_game_state, to_record
from legatus.core.session import sample_outcome
from legatus.games.hannibal.bots import HeuristicAgent
from legatus.games.hannibal.game import HannibalGame
from legatus.games.hannibal.ids import Id
from legatus.games.hannibal.notation import CARTHAGE, ROME, SIDES
from legatus.games.hannibal.rules import base, splits, walls
from legatus.games.hannibal.state import HannibalState
from legatus.sim.stats import wilson

EARLY = 3  # "by the end of turn 3"
ITALY_ARMY = 5  # Hannibal's army: 5 CUs or more
SMALL = 2  # a sea move with this many CUs or fewer is a small force shipped


PLAIN, NEAR_TIES = "/plain", "/near"  # a search spec ending so: without or with its near-tie rule


def agent(game: Any, spec: str, seed: int) -> Any:
    """An agent of ``spec``: ``heuristic@COMMIT`` is the heuristic of that commit; an ismcts spec
    ending in ``/near`` (``ismcts+heuristic:32/near``) settles its near ties by the heuristic's
    ranking, one ending in ``/plain`` chooses the most visited alone (as an ismcts agent plays:
    the files of issue 36's paired games name both); a flat spec ending in ``/plain``
    (``flat+heuristic:256/plain``) keeps the best mean, near ties or not (the flat search's near
    ties as they were before issue 36's fifth round)."""
    if spec.startswith("heuristic@"):
        return bots_at("hannibal", spec.split("@", 1)[1]).HeuristicAgent(game, seed)
    for suffix, near in ((PLAIN, None), (NEAR_TIES, NEAR)):
        if spec.endswith(suffix):
            search = make_agent(game, spec.removesuffix(suffix), seed=seed)
            if isinstance(search, FlatAgent) and suffix == PLAIN:
                search.tie = 0.0
            elif isinstance(search, ISMCTSAgent):
                search.near = near
            else:
                raise SystemExit(f"agent '{spec}': {suffix} is for an ismcts search (ismcts+heuristic:32{suffix})"
                                 f"{' or a flat one (flat+heuristic:256/plain)' if suffix == PLAIN else ''}")
            return search
    return make_agent(game, spec, seed=seed)


def _inside(state: HannibalState, action: int) -> int:
    """The CUs a ``garrison`` action puts inside the walls in all (H51), whether it names its
    elephants (H4) or not."""
    named = splits.chosen(state.notation, action)
    return named[1] if named else (action - state.notation.GARRISON) % (walls.MAX_INSIDE + 1)


def play(seed: int, rome: str, carthage: str) -> dict[str, Any]:
    """Game ``seed`` of ``rome`` against ``carthage``: its result and its record."""
    game = legatus.load("hannibal")
    rng = random.Random(seed)
    agents = [agent(game, spec, seed + s) for s, spec in enumerate((rome, carthage))]
    state = game.new_initial_state()
    decisions: tuple[list[float], list[float]] = ([], [])  # CPU seconds of each side's choices among several
    cpu = time.process_time()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        seat = state.current_player()
        start = time.process_time()
        action = agents[seat].choose(state)
        if len(state.legal_actions()) > 1:
            decisions[seat].append(round(time.process_time() - start, 4))
        state.apply_action(action)
    assert isinstance(state, HannibalState)
    return {"seed": seed, "rome": rome, "carthage": carthage, **_search_fields(rome, carthage),
            "winner": SIDES[state.winner], "reason": state.reason, "turn": state.turn,
            "cpu": round(time.process_time() - cpu, 2), "decision_cpu": dict(zip(SIDES, decisions, strict=True)),
            "record": to_record(state)}


def _search_fields(rome: str, carthage: str) -> dict[str, str]:
    """Issue 36's fields of a game of a search against another agent: ``search`` (its spec),
    ``against`` and ``search_side``; none where neither side or both sides search."""
    searching = [side for side, spec in ((ROME, rome), (CARTHAGE, carthage)) if _is_search(spec)]
    if len(searching) != 1:
        return {}
    side = searching[0]
    specs = (rome, carthage)
    return {"search": specs[side], "against": specs[1 - side], "search_side": SIDES[side]}


def _is_search(spec: str) -> bool:
    return spec.split("+", 1)[0].split(":", 1)[0] in SEARCHES


def read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@dataclass
class Tally:
    """The indicators' counts over a set of games."""

    games: int = 0
    side_turns: int = 0  # turns played, twice (one a side)
    sails: int = 0
    eliminated: int = 0
    in_italy: int = 0
    rome_takes_carthage: int = 0
    outnumbered_at_carthage: int = 0
    inside: int = 0
    activations: list[int] = field(default_factory=lambda: [0, 0])
    wasted: list[int] = field(default_factory=lambda: [0, 0])
    steps_back: int = 0
    sea_moves: list[int] = field(default_factory=lambda: [0, 0])
    small_sea_moves: list[int] = field(default_factory=lambda: [0, 0])
    attacks: list[int] = field(default_factory=lambda: [0, 0])
    outnumbered_attacks: list[int] = field(default_factory=lambda: [0, 0])
    lookahead: dict[str, list[int]] = field(default_factory=dict)  # by kind: [decisions, every choice alike]


class _Watched(HeuristicAgent):
    """The heuristic, counting in ``tally`` the decisions it leaves to its one step of lookahead
    and those where the static value tells no two choices apart."""

    def __init__(self, game: HannibalGame, tally: Tally) -> None:
        super().__init__(game)
        self.tally = tally

    def _one_step(self, st: HannibalState, seat: int, legal: list[Any]) -> list[float]:
        values = super()._one_step(st, seat, legal)
        counts = self.tally.lookahead.setdefault(Id(st.stack[-1][0]).name.lower().replace("_", " "), [0, 0])
        counts[0] += 1
        counts[1] += len(set(values)) == 1
        return values


USEFUL = ("to ", "sail ", "siege", "sortie", "fight")  # what an activation may do besides nothing


def count(line: dict[str, Any], tally: Tally) -> None:
    """Replays one game's record, adding its indicators to ``tally``."""
    record = check_record(line["record"])
    state = new_game_state(record)
    assert isinstance(state, HannibalState)
    hannibal = [g.name for g in state.game.generals].index("Hannibal")
    n = state.notation
    watched = _Watched(state.game, tally)
    sailed = eliminated = in_italy = False
    active: list[int] = []  # the activation under way: [side, useful]
    path: list[int] = []  # the spaces the activated army stood on, in order
    for text in record["actions"]:
        if not state.is_chance_node() and len(state.legal_actions()) > 1:
            watched.choose(state)
        action = state.parse_action(text)
        if n.ACTIVATE <= action < n.ACTIVATE + len(state.game.generals) or text.startswith(
                ("ops ", "event ", "discard ", "place pcs", "raise ")):
            if active:
                tally.wasted[active[0]] += not active[1]
            active = []
            if text.startswith("activate"):
                g = action - n.ACTIVATE
                active = [state.current_player(), 0]
                tally.activations[active[0]] += 1
                path = [state.gen_at[g]]
        elif active and text.startswith(USEFUL):
            active[1] = 1
        if text.startswith(("to ", "sail ")):
            there = action - n.SPACE["sail" if text.startswith("sail") else "to"]
            side = state.m_side
            if text.startswith("sail "):
                tally.sea_moves[side] += 1
                tally.small_sea_moves[side] += state.m_left <= SMALL
                sailed |= state.m_gen == hannibal
            tally.steps_back += len(path) >= 2 and path[-2] == there
            path.append(there)
        if state.stack and state.stack[-1][0] == Id.GARRISON and text.startswith("garrison"):
            _, side, mode, space = state.stack[-1]
            defenders = walls.total(state, CARTHAGE, space)
            if (side, mode, space) == (CARTHAGE, walls.DECLARE, state.game.carthage_space) and defenders \
                    and state.m_left >= 2 * defenders:
                tally.outnumbered_at_carthage += 1
                most = max(_inside(state, a) for a in state.legal_actions())
                tally.inside += _inside(state, action) == most
        fighting = state.b_space >= 0
        state.apply_action(action)
        if not fighting and state.b_space >= 0 and state.b_att == state.m_side >= 0:
            att = state.b_att
            tally.attacks[att] += 1
            sortie = walls.sortie_force(state, att, state.b_space)  # the CUs inside may join (H100)
            tally.outnumbered_attacks[att] += state.bbegan[att] + sortie < state.bbegan[1 - att]
        if state.turn <= EARLY and state.stack:
            at = state.gen_at[hannibal]
            eliminated |= at == base.DEAD
            in_italy |= at >= 0 and base.country_of(state, at) == "Italy" and \
                walls.total(state, CARTHAGE, at) >= ITALY_ARMY
    if active:
        tally.wasted[active[0]] += not active[1]
    assert state.is_terminal(), f"game {line['seed']}: the record stops before the end"
    tally.games += 1
    tally.side_turns += 2 * state.turn
    tally.sails += sailed
    tally.eliminated += eliminated
    tally.in_italy += in_italy
    tally.rome_takes_carthage += state.reason == "sudden death: Rome controls Carthage"


def share(k: int, n: int) -> str:
    if not n:
        return "none"
    low, high = wilson(k, n)
    return f"{k}/{n} = {k / n:.1%} [{low:.1%}, {high:.1%}]"


def hint_agreement(positions: int, seeds: int, spec: str | None = None) -> tuple[int, int, float]:
    """At how many of ``positions`` positions the hint agent (``spec``: another agent, as ``play``
    names them) with ``seeds`` seeds picks one move, and its CPU seconds a decision (median)."""
    game = legatus.load("hannibal")
    same = 0
    seconds: list[float] = []
    for state in heuristic_positions(positions):
        picks = set()
        for seed in range(seeds):
            start = time.process_time()
            # the hint as the terminal and the page give it, else the agent named
            adviser = hint_agent(game, seed) if spec is None else agent(game, spec, seed)
            picks.add(adviser.choose(state))
            seconds.append(time.process_time() - start)
        same += len(picks) == 1
    return same, positions, sorted(seconds)[len(seconds) // 2]


def report(files: list[Path], hint: int, hint_seeds: int, hint_specs: list[str], search: str | None = None,
           side: str | None = None) -> None:
    tally = Tally()
    found = [(path, line) for path in files for line in read(path) if (search is None or line.get("search") == search)
             and (side is None or line.get("search_side") == side)]
    for path, line in found:
        try:
            count(line, tally)
        except LegatusError as exc:  # a game of rules since changed (Pestilence's targets, dc69a64)
            sys.exit(f"{path}: game {line['seed']} ({line['rome']} v {line['carthage']}) does not replay under "
                     f"these rules: {exc}. Its games were played at the commit benchmarks/results/README.md "
                     "names: count them with that commit's code (git worktree add DIR COMMIT)")
    lines = [line for _, line in found]
    pairings = sorted({(line["rome"], line["carthage"]) for line in lines})
    print(f"# Hannibal indicators: {tally.games} games ({', '.join(f'{r} v {c}' for r, c in pairings)}) "
          f"from {', '.join(map(str, files))}")
    wins = sum(line["winner"] == "rome" for line in lines)
    rows = [
        ("Rome wins", share(wins, tally.games), ""),
        ("Hannibal sails (games)", share(tally.sails, tally.games), "< 5%"),
        (f"Hannibal eliminated by the end of turn {EARLY}", share(tally.eliminated, tally.games), "< 5%"),
        (f"Hannibal with {ITALY_ARMY}+ CUs in Italy by the end of turn {EARLY}", share(tally.in_italy, tally.games),
         ">= 50%"),
        ("outnumbered 2:1 at Carthage, defenders inside", share(tally.inside, tally.outnumbered_at_carthage),
         ">= 90%"),
        ("Rome takes Carthage", share(tally.rome_takes_carthage, tally.games), "< 15%"),
    ]
    for side in (ROME, CARTHAGE):
        turns = tally.side_turns // 2
        rows.append((f"{SIDES[side]}: wasted activations a turn",
                     f"{tally.wasted[side] / max(1, turns):.2f} ({tally.wasted[side]} of "
                     f"{tally.activations[side]} activations, {turns} turns)", "< 1"))
    rows.append(("steps straight back", f"{tally.steps_back} ({tally.steps_back / max(1, tally.games):.2f} a game)",
                 "0"))
    for side in (ROME, CARTHAGE):
        rows.append((f"{SIDES[side]}: sea moves with {SMALL} CUs or fewer",
                     share(tally.small_sea_moves[side], tally.sea_moves[side]), ""))
        rows.append((f"{SIDES[side]}: attacks begun outnumbered",
                     share(tally.outnumbered_attacks[side], tally.attacks[side]), ""))
    if hint:
        for spec in (None, *hint_specs):
            same, n, median = hint_agreement(hint, hint_seeds, spec)
            name = spec or f"{HannibalGame.HINT_AGENT}, as shipped"
            rows.append((f"the hint ({name}) the same with {hint_seeds} seeds",
                         f"{share(same, n)}; {median:.2f} CPU s a decision (median)", ">= 80%" if spec is None else ""))
    print("\n| indicator | measured (95% Wilson interval) | target |\n|---|---|---|")
    for name, measured, target in rows:
        print(f"| {name} | {measured} | {target} |")
    print("\n| the heuristic's decisions left to its one-step lookahead, by kind | decisions | every choice "
          "alike (the first legal one taken) |\n|---|---|---|")
    for kind, (asked, alike) in sorted(tally.lookahead.items(), key=lambda item: -item[1][0]):
        print(f"| {kind} | {asked} | {alike} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play games into a JSON-lines file (resumable)")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--first", type=int, default=0, help="the first game's seed")
    p.add_argument("--rome", default="heuristic")
    p.add_argument("--carthage", default="heuristic")
    p.add_argument("--out", type=Path, required=True)
    r = sub.add_parser("report", help="the indicators of the games in the files")
    r.add_argument("files", type=Path, nargs="+")
    r.add_argument("--hint", type=int, default=0, metavar="N", help="positions for the hint's agreement")
    r.add_argument("--hint-seeds", type=int, default=4)
    r.add_argument("--hint-also", action="append", default=[], metavar="SPEC",
                   help="the same agreement for another agent (ismcts+heuristic:64/near, ...)")
    r.add_argument("--search", help="only the games of this search against another agent (the lines' 'search')")
    r.add_argument("--side", choices=SIDES, help="with --search: only those where it plays this side ('search_side')")
    args = parser.parse_args()
    if args.command == "report":
        missing = [str(f) for f in args.files if not f.exists()]
        if missing:
            parser.error(f"no results file {missing[0]}; give files written by 'play --out'")
        if args.side and not args.search:
            parser.error("--side picks the side of a search: give --search SPEC too")
        report(args.files, args.hint, args.hint_seeds, args.hint_also, args.search, args.side)
        return
    game = legatus.load("hannibal")
    for spec in (args.rome, args.carthage):
        agent(game, spec, 0)  # a bad spec or commit stops here, saying what is valid
    held = {line["seed"] for line in read(args.out) if (line["rome"], line["carthage"]) == (args.rome, args.carthage)}
    for seed in range(args.first, args.first + args.games):
        if seed in held:
            continue
        result = play(seed, args.rome, args.carthage)
        with args.out.open("a", encoding="utf-8") as file:
            file.write(json.dumps(result) + "\n")
        print(f"game {seed}: {result['winner']} ({result['reason']}), turn {result['turn']}, {result['cpu']} CPU s",
              flush=True)


if __name__ == "__main__":
    main()
