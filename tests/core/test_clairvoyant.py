"""The clairvoyant search (legatus.core.clairvoyant, issue 36 point 3): a game's dice fixed in
advance as a stream, a search that reads them; on the test game Call the Coin it wins every game,
where no player who cannot see the coin wins more than 0.7 ** 5 of them."""

from __future__ import annotations

import random

from legatus.core.agents import RandomAgent
from legatus.core.clairvoyant import ChanceStream, ClairvoyantAgent
from legatus.core.game import State
from legatus.core.session import sample_outcome
from tests.games.coins import CoinGame

GAMES = 40


def play(game: CoinGame, seed: int, clairvoyant: bool) -> State:
    """One game on the stream of ``seed``, the caller clairvoyant or random."""
    stream = ChanceStream(seed)
    agent = ClairvoyantAgent(game, stream, simulations=64, seed=seed) if clairvoyant else RandomAgent(game, seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(stream.next(state) if state.is_chance_node() else agent.choose(state))
    return state


def test_the_stream_is_the_dice_a_driver_seeded_alike_draws() -> None:
    game = CoinGame(calls=30)
    for seed in range(5):
        stream, rng = ChanceStream(seed), random.Random(seed)
        state, tosses = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                action = stream.next(state)
                assert action == sample_outcome(state, rng)
                tosses += 1
            else:
                action = state.legal_actions()[0]
            state.apply_action(action)
        assert stream.used == tosses > 0


def test_the_clairvoyant_wins_every_game_that_luck_alone_rarely_wins() -> None:
    game = CoinGame(calls=5)
    clairvoyant = sum(play(game, seed, True).returns()[0] == 1.0 for seed in range(GAMES))
    blind = sum(play(game, seed, False).returns()[0] == 1.0 for seed in range(GAMES))
    assert clairvoyant == GAMES
    assert blind < GAMES // 4  # random calls win 1/32 of the games


def test_a_win_seen_is_kept_as_the_plan_and_followed() -> None:
    game = CoinGame(calls=5)
    stream = ChanceStream(3)
    agent = ClairvoyantAgent(game, stream, simulations=64, seed=3)
    state = game.new_initial_state()
    state.apply_action(agent.choose(state))
    assert agent.reason.startswith("a win seen in the true future")
    assert len(agent.plan) == 10 and game.new_initial_state().history() == []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(stream.next(state))
        else:
            state.apply_action(agent.choose(state))
            assert agent.reason == "the win it has seen, followed"
    assert state.history() == agent.plan


def test_the_search_does_not_move_the_games_dice() -> None:
    game = CoinGame(calls=5)
    stream = ChanceStream(0)
    agent = ClairvoyantAgent(game, stream, simulations=64, seed=0)
    agent.choose(game.new_initial_state())
    assert stream.used == 0
