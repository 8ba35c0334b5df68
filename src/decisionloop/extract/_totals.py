"""Everyday sums a goal asks in its own words, read only where the reading takes every number the goal gives.

A price with a percentage off ("the sofa was 899 and it's 30% off, what do i pay" → "899 - 30% of 899"), a tax or
a markup on an amount ("how much is vat at 20% on 385" → "20% of 385"; "1,200 before 13% hst, total?" → "1,200 +
13% of 1,200"), a score out of a total in percent ("42 out of 55, what percent is that" → "42 / 55 × 100"), interest
simple or compound ("5000 at 4% compounded yearly for 3 years" → "5000 × (1 + 4%)^3"), things bought at their
prices ("3 tins at 1.15, 2 loaves at 1.60 and milk at 1.95, total" → "3 × 1.15 + 2 × 1.60 + 1.95"), amounts said one
by one and asked their total or average ("rent is 1450, bills 210 and groceries 380, what's the total"), one sum
shared by a count of people ("rent is 1450 and i split it with 2 roommates" → "1450 / (2 + 1)"), a profit ("revenue
was 18,400 and costs 12,950, what's my profit"; a trade's, "bought 120 shares at 42.10 and sold at 47.85"), a pack's
price for another count of what it holds ("a pack of 6 screws is 2.40, how much is 45 screws" → "45 / 6 × 2.40"),
and a pay for a span of time per hour of the hours it is for ("2,300 a month, hourly if i work 160 hours").

The same numbers answer other questions too, so each reading needs the goal to ask what it answers and to give no
number the reading leaves out: a goal with a number more is some other problem, and no reading is better than a
wrong one (System 1 then holds the step or finds no value to take). They are the extractor's last resort: read only
where no other reading of a goal takes all its numbers (``_numbers._expressions``).
"""

from __future__ import annotations

import re

from decisionloop.extract._charges import one_fee
from decisionloop.extract._shares import MONEY_SIGN, MONEY_WORD, PEOPLE
from decisionloop.extract._text import NUM, NUM_START

Reading = tuple[int, int, str]  # the span read and its arithmetic, as ``shares`` yields them

# Every number the goal gives, as written (a time of day and a date's parts are no amounts: such goals are left
# alone, as are ordinals: "the 2nd").
_NUMBER = re.compile(rf"{NUM_START}{NUM}(?![\d])")
_NOT_AN_AMOUNT = re.compile(r"(?i)\d\s*:\s*\d|\d(?:st|nd|rd|th)\b|\d/\d|\d\s*(?:am|pm)\b")
_PERCENT_AFTER = r"\s*(?:%|\s*per\s*cent\b|\s+percent\b)"
_PERCENTAGE = re.compile(rf"(?i){NUM_START}(?P<p>{NUM}){_PERCENT_AFTER}")

# A price less a percentage: "30% off", "35 percent off", "on sale at 20% off", "a 15% discount".
_OFF = re.compile(r"(?i)\boff\b|\bdiscount(?:ed)?\b|\breduced\b|\bsale\b")
_ASKS_SAVED = re.compile(r"(?i)\b(?:save|saving|savings|saved|how\s+much\s+off|discount\s+(?:is|of|on|worth))\b")
# A tax or a charge added to an amount; what asks the amount with it added ("total", "what should i sell it for").
_ADDED = re.compile(
    r"(?i)\b(?:vat|gst|hst|pst|qst|iva|sales\s+tax|tax|markup|mark-up|mark\s+up|surcharge|service\s+charge)\b"
)
_MARKUP = re.compile(r"(?i)\bmark(?:-|\s)?up\b")
_ASKS_WITH = re.compile(
    r"(?i)\b(?:total|in\s+all|all\s+in|with|plus|add|added|on\s+top|after|before|final|sell|charge|"
    r"altogether|comes?\s+to|end\s+up)\b"
)
# What asks a sum less a tax ("take home", "what's left"), and what says an amount includes its tax or asks the
# amount before it ("incl VAT is £96, what was it before the 20% vat"), which ``_numbers._gross`` reads.
_ASKS_LESS = re.compile(r"(?i)\b(?:take[\s-]?home|left|leftover|net|keep|in\s+hand)\b")
_ASKS_UNTAXED = re.compile(
    r"(?i)\b(?:without|excl\.?|excluding|ex|pre-?(?:tax|vat)|incl\.?|including|inclusive|inc\.?|what\s+was\s+it)\b"
)

