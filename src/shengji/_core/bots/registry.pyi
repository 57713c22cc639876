"""The registry of the bots of the bot table and the agents (compiled).  See registry.pyx;
its C API is registry.pxd (bot_get, agent_init, agent_free, agent_choose)."""

BOT_NAMES: tuple[str, ...]  # the bot table's names, in its order (the bots' ids)
OBJECTIVES: tuple[str, ...]  # ("points", "levels"), derived from Objective
PARAM_FIELDS: tuple[str, ...]  # BotParams' fields (params.pxd), as the table names them
ROLLOUT_BOTS: tuple[str, ...]  # the bots a search bot may play its samples out with

def n_bots() -> int: ...
def _register() -> None: ...
