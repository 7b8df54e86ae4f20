"""VIAE at the terminal (issue 11, the "Play" points): each seat's screen is drawn from its own
view (legatus/games/viae/text.py) in 80 columns, and in hot seat the screen goes blank between
the seats; the marker card AQUILA planted in seat2's hand (tests/viae/test_secrecy.py) shows on
seat2's screens and never on seat1's (V43)."""

from __future__ import annotations

import random
import re

import pytest
from typer.testing import CliRunner

import legatus
from legatus.cli import app
from legatus.core.session import sample_outcome
from legatus.core.tuples import put
from legatus.games.viae.state import ViaeState
from legatus.games.viae.text import WIDTH, cards_chosen
from tests.test_shells_blind import PASS, Table
from tests.viae.helpers import deal_to, first_turn
from tests.viae.test_secrecy import MARKER, marked_cards

__all__ = ["marked_cards"]  # the fixture, shared with the secrecy tests
MARKER_NAME = "Aedilis"  # the marker's name: AQUILA is D20 renamed


def late_position(players: int, seed: int = 1, actions: int = 500) -> ViaeState:
    state = legatus.load("viae", players=players).new_initial_state()
    assert isinstance(state, ViaeState)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else state.game.fuzz_choice(state, rng))
    return state


def test_a_seat_s_screen_fits_80_columns_and_shows_its_own_hand_only() -> None:
    state = late_position(5)
    for seat in range(5):
        view = state.view(seat)
        compact, full = state.view_text(seat, full=False), state.view_text(seat)
        assert compact and full and full.startswith(compact)
        assert max(len(line) for line in full.splitlines()) <= WIDTH
        me = view["players"][seat]
        hand = ", ".join(me["hand"]) if me["hand"] else "none"
        assert ("Your hand: " + hand.split(",")[0]) in compact.replace(" · ", ", ")
        for other in view["players"]:
            if other is not me:
                assert other["hand"] is None  # the text draws from this view alone
        board = state.game.board
        for city, info in view["cities"].items():
            if info["owner"]:  # by its name, as printed elsewhere ("Carthago Nova")
                name = board.city_names[board.city_ids.index(city)].replace(" ", "\u00a0")
                assert name in full and info["owner"].replace("seat", "s") in full
    assert "[bold]" in (state.view_text(0, markup=True) or "")


def test_hot_seat_hides_the_marker_in_seat2_s_hand_from_seat1(marked_cards: str) -> None:
    state = legatus.load("viae", players=2, cards=marked_cards).new_initial_state()
    assert isinstance(state, ViaeState)
    deal_to(state, MARKER, 1)
    decisions = {"count": 0}
    asked: dict[str, list[str]] = {}

    def answer(prompt: str) -> str:
        if prompt.startswith(PASS) or "Leave without saving" not in prompt and "game is over" in prompt:
            return "" if prompt.startswith(PASS) else "quit"
        if "Leave without saving" in prompt:
            return "quit"
        seat = state.seat_name(state.current_player())
        commands = asked.setdefault(seat, ["board", "map", "near roma", "help", "log 50"])
        if commands:  # the whole board, the map, a city's links, the help and the log on each seat's screen
            return commands.pop(0)
        decisions["count"] += 1
        if decisions["count"] > 40:
            return "quit"
        # never the marker's own action (play, discard): it would make it public
        return next(str(a) for a in state.legal_actions() if MARKER not in str(a) and not str(a).startswith("play "))

    table = Table(state, answer)
    assert table.code == 0 and decisions["count"] > 40
    k = next(i for i, c in enumerate(state.game.cards.deceptio) if c.id == MARKER)
    assert state.hand_of(1)[k] == 1  # seat2 held it throughout: nobody saw it played
    seat1, seat2 = table.seen_by("seat1"), table.seen_by("seat2")
    assert f"Your hand: {MARKER}" in seat2 or f"{MARKER} {MARKER_NAME}" in seat2  # the search can find it
    assert MARKER not in seat1 and MARKER_NAME not in seat1
    assert MARKER not in table.seen_by(None)
    assert "Your hand: " in seat1 and "Round 1" in seat1 and "Public Mandatum: " in seat1  # VIAE's own screen
    assert "Roads (id, ends, value, builder): " in seat1 and "Roma (SPQR" in seat1  # map and near were shown
    assert sum(p.startswith(PASS) for p in table.prompts) >= 4  # blank between the seats


