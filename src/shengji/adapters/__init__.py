"""Adapters to the tools game-AI researchers use: the observation tensor (``encoding``),
information-set resampling (``resample``), the OpenSpiel game ``python_shengji``
(``openspiel``) and the PettingZoo AEC environment (``pettingzoo``).

Nothing here is imported by ``import shengji``: ``openspiel`` and ``pettingzoo`` need their
libraries (the ``openspiel`` and ``pettingzoo`` extras).
"""
