"""How winnable is each level at best? The clairvoyant bound in Hispania's atlas (issue 36 point 3).

`clairvoyant+heuristic:400` (legatus/core/clairvoyant.py) sees every future die: what it wins
bounds from above what a search of its kind wins (docs/agents.md, "How winnable is each level?").
It plays a sample of levels fixed before its first game (SAMPLE; why these: docs/hispania/levels.md)
with GAMES games a level, seed 1: game i of every level on the dice of `legatus simulate --seed 1`'s
game i, as in the other Hispania runs. The three named levels are not played here: their 100 games
a level come from the clairvoyant's own run (benchmarks/results/hispania-clairvoyant400.jsonl,
read only).

    nice -n 19 python benchmarks/hispania_bound.py --play   # the sample, resumable: the same command goes on
    python benchmarks/hispania_bound.py                      # redraws the table and the form's data

--play plays the games its file lacks, index by index across the sample's levels (a run stopped
early leaves every level about as many games), each appended to RAW as it ends (one JSON line a
game: agent, level, index, won, outcome, seed, cpu, seconds). Without --play nothing is played:
from the raw files it draws each level's bound (Wilson's 95% upper end, "at most X% winnable",
and the point estimate) beside the tuned agent's rate and `flat+heuristic:400`'s where measured,
into docs/hispania/levels.md (between its BEGIN and END lines) and the game form's data
(legatus/games/hispania/data/bounds.toml).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from hispania_agents import load, play_all

from legatus.games.hispania.level import NAMES, Level, measured
from legatus.sim.stats import wilson

ROOT = Path(__file__).resolve().parent.parent
AGENT = "clairvoyant+heuristic:400"
FLAT = "flat+heuristic:400"
SEED = 1
GAMES = 24  # a level: fixed before the first game; 10 levels in about 1.2 CPU hours (docs/hispania/levels.md)
# Fixed before the first game: the tuned agent's rate (1,000 games) from ~0% to 30%+, along the
# parameters that matter most (denarii, armies) from the easiest, default and hardest levels.
SAMPLE = ("7-3-4-3-1", "6-5-4-5-1", "7-5-4-5-2", "7-4-3-4-2", "6-4-3-4-1", "5-5-4-5-1",
          "6-4-3-4-3", "5-4-3-4-2", "6-3-2-3-3", "5-3-2-3-1")
PLANNED = {**{level: GAMES for level in SAMPLE}, **{level: 100 for level in NAMES.values()}}
RAW = Path("benchmarks/results/hispania-clairvoyant-atlas.jsonl")
NAMED_RAW = Path("benchmarks/results/hispania-clairvoyant400.jsonl")  # the named levels' run
FLAT_RAW = Path("benchmarks/results/hispania-flat400-v-mcts48.jsonl")
DOC = Path("docs/hispania/levels.md")
DATA = Path("legatus/games/hispania/data/bounds.toml")
BEGIN = "<!-- BEGIN bound table: drawn by benchmarks/hispania_bound.py from the raw files; do not edit -->"
END = "<!-- END bound table -->"

Tally = tuple[int, int]  # wins, games


def written(level: str) -> str:
    """A level's written form, whether the file names it (``hardest``) or writes it."""
    return str(Level.parse(level))


def tally(paths: list[Path], agent: str) -> dict[str, Tally]:
    """Wins and games of ``agent`` at each level (written form) over the results files ``paths``;
    a game (level, index) held by several files counts once: every file plays game i of a level
    on the same seed."""
    won: dict[tuple[str, int], bool] = {}
    for path in paths:
        for (who, level, index), r in load(path).items():
            if who == agent:
                won[(written(level), index)] = bool(r["won"])
    counts: dict[str, Tally] = {}
    for (level, _), w in sorted(won.items()):
        wins, games = counts.get(level, (0, 0))
        counts[level] = (wins + w, games + 1)
    return counts


def rate(counts: Tally) -> str:
    wins, games = counts
    return f"{wins} / {games} = {wins / games:.1%}"


