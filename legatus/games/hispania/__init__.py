"""Hispania (Miguel Marqués, Draco Ideas): 1–3 Romans conquer Hispania against the game.

The rules live in :mod:`legatus.games.hispania.rules`, one module a chapter of the rulebook.
"""
