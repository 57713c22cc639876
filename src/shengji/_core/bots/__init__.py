"""bots: the bot interface and registry (bot) and the built-in bots: random, greedy, memory,
pimc, with the pimc sampler of hidden cards (sampler)."""
