"""Hannibal: Rome vs Carthage (Mark Simonitch, Valley Games 2nd edition): the game's data.

The map, the tables and the cards are loaded from ``data/`` by :mod:`.map`, :mod:`.tables` and
:mod:`.cards`, each checked by its validator; :mod:`.components` checks them against each other.
The rules engine is not written yet, so the game is not registered.
"""
