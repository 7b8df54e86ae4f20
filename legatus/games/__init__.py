"""The games legatus plays, registered by name (imported only when loaded)."""

from legatus.core.registry import register, register_from_environment

register("hispania", "legatus.games.hispania.game:HispaniaGame")
register("viae", "legatus.games.viae.game:ViaeGame")
register("hannibal", "legatus.games.hannibal.game:HannibalGame")
register_from_environment()
