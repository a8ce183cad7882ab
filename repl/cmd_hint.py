"""``hint``: the search AI's view of the pending decision, for the player who must make it.

A designer asks "what would a strong player do here?" and a judge "what is the best play?"
without handing the seat to the computer.  The search thinks as that player would (what
they can't see is re-dealt: ``runtime/core/search.py``), on copies of the game and with a
generator of its own, so a hint never changes the game, its undo history or an AI's seed.
"""
from __future__ import annotations

from cardsmith.runtime.core.ai import seed_for
from cardsmith.runtime.core.errors import CardsmithError, CommandError
from cardsmith.runtime.core.search import SearchAI, parse_budget

from .registry import Call, command
from .session import Session

TOP = 3


@command("hint", "hint [ITERATIONS|SECONDSs]", "the search AI's three best choices for whoever must decide",
         details="Each with its estimated win rate, how often the search tried it, and the line it "
                 "expects next.  It thinks as the deciding player would, re-dealing what they can't "
                 "see, and never changes the game.  `hint 800` thinks longer (iterations); `hint 2s` "
                 "for two seconds.  The numbers are the options' numbers in `legal`.",
         topic="inspect", records="no", examples=("hint", "hint 800", "hint 2s"))
def cmd_hint(session: Session, call: Call) -> str:
    if len(call.words) > 1:
        raise CommandError("hint [ITERATIONS|SECONDSs]: one budget at most (hint 800, hint 2s)")
    try:
        budget = parse_budget(call.words[0] if call.words else session.hint_budget)
    except CardsmithError as e:
        raise CommandError(str(e)) from None
    game = session.g
    if game.paused or game.state.over or game.pending is None:
        return session.status()
    state = game.state
    pending = game.pending
    names = [p.name for p in state.players]
    options = game.legal_actions()
    # seeded by the position, so the same hint comes back for the same position
    ai = SearchAI(seed_for(state.seed, 1000 + len(state.log)), budget)
    choices = ai.analyse(game, top=TOP)
    head = f"{names[pending.player]} to decide: {pending.prompt}"
    if not choices:
        return f"{head}\n  only one choice: {options[0]}"
    how = f"{budget.seconds:g} s, " if budget.seconds else ""
    lines = [f"{head}  (search: {how}{ai.last_iterations} iterations)"]
    for choice in choices:
        number = options.index(choice.action) + 1
        then = "; ".join(f"{names[p]}: {text}" for p, text in choice.line)
        lines.append(f"  {number}. {choice.action}  win {100 * choice.win_rate:.0f}%, "
                     f"{choice.visits} visits" + (f"; then {then}" if then else ""))
    return "\n".join(lines)
