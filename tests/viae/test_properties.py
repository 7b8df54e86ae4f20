"""Properties of VIAE positions: hypothesis draws the options (ViaeGame.fuzz_options), the seed
and the length of play; tests/test_properties.py holds those every game shares (records, clones,
undo). Few examples, so that the file takes seconds; the fuzz tests and benchmarks play more."""

from __future__ import annotations

import random

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

import legatus
from legatus.core.session import sample_outcome
from legatus.core.tuples import put
from legatus.games.viae.game import ViaeGame
from legatus.games.viae.invariants import violations
from legatus.games.viae.state import ViaeState
from tests.viae.helpers import swap_card

# No shrinking: a failing example is a seed and a length of play, as quick to replay as any, and
# shrinking would replay hundreds of games.
PROFILE = settings(max_examples=20, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))


def played(seed: int, steps: int) -> tuple[ViaeState, list[str]]:
    """A position ``steps`` actions into a game with options and play drawn from ``seed``, and
    the invariants broken on the way (each with the action after which it broke)."""
    rng = random.Random(seed)
    game = legatus.load("viae", **ViaeGame.fuzz_options(rng))
    state = game.new_initial_state()
    assert isinstance(state, ViaeState)
    broken: list[str] = []
    for _ in range(steps):
        if state.is_terminal():
            break
        action = sample_outcome(state, rng) if state.is_chance_node() else game.fuzz_choice(state, rng)
        state.apply_action(action)
        broken += [f"after '{action}': {v}" for v in violations(state)]
    return state, broken


Position = tuple[ViaeState, list[str]]
POSITIONS = st.builds(played, st.integers(0, 2**32), st.integers(0, 500))


@PROFILE
@given(POSITIONS)
def test_C1_C3_C6_C16_C18_C33_C43_V5_invariants_hold_and_every_legal_action_applies(position: Position) -> None:
    state, broken = position
    assert broken == []
    if state.is_terminal():
        assert state.legal_actions() == [] and abs(sum(state.returns()) - 1) < 1e-9
        return
    chance = state.is_chance_node()
    actions = [a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()
    assert actions, state.prompt()  # no dead end
    if chance:
        assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9
    for action in actions:
        text = str(action)
        assert state.parse_action(text) == action and state.action_to_string(action, None) == text
        after = state.clone()
        after.apply_action(action)
        assert violations(after) == [], text


def swap_personal(state: ViaeState, seat: int) -> ViaeState | None:
    """A copy where ``seat``'s first unrevealed personal Mandatum is one still in the pool."""
    slot = next((i for i in (2 * seat, 2 * seat + 1) if state.personal[i] >= 0 and
                 state.completed[state.personal[i]] < 0), None)
    spare = next((m for m, left in enumerate(state.mandatum_pool) if left), None)
    if slot is None or spare is None:
        return None
    other = state.clone()
    other.mandatum_pool = put(put(other.mandatum_pool, other.personal[slot], 1), spare, 0)
    other.personal = put(other.personal, slot, spare)
    return other


def can_swap_card(state: ViaeState, seat: int) -> bool:
    held = [k for k, n in enumerate(state.hand_of(seat)) if n]
    return bool(held) and any(n and k != held[0] for k, n in enumerate(state.deck))


@PROFILE
@given(POSITIONS)
def test_V43_a_seats_view_holds_no_other_seats_cards_and_does_not_change_with_them(position: Position) -> None:
    state, _ = position
    n = state.game.num_players()
    for seat in range(n):
        view = state.view(seat)
        for other in range(n):
            hidden = view["players"][other]
            if other == seat:
                assert hidden["hand"] is not None and hidden["personal_mandatum"] is not None
            else:
                assert hidden["hand"] is None and hidden["personal_mandatum"] is None
    for other in range(n):
        copies = [swap_personal(state, other), swap_card(state, other) if can_swap_card(state, other) else None]
        for copy in (c for c in copies if c is not None):
            for seat in range(n):
                same = copy.view(seat) == state.view(seat)
                assert same == (seat != other), (seat, other)  # the holder sees the change: the check can fail


@PROFILE
@given(POSITIONS)
def test_C50_V42_scores_and_returns_follow_from_the_public_view(position: Position) -> None:
    state, _ = position
    view = state.view(None)
    bonus = {m["id"]: m["bonus"] for m in state.game.public_data()["cards"]["mandatum"]}
    owner = {c: info["owner"] for c, info in view["cities"].items()}
    keys = []
    for p in view["players"]:
        cities = sum(1 for who in owner.values() if who == p["seat"])
        basilicas = sum(1 for b in view["basilicas"] if owner[b["city"]] == p["seat"])
        score = p["influence"] + cities + basilicas + sum(bonus[m] for m in p["completed"])
        keys.append((score, cities, p["denar"]))
    assert view["scores"] == [k[0] for k in keys]
    if state.is_terminal():
        winners = [i for i, k in enumerate(keys) if k == max(keys)]
        assert view["returns"] == [1 / len(winners) if i in winners else 0.0 for i in range(len(keys))]
