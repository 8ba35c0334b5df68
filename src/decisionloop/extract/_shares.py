"""Money word problems an everyday goal asks in its own words: an amount that goes up or down by a percentage, what
is left after a tax or after spending, one's share of a sum (per person, per thing, per shift), a tip added, and
the change from one price to another in percent. Each is read only where the goal asks the question the
arithmetic answers, since the same numbers answer other questions too ("a 7% raise on 48,500" is a new salary only
where the goal asks for the new one)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from decisionloop.extract._text import NUM, NUM_START

# An amount of money has a currency sign before it (also "R$", "₹", "₦") or a currency word after it.
SIGN_CHARS = "[$€£₹₦¥]"  # one character each, so a lookbehind may take them
MONEY_SIGN = rf"(?:{SIGN_CHARS}|R\$|A\$|C\$)"
# A currency written after an amount ("100 usd", "45 euros"), and the further ones a money word problem reads.
MONEY_WORD = r"(?:usd|eur|gbp|dollars?|bucks|euros?|pounds?)"
_MONEY_AFTER = rf"(?:{MONEY_WORD}|quid|rupees?|naira|reais|rand)\b"
# Where an amount ends: not inside a word or a number ("52k", "12.5.2026"), nor before a percent sign.
_ENDED = r"(?![\w%]|[.,]\d)"
_PERCENT = r"\s*(?:%|\s+per\s*cent\b)"
# An amount of money: its sign before it or its currency after it.
_MONEY = rf"(?:{MONEY_SIGN}\s*(?P<n>{NUM})|{NUM_START}(?P<n2>{NUM})\s*{_MONEY_AFTER})"
_MONEY_FOUND = re.compile(rf"(?i){_MONEY}")
# An amount that a change or a tax is of: not a year ("in 2025 my rent goes up 4%").
_AMOUNT = rf"(?:{MONEY_SIGN}\s*)?{NUM_START}(?<!\bin\s)(?<!\bsince\s)(?P<n>{NUM})"
_UP = r"(?:going|goes|go|gone|went|is\s+going|will\s+go)\s+up|ris(?:e|es|ing)|increas(?:e|es|ing)|up"
_DOWN = r"(?:going|goes|go|gone|went|is\s+going|will\s+go)\s+down|dropp?(?:s|ing)?|fall(?:s|ing)?|decreas(?:e|es|ing)"

# An amount, then that it goes up or down by a percentage ("rent is 1,350 and going up 4% next year", "my gas bill
# is 48 pounds a month ... going up by 12 percent"): no other number between the two.
_CHANGED = re.compile(
    rf"(?i){_AMOUNT}{_ENDED}[^.?!\d%]{{0,60}}?\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\s+(?:by\s+)?(?:an?\s+)?"
    rf"(?P<p>{NUM}){_PERCENT}"
)
# A rise or cut of a percentage on an amount ("i got 7% raise on 48,500", "a 3% pay rise on £31,000").
_RAISE = re.compile(
    rf"(?i)\b(?P<p>{NUM}){_PERCENT}\s+(?:pay\s+|price\s+|rent\s+)?(?:(?P<up>rise|raise|increase|hike|uplift)|"
    rf"(?P<down>cut|decrease|reduction|drop))\s+(?:on|to|of|from|in)\s+(?:(?:my|a|the|our|his|her|their)\s+)?"
    rf"(?:[a-z]+\s+){{0,2}}?(?:{MONEY_SIGN}\s*)?(?P<n>{NUM}){_ENDED}"
)
# The same said the other way round ("pay rise of 4% on a salary of £31,500").
_RISE_OF = re.compile(
    rf"(?i)\b(?:(?P<up>rise|raise|increase|hike|uplift)|(?P<down>cut|decrease|reduction|drop))\s+of\s+(?P<p>{NUM})"
    rf"{_PERCENT}\s+(?:on|to|in|from)\s+(?:(?:my|a|the|our|his|her|their)\s+)?(?:[a-z]+\s+){{0,2}}?(?:of\s+)?"
    rf"(?:{MONEY_SIGN}\s*)?(?P<n>{NUM}){_ENDED}"
)
# What the goal asks of an amount changed: the new one ("new salary", "what will I be paying", "after").
_ASKS_NEW = re.compile(r"(?i)\b(?:new|after|will|become|becomes|end\s+up|now|total|then)\b")

# A tax at a percentage on an amount, in a goal that asks what is left of it ("i earn 3400 gross and tax is 22%,
# what's my take home", "set aside 25% for tax on £38,000, how much is left").
_TAXED = (
    re.compile(
        rf"(?i){_AMOUNT}{_ENDED}[^.?!\d%]{{0,40}}?\b(?:tax(?:es)?|deductions?)\s+(?:is|are|at|of|rate\s+is)\s+"
        rf"(?:about\s+|around\s+)?(?P<p>{NUM}){_PERCENT}"
    ),
    re.compile(
        rf"(?i)\b(?P<p>{NUM}){_PERCENT}\s+(?:for|in|as)?\s*(?:income\s+)?(?:tax(?:es)?|deductions?)\s+(?:on|from|off)\s+"
        rf"(?:(?:my|a|the|our)\s+)?(?:[a-z]+\s+){{0,2}}?(?:{MONEY_SIGN}\s*)?(?P<n>{NUM}){_ENDED}"
    ),
)
_ASKS_LEFT = re.compile(
    r"(?i)\b(?:take[\s-]?home|left|leftover|left\s+over|after\s+tax(?:es)?|net|keep|remain(?:s|ing)?|in\s+hand)\b"
)

# Count nouns of people, a price per head or per person is per one of.
_PERSONS = frozenset(("guest", "person", "people", "adult", "kid", "child", "student", "member", "friend", "customer"))
# A count of people ("7 of us", "4 friends", "3 mates", "we're 5"), and the goal asking each one's share after the
# amount ("how much each", "what's that per person", "how much does everyone pay").
PEOPLE = re.compile(
    rf"(?i){NUM_START}(?P<k>\d+)\s+(?:of\s+us|of\s+them|people|ppl|persons|friends|mates|guys|kids|adults|colleagues|"
    r"coworkers|flatmates|roommates|housemates|siblings|players)\b|\bwe(?:'re|’re|\s+are)\s+(?P<k2>\d+)\b"
)
# A sum shared unequally ("in the ratio 2:2:1", "by room size"): no one share is the sum over the count.
_IN_PARTS = re.compile(r"(?i)\bratio\b|\bproportion|\d:\d|\bby\s+(?:room\s+)?size\b")
_ASKS_EACH = re.compile(
    r"(?i)\b(?:how\s+much|what(?:'s|’s|\s+is|s)?|whats)\s+(?:(?:is|does|do|will|would|should)\s+)?(?:that\s+|it\s+)?"
    r"(?:come\s+to\s+|work\s+out\s+(?:at|to)\s+|be\s+)?(?:each|per\s+(?:person|head)|a\s+head|apiece|"
    r"(?:for\s+)?each\s+(?:person|of\s+us)|everyone|every\s+person|(?:we|they)\s+(?:each\s+)?pay)\b"
)
# A sum split between the one asking and others ("split £57.20 between me and 3 mates"): the others and one more.
_SPLIT_WITH_ME = re.compile(
    rf"(?i)\bsplit\s+(?:(?:a|the|our|my)\s+)?(?:{MONEY_SIGN}\s*)?(?P<n>{NUM})(?:\s+[a-z]+){{0,2}}?\s+(?:between|among|with)\s+"
    r"(?:me|myself|us)\s+and\s+(?P<k>\d+)\b"
)
# A sum of money for a number of things, asked per one of them ("pizza is $18 for 8 slices, price per slice",
# "made $142 in tips over 5 shifts whats that per shift").
_FOR_COUNT = re.compile(
    rf"(?i)(?:{_MONEY}|\b(?:paid|pay|cost|costs|spent|charged)\s+{NUM_START}(?P<n3>{NUM}))(?:\s+[a-z]+){{0,3}}?\s+"
    rf"(?:for|over|in|across|from)\s+(?:the\s+)?(?P<k>{NUM})\s*(?P<things>[a-z]+)\b"
)
# A number of things and what they cost, asked per one ("12 eggs cost $4.20, how much per egg").
_COUNT_COSTS = re.compile(
    rf"(?i){NUM_START}(?P<k>\d+)\s+(?P<things>[a-z]+)(?:\s+[a-z]+){{0,2}}?\s+(?:cost|costs|is|are|was|were|for)\s+"
    rf"(?:{MONEY_SIGN}\s*)?(?P<n>{NUM}){_ENDED}"
)
# An amount, then a tip or a charge at a percentage added to it ("uber was 23.80, add a 10% tip", "bill came to
# 213.60 and we want to leave 12.5% service, total?"): the total where the goal adds it or asks the total, else
# the tip alone.
_TIPPED = re.compile(
    rf"(?i){_AMOUNT}{_ENDED}[^.?!\d%]{{0,40}}?\b(?P<verb>add|plus|leave|leaving|left|tip|tipping|give|gave|with)\s+(?:an?\s+)?"
    rf"(?P<p>{NUM}){_PERCENT}\s+(?:tip|service(?:\s+charge)?|gratuity)\b"
)
_ASKS_TOTAL = re.compile(r"(?i)\b(?:total|altogether|all\s+in|in\s+all|whole\s+bill)\b")
# A sum of money said as one: with its currency sign, or as what something was or came to ("the bill was 142.30").
_BILL = (
    rf"(?:{MONEY_SIGN}\s*{NUM_START}(?P<n>{NUM})|\b(?:was|is|were|are|came\s+to|comes\s+to|cost|costs|of|totall?ed)\s+"
    rf"{NUM_START}(?P<n2>{NUM}))"
)
# An amount said first, then split some ways ("our electricity bill was £142.30, split it 3 ways").
_SPLIT_IT = re.compile(
    rf"(?i){_BILL}{_ENDED}[^.?!\d%]{{0,40}}?\bsplit\s+(?:it|that|this|them|the\s+lot)\s+(?:equally\s+|evenly\s+)?"
    rf"(?:(?:in|into)\s+(?P<k>\d+)\s+ways|"
    rf"(?P<k2>\d+)\s+ways|(?:between|among)\s+(?P<k3>\d+)\b)"
)
# What was had, then what was spent, in a goal that asks what is left ("I had ₦45,000 and spent ₦17,850 on transport
# and ₦9,200 on food, how much is left", "how much is left from a 500 budget after spending 123.45 and 89.99").
_HAD = re.compile(
    rf"(?i)\b(?:had|have|got|with|from|made|make|earned|earn|took\s+in|budget(?:\s+(?:is|was|of))?)\s+"
    rf"(?:(?:an?|my|our)\s+)?(?:{MONEY_SIGN}\s*)?{NUM_START}(?P<n>{NUM}){_ENDED}"
)
_SPENT = re.compile(r"(?i)\b(?:spent|spend|spending|paid|paying|used|bought|took\s+out|withdrew)\b")
_SPENT_AMOUNT = re.compile(rf"(?:{MONEY_SIGN}\s*)?{NUM_START}({NUM}){_ENDED}")
_SPENDING_ENDS = re.compile(r"(?i)[?!]|\b(?:how\s+much|what(?:'s|’s|s)?|whats|left|remain)")
_SPENT_REACH = 30  # characters from what was had to the word that says it was spent
_MAX_SPENT = 6
# The change from one amount to another, asked in percent after them ("my pay went from 48,000 to 51,600, what
# percent raise is that"); a drop is asked as a positive percentage ("price dropped from ₹1,299 to ₹999, what %
# discount is that").
_FROM_TO = re.compile(
    rf"(?i)\b(?:from\s+(?:{MONEY_SIGN}\s*)?(?P<a>{NUM})\s+to|(?:was|were|used\s+to\s+be)\s+(?:{MONEY_SIGN}\s*)?(?P<a2>{NUM})"
    rf"{_ENDED}[^.?!\d]{{0,20}}?\bnow(?:\s+(?:it'?s|it’s|it\s+is|is|are|they'?re))?)\s+(?:{MONEY_SIGN}\s*)?(?P<b>{NUM}){_ENDED}"
    r"[^.?!\d]{0,30}?\b(?:what|how\s+much|how\s+many)\s+(?:%|percent(?:age)?)"
)
_DROP = re.compile(
    r"(?i)\b(?:drop(?:ped)?|fell|fall|down|cut|reduced|decreased?|discount(?:ed)?|cheaper|less|off|lost)\b"
)
_ASKED_PER = re.compile(r"(?i)\b(?:per|each|a|every|for\s+(?:one|1|each))\s+(?P<thing>[a-z]+)\b")
_REACH = 60  # characters after a sum where its question may stand
# What stands between a sum and a question asked per one thing ("…, price per slice", "… how much per egg"), which
# a rate's own "a day" of "£210 a day" has not.
_QUESTION_GAP = re.compile(r"(?i)[,;?]|\b(?:how|what|whats|price|cost|so|that)\b")


# A trip's fuel cost: its distance, what the car uses, and the fuel's price ("420 km trip, my car uses 6.8 L per 100
# km, petrol is R$5.89 a litre", "15,000 miles a year at 38 mpg and gas is $3.45 a gallon").
_KM = r"(?:km|kms|kilomet(?:er|re)s?)\b"
# A distance said of one way of a trip that goes both ("to the airport and back"): how far in all is a person's call.
BOTH_WAYS = re.compile(r"(?i)\b(?:and\s+back|return\s+trip|round\s+trip|each\s+way|both\s+ways)\b")
_TRIP_KM = re.compile(rf"(?i){NUM_START}(?P<d>{NUM})\s*{_KM}")
_USES_PER_100 = re.compile(
    rf"(?i){NUM_START}(?P<c>{NUM})\s*(?:l|litres?|liters?)\s*(?:/|per|every|a|for)\s*(?:100|a\s+hundred)\s*{_KM}"
)
_PER_LITRE = re.compile(
    rf"(?i)(?:{MONEY_SIGN}\s*)?{NUM_START}(?P<p>{NUM})(?:\s*[a-z]+)?\s*(?:a|per|/)\s*(?:litre|liter|l)\b"
)
_TRIP_MILES = re.compile(rf"(?i){NUM_START}(?P<d>{NUM})\s*(?:miles|mi)\b")
_MPG = re.compile(rf"(?i){NUM_START}(?P<m>{NUM})\s*(?:mpg\b|miles\s+(?:per|a|to\s+the|to\s+a)\s+gallon\b)")
_PER_GALLON = re.compile(
    rf"(?i)(?:{MONEY_SIGN}\s*)?{NUM_START}(?P<p>{NUM})(?:\s*[a-z]+)?\s*(?:a|per|/)\s*(?:gallon|gal)\b"
)


def shares(text: str) -> Iterator[tuple[int, int, str]]:
    """The arithmetic of the money word problems ``text`` asks, each with the span it reads."""
    yield from _changed(text)
    yield from _taxed(text)
    yield from _shared(text)
    yield from _tipped(text)
    yield from _left_after(text)
    yield from _fuel(text)


def _fuel(text: str) -> Iterator[tuple[int, int, str]]:
    """A trip's fuel cost, where the goal gives its distance, the car's use and the fuel's price once each."""
    if BOTH_WAYS.search(text) is not None:  # a distance each way: the trip is twice it, or not; a person says
        return
    for trip, use, price, per in (
        (_TRIP_KM, _USES_PER_100, _PER_LITRE, "{d} / 100 × {use} × {p}"),
        (_TRIP_MILES, _MPG, _PER_GALLON, "{d} / {use} × {p}"),
    ):
        uses = list(use.finditer(text))
        prices = list(price.finditer(text))
        # a distance is no part of what the car uses ("100 km" of "6.8 L per 100 km", "38 miles" of "38 miles a gallon")
        trips = [t for t in trip.finditer(text) if not any(u.start() <= t.start() < u.end() for u in uses)]
        if len(trips) == len(uses) == len(prices) == 1:
            spans = (trips[0], uses[0], prices[0])
            start, end = min(m.start() for m in spans), max(m.end() for m in spans)
            yield start, end, per.format(d=trips[0]["d"], use=uses[0][1], p=prices[0]["p"])


