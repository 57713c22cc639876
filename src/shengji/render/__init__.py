"""Text and HTML of the package's objects, in one place (issue 31): the game, the rules'
combinations, the analysis and ``shengji show`` all render through it.

* ``cards``: a card, a hand, a combination as HTML, the shared styles, a page;
* ``text``: the table as text (one seat's, the whole), and the lines text and HTML share
  (a hand by following-suit, the bids, the bidding's outcome);
* ``table``: the table as HTML (the whole, one seat's view, a trick, the result);
* ``reports``: the advice, a duel's summary, a run's result as HTML.

It reads the objects it is given (a ``HandState``, an ``Observation``, an ``Advice``...)
and imports none of their layers: it sits with the rules, below the game.
"""
