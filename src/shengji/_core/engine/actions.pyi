"""The step encoding of decisions (compiled): its action numbers.  See actions.pxd."""

ACTION_PLAY: int  # 108: play the lead chosen so far (0..107 choose that card id)
N_PLAY_ACTIONS: int  # 109
