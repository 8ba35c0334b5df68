"""What reading costs: the budget on a long text, tokenising once, and the linear stand-ins for quadratic matchers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decisionloop.extract import _names, _numbers, _phrases, extract
from decisionloop.extract._budget import HEAD_CHARS, TAIL_CHARS, pieces
from decisionloop.extract._text import NUM, NUM_START, Token, tokens

NOW = datetime(2027, 2, 10, 9, 0)
FILLER = "the weather stays mild and dry with light wind "


def _spans(goal: str, observations: list[str], kind: str) -> list[str]:
    return [c.span for c in extract(goal, observations, now=NOW) if c.kind == kind]


# --- the budget ----------------------------------------------------------------------------------------------


def test_a_text_within_the_budget_is_read_whole() -> None:
    text = "x " * ((HEAD_CHARS + TAIL_CHARS) // 2)
    assert pieces(text) == (text,)


def test_a_longer_text_is_read_by_its_start_and_end_cut_between_words() -> None:
    text = " ".join(f"w{i}" for i in range(5_000))
    head, tail = pieces(text)
    assert len(head) <= HEAD_CHARS
    assert len(tail) <= TAIL_CHARS
    assert text.startswith(head)
    assert text.endswith(tail)
    assert {head.split()[-1], tail.split()[0]} <= set(text.split())


def test_a_word_longer_than_the_slack_is_cut_where_the_budget_ends() -> None:
    head, tail = pieces("a" * 20_000)
    assert (len(head), len(tail)) == (HEAD_CHARS, TAIL_CHARS)


def test_a_long_observation_offers_what_its_start_and_end_say_not_its_middle() -> None:
    middle = FILLER * 200  # about 9,600 characters
    observation = f"Lisbon is sunny. {middle} Madrid is cloudy. {middle} Porto is rainy."
    places = _spans("Where is it sunny?", [observation], "place")
    assert {"Lisbon", "Porto"} <= set(places)
    assert "Madrid" not in places


def test_a_long_goal_is_read_within_the_same_budget() -> None:
    goal = f"Weather in Oslo {FILLER * 200} and in Bergen {FILLER * 200} or in Tromso"
    places = _spans(goal, [], "place")
    assert {"Oslo", "Tromso"} <= set(places)
    assert "Bergen" not in places


# --- linear work ---------------------------------------------------------------------------------------------


def _count_tokenised(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Patch the finders' tokeniser to record the length of every text it is given."""
    lengths: list[int] = []

    def counting(text: str) -> list[Token]:
        lengths.append(len(text))
        return tokens(text)

    monkeypatch.setattr(_phrases, "tokens", counting)
    monkeypatch.setattr(_names, "tokens", counting)
    return lengths


@pytest.mark.parametrize("repeats", [20, 60])
def test_each_text_is_tokenised_a_fixed_number_of_times_however_many_topics_it_has(
    monkeypatch: pytest.MonkeyPatch, repeats: int
) -> None:
    # Each "what is" and "read about" introduces a topic; reading each one's rest again made the work grow with
    # the square of the text (a 38 KB goal took 93 s).
    text = f"Batch {repeats}. " + "What is the Eiffel Tower? Read about Lisbon and Porto. " * repeats
    lengths = _count_tokenised(monkeypatch)
    extract(text, [], now=NOW)
    assert sum(lengths) <= 3 * len(text)  # names, nouns and topics: once each


def test_a_long_run_of_nouns_raises_nothing() -> None:
    # Each noun that can also be an adjective ("green") made the chunker recurse once: RecursionError.
    assert "green green green green" in _spans("green " * 3_000, [], "noun")


def test_a_long_run_of_capitalised_function_words_is_trimmed() -> None:
    assert _spans("The " * 1_900 + "Acme Corporation", [], "org") == ["Acme Corporation"]


# --- linear stand-ins, checked against the matchers they replace ---------------------------------------------

# The patterns as they were before their start guards (see _numbers._CHAIN_START and the third of _HOLES).
_N = _numbers
_OLD_TIGHT = re.compile(
    rf"(?i){NUM_START}{_N._OPERAND}(?:(?:\s*[-+*/^×÷]\s*|\s+(?:{_N._OP_WORD})\s+){_N._OPERAND})+(?![\w.])"
)
_OLD_SPACED = re.compile(
    rf"(?i){NUM_START}{_N._OPERAND}(?:(?:\s+[-+*/^×÷]\s+|\s+(?:{_N._OP_WORD})\s+){_N._OPERAND})+(?![\w.])"
)
_OLD_NAMED_OPERAND = re.compile(rf"(?i)(\D+?)\s+({_N._OP_NAME})\s+({NUM})(?![\w.])")


def _texts(pieces: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=30).map("".join)


def _found(matches: Iterator[re.Match[str]]) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in matches]


_WRITING = ["write", "Put", "save", "append", " ", "  ", "\n", " \n ", "to", "into", "in", "the", "file", "a.txt"]
_WRITING += ["x", "b.", ".md", "ok", "input", "'"]


@settings(max_examples=500, deadline=None)
@given(text=_texts(_WRITING))
def test_write_clauses_are_found_as_the_pattern_finds_them(text: str) -> None:
    assert _found(_phrases._writes(text)) == _found(_phrases._WRITE.finditer(text))


@settings(max_examples=500, deadline=None)
@given(text=_texts(["(", "((", ")", "1", "2,500", "3.5", "-", "+", " ", "x", " times ", "a", ".", ",", "/", "(-"]))
def test_arithmetic_chains_are_the_ones_found_from_every_start(text: str) -> None:
    assert _found(_numbers._TIGHT.finditer(text)) == _found(_OLD_TIGHT.finditer(text))
    assert _found(_numbers._SPACED.finditer(text)) == _found(_OLD_SPACED.finditer(text))


@settings(max_examples=500, deadline=None)
@given(text=_texts(["a", " ", "\n", "1", "2", " plus ", " times ", "  ", "x", ".", " minus ", "divided by", "Times"]))
def test_named_operands_are_the_ones_found_from_every_start(text: str) -> None:
    pattern = _numbers._HOLES[2][0]
    assert _found(pattern.finditer(text)) == _found(_OLD_NAMED_OPERAND.finditer(text))


def test_amounts_are_ranked_by_the_nearest_hint_word_before_them() -> None:
    observation = "Population: 2,100. Area 47 km². The population grew by nearly 3 percent; population density 5,000"
    assert _numbers._amounts(observation, "the population of Lyon") == ["2,100", "5,000", "47"]
