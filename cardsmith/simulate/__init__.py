"""``cardsmith simulate``: thousands of seeded AI games of one game, with honest intervals.

A run is a list of *arms* (one ``setup.Spec`` each: a game, its decks, options and AI),
every arm playing the same numbered games (``jobs``: game ``i``'s seed comes from the run's
seed and ``i // 2``; odd games swap the seats; a game without sides, Sylvion, deals each
game afresh), so any two arms are compared on the same seeds.  Workers (``pool``: in-process, local processes or a Dask cluster) play chunks of
games and send back one small plain-data summary per game (``worker``); the parent files
them by game number (``tally``), so the results do not depend on how many workers played
them, nor in which order they finished.  ``stats`` holds the intervals and tests (from
scipy.stats), ``report`` the table, JSON and CSV, ``run`` the loop with its progress bar,
``command`` the subcommand's flags.
"""
