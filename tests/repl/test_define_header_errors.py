"""``define`` reports a header typo at its word, in the validator and in the command."""
from __future__ import annotations

import pytest
from prompt_toolkit.document import Document
from prompt_toolkit.validation import ValidationError

from cardsmith.repl.commands import execute
from cardsmith.repl.session import Session
from cardsmith.repl.validator import ReplValidator

ZAP = 'define card "Zap" {\n  skill cryomancer  pips blue\n  cost 1 action  range 2\n  types attack\n' \
      '  deal 3 damage to target enemy\n}'


@pytest.mark.parametrize("good, bad, line, col", [
    ("pips blue", "pips blu", 2, 26), ("range 2", "rnage 2", 3, 18),
    ("cost 1 action", "cost 1 acton", 3, 10), ("skill cryomancer", "skill cryomancr", 2, 9),
])
def test_the_validator_puts_the_cursor_on_the_misspelt_word(good: str, bad: str, line: int, col: int) -> None:
    text = ZAP.replace(good, bad)
    session = Session()
    with pytest.raises(ValidationError) as info:
        ReplValidator(session).validate(Document(text))
    assert info.value.message.startswith(f"line {line}, column {col}: ")
    assert text[info.value.cursor_position:].startswith(bad.split()[-2 if bad.startswith("rnage") else -1])
    result = execute(session, text)
    assert not result.ok and f"define:{line}:{col}: " in result.text
    assert "Zap" not in session.library
