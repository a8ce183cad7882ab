"""Inputs for fuzzing every way in (card, deck, scenario and saved-game files, REPL lines)
and the one check each target makes, shared by the suite's fuzz tests and
``benchmarks/fuzz_inputs.py``.

A target tries one input and returns ``("refused", message)`` (one of our errors, the
state as before) or ``("accepted", "")`` (and the result survived being used); anything
else it raises is a crash.  Inputs are real ones (bundled cards, decks, scenarios, REPL
lines) changed the way a person or a program gets them wrong, with the grammar's and the
game's own words spliced in, so most of them get past the first check.
"""
