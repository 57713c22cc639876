# The drivers' agents, set up and torn down in one place: play_hands and play_match
# (hands.pyx), play_duel (duel.pyx), advise_hands (advise.pyx) and HandCore.match_hand
# (step/handcore.pyx) each hold a small array of Agents (bot.pxd: a bot, its parameters,
# its scratch), one per bot of the call, and a table seat -> agent.
#
#     cdef Agent agents[2]
#     try:
#         agents_init(agents, 2, (bot_x, bot_y))
#         ...                                  # the nogil loop, through seat tables
#     finally:
#         agents_free(agents, 2)
from libc.string cimport memset

from shengji._core.base.cards cimport N_SEATS, team
from shengji._core.bots.bot cimport Agent
from shengji._core.bots.registry cimport agent_free, agent_init


cdef inline int agents_init(Agent* agents, Py_ssize_t n, tuple bots) except -1:
    """agents[i] from bots[i] (a bot id or (id, parameters): agent_init), for
    i < n = len(bots).  All n are zeroed first, so agents_free(agents, n) is safe whatever
    raised (ValueError for an unknown bot or parameter, MemoryError): call it in a
    finally."""
    cdef Py_ssize_t i
    memset(agents, 0, n * sizeof(Agent))
    if len(bots) != n:
        raise ValueError(f"agents_init: {n} agents, {len(bots)} bots")
    for i in range(n):
        agent_init(&agents[i], bots[i])
    return 0


cdef inline void agents_free(Agent* agents, Py_ssize_t n) noexcept nogil:
    """Free the scratch of agents[0 .. n) (agents_init's; safe on zeroed agents)."""
    cdef Py_ssize_t i
    for i in range(n):
        agent_free(&agents[i])


cdef inline void seat_agents(Agent** out, Agent* banker_team_agent, Agent* other,
                             int banker_team) noexcept nogil:
    """Seat -> agent: banker_team_agent for the seats of team banker_team, other else."""
    cdef int s
    for s in range(N_SEATS):
        out[s] = banker_team_agent if team(s) == banker_team else other
