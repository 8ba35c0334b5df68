"""Slot options: the candidate spans a slot accepts, ranked and capped, with its extra literals and NONE last.

A slot with a type other than a string offers only spans that read as that type (``values.typed``), one span
per value ("$86.40" and "86.40" are one number); a span slot without kinds takes the kinds its type can read
(``accepted_kinds``), and a boolean slot without fixed options offers true and false.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Final

from decisionloop.core.questions import Option
from decisionloop.core.tool import NONE, SPAN_KINDS, Slot, SlotType, SpanKind
from decisionloop.extract.candidates import GOAL, Candidate
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


def accepted_kinds(slot: Slot) -> tuple[SpanKind, ...]:
    """The span kinds ``slot`` takes, best first: its own ``kinds``, else those its type (or item type) reads."""
    if slot.kinds:
        return slot.kinds
    return _TYPE_KINDS[slot.item if slot.type == "list" and slot.item else slot.type]


def slot_options(slot: Slot, candidates: Sequence[Candidate], *, today: date | None = None) -> tuple[Option, ...]:
    """A fixed slot's options; else its spans (goal first, then by kind rank, then in order), extras and NONE.

    Spans are deduplicated case-insensitively across kinds, and by value in a typed slot, where a span that does
    not read as the slot's type (against ``today``, by default today's date) is never offered. At most 20
    options go out.
    """
    if slot.is_fixed:
        return slot.fixed
    extras = tuple(dict.fromkeys(slot.extra))
    taken = {e.casefold() for e in extras} | {NONE.casefold()}
    spans: list[Candidate] = []
    if slot.type == "boolean" and not slot.kinds:
        spans = [Candidate(span=b, kind="noun", source=GOAL) for b in _BOOLEANS if b not in taken]
    for c in _readable(slot, _ranked(slot, candidates), today or date.today()):
        if c.span.casefold() not in taken:
            taken.add(c.span.casefold())
            spans.append(c)
    spans = spans[: MAX_OPTIONS - 1 - len(extras)]
    return (
        *(Option(name=c.span, criteria=c.context or None) for c in spans),
        *(Option(name=e) for e in extras),
        Option(name=NONE, criteria=slot.none),
    )


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
