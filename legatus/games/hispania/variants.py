"""The seven variants (rulebook "Game Variants"; R22–R28), as a game option.

``variants=["ingenivm", "terror"]`` or ``--variants ingenivm,terror``; any combination.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from legatus.core.errors import OptionError

INGENIVM, IMPERIVM, PROCONSVL, LEGIO, PIRATES, TERROR, HISPANO = (
    "ingenivm", "imperivm", "proconsvl", "legio-hispana", "pirates", "terror", "hispano")
VARIANTS = (INGENIVM, IMPERIVM, PROCONSVL, LEGIO, PIRATES, TERROR, HISPANO)  # rulebook order
TITLES = {INGENIVM: "Ingenivm", IMPERIVM: "Imperivm", PROCONSVL: "Proconsvl", LEGIO: "Legio Hispana",
          PIRATES: "Pirates", TERROR: "Terror", HISPANO: "Hispano"}
_ALIASES = {"ingenium": INGENIVM, "imperium": IMPERIVM, "proconsul": PROCONSVL, "legio": LEGIO,
            "legio hispana": LEGIO, "legio_hispana": LEGIO}


def parse_variants(value: Any) -> tuple[str, ...]:
    """The variants named by ``value`` (a list, or a comma-separated string), in rulebook order."""
    if value is None:
        return ()
    names: Iterable[Any] = value.split(",") if isinstance(value, str) else value
    if not isinstance(names, (list, tuple, set, frozenset)) and not isinstance(value, str):
        raise OptionError(f"variants {value!r} must be a list of variant names: {', '.join(VARIANTS)}")
    chosen = set()
    for name in names:
        key = str(name).strip().lower()
        if not key:
            continue
        key = _ALIASES.get(key, key)
        if key not in VARIANTS:
            raise OptionError(f"unknown variant '{str(name).strip()}'; variants: {', '.join(VARIANTS)}")
        chosen.add(key)
    return tuple(v for v in VARIANTS if v in chosen)
