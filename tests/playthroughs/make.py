"""Recorded playthroughs: one full seeded game per configuration family, every view stored,
so that any change to the rules shows up as a diff of these files.

Each file is JSON lines: the configuration, the first view, then for every action its
notation and what changed in the view (a nested diff; the log as its new lines). Regenerate
after an intended rules change with ``python -m tests.playthroughs.make`` and review the diff.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import legatus
from legatus.core.agents import make_agent
from legatus.core.session import sample_outcome

HERE = Path(__file__).parent
FAMILIES: dict[str, tuple[str, dict[str, Any]]] = {  # file name: (game, options)
    "hispania-base": ("hispania", {"level": "6-4-3-4-2"}),
    "hispania-all-variants": ("hispania", {"level": "6-5-4-5-1", "variants": [
        "ingenivm", "imperivm", "proconsvl", "legio-hispana", "pirates", "terror", "hispano"], "traitors": True,
        "players": 2}),
    "hispania-first-repression": ("hispania", {"scenario": "first-repression", "level": "7-5-4-5-2"}),
    "hispania-numantia": ("hispania", {"scenario": "numantia", "level": "7-5-4-5-1"}),
    "hispania-terror-of-rome": ("hispania", {"scenario": "terror-of-rome", "level": "7-5-4-5-1"}),
    "hispania-river-of-oblivion": ("hispania", {"scenario": "river-of-oblivion", "level": "7-5-4-4-1"}),
    "hispania-new-empire": ("hispania", {"scenario": "new-empire", "level": "7-5-4-5-2"}),
    "hannibal-base": ("hannibal", {}),
    **{f"viae-{n}-players": ("viae", {"players": n}) for n in (2, 3, 4, 5)},
}
SEED = 2026


def diff(old: Any, new: Any) -> Any:
    """What changed from ``old`` to ``new``: dicts key by key (removed keys as null), tables
    (lists of one length of records with the same keys: VIAE's players) record by record keyed
    by the index, the rest whole."""
    if _table(old) and _table(new) and len(old) == len(new) and set(old[0]) == set(new[0]):
        return {str(i): diff(a, b) for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b}
    if isinstance(old, dict) and isinstance(new, dict):
        changed = {k: diff(old.get(k), v) for k, v in new.items() if old.get(k) != v}
        changed.update({k: None for k in old if k not in new})
        return changed
    return new


def _table(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(x, dict) and set(x) == set(value[0])
                                                           for x in value)


def playthrough(family: str) -> list[str]:
    """The lines of a family's playthrough file (a game played by the heuristic agent; the
    views are a spectator's, so a game with secrets records no hand)."""
    name, options = FAMILIES[family]
    game = legatus.load(name, **options)
    rng = random.Random(SEED)
    agents = [make_agent(game, "heuristic", SEED + seat) for seat in range(game.num_players())]
    state = game.new_initial_state()
    view = state.view()
    lines = [json.dumps({"game": name, "options": options, "seed": SEED}, sort_keys=True),
             json.dumps({"n": 0, "view": view}, sort_keys=True, separators=(",", ":"))]
    n = 0
    while not state.is_terminal():
        action = sample_outcome(state, rng) if state.is_chance_node() else agents[state.current_player()].choose(state)
        state.apply_action(action)
        n += 1
        new = state.view()
        changes = diff({**view, "log": None}, {**new, "log": None})
        if "log" in new:
            changes["log+"] = new["log"][len(view["log"]):]
        lines.append(json.dumps({"n": n, "action": str(action), "changes": changes}, sort_keys=True,
                                separators=(",", ":")))
        view = new
    return lines


def path(family: str) -> Path:
    return HERE / f"{family}.jsonl"


def main() -> None:
    for family in FAMILIES:
        lines = playthrough(family)
        path(family).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{path(family).name}: {len(lines) - 2} actions")


if __name__ == "__main__":
    main()
