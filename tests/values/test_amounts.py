"""Percentages and money: every written form read, and what is neither."""

from __future__ import annotations

import pytest

from decisionloop.values.amounts import Money, read_money, read_percent


@pytest.mark.parametrize(
    ("text", "expected"),
    [("15%", 15), ("15 %", 15), ("2.5%", 2.5), ("15 percent", 15), ("15 per cent", 15), ("fifteen percent", 15)],
)
def test_read_percent(text: str, expected: float) -> None:
    assert read_percent(text) == expected


@pytest.mark.parametrize("text", ["15", "percent", "x%", "15 pct"])
def test_what_is_no_percentage(text: str) -> None:
    assert read_percent(text) is None


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        ("$86.40", 86.4, "USD"),
        ("$ 5", 5, "USD"),
        ("$1,200.50", 1200.5, "USD"),
        ("86.40 dollars", 86.4, "USD"),
        ("10 Dollars", 10, "USD"),
        ("€5", 5, "EUR"),
        ("5 EUR", 5, "EUR"),
        ("USD 20", 20, "USD"),
        ("£3 million", 3e6, "GBP"),
        ("$2M", 2e6, "USD"),
        ("€1.5bn", 1.5e9, "EUR"),
        ("$5k", 5000, "USD"),
        ("₹45 lakh", 4.5e6, "INR"),
        ("₹1.2 crores", 1.2e7, "INR"),
        ("5 pounds sterling", 5, "GBP"),
        ("¥300", 300, "JPY"),
    ],
)
def test_read_money(text: str, amount: float, currency: str) -> None:
    assert read_money(text) == Money(amount=amount, currency=currency)


@pytest.mark.parametrize("text", ["3 pounds", "5 eur", "86.40", "$", "EUR", "5 apples"])
def test_what_is_no_money(text: str) -> None:
    assert read_money(text) is None
