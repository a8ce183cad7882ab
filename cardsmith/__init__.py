"""cardsmith: a card scripting language and rules sandbox for Ivion, Sylvion and Rush of Ikorr.

The import package maps the repository's top-level folders: ``cardsmith.dsl`` (the
language), ``cardsmith.runtime`` (the engine: ``core`` plus one package per game),
``cardsmith.repl`` (the sandbox) and ``cardsmith.cards`` (bundled card files).
"""
__version__ = "0.1.0"

#: the game ``cardsmith`` opens its REPL on with no arguments, and ``cardsmith play`` plays
#: when no game is named (the one place that names it)
DEFAULT_GAME = "ivion"

import os as _os

if _os.environ.get("CARDSMITH_COMPILED"):
    # opt-in: the runtime built by 'cardsmith compile', used only for modules whose source
    # is unchanged since the build (see cardsmith/compiled.py); without the variable,
    # nothing is imported, hashed or installed
    from cardsmith import compiled as _compiled
    if _compiled.wanted():
        _compiled.install()
del _os