# A score out of a total, asked in percent ("i got 42 out of 55 on my test, what percent is that").
_OUT_OF = re.compile(rf"(?i){NUM_START}(?P<n>{NUM})\s*(?:/|out\s+of)\s*(?P<m>{NUM})(?![\d%])")
_ASKS_PERCENT = re.compile(r"(?i)%|\bper\s*cent(?:age)?\b|\bpercent(?:age)?\b")

# Interest: how long ("for 3 years", "over 18 months"), how often it compounds, and whether the goal asks the sum
# it grows to or the interest alone.
_TERM = re.compile(rf"(?i)\b(?:for|over|after|in)\s+(?P<t>{NUM})\s+(?P<unit>years?|yrs?|months?)\b")
_INTEREST = re.compile(r"(?i)\binterest\b|\bcompound")
_COMPOUND = re.compile(r"(?i)\bcompound")
_TIMES_A_YEAR = (
    (re.compile(r"(?i)\bmonthly\b|\bevery\s+month\b|\ba\s+month\b"), 12),
    (re.compile(r"(?i)\bquarterly\b|\bevery\s+quarter\b"), 4),
    (re.compile(r"(?i)\bdaily\b|\bevery\s+day\b"), 365),
)
_ASKS_INTEREST_ALONE = re.compile(
    r"(?i)\b(?:how\s+much|what)\s+(?:interest|do\s+i\s+earn|would\s+i\s+earn|will\s+i\s+earn|do\s+i\s+make)\b"
    r"|\binterest\s+(?:on|would|will|do)\b|\bsimple\s+interest\s+on\b|\bearn\b"
)
_ASKS_GROWN = re.compile(r"(?i)\b(?:end\s+up|have|worth|total|balance|grow|become|get\s+back|in\s+the\s+end|after)\b")

# A thing bought at a price ("3 tins at 1.15", "milk at 1.95", "six t-shirts at 14.99 each"), a count of people
# paying one amount each ("8 people chip in 35 each"), and a charge added once ("plus 4.95 shipping").
_PRICE = rf"(?:{MONEY_SIGN}\s*)?(?P<p>{NUM})(?:\s*{MONEY_WORD}\b)?"
_BOUGHT = re.compile(
    rf"(?i)(?:{NUM_START}(?P<k>{NUM})\s+(?:[a-z][a-z'-]*\s+){{1,4}}?|\b[a-z][a-z'-]*\s+)(?:at|@)\s+{_PRICE}"
    r"(?:\s+(?:each|apiece|a\s+piece|per\s+[a-z]+|an?\s+[a-z]+))?(?![\d%])"
)
_EACH_PAYS = re.compile(
    rf"(?i){NUM_START}(?P<k>{NUM})\s+(?:[a-z][a-z'-]*\s+){{1,4}}?{_PRICE}\s+(?:each|apiece|a\s+head|per\s+head)\b"
)
_ONCE = re.compile(
    rf"(?i)\b(?:plus|and|\+|with)\s+(?:an?\s+)?{_PRICE}\s+(?:for\s+)?(?:shipping|delivery|postage|p&p|fee|"
    r"service|booking\s+fee|handling)\b"
)
# A trade bought and sold ("bought 120 shares at 42.10 and sold at 47.85"): a profit, no sum of prices.
_TRADED = re.compile(r"(?i)\b(?:sold|sell|selling|profit|loss|gain)\b")
_ASKS_COST = re.compile(r"(?i)\b(?:total|how\s+much|cost|owe|spend|spent|altogether|in\s+all|pay|come\s+to)\b")

