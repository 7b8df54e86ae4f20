"""Set Up (C23–C26, V9, V36): the empty position, the random first turn order, the deals, and the
starting fort, marker and milestone of each player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, roll, step
from legatus.core.tuples import put

from ..decks import CASTRA, DECEPTIO, MANDATUM
from ..ids import Id
from . import chance

if TYPE_CHECKING:
    from ..state import ViaeState


def initial(st: ViaeState) -> None:
    """Set Up II–IV, VI, XII: round 1, resources and Legio; the rest is dealt by chance."""
    g = st.game
    n, t, b, c = g.num_players(), g.tracks, g.board, g.cards
    cities = len(b.city_ids)
    st.stack = ((Id.SETUP_ORDER,),)
    st.secret_chain = None
    st.order, st.spot = (), (-1,) * n
    st.denar, st.stone = [t.setup["denar"]] * n, [t.setup["stone"]] * n  # C23
    st.influence = [t.influence_start] * n
    st.legio, st.assigned = [t.setup["legio"]] * n, [0] * n  # C23: 5 Legio on the red slots
    st.scouts = [0] * (n * cities)
    st.officers, st.used = (-1,) * (2 * n), [0] * (2 * n)
    st.marker, st.prev = [-1] * n, [-1] * n
    st.control, st.hostility = [-1] * cities, [0] * cities
    st.road_owner = [-1] * len(b.roads)
    st.basilica = (-1,) * len(b.region_ids)  # type * cities + city, or -1
    st.hand = [0] * (n * len(c.deceptio))
    st.deck, st.discard = list(g.deceptio_counts), [0] * len(c.deceptio)
    st.castra, st.castra_pile, st.cycle_out = (-1,) * 3, (1,) * len(c.castra), ()
    st.fortuna_pile, st.fortuna_active, st.fortuna_discard = (1,) * len(c.fortuna), (), (0,) * len(c.fortuna)
    st.mandatum_pool, st.public = (1,) * len(c.mandatum), ()
    st.personal, st.completed = (-1,) * (2 * n), (-1,) * len(c.mandatum)
    st.played, st.dmods, st.draws, st.dice, st.kept = (0,) * n, (), [], (), ()
    st.forts, st.milestones = (t.supply["forts"],) * n, (t.supply["milestones"],) * n
    st.basilicas_left = (t.supply["forum"], t.supply["temple"], t.supply["quarry"])
    st.started = (0,) * n
    st.round, st.turn_i = 1, 0
    st.actions_used = st.in_roma = st.bought = st.must_conquer = 0
    st.target, st.rolls_left, st.adjust, st.rerolled = -1, 0, 0, 0
    st.last_round = st.ordo_i = st.stip_i = st.free_n = 0


def draw_order(st: ViaeState) -> None:
    """The first step: the random first turn order, then the deals."""
    st.goto(Id.SETUP_DEAL)
    st.call(Id.ORDER)


def order_outcomes(st: ViaeState) -> tuple[int, ...]:
    """Set Up V: the next place of the random first turn order, any seat not placed yet."""
    base = st.game.notation.base["order"]
    return tuple(base + s for s in range(st.game.num_players()) if s not in st.order)


def apply_order(st: ViaeState, action: int) -> None:
    st.order += (action - st.game.notation.base["order"],)
    n = st.game.num_players()
    if len(st.order) == n - 1:  # the last place is no draw
        st.order += (next(s for s in range(n) if s not in st.order),)
    if len(st.order) == n:
        for place, seat in enumerate(st.order):  # V9: markers on VIII, VII, … in the random order, unpaid
            st.spot = put(st.spot, seat, place)
        st.end()


def deal(st: ViaeState) -> None:
    """Set Up VII–X: three Castra cards face up (left to right), 2 Deceptio each and 1 more for the
    last player (C24, V36), the public Mandatum row (C25, V4), then 2 personal Mandatum each;
    then the start cities."""
    g = st.game
    st.goto(Id.SETUP_PLACE)
    st.draws.extend((CASTRA, slot) for slot in range(3))
    for _ in range(g.tracks.setup["deceptio"]):
        st.draws.extend((DECEPTIO, s) for s in st.order)
    st.draws.extend((DECEPTIO, st.order[-1]) for _ in range(g.tracks.setup["deceptio_last_player"]))
    st.draws.extend((MANDATUM, -1) for _ in range(g.public_count))
    for _ in range(g.tracks.setup["personal_mandatum"]):
        st.draws.extend((MANDATUM, s) for s in st.order)
    chance.begin_draws(st)


# --- Set Up XIII: start city and milestone, in turn order (C26, V36) ---------------------------

def place(st: ViaeState) -> None:
    """The step of Set Up XIII: the next player without a start city chooses one; when all have,
    the first round begins."""
    waiting = [s for s in st.order if not st.started[s]]
    if waiting:
        st.call(Id.START, waiting[0])
    else:
        st.goto(Id.ROUND_FORTUNA)


def start_cities(st: ViaeState) -> list[int]:
    b = st.game.board
    return [c for c in b.start_cities if st.control[c] < 0 and any(st.road_owner[r] < 0 for r in b.city_roads[c])]


def start_legal(st: ViaeState) -> tuple[int, ...]:
    base = st.game.notation.base["start"]
    return tuple(base + c for c in start_cities(st))


def apply_start(st: ViaeState, action: int) -> None:
    seat, city = st.frame()[1], action - st.game.notation.base["start"]
    st.control[city] = seat
    st.forts = put(st.forts, seat, st.forts[seat] - 1)
    st.marker[seat] = city
    st.goto(Id.MILESTONE, seat)


def milestone_legal(st: ViaeState) -> tuple[int, ...]:
    seat = st.frame()[1]
    b = st.game.board
    base = st.game.notation.base["milestone"]
    return tuple(base + r for r in b.city_roads[st.marker[seat]] if st.road_owner[r] < 0)


def apply_milestone(st: ViaeState, action: int) -> None:
    seat = st.frame()[1]
    st.road_owner[action - st.game.notation.base["milestone"]] = seat  # free (V36)
    st.milestones = put(st.milestones, seat, st.milestones[seat] - 1)
    st.started = put(st.started, seat, 1)
    st.end()


PROCEDURES: dict[int, Procedure[ViaeState]] = {
    Id.SETUP_ORDER: step("setup: the turn order", draw_order),
    Id.ORDER: roll("setup: first turn order", lambda st: "Draw the next place of the turn order.", order_outcomes,
                   apply_order),
    Id.SETUP_DEAL: step("setup: the deals", deal),
    Id.SETUP_PLACE: step("setup: the start cities", place),
    Id.START: Procedure("setup: start city", lambda st: st.frame()[1],
                        lambda st: f"{st.game.seats[st.frame()[1]]}: choose a start city in SPQR.",
                        start_legal, apply_start),
    Id.MILESTONE: Procedure("setup: milestone", lambda st: st.frame()[1],
                            lambda st: f"{st.game.seats[st.frame()[1]]}: place a milestone on a road at your city.",
                            milestone_legal, apply_milestone),
}
