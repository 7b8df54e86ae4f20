"""Issue 12: every rules item (H1-H136 of the rules brief) and every strategy card (#1-#64) is
named by a test in tests/hannibal, or is listed here as exempt with the reason.

A test names an item by ``h<N>`` in its function name or ``H<N>`` in its docstring or comments,
and a card by starting its name with ``test_<N>_`` or by ``#<N>`` in its docstring or comments
(``test_rule_ids.py`` checks it). The brief itself is not in the repository, so the list of
items is written out here.
"""

from __future__ import annotations

ITEMS = tuple(f"H{n}" for n in range(1, 137))
CARDS = tuple(f"#{n}" for n in range(1, 65))

EXEMPT: dict[str, str] = {
    "H1": "the brief's source key: a convention for citing sources, no rule",
    "H134": "the list of player-aid differences: each entry is tested under the item it names (LISTS)",
    "H135": "the list of ambiguities: each proposed ruling is tested under the item it names (LISTS)",
}

# The items the two summary lists point to: each must be named by a test.
LISTS: dict[str, tuple[str, ...]] = {
    "H134": ("H58", "H125", "H116", "H49", "H82", "H50", "H19", "H118", "H20"),
    "H135": ("H6", "H33", "H12", "H15", "H22", "H23", "H31", "H43", "H48", "H56", "H76", "H80", "H85", "H95",
             "H104", "H110", "H114", "H122", "H124", "H127", "H130", "H131", "H128"),
}