# A profit: what came in less what went out ("revenue was 18,400 and costs 12,950, what's my profit", "bought it
# for 120, sold it for 150, profit?"), or a trade's, a count bought at one price and sold at another.
_ASKS_PROFIT = re.compile(
    r"(?i)\b(?:profit|profits|margin|net|gain|loss|(?:did|do|will|would)\s+(?:i|we|you)\s+make)\b"
)
_CAME_IN = re.compile(r"(?i)\b(?:revenue|revenues|sales|income|takings|turnover|sold|sell|made|earned|took\s+in)\b")
_WENT_OUT = re.compile(r"(?i)\b(?:costs?|expenses|spent|spend|paid|bought|outgoings|overheads)\b")
_CUE_REACH = 25  # characters before a number where the word saying what it is may stand
_TRADE = re.compile(
    rf"(?i)\bbought\s+(?P<k>{NUM})\s+(?:[a-z]+\s+){{1,3}}?(?:at|for)\s+{_PRICE}[^.?!\d]{{0,30}}?\bsold\s+"
    rf"(?:(?:them|it|those|they)\s+)?(?:at|for)\s+(?:{MONEY_SIGN}\s*)?(?P<q>{NUM})(?![\d%])"
)
# A price for a pack of things, asked for another count of them ("a pack of 6 screws is 2.40, how much is 45
# screws").
_PACK = re.compile(
    rf"(?i)\b(?:pack|box|bag|set|case|crate|bundle|carton|tray|roll)\s+of\s+(?P<k>{NUM})\s+(?P<things>[a-z]+)\s+"
    rf"(?:is|are|costs?|for|at|was|=)\s+{_PRICE}(?![\d%])"
)
_COUNT_OF = re.compile(rf"(?i){NUM_START}(?P<n>{NUM})\s+(?P<things>[a-z]+)\b")
# A pay for a span of time, asked per hour of the hours it is for ("2,300 a month, what's that hourly if i work 160
# hours").
_ASKS_HOURLY = re.compile(r"(?i)\bhourly\b|\bper\s+hour\b|\ban\s+hour\b")
_HOURS = re.compile(rf"(?i){NUM_START}(?P<h>{NUM})\s*(?:hours|hrs|hr|h)\b")
_PER_PERIOD = re.compile(rf"(?i){NUM_START}(?P<x>{NUM})\s+(?:a|an|per|each|every)\s+(?:week|fortnight|month|year)\b")

# Amounts said one by one, asked their total or their average.
_ASKS_TOTAL = re.compile(
    r"(?i)\b(?:total|altogether|all\s+together|in\s+all|sum|add\s+(?:it|them|these|those)\s+up|combined)\b"
)
_ASKS_MEAN = re.compile(r"(?i)\b(?:average|avg|mean)\b")
# What makes a number no amount to add: a rate, a price, a count of things or people, a share, a multiple
# (words after it, or before it), and a goal that shares or multiplies at all.
_NOT_ADDED_AFTER = re.compile(
    r"(?i)\s*(?:[a-z]+\s+)?(?:each|per|every|apiece|x|times|of|%|/|percent|ways|people|ppl|friends|dozen)\b"
)
_NOT_ADDED_BEFORE = re.compile(r"(?i)(?:\b(?:at|x|times|by|of|into|split|divided|between|among)|[@×*/÷])\s*$")
_NOT_SUMMED = re.compile(r"(?i)\b(?:split|share|divided|multiplied|times|of\s+us|percent)\b|[×*÷%/]")
# A count of the spans of time the amounts were said over ("the last three months"): no amount of the list.
_OVER_SPANS = re.compile(
    rf"(?i)\b(?:last|past|previous|next|over|for|in)\s+(?:the\s+)?(?P<n>{NUM})\s+(?:days|weeks|months|years|shifts)\b"
)
# A count of days or times the amounts were made in ("drove 6 days and made 84, 112 …"): no amount either.
_COUNTS_SPANS = re.compile(r"(?i)\s+(?:days|weeks|months|years|shifts|nights|times)\b")

# One sum shared by a count of people, asked per person.
_SPLIT_WAYS = re.compile(
    rf"(?i)\bsplit\s+(?:(?:it|that|this|the\s+bill|the\s+cost|the\s+rent)\s+)?(?:equally\s+|evenly\s+)?"
    rf"(?:(?:in|into)\s+)?(?P<k>{NUM})\s+ways\b|\b(?:split|share)\w*\s+(?:(?:it|that|this)\s+)?"
    rf"(?:equally\s+|evenly\s+)?(?:between|among|amongst)\s+(?P<k2>{NUM})\b"
)
_WITH_OTHERS = re.compile(
    rf"(?i)\b(?:split|share|sharing|splitting)\b[^.?!\d]{{0,25}}?\bwith\s+(?:my\s+)?(?P<k>{NUM})\s+"
    r"(?:others|other\s+people|roommates|room\s+mates|flatmates|housemates|friends|mates|people|colleagues|siblings)\b"
)
_ASKS_EACH = re.compile(
    r"(?i)\beach\b|\bper\s+(?:person|head)\b|\ba\s+head\b|\bapiece\b|\bmy\s+(?:share|half|part)\b|\bevery(?:one|body)\b"
)
# An amount given per a span of time ("5 pounds a week … each"): a rate each one gets, no sum to share.
_PER_SPAN = re.compile(r"(?i)\b(?:a|an|per|every|each)\s+(?:day|week|fortnight|month|year|hour)\b")
_MY_HALF = re.compile(r"(?i)\bmy\s+half\b|\bhalf\s+each\b|\bsplit\s+(?:it\s+)?(?:in\s+half|50[/-]50)\b")


