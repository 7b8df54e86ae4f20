"""End of the Game (C49–C51, V41, V42): influence + 1 a city + 1 a Basilica + Mandatum bonuses;
ties go to the most cities, then the most Denar; a tie after that shares the win."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from legatus.core.procedures import Procedure, step

from ..ids import Id
from . import mandatum

if TYPE_CHECKING:
    from ..state import ViaeState


def basilicas_of(st: ViaeState, seat: int) -> int:
    basilica = st.basilica
    if basilica.count(-1) == len(basilica):  # none built yet: a third of a game
        return 0
    cities, control = len(st.game.board.city_ids), st.control
    return len([b for b in basilica if b >= 0 and control[b % cities] == seat])


def scores(st: ViaeState) -> list[int]:
    """C50 for every seat."""
    return [st.influence[s] + len(st.cities_of(s)) + basilicas_of(st, s) + mandatum.bonus(st, s)
            for s in range(st.game.num_players())]


def ranking_keys(st: ViaeState) -> list[tuple[int, int, int]]:
    """V42: score, then cities, then Denar."""
    return [(score, len(st.cities_of(s)), st.denar[s]) for s, score in enumerate(scores(st))]


def standings(st: ViaeState) -> list[dict[str, Any]]:
    """The seats from first to last (V42's order), each with its place (equal in a full tie), its
    score and what makes it up (C50), and the tie-breakers: all of it public."""
    g = st.game
    keys = ranking_keys(st)
    order = sorted(range(g.num_players()), key=lambda s: keys[s], reverse=True)
    return [{"seat": g.seats[s], "place": 1 + sum(1 for o in order if keys[o] > keys[s]), "score": keys[s][0],
             "influence": st.influence[s], "cities": keys[s][1], "basilicas": basilicas_of(st, s),
             "mandatum": mandatum.bonus(st, s), "denar": keys[s][2]} for s in order]


def after_agere(st: ViaeState) -> None:
    """The step after IV. Agere: the game ends after the round a Mandatum made the last, or after
    the last round (C49, C51, V41); else V. Epilogus."""
    if st.last_round or st.round >= st.game.tracks.rounds:
        st.stop()
    else:
        st.goto(Id.ROUND_EPILOGUS)


def returns(st: ViaeState) -> list[float]:
    n = st.game.num_players()
    if st.stack:
        return [0.0] * n
    keys = ranking_keys(st)
    best = max(keys)
    winners = [s for s in range(n) if keys[s] == best]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]


PROCEDURES: dict[int, Procedure[ViaeState]] = {Id.GAME_END: step("End of the Game: the check", after_agere)}
