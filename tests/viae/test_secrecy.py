"""Hidden information (V43, DESIGN: hidden information): the secrecy tests of
tests/core/test_secrecy.py repeated for VIAE. A marker Deceptio card (the single D20 renamed
AQUILA in an owner's cards file) is searched for in every output of the other seats while a
seat holds it unseen."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

import legatus
from legatus.core.record import to_record
from legatus.core.secrecy import is_consistent, seat_actions
from legatus.core.session import Session, sample_outcome
from legatus.games.viae.cards import default_cards_path
from legatus.games.viae.ids import Id
from legatus.games.viae.resample import redraw
from legatus.games.viae.rules import mandatum
from legatus.games.viae.state import ViaeState
from tests.games.secrecy import check_resample, leaks

MARKER = "AQUILA"


@pytest.fixture(scope="module")
def twin_cards(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A corrected card file whose first four Mandatum all name Gallia Cisalpina: one conquest
    completes several of them at once (V40)."""
    text = Path(default_cards_path()).read_text(encoding="utf-8")
    for region in ("magna_graecia", "hispania", "gallia"):
        text = text.replace(f"conquer_regions({region})", "conquer_regions(gallia_cisalpina)", 1)
    path = tmp_path_factory.mktemp("cards") / "cards.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def marked_cards(tmp_path_factory: pytest.TempPathFactory) -> str:
    text = Path(default_cards_path()).read_text(encoding="utf-8").replace('id = "D20"', f'id = "{MARKER}"')
    path = tmp_path_factory.mktemp("cards") / "cards.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def positions(seed: int, players: int, cards: str | None = None, limit: int = 700) -> list[ViaeState]:
    rng = random.Random(seed)
    options: dict[str, object] = {"players": players}
    if cards:
        options["cards"] = cards
    game = legatus.load("viae", **options)
    state = game.new_initial_state()
    assert isinstance(state, ViaeState)
    out = [state.clone()]
    while not state.is_terminal() and len(out) < limit:
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else game.fuzz_choice(state, rng))
        out.append(state.clone())
    return out


def holder(state: ViaeState) -> int | None:
    k = next(i for i, c in enumerate(state.game.cards.deceptio) if c.id == MARKER)
    return next((s for s in range(state.game.num_players()) if state.hand_of(s)[k]), None)


def revealed(state: ViaeState) -> bool:
    return any(MARKER in str(a) and not str(a).startswith("deceptio") for a in state.history())


@pytest.mark.parametrize(("seed", "players"), [(s, p) for s in range(2) for p in (2, 3, 4, 5)])
def test_the_marker_never_reaches_another_seat(marked_cards: str, seed: int, players: int) -> None:
    held = 0
    for state in positions(seed, players, marked_cards, limit=400)[::15]:
        owner = holder(state)
        if owner is None or revealed(state):
            continue
        held += 1
        for seat in range(players):
            if seat != owner:
                assert leaks(state, seat, MARKER) == [], (seat, owner)
        assert MARKER not in json.dumps(state.view(None))
        assert "view" in leaks(state, owner, MARKER)  # the search can fail: the holder sees it
    assert held or seed  # the first seed's games deal the marker at some point


def test_another_seats_draw_reads_as_a_draw() -> None:
    state = positions(0, 3, limit=20)[-1]
    while not (state.is_chance_node() and str(state.chance_outcomes()[0][0]).startswith("deceptio")):
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    drawer = state.draws[0][1]
    card = state.chance_outcomes()[0][0]
    other = (drawer + 1) % 3
    assert state.action_to_string(card, drawer) == str(card)
    assert state.action_to_string(card, other) == f"{state.game.seats[drawer]} draws a Deceptio card"
    assert state.action_to_string(card, None) == str(card)


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 5)])
def test_resample_keeps_what_the_seat_knows(seed: int, players: int) -> None:
    rng = random.Random(seed)
    for state in positions(seed, players, limit=400)[::100]:
        for seat in range(players):
            check_resample(state, seat, rng)


def test_resample_draws_the_unseen_hands_anew() -> None:
    state = positions(5, 3, limit=200)[-1]
    hands = {tuple(state.resample(0, random.Random(s)).hand_of(1)) for s in range(20)}  # type: ignore[attr-defined]
    assert len(hands) > 3


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_seats_record_replays_to_a_state_it_cannot_tell_apart(players: int) -> None:
    state = positions(7, players, limit=400)[-1]
    for seat in range(players):
        record = to_record(state, seat)
        loaded = legatus.replay(json.loads(json.dumps(record)))
        assert loaded.view(seat) == state.view(seat)
        assert seat_actions(loaded, seat) == record["actions"]


