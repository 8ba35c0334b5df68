"""Lists written in a text, which fill a list slot whole ("[22,33,42]", "12, 24 and 36", "Microsoft and Google",
the two ends of "from 2015 to 2021", a pair of coordinates, a shopping list without its counts).

A list slot also takes one item alone (a span of the item's kind); these are the lists of several. The
patterns run in time linear in the text: the brackets' contents are bounded, the runs of numbers cannot match
in two ways, and an enumeration is built from the spans already found, each link one separator long.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from decisionloop.extract._text import Found, occurrences
from decisionloop.values.numbers import SPELLED_WORD

# In brackets ("[22,33,42]", '["a", "b"]'), a tuple of numbers ("(43.65, -79.38)"), or three numbers or more
# in a row ("12, 24, 36", "12, 24 and 36"); thousands ("1,200") are no list.
_BRACKETED = re.compile(r"(?<![\w\]])\[[^\[\]\n]{1,78}\]")
_ITEM = r"-?\d+(?:\.\d+)?"
_TUPLE = re.compile(rf"(?<![\d)])\(\s*{_ITEM}(?:\s*,\s*{_ITEM})+\s*\)")
# Two numbers with decimals and a comma between, as coordinates are written ("46.603354,1.888334", "40.7, -74.0"),
# not the start of a longer run ("1.5, 2.5 and 3.5").
_PAIR = re.compile(r"(?<![\w.,(-])-?\d+\.\d+\s?,\s?-?\d+\.\d+(?![\w.,]|\.\d|,?\s+(?:and|or)\s+-?\d)")
# A run's items may be ordinals ("the 2nd, 3rd and 4th floors").
_ORDINAL_ITEM = rf"{_ITEM}(?:st|nd|rd|th)?"
_RUN = re.compile(rf"(?<![\w.,-]){_ORDINAL_ITEM}(?:,\s+{_ORDINAL_ITEM})+(?:,?\s+and\s+{_ORDINAL_ITEM})?(?!\w|[.,]\d)")
# A range of two numbers, which a list slot takes as its two ends ("from 2015 to 2021", "between 10 and 20",
# "from x=1 to x=3"): the span from the first number to the second.
_RANGE = re.compile(
    rf"(?i)\b(?:from|between)\s+(?:[a-z]\s*=\s*)?(?P<span>{_ITEM}\s+(?:to|and)\s+(?:[a-z]\s*=\s*)?{_ITEM})(?!\w|[.,]\d)"
)
_RUN_ITEMS = 3
# What joins the items of an enumeration, quotes and an article besides; its last joiner says "and" or "or"
# ("A, B and C", "'Age', 'Income' and 'Education'", "the S&P 500 and the Dow Jones").
_JOINER = re.compile(r"""['"’”]?(?:,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+)(?:(?:the|a|an)\s+)?['"‘“]?""")
_QUOTES = "'\"‘’“”"
# How much of something an item of a shopping list says before the thing ("three bottles of olive oil", "a five
# pound bag of rice", "two dozen eggs", "12 pack of bottled water"): a count, then measure words and "of". The
# list is also offered with the things alone, which is what a list of items to buy or look up takes.
_MEASURES = (
    r"dozen|packs?|bottles?|bags?|cans?|boxes?|jars?|cartons?|loaf|loaves|pounds?|lbs?|kilos?|kg|grams?|ounces?|oz"
    r"|liters?|litres?|gallons?|cups?|pieces?|slices?|bunch(?:es)?|heads?|sticks?|tins?|packets?|rolls?|dozens"
)
_COUNT = re.compile(
    rf"(?i)(?:(?:a|an)\s+)?(?:\d+(?:\.\d+)?|{SPELLED_WORD}|a\s+couple)(?:\s+(?:{_MEASURES}))*\s+(?:of\s+)?"
)
_WORD_AFTER_COUNT = re.compile(r"[a-z]+\s+")  # "bottled " of "12 pack of bottled water", before the span
_FINAL = re.compile(r"\b(?:and|or)\b")
# The sorts of span an enumeration lists, each of one sort only.
_SORTS = (
    frozenset({"proper", "place", "person", "org"}),
    frozenset({"noun", "topic"}),
    frozenset({"quoted"}),
    frozenset({"email", "url", "code", "file"}),
    frozenset({"date"}),
)


