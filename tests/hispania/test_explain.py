"""Each procedure explains its own refusals (issue 34): over fuzzed games, ``explain_illegal``
never disagrees with legality. A legal action is never refused; an illegal one is refused,
and the reason it is given is true of the position (a cost it names is more than the denarii
left, a space it says is in revolt is, a variant it names is not in play, …)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import legatus
from legatus.core.errors import IllegalActionError
from legatus.core.session import sample_outcome
from legatus.games.hispania.game import HispaniaGame
from legatus.games.hispania.state import HispaniaState
from legatus.games.hispania.variants import TITLES

Check = Callable[[HispaniaState, re.Match[str]], bool]


def _space(state: HispaniaState, name: str) -> int:
    return state.board.space(name)


# Each factual claim an explanation can make, and how to tell whether it holds.
CLAIMS: list[tuple[re.Pattern[str], Check]] = [
    (re.compile(r"costs (\d+) denarii and (\d+) are left"), lambda s, m: int(m[1]) > int(m[2])),  # R9, R10
    (re.compile(r"^(.+) holds (?:a|another) general"), lambda s, m: s.space_general[_space(s, m[1])] >= 0),
    (re.compile(r"^(.+) is in revolt \(R"), lambda s, m: s.revolts[_space(s, m[1])] > 0),  # R7, R10
    (re.compile(r"^(.+) is not in revolt \(R14\)"), lambda s, m: not s.revolts[_space(s, m[1])]),
    (re.compile(r"^(.+) holds an army"), lambda s, m: s.space_army[_space(s, m[1])] >= 0),  # R14
    (re.compile(r"there is no army in (.+) \(R15\)"), lambda s, m: s.space_army[_space(s, m[1])] < 0),
    (re.compile(r"there is no fleet in (.+) \(R10\)$"), lambda s, m: not s.fleets[_space(s, m[1])]),
    (re.compile(r"^(.+) has a fleet already"), lambda s, m: bool(s.fleets[_space(s, m[1])])),  # R10
    (re.compile(r"it belongs to the (.+) variant"),
     lambda s, m: all(TITLES[v] != m[1] for v in s.game.variants)),
    (re.compile(r"^the game waits for a roll"), lambda s, m: s.is_chance_node()),
    (re.compile(r"^it is not a die's turn"), lambda s, m: not s.is_chance_node()),
]


CITED = re.compile(r"\((?:[^()]*\bR\d+\b[^()]*|rulebook [^()]+|scenario [^()]+)\)$")
"""The rule a refusal enforces, at its end: a ruling (R…), or the rulebook's or a scenario's section."""
NO_RULE = re.compile(r"^(the game waits for a roll|it is not a die's turn|the game is over)")
"""The refusals that follow from whose turn it is, not from a rule."""


def refusal(state: HispaniaState, action: int) -> str | None:
    """Why ``action`` is refused (the message of the error ``check_legal`` raises), else None."""
    try:
        state.check_legal(action)
    except IllegalActionError as error:
        return error.reason
    return None


def check_position(state: HispaniaState, rng: random.Random, sample: int) -> None:
    legal = set(state.legal_ids())
    for action in legal:
        assert refusal(state, action) is None, f"{state.game.actions[action]} is legal but refused"
    others = [a for a in range(len(state.game.actions)) if a not in legal]
    for action in rng.sample(others, min(sample, len(others))):
        why = refusal(state, action)
        assert why, f"{state.game.actions[action]} is illegal ({state.phase_name()}) but not refused"
        assert NO_RULE.match(why) or CITED.search(why), f"'{why}' names no rule"
        for pattern, holds in CLAIMS:
            match = pattern.search(why)
            assert match is None or holds(state, match), (
                f"{state.game.actions[action]} in {state.phase_name()}: '{why}' is not true of the position")


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_explain_never_disagrees_with_legality_in_fuzzed_games(seed: int) -> None:
    rng = random.Random(seed)
    state = legatus.load("hispania", **HispaniaGame.fuzz_options(rng)).new_initial_state()
    assert isinstance(state, HispaniaState)
    while not state.is_terminal():
        check_position(state, rng, sample=40)
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert refusal(state, 0) == "the game is over"


@pytest.mark.parametrize("claim, text, true", [
    (0, "Corduba costs 1 denarii and 3 are left (R10)", False),
    (2, "Corduba is in revolt (R10)", False),
    (8, "it belongs to the Ingenivm variant, which this game does not use", True),
])
def test_the_claims_tell_a_true_reason_from_a_false_one(claim: int, text: str, true: bool) -> None:
    # The property can fail: a reason untrue of the position (no revolt yet, no variant) is caught.
    state = legatus.load("hispania").new_initial_state()
    assert isinstance(state, HispaniaState)
    pattern, holds = CLAIMS[claim]
    match = pattern.search(text)
    assert match is not None
    assert holds(state, match) is true