def table(bound: dict[str, Tally], flat: dict[str, Tally], tuned: dict[str, float]) -> str:
    """The atlas's table: each level of the plan, the easiest (by the tuned agent) first."""
    names = {v: k for k, v in NAMES.items()}
    lines = ["| level | the tuned agent wins (1,000 games) | `flat+heuristic:400` wins | clairvoyant games "
             "(planned) | the clairvoyant wins | **at most winnable** (95% upper end) |",
             "|---|---|---|---|---|---|"]
    for level in sorted(PLANNED, key=lambda lv: (-tuned[lv], lv)):
        label = f"{level} ({names[level]})" if level in names else level
        flat_cell = rate(flat[level]) if level in flat else "not measured"
        if level in bound:
            wins, games = bound[level]
            cells = [f"{games} ({PLANNED[level]})", rate(bound[level]), f"**{wilson(wins, games)[1]:.1%}**"]
        else:
            cells = [f"0 ({PLANNED[level]})", "–", "–"]
        lines.append(f"| {label} | {tuned[level]:.1%} | {flat_cell} | {' | '.join(cells)} |")
    return "\n".join(lines) + "\n"


def data(bound: dict[str, Tally]) -> str:
    """The game form's data (read by legatus.games.hispania.level.bounds): the levels whose planned
    games are all played (a bound from 2 games, "at most 100%", would tell a player nothing)."""
    lines = ["# The clairvoyant bound at the levels whose planned games are all played: the games it played,",
             "# the games it won, and the upper end of the 95% interval (Wilson's) of its win rate: \"at most",
             "# upper winnable\".",
             "# Drawn by benchmarks/hispania_bound.py from the raw files; do not edit (docs/hispania/levels.md).",
             "[bound]"]
    for level, (wins, games) in sorted(bound.items()):
        if games < PLANNED[level]:
            continue
        lines.append(f'"{level}" = {{ games = {games}, wins = {wins}, upper = {wilson(wins, games)[1]:.3f} }}')
    return "\n".join(lines) + "\n"


def redraw(doc: str, drawn: str) -> str:
    """``doc`` with the text between its BEGIN and END lines replaced by ``drawn``."""
    if doc.count(BEGIN) != 1 or doc.count(END) != 1 or doc.index(BEGIN) > doc.index(END):
        raise SystemExit(f"{DOC}: the table goes between one line '{BEGIN}' and one line '{END}' after it")
    head, rest = doc.split(BEGIN + "\n", 1)
    return f"{head}{BEGIN}\n{drawn}{END}{rest.split(END, 1)[1]}"


def draw(root: Path) -> tuple[str, str]:
    """The table and the form's data, from the raw files under ``root``."""
    bound = tally([root / NAMED_RAW, root / RAW], AGENT)
    bound = {level: counts for level, counts in bound.items() if level in PLANNED}
    flat = tally([root / FLAT_RAW], FLAT)
    return table(bound, flat, measured()), data(bound)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--play", action="store_true", help="play the sample's games the raw file lacks")
    parser.add_argument("--levels", nargs="+", default=list(SAMPLE), help="with --play: only these of the sample")
    parser.add_argument("--games", type=int, default=GAMES, help="with --play: only the first N games a level")
    parser.add_argument("--minutes", type=float, default=None, help="with --play: stop sending games after this long")
    args = parser.parse_args()
    if args.play:
        outside = [level for level in args.levels if level not in SAMPLE]
        if outside:
            parser.error(f"--levels {' '.join(outside)}: not in the sample; it holds {' '.join(SAMPLE)}")
        if not 0 <= args.games <= GAMES:
            parser.error(f"--games {args.games}: the plan is {GAMES} games a level, give 0 to {GAMES}")
        results = load(ROOT / RAW)
        todo = [(AGENT, level, i) for i in range(args.games) for level in args.levels
                if (AGENT, level, i) not in results]
        print(f"{len(results)} games already in {RAW}, {len(todo)} to play", flush=True)
        deadline = None if args.minutes is None else time.monotonic() + 60 * args.minutes
        play_all(todo, SEED, 1, ROOT / RAW, results, deadline)
    drawn, form = draw(ROOT)
    if args.play:
        print(drawn)
        return
    (ROOT / DOC).write_text(redraw((ROOT / DOC).read_text(), drawn))
    (ROOT / DATA).write_text(form)
    print(drawn + f"\nwritten into {DOC} and {DATA}")


if __name__ == "__main__":
    main()