def test_a_person_plays_a_4_player_game_to_the_end_against_three_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11, "Done when": ``legatus play viae --players 4`` with agents in three seats plays
    to the end; the person here always picks the first action offered. Unpaced: the agents'
    pace (tests/test_agent_timing.py) would hold each of their ~300 moves 0.7 s."""
    monkeypatch.setattr("legatus.terminal.pacing", lambda *args: None)
    result = CliRunner().invoke(app, ["play", "viae", "--players", "4", "--seed", "3",
                                      "--seats", "seat2=heuristic,seat3=heuristic,seat4=heuristic"],
                                input="1\n" * 400 + "quit\n" * 2)
    assert result.exit_code == 0, result.output
    assert re.search(r"The game is over: seat\d( and seat\d)* (wins|share the win)\.", result.output), \
        result.output[-2000:]


def _deciding_on_cards(seed: int) -> ViaeState:
    """The first position of a random 3-player game where a seat decides about its hand's cards."""
    st, rng = legatus.load("viae", players=3).new_initial_state(), random.Random(seed)
    while not (st.current_player() >= 0 and cards_chosen([str(st.game.actions[a]) for a in st.legal_actions()])):
        st.apply_action(rng.choice(st.legal_actions()))
    return st  # type: ignore[return-value]


def test_a_seat_deciding_on_its_cards_reads_each_card_of_its_hand_with_its_text() -> None:
    """Where the choice is about the hand's cards (a play among few other choices), each card of
    the hand on a line of its own with what it does, and the menu names the cards by id alone."""
    st = _deciding_on_cards(5)
    p = st.current_player()
    screen = st.view_text(p, full=False) or ""
    cards = {c.id: c for c in st.game.cards.deceptio}
    hand = sorted(set(st.view(p)["players"][p]["hand"]))
    lines = [line for line in screen.splitlines() if line.lstrip().startswith(tuple(hand)) or "Your hand" in line]
    assert len(lines) == len(hand)
    for line, card in zip(lines, hand, strict=True):
        assert f"{card} {cards[card].name}: {cards[card].text}"[:60] in line and len(line) <= WIDTH
    plays = [st.menu_text(a) for a in st.legal_actions() if str(st.game.actions[a]).startswith("play ")]
    assert plays and all(cards[text.split()[1]].name not in text for text in plays)


def test_among_a_turn_s_many_actions_the_hand_is_a_line_and_the_menu_names_its_cards() -> None:
    """At a turn's full menu every action keeps its row at 80×24: the hand one line of names,
    each card named where it is played."""
    st = first_turn(3)
    p = st.turn_seat()
    hand = sorted(set(st.view(p)["players"][p]["hand"]))
    screen = st.view_text(p, full=False) or ""
    assert sum(1 for line in screen.splitlines() if line.lstrip().startswith(tuple(hand))) == 0
    names = {c.id: c.name for c in st.game.cards.deceptio}
    plays = [st.menu_text(a) for a in st.legal_actions() if str(st.game.actions[a]).startswith("play ")]
    assert plays and all(names[text.split()[1]] in text for text in plays)


def test_a_seat_s_block_says_where_its_legio_is_and_its_officers() -> None:
    st = first_turn(3)
    p = st.turn_seat()
    b = st.game.board
    st.officers = put(st.officers, 2 * p + 1, 0)
    screen = st.view_text(p, full=False) or ""
    assert f"Your Legio: {b.city_names[st.marker[p]]} · officers: 1 empty · 2 CA01 Optio" in screen


