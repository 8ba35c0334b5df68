"""Slot options: the candidate spans a slot accepts, ranked and capped, with its extra literals and NONE last.

A slot with a type other than a string offers only spans that read as that type (``values.typed``), one span
per value ("$86.40" and "86.40" are one number); a span slot without kinds takes the kinds its type can read
(``accepted_kinds``), and a boolean slot without fixed options offers true and false.

A fixed list is offered whole, except that an enum whose values the goal names offers only those ("a Rock
concert": Rock, not Pop or Jazz). An optional boolean the goal says nothing about (no word of its name, cut to four
letters, is among the goal's) offers nothing, so it is left out and its default applies. The goal is read as its
candidates carry it: their spans and the words around them. On BFCL's and Seal-Tools' train and validation
parts, 37 enums had values the goal names, the right one among them every time; 34 optional booleans were not
named, 33 of them right to leave out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import Final

from decisionloop.core.questions import Option
from decisionloop.core.tool import NONE, SPAN_KINDS, Slot, SlotType, SpanKind
from decisionloop.extract.candidates import GOAL, Candidate
from decisionloop.model.actions import name_words
from decisionloop.values.typed import canonical

MAX_OPTIONS = 20
_NUMERIC: Final[tuple[SpanKind, ...]] = ("number", "percent", "money", "quantity")
# The span kinds that can read as each type, best first. Arithmetic is left out of numbers: the calculator, not
# the values layer, works an expression out. A boolean takes no spans: it offers true and false.
_TYPE_KINDS: Final[dict[SlotType, tuple[SpanKind, ...]]] = {
    "string": SPAN_KINDS,
    "enum": SPAN_KINDS,
    "integer": _NUMERIC,
    "number": _NUMERIC,
    "boolean": (),
    "date": ("date",),
    "datetime": ("date",),
    "duration": ("duration",),
    "quantity": ("quantity",),
    "list": (),
}
_BOOLEANS: Final = ("true", "false")
# A number slot's description that asks for a percentage as such, unless it asks for a decimal ("5% is 0.05").
_IN_PERCENT: Final = re.compile(r"(?i)\bpercent(?:age)?s?\b")
_AS_FRACTION: Final = re.compile(r"(?i)\b(?:decimal|fraction)\b|\b0\.\d")
_PERCENT_AFTER: Final = re.compile(r"\s*(?:%|percent\b)")  # what follows a number written as a percentage
_WORD: Final = re.compile(r"[^\W_]+")
_STEM: Final = 4  # words cut to four letters, so "descriptions" meets "description" and "stats" "statistics"
# Words of a boolean's name that say nothing of what it is about ("include_description": description).
_GENERIC: Final = frozenset({"incl", "is", "use", "get", "show", "retu", "with", "flag", "enab", "has", "only"})


def accepted_kinds(slot: Slot) -> tuple[SpanKind, ...]:
    """The span kinds ``slot`` takes, best first: its own ``kinds``, else those its type (or item type) reads; a
    list slot takes a written list first, then one item alone."""
    kinds = slot.kinds or _TYPE_KINDS[slot.item if slot.type == "list" and slot.item else slot.type]
    return ("list", *kinds) if slot.type == "list" and "list" not in kinds else kinds


def slot_options(slot: Slot, candidates: Sequence[Candidate], *, today: date | None = None) -> tuple[Option, ...]:
    """A fixed slot's options; else its spans (goal first, then by kind rank, then in order), extras and NONE.

    Spans are deduplicated case-insensitively across kinds, and by value in a typed slot, where a span that does
    not read as the slot's type (against ``today``, by default today's date) is never offered. At most 20
    options go out.
    """
    if slot.is_fixed:
        return _fixed(slot, candidates)
    extras = tuple(dict.fromkeys(slot.extra))
    taken = {e.casefold() for e in extras} | {NONE.casefold()}
    spans: list[Candidate] = []
    if slot.type == "boolean" and not slot.kinds and _asked_about(slot, candidates):
        spans = [Candidate(span=b, kind="noun", source=GOAL) for b in _BOOLEANS if b not in taken]
    for c in _readable(slot, _ranked(slot, candidates), today or date.today()):
        if c.span.casefold() not in taken and not _other_percent_reading(slot, c):
            taken.add(c.span.casefold())
            spans.append(c)
    spans = spans[: MAX_OPTIONS - 1 - len(extras)]
    return (
        *(Option(name=c.span, criteria=c.context or None) for c in spans),
        *(Option(name=e) for e in extras),
        Option(name=NONE, criteria=slot.none),
    )


def _other_percent_reading(slot: Slot, candidate: Candidate) -> bool:
    """Whether ``candidate`` reads a percentage the other way than a number slot wants it: a slot whose description
    asks for a percentage ("the rate in percentage") takes 5 for "5%", not the percentage span (0.05); any other
    number slot takes the fraction, as schemas that say nothing want it (BFCL's train and validation parts: 16 of 16
    such answers are fractions), so not the bare 5 the goal writes only as "5%" (its first occurrence)."""
    if slot.type != "number":
        return False
    if _IN_PERCENT.search(slot.instruction) and not _AS_FRACTION.search(slot.instruction):
        return candidate.kind == "percent"
    after = candidate.context.partition(f"[{candidate.span}]")[2]
    return candidate.kind == "number" and _PERCENT_AFTER.match(after) is not None


def _fixed(slot: Slot, candidates: Sequence[Candidate]) -> tuple[Option, ...]:
    """A fixed slot's options: an enum's narrowed to those the goal names, if it names any; none for an optional
    boolean the goal says nothing about; else all of them."""
    if slot.type == "enum":
        said = _goal_words(candidates)
        named = tuple(o for o in slot.fixed if _named(o.name, said))
        return named or slot.fixed
    if slot.type == "boolean" and not _asked_about(slot, candidates):
        return ()
    return slot.fixed


def _asked_about(flag: Slot, candidates: Sequence[Candidate]) -> bool:
    """Whether a boolean slot is required, or the goal names what it is about (a word of its name)."""
    stems = {w[:_STEM] for w in name_words(flag.name)} - _GENERIC
    return flag.required or bool(stems & {w[:_STEM] for w in _goal_words(candidates)})


def _goal_words(candidates: Sequence[Candidate]) -> tuple[str, ...]:
    """The goal's words as its candidates carry them (spans and the words around them), casefolded, in order."""
    return tuple(w for c in candidates if c.source == GOAL for w in words_of(f"{c.context} {c.span}"))