def _changed(text: str) -> Iterator[tuple[int, int, str]]:
    if _ASKS_NEW.search(text) is not None:
        for m in (*_CHANGED.finditer(text), *_RAISE.finditer(text), *_RISE_OF.finditer(text)):
            sign = "+" if m["up"] else "-"
            yield m.start(), m.end(), f"{m['n']} {sign} {m['p']}% of {m['n']}"
    else:  # only what the rise itself comes to ("how much is a 7% raise on 48,500")
        for m in (*_RAISE.finditer(text), *_RISE_OF.finditer(text)):
            yield m.start(), m.end(), f"{m['p']}% of {m['n']}"


def _taxed(text: str) -> Iterator[tuple[int, int, str]]:
    if _ASKS_LEFT.search(text) is None:
        return
    for pattern in _TAXED:
        for m in pattern.finditer(text):
            yield m.start(), m.end(), f"{m['n']} - {m['p']}% of {m['n']}"


def _shared(text: str) -> Iterator[tuple[int, int, str]]:
    for m in _SPLIT_WITH_ME.finditer(text):
        yield m.start(), m.end(), f"{m['n']} / ({m['k']} + 1)"
    for m in _SPLIT_IT.finditer(text):
        yield m.start(), m.end(), f"{_amount(m)} / {m['k'] or m['k2'] or m['k3']}"
    for m in (*_FOR_COUNT.finditer(text), *_COUNT_COSTS.finditer(text)):
        asked = _ASKED_PER.search(text, m.end(), m.end() + _REACH)
        if (
            asked is not None
            and _same_thing(asked["thing"], m["things"])
            and _QUESTION_GAP.search(text, m.end(), asked.start()) is not None
        ):
            yield m.start(), asked.end(), f"{_amount(m)} / {m['k']}"
    for m in _FROM_TO.finditer(text):
        a, b = m["a"] or m["a2"], m["b"]
        change = f"({a} - {b}) / {a} × 100" if _DROP.search(text) else f"({b} - {a}) / {a} × 100"
        yield m.start(), m.end(), change
    yield from _per_person(text)


