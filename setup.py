"""Packages are found, not listed: a new subpackage (a game, a part of the REPL) can't drop
out of the wheel because nobody added it to a list. The folders at the top of the checkout
are the ``cardsmith`` package's parts (pyproject.toml's ``package-dir`` maps them); each part's
subpackages are found under it. Everything else is in pyproject.toml."""
from setuptools import find_packages, setup

#: the package each top-level folder is
PARTS = {"cardsmith": "cardsmith", "cardsmith.dsl": "dsl", "cardsmith.runtime": "runtime",
         "cardsmith.repl": "repl", "cardsmith.cards": "cards"}

setup(
    package_dir=PARTS,
    packages=[*PARTS, *(f"{name}.{sub}" for name, folder in PARTS.items()
                        for sub in find_packages(folder))],
)
