"""Tally's terminal screen: the totals against the target, and the prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import TallyState


def screen(st: TallyState) -> str:
    totals = ", ".join(f"{seat} {total}" for seat, total in zip(st.game.seats, st.totals, strict=True))
    return f"Tally to {st.game.target}: {totals}. {st.prompt()}"
