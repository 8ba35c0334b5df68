"""Typed values: each form read as each slot type, what does not read, and canonical text reading back the same."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decisionloop.core.tool import SlotType
from decisionloop.values.dates import Duration
from decisionloop.values.typed import canonical, read_value

TODAY = date(2026, 12, 1)


@pytest.mark.parametrize(
    ("kind", "text", "value", "written"),
    [
        ("integer", "twelve", 12, "12"),
        ("integer", "a dozen", 12, "12"),
        ("integer", "1,200", 1200, "1200"),
        ("integer", "3.5k", 3500, "3500"),
        ("integer", "15%", 15, "15"),  # an integer cannot take the fraction, so a percentage is its whole number
        ("integer", "$2000", 2000, "2000"),
        ("number", "-3.5", -3.5, "-3.5"),
        ("number", "1.2 million", 1_200_000.0, "1200000"),
        ("number", "15%", 0.15, "0.15"),  # as BFCL's rates and yields want it
        ("number", "fifteen percent", 0.15, "0.15"),
        ("number", "$86.40", 86.4, "86.4"),
        ("number", "86.40 dollars", 86.4, "86.4"),
        ("number", "5 km", 5.0, "5"),
        ("number", "2m", 2.0, "2"),  # 2 metres, never 2 million
        ("boolean", "Yes", True, "true"),
        ("boolean", "disabled", False, "false"),
        ("quantity", "3.5 pounds", (3.5, "pound"), "3.5 pound"),
        ("quantity", "100°F", (100.0, "degree_Fahrenheit"), "100 degree_Fahrenheit"),
        ("quantity", "five miles", (5.0, "mile"), "5 mile"),
        ("quantity", "60 km/h", (60.0, "kilometer / hour"), "60 kilometer / hour"),
        ("date", "2027-03-14", date(2027, 3, 14), "2027-03-14"),
        ("duration", "2 weeks", Duration(parts=((2, "week"),)), "2 weeks"),
        ("string", " ABC-123 ", "ABC-123", "ABC-123"),
    ],
)
def test_each_form_reads_as_the_type(kind: SlotType, text: str, value: object, written: str) -> None:
    assert read_value(kind, text, today=TODAY) == value
    assert canonical(kind, text, today=TODAY) == written


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("integer", "2.5"),
        ("integer", "$86.40"),
        ("integer", "Paris"),
        ("number", "five twenty"),
        ("number", "5 apples"),
        ("boolean", "maybe"),
        ("quantity", "5 apples"),
        ("quantity", "5 percent"),
        ("quantity", "12"),
        ("date", "soon"),
    ],
)
def test_what_does_not_read_as_the_type(kind: SlotType, text: str) -> None:
    assert read_value(kind, text, today=TODAY) is None
    assert canonical(kind, text, today=TODAY) is None


@pytest.mark.parametrize(
    ("item", "text", "value", "written"),
    [
        ("number", "1,200 and 3,400", [1200.0, 3400.0], "[1200, 3400]"),
        ("integer", "[200,300,400,500]", [200, 300, 400, 500], "[200, 300, 400, 500]"),
        ("integer", "200, 300", [200, 300], "[200, 300]"),
        ("integer", "two hundred and five, three", [205, 3], "[205, 3]"),
        ("string", "Paris, London and Rome", ["Paris", "London", "Rome"], '["Paris", "London", "Rome"]'),
        ("string", "S&P 500 and the Dow Jones", ["S&P 500", "Dow Jones"], '["S&P 500", "Dow Jones"]'),
        ("string", "The Hague or the Louvre", ["The Hague", "Louvre"], '["The Hague", "Louvre"]'),
        ("boolean", "yes, no", [True, False], "[true, false]"),
        ("duration", "2 weeks; 3 days", [Duration(parts=((2, "week"),)), Duration(parts=((3, "day"),))],
         '["2 weeks", "3 days"]'),
    ],
)  # fmt: skip
def test_lists_split_at_commas_but_not_in_thousands(item: SlotType, text: str, value: object, written: str) -> None:
    assert read_value("list", text, today=TODAY, item=item) == value
    assert canonical("list", text, today=TODAY, item=item) == written


def test_a_list_with_an_item_that_does_not_read_is_no_list() -> None:
    assert read_value("list", "3, four, Paris", today=TODAY, item="integer") is None


_NUMBERS = st.one_of(
    st.integers(min_value=-(10**9), max_value=10**9).map(lambda n: f"{n:,}"),
    st.floats(min_value=-1e9, max_value=1e9, allow_nan=False).map(repr),
    st.integers(min_value=0, max_value=10**6).map(lambda n: f"{n / 10:g}%"),
    st.integers(min_value=0, max_value=10**6).map(lambda n: f"${n / 100:,.2f}"),
    st.sampled_from(["twelve", "a dozen", "3.5k", "1.2 million", "two hundred and five", "5 km", "100°F"]),
)


@given(_NUMBERS, st.sampled_from(["integer", "number"]))
def test_canonical_reads_back_to_the_same_number(text: str, kind: SlotType) -> None:
    written = canonical(kind, text, today=TODAY)
    if written is not None:
        assert read_value(kind, written, today=TODAY) == read_value(kind, text, today=TODAY)


@given(st.lists(_NUMBERS, min_size=1, max_size=5), st.sampled_from(["integer", "number"]))
def test_canonical_lists_read_back_to_the_same_list(items: list[str], item: SlotType) -> None:
    text = "; ".join(items)
    written = canonical("list", text, today=TODAY, item=item)
    if written is not None:
        assert read_value("list", written, today=TODAY, item=item) == read_value("list", text, today=TODAY, item=item)


@given(st.sampled_from(["3.5 pounds", "100°F", "20 degrees Celsius", "60 km/h", "5km", "90°", "two feet"]))
def test_canonical_quantities_read_back_to_the_same_quantity(text: str) -> None:
    written = canonical("quantity", text, today=TODAY)
    assert written is not None
    assert read_value("quantity", written, today=TODAY) == read_value("quantity", text, today=TODAY)
