"""Random legal play: 1,000 seeded games at random levels, the 128 variant combinations and
the scenarios, every invariant checked after every action; each game's record replays to the
same final view."""

from __future__ import annotations

import itertools
import random

import pytest

import legatus
from legatus.core.session import sample_outcome
from legatus.games.hispania.invariants import violations
from legatus.games.hispania.level import all_levels
from legatus.games.hispania.scenarios import scenario_names
from legatus.games.hispania.variants import VARIANTS

LEVELS = [str(level) for level in all_levels()]
GAMES = 1000
BATCHES = 10


def siege_minded(state: legatus.State, rng: random.Random) -> legatus.Action:
    """Random, but 3 times in 4 a siege, an attack or a garrison when one is legal: it keeps
    games alive longer than pure random play, so later rounds get fuzzed too."""
    actions = state.legal_actions()
    fights = [a for a in actions if str(a).startswith(("besiege", "attack", "garrison", "proconsul", "assassinate",
                                                       "reroll", "reinforce", "choose"))]
    return rng.choice(fights) if fights and rng.random() < 0.75 else rng.choice(actions)


def play_checked(seed: int, policy, **options) -> tuple[legatus.State, int]:
    rng = random.Random(seed)
    options.setdefault("level", rng.choice(LEVELS))
    game = legatus.load("hispania", seed=seed, **options)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        action = sample_outcome(state, rng) if state.is_chance_node() else policy(state, rng)
        state.apply_action(action)
        steps += 1
        broken = violations(state)
        assert not broken, f"seed {seed}, action {steps} '{action}': {broken}\n{legatus.to_record(state)}"
        assert steps < 5000, f"seed {seed}: runaway game"
    return state, steps


@pytest.mark.parametrize("batch", range(BATCHES))
@pytest.mark.parametrize("policy", [lambda s, r: r.choice(s.legal_actions()), siege_minded], ids=["random", "sieges"])
def test_random_play_keeps_every_invariant_and_replays(batch, policy):
    for seed in range(batch * GAMES // BATCHES, (batch + 1) * GAMES // BATCHES):
        state, _ = play_checked(seed, policy)
        replayed = legatus.replay(legatus.to_record(state))
        assert replayed.view() == state.view()
        assert replayed.returns() == state.returns() != [0.0]


def variant_combinations() -> list[tuple[str, ...]]:
    return [tuple(v for v, on in zip(VARIANTS, bits, strict=True) if on)
            for bits in itertools.product((0, 1), repeat=len(VARIANTS))]


@pytest.mark.parametrize("variants", variant_combinations(), ids=lambda v: "+".join(v) or "base")
def test_each_variant_combination_plays_to_the_end(variants):
    """The 128 combinations of the 7 variants (rulebook "Game Variants"), each twice, with the
    variants' own invariants (the purple disc, pirates, the special army, the proconsul, roads)."""
    index = variant_combinations().index(variants)
    for seed, policy in ((index, lambda s, r: r.choice(s.legal_actions())), (1000 + index, siege_minded)):
        rng = random.Random(seed)
        level = rng.choice(LEVELS)
        if "hispano" in variants:
            level = "6" + level[1:]
        options = {"players": rng.choice((1, 2, 3)), "traitors": "terror" in variants and seed % 2 == 0}
        state, _ = play_checked(seed, policy, level=level, variants=list(variants), **options)
        assert legatus.replay(legatus.to_record(state)).view() == state.view()


@pytest.mark.parametrize("scenario", scenario_names())
def test_each_scenario_with_variants_plays_to_the_end(scenario):
    for seed in range(12):
        rng = random.Random(seed)
        variants = [v for v in VARIANTS if rng.random() < 0.4 and not (scenario == "new-empire" and v == "pirates")]
        level = {"new-empire": "6-4-3-5-2", "river-of-oblivion": "6-4-3-4-2"}.get(scenario, "6-4-3-4-2")
        state, _ = play_checked(seed, siege_minded if seed % 2 else lambda s, r: r.choice(s.legal_actions()),
                                level=level, variants=variants, scenario=scenario, players=1 + seed % 3)
        assert legatus.replay(legatus.to_record(state)).view() == state.view()
