from tests.games import register_test_games

register_test_games()
