"""Charges made of parts: a fixed fee on top of a rate times an amount ("uber 1.20 per km plus 2.50 base fare, how
much for 18 km" → "2.50 + 18 × 1.20"), and hours past a limit paid at time and a half or double time ("46 hours
at $22 an hour, time and a half after 40" → "40 × 22 + (46 - 40) × 22 × 1.5"). Without them a goal's arithmetic
leaves a part out (the fee, the overtime), and the product offered answers another question.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from decisionloop.extract._shares import MONEY_SIGN, MONEY_WORD
from decisionloop.extract._text import NUM, NUM_START

# What a fixed fee is called ("base fare", "call-out fee", "joining fee", "flag fall").
_KIND = (
    r"(?:base|flag[\s-]?fall|call[\s-]?out|joining|sign[\s-]?up|booking|service|set[\s-]?up|fixed|standing|delivery"
    r"|admin|entry|starting|pick[\s-]?up)"
)
_FEE_NAME = rf"{_KIND}(?:\s+(?:fee|fare|charge|cost))?|(?:fee|fare|charge)"
# A fee is paid once: no rate per a thing ("a £2 booking fee per ticket" is a price each).
_ONCE = r"(?!\s*(?:/|(?:per|an?|each|every)\s))"
_FEE = re.compile(
    rf"(?i)(?:{MONEY_SIGN}\s*)?{NUM_START}(?P<n>{NUM})(?:\s*{MONEY_WORD})?\s+(?:an?\s+|the\s+)?(?:{_FEE_NAME})\b{_ONCE}"
    rf"|\b(?:{_KIND})\s+(?:fee|fare|charge|cost)\s+(?:is\s+|of\s+)?(?:{MONEY_SIGN}\s*)?(?P<m>{NUM})(?![\d%]){_ONCE}"
)

# What an hour past the limit pays, as a multiple of the rate.
_MULTIPLE = re.compile(
    r"(?i)\b(?:(?P<half>time\s+and\s+a\s+half)|(?P<double>double\s+time)"
    rf"|(?P<n>{NUM})\s*(?:x|times)\s+(?:the\s+)?(?:normal\s+|regular\s+|usual\s+|base\s+)?(?:rate|pay))\b"
)
_HOURS = re.compile(rf"(?i){NUM_START}(?P<n>{NUM})\s*(?:hours|hour|hrs|hr|h)\b")
# The hours past which a rate is higher ("after 40", "over 40 hours"), and hours said to be overtime ("6 hours
# overtime", "6 hours of overtime").
_LIMIT = re.compile(rf"(?i)\b(?:after|over|above|beyond|past)\s+(?:the\s+first\s+)?(?P<n>{NUM})(?![\d%])")
_OVERTIME_HOURS = re.compile(rf"(?i){NUM_START}(?P<n>{NUM})\s*(?:hours|hrs|h)\s+(?:of\s+)?(?:overtime|ot)\b")
# An hourly rate: "$22 an hour", "22/hr", or the price after hours worked ("40 hours at $22").
_HOURLY = re.compile(
    rf"(?i)(?:{MONEY_SIGN}\s*)?{NUM_START}(?P<n>{NUM})(?:\s*{MONEY_WORD})?\s*(?:/\s*|\s(?:an?|per)\s+)(?:hour|hr|h)\b"
    rf"|\b(?:hours|hrs|h)\s+at\s+(?:{MONEY_SIGN}\s*)?(?P<m>{NUM})(?![\d%]|\s*(?:x|times)\b)"
)


def one_fee(text: str) -> re.Match[str] | None:
    """The one fixed fee ``text`` gives, which ``with_fee`` adds to a product; None for none or more than one."""
    fees = list(_FEE.finditer(text))
    return fees[0] if len(fees) == 1 else None


def with_fee(text: str, products: Iterable[tuple[int, int, str]]) -> Iterator[tuple[int, int, str]]:
    """Each product offered (an expression with "×") plus the one fixed fee ``text`` gives, spanning both: the fee
    is part of what the goal asks ("£60 call out fee plus £45 an hour, job took 3 hours" → "60 + 3 × 45"). None
    where the goal gives no fee or more than one."""
    fee = one_fee(text)
    if fee is None:
        return
    amount = fee["n"] or fee["m"]
    for start, end, expr in products:
        if "×" in expr and "%" not in expr and amount not in re.findall(NUM, expr):
            yield min(start, fee.start()), max(end, fee.end()), f"{amount} + {expr}"


def overtime(text: str) -> Iterator[tuple[int, int, str]]:
    """What hours pay where those past a limit, or those said to be overtime, earn a multiple of the rate: "46
    hours at $22 an hour, time and a half after 40" → "40 × 22 + (46 - 40) × 22 × 1.5", "40 hours at $22 plus 6
    hours overtime at time and a half" → "40 × 22 + 6 × 22 × 1.5". None unless the goal gives one rate, one
    multiple, and the hours either way."""
    multiples, rates = list(_MULTIPLE.finditer(text)), list(_HOURLY.finditer(text))
    if len(multiples) != 1 or len(rates) != 1:
        return
    multiple, rate = multiples[0], rates[0]
    times = "1.5" if multiple["half"] else "2" if multiple["double"] else multiple["n"]
    pay = rate["n"] or rate["m"]
    limits, extra = list(_LIMIT.finditer(text)), list(_OVERTIME_HOURS.finditer(text))
    said = [*limits, *extra]
    worked = [h for h in _HOURS.finditer(text) if not any(s.start() <= h.start() < s.end() for s in said)]
    if len(worked) != 1:
        return
    hours = worked[0]["n"]
    if len(limits) == 1 and not extra:
        limit = limits[0]["n"]
        expr = f"{limit} × {pay} + ({hours} - {limit}) × {pay} × {times}"
    elif len(extra) == 1 and not limits:
        expr = f"{hours} × {pay} + {extra[0]['n']} × {pay} × {times}"
    else:
        return
    parts = (multiple, rate, worked[0], *said)
    yield min(m.start() for m in parts), max(m.end() for m in parts), expr