def test_the_board_s_keys_come_last_above_the_prompt() -> None:
    """At 80x24 the top of ``board`` scrolls away: its keys are its last lines."""
    st = first_turn(3)
    lines = (st.view_text(0) or "").splitlines()
    assert lines[-4].startswith("Den Denar") and lines[-2].startswith("Cities: value")


def test_no_wrapped_line_of_the_map_or_board_starts_with_a_separating_dot() -> None:
    """Found in a play review: a long list wrapped before its " · " began a line with the dot
    ("  · r26 Narbo–Burdigala"); the dot stays at the end of the line before."""
    st = first_turn(3)
    lines = [*st.text_commands()["map"].run("").splitlines(), *(st.view_text(0) or "").splitlines()]
    assert sum(" · " in line for line in lines) > 10
    assert not [line for line in lines if line.lstrip().startswith("·")]
    assert max(len(line) for line in lines) <= WIDTH


def test_a_conquest_and_the_board_name_a_city_as_printed_elsewhere() -> None:
    st = first_turn(3)
    st.target = st.game.board.city_ids.index("carthago_nova")
    assert "Conquest of Carthago Nova: dice" in (st.view_text(0, full=False) or "")
    assert "Carthago\u00a0Nova\u00a0II" in (st.view_text(0) or "")


def test_V18_near_says_a_move_cannot_cross_an_unbuilt_road() -> None:
    st = first_turn(3)
    near = st.text_commands()["near"].run("genua")
    assert "not built: a Move cannot cross it (V18), but one such road with CA11" in near.replace("\n    ", " ")


def _turn_with_hires(seed: int = 1) -> ViaeState:
    """A turn of many actions, hires and Deceptio plays among them (more than an 80×24 screen lists)."""
    state = legatus.load("viae", players=3).new_initial_state()
    assert isinstance(state, ViaeState)
    rng = random.Random(seed)
    while True:
        legal = [str(a) for a in state.legal_actions()] if not state.is_chance_node() else []
        if len(legal) > 25 and any(a.startswith("hire") for a in legal) and any(a.startswith("play D") for a in legal):
            return state
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else state.game.fuzz_choice(state, rng))


def _screen(state: ViaeState, *answers: str) -> str:
    import io

    from rich.console import Console

    from legatus.core.session import Session
    from legatus.terminal import TerminalPlay
    console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
    typed = iter(answers)
    TerminalPlay(Session(state.clone()), console=console, read=lambda _: next(typed, "quit")).run()
    return console.file.getvalue()


def test_the_keys_run_in_order_down_the_screen_then_down_more() -> None:
    # Play review: the first screen read a–h, v–z, then ad/ae; i–u and aa–ac waited behind more.
    from legatus.terminal import menu_keys
    state = _turn_with_hires()
    screen = _screen(state, "", "more")
    assert "more lines of actions: type more" in screen
    keys = re.findall(r"(?:^|  |:  )([a-z]{1,2}) (?=\S)", screen.split("Public Mandatum", 1)[1], re.M)
    listed = [k for k in keys if k in set(menu_keys(state.legal_actions()))]
    assert listed == menu_keys(state.legal_actions())  # every key once, in order


def test_C39_a_city_is_shown_by_its_name_and_types_back() -> None:
    # Play review: "start ostia", "move pisae" showed the ids raw.
    state = _turn_with_hires()
    screen = _screen(state, "", "more")
    assert "sail (3 Denar):  l Ostia  m Genua" in screen
    for action in state.legal_actions():
        shown = state.menu_text(action)
        assert shown[:len(str(action))].lower() == str(action).lower()
        assert state.parse_action(shown[:len(str(action))]) == action  # what is read types back


def test_a_turn_s_hand_line_points_to_card_id_for_the_texts_of_the_cards_it_plays_or_hires() -> None:
    # Play review: the hire and play lines name the cards, and nothing said what they do.
    state = _turn_with_hires()
    hand = next(line for line in state.view_text(state.current_player(), full=False).splitlines()
                if line.startswith("Your hand: "))
    assert hand.endswith("· card ID: its text")
