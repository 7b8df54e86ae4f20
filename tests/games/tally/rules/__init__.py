"""Tally's rules, one module a chapter of its (one-page) rulebook."""
