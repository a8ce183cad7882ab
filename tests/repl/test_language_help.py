"""``help language`` / ``verbs`` / ``verb NAME`` / ``keywords`` / ``conditions`` / ``units``:
generated from each game's vocabulary, every example compiled by the game's compiler."""
from __future__ import annotations

import re

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from cardsmith.dsl.loader import compile_source
from cardsmith.repl import language_help
from cardsmith.repl.commands import execute
from cardsmith.repl.completer import ReplCompleter
from cardsmith.repl.session import Session
from cardsmith.runtime.core.registry import get_game

GAMES = ("ivion", "sylvion", "ikorr")


def card_with(game: str, body: str) -> str:
    head = language_help.header_of(game)
    assert head, f"no bundled {game} card header compiles with a plain effect"
    if body.startswith(language_help.FILE_LEVEL):
        return f'{language_help.example(game, body)}\ncard "Example" {{\n  {head}\n}}\n'
    return f'card "Example" {{\n  {head}\n  {body}\n}}\n'


@pytest.mark.parametrize("game", GAMES)
def test_every_verb_has_a_description_and_an_example_that_compiles(game: str) -> None:
    verbs = get_game(game).vocab.verbs
    missing = [name for name, v in verbs.items() if not v.describe(name).strip()]
    assert not missing, f"{game} verbs with no description (Verb.help): {missing}"
    for name, v in sorted(verbs.items()):
        example = v.example_for(name)
        assert example.split()[0] in (name, "you"), (name, example)   # 'you may expend ...'
        [card] = compile_source(card_with(game, example), game, f"<{name}>")
        steps = [n for n in card.effect if getattr(n, "verb", None) == name]
        steps += [s for n in card.effect for s in getattr(n, "then", ()) if getattr(s, "verb", None) == name]
        assert steps, f"{game} '{name}': its example {example!r} has no '{name}' step"


@pytest.mark.parametrize("game", GAMES)
def test_every_example_help_language_shows_compiles(game: str) -> None:
    text = language_help.show(game, ["language"])
    examples = [line.strip() for line in text.splitlines() if line.startswith("      ")]
    assert len(examples) >= 8
    for example in examples:
        compile_source(card_with(game, example), game, "<help>")
    # what the game lacks is said, not shown with an example that would not compile
    shown = {line.split(":")[0].strip() for line in text.splitlines() if line.startswith("  ") and
             not line.startswith("      ")}
    missing = re.search(r"not in \w+: (.*)", text)
    names = {name for name, _, _ in language_help.CONSTRUCTS}
    assert shown - {f"not in {game}"} | set(missing.group(1).split(", ") if missing else ()) == names


def test_each_construct_is_shown_for_some_game() -> None:
    shown = {line.split(":")[0].strip() for g in GAMES for line in language_help.show(g, ["language"]).splitlines()}
    assert {name for name, _, _ in language_help.CONSTRUCTS} <= shown


def test_help_verb_deal_gives_its_description_shape_and_example() -> None:
    s = Session()
    text = execute(s, "help verb deal").text
    assert text.splitlines() == [
        "deal: deal damage to a player or character (mitigate absorbs it first)",
        "shape:", "  amount: required (0..99)", "  units: damage", "  object: none",
        "  clauses: to (required: to)", "example:", "  deal 4 damage to target enemy"]


def test_help_verb_shows_the_nouns_it_accepts_and_its_range() -> None:
    text = language_help.show("ikorr", ["verb", "search"])
    assert "  object: required, naming card, champion, location, spell" in text
    assert "  amount: required (0..5)" in language_help.show("ivion", ["verb", "slow"])
    assert "slow: give a player slow Control tokens" in language_help.show("ivion", ["verb", "slow"])


@pytest.mark.parametrize("game", GAMES)
def test_the_word_lists_come_from_the_games_vocabulary(game: str) -> None:
    vocab = get_game(game).vocab
    verbs = language_help.show(game, ["verbs"])
    for name, v in vocab.verbs.items():
        assert re.search(rf"^  {re.escape(name)} +{re.escape(v.describe(name))}$", verbs, re.M), name
    keywords = language_help.show(game, ["keywords"])
    for name, kw in vocab.keywords.items():
        assert f"{name.replace('_', ' ')}" in keywords and kw.meaning in keywords
    conditions = language_help.show(game, ["conditions"])
    assert all(re.search(rf"^  {re.escape(c)} ", conditions, re.M) for c in vocab.conditions)
    units = language_help.show(game, ["units"])
    for name, v in vocab.verbs.items():
        for u in v.units:
            if u:
                assert re.search(rf"^  {re.escape(u)} +.*\b{re.escape(name)}\b", units, re.M), (u, name)


def test_unknown_topics_and_verbs_get_a_did_you_mean() -> None:
    s = Session()
    assert execute(s, "help verb dael").text == \
        "error: no verb 'dael' in ivion; did you mean 'deal'? (`help verbs` lists them)"
    assert not execute(s, "help verbz").ok
    assert "did you mean 'verbs'?" in execute(s, "help verbss").text
    assert "did you mean 'board'?" in execute(s, "help boadr").text


def test_help_and_help_define_point_to_the_topics() -> None:
    s = Session()
    assert "`help language`, `help verbs`, `help verb NAME`" in execute(s, "help").text
    assert "`help language`" in execute(s, "help define").text


def test_the_topics_follow_the_sessions_game() -> None:
    s = Session()
    execute(s, "new sylvion")
    if s.game_name != "sylvion":
        pytest.skip("the session did not switch game with 'new sylvion'")
    assert execute(s, "help verbs").text.startswith("sylvion verbs")
    assert "bloom" in execute(s, "help verbs").text


def test_help_arguments_are_completed() -> None:
    completer = ReplCompleter(Session())

    def texts(text: str) -> list[str]:
        doc = Document(text, len(text))
        return [c.text for c in completer.get_completions(doc, CompleteEvent(completion_requested=True))]

    assert {"verb", "verbs"} <= set(texts("help ver"))
    assert "language" in texts("help lan") and "board" in texts("help bo")
    assert texts("help verb de") == ["deal", "deny_initiative", "destroy"]


@pytest.mark.parametrize("game", GAMES)
def test_labels_say_what_they_mean(game: str) -> None:
    """A label prints as its own word ("Advantage: ..."), which tells a designer nothing
    about when it holds: `help conditions` must show its meaning instead."""
    labels = {n: w for n, w in get_game(game).vocab.conditions.items() if w.text == n.replace("_", " ").title()}
    for name, word in labels.items():
        assert word.help and word.help.casefold() != name, f"{game} label '{name}' has no meaning for help"
        assert f"{name}  " in language_help.show(game, ["conditions"]) and word.help in language_help.show(game, ["conditions"])