def lists(text: str, found: Sequence[Found]) -> Iterator[Found]:
    """Lists written out: in brackets, a tuple of numbers, a pair of coordinates, three numbers or more in a row,
    and enumerations of the text's other spans (``found``)."""
    yield from ((m.group(), "list") for m in _BRACKETED.finditer(text))
    yield from ((m.group(), "list") for m in _TUPLE.finditer(text))
    yield from ((m.group(), "list") for m in _PAIR.finditer(text))
    for m in _RUN.finditer(text):
        if len(re.findall(_ITEM, m.group())) >= _RUN_ITEMS:
            yield m.group(), "list"
    yield from ((m["span"], "list") for m in _RANGE.finditer(text))
    yield from ((span, "list") for span in enumerations(text, found))


def enumerations(text: str, found: Sequence[Found]) -> Iterator[str]:
    """Runs of two spans of ``found`` or more, of one sort (names, nouns, quotations, addresses and codes, dates),
    joined by commas and a final "and" or "or": "Microsoft and Google", "timings, exhibitions, and accessibility",
    "ana@example.com and bob@example.com". Where spans of one sort start at one place, the longest counts."""
    for sort in _SORTS:
        yield from _runs(text, [span for span, kind in found if kind in sort])


def _runs(text: str, spans: Sequence[str]) -> Iterator[str]:
    ends: dict[int, int] = {}
    for span in spans:
        for start in occurrences(text, span):
            ends[start] = max(ends.get(start, 0), start + len(span))
    for counted in (False, True):
        yield from _linked(text, ends, counted=counted)


def _linked(text: str, ends: Mapping[int, int], *, counted: bool) -> Iterator[str]:
    """The enumerations of the spans starting at ``ends``' keys; ``counted``: the shopping lists among them, each
    item without its count ("three pumpkins and two dozen eggs" as "pumpkins and eggs")."""
    things = {start: (_after_count(text, start, ends) if counted else None) or start for start in ends}
    links: dict[int, tuple[int, str]] = {}
    skipped = {start for start, thing in things.items() if thing != start}  # items read after their count
    for start, thing in things.items():
        joiner = _JOINER.match(text, ends[thing])
        if joiner is None:
            continue
        nxt = joiner.end() if joiner.end() in ends else None
        if counted and nxt is None and (nxt := _after_count(text, joiner.end(), ends)) is not None:
            skipped.add(nxt)
        if nxt is not None:
            links[start] = (nxt, joiner.group())
    for first in sorted(set(links) - {nxt for nxt, _ in links.values()}):
        start, last_joiner, items = first, "", [first]
        while start in links:
            start, last_joiner = links[start]
            items.append(start)
        if not _FINAL.search(last_joiner):
            continue
        if not counted:
            yield _quoted(text, first, ends[start])
        elif skipped.intersection(items):
            read = [text[things[item] : ends[things[item]]] for item in items]
            yield ", ".join(read[:-1]) + " and " + read[-1]


def _after_count(text: str, at: int, ends: Mapping[int, int]) -> int | None:
    """Where the thing starts after a count at ``at`` ("two dozen eggs", "12 pack of bottled water"), if a span
    starts there or one word later; None without a count."""
    count = _COUNT.match(text, at)
    if count is None:
        return None
    if count.end() in ends:
        return count.end()
    word = _WORD_AFTER_COUNT.match(text, count.end())
    return word.end() if word is not None and word.end() in ends else None


def _quoted(text: str, start: int, end: int) -> str:
    """The enumeration with the quotes around its first and last items."""
    if start > 0 and text[start - 1] in _QUOTES and end < len(text) and text[end] in _QUOTES:
        start, end = start - 1, end + 1
    return text[start:end]
