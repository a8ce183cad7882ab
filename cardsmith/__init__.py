"""cardsmith: a card scripting language and rules sandbox for Ivion, Sylvion and Rush of Ikorr.

The import package maps the repository's top-level folders: ``cardsmith.dsl`` (the
language), ``cardsmith.runtime`` (the engine: ``core`` plus one package per game),
``cardsmith.repl`` (the sandbox) and ``cardsmith.cards`` (bundled card files).
"""
__version__ = "0.1.0"