def total(text: str) -> Reading | None:
    """The arithmetic of the everyday sum ``text`` asks (see the module's docstring), with its span: the first
    reading that takes every number, or None."""
    numbers = list(_NUMBER.finditer(text))
    if not numbers or _NOT_AN_AMOUNT.search(text) is not None:
        return None
    readers = (_percent_on, _out_of, _interest, _traded, _packed, _hourly, _bought, _shared, _summed)
    return next((reading for read in readers if (reading := read(text, numbers)) is not None), None)


def _percent_on(text: str, numbers: list[re.Match[str]]) -> Reading | None:
    """A price less a percentage off, or an amount with a tax or a markup added (or the tax alone)."""
    percents = list(_PERCENTAGE.finditer(text))
    if len(numbers) != 2 or len(percents) != 1 or _INTEREST.search(text) or _OUT_OF.search(text):
        return None
    p = percents[0]
    amount = next(m for m in numbers if m.start() != p.start("p"))
    x, rate = amount.group(), p["p"]
    span = min(amount.start(), p.start()), max(amount.end(), p.end())
    if _OFF.search(text) is not None:
        saved = _ASKS_SAVED.search(text) is not None
        return *span, f"{rate}% of {x}" if saved else f"{x} - {rate}% of {x}"
    if _ADDED.search(text) is None or _ASKS_UNTAXED.search(text) is not None:
        return None
    if _ASKS_LESS.search(text) is not None:
        return *span, f"{x} - {rate}% of {x}"
    added = _MARKUP.search(text) is not None or _ASKS_WITH.search(text) is not None
    return *span, f"{x} + {rate}% of {x}" if added else f"{rate}% of {x}"


def _out_of(text: str, numbers: list[re.Match[str]]) -> Reading | None:
    """A score out of a total in percent, where those are the goal's two numbers and it asks a percentage."""
    m = _OUT_OF.search(text)
    if m is None or len(numbers) != 2 or _ASKS_PERCENT.search(text, m.end()) is None:
        return None
    return m.start(), m.end(), f"{m['n']} / {m['m']} × 100"


def _interest(text: str, numbers: list[re.Match[str]]) -> Reading | None:
    """Interest on a sum at a yearly rate for a term: simple unless the goal says it compounds; the sum it grows
    to where the goal asks that (or says it compounds and asks no interest alone), else the interest."""
    percents = list(_PERCENTAGE.finditer(text))
    terms = list(_TERM.finditer(text))
    if len(numbers) != 3 or len(percents) != 1 or len(terms) != 1 or _INTEREST.search(text) is None:
        return None
    p, term = percents[0], terms[0]
    sums = [m for m in numbers if m.start() not in (p.start("p"), term.start("t"))]
    if len(sums) != 1:
        return None
    x, rate, t = sums[0].group(), p["p"], term["t"]
    years = f"{t} / 12" if term["unit"].casefold().startswith("m") else t
    alone = _ASKS_INTEREST_ALONE.search(text) is not None and _ASKS_GROWN.search(text) is None
    if _COMPOUND.search(text) is not None:
        n = next((k for pattern, k in _TIMES_A_YEAR if pattern.search(text)), 1)
        grouped = f"({years})" if " " in years else years
        grown = f"{x} × (1 + {rate}%)^{grouped}" if n == 1 else f"{x} × (1 + {rate}% / {n})^({n} × {grouped})"
        expr = f"{grown} - {x}" if alone else grown
    else:
        earned = f"{rate}% of {x} × {years}"
        expr = earned if _ASKS_GROWN.search(text) is None else f"{x} + {earned}"
    span = min(m.start() for m in (sums[0], p, term)), max(m.end() for m in (sums[0], p, term))
    return *span, expr


def _traded(text: str, numbers: list[re.Match[str]]) -> Reading | None:
    """A profit: a trade's (a count bought at one price, sold at another), or what came in less what went out."""
    if _ASKS_PROFIT.search(text) is None or _PERCENTAGE.search(text) is not None:
        return None
    trade = _TRADE.search(text)
    if trade is not None and len(numbers) == 3:
        return trade.start(), trade.end(), f"{trade['k']} × ({trade['q']} - {trade['p']})"
    if len(numbers) != 2:
        return None
    came_in = [n for n in numbers if _CAME_IN.search(text, max(0, n.start() - _CUE_REACH), n.start())]
    went_out = [n for n in numbers if _WENT_OUT.search(text, max(0, n.start() - _CUE_REACH), n.start())]
    if len(came_in) != 1 or len(went_out) != 1 or came_in[0] is went_out[0]:
        return None
    start, end = numbers[0].start(), numbers[1].end()
    return start, end, f"{came_in[0].group()} - {went_out[0].group()}"


