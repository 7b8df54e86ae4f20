"""When an agent's decision may reach the other seats, in a game with secrets (issue 30, point 1).

How long an agent takes tells what its seat holds: a search returns at once where one action is
legal, and what is legal depends on the hand (Hannibal's H27 question, VIAE's end of turn with or
without a playable card). So in a game with secrets every agent decision is held back until a
moment drawn independently of the state, later than the agent's longest decision: the other
seats see each decision after the same delay, whatever it was. A game without secrets is not
paced: its agents know nothing the board does not show.

Both shells (the web server, the terminal) time the decision with their own clock and call
:meth:`Pacing.hold`; agents so paced are bounded by the same ``agent_seconds``.

>>> import random
>>> pace = Pacing(least=2.5, spread=0.4)  # a search bounded at 2 s
>>> 2.5 <= pace.hold(0.0, random.Random(1)) <= 2.9
True
>>> pace.hold(3.0, random.Random(1))  # a decision past its moment is shown at once
0.0
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .game import Game, Information

OVERRUN = 0.2
"""A bounded search may run past its bound by its last simulation and the draw of its input (at
most 0.033 s past a 0.05 s bound measured): the release waits this share of the bound more…"""
SLACK = 0.1
"""…and these seconds, for a machine under load (a 0.13 s decision was seen at a 0.03 s bound)."""
QUICK_SECONDS = 0.5
"""The bound of an agent that does not search: over 4,000 decisions of VIAE's and Hannibal's
heuristics and random agents, input drawn, the longest took 0.52 s, 1 in 100 over 0.06 s."""
SPREAD, LEAST_SPREAD = 0.2, 0.1
"""The release is drawn over this share of the bound beyond the least delay, and at least these
seconds: a rare overrun within it shows nothing either, nor do the few milliseconds that showing
a move takes after its release (a write to the store), which depend on the move."""


@dataclass(frozen=True)
class Pacing:
    """The delay before an agent's decision is shown: ``least`` seconds, plus up to ``spread``."""

    least: float
    spread: float

    def hold(self, thought: float, rng: random.Random) -> float:
        """How much longer to wait, after a decision that took ``thought`` seconds, before the
        other seats may see it; ``rng`` draws the moment (never from the state)."""
        return max(0.0, self.least + self.spread * rng.random() - thought)


def pacing(game: Game, agent: object, agent_seconds: float) -> Pacing | None:
    """The pacing of ``agent``'s decisions in ``game``; None in a game without secrets. A search
    (an agent with a ``max_seconds``) is bounded by ``agent_seconds``; an agent that does not
    search (random, a game's heuristic), which no clock stops, by :data:`QUICK_SECONDS` at most."""
    if game.information is Information.PERFECT:
        return None
    # No clock stops an agent that does not search: its bound is its own, whatever agent_seconds is.
    bound = agent_seconds if getattr(agent, "max_seconds", None) is not None else QUICK_SECONDS
    return Pacing(bound * (1 + OVERRUN) + SLACK, max(bound * SPREAD, LEAST_SPREAD))
