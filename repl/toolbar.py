"""What the bottom toolbar says, fitted to the terminal's width.

The parts come in order of importance: who must decide and what (or that resolution is
paused, or that the game is over), then the turn and phase, then automatic resolution,
then the players the computer plays.  When the line is too wide the least important parts
go first; the decision itself is shortened last, and keeps who decides and how many
options there are.  No terminal here: ``fit`` takes the width, so tests ask for any.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from prompt_toolkit.utils import get_cwidth

if TYPE_CHECKING:
    from .session import Session

SEP = " · "
MORE = "…"


@dataclass(frozen=True)
class Part:
    """One piece of the toolbar: ``head`` and ``tail`` always stay, ``body`` may be cut;
    ``short`` is the piece in fewer words, used before the decision is cut."""
    head: str
    body: str = ""
    tail: str = ""
    key: bool = False        # drawn in the highlight style
    short: str = ""

    @property
    def text(self) -> str:
        return self.head + self.body + self.tail


#: the decision keeps at least this much of its words before the turn number goes
KEEP = 20


def width_of(text: str) -> int:
    return sum(get_cwidth(ch) for ch in text)


def cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns, ending in an ellipsis when something was cut."""
    if width_of(text) <= width:
        return text
    out, used = [], 0
    for ch in text:
        w = get_cwidth(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out).rstrip() + MORE if width > 0 else ""


def total(parts: list[Part]) -> int:
    return sum(width_of(p.text) for p in parts) + width_of(SEP) * (len(parts) - 1)


def fit(parts: list[Part], width: int) -> list[Part]:
    """The parts that fit in ``width`` columns.  Least important first: drop parts from the
    end down to the second, say the second in short, cut the first's words (keeping
    ``KEEP`` of them), drop the second, cut the first to the width."""
    parts = list(parts)
    while len(parts) > 2 and total(parts) > width:
        parts.pop()
    if len(parts) == 2 and total(parts) > width and parts[1].short:
        parts[1] = Part(parts[1].short, key=parts[1].key)
    if total(parts) <= width:
        return parts
    first = parts[0]
    room = width - total(parts) + width_of(first.body)
    if len(parts) > 1 and room < min(width_of(first.body), KEEP):
        parts = parts[:1]
        room = width - width_of(first.head) - width_of(first.tail)
    if room >= 1:
        return [Part(first.head, cut(first.body, room), first.tail, first.key), *parts[1:]]
    return [Part(cut(first.text, width), key=first.key)]


def decision(session: "Session") -> Part:
    """Who must do what now: the most important part."""
    game = session.g
    st = game.state
    if st.over:
        return Part("game over: ", st.result, key=True)
    if game.paused:
        nxt = session.view.next_to_resolve(game) or game.paused
        return Part("paused before ", nxt, ": step or resolve", key=True)
    pending = game.pending
    if pending is None:
        return Part("nothing to decide", key=True)
    who = st.players[pending.player].name
    ai = session.ai.get(pending.player)
    if ai is not None:
        return Part(f"{who} ({ai.spec} AI) is deciding: ", pending.prompt, key=True)
    prompt = pending.prompt
    head = "" if prompt.startswith(who) else f"{who}: "
    n = len(pending.options)
    return Part(head, prompt, f" ({n} option{'s' if n != 1 else ''})", key=True)


def parts(session: "Session") -> list[Part]:
    """Every part, most important first."""
    if session.game is None:
        return [Part("no game: `new` starts one", key=True)]
    st = session.g.state
    active = st.players[st.active].name if 0 <= st.active < len(st.players) else "-"
    out = [decision(session), Part(f"turn {st.turn}: {active}" + (f" ({st.phase})" if st.phase else ""),
                                   short=f"turn {st.turn}")]
    out.append(Part("auto on" if session.auto else "auto off"))
    out += [Part(f"{st.players[i].name}: {ai.spec} AI") for i, ai in sorted(session.ai.items())]
    return out


def define_error(line: int, col: int) -> list[Part]:
    """While a ``define`` block that didn't compile waits in the buffer (the line above the
    toolbar says what is wrong; the cursor is on it)."""
    return [Part("card not defined: ", f"line {line}, column {col} (at the cursor)", key=True),
            Part("fix it, then Enter"), Part("Ctrl-C drops it")]
