"""Value spans: numbers, percentages, money, codes, dimensions, e-mail, URLs and domains and quotations found, and each
read as its kind."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decisionloop.core.tool import SpanKind
from decisionloop.extract import extract
from decisionloop.extract._values import DOMAIN, EMAIL, URL, formulas
from decisionloop.values.amounts import read_money, read_percent
from decisionloop.values.numbers import read_number
from decisionloop.values.typed import read_value

NOW = datetime(2027, 2, 10, 9, 0)


def spans(goal: str, kind: SpanKind, observations: Sequence[str] = ()) -> list[str]:
    """The span texts of one kind extracted for a goal."""
    return [c.span for c in extract(goal, observations, now=NOW) if c.kind == kind]


@pytest.mark.parametrize(
    ("goal", "kind", "span"),
    [
        ("add 17 and 25 then multiply by 3", "number", "25"),
        ("Split 1,200 between us", "number", "1,200"),
        ("It dropped to -3.5 overnight", "number", "-3.5"),
        ("Revenue hit 3.5k", "number", "3.5k"),
        ("We have 1.2 million users", "number", "1.2 million"),
        ("Buy twelve eggs", "number", "twelve"),
        ("the angle of a clock's hands at 6:30 PM", "number", "6"),  # a time's hour and minutes, as the hands show
        ("the angle of a clock's hands at 6:30 PM", "number", "30"),
        ("Buy a dozen eggs", "number", "a dozen"),
        ("Buy half a dozen eggs", "number", "half a dozen"),
        ("It costs twenty-five", "number", "twenty-five"),
        ("Invite two hundred and five people", "number", "two hundred and five"),
        ("Sell three thousand shares", "number", "three thousand"),
        ("Order five and six", "number", "six"),
        ("A 15% tip", "percent", "15%"),
        ("A 15% tip", "number", "15"),
        ("Raise it by 15 percent", "percent", "15 percent"),
        ("Raise it by fifteen per cent", "percent", "fifteen per cent"),
        ("A tip on $86.40", "money", "$86.40"),
        ("That is 86.40 dollars", "money", "86.40 dollars"),
        ("Send €5 to Ana", "money", "€5"),
        ("Send 5 EUR to Ana", "money", "5 EUR"),
        ("Pay USD 20 now", "money", "USD 20"),
        ("They raised $2M", "money", "$2M"),
        ("Where is ABC-123?", "code", "ABC-123"),
        ("Close ticket #4521", "code", "#4521"),
        ("Track order 88231", "code", "88231"),
        ("Find the roots with coefficients a=1, b=-3, c=2.", "number", "-3"),
        ("Find the roots with coefficients a=1, b=-3, c=2.", "number", "2"),
        ("Solve where x = 2.5", "number", "2.5"),
        ("Its history till the 14th century", "number", "14"),
        ("The case docket numbered 2022/AL2562", "code", "2022/AL2562"),
        ("Predict car_price from the data", "code", "car_price"),
        ("Train it on the provided data my_data.", "code", "my_data"),
        ("Track order no. 88231", "code", "88231"),
        ("Ping 192.168.82.225 now", "code", "192.168.82.225"),
        ("Meet at 9:30", "date", "9:30"),
        ("Wake me at 6:45 a.m. sharp", "date", "6:45 a.m."),
        ("Call at 7 pm", "date", "7 pm"),
        ("Book it for 19:30:00", "date", "19:30:00"),
        ("Revert commit 3f2a9c1e", "code", "3f2a9c1e"),
        ("Read register 0x1F", "code", "0x1F"),
        ("Find ISBN 978-3-16-148410-0", "code", "978-3-16-148410-0"),
        ("Look up 550e8400-e29b-41d4-a716-446655440000", "code", "550e8400-e29b-41d4-a716-446655440000"),
        ("Mail ana.lopez+work@example.co.uk today", "email", "ana.lopez+work@example.co.uk"),
        ("Open https://example.com/a?b=1.", "url", "https://example.com/a?b=1"),
        ("Open www.example.org, then rest", "url", "www.example.org"),
        ("The recipe from Foodnetwork.com?", "url", "Foodnetwork.com"),
        ("News on bbc.co.uk.", "url", "bbc.co.uk"),
        ("A 2x2 contingency table", "code", "2x2"),  # dimensions, not a function of x
        ("Change the size to 12x18", "code", "12x18"),
        ('Search for "best pizza"', "quoted", "best pizza"),
        ("Search for “best pizza”", "quoted", "best pizza"),
        ("Search for 'Tom's diner' now", "quoted", "Tom's diner"),
        ("Search for ‘Tom’s diner’ now", "quoted", "Tom’s diner"),
        ("Send the message \"Don't forget to feed the cat.", "quoted", "Don't forget to feed the cat."),
        ('Get the ship with the ID "mXG99OxV0j.', "quoted", "mXG99OxV0j"),
        ("A program for teenagers aged 12-15 years in London", "quantity", "12-15 years"),
        ("Rest for 10 to 20 minutes", "quantity", "10 to 20 minutes"),
        ("Find the details of the case with docket number 123456", "code", "123456"),
        ("Find the intersection points of y=3x+2 and y=2x+3.", "code", "2x+3"),
        ("Calculate the derivative of the function 3x^2 + 2x - 1.", "code", "3x^2 + 2x - 1"),
        ("Integrate x**3 from 1 to 2", "code", "x**3"),
        ("Player stats for the 2019-2020 season", "code", "2019-2020"),
        ("Standings of the 2019-20 season", "code", "2019-20"),
    ],
)
def test_each_form_is_found(goal: str, kind: SpanKind, span: str) -> None:
    assert span in spans(goal, kind)


@pytest.mark.parametrize(
    ("goal", "kind", "absent"),
    [
        ("Meet on 2027-03-14", "number", "2027"),
        ("Meet on 2027-03-14", "number", "03"),
        ("Use v2 of it", "number", "2"),
        ("It weighs 3 pounds", "money", "3 pounds"),
        ("A one-off fee", "number", "one"),
        ("Climb K2", "code", "K2"),
        ("Play the MP3", "code", "MP3"),
        ("Sam's car and Ana's bike", "quoted", "s car and Ana"),
        ("Open page?id=1", "number", "1"),
        ("Open page?a=1&b=2", "number", "2"),
        ("Meet at 25:30", "date", "25:30"),
        ("The ratio 3:45:10 holds", "date", "45:10"),
        ("Meet on 2022/12/01", "code", "2022/12/01"),
        ("Read my_notes.txt", "code", "my_notes.txt"),
        ('He said "hi" and left', "quoted", 'hi" and left'),
        ('He said "hi" and "bye', "quoted", 'hi" and "bye'),
        ("Read pages 3-4 of it", "quantity", "3-4 of"),
        ("Evaluate it at x = 1", "code", "x"),
        ("What is 7 x 9", "code", "7 x 9"),  # a product, not dimensions
        ("Read my_notes.txt", "url", "my_notes.txt"),  # a file, not a site
        ("Book an x-ray", "code", "x-ray"),
        ("Scores from 2020-2019", "code", "2020-2019"),
    ],
)
def test_what_is_not_that_value(goal: str, kind: SpanKind, absent: str) -> None:
    assert absent not in spans(goal, kind)


# Pieces that make every value finder match, mixed at random below.
PIECES = (
    "15%", "15 percent", "$86.40", "86.40 dollars", "€5", "5 EUR", "USD 20", "$2M", "3.5k", "1.2 million", "-3.5",
    "1,200", "twenty-five", "a dozen", "half a dozen", "two hundred and five", "five and six", "ABC-123", "#4521",
    "order 88231", "0x1F", "3f2a9c1e", "978-3-16-148410-0", "ana@example.com", "https://example.com/x", '"quoted"',
    "'single'", "‘curly’", "«guillemets»", "2027-03-14", "9:30", "5km", "and", ",", ".", "-", " ", "x", "Paris",
)  # fmt: skip


def _formula(span: str) -> bool:
    """one function of a variable, as written (3x^2 + 2x - 1)"""
    return list(formulas(span)) == [(span, "code")]


_READERS: dict[str, Callable[[str], object]] = {
    "number": read_number,
    "percent": read_percent,
    "money": read_money,
    # one token, with a digit or, in snake_case (car_price), an underscore
    "code": lambda s: s if (s.split() == [s] and any(ch.isdigit() or ch == "_" for ch in s)) or _formula(s) else None,
    "email": EMAIL.fullmatch,
    "url": lambda s: URL.fullmatch(s) or DOMAIN.fullmatch(s),
    "quoted": lambda s: s.strip() or None,
}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES) | st.text(max_size=6), max_size=14).map(" ".join))
def test_every_value_span_found_reads_as_its_kind(text: str) -> None:
    for c in extract(text, [text], now=NOW):
        reader = _READERS.get(c.kind)
        assert reader is None or reader(c.span) is not None, (c.kind, c.span)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=10).map(" ".join))
def test_every_numeric_span_reads_as_a_number(text: str) -> None:
    for c in extract(text, [], now=NOW):
        if c.kind in ("number", "percent", "money"):
            assert read_value("number", c.span, today=date(2027, 2, 10)) is not None, c.span


@pytest.mark.parametrize(
    "text",
    [
        "a" * 100_000,
        "1," * 50_000,
        "A1-" * 30_000,
        "a." * 50_000 + "@",
        "'" + "x'y" * 30_000,
        "twenty " * 15_000,
        "#1" * 50_000,
        "https://" + "a" * 100_000,
        "order " * 15_000,
    ],
    ids=["letters", "commas", "ids", "dots", "apostrophes", "words", "hashes", "url", "id-words"],
)
def test_long_adversarial_texts_are_read(text: str) -> None:
    """Runs in a blink where a backtracking pattern would take minutes (no timing asserted: it would hang)."""
    extract("Read it", [text], now=NOW)
