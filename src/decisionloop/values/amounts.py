"""Percentages and sums of money: their written forms ("15%", "15 percent", "$86.40", "5 EUR") and reading them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from decisionloop.values.numbers import DIGITS, SCALE_WORDS, SPELLED, read_number

# "15%", "15 %", "15 percent", "15 per cent", "fifteen percent".
PERCENT = rf"(?:{DIGITS})\s?%|(?:{DIGITS}|{SPELLED})\s+(?:percent|per\s+cent)\b"
_PERCENT = re.compile(rf"({DIGITS}|{SPELLED})\s*(?:%|percent|per cent)", re.IGNORECASE)

# The signs that name one currency each. "$" is the US dollar, its most common reading.
_SIGNS: Final = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW", "₽": "RUB", "₺": "TRY"}
# ISO 4217 codes of the currencies most often written, in capitals only (so "cad" or "try" are words).
_CODE_LIST = "USD EUR GBP JPY CNY INR CHF CAD AUD NZD SEK NOK DKK PLN CZK HUF RUB TRY BRL MXN ZAR KRW SGD HKD THB IDR "
CODES: Final = frozenset((_CODE_LIST + "MYR PHP ILS AED SAR EGP NGN KES ARS CLP COP").split())
# Currency names after a number ("86.40 dollars"). "pounds" alone is a weight, so it needs "sterling".
_NAMES: Final = {
    "dollar": "USD", "dollars": "USD", "bucks": "USD", "euro": "EUR", "euros": "EUR", "yen": "JPY",
    "pounds sterling": "GBP", "pound sterling": "GBP", "rupee": "INR", "rupees": "INR", "yuan": "CNY",
    "francs": "CHF", "swiss francs": "CHF",
}  # fmt: skip
# The nouns a currency is named by after its country's adjective ("Canadian dollars", "Swiss francs", "Japanese yen").
CURRENCY_NOUN: Final = (
    r"(?:dollars?|pounds?|euros?|yen|francs?|pesos?|rupees?|yuan|won|krona|kronor|krone|kroner|reais|real|rand|"
    r"rubles?|roubles?|lira|dinars?|dirhams?|shekels?|baht|ringgit|rupiah|zloty)"
)
# After a currency sign or code, "m" and "b" can only mean million and billion ("$2M", "€1.5bn").
_MONEY_SCALES: Final = {"k": 1e3, "m": 1e6, "mn": 1e6, "b": 1e9, "bn": 1e9, **SCALE_WORDS}
_UNSIGNED = DIGITS.removeprefix("[-+−]?")
_SCALE = rf"(?i:(?:k|m|mn|b|bn)(?!\w)|\s+(?:{'|'.join(SCALE_WORDS)})\b)"
_SIGN = "|".join(re.escape(s) for s in _SIGNS)
_CODE = "|".join(sorted(CODES))
_NAME = "(?i:" + "|".join(sorted(_NAMES, key=len, reverse=True)) + ")"
# The forms money is written in: a sign or code before the amount ("$86.40", "USD 20", "€1.5bn"), or a code or
# currency name after it ("5 EUR", "86.40 dollars"). The extractor and read_money share them.
MONEY = (
    rf"(?:{_SIGN})\s?{_UNSIGNED}{_SCALE}?|\b(?:{_CODE})\s?{_UNSIGNED}{_SCALE}?"
    rf"|{_UNSIGNED}{_SCALE}?\s?(?:{_CODE})\b|{_UNSIGNED}{_SCALE}?\s(?:{_NAME})\b"
)
_BEFORE = re.compile(rf"(?P<cur>{_SIGN}|{_CODE})\s?(?P<n>{_UNSIGNED})(?P<s>{_SCALE})?")
_AFTER = re.compile(rf"(?P<n>{_UNSIGNED})(?P<s>{_SCALE})?\s?(?P<cur>{_CODE}|{_NAME})")


@dataclass(frozen=True, slots=True, kw_only=True)
class Money:
    """A sum of money: its amount and its ISO 4217 currency code."""

    amount: float
    currency: str


def read_percent(text: str) -> float | None:
    """The number of percent ``text`` writes ("15%", "15 percent", "fifteen per cent" → 15.0); else None."""
    matched = _PERCENT.fullmatch(" ".join(text.split()))
    return read_number(matched.group(1)) if matched else None


def read_money(text: str) -> Money | None:
    """The sum ``text`` writes ("$86.40", "86.40 dollars", "€5", "5 EUR", "USD 20", "$2M"); else None."""
    folded = " ".join(text.split())
    matched = _BEFORE.fullmatch(folded) or _AFTER.fullmatch(folded)
    if matched is None:
        return None
    currency = matched["cur"]
    code = _SIGNS.get(currency) or (currency if currency in CODES else _NAMES.get(currency.lower()))
    amount = read_number(matched["n"])
    if code is None or amount is None:
        return None
    scale = " ".join(matched["s"].split()).lower() if matched["s"] else ""
    return Money(amount=amount * _MONEY_SCALES.get(scale, 1.0), currency=code)