def test_the_referees_record_replays_exactly() -> None:
    state = positions(8, 4)[-1]
    assert legatus.replay(to_record(state)).history() == state.history()


@pytest.mark.parametrize(("seed", "players"), [(11, 2), (12, 3), (13, 4), (14, 5)])
def test_resample_draws_from_the_state_itself(seed: int, players: int) -> None:  # V29, C47, V43
    # The direct draw (resample.redraw: no replay, the reshuffles followed on counts) decides in
    # whole games, through the reshuffles of the rounds' ends; what it draws keeps what the seat knows.
    rng = random.Random(seed)
    states = positions(seed, players, limit=100_000)
    for state in states[len(states) // 3::len(states) // 3]:
        for seat in range(players):
            drawn = redraw(state, seat, rng)
            assert drawn is not None
            assert is_consistent(state, seat, drawn) and drawn.view(seat) == state.view(seat)
            assert not drawn.game.invariants(drawn)


def test_a_states_redraw_plan_is_made_anew_after_each_action() -> None:  # V43, issue 35
    # redraw keeps its pass over the secret log on the state (plan_memo): the same object,
    # redrawn for a seat (twice: the second from the plan kept) and now and then for another
    # between the actions applied to it, is always drawn from its present history, never from
    # the plan of an earlier one.
    rng = random.Random(3)
    state = positions(3, 3, limit=1)[0]
    for step in range(250):
        for seat in (0, 0, 1) if step % 5 == 0 else (0, 0):
            drawn = redraw(state, seat, rng)
            assert drawn is not None and drawn.moves == state.moves
            assert is_consistent(state, seat, drawn) and drawn.view(seat) == state.view(seat)
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else state.game.fuzz_choice(state, rng))


def test_resample_fits_the_late_draws_of_a_heuristic_game() -> None:  # V29, C47, V43
    # Round 12 of a 4-player game the heuristic agents played (a server's agent was stopped
    # here once): seat2's input, drawn blindly (each card revealed given to a random earlier
    # draw), fitted about one world in fifty, and the replayed draws none. Drawn with the
    # reveals ahead in view it decides every time.
    record = json.loads((Path(__file__).parent / "records" / "late-draws-hard-to-fit.json").read_text())
    state = legatus.replay(record)
    assert isinstance(state, ViaeState) and state.round == 12 and state.current_player() == 1
    for seed in range(5):
        drawn = redraw(state, 1, random.Random(seed))
        assert drawn is not None
        assert is_consistent(state, 1, drawn) and drawn.view(1) == state.view(1)
        assert not drawn.game.invariants(drawn)


def claim_moments(count: int) -> list[ViaeState]:
    """The first ``count`` moments of seeded 5- and 4-player games at which a seat is asked to
    place a personal Mandatum that came true (``complete Mxx``, V40)."""
    found: list[ViaeState] = []
    for seed in range(40):
        for players in (5, 4):
            found += [s for s in positions(seed, players, limit=100_000) if s.stack and s.frame()[0] == Id.CLAIM]
            if len(found) >= count:
                return found[:count]
    raise AssertionError(f"only {len(found)} claims of a personal Mandatum in 80 games")


def test_v43_while_a_personal_mandatum_is_placed_the_others_resample_into_that_moment() -> None:
    # Every other seat sees phase Mandatum with the claimant to move, and not the card: its input
    # must be that moment (it was IV. Agere, another seat to move, or no world at all, issue 30),
    # drawn directly, the claimant's card among those the conquest made true.
    for state in claim_moments(3):
        claimant = state.frame()[1]
        for seat in range(state.game.num_players()):
            if seat == claimant:
                continue
            rng = random.Random(seat)
            check_resample(state, seat, rng)
            for _ in range(5):
                drawn = redraw(state, seat, rng)
                assert drawn is not None
                assert drawn.frame()[:2] == (Id.CLAIM, claimant) and drawn.view(seat) == state.view(seat)
                assert mandatum.is_true(drawn, drawn.frame()[2]) and drawn.frame()[2] in drawn.personal