def _packed(text: str, numbers: list[re.Match[str]]) -> Reading | None:
    """A pack's price shared out to another count of the things it holds: "a pack of 6 screws is 2.40, how much is
    45 screws" → "45 / 6 × 2.40"."""
    pack = _PACK.search(text)
    if pack is None or len(numbers) != 3:
        return None
    for m in _COUNT_OF.finditer(text, pack.end()):
        if m["things"].casefold() == pack["things"].casefold():
            return pack.start(), m.end(), f"{m['n']} / {pack['k']} × {pack['p']}"
    return None


def _hourly(text: str, numbers: list[re.Match[str]]) -> Reading | None:
    """A pay for a span of time over the hours it is for, where the goal asks it per hour."""
    pay, hours = _PER_PERIOD.search(text), _HOURS.search(text)
    if pay is None or hours is None or len(numbers) != 2 or _ASKS_HOURLY.search(text) is None:
        return None
    start, end = min(pay.start(), hours.start()), max(pay.end(), hours.end())
    return start, end, f"{pay['x']} / {hours['h']}"


def _bought(text: str, numbers: list[re.Match[str]]) -> Reading | None:
    """Things bought at their prices, people paying one amount each, and charges added once, summed, where they
    take every number the goal gives ("six t-shirts at 14.99 each plus 4.95 shipping" asks the sum by itself; one
    thing at its price, where the goal asks what it costs)."""
    if _TRADED.search(text) is not None or one_fee(text) is not None:
        return None  # a profit, or a fixed fee ``_charges.with_fee`` adds to the product
    terms: list[tuple[int, int, str]] = []
    for m in (*_BOUGHT.finditer(text), *_EACH_PAYS.finditer(text), *_ONCE.finditer(text)):
        if any(a < m.end() and m.start() < b for a, b, _ in terms):
            continue
        k = m.groupdict().get("k")
        terms.append((m.start(), m.end(), f"{k} × {m['p']}" if k else m["p"]))
    if not terms or len(terms) + sum(" × " in t for *_, t in terms) != len(numbers):
        return None
    if len(terms) == 1 and (" × " not in terms[0][2] or _ASKS_COST.search(text) is None):
        return None  # one thing at its price is a product where the goal asks what it costs
    terms.sort()
    return terms[0][0], terms[-1][1], " + ".join(t for *_, t in terms)


def _shared(text: str, numbers: list[re.Match[str]]) -> Reading | None:
    """One sum shared: split some ways, with others (and the one asking), by a count of people asked per person,
    or halved."""
    if any(p.search(text) is not None for p in (_PERCENTAGE, _PER_SPAN, _BOUGHT, _EACH_PAYS)):
        return None  # a rate, or a price each one pays ("180 guests at £72 a head"): no sum to share
    if len(numbers) == 1 and _MY_HALF.search(text) is not None:
        return numbers[0].start(), numbers[0].end(), f"{numbers[0].group()} / 2"
    if len(numbers) != 2:
        return None
    for pattern, template in ((_SPLIT_WAYS, "{x} / {k}"), (_WITH_OTHERS, "{x} / ({k} + 1)"), (PEOPLE, "{x} / {k}")):
        m = pattern.search(text)
        if m is None or (pattern is PEOPLE and _ASKS_EACH.search(text, m.end()) is None):
            continue
        k = m["k"] or m.groupdict().get("k2")
        amount = next(n for n in numbers if not m.start() <= n.start() < m.end())
        span = min(amount.start(), m.start()), max(amount.end(), m.end())
        return *span, template.format(x=amount.group(), k=k)
    return None


def _summed(text: str, numbers: list[re.Match[str]]) -> Reading | None:
    """Amounts said one by one, none a rate, a count or a share, asked their total or their average."""
    mean = _ASKS_MEAN.search(text) is not None
    if not (mean or _ASKS_TOTAL.search(text)) or _NOT_SUMMED.search(text) is not None:
        return None
    spans = {m.start("n") for m in _OVER_SPANS.finditer(text)}
    numbers = [m for m in numbers if m.start() not in spans]
    numbers = [m for m in numbers if _COUNTS_SPANS.match(text, m.end()) is None]
    if len(numbers) < 2 or any(
        _NOT_ADDED_AFTER.match(text, m.end()) or _NOT_ADDED_BEFORE.search(text, 0, m.start()) for m in numbers
    ):
        return None
    items = [m.group() for m in numbers]
    added = " + ".join(items)
    return numbers[0].start(), numbers[-1].end(), f"({added}) / {len(items)}" if mean else added
