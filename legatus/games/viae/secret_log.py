"""The entries of ``ViaeState.secret_log`` (the moves of the secret cards), packed in one integer
each: written by the state, read by :mod:`.resample`, which must not import the state."""

from __future__ import annotations


def log_entry(index: int, round_: int, seat: int) -> int:
    """One entry of ``ViaeState.secret_log``: a history index, the round then, the seat (-1: none)."""
    return (index << 10) | (round_ << 4) | (seat + 1)


def read_entry(entry: int) -> tuple[int, int, int]:
    """``(index, round, seat)`` of a ``secret_log`` entry."""
    return entry >> 10, (entry >> 4) & 63, (entry & 15) - 1
