"""Card names at the start of typed words that name no card, for every command and script
line that takes a card: an error naming everything the person meant as the name, with
the closest card's name.  (The run of words that names a card is
``CardLibrary.name_words``.)

Only as many leading words are tried as the longest card name has
(``CardLibrary.most_name_words``), so a line's length never matters (trying every prefix
of a 30,000-word line took tens of seconds)."""
from __future__ import annotations

import difflib
from typing import Any, Collection, Iterable

CLOSE = 0.6          # how alike a typed name and a card's must be for a did-you-mean


def unknown_card(library: Any, words: list[str], ends: Collection[str] = (),
                 names: Iterable[str] | None = None) -> str:
    """``unknown card 'NAME'; did you mean 'CARD'?`` for words that name no card.

    NAME is what the person meant as a card: the words before the first of ``ends`` (the
    words a command takes after a card: ``into``, a player's name; compared casefolded),
    or else the run of leading words most like a card's name (one word longer than the
    longest name at most), or all of them when none is close.  ``names`` are the names to
    suggest from (all of the library's by default)."""
    window = words[:library.most_name_words + 1]
    folded_ends = {e.casefold() for e in ends}
    cut = next((i for i, w in enumerate(window) if w.casefold() in folded_ends), None)
    if cut:
        window = window[:cut]
    by_fold = {n.casefold(): n for n in (library.names() if names is None else names)}
    best, best_score, meant = "", (False, 0.0, 0), " ".join(window)
    for k in range(1, len(window) + 1):
        typed = " ".join(window[:k]).casefold()
        close = difflib.get_close_matches(typed, list(by_fold), n=1, cutoff=CLOSE)
        if not close:
            continue
        # a run as many words long as the name it is like wins over a closer one that isn't
        # ("Warrior's Slash" is Warrior's Strike misspelt, "Icebolts bob" is not a name)
        score = (len(typed.split()) == len(close[0].split()),
                 difflib.SequenceMatcher(None, typed, close[0]).ratio(), k)
        if score > best_score:
            best, best_score = by_fold[close[0]], score
            if cut is None:
                meant = " ".join(window[:k])
    hint = f"; did you mean '{best}'?" if best else ""
    return f"unknown card '{meant}'{hint}"
