"""Tally: the smallest game laid out as docs/api.md, "How to add a game", says a game is (a test
game). Two seats race to a target total: the seat to move adds 1 or 2, then rolls a die that
adds 1 to ``faces`` more; the first to reach ``target`` wins.

Its rooms, one module a role: ``game`` (the configuration), ``state`` (a position), ``ids`` and
``procedures`` (the turn structure, joined from ``rules/``, one module a chapter), ``notation``
(the action table), ``view``, ``text`` (the terminal's screen), ``observation`` (the tensor the
adapters read). It has no secrets, no board to draw, no bots of its own: those rooms it leaves
out, as the guide allows.
"""
