"""What a seat sees of Tally: everything (it has no secrets)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import TallyState


def view(st: TallyState, seat: int | None) -> dict[str, Any]:
    over = st.is_terminal()
    return {
        "seat": None if seat is None else st.game.seats[seat],
        "totals": dict(zip(st.game.seats, st.totals, strict=True)),
        "target": st.game.target,
        "to_move": None if over else st.seat_name(st.current_player()),
        "legal_actions": [str(a) for a in st.legal_actions()] if seat == st.current_player() else [],
        "returns": st.returns() if over else None,
    }