def test_v40_v43_a_seats_record_saved_while_a_personal_mandatum_is_placed_loads_to_that_moment() -> None:
    # The actions alone do not say that a claim is under way (issue 30: every other seat's record
    # loaded to IV. Agere, another seat to move); the record's prompt does, and the draw gives the
    # claimant a card this conquest made true.
    for state in claim_moments(3):
        claimant = state.frame()[1]
        for seat in range(state.game.num_players()):
            record = json.loads(json.dumps(to_record(state, seat)))
            loaded = legatus.replay(record, random.Random(seat))
            assert isinstance(loaded, ViaeState) and loaded.frame()[:2] == (Id.CLAIM, claimant)
            assert loaded.view(seat) == state.view(seat) and seat_actions(loaded, seat) == record["actions"]


def test_v40_a_seats_record_saved_while_a_personal_mandatum_is_placed_loads_after_its_prompt_is_reworded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A seat's record keeps the decision's key, not the prompt's words (they held the prompt, so a
    # record saved at a question reworded later no longer loaded): with the claim's prompt
    # reworded, every seat's record still loads to the claim under way.
    state = claim_moments(1)[0]
    claimant = state.frame()[1]
    records = [json.loads(json.dumps(to_record(state, seat))) for seat in range(state.game.num_players())]
    assert all(r["decision"] == f"{state.game.seats[claimant]} at claim" for r in records)
    table = ViaeState.procedures
    reworded = dataclasses.replace(table.by_id[Id.CLAIM], prompt=lambda st: "Another wording.")
    monkeypatch.setattr(table, "by_id", table.by_id[:Id.CLAIM] + (reworded,) + table.by_id[Id.CLAIM + 1:])
    for seat, record in enumerate(records):
        loaded = legatus.replay(record, random.Random(seat))
        assert isinstance(loaded, ViaeState) and loaded.frame()[:2] == (Id.CLAIM, claimant)
        assert loaded.prompt() == "Another wording." and seat_actions(loaded, seat) == record["actions"]


def claims(state: ViaeState) -> int:
    return sum(f[0] == Id.CLAIM for f in state.stack)


def test_v40_v43_the_claims_after_the_one_on_top_are_drawn_anew(twin_cards: str) -> None:
    # A seat watching the first of several claims of one conquest knows neither the card nor how
    # many claims follow: each draw stacks them anew from the cards it deals, as the rules would
    # (the drawn history replays to the drawn stack), not as the true state holds them.
    for seed in range(10):
        moments = [s for s in positions(seed, 5, twin_cards, limit=100_000) if s.stack and s.frame()[0] == Id.CLAIM]
        if any(claims(s) > 1 for s in moments):
            break
    else:
        raise AssertionError("no conquest completed two personal Mandatum in 10 games")
    for state in moments:
        claimant, counts = state.frame()[1], set()
        for seat in range(5):
            for k in range(10 if seat != claimant else 0):
                drawn = redraw(state, seat, random.Random(k))
                assert drawn is not None and drawn.view(seat) == state.view(seat)
                assert legatus.replay(to_record(drawn)).stack == drawn.stack
                assert not drawn.game.invariants(drawn)
                counts.add(claims(drawn))
        assert claims(state) in counts and (claims(state) == 1 or len(counts) > 1)


def test_C48_V40_no_undo_hides_again_a_mandatum_the_others_saw_come_true() -> None:
    """Secrecy review: seat1's last die kept ('keep 1') took a city that made its personal
    Mandatum M05 come true; every seat saw the claim asked, then the card placed face up; seat1
    could undo both and keep another die, M05 secret again. The decision that ends a conquest
    (a claim follows or none: either tells the others about the personal cards) and the claim
    stop undo, as a Deceptio played face up does."""
    record = json.loads((Path(__file__).parent / "records" / "conquest-completes-a-personal-mandatum.json").read_text())
    session = Session(legatus.replay(record))
    state = session.state
    seat, other = state.current_player(), (state.current_player() + 1) % state.game.num_players()
    assert state.frame()[0] == Id.KEEP and state.rolls_left == 1
    session.apply(state.parse_action("keep 1"))
    assert session.state.view(other)["prompt"] == "seat1: place your completed Mandatum face up."
    assert not session.can_undo(seat)
    session.apply(session.state.parse_action("complete M05"))
    assert session.state.view(other)["players"][seat]["completed"] == ["M05"] and not session.can_undo(seat)
    first_keep = legatus.replay({**record, "actions": record["actions"][:-5]})  # the first die kept: undoable
    assert first_keep.frame()[0] == Id.KEEP and first_keep.rolls_left > 1
    assert not first_keep.reveals_information(first_keep.legal_actions()[0])
