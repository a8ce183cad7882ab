"""Key bindings: Enter runs the line, unless a ``define`` block is still open (then it
starts a new line, the ptpython way); Escape-Enter always runs it; Tab completes."""
from __future__ import annotations

from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.key_processor import KeyPressEvent

from .commands import is_block_open


def make_bindings() -> KeyBindings:
    kb = KeyBindings()

    @kb.add("enter")
    def _enter(event: KeyPressEvent) -> None:
        buf = event.current_buffer
        state = buf.complete_state
        if state is not None and state.current_completion is not None:
            buf.apply_completion(state.current_completion)
            return
        if is_block_open(buf.text):
            buf.insert_text("\n")
            return
        buf.validate_and_handle()

    @kb.add("escape", "enter")
    def _force(event: KeyPressEvent) -> None:
        event.current_buffer.validate_and_handle()

    @kb.add("c-space")
    def _complete(event: KeyPressEvent) -> None:
        buf = event.current_buffer
        if buf.complete_state:
            buf.complete_next()
        else:
            buf.start_completion(select_first=False)

    return kb
