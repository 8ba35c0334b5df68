"""Candidate spans (no model): what the goal and the observations so far offer to fill a tool's slots.

Each text is read within a budget (``_budget``): a goal or observation of up to 8,000 characters is read whole,
a longer one as its first 6,000 and its last 2,000 characters, each cut at a word boundary and read as a text of
its own. Reading is linear in what is read, so one text costs at most some tens of milliseconds; of the goal's
arithmetic with an operand to fill from an observation, the first 8 phrases of each form are filled.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from itertools import chain

from decisionloop.core.courtesy import request
from decisionloop.core.tool import SpanKind
from decisionloop.extract._budget import pieces
from decisionloop.extract._case import cased, in_typed_case, looks_lowercased
from decisionloop.extract._dates import dates, durations
from decisionloop.extract._lists import lists
from decisionloop.extract._names import completed, marked, names, recipients, with_regions
from decisionloop.extract._numbers import expressions, hole_expressions, quantities
from decisionloop.extract._phrases import clauses, events, files, note_queries, nouns, topics, without_dotted
from decisionloop.extract._text import MAX_SPAN, occurrences
from decisionloop.extract._units import currencies, units
from decisionloop.extract._values import values
from decisionloop.values.places import ZONE_NAMES, find_zone_offsets, find_zone_regions

GOAL = "goal"


@dataclass(frozen=True, slots=True, kw_only=True)
class Candidate:
    """A span that could fill a slot: its text, its kind, where it came from (``goal`` or ``obs:<i>``), and the
    words around its first occurrence there (``context``: what tells "from Sydney" from "to Melbourne", or the
    base of 10 from the height of 5)."""

    span: str
    kind: SpanKind
    source: str
    context: str = field(default="", compare=False)  # how it reads, not which candidate it is


def extract(goal: str, observations: Sequence[str], *, now: datetime | None = None) -> list[Candidate]:
    """Candidates from the goal, then from the observations newest first, each (kind, span) once.

    The newest observation comes first because the next step most often builds on the latest result.
    ``now`` picks the year whose holiday names are recognised. A long text is read by its first and last pieces;
    the goal without the courtesies around it ("hey, …", "… thanks!").
    """
    year = (now or datetime.now()).year
    goals = pieces(request(goal))
    newest_first = [(i, part) for i, text in reversed(list(enumerate(observations))) if text for part in pieces(text)]
    found = [
        Candidate(span=s, kind=k, source=GOAL, context=around(part, s))
        for part in goals
        for s, k in _spans(part, True, year)
    ]
    found += [
        Candidate(span=s, kind="expression", source=f"obs:{i}")
        for part in goals
        for s, i in hole_expressions(part, newest_first)
    ]
    for i, text in newest_first:
        found += [
            Candidate(span=s, kind=k, source=f"obs:{i}", context=around(text, s)) for s, k in _spans(text, False, year)
        ]
    return _unique(found)


_BEFORE, _AFTER = 4, 2  # words of context kept before and after a span


def around(text: str, span: str) -> str:
    """The span in its place: up to four words before its first occurrence in ``text`` and two after, with the
    span itself marked by brackets; empty when the span is not written in the text as such. An occurrence as words
    of its own comes first: the 5 of "$5000 at 5%" is the rate's."""
    folded, wanted = text.casefold(), span.casefold()
    at = next(occurrences(folded, wanted), folded.find(wanted))
    if at < 0:
        return ""
    before = text[:at].split()[-_BEFORE:]
    after = text[at + len(span) :].split()[:_AFTER]
    return " ".join([*before, f"[{text[at : at + len(span)]}]", *after])


# The names of the zones an offset is written from, and the sign after one ("GMT+2", "utc -5").
_ZONE_NAME = re.compile(rf"(?i)\b(?:{'|'.join(sorted(ZONE_NAMES))})\b")
_SIGNED = re.compile(r"\s?[+\-−]\s?\d")


@lru_cache(maxsize=1024)
def _spans(text: str, goal: bool, year: int) -> tuple[tuple[str, SpanKind], ...]:
    """Every span of one text, then its places with their regions, its names with what completes them ("Washington
    D.C.", "the Amazon rainforest") and the lists written in it (cached: the loop re-reads the same observations at
    each step)."""
    found = [(s, k) for s, k in _all_kinds(text, goal, year) if 0 < len(s.strip()) <= MAX_SPAN]
    found = _outside_offsets(text, found)
    found += [*with_regions(text, found), *completed(found, text)]
    found += [(s, k) for s, k in lists(text, found) if len(s) <= MAX_SPAN]
    return tuple((" ".join(s.split()), k) for s, k in found)


def _outside_offsets(text: str, found: list[tuple[str, SpanKind]]) -> list[tuple[str, SpanKind]]:
    """``found`` without "GMT" or "UTC" alone where the text writes it only in an offset ("GMT" of "GMT+2"): the
    offset is the place, and the zone's name alone is another one."""
    if next(find_zone_offsets(text), None) is None:
        return found
    alone = {m.group().casefold() for m in _ZONE_NAME.finditer(text) if not _SIGNED.match(text, m.end())}
    return [(s, k) for s, k in found if s.casefold() not in ZONE_NAMES - alone]


def _all_kinds(text: str, goal: bool, year: int) -> Iterator[tuple[str, SpanKind]]:
    lowered = looks_lowercased(text)
    yield from _named(without_dotted(text), lowered)
    yield from marked(text)
    yield from dates(text, year, lowered=lowered)
    yield from durations(text)
    yield from quantities(text)
    yield from ((zone, "place") for zone in find_zone_offsets(text))  # "GMT+2": a clock's place, as written
    yield from ((zone, "place") for zone in find_zone_regions(text))  # "the west coast", told the time of
    yield from units(text)
    yield from currencies(text)
    yield from expressions(text, goal=goal)
    yield from clauses(text, lowered=lowered)
    yield from files(text)
    yield from values(text)


def _named(text: str, lowered: bool) -> Iterator[tuple[str, SpanKind]]:
    """Names, recipients, topics and nouns; a text typed in lower case (``lowered``) is also read with its names
    capitalised, which finds the names its capitals would have shown ("in the us": the US)."""
    yield from chain(names(text), recipients(text, lowered=lowered), topics(text), events(text), note_queries(text))
    yield from nouns(text)
    read = cased(text) if lowered else text
    if read != text:
        yield from in_typed_case(chain(names(read), recipients(read), topics(read), marked(read)), text, read)


def _unique(found: list[Candidate]) -> list[Candidate]:
    seen: set[tuple[str, str]] = set()
    out: list[Candidate] = []
    for c in found:
        key = (c.kind, c.span.casefold())
        if key not in seen and 0 < len(c.span) <= MAX_SPAN:
            seen.add(key)
            out.append(c)
    return out