def _named(value: str, said: Sequence[str]) -> bool:
    """Whether the words of ``value`` stand together among ``said`` (case aside)."""
    words = words_of(value)
    n = len(words)
    return n > 0 and any(tuple(said[i : i + n]) == words for i in range(len(said) - n + 1))


def words_of(text: str) -> tuple[str, ...]:
    """The words of ``text``, casefolded, punctuation left out."""
    return tuple(_WORD.findall(text.casefold()))


def _ranked(slot: Slot, candidates: Sequence[Candidate]) -> list[Candidate]:
    kinds = accepted_kinds(slot)
    accepted = [(i, c) for i, c in enumerate(candidates) if c.kind in kinds]
    accepted.sort(key=lambda ic: (ic[1].source != GOAL, kinds.index(ic[1].kind), ic[0]))
    return [c for _, c in accepted]


def _readable(slot: Slot, ranked: Sequence[Candidate], today: date) -> list[Candidate]:
    """The spans a call of ``slot`` can take, each value once (the first, best ranked span that writes it)."""
    if slot.type in ("string", "enum"):
        return list(ranked)
    values: set[str] = set()
    spans: list[Candidate] = []
    for c in ranked:
        value = canonical(slot.type, c.span, today=today, item=slot.item)
        if value is not None and value.casefold() not in values:
            values.add(value.casefold())
            spans.append(c)
    return spans