def _per_person(text: str) -> Iterator[tuple[int, int, str]]:
    """One amount of money shared by a count of people, where the goal asks each one's share after both: "7 of us
    are chipping in for a £150 gift, how much each" → 150 / 7. A goal with more amounts is left alone."""
    money = list(_MONEY_FOUND.finditer(text))
    people = list(PEOPLE.finditer(text))
    if len(money) != 1 or len(people) != 1 or _IN_PARTS.search(text) is not None:
        return
    amount, count = money[0], people[0]
    asked = _ASKS_EACH.search(text, max(amount.end(), count.end()))
    if asked is not None:
        start = min(amount.start(), count.start())
        yield start, asked.end(), f"{_amount(amount)} / {count['k'] or count['k2']}"


def _tipped(text: str) -> Iterator[tuple[int, int, str]]:
    total = _ASKS_TOTAL.search(text) is not None
    for m in _TIPPED.finditer(text):
        added = total or m["verb"].casefold() in ("add", "plus", "with")
        yield m.start(), m.end(), f"{m['n']} + {m['p']}% of {m['n']}" if added else f"{m['p']}% of {m['n']}"


def _left_after(text: str) -> Iterator[tuple[int, int, str]]:
    if _ASKS_LEFT.search(text) is None:
        return
    for had in _HAD.finditer(text):
        spent = _SPENT.search(text, had.end(), had.end() + _SPENT_REACH)
        if spent is None:
            continue
        ends = _SPENDING_ENDS.search(text, spent.end())
        end = ends.start() if ends is not None else len(text)
        amounts = [m for m in _SPENT_AMOUNT.finditer(text, spent.end(), end)][:_MAX_SPENT]
        if amounts:
            yield had.start(), amounts[-1].end(), " - ".join([had["n"], *(m[1] for m in amounts)])


def _same_thing(asked: str, counted: str) -> bool:
    """Whether a price asked per ``asked`` is one per each of the ``counted`` ("per slice" of 8 slices, "per head"
    of 45 guests)."""
    one = _one(counted)
    return _one(asked) == one or (asked.casefold() in ("head", "person") and one in _PERSONS)


def _amount(m: re.Match[str]) -> str:
    """The amount a match read, whichever of its forms it was written in."""
    return next(v for k in ("n", "n2", "n3") if (v := m.groupdict().get(k)) is not None)


def _one(word: str) -> str:
    """A count noun in the singular, roughly ("slices" → "slice", "boxes" → "box", "batches" → "batch")."""
    folded = word.casefold()
    for plural, single in (("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("ies", "y"), ("s", "")):
        if folded.endswith(plural) and len(folded) > len(plural) + 1:
            return folded[: -len(plural)] + single
    return folded
